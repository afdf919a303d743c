"""VerCors's `\\old(e)` in a barrier's contract: e's value when the kernel started
(docs/vercors-c-annotations.md), saved at the thread's start by semantics/start_values.py.

Only in a file written for VerCors; an `\\old` that cannot be saved (of a thread's or a
quantifier's variable) is left as written, and the checker refuses it
(`type.old-placement`).
"""
from __future__ import annotations

from ..semantics import start_values
from . import vercors_annotations
from .clang_scope import Scope


def saved(scope: Scope, stmts: tuple, fixed: set[str]) -> tuple:
    """A kernel body's statements with the `\\old` of its barriers' contracts saved at
    its start; `fixed` names what the kernel cannot change (parameters, arrays)."""
    if not vercors_annotations.written_for_vercors(scope.unit.source.text, scope.dialect):
        return stmts
    return start_values.saved(stmts, fixed).stmts
