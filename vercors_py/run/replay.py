"""`check --replay`: run a failed kernel at its counterexample's sizes and parameters.

A counterexample names sizes and parameter values; running the kernel there either
shows the failure happening (a race, an assertion, a fault: a bug in the code, with its
trace) or shows nothing, in which case the counterexample may come from an annotation
too weak to prove a correct kernel.  Either way the diagnostic gets a note saying so, and
when the run shows a problem, the places the run's report names (the other thread's
access of a race) become related places of the diagnostic.  Only the failing kernel is
run.
"""
from __future__ import annotations

import re

import attrs

from .. import diagnostics as D
from ..semantics.dimensions import Sizes
from .model import RunOptions, Schedule
from .program import run_checked

# `name = 3` of a counterexample, also `gsize.x = 2`; not the copies `lid'` of bound variables.
_PAIR = re.compile(r"(?<![\w.'])([A-Za-z_][\w]*(?:\.[xyz])?) = (-?\d+)\b")
TRACE_LINES = 12
# Problems a run can show that are failures of the code itself, whatever the annotations.
BUGS = ("race", "divergence", "bounds", "div", "assert")


def replay(checked, diagnostics, seed: int = 0) -> tuple[D.Diagnostic, ...]:
    """The diagnostics, each failed one with a note on what running its counterexample shows."""
    out = []
    runs: dict = {}
    for d in diagnostics:
        alone = _kernel_of(d, checked)
        launch = _launch_of(d, alone) if alone is not None else None
        if d.severity is not D.Severity.ERROR or launch is None:
            out.append(d)
            continue
        key = (alone.kernels[0].kernel.name, launch)
        if key not in runs:
            gsize, ngroups, params = launch
            runs[key] = run_checked(alone, RunOptions(schedule=Schedule.RANDOM, seed=seed, gsize=gsize,
                                                      ngroups=ngroups, params=params, trace=True))
        note, shown = _note(d, launch, runs[key])
        out.append(attrs.evolve(d, notes=d.notes + (note,), related=d.related + _places(d, launch, shown)))
    return tuple(out)


def _kernel_of(d: D.Diagnostic, checked):
    """The program with only the kernel that holds d (None when d is in none): what
    another kernel does at those sizes says nothing about d."""
    if d.span is None:
        return None
    for k in checked.kernels:
        if k.kernel.span.start <= d.span.start < k.kernel.span.end:
            return attrs.evolve(checked, kernels=(k,))
    return None


def _places(d: D.Diagnostic, launch, shown: D.Diagnostic | None) -> tuple[D.Related, ...]:
    """The places of the problem the run showed, other than d's own."""
    if shown is None:
        return ()
    at = "when run at " + _where(launch)
    places = [(shown.span, shown.message)] + [(r.span, r.message) for r in shown.related]
    known = {d.span} | {r.span for r in d.related}
    return tuple(D.Related(span, f"{at}: {message}") for span, message in places
                 if span is not None and span not in known)


def _where(launch) -> str:
    gsize, ngroups, params = launch
    sizes = Sizes(*(n if isinstance(n, tuple) else (n,) for n in (gsize, ngroups)))
    return ", ".join([sizes.describe()] + [f"{n} = {v}" for n, v in params])


def _launch_of(d: D.Diagnostic, checked):
    values = {name: int(value) for name, value in _PAIR.findall(d.counterexample or "")}
    if "gsize" not in values or "ngroups" not in values or values["gsize"] < 1 or values["ngroups"] < 1:
        return None
    names = {p.name for k in checked.kernels for p in k.kernel.params}
    params = tuple(sorted((n, v) for n, v in values.items() if n in names))
    shape = [tuple(values.get(f"{size}.{axis}") for axis in "xyz") for size in ("gsize", "ngroups")]
    if all(None not in dims for dims in shape):
        # A kernel checked in three dimensions: its run has the counterexample's shape.
        return shape[0], shape[1], params
    return values["gsize"], values["ngroups"], params


def _note(d: D.Diagnostic, launch, result) -> tuple[str, D.Diagnostic | None]:
    """The note, and the problem of the run it tells of (None when it tells of none)."""
    where = _where(launch)
    problems = [p for p in result.diagnostics if p.severity is D.Severity.ERROR]
    if not any(r.ran for r in result.launches):
        return f"replay at {where}: no launch could run there (no inputs meet the precondition)", None
    same_line = [p for p in problems if p.span and d.span and p.span.start_line == d.span.start_line]
    bugs = [p for p in problems if p.family in BUGS]
    same_line.sort(key=lambda p: p.family not in BUGS)      # a race beats the permission it explains
    if same_line:
        return f"replay at {where}: it happens when the kernel runs: {_said(same_line[0])}" + _trace(result), \
            same_line[0]
    if bugs:
        return f"replay at {where}: running the kernel shows {_said(bugs[0])}" + _trace(result), bugs[0]
    if problems:
        return (f"replay at {where}: running the kernel breaks no rule of the code itself, but "
                f"{_said(problems[0])}"), problems[0]
    return (f"replay at {where}: running the kernel shows no problem, so the counterexample may "
            "come from an annotation too weak to prove it rather than from a bug in the code"), None


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
