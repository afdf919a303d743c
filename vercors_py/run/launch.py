"""One launch of a kernel: its threads, groups, memory, and every check made on them.

The schedule (schedule.py) decides who runs; this module is what happens: races found
as accesses come in, barriers released with their group-level checks, contracts read on
the real state, and one `Diagnostic` per problem (the first time it is seen).
"""
from __future__ import annotations

import random

import attrs

from .. import diagnostics as D
from ..semantics import queries
from ..semantics.dimensions import derived_ids, id_store
from ..semantics.symbols import RESERVED, SymbolKind
from ..syntax import ast as A
from ..syntax.snippet import short
from . import resources as R
from . import warps
from ..semantics.evaluate import ConcreteEvaluator
from ..semantics.faults import Fault, Unevaluable
from .memory import Memory
from .model import CellAccess, Cell, ConcreteLaunch, RunOptions, Schedule, ThreadId, show_value
from .race_detector import RaceDetector, kind
from .thread import Stopped, ThreadRun
from .values import NONE, Amount

ARBITRARY = range(-4, 10)      # values of uninitialised variables and random memory


def size_frame(kernel: A.Kernel, launch: ConcreteLaunch) -> dict:
    params = dict(launch.params)
    frame = id_store(launch.sizes, None, None)
    frame.update({p.symbol: params[p.name] for p in kernel.params})
    return frame


def thread_frame(base: dict, launch: ConcreteLaunch, gid: int, lid: int | None = None) -> dict:
    """The frame of one thread (of a group, without lid): the sizes and parameters, and
    its ids."""
    sizes = launch.sizes
    local = None if lid is None else derived_ids(lid, sizes.local)
    return {**base, **id_store(sizes, derived_ids(gid, sizes.groups), local)}


class Group:
    def __init__(self, gid: int):
        self.gid = gid
        self.threads: list[ThreadRun] = []
        # Barriers passed, per memory: the interval an access belongs to.  A C barrier
        # orders only the memory it fences, so the other memory stays in its interval.
        self.epochs = {scope: 0 for scope in A.Scope}
        self.warp_epochs: dict[int, int] = {}      # warp barriers passed, per warp (run/warps.py)
        self.pool: dict[Cell, Amount] = {}
        self.over = False                  # finished, or stopped by divergence
        self.parked = None                 # every thread waits at this grid barrier (grids.py)


class KernelRun:
    def __init__(self, checked, kernel: A.Kernel, launch: ConcreteLaunch, lengths: dict, initial: dict,
                 options: RunOptions, rng: random.Random):
        self.kernel = kernel
        self.launch = launch
        self.warp = warps.resolve(kernel, options)
        # Warps in lock-step: a group in SIMT lock-step is one of their executions.
        self.options = attrs.evolve(options, schedule=Schedule.LOCKSTEP) if self.warp.lockstep else options
        self.rng = rng
        self.checked = checked
        self.functions = checked.functions
        # How a launch of other kernels from a thread runs (program.py's `nested`).
        self.nested = None
        self.observer = None               # a recording.Recorder, for a picture of the launch
        self.function_results: dict = {}
        self.procedures = {p.symbol: p for p in kernel.procedures}
        self.memory = Memory(lengths, initial)
        self.start_memory = self.memory.snapshot()
        self.contracts = options.contracts and annotated(kernel)
        self.invariant = queries.kernel_invariant(kernel)   # the kernel's value invariant
        self.invariant_arrays = queries.perm_arrays(c.expr for c in self.invariant)
        self.races = RaceDetector()
        self.grid_epoch = 0                # grid barriers passed (grids.py)
        self.kernel_pool: dict[Cell, Amount] = {}   # what the kernel holds (grids.py)
        self.problems: dict[tuple, D.Diagnostic] = {}
        self.first_problem: tuple[int, ...] | None = None   # steps the first problem involves
        self.steps = 0
        self.stopped = False
        self.complete = True               # False: stopped where the run could not go on
        self.trace: list | None = [] if options.trace else None
        self.base = base = size_frame(kernel, launch)
        self.groups = [Group(g) for g in range(launch.ngroups)]
        for group in self.groups:
            for lid in range(launch.gsize):
                sizes = launch.sizes
                ids = ThreadId(group.gid, lid, group.gid * launch.gsize + lid, derived_ids(lid, sizes.local).parts,
                               derived_ids(group.gid, sizes.groups).parts)
                group.threads.append(ThreadRun(self, ids, thread_frame(base, launch, group.gid, lid)))

    # ---- the launch: preconditions and how resources are handed down ----
    def top_precondition_fails(self) -> A.Expr | None:
        """The first fact of the topmost written precondition that the initial memory
        does not meet (facts about local memory excepted: nobody initialises it), or of
        the kernel's invariant, part of the kernel's precondition."""
        reading = self.read_invariant()
        if reading is not None and reading.false:
            return reading.false[0]
        for level, frames in self._levels():
            for thread, frame in frames:
                reading = self._read(thread, _pre(level), frame)
                for fact in reading.false if reading else ():
                    if not _reads_local(fact):
                        return fact
            return None
        return None

    def start(self) -> None:
        if not self.contracts:
            return
        levels = list(self._levels())
        readings = {}
        for depth, (level, frames) in enumerate(levels):
            for thread, frame in frames:
                reading = self._read(thread, _pre(level), frame)
                if reading is None:
                    continue
                readings[(depth, thread.ids if thread else None, frame.get(RESERVED["gid"]))] = reading
                for fact in reading.false:
                    if depth == 0 and not _reads_local(fact):
                        self.report(thread, "run.inputs", fact.span,
                                    "the initial memory does not meet this precondition: what the run finds may come from the inputs",
                                    warning=True)
                    else:
                        self.report(thread, "pre.level", fact.span,
                                    "this precondition does not hold at the start"
                                    + (" (local memory is not initialised before a kernel)" if _reads_local(fact) else ""))
        invariant = self.read_invariant()
        for fact in invariant.false if invariant else ():
            self.report(None, "run.inputs", fact.span,
                        "the initial memory does not meet this kernel invariant: what the run finds may come "
                        "from the inputs", warning=True)
        self._distribute(levels, readings, invariant or R.Reading((), ()))

    def read_invariant(self) -> R.Reading | None:
        """The kernel's invariant on the newest memory (invariants.py)."""
        return self._read(None, self.invariant, dict(self.base))

    def _levels(self):
        """(level contract, [(thread or None, frame)]) from the kernel down to the thread.
        A kernel block without `requires` leaves the kernel's precondition generated, as
        a missing one does (obligations/generate.py)."""
        kernel_level = queries.written_kernel_block(self.kernel)
        group_level = self.kernel.level(A.Level.GROUP)
        if kernel_level is not None:
            yield kernel_level.contract, [(None, dict(self.base))]
        if group_level is not None:
            yield group_level.contract, [(None, thread_frame(self.base, self.launch, g.gid)) for g in self.groups]
        yield self.kernel.main.contract, [(t, t.frame) for g in self.groups for t in g.threads]

    def _distribute(self, levels, readings, reading_invariant: R.Reading) -> None:
        """Hand the kernel's resources down; the invariant's first: no group gets them."""
        invariant = reading_invariant.total()
        where = {h.cell: h.span for h in reversed(reading_invariant.held)}
        explicit_group = self.kernel.level(A.Level.GROUP) is not None
        explicit_kernel = queries.written_kernel_block(self.kernel) is not None
        depth_thread = len(levels) - 1
        holders: list[tuple[ThreadId, R.Held]] = []
        for group in self.groups:
            mine_holders = []
            for thread in group.threads:
                reading = readings.get((depth_thread, thread.ids, thread.ids.gid))
                if reading is not None:
                    self.set_ledger(thread, reading)
                    mine_holders += [(thread.ids, h) for h in reading.held]
            holders += mine_holders
            local = {Cell(a.symbol, group.gid, i): Amount(1) for a in self.kernel.arrays
                     if a.scope is A.Scope.LOCAL for i in range(self.memory.lengths[a.symbol])}
            if explicit_group:
                reading = readings.get((depth_thread - 1, None, group.gid))
                group.pool = {**(reading.total() if reading else {}), **local}
                mine = R.total(h for _, h in mine_holders)
                for cell, need, have in R.missing(group.pool, mine):
                    self._overlap("distribution.group", cell, [(ids, h) for ids, h in mine_holders if h.cell == cell],
                                  "the group's resources do not cover its threads' starting permissions")
            else:
                group.pool = {**R.total(h for _, h in mine_holders), **local}
        pools = [(g, {c: a for c, a in g.pool.items() if c.group is None}) for g in self.groups]
        # What the kernel holds (grids.py): its contract's resources, or all of global
        # memory (nothing else runs) but its invariant's, and every group's local memory.
        self.kernel_pool = {c: a for g in self.groups for c, a in g.pool.items() if c.group is not None}
        groups_total = R.total(R.Held(c, a, None) for _, pool in pools for c, a in pool.items())
        if explicit_kernel:
            reading = readings.get((0, None, None))
            kernel_pool = reading.total() if reading else {}
            for cell, need, have in R.missing(kernel_pool, groups_total):
                self._overlap("distribution.kernel", cell, [(ids, h) for ids, h in holders if h.cell == cell],
                              "the kernel's resources do not cover the groups' starting permissions")
            # The invariant's resources exist beside the kernel's: one write per cell.
            for cell, amount in invariant.items():
                if not (kernel_pool.get(cell, NONE) + amount).valid_total:
                    self._invariant_share(cell, amount, where[cell], None, f"the kernel precondition holds "
                                          f"{kernel_pool[cell].describe()} of it")
        else:
            kernel_pool = R.subtract({Cell(a.symbol, None, i): Amount(1) for a in self.kernel.arrays
                                      if a.scope is A.Scope.GLOBAL for i in range(self.memory.lengths[a.symbol])},
                                     invariant)
            for cell, need, have in R.missing(kernel_pool, {c: groups_total[c] for c in invariant
                                                            if c in groups_total}):
                owner = None if explicit_group else next(((ids, h) for ids, h in holders if h.cell == cell), None)
                who = f"{owner[0].describe()} starts with" if owner else "the group contracts give, together,"
                self._invariant_share(cell, invariant[cell], where[cell], owner and owner[1].span,
                                      f"{who} {need.describe()} of it")
        self.kernel_pool.update(kernel_pool)
        by_cell: dict[Cell, list] = {}
        for ids, h in holders:
            by_cell.setdefault(h.cell, []).append((ids, h))
        for cell, owners in by_cell.items():
            if not sum((h.amount for _, h in owners), NONE).valid_total and (cell.group is None or not explicit_group):
                self._overlap(None, cell, owners, "two threads' starting permissions overlap")

    def _invariant_share(self, cell: Cell, amount: Amount, span, holder, other: str) -> None:
        """The invariant's share of `cell` (its `Perm` at `span`) beside another's (at
        `holder`, a thread's clause, where there is one)."""
        self._add("distribution.kernel", holder or span,
                  f"the kernel invariant holds {amount.describe()} of {cell.describe()}, which no group or "
                  f"thread may hold beside it, but {other}",
                  related=((span, "the kernel invariant's share"),) if holder else ())

    def _overlap(self, code: str | None, cell: Cell, owners, message: str) -> None:
        """Report the first two holders of `cell` whose shares cannot both exist."""
        pair = _conflicting_pair(owners) or owners[:2]
        if not pair:
            return
        (first, h1), (second, h2) = pair if len(pair) == 2 else (pair[0], pair[0])
        if code is None:
            code = ("vacuity.precondition" if first == second else
                    "distribution.group" if first.gid == second.gid else "distribution.kernel")
        who = (f"{first.describe()} needs {h1.amount.describe()} of {cell.describe()}" if first == second else
               f"{first.describe()} needs {h1.amount.describe()} and {second.describe()} needs "
               f"{h2.amount.describe()} of {cell.describe()}")
        self._add(code, h2.span or h1.span, f"{message}: {who}",
                  related=((h1.span, f"the share of {first.describe()}"),) if h1.span and h1.span != h2.span else (),
                  notes=self._notes() + (("race: " + who,) if first != second else ()))

    # ---- accesses ----
    def epoch(self, gid: int, cell: Cell) -> int:
        return self.groups[gid].epochs[cell.array.scope]

    def warp_epoch(self, ids: ThreadId) -> int:
        return self.groups[ids.gid].warp_epochs.get(warps.index(self.warp, ids.lid), 0)

    def access(self, access: CellAccess) -> None:
        other = self.races.access(access)
        if self.observer is not None:
            self.observer.accessed(access)
            if other is not None:
                self.observer.raced(other, access)
        if other is None:
            return
        first, second = other, access
        where = ("in the same barrier interval" if first.thread.gid == second.thread.gid
                 else "in different work groups, in the same interval of the grid's barriers" if self.grid_epoch
                 or any(g.parked for g in self.groups) else "in different work groups, which never synchronise")
        message = (f"{kind(first, second)} race on {second.cell.describe()}: {first.thread.describe()} "
                   f"{first.verb} it (line {first.span.start_line}) and {second.thread.describe()} "
                   f"{second.verb} it (line {second.span.start_line}) {where}")
        key = ("race.data", frozenset((first.span, second.span)))
        self._add("race.data", second.span, message, key=key,
                  related=((first.span, f"the other access: {first.thread.describe()} {first.verb} "
                                        f"{first.cell.describe()}"),),
                  steps=(first.step, second.step))

    def report_permission(self, thread: ThreadRun, access: CellAccess, amount: Amount) -> None:
        if self.observer is not None:
            self.observer.unpermitted(access, amount)
        code = "perm.write" if access.write else "perm.read"
        need = "an atomic share or write permission" if access.atomic else \
            "write permission" if access.write else "a permission"
        holders = [(t, t.ledger[access.cell]) for g in self.groups for t in g.threads
                   if t is not thread and (t.ledger.get(access.cell, NONE).positive
                                           or t.ledger.get(access.cell, NONE).atomics > 0)]
        notes = self._notes()
        related = ()
        if holders:
            other, share = holders[0]
            notes += (f"race: {other.ids.describe()} holds {share.describe()} of {access.cell.describe()} "
                      f"while {thread.ids.describe()} {access.verb} it",)
            source = other.sources.get(access.cell)
            if source is not None:
                related = ((source, f"where {other.ids.describe()} got its share"),)
        held = "nothing" if not (amount.positive or amount.atomics > 0) else amount.describe()
        self._add(code, access.span,
                  f"{thread.ids.describe()} {access.verb} {access.cell.describe()} without {need} "
                  f"(it holds {held} of it)", notes=notes, related=related, steps=(access.step,))

    # ---- barriers ----
    def arrive(self, thread: ThreadRun, barrier: A.Barrier, frame: dict) -> None:
        thread.barrier_frame = frame
        if barrier.among is A.Among.WARP:
            return          # it hands over nothing: the logic has no warp-level contract
        thread.handed = None
        if self.contracts and barrier.contract is not None:
            pre = [c for c in barrier.contract if c.kind.is_pre]
            reading = self._read(thread, pre, frame)
            if reading is not None and barrier.keeps_frame:
                # It hands in what the precondition names and keeps the rest (A.Barrier).
                thread.handed = reading.total()
            if reading is not None:
                for fact in reading.false:
                    self.report(thread, "barrier.pre", fact.span, "the barrier's precondition does not hold",
                                frame=frame)
                for cell, need, have in R.missing(thread.ledger, reading.total()):
                    self.report(thread, "barrier.pre", barrier.span,
                                f"the thread does not hold {need.describe()} of {cell.describe()}")
        if thread.handed is not None:
            thread.ledger = R.subtract(thread.ledger, thread.handed)
            thread.sources = {c: s for c, s in thread.sources.items() if c in thread.ledger}
            return
        # The thread hands in what it holds of the memory the barrier orders.
        thread.ledger = {c: a for c, a in thread.ledger.items() if not barrier.orders(c.array.scope)}
        thread.sources = {c: s for c, s in thread.sources.items() if c in thread.ledger}

    def warp_step(self, group: Group, lanes: list, step) -> None:
        """Every thread of a warp reached its barrier or exchange (run/warps.py)."""
        if isinstance(step, A.WarpExchange):
            warps.exchange(self, lanes, step)
            return
        self.memory.fence(group.gid, step.fences or tuple(A.Fence), writers={t.ids for t in lanes})
        w = warps.index(self.warp, lanes[0].ids.lid)
        group.warp_epochs[w] = group.warp_epochs.get(w, 0) + 1

    def release(self, group: Group, barrier: A.Barrier, pooled: bool = True) -> list:
        """The group's threads pass `barrier`; what it hands out, which the group's
        resources must cover (`pooled`; a grid barrier's, the kernel's: grids.py)."""
        self.memory.fence(group.gid, barrier.fences)
        for scope in A.Scope:
            group.epochs[scope] += barrier.orders(scope)
        given = self._hand_out(group, barrier, pooled) if self.contracts else []
        if self.observer is not None:
            self.observer.released(group, barrier)
        return given

    def _hand_out(self, group: Group, barrier: A.Barrier, pooled: bool) -> list:
        posts = [c for c in barrier.contract or () if c.kind.is_post]
        given: list[tuple[ThreadId, R.Held]] = []
        for thread in group.threads:
            reading = self._read(thread, posts, thread.barrier_frame)
            if reading is None:
                continue
            kept, sources = thread.ledger, thread.sources
            self.set_ledger(thread, reading)
            thread.ledger = R.add(kept, thread.ledger) if barrier.keeps_frame else {**kept, **thread.ledger}
            thread.sources = {**sources, **thread.sources}
            given += [(thread.ids, h) for h in reading.held]
            for fact in reading.false:
                self.report(thread, "barrier.functional", fact.span,
                            "the barrier's postcondition does not hold after the barrier"
                            + queries.unfenced_note(barrier, [fact]), frame=thread.barrier_frame)
        if pooled and barrier.keeps_frame:
            handed: dict = {}
            for thread in group.threads:
                handed = R.add(handed, thread.handed or {})
            self.cover(handed, given, barrier, "the threads' hand-in")
        elif pooled:
            self.cover(group.pool, given, barrier, "the group")
        return given

    def cover(self, pool: dict, given: list, barrier: A.Barrier, holder: str) -> None:
        """What a barrier hands out is in `pool`, what `holder` has."""
        totals = R.total(h for _, h in given)
        for cell, need, have in R.missing(pool, totals):
            owners = [(ids, h) for ids, h in given if h.cell == cell]
            if have.positive and len({ids for ids, _ in owners}) > 1:
                self._overlap("barrier.resources", cell, owners,
                              f"the barrier at line {barrier.span.start_line} hands out more than {holder} has")
            else:
                ids, h = owners[0]
                self._add("barrier.resources", h.span,
                          f"the barrier at line {barrier.span.start_line} hands {ids.describe()} "
                          f"{need.describe()} of {cell.describe()}, but {holder} holds "
                          f"{'nothing' if not have.positive else have.describe()} of it")

    def group_over(self, group: Group) -> None:
        """All threads of the group finished: the group's written postcondition."""
        group.over = True
        level = self.kernel.level(A.Level.GROUP)
        if self.contracts and level is not None:
            frame = thread_frame(self.base, self.launch, group.gid)
            reading = self._read(None, [c for c in level.contract if c.kind.is_post], frame, old=self.start_memory)
            for fact in reading.false if reading else ():
                self._add("post.level", fact.span, f"the group postcondition does not hold for group {group.gid}")

    def kernel_over(self) -> None:
        """The kernel's postcondition, read with its invariant's cells (level contracts
        are read without a ledger), and the invariant, which must hold again."""
        level = self.kernel.level(A.Level.KERNEL)
        if self.contracts and level is not None and not self.stopped:
            reading = self._read(None, [c for c in level.contract if c.kind.is_post], dict(self.base),
                                 old=self.start_memory)
            for fact in reading.false if reading else ():
                self._add("post.level", fact.span, "the kernel postcondition does not hold")
            invariant = self.read_invariant()
            broken = {key[1] for key in self.problems if key[0] == "invariant.maintain"}
            for fact in invariant.false if invariant else ():
                if fact.span not in broken:
                    self._add("post.level", fact.span, "the kernel invariant does not hold at the end")

    def divergence(self, group: Group, message: str, span, related=()) -> None:
        self._add("divergence.reached", span, message, related=related)
        group.over = True

    # ---- loops and calls ----
    def enter_loop(self, thread: ThreadRun, loop, invariant, frame: dict) -> dict:
        if not self.contracts:
            return {}
        reading = self._read(thread, invariant, frame)
        if reading is None:
            return {}
        self._check(thread, reading, "loop.establish", loop.span, "the loop invariant does not hold on entry", frame)
        aside = R.subtract(thread.ledger, reading.total())
        self.set_ledger(thread, reading)
        # A barrier takes everything a thread holds: nothing can be set aside around it.
        return {} if any(isinstance(n, A.Barrier) for n in A.walk(loop.body)) else aside

    def maintain_loop(self, thread: ThreadRun, invariant, frame: dict) -> None:
        if not self.contracts:
            return
        reading = self._read(thread, invariant, frame)
        if reading is not None:
            self._check(thread, reading, "loop.maintain", None, "the loop invariant does not hold after an iteration",
                        frame)
            self.set_ledger(thread, reading)

    def leave_loop(self, thread: ThreadRun, aside: dict) -> None:
        thread.ledger = R.add(thread.ledger, aside)

    def enter_call(self, thread: ThreadRun, call: A.CallStmt, procedure: A.Procedure, frame: dict) -> dict:
        if not self.contracts:
            return thread.ledger
        reading = self._read(thread, [c for c in procedure.contract if c.kind.is_pre], frame)
        if reading is None:
            return thread.ledger
        self._check(thread, reading, "pre.call", call.span, f"the precondition of `{procedure.name}` does not hold",
                    frame, at_call=call.span)
        saved = R.subtract(thread.ledger, reading.total())
        self.set_ledger(thread, reading)
        return saved

    def leave_call(self, thread: ThreadRun, call, procedure: A.Procedure, entry: dict, before, saved: dict) -> None:
        if not self.contracts:
            return
        reading = self.check_post(thread, procedure.contract, entry, before, "post.failed", "post.perm",
                                  f"the postcondition of `{procedure.name}`")
        thread.ledger = R.add(saved, reading.total() if reading else {})
        thread.sources.update({h.cell: h.span for h in reading.held} if reading else {})

    def launch_kernels(self, call: A.CallStmt, procedure: A.Procedure, args: list) -> None:
        """A thread launches kernels (`Procedure.proved_by`): they run to their end in
        this one step, which is exact only where no other thread runs meanwhile."""
        if self.launch.gsize * self.launch.ngroups != 1 or self.nested is None:
            raise Unevaluable(call.span, f"a launch of {', '.join(procedure.proved_by)} from a kernel of several "
                              f"threads")
        self.nested(self, call, procedure, args)

    def check_post(self, thread, contract, frame, before, fact_code, perm_code, what):
        reading = self._read(thread, [c for c in contract if c.kind.is_post], frame, old=before)
        if reading is None:
            return None
        for fact in reading.false:
            self.report(thread, fact_code, fact.span, f"{what} does not hold", frame=frame)
        for cell, need, have in R.missing(thread.ledger, reading.total()):
            self.report(thread, perm_code, next(h.span for h in reading.held if h.cell == cell),
                        f"{what} gives back {need.describe()} of {cell.describe()}, but the thread holds "
                        f"{'nothing' if not have.positive else have.describe()} of it")
        return reading

    def _check(self, thread, reading, code, span, message, frame, at_call=None) -> None:
        for fact in reading.false:
            self.report(thread, code, at_call or fact.span, f"{message}: `{short(fact)}` is false", frame=frame)
        for cell, need, have in R.missing(thread.ledger, reading.total()):
            source = next(h.span for h in reading.held if h.cell == cell)
            self.report(thread, code, at_call or source,
                        f"{message}: it needs {need.describe()} of {cell.describe()}, the thread holds "
                        f"{'nothing' if not have.positive else have.describe()}")

    def set_ledger(self, thread: ThreadRun, reading: R.Reading) -> None:
        thread.ledger = reading.total()
        thread.sources = {h.cell: h.span for h in reading.held}

    def _read(self, thread, clauses, frame, old=None) -> R.Reading | None:
        """The clauses on this state, in the view of `thread` (or of nobody, for level
        contracts); None when they cannot be evaluated (a note says why)."""
        if not clauses:
            return R.Reading((), ())
        gid = frame.get(RESERVED["gid"], 0)

        def peek(array, index, span):
            cell = self.memory.cell(array, gid, index, span)
            # Level contracts are read at the start or once every thread has ended,
            # when every write is visible.
            return self.memory.read(thread.ids, cell, self.epoch(gid, cell)) if thread else self.memory.load(cell)

        def cell_of(array, index, span):
            return self.memory.cell(array, gid, index, span, "bounds.perm")

        old_eval = None
        if old is not None:
            old_eval = ConcreteEvaluator(self.functions, lambda a, i, s: old.load(self.memory.cell(a, gid, i, s)),
                                 seed=self.options.seed, results=self.function_results)
        try:
            evaluator = ConcreteEvaluator(self.functions, peek, old_eval, self.options.seed, self.function_results)
            reading = R.read_clauses(clauses, frame, evaluator, cell_of)
            for why in reading.skipped:
                self.skipped(why.span or clauses[0].span, why.reason)
            return reading
        except Unevaluable as why:
            self.skipped(why.span or clauses[0].span, why.reason)
        except Fault as fault:
            self._add(fault.code, fault.span, fault.message, notes=fault.notes + self._notes())
        return None

    # ---- reporting ----
    def report(self, thread, code: str, span, message: str, warning: bool = False, frame=None,
               related=()) -> None:
        who = f"{thread.ids.describe()}: " if thread else ""
        self._add(code, span, who + message, warning=warning, notes=self._notes(frame),
                  steps=(self.steps,), related=related)

    def report_fault(self, thread: ThreadRun, fault: Fault) -> None:
        self._add(fault.code, fault.span, f"{thread.ids.describe()}: {fault.message}",
                  notes=fault.notes + self._notes(), steps=(self.steps,))
        self.stopped = True

    def stop(self, code: str, span, message: str, warning: bool = False) -> None:
        """End the launch without an answer: a bound was reached, or code the run cannot
        evaluate."""
        self._add(code, span, message, warning=warning)
        self.complete = False
        self.stopped = True

    def stop_run(self, span, message: str) -> None:
        self.stop("timeout.steps", span, f"the run was stopped: {message}")
        raise Stopped()

    def cannot_go_on(self, why: Unevaluable) -> None:
        self.stop("run.unevaluated", why.span, f"the run cannot go on: {why.reason}", warning=True)

    def skipped(self, span, reason: str) -> None:
        self._add("run.unevaluated", span, f"this specification was not checked on the run: {reason}", warning=True)

    def arbitrary(self, type_, range_: tuple[int, int] | None = None):
        if type_ is A.Type.BOOL:
            return self.rng.choice((True, False))
        if range_ is not None:
            return self.rng.choice([v for v in ARBITRARY if range_[0] <= v <= range_[1]])
        return self.rng.choice(ARBITRARY)

    def _notes(self, frame=None) -> tuple[str, ...]:
        notes = [f"launch: {self.launch.describe()}; schedule {self.options.schedule.value}, seed {self.options.seed}"]
        if frame:
            values = [f"{s.name} = {show_value(v)}" for s, v in frame.items()
                      if s.kind in (SymbolKind.LOCAL, SymbolKind.PARAM)]
            if values:
                notes.append("values: " + ", ".join(values))
        return tuple(notes)

    def _add(self, code, span, message, *, warning=False, related=(), notes=None, key=None, steps=()) -> None:
        key = key or (code, span)
        if key in self.problems:
            return
        make = D.warning if warning else D.error
        self.problems[key] = make(code, span, message,
                                  related=tuple(D.Related(s, m) for s, m in related),
                                  notes=self._notes() if notes is None else notes)
        if not warning and self.first_problem is None:
            self.first_problem = steps or (self.steps,)


def annotated(kernel: A.Kernel) -> bool:
    """Whether the kernel carries a specification whose permissions the run should check:
    an unannotated kernel is run for races, divergence and faults only."""
    return any(isinstance(n, A.Clause) for n in A.walk(kernel))


def _pre(contract) -> list:
    return [c for c in contract if c.kind.is_pre]


def _reads_local(e) -> bool:
    return any(isinstance(n, A.Index) and isinstance(n.array, A.Name) and n.array.symbol is not None
               and n.array.symbol.scope is A.Scope.LOCAL for n in A.walk(e))


def _conflicting_pair(owners):
    for i, (a, ha) in enumerate(owners):
        for b, hb in owners[i + 1:]:
            if not (ha.amount + hb.amount).valid_total:
                return [(a, ha), (b, hb)]
    for a, ha in owners:
        if not ha.amount.valid_total:
            return [(a, ha)]
    return None

