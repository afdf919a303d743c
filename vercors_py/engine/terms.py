"""Walking Z3 terms."""
from __future__ import annotations

from collections.abc import Iterator

import z3


def subterms(term) -> Iterator:
    """Every distinct application below and including `term`, without recursion; the
    bodies of quantifiers and lambdas are not entered."""
    seen: set[int] = set()
    todo = [term]
    while todo:
        t = todo.pop()
        if t.get_id() in seen or not z3.is_app(t):
            continue
        seen.add(t.get_id())
        yield t
        todo.extend(t.children())


def occurs(var, term) -> bool:
    return any(t.eq(var) for t in subterms(term))


def select(array, index):
    """array[index], with a lambda applied at once: Z3 does not reduce a lambda under
    a quantifier before instantiating it, so facts would otherwise stay opaque."""
    if z3.is_quantifier(array) and array.is_lambda() and array.num_vars() == 1:
        return z3.substitute_vars(array.body(), index)
    return z3.Select(array, index)
