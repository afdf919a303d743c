"""The small CUDA/OpenCL kernels of tests/data/cuda: each a racy, overflowing or otherwise
broken kernel beside a correct twin, with its expectations written in it (`//:: verdict`
and `//! code` marks, as the .pvl test data).  A concrete run is the oracle: no kernel that
verifies may race, diverge or fail when executed."""
from __future__ import annotations

import pathlib

import pytest

from tests.support.expectations import check, header
from vercors_py import service
from vercors_py.diagnostics import Severity
from vercors_py.run import model

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "cuda"
FILES = sorted([*DATA.glob("*.cu"), *DATA.glob("*.cl")])
VERIFIED = [p for p in FILES if header(p.read_text())[0] == "verified"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_kernel_meets_its_expectations(path):
    assert check(path) == []


@pytest.mark.parametrize("path", VERIFIED, ids=lambda p: p.name)
def test_a_verified_kernel_runs_clean(path):
    result = service.run_file(str(path), model.RunOptions(sweep=True))
    problems = [d for d in result.diagnostics if d.severity is Severity.ERROR]
    assert problems == [], [d.message for d in problems]


def test_both_dialects_and_both_verdicts_are_covered():
    verdicts = {(p.suffix, header(p.read_text())[0]) for p in FILES}
    assert {(".cu", "verified"), (".cu", "fails"), (".cl", "verified"), (".cl", "fails")} <= verdicts
