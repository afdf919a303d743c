"""OpenCL's asynchronous copies between global and local memory (docs/cfamily.md,
"Asynchronous copies"): `async_work_group_copy`, `async_work_group_strided_copy`,
`wait_group_events`, `prefetch`, and the `event_t` values that say which copies a wait
completes.

The work group as a whole performs a copy (OpenCL C 1.2, 6.12.10): every work-item calls
it with the same arguments, which work-item moves which element is not said, and the
copy may happen at any time between the call and the wait that completes it.  The
mapping says so: at the call, element k is moved by `\\async_owner(N, k) % gsize`, an
unknown work-item of the group (`N` numbers the call), as

    for (m = 0; m < n * cells; m++) if (\\async_owner(N, m) % gsize == lid) dst[..] = src[..];

Any other access to those cells in the barrier interval of the call, by any work-item,
may then meet a different owner: a race (for groups of two work-items or more; with one
the work-item's own accesses between the call and the wait are refused, below).  That
the copy may happen later than the call changes nothing as long as it is complete
before the next barrier, so a copy must be waited for before any barrier it may meet
and before the kernel ends (OpenCL leaves an unwaited copy at the end undefined), and
must not be inside a loop (each run would be a copy of its own, with owners of its own).
These are judged after the kernel is mapped (`check`), over the mapped statements: each
copy, wait and assignment of an event leaves a named declaration there (`MARK`), so
what follows inlined helpers and rebuilt blocks alike.  What cannot be judged is refused.

The arguments of a copy and the count of a wait are declared as variables whose names
carry `GROUP`: semantics/uniformity.py requires them to be uniform, so a call reached
by only some work-items of a group, or with arguments that differ between them, is
`divergence.collective`, as OpenCL leaves it undefined.

Events are followed statically: an `event_t` variable, or a cell of an array of them
at a constant index, holds the set of copies its event identifies (`0`: none); a copy
given an event joins it (OpenCL returns that same event).  Paths that leave different
sets make it unknown, and a wait on an unknown event completes nothing.
"""
from __future__ import annotations

import itertools
import math
import weakref

import attrs
from clang.cindex import Cursor, CursorKind as K, TypeKind

from .. import diagnostics as D
from ..semantics.uniformity import COLLECTIVE
from ..syntax import ast as A
from . import clang_types as T
from .clang_expressions import Val, children, strip
from .clang_groups import _linear
from .clang_scope import Unsupported, key

COPIES = frozenset({"async_work_group_copy", "async_work_group_strided_copy"})
WAIT = "wait_group_events"
PREFETCH = "prefetch"
FUNCTIONS = COPIES | {WAIT, PREFETCH}
GROUP = COLLECTIVE       # such a variable must be uniform in the group
MARK = "async$mark"
OWNER = "\\async_owner"
TOP = "unknown"            # an event whose copies are not known
_CODE = "unsupported.function"


@attrs.frozen
class Copy:
    span: object
    dst: frozenset[str]            # the arrays it writes
    src: frozenset[str]            # the arrays it reads
    given: tuple | None            # the event it joins (a slot), None for 0
    into: tuple | None             # the slot its event is stored into


@attrs.frozen
class Wait:
    span: object
    slots: tuple


@attrs.frozen
class Set:
    targets: tuple
    source: object                 # a slot, None (the event 0) or TOP (not set)


class _Table:
    def __init__(self) -> None:
        self.numbers = itertools.count(1)
        self.marks: dict[str, object] = {}
        self.sizes: dict[tuple, int | None] = {}      # event variable -> its array's size (None: a scalar)


_tables: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def _table(scope) -> _Table:
    return _tables.setdefault(scope, _Table())


def holds_events(t) -> bool:
    """Whether a declaration of type `t` is an `event_t` or an array of them."""
    t = t.get_canonical()
    while t.kind in (TypeKind.CONSTANTARRAY, TypeKind.INCOMPLETEARRAY):
        t = t.get_array_element_type().get_canonical()
    return t.kind is TypeKind.OCLEVENT


def _mark(scope, entry, span) -> tuple[str, A.VarDecl]:
    table = _table(scope)
    name = f"{MARK}{next(table.numbers)}"
    table.marks[name] = entry
    return name, A.VarDecl(A.Type.BOOL, name, A.BoolLit(True, span=span), None, name_span=span, span=span)


# ---- mapping -----------------------------------------------------------------------

def declaration(st, c: Cursor, init: Cursor | None) -> list:
    """`event_t e;`, `event_t e = async_work_group_copy(...);`, `event_t e = f;`,
    `event_t es[2];`."""
    span = st.s.span(c)
    table = _table(st.s)
    t = c.type.get_canonical()
    if t.kind is TypeKind.CONSTANTARRAY:
        element = t.get_array_element_type().get_canonical()
        if element.kind is not TypeKind.OCLEVENT or init is not None:
            raise Unsupported(_CODE, span, "an array of events is supported with one dimension and no initialiser")
        table.sizes[key(c)] = t.get_array_size()
        return [_mark(st.s, Set(tuple((key(c), i) for i in range(t.get_array_size())), TOP), span)[1]]
    if t.kind is not TypeKind.OCLEVENT:
        raise Unsupported(_CODE, span, f"a variable of type `{T.spelling(c.type)}` is not supported: events are "
                                       "`event_t` variables and arrays of them")
    table.sizes[key(c)] = None
    slot = (key(c), None)
    if init is None:
        return [_mark(st.s, Set((slot,), TOP), span)[1]]
    return _stored(st, slot, init, span)


def assignment(st, left: Cursor, right: Cursor, span) -> list:
    """`e = async_work_group_copy(...);`, `es[1] = e;`."""
    slot = _event(st, left)
    if slot is None:
        raise Unsupported(_CODE, span, "only an event variable or a cell of an array of events can be assigned")
    return _stored(st, slot, right, span)


def _stored(st, slot: tuple, value_c: Cursor, span) -> list:
    call = strip(value_c)
    if call.kind is K.CALL_EXPR and _name(st, call) in COPIES:
        return [copy(st, call, slot)]
    return [_mark(st.s, Set((slot,), _event(st, value_c)), span)[1]]


def statement(st, name: str, c: Cursor) -> list:
    """A call of one of `FUNCTIONS` as a statement."""
    if name in COPIES:
        return [copy(st, c, None)]
    if name == WAIT:
        return _wait(st, c)
    return _prefetch(st, c)


def copy(st, c: Cursor, into: tuple | None) -> A.Block:
    """One copy: its arguments as variables of the group, and the elements each moved
    by the work-item `\\async_owner(N, m) % gsize`."""
    e, s = st.e, st.s
    span = s.span(c)
    name = _name(st, c)
    args = list(c.get_arguments())
    strided = name == "async_work_group_strided_copy"
    if len(args) != (5 if strided else 4):
        raise Unsupported(_CODE, span, f"`{name}` with {len(args)} arguments is not a copy of OpenCL C")
    dst_c, src_c, n_c, event_c = args[0], args[1], args[2], args[-1]
    given = _event(st, event_c)
    cells = _cells(st, dst_c)
    dst, src = e.pointers.of(dst_c), e.pointers.of(src_c)
    mark, marker = _mark(s, None, span)
    number = int(mark[len(MARK):])
    decls: list = [marker]

    def group(what: str, expr: A.Expr) -> A.Name:
        var = f"{name}{GROUP}{what}{number}"
        decls.append(A.VarDecl(A.Type.INT, var, expr, None, name_span=span, span=span))
        return A.Name(var, span=span)

    count = group("count", e.convert(e.value(n_c), e.scalar(n_c), n_c).expr)
    places = []
    for what, p, arg in (("destination", dst, dst_c), ("source", src, src_c)):
        offset = group(what, p.offset)
        tag = group(what + "_array", e.pointers.checked(p, 1, "read or written", arg)) if p.tag is not None else None
        places.append((p, offset, tag))
    stride = group("stride", e.convert(e.value(args[3]), e.scalar(args[3]), args[3]).expr) if strided else None
    # The stride counts elements of the global side: the source of a copy into local memory.
    strided_side = 1 if T.address_space(dst_c.type) == "__local" else 0
    m = A.Name(f"async$cell{number}", span=span)

    def index(side: int, start: A.Expr) -> A.Expr:
        if stride is None or side != strided_side:
            return A.Binary("+", start, m, span=span)
        element = A.Binary("/", m, A.IntLit(cells, span=span), span=span) if cells > 1 else m
        within = A.Binary("%", m, A.IntLit(cells, span=span), span=span) if cells > 1 else A.IntLit(0, span=span)
        step = A.Binary("*", stride, A.IntLit(cells, span=span), span=span) if cells > 1 else stride
        return A.Binary("+", A.Binary("+", start, A.Binary("*", element, step, span=span), span=span), within,
                        span=span)

    (dst_p, dst_offset, dst_tag), (src_p, src_offset, src_tag) = places
    if not (dst_p.arrays and src_p.arrays):
        # Only NULL or not set: nothing is moved, the check of the tag has failed.
        _table(s).marks[mark] = Copy(span, frozenset(), frozenset(), given, into)
        return A.Block(tuple(decls), span=span)
    source_index = index(1, src_offset)
    value = _read(e, src_p, src_tag, source_index, span)
    write = _write(e, dst_p, dst_tag, index(0, dst_offset), value, src_p.arrays[0].ctype, c, span)
    owner = A.Call(s.uninterpreted(OWNER, A.Type.INT, 2), (A.IntLit(number, span=span), m), name_span=span, span=span)
    size = _linear(e, "gsize", c, T.INT, (1, 1)).expr
    lid = _linear(e, "lid", c, T.INT, (0, 0)).expr
    mine = A.Binary("==", A.Binary("%", owner, size, span=span), lid, span=span)
    total = A.Binary("*", count, A.IntLit(cells, span=span), span=span) if cells > 1 else count
    loop = A.For((), A.VarDecl(A.Type.INT, m.id, A.IntLit(0, span=span), None, name_span=span, span=span),
                 A.Binary("<", m, total, span=span),
                 A.Assign(m, A.Binary("+", m, A.IntLit(1, span=span), span=span), span=span),
                 A.If(mine, write, None, span=span), span=span)
    _table(s).marks[mark] = Copy(span, frozenset(a.name for a in dst_p.arrays),
                                 frozenset(a.name for a in src_p.arrays), given, into)
    return A.Block(tuple(decls) + (loop,), span=span)


def _cells(st, dst_c: Cursor) -> int:
    """Cells per element copied: 1 for a scalar, a vector's cells (clang_aggregates.py)."""
    element = T.pointee(dst_c.type)
    layout = st.e.agg.layout(element, dst_c)
    if layout is not None and not layout.uniform:
        raise Unsupported(_CODE, st.s.span(dst_c), f"a copy of `{T.spelling(element)}` elements is not supported")
    return st.e.agg.stride(element, dst_c)


def _read(e, p, tag: A.Name | None, index: A.Expr, span) -> A.Expr:
    """The cell `index` of the array the pointer's tag names (its check is the tag's
    variable's: a tag that names no array has failed there)."""
    arrays = list(p.arrays)
    expr: A.Expr = A.Index(A.Name(arrays.pop().name, span=span), index, span=span)
    for array in reversed(arrays):
        expr = A.Conditional(A.Binary("==", tag, A.IntLit(e.pointers.tag(array), span=span), span=span),
                             A.Index(A.Name(array.name, span=span), index, span=span), expr, span=span)
    return expr


def _write(e, p, tag: A.Name | None, index: A.Expr, value: A.Expr, ctype, c: Cursor, span) -> A.Stmt:
    arrays = list(p.arrays)

    def store(array) -> A.ArrayAssign:
        converted = e.convert(Val(value, ctype), array.ctype, c).expr
        return A.ArrayAssign(A.Index(A.Name(array.name, span=span), index, span=span), converted, span=span)

    stmt: A.Stmt = store(arrays.pop())
    for array in reversed(arrays):
        stmt = A.If(A.Binary("==", tag, A.IntLit(e.pointers.tag(array), span=span), span=span), store(array), stmt,
                    span=span)
    return stmt


def _wait(st, c: Cursor) -> list:
    s = st.s
    span = s.span(c)
    args = list(c.get_arguments())
    count = st.e.constant(args[0]) if len(args) == 2 else None
    if count is None or count < 1:
        raise Unsupported(_CODE, span, "`wait_group_events` needs a number of events that is a constant of 1 or more")
    slots = _events(st, args[1], count)
    mark, marker = _mark(s, Wait(span, slots), span)
    number = int(mark[len(MARK):])
    counted = A.VarDecl(A.Type.INT, f"{WAIT}{GROUP}count{number}", A.IntLit(count, span=span), None, name_span=span,
                        span=span)
    return [marker, counted]


def _prefetch(st, c: Cursor) -> list:
    """A hint to a cache, which OpenCL says changes nothing a kernel computes: its
    arguments evaluated, nothing read or written."""
    e, s = st.e, st.s
    span = s.span(c)
    args = list(c.get_arguments())
    if len(args) != 2:
        raise Unsupported(_CODE, span, "`prefetch` takes a pointer and a number of elements")
    p = e.pointers.of(args[0])
    number = next(_table(s).numbers)
    values = [("at", p.offset), ("n", e.convert(e.value(args[1]), e.scalar(args[1]), args[1]).expr)]
    return [A.VarDecl(A.Type.INT, f"prefetch$arg{number}{what}", expr, None, name_span=span, span=span)
            for what, expr in values]


def _name(st, call: Cursor) -> str | None:
    if call.referenced is None or st.s.is_file_function(call.referenced):
        return None
    return call.referenced.spelling


def _event(st, c: Cursor):
    """The slot an event expression names, or None for the event 0."""
    span = st.s.span(c)
    inner = c
    while inner.kind in (K.UNEXPOSED_EXPR, K.PAREN_EXPR, K.CSTYLE_CAST_EXPR) and len(children(inner)) == 1:
        inner = children(inner)[0]
    scalar = T.scalar(inner.type)
    if scalar is not None and scalar.is_int and st.e.constant(inner) == 0:
        return None
    sizes = _table(st.s).sizes
    if inner.kind is K.DECL_REF_EXPR and inner.referenced is not None and sizes.get(key(inner.referenced), 0) is None:
        return (key(inner.referenced), None)
    if inner.kind is K.ARRAY_SUBSCRIPT_EXPR:
        base, at = children(inner)
        base = strip(base)
        if base.kind is K.DECL_REF_EXPR and base.referenced is not None \
                and isinstance(size := sizes.get(key(base.referenced)), int):
            i = st.e.constant(at)
            if i is None or not 0 <= i < size:
                raise Unsupported(_CODE, span, f"an event of an array is named by a constant index in 0..{size - 1}")
            return (key(base.referenced), i)
    raise Unsupported(_CODE, span, "an event must be 0, an `event_t` variable or a cell of an array of events "
                                   "at a constant index")


def _events(st, c: Cursor, count: int) -> tuple:
    """The `count` events a wait's list names: `&e`, `es`, `&es[i]`."""
    span = st.s.span(c)
    inner = strip(c)
    sizes = _table(st.s).sizes
    if inner.kind is K.UNARY_OPERATOR and st.s.unit.unary_operator(inner) == "&":
        first = _event(st, children(inner)[0])
    elif inner.kind is K.DECL_REF_EXPR and inner.referenced is not None \
            and isinstance(sizes.get(key(inner.referenced)), int):
        first = (key(inner.referenced), 0)
    else:
        first = None
    if first is None:
        raise Unsupported(_CODE, span, "the events of a wait must be `&e`, an array of events or `&es[i]`")
    declaration, at = first
    size = sizes[declaration]
    start = 0 if at is None else at
    if (size or 1) < start + count:
        raise Unsupported(_CODE, span, f"`wait_group_events` reads {count} events where there are {(size or 1) - start}")
    return ((declaration, None),) if at is None else tuple((declaration, i) for i in range(start, start + count))


# ---- the order of copies, waits and barriers ------------------------------------------

@attrs.frozen
class _State:
    pending: tuple        # (mark, Copy) of the copies not known to be complete
    slots: tuple          # (slot, frozenset of copy marks, or TOP)

    def slot(self, slot):
        return dict(self.slots).get(slot, TOP)

    def with_slots(self, changes: dict) -> "_State":
        slots = dict(self.slots)
        slots.update(changes)
        return attrs.evolve(self, slots=tuple(slots.items()))


def _join(*states: _State) -> _State:
    pending = dict(p for s in states for p in s.pending)
    keys = {k for s in states for k, _ in s.slots}
    slots = {}
    for k in keys:
        values = {s.slot(k) for s in states}
        slots[k] = values.pop() if len(values) == 1 else TOP
    return _State(tuple(pending.items()), tuple(slots.items()))


class _Loop:
    def __init__(self) -> None:
        self.breaks: list[_State] = []
        self.continues: list[_State] = []


def check(scope, stmts: tuple, end_span) -> None:
    """Each copy of the kernel waited for before any barrier it may meet and before the
    kernel ends, and not inside a loop; with groups that may have one work-item, no
    access of the work-item to a copy's arrays between the call and the wait."""
    table = _tables.get(scope)
    if table is None or not table.marks:
        return
    walk = _Walk(scope, table)
    state = walk.block(stmts, _State((), ()), None)
    walk.end(state, end_span, "before the kernel ends (undefined in OpenCL)")


class _Walk:
    def __init__(self, scope, table: _Table) -> None:
        self.s = scope
        self.table = table
        local = scope.launch.local
        self.single = local is None or math.prod(local) == 1
        self.reported: set = set()

    def refuse(self, span, message: str) -> None:
        if (span, message) not in self.reported:
            self.reported.add((span, message))
            self.s.problems.append(D.error(_CODE, span, message))

    def block(self, stmts, state: _State, loop: _Loop | None) -> _State:
        for stmt in stmts:
            state = self.stmt(stmt, state, loop)
        return state

    def stmt(self, s, state: _State, loop: _Loop | None) -> _State:
        match s:
            case A.Block(stmts=(A.VarDecl(name=name), *_)) if isinstance(self.table.marks.get(name), Copy):
                return self.copy(name, self.table.marks[name], state, loop)
            case A.VarDecl(name=name) if name in self.table.marks:
                return self.event(self.table.marks[name], state)
            case A.Block():
                return self.block(s.stmts, state, loop)
            case A.If():
                self.accesses(s.cond, state)
                then = self.stmt(s.then, state, loop)
                otherwise = self.stmt(s.otherwise, state, loop) if s.otherwise is not None else state
                return _join(then, otherwise)
            case A.While() | A.For():
                if isinstance(s, A.For) and s.init is not None:
                    state = self.stmt(s.init, state, loop)
                inner = _Loop()
                first = self.iteration(s, state, inner)
                second = self.iteration(s, _join(state, first, *inner.continues), inner)
                return _join(state, first, second, *inner.breaks)
            case A.Barrier():
                for _, copied in state.pending:
                    self.refuse(copied.span, f"this copy may still be in flight at the barrier on line "
                                             f"{s.span.start_line}: wait for it (`wait_group_events`) before")
                return attrs.evolve(state, pending=())
            case A.Return():
                self.end(state, s.span, "before the kernel returns (undefined in OpenCL)")
                return state
            case A.Break() if loop is not None:
                loop.breaks.append(state)
                return state
            case A.Continue() if loop is not None:
                loop.continues.append(state)
                return state
        self.accesses(s, state)
        return state

    def iteration(self, s, state: _State, inner: _Loop) -> _State:
        self.accesses(s.cond, state)
        state = self.stmt(s.body, state, inner)
        if isinstance(s, A.For) and s.update is not None:
            state = self.stmt(s.update, state, inner)
        return state

    def copy(self, mark: str, copied: Copy, state: _State, loop: _Loop | None) -> _State:
        if loop is not None:
            self.refuse(copied.span, "a copy inside a loop is not supported: each run is a copy of its own, whose "
                                     "elements other work-items may move")
        for _, other in state.pending:
            if self.single and (copied.dst & (other.dst | other.src) or copied.src & other.dst):
                self.refuse(copied.span, f"this copy meets the cells of a copy (line {other.span.start_line}) that "
                                         "may be in flight: with one work-item per group this is not judged; give "
                                         "the launch's group size")
        event = frozenset({mark})
        changes = {}
        if copied.given is not None:
            joined = state.slot(copied.given)
            if joined == TOP:
                self.refuse(copied.span, "this copy joins an event that is not known here (not set, already "
                                         "waited for, or set differently on different paths), so which wait "
                                         "completes it cannot be followed")
            event = TOP if joined == TOP else joined | event
            changes[copied.given] = event
        if copied.into is not None:
            changes[copied.into] = event
        return attrs.evolve(state, pending=state.pending + ((mark, copied),)).with_slots(changes)

    def event(self, entry, state: _State) -> _State:
        match entry:
            case Set(targets=targets, source=source):
                value = frozenset() if source is None else TOP if source == TOP else state.slot(source)
                return state.with_slots({t: value for t in targets})
            case Wait(slots=slots):
                done = set()
                for slot in slots:
                    value = state.slot(slot)
                    if value != TOP:
                        done |= value
                pending = tuple((m, c) for m, c in state.pending if m not in done)
                # A wait releases its events: they name no copy afterwards.
                return attrs.evolve(state, pending=pending).with_slots({slot: TOP for slot in slots})
        return state

    def end(self, state: _State, span, where: str) -> None:
        for _, copied in state.pending:
            self.refuse(copied.span, f"this copy is not waited for (`wait_group_events`) {where}")

    def accesses(self, node, state: _State) -> None:
        """With one work-item per group there is no other owner to race with: its own
        access to a copy's cells while the copy may be in flight is refused."""
        if not self.single or not state.pending or node is None:
            return
        for inner in A.walk(node):
            written = isinstance(inner, A.ArrayAssign)
            target = inner.target if written else inner
            if not isinstance(target, A.Index) or not isinstance(target.array, A.Name):
                continue
            for _, copied in state.pending:
                if target.array.id in copied.dst or written and target.array.id in copied.src:
                    self.refuse(target.span, f"`{target.array.id}` is accessed while a copy (line "
                                             f"{copied.span.start_line}) may be in flight: with one work-item per "
                                             "group this is not judged; give the launch's group size")
