"""Conditions that the launch decides alike for a whole work group.

The lock-step rule of uniformity (semantics/uniformity.py) calls a condition that reads
an id non-uniform: `if (i < N)` with `i = get_global_id(0)`.  But the host's facts may
make it hold for every thread (`N == tcount.x`): then every thread of a group takes the
same branch, and what is assigned under it is as uniform as it would be without the
`if`, loop counters that decide where the barriers are included.

An `if` of main is decided when, wherever the walk met it (protocol.py's `branches`),
Z3 shows that two threads of one work group that both reach it with the launch's facts
evaluate its condition alike (the query of `reached_uniformly`, for a condition).  The
walk it asks is one for the lock-step rule's uniform variables, which over-approximates
the threads' values, so what it shows holds of every launch the facts allow.  Only
conditions that read no memory, on paths that read none, are asked: two threads read one
value from one cell in the walk only because a different value would need a race, and a
race must not make a condition look uniform.  Then the rule is applied again with those
conditions uniform (`analyze(main, decided)`), and the kernel walked again.
"""
from __future__ import annotations

import z3

from ..engine.solver.terms import subterms
from ..syntax import ast as A
from .check import _second, query_solver
from .protocol import Protocol


def decided(p: Protocol, timeout: float) -> frozenset[int]:
    """The ids of main's `if`s whose condition every two threads of a group that reach
    it evaluate alike (also those whose condition reads nothing of a thread's own, which
    the lock-step rule knows already)."""
    found = set()
    second = _second(p, same_group=True)
    for stmt in (n for n in A.statements(p.kernel.main.body) if isinstance(n, A.If)):
        met = p.branches.get(id(stmt))
        if met and all(second(cond).eq(cond) or _alike(p, second, guard, cond, timeout) for guard, cond in met):
            found.add(id(stmt))
    return frozenset(found)


def _alike(p: Protocol, second, guard, cond, timeout: float) -> bool:
    if reads_memory(z3.And(guard, cond)):
        return False
    s = query_solver(p.engine.t.ctx, timeout)
    s.add(p.facts, second.facts, guard, second(guard), cond != second(cond))
    return s.check() == z3.unsat


def reads_memory(term) -> bool:
    """Whether a term reads an array (a value from memory)."""
    return any(z3.is_select(t) or z3.is_array(t) for t in subterms(term))
