"""What shape.py, the modules it builds on (branches.py, inductions.py, whole.py) and those
that write its needs (reach.py, contract.py, clauses.py, ranges.py) share: a variable's
value that is none, a loop's bound variable, an access's need, and the rewriting of
expressions (substitution, folding of literals, the names they use)."""
from __future__ import annotations

import attrs

from ..semantics.symbols import Symbol
from ..source import Span
from ..syntax import ast as A


@attrs.frozen
class Opaque:
    """A variable's value that is no expression of the point's values."""
    why: str


@attrs.frozen
class Binder:
    name: str                      # the counter as written
    symbol: Symbol
    lo: A.Expr
    hi: A.Expr                     # exclusive
    step: A.Expr | None            # None: 1


@attrs.frozen
class Need:
    array: Symbol
    index: A.Expr
    write: bool
    guards: tuple                  # conditions under which it happens
    binders: tuple                 # loops around it without a barrier, outermost first
    span: Span
    whole: bool = False            # a read share of every cell of an array no thread writes (whole.py)
    atomic: bool = False           # an atomic update: the share `atomic`, whose values are not tracked


def folded(e: A.Expr) -> A.Expr:
    """`e` with sums and products of literals computed, and `x * 1`, `x + 0` as `x`: a
    substituted `2 * s` for `s == 1` reads `2`, not `2 * 1`."""
    if not isinstance(e, A.Binary):
        return map_children(e, folded)
    left, right = folded(e.left), folded(e.right)
    if e.op not in ("+", "-", "*"):
        return attrs.evolve(e, left=left, right=right)
    if isinstance(left, A.IntLit) and isinstance(right, A.IntLit):
        value = {"+": left.value + right.value, "-": left.value - right.value, "*": left.value * right.value}[e.op]
        return A.IntLit(value, span=e.span) if value >= 0 else attrs.evolve(e, left=left, right=right)
    unit = 0 if e.op in ("+", "-") else 1
    if isinstance(right, A.IntLit) and right.value == unit:
        return left
    if isinstance(left, A.IntLit) and left.value == unit and e.op != "-":
        return right
    return attrs.evolve(e, left=left, right=right)


def substitute(e: A.Expr, env: dict) -> A.Expr:
    """`e` with each Name whose symbol `env` maps replaced."""
    match e:
        case A.Name() if e.symbol in env:
            return env[e.symbol]
        case A.Name() | A.IntLit() | A.BoolLit():
            return e
    return map_children(e, lambda x: substitute(x, env))


def map_children(e, f):
    """`e` with `f` applied to each sub-expression."""
    changes = {}
    for field in attrs.fields(type(e)):
        value = getattr(e, field.name)
        if attrs.has(type(value)) and not isinstance(value, Span):
            changes[field.name] = f(value)
        elif isinstance(value, tuple) and value and attrs.has(type(value[0])):
            changes[field.name] = tuple(f(v) for v in value)
    return attrs.evolve(e, **changes) if changes else e


def names(e: A.Expr) -> set:
    return {n.symbol for n in A.walk(e) if isinstance(n, A.Name)}
