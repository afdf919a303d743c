"""A signed counter compared as an unsigned value: `i % 2^64 < n` for `int i` against a
`size_t n` (C converts `i` to the unsigned type; the mapping writes the conversion as
`% 2^N`).

From a start `lo >= 0` (a literal) and stepping up by a positive literal, or doubling
from `lo >= 1`, the counter is never negative, and as an `int` (each step is checked to fit) it stays below 2^31,
under the modulus: there `i % 2^N` is `i`, so the loop counts `i` up while `i < n`.
Any other start or step keeps the conversion, and the loop no counter.
"""
from __future__ import annotations

import attrs

from ..syntax import ast as A


def unsigned_view(cond: A.Binary) -> A.Binary | None:
    """The comparison with the counter's conversion to unsigned removed (the caller
    checks the start and the step with `keeps_sign`); None if it has none."""
    match A.bare(cond.left):
        case A.Binary(op="%", left=inner, right=A.IntLit(value=m)) if m >= 1 << 31 and \
                isinstance(A.bare(inner), A.Name):
            return attrs.evolve(cond, left=A.bare(inner))
    return None


def keeps_sign(lo: A.Expr | None, step: A.Expr, op: str) -> bool:
    """Whether a counter from `lo`, stepped `op step`, is never negative: counting up from
    0 or more, or doubling (a scan's stride, `s *= 2`) from 1 or more."""
    if not (isinstance(lo, A.IntLit) and isinstance(step, A.IntLit)):
        return False
    return (op == "+" and lo.value >= 0 and step.value >= 1) or (op == "*" and lo.value >= 1 and step.value >= 2)
