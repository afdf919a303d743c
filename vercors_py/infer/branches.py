"""A variable the two arms of a branch assign differently: `c ? a : b` after it.

After `int k = -1; if (c) k = i + h;` a point's value of `k` is the choice `c ? i + h :
-1`, where `c` is the branch's condition in the point's terms, taken before either arm
runs (so what the arms assign does not change it), and the arms' values are the point's
too.  This is the value each thread's `k` has, exactly; where the condition reads
memory, or an arm leaves the variable with no value, it stays without one (shape.py's
`Opaque`).

An access through such a value is one access per arm: `a[k]` under `k != -1` is
`c && i + h != -1 ==> Perm(a[i + h], ...)`, and the arm where `-1 != -1` needs nothing.
The cases say the same as the choice, in the linear form the solver decides.
"""
from __future__ import annotations

import attrs

from ..syntax import ast as A
from .terms import Need, Opaque, map_children


@attrs.frozen
class Choice(A.Conditional):
    """A value a branch chose (not a C `?:`): split into its cases where it is used."""


def chosen(merged: dict, then: dict, otherwise: dict, conds: dict) -> dict:
    """`merged` (each point's values after the branch, shape._merge) with each variable
    the arms give different values written as the choice between them; `conds` gives
    each point's condition in its terms (None where it has none)."""
    for p, env in merged.items():
        cond = conds.get(p)
        if cond is None or p not in then or p not in otherwise:
            continue
        for symbol, value in env.items():
            a, b = then[p].get(symbol), otherwise[p].get(symbol)
            if isinstance(value, Opaque) and _value(a) and _value(b):
                env[symbol] = Choice(cond, a, b, span=cond.span)
    return merged


def _value(v) -> bool:
    return v is not None and not isinstance(v, Opaque)


def cases(needs) -> list[Need]:
    """The needs with each choice in an index or a condition split into its arms."""
    out = []
    for need in needs:
        out.extend(_split(need))
    return out


def _split(need: Need) -> list[Need]:
    choice = next((n for e in (need.index, *need.guards) for n in A.walk(e) if isinstance(n, Choice)), None)
    if choice is None:
        guards = tuple(g for g in need.guards if _literal(g) is not True)
        return [] if any(_literal(g) is False for g in guards) else [attrs.evolve(need, guards=guards)]
    out = []
    for arm, cond in ((choice.then, choice.cond), (choice.otherwise, A.Unary("!", choice.cond, span=choice.span))):
        def pick(e):
            return arm if e == choice else map_children(e, pick)
        out += _split(attrs.evolve(need, index=pick(need.index), guards=(cond, *map(pick, need.guards))))
    return out


def _literal(e: A.Expr):
    """The truth of a comparison of two literals; None for any other condition."""
    match e:
        case A.Binary(op=op, left=A.IntLit(value=a), right=A.IntLit(value=b)) if op in _COMPARE:
            return _COMPARE[op](a, b)
        case A.Binary(op=op, left=A.Unary(op="-", operand=A.IntLit(value=a)), right=right) if op in _COMPARE:
            return _literal(A.Binary(op, A.IntLit(-a), right))
        case A.Binary(op=op, left=left, right=A.Unary(op="-", operand=A.IntLit(value=b))) if op in _COMPARE:
            return _literal(A.Binary(op, left, A.IntLit(-b)))
    return None


_COMPARE = {"==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
            "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}
