"""Threads of two work groups and the grid's barrier (cooperative groups'
`this_grid().sync()`, `barrier(grid)`): which accesses `races` asks about together for
a pair of threads of different groups.

Without a grid barrier nothing orders two groups: every access to global memory of the
kernel meets every other (one query per array, as before grid barriers existed).  A
grid barrier is reached by every thread of the kernel (divergence: its conditions are
the same for all threads of all groups, semantics/uniformity.py), so it aligns the
groups as a group's barrier aligns its threads: two accesses of threads of two groups
meet only in one interval between grid barriers (intervals.py with the pair GRID,
where a group's barrier does not separate).  In a loop whose barriers include the
grid's, two groups are in the same iteration in each grid interval; in one without,
in any two (the second thread's copies of a group's unknowns are its own: check.py).
"""
from __future__ import annotations

from ..syntax import ast as A
from .intervals import has_grid_barrier, intervals


def between_groups(p, distinct) -> list[list]:
    """The sets of global accesses that threads of two groups can make in one interval
    of the grid's barriers (all of them when there is none)."""
    if not has_grid_barrier(p.body):
        return [distinct(a for i in intervals(p.body, A.Scope.GLOBAL) for a in i)]
    return [distinct(i) for i in intervals(p.body, A.Scope.GLOBAL, A.Among.GRID)]
