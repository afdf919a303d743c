"""Symbolic execution of statements, in continuation-passing style.

Each statement hands the state(s) it produces to the continuation of the right exit
(normal, break, continue, return).  Branches push a solver scope, run the rest of the
program inside it and pop, so the solver's assertion stack is always the current path.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping

import attrs
import z3

from ...diagnostics import Related, error, warning
from ...semantics import queries
from ...semantics.symbols import Symbol, SymbolKind
from ...syntax import ast as A
from ...syntax.snippet import short
from .atomics import atomic_update
from .engine import Engine, Origin
from ..explanation.counterexample import Point
from .evaluate import Evaluator, Reads
from .invariants import opened
from .invariant_blocks import atomic_block, invariant_block
from .produce_consume import Codes, Heap, Mode
from ..explanation.rivals import Peers, access
from .state import State
from .termination import smaller

CODE = Reads("perm.read")
SPEC_READS = Reads("framing.perm")

Continue = Callable[[State], None]


@attrs.frozen
class Exits:
    normal: Continue
    ret: Continue
    brk: Continue | None = None
    cont: Continue | None = None


_STRAIGHT = (A.VarDecl, A.Assign, A.ArrayAssign, A.AtomicUpdate, A.WarpExchange, A.Barrier, A.CallStmt, A.Assert,
             A.Assume)


def _point(s, in_loop: bool) -> Point:
    """Where the values of a check made by statement `s` are from (counterexample notes;
    no line numbers in the text: a cached result moves its spans, not its words)."""
    where = ", in an iteration of the loop" if in_loop else ""
    if isinstance(s, A.Barrier):
        return Point("before the barrier" + where)
    if isinstance(s, A.CallStmt):
        return Point("at the call" + where)
    return Point("before this statement" + where)


def pre_exprs(contract) -> tuple[A.Expr, ...]:
    return tuple(c.expr for c in contract if c.kind.is_pre)


def post_exprs(contract) -> tuple[A.Expr, ...]:
    return tuple(c.expr for c in contract if c.kind.is_post)


def merge_masks(a: Mapping, b: Mapping) -> dict:
    # In a fixed order (not a set's): the order terms are made in steers Z3's search.
    return {k: a.get(k, ()) + b.get(k, ()) for k in dict.fromkeys([*a, *b])}


def _interval(st: State, exprs) -> Peers | None:
    """What every thread of the group holds at the start of a barrier interval that
    begins in state `st` with `exprs` (where race notes are looked for at all)."""
    if st.peers is None:
        return None
    return Peers(st.peers.who, exprs, exprs, st.store)


@attrs.frozen
class Recursion:
    """The procedure being proved, when it is recursive: the procedures of its cycle and
    its measure's values on entry (None without a `decreases` clause)."""
    name: str
    cycle: frozenset[Symbol]
    measure: tuple | None


class Executor:
    def __init__(self, engine: Engine, evaluator: Evaluator, heap: Heap,
                 procedures: Mapping[Symbol, A.Procedure], base_store: Mapping[Symbol, object],
                 recursion: Recursion | None = None, invariant: tuple[A.Expr, ...] = ()):
        self.engine = engine
        self.recursion = recursion
        self.invariant = invariant       # the kernel's value invariant: atomics open it
        self.invariant_arrays = queries.perm_arrays(invariant)
        self.ev = evaluator
        self.heap = heap
        self.t = engine.t
        self.procedures = procedures
        self.base_store = base_store     # ids, sizes, kernel parameters: what a callee sees
        self.in_loop: set[int] = set()   # ids of the statements in a loop's body (notes)

    # ---- sequencing ----
    def block(self, stmts, st: State, exits: Exits) -> None:
        # Straight-line statements run in a loop; only control flow nests continuations,
        # so a long kernel does not make a deep Python stack.
        i = 0
        while i < len(stmts) and isinstance(stmts[i], _STRAIGHT):
            st = self.straight(stmts[i], st)
            i += 1
        if i == len(stmts):
            exits.normal(st)
            return
        head, rest = stmts[i], stmts[i + 1:]
        self.stmt(head, st, attrs.evolve(exits, normal=lambda s: self.block(rest, s, exits)))

    def branch(self, cond, run: Continue, st: State, source: A.Expr | None = None, negated: bool = False) -> bool:
        """Run `run(st)` on the path where `cond` (the source condition, or its negation
        when `negated`) holds, if that path can happen; whether it did."""
        self.engine.solver.push()
        try:
            # The label is the condition as taken: notes tell two paths apart by it.
            taken = "the path condition" if source is None else \
                f"`!({short(source)})`" if negated else f"`{short(source)}`"
            origin = Origin("branch", source.span if source is not None else None, taken)
            with self.engine.assuming(origin):
                self.engine.assume(cond)
            if not self.engine.solver.feasible():
                return False
            run(st)
            return True
        finally:
            self.engine.solver.pop()

    def stmt(self, s, st: State, exits: Exits) -> None:
        match s:
            case _ if isinstance(s, _STRAIGHT):
                exits.normal(self.straight(s, st))
            case A.If():
                self.engine.point = _point(s, id(s) in self.in_loop)
                cond = self.ev.eval(s.cond, st, (), CODE)
                then = self.branch(cond, lambda x: self.stmt(s.then, x, exits), st, s.cond)
                otherwise = s.otherwise
                other = self.branch(z3.Not(cond), (lambda x: self.stmt(otherwise, x, exits)) if otherwise is not None
                                    else exits.normal, st, s.cond, negated=True)
                if not then and not other:
                    # Neither way can happen: the path itself is contradictory, and ends here.
                    self.engine.vacuity()
            case A.While():
                self.loop(s, st, exits)
            case A.For():
                if s.init is not None:
                    self.loop(s, self.straight(s.init, st), exits)
                else:
                    self.loop(s, st, exits)
            case A.Break():
                exits.brk(st)
            case A.Continue():
                exits.cont(st)
            case A.Return():
                self.engine.point = Point("at the return", s.span)
                exits.ret(st)
            case A.Block():
                self.block(s.stmts, st, exits)
            case A.InvariantBlock():
                invariant_block(self, s, st, exits)
            case A.AtomicBlock():
                atomic_block(self, s, st, exits)
            case _:
                raise TypeError(f"unknown statement {type(s).__name__}")

    def straight(self, s, st: State) -> State:
        """A statement with exactly one way out: the state after it."""
        self.engine.point = _point(s, id(s) in self.in_loop)
        match s:
            case A.VarDecl():
                if s.init is not None:
                    value = self.ev.eval(s.init, st, (), CODE)
                else:
                    value = self.t.fresh(s.name, self.t.sort_of(s.type))
                    if s.range is not None:
                        self.engine.assume(z3.And(s.range[0] <= value, value <= s.range[1]))
                return st.bind(s.symbol, value)
            case A.Assign():
                return st.bind(s.target.symbol, self.ev.eval(s.value, st, (), CODE))
            case A.ArrayAssign():
                return self.write(s, st)
            case A.AtomicUpdate():
                return self.atomic(s, st)
            case A.Barrier():
                return self.barrier(s, st)
            case A.WarpExchange():
                # Another lane's value, or a vote: not tracked, any value of its type
                # (the lane's own operands are evaluated, their reads checked).
                for operand in (s.value, s.lane):
                    if operand is not None:
                        self.ev.eval(operand, st, (), CODE)
                value = self.t.fresh(s.result.id, self.t.sort_of(s.result.symbol.type))
                if s.range is not None:
                    self.engine.assume(z3.And(s.range[0] <= value, value <= s.range[1]))
                return st.bind(s.result.symbol, value)
            case A.CallStmt():
                return self.call(s, st)
            case A.Assert():
                fact = self.ev.eval(s.expr, st, (), CODE)
                self.engine.check(fact, "assert.failed", s.expr.span, f"the assertion `{short(s.expr)}` may not hold",
                                  store=st.store)
                return st
            case A.Assume():
                self.engine.report(warning("assert.assume", s.span,
                                           "assume: the verifier takes this on trust without proof",
                                           obligation=self.engine.name))
                fact = self.ev.eval(s.expr, st, (), CODE)
                with self.engine.assuming(Origin("assume", s.expr.span, f"`assume {short(s.expr)}`", s.span)):
                    self.engine.assume(fact)
                return st
        raise TypeError(f"not a straight-line statement: {type(s).__name__}")

    # ---- memory ----
    def write(self, s: A.ArrayAssign, st: State) -> State:
        target = s.target
        array = target.array.symbol
        index = self.ev.eval(target.index, st, (), CODE)
        value = self.ev.eval(s.value, st, (), CODE)
        length = self.engine.lengths[array]
        self.engine.check(z3.And(0 <= index, index < length), "bounds.index", target.span,
                          f"`{short(target)}` may be outside the array (length {self.engine.length_text[array]})", store=st.store)
        chunks = st.mask.get(array, ())
        self.engine.assume(self.engine.perms.consistent_at_access(chunks, index))
        self.engine.check(self.engine.perms.can_write(chunks, index), "perm.write", target.span,
                          f"insufficient permission to write `{short(target)}`: write permission is needed",
                          store=st.store, race=access(st, array, index, self.t.one, "write", target))
        return attrs.evolve(st, values={**st.values, array: z3.Store(st.values[array], index, value)})

    def atomic(self, s: A.AtomicUpdate, st: State) -> State:
        """The atomic and its ghost `then` block, one step; within the kernel invariant
        when it holds the updated array (invariants.py)."""
        def step(x: State) -> State:
            x = atomic_update(self.ev, s, x, CODE)
            for ghost in A.statements(s.then) if s.then is not None else ():
                if isinstance(ghost, A.ArrayAssign):
                    x = self.write(ghost, x)
            return x
        if s.target.array.symbol in self.invariant_arrays:
            return opened(self.engine, self.heap, self.invariant, s, st, step)
        return step(st)

    # ---- barriers ----
    def barrier(self, s: A.Barrier, st: State) -> State:
        if s.among is A.Among.WARP:
            # The logic has no warp-level contract: a warp's barrier hands over nothing,
            # and what a thread holds no other thread may change (docs/warps.md).
            return st
        contract = s.contract or ()
        codes = Codes("barrier.pre", "barrier.pre", "the barrier's precondition",
                      (Related(s.span, "the barrier"),))
        pres = [clause.expr for clause in contract if clause.kind.is_pre]
        # One exhale of the whole precondition: its facts read the state before it (as
        # `Perm(a[tid], write) ** a[tid] == 1` means), its permissions are taken one
        # after the other (two clauses cannot both hand in one write).
        for e in pres:
            self.heap.consume(e, st, codes, mode=Mode(resources=False, wellformed=SPEC_READS))
        rest = st
        for e in pres:
            rest = self.heap.consume(e, rest, codes, mode=Mode(facts=False))
        if s.keeps_frame:
            # What the thread still holds no other thread can change (A.Barrier.keeps_frame).
            after = attrs.evolve(self.heap.havoc_unheld(rest, list(rest.values)),
                                 peers=_interval(st, post_exprs(contract)))
            return self._barrier_post(s, contract, after)
        # The thread hands in everything and forgets all memory; it continues with
        # exactly what the barrier's postcondition gives it, as do the others.  A C
        # barrier does not order the memory it does not fence: the thread keeps that
        # memory's permissions and values (its contract may name none of them: types.py).
        kept = [a for a in st.values if not s.orders(a.scope)]
        fresh = self.t.fresh_memory([a for a in st.values if s.orders(a.scope)])
        after = attrs.evolve(st, mask={a: st.mask[a] for a in kept if a in st.mask},
                             values={**fresh, **{a: st.values[a] for a in kept}},
                             peers=_interval(st, post_exprs(contract)))
        return self._barrier_post(s, contract, after)

    def _barrier_post(self, s: A.Barrier, contract, after: State) -> State:
        self.engine.point = Point("after the barrier")
        for clause in contract:
            if clause.kind.is_post:
                origin = Origin("barrier", clause.span, f"the barrier's postcondition `{short(clause.expr)}`", s.span)
                with self.engine.assuming(origin):
                    after = self.heap.produce(clause.expr, after)
        return after

    # ---- calls ----
    def call(self, s: A.CallStmt, st: State) -> State:
        proc = self.procedures[s.symbol]
        args = [self.ev.eval(a, st, (), CODE) for a in s.args]
        callee_store = {**self.base_store, **{p.symbol: v for p, v in zip(proc.params, args)}}
        at_call = attrs.evolve(st, store=callee_store)
        if self.recursion is not None and s.symbol in self.recursion.cycle:
            self.decreases(s, proc, at_call)
        codes = Codes("pre.call", "pre.call", f"the precondition of {s.name}",
                      (Related(s.span, "the call"),))
        rest = at_call
        for expr in pre_exprs(proc.contract):
            rest = self.heap.consume(expr, rest, codes)
        touched = [a for a in rest.mask if rest.mask.get(a) != at_call.mask.get(a)]
        after = self.heap.havoc_unheld(rest, touched)
        after = attrs.evolve(after, old_values=at_call.values, old_mask=at_call.mask)
        self.engine.point = Point("after the call")
        for expr in post_exprs(proc.contract):
            origin = Origin("call", expr.span, f"the postcondition `{short(expr)}` of {s.name}", s.span)
            with self.engine.assuming(origin):
                after = self.heap.produce(expr, after)
        return attrs.evolve(after, store=st.store, old_values=st.old_values, old_mask=st.old_mask)

    def decreases(self, s: A.CallStmt, proc: A.Procedure, at_call: State) -> None:
        """A call within the recursive cycle makes the measure smaller (termination.py's
        order): a procedure is proved for the calls that return, so a recursion that
        never returns would prove any postcondition, and a lemma with it anything."""
        own, theirs = self.recursion.measure, proc.decreases
        if own is None or theirs is None:
            who = self.recursion.name if own is None else proc.name
            self.engine.report(error(
                "pre.recursion", s.span,
                f"{self.recursion.name} calls {s.name} recursively, but {who} has no `decreases` clause: a "
                f"recursive procedure must say why it terminates (a call that never returns would prove "
                f"any postcondition)", obligation=self.engine.name))
            return
        if len(own) != len(theirs.exprs):
            self.engine.report(error(
                "pre.recursion", s.span,
                f"the measures of {self.recursion.name} and {s.name} have different lengths; procedures "
                f"recursive with each other share one measure", obligation=self.engine.name,
                related=(Related(theirs.span, f"the measure of {s.name}"),)))
            return
        new = tuple(self.ev.eval(e, at_call, (), CODE) for e in theirs.exprs)
        self.engine.check(smaller(self.t, new, own), "pre.recursion", s.span,
                          f"the recursive call of {s.name} may not make the measure "
                          f"`{', '.join(short(e) for e in theirs.exprs)}` smaller (or it drops below 0): "
                          f"the recursion may not terminate",
                          related=(Related(theirs.span, f"the measure of {s.name}"),), store=at_call.store)

    # ---- loops ----
    def loop(self, s, st: State, exits: Exits) -> None:
        invariant = tuple(c.expr for c in s.contract)
        loop_related = (Related(s.span, "the loop"),)
        establish = Codes("loop.establish", "loop.establish", "the loop invariant on entry", loop_related)
        maintain = Codes("loop.maintain", "loop.maintain", "the loop invariant after an iteration", loop_related)
        head = Point("at the loop head", s.span)
        self.in_loop.update(id(n) for part in (s.body, getattr(s, "update", None)) if part is not None
                            for n in A.statements(part))
        self.engine.point = Point("before the loop", s.span)
        entered = st
        for expr in invariant:
            entered = self.heap.consume(expr, entered, establish)

        store = dict(entered.store)
        assigned = set(queries.assigned(s, kinds=(SymbolKind.LOCAL, SymbolKind.PARAM)))
        for symbol in [symbol for symbol in store if symbol in assigned]:
            store[symbol] = self.t.fresh(symbol.name, self.t.sort_of(symbol.type))
            self.engine.born[store[symbol].get_id()] = (store[symbol], "at the loop head")
        if queries.has_barrier(s.body):
            # A barrier takes everything the thread holds: nothing is framed around.
            frame = {}
            values = self.t.fresh_memory(entered.values)
        else:
            frame = entered.mask
            values = self.heap.havoc_unheld(entered, list(entered.values)).values
        base = attrs.evolve(entered, store=store, values=values, mask={})
        if queries.has_barrier(s.body):
            # Another thread's iteration starts in the same barrier interval as ours.
            base = attrs.evolve(base, peers=_interval(base, invariant))

        def with_frame(x: State) -> State:
            return attrs.evolve(x, mask=merge_masks(frame, x.mask))

        def produce_invariant(x: State) -> State:
            for expr in invariant:
                with self.engine.assuming(Origin("loop", expr.span, f"the loop invariant `{short(expr)}`", s.span)):
                    x = self.heap.produce(expr, x)
            return x

        def condition(x: State):
            self.engine.point = head
            return self.ev.eval(s.cond, x, (), CODE) if s.cond is not None else self.t.true

        def maintain_invariant(x: State) -> None:
            self.engine.point = Point("at the end of an iteration of the loop", s.span)
            for expr in invariant:
                x = self.heap.consume(expr, x, maintain)

        def after_iteration(x: State) -> None:
            if isinstance(s, A.For) and s.update is not None:
                x = self.straight(s.update, x)
            if not self.engine.vacuity():
                maintain_invariant(x)

        # One arbitrary iteration, from any state that satisfies the invariant.
        self.engine.solver.push()
        try:
            inside = produce_invariant(base)
            cond = condition(inside)
            body_exits = Exits(normal=after_iteration, cont=after_iteration,
                               brk=lambda x: exits.normal(with_frame(x)),
                               ret=lambda x: exits.ret(with_frame(x)))
            entered_body = self.branch(cond, lambda x: self.stmt(s.body, x, body_exits), inside, s.cond)
        finally:
            self.engine.solver.pop()
        # Leaving the loop: the invariant holds and the condition does not.
        self.engine.solver.push()
        try:
            outside = produce_invariant(attrs.evolve(base, mask=frame))
            left = self.branch(z3.Not(condition(outside)), exits.normal, outside, s.cond, negated=True)
            if not entered_body and not left:
                # Neither an iteration nor the exit can happen: the path with the
                # invariant is contradictory, and ends here.
                self.engine.vacuity()
        finally:
            self.engine.solver.pop()
