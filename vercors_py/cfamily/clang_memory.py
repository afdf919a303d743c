"""Memory a kernel declares, as the arrays of the language: `__shared__`/`__local`
arrays and scalars of a group, device memory at file scope, a thread's private arrays
(a slice of a local array per thread) and the variables whose address is taken (their
thread's cell of a private array).  Sizes are clang's (`Type.get_array_size`, after
every macro and constant), as are the cells' types.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from clang.cindex import Cursor, CursorKind as K

from ..syntax import ast as A
from . import clang_types as T
from . import dynamic_shared
from .cursors import children
from .values import Val
from .clang_scope import Scope, Unsupported, What, name_span
from .clang_types import CType
from .dialect import Dialect
from .private_slices import slice_start

if TYPE_CHECKING:      # the expression mapper builds this one: a real import would be a cycle
    from .clang_expressions import Exprs


class Memory:
    def __init__(self, scope: Scope, exprs: Exprs):
        self.s = scope
        self.e = exprs

    def shared(self, c: Cursor) -> bool:
        """Whether a declaration in a body is memory of the group."""
        if self.s.dialect is Dialect.OPENCL:
            return T.address_space(c.type) == "__local"
        return any(a.kind is K.CUDASHARED_ATTR for a in children(c))

    def space(self, c: Cursor) -> A.Scope | None:
        """The memory a file-scope declaration is in, or None for host memory."""
        if self.s.dialect is Dialect.OPENCL:
            return {"__local": A.Scope.LOCAL, "__global": A.Scope.GLOBAL, "__constant": A.Scope.GLOBAL}.get(
                T.address_space(c.type) or "")
        kinds = {a.kind for a in children(c)}
        if K.CUDASHARED_ATTR in kinds:
            return A.Scope.LOCAL
        return A.Scope.GLOBAL if kinds & {K.CUDADEVICE_ATTR, K.CUDACONSTANT_ATTR} else None

    def array(self, c: Cursor, space: A.Scope, into: list) -> None:
        if dynamic_shared.is_dynamic(self.s, c):
            return dynamic_shared.declare(self.s, self.e, c, into)
        dims, _ = T.array_dims(c.type)
        if any(d <= 0 for d in dims):
            raise Unsupported("unsupported.type", self.s.span(c), "an array in memory needs its size")
        layout = self.e.agg.layout(T.array_dims(c.type)[1], c)
        ctype = self.e.scalar_of_cells(c) if layout is None else layout.leaves[0].ctype
        total = 1
        for d in dims:
            total *= d
        span = self.s.span(c)
        binding = self.s.declare(c, What.ARRAY, ctype, dims=dims if len(dims) > 1 else ())
        if layout is not None:
            # Structs and vectors: their leaves' cells (clang_aggregates.py).
            size = A.IntLit(total * (layout.stride if layout.uniform else 1), span=span)
            into.extend(self.e.agg.array_decls(c, binding, space, size, layout, name_span(self.s, c))[1])
            return
        into.append(A.ArrayDecl(space, T.lang_type(ctype), A.IntLit(total, span=span), binding.name,
                                T.elem_range(ctype), name_span=name_span(self.s, c), span=span))

    def scalar(self, c: Cursor, space: A.Scope, into: list) -> None:
        ctype = self.e.scalar(c)
        span = self.s.span(c)
        binding = self.s.declare(c, What.ARRAY, ctype, cell=True)
        into.append(A.ArrayDecl(space, T.lang_type(ctype), A.IntLit(1, span=span), binding.name,
                                T.elem_range(ctype), name_span=name_span(self.s, c), span=span))

    def addressed(self, c: Cursor, ctype: CType, init: Cursor | None) -> list:
        """A thread's variable whose address is taken lives in memory: its cell of a
        private array of one cell per thread, so `&x` points into an array."""
        span = self.s.span(c)
        binding = self.s.declare(c, What.ARRAY, ctype, cell=True, private=1)
        self.s.local_arrays.append(A.ArrayDecl(A.Scope.LOCAL, T.lang_type(ctype), A.Name("gsize", span=span),
                                               binding.name, T.elem_range(ctype), name_span=name_span(self.s, c),
                                               span=span, private=True))
        self.s.private_arrays.append((binding.name, 1))
        if init is None:
            return []
        value = self.e.convert(self.e.value(init), ctype, init).expr
        return [A.ArrayAssign(self.e.cell(binding, name_span(self.s, c)), value, span=span)]


def private_array(scope: Scope, exprs: Exprs, c: Cursor, init: Cursor | None) -> list:
    """A thread's own array `T t[N]`: a slice of N cells of a local array of N * gsize
    cells, thread lid's starting at lid * N.  The slice's write permission is the
    thread's from start to end (clang_translate.py adds it to the thread contract, the
    loops and the barriers); an index outside 0 .. N-1 is bounds.index."""
    dims, cells = T.array_dims(c.type)
    span = scope.span(c)
    if exprs.agg.layout(cells, c) is not None:
        raise Unsupported("unsupported.type", span, "a thread's private array of structs or vectors is not supported")
    if len(dims) != 1 or dims[0] <= 0:
        raise Unsupported("unsupported.type", span, "only one-dimensional private arrays with a size are supported")
    ctype = exprs.scalar_of_cells(c)
    length = dims[0]
    binding = scope.declare(c, What.ARRAY, ctype, private=length)
    total = A.Binary("*", A.IntLit(length, span=span), A.Name("gsize", span=span), span=span)
    scope.local_arrays.append(A.ArrayDecl(A.Scope.LOCAL, T.lang_type(ctype), total, binding.name, T.elem_range(ctype),
                                          name_span=name_span(scope, c), span=span, private=True))
    scope.private_arrays.append((binding.name, length))
    if init is None:
        return []
    values = children(init)
    if len(values) > length or any(v.kind is K.INIT_LIST_EXPR for v in values):
        raise Unsupported("unsupported.statement", scope.span(init),
                          "this initialiser is not supported: give at most one value per cell")
    # C sets the cells it gives no value to 0.
    stores = []
    for at in range(length):
        if at < len(values):
            value, where = exprs.convert(exprs.value(values[at]), ctype, values[at]).expr, scope.span(values[at])
        else:
            value, where = exprs.convert(Val(A.IntLit(0, span=span), T.INT), ctype, init).expr, span
        index = A.Binary("+", slice_start(length, where),
                         A.IntLit(at, span=where), span=where)
        stores.append(A.ArrayAssign(A.Index(A.Name(binding.name, span=where), index, span=where), value, span=where))
    return stores
