"""`run` on the grid's barrier (run/grids.py): released once every group waits at it,
divergence when a group finishes or waits at another one, and races between groups only
in one interval of the grid's barriers.  It agrees with `races` on each kernel of
tests/data/protocols/gridsync-*, under every schedule."""
from __future__ import annotations

import pathlib

import pytest

from tests.support.expectations import races_header
from vercors_py import service
from vercors_py.run.model import RunOptions, Schedule

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "protocols"
FILES = sorted(DATA.glob("gridsync-*"))
# A launch that shows the race or divergence: the loop's needs two iterations.
PARAMS = {"gridsync-loop-racy.cu": (("steps", 3),), "gridsync-loop-race-free.cu": (("steps", 3),)}


# Racy only when two different blocks win the two claims: a schedule that always runs
# block 0 first never shows it; random ones, over a few seeds, do.
SCHEDULED = {"gridsync-claims-racy.cu"}


def _codes(path: pathlib.Path, schedule: Schedule, seed: int = 0) -> set[str]:
    options = RunOptions(contracts=False, schedule=schedule, params=PARAMS.get(path.name, ()), seed=seed)
    return {d.code for d in service.run_file(str(path), options).diagnostics}


@pytest.mark.parametrize("schedule", list(Schedule), ids=lambda s: s.value)
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_run_agrees_with_races(path, schedule):
    codes = _codes(path, schedule)
    if races_header(path.read_text()) == "race-free":
        assert codes == set()
    elif "divergent" in path.name or "return" in path.name:
        assert codes == {"divergence.reached"}
    elif path.name in SCHEDULED:
        assert any("race.data" in _codes(path, Schedule.RANDOM, seed) for seed in range(10))
    else:
        assert "race.data" in codes


def test_a_group_finishing_before_the_grid_barrier_is_named():
    result = service.run_file(str(DATA / "gridsync-return-racy.cu"), RunOptions(contracts=False))
    [d] = result.diagnostics
    assert "group 1 has finished" in d.message and d.span.start_line == 10


def test_groups_at_two_grid_barriers_diverge():
    text = ("kernel K {\n  global int[tcount] a;\n  void main() {\n    if (gid == 0) {\n      barrier(grid);\n"
            "    } else {\n      barrier(grid);\n    }\n  }\n}\n")
    result = service.run_text(text, "k.pvl", RunOptions(contracts=False, sweep=True))
    assert "divergence.reached" in {d.code for d in result.diagnostics}
