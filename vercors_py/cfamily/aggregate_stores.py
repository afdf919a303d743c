"""Statements on structs and vector types (docs/cfamily.md, "Structs and vector types"): C
copies an aggregate leaf by leaf, in assignments, compound assignments, `vstoreN` and
declarations; a part of the aggregate mapper (clang_aggregates.Aggregates)."""
from __future__ import annotations

import attrs
from clang.cindex import Cursor, CursorKind as K

from ..syntax import ast as A
from . import aggregate_choices
from . import clang_types as T
from .aggregate_layouts import Agg, Layout, leaf_name
from .clang_scope import Binding, Unsupported, What
from .clang_types import Kind
from .cursors import children, operator
from .struct_pointers import FieldPointer
from .values import Val, plus_constant


class AggregateStores:
    """The statements of clang_aggregates.Aggregates, which this is a part of."""

    def store(self, target: Agg, value: Agg, span) -> list:
        """C's copy of an aggregate: leaf by leaf."""
        if len(target.vals) != len(value.vals):
            raise Unsupported("unsupported.statement", span, "these aggregates do not have the same leaves")
        out = []
        for t, v in zip(target.vals, value.vals):
            if v.expr is None and not isinstance(t, FieldPointer):
                # A leaf of a default-constructed struct: libclang does not tell `P t;`
                # (indeterminate) from `P()` (zero), so an unknown value, still written.
                unknown = self._temp()
                out.append(A.VarDecl(T.lang_type(t.ctype), unknown, None, T.elem_range(t.ctype), name_span=span,
                                     span=span))
                v = Val(A.Name(unknown, span=span), t.ctype)
            if t.ctype.kind is Kind.POINTER:
                out.extend(self.e.fields.copy(t, v, span))
            else:
                out.append(self.store_leaf(t, v.expr, span))
        return out

    @staticmethod
    def store_leaf(target, value: A.Expr, span):
        if aggregate_choices.is_choice(target):
            return aggregate_choices.store_leaf(AggregateStores.store_leaf, target, value, span)
        if isinstance(target.expr, A.Index):
            return A.ArrayAssign(target.expr, value, span=span)
        if isinstance(target.expr, A.Name):
            return A.Assign(target.expr, value, span=span)
        raise Unsupported("unsupported.statement", span, "this cannot be assigned")

    def is_assignment(self, c: Cursor) -> bool:
        """`a = b` of aggregates: OpenCL's operator, or C++'s implicit `operator=` (a
        record with one of its own is refused by `layout`)."""
        if c.kind is K.BINARY_OPERATOR:
            return operator(c) == "=" and self.layout(c.type, c) is not None
        return c.kind is K.CALL_EXPR and c.referenced is not None and c.referenced.kind is K.CXX_METHOD \
            and c.referenced.spelling == "operator=" and self.layout(c.type, c) is not None

    def vstore(self, c: Cursor, args: list[Cursor], n: int, span) -> list:
        """`vstoreN(v, i, p)`: v's components into cells `p + i * N` on."""
        value = self.value(args[0])
        base, start = self.vector_cells(args[2], args[1], n, c)
        target = Agg(value.layout, tuple(Val(A.Index(A.Name(base.name, span=span), plus_constant(start, k, span), span=span),
                                               base.ctype) for k in range(n)))
        if not all(v.ctype.same(base.ctype) for v in value.vals):
            raise self._refuse(c, "this vstore is not supported", "unsupported.function")
        return self.store(target, value, span)

    def assignment(self, target_c: Cursor, value_c: Cursor, span) -> list:
        target = self.place(target_c)
        value = self.value(value_c)
        # Read every leaf before writing any: `v.xy = v.yx` swaps.
        temps, reads = self.hold(value, target, span)
        return temps + self.store(target, reads, span)

    def compound(self, c: Cursor, span) -> list:
        """`v op= e` on vectors: component-wise, each in its computation type."""
        target_c, right_c = children(c)
        op = operator(c)[:-1]
        target = self.place(target_c)
        operand = self.operand(right_c, target.layout) if op in ("<<", ">>") else self.value(right_c)
        vals = []
        for current, val, leaf in zip(target.vals, operand.vals, target.layout.leaves):
            # A vector's shift is in its component type (binary above).
            ctype = current.ctype if op in ("<<", ">>") else T.computation(current.ctype, val.ctype)
            vals.append(self.e.convert(self.e.combine(op, current, val, right_c, c, ctype), current.ctype, c))
        temps, reads = self.hold(Agg(target.layout, tuple(vals)), target, span)
        return temps + self.store(target, reads, span)

    def hold(self, value: Agg, target: Agg, span) -> tuple[list, Agg]:
        """Where the target's leaves are read by the value, the value's leaves first
        go into temporaries, so the copy reads what C reads."""
        written = {_key(v.expr) for v in target.vals}
        chosen = any(aggregate_choices.is_choice(v) for v in target.vals)     # in arrays a tag picks
        if len(target.vals) < 2 or not chosen and not any(_reads(v.expr, written) for v in value.vals
                                                          if v.expr is not None):
            return [], value
        temps, vals = [], []
        for val in value.vals:
            if val.expr is None or isinstance(val, FieldPointer):
                # A pointer field is read where it is stored; only the same variable writes it.
                vals.append(val)
                continue
            binding = self._temp()
            temps.append(A.VarDecl(T.lang_type(val.ctype), binding, val.expr, T.elem_range(val.ctype),
                                   name_span=span, span=span))
            vals.append(Val(A.Name(binding, span=span), val.ctype))
        return temps, Agg(value.layout, tuple(vals))

    def _temp(self) -> str:
        visible = set().union(*self.s.names)
        while f"agg${self._temps}" in visible:
            self._temps += 1
        name = f"agg${self._temps}"
        self.s.names[-1].add(name)
        return name

    def declare(self, c: Cursor, layout: Layout, value: Agg | None, kind: str = "local",
                c_name: str | None = None) -> tuple[Binding, list]:
        """A variable (or, of `kind` "param", a kernel's parameters) of aggregate type:
        one scalar per leaf."""
        span = self.s.span(c)
        base = self.s.declare(c, What.AGGREGATE, layout.leaves[0].ctype, c_name=c_name)
        names = tuple(f"{base.name}${leaf_name(leaf)}" for leaf in layout.leaves)
        self.s.names[-1].update(n for n, leaf in zip(names, layout.leaves) if leaf.pointer is None)
        vals, decls = [], []
        for k, (n, leaf) in enumerate(zip(names, layout.leaves)):
            if leaf.pointer is not None:
                # struct_pointers.py: an array of the kernel, or a pointer variable.
                val, more = self.e.fields.declare(c, n, leaf, value.vals[k] if value is not None else None, kind,
                                                  span)
                vals.append(val)
                decls.extend(more)
            else:
                vals.append(Val(A.Name(n, span=span), leaf.ctype))
        binding = attrs.evolve(base, aggregate=Agg(layout, tuple(vals)))
        self.s.bind(c, binding)
        for k, (n, leaf) in enumerate(zip(names, layout.leaves)):
            if leaf.pointer is not None:
                continue
            if kind == "param":
                decls.append(A.Param(T.lang_type(leaf.ctype), n, name_span=span, span=span))
                continue
            init = value.vals[k].expr if value is not None else None
            self.s.local_types[n] = leaf.ctype
            decls.append(A.VarDecl(T.lang_type(leaf.ctype), n, init, T.elem_range(leaf.ctype), name_span=span,
                                   span=span))
        return binding, decls


def _key(expr) -> tuple:
    match expr:
        case A.Name():
            return ("name", expr.id)
        case A.Index():
            return ("cell", _key(expr.array), repr(_strip_spans(expr.index)))
    return ("other", id(expr))


def _strip_spans(expr):
    return A.walk(expr) and tuple(type(n).__name__ + str(getattr(n, "id", getattr(n, "value", getattr(n, "op", ""))))
                                  for n in A.walk(expr))


def _reads(expr, written: set) -> bool:
    """Whether `expr` reads a variable or array that the target writes."""
    names = {k[1] for k in written if k[0] == "name"} | {k[1][1] for k in written if k[0] == "cell"}
    return any(isinstance(n, A.Name) and n.id in names for n in A.walk(expr))
