"""The iteration variables of a par block (docs/vercors-pvl-frontend.md): one variable is
`lo + tid` (`lid`, `gid`), several are the dimensions of the same threads (or groups),
none is one iteration.

VerCors's `par (int i = a .. b, int j = c .. d)` runs one iteration for each pair
(ParBlockEncoder: each clause of the contract is quantified over the variables it
names and scaled by the ranges of the others, which is the sum of every iteration's
contract, the language's meaning of a thread contract; a barrier of the block
synchronises all of them).  Mapped, the last variable is the `.x` component of the
threads' ids, the one before `.y`, a third `.z`: `j` is `c + lid.x` with
`gsize.x == d - c`, `i` is `a + lid.y` with `gsize.y == b - a` (and `gsize.z == 1` for
two), so every pair is one thread and every thread one pair.  VerCors skips the block
when any range is empty (`low < hi` for every variable), which `empty` states.  Nested
par blocks (groups) with several variables are refused: the verifier does not yet
settle their kernel-level obligations (a cell `g * T + t` of two dimensions of groups
and of threads)."""
from __future__ import annotations

import attrs
from lark import Tree

from ..syntax import ast as A
from .expressions import expr, scalar_type
from .scope import Scope

_AXES = ("x", "y", "z")
_SIZES = {"tid": "gsize", "lid": "gsize", "gid": "ngroups"}


@attrs.frozen
class Iteration:
    names: tuple[str, ...]      # the VerCors names of its variables
    size: A.Expr                # the number of iterations
    empty: A.Expr               # whether there is none
    facts: tuple                # the components' sizes (several variables)
    span: object


def bind(s: Scope, par: Tree, reserved: str, several: bool = True) -> Iteration:
    """Binds the par block's iteration variables to `lo + reserved` (one) or to
    `lo + reserved.x` and the like (several, where `several`)."""
    iters = par.children[1]
    if iters is None:
        # VerCors: no variable to quantify, every range non-empty: one iteration.
        span = s.span(par)
        return Iteration((), A.IntLit(1, span=span), A.BoolLit(False, span=span), (), span)
    if len(iters.children) > 1 and not several:
        raise s.refuse("unsupported.statement", iters, "several iteration variables in nested par blocks (groups "
                       "of threads) are not mapped")
    if len(iters.children) > len(_AXES):
        raise s.refuse("unsupported.statement", iters, f"a par block with more than {len(_AXES)} iteration "
                       f"variables is not mapped")
    span = s.span(iters.children[0] if len(iters.children) == 1 else iters)
    ranges = []
    for it in iters.children:
        typ, var, lo, hi = it.children
        if scalar_type(s, typ) is not A.Type.INT:
            raise s.refuse("unsupported.type", typ, "a par block's variable that is not an `int`")
        ranges.append((var, expr(s, lo), expr(s, hi), s.span(it)))
    one = len(ranges) == 1
    if not one and reserved == "tid":
        # One group: `lid.x` is `tid.x`, without the group's term a solver must drop.
        reserved = "lid"
    names, sizes, facts = [], [], []
    # The last variable varies fastest: `.x`.
    for axis, (var, low, high, it_span) in zip(_AXES, reversed(ranges)):
        zero = isinstance(low, A.IntLit) and low.value == 0
        size = high if zero else A.Binary("-", high, low, span=it_span)
        ours = A.Name(reserved if one else f"{reserved}.{axis}", span=s.span(var))
        s.bind(str(var), ours if zero else A.Binary("+", low, ours, span=it_span))
        names.append(str(var))
        sizes.append(size)
        if not one:
            facts.append(_equal(f"{_SIZES[reserved]}.{axis}", size, it_span))
    if not one and len(ranges) < len(_AXES):
        facts.append(_equal(f"{_SIZES[reserved]}.z", A.IntLit(1, span=span), span))
    total, empty = sizes[0], _none(sizes[0], span)
    for size in sizes[1:]:
        total = A.Binary("*", total, size, span=span)
        empty = A.Binary("||", empty, _none(size, span), span=span)
    return Iteration(tuple(reversed(names)), total, empty, tuple(facts), span)


def _equal(name: str, size: A.Expr, span) -> A.ContextEverywhere:
    return A.ContextEverywhere(A.Binary("==", A.Name(name, span=span), size, span=span), span=span)


def _none(size: A.Expr, span) -> A.Expr:
    return A.Binary("<=", size, A.IntLit(0, span=span), span=span)
