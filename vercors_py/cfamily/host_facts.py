"""What the host guarantees about a C kernel's parameters, given outside the kernel: the
user's `--assume` facts (expressions of the annotation language, docs/cli.md) and
GPUVerify's `--kernel-args` values from the header line.  Both become the kernel's
`context_everywhere` facts: the user's, so no verdict restates them."""
from __future__ import annotations

from clang.cindex import Cursor, CursorKind as K

from .. import diagnostics as D
from ..syntax import ast as A
from ..semantics.symbols import RESERVED_NAMES
from . import clang_types as T, fact_components
from .clang_scope import Scope, in_c_scope
from .cursors import children
from .launch import FACT_LABEL, unknown_kernel


def facts(scope: Scope, kernel: Cursor, name: str, name_span) -> list[A.ContextEverywhere]:
    """The host facts about kernel `name` (declared in `scope`, its parameters bound)."""
    out = []
    for text in scope.launch.facts_of(name):
        parsed = fact_components.parse(text, FACT_LABEL, scope)
        scope.problems.extend(parsed.diagnostics)
        out += [in_c_scope(item, scope) for item in parsed.items]
    if not scope.dimensional and any(_names_component(item) for item in out):
        # `tcount.x` is a component of the three-dimensional sizes: the file is mapped
        # again with them (clang_translate.py), where the axes beyond those the kernel
        # and its facts name have size 1, as for a kernel whose code names them.
        scope.wants_dimensions = True
    out += _arguments(scope, kernel, name, name_span)
    return out


def _names_component(node) -> bool:
    return any(isinstance(n, A.Name) and n.id.partition(".")[0] in RESERVED_NAMES and "." in n.id
               for n in A.walk(node))


def _arguments(scope: Scope, kernel: Cursor, name: str, name_span) -> list[A.ContextEverywhere]:
    """GPUVerify's `--kernel-args=k,0x...`: one bit pattern per parameter that is not a
    pointer, in order.  A value is a fact only where it is exactly one: an integer
    parameter whose size the pattern's width matches (signed ones as two's complement);
    the others (floats, structs packed into one pattern) are left out, which leaves the
    parameter unknown: more launches, never fewer."""
    span = scope.launch.span or name_span
    out = []
    for owner, values in scope.launch.arguments:
        if owner != name:
            continue
        scalars = [p for p in children(kernel) if p.kind is K.PARM_DECL
                   and not T.is_pointer(p.type) and not T.is_array(p.type)]
        for param, value in zip(scalars, values):
            ctype = T.scalar(param.type)
            binding = scope.lookup(param)
            digits = value[2:]
            if ctype is None or not ctype.is_int or binding is None or len(digits) * 4 != ctype.bits:
                continue
            number = int(digits, 16)
            if ctype.signed and number > ctype.hi:
                number -= 1 << ctype.bits
            fact = A.Binary("==", A.Name(binding.name, span=span), A.IntLit(number, span=span), span=span)
            out.append(A.ContextEverywhere(fact, span=span))
    return out


def unknown_kernels(scope: Scope, kernels: set[str]) -> list[D.Diagnostic]:
    """A fact or argument list about a kernel the file does not declare: an error, not
    a fact silently dropped."""
    launch = scope.launch
    return launch.unknown_fact_kernels(kernels) + [unknown_kernel(owner, kernels, launch.span)
                                                   for owner, _ in launch.arguments if owner not in kernels]
