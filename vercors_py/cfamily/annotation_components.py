"""Annotations that name a component of a vector or struct: `dims.x`, `v.s0`.

A kernel's vector or struct parameter (and a local one) is one variable per scalar leaf
(clang_aggregates.py: `int2 dims` is `dims$0` and `dims$1`), which the annotation
language has no syntax for.  As in host facts (fact_components.py), `p.c` in an
annotation is the leaf the mapping reads for C's `p.c`, by the same rules: a field
(CUDA's `int2` too, whose `x` is a field) or one OpenCL component (`.x`, `.s0`), of the
`p` C's scoping gives that name where the annotation stands.  Any other `p.c` stays as
written, a syntax error.

`p.c` is written `p_c` (the same length, so every span is the file's) for the parser,
and the names found where those stood become the leaves' names once the annotation's
other names are given their C meaning.
"""
from __future__ import annotations

from ..semantics.symbols import RESERVED_NAMES
from ..source import SourceText
from ..syntax import parser
from . import annotation_macros, vercors_annotations
from .clang_scope import Scope, in_c_scope
from .fact_components import leaf, parse_leaves, renamed, spelled_leaves


def read(scope: Scope, start: int, end: int, text: str | None = None) -> parser.Annotation:
    """The annotation between two offsets of the file, parsed, its names read where it
    stands (clang_scope.in_c_scope) and its `p.c` read as the leaves they name; `text`:
    the file's text with a construct the grammar does not read written as one it does,
    every offset kept (parallel_loops.py's `send`)."""
    source = scope.unit.source
    vocabulary = vercors_annotations.spelled(scope, source.text if text is None else text, start, end)
    named, text = spelled_leaves(vocabulary.text, lambda name, member: leaf(scope, name, member), start, end)
    changed = named or vocabulary.changed or text is not None
    parsed = parser.parse_annotation(SourceText(source.path, text) if changed else source, start, end)
    items = tuple(in_c_scope(vercors_annotations.read(scope, item, vocabulary), scope) for item in parsed.items)
    items, refused = annotation_macros.resolve(scope, items, start)
    return parser.Annotation(tuple(renamed(item, named) for item in items),
                             parsed.diagnostics + vocabulary.problems + refused)


def written(name: str) -> str | None:
    """How an annotation writes the variable of one leaf of a vector or struct (named
    `p$c` by clang_aggregates.leaf_name) so that `read` gives that leaf back: `p.s1` for
    an OpenCL lane (by its number, valid for every vector size), `p.x` for a field; None
    for a leaf deeper down, which annotations cannot write."""
    base, _, member = name.partition("$")
    if not member or "$" in member or not base.isidentifier():
        return None
    if member.isdigit():
        return f"{base}.s{int(member):X}" if int(member) < 16 else None
    return f"{base}.{member}" if member.isidentifier() else None


def parse_written(text: str, label: str) -> parser.Annotation:
    """A fact whose leaves are spelled as `written` spells them, parsed with each `p.c`
    read back as the leaf's variable (`p$c`): what `written` gave must read back as the
    name it was given."""
    def find(base: str, member: str) -> str | None:
        if base in RESERVED_NAMES:
            return None             # `lid.x` is the grammar's own name
        lane = member[1:] if len(member) == 2 and member[0] == "s" else None
        name = f"{base}${int(lane, 16)}" if lane is not None and lane in "0123456789ABCDEF" else f"{base}${member}"
        return name if written(name) == f"{base}.{member}" else None

    return parse_leaves(text, label, find)
