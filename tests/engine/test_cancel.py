"""Cancelling a verification (the language server's cancel) raises Cancelled wherever it
lands: inside a check, or between two, where the interrupted solver context refuses
every further call ("push canceled") and that must not read as an internal error."""
from __future__ import annotations

import pathlib

import pytest

from vercors_py import service
from vercors_py.engine.solver.solver import Cancelled, CancelToken

FIG9 = pathlib.Path(__file__).resolve().parents[2] / "examples" / "seed004-fig9-binomial.pvl"


def test_a_token_cancelled_before_the_start_raises_cancelled():
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        service.check_text(FIG9.read_text(), "fig9.pvl", service.Options(jobs=1), token)


def test_an_uncancelled_token_changes_nothing():
    result = service.check_text(FIG9.read_text(), "fig9.pvl", service.Options(jobs=1), CancelToken())
    assert result.verdict.value == "verified"
