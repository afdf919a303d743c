"""Verification status of kernels and barriers, for code lenses and hovers.

The obligations come from the last program that passed the static checks (generating
them is cheap); each one's result is the one the last verification of that very text
produced, or else the cache's result for an obligation that means the same (which is
how a kernel whose text only moved keeps its status).
"""
from __future__ import annotations

import attrs

from vercors_py import diagnostics as D
from vercors_py.obligations import model as M
from vercors_py.obligations.show import format_obligation
from vercors_py.results import ObligationResult, Verdict
from vercors_py.syntax import ast as A


@attrs.frozen
class Status:
    title: str               # "✓ verified 0.21 s", "✗ 2 errors", ...
    errors: int
    known: bool              # every obligation has a result


# The text has errors that the static checks report: no verdict applies to it.
NOT_CHECKED = Status("○ not checked: fix the errors first", 0, False)


def barrier_obligations(obligations, kernel: A.Kernel, barrier: A.Barrier) -> list[M.Obligation]:
    return [ob for ob in obligations if ob.kernel is kernel and ob.span is not None and ob.span == barrier.span
            and ob.kind is not M.Kind.THREAD]


def status(results: list[ObligationResult | None], verifying: bool, extra_errors=()) -> Status:
    """The summary of some obligations' results; `extra_errors` count too (at a barrier:
    the thread's errors inside it, such as its precondition not holding)."""
    known = [r for r in results if r is not None]
    errors = {d for r in known for d in r.diagnostics if d.severity is D.Severity.ERROR and d.family != "timeout"}
    errors |= {d for d in extra_errors if d.family != "timeout"}
    timeouts = [r for r in known if r.verdict is Verdict.TIMEOUT]
    n = len(errors)
    if n:
        return Status(f"✗ {n} error{'s' if n != 1 else ''}", n, len(known) == len(results))
    if len(known) < len(results):
        return Status("… verifying" if verifying else "○ not verified", 0, False)
    if timeouts:
        return Status(f"? {len(timeouts)} timed out", 0, True)
    seconds = sum(r.seconds for r in known)
    return Status(f"✓ verified {seconds:.2f} s", 0, True)


def kernel_hover(kernel: A.Kernel, obligations: list[M.Obligation], results: list[ObligationResult | None],
                 verifying: bool, markdown: bool = True) -> str:
    """A kernel's status and one line per obligation: its name and verdict."""
    head = f"kernel {kernel.name}: {status(results, verifying).title}"
    lines = []
    for ob, r in zip(obligations, results):
        verdict = "not verified yet" if r is None else r.verdict.value
        lines.append(f"{ob.name} — {verdict}")
    if markdown:
        return f"**{head}**\n\n" + "\n".join(f"- `{line}`" for line in lines)
    return head + "\n" + "\n".join(lines)


def errors_inside(results, span) -> list[D.Diagnostic]:
    return [d for r in results if r is not None for d in r.diagnostics
            if d.severity is D.Severity.ERROR and d.span is not None
            and span.start <= d.span.start and d.span.end <= span.end]


def barrier_hover(obligations: list[M.Obligation], results: list[ObligationResult | None],
                  markdown: bool = True) -> str:
    parts = []
    for ob, r in zip(obligations, results):
        if r is None:
            verdict = "not verified yet"
        elif r.verdict is Verdict.VERIFIED:
            verdict = f"✓ verified ({r.seconds:.2f} s)"
        elif r.verdict is Verdict.TIMEOUT:
            verdict = "? timed out"
        else:
            verdict = "✗ " + "; ".join(f"{d.code}: {d.message}" for d in r.diagnostics
                                       if d.severity is D.Severity.ERROR)
        text = format_obligation(ob)
        if markdown:
            parts.append(f"**{ob.name}** — {verdict}\n```pvl\n{text}\n```")
        else:
            parts.append(f"{ob.name} — {verdict}\n{text}")
    if not parts:
        return "this barrier generates no obligations of its own"
    return ("\n\n" if markdown else "\n\n").join(parts)
