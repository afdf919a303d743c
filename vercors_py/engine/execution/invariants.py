"""The kernel's value invariant, opened by an atomic for its one step (docs/language.md,
"Value invariants"; Amighi, Darabi, Blom and Huisman, SEFM 2015).

The invariant owns the cells it names (the atomic cells, half of each thread's ghost
contribution) for the whole kernel: no thread holds them, so no thread can read or write
them but by an atomic, and the kernel's resources cover the invariant apart from those
of every group (obligations/generate.py).  An atomic on one of its arrays takes the
invariant for its step: the thread forgets what it knew of the cells it does not hold
(other threads' atomics changed them), gains the invariant's cells and facts, updates
the cell and runs its ghost `then` block, and gives the invariant back, which must hold
again (`invariant.maintain`).  Nothing else changes the invariant's cells, since every
share of them is its own, so it holds between any two atomic steps of any threads.
"""
from __future__ import annotations

from collections.abc import Callable

import attrs
import z3

from ...diagnostics import Related
from ...semantics.queries import perm_arrays
from ...syntax import ast as A
from ...syntax.snippet import short
from .engine import Engine, Origin
from .produce_consume import Codes, Heap
from .state import State


def opened(engine: Engine, heap: Heap, exprs: tuple[A.Expr, ...], s: A.AtomicUpdate, st: State,
           step: Callable[[State], State]) -> State:
    """The state after the atomic `s`, run by `step` with the invariant `exprs` open."""
    arrays = list(perm_arrays(exprs))
    st = _forget_unheld(engine, st, arrays)
    for e in exprs:
        with engine.assuming(Origin("invariant", e.span, f"the kernel invariant `{short(e)}`", s.span)):
            st = heap.produce(e, st)
    st = step(st)
    codes = Codes("invariant.maintain", "invariant.maintain", "the kernel invariant",
                  (Related(s.span, f"the `{s.op}` that opened it"),))
    for e in exprs:
        st = heap.consume(e, st, codes)
    return _forget_unheld(engine, st, arrays)


def _forget_unheld(engine: Engine, st: State, arrays) -> State:
    """Fresh values for the cells of `arrays` the state holds nothing of: another thread
    may have changed them.  Not as a lambda (heap.havoc_unheld): a read beta-reduces one,
    so a `\\sum` over the memory before the update and one over the memory after it would
    have two shapes, and the fact relating a sum to the same sum with one cell changed
    (sums.py) could not apply; nor as an equation with one, which defeats the search for
    counterexamples."""
    t, X = engine.t, engine.t.X
    values = dict(st.values)
    for array in arrays:
        fresh = values[array] = t.fresh_array(array.name, array.type)
        chunks = st.mask.get(array, ())
        if chunks:
            q, r = engine.perms.at(chunks, X)
            engine.assume(z3.ForAll([X], z3.Implies(z3.Or(q > 0, r), fresh[X] == st.values[array][X]),
                                    patterns=[fresh[X]]))
    return attrs.evolve(st, values=values)
