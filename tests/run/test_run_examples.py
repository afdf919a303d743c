"""`run` on examples/: every verified example runs clean under every schedule, and every
broken twin whose bug is a race or a divergence shows it when run."""
from __future__ import annotations

import pathlib

import pytest

from tests.support.expectations import header
from vercors_py import service
from vercors_py.run.model import RunOptions, Schedule

REPO = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = sorted((REPO / "examples").glob("*.pvl"))
VERIFIED = [p for p in EXAMPLES if header(p.read_text())[0] == "verified"]

# Broken twins and what their bug looks like when the kernel runs.
SHOWN_WHEN_RUN = {
    "seed004-fig8-no-barrier": "race.data",
    "vector-add-multigroup-cross-group-race": "race.data",
    "tile-rotate-global-cross-group": "race.data",
    "local-smoothing-rounds-lid-bound": "divergence.reached",
    "rotate-first-tile-lid-condition": "divergence.reached",
    "local-neighbour-sum-early-return": "divergence.reached",
    "reduce-local-overlapping-reads": "barrier.resources",
    "seed004-fig9-binomial-overdistribute": "barrier.resources",
    "local-neighbour-sum-three-halves": "barrier.resources",
    "broadcast-offset-half-share": "distribution.group",
    "stencil-3pt-missing-left-check": "bounds.index",
    "safe-divide-unguarded": "div.zero",
    "clamp-wrong-assert": "assert.failed",
}
# Divergence twins that the verifier rejects by the lock-step rule, but that no launch
# can show: the non-uniform jump is never taken (none now: `check` proves a condition
# uniform where the launch decides it, races/refined_uniformity.py).
NEVER_TAKEN: set[str] = set()


def errors(result) -> set[str]:
    return {d.code for d in result.diagnostics if d.severity.value == "error"}


@pytest.mark.parametrize("schedule", [Schedule.RANDOM, Schedule.LOCKSTEP])
@pytest.mark.parametrize("path", VERIFIED, ids=lambda p: p.stem)
def test_a_verified_example_runs_clean(path, schedule):
    result = service.run_text(path.read_text(), path.name, RunOptions(schedule=schedule, sweep=True))
    assert errors(result) == set(), [d.message for d in result.diagnostics]
    assert result.verdict.value == "clean"


@pytest.mark.parametrize("path", VERIFIED, ids=lambda p: p.stem)
def test_a_verified_example_runs_clean_round_robin(path):
    result = service.run_text(path.read_text(), path.name,
                              RunOptions(schedule=Schedule.ROUND_ROBIN, gsize=3, ngroups=2))
    assert errors(result) == set(), [d.message for d in result.diagnostics]


@pytest.mark.parametrize("stem", sorted(SHOWN_WHEN_RUN))
def test_a_broken_twin_shows_its_bug_when_run(stem):
    path = REPO / "examples" / f"{stem}.pvl"
    assert header(path.read_text())[0] == "fails"
    result = service.run_text(path.read_text(), path.name, RunOptions(sweep=True))
    assert SHOWN_WHEN_RUN[stem] in errors(result)


def test_every_divergence_twin_is_either_shown_or_explained():
    twins = {p.stem for p in EXAMPLES if "divergence" in header(p.read_text())[1]}
    assert twins <= {s for s, code in SHOWN_WHEN_RUN.items() if code == "divergence.reached"} | NEVER_TAKEN
