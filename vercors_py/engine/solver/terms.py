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


def factors(term) -> tuple[int, tuple] | None:
    """A product as (integer factor, other factors sorted by id), or None for a term that
    is not a product of numerals and terms."""
    term = z3.simplify(term)
    if z3.is_int_value(term):
        return term.as_long(), ()
    if z3.is_mul(term):
        number, symbols = 1, []
        for child in term.children():
            part = factors(child)
            if part is None:
                return None
            number *= part[0]
            symbols.extend(part[1])
        return number, tuple(sorted(symbols, key=lambda t: t.get_id()))
    if z3.is_app_of(term, z3.Z3_OP_UMINUS):
        inner = factors(term.arg(0))
        return None if inner is None else (-inner[0], inner[1])
    return 1, (term,)
