"""`races --benign-writes` (GPUVerify's default tolerance): threads read one value from a
cell as they do without the option, so two threads that copy a cell no thread writes in
the interval write one value.  The kernels are in tests/data/benign, each rule's racy
kernel beside its race-free twin (`//:: races VERDICT`, `//!` marks on the races' lines)."""
from __future__ import annotations

import pathlib
import re

import pytest

from tests.support.expectations import check_races, races_header

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "benign"
FILES = sorted(p for p in DATA.iterdir() if p.suffix in (".pvl", ".cu", ".cl"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_races_with_benign_writes_meets_the_expectations_in_the_file(path):
    assert check_races(path, benign_writes=True) == []


def test_every_race_free_kernel_has_a_racy_twin():
    verdicts: dict[str, set[str]] = {}
    for path in FILES:
        verdicts.setdefault(re.sub(r"-(race-free|racy)$", "", path.stem), set()).add(races_header(path.read_text()))
    assert all("racy" in v for v in verdicts.values()), verdicts
