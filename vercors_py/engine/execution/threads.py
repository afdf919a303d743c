"""The ids and sizes of threads and groups, in one dimension or in three.

A kernel that names no component (`lid.x`, `gsize.y`, ...) is checked for a launch of
one dimension: gsize, ngroups, gid and lid are the unknowns, as seed 004 has them.  A
kernel that names one is checked for launches of three dimensions (docs/language.md,
"Dimensions"): the unknowns are the components, x varying fastest, and the linear ids
are their mixed-radix encoding, `lid == lid.x + gsize.x * (lid.y + gsize.y * lid.z)`,
`gsize == gsize.x * gsize.y * gsize.z`.  With components as the unknowns, a quantifier
over the threads binds them, and both the linear and the per-axis indices (`lid`,
`lid.y * gsize.x + lid.x`) are mixed-radix forms that indices.py inverts by theorem;
deriving the components from lid instead would put division by symbolic sizes into
every formula.

What the names mean is semantics/dimensions.py; this module makes the unknowns.
"""
from __future__ import annotations

import math

import z3

from ...semantics.dimensions import Ids, Sizes, compose
from ...semantics.symbols import AXES


def fresh_sizes(t, dimensional: bool) -> Sizes:
    """New unknown sizes (their facts: `size_facts`)."""
    if dimensional:
        return Sizes(tuple(t.fresh_int(f"gsize.{a}") for a in AXES), tuple(t.fresh_int(f"ngroups.{a}") for a in AXES))
    return Sizes((t.fresh_int("gsize"),), (t.fresh_int("ngroups"),))


def size_facts(sizes: Sizes) -> list:
    """Each size is at least 1; in three dimensions, each product of sizes is at least
    each of its factors: the digit ranges of mixed-radix indices (lid.x < gsize.x <=
    tcount.x) need it, and nonlinear search rarely finds it."""
    facts = [n >= 1 for n in sizes.unknowns]
    if sizes.dimensional:
        for product in _products(sizes):
            facts += [product >= factor for factor in product.children()]
    return facts


def _products(sizes: Sizes) -> list:
    (gx, gy, gz), (nx, ny, nz) = sizes.local, sizes.groups
    return [gx * gy, gx * gy * gz, nx * ny, nx * ny * nz, nx * gx, ny * gy, nz * gz]


def fresh_ids(t, name: str, axes: tuple) -> Ids:
    """An unknown id among `axes` (the sizes, one or three); a quantifier over it binds
    `unknowns(ids)`, under `ranges(ids, axes)`."""
    if len(axes) == 1:
        return Ids(t.fresh_int(name))
    parts = tuple(t.fresh_int(f"{name}.{a}") for a in AXES)
    return Ids(compose(parts, axes), parts)


def unknowns(ids: Ids) -> tuple:
    return ids.parts or (ids.whole,)


def ranges(ids: Ids, axes: tuple):
    """That a fresh id's unknowns are in range."""
    return z3.And([c for p, n in zip(unknowns(ids), axes) for c in (0 <= p, p < n)])


def in_range(ids: Ids, axes: tuple):
    """The facts that an id is in range, also of its linear form (which follows from its
    parts' ranges only by nonlinear reasoning)."""
    facts = [0 <= ids.whole, ids.whole < math.prod(axes[1:], start=axes[0])]
    facts += [z3.And(0 <= p, p < n) for p, n in zip(ids.parts, axes)]
    return facts


