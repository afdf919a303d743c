"""The values of structs and vector types as the C mapping holds them (clang_aggregates.py):
an aggregate's layout (its scalar leaves at clang's offsets), where the leaves of an
array of aggregates lie, and an aggregate value, one mapped value per leaf."""
from __future__ import annotations

import attrs
from clang.cindex import Type, TypeKind

from .clang_types import CType

VECTORS = (TypeKind.EXTVECTOR, TypeKind.VECTOR)


@attrs.frozen
class Leaf:
    path: tuple                 # field names, component and array indices from the aggregate
    ctype: CType
    offset: int                 # bytes from the start of the aggregate (clang's)
    pointer: object = None      # a pointer field: what it points at (struct_pointers.Target)


@attrs.frozen
class Layout:
    spelling: str
    size: int                   # bytes
    align: int                  # bytes
    leaves: tuple[Leaf, ...]
    count: int = 0              # a vector's number of components; 0 for a struct

    @property
    def uniform(self) -> bool:
        first = self.leaves[0].ctype
        # A pointer's cells are not numbers: a struct holding one is laid out per leaf.
        return all(leaf.ctype.same(first) and leaf.pointer is None for leaf in self.leaves)

    @property
    def leaf_bytes(self) -> int:
        return self.leaves[0].ctype.bits // 8

    @property
    def stride(self) -> int:
        """Cells per element in memory: the aggregate's size in leaves if uniform, else
        1 (one array per leaf)."""
        return self.size // self.leaf_bytes if self.uniform else 1

    def cell(self, k: int) -> int:
        return self.leaves[k].offset // self.leaf_bytes if self.uniform else 0

    def under(self, head) -> list[int]:
        """The leaves (by position) of the member or component `head`."""
        return [k for k, leaf in enumerate(self.leaves) if leaf.path[0] == head]


@attrs.frozen
class Cells:
    """Where the leaves of an array of aggregates lie: per leaf, its array's mapped
    name and its cell within an element of `stride` cells."""
    layout: Layout
    arrays: tuple[str, ...]
    param: bool = False         # a kernel's pointer parameter (offset 0 is aligned for any type)
    variable: bool = False      # a variable whose address is taken (addressed_aggregates.py)

    @property
    def stride(self) -> int:
        return self.layout.stride


@attrs.frozen
class Agg:
    """An aggregate value or place: one Val per leaf of `layout` (a place's are Names of
    variables or Index cells of arrays)."""
    layout: Layout
    vals: tuple


def canonical(t: Type) -> Type:
    return t.get_canonical()


def is_vector(t: Type) -> bool:
    return canonical(t).kind in VECTORS


def leaf_name(leaf: Leaf) -> str:
    return "$".join(str(p) for p in leaf.path)
