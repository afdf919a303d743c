"""A kernel's memory accesses as a protocol: one symbolic walk of main for one thread.

The walk keeps, per variable, its value as a Z3 term over the thread's ids, the launch
sizes, the kernel's parameters and unknowns; each array read or written becomes an
`Access` with its index and its path condition.  The terms are the first thread's: the
unknowns that are the thread's own (`own`: its ids, what it read from memory, the values
of its loop variables) or its group's (`group`: the values of uniform variables in
barrier loops) are replaced by copies to speak of a second thread (check.py).

What is approximated, always towards more behaviours (so more races, never fewer):
- memory holds arbitrary values, the same for a thread until a barrier or a loop (where
  other threads may write it), and the same for every thread that reads it: different
  values would need a write between the reads, a race of its own;
- a loop without a barrier is one iteration with its variables unknown (the loop
  condition holding, and a counter `i = e; ...; i = i + c` at least its start): two
  threads are then in any two iterations;
- a loop with a barrier is one iteration and the next (intervals.py), its uniform
  variables unknown but shared by the threads of a group, the others their own; the
  next iteration's accesses are the first's with every unknown the body made renamed;
- after a `break`, `continue` or `return` the rest of the block is optional (a choice):
  the code the jump leads to meets what ran before it; a call is its procedure's body
  with the arguments bound (to a depth), functions are applied without their
  definitions, assertions are not assumed, `assume` is.
"""
from __future__ import annotations

import attrs
import z3

from ..semantics.dimensions import Ids, Sizes, id_store, names_components
from ..semantics.queries import assigned as assigned_in, has_barrier, pure_conjuncts
from ..semantics.symbols import RESERVED, Symbol
from ..source import Span
from ..syntax import ast as A
from ..syntax.snippet import short
from ..engine.execution.engine import Engine
from ..engine.execution.evaluate import Evaluator
from ..engine.execution.functions import FunctionTable
from ..engine.execution.state import State, Terms
from ..engine.solver.solver import Solver
from ..engine.execution.threads import fresh_ids, fresh_sizes, in_range, size_facts, unknowns
from . import claims
from . import geometric
from . import statements as S
from .events import NEVER, Access, Choice, Event, Loop, Seq, Sync
from .intervals import crossing
from .skips import Skip

# Calls inlined into one another before the walk gives up (recursion).
MAX_DEPTH = 8
# Time (ms) to decide whether a branch can be taken at all; undecided ones are kept.
FEASIBILITY_MS = 500


class Unsupported(Exception):
    """Code the walk cannot follow; the answer is then unknown."""

    def __init__(self, span: Span | None, message: str):
        super().__init__(message)
        self.span = span


@attrs.frozen
class Protocol:
    kernel: A.Kernel
    body: Event
    facts: object                  # the launch's assumptions about the first thread
    sizes: Sizes
    gid: Ids
    lid: Ids
    tid: object                    # gid * gsize + lid, the first thread's
    own: tuple                     # unknowns that are the first thread's own
    group: tuple                   # unknowns of its work group
    params: tuple                  # (name, term) of the kernel's parameters
    engine: Engine                 # its Z3 context and terms
    # The conditions under which each barrier and each jump is reached (by span; one
    # per walk of it, as in each call of a procedure; a loop's next iteration is its
    # first renamed, so it has none of its own): uniform conditions mean no divergence.
    reach: dict
    # Where a thread may access memory through a pointer into no array (NULL, not set:
    # `bounds.null` checks of the C mapping), undefined in C: (the condition, the check).
    faults: tuple = ()
    # The condition of each `if` of main where the walk met it, with its path condition
    # (by the statement's id; decided.py).
    branches: dict = attrs.field(factory=dict)
    second_threads: dict = attrs.field(factory=dict)   # check.py's, made once per kernel
    singles: tuple = ()            # the claims and tickets made outside loops (claims.py)


def protocol(kernel: A.Kernel, functions, uniform: frozenset, timeout: float, cancel=None,
             fenced_only: bool = False) -> Protocol:
    """`fenced_only`: a barrier orders the accesses of the memory its fences name only,
    as OpenCL and GPUVerify read `barrier(CLK_LOCAL_MEM_FENCE)`; otherwise every barrier
    orders all accesses, as the language has it (LANGUAGE.md: fences decide which facts
    are published, `barrier()` only orders accesses)."""
    solver = Solver(timeout, cancel)
    t = Terms(solver.ctx)
    engine = Engine(f"{kernel.name}/races", solver, t, FunctionTable(t, functions), None)
    return _Walk(engine, kernel, uniform, fenced_only).run()


_ALL_MEMORY = frozenset(A.Scope)


def _children(ctx, node) -> list:
    match z3.Z3_get_ast_kind(ctx, node):
        case z3.Z3_APP_AST:
            return [z3.Z3_get_app_arg(ctx, node, i) for i in range(z3.Z3_get_app_num_args(ctx, node))]
        case z3.Z3_QUANTIFIER_AST:
            return [z3.Z3_get_quantifier_body(ctx, node)]
    return []


class _Walk:
    def __init__(self, engine: Engine, kernel: A.Kernel, uniform: frozenset, fenced_only: bool):
        self.engine = engine
        self.fenced_only = fenced_only
        self.t = engine.t
        self.kernel = kernel
        self.uniform = uniform
        self.procedures = {p.symbol: p for p in kernel.procedures}
        self.evaluator = Evaluator(engine)
        self.own: list = []
        self.group: list = []
        self.everyone: list = []       # unknowns of the launch: global memory others wrote
        self.constants: dict = {}      # a term's id: the ids of the constants in it
        self.alive: list = []          # the terms whose subterms' ids `constants` holds
        self.depth = 0
        self.reach: dict[Span, list] = {}
        self.facts: list = []
        self.faults: list = []
        self.branches: dict[int, list] = {}
        self.kinds = claims.kinds(kernel)       # arrays updated by claims or tickets only (claims.py)
        self.looping = 0                        # loops the walk is in
        self.limit = None                       # the loop a ticket ends that the walk is in (claims.py)
        self.singles: list = []

    # ---- unknowns ----
    def _fresh(self, name: str, sort, mine: list):
        term = self.t.fresh(name, sort)
        mine.append(term)
        return term

    def _fresh_memory(self, values: dict) -> dict:
        """Memory that others may have written: unknown, but the same for every thread
        that reads it (of the group, for local memory).  Two threads can read different
        values of one cell only if a write came between, and a write between two reads
        of other threads without a barrier is itself a race, which is reported: a
        read-write race, so also under `--benign-writes` (which forgives two writes of one
        value, never a write beside a read).  Of the executions, those whose reads of one
        cell agree are the ones up to the first race, and that race is among them."""
        out = {}
        for symbol in values:
            term = self.t.fresh_array(symbol.name, symbol.type)
            if symbol.scope is A.Scope.LOCAL:
                self.group.append(term)
            else:
                self.everyone.append(term)
            out[symbol] = term
        return out

    def run(self) -> Protocol:
        t = self.t
        sizes = fresh_sizes(t, names_components(self.kernel))
        self.sizes = sizes
        gid, lid = fresh_ids(t, "gid", sizes.groups), fresh_ids(t, "lid", sizes.local)
        self.group.extend(unknowns(gid))
        self.own.extend(unknowns(lid))
        store = dict(id_store(sizes, gid, lid))
        params = []
        for p in self.kernel.params:
            store[p.symbol] = t.fresh(p.name, t.sort_of(p.type))
            params.append((p.name, store[p.symbol]))
        values = {a.symbol: None for a in self.kernel.arrays}
        st = State(store=store, values=self._fresh_memory(values), mask={}, old_values={})
        st = State(store=st.store, values=st.values, mask={}, old_values=st.values)
        facts = [*size_facts(sizes), *in_range(gid, sizes.groups), *in_range(lid, sizes.local)]
        # tid's range follows from gid's and lid's only by nonlinear reasoning; stated, it
        # keeps indices like `tid + k * tcount` linear in the solver's eyes.
        tid, tcount = store[RESERVED["tid"]], store[RESERVED["tcount"]]
        facts += [0 <= tid, tid < tcount]
        for a in self.kernel.arrays:
            facts.append(self._value(a.length, st) >= 0)
        facts += [self._value(c.expr, st) for c in self.kernel.contexts]
        # The value facts of main's preconditions (GPUVerify's `__requires(n > 0)`).
        facts += [self._value(e, st) for c in self.kernel.main.contract
                  if c.kind in (A.ClauseKind.REQUIRES, A.ClauseKind.CONTEXT) for e in pure_conjuncts(c.expr)]
        self.facts = facts
        body, _ = self.block(self.kernel.main.body.stmts, st, t.true)
        return Protocol(self.kernel, body, z3.And(facts), sizes, gid, lid, tid, tuple(self.own), tuple(self.group),
                        tuple(params), self.engine, self.reach, tuple(self.faults), self.branches,
                        singles=tuple(self.singles))

    def _value(self, e: A.Expr, st: State):
        return self.evaluator.eval(e, st)

    # ---- statements ----
    def block(self, stmts, st: State, guard) -> tuple[Event, State]:
        """The events of a block.  After a statement that may jump (`return`, or `break`
        or `continue` of an enclosing loop), the rest of the block may not run: it is a
        choice, so the code the jump leads to meets what ran before it."""
        stmts = list(stmts)
        events = []
        for at, stmt in enumerate(stmts):
            before = st
            event, st, guard = self.stmt(stmt, st, guard)
            events.append(event)
            if S.may_jump(stmt) and at + 1 < len(stmts):
                # The rest runs only where the statement did not jump: `if (y >= 1)
                # break;` leaves y < 1 to the accesses after it (a loop left by break
                # bounds its counter).
                stays = z3.Not(self._jumps(stmt, before))
                rest, st = self.block(stmts[at + 1:], st, z3.And(guard, stays))
                events.append(Choice((rest, Seq(()))))
                break
        return Seq(tuple(events)), st

    def _jumps(self, stmt, st: State):
        """A condition under which `stmt`, run from `st`, surely leaves its block early
        (by `break`, `continue` or `return` of its own, not of a loop inside it): only
        what is sure, so that its negation over-approximates the runs of what follows."""
        match stmt:
            case A.Break() | A.Continue() | A.Return():
                return self.t.true
            case A.If():
                cond = self._value(stmt.cond, st)
                other = self._jumps(stmt.otherwise, st) if stmt.otherwise is not None else self.t.false
                return z3.Or(z3.And(cond, self._jumps(stmt.then, st)), z3.And(z3.Not(cond), other))
            case A.Block() if stmt.stmts:
                if any(isinstance(s, (A.Break, A.Continue, A.Return)) for s in stmt.stmts):
                    return self.t.true
                # Only the first statement is evaluated from the block's own start.
                return self._jumps(stmt.stmts[0], st)
        return self.t.false

    def reads(self, e: A.Expr | None, st: State, guard) -> list[Access]:
        """The memory reads of evaluating `e`, each under the conditions that evaluate it
        (`c ? a[i] : 0` reads a[i] only when c holds)."""
        match e:
            case None:
                return []
            case A.Index():
                return self.reads(e.index, st, guard) + [self.access(e, st, guard, write=False)]
            case A.Binary(op="&&" | "==>"):
                return self.reads(e.left, st, guard) + self.reads(e.right, st, z3.And(guard, self._value(e.left, st)))
            case A.Binary(op="||"):
                return self.reads(e.left, st, guard) + self.reads(e.right, st, z3.And(guard, z3.Not(self._value(e.left, st))))
            case A.Fits(code="bounds.null"):
                value = self._value(e.expr, st)
                self.faults.append((z3.And(guard, z3.Not(z3.And(e.lo <= value, value <= e.hi))), e))
                return self.reads(e.expr, st, guard)
            case A.Conditional():
                cond = self._value(e.cond, st)
                return (self.reads(e.cond, st, guard) + self.reads(e.then, st, z3.And(guard, cond))
                        + self.reads(e.otherwise, st, z3.And(guard, z3.Not(cond))))
            case A.Sum() | A.Quantifier():
                return self._bound_reads(e, st, guard)
        return [r for child in A.children(e) for r in self.reads(child, st, guard)]

    def _bound_reads(self, e, st: State, guard) -> list[Access]:
        """The reads of a sum or quantifier in code: one fresh value of its variable
        stands for each (the thread's own: a conflict at any of them is found), the
        sum's in its range; the body's under the condition (more reads than a
        quantifier that stops early makes: over-approximated)."""
        var = self._fresh(e.var, self.t.sort_of(e.var_type), self.own)
        inner = st.bind(e.symbol, var)
        reads = []
        if isinstance(e, A.Sum):
            reads = self.reads(e.lo, st, guard) + self.reads(e.hi, st, guard)
            guard = z3.And(guard, self._value(e.lo, st) <= var, var < self._value(e.hi, st))
        reads += self.reads(e.cond, inner, guard)
        if e.cond is not None:
            guard = z3.And(guard, self._value(e.cond, inner))
        return reads + self.reads(e.body, inner, guard)

    def _typed(self, guard, value, *bounds):
        """The path condition after a fresh value of a C type: its range, which is also a
        fact of every execution (the unknown stands for that value only).  The guard ends
        with its block, the fact does not: a claim made under a hoisted temporary's range
        (`c && atomicCAS(f, 0, 1) == 0`) is then not escaped, past the block, by another
        thread's out-of-range value of that dead temporary (claims.py).  Loops' copies of
        the value (intervals.py) rename the guard, not the facts: both are kept."""
        self.facts += bounds
        return z3.And(guard, *bounds)

    def access(self, e: A.Index, st: State, guard, write: bool, value=None) -> Access:
        array = e.array.symbol
        value = self._value(e, st) if value is None else value
        return Access(array, array.scope, self._value(e.index, st), write, guard, e.span, short(e), value)

    def stmt(self, stmt, st: State, guard) -> tuple[Event, State, object]:
        """The events of a statement, the state after it, and the path condition after it."""
        match stmt:
            case A.VarDecl(init=None):
                value = self._fresh(stmt.name, self.t.sort_of(stmt.type), self.own)
                if stmt.range is not None:
                    guard = self._typed(guard, value, stmt.range[0] <= value, value <= stmt.range[1])
                return Seq(()), st.bind(stmt.symbol, value), guard
            case A.VarDecl():
                return Seq(tuple(self.reads(stmt.init, st, guard))), st.bind(stmt.symbol, self._value(stmt.init, st)), guard
            case A.Assign():
                return Seq(tuple(self.reads(stmt.value, st, guard))), st.bind(stmt.target.symbol, self._value(stmt.value, st)), guard
            case A.ArrayAssign():
                events = self.reads(stmt.target.index, st, guard) + self.reads(stmt.value, st, guard)
                write = self.access(stmt.target, st, guard, write=True, value=self._value(stmt.value, st))
                array = stmt.target.array.symbol
                values = dict(st.values)
                values[array] = z3.Store(values[array], write.index, write.value)
                return Seq((*events, write)), attrs.evolve(st, values=values), guard
            case A.AtomicUpdate():
                return self.atomic(stmt, st, guard)
            case A.If():
                return self.branch(stmt, st, guard)
            case A.While():
                return self.loop(stmt.cond, [stmt.body], None, st, guard)
            case A.For():
                event, st, guard = self.stmt(stmt.init, st, guard) if stmt.init is not None else (Seq(()), st, guard)
                looped, st, guard = self.loop(stmt.cond, [stmt.body], stmt, st, guard)
                return Seq((event, looped)), st, guard
            case A.Barrier():
                self.reach.setdefault(stmt.span, []).append(guard)
                # Other threads may have written any memory by now.
                orders = frozenset(A.Scope(f.value) for f in stmt.fences) if self.fenced_only else _ALL_MEMORY
                return (Sync(orders, stmt.span, stmt.among),
                        attrs.evolve(st, values=self._fresh_memory(st.values)), guard)
            case A.WarpExchange():
                # Every lane of the warp must reach it (divergence, as for a barrier); it
                # touches no memory, and what it gives is any value (races/warps.py).
                self.reach.setdefault(stmt.span, []).append(guard)
                reads = self.reads(stmt.value, st, guard) + self.reads(stmt.lane, st, guard)
                value = self._fresh(stmt.result.id, self.t.sort_of(stmt.result.symbol.type), self.own)
                if stmt.range is not None:
                    guard = self._typed(guard, value, stmt.range[0] <= value, value <= stmt.range[1])
                return Seq(tuple(reads)), st.bind(stmt.result.symbol, value), guard
            case A.CallStmt():
                return self.call(stmt, st, guard)
            case A.Assume():
                return Seq(()), st, z3.And(guard, self._value(stmt.expr, st))
            case A.Block():
                event, st = self.block(stmt.stmts, st, guard)
                return event, st, guard
            case A.InvariantBlock() | A.AtomicBlock():
                # The invariant is its thread's (semantics/invariant_blocks.py): what the
                # blocks run are the thread's own accesses.
                event, st = self.block(stmt.body.stmts, st, guard)
                return event, st, guard
            case A.Break() | A.Continue() | A.Return():
                self.reach.setdefault(stmt.span, []).append(guard)
                return Seq(()), st, guard
            case A.Assert():
                return Seq(()), st, guard
        raise Unsupported(getattr(stmt, "span", None), f"{type(stmt).__name__} is not supported by `races`")

    def atomic(self, stmt: A.AtomicUpdate, st: State, guard):
        """An atomic update: its operands' plain reads, then one access of its own kind
        (check.py: no race with another atomic, a race with a plain access).  The value
        it finds, and so the one it leaves, is unknown (other threads update the cell in
        any order): a new unknown of the thread's own, which covers every value; what
        tells two threads' values apart, of claims and tickets, is claims.py's."""
        events = self.reads(stmt.target.index, st, guard) + [r for a in stmt.args for r in self.reads(a, st, guard)]
        array = stmt.target.array.symbol
        index = self._value(stmt.target.index, st)
        text = f"{stmt.op}({', '.join(short(e) for e in (stmt.target, *stmt.args))})"
        old = self._fresh(f"{stmt.op}$old", self.t.sort_of(A.Type.INT), self.own)
        claim = None
        if array in self.kinds:
            kind, what = self.kinds[array]
            claim = (kind, old, what)
            if kind == "ticket":
                if self.limit is not None:
                    self.limit.olds[id(stmt)] = old
                    if self.limit not in what.loops:
                        what.loops.append(self.limit)
                else:
                    what.drawn += 1
                    what.looped = what.looped or self.looping > 0
                guard = self._typed(guard, old, *claims.in_range(what, old))
        update = Access(array, array.scope, index, True, guard, stmt.span, text, atomic=True, claim=claim)
        if claim is not None and self.looping == 0:
            self.singles.append(update)
        values = dict(st.values)
        values[array] = z3.Store(values[array], index, self._fresh(f"{stmt.op}$new", old.sort(), self.own))
        st = attrs.evolve(st, values=values)
        if stmt.result is not None:
            st = st.bind(stmt.result.symbol, old)
        return Seq((*events, update)), st, guard

    def branch(self, stmt: A.If, st: State, guard):
        cond = self._value(stmt.cond, st)
        self.branches.setdefault(id(stmt), []).append((guard, cond))
        reads = self.reads(stmt.cond, st, guard)
        then, st_then = self.block([stmt.then], st, z3.And(guard, cond))
        if stmt.otherwise is not None:
            other, st_other = self.block([stmt.otherwise], st, z3.And(guard, z3.Not(cond)))
        else:
            other, st_other = Seq(()), st
        # A branch no thread can take is no path: its barrier-free way around a barrier
        # in the other branch would join intervals that never meet (`if (lid < gsize)`).
        # Without a barrier in either branch no interval changes, and the accesses of a
        # branch no thread takes are under a guard no query can meet: no need to ask.
        if has_barrier([stmt], procedures=self.procedures):
            if not self._feasible(z3.And(guard, cond)):
                then = NEVER
            if not self._feasible(z3.And(guard, z3.Not(cond))):
                other = NEVER
        store = {s: (v if s not in st_other.store or st_other.store[s].eq(v) else z3.If(cond, v, st_other.store[s]))
                 for s, v in st_then.store.items() if s in st.store}
        values = {a: (v if st_other.values[a].eq(v) else z3.If(cond, v, st_other.values[a]))
                  for a, v in st_then.values.items()}
        after = State(store=store, values=values, mask={}, old_values=st.old_values)
        return Seq((*reads, Choice((then, other)))), after, guard

    def _feasible(self, condition) -> bool:
        """Whether some thread of some launch meets `condition` (unknown counts as yes)."""
        s = z3.Solver(ctx=self.t.ctx)
        s.set("timeout", FEASIBILITY_MS)
        s.add(*self.facts, condition)
        return s.check() != z3.unsat

    def havoc(self, st: State, assigned: list[Symbol], shared: bool) -> State:
        """The state at the start of some iteration: the assigned variables unknown (of
        the group when uniform and `shared`, else the thread's own), memory unknown."""
        store = dict(st.store)
        for symbol in assigned:
            if symbol in store:
                mine = self.group if shared and symbol in self.uniform else self.own
                store[symbol] = self._fresh(symbol.name, self.t.sort_of(symbol.type), mine)
        values = self._fresh_memory(st.values)
        return State(store=store, values=values, mask={}, old_values=st.old_values)

    def loop(self, cond: A.Expr | None, body: list, header: A.For | None, st: State, guard):
        """One iteration, some iteration: its assigned variables and memory unknown.  A
        loop with a barrier also needs the next iteration (intervals.py): its unknowns
        are copies of those this walk makes, so the body is walked once however deep the
        loops nest."""
        code = body + ([header.update] if header is not None and header.update is not None else [])
        assigned = assigned_in(code)
        barrier = has_barrier(code, procedures=self.procedures)
        marks = self._marks()
        start = self.havoc(st, assigned, shared=barrier)
        updates = self._updates(code)
        start, stepped = self._stepped(body, header, cond, updates, st, start, assigned, barrier)
        start, scaled = geometric.tie(self, body, header, cond, updates, st, start, assigned, barrier)
        stepped += scaled
        entry = z3.And(guard, *stepped, *self._counters(updates, st, start, assigned))
        reads = self.reads(cond, start, entry)
        holds = self._value(cond, start) if cond is not None else self.t.true
        update = header.update if header is not None else None
        outer = self.limit
        self.limit = claims.limited(body, update, self.kinds) if self.looping == 0 and not barrier else None
        limit = self.limit
        self.looping += 1
        try:
            event, after = self.block(body, start, z3.And(entry, holds))
            if update is not None:
                # Walked apart from the body: a `continue` skips the rest of the body, not
                # the update (`_jumps`).
                updated, _ = self.block([update], after, z3.And(entry, holds))
                event = Seq((event, updated))
        finally:
            self.looping -= 1
            self.limit = outer
        if limit is not None:
            self._settle(limit)
        iteration = Seq((*reads, event))
        if barrier:
            skip = Skip(z3.Not(self._value(cond, st))) if cond is not None else None
            entered = cond is None or not self._feasible(z3.And(guard, z3.Not(self._value(cond, st))))
            iteration = Loop(iteration, self._next_iteration(iteration, marks), skip, tuple(reads), entered)
        return iteration, self.havoc(st, assigned, shared=barrier), guard

    def _settle(self, limit: claims.Limited) -> None:
        """A loop a ticket of its own ends bounds its tickets once Z3 finds its K
        (claims.py); if not, they are any number, as in any loop."""
        (_, cond), = self.branches[id(limit.test)][-1:]
        if not claims.settle(limit, cond, self.facts, self.sizes, self.t.ctx, FEASIBILITY_MS):
            for array in limit.counts:
                tickets = self.kinds[array][1]
                tickets.looped = True
                if limit in tickets.loops:
                    tickets.loops.remove(limit)

    def _marks(self) -> tuple[int, ...]:
        return len(self.own), len(self.group), len(self.everyone)

    def _next_iteration(self, iteration: Event, marks: tuple[int, ...]) -> tuple:
        """A copy of each unknown made since `marks` that the accesses able to meet
        another iteration's use, of the same kind (the thread's, its group's, the
        launch's): the next iteration has values of its own.  Only those: copying every
        unknown of the body would copy the inner loops' copies too, doubling per level."""
        made = {}
        for mine, mark in zip((self.own, self.group, self.everyone), marks):
            made.update((term.get_id(), (term, mine)) for term in mine[mark:])
        used = set().union(*(self._constants(term) for a in crossing(iteration)
                             for term in (a.index, a.guard, a.value) if term is not None))
        return tuple((term, self._fresh(term.decl().name().split("!")[0], term.sort(), mine))
                     for key, (term, mine) in made.items() if key in used)

    def _constants(self, term) -> frozenset:
        """The ids of the constants in `term`.  Remembered per subterm for the whole walk
        (a guard is its enclosing guard and more, asked again at every loop), the terms
        kept alive so that Z3 gives none of their subterms' ids to another term.  On Z3's
        C API: z3py's wrappers of every subterm cost more than the walk itself."""
        self.alive.append(term)
        ctx, memo = term.ctx_ref(), self.constants
        todo = [term.as_ast()]
        while todo:
            node = todo[-1]
            key = z3.Z3_get_ast_id(ctx, node)
            if key in memo:
                todo.pop()
                continue
            children = _children(ctx, node)
            missing = [c for c in children if z3.Z3_get_ast_id(ctx, c) not in memo]
            if missing:
                todo += missing
                continue
            todo.pop()
            found = {key} if not children else set()
            memo[key] = frozenset(found).union(*(memo[z3.Z3_get_ast_id(ctx, c)] for c in children))
        return memo[z3.Z3_get_ast_id(ctx, term.as_ast())]

    def _counters(self, updates: dict, before: State, start: State, assigned: list[Symbol]) -> list:
        """Facts about the loop's other counters in any iteration: a variable whose every
        assignment in the loop is `i = i * c` (c >= 1, unchanged by the loop) is at least a
        positive start; `i = i / c` at most a start >= 0, never below 0 (`_stepped` writes
        the counters moved by `+` and `-`)."""
        facts = []
        for symbol in assigned:
            forms = updates.get(symbol, [])
            if symbol not in before.store or not forms:
                continue
            shapes = {(f.op, f.right) if isinstance(f, A.Binary) and A.is_name(f.left, symbol) else None for f in forms}
            if len(shapes) != 1 or None in shapes:
                continue
            (op, step), = shapes
            if not S.unchanged(step, assigned):
                continue
            first, now, c = before.store[symbol], start.store[symbol], self._value(step, before)
            match op:
                case "*":
                    facts.append(z3.Implies(z3.And(c >= 1, first > 0), now >= first))
                case "/":
                    facts.append(z3.Implies(z3.And(c >= 1, first >= 0), z3.And(now <= first, now >= 0)))
        return facts

    def _stepped(self, body: list, header: A.For | None, cond: A.Expr | None, updates: dict, before: State,
                 start: State, assigned: list[Symbol], barrier: bool) -> tuple[State, list]:
        """Variables that the loop moves only by a fixed step (`i = i + c`, `i = i - c`,
        c unchanged by the loop) are, at the start of some iteration, their start plus
        m >= 0 steps: written so in the state (`i == i0 + m * c`), not as a fact, so that
        an index like `lid + m * gsize` keeps its shape for radix.py.  Those that every
        iteration moves exactly once (`i++` in the header, `p += stride;` as a statement
        of the body, no `continue` of this loop) share one m, the iteration count, as
        induction-variable analyses tie them (`p == p0 + (i - i0) * stride`).  Then the
        k-th iteration (k >= 1) follows the (k-1)-th, which started because the loop's
        condition held: a fact where the condition reads no memory and of the variables
        the loop assigns only tied ones (it keeps a wrapped-around counter from being
        below a bound it never crossed)."""
        once = self._once(body, header, updates)
        count = None
        facts = []
        tied = {}                       # each tied variable's value after some number of steps
        wraps = []                      # those that may wrap around: unwrapped value, wrap, step
        for symbol in assigned:
            forms = updates.get(symbol, [])
            if symbol not in before.store or not forms:
                continue
            shapes = {S.step_of(f, symbol) for f in forms}
            if len(shapes) != 1 or None in shapes:
                continue
            (op, step, wrap), = shapes
            if not S.unchanged(step, assigned):
                continue
            c = self._value(step, before)
            mine = self.group if barrier and symbol in self.uniform else self.own
            if symbol in once:
                if count is None:
                    shared = barrier and all(s in self.uniform for s in once)
                    counted = self.group if shared else self.own
                    count = self._fresh("k", self.t.sort_of(A.Type.INT), counted)
                    facts.append(count >= 0)
                m = count
            else:
                m = self._fresh(f"{symbol.name}$steps", self.t.sort_of(A.Type.INT), mine)
                facts.append(m >= 0)
            def plain(steps, first=before.store[symbol], c=c if op == "+" else -c):
                return first + steps * c

            def at(steps, plain=plain, wrap=wrap):
                if wrap is None:
                    return plain(steps)
                # C's wrap-around of each step is one wrap-around of their sum (it is
                # arithmetic modulo 2^N), and the start is in the type's range already.
                offset, modulus = wrap
                return (plain(steps) + offset) % modulus - offset
            start = start.bind(symbol, at(m))
            if m is count:
                tied[symbol] = at
                if wrap is not None:
                    wraps.append((plain, wrap, c if op == "+" else -c))
        if count is not None and cond is not None and tied \
                and not any(isinstance(n, A.Index) for n in A.walk(cond)) \
                and all(n.symbol in tied for n in A.walk(cond) if isinstance(n, A.Name) and n.symbol in assigned):
            def state(steps):
                """The start of the iteration `steps` (a term), as far as the condition reads."""
                here = start
                for symbol, at in tied.items():
                    here = here.bind(symbol, at(steps))
                return here
            first = start
            for symbol in tied:
                first = first.bind(symbol, before.store[symbol])
            facts.append(z3.Implies(count >= 1, z3.And(self._value(cond, first), self._value(cond, state(count - 1)))))
            for plain, (offset, modulus), step in wraps:
                # Having wrapped around by now, the counter was within one step of its
                # type's end in some earlier iteration j, which ran: the condition held.
                j = self._fresh("j", self.t.sort_of(A.Type.INT), counted)
                top, bottom = modulus - offset, -offset
                crossed = z3.Or(plain(count) >= top, plain(count) < bottom)
                near = z3.Or(z3.And(step > 0, top - step <= plain(j), plain(j) < top),
                             z3.And(step < 0, bottom <= plain(j), plain(j) < bottom - step))
                facts.append(z3.Implies(crossed, z3.And(0 <= j, j < count, near, self._value(cond, state(j)))))
        return start, facts

    @staticmethod
    def _updates(code: list) -> dict:
        """Each variable's assigned values in `code`, as written."""
        updates: dict[Symbol, list] = {}
        for stmt in code:
            for node in A.statements(stmt):
                if isinstance(node, A.Assign):
                    updates.setdefault(node.target.symbol, []).append(A.bare(node.value))
        return updates

    @staticmethod
    def _once(body: list, header: A.For | None, updates: dict) -> set:
        """The variables every iteration that ends assigns exactly once: by the header's
        update or a statement of the body itself, their only assignment, in a loop
        without a `continue` of its own (which would skip the body's)."""
        if any(S.continues(b) for b in body):
            return set()
        steps = [s for b in body for s in (b.stmts if isinstance(b, A.Block) else (b,))]
        steps += [header.update] if header is not None and header.update else []
        return {stmt.target.symbol for stmt in steps
                if isinstance(stmt, A.Assign) and len(updates.get(stmt.target.symbol, ())) == 1}

    def call(self, stmt: A.CallStmt, st: State, guard):
        procedure = self.procedures.get(stmt.symbol)
        if procedure is None:
            raise Unsupported(stmt.span, f"the call of {stmt.name} cannot be followed")
        if self.depth >= MAX_DEPTH:
            raise Unsupported(stmt.span, f"calls nest deeper than {MAX_DEPTH} (recursion?)")
        reads = [r for a in stmt.args for r in self.reads(a, st, guard)]
        if procedure.proved_by:
            # A launch of other kernels (whose races are theirs): the memory it may write
            # is unknown afterwards.
            return Seq(tuple(reads)), attrs.evolve(st, values=self._fresh_memory(st.values)), guard
        inner = st
        for p, a in zip(procedure.params, stmt.args):
            inner = inner.bind(p.symbol, self._value(a, st))
        self.depth += 1
        try:
            event, after = self.block(procedure.body.stmts, inner, guard)
        finally:
            self.depth -= 1
        # The caller's variables as the call left them (a procedure assigns only its own).
        return Seq((*reads, event)), attrs.evolve(st, values=after.values), guard
