"""A permission whose index chooses between two cells (`c ? a : b`), written as one
permission for each arm under its condition.

`dct8x8[inverse != 0 ? i * w + k : k * w + i]` quantified over `k` asks the solver to
invert an index with a choice in it, which it often cannot; `inverse != 0 ==>
Perm(dct8x8[i * w + k], read)` and `!(inverse != 0) ==> Perm(dct8x8[k * w + i], read)`
are the same cells, each with an index it inverts.  A choice that is C's truncating
division or remainder (`x >= 0 ? x / c : -(-x / c)`, the mapping's) is left to
ranges.py, which writes it `x / c` where `x` is never negative.
"""
from __future__ import annotations

import attrs

from ..syntax import ast as A
from ..syntax.printer import format_expr
from .terms import Need, map_children


def split(needs) -> list[Need]:
    """The needs, each whose index holds a choice as one need per arm."""
    return [arm for need in needs for arm in _arms(need)]


def _arms(need: Need) -> list[Need]:
    choice = _choice(need.index)
    if choice is None:
        return [need]
    out = []
    for cond, value in ((choice.cond, choice.then), (A.Unary("!", choice.cond, span=choice.cond.span), choice.otherwise)):
        index = _replaced(need.index, choice, value)
        out += _arms(attrs.evolve(need, index=index, guards=need.guards + (cond,)))
    return out


def _choice(e: A.Expr) -> A.Conditional | None:
    """The first choice in `e` that is not C's signed division or remainder."""
    for n in A.walk(e):
        if isinstance(n, A.Conditional) and not _signed_division(n):
            return n
    return None


def _signed_division(c: A.Conditional) -> bool:
    cond, then = A.bare(c.cond), A.bare(c.then)
    return isinstance(cond, A.Binary) and cond.op == ">=" and isinstance(cond.right, A.IntLit) \
        and cond.right.value == 0 and isinstance(then, A.Binary) and then.op in ("/", "%") \
        and format_expr(then.left) == format_expr(cond.left)


def _replaced(e: A.Expr, old: A.Conditional, new: A.Expr) -> A.Expr:
    if e is old:
        return new
    return map_children(e, lambda x: _replaced(x, old, new))
