"""Facts on the path to a barrier or a loop.

Seed 004 (section 5) gives a barrier's contract "the purely non-deterministic abstraction
of the control flow between two barriers": what the code on the way to a barrier
establishes about variables holds there.  Here that is the pure facts (no memory, no
`\\old`) that hold on every path to the barrier or loop: the pure conjuncts of the
procedure's precondition, the conditions of the enclosing branches, and the conditions
and pure invariants of the enclosing loops, less those about a variable that may be
assigned between where the fact holds and the barrier (for a fact from outside a loop,
anywhere in the loop, since earlier iterations ran).

They are added, as one clause in front of the user's, to the barrier's `requires` and
(the precondition's only) to the loop's invariants, as far as they can matter to that
contract (`_relevant`).  So the thread obligation proves them where it reaches the barrier or
the loop (they hold there by construction; if this analysis were wrong the proof would
fail, never pass wrongly), and the group-level barrier obligations and the framing of
barrier and loop contracts may assume them: users need not restate `0 < s` of the
enclosing `while (s > 0)` in every barrier.
"""
from __future__ import annotations

import attrs

from ..semantics.symbols import RESERVED, SymbolKind
from ..semantics.queries import assigned, is_pure, pure_conjuncts, symbols_in
from ..syntax import ast as A


def with_path_facts(body: A.Block, pre: tuple[A.Expr, ...] = ()) -> A.Block:
    """`body` with each barrier (with a contract) and each loop given the facts that
    hold on every path to it; `pre` are the procedure's precondition clauses."""
    facts = tuple(f for e in pre for f in pure_conjuncts(e))
    return _block(_Paths(frozenset(id(f) for f in facts)), body, facts)


class _Paths:
    """A loop gets only the precondition's facts: inside its body the engine keeps
    what it knew of the variables the loop does not assign, so the others would only
    add checks (for nested loops, as many as the square of their depth); its framing
    is where the precondition matters (`requires n > 0` for `a[n - 1]`)."""

    def __init__(self, precondition: frozenset):
        self.precondition = precondition

    def loop_facts(self, facts: tuple) -> tuple:
        return tuple(f for f in facts if id(f) in self.precondition)


def _block(paths: _Paths, block: A.Block, facts: tuple) -> A.Block:
    stmts = []
    for s in block.stmts:
        stmts.append(_stmt(paths, s, facts))
        changed = _assigned_or_declared(s)
        facts = tuple(f for f in facts if not (symbols_in(f) & changed)) + _established(s)
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
    if target.symbol in symbols_in(value) or not is_pure(value):
        return ()
    return (A.Binary("==", target, value, span=s.span),)


def _stmt(paths: _Paths, s, facts: tuple):
    match s:
        case A.Block():
            return _block(paths, s, facts)
        case A.If():
            negated = A.Unary("!", s.cond, span=s.cond.span)
            then = _stmt(paths, s.then, facts + tuple(pure_conjuncts(s.cond)))
            otherwise = None if s.otherwise is None else \
                _stmt(paths, s.otherwise, facts + tuple(pure_conjuncts(negated)))
            return attrs.evolve(s, then=then, otherwise=otherwise)
        case A.While() | A.For():
            changed = _assigned_or_declared(s.body) | (_assigned_or_declared(s.update) if isinstance(s, A.For) and s.update else frozenset())
            if isinstance(s, A.For) and s.init is not None:
                outside = tuple(f for f in facts if not (symbols_in(f) & (changed | _assigned_or_declared(s.init))))
            else:
                outside = tuple(f for f in facts if not (symbols_in(f) & changed))
            invariants = tuple(f for c in s.contract for f in pure_conjuncts(c.expr))
            cond = tuple(pure_conjuncts(s.cond)) if s.cond is not None else ()
            body = _stmt(paths, s.body, outside + invariants + cond)
            mentioned = [c.expr for c in s.contract] + ([s.cond] if s.cond is not None else [])
            extra = _clause(A.ClauseKind.LOOP_INVARIANT, _relevant(paths.loop_facts(outside), mentioned))
            return attrs.evolve(s, contract=extra + s.contract, body=body)
        case A.InvariantBlock() | A.AtomicBlock():
            return attrs.evolve(s, body=_block(paths, s.body, facts))
        case A.Barrier(contract=tuple() as contract) if facts:
            extra = _clause(A.ClauseKind.REQUIRES, _relevant(facts, [c.expr for c in contract]))
            return attrs.evolve(s, contract=extra + contract)
    return s


# The names that tie facts to each other and to a contract: variables and thread ids.
# Sizes and kernel parameters are the same everywhere in an obligation; a fact about
# only them is always kept (there are few), but they do not make two facts related.
_VARIABLES = (SymbolKind.LOCAL, SymbolKind.PARAM)
_IDS = frozenset(RESERVED[n] for n in ("tid", "lid", "gid"))


def _relevant(facts: tuple, exprs) -> tuple:
    """The facts about what `exprs` mention, directly or through other such facts, and
    those about sizes and parameters alone.  Others cannot matter to the contract; in
    nested loops they would add a check per fact at every barrier."""
    def tied(e) -> frozenset:
        return frozenset(s for s in symbols_in(e) if s.kind in _VARIABLES or s in _IDS)

    wanted = frozenset().union(*(tied(e) for e in exprs))
    kept = {id(f) for f in facts if not tied(f)}
    grew = True
    while grew:
        grew = False
        for f in facts:
            if id(f) not in kept and tied(f) & wanted:
                kept.add(id(f))
                wanted |= tied(f)
                grew = True
    return tuple(f for f in facts if id(f) in kept)


def _clause(kind: A.ClauseKind, facts: tuple) -> tuple:
    """The facts as one clause: one check where the thread reaches the barrier or loop
    (and one per iteration), however many there are; as many clauses, nested loops
    would cost checks quadratic in their depth."""
    if not facts:
        return ()
    conjunction = facts[0]
    for f in facts[1:]:
        conjunction = A.Binary("&&", conjunction, f, span=f.span)
    return (A.Clause(kind, conjunction, span=facts[0].span),)


def _assigned_or_declared(s) -> frozenset:
    """The variables a statement may assign (declarations count: a loop runs one again)."""
    return frozenset(assigned(s, declared=True))
