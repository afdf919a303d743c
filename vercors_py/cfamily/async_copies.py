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
the work-item's own accesses between the call and the wait are refused, async_order.py).
A copy still in flight at a barrier may move its cells after it, so its moving loop is
repeated after each barrier it crosses (async_flight.py); one the kernel may end without
waiting for is undefined in OpenCL (`divergence.unwaited`).  A copy must not be inside a
loop (each run would be a copy of its own, with owners of its own).
These are judged after the kernel is mapped (async_order.py), over the mapped
statements: each copy, wait and assignment of an event leaves a named declaration there
(`MARK`), which survives inlined helpers and rebuilt blocks alike.

The arguments of a copy and the count of a wait are declared as variables whose names
carry `COLLECTIVE`: semantics/uniformity.py requires them to be uniform, so a call reached
by only some work-items of a group, or with arguments that differ between them, is
`divergence.collective`, as OpenCL leaves it undefined.

Events are followed statically: an `event_t` variable, or a cell of an array of them
at a constant index, holds the set of copies its event identifies (`0`: none); a copy
given an event joins it (OpenCL returns that same event).  Paths that leave different
sets make it unknown, and a wait on an unknown event completes nothing.
"""
from __future__ import annotations

import itertools
import weakref

import attrs
from clang.cindex import Cursor, CursorKind as K, TypeKind

from ..semantics.uniformity import COLLECTIVE
from ..syntax import ast as A
from . import clang_types as T
from .cursors import children, strip
from .values import Val
from .clang_groups import _linear
from .clang_scope import Unsupported, key

COPIES = frozenset({"async_work_group_copy", "async_work_group_strided_copy"})
WAIT = "wait_group_events"
PREFETCH = "prefetch"
FUNCTIONS = COPIES | {WAIT, PREFETCH}
MARK = "async$mark"
OWNER = "\\async_owner"
TOP = "unknown"            # an event whose copies are not known
CODE = "unsupported.function"


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


class Table:
    """What one pass over a file mapped: its marks and its event variables."""

    def __init__(self) -> None:
        self.numbers = itertools.count(1)
        self.marks: dict[str, object] = {}
        self.sizes: dict[tuple, int | None] = {}      # event variable -> its array's size (None: a scalar)


# By the pass's Scope: a file mapped again (clang_translate.py) starts afresh.
tables: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def _table(scope) -> Table:
    return tables.setdefault(scope, Table())


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
            raise Unsupported(CODE, span, "an array of events is supported with one dimension and no initialiser")
        table.sizes[key(c)] = t.get_array_size()
        return [_mark(st.s, Set(tuple((key(c), i) for i in range(t.get_array_size())), TOP), span)[1]]
    if t.kind is not TypeKind.OCLEVENT:
        raise Unsupported(CODE, span, f"a variable of type `{T.spelling(c.type)}` is not supported: events are "
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
        raise Unsupported(CODE, span, "only an event variable or a cell of an array of events can be assigned")
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
        raise Unsupported(CODE, span, f"`{name}` with {len(args)} arguments is not a copy of OpenCL C")
    dst_c, src_c, n_c, event_c = args[0], args[1], args[2], args[-1]
    given = _event(st, event_c)
    cells = _cells(st, dst_c)
    dst, src = e.pointers.of(dst_c), e.pointers.of(src_c)
    mark, marker = _mark(s, None, span)
    number = int(mark[len(MARK):])
    decls: list = [marker]

    def group(what: str, expr: A.Expr) -> A.Name:
        var = f"{name}{COLLECTIVE}{what}{number}"
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
        raise Unsupported(CODE, st.s.span(dst_c), f"a copy of `{T.spelling(element)}` elements is not supported")
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
        raise Unsupported(CODE, span, "`wait_group_events` needs a number of events that is a constant of 1 or more")
    slots = _events(st, args[1], count)
    mark, marker = _mark(s, Wait(span, slots), span)
    number = int(mark[len(MARK):])
    counted = A.VarDecl(A.Type.INT, f"{WAIT}{COLLECTIVE}count{number}", A.IntLit(count, span=span), None, name_span=span,
                        span=span)
    return [marker, counted]


def _prefetch(st, c: Cursor) -> list:
    """A hint to a cache, which OpenCL says changes nothing a kernel computes: its
    arguments evaluated, nothing read or written."""
    e, s = st.e, st.s
    span = s.span(c)
    args = list(c.get_arguments())
    if len(args) != 2:
        raise Unsupported(CODE, span, "`prefetch` takes a pointer and a number of elements")
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
                raise Unsupported(CODE, span, f"an event of an array is named by a constant index in 0..{size - 1}")
            return (key(base.referenced), i)
    raise Unsupported(CODE, span, "an event must be 0, an `event_t` variable or a cell of an array of events "
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
        raise Unsupported(CODE, span, "the events of a wait must be `&e`, an array of events or `&es[i]`")
    declaration, at = first
    size = sizes[declaration]
    start = 0 if at is None else at
    if (size or 1) < start + count:
        raise Unsupported(CODE, span, f"`wait_group_events` reads {count} events where there are {(size or 1) - start}")
    return ((declaration, None),) if at is None else tuple((declaration, i) for i in range(start, start + count))
