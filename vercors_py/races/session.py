"""`races` on a checked program: each kernel's protocol, its queries, one verdict.

Barrier divergence is the lock-step rule of the checker (semantics/uniformity.py), the
same that `check` applies: a barrier under a condition that is not uniform is reported
as it is there, and the kernel is racy.
"""
from __future__ import annotations

from .. import diagnostics as D
from .check import Outcome, check
from .model import RacesVerdict
from .protocol import Unsupported, protocol


def races_checked(checked, timeout: float, cancel=None, benign_writes: bool = False) -> tuple[RacesVerdict, tuple[D.Diagnostic, ...], int]:
    """The verdict over all kernels, their diagnostics, and the pairs asked about."""
    diagnostics: list[D.Diagnostic] = []
    outcomes: set[str] = set()
    pairs = 0
    for ck in checked.kernels:
        divergence = [d for d in ck.uniformity.diagnostics if d.severity is D.Severity.ERROR]
        diagnostics += divergence
        if divergence:
            outcomes.add(Outcome.RACY)
        try:
            p = protocol(ck.kernel, checked.functions, ck.uniform, timeout, cancel)
        except Unsupported as problem:
            diagnostics.append(D.error("unsupported.statement", problem.span,
                                       f"kernel `{ck.kernel.name}`: {problem}; its races are unknown"))
            outcomes.add(Outcome.UNKNOWN)
            continue
        answer = check(p, timeout, benign_writes)
        diagnostics += answer.diagnostics
        outcomes.add(answer.outcome)
        pairs += answer.pairs
    if Outcome.RACY in outcomes:
        verdict = RacesVerdict.RACY
    elif Outcome.UNKNOWN in outcomes:
        verdict = RacesVerdict.UNKNOWN
    else:
        verdict = RacesVerdict.RACE_FREE
    return verdict, tuple(sorted(diagnostics, key=D.sort_key)), pairs
