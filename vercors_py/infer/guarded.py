"""The memory reads of an expression, each with the conditions under which it is
evaluated: the arm of `c ? a : b` that C does not evaluate reads nothing, nor does the
right of `&&` or `||` that C's short circuit skips.

`gindex < 7 ? 0 : in[gindex - 7]` reads `in[gindex - 7]` only where `!(gindex < 7)`:
the permission (and the requirement that the index is inside `in`) is claimed only
there.  Claiming it always would ask the host for a cell before `in` (`in[-7]` of the
first thread), a requirement no launch meets (`vacuity.precondition`).  The verifier
evaluates these operators as C does (it checks an access only where it happens), so a
permission claimed under the condition is the one the access needs.
"""
from __future__ import annotations

from ..syntax import ast as A


def reads(e: A.Expr, conds: tuple = ()) -> list[tuple[A.Index, tuple]]:
    """Each `Index` of `e` (outermost first) with the conditions, outermost
    first, that hold where it is read."""
    match e:
        case A.Conditional():
            return [*reads(e.cond, conds), *reads(e.then, conds + (e.cond,)),
                    *reads(e.otherwise, conds + (_not(e.cond),))]
        case A.Binary(op="&&"):
            return [*reads(e.left, conds), *reads(e.right, conds + (e.left,))]
        case A.Binary(op="||"):
            return [*reads(e.left, conds), *reads(e.right, conds + (_not(e.left),))]
        case A.Index():
            return [(e, conds), *reads(e.array, conds), *reads(e.index, conds)]
    return [found for child in A.children(e) for found in reads(child, conds)]


def _not(c: A.Expr) -> A.Expr:
    return A.Unary("!", c, span=c.span)
