"""Atomics in `check` (docs/language.md, "Atomics"): one kernel per rule with its
twin (tests/data/atomics), the expected errors written on their lines."""
from __future__ import annotations

import pathlib

import pytest

from tests.support.expectations import check

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "atomics"


@pytest.mark.parametrize("path", sorted([*DATA.glob("*.pvl"), *DATA.glob("*.cu")]), ids=lambda p: p.stem)
def test_atomics(path):
    assert check(path) == []
