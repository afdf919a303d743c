"""A struct or vector variable whose address the body takes (`&v`) lives in memory, as a
scalar one does (clang_memory.Memory.addressed): the thread's own element of private
memory laid out as clang_aggregates.py lays out memory of aggregates (docs/cfamily.md,
"Structs and vector types").

* Leaves of one type: a private array of `stride` cells per thread (thread lid's element
  is cells `lid * stride` on, padding cells included), so `(float *) &v + 2` is `v.z`
  exactly as in C's memory.
* Leaves of several types: one private array per leaf, one cell per thread.

`v` itself (`v.x`, `v = w`, reading `v`) is that element, and `&v` a pointer to it
(clang_pointers.py), which helpers, casts to the leaves' type and block copies follow as
any pointer into memory.  The thread owns its element, as any private array (its
permission is in every contract, invariant and barrier).
"""
from __future__ import annotations

import attrs
from clang.cindex import Cursor

from ..syntax import ast as A
from . import clang_types as T
from . import aggregate_layouts as AG
from .clang_scope import name_span
from .clang_scope import Binding, What
from .private_slices import slice_start


def is_addressed(binding: Binding | None) -> bool:
    """Whether a variable's binding is a struct or vector variable in memory."""
    return binding is not None and binding.what is What.ARRAY and binding.private > 0 \
        and isinstance(binding.aggregate, AG.Cells) and binding.aggregate.variable


def declare(statements, c: Cursor, init: Cursor | None, layout: "AG.Layout") -> list:
    s, agg = statements.s, statements.e.agg
    span = s.span(c)
    named = name_span(s, c)
    cells = layout.stride if layout.uniform else 1
    binding = s.declare(c, What.ARRAY, layout.leaves[0].ctype, private=cells)
    if layout.uniform:
        arrays = [(binding.name, layout.leaves[0].ctype)]
        names = (binding.name,) * len(layout.leaves)
    else:
        arrays = [(f"{binding.name}${AG.leaf_name(leaf)}", leaf.ctype) for leaf in layout.leaves]
        names = tuple(name for name, _ in arrays)
        s.names[-1].update(names)
    size = A.Binary("*", A.IntLit(cells, span=span), A.Name("gsize", span=span), span=span)
    for name, ctype in arrays:
        s.local_arrays.append(A.ArrayDecl(A.Scope.LOCAL, T.lang_type(ctype), size, name, T.elem_range(ctype),
                                          name_span=named, span=span, private=True))
        s.private_arrays.append((name, cells))
    binding = attrs.evolve(binding, aggregate=AG.Cells(layout, names, variable=True))
    s.bind(c, binding)
    if init is None:
        return []
    place = element(agg, binding, span)
    helper = statements.helper_call(init)
    if helper is not None:
        return [statements.inline(helper, init, lambda v: A.Block(tuple(agg.store(place, v, span)), span=span))]
    return agg.store(place, agg.value(init), span)


def origin(binding: Binding, span) -> A.Expr:
    """The first cell of the thread's element."""
    return slice_start(binding.private, span)


def element(agg, binding: Binding, span):
    """The variable's value in memory: its leaves' cells (an `Agg` place)."""
    return agg.element(binding, origin(binding, span), binding.aggregate.layout, span)
