"""Symbols: what a name refers to once resolved.

The resolver links every `Name`, `Call`, `CallStmt`, declaration and quantifier of the
AST to one `Symbol` (the `symbol` field, which is not part of node equality).  Symbols
compare by identity: two locals called `x` in sibling blocks are different symbols.
"""
from __future__ import annotations

import enum

import attrs

from ..source import Span
from ..syntax.ast import Scope, Type


class SymbolKind(enum.Enum):
    RESERVED = "reserved"          # tid, lid, gid, gsize, ngroups, tcount
    KERNEL_PARAM = "kernel parameter"
    ARRAY = "array"
    FUNCTION = "pure function"
    PROCEDURE = "procedure"
    PARAM = "parameter"            # of a procedure or a pure function
    LOCAL = "local variable"
    BOUND = "bound variable"       # of a quantifier
    INVARIANT = "invariant block"  # what an `atomic(NAME)` block names (A.InvariantBlock)

    @property
    def with_article(self) -> str:
        return ("an " if self.value[0] in "aeiou" else "a ") + self.value


RESERVED_NAMES = ("tid", "lid", "gid", "gsize", "ngroups", "tcount")
# The components of each reserved name in a 2-D or 3-D launch, `lid.x`, `gsize.y`, ...
# (docs/language.md, "Dimensions"); x varies fastest, as in CUDA and OpenCL.
AXES = ("x", "y", "z")
DIMENSION_NAMES = tuple(f"{name}.{axis}" for name in RESERVED_NAMES for axis in AXES)


def reserved_base(name: str) -> str:
    """The reserved name a component belongs to: `lid` for `lid.y`."""
    return name.partition(".")[0]


@attrs.define(eq=False, frozen=True)
class Symbol:
    kind: SymbolKind
    name: str
    type: Type | None              # value type; element type of an array; result of a function;
                                   # None for procedures
    span: Span | None              # where it is declared; None for reserved names
    scope: Scope | None = None     # arrays only: global or local memory

    def describe(self) -> str:
        if self.kind is SymbolKind.ARRAY:
            return f"{self.scope.value} {self.type}[] {self.name}"
        return f"{self.kind.value} {self.type} {self.name}"


RESERVED: dict[str, Symbol] = {name: Symbol(SymbolKind.RESERVED, name, Type.INT, None)
                               for name in RESERVED_NAMES + DIMENSION_NAMES}
