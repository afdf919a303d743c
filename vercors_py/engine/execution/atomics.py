"""An atomic read-modify-write in the symbolic execution (docs/language.md, "Atomics").

It needs `atomic` on its cell or write permission.  With write permission nobody else
can touch the cell: the update is exact (the old value is the cell's, the cell then
holds the update).  With `atomic` (and so no plain share: state.py's consistency) any
number of threads update the cell in an order nobody fixes: the old value is any value
of the cell's type, and so is the cell's value afterwards.
"""
from __future__ import annotations

import attrs
import z3

from ...semantics.symbols import Symbol, SymbolKind
from ...syntax import ast as A
from ...syntax.snippet import short
from ..explanation.rivals import access
from ..solver.terms import select
from .evaluate import Evaluator, Reads
from .state import ATOMIC, State


def atomic_update(ev: Evaluator, s: A.AtomicUpdate, st: State, reads: Reads) -> State:
    engine, t = ev.engine, ev.t
    target = s.target
    array = target.array.symbol
    index = ev.eval(target.index, st, (), reads)
    engine.check(z3.And(0 <= index, index < engine.lengths[array]), "bounds.index", target.span,
                 f"`{short(target)}` may be outside the array (length {engine.length_text[array]})", store=st.store)
    chunks = st.mask.get(array, ())
    engine.assume(engine.perms.consistent_at_access(chunks, index))
    engine.check(engine.perms.can_atomic(chunks, index), "perm.atomic", target.span,
                 f"insufficient permission for `{s.op}`: it needs `atomic` or write permission on `{short(target)}`",
                 store=st.store, race=access(st, array, index, ATOMIC, "update", target))
    q, _ = engine.perms.at(chunks, index)
    exact = q >= 1
    held, before, after = (select(st.values[array], index), t.fresh_int(f"{array.name}!before"),
                           t.fresh_int(f"{array.name}!after"))
    if array in engine.ranges:
        # A C cell holds a value of its type, whatever another thread left in it.
        lo, hi = engine.ranges[array]
        engine.assume(z3.And(*(z3.And(lo <= v, v <= hi) for v in (held, before, after))))
    old = z3.If(exact, held, before)
    cell = Symbol(SymbolKind.LOCAL, short(target), A.Type.INT, None)
    update = _with_cell(s.update, target, A.Name(cell.name, span=target.span, symbol=cell))
    new = ev.eval(update, st.bind(cell, old), (), reads)
    st = attrs.evolve(st, values={**st.values, array: z3.Store(st.values[array], index, z3.If(exact, new, after))})
    return st if s.result is None else st.bind(s.result.symbol, old)


def _with_cell(e, target: A.Index, name: A.Name):
    """`e` with the cell `target` (the value before the update) read as `name`."""
    if e == target:
        return name
    changes = {}
    for field in attrs.fields(type(e)):
        value = getattr(e, field.name)
        if field.eq and attrs.has(type(value)):
            changes[field.name] = _with_cell(value, target, name)
        elif field.eq and isinstance(value, tuple) and value and attrs.has(type(value[0])):
            changes[field.name] = tuple(_with_cell(v, target, name) for v in value)
    return attrs.evolve(e, **changes) if changes else e
