"""CUDA's dynamic shared memory, `extern __shared__ T s[];` (docs/cfamily.md, "Kernels,
memory and parameters").

Its size is the launch's third parameter (`k<<<grid, block, bytes>>>`), which the
kernel does not see: it is a local array of the group whose length is a kernel
parameter of its own, `\\length(s)`, unknown, uniform and at least 0, as a pointer
parameter's is, so `check` reports an index it does not bound and `races` judges it as
any local array.

Every `extern __shared__` array of a kernel starts at the same address (CUDA
Programming Guide, "Shared"), whatever its name: two of them are one memory.  With cells
of one type they are one array here too (the second name is the first's array); with
cells of two types the memory would be read as cells of another type, which the arrays
of the language cannot express, so the kernel is refused.
"""
from __future__ import annotations

from clang.cindex import Cursor, CursorKind as K, StorageClass

from ..syntax import ast as A
from . import clang_types as T
from .clang_scope import Scope, Unsupported, What, name_span
from .dialect import Dialect


def is_dynamic(scope: Scope, c: Cursor) -> bool:
    """Whether a declaration is an `extern __shared__` array without a size."""
    return (scope.dialect is Dialect.CUDA and c.storage_class is StorageClass.EXTERN
            and any(a.kind is K.CUDASHARED_ATTR for a in c.get_children())
            and T.array_dims(c.type)[0][:1] == (-1,))


def declare(scope: Scope, exprs, c: Cursor, into: list) -> None:
    span = scope.span(c)
    dims, _ = T.array_dims(c.type)
    if len(dims) != 1:
        raise Unsupported("unsupported.type", span,
                          "an extern __shared__ array of more than one dimension is not supported")
    ctype = exprs.scalar_of_cells(c)
    for earlier in scope.extern_shared:
        if not earlier.ctype.same(ctype):
            raise Unsupported("unsupported.pointer", span,
                              f"every extern __shared__ array of a kernel starts at the same address: this one "
                              f"would read the cells of `{earlier.name}` ({earlier.ctype.name}) as "
                              f"{ctype.name} cells, which is not supported")
        scope.bind(c, earlier)          # the same memory, with cells of the same type
        return
    binding = scope.declare(c, What.ARRAY, ctype)
    into.append(A.ArrayDecl(A.Scope.LOCAL, T.lang_type(ctype), A.Name(length(binding.name), span=span),
                            binding.name, T.elem_range(ctype), name_span=name_span(scope, c), span=span))
    scope.extern_shared.append(binding)


def length(name: str) -> str:
    return f"\\length({name})"


def parameters(scope: Scope, span) -> tuple[list[A.Param], list[A.ContextEverywhere]]:
    """The kernel's parameter `\\length(s)` of its dynamic shared array, and `>= 0`."""
    params, facts = [], []
    for binding in scope.extern_shared:
        name = length(binding.name)
        params.append(A.Param(A.Type.INT, name, name_span=span, span=span))
        facts.append(A.ContextEverywhere(A.Binary(">=", A.Name(name, span=span), A.IntLit(0, span=span), span=span),
                                         span=span))
    return params, facts
