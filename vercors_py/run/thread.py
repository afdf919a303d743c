"""One thread of a launch: `main` executed statement by statement as a generator.

The thread yields a `Step` before each statement it is about to run and an `Arrive` when
it reaches a barrier; the schedule decides who runs next.  A step's `key` places the
statement in the program: block positions, the branch taken, loop iterations and call
sites, compared as tuples.  Threads at equal keys are at the same statement in the same
iteration, and the thread with the smallest key is the one furthest behind: that is how
the lock-step schedule finds its active mask (seed 003) without a second interpreter.

Contracts are checked as the verifier states them, on the real state: a thread owns
exactly the permissions its contract gave it (its ledger), every access needs one, loops
run on their invariant's permissions, procedures on their precondition's.
"""
from __future__ import annotations

import enum

import attrs

from ..source import Span
from ..syntax import ast as A
from ..semantics.evaluate import ConcreteEvaluator
from ..semantics.faults import Fault, Unevaluable
from .model import CellAccess, Cell, ThreadId
from . import invariant_blocks, invariants, warps
from .values import NONE

MAX_CALL_DEPTH = 200


class Flow(enum.Enum):
    NEXT = "next"
    BREAK = "break"
    CONTINUE = "continue"
    RETURN = "return"


@attrs.frozen
class Step:
    key: tuple
    span: Span


@attrs.frozen
class Arrive:
    key: tuple
    barrier: "A.Barrier | A.WarpExchange"     # a warp's exchange waits as a barrier does


class Stopped(Exception):
    """The launch is over for this thread (a fault, or the launch was stopped)."""


class ThreadRun:
    def __init__(self, launch, ids: ThreadId, frame: dict):
        self.launch = launch              # launch.KernelRun: memory, problems, the group
        self.ids = ids
        self.frame = frame                # reserved names and kernel parameters
        self.ledger: dict[Cell, object] = {}
        self.sources: dict[Cell, Span] = {}    # where each share of the ledger comes from
        self.barrier_frame: dict | None = None  # the locals a barrier's contract is read in
        self.handed: dict | None = None         # what it handed in at a VerCors barrier (A.Barrier.keeps_frame)
        self.offer: tuple | None = None         # what it gives a warp exchange (value, lane)
        self.at: tuple | None = None            # the key of the statement it runs
        self.depth = 0
        self.step_record: list | None = None
        self.ghost = False                      # in an atomic's `then` block
        self.code = ConcreteEvaluator(launch.functions, self._load, seed=launch.options.seed,
                              results=launch.function_results)

    # ---- memory, as code sees it ----
    def _load(self, array, index: int, span):
        cell = self.launch.memory.cell(array, self.ids.gid, index, span)
        self._access(cell, False, span)
        # Ghost code is part of an atomic step, which acts on the newest memory.
        value = self.launch.memory.load(cell) if self.ghost else \
            self.launch.memory.read(self.ids, cell, self.launch.epoch(self.ids.gid, cell))
        self._trace("reads", cell, value)
        return value

    def _store(self, array, index: int, value, span) -> None:
        cell = self.launch.memory.cell(array, self.ids.gid, index, span)
        self._access(cell, True, span)
        self.launch.memory.store(self.ids, cell, value, self.launch.epoch(self.ids.gid, cell))
        self._trace("writes", cell, value)

    def _atomic(self, s: A.AtomicUpdate, array, index: int, frame: dict) -> None:
        """One atomic update, within one step: the operands read, then the cell's value
        (the newest: an atomic acts on the memory, never on a stale view), the new one
        stored, the old one given to the result."""
        args = {arg: A.IntLit(self.code.value(arg, frame), span=arg.span) for arg in s.args}
        cell = self.launch.memory.cell(array, self.ids.gid, index, s.target.span)
        self._access(cell, True, s.target.span, atomic=True)
        old = self.launch.memory.load(cell)
        new = self.code.value(_replaced(s.update, {s.target: A.IntLit(old, span=s.target.span), **args}), frame)
        self.launch.memory.store(self.ids, cell, new, self.launch.epoch(self.ids.gid, cell))
        self._trace("atomically updates", cell, new)
        if s.result is not None:
            frame[s.result.symbol] = old

    def _ghost(self, then: A.Block | None, frame: dict) -> None:
        """The atomic's `then` block, in the atomic's step: ghost writes, which exist on
        no GPU, so they are no accesses for races, and every thread sees them at once."""
        self.ghost = True
        try:
            for g in A.statements(then) if then is not None else ():
                if not isinstance(g, (A.Block, A.ArrayAssign)):
                    # semantics/ghosts.py refuses it (type.ghost); never run it as writes
                    raise Unevaluable(g.span, "a `then` block holds ghost writes of array cells only")
                if isinstance(g, A.ArrayAssign):
                    cell = self.launch.memory.cell(g.target.array.symbol, self.ids.gid,
                                                   self.code.value(g.target.index, frame), g.target.span)
                    value = self.code.value(g.value, frame)
                    self._access(cell, True, g.target.span)
                    self.launch.memory.put(cell, value)
                    self._trace("ghost-writes", cell, value)
        finally:
            self.ghost = False

    def cell_of(self, array, index: int, span) -> Cell:
        return self.launch.memory.cell(array, self.ids.gid, index, span, "bounds.perm")

    def _access(self, cell: Cell, write: bool, span, atomic: bool = False) -> None:
        launch = self.launch
        access = CellAccess(self.ids, cell, write, span, launch.steps, launch.epoch(self.ids.gid, cell), atomic,
                            warps.index(launch.warp, self.ids.lid), launch.warp_epoch(self.ids),
                            self.at if launch.warp.lockstep else None, launch.grid_epoch)
        if not self.ghost:
            launch.access(access)
        if launch.contracts:
            amount = self.ledger.get(cell, NONE)
            if not (amount.allows_atomic if atomic else amount.is_write if write else amount.positive):
                launch.report_permission(self, access, amount)

    def _trace(self, verb: str, cell: Cell, value) -> None:
        if self.step_record is not None:
            self.step_record.append((verb, cell, value))

    # ---- statements ----
    def main(self):
        """The generator the schedule drives: `main`'s body, then its postcondition."""
        main = self.launch.kernel.main
        try:
            flow = yield from self.stmt(main.body, (0,), dict(self.frame))
            del flow
            if self.launch.contracts:
                self.launch.check_post(self, main.contract, self.frame, self.launch.start_memory,
                                       "post.failed", "post.perm", "the thread's postcondition")
        except Fault as fault:
            self.launch.report_fault(self, fault)
        except Unevaluable as why:
            self.launch.cannot_go_on(why)
        except Stopped:
            pass

    def stmt(self, s, key: tuple, frame: dict):
        match s:
            case A.Block(stmts=stmts):
                for j, inner in enumerate(stmts):
                    flow = yield from self.stmt(inner, key + (j,), frame)
                    if flow is not Flow.NEXT:
                        return flow
                return Flow.NEXT
            case A.VarDecl(init=init):
                yield Step(key, s.span)
                frame[s.symbol] = self.launch.arbitrary(s.type, s.range) if init is None else self.code.value(init, frame)
            case A.Assign(target=target, value=value):
                yield Step(key, s.span)
                frame[target.symbol] = self.code.value(value, frame)
            case A.ArrayAssign(target=A.Index(array=A.Name(symbol=array), index=index), value=value):
                yield Step(key, s.span)
                i = self.code.value(index, frame)
                self._store(array, i, self.code.value(value, frame), s.target.span)
            case A.AtomicUpdate(target=A.Index(array=A.Name(symbol=array), index=index), then=then):
                yield Step(key, s.span)

                def step():
                    self._atomic(s, array, self.code.value(index, frame), frame)
                    self._ghost(then, frame)
                invariants.atomic_step(self.launch, self, s, frame, step)
            case A.If(cond=cond, then=then, otherwise=otherwise):
                yield Step(key, cond.span)
                if self.code.value(cond, frame):
                    return (yield from self.stmt(then, key + (0,), frame))
                if otherwise is not None:
                    return (yield from self.stmt(otherwise, key + (1,), frame))
            case A.While() | A.For():
                return (yield from self.loop(s, key, frame))
            case A.Barrier():
                yield Step(key, s.span)
                self.launch.arrive(self, s, frame)
                yield Arrive(key, s)
            case A.WarpExchange(value=value, lane=lane):
                yield Step(key, s.span)
                # What the lane gives; run/warps.py sets the result when its warp is there.
                self.offer = (self.code.value(value, frame), self.code.value(lane, frame) if lane is not None else None)
                self.barrier_frame = frame
                yield Arrive(key, s)
            case A.CallStmt():
                yield Step(key, s.span)
                yield from self.call(s, key, frame)
            case A.Assert(expr=e):
                yield Step(key, s.span)
                try:
                    holds = self.code.value(e, frame)
                except Unevaluable as why:
                    self.launch.skipped(why.span or e.span, why.reason)
                    holds = True
                if not holds:
                    self.launch.report(self, "assert.failed", e.span, "the assertion does not hold", frame=frame)
            case A.Assume(expr=e):
                yield Step(key, s.span)
                if not self.code.value(e, frame):
                    self.launch.report(self, "assert.assume", e.span,
                                       "the assumption does not hold on this run", warning=True)
            case A.Break():
                return Flow.BREAK
            case A.Continue():
                return Flow.CONTINUE
            case A.Return():
                return Flow.RETURN
            case A.InvariantBlock() | A.AtomicBlock():
                return (yield from self.invariant_block(s, key, frame))
        return Flow.NEXT

    def invariant_block(self, s: A.InvariantBlock | A.AtomicBlock, key: tuple, frame: dict):
        """The resource leaves the thread around an invariant block's body and comes back
        for an atomic block's (run/invariant_blocks.py); semantics/invariant_blocks.py
        sees that a body is left only through its end."""
        yield Step(key, s.span)
        opens = isinstance(s, A.AtomicBlock)
        first = invariant_blocks.move(self.launch, self, s, frame, to_thread=opens)
        flow = yield from self.stmt(s.body, key + (0,), frame)
        invariant_blocks.move(self.launch, self, s, frame, to_thread=not opens, before=first if opens else None)
        return flow

    def loop(self, s, key: tuple, frame: dict):
        if isinstance(s, A.For) and s.init is not None:
            yield from self.stmt(s.init, key + (-1,), frame)
        invariant = [c for c in s.contract if c.kind in (A.ClauseKind.LOOP_INVARIANT, A.ClauseKind.INVARIANT)]
        aside = self.launch.enter_loop(self, s, invariant, frame)
        iteration = 0
        while True:
            yield Step(key + (iteration, 0), s.cond.span if s.cond is not None else s.span)
            if iteration:
                self.launch.maintain_loop(self, invariant, frame)
            if s.cond is not None and not self.code.value(s.cond, frame):
                break
            flow = yield from self.stmt(s.body, key + (iteration, 1), frame)
            if flow is Flow.RETURN:
                return flow
            if flow is Flow.BREAK:
                break
            if isinstance(s, A.For) and s.update is not None:
                yield from self.stmt(s.update, key + (iteration, 2), frame)
            iteration += 1
        self.launch.leave_loop(self, aside)
        return Flow.NEXT

    def call(self, s: A.CallStmt, key: tuple, frame: dict):
        procedure = self.launch.procedures[s.symbol]
        args = [self.code.value(a, frame) for a in s.args]
        inner = dict(self.frame)
        inner.update({p.symbol: a for p, a in zip(procedure.params, args)})
        entry = dict(inner)
        if self.depth >= MAX_CALL_DEPTH:
            self.launch.stop_run(s.span, f"procedure calls nested deeper than {MAX_CALL_DEPTH}")
        before = self.launch.memory.snapshot()
        saved = self.launch.enter_call(self, s, procedure, inner)
        self.depth += 1
        if procedure.proved_by:
            # A launch: its kernels run to their end within this step (program.py).
            self.launch.launch_kernels(s, procedure, args)
        else:
            yield from self.stmt(procedure.body, key + (0,), inner)
        self.depth -= 1
        self.launch.leave_call(self, s, procedure, entry, before, saved)


def _replaced(e, values: dict):
    """`e` with each sub-expression that `values` has (structurally) replaced by its value."""
    if e in values:
        return values[e]
    changes = {}
    for field in attrs.fields(type(e)):
        value = getattr(e, field.name)
        if not field.eq:
            continue
        if isinstance(value, tuple):
            changes[field.name] = tuple(_replaced(v, values) if attrs.has(type(v)) else v for v in value)
        elif attrs.has(type(value)):
            changes[field.name] = _replaced(value, values)
    return attrs.evolve(e, **changes) if changes else e
