"""VerCors's `\\old(e)` in a barrier's contract: e's value when the kernel started
(docs/vercors-c-annotations.md).

VerCors encodes a kernel as a method whose body runs the threads, so `\\old` anywhere in
it, a barrier's contract too, is the method's pre-state: the kernel's start.  The
language allows `\\old` only in postconditions of `main`, so in a file written for
VerCors each `\\old(e)` of a barrier's contract is e saved at the start of the thread's
body into a ghost variable (`int old$vcK; assume guards ==> old$vcK == e;`), which the
contract then reads.  An assumption reads no memory as an access (old_values.py does the
same for GPUVerify's `__old_int`), and the ghost is assigned nowhere else.  The guards are
the conditions under which the contract evaluates the `\\old` (the left of `==>`, `&&`
and `**`, a `?:`'s condition): e need only be defined where the contract reads it.

Only an e and guards over what cannot change during the kernel (its parameters, ids,
sizes, lengths) and the arrays' cells are saved; an `\\old` of a thread's variable or of
a quantifier's variable is left as written, and the checker refuses it
(`type.old-placement`).
"""
from __future__ import annotations

import attrs

from ..semantics.symbols import RESERVED_NAMES
from ..syntax import ast as A
from . import vercors_annotations
from .clang_scope import Scope


def saved(scope: Scope, stmts: tuple, fixed: set[str]) -> tuple:
    """A kernel body's statements with the `\\old` of its barriers' contracts saved at
    its start; `fixed` names what the kernel cannot change (parameters, arrays)."""
    if not vercors_annotations.written_for_vercors(scope.unit.source.text, scope.dialect):
        return stmts
    found: list = []
    body = tuple(_barriers(s, fixed, found) for s in stmts)
    saves = []
    for guards, expr, name, span in found:
        saves.append(A.VarDecl(A.Type.INT, name, None, name_span=span, span=span))
        fact = A.Binary("==", A.Name(name, span=span), expr, span=span)
        for guard in reversed(guards):
            fact = A.Binary("==>", guard, fact, span=span)
        saves.append(A.Assume(fact, span=span))
    return tuple(saves) + body


def _barriers(node, fixed, found):
    if isinstance(node, A.Barrier) and node.contract:
        return attrs.evolve(node, contract=tuple(
            attrs.evolve(c, expr=_olds(c.expr, (), fixed, found)) for c in node.contract))
    return A.map_children(node, lambda v: _barriers(v, fixed, found))


def _olds(expr, guards: tuple, fixed, found):
    match expr:
        case A.Old(expr=inner) if _constant(inner, fixed, cells=True) and all(_constant(g, fixed) for g in guards):
            name = f"old$vc{len(found)}"
            found.append((guards, inner, name, expr.span))
            return A.Name(name, span=expr.span)
        case A.Binary(op="==>" | "&&" | "**", left=left, right=right):
            return attrs.evolve(expr, left=_olds(left, guards, fixed, found),
                                right=_olds(right, guards + (left,), fixed, found))
        case A.Conditional(cond=cond, then=then, otherwise=otherwise):
            return attrs.evolve(expr, cond=_olds(cond, guards, fixed, found),
                                then=_olds(then, guards + (cond,), fixed, found),
                                otherwise=_olds(otherwise, guards + (A.Unary("!", cond, span=cond.span),), fixed, found))
        case A.Quantifier() | A.Sum():
            return expr         # an \old under a bound variable has no one value to save
    return A.map_children(expr, lambda v: _olds(v, guards, fixed, found))


def _constant(expr, fixed, cells: bool = False) -> bool:
    """Whether `expr` has the same value at the kernel's start and where it stands: it
    names only what the kernel cannot change (and, with `cells`, reads array cells)."""
    for node in A.walk(expr):
        match node:
            case A.Name(id=name) if not (name in fixed or name.partition(".")[0] in RESERVED_NAMES
                                         or name.startswith("\\length(")):
                return False
            case A.Index() if not cells:
                return False
            case A.Old() | A.Quantifier() | A.Sum() | A.Call():
                return False
    return True


