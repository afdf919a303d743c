"""`check --replay`: run a failed kernel at its counterexample's sizes and parameters.

A counterexample names sizes and parameter values; running the kernel there either
shows the failure happening (a race, an assertion, a fault: a bug in the code, with its
trace) or shows nothing, in which case the counterexample may come from an annotation
too weak to prove a correct kernel.  Either way the diagnostic gets a note saying so.
"""
from __future__ import annotations

import re

import attrs

from .. import diagnostics as D
from .model import RunOptions, Schedule
from .session import run_checked

_PAIR = re.compile(r"\b([A-Za-z_]\w*) = (-?\d+)\b")
TRACE_LINES = 12
# Problems a run can show that are failures of the code itself, whatever the annotations.
BUGS = ("race", "divergence", "bounds", "div", "assert")


def replay(checked, diagnostics, seed: int = 0) -> tuple[D.Diagnostic, ...]:
    """The diagnostics, each failed one with a note on what running its counterexample shows."""
    out = []
    runs: dict = {}
    for d in diagnostics:
        launch = _launch_of(d, checked)
        if d.severity is not D.Severity.ERROR or launch is None:
            out.append(d)
            continue
        if launch not in runs:
            gsize, ngroups, params = launch
            runs[launch] = run_checked(checked, RunOptions(schedule=Schedule.RANDOM, seed=seed, gsize=gsize,
                                                           ngroups=ngroups, params=params, trace=True))
        out.append(attrs.evolve(d, notes=d.notes + (_note(d, launch, runs[launch]),)))
    return tuple(out)


def _launch_of(d: D.Diagnostic, checked):
    values = {}
    for note in d.notes:
        if note.startswith("counterexample:"):
            values = {name: int(value) for name, value in _PAIR.findall(note)}
    if "gsize" not in values or "ngroups" not in values or values["gsize"] < 1 or values["ngroups"] < 1:
        return None
    names = {p.name for k in checked.kernels for p in k.kernel.params}
    params = tuple(sorted((n, v) for n, v in values.items() if n in names))
    return values["gsize"], values["ngroups"], params


def _note(d: D.Diagnostic, launch, result) -> str:
    gsize, ngroups, params = launch
    where = ", ".join([f"gsize = {gsize}", f"ngroups = {ngroups}"] + [f"{n} = {v}" for n, v in params])
    problems = [p for p in result.diagnostics if p.severity is D.Severity.ERROR]
    if not any(r.ran for r in result.launches):
        return f"replay at {where}: no launch could run there (no inputs meet the precondition)"
    same_line = [p for p in problems if p.span and d.span and p.span.start_line == d.span.start_line]
    bugs = [p for p in problems if p.family in BUGS]
    same_line.sort(key=lambda p: p.family not in BUGS)      # a race beats the permission it explains
    if same_line:
        return f"replay at {where}: it happens when the kernel runs: {_said(same_line[0])}" + _trace(result)
    if bugs:
        return f"replay at {where}: running the kernel shows {_said(bugs[0])}" + _trace(result)
    if problems:
        return (f"replay at {where}: running the kernel breaks no rule of the code itself, but "
                f"{_said(problems[0])}")
    return (f"replay at {where}: running the kernel shows no problem, so the counterexample may "
            "come from an annotation too weak to prove it rather than from a bug in the code")


def _said(p: D.Diagnostic) -> str:
    return f"{p.message} (line {p.span.start_line}) [{p.code}]" if p.span else f"{p.message} [{p.code}]"


def _trace(result) -> str:
    launch = next((r for r in result.launches if r.marked and r.trace), None)
    if launch is None:
        return ""
    steps = list(launch.trace)[-TRACE_LINES:]
    lines = []
    for s in steps:
        mark = ">" if s.step in launch.marked else " "
        touched = s.touched()
        lines.append(f"{mark} step {s.step}: tid {s.thread.tid} (gid {s.thread.gid}, lid {s.thread.lid}) "
                     f"line {s.span.start_line}" + (f" [{touched}]" if touched else ""))
    return "\n" + "\n".join(lines)
