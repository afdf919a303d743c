"""`check` on grid barriers (`barrier(grid)`, obligations/grid.py): a barrier of the
kernel level with its own contract.  Each wrong kernel beside its correct twin
(tests/data/grid), with the errors on the lines where they must be reported; `run`, the
oracle, finds a problem in every kernel `check` fails but for the limits of `check`
itself (a grid barrier's resources named with a local are refused, not wrong)."""
from __future__ import annotations

import pathlib

import pytest

from tests.support.expectations import check, header
from vercors_py import service
from vercors_py.run.model import RunOptions

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "grid"
FILES = sorted(DATA.glob("*.pvl"))
# Refused by check where nothing is wrong: run finds nothing.
LIMITS = {"local-named-bad.pvl"}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_check_meets_the_expectations_in_the_file(path):
    assert check(path, 10.0) == []


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_run_agrees(path):
    verdict, _ = header(path.read_text())
    result = service.run_text(path.read_text(), path.name, RunOptions(sweep=True))
    problems = {d.code for d in result.diagnostics if d.severity.name == "ERROR"}
    assert bool(problems) == (verdict == "fails" and path.name not in LIMITS), problems


def test_every_wrong_kernel_has_a_correct_twin():
    names = {p.stem for p in FILES}
    for stem in names:
        if stem.endswith("-bad"):
            base = stem[:-4]
            assert base in names or any(n.startswith(base.rsplit("-", 1)[0]) and not n.endswith("-bad")
                                        for n in names), stem
