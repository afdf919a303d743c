"""VerCors's ghost arguments of a vector load or store, `vload2(i, p) /*@ given {r=1\\2} @*/`
(docs/vercors-c-annotations.md).

VerCors's header gives `vloadN`/`vstoreN` a contract with a ghost parameter, the share
of the cells the call borrows; the annotation right after the call supplies it.  Here
the built-in is not a contract but C's own reads and writes of cells `p + i * N` on
(docs/cfamily.md, "Structs and vector types"), each checked as any read or write: a
read needs a share of its cell, whatever share VerCors's contract would have named, and
gives nothing back.  So the ghost argument has nothing to instantiate: it is read (a
constant share, VerCors's `read`, `write`, `n\\m`, `write\\m`, so that a mistyped one is
not passed over) and claimed by the call, and has no other effect.  Any other
annotation inside the statement stays `type.clause-placement`; a ghost argument that
is not such a share is `unsupported.declaration` at its place.
"""
from __future__ import annotations

import re

from clang.cindex import Cursor

from .clang_scope import Scope, Unsupported

_SHARE = r"(?:read|write|none|\d+|(?:\d+|write)\s*\\\s*\d+)"
_GIVEN = re.compile(rf"\s*given\s*\{{\s*[A-Za-z_]\w*\s*=\s*{_SHARE}(?:\s*,\s*[A-Za-z_]\w*\s*=\s*{_SHARE})*\s*\}}\s*")
_STARTS = re.compile(r"\s*given\b")


def claim(scope: Scope, call: Cursor) -> None:
    """Claims the ghost arguments written right after the call `call`, if any."""
    claims = getattr(scope, "claims", None)
    span = scope.unit.span_at_use(call)
    if claims is None or span is None:
        return
    text = scope.unit.source.text
    after = span.end
    while after < len(text) and text[after].isspace():
        after += 1
    for bounds in claims.annotations:
        if bounds[0] - 3 != after or bounds in claims.claimed or not _STARTS.match(text, bounds[0], bounds[1]):
            continue
        claims.claim(bounds)
        if _GIVEN.fullmatch(text, bounds[0], bounds[1]) is None:
            raise Unsupported("unsupported.declaration", scope.unit.source.span(*bounds),
                              "a ghost argument of a vector load or store is read only as a constant share "
                              "(`given {r=1\\2}`, `read`, `write`): its cells are read and written as C's, "
                              "each checked against the share the thread holds")
