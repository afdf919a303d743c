"""Verification status of kernels and barriers, for code lenses and hovers.

The obligations come from the last program that passed the static checks (units.py);
each one's result is the one the last verification of that very text
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


def kernel_hover(kernel: A.Kernel, obligations: list, results: list[ObligationResult | None],
                 verifying: bool, markdown: bool = True) -> str:
    """A kernel's status and one line per obligation (anything with its name): its name
    and verdict."""
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


def failure_hover(d: D.Diagnostic, replay: str | None, markdown: bool = True) -> str:
    """A failure with a counterexample: the values one per line (where they are from
    first), its race note, and what running the kernel there showed."""
    place, values, caveat = counterexample_values(d.counterexample or "")
    races = [n for n in d.notes if n.startswith("race: ")]
    head, _, steps = (replay or "").partition("\n")
    if not markdown:
        lines = [f"[{d.code}] {d.message}", f"counterexample{f' ({place})' if place else ''}:"]
        lines += [f"  {v}" for v in values] + ([f"  ({caveat})"] if caveat else []) + races
        return "\n".join(lines + ([replay] if replay else []))
    parts = [f"**[{d.code}]** {d.message}",
             f"Counterexample{f' ({place})' if place else ''}:\n\n" + "\n".join(f"- `{v}`" for v in values)]
    if caveat:
        parts.append(f"_{caveat}_")
    parts += races
    if head:
        parts.append(head + (f"\n\n```\n{steps}\n```" if steps else ""))
    return "\n\n".join(parts)


def counterexample_values(text: str) -> tuple[str, list[str], str]:
    """A counterexample note's text (without its prefix) as where its values are from,
    the values (`name = value`, `f(1, 2) = 3`) and its caveat: the note is built by
    engine/explanation/counterexample.py as `[place: ]v1, v2, ...[; caveat]`."""
    body, _, caveat = text.partition("; ")
    place = ""
    head, colon, rest = body.partition(": ")
    if colon and " = " not in head:
        place, body = head, rest
    values, depth, start = [], 0, 0
    for i, ch in enumerate(body):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == "," and depth == 0:          # not the comma of `binom(3, 1) = 3`
            values.append(body[start:i].strip())
            start = i + 1
    values.append(body[start:].strip())
    return place, [v for v in values if v], caveat
