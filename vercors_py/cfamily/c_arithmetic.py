"""C's arithmetic on mapped values (docs/cfamily.md, "Arithmetic"): the binary operators in
the type clang gives them, the usual arithmetic conversions clang shows, division and
remainder truncating towards zero, bitwise operators; a part of the expression mapper
(clang_expressions.Exprs)."""
from __future__ import annotations

from clang.cindex import Cursor

from ..semantics.symbols import AXES
from ..syntax import ast as A
from . import clang_builtins as B
from . import clang_types as T
from .clang_scope import Unsupported
from .clang_shifts import shift
from .clang_types import CType, Kind
from .cursors import BITWISE, COMPARE, FLOAT_COMPARE, FLOAT_OPS
from .values import Val, type_name


class Arithmetic:
    """The binary operators of clang_expressions.Exprs, which this is a part of."""

    def combine(self, op: str, left: Val, right: Val, right_c: Cursor, c: Cursor,
                ctype: CType | None = None) -> Val:
        """`left op right` with C's meaning, in the type clang gave the operation (or,
        for `x op= e`, its computation type `ctype`)."""
        span = self.s.span(c)
        ctype = ctype or self.scalar(c)
        if op in COMPARE:
            operands = self.common(left, right, c)
            if operands[0].ctype.kind is Kind.FLOAT:
                fn = self.s.uninterpreted(f"\\{type_name(operands[0].ctype)}_{FLOAT_COMPARE[op]}", A.Type.BOOL, 2)
                return Val(A.Call(fn, (operands[0].expr, operands[1].expr), name_span=span, span=span), T.BOOL)
            return Val(A.Binary(op, operands[0].expr, operands[1].expr, span=span), T.BOOL)
        if op in ("<<", ">>"):
            return shift(self, op, self.convert(left, ctype, c), right, right_c, c)
        left, right = self.convert(left, ctype, c), self.convert(right, ctype, c)
        if ctype.kind is Kind.FLOAT:
            if op not in FLOAT_OPS:
                raise Unsupported("unsupported.type", span, f"`{op}` on a floating-point value")
            fn = self.s.uninterpreted(f"\\{type_name(ctype)}_{FLOAT_OPS[op]}", A.Type.INT, 2)
            return Val(A.Call(fn, (left.expr, right.expr), name_span=span, span=span), ctype)
        if op in ("+", "-", "*"):
            if not ctype.signed:
                # Congruent operands give a congruent result modulo 2^N.
                (a, a_range), (b, b_range) = left.exact, right.exact
                left, right = Val(a, ctype, a_range), Val(b, ctype, b_range)
            return self.fits(A.Binary(op, left.expr, right.expr, span=span), self._arith_range(op, left, right),
                             ctype, c)
        if op in ("/", "%"):
            return self._divide(op, left, right, ctype, c)
        if op in BITWISE:
            return self._bitwise(op, left, right, ctype, c)
        raise Unsupported("unsupported.statement", span, f"the operator {op} is not supported")

    def _arith_range(self, op: str, left: Val, right: Val) -> tuple[int, int]:
        """The values of `left op right` by interval arithmetic, except for the global id
        and size, whose parts are bounded together by the launch (`gid * gsize` is at
        most `tcount - gsize`), which intervals of the parts alone would not show."""
        ids = _ids(left.expr), _ids(right.expr)
        if op == "*" and None not in ids and ids[0][1] == ids[1][1]:
            axis, names = self.axis(ids[0][1]), {ids[0][0], ids[1][0]}
            if names == {"gid", "gsize"}:
                return axis.offset
            if names == {"ngroups", "gsize"}:
                return axis.tcount
        if op == "+":
            for offset, lid in ((left.expr, right.expr), (right.expr, left.expr)):
                dim = _offset_axis(offset)
                if dim is not None and _ids(lid) == ("lid", dim):
                    return self.axis(dim).tid
        (a, b), (x, y) = left.range, right.range
        if op == "+":
            return a + x, b + y
        if op == "-":
            return a - y, b - x
        products = (a * x, a * y, b * x, b * y)
        return min(products), max(products)

    def common(self, left: Val, right: Val, c: Cursor) -> tuple[Val, Val]:
        """Two operands of a comparison, which clang converted to one type already; a
        truth value beside a number is compared as the number 0 or 1."""
        if left.ctype.kind is right.ctype.kind:
            return left, right
        wider = left.ctype if left.ctype.kind is not Kind.BOOL else right.ctype
        return self.convert(left, wider, c), self.convert(right, wider, c)

    def _divide(self, op: str, left: Val, right: Val, ctype: CType, c: Cursor) -> Val:
        span = self.s.span(c)
        plain = A.Binary(op, left.expr, right.expr, span=span)
        (a, b), (x, y) = left.range, right.range
        if a >= 0 and x > 0:
            return Val(plain, ctype, (a // y, b // x) if op == "/" else (0, min(b, y - 1)))
        if not ctype.signed:
            return Val(plain, ctype)
        # Truncated towards zero by a positive divisor the quotient stays in the type;
        # only INT_MIN / -1 leaves it.
        quotient = (a // y if a >= 0 else -(-a // x), b // x if b >= 0 else -(-b // y)) if x > 0 \
            else (ctype.lo, -ctype.lo)
        # C truncates towards zero; Euclidean division agrees on a non-negative dividend.
        zero = A.IntLit(0, span=span)
        negated = A.Unary("-", A.Binary(op, A.Unary("-", left.expr, span=span), right.expr, span=span), span=span)
        truncated = A.Conditional(A.Binary(">=", left.expr, zero, span=span), plain, negated, span=span)
        # INT_MIN / -1 overflows.
        return self.fits(truncated, quotient, ctype, c) if op == "/" else Val(truncated, ctype)

    def _bitwise(self, op: str, left: Val, right: Val, ctype: CType, c: Cursor) -> Val:
        span = self.s.span(c)
        if op == "&":
            for value, mask in ((left, right), (right, left)):
                if isinstance(mask.expr, A.IntLit) and mask.expr.value >= 0 and (mask.expr.value + 1) & mask.expr.value == 0:
                    # x & (2^k - 1) is x mod 2^k in two's complement, for any sign of x.
                    return Val(A.Binary("%", value.expr, A.IntLit(mask.expr.value + 1, span=span), span=span), ctype,
                               (0, mask.expr.value))
        fn = self.s.uninterpreted(f"\\bit{BITWISE[op]}", A.Type.INT, 2)
        return Val(A.Call(fn, (left.expr, right.expr), name_span=span, span=span), ctype)


def _ids(e: A.Expr) -> tuple[str, int] | None:
    """The reserved name and dimension of an id or size (`lid` or `lid.y`), or None."""
    if isinstance(e, A.Name):
        flat, _, axis = e.id.partition(".")
        if flat in B.AXIS_NAMES and (not axis or axis in AXES):
            return flat, AXES.index(axis) if axis else 0
    return None


def _offset_axis(e: A.Expr) -> int | None:
    """The dimension of `gid * gsize` (either way round), or None for another expression."""
    if not (isinstance(e, A.Binary) and e.op == "*"):
        return None
    ids = _ids(e.left), _ids(e.right)
    if None in ids or {ids[0][0], ids[1][0]} != {"gid", "gsize"} or ids[0][1] != ids[1][1]:
        return None
    return ids[0][1]
