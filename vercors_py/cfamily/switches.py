"""`switch` statements, with C's meaning (docs/cfamily.md, "Statements").

`switch (e) { ... }` evaluates e once (its integer promotion is clang's implicit cast)
into a variable, then runs its body from the label that matches: the `case` whose value
(clang's constant, already converted to the promoted type of e) equals it, else
`default`, wherever it stands, else nothing; from there it falls through every later
statement, labels included, until a `break` that belongs to the switch.  Mapped:

    int switch$value = e;  bool switch$on = false;  bool switch$broke = false;
    switch$on = switch$on || switch$value == 1 || switch$value == 2;   // case 1: case 2:
    if (switch$on) { ...the statements up to the next label... }
    switch$on = switch$on || !(switch$value == 1 || ... );             // default:
    if (switch$on) { ... }

`switch$on` says that control has reached this point (a label matched, here or before);
a `break` of the switch (one not inside a loop or an inner switch) sets `switch$broke`,
and the statements after it run only while it is unset (exits.py, as for a helper's
early `return`).  The body is mapped statement by statement as any block is, so each
C statement runs exactly where C runs it.

Refused (`unsupported.statement`) where the mapping would not be C's: a `case` or
`default` label inside a nested statement (Duff's device), GNU case ranges, a switch
declaring a variable in its condition, and a declaration or `goto` label among the
body's own statements (its scope would span labels the mapping separates).
"""
from __future__ import annotations

import attrs
from clang.cindex import Cursor, CursorKind as K

from ..syntax import ast as A
from . import clang_types as T
from . import exits
from .cursors import children
from .clang_scope import Unsupported

_LABELS = (K.CASE_STMT, K.DEFAULT_STMT)


@attrs.define
class Switch:
    """The switch whose body is being mapped: its variables, its body's own statements
    and the values of its `case` labels."""
    value: str
    on: str
    broke: str
    items: set            # hashes of the body's own statements and of the labels chained on them
    values: list[int]


def switch(statements, c: Cursor) -> list:
    scope = statements.s
    span = scope.span(c)
    parts = children(c)
    if len(parts) != 2:
        raise Unsupported("unsupported.statement", span, "a `switch` that declares a variable is not supported")
    cond_c, body_c = parts
    ctype = T.scalar(cond_c.type)
    if ctype is None or not ctype.is_int:
        raise Unsupported("unsupported.statement", span, "a `switch` on a value that is not an integer is not "
                          "supported")
    items = children(body_c) if body_c.kind is K.COMPOUND_STMT else [body_c]
    known, values = set(), []
    for item in items:
        if item.kind in (K.DECL_STMT, K.LABEL_STMT):
            raise Unsupported("unsupported.statement", scope.span(item),
                              "a declaration or a `goto` label among a `switch` body's own statements is not "
                              "supported (its scope would span the case labels); put it in a block")
        known.add(item.hash)
        while item.kind in _LABELS:
            label_parts = children(item)
            if item.kind is K.CASE_STMT:
                if len(label_parts) != 2:
                    raise Unsupported("unsupported.statement", scope.span(item), "a case range is not supported")
                value = scope.unit.constant(label_parts[0])
                if not isinstance(value, int):
                    raise Unsupported("unsupported.statement", scope.span(item), "this case label is not supported")
                values.append(value)
            item = label_parts[-1]
            known.add(item.hash)
            if item.kind is K.DECL_STMT:
                raise Unsupported("unsupported.statement", scope.span(item),
                                  "a declaration right after a case label is not supported; put it in a block")
    with statements.effects.full(cond_c) as prelude:
        value = statements.e.value(cond_c)
    names = [scope.declare_hidden(c, ctype, "switch$value").name, scope.declare_hidden(c, T.BOOL, "switch$on").name,
             scope.declare_hidden(c, T.BOOL, "switch$broke").name]
    out = prelude + [A.VarDecl(T.lang_type(ctype), names[0], value.expr, T.elem_range(ctype), name_span=span,
                               span=span)]
    out += [A.VarDecl(A.Type.BOOL, name, A.BoolLit(False, span=span), name_span=span, span=span)
            for name in names[1:]]
    current = Switch(*names, known, values)
    statements.switches.append(current)
    scope.push()
    try:
        mapped = statements.sequence(items, scope.span(body_c).start, scope.span(body_c).end)
    finally:
        scope.pop()
        statements.switches.pop()
    region = _guarded(mapped, current.on, span)
    region = [_breaks(s, current.broke) for s in region]
    return out + [A.Block(tuple(exits.leave(region, current.broke)), span=span)]


def label(statements, c: Cursor, contract: tuple) -> list:
    """`case K: S` or `default: S` among the switch body's own statements: control is
    here if it was already, or if this label matches; then S."""
    scope = statements.s
    span = scope.span(c)
    current = statements.switches[-1] if statements.switches else None
    if current is None or c.hash not in current.items:
        raise Unsupported("unsupported.statement", span,
                          "a case label inside a statement nested in the `switch` body is not supported")
    value = A.Name(current.value, span=span)
    if c.kind is K.CASE_STMT:
        test = A.Binary("==", value, A.IntLit(scope.unit.constant(children(c)[0]), span=span), span=span)
    else:
        test = A.Unary("!", _any(value, current.values, span), span=span)
    on = A.Name(current.on, span=span)
    reached = A.Assign(on, A.Binary("||", on, test, span=span), span=span)
    return [reached] + statements.stmt(children(c)[-1], contract)


def _any(value: A.Expr, values: list[int], span) -> A.Expr:
    tests = [A.Binary("==", value, A.IntLit(k, span=span), span=span) for k in values]
    if not tests:
        return A.BoolLit(False, span=span)
    found = tests[0]
    for test in tests[1:]:
        found = A.Binary("||", found, test, span=span)
    return found


def _guarded(mapped: list, on: str, span) -> list:
    """Each run of statements between the labels' assignments of `on` under `if (on)`."""
    out, run = [], []

    def close():
        if run:
            covered = run[0].span.cover(run[-1].span)
            out.append(A.If(A.Name(on, span=span), A.Block(tuple(run), span=covered), None, span=covered))
            run.clear()
    for stmt in mapped:
        if isinstance(stmt, A.Assign) and stmt.target.id == on:
            close()
            out.append(stmt)
        else:
            run.append(stmt)
    close()
    return out


def _breaks(stmt, flag: str):
    """The switch's own `break`s (those outside loops: an inner switch has replaced its
    own already) as setting its flag."""
    match stmt:
        case A.Break():
            return A.Assign(A.Name(flag, span=stmt.span), A.BoolLit(True, span=stmt.span), span=stmt.span)
        case A.Block():
            return attrs.evolve(stmt, stmts=tuple(_breaks(s, flag) for s in stmt.stmts))
        case A.If():
            otherwise = _breaks(stmt.otherwise, flag) if stmt.otherwise is not None else None
            return attrs.evolve(stmt, then=_breaks(stmt.then, flag), otherwise=otherwise)
    return stmt
