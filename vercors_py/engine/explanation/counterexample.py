"""A readable note from a Z3 model: sizes, ids, variables, cells and function values.

Names come from the constants of the failing formula: `lid!14` is shown as `lid`, and a
second constant of the same name (another thread of the group, in the group-level
obligations) as `lid'`.

What a note promises (docs/language.md, "Counterexamples"): it says where its values are
from (`at line 17`, `at the loop head (line 12)`, `before the barrier at line 20`, `at
the end of main`), the locals are shown at that point (a local's value at the loop head,
when the formula also speaks of it, is added as `was ...`), the values of the pure
function applications of the failing formula are shown (`binom(3, 1) = 3`), and a model
found without the definitions of recursive functions was checked against them
(concrete.py): when no model that respects them was found, the note says it may be
spurious and why.  When one obligation reports the same failure on several paths, each
note names the branch conditions its path took that the others did not.
"""
from __future__ import annotations

import attrs
import z3

from ...diagnostics import COUNTEREXAMPLE_PREFIX as PREFIX, Related
from ...semantics.symbols import SymbolKind
from ..solver.terms import subterms

MAX_CELLS = 6
_INTERNAL = ("X", "definitions", "loc")


@attrs.frozen
class Point:
    """Where the values of a counterexample are from, as a note says it (`before the
    barrier`, `at the loop head`), and the place when the failure's own span and related
    places do not show it (a `return`)."""
    phrase: str
    span: object = None


def describe(model, watches, store, goal, engine=None, caveat: str | None = None) -> tuple[str, ...]:
    """The counterexample note of a failed check of `goal` (None of no use).  With the
    `engine`: where the values are from, the values of locals at an earlier point, the
    values of function applications."""
    if model is None:
        return ()
    parts: list[str] = []
    shown: set[str] = set()
    names: dict[str, int] = {}
    born = engine.born if engine is not None else {}
    current = {symbol.name: term for symbol, term in (store or {}).items()
               if symbol.kind in (SymbolKind.LOCAL, SymbolKind.PARAM)}
    earlier: dict[str, str] = {}      # a local's name -> its value where it was made

    def show(name: str, term, suffix: str = "") -> None:
        value = _value(model, term)
        if value is None:
            return
        count = names.get(name, 0)
        names[name] = count + 1
        label = name + "'" * count
        if label not in shown:
            shown.add(label)
            parts.append(f"{label} = {value}{suffix}")

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
        if _key(const) in watched:
            continue
        name = const.decl().name().split("!")[0]
        made = born.get(_key(const))
        if made is not None and made[0].eq(const) and name in current and not current[name].eq(const) \
                and name not in names:
            # A local's value where it was made (the loop head), which the formula also
            # speaks of: shown beside its value here.
            value = _value(model, const)
            if value is not None:
                earlier[name] = f" (was {value} {made[1]})"
            continue
        show(name, const)
    for name, term in current.items():
        if name not in names:
            show(name, term, earlier.get(name, ""))
    parts.extend(_cells(model, goal))
    if engine is not None and engine.functions is not None:
        from .concrete import Truth      # the interpreter's evaluation, loaded only for a failure
        parts.extend(Truth(engine.functions, model).shown(goal, exact=not caveat))
    if not parts:
        return ()
    point = engine.point if engine is not None else None
    note = PREFIX + (f"{point.phrase}: " if point is not None else "") + ", ".join(parts)
    if caveat:
        note += "; " + caveat
    return (note,)


def place(point: Point | None, span, related) -> tuple:
    """The place a note's values are from, as a related place, when the failure does not
    show it already."""
    where = point.span if point is not None else None
    if where is None or span is None or where.path != span.path:
        return ()
    if where.start <= span.start and span.end <= where.end:
        return ()
    if any(r.span == where for r in related):
        return ()
    return (Related(where, f"the counterexample's values are from here ({point.phrase})"),)


@attrs.define
class _Failure:
    diagnostic: object        # as first reported
    path: tuple[str, ...]     # the branch conditions taken
    shown: object             # as it stands in the engine's diagnostics


class Failures:
    """The failed checks of one obligation, to tell apart the same failure on two paths:
    each gets the branch conditions its path took that the others did not."""

    def __init__(self) -> None:
        self.entries: list[_Failure] = []

    def report(self, engine, diagnostic) -> None:
        if diagnostic in engine.diagnostics:
            return
        path = _path(engine.solver.log)
        key = _key_of(diagnostic)
        group = [e for e in self.entries if _key_of(e.diagnostic) == key]
        entry = _Failure(diagnostic, path, diagnostic)
        self.entries.append(entry)
        if not group:
            engine.report(diagnostic)
            return
        group.append(entry)
        common = set.intersection(*(set(e.path) for e in group))
        for e in group:
            taken = [c for c in e.path if c not in common]
            updated = _with_path(e.diagnostic, taken) if taken else e.diagnostic
            if e is entry:
                e.shown = updated
                engine.report(updated)
            elif updated != e.shown:
                engine.diagnostics[:] = [updated if d is e.shown else d for d in engine.diagnostics]
                e.shown = updated


def _key_of(d):
    return d.code, d.span, d.message, d.obligation


def _path(log) -> tuple[str, ...]:
    out: list[str] = []
    for _, _, origin in log:
        if origin is not None and origin.kind == "branch" and origin.label not in out:
            out.append(origin.label)
    return tuple(out)


def _with_path(d, taken):
    path = "on the path " + ", ".join(taken)
    notes = list(d.notes)
    for i, note in enumerate(notes):
        if note.startswith(PREFIX):
            notes[i] = PREFIX + path + ", " + note[len(PREFIX):]
            break
    else:
        notes.insert(0, path)
    return attrs.evolve(d, notes=tuple(notes))


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
            # A cell below 0 is no cell: its read sits on a branch not taken (`lid > 0 ?
            # a[lid - 1] : 0` at lid 0), since a read that happens is checked in bounds.
            if name is not None and isinstance(index, int) and index >= 0 and value is not None:
                found.setdefault(f"{name}[{index}]", f"{name}[{index}] = {value}")
    return list(found.values())
