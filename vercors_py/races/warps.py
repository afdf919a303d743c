"""Threads of one warp and of two warps (docs/warps.md): which pairs of accesses `races`
asks about when a kernel has warp-level code.

A warp is `kernel.warp.size` threads of a group by linear id (lid / size, CUDA's and
GPUVerify's grouping).  Without warp-level code, or lock-step, every two threads of a
group are alike and the queries are those of check.py.  Otherwise the pairs of one
group are asked in two halves that cover them all:

* two threads of **different warps** meet in the intervals between the group's
  barriers: a warp's barrier (`__syncwarp`) does not order them.  Nor does it align
  them: in a loop whose only barriers are a warp's, two warps may be in any two
  iterations, so the second thread's copies of that loop's unknowns are its own
  (`loose`), not the shared values of one iteration;
* two threads of **one warp** meet in the intervals between barriers of either kind.
  In lock-step (`kernel.warp.lockstep`: GPUVerify's `--warp-sync`, the SIMT semantics
  of seed 003) a warp runs one statement at a time for all its active threads, and a
  statement's reads come before its writes: two of its threads' accesses are ordered
  unless they are one access of one statement instance (the same protocol access,
  in one iteration: a loop's next iteration is another access), both writing.

A warp's barrier and data exchange must be reached by every thread of the warp: the
semantic check of divergence (check.reached_uniformly) asks it of two threads of one
warp there, and of one group elsewhere.
"""
from __future__ import annotations

import z3

from ..semantics.uniformity import warp_step
from ..syntax import ast as A
from .events import Loop, Sync, walk

SAME, OTHER = "one warp", "different warps"


def has_warp_barrier(body) -> bool:
    return any(isinstance(e, Sync) and e.among is A.Among.WARP for e in walk(body))


def halves(p) -> tuple[tuple[str | None, bool, bool], ...]:
    """The queries of one group's pairs: (which warps, whether a warp's barrier
    separates, lock-step) each; (None, False, False) alone when warps make no difference."""
    lockstep = p.kernel.warp.lockstep
    if not lockstep and not has_warp_barrier(p.body):
        return ((None, False, False),)
    return ((OTHER, False, False), (SAME, True, lockstep))


def loose(p) -> list:
    """The unknowns of the loops whose barriers are all a warp's, and of loops inside
    them: two warps may be in any two iterations of them."""
    found: dict = {}
    for loop in (e for e in walk(p.body) if isinstance(e, Loop)):
        syncs = [e for e in walk(loop.body) if isinstance(e, Sync)]
        if syncs and all(s.among is A.Among.WARP for s in syncs):
            for inner in (e for e in walk(loop) if isinstance(e, Loop)):
                found.update((u.get_id(), u) for u, _ in inner.renaming)
    return list(found.values())


def relation(p, first_lid, second_lid, which: str):
    """Whether two threads of one group are in the same warp (`which` SAME) or not."""
    size = p.kernel.warp.size
    same = first_lid / size == second_lid / size
    return same if which == SAME else z3.Not(same)


def steps(kernel: A.Kernel) -> frozenset:
    """The spans of the statements every thread of a warp must reach together."""
    return frozenset(s.span for s in A.statements(kernel.main.body) if warp_step(s) is not None)
