"""A mapped C value (an expression with its C type and what is known of its values), and
the index arithmetic the mapping builds, folded where both sides are literals."""
from __future__ import annotations

import attrs

from ..syntax import ast as A
from .clang_types import CType


@attrs.frozen
class Val:
    expr: A.Expr
    ctype: CType
    # The values `expr` may take, where known to be narrower than its type's.
    bounds: tuple[int, int] | None = None
    # Of a value wrapped around into an unsigned type of N bits: the expression before
    # the wrap and its values, congruent to it modulo 2^N.  Arithmetic goes on from it
    # (`(i - 1 + n) % 2^32`, not `((i - 1) % 2^32 + n) % 2^32`), and a conversion back to
    # a signed type reads it (`sj += blockDim.y` on an int stays `sj + blockDim.y`).
    congruent: tuple[A.Expr, tuple[int, int]] | None = None

    @property
    def exact(self) -> tuple[A.Expr, tuple[int, int]]:
        """An expression congruent to this value modulo 2^N, and its values."""
        return self.congruent if self.congruent is not None else (self.expr, self.range)

    @property
    def range(self) -> tuple[int, int]:
        return self.bounds if self.bounds is not None else (self.ctype.lo, self.ctype.hi)


def times(index: A.Expr, stride: int, span) -> A.Expr:
    if stride == 1:
        return index
    if isinstance(index, A.IntLit):
        return A.IntLit(index.value * stride, span=span)
    return A.Binary("*", index, A.IntLit(stride, span=span), span=span)


def plus(offset: A.Expr, step: A.Expr, span) -> A.Expr:
    if isinstance(offset, A.IntLit) and offset.value == 0:
        return step
    if isinstance(step, A.IntLit) and step.value == 0:
        return offset
    if isinstance(offset, A.IntLit) and isinstance(step, A.IntLit):
        return A.IntLit(offset.value + step.value, span=span)
    return A.Binary("+", offset, step, span=span)


def minus(offset: A.Expr, step: A.Expr, span) -> A.Expr:
    if isinstance(step, A.IntLit) and step.value == 0:
        return offset
    if isinstance(offset, A.IntLit) and isinstance(step, A.IntLit):
        return A.IntLit(offset.value - step.value, span=span)
    return A.Binary("-", offset, step, span=span)


def type_name(ctype: CType) -> str:
    """A C type's name as part of an uninterpreted function's (`unsigned_int`)."""
    return ctype.name.replace(" ", "_")


def plus_constant(index: A.Expr, k: int, span) -> A.Expr:
    """`index + k` for a number k, folded where index is a literal."""
    if k == 0:
        return index
    if isinstance(index, A.IntLit):
        return A.IntLit(index.value + k, span=span)
    return A.Binary("+", index, A.IntLit(k, span=span), span=span)
