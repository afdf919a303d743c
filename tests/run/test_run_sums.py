"""`run`, the oracle of PVL, on the sums of tests/data/engine/sum-*.pvl: a kernel `check`
verifies runs clean (each sum computed exactly on the run's memory), and each broken
twin fails when run with an error of its family."""
from __future__ import annotations

import pathlib

import pytest

from tests.support.expectations import header
from vercors_py import service
from vercors_py.run.model import RunOptions

FILES = sorted((pathlib.Path(__file__).resolve().parents[1] / "data" / "engine").glob("sum-*.pvl"))


def _errors(path) -> set[str]:
    result = service.run_text(path.read_text(), path.name, RunOptions(sweep=True))
    return {d.code for d in result.diagnostics if d.severity.value == "error"}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_run_agrees_with_check(path):
    verdict, families = header(path.read_text())
    errors = _errors(path)
    if verdict == "verified":
        assert errors == set()
    else:
        # A spec read without permission (framing) shows as the fact failing when run:
        # the cells it reads are other threads', written at no point it can rely on.
        shown = {"framing": {"post"}}.get(next(iter(families)), families)
        assert {code.split(".")[0] for code in errors} & (shown | families), errors
