"""The differential test (issue 10): the verifier against the concrete interpreter.

Property: whenever `check` says a generated kernel (tests/fuzz/kernels.py) is verified,
`run` finds no error on small launches (gsize 1..4 x ngroups 1..2; the random schedule
with seeds 0 and 1 and the lock-step schedule with seeds 0 and 1; kernel parameters as
run picks them, then all 3, then all 5): no race, no divergence, no out-of-bounds
access, no division by zero, no failed assert and no contract violated on the real
state.  Warnings (`run.*`), step bounds and launches that the contexts do not allow are
fine.  Also: `check` never reports an internal error and never rejects a generated
kernel (the generator writes well-typed code), and `run` never crashes, also on kernels
that fail (those get one launch).

`test_differential` is the fixed-seed CI slice (about two minutes);
`test_differential_deep` (marker `deep`, deselected by default) draws thousands:

    .venv/bin/python -m pytest -m deep tests/fuzz/test_differential.py \\
        --hypothesis-show-statistics --hypothesis-seed=1

Environment: DIFFERENTIAL_EXAMPLES sets the deep run's number of kernels (default
2000); DIFFERENTIAL_LOG=FILE appends one JSON line per kernel (pattern, mutations,
verdicts, codes, and the text of every kernel that breaks the property); with
DIFFERENTIAL_KEEP_GOING=1 what breaks the property is only logged, not failed, so that
one long run collects all of it.  Every example records its pattern, number of
mutations and verdicts with hypothesis `event` (`--hypothesis-show-statistics` shows
how many verified and failed), and its text, whose first line names the pattern,
mutations and variations, with `note`.
"""
from __future__ import annotations

import json
import os
import re

import pytest
from hypothesis import HealthCheck, event, given, note, settings

from tests.fuzz.kernels import describe, kernels
from vercors_py import service
from vercors_py.diagnostics import Severity
from vercors_py.run.model import RunOptions, Schedule

CHECK = service.Options(timeout=5.0, jobs=1)
SIZES = [(gsize, ngroups) for ngroups in (1, 2) for gsize in (1, 2, 3, 4)]
# (schedule, seed, value of every kernel parameter: None lets run pick the first value
# that the contexts allow, usually 1; larger values run loops bounded by them longer)
SCHEDULES = [(Schedule.RANDOM, 0, None), (Schedule.RANDOM, 1, 3), (Schedule.LOCKSTEP, 0, None),
             (Schedule.LOCKSTEP, 1, 5)]
# One cheap launch for kernels that do not verify: only to see that the interpreter
# does not crash on them (and to count how often it sees a problem).
PROBE = RunOptions(schedule=Schedule.RANDOM, seed=0, gsize=3, ngroups=2)

# Not problems: warnings (run.*), and a launch stopped at its step bound (not an answer).
NOT_PROBLEMS = {"run", "timeout"}


def parameters(text: str) -> list[str]:
    """The names of the kernel parameters (the generated texts have one kernel)."""
    m = re.search(r"^kernel\s+\w+\s*\(([^)]*)\)", text, re.M)
    return [p.split()[-1] for p in m.group(1).split(",")] if m else []


def problems(result) -> list:
    return [d for d in result.diagnostics if d.severity is Severity.ERROR and d.family not in NOT_PROBLEMS]


def show(d) -> str:
    where = f"{d.span.start_line}:{d.span.start_col}" if d.span is not None else "-"
    return f"{d.code} at {where}: {d.message}" + "".join(f"\n      {n}" for n in d.notes)


def differential(text: str) -> None:
    info = describe(text)
    note(text)
    event(f"pattern: {info['pattern']}")
    event(f"mutations: {len(info['mutations'])}")
    checked = service.check_text(text, "generated.pvl", CHECK)
    verdict = checked.verdict.value
    codes = sorted({d.code for d in checked.diagnostics if d.severity is Severity.ERROR})
    note(f"check: {verdict} {codes}")
    event(f"check: {verdict}")
    event(f"check {verdict}: {info['pattern']}")
    found: list[str] = []        # what run reports on a verified kernel
    crashes: list[str] = []      # internal errors of check or run
    run_verdicts: set[str] = set()
    crashes += [f"check: {show(d)}" for d in checked.diagnostics if d.code == "internal.error"]
    if verdict == "rejected":
        _log(info, verdict, codes, found, crashes, run_verdicts, text)
        assert KEEP_GOING, "the generator wrote a kernel that is rejected: " + "; ".join(
            show(d) for d in checked.diagnostics)
        return
    if verdict == "verified":
        names = parameters(text)
        ran = 0                  # launches that ran to their end
        for schedule, seed, value in SCHEDULES:
            params = tuple((name, value) for name in names) if value is not None else ()
            for gsize, ngroups in SIZES:
                options = RunOptions(schedule=schedule, seed=seed, gsize=gsize, ngroups=ngroups, params=params)
                result = service.run_text(text, "generated.pvl", options)
                run_verdicts.add(result.verdict.value)
                ran += sum(1 for launch in result.launches if launch.ran and launch.complete)
                for d in problems(result):
                    given = "".join(f", {n} = {v}" for n, v in params)
                    line = f"[{schedule.value} seed {seed}, gsize {gsize}, ngroups {ngroups}{given}] {show(d)}"
                    (crashes if d.code == "internal.error" else found).append(line)
        event("run on verified: " + ("problems" if found else "clean" if run_verdicts <= {"clean"} else
                                     "clean/inconclusive"))
        total = len(SCHEDULES) * len(SIZES)
        event("launches run to the end on verified: " + ("none" if ran == 0 else "all" if ran == total else
                                                          "half or more" if 2 * ran >= total else "fewer than half"))
        note(f"run: {ran} of {total} launches ran to their end")
    else:
        result = service.run_text(text, "generated.pvl", PROBE)
        run_verdicts.add(result.verdict.value)
        crashes += [f"run: {show(d)}" for d in problems(result) if d.code == "internal.error"]
        if verdict == "failed":
            event(f"run on failed (one launch): {result.verdict.value}")
    if found:
        event("DISAGREEMENT")
    if crashes:
        event("INTERNAL ERROR")
    _log(info, verdict, codes, found, crashes, run_verdicts, text, ran if verdict == "verified" else None)
    if KEEP_GOING:
        return
    assert not crashes, "internal error:\n  " + "\n  ".join(crashes)
    assert not found, "check says verified but run reports:\n  " + "\n  ".join(found[:10])


KEEP_GOING = bool(os.environ.get("DIFFERENTIAL_KEEP_GOING"))


def _log(info, verdict, codes, found, crashes, run_verdicts, text, ran=None) -> None:
    path = os.environ.get("DIFFERENTIAL_LOG")
    if not path:
        return
    broken = bool(found or crashes or verdict == "rejected")
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(json.dumps({"pattern": info["pattern"], "mutations": info["mutations"],
                                 "variations": info["variations"], "check": verdict, "codes": codes,
                                 "run": sorted(run_verdicts), "ran": ran, "disagreement": found[:5],
                                 "crash": crashes[:5], "text": text if broken else None}) + "\n")


SLOW = [HealthCheck.too_slow, HealthCheck.data_too_large]


@settings(derandomize=True, max_examples=170, deadline=None, suppress_health_check=SLOW, database=None)
@given(kernels())
def test_differential(text):
    """The CI slice: a fixed set of kernels (derandomized), about two minutes."""
    differential(text)


@pytest.mark.deep
@settings(max_examples=int(os.environ.get("DIFFERENTIAL_EXAMPLES", "2000")), deadline=None,
          suppress_health_check=SLOW, database=None)
@given(kernels())
def test_differential_deep(text):
    """Thousands of kernels; pick a seed with --hypothesis-seed to run several at once."""
    differential(text)
