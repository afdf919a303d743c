"""Every file of ../shared/conformance meets its `//:: verdict` header (in-process).
Skipped, never failed, when that folder is not beside the repository."""
from __future__ import annotations

import pathlib

import pytest

from tests.support.corpus import check_header
from tests.support.expectations import header

REPO = pathlib.Path(__file__).resolve().parents[2]
FOLDER = REPO.parent / "shared" / "conformance"
FILES = sorted(FOLDER.glob("*.pvl")) if FOLDER.is_dir() else []


@pytest.mark.parametrize("path", FILES or [pytest.param(None, marks=pytest.mark.skip(
    reason="../shared/conformance is not present"))], ids=lambda p: p.stem if p else "absent")
def test_conformance_file(path):
    assert check_header(path) == []


def test_conformance_folder_has_files(conformance_dir):
    files = sorted(conformance_dir.glob("*.pvl"))
    assert files
    for path in files:
        verdict, _ = header(path.read_text())
        assert verdict in {"verified", "fails", "rejected", "timeout"}
