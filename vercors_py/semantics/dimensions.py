"""What the reserved names and their components mean, for any launch: the sizes, the
linear ids and the components of a launch of one or three dimensions (docs/language.md,
"Dimensions").  x varies fastest: `lid == lid.x + gsize.x * (lid.y + gsize.y * lid.z)`,
`gsize == gsize.x * gsize.y * gsize.z`, `tid.x == gid.x * gsize.x + lid.x`.

The sizes and ids may be numbers (a concrete run) or terms (the engine): only + * and
division by numbers are used.
"""
from __future__ import annotations

import math

import attrs

from ..syntax import ast as A
from .symbols import AXES, DIMENSION_NAMES, RESERVED, Symbol


@attrs.frozen
class Sizes:
    """A launch's sizes: one unknown each (`gsize`, `ngroups`) or three (x, y, z)."""
    local: tuple
    groups: tuple

    @property
    def dimensional(self) -> bool:
        return len(self.local) == 3

    @property
    def gsize(self):
        return math.prod(self.local[1:], start=self.local[0])

    @property
    def ngroups(self):
        return math.prod(self.groups[1:], start=self.groups[0])

    @property
    def unknowns(self) -> tuple:
        return self.local + self.groups

    def describe(self) -> str:
        """Concrete sizes as messages write them: `gsize = 4 (2 x 2 x 1), ngroups = 2`."""
        def one(axes: tuple) -> str:
            total = math.prod(axes)
            return str(total) if len(axes) == 1 else f"{total} ({' x '.join(map(str, axes))})"
        return f"gsize = {one(self.local)}, ngroups = {one(self.groups)}"

    def at(self, values) -> "Sizes":
        """The sizes with the unknowns replaced by `values`, in the order of `unknowns`."""
        values = tuple(values)
        return Sizes(values[:len(self.local)], values[len(self.local):])


@attrs.frozen
class Ids:
    """A thread's (or group's) id: the linear one and, in three dimensions, its parts."""
    whole: object
    parts: tuple = ()


def compose(parts: tuple, axes: tuple):
    """The linear id of the components: x + X * (y + Y * z)."""
    x, y, z = parts
    return x + axes[0] * (y + axes[1] * z)


def derived_ids(whole, axes: tuple) -> Ids:
    """The id with its components read off the linear one, for sizes that are numbers
    (division by a number keeps the formulas linear)."""
    if len(axes) == 1:
        return Ids(whole)
    X, Y = axes[0], axes[1]
    if isinstance(whole, int):
        return Ids(whole, (whole % X, whole // X % Y, whole // (X * Y)))
    return Ids(whole, (whole % X, whole / X % Y, whole / (X * Y)))


def id_store(sizes: Sizes, gid: Ids | None, lid: Ids | None) -> dict[Symbol, object]:
    """The values of the reserved names (and their components) for a thread of group
    `gid` with id `lid` in it; without lid, only the group's names; without gid, only the
    sizes."""
    store = {RESERVED["gsize"]: sizes.gsize, RESERVED["ngroups"]: sizes.ngroups,
             RESERVED["tcount"]: sizes.ngroups * sizes.gsize}
    if sizes.dimensional:
        for a, g, n in zip(AXES, sizes.local, sizes.groups):
            store |= {RESERVED[f"gsize.{a}"]: g, RESERVED[f"ngroups.{a}"]: n, RESERVED[f"tcount.{a}"]: n * g}
    if gid is not None:
        store[RESERVED["gid"]] = gid.whole
        store |= {RESERVED[f"gid.{a}"]: p for a, p in zip(AXES, gid.parts)}
    if lid is not None:
        store[RESERVED["lid"]] = lid.whole
        store |= {RESERVED[f"lid.{a}"]: p for a, p in zip(AXES, lid.parts)}
    if gid is not None and lid is not None:
        store[RESERVED["tid"]] = gid.whole * sizes.gsize + lid.whole
        store |= {RESERVED[f"tid.{a}"]: g * n + p for a, g, n, p in zip(AXES, gid.parts, sizes.local, lid.parts)}
    return store


def names_components(node) -> bool:
    """Whether a kernel (or any node) names a component (`lid.x`, `gsize.y`, ...): such a
    kernel is one for launches of three dimensions."""
    return any(isinstance(n, A.Name) and n.id in DIMENSION_NAMES for n in A.walk(node))
