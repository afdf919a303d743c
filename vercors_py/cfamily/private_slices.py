"""Where a thread's private slice starts: `lid * N`, with a `lid` of the front end's own.

A thread's private array (or addressed variable) is a slice of a local array, thread
lid's from `lid * N` (clang_memory.py).  That `lid` is how the mapping keeps threads'
private memory apart, not an id the kernel reads: a kernel that names only x and y, with
a private array, still cannot tell two threads apart that differ only in z (they compute
the same in memories of their own).  So it does not make the kernel one of three
dimensions (clang_translate.py's `_named_depth`), which a `lid` the kernel names does.
"""
from __future__ import annotations

import attrs

from ..syntax import ast as A


@attrs.frozen(eq=False)
class SliceLid(A.Name):
    """The linear `lid` of a private slice, a name like any other `lid` for every pass."""


def slice_lid(span) -> A.Name:
    return SliceLid("lid", span=span)


def slice_start(cells: int, span) -> A.Expr:
    """The first cell of the thread's slice of `cells` cells."""
    return A.Binary("*", slice_lid(span), A.IntLit(cells, span=span), span=span)


def is_slice_lid(node) -> bool:
    return isinstance(node, SliceLid)
