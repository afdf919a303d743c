"""The kernels of bench/races_scaling.py (seed 001's synthetic families) at small N: each
parses, passes the static checks and is race-free, for one work group and for any number
of groups at N = 1; and the negative control, a barrier left out, is racy.  How long `races`
takes on them is the benchmark's to measure (docs/races-scaling.md), never asserted here."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from vercors_py import service

ROOT = Path(__file__).resolve().parents[2]


def _scaling():
    spec = importlib.util.spec_from_file_location("races_scaling", ROOT / "bench" / "races_scaling.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SCALING = _scaling()
# Every family at N = 1 and 3 as the benchmark runs them (one work group); at N = 1 also
# for any number of groups (`--groups any`), where global accesses also meet across groups.
CASES = [(family, n, groups) for family in SCALING.FAMILIES for n, groups in ((1, "one"), (3, "one"), (1, "any"))]


@pytest.mark.parametrize("family,n,groups", CASES, ids=lambda v: str(v))
def test_a_generated_kernel_parses_and_is_race_free(family, n, groups):
    text = SCALING.kernel(family, n, groups)
    analysis = service.analyze(text, f"{family}-{n}.pvl")
    assert not analysis.rejected, [d.message for d in analysis.diagnostics]
    result = service.races_text(text, f"{family}-{n}.pvl", service.Options(timeout=30.0))
    assert result.verdict.value == "race-free", (text, [d.message for d in result.diagnostics])
    assert result.pairs > 0


def test_the_families_are_seed_001s_five_and_nested_conditionals():
    assert set(SCALING.FAMILIES) == {"access", "barriers", "conds", "nested-conds", "uloops", "sloops"}
    # N is what grows: one more access, barrier, conditional or loop per step.
    counts = {"access": "] = a[", "barriers": "barrier(local)", "conds": "if (", "nested-conds": "if (",
              "uloops": "for (", "sloops": "for ("}
    for family, marker in counts.items():
        assert [SCALING.kernel(family, n).count(marker) for n in (1, 2, 5)] == [1, 2, 5], family


@pytest.mark.parametrize("n", [1, 3])
@pytest.mark.parametrize("groups", ["one", "any"])
def test_the_barriers_family_without_its_first_barrier_is_racy(n, groups):
    free, racy = SCALING.kernel("barriers", n, groups), SCALING.racy_barriers(n, groups)
    assert racy.count("barrier(local)") == free.count("barrier(local)") - 1
    assert [line for line in free.splitlines() if "barrier" not in line] == \
        [line for line in racy.splitlines() if "barrier" not in line]
    result = service.races_text(racy, f"barriers-{n}-racy.pvl", service.Options(timeout=30.0))
    assert result.verdict.value == "racy"
    races = [d for d in result.diagnostics if d.code == "race.data"]
    assert races and all(" on s0[" in d.message for d in races), [d.message for d in result.diagnostics]
