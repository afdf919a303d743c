"""Block copies: `memcpy(dst, src, n)` and `memset(dst, v, n)` (also as clang's
`__builtin_memcpy`/`__builtin_memset`) as statements (docs/cfamily.md, "Block copies").

The mapping's memory is cells of whole values, never bytes (clang_aggregates.py): cells
of one scalar type (scalars, and structs and vectors whose leaves are of one type), or,
for a struct whose leaves differ in type, one array per leaf with one cell per element.
A block of n bytes from a pointer is therefore `n / u` whole *units* (a cell, or an
element of a struct of mixed leaves) and then the first `n % u` bytes of one more unit,
whose leaves (`slots`) lie wholly inside those bytes, outside them, or across their end.

* A whole slot is copied (or set) exactly, cell by cell; its accesses are those of C's
  copy, each checked against its array's bounds as any access is (a thread's private
  array: its own slice).  A byte count clang knows is unrolled; any other is a loop over
  the whole units and a test per slot of the last one.
* A slot split by a byte count clang knows is refused (`unsupported.pointer`): its bytes
  would be part old, part new.  One split by a count known only at run time is read
  (memcpy) and written, with an unknown value: C's value is one of those, and the
  accesses are a superset of C's (a race reported there may be a false alarm, never a
  missed one).
* Both pointers must point at memory of one layout (the same cell type, or the same
  struct of mixed leaves); a copy between layouts reinterprets bytes and is refused.
* A pointer is what clang_pointers.py makes of it: one that may point into several
  arrays dispatches over its tag, and NULL or not set is `bounds.null`, as a read or
  write through it is (C requires both pointers valid, even for 0 bytes).  Overlapping
  blocks of one array are undefined for memcpy: `check` asserts they do not overlap.
* memset's value is C's byte `(unsigned char) v` in every byte of a slot: an integer
  slot of N bytes holds the byte times 0x0101..01 (N bytes), converted to the slot's
  type as C's memory holds it (two's complement); a floating-point slot only for the
  byte 0 (+0.0, whose bytes are all 0); any other value of a float is refused.
"""
from __future__ import annotations

import attrs
from clang.cindex import Cursor, CursorKind as K, TypeKind

from ..syntax import ast as A
from . import clang_types as T
from .cursors import children, has_effects
from .values import Val, type_name
from .clang_pointers import UNSET, Pointee
from .clang_scope import Binding, Unsupported
from .clang_types import CType, Kind
from .private_slices import slice_start

COPIES = {"memcpy", "__builtin_memcpy"}
SETS = {"memset", "__builtin_memset"}
_BYTE = CType(Kind.INT, 8, False, "unsigned char")
# A constant block of more slots than this is a loop, not unrolled statements.
UNROLL = 64


def is_block(name: str | None) -> bool:
    return name in COPIES or name in SETS


@attrs.frozen
class Slot:
    offset: int          # bytes from the start of the unit
    size: int            # bytes
    ctype: CType
    leaf: int            # which array of a struct of mixed leaves (0 for cells)


@attrs.frozen
class Units:
    """How memory a pointer points at is laid out: units of `size` bytes, each of
    `slots`; `mixed`: one array per leaf (a struct of mixed leaves), else one array of
    cells of one type."""
    size: int
    slots: tuple[Slot, ...]
    mixed: object = None             # the Layout of a struct of mixed leaves

    def same(self, other: "Units") -> bool:
        if self.mixed is not None or other.mixed is not None:
            return self.mixed == other.mixed
        return self.slots[0].ctype.same(other.slots[0].ctype) and self.size == other.size


class Blocks:
    def __init__(self, statements):
        self.e = statements.e
        self.s = statements.s
        self._temps = 0

    def statement(self, name: str, c: Cursor) -> list:
        span = self.s.span(c)
        args = list(c.get_arguments())
        if len(args) != 3:
            raise Unsupported("unsupported.function", span, f"`{name}` takes three arguments")
        for arg in args:
            if has_effects(self.s, arg):
                raise Unsupported("unsupported.statement", self.s.span(arg),
                                  f"an argument of `{name}` with effects is not supported")
        dst_c, value_c, count_c = args
        copy = name in COPIES
        typed = [_typed(a) for a in ((dst_c, value_c) if copy else (dst_c,)) if not self._is_null(a)]
        units = self._units(typed[0], c) if typed else None
        if len(typed) == 2 and not units.same(self._units(typed[1], c)):
            raise Unsupported("unsupported.pointer", span,
                              f"`{name}` from `{T.spelling(typed[1].type)}` to `{T.spelling(typed[0].type)}` "
                              "reinterprets the bytes of one layout as another, which is not supported")
        out: list = []
        dst = self._pointee(dst_c, out)
        src = self._pointee(value_c, out) if copy else None
        if units is None:
            # Only NULL: nothing is accessed, and the check of the pointer fails.
            out.append(self._over(dst, dst_c, "written", None))
            return out
        fill = None if copy else self._fill(value_c, units, c, out)
        count = self.e.constant(count_c)
        n = None
        touched = None
        if count is None:
            n = self._temp("n", self.e.value(count_c).expr, out, span)
        else:
            whole, rest = divmod(count, units.size)
            split = [s for s in units.slots if s.offset < rest < s.offset + s.size]
            if split:
                raise Unsupported("unsupported.pointer", span,
                                  f"`{name}` of {count} bytes covers part of a `{split[0].ctype.name}` at byte "
                                  f"{whole * units.size + split[0].offset} of the block; only whole cells are "
                                  "copied or set")
            touched = whole + (1 if rest else 0)

        def block(d_array: Binding, d_at: A.Expr) -> A.Stmt:
            if src is None:
                return self._copy(units, count, n, d_array, d_at, None, None, fill, span, touched)
            return self._over(src, value_c, "read", lambda s_array, s_at: self._copy(
                units, count, n, d_array, d_at, s_array, s_at, fill, span, touched))

        out.append(self._over(dst, dst_c, "written", block))
        return out

    # ---- the pointers ----
    def _is_null(self, c: Cursor | None) -> bool:
        return c is not None and self.e.pointers._is_null(c)

    def _pointee(self, c: Cursor, out: list) -> Pointee:
        p = self.e.pointers.of(c)
        span = self.s.span(c)
        # C evaluates each argument once: the offset (and the tag) is kept from the call.
        offset = self._temp("at", p.offset, out, span)
        tag = p.tag if p.tag is None or isinstance(p.tag, A.IntLit) else self._temp("tag", p.tag, out, span)
        return attrs.evolve(p, offset=offset, tag=tag)

    def _over(self, p: Pointee, pointer_c: Cursor, what: str, make) -> A.Stmt:
        """`make(array, offset)` for the array p's tag names, as clang_pointers.write
        dispatches a write; NULL or not set fails its check."""
        span = self.s.span(pointer_c)
        if p.tag is None:
            return make(p.arrays[0], p.offset)
        pointers = self.e.pointers
        first = pointers.checked(p, 1, what, pointer_c)
        choices = [(pointers.tag(a), a) for a in p.arrays]
        stmt = make(choices.pop()[1], p.offset) if choices and not (p.null or p.unset) else None
        if not choices:
            if stmt is not None:
                return stmt
            return A.If(A.Binary("==", first, A.IntLit(UNSET, span=span), span=span), A.Block((), span=span), None,
                        span=span)
        for at in range(len(choices) - 1, -1, -1):
            tag, array = choices[at]
            which = first if at == 0 else p.tag
            stmt = A.If(A.Binary("==", which, A.IntLit(tag, span=span), span=span), make(array, p.offset), stmt,
                        span=span)
        return stmt

    # ---- layouts ----
    def _units(self, c: Cursor, call: Cursor) -> Units:
        span = self.s.span(call)
        pointee = T.pointee(c.type)
        if pointee.get_canonical().kind is TypeKind.VOID:
            raise Unsupported("unsupported.pointer", self.s.span(c),
                              "a block copy through a `void *` is not supported: which cells it holds is not known")
        layout = self.e.agg.layout(pointee, c)
        if layout is None:
            ctype = T.scalar(pointee)
            if ctype is None:
                raise Unsupported("unsupported.pointer", self.s.span(c), "this block copy is not supported")
            cells = [ctype]
        elif layout.uniform:
            cells = [layout.leaves[0].ctype]
        else:
            slots = tuple(Slot(leaf.offset, _bytes(leaf.ctype, span), leaf.ctype, k)
                          for k, leaf in enumerate(layout.leaves))
            return Units(layout.size, slots, layout)
        size = _bytes(cells[0], span)
        return Units(size, (Slot(0, size, cells[0], 0),))

    # ---- the copy ----
    def _copy(self, units: Units, count: int | None, n: A.Expr | None, d_array: Binding, d_at: A.Expr,
              s_array: Binding | None, s_at: A.Expr | None, fill, span, touched: int | None) -> A.Stmt:
        stmts = []
        if s_array is not None and s_array.name == d_array.name:
            stmts.append(self._apart(d_at, s_at, units, touched, n, span))
        if count is not None:
            whole, rest = divmod(count, units.size)
            if whole * len(units.slots) <= UNROLL:
                for k in range(whole):
                    stmts.extend(self._slot(units, slot, A.IntLit(k, span=span), d_array, d_at, s_array, s_at, fill,
                                            span) for slot in units.slots)
            else:
                stmts.append(self._loop(units, A.IntLit(whole, span=span), d_array, d_at, s_array, s_at, fill, span))
            stmts.extend(self._slot(units, slot, A.IntLit(whole, span=span), d_array, d_at, s_array, s_at, fill, span)
                         for slot in units.slots if slot.offset + slot.size <= rest)
            return A.Block(tuple(stmts), span=span)
        size = A.IntLit(units.size, span=span)
        whole = A.Binary("/", n, size, span=span)
        rest = A.Binary("%", n, size, span=span)
        stmts.append(self._loop(units, whole, d_array, d_at, s_array, s_at, fill, span))
        for slot in units.slots:
            full = self._slot(units, slot, whole, d_array, d_at, s_array, s_at, fill, span)
            end = A.IntLit(slot.offset + slot.size, span=span)
            start = A.IntLit(slot.offset, span=span)
            stmts.append(A.If(A.Binary(">=", rest, end, span=span), full,
                              A.If(A.Binary(">", rest, start, span=span),
                                   self._unknown(units, slot, whole, d_array, d_at, s_array, s_at, span), None,
                                   span=span), span=span))
        return A.Block(tuple(stmts), span=span)

    def _loop(self, units: Units, whole: A.Expr, d_array, d_at, s_array, s_at, fill, span) -> A.Stmt:
        k = self._name("k")
        at = A.Name(k, span=span)
        body = A.Block(tuple(self._slot(units, slot, at, d_array, d_at, s_array, s_at, fill, span)
                             for slot in units.slots), span=span)
        return A.For((), A.VarDecl(A.Type.INT, k, A.IntLit(0, span=span), None, name_span=span, span=span),
                     A.Binary("<", at, whole, span=span),
                     A.Assign(at, A.Binary("+", at, A.IntLit(1, span=span), span=span), span=span), body, span=span)

    def _cell(self, units: Units, slot: Slot, array: Binding, at: A.Expr, k: A.Expr, span) -> A.Index:
        """Slot `slot` of unit `k` from the unit at `at`: a cell of the array (a thread's
        private array: checked to lie in its own slice)."""
        if units.mixed is not None and (array.aggregate is None or array.aggregate.layout != units.mixed):
            raise Unsupported("unsupported.pointer", span, f"`{array.name}` does not hold `{units.mixed.spelling}`")
        index = _plus(at, k, span)
        if array.private:
            start = slice_start(array.private, span)
            relative = A.Binary("-", index, start, span=span)
            index = A.Binary("+", start, A.Fits(relative, f"the private array `{array.name}`", 0, array.private - 1,
                                                  "memcpy", "bounds.index", span=span), span=span)
        name = array.aggregate.arrays[slot.leaf] if units.mixed is not None else array.name
        return A.Index(A.Name(name, span=span), index, span=span)

    def _slot(self, units, slot, k, d_array, d_at, s_array, s_at, fill, span) -> A.Stmt:
        target = self._cell(units, slot, d_array, d_at, k, span)
        value = self._cell(units, slot, s_array, s_at, k, span) if s_array is not None else fill[slot]
        return A.ArrayAssign(target, value, span=span)

    def _unknown(self, units, slot, k, d_array, d_at, s_array, s_at, span) -> A.Stmt:
        """A slot whose first bytes only are copied: the source cell read, the target
        written with a value nothing is known about."""
        stmts = []
        if s_array is not None:
            stmts.append(A.VarDecl(T.lang_type(slot.ctype), self._name("part"),
                                   self._cell(units, slot, s_array, s_at, k, span), None, name_span=span, span=span))
        unknown = self._name("unknown")
        stmts.append(A.VarDecl(T.lang_type(slot.ctype), unknown, None, T.elem_range(slot.ctype), name_span=span,
                               span=span))
        stmts.append(A.ArrayAssign(self._cell(units, slot, d_array, d_at, k, span), A.Name(unknown, span=span),
                                   span=span))
        return A.Block(tuple(stmts), span=span)

    def _apart(self, d_at: A.Expr, s_at: A.Expr, units: Units, touched: int | None, n: A.Expr | None, span) -> A.Stmt:
        """memcpy between overlapping blocks is undefined in C: asserted not to happen."""
        if touched is None:
            size = A.IntLit(units.size, span=span)
            touched_e = A.Binary("/", A.Binary("+", n, A.IntLit(units.size - 1, span=span), span=span), size, span=span)
        else:
            touched_e = A.IntLit(touched, span=span)
        return A.Assert(A.Binary("||", A.Binary("<=", _plus(d_at, touched_e, span), s_at, span=span),
                                 A.Binary("<=", _plus(s_at, touched_e, span), d_at, span=span), span=span), span=span)

    # ---- memset's value ----
    def _fill(self, value_c: Cursor, units: Units, c: Cursor, out: list) -> dict:
        """Each slot's value when every byte of it is `(unsigned char) v`."""
        span = self.s.span(c)
        constant = self.e.constant(value_c)
        byte = None
        if constant is None:
            byte = self._temp("byte", self.e.convert(self.e.value(value_c), _BYTE, value_c).expr, out, span)
        fill = {}
        for slot in units.slots:
            ctype = slot.ctype
            if ctype.kind is Kind.FLOAT:
                if constant is None or constant % 256:
                    raise Unsupported("unsupported.function", span,
                                      f"`memset` of a `{ctype.name}` with a byte other than 0 is not supported")
                fn = self.s.uninterpreted(f"\\{type_name(ctype)}_literal", A.Type.INT, 1)
                fill[slot] = A.Call(fn, (A.IntLit(0, span=span),), name_span=span, span=span)
                continue
            if not ctype.is_int:
                raise Unsupported("unsupported.function", span, f"`memset` of a `{ctype.name}` is not supported")
            repeat = sum(1 << (8 * i) for i in range(slot.size))
            unsigned = CType(Kind.INT, slot.size * 8, False, f"unsigned {slot.size}-byte")
            if constant is not None:
                bits = (constant % 256) * repeat
                fill[slot] = self.e.convert(Val(A.IntLit(bits, span=span), unsigned, (bits, bits)), ctype, c).expr
                continue
            bits = byte if repeat == 1 else A.Binary("*", byte, A.IntLit(repeat, span=span), span=span)
            whole = Val(bits, unsigned, (0, 255 * repeat))
            fill[slot] = self.e.convert(whole, ctype, c).expr
        return fill

    # ---- names ----
    def _name(self, what: str) -> str:
        visible = set().union(*self.s.names)
        while f"block${what}{self._temps}" in visible:
            self._temps += 1
        name = f"block${what}{self._temps}"
        self._temps += 1
        self.s.names[-1].add(name)
        return name

    def _temp(self, what: str, value: A.Expr, out: list, span) -> A.Expr:
        if isinstance(value, (A.IntLit, A.Name)):
            return value
        name = self._name(what)
        out.append(A.VarDecl(A.Type.INT, name, value, None, name_span=span, span=span))
        return A.Name(name, span=span)


def _typed(c: Cursor) -> Cursor:
    """The pointer an argument converts to `void *` (clang's implicit conversion)."""
    while c.kind in (K.UNEXPOSED_EXPR, K.PAREN_EXPR) and len(children(c)) == 1 and _is_void_pointer(c.type):
        c = children(c)[0]
    return c


def _is_void_pointer(t) -> bool:
    return T.is_pointer(t) and T.pointee(t).get_canonical().kind is TypeKind.VOID


def _bytes(ctype: CType, span) -> int:
    if ctype.bits % 8:
        raise Unsupported("unsupported.function", span, f"a block copy of `{ctype.name}` values is not supported")
    return ctype.bits // 8


def _plus(a: A.Expr, b: A.Expr, span) -> A.Expr:
    if isinstance(b, A.IntLit) and b.value == 0:
        return a
    if isinstance(a, A.IntLit) and isinstance(b, A.IntLit):
        return A.IntLit(a.value + b.value, span=span)
    return A.Binary("+", a, b, span=span)
