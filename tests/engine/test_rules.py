"""One small kernel per engine rule, passing and failing (tests/data/engine), with the
expected errors written on the lines where they must be reported."""
from __future__ import annotations

import pathlib

import pytest

from tests.support.expectations import check

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "engine"


@pytest.mark.parametrize("path", sorted(DATA.glob("*.pvl")), ids=lambda p: p.stem)
def test_rule(path):
    timeout = 2.0 if "timeout" in path.stem else 10.0
    assert check(path, timeout) == []
