"""VerCors's `\\old(e)` inside a kernel's body (a barrier's contract, a loop invariant):
e's value at the start of the thread, saved there into a ghost variable.

VerCors encodes a kernel (a method whose body runs the threads) as one method, so
`\\old` anywhere in it is the method's pre-state: the kernel's start, which is each
thread's start.  The kernel language allows `\\old` only in postconditions, so each such
`\\old(e)` becomes a ghost variable saved at the start of the thread's body, which the
contract then reads (`saved`: by an assumption or by the ghost's initialisation).  The
ghost is assigned nowhere else.  The guards are the conditions under which the contract
evaluates the `\\old` (the left of `==>`, `&&` and `**`, a `?:`'s condition): e need only
be defined where the contract reads it.  Either save reads e's cells with the thread's
own permissions at its start (`check` asks for them there).

Only an e and guards over what cannot change during the kernel (`fixed`: its
parameters, arrays, sizes, ids, lengths) and the arrays' cells are saved; an `\\old` of
a thread's variable or of a quantifier's variable has no one value to save and is
returned among the unsaved, for the front end to refuse or leave to the checker.
Used by the C front end (cfamily/vercors_olds.py) and VerCors's PVL (vercors_pvl/olds.py).
"""
from __future__ import annotations

from typing import Callable

import attrs

from ..syntax import ast as A
from .symbols import RESERVED_NAMES


@attrs.define
class Saved:
    stmts: tuple                                # the saves, then the body
    unsaved: list = attrs.Factory(list)         # the `A.Old` nodes left as written


def saved(stmts: tuple, fixed: set[str], loops: bool = False,
          type_of: Callable[[A.Expr], A.Type] = lambda e: A.Type.INT, read: bool = False) -> Saved:
    """A kernel body's statements with the `\\old` of its barriers' contracts (and, with
    `loops`, of its loop invariants) saved at its start; `type_of` gives a saved value's
    type.  A value is saved by an assumption (`assume guards ==> old$vcK == e;`: `races`
    counts no access, `run` has no value for it), or with `read` by the ghost's
    initialisation (`int old$vcK = guards ? e : 0;`: a read at the thread's start in
    every analysis, which `run` executes)."""
    found: list = []
    unsaved: list = []
    body = tuple(_contracts(s, fixed, loops, found, unsaved) for s in stmts)
    saves = []
    for guards, expr, name, span in found:
        typ = type_of(expr)
        if read:
            init = expr
            if guards:
                # Not read where the contract does not read it; the other value is never read.
                other = A.BoolLit(False, span=span) if typ is A.Type.BOOL else A.IntLit(0, span=span)
                cond = guards[0]
                for g in guards[1:]:
                    cond = A.Binary("&&", cond, g, span=span)
                init = A.Conditional(cond, expr, other, span=span)
            saves.append(A.VarDecl(typ, name, init, name_span=span, span=span))
            continue
        saves.append(A.VarDecl(typ, name, None, name_span=span, span=span))
        fact = A.Binary("==", A.Name(name, span=span), expr, span=span)
        for guard in reversed(guards):
            fact = A.Binary("==>", guard, fact, span=span)
        saves.append(A.Assume(fact, span=span))
    return Saved(tuple(saves) + body, unsaved)


def _contracts(node, fixed, loops, found, unsaved):
    def clauses(contract):
        return tuple(attrs.evolve(c, expr=_olds(c.expr, (), fixed, found, unsaved)) for c in contract)

    # Not a dispatch: every statement is entered by map_children, these have contracts.
    if isinstance(node, A.Barrier) and node.contract:
        return attrs.evolve(node, contract=clauses(node.contract))
    if loops and isinstance(node, (A.While, A.For)) and node.contract:
        node = attrs.evolve(node, contract=clauses(node.contract))
    return A.map_children(node, lambda v: _contracts(v, fixed, loops, found, unsaved))


def _olds(expr, guards: tuple, fixed, found, unsaved):
    match expr:
        case A.Old(expr=inner) if _constant(inner, fixed, cells=True) and all(_constant(g, fixed) for g in guards):
            # One ghost for one value: a `context` gives its `\old` to a `requires` and an
            # `ensures`, which must read the same saved value.
            name = next((n for g, e, n, _ in found if (g, e) == (guards, inner)), None)
            if name is None:
                name = f"old$vc{len(found)}"
                found.append((guards, inner, name, expr.span))
            return A.Name(name, span=expr.span)
        case A.Old():
            unsaved.append(expr)
            return expr
        case A.Binary(op="==>" | "&&" | "**", left=left, right=right):
            return attrs.evolve(expr, left=_olds(left, guards, fixed, found, unsaved),
                                right=_olds(right, guards + (left,), fixed, found, unsaved))
        case A.Conditional(cond=cond, then=then, otherwise=otherwise):
            negated = A.Unary("!", cond, span=cond.span)
            return attrs.evolve(expr, cond=_olds(cond, guards, fixed, found, unsaved),
                                then=_olds(then, guards + (cond,), fixed, found, unsaved),
                                otherwise=_olds(otherwise, guards + (negated,), fixed, found, unsaved))
        case A.Quantifier() | A.Sum():
            # An \old under a bound variable has no one value to save.
            unsaved.extend(n for n in A.walk(expr) if isinstance(n, A.Old))
            return expr
    return A.map_children(expr, lambda v: _olds(v, guards, fixed, found, unsaved))


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
