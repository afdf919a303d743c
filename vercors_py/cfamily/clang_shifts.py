"""C's shifts `x << k` and `x >> k`, by a constant amount or not.

`x << k` is x * 2^k and `x >> k` floor division by 2^k (the arithmetic shift clang
compiles), in the promoted type of `x` (docs/cfamily.md, "Arithmetic").  The amount:

* in CUDA (C and C++), an amount outside 0 .. N-1 (N the width of the promoted left
  operand) is undefined behaviour: `check` reports it (`arith.shift`), and the value is
  an uninterpreted one, so no analysis rests on any particular result;
* in OpenCL C the amount is taken modulo N (OpenCL C 1.2 §6.3.j: its log2(N) low bits,
  read as unsigned; clang masks it so): `x << 33` on an int is `x << 1`.

2^k for an amount that is not a constant is `\\pow2(k)`, a function defined by its
table (`run` and `check` read the definition) with the table's entries as facts of every
kernel (`races` applies functions without their definitions): exact, and the solver
divides by one term with known values rather than by a chain of 32 conditionals, which
it cannot (bitonic-sort.cl: no answer in 300 s with the chain, 0.2 s so).
"""
from __future__ import annotations

from clang.cindex import Cursor, CursorKind as K

from ..syntax import ast as A
from . import clang_types as T
from .clang_types import CType
from .dialect import Dialect
from .values import Val

POW2 = "\\pow2"


def shift(exprs, op: str, left, right, right_c: Cursor, c: Cursor):
    """`left op right` (op `<<` or `>>`), `left` already in its promoted type."""
    span = exprs.s.span(c)
    at = exprs.s.span(right_c)
    ctype: CType = left.ctype
    width = ctype.bits
    amount, (lo, hi) = right.expr, right.range
    if exprs.s.dialect is Dialect.OPENCL and not (0 <= lo and hi < width):
        # Euclidean `%`: the low bits of the two's complement, read as unsigned.
        if isinstance(amount, A.IntLit):
            lo = hi = amount.value % width
            amount = A.IntLit(lo, span=at)
        else:
            amount, lo, hi = A.Binary("%", amount, A.IntLit(width, span=at), span=at), 0, width - 1
    # `<<` of an unsigned value goes on from the expression before its wrap-around.
    expr, (x_lo, x_hi) = left.exact if op == "<<" else (left.expr, left.range)
    first, last = max(lo, 0), min(hi, width - 1)
    if first > last:
        return Val(_undefined(exprs, op, left, _checked(exprs, amount, width, right_c), ctype, span), ctype)
    if first == last:
        power = A.IntLit(2**first, span=at)
    else:
        exprs.s.powers.add(width)
        power = A.Call(POW2, (amount,), name_span=at, span=at)
    if isinstance(expr, A.IntLit) and isinstance(power, A.IntLit):
        value = A.IntLit(expr.value << first if op == "<<" else expr.value >> first, span=span)
    elif isinstance(expr, A.IntLit) and expr.value == 1 and op == "<<":
        value = power
    else:
        value = A.Binary("*" if op == "<<" else "/", expr, power, span=span)
    ends = (x_lo << first, x_lo << last, x_hi << first, x_hi << last) if op == "<<" \
        else (x_lo >> first, x_lo >> last, x_hi >> first, x_hi >> last)
    bounds = (min(ends), max(ends))
    # Arithmetic shift: floor division, which the Euclidean `/` is for a positive divisor.
    defined = exprs.fits(value, bounds, ctype, c) if op == "<<" else Val(value, ctype, bounds)
    if 0 <= lo and hi < width:
        return defined
    inside = A.Binary("&&", A.Binary("<=", A.IntLit(0, span=at), _checked(exprs, amount, width, right_c), span=at),
                      A.Binary("<", amount, A.IntLit(width, span=at), span=at), span=at)
    return Val(A.Conditional(inside, defined.expr, _undefined(exprs, op, left, amount, ctype, span), span=span), ctype)


def folds_undefined(unit, c: Cursor) -> bool:
    """Whether clang's value of `c` folds a CUDA shift by a constant amount outside its
    width (`1 << 40` folds to 0), which is undefined: then `c` is mapped, so that `check`
    reports it where it is reached."""
    if unit.dialect is not Dialect.CUDA:
        return False
    for node in c.walk_preorder():
        if node.kind in (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR) \
                and node.binary_operator.name in ("Shl", "Shr", "ShlAssign", "ShrAssign"):
            left, right = node.get_children()
            amount, ctype = unit.constant(right), T.scalar(left.type)
            if isinstance(amount, int) and ctype is not None and not 0 <= amount < T.promoted(ctype).bits:
                return True
    return False


def _checked(exprs, amount: A.Expr, width: int, right_c: Cursor) -> A.Expr:
    """The amount, checked by `check` to lie in 0 .. width - 1 (arith.shift)."""
    return A.Fits(amount, f"the amounts a {width}-bit value can be shifted by", 0, width - 1, exprs.s.text(right_c),
                  "arith.shift", span=exprs.s.span(right_c))


def _undefined(exprs, op: str, left, amount: A.Expr, ctype: CType, span) -> A.Expr:
    """The result of an undefined shift: a value nothing is known about."""
    name = exprs.s.uninterpreted(f"\\undefined_{'shl' if op == '<<' else 'shr'}_{ctype.bits}", A.Type.INT, 2)
    return A.Call(name, (left.expr, amount), name_span=span, span=span)


def definitions(widths: set[int], span) -> tuple[A.Function, ...]:
    """`\\pow2`, defined by its table, if a shift needs it."""
    if not widths:
        return ()
    k = A.Name("k", span=span)
    table: A.Expr = A.IntLit(0, span=span)
    for n in reversed(range(max(widths))):
        table = A.Conditional(A.Binary("==", k, A.IntLit(n, span=span), span=span), A.IntLit(2**n, span=span), table,
                              span=span)
    return (A.Function((), A.Type.INT, POW2, (A.Param(A.Type.INT, "k", name_span=span, span=span),), table,
                       name_span=span, span=span),)


def facts(widths: set[int], span) -> tuple[A.ContextEverywhere, ...]:
    """The table of `\\pow2` as facts of a kernel, for the analyses that do not read
    definitions."""
    return tuple(A.ContextEverywhere(A.Binary("==", A.Call(POW2, (A.IntLit(n, span=span),), name_span=span, span=span),
                                              A.IntLit(2**n, span=span), span=span), span=span)
                 for n in range(max(widths, default=0)))
