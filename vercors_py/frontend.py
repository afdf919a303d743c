"""The first stage of the pipeline: a file's text to the language's AST, by the front end
its name calls for.  `.pvl` files go through the kernel language's parser; `.cu`, `.cuh`
and `.cl` files through the C front end (cfamily/), which builds the same AST with spans
into the C file.  Everything after this stage sees one language.

A launch configuration from the command line (`--gsize`, `--ngroups`) is applied here
too: to a C file over its GPUVerify header line, to a `.pvl` file as `context_everywhere`
facts about `gsize` and `ngroups` (and their components, `gsize.x`, ..., when given per
dimension).
"""
from __future__ import annotations

import math
from pathlib import PurePath
from typing import TYPE_CHECKING

import attrs

from .semantics.symbols import AXES
from .syntax import ast as A
from .syntax import parser
from .syntax.parser import ParseResult

if TYPE_CHECKING:      # cfamily/ (and libclang) is loaded only for a C file
    from .cfamily.launch import Launch

C_SUFFIXES = frozenset({".cu", ".cuh", ".cl"})


def is_c(path: str) -> bool:
    return PurePath(path).suffix.lower() in C_SUFFIXES


def parse(text: str, path: str, launch: Launch | None = None) -> ParseResult:
    if is_c(path):
        from .cfamily import clang_translate
        unit, mapped = clang_translate.parse(text, path, launch)
        return ParseResult(unit.source, mapped.program, mapped.diagnostics)
    parsed = parser.parse(text, path)
    if parsed.program is None or launch is None or launch.empty:
        return parsed
    return attrs.evolve(parsed, program=_with_launch(parsed.program, launch))


def _with_launch(program: A.Program, launch: Launch) -> A.Program:
    decls = []
    for decl in program.decls:
        if isinstance(decl, A.Kernel):
            span = decl.name_span
            facts = []
            for name, dims in (("gsize", launch.local), ("ngroups", launch.groups)):
                if dims is None:
                    continue
                facts.append((name, math.prod(dims)))
                if len(dims) > 1:
                    # Sizes per dimension make the kernel one of three dimensions (its
                    # linear ids do not depend on the shape, its components do).
                    padded = tuple(dims) + (1,) * (3 - len(dims))
                    facts += [(f"{name}.{axis}", n) for axis, n in zip(AXES, padded)]
            clauses = tuple(A.ContextEverywhere(A.Binary("==", A.Name(name, span=span), A.IntLit(n, span=span),
                                                         span=span), span=span) for name, n in facts)
            decl = attrs.evolve(decl, members=clauses + decl.members)
        decls.append(decl)
    return attrs.evolve(program, decls=tuple(decls))
