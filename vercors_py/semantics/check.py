"""The static checks in order: resolve, types, uniformity.

Syntax and type errors reject a file before verification.  Divergence is different: it
is the lock-step obligation of a kernel, so its diagnostics are kept apart and reported
with the verification results (a divergent kernel `fails`, it is not `rejected`).
"""
from __future__ import annotations

from collections.abc import Mapping

import attrs

from .. import deep
from .. import diagnostics as D
from ..source import SourceText
from ..syntax import ast as A
from .ghosts import check_ghosts
from .launches import check_launches
from .invariant_blocks import check_invariant_blocks
from .resolve import resolve
from .symbols import Symbol
from .types import check_types
from .uniformity import Uniformity, analyze


@attrs.frozen
class CheckedKernel:
    kernel: A.Kernel
    uniformity: Uniformity

    @property
    def uniform(self) -> frozenset[Symbol]:
        return self.uniformity.uniform


@attrs.frozen
class CheckedProgram:
    source: SourceText
    program: A.Program                       # resolved
    functions: Mapping[Symbol, A.Function]
    kernels: tuple[CheckedKernel, ...]
    diagnostics: tuple[D.Diagnostic, ...]    # errors here reject the file

    @property
    def divergence(self) -> tuple[D.Diagnostic, ...]:
        return tuple(d for k in self.kernels for d in k.uniformity.diagnostics)


def check_program(program: A.Program, source: SourceText) -> CheckedProgram:
    # The passes recurse over the tree; give them a stack for the deepest nesting the
    # parser accepts.
    return deep.call(_check_program, program, source)


def _check_program(program: A.Program, source: SourceText) -> CheckedProgram:
    resolved, problems = resolve(program)
    problems += check_types(resolved)
    problems += [p for k in resolved.kernels for p in check_ghosts(k)]
    problems += check_launches(resolved)
    problems += [p for k in resolved.kernels for p in check_invariant_blocks(k)]
    functions = {f.symbol: f for f in resolved.functions if f.symbol is not None}
    kernels: tuple[CheckedKernel, ...] = ()
    if not problems:
        kernels = tuple(CheckedKernel(k, analyze(k.main)) for k in resolved.kernels)
    return CheckedProgram(source, resolved, functions, kernels, tuple(problems))
