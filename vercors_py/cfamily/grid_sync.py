"""Cooperative groups' grid-wide barrier (docs/cfamily.md, "Cooperative groups").

`g.sync()`, `sync(g)` and GPUVerify's `synchronize(g)` on a `grid_group` (made by
`this_grid()`), as clang resolves them to the declarations of our cooperative_groups.h,
are one barrier of every thread of the kernel: `A.Barrier` with `among` GRID, fencing
shared and global memory (CUDA: `grid.sync()` orders memory among all threads of the
grid, and it is a barrier of each block too).  CUDA defines it only for a cooperative
launch (`cudaLaunchCooperativeKernel`: every block resident at once); the tool assumes
that launch, as GPUVerify does.  Whether every thread of the kernel reaches it is
checked as divergence (semantics/uniformity.py: its conditions must be the same for
all threads of all groups).
"""
from __future__ import annotations

from clang.cindex import Cursor

from ..syntax import ast as A
from . import clang_groups as G
from .clang_scope import Scope
from .dialect import Dialect


def barrier(scope: Scope, call: Cursor, contract: tuple) -> A.Barrier | None:
    """The grid's barrier, or None if `call` is something else."""
    if scope.dialect is not Dialect.CUDA or not G.is_barrier(scope, call):
        return None
    kind, _, receiver = G.member(scope, call)
    if kind != G.GRID:
        return None
    span = scope.span(call)
    G.pure(scope, receiver, span)
    return A.Barrier(A.GRID_FENCES, contract or None, span=span, fenced_only=True,
                     among=A.Among.GRID)
