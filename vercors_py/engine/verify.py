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

from .. import diagnostics as D
from ..obligations import model as M
from ..results import ObligationResult, Verdict
from ..semantics.symbols import RESERVED, Symbol
from ..syntax import ast as A
from ..syntax.snippet import short
from .. import deep
from .context import Engine, Watch
from .encode import Evaluator
from .exec import CODE, SPEC_READS, Executor, Exits
from .functions import FunctionTable
from .heap import Codes, Frame, Heap, Mode
from .solver import Outcome
from .state import Chunk, State


class World:
    """The symbols of one obligation and the views of its parts."""

    def __init__(self, engine: Engine, ob: M.Obligation):
        self.engine = engine
        self.ob = ob
        t = engine.t
        self.t = t
        gsize, ngroups = t.fresh_int("gsize"), t.fresh_int("ngroups")
        gid, lid = t.fresh_int("gid"), t.fresh_int("lid")
        engine.solver.add_base(gsize >= 1, ngroups >= 1, 0 <= gid, gid < ngroups, 0 <= lid, lid < gsize)
        self.gsize, self.ngroups, self.gid = gsize, ngroups, gid
        reserved = {"gsize": gsize, "ngroups": ngroups, "tcount": ngroups * gsize,
                    "gid": gid, "lid": lid, "tid": gid * gsize + lid}
        store: dict[Symbol, object] = {RESERVED[n]: v for n, v in reserved.items()}
        engine.watches.extend(Watch(n, reserved[n]) for n in ("gsize", "ngroups", "gid", "lid", "tid"))
        kernel = ob.kernel
        arrays: list[A.ArrayDecl] = list(kernel.arrays) if kernel else []
        for p in (kernel.params if kernel else ()):
            store[p.symbol] = t.fresh(p.name, t.sort_of(p.type))
            engine.watches.append(Watch(p.name, store[p.symbol]))
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
                store[symbol] = self.per_thread[symbol](lid)
        for p in ob.params:
            store[p.symbol] = t.fresh(p.name, t.sort_of(p.type))
        self.arrays = {a.symbol: a for a in arrays}
        engine.functions = FunctionTable(t, ob.functions)
        self.evaluator = Evaluator(engine)
        values = {a.symbol: t.fresh_array(a.name, a.elem_type) for a in arrays}
        empty = State(store=store, values=values, mask={}, old_values=values)
        for a in arrays:
            engine.lengths[a.symbol] = self.evaluator.eval(a.length, empty)
            engine.length_text[a.symbol] = short(a.length)
        for c in (kernel.contexts if kernel else ()):
            engine.solver.add_base(self.evaluator.eval(c.expr, empty))
        engine.solver.add_helpers(*engine.functions.axioms(lambda limited: Evaluator(engine, limited=limited), empty),
                                 redundant=False)
        self.initial = empty
        self.heap = Heap(engine, self.evaluator)

    def view(self, who: M.Who, st: State, exprs=()) -> tuple[State, Frame]:
        t = self.t
        store = dict(st.store)
        match who:
            case M.Who.THREAD | M.Who.GROUP | M.Who.KERNEL:
                return st, Frame()
            case M.Who.ALL_IN_GROUP:
                v = t.fresh_int("lid")
                store[RESERVED["lid"]] = v
                store[RESERVED["tid"]] = self.gid * self.gsize + v
                for symbol, fn in self.per_thread.items():
                    store[symbol] = fn(v)
                guard = z3.And(0 <= v, v < self.gsize)
            case M.Who.ALL_GROUPS:
                v = t.fresh_int("gid")
                store[RESERVED["gid"]] = v
                guard = z3.And(0 <= v, v < self.ngroups)
            case M.Who.ALL_THREADS if not _mentions_group_ids(exprs):
                # Over tid when nothing else is mentioned: indices like tid + k * gsize
                # then have linear inverses.
                v = t.fresh_int("tid")
                store[RESERVED["tid"]] = v
                guard = z3.And(0 <= v, v < self.ngroups * self.gsize)
            case M.Who.ALL_THREADS:
                # Over (gid, lid) pairs rather than tid: tid / gsize and tid % gsize
                # would put division by a symbolic size in every formula.
                g, v = t.fresh_int("gid"), t.fresh_int("lid")
                store[RESERVED["gid"]] = g
                store[RESERVED["lid"]] = v
                store[RESERVED["tid"]] = g * self.gsize + v
                guards = (z3.And(0 <= g, g < self.ngroups), z3.And(0 <= v, v < self.gsize))
                return attrs.evolve(st, store=store), Frame(bound=(g, v), guards=guards)
        return attrs.evolve(st, store=store), Frame(bound=(v,), guards=(guard,), guard_exprs=())

    def mode(self, part: M.Part, check_framing: bool = False) -> Mode:
        keep_fact = None
        if part.fenced is not None:
            fenced = {A.Scope(f.value) for f in part.fenced}
            keep_fact = lambda exprs: all(n.array.symbol.scope in fenced
                                          for e in exprs if e is not None for n in A.walk(e) if isinstance(n, A.Index))
        keep_array = None if part.scope is None else (lambda array: array.scope is part.scope)
        return Mode(resources=part.resources, facts=part.facts, keep_fact=keep_fact, keep_array=keep_array,
                    wellformed=SPEC_READS if check_framing else None)


def _mentions_group_ids(exprs) -> bool:
    return any(isinstance(n, A.Name) and n.symbol in (RESERVED["gid"], RESERVED["lid"])
               for e in exprs for n in A.walk(e))


def prove(ob: M.Obligation, timeout: float, cancel=None) -> ObligationResult:
    return deep.run(_prove, ob, timeout, cancel)


def _prove(ob: M.Obligation, timeout: float, cancel) -> ObligationResult:
    start = time.perf_counter()
    if ob.static is not None:
        verdict = Verdict.FAILED if any(d.severity is D.Severity.ERROR for d in ob.static) else Verdict.VERIFIED
        return ObligationResult(ob.name, ob.kind.value, verdict, 0.0, ob.span, ob.static)
    engine = Engine(ob.name, timeout, cancel)
    # Cancelled propagates: whoever cancelled does not want this result.
    with engine.solver:
        world = World(engine, ob)
        runner = _Steps(world)
        st = world.initial
        for step in ob.steps:
            st = runner.run(step, st)
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
                self.check_function(step.function, st)
                return st
        raise TypeError(f"unknown step {type(step).__name__}")

    def inhale(self, part: M.Part, st: State, check_framing: bool) -> State:
        viewed, frame = self.w.view(part.who, st, part.exprs)
        mode = self.w.mode(part, check_framing)
        for e in part.exprs:
            viewed = self.heap.produce(e, viewed, frame, mode)
        return attrs.evolve(viewed, store=st.store)

    def exhale(self, part: M.Part, st: State, codes: Codes) -> State:
        viewed, frame = self.w.view(part.who, st, part.exprs)
        mode = self.w.mode(part)
        for e in part.exprs:
            viewed = self.heap.consume(e, viewed, codes, frame, mode)
        return attrs.evolve(viewed, store=st.store)

    def execute(self, step: M.Execute, st: State) -> None:
        codes = Codes("post.perm", "post.failed", "the postcondition")
        executor = Executor(self.engine, self.w.evaluator, self.heap, self.w.ob.procedures, self.w.base_store)

        def exit_(x: State) -> None:
            self.exhale(step.post, attrs.evolve(x, store={**st.store, **x.store}), codes)

        executor.block(step.body.stmts, st, Exits(normal=exit_, ret=exit_))

    def check_function(self, fn: A.Function, st: State) -> None:
        """The body is well defined under the precondition, and recursion terminates."""
        t = self.w.t
        table = self.engine.functions
        scc = table.recursive_with(fn.symbol)
        calls: list[tuple] = []
        evaluator = Evaluator(self.engine, on_call=lambda e, symbol, args, guards:
                              calls.append((e, args, guards)) if symbol in scc else None)
        params = {p.symbol: t.fresh(p.name, t.sort_of(p.type)) for p in fn.params}
        inner = attrs.evolve(st, store={**st.store, **params})
        for clause in fn.contract:
            self.engine.assume(evaluator.eval(clause.expr, inner, (), CODE))
        if fn.body is None:
            return
        evaluator.eval(fn.body, inner, (), CODE)
        if not calls:
            return
        own = [params[p.symbol] for p in fn.params]
        for position, p in enumerate(fn.params):
            if p.type is not A.Type.INT:
                continue
            if all(self.engine.solver.prove(z3.Implies(t.conj(guards),
                                                      z3.And(0 <= own[position], args[position] < own[position])))
                   .outcome is Outcome.PROVED
                   for call, args, guards in calls if len(args) > position):
                return
        call = calls[0][0]
        self.engine.report(D.error(
            "pre.recursion", call.span,
            f"cannot show that `{short(call)}` terminates: no int parameter of {fn.name} decreases and stays "
            f"non-negative at every recursive call", obligation=self.engine.name))
