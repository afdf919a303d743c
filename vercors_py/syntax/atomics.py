"""The language's atomic operations (`atomic_add(a[i], v)`, ...): how many operands each
takes and the value it leaves in its cell.  The parser builds `AtomicUpdate` from them; a
C front end builds its own, with C's arithmetic."""
from __future__ import annotations

from . import ast as A


def update(op: str, cell: A.Index, args: tuple) -> A.Expr:
    """The value an atomic operation of the language leaves in `cell`, over unbounded
    integers; `cell` in it stands for the value before (docs/language.md, "Atomics")."""
    # The update spans the cell and its operands, as the call does.
    span = cell.span.cover(args[-1].span) if args else cell.span
    match op, args:
        case "atomic_add", (v,):
            return A.Binary("+", cell, v, span=span)
        case "atomic_sub", (v,):
            return A.Binary("-", cell, v, span=span)
        case "atomic_exch", (v,):
            return v
        case "atomic_min", (v,):
            return A.Conditional(A.Binary("<", cell, v, span=span), cell, v, span=span)
        case "atomic_max", (v,):
            return A.Conditional(A.Binary(">", cell, v, span=span), cell, v, span=span)
        case "atomic_cas", (expected, v):
            return A.Conditional(A.Binary("==", cell, expected, span=span), v, cell, span=span)
    # A wrong number of operands: the type checker names it (type.arity); the update is
    # then never used.
    return cell


OPERANDS = {"atomic_add": 1, "atomic_sub": 1, "atomic_exch": 1, "atomic_min": 1,
            "atomic_max": 1, "atomic_cas": 2}
