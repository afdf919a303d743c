"""Claims: compare-and-swap from one value to another (`atomicCAS(&flag, 0, 1) == 0`,
the "first thread to arrive"), of which at most one succeeds.

An atomic's old value is unknown to `races` (protocol.py): any value, in every thread.
That alone lets two threads both see `flag == 0` and both take the winner's branch.  But
where every atomic update of an array in the kernel is `cas(cell, e, v)` with the same
literals e != v, a success leaves v in the cell and no atomic puts e back; only a plain
write can, and a plain write between two successes races with one of them: with the
other thread's claim in the same barrier interval (threads of one group), or with the
claim of another group (global memory, which no barrier orders).  So in every execution
up to its first race, two distinct threads do not both succeed on one cell in one barrier
interval of their group, nor, from two groups, anywhere in the kernel; that is the fact
each query gets for the claims among the accesses it is asked about (the interval's, or
the kernel's global ones for two groups).  Races are found in those executions, so the
fact hides none.
"""
from __future__ import annotations

import z3

from ..syntax import ast as A


def claim(stmt: A.AtomicUpdate) -> tuple[int, int] | None:
    """(e, v) of an update `cell == e ? v : cell` with literals e != v, else None."""
    match A.bare(stmt.update):
        case A.Conditional(cond=A.Binary(op="==", left=cell, right=A.IntLit(value=e)), then=A.IntLit(value=v),
                           otherwise=other) if cell == stmt.target and other == stmt.target and e != v:
            return e, v
    return None


def claimed(kernel: A.Kernel) -> dict:
    """The arrays whose every atomic update in the kernel is a claim of one (e, v): array
    symbol -> e."""
    found: dict = {}
    for node in A.walk(kernel):
        if isinstance(node, A.AtomicUpdate):
            found.setdefault(node.target.array.symbol, set()).add(claim(node))
    return {array: next(iter(kinds))[0] for array, kinds in found.items() if len(kinds) == 1 and None not in kinds}


def exclusive(accesses, second) -> list:
    """No two distinct threads (the query's first and `second`) both succeed at claims of
    one cell among `accesses`."""
    claims = [a for a in accesses if a.claim is not None]
    facts = []
    for a in claims:
        for b in claims:
            if a.array is not b.array:
                continue
            (old, e), (theirs, _) = a.claim, b.claim
            facts.append(z3.Not(z3.And(a.guard, second(b.guard), a.index == second(b.index),
                                       old == e, second(theirs) == e)))
    return facts
