"""The first stage of the pipeline: a file's text to the language's AST, by the front end
its name calls for.  Each language vercors-py reads is a `FrontEnd` in `FRONT_ENDS`: how
to read it, and the few facts of its dialect that later stages and the editor need (which
memory a barrier orders, how a contract is written into its text, ...).  A new front end
is a folder of its own and an entry here; nothing else asks which language a file is in.
`.pvl` files go through the kernel language's parser, or VerCors's PVL front end
(vercors_pvl/) when their text is VerCors's (its `claims`: the first word is `class`);
`.cu`, `.cuh` and `.cl` files through the C front end (cfamily/), which builds the same
AST with spans into the C file; so do `.c` files, plain C whose kernels are VerCors's
parallel loops (cfamily/parallel_loops.py, docs/vercors-c-annotations.md).  Everything after this stage sees one language.

A launch configuration from the command line (`--gsize`, `--ngroups`) is applied here
too: to a C file over its GPUVerify header line, to a `.pvl` file as `context_everywhere`
facts about `gsize` and `ngroups` (and their components, `gsize.x`, ..., when given per
dimension).
"""
from __future__ import annotations

import math
from pathlib import PurePath
from typing import TYPE_CHECKING, Callable

import attrs

from .semantics.dimensions import names_components
from .semantics.symbols import AXES
from . import diagnostics as D
from .syntax import ast as A
from .syntax import parser
from .syntax.parser import ParseResult

if TYPE_CHECKING:      # cfamily/ (and libclang) is loaded only for a C file
    from .cfamily.launch import Launch


@attrs.frozen
class FrontEnd:
    """A language vercors-py reads, and what the stages after the front end need to know
    of its dialect."""
    name: str
    suffixes: tuple[str, ...]          # of its files, lower case; the first names untitled ones
    language_ids: tuple[str, ...]      # editors' ids of its documents (LSP didOpen)
    read: Callable[[str, str, "Launch | None"], ParseResult]
    # A barrier orders only the memory its fence flags name (GPUVerify's reading of CUDA
    # and OpenCL), or all memory (the language's, LANGUAGE.md).
    fenced_barriers: bool
    # Contracts are written into its text inside `/*@ ... @*/` comments (infer, the
    # editor's code action), or as the language's own clauses.
    comment_contracts: bool
    # A declaration's meaning may come from anywhere in the text (`#define`, `#include`),
    # so an editor redoes the whole file rather than the declarations an edit touched.
    whole_text: bool
    markdown: str                      # the language of a Markdown code block of its code
    # Codes an editor does not show: a C file without a kernel is an ordinary header.
    quiet_in_editor: frozenset[str] = frozenset()
    # The C dialect whose built-ins (threadIdx.x, get_local_id(0), ...) an editor's hover
    # explains; None for the kernel language, whose names need no translation.
    dialect: str | None = None
    # What a verified or race-free verdict on the checked kernels rests on beyond their
    # own facts, one phrase each (C's launch assumption, docs/cfamily.md "Arithmetic").
    assumptions: Callable[[tuple], tuple[str, ...]] = lambda checked_kernels: ()
    # For a front end that shares its suffix with another: whether a file's text is its
    # own (decided before any parse, and exactly: docs/vercors-pvl-frontend.md).
    claims: Callable[[str], bool] | None = None


def _read_pvl(text: str, path: str, launch: Launch | None) -> ParseResult:
    parsed = parser.parse(text, path)
    if parsed.program is None or launch is None or launch.empty:
        return parsed
    program, problems = _with_launch(parsed.program, launch)
    if any(d.severity is D.Severity.ERROR for d in problems):
        return attrs.evolve(parsed, program=None, diagnostics=parsed.diagnostics + problems)
    return attrs.evolve(parsed, program=program, diagnostics=parsed.diagnostics + problems)


def _read_c(text: str, path: str, launch: Launch | None) -> ParseResult:
    from .cfamily import clang_translate     # libclang is loaded only for a C file
    unit, mapped = clang_translate.parse(text, path, launch)
    return ParseResult(unit.source, mapped.program, mapped.diagnostics)


def _c_assumptions(checked_kernels) -> tuple[str, ...]:
    from .cfamily.clang_builtins import assumptions
    return assumptions(checked_kernels)


PVL = FrontEnd("pvl", (".pvl",), ("pvl",), _read_pvl, fenced_barriers=False, comment_contracts=False,
               whole_text=False, markdown="pvl")
CUDA = FrontEnd("cuda", (".cu", ".cuh"), ("cuda-cpp", "cuda"), _read_c, fenced_barriers=True,
                comment_contracts=True, whole_text=True, markdown="cuda-cpp",
                quiet_in_editor=frozenset({"type.no-kernel"}), dialect="cuda",
                assumptions=_c_assumptions)
OPENCL = FrontEnd("opencl", (".cl",), ("opencl",), _read_c, fenced_barriers=True, comment_contracts=True,
                  whole_text=True, markdown="c", quiet_in_editor=frozenset({"type.no-kernel"}),
                  dialect="opencl", assumptions=_c_assumptions)
# Plain C: its kernels are functions whose body is one loop with VerCors's iteration
# contract; their only barriers are VerCors's `send`/`recv`, which order all memory.  No
# language id: an editor's `c` documents are mostly C without such loops (a document is
# read by its suffix first).
C = FrontEnd("c", (".c",), (), _read_c, fenced_barriers=False, comment_contracts=True, whole_text=True,
             markdown="c", quiet_in_editor=frozenset({"type.no-kernel"}), assumptions=_c_assumptions)


def _read_vercors(text: str, path: str, launch: Launch | None) -> ParseResult:
    from .vercors_pvl import read
    return read.read(text, path, launch)


def _is_vercors(text: str) -> bool:
    from .vercors_pvl.detect import is_vercors
    return is_vercors(text)


# No language id of its own: an editor opens its files as `pvl`, and the text tells the two apart.
VERCORS_PVL = FrontEnd("vercors-pvl", (".pvl",), (), _read_vercors, fenced_barriers=False,
                       comment_contracts=False, whole_text=True, markdown="pvl", claims=_is_vercors)
FRONT_ENDS = (PVL, CUDA, OPENCL, VERCORS_PVL, C)


def named_by(path: str, text: str | None = None) -> FrontEnd | None:
    """The front end whose suffix the file name has, if any: of those sharing it, the one
    that claims the text, else the one that claims none."""
    suffix = PurePath(path).suffix.lower()
    named = [f for f in FRONT_ENDS if suffix in f.suffixes]
    if text is not None:
        claimed = next((f for f in named if f.claims is not None and f.claims(text)), None)
        if claimed is not None:
            return claimed
    return next((f for f in named if f.claims is None), None)


def for_path(path: str, text: str | None = None) -> FrontEnd:
    """The front end that reads a file: by its suffix (and, where two share it, its
    text); the kernel language for any other."""
    return named_by(path, text) or (VERCORS_PVL if text is not None and _is_vercors(text) else PVL)


def for_language_id(language_id: str) -> FrontEnd | None:
    return next((f for f in FRONT_ENDS if language_id in f.language_ids), None)


def parse(text: str, path: str, launch: Launch | None = None) -> ParseResult:
    return for_path(path, text).read(text, path, launch)


def _with_launch(program: A.Program, launch: Launch) -> tuple[A.Program, tuple[D.Diagnostic, ...]]:
    """The program with the launch's sizes and the host facts (`--assume`) as each
    kernel's facts, and the problems of the facts."""
    from .cfamily.launch import FACT_LABEL   # loaded already: `launch` is one of its objects
    decls = []
    problems = launch.unknown_fact_kernels({d.name for d in program.decls if isinstance(d, A.Kernel)})
    for decl in program.decls:
        if isinstance(decl, A.Kernel):
            for text in launch.facts_of(decl.name):
                parsed = parser.parse_fact(text, FACT_LABEL)
                problems += parsed.diagnostics
                decl = attrs.evolve(decl, members=parsed.items + decl.members)
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
            if launch.dims is not None and names_components(decl):
                # `--dims N`: the sizes beyond the first N dimensions are 1.
                facts += [(f"{name}.{axis}", 1) for name in ("gsize", "ngroups") for axis in AXES[launch.dims:]]
            clauses = tuple(A.ContextEverywhere(A.Binary("==", A.Name(name, span=span), A.IntLit(n, span=span),
                                                         span=span), span=span) for name, n in facts)
            decl = attrs.evolve(decl, members=clauses + decl.members, warp=launch.warp())
        decls.append(decl)
    return attrs.evolve(program, decls=tuple(decls)), tuple(problems)
