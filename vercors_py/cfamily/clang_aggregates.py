"""Structs and vector types (docs/cfamily.md, "Structs and vector types").

An aggregate (a struct, an OpenCL/clang vector, CUDA's `float4`, which our header
declares as a struct) is a tuple of scalar *leaves*: its fields and components, with
nested structs and constant-size array members flattened, each at the byte offset clang
gives it (`Type.get_offset`, `Type.get_size`), never at one of our own layout rules.

* A value of aggregate type (a local, a by-value parameter, a helper's argument or
  result) is one scalar per leaf; C copies aggregates, so assignment and initialisation
  go leaf by leaf.
* Memory of aggregates (an array of `float4`, a pointer to a struct): when every leaf
  has one scalar type, one array of that type in which element i's leaf k is cell
  `i * stride + offset_k / sizeof(leaf)`, `stride = sizeof(aggregate) / sizeof(leaf)`
  (a 3-vector of OpenCL, 16 bytes, has a padding cell); so `((float4 *) a)[i]` of a
  `float *a` is cells 4i .. 4i+3 of `a`, exactly as the hardware reads them.  A struct
  whose leaves differ in type: one array per leaf, `q$i`, `q$s`, with one cell per
  element (its pointers cannot be cast).
* Vector operations as clang types them: components and swizzles on either side of
  `=`, component-wise operators, the splat clang shows as an implicit cast, vector
  literals, `make_float4`, `convert_T`, `vloadN`/`vstoreN`, `select`.  An OpenCL vector
  comparison is -1 for true in each component.

A pointer field is a leaf too (struct_pointers.py says what its value is); a struct holding
one is laid out per leaf in memory.

What is not mapped exactly (unions, bit-fields, methods,
saturating or rounding conversions, ...) is refused where it stands.
"""
from __future__ import annotations

import attrs
from clang.cindex import Cursor, CursorKind as K, Type, TypeKind

from ..syntax import ast as A
from . import addressed_aggregates
from . import aggregate_choices
from . import clang_builtins as B
from . import clang_types as T
from . import ghost_arguments
from . import vector_shuffles
from .clang_scope import Binding, Unsupported, What
from .clang_types import CType, Kind
from .struct_pointers import FieldPointer
from .aggregate_layouts import VECTORS, Agg, Cells, Layout, Leaf, canonical, is_vector, leaf_name
from .aggregate_stores import AggregateStores
from .cursors import children, operator
from .values import Val, plus_constant

_RECORDS = (K.STRUCT_DECL, K.CLASS_DECL)
# What a struct's declaration may hold besides its fields: nothing that gives it a
# meaning beyond its fields (a constructor, an operator, a base class would).
_INERT = {K.STRUCT_DECL, K.UNION_DECL, K.CLASS_DECL, K.TYPEDEF_DECL, K.ENUM_DECL, K.ALIGNED_ATTR, K.PACKED_ATTR,
          K.UNEXPOSED_ATTR, K.TYPE_REF, K.CXX_ACCESS_SPEC_DECL, K.CXX_BASE_SPECIFIER}
_SWIZZLE = {"x": 0, "y": 1, "z": 2, "w": 3, "r": 0, "g": 1, "b": 2, "a": 3}


class Aggregates(AggregateStores):
    def __init__(self, exprs):
        self.e = exprs
        self.s = exprs.s
        self.u = exprs.s.unit
        self._layouts: dict = {}
        self.params: set[str] = set()      # the arrays of kernels' pointer parameters
        self._temps = 0

    # ---- layouts ----
    def layout(self, t: Type, c: Cursor) -> Layout | None:
        """The layout of an aggregate type, None for any other type (scalars, pointers,
        arrays, void); an aggregate that cannot be mapped exactly is refused at `c`."""
        t = canonical(t)
        if t.kind not in VECTORS and t.kind is not TypeKind.RECORD:
            return None
        known = self._key(t)
        if known not in self._layouts:
            try:
                leaves = tuple(self._leaves(t, (), 0))
                if not leaves:
                    raise self._refuse(c, f"`{T.spelling(t)}` has no fields")
                count = t.element_count if t.kind in VECTORS else 0
                self._layouts[known] = Layout(T.spelling(t), t.get_size(), t.get_align(), leaves, count)
            except Unsupported as problem:
                self._layouts[known] = problem
        found = self._layouts[known]
        if isinstance(found, Unsupported):
            raise Unsupported(found.diagnostic.code, self.s.span(c), found.diagnostic.message)
        return found

    @staticmethod
    def _key(t: Type):
        declaration = t.get_declaration()
        return (t.kind, t.spelling, declaration.hash if declaration is not None else 0)

    def _refuse(self, c: Cursor, message: str, code: str = "unsupported.type") -> Unsupported:
        return Unsupported(code, self.s.span(c), message)

    def _leaves(self, t: Type, path: tuple, offset: int):
        t = canonical(t)
        scalar = T.scalar(t)
        if scalar is not None:
            yield Leaf(path, scalar, offset)
            return
        where = self.u.tu.cursor
        match t.kind:
            case kind if kind in VECTORS:
                element = canonical(t.element_type)
                for k in range(t.element_count):
                    yield from self._leaves(element, path + (k,), offset + k * element.get_size())
            case TypeKind.CONSTANTARRAY:
                element = canonical(t.element_type)
                for k in range(t.get_array_size()):
                    yield from self._leaves(element, path + (k,), offset + k * element.get_size())
            case TypeKind.RECORD:
                declaration = t.get_declaration()
                if declaration.kind not in _RECORDS:
                    raise self._refuse(where, f"`{T.spelling(t)}`: unions are not supported")
                found, names = [], {field.spelling for field in t.get_fields()}
                for child in declaration.get_children():
                    if child.kind is K.CXX_BASE_SPECIFIER:
                        # A plain base class: its fields at the offset clang gives it.
                        if child.is_virtual_base():
                            raise self._refuse(where, f"`{T.spelling(t)}` has a virtual base, which is not supported")
                        at = child.get_base_offsetof(declaration)
                        inherited = list(self._leaves(child.type, path, offset + at // 8))
                        named = {leaf.path[len(path)] for leaf in inherited}
                        if named & names:
                            raise self._refuse(where, f"`{T.spelling(t)}` has two members of one name")
                        names |= named
                        found.extend(inherited)
                    elif child.kind is not K.FIELD_DECL and child.kind not in _INERT:
                        raise self._refuse(where, f"`{T.spelling(t)}` has members other than fields (a constructor, "
                                           "a method, an operator), which is not supported")
                yield from found
                for field in t.get_fields():
                    if field.is_bitfield():
                        raise self._refuse(where, f"`{T.spelling(t)}`: bit-fields are not supported")
                    if not field.spelling:
                        raise self._refuse(where, f"`{T.spelling(t)}`: anonymous members are not supported")
                    at = t.get_offset(field.spelling)
                    if at < 0 or at % 8:
                        raise self._refuse(where, f"`{T.spelling(t)}`: the place of `{field.spelling}` is unknown")
                    yield from self._leaves(field.type, path + (field.spelling,), offset + at // 8)
            case TypeKind.POINTER:
                yield self.e.fields.leaf(t, path, offset, where)
            case _:
                raise self._refuse(where, f"members of type `{T.spelling(t)}` are not supported")

    def stride(self, t: Type, c: Cursor) -> int:
        """Cells per element of type `t` in memory (1 for a scalar)."""
        layout = self.layout(t, c)
        return layout.stride if layout is not None else 1

    def cell_type(self, t: Type, c: Cursor) -> CType | None:
        """The type of the cells of memory holding values of type `t`: a scalar's own
        type, a uniform aggregate's leaves' type; None for a struct of mixed leaves."""
        layout = self.layout(t, c)
        if layout is None:
            return T.scalar(t)
        return layout.leaves[0].ctype if layout.uniform else None

    # ---- memory ----
    def array_decls(self, c: Cursor, binding: Binding, space: A.Scope, size: A.Expr, layout: Layout, name_span,
                    param: bool = False) -> tuple[Binding, list[A.ArrayDecl]]:
        """The arrays that hold an array of aggregates, declared as `binding`, of `size`
        cells each: for a uniform layout one array (`size` counts scalars), else one
        per leaf (`size` counts elements)."""
        span = self.s.span(c)
        if layout.uniform:
            ctype = layout.leaves[0].ctype
            cells = Cells(layout, (binding.name,) * len(layout.leaves), param)
            decls = [A.ArrayDecl(space, T.lang_type(ctype), size, binding.name, T.elem_range(ctype),
                                 name_span=name_span, span=span)]
        else:
            names = tuple(f"{binding.name}${leaf_name(leaf)}" for leaf in layout.leaves)
            cells = Cells(layout, names, param)
            decls = [A.ArrayDecl(space, T.lang_type(leaf.ctype), size, name, T.elem_range(leaf.ctype),
                                 name_span=name_span, span=span) for leaf, name in zip(layout.leaves, names)]
            self.s.names[-1].update(names)
        binding = attrs.evolve(binding, aggregate=cells)
        self.s.bind(c, binding)
        return binding, decls

    def element(self, base: Binding, index: A.Expr, layout: Layout, span) -> Agg:
        """The element of an array of aggregates whose first cell is `index`."""
        cells: Cells | None = base.aggregate
        if cells is None and layout.uniform and layout.leaves[0].ctype.same(base.ctype):
            cells = Cells(layout, (base.name,) * len(layout.leaves))      # scalars read as vectors
        if cells is None or not self._same_layout(cells.layout, layout):
            raise Unsupported("unsupported.pointer", span,
                              f"`{base.name}` is read as `{layout.spelling}`, which its memory does not hold")
        vals = []
        for k, leaf in enumerate(layout.leaves):
            at = plus_constant(index, layout.cell(k), span)
            vals.append(Val(A.Index(A.Name(cells.arrays[k], span=span), at, span=span), leaf.ctype))
        return Agg(layout, tuple(vals))

    @staticmethod
    def _same_layout(a: Layout, b: Layout) -> bool:
        """Whether memory laid out for `a` holds values of `b`: the same struct, or cells
        of one scalar type (where an element of `b` is its own run of cells)."""
        return a == b or a.uniform and b.uniform and a.leaves[0].ctype.same(b.leaves[0].ctype)

    def scalar_memory(self, base: Binding, index: A.Expr, ctype: CType, span) -> None:
        """A scalar read of memory of aggregates (`((float *) v)[i]`): only of a uniform
        layout, whose cells are of the scalar's type."""
        cells: Cells | None = base.aggregate
        if cells is not None and not cells.layout.uniform:
            raise Unsupported("unsupported.pointer", span,
                              f"`{base.name}` holds structs of mixed leaves; it can only be read by member")

    def aligned(self, inner: Type, outer: Type, offset: A.Expr, base: Binding, c: Cursor) -> bool:
        """Whether a cast of a pointer between cell-compatible types keeps C's
        requirement that a pointer be aligned for its type: the target's alignment (in
        cells) divides the source's, or the offset is a known multiple of it at the
        start of a kernel's pointer parameter (aligned for every type)."""
        after = self.layout(T.pointee(outer), c)
        if after is None:
            return True
        ctype = after.leaves[0].ctype
        need = max(1, after.align // (ctype.bits // 8))
        before = self.layout(T.array_dims(inner)[1] if T.is_array(inner) else T.pointee(inner), c)
        have = max(1, before.align // (ctype.bits // 8)) if before is not None else 1
        if have % need == 0:
            return True
        cells: Cells | None = base.aggregate
        from_param = base.what is What.ARRAY and (base.name in self.params
                                                  or (cells is not None and cells.param))
        return from_param and isinstance(offset, A.IntLit) and offset.value % need == 0

    def same_cells(self, inner: Type, outer: Type, c: Cursor) -> bool:
        """Whether a pointer conversion keeps the cells it points at: both point at one
        type (qualifiers aside), or at scalars and uniform aggregates of one scalar type
        whose sizes divide evenly."""
        before = T.array_dims(inner)[1] if T.is_array(inner) else T.pointee(inner)
        after = T.pointee(outer)
        a, b = self.layout(before, c), self.layout(after, c)
        if a is not None and b is not None and a == b:
            return True
        x, y = self.cell_type(before, c), self.cell_type(after, c)
        return x is not None and y is not None and x.same(y)

    # ---- places and values ----
    def value(self, c: Cursor) -> Agg:
        """The value of an expression of aggregate type."""
        layout = self.layout(c.type, c)
        span = self.s.span(c)
        if layout is None:
            raise self._refuse(c, f"a value of type `{T.spelling(c.type)}` is not supported here")
        match c.kind:
            case K.PAREN_EXPR:
                return self.value(children(c)[0])
            case K.UNEXPOSED_EXPR | K.CSTYLE_CAST_EXPR | K.CXX_FUNCTIONAL_CAST_EXPR | K.CXX_STATIC_CAST_EXPR:
                inner = children(c)[-1] if c.kind is not K.UNEXPOSED_EXPR else _only(c)
                if inner is None:
                    raise self._refuse(c, "this expression of aggregate type is not supported", "unsupported.statement")
                if c.kind is K.UNEXPOSED_EXPR and self.accessor(c) is not None:
                    return self.place(c)
                source = T.scalar(inner.type)
                if source is not None and layout.count:
                    # A splat: clang converts the scalar to the component type first.
                    val = self.e.convert(self.e.value(inner), layout.leaves[0].ctype, c)
                    return Agg(layout, (val,) * len(layout.leaves))
                if inner.kind is K.INIT_LIST_EXPR:
                    return self.literal(inner, layout)
                found = self.value(inner)
                if found.layout != layout:
                    raise self._refuse(c, f"a conversion from `{found.layout.spelling}` to `{layout.spelling}` "
                                       "reinterprets its bytes, which is not supported")
                return found
            case K.DECL_REF_EXPR | K.MEMBER_REF_EXPR | K.ARRAY_SUBSCRIPT_EXPR:
                return self.place(c)
            case K.UNARY_OPERATOR:
                op = self.u.unary_operator(c)
                if op == "*":
                    return self.place(c)
                return self.unary(op, self.value(children(c)[0]), layout, c)
            case K.BINARY_OPERATOR:
                return self.binary(c, layout)
            case K.COMPOUND_LITERAL_EXPR | K.INIT_LIST_EXPR:
                init = next((x for x in children(c) if x.kind is K.INIT_LIST_EXPR), c)
                return self.literal(init, layout)
            case K.CONDITIONAL_OPERATOR:
                test, then_c, else_c = children(c)
                if T.scalar(test.type) is None:
                    raise self._refuse(c, "a condition that is a vector is not supported")
                cond = self.e.cond(test)
                then, otherwise = self.value(then_c), self.value(else_c)
                if any(isinstance(v, FieldPointer) for v in then.vals + otherwise.vals):
                    raise self._refuse(c, "a choice between structs holding pointers is not supported",
                                       "unsupported.pointer")
                return Agg(layout, tuple(Val(A.Conditional(cond, a.expr, b.expr, span=span), a.ctype)
                                         for a, b in zip(then.vals, otherwise.vals)))
            case K.CALL_EXPR:
                return self.call(c, layout)
        raise self._refuse(c, f"this expression of type `{layout.spelling}` is not supported", "unsupported.statement")

    def operand(self, c: Cursor, layout: Layout) -> Agg:
        """A built-in's argument that is a vector, or a scalar that stands for one
        (converted to the components' type as the built-in's signature says)."""
        if self.layout(c.type, c) is not None:
            return self.value(c)
        val = self.e.convert(self.e.value(c), layout.leaves[0].ctype, c)
        return Agg(layout, (val,) * len(layout.leaves))

    def place(self, c: Cursor) -> Agg:
        """Where an lvalue of aggregate type lies: its leaves' variables or cells."""
        layout = self.layout(c.type, c)
        span = self.s.span(c)
        match c.kind:
            case K.PAREN_EXPR:
                return self.place(children(c)[0])
            case K.UNEXPOSED_EXPR:
                if self.accessor(c) is not None:
                    base = self.place_or_value(_only(c))
                    return self.select(base, self.components(c, base.layout), c)
                return self.place(_only(c))
            case K.DECL_REF_EXPR:
                binding = self.s.lookup(c.referenced) if c.referenced is not None else None
                if addressed_aggregates.is_addressed(binding):
                    return addressed_aggregates.element(self, binding, span)
                if binding is None or binding.what is not What.AGGREGATE:
                    raise self._refuse(c, f"`{c.spelling}` is not a variable of aggregate type that is supported",
                                       "unsupported.declaration")
                return binding.aggregate
            case K.MEMBER_REF_EXPR:
                base_c = children(c)[0] if children(c) else None
                if base_c is None or c.referenced is None or c.referenced.kind is not K.FIELD_DECL:
                    raise self._refuse(c, "this member is not supported")
                if T.is_pointer(base_c.type):
                    whole = self.pointee(base_c, c)
                else:
                    whole = self.place_or_value(base_c)
                return self.member(whole, c.referenced.spelling, c, layout)
            case K.ARRAY_SUBSCRIPT_EXPR:
                return self.subscript(c, layout)
            case K.UNARY_OPERATOR if self.u.unary_operator(c) == "*":
                return self.pointee(children(c)[0], c)
            case K.CALL_EXPR:
                return self.call(c, layout)
        raise self._refuse(c, f"this expression of type `{layout.spelling}` is not supported", "unsupported.statement")

    def place_or_value(self, c: Cursor) -> Agg:
        return self.place(c) if c.kind in (K.DECL_REF_EXPR, K.MEMBER_REF_EXPR, K.ARRAY_SUBSCRIPT_EXPR, K.PAREN_EXPR,
                                           K.UNARY_OPERATOR, K.UNEXPOSED_EXPR) else self.value(c)

    def pointee(self, pointer_c: Cursor, c: Cursor) -> Agg:
        """`*p`, `p->m` (`c`, whose pointer is `pointer_c`): through a pointer that may
        point into several arrays, one choice per leaf (aggregate_choices.py)."""
        layout = self.layout(T.pointee(pointer_c.type), c)
        return aggregate_choices.element(self, self.e.pointers.cells(c), layout, self.s.span(c))

    def subscript(self, c: Cursor, layout: Layout | None) -> Agg:
        """`a[i]`: an element of an array of aggregates in memory, or of an array member
        of an aggregate (`q.a[3]`)."""
        pointer_side, index = children(c)
        if not (T.is_pointer(pointer_side.type) or T.is_array(pointer_side.type)):
            pointer_side, index = index, pointer_side
        member = strip_decay(pointer_side)
        if member.kind is K.MEMBER_REF_EXPR and T.is_array(member.type):
            whole = self.place(member)
            return self.array_member(whole, index, c)
        if layout is None:
            raise self._refuse(c, "this array is not supported", "unsupported.pointer")
        return aggregate_choices.element(self, self.e.pointers.cells(c), layout, self.s.span(c))

    def array_member(self, whole: Agg, index_c: Cursor, c: Cursor) -> Agg:
        """Element `i` of an array member: by a constant, its leaves; by any other index,
        in memory of one scalar type (where the element's cells are `i * step` on),
        checked against the member's size."""
        span = self.s.span(c)
        size = whole.layout.leaves[-1].path[0] + 1
        per = len(whole.layout.leaves) // size
        constant = self.e.constant(index_c)
        if constant is not None:
            if not 0 <= constant < size:
                raise Unsupported("bounds.index", self.s.span(index_c),
                                  f"index {constant} is outside the array member of {size} elements")
            picked = whole.layout.under(constant)
            return self._sub(whole, picked, c)
        first = Agg(whole.layout, whole.vals[:per])
        if not all(isinstance(v.expr, A.Index) for v in whole.vals) \
                or len({v.expr.array.id for v in whole.vals}) != 1:
            raise self._refuse(c, "an array member of a variable is only supported with a constant index")
        step = (whole.layout.leaves[per].offset - whole.layout.leaves[0].offset) // whole.layout.leaves[0].ctype.bits * 8
        checked = A.Fits(self.e.index(index_c), "the array member", 0, size - 1, self.s.text(index_c),
                         "bounds.index", span=self.s.span(index_c))
        moved = A.Binary("*", checked, A.IntLit(step, span=span), span=span)
        vals = tuple(Val(A.Index(v.expr.array, A.Binary("+", v.expr.index, moved, span=span),
                                                span=span), v.ctype) for v in first.vals)
        return Agg(self._sub_layout(whole.layout, list(range(per)), c), vals)

    def member(self, whole: Agg, name: str, c: Cursor, layout: Layout | None) -> Agg:
        picked = whole.layout.under(name)
        if not picked:
            raise self._refuse(c, f"`{whole.layout.spelling}` has no member `{name}` that is mapped")
        return self._sub(whole, picked, c)

    def _sub(self, whole: Agg, picked: list[int], c: Cursor) -> Agg:
        return Agg(self._sub_layout(whole.layout, picked, c), tuple(whole.vals[k] for k in picked))

    def _sub_layout(self, layout: Layout, picked: list[int], c: Cursor) -> Layout:
        """The layout of a member (or array element) as clang lays it out on its own, or
        for an array member, of its elements."""
        own = self.layout(c.type, c)
        leaves = [layout.leaves[k] for k in picked]
        if own is not None and len(own.leaves) == len(leaves):
            return own
        start = leaves[0].offset
        return Layout(layout.spelling, 0, 1,
                      tuple(attrs.evolve(leaf, path=leaf.path[1:], offset=leaf.offset - start) for leaf in leaves))

    def select(self, base: Agg, indices: list[int], c: Cursor) -> Agg:
        layout = self.layout(c.type, c)
        vals = tuple(base.vals[k] for k in indices)
        if layout is None:
            ctype = self.e.scalar(c)
            return Agg(Layout(ctype.name, ctype.bits // 8, 1, (Leaf((0,), ctype, 0),)), vals)
        return Agg(layout, vals)

    # ---- a component read or written as a scalar ----
    def leaf(self, c: Cursor):
        """A scalar-typed component: `s.x`, `v.y`, `q.a[3]`, `p->x`; its Val."""
        found = self.place(c) if self.layout(c.type, c) is None and self._is_component(c) else None
        if found is None or len(found.vals) != 1:
            raise self._refuse(c, "this member is not supported")
        if found.vals[0].ctype.kind is Kind.POINTER:
            raise self._refuse(c, "a pointer field is only read as a pointer (`q.p[i]`, `*q.p`, `q.p == r`) and "
                               "set by `q.p = r`", "unsupported.pointer")
        return found.vals[0]

    def _is_component(self, c: Cursor) -> bool:
        match c.kind:
            case K.MEMBER_REF_EXPR:
                return True
            case K.UNEXPOSED_EXPR:
                return self.accessor(c) is not None
            case K.ARRAY_SUBSCRIPT_EXPR:
                side = children(c)[0] if (T.is_pointer(children(c)[0].type) or T.is_array(children(c)[0].type)) \
                    else children(c)[1]
                return strip_decay(side).kind is K.MEMBER_REF_EXPR and T.is_array(strip_decay(side).type)
        return False

    def place_of(self, c: Cursor):
        """The Val of a scalar component `c` is if it is one (a place to assign), else None."""
        if c.kind not in (K.MEMBER_REF_EXPR, K.UNEXPOSED_EXPR, K.ARRAY_SUBSCRIPT_EXPR) or not self._is_component(c):
            return None
        return self.leaf(c)

    def components(self, c: Cursor, layout: Layout) -> list[int]:
        """The components an OpenCL vector access names (`.x`, `.xy`, `.s0`, `.lo`, ...),
        as the specification defines them; their number must be clang's."""
        name = self.accessor(c)
        n = layout.count
        if name in ("lo", "hi", "even", "odd"):
            if n == 3 and name in ("hi", "odd"):
                raise self._refuse(c, f"`.{name}` of a 3-component vector includes an undefined component")
            half = (n + 1) // 2 if n != 3 else 2
            picked = {"lo": range(half), "hi": range(half, 2 * half), "even": range(0, 2 * half, 2),
                      "odd": range(1, 2 * half, 2)}[name]
            indices = list(picked)
        elif name[0] in "sS" and all(ch in "0123456789abcdefABCDEF" for ch in name[1:]) and len(name) > 1:
            indices = [int(ch, 16) for ch in name[1:]]
        elif all(ch in _SWIZZLE for ch in name):
            indices = [_SWIZZLE[ch] for ch in name]
        else:
            raise self._refuse(c, f"the vector component `.{name}` is not supported")
        result = canonical(c.type)
        expected = result.element_count if result.kind in VECTORS else 1
        if len(indices) != expected or any(not 0 <= k < n for k in indices):
            raise self._refuse(c, f"the vector component `.{name}` is not read as clang reads it")
        return indices

    def accessor(self, c: Cursor) -> str | None:
        """The component name of an OpenCL vector access, which libclang shows as an
        unexposed expression over the vector: the identifier after the `.` that ends
        its extent (an implicit conversion ends where its operand ends)."""
        if c.kind is not K.UNEXPOSED_EXPR:
            return None
        inner = _only(c)
        if inner is None or not is_vector(inner.type):
            return None
        if c.extent.end.offset == inner.extent.end.offset and c.extent.end.file is not None:
            return None
        tokens = list(c.get_tokens())
        if len(tokens) < 2 or tokens[-2].spelling != "." or not self.u.is_main_file(tokens[-1].location):
            return None
        return tokens[-1].spelling

    # ---- operators ----
    def unary(self, op: str, operand: Agg, layout: Layout, c: Cursor) -> Agg:
        span = self.s.span(c)
        vals = []
        for val, leaf in zip(operand.vals, layout.leaves):
            match op:
                case "+":
                    vals.append(val)
                case "-":
                    if leaf.ctype.kind is Kind.FLOAT:
                        fn = self.s.uninterpreted(f"\\{leaf.ctype.name.replace(' ', '_')}_neg", A.Type.INT, 1)
                        vals.append(Val(A.Call(fn, (val.expr,), name_span=span, span=span), leaf.ctype))
                    else:
                        zero = Val(A.IntLit(0, span=span), leaf.ctype)
                        vals.append(self.e.combine("-", zero, val, c, c, leaf.ctype))
                case "~" if leaf.ctype.is_int:
                    minus_one = Val(A.IntLit(-1, span=span), T.INT)
                    vals.append(self.e.combine("^", self.e.convert(minus_one, leaf.ctype, c), val, c, c, leaf.ctype))
                case _:
                    raise self._refuse(c, f"`{op}` on a vector is not supported", "unsupported.statement")
        return Agg(layout, tuple(vals))

    def binary(self, c: Cursor, layout: Layout) -> Agg:
        op = operator(c)
        left_c, right_c = children(c)
        if op in ("=", ","):
            raise Unsupported("unsupported.side-effect", self.s.span(c),
                              "an assignment inside an expression is not supported")
        if op in ("&&", "||"):
            raise self._refuse(c, f"`{op}` on vectors is not supported", "unsupported.statement")
        if op in ("<<", ">>"):
            # Component by component in the component type, unpromoted: OpenCL C takes the
            # amount modulo the component's width (clang_shifts.py).
            return self.combine(op, self.value(left_c), self.operand(right_c, layout), layout, right_c, c)
        left, right = self.value(left_c), self.value(right_c)
        return self.combine(op, left, right, layout, right_c, c)

    def combine(self, op: str, left: Agg, right: Agg, layout: Layout, right_c: Cursor, c: Cursor) -> Agg:
        """`left op right` component by component, in the component type of the
        operands (clang made them one type); a comparison is -1 (true) or 0."""
        span = self.s.span(c)
        vals = []
        for a, b, leaf in zip(left.vals, right.vals, layout.leaves):
            if op in ("<", "<=", ">", ">=", "==", "!="):
                test = self.e.combine(op, a, b, right_c, c, a.ctype)
                vals.append(Val(A.Conditional(test.expr, A.IntLit(-1, span=span), A.IntLit(0, span=span),
                                                     span=span), leaf.ctype, (-1, 0)))
            else:
                vals.append(self.e.combine(op, a, b, right_c, c, leaf.ctype))
        return Agg(layout, tuple(vals))

    def literal(self, init: Cursor, layout: Layout) -> Agg:
        """`(float4)(a, (float2)(b, c), d)`: the components of the values in order; a
        struct's `{a, b}`: one value per field, each converted to the field's type."""
        items = children(init)
        if layout.count:
            vals = []
            for item in items:
                inner = self.layout(item.type, item)
                if inner is None:
                    vals.append(self.e.convert(self.e.value(item), layout.leaves[len(vals)].ctype, item))
                else:
                    vals.extend(self.value(item).vals)
            if len(items) == 1 and len(vals) == 1:
                vals = vals * len(layout.leaves)
            if len(vals) != len(layout.leaves):
                raise self._refuse(init, "this vector literal is not supported", "unsupported.statement")
            return Agg(layout, tuple(vals))
        fields = list(canonical(init.type).get_fields())
        if len(items) != len(fields):
            raise self._refuse(init, "an initialiser must give every field a value", "unsupported.statement")
        vals = []
        for item, field in zip(items, fields):
            if self.layout(field.type, item) is not None:
                vals.extend(self.value(item).vals)
            elif T.scalar(field.type) is not None:
                vals.append(self.e.convert(self.e.value(item), T.scalar(field.type), item))
            else:
                raise self._refuse(item, "this initialiser is not supported", "unsupported.statement")
        if len(vals) != len(layout.leaves):
            raise self._refuse(init, "this initialiser is not supported", "unsupported.statement")
        return Agg(layout, tuple(vals))

    # ---- calls ----
    def call(self, c: Cursor, layout: Layout) -> Agg:
        function = c.referenced
        args = list(c.get_arguments())
        span = self.s.span(c)
        if function is None:
            raise self._refuse(c, "calls through pointers are not supported", "unsupported.function")
        name = function.spelling
        if function.kind is K.CONSTRUCTOR:
            # The record has no constructors of its own (`layout` refuses them): this is
            # the implicit copy or move, or a default construction (indeterminate).
            if len(args) == 1 and self.layout(args[0].type, args[0]) == layout:
                return self.value(args[0])
            if not args:
                return Agg(layout, tuple(Val(None, leaf.ctype) for leaf in layout.leaves))
            raise self._refuse(c, "this construction is not supported", "unsupported.function")
        if self.s.is_file_function(function):
            return self.e.helper_value(function, args, c)
        if name.startswith("__return_val") and not args and isinstance(self.e.returned, Agg) \
                and self.e.returned.layout == layout:
            return self.e.returned
        if name.startswith("make_") and len(args) == len(layout.leaves) and not self.s.is_file_function(function):
            return Agg(layout, tuple(self.e.convert(self.e.value(a), leaf.ctype, a)
                                     for a, leaf in zip(args, layout.leaves)))
        if name.startswith("convert_") and len(args) == 1 and not name.endswith(("_sat", "_rte", "_rtz", "_rtp", "_rtn")):
            source = self.value(args[0])
            return Agg(layout, tuple(self.e.convert(val, leaf.ctype, c) for val, leaf in zip(source.vals, layout.leaves)))
        if name.startswith("vload") and name[5:].isdigit() and len(args) == 2:
            base, start = self.vector_cells(args[1], args[0], int(name[5:]), c)
            return Agg(layout, tuple(Val(A.Index(A.Name(base.name, span=span), plus_constant(start, k, span),
                                                                span=span), leaf.ctype)
                                     for k, leaf in enumerate(layout.leaves)))
        if name == "select" and len(args) == 3:
            return self.select_builtin(args, layout, c)
        if vector_shuffles.NAMES.get(name) == len(args):
            return vector_shuffles.call(self, name, args, layout, c)
        if name in B.INT_MIN_MAX and len(args) == 2 and all(leaf.ctype.is_int for leaf in layout.leaves):
            # OpenCL's integer min and max, component by component (a scalar argument
            # is converted to the vector's type by clang).
            left, right = (self.operand(a, layout) for a in args)
            return Agg(layout, tuple(Val(A.Conditional(A.Binary(B.INT_MIN_MAX[name], x.expr, y.expr, span=span),
                                                         x.expr, y.expr, span=span), leaf.ctype)
                                     for x, y, leaf in zip(left.vals, right.vals, layout.leaves)))
        if not self.s.is_file_function(function) and all(leaf.ctype.kind is Kind.FLOAT for leaf in layout.leaves):
            return Agg(layout, tuple(self.maths(name, args, c, [leaf.ctype for leaf in layout.leaves])))
        raise self._refuse(c, f"`{name}` returning `{layout.spelling}` is not supported", "unsupported.function")

    def maths(self, name: str, args: list[Cursor], c: Cursor, results: list[CType]) -> list:
        """A floating-point maths function of the platform on vectors (`sqrt(v)`,
        `dot(a, b)`, `cross(a, b)`): without effects, so component k of its result is an
        uninterpreted function of every component of its arguments (a verdict then holds
        for every interpretation, the platform's included)."""
        span = self.s.span(c)
        inputs = []
        for arg in args:
            if T.is_pointer(arg.type) or T.is_array(arg.type):
                raise self._refuse(arg, f"`{name}` with a pointer argument is not supported", "unsupported.function")
            if self.layout(arg.type, arg) is not None:
                inputs.extend(v.expr for v in self.value(arg).vals)
            else:
                inputs.append(self.e.value(arg).expr)
        out = []
        for k, ctype in enumerate(results):
            fn = self.s.uninterpreted(f"\\{name}${k}of{len(results)}in{len(inputs)}", A.Type.INT, len(inputs))
            out.append(Val(A.Call(fn, tuple(inputs), name_span=span, span=span), ctype))
        return out

    def vector_cells(self, pointer_c: Cursor, offset_c: Cursor, n: int, c: Cursor) -> tuple[Binding, A.Expr]:
        """`vloadN(i, p)` and `vstoreN(v, i, p)`: cells `p + i * N` to `p + i * N + N - 1`
        (no alignment beyond the scalar's is needed)."""
        ghost_arguments.claim(self.s, c)
        span = self.s.span(c)
        base, offset = self.e.pointer(pointer_c)
        self.scalar_memory(base, offset, base.ctype, span)
        step = A.Binary("*", self.e.index(offset_c), A.IntLit(n, span=span), span=span)
        return base, _plus_expr(offset, step, span)

    def select_builtin(self, args: list[Cursor], layout: Layout, c: Cursor) -> Agg:
        """OpenCL's `select(a, b, m)` of vectors: b's component where m's has its top bit
        set (a negative value of a signed type), else a's."""
        span = self.s.span(c)
        a, b, m = (self.value(x) for x in args)
        vals = []
        for x, y, mask in zip(a.vals, b.vals, m.vals):
            if not mask.ctype.is_int:
                raise self._refuse(c, "this select is not supported", "unsupported.function")
            top = A.Binary("<", mask.expr, A.IntLit(0, span=span), span=span) if mask.ctype.signed else \
                A.Binary(">=", mask.expr, A.IntLit(1 << (mask.ctype.bits - 1), span=span), span=span)
            vals.append(Val(A.Conditional(top, y.expr, x.expr, span=span), x.ctype))
        return Agg(layout, tuple(vals))



def root(c: Cursor) -> Cursor:
    """The variable an assignment's target is a part of (`q` of `q.a[3].x`)."""
    while True:
        match c.kind:
            case K.PAREN_EXPR | K.UNEXPOSED_EXPR if _only(c) is not None:
                c = _only(c)
            case K.MEMBER_REF_EXPR if children(c) and not T.is_pointer(children(c)[0].type):
                c = children(c)[0]
            case K.ARRAY_SUBSCRIPT_EXPR if T.is_array(strip_decay(children(c)[0]).type) \
                    and not _array_parameter(strip_decay(children(c)[0])):
                c = children(c)[0]
            case _:
                return c


def _array_parameter(c: Cursor) -> bool:
    """A parameter declared as an array (`int a[]`): C adjusts it to a pointer, so a cell
    written through it is memory, not a part of the parameter."""
    return c.kind is K.DECL_REF_EXPR and c.referenced is not None and c.referenced.kind is K.PARM_DECL


def _only(c: Cursor) -> Cursor | None:
    inner = children(c)
    return inner[0] if len(inner) == 1 else None


def strip_decay(c: Cursor) -> Cursor:
    """An array member under the conversion to a pointer clang wraps it in."""
    while c.kind in (K.UNEXPOSED_EXPR, K.PAREN_EXPR) and _only(c) is not None and not is_vector(_only(c).type):
        c = _only(c)
    return c


def _plus_expr(a: A.Expr, b: A.Expr, span) -> A.Expr:
    if isinstance(a, A.IntLit) and a.value == 0:
        return b
    return A.Binary("+", a, b, span=span)
