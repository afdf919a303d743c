"""Pointers inside structs (docs/cfamily.md, "Pointers inside structs").

A pointer field is a leaf of its struct (clang_aggregates.py) at the offset and of the
size clang gives it.  What its value is depends on where the struct lies:

* A struct a kernel takes by value: the host passes the pointer, as it passes a pointer
  parameter, so the field is an array of its own (`q$p`, with `\\length(q$p)`), distinct
  from every other array as distinct pointer parameters are, and NULL if the host
  passed NULL.
* A struct variable (a local, a helper's parameter, the copy of a kernel's parameter the
  body assigns): a pointer variable (clang_pointers.py), its tag and offset; copying the
  struct copies them.
* A struct in memory: the field is a cell of an array of its own (`q$p`, one cell per
  element, as every leaf of a struct of mixed leaves), so it is never the cell of a
  neighbouring leaf.  Its bits are not a number the kernel reads: storing a pointer
  writes the cell (an uninterpreted function of the array and offset, as an address is
  some function of them), copying a struct or a field copies the cell.  A pointer read
  from memory and then followed, compared or tested would need to know which array the
  bits (the host's, or another thread's) name: that is refused where it is read.
"""
from __future__ import annotations

import attrs
from clang.cindex import Cursor, CursorKind as K, Type, TypeKind

from ..syntax import ast as A
from . import clang_types as T
from .cursors import strip
from .values import Val
from .clang_pointers import Pointee
from .clang_scope import Binding, Unsupported, What
from .clang_types import CType, Kind
from .dialect import Dialect
from .aggregate_layouts import Leaf


@attrs.frozen
class Target:
    """What a pointer field points at."""
    cells: CType                # the type of the cells (a scalar's, or a uniform aggregate's leaves')
    space: str | None           # OpenCL's address space of the cells, as written


@attrs.frozen
class FieldPointer(Val):
    """The value of a pointer field of a struct variable: its array (a kernel's struct
    parameter) or its pointer variable."""
    binding: Binding | None = None
    declaration: object = None


@attrs.frozen
class FieldDeclaration:
    """The identity of one pointer field of one declaration, as clang_scope.key reads it."""
    hash: int
    spelling: str


class StructPointers:
    def __init__(self, exprs):
        self.e = exprs
        self.s = exprs.s
        self._open: set[str] = set()       # pointees whose layout is being found (a struct pointing at itself)

    # ---- layouts (clang_aggregates.Aggregates._leaves) ----
    def leaf(self, t: Type, path: tuple, offset: int, where: Cursor):
        cells = T.pointee(t).get_canonical()
        span = self.s.span(where)
        if T.is_pointer(cells) or T.is_array(cells):
            raise Unsupported("unsupported.pointer", span, "a pointer to a pointer inside a struct is not supported")
        ctype = T.scalar(cells)
        if ctype is None and cells.kind is not TypeKind.VOID:
            spelling = T.spelling(cells)
            if spelling in self._open:
                raise Unsupported("unsupported.pointer", span, f"`{spelling}` points at itself, which is not supported")
            self._open.add(spelling)
            try:
                layout = self.e.agg.layout(cells, where)
            finally:
                self._open.discard(spelling)
            ctype = layout.leaves[0].ctype if layout is not None and layout.uniform else None
        if ctype is None:
            raise Unsupported("unsupported.pointer", span, f"a pointer to `{T.spelling(cells)}` inside a struct is not "
                              "supported: cells are numbers or truth values")
        space = T.address_space(T.pointee(t)) if self.s.dialect is Dialect.OPENCL else None
        opaque = CType(Kind.POINTER, t.get_canonical().get_size() * 8, False, T.spelling(t))
        return Leaf(path, opaque, offset, Target(ctype, space))

    # ---- struct variables (clang_aggregates.Aggregates.declare) ----
    def declare(self, c: Cursor, name: str, leaf, init: Val | None, kind: str, span) -> tuple[FieldPointer, list]:
        """The pointer field `name` of the struct declared by `c`: of a kernel's parameter
        an array of the kernel, of a variable a pointer variable set to `init`."""
        declaration = FieldDeclaration(c.hash, name)
        target: Target = leaf.pointer
        if kind == "param":
            binding, decls = self._parameter(declaration, target, span)
        else:
            binding, decls = self.e.pointers.new_variable(declaration, target.cells, self._initial(init, span),
                                                          span, span)
        return FieldPointer(A.Name(binding.name, span=span), leaf.ctype, binding=binding,
                            declaration=declaration), decls

    def _parameter(self, declaration: FieldDeclaration, target: Target, span) -> tuple[Binding, list]:
        """As a pointer parameter of the kernel (clang_translate._parameter): an array in
        global memory with a length of its own."""
        if self.s.dialect is Dialect.OPENCL and target.space not in ("__global", "__constant"):
            raise Unsupported("unsupported.pointer", span, "a pointer field of a kernel's struct parameter must point "
                              "into __global or __constant memory")
        binding = self.s.declare(declaration, What.ARRAY, target.cells)
        self.e.agg.params.add(binding.name)
        length = f"\\length({binding.name})"
        return binding, [
            A.Param(A.Type.INT, length, name_span=span, span=span),
            A.ContextEverywhere(A.Binary(">=", A.Name(length, span=span), A.IntLit(0, span=span), span=span), span=span),
            A.ArrayDecl(A.Scope.GLOBAL, T.lang_type(target.cells), A.Name(length, span=span), binding.name,
                        T.elem_range(target.cells), name_span=span, span=span)]

    def _initial(self, init: Val | None, span) -> Pointee | None:
        """What a pointer field of a new variable is set to: another variable's field,
        or nothing (not set)."""
        if init is None or init.expr is None:
            return None
        if isinstance(init, FieldPointer):
            return self.pointee(init, span)
        raise self._from_memory(span)

    # ---- pointer expressions (clang_pointers.Pointers.of) ----
    def is_field(self, c: Cursor) -> bool:
        """Whether `c` is a pointer field: `q.p`, `p->q`, `q.p[4]` of an array member."""
        return T.is_pointer(c.type) and c.kind in (K.MEMBER_REF_EXPR, K.ARRAY_SUBSCRIPT_EXPR) \
            and self.e.agg._is_component(c)

    def _val(self, c: Cursor) -> Val:
        found = self.e.agg.place(c)
        if len(found.vals) != 1 or found.vals[0].ctype.kind is not Kind.POINTER:
            raise Unsupported("unsupported.pointer", self.s.span(c), "this pointer field is not supported")
        return found.vals[0]

    def of(self, c: Cursor) -> Pointee:
        """The pointer a field holds: only a variable's; a pointer in memory is refused."""
        val = self._val(c)
        if not isinstance(val, FieldPointer):
            raise self._from_memory(self.s.span(c))
        return self.pointee(val, self.s.span(c))

    def pointee(self, val: FieldPointer, span) -> Pointee:
        if val.binding.what is What.ARRAY:
            # The host may pass NULL, as for a pointer parameter.
            self.e.pointers.learned.nullable.add(val.binding.name)
            return Pointee((val.binding,), A.IntLit(0, span=span))
        return self.e.pointers.variable(val.binding, val.declaration, span)

    def parameter_field(self, c: Cursor) -> bool:
        """Whether `c` is a pointer field of a kernel's struct parameter the body does not
        assign (`__requires_fresh_array(q.p)`: an array of its own already)."""
        c = strip(c)
        if not self.is_field(c):
            return False
        val = self._val(c)
        return isinstance(val, FieldPointer) and val.binding.what is What.ARRAY

    # ---- stores ----
    def assign(self, target_c: Cursor, value_c: Cursor, span) -> A.Stmt:
        """`q.p = e;`, `q[i].p = e;`, `q2[i].p = q1[i].p;`."""
        target = self._val(target_c)
        source = strip(value_c)
        if not isinstance(target, FieldPointer) and self.is_field(source):
            copied = self._val(source)
            if not isinstance(copied, FieldPointer):
                # Memory to memory: the cell's bits, whatever they name.
                return A.ArrayAssign(target.expr, copied.expr, span=span)
        p = self.e.pointers.of(value_c)
        if isinstance(target, FieldPointer):
            return self._set(target, p, span)
        tag = self.e.pointers.checked(p, 0, "stored", value_c)
        return A.ArrayAssign(target.expr, self._bits(tag, p.offset, span), span=span)

    def copy(self, target: Val, value: Val, span) -> list:
        """One pointer leaf of a struct copy (clang_aggregates.Aggregates.store; a
        default-constructed struct's leaf is None into a variable, an unknown value into
        memory).  C copies a struct whose pointer is not set (its bits, unknown), so no
        tag is checked."""
        if isinstance(target, FieldPointer):
            if value.expr is None:
                return [self._set(target, Pointee((), A.IntLit(0, span=span), A.IntLit(-1, span=span), unset=True),
                                  span)]
            if not isinstance(value, FieldPointer):
                raise self._from_memory(span)
            return [self._set(target, self.pointee(value, span), span)]
        if isinstance(value, FieldPointer):
            p = self.pointee(value, span)
            return [A.ArrayAssign(target.expr, self._bits(self.e.pointers.tag_of(p, span), p.offset, span), span=span)]
        return [A.ArrayAssign(target.expr, value.expr, span=span)]

    def _set(self, target: FieldPointer, p: Pointee, span) -> A.Stmt:
        if target.binding.what is not What.POINTER:
            raise Unsupported("unsupported.pointer", span, "this pointer field cannot be assigned here")
        return self.e.pointers.set_variable(target.binding, target.declaration, p, span)

    def _bits(self, tag: A.Expr, offset: A.Expr, span) -> A.Expr:
        bits = self.s.uninterpreted("\\pointer_bits", A.Type.INT, 2)
        return A.Call(bits, (tag, offset), name_span=span, span=span)

    @staticmethod
    def _from_memory(span) -> Unsupported:
        return Unsupported("unsupported.pointer", span,
                           "a pointer read from memory is not followed: which array its bits name is not known "
                           "(it may only be copied into memory, `q[i].p = r[j].p`)")
