"""Facts on the path to a barrier or a loop.

Seed 004 (section 5) gives a barrier's contract "the purely non-deterministic abstraction
of the control flow between two barriers": what the code on the way to a barrier
establishes about variables holds there.  Here that is the pure facts (no memory, no
`\\old`) that hold on every path to the barrier or loop: the pure conjuncts of the
procedure's precondition, the conditions of the enclosing branches, and the conditions
and pure invariants of the enclosing loops, less those about a variable that may be
assigned between where the fact holds and the barrier (for a fact from outside a loop,
anywhere in the loop, since earlier iterations ran).

They are added to the barrier's `requires` and to the loop's invariants, in front of the
user's clauses.  So the thread obligation proves them where it reaches the barrier or
the loop (they hold there by construction; if this analysis were wrong the proof would
fail, never pass wrongly), and the group-level barrier obligations and the framing of
barrier and loop contracts may assume them: users need not restate `0 < s` of the
enclosing `while (s > 0)` in every barrier.
"""
from __future__ import annotations

import attrs

from ..syntax import ast as A


def with_path_facts(body: A.Block, pre: tuple[A.Expr, ...] = ()) -> A.Block:
    """`body` with each barrier (with a contract) and each loop given the facts that
    hold on every path to it; `pre` are the procedure's precondition clauses."""
    facts = tuple(f for e in pre for f in pure_conjuncts(e))
    return _block(body, facts)


def _block(block: A.Block, facts: tuple) -> A.Block:
    stmts = []
    for s in block.stmts:
        stmts.append(_stmt(s, facts))
        changed = _assigned(s)
        facts = tuple(f for f in facts if not (_mentions(f) & changed)) + _established(s)
    return attrs.evolve(block, stmts=tuple(stmts))


def _established(s) -> tuple:
    """`x == e` after `x = e` or `int x = e;` with e pure and free of x."""
    match s:
        case A.VarDecl(init=value) if value is not None and s.symbol is not None:
            target = A.Name(s.name, span=s.name_span, symbol=s.symbol)
        case A.Assign(target=A.Name() as target, value=value) if target.symbol is not None:
            pass
        case _:
            return ()
    if target.symbol in _mentions(value) or not _pure(value):
        return ()
    return (A.Binary("==", target, value, span=s.span),)


def _stmt(s, facts: tuple):
    match s:
        case A.Block():
            return _block(s, facts)
        case A.If():
            negated = A.Unary("!", s.cond, span=s.cond.span)
            then = _stmt(s.then, facts + tuple(pure_conjuncts(s.cond)))
            otherwise = None if s.otherwise is None else _stmt(s.otherwise, facts + tuple(pure_conjuncts(negated)))
            return attrs.evolve(s, then=then, otherwise=otherwise)
        case A.While() | A.For():
            changed = _assigned(s.body) | (_assigned(s.update) if isinstance(s, A.For) and s.update else frozenset())
            if isinstance(s, A.For) and s.init is not None:
                outside = tuple(f for f in facts if not (_mentions(f) & (changed | _assigned(s.init))))
            else:
                outside = tuple(f for f in facts if not (_mentions(f) & changed))
            invariants = tuple(f for c in s.contract for f in pure_conjuncts(c.expr))
            cond = tuple(pure_conjuncts(s.cond)) if s.cond is not None else ()
            body = _stmt(s.body, outside + invariants + cond)
            contract = tuple(A.Clause(A.ClauseKind.LOOP_INVARIANT, f, span=f.span) for f in outside) + s.contract
            return attrs.evolve(s, contract=contract, body=body)
        case A.Barrier(contract=tuple() as contract) if facts:
            extra = tuple(A.Clause(A.ClauseKind.REQUIRES, f, span=f.span) for f in facts)
            return attrs.evolve(s, contract=extra + contract)
    return s


def pure_conjuncts(e):
    """The conjuncts of `e` that read no memory, hold no resource and need no `\\old`."""
    if isinstance(e, A.Binary) and e.op in ("&&", "**"):
        yield from pure_conjuncts(e.left)
        yield from pure_conjuncts(e.right)
    elif _pure(e):
        yield e


def _pure(e) -> bool:
    return not any(isinstance(n, (A.Index, A.Perm, A.Old, A.Read, A.Write)) for n in A.walk(e))


def _mentions(e) -> frozenset:
    return frozenset(n.symbol for n in A.walk(e) if isinstance(n, A.Name) and n.symbol is not None)


def _assigned(s) -> frozenset:
    """The variables a statement may assign (declarations count: a loop runs one again)."""
    found = set()
    for n in A.walk(s):
        if isinstance(n, A.Assign) and n.target.symbol is not None:
            found.add(n.target.symbol)
        elif isinstance(n, A.VarDecl) and n.symbol is not None:
            found.add(n.symbol)
    return frozenset(found)
