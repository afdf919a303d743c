"""Prove one obligation: set up its symbolic world, then run its steps.

The world: symbolic sizes (gsize, ngroups >= 1), an arbitrary group gid and thread lid
with tid = gid * gsize + lid, kernel parameters, context_everywhere facts, array lengths
and memory, the pure functions with their definitions, and the locals of main that are
in scope (uniform ones as one value, the others as a value per thread).
"""
from __future__ import annotations

import time

import attrs
import z3

from ... import diagnostics as D
from ...obligations import model as M
from ...results import ObligationResult, Verdict
from ...semantics.symbols import AXES, RESERVED, Symbol
from ...syntax import ast as A
from ...syntax.snippet import short
from ... import deep
from .engine import Engine, Origin, Watch
from ..solver.solver import Cancelled, Solver
from ..explanation.counterexample import Point
from .evaluate import Evaluator
from .execute import CODE, SPEC_READS, Executor, Exits, Recursion
from .functions import FunctionTable
from .termination import Termination, with_params
from .produce_consume import Codes, Frame, Heap, Mode
from ..explanation.race_notes import RaceNotes
from ..explanation.rivals import Peers
from .state import Chunk, State, Terms
from ...semantics.dimensions import id_store
from .threads import fresh_ids, fresh_sizes, in_range, ranges, size_facts, unknowns


class World:
    """The symbols of one obligation and the views of its parts; it declares them, then
    builds the obligation's engine from them (`engine`)."""

    def __init__(self, ob: M.Obligation, solver: Solver):
        self.ob = ob
        t = Terms(solver.ctx)
        self.t = t
        # The order in which terms are made is the order Z3 meets them in, which steers
        # its search: the unknowns first, then the facts.
        sizes = fresh_sizes(t, ob.dimensional)
        gid, lid = fresh_ids(t, "gid", sizes.groups), fresh_ids(t, "lid", sizes.local)
        solver.add_base(*size_facts(sizes), *in_range(gid, sizes.groups), *in_range(lid, sizes.local))
        self.sizes, self.gid = sizes, gid
        self.gsize, self.ngroups = sizes.gsize, sizes.ngroups
        self.copies: dict[tuple, tuple] = {}     # (kind, id of a memory term) -> (term, all copies)
        store: dict[Symbol, object] = id_store(sizes, gid, lid)
        watched = ("gsize", "ngroups", "gid", "lid", "tid")
        if ob.dimensional:
            watched += tuple(f"{n}.{a}" for n in ("gsize", "ngroups", "gid", "lid") for a in AXES)
        watches = [Watch(n, store[RESERVED[n]]) for n in watched]
        kernel = ob.kernel
        arrays: list[A.ArrayDecl] = list(kernel.arrays) if kernel else []
        for p in (kernel.params if kernel else ()):
            store[p.symbol] = t.fresh(p.name, t.sort_of(p.type))
            watches.append(Watch(p.name, store[p.symbol]))
        self.base_store = dict(store)
        # Locals of main: uniform ones have one value for all threads of the group,
        # the others one value per thread (a function of lid).
        self.per_thread: dict[Symbol, z3.FuncDeclRef] = {}
        for symbol in ob.locals:
            sort = t.sort_of(symbol.type)
            if symbol in ob.uniform:
                store[symbol] = t.fresh(symbol.name, sort)
            else:
                self.per_thread[symbol] = z3.Function(t.name(symbol.name), t.int_sort, sort)
                store[symbol] = self.per_thread[symbol](lid.whole)
        for p in ob.params:
            store[p.symbol] = t.fresh(p.name, t.sort_of(p.type))
        self.arrays = {a.symbol: a for a in arrays}
        functions = FunctionTable(t, ob.functions)
        notes = RaceNotes(solver, ob.functions, ob.uniform, self.arrays, sizes)
        self.engine = engine = Engine(
            ob.name, solver, t, functions, notes, watches=tuple(watches), span=ob.span,
            checks_context=ob.kind in (M.Kind.THREAD, M.Kind.FUNCTION, M.Kind.DECLARATIONS),
            point=_start_point(ob))
        # A function's obligation proves that its definition is consistent, so it must
        # not rest on that definition, nor on those of the functions recursive with it.
        checked = [step.function.symbol for step in ob.steps if isinstance(step, M.CheckFunction)]
        exclude = frozenset(checked).union(*(functions.recursive_with(s) for s in checked))
        self.evaluator = Evaluator(engine)
        values = {a.symbol: t.fresh_array(a.name, a.elem_type) for a in arrays}
        empty = State(store=store, values=values, mask={}, old_values=values)
        # Filled in here rather than given: a length is evaluated by the engine's evaluator.
        for a in arrays:
            engine.lengths[a.symbol] = self.evaluator.eval(a.length, empty)
            if a.elem_range is not None:
                engine.ranges[a.symbol] = a.elem_range
            engine.length_text[a.symbol] = short(a.length)
        # The declarations' own obligation checks the clauses instead of assuming them.
        self.contexts = tuple(kernel.contexts if kernel else ())
        if not any(isinstance(step, M.CheckDeclarations) for step in ob.steps):
            for c in self.contexts:
                solver.add_base(self.evaluator.eval(c.expr, empty), origin=_context_origin(c))
        for fn, facts in functions.axioms(lambda limited: Evaluator(engine, limited=limited), empty, exclude):
            with engine.assuming(Origin("definition", fn.name_span, f"the definition of {fn.name}")):
                solver.add_helpers(*facts, redundant=False)
        self.initial = empty
        self.heap = Heap(engine, self.evaluator)

    def view(self, part: M.Part, st: State) -> tuple[State, Frame]:
        t = self.t
        store = dict(st.store)
        exprs = part.exprs
        match part.who:
            case M.Who.THREAD | M.Who.GROUP | M.Who.KERNEL:
                return st, Frame()
            case M.Who.ALL_IN_GROUP:
                lid = fresh_ids(t, "lid", self.sizes.local)
                store |= id_store(self.sizes, self.gid, lid)
                for symbol, fn in self.per_thread.items():
                    store[symbol] = fn(lid.whole)
                bound, guard = unknowns(lid), ranges(lid, self.sizes.local)
                if part.visible is not None:
                    st = self.memory_of(st, lid.whole, "thread", {A.Scope(f.value) for f in part.visible})
            case M.Who.ALL_GROUPS:
                gid = fresh_ids(t, "gid", self.sizes.groups)
                store |= id_store(self.sizes, gid, None)
                bound, guard = unknowns(gid), ranges(gid, self.sizes.groups)
                st = self.memory_of(st, gid.whole, "group", {A.Scope.GLOBAL})
            case M.Who.ALL_THREADS if not self.sizes.dimensional and not _mentions_group_ids(exprs):
                # Over tid when nothing else is mentioned: indices like tid + k * gsize
                # then have linear inverses.
                v = t.fresh_int("tid")
                store[RESERVED["tid"]] = v
                bound, guard = (v,), z3.And(0 <= v, v < self.ngroups * self.gsize)
            case M.Who.ALL_THREADS:
                # Over (gid, lid) pairs rather than tid: tid / gsize and tid % gsize
                # would put division by a symbolic size in every formula.
                gid, lid = fresh_ids(t, "gid", self.sizes.groups), fresh_ids(t, "lid", self.sizes.local)
                store |= id_store(self.sizes, gid, lid)
                guards = (ranges(gid, self.sizes.groups), ranges(lid, self.sizes.local))
                st = self.memory_of(st, gid.whole, "group", {A.Scope.GLOBAL})
                return attrs.evolve(st, store=store), Frame(bound=unknowns(gid) + unknowns(lid), guards=guards)
        return attrs.evolve(st, store=store), Frame(bound=bound, guards=(guard,), guard_exprs=())

    def memory_of(self, st: State, who, kind: str, shared: set) -> State:
        """The state with each array outside the `shared` scopes replaced by the copy of
        `who`, a group or a thread (`kind`).  Every group has its own local memory
        (LANGUAGE.md), so facts that several groups state about "their" local array must
        not meet in one array; after a barrier a thread sees unfenced memory its own way,
        so the conditions of what the barrier hands out must be read in that view."""
        def copies(values):
            out = dict(values)
            for symbol, term in values.items():
                if self.arrays[symbol].scope not in shared:
                    cell = self.t.fresh_int("i")
                    out[symbol] = z3.Lambda([cell], self._copies(term, kind)(who, cell))
            return out
        return attrs.evolve(st, values=copies(st.values), old_values=copies(st.old_values))

    def _copies(self, term, kind: str):
        """All groups' (threads') copies of one memory state, as a function (group or
        thread, cell) -> value: one per state and kind, so that two views of the same
        state read the same copies.  A function rather than an array of arrays:
        quantified facts over it stay in reach of model-based instantiation.  It is not
        tied to the state's own array: no obligation reads that memory both through one
        copy and through all of them."""
        key = (kind, term.get_id())
        hit = self.copies.get(key)
        if hit is None or not hit[0].eq(term):
            copies = z3.Function(self.t.name(kind + "s"), self.t.int_sort, self.t.int_sort, term.sort().range())
            hit = self.copies[key] = (term, copies)
        return hit[1]

    def mode(self, part: M.Part, check_framing: bool = False) -> Mode:
        keep_fact = None
        if part.fenced is not None:
            fenced = {A.Scope(f.value) for f in part.fenced}
            keep_fact = lambda exprs: all(n.array.symbol.scope in fenced
                                          for e in exprs if e is not None for n in A.walk(e) if isinstance(n, A.Index))
        scopes = {A.Scope.GLOBAL, A.Scope.LOCAL} if part.scope is None else {part.scope}
        if part.who in (M.Who.ALL_GROUPS, M.Who.ALL_THREADS):
            # Each group's local memory is its own: permissions on it are not pooled
            # over groups (no multi-group view hands out or takes local memory).
            scopes.discard(A.Scope.LOCAL)
        keep_array = None if len(scopes) == 2 else (lambda array: array.scope in scopes)
        return Mode(resources=part.resources, facts=part.facts, keep_fact=keep_fact, keep_array=keep_array,
                    wellformed=SPEC_READS if check_framing else None)


def _start_point(ob: M.Obligation) -> Point | None:
    """Where the values of a counterexample are from, in an obligation's own terms
    (execute.py names the statements of a body).  Only the obligation's own line may be
    written in a note: the cache moves that one (cache.remap)."""
    line = ob.span.start_line if ob.span is not None else None
    match ob.kind:
        case M.Kind.THREAD:
            return Point("at the start of main")
        case M.Kind.PROCEDURE:
            return Point("at the start of the procedure")
        case M.Kind.BARRIER_RESOURCES | M.Kind.BARRIER_FUNCTIONAL if line is not None:
            return Point(f"at the barrier at line {line}")
        case M.Kind.DISTRIBUTION_KERNEL | M.Kind.DISTRIBUTION_GROUP | M.Kind.PRECONDITIONS:
            return Point("when the kernel starts")
        case M.Kind.POSTCONDITIONS:
            return Point("when the kernel ends")
        case M.Kind.FUNCTION:
            return Point("in the function's contract and body")
        case M.Kind.DECLARATIONS:
            return Point("in the kernel's declarations")
        case M.Kind.FRAMING:
            return Point("where the clauses are assumed")
    return None


def _context_origin(c: A.ContextEverywhere) -> Origin:
    return Origin("context", c.span, f"`context_everywhere {short(c.expr)}`")


def _checks(step: M.Step) -> bool:
    """Whether a step checks something against the state (rather than assuming)."""
    return isinstance(step, M.Exhale) or (isinstance(step, M.Inhale) and step.check_framing)


_WHOSE = {
    M.Who.ALL_IN_GROUP: " of every thread of the group",
    M.Who.ALL_GROUPS: " of every group",
    M.Who.ALL_THREADS: " of every thread",
}


# The views of several threads (or groups) at once.
_MANY = frozenset(_WHOSE)


def _assumed(part: M.Part, e: A.Expr) -> str:
    """How an inhaled clause is named when it takes part in a contradiction."""
    what = part.label or "the precondition"
    return f"{what} `{short(e)}`{_WHOSE.get(part.who, '')}"


def _mentions_group_ids(exprs) -> bool:
    """Whether the thread's group matters: gid or lid, or local memory (one per group)."""
    return any((isinstance(n, A.Name) and n.symbol in (RESERVED["gid"], RESERVED["lid"]))
               or (isinstance(n, A.Index) and n.array.symbol.scope is A.Scope.LOCAL)
               for e in exprs for n in A.walk(e))


def prove(ob: M.Obligation, timeout: float, cancel=None) -> ObligationResult:
    return deep.call(_prove, ob, timeout, cancel)


def _prove(ob: M.Obligation, timeout: float, cancel) -> ObligationResult:
    start = time.perf_counter()
    if ob.static is not None:
        verdict = Verdict.FAILED if any(d.severity is D.Severity.ERROR for d in ob.static) else Verdict.VERIFIED
        return ObligationResult(ob.name, ob.kind.value, verdict, 0.0, ob.span, ob.static)
    solver = Solver(timeout, cancel)
    # Cancelled propagates: whoever cancelled does not want this result.
    try:
        with solver:
            world = World(ob, solver)
            engine = world.engine
            runner = _Steps(world)
            st = world.initial
            # What the obligation assumes must be consistent before anything is checked
            # against it (an Execute checks at the end of each of its paths).
            for step in ob.steps:
                if _checks(step) and engine.vacuity():
                    break
                st = runner.run(step, st)
            else:
                if not any(_checks(step) or isinstance(step, M.Execute) for step in ob.steps):
                    engine.vacuity()
    except z3.Z3Exception:
        # A cancel between two checks interrupts the context, which then refuses every
        # call ("push canceled"): that is the cancel, not a fault of ours.
        if cancel is not None and cancel.is_set():
            raise Cancelled() from None
        raise
    diagnostics = tuple(engine.diagnostics)
    if any(d.severity is D.Severity.ERROR and d.family != "timeout" for d in diagnostics):
        verdict = Verdict.FAILED
    elif engine.timed_out:
        verdict = Verdict.TIMEOUT
    else:
        verdict = Verdict.VERIFIED
    return ObligationResult(ob.name, ob.kind.value, verdict, time.perf_counter() - start, ob.span, diagnostics)


class _Steps:
    def __init__(self, world: World):
        self.w = world
        self.engine = world.engine
        self.heap = world.heap
        self.facts_of_all: tuple[A.Expr, ...] = ()    # assumed of every thread (group) of a view

    def run(self, step: M.Step, st: State) -> State:
        match step:
            case M.Inhale():
                st = self.inhale(step.part, st, step.check_framing)
                return st.as_old() if step.as_old else st
            case M.InhaleAll():
                for symbol, decl in self.w.arrays.items():
                    if decl.scope is step.scope:
                        X, length = self.w.t.X, self.engine.lengths[symbol]
                        chunk = Chunk(frac=z3.If(z3.And(0 <= X, X < length), self.w.t.one, self.w.t.zero),
                                      quantified=True)
                        st = st.with_chunk(symbol, chunk)
                return st
            case M.Forget():
                return attrs.evolve(st, mask={}, values=self.w.t.fresh_memory(st.values))
            case M.Havoc():
                return attrs.evolve(st, values=self.w.t.fresh_memory(st.values))
            case M.Exhale():
                return self.exhale(step.part, st, Codes(step.perm_code, step.fact_code, step.what))
            case M.Execute():
                self.execute(step, st)
                return st
            case M.CheckFunction():
                self.check_function(step, st)
                return st
            case M.CheckDeclarations():
                self.check_declarations(st)
                return st
        raise TypeError(f"unknown step {type(step).__name__}")

    def inhale(self, part: M.Part, st: State, check_framing: bool) -> State:
        viewed, frame = self.w.view(part, st)
        mode = self.w.mode(part, check_framing)
        for e in part.exprs:
            with self.engine.assuming(Origin("precondition", e.span, _assumed(part, e))):
                viewed = self.heap.produce(e, viewed, frame, mode)
        if part.who in _MANY and part.facts:
            self.facts_of_all += part.exprs
        if part.who is M.Who.THREAD and self.w.ob.kind is M.Kind.THREAD:
            # Every thread starts the kernel with its precondition: the first barrier
            # interval, for the race notes of the body.
            viewed = attrs.evolve(viewed, peers=Peers(part.who, part.exprs, part.exprs, st.store, everywhere=True))
        return attrs.evolve(viewed, store=st.store, values=st.values, old_values=st.old_values)

    def exhale(self, part: M.Part, st: State, codes: Codes) -> State:
        viewed, frame = self.w.view(part, st)
        mode = self.w.mode(part)
        if part.who in _MANY:
            # The threads (groups) of the view get these all at once: a share that fails
            # for one may be held by another.
            viewed = attrs.evolve(viewed, peers=Peers(part.who, part.exprs, self.facts_of_all, viewed.store))
        for e in part.exprs:
            viewed = self.heap.consume(e, viewed, codes, frame, mode)
        return attrs.evolve(viewed, store=st.store, values=st.values, old_values=st.old_values, peers=st.peers)

    def execute(self, step: M.Execute, st: State) -> None:
        codes = Codes("post.perm", "post.failed", "the postcondition")
        # A postcondition reads the parameters at their values on entry (as ACSL does):
        # that is what the caller substitutes its arguments for; so does the measure.
        entry = {p.symbol: st.store[p.symbol] for p in self.w.ob.params}
        recursion = None
        if step.cycle:
            measure = tuple(self.w.evaluator.eval(e, st, (), CODE) for e in step.measure.exprs) \
                if step.measure is not None else None
            recursion = Recursion(step.cycle[0].name, frozenset(step.cycle), measure)
        executor = Executor(self.engine, self.w.evaluator, self.heap, self.w.ob.procedures, self.w.base_store,
                            recursion, step.invariant.exprs if step.invariant is not None else ())

        def exit_(x: State) -> None:
            if not self.engine.vacuity():
                self.exhale(step.post, attrs.evolve(x, store={**st.store, **x.store, **entry}), codes)

        def end(x: State) -> None:
            # (A `return` says where it is itself.)
            self.engine.point = Point("at the end of main" if self.w.ob.kind is M.Kind.THREAD
                                      else "at the end of the procedure")
            exit_(x)

        executor.block(step.body.stmts, st, Exits(normal=end, ret=exit_))

    def check_declarations(self, st: State) -> None:
        evaluator = self.w.evaluator
        for c in self.w.contexts:
            fact = evaluator.eval(c.expr, st, (), CODE)
            with self.engine.assuming(_context_origin(c)):
                self.engine.assume(fact)
        for decl in self.w.arrays.values():
            evaluator.eval(decl.length, st, (), CODE)

    def check_function(self, step: M.CheckFunction, st: State) -> None:
        """The contract, measure and body are well defined (the contract in order, each
        clause under the ones before it); for the first function of a recursive cycle,
        every call within the cycle decreases the cycle's measure."""
        fn = step.function
        inner = with_params(self.w.t, fn, st)
        for clause in fn.contract:
            fact = self.w.evaluator.eval(clause.expr, inner, (), CODE)
            with self.engine.assuming(Origin("precondition", clause.span, f"the precondition `{short(clause.expr)}`")):
                self.engine.assume(fact)
        if fn.decreases is not None:
            for e in fn.decreases.exprs:
                self.w.evaluator.eval(e, inner, (), CODE)
        if fn.body is not None:
            self.w.evaluator.eval(fn.body, inner, (), CODE)
        if step.cycle:
            Termination(self.engine, step.cycle, st).check()
