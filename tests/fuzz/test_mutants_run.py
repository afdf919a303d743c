"""Mutants of the verified examples, verifier against interpreter (issue 10): one to
three small edits (an index, a share, a fence, a bound, a guard, a dropped clause) to a
kernel that verifies; whenever the mutant still verifies, running it on the small sizes
under the random and the lock-step schedule must find no error.  The generated kernels
of test_differential.py start from patterns; these start from the hand-written
examples, whose annotations are richer."""
from __future__ import annotations

import os
import pathlib
import re

import pytest
from hypothesis import HealthCheck, event, given, note, settings, strategies as st

from tests.support.expectations import header
from vercors_py import service
from vercors_py.diagnostics import Severity
from vercors_py.run.model import RunOptions, Schedule

REPO = pathlib.Path(__file__).resolve().parents[2]
VERIFIED = sorted(p.read_text() for p in (REPO / "examples").glob("*.pvl") if header(p.read_text())[0] == "verified")
EDITS = [("lid", "tid"), ("tid", "lid"), ("+ 1", "+ 2"), ("+ 1", "- 1"), ("local", "global"),
         ("global)", "local)"), ("write", "read"), ("read", "write"), ("1\\2", "1\\3"), ("< ", "<= "),
         ("<= ", "< "), ("gsize", "tcount"), ("/ 2", "/ 3"), ("== 0", "!= 0"), ("(lid + 1)", "lid"),
         ("0 <=", "1 <="), ("s / 2", "s")]
CLAUSES = ("requires", "ensures", "loop_invariant", "context_everywhere")


@st.composite
def mutants(draw):
    lines = draw(st.sampled_from(VERIFIED)).splitlines()
    for _ in range(draw(st.integers(1, 3))):
        if draw(st.booleans()) and (spots := [i for i, l in enumerate(lines) if l.strip().startswith(CLAUSES)]):
            i = draw(st.sampled_from(spots))
            event("edit: drop a clause")
            del lines[i]
            continue
        old, new = draw(st.sampled_from(EDITS))
        spots = [(i, m.start()) for i, l in enumerate(lines) if not l.startswith("//")
                 for m in re.finditer(re.escape(old), l)]
        if spots:
            i, j = draw(st.sampled_from(spots))
            event(f"edit: {old} -> {new}")
            lines[i] = lines[i][:j] + new + lines[i][j + len(old):]
    return "\n".join(lines) + "\n"


def verified_mutant_runs_clean(text: str) -> None:
    note(text)
    checked = service.check_text(text, "mutant.pvl", service.Options(timeout=5.0, jobs=1))
    assert "internal.error" not in {d.code for d in checked.diagnostics}
    event(f"check: {checked.verdict.value}")
    if checked.verdict.value != "verified":
        return
    for schedule in (Schedule.RANDOM, Schedule.LOCKSTEP):
        ran = service.run_text(text, "mutant.pvl", RunOptions(schedule=schedule, sweep=True))
        found = [f"{d.code} at line {d.span.start_line if d.span else '-'}: {d.message}" for d in ran.diagnostics
                 if d.severity is Severity.ERROR and d.family not in ("run", "timeout")]
        assert not found, found


@settings(max_examples=40, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
@given(mutants())
def test_a_verified_mutant_runs_clean(text):
    verified_mutant_runs_clean(text)


@pytest.mark.deep
@settings(max_examples=int(os.environ.get("DIFFERENTIAL_EXAMPLES", "1000")), deadline=None,
          suppress_health_check=list(HealthCheck))
@given(mutants())
def test_a_verified_mutant_runs_clean_deep(text):
    verified_mutant_runs_clean(text)
