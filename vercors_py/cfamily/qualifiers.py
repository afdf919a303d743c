"""OpenCL's qualifiers: blanked out before parsing, remembered for the mapping.

The CUDA grammar knows `__global__`, `__shared__` and `__device__` but none of OpenCL's
`__kernel`, `__global`, `__local`, ... (nor their unprefixed spellings), so no OpenCL
kernel parses as written.  Each qualifier that stands in code is replaced by spaces of
the same length in a copy of the text: no offset moves, so every node of the tree and
every diagnostic points into the file as the user wrote it, and the text C sees is the
same declaration without the qualifier.  What was removed is kept in a `QualifierMap`,
which the mapping layer asks "which qualifiers belong to this declaration?".
"""
from __future__ import annotations

import bisect
import enum
import re

import attrs

from .dialect import Dialect
from .lexer import Scan
from .positions import ByteIndex


class Role(enum.Enum):
    FUNCTION = "function"              # marks a kernel entry point
    ADDRESS_SPACE = "address-space"    # where the memory a declaration names lives
    ACCESS = "access"                  # image access qualifiers


# spelling -> (canonical name, role).  Both spellings are keywords of OpenCL C.
_OPENCL: dict[str, tuple[str, Role]] = {
    spelling: (name, role)
    for name, role in [
        ("kernel", Role.FUNCTION),
        ("global", Role.ADDRESS_SPACE), ("local", Role.ADDRESS_SPACE),
        ("constant", Role.ADDRESS_SPACE), ("private", Role.ADDRESS_SPACE),
        ("generic", Role.ADDRESS_SPACE),
        ("read_only", Role.ACCESS), ("write_only", Role.ACCESS), ("read_write", Role.ACCESS),
    ]
    for spelling in (name, "__" + name)
}

_TABLES: dict[Dialect, dict[str, tuple[str, Role]]] = {Dialect.OPENCL: _OPENCL, Dialect.CUDA: {}}

# A whole identifier: not preceded or followed by an identifier character, so
# `global_id`, `my_local` and `__local_size` are left alone.
_IDENT = re.compile(r"(?<![A-Za-z0-9_$])[A-Za-z_][A-Za-z0-9_]*(?![A-Za-z0-9_$])")


@attrs.frozen
class Qualifier:
    start: int           # character offsets in the file, like Span's
    end: int
    spelling: str        # as written: `__global`, `global`
    name: str            # canonical: `global`
    role: Role


@attrs.frozen
class QualifierMap:
    """The removed qualifiers in file order, with lookups by range and by tree node."""
    qualifiers: tuple[Qualifier, ...]
    positions: ByteIndex
    _starts: tuple[int, ...] = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_starts", tuple(q.start for q in self.qualifiers))

    def __len__(self) -> int:
        return len(self.qualifiers)

    def within(self, start: int, end: int) -> tuple[Qualifier, ...]:
        """The qualifiers inside [start, end) (character offsets)."""
        lo = bisect.bisect_left(self._starts, start)
        hi = bisect.bisect_left(self._starts, end)
        return self.qualifiers[lo:hi]

    def of_node(self, node) -> tuple[Qualifier, ...]:
        """The qualifiers of the declaration (or type) that `node` is: those in the gap
        before it, after its previous sibling (where a blanked leading qualifier ends up:
        the node itself starts at the type), and those inside it that no nested scope or
        declaration owns (`const __global int *p`, `void __kernel f()`, but not the
        parameters' qualifiers when asked about a function definition)."""
        found = self.within(*self._reach(node))
        if not found:
            return found
        owned = [self._reach(n) for n in _owning_descendants(node)]
        return tuple(q for q in found if not any(s <= q.start < e for s, e in owned))

    def _reach(self, node) -> tuple[int, int]:
        """A node with the gap before it (from its previous sibling or its parent's
        start), in characters: the text a qualifier of the node can stand in."""
        before = node.prev_sibling
        # The root starts at its first token, after a blanked leading qualifier: the
        # gap before a first declaration starts at the top of the file.
        gap_start = before.end_byte if before is not None else (
            node.parent.start_byte if node.parent is not None and node.parent.parent is not None else 0)
        return self.positions.char_offset(gap_start), self.positions.char_offset(node.end_byte)


# Descendants that own the qualifiers written inside them (and in the gap before them:
# the `__global` of a cast `(__global int *) p` stands before its type_descriptor).
_OWNERS = frozenset({
    "parameter_list", "compound_statement", "field_declaration_list", "type_descriptor",
    "declaration", "parameter_declaration", "function_definition", "argument_list",
    "initializer_list",
})


def _owning_descendants(node):
    stack = list(node.children)
    while stack:
        n = stack.pop()
        if n.type in _OWNERS:
            yield n
        else:
            stack.extend(n.children)


def blank(text: str, scan: Scan, dialect: Dialect) -> tuple[str, tuple[Qualifier, ...]]:
    """The text with every qualifier of `dialect` in code replaced by spaces, and the
    qualifiers removed.  Comments, strings and directives are left as they are."""
    table = _TABLES[dialect]
    if not table:
        return text, ()
    found: list[Qualifier] = []
    for start, end in scan.code:
        for m in _IDENT.finditer(text, start, end):
            entry = table.get(m.group())
            if entry is not None:
                found.append(Qualifier(m.start(), m.end(), m.group(), *entry))
    if not found:
        return text, ()
    pieces: list[str] = []
    last = 0
    for q in found:
        pieces += [text[last:q.start], " " * (q.end - q.start)]
        last = q.end
    pieces.append(text[last:])
    return "".join(pieces), tuple(found)
