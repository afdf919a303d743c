"""A readable note from a Z3 model: sizes, ids, variables and the cells involved."""
from __future__ import annotations

import z3

from ..semantics.symbols import SymbolKind

MAX_CELLS = 6


def describe(model, watches, store, goal) -> tuple[str, ...]:
    if model is None:
        return ()
    parts = []
    for w in watches:
        value = _value(model, w.term)
        if value is not None:
            parts.append(f"{w.name} = {value}")
    if store:
        for symbol, term in store.items():
            if symbol.kind in (SymbolKind.LOCAL, SymbolKind.PARAM):
                value = _value(model, term)
                if value is not None:
                    parts.append(f"{symbol.name} = {value}")
    parts.extend(_cells(model, goal))
    if not parts:
        return ()
    return ("counterexample: " + ", ".join(dict.fromkeys(parts)),)


def _value(model, term):
    try:
        value = model.eval(term, model_completion=True)
    except z3.Z3Exception:
        return None
    if z3.is_int_value(value):
        return value.as_long()
    if z3.is_true(value):
        return "true"
    if z3.is_false(value):
        return "false"
    if z3.is_rational_value(value):
        return value.as_fraction()
    return None


def _array_name(term) -> str | None:
    while True:
        if z3.is_const(term) and term.decl().kind() == z3.Z3_OP_UNINTERPRETED:
            return term.decl().name().split("!")[0]
        if z3.is_store(term):
            term = term.arg(0)
            continue
        return None


def _cells(model, goal) -> list[str]:
    found: dict[str, str] = {}
    seen = set()
    todo = [goal]
    while todo and len(found) < MAX_CELLS:
        term = todo.pop()
        if term.get_id() in seen:
            continue
        seen.add(term.get_id())
        if z3.is_select(term):
            name = _array_name(term.arg(0))
            index = _value(model, term.arg(1))
            value = _value(model, term)
            if name is not None and index is not None and value is not None:
                found.setdefault(f"{name}[{index}]", f"{name}[{index}] = {value}")
        if z3.is_app(term):
            todo.extend(term.children())
        elif z3.is_quantifier(term):
            continue
    return list(found.values())
