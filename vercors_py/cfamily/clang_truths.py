"""C's `&`, `|` and `^` of truth values: ints that are 0 or 1 (a comparison, `!`, `&&`,
`||`, a `bool`, or one of these three operators of truth values, as in GPUVerify's
`__requires(a >= 0 & a > n & a < 1000000)`).  Of 0 and 1 they are exactly the logical
and, or and not-equal.

C evaluates both operands of `&` and `|` (they do not short-circuit), so the right
operand's reads and checks (bounds, overflow) happen whatever the left one is.  The
language's `&&` and `||` evaluate their right operand only when the left one does not
decide, so they are used only when the right operand is plain (no read, no check, no
call: nothing that could race or fail); otherwise the true operands are counted,
`(l ? 1 : 0) + (r ? 1 : 0) == 2` (`>= 1` for `|`), which evaluates both.
"""
from __future__ import annotations

from ..syntax import ast as A

TRUTH_OPERATORS = ("&", "|", "^")

# Operators of the language that evaluate both operands and check nothing.
_PLAIN_OPERATORS = frozenset({"==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "&&", "||", "==>"})


def logical(op: str, left: A.Expr, right: A.Expr, span) -> A.Expr:
    """`left op right` for truth values `left` and `right` (boolean expressions)."""
    if op == "^":
        return A.Binary("!=", left, right, span=span)
    if _plain(right):
        return A.Binary("&&" if op == "&" else "||", left, right, span=span)
    count = A.Binary("+", _as_int(left, span), _as_int(right, span), span=span)
    return A.Binary("==" if op == "&" else ">=", count, A.IntLit(2 if op == "&" else 1, span=span), span=span)


def _as_int(e: A.Expr, span) -> A.Expr:
    return A.Conditional(e, A.IntLit(1, span=span), A.IntLit(0, span=span), span=span)


def _plain(e: A.Expr) -> bool:
    for node in A.walk(e):
        match node:
            case A.Name() | A.IntLit() | A.BoolLit() | A.Unary() | A.Conditional():
                continue
            case A.Binary(op=op) if op in _PLAIN_OPERATORS:
                continue
        return False
    return True
