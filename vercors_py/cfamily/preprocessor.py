"""What the file's own preprocessor lines say: object-like defines and includes.

Nothing is expanded here: macros.py expands the object-like `#define`s where they are
used, and builtins.py provides what `#include "cuda.h"` and OpenCL C declare; this
module only records them with their spans.  Function-like macros are
recorded too (with their parameters), so the mapping can say it does not support them
instead of meeting an unknown name.  Directives under `#if`/`#ifdef` are recorded as
they stand: conditions are not evaluated (tree-sitter keeps both branches as well).
"""
from __future__ import annotations

import re

import attrs

from ..source import SourceText, Span
from .lexer import Directive

_KEYWORD = re.compile(r"#[ \t]*([A-Za-z_]\w*)")
_DEFINE = re.compile(r"#[ \t]*define[ \t]+([A-Za-z_]\w*)(\([^)]*\))?")
_INCLUDE = re.compile(r"#[ \t]*include[ \t]*(?:\"([^\"\n]*)\"|<([^>\n]*)>)")
_SPLICE = re.compile(r"\\\r?\n")
_BLANKS = re.compile(r"(?:[ \t]|\\\r?\n)*")        # blanks and spliced line breaks


@attrs.frozen
class Define:
    name: str
    params: tuple[str, ...] | None     # None for an object-like macro
    body: str                          # lines spliced, comments as spaces, ends trimmed
    span: Span                         # the whole directive
    name_span: Span
    body_span: Span                    # the body as written (empty at the name's end if none)

    @property
    def object_like(self) -> bool:
        return self.params is None


@attrs.frozen
class Include:
    path: str
    system: bool                       # <...> rather than "..."
    span: Span


@attrs.frozen
class Preprocessor:
    defines: tuple[Define, ...]
    includes: tuple[Include, ...]

    @property
    def object_defines(self) -> dict[str, Define]:
        """Object-like defines by name; a later definition of a name wins, as in C."""
        return {d.name: d for d in self.defines if d.object_like}


def read_directives(source: SourceText, directives: tuple[Directive, ...]) -> Preprocessor:
    defines: list[Define] = []
    includes: list[Include] = []
    for d in directives:
        keyword = _KEYWORD.match(d.text)
        match keyword.group(1) if keyword else None:
            case "define":
                define = _define(source, d)
                if define is not None:
                    defines.append(define)
            case "include":
                include = _include(source, d)
                if include is not None:
                    includes.append(include)
            case _:
                pass            # #if, #pragma, #undef, ...: not needed by the mapping yet
    return Preprocessor(tuple(defines), tuple(includes))


def _define(source: SourceText, d: Directive) -> Define | None:
    m = _DEFINE.match(d.text)
    if m is None:
        return None                     # `#define` without a name: tree-sitter reports it
    params = None
    if m.group(2) is not None:
        params = tuple(p.strip() for p in m.group(2)[1:-1].split(",") if p.strip())
    body_start = _BLANKS.match(d.text, m.end()).end()
    body_end = max(body_start, len(d.text.rstrip()))
    body = _SPLICE.sub("", d.text[body_start:body_end]).strip()
    return Define(
        name=m.group(1), params=params, body=body,
        span=source.span(d.start, d.end),
        name_span=source.span(d.start + m.start(1), d.start + m.end(1)),
        body_span=source.span(d.start + body_start, d.start + body_end),
    )


def _include(source: SourceText, d: Directive) -> Include | None:
    m = _INCLUDE.match(d.text)
    if m is None:
        return None                     # `#include MACRO`: nothing to record
    system = m.group(2) is not None
    return Include(m.group(2) if system else m.group(1), system, source.span(d.start, d.end))
