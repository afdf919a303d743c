"""`races` on a checked program: each kernel's protocol, its queries, one verdict.

Barrier divergence starts from the lock-step rule of the checker (semantics/uniformity.py),
the one `check` applies but for reads of memory: here a read of one cell (an index the
rule calls uniform) is uniform, since threads of a group read one value from a cell
unless a thread writes it in that barrier interval, a read-write race that is reported
(protocol.py, `_fresh_memory`).  It is refined as GPUVerify does: a barrier (or a jump past one)
whose condition of being reached Z3 proves the same for every two threads of a group is
not divergent, whatever the rule says of the variables in it (`if (lid < gsize)`).
"""
from __future__ import annotations

from .. import diagnostics as D
from ..semantics.uniformity import analyze
from ..results import worst
from .check import check, reached_uniformly, undefined
from .decided import decided
from .model import RacesVerdict
from .protocol import Unsupported, protocol


def races_checked(checked, timeout: float, cancel=None, benign_writes: bool = False, fenced_only: bool = False,
                  intra_group: bool = False) -> tuple[RacesVerdict, tuple[D.Diagnostic, ...], int]:
    """The verdict over all kernels, their diagnostics, and the pairs asked about."""
    diagnostics: list[D.Diagnostic] = []
    verdicts: set[RacesVerdict] = set()
    pairs = 0
    for ck in checked.kernels:
        uniformity = analyze(ck.kernel.main, memory=True)
        divergence = list(uniformity.divergence)
        try:
            p = protocol(ck.kernel, checked.functions, uniformity.uniform, timeout, cancel, fenced_only)
        except Unsupported as problem:
            diagnostics += divergence
            diagnostics.append(D.error("unsupported.statement", problem.span,
                                       f"kernel `{ck.kernel.name}`: {problem}; its races are unknown"))
            verdicts.add(RacesVerdict.RACY if divergence else RacesVerdict.UNKNOWN)
            continue
        divergence = _still_divergent(p, divergence, uniformity.grid, timeout)
        known = frozenset()
        while divergence and (more := decided(p, timeout)) > known:
            # Conditions the launch decides alike for a group are uniform: the rule again.
            known = more
            again = analyze(ck.kernel.main, known, memory=True)
            p = protocol(ck.kernel, checked.functions, again.uniform, timeout, cancel, fenced_only)
            divergence = _still_divergent(p, list(again.divergence), again.grid, timeout)
        diagnostics += divergence
        if divergence:
            verdicts.add(RacesVerdict.RACY)
        answer = check(p, timeout, benign_writes, intra_group)
        diagnostics += answer.diagnostics
        verdicts.add(answer.verdict)
        faults = undefined(p, timeout)
        diagnostics += faults
        if faults:
            verdicts.add(RacesVerdict.UNKNOWN)
        pairs += answer.pairs
    return worst(verdicts, RacesVerdict.RACE_FREE), tuple(sorted(diagnostics, key=D.sort_key)), pairs


def _still_divergent(p, divergence: list, grid: frozenset, timeout: float) -> list:
    """The lock-step rule's diagnostics that the semantic check does not dismiss.  A
    barrier or jump is dismissed when it is reached uniformly (by every two threads of
    the kernel for those at `grid`: a grid barrier, a jump past one); an assignment
    under a non-uniform condition (`divergence.uniform-assign`) only when every barrier
    and jump of the kernel is."""
    kept = [d for d in divergence
            if d.code == "divergence.uniform-assign" or not reached_uniformly(p, d.span, timeout, d.span in grid)]
    # Nothing kept, nothing to dismiss: the barriers need no check of their own then.
    if kept and all(d.code == "divergence.uniform-assign" for d in kept) and \
            all(reached_uniformly(p, span, timeout) for span in p.reach):
        return []
    return kept
