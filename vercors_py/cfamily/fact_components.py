"""Host facts that name a component of a vector or struct parameter: `out_dim.x`.

A kernel's struct or vector parameter is one parameter per scalar leaf (clang_aggregates.py:
`uint2 out_dim` is `out_dim$0` and `out_dim$1`), which the fact language has no syntax
for.  A fact may name such a leaf as C does, `p.c`: a field of a struct (CUDA's `int2`
too, whose `x` is a field), or one component of an OpenCL vector as the specification
names it (`.x`, `.s0`: clang_aggregates.py's `components` rules).  Each `p.c` whose `p` is
such a parameter of the kernel and whose `c` names exactly one of its scalar leaves is
read as that leaf's parameter, which the checker then types as any other; any other `p.c`
is left as written, a syntax error of the fact, as before.

To keep the fact's spans, `p.c` is written `p_c` (the same length) for the parser, and the
names found where those stood are replaced by the leaves' names.
"""
from __future__ import annotations

import re

import attrs

from ..semantics.symbols import RESERVED_NAMES
from ..source import SourceText
from ..syntax import ast as A
from ..syntax import parser
from .clang_aggregates import _SWIZZLE
from .clang_scope import Scope, What

MEMBER = re.compile(r"(?<![\w.$\\])([A-Za-z_]\w*)\.([A-Za-z_]\w*)(?![\w(])")


def parse(text: str, label: str, scope: Scope) -> parser.Annotation:
    """The fact `text` parsed, its `p.c` read as the leaves they name."""
    return parse_leaves(text, label, lambda name, member: leaf(scope, name, member))


def parse_leaves(text: str, label: str, find) -> parser.Annotation:
    """The fact `text` parsed, each `p.c` for which `find(p, c)` gives a leaf's name read
    as that leaf (written `p_c` for the parser: the same length, so spans stay)."""
    leaves, written = spelled_leaves(text, find)
    if not leaves:
        return parser.parse_fact(text, label)
    source = parser.fact_source(text, label)
    at = source.text.index(text)
    parsed = parser.parse_fact_in(SourceText(source.path, source.text[:at] + written + source.text[at + len(text):]))
    named = {at + offset: leaf for offset, leaf in leaves.items()}
    return attrs.evolve(parsed, items=tuple(renamed(item, named) for item in parsed.items))


def spelled_leaves(text: str, find, start: int = 0, end: int | None = None) -> tuple[dict, str]:
    """The `p.c` between two offsets of `text` for which `find(p, c)` gives a leaf's name,
    by offset: (the leaf's name, how it was written); and the text with each written
    `p_c`, which the parser reads as one name."""
    leaves = {}
    written = text
    for m in MEMBER.finditer(text, start, len(text) if end is None else end):
        found = find(m.group(1), m.group(2))
        if found is not None:
            leaves[m.start()] = (found, m.group(0))
            written = written[:m.end(1)] + "_" + written[m.start(2):]
    return leaves, written


def leaf(scope: Scope, name: str, member: str) -> str | None:
    """The name of the parameter that is leaf `member` of aggregate parameter `name`."""
    if name in RESERVED_NAMES:
        return None
    binding = scope.by_name(name)
    if binding is None or binding.what is not What.AGGREGATE or binding.aggregate is None:
        return None
    agg = binding.aggregate
    paths = [leaf.path for leaf in agg.layout.leaves]
    wanted = (member,) if (member,) in paths else _component(member)
    if wanted not in paths:
        return None
    val = agg.vals[paths.index(wanted)]
    expr = getattr(val, "expr", None)
    return expr.id if isinstance(expr, A.Name) else None


def _component(member: str) -> tuple | None:
    """The leaf path of one OpenCL vector component (`x`, `w`, `s0`, `sF`)."""
    if len(member) == 1 and member in _SWIZZLE:
        return (_SWIZZLE[member],)
    if len(member) == 2 and member[0] in "sS" and member[1] in "0123456789abcdefABCDEF":
        return (int(member[1], 16),)
    return None


def renamed(node, named: dict):
    """`node` with the names that stand where a `p.c` stood renamed to its leaf."""
    if isinstance(node, A.Name) and node.span is not None and node.span.start in named:
        leaf, spelled = named[node.span.start]
        return attrs.evolve(node, id=leaf, spelling=spelled)
    changes = {}
    for field in attrs.fields(type(node)):
        value = getattr(node, field.name)
        if isinstance(value, tuple):
            new = tuple(renamed(v, named) if attrs.has(type(v)) else v for v in value)
            if any(a is not b for a, b in zip(new, value)):
                changes[field.name] = new
        elif attrs.has(type(value)):
            new = renamed(value, named)
            if new is not value:
                changes[field.name] = new
    return attrs.evolve(node, **changes) if changes else node
