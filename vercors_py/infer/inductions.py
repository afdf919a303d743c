"""A variable a counted loop steps by a fixed amount: `Abase += Ainc` once per iteration
of `for (K = lo; K < hi; K++)`.

Inside a loop without a barrier every variable the loop assigns has no value
(shape.py), save the counter, which becomes the bound variable.  Such a variable has
one: at the head of the iteration with counter `K` it is `v0 + (K - lo) * c`, where `v0`
is its value on entry and `c` is the step, when

- the loop is a `for` whose header steps the counter by 1 (the body sees one counter
  value per iteration),
- the body assigns the variable once, `v = v + c`, as one of its own statements (not
  under a branch or in a nested loop: it runs once in every iteration),
- `c` names nothing the loop assigns and reads no memory, and
- the body has no `break`, `continue` or `return` (each iteration runs to its end).

Each step is checked to fit in the variable's type (the mapping's `Fits`), so where the
check passes the sum is C's value.  The loop invariant `v == v0 + (K - lo) * c` states it
for the check, which proves it on entry and after each iteration.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from ..semantics.symbols import Symbol
from ..syntax import ast as A
from .terms import folded, names, substitute

if TYPE_CHECKING:
    from .shape import Counter


@attrs.frozen
class Induction:
    target: A.Name                 # the variable, as the body assigns it
    step: A.Expr                   # c, in the body's terms (names nothing the loop assigns)
    entry: A.Expr                  # v0, in the head's terms

    @property
    def symbol(self) -> Symbol:
        return self.target.symbol


def inductions(stmt, body, counter: Counter | None, entry) -> list[Induction]:
    """The loop's variables stepped by a fixed amount once per iteration; `entry(symbol,
    loop_assigned)` gives a variable's value on entry (shape._Walk._entry_value)."""
    if not (isinstance(stmt, A.For) and counter is not None and counter.op == "+" and counter.lo is not None
            and counter.update_at is None and isinstance(counter.step, A.IntLit) and counter.step.value == 1):
        return []
    inside = list(A.statements(stmt.body))
    if any(isinstance(n, (A.Break, A.Continue, A.Return)) for n in inside):
        return []
    assigns = [n for n in inside if isinstance(n, A.Assign)]
    header = {n.target.symbol for n in A.statements(stmt.update) if isinstance(n, A.Assign)} if stmt.update else set()
    loop_assigned = {a.target.symbol for a in assigns} | header | {counter.symbol}
    out = []
    for s in body:
        if not isinstance(s, A.Assign) or s.target.symbol in header or s.target.symbol is counter.symbol:
            continue
        if sum(1 for a in assigns if a.target.symbol is s.target.symbol) != 1:
            continue
        match A.bare(s.value):
            case A.Binary(op="+", left=left, right=step) if A.is_name(left, s.target.symbol) \
                    and not names(step) & loop_assigned and not any(isinstance(n, A.Index) for n in A.walk(step)):
                v0 = entry(s.target.symbol, loop_assigned)
                if v0 is not None:
                    out.append(Induction(s.target, step, v0))
    return out


def at_head(found: Induction, counter: Counter, values: dict) -> A.Expr:
    """`v0 + (K - lo) * c`, in the head's terms (`values`: the head's known values)."""
    span = found.target.span
    k = A.Name(counter.name, span=span, symbol=counter.symbol)
    count = A.Binary("-", k, counter.lo, span=span)
    return folded(A.Binary("+", found.entry, A.Binary("*", count, substitute(found.step, values), span=span),
                           span=span))
