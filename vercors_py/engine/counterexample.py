"""A readable note from a Z3 model: sizes, ids, variables and the cells involved.

Names come from the constants of the failing formula: `lid!14` is shown as `lid`, and a
second constant of the same name (another thread of the group, in the group-level
obligations) as `lid'`.
"""
from __future__ import annotations

import z3

from ..semantics.symbols import SymbolKind
from .terms import subterms

MAX_CELLS = 6
_INTERNAL = ("X", "definitions", "loc")


def describe(model, watches, store, goal) -> tuple[str, ...]:
    if model is None:
        return ()
    parts: list[str] = []
    shown: set[str] = set()
    names: dict[str, int] = {}

    def show(name: str, term) -> None:
        value = _value(model, term)
        if value is None:
            return
        count = names.get(name, 0)
        names[name] = count + 1
        label = name + "'" * count
        if label not in shown:
            shown.add(label)
            parts.append(f"{label} = {value}")

    constants = _constants(goal)
    present = {_key(c) for c in constants}
    # The obligation's own thread ids, when the formula is about that thread at all
    # (group-level obligations speak of other threads, shown by their own names).
    own = any(w.name == "lid" and _key(w.term) in present for w in watches)
    for w in watches:
        if own or w.name not in ("gid", "lid", "tid"):
            show(w.name, w.term)
    watched = {_key(w.term) for w in watches if own or w.name not in ("gid", "lid", "tid")}
    for const in constants:
        if _key(const) not in watched:
            show(const.decl().name().split("!")[0], const)
    for symbol, term in (store or {}).items():
        if symbol.kind in (SymbolKind.LOCAL, SymbolKind.PARAM) and symbol.name not in names:
            show(symbol.name, term)
    parts.extend(_cells(model, goal))
    return ("counterexample: " + ", ".join(parts),) if parts else ()


def _key(term) -> int:
    return term.get_id()


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


def _constants(goal) -> list:
    """Uninterpreted integer and boolean constants of the formula, in a stable order."""
    found = [t for t in subterms(goal)
             if z3.is_const(t) and t.decl().kind() == z3.Z3_OP_UNINTERPRETED
             and (z3.is_int(t) or z3.is_bool(t)) and t.decl().name().split("!")[0] not in _INTERNAL]
    return sorted(found, key=lambda t: t.decl().name())


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
    for term in subterms(goal):
        if len(found) >= MAX_CELLS:
            break
        if z3.is_select(term):
            name = _array_name(term.arg(0))
            index = _value(model, term.arg(1))
            value = _value(model, term)
            if name is not None and index is not None and value is not None:
                found.setdefault(f"{name}[{index}]", f"{name}[{index}] = {value}")
    return list(found.values())
