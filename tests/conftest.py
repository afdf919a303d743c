"""Fixtures shared by all test folders; keep this file small."""
from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

REPO = pathlib.Path(__file__).resolve().parents[1]


@pytest.fixture
def repo_root() -> pathlib.Path:
    return REPO


@pytest.fixture
def conformance_dir() -> pathlib.Path:
    """../shared/conformance beside the repository; tests that need it skip without it."""
    folder = REPO.parent / "shared" / "conformance"
    if not folder.is_dir():
        pytest.skip("../shared/conformance is not present")
    return folder


@pytest.fixture
def run_cli(tmp_path):
    """Run `python -m vercors_py ARGS...` in tmp_path (so relative file names are short)."""
    def run(*args, cwd=None) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "vercors_py", *map(str, args)],
                              cwd=cwd or tmp_path, capture_output=True, encoding="utf-8",
                              errors="replace", timeout=300)
    return run
