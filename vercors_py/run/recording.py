"""A recording of one launch for its picture (docs/pictures.md): per barrier interval and
per thread, what the thread held after the interval's precondition or barrier contract
was read on the real state, which cells it read and wrote, and the races and missing
permissions the run found, each in its interval.

A `Recorder` is the launch's observer (`KernelRun.observer`): the launch tells it what
happens and it keeps it; it decides nothing.  An interval is a group's barriers passed,
whatever memory they fence: the picture shows the barriers as written.
"""
from __future__ import annotations

from collections.abc import Mapping

import attrs

from .. import deep
from ..source import Span
from ..syntax import ast as A
from .model import Cell, CellAccess, ThreadId
from .values import Amount


@attrs.frozen
class Race:
    first: CellAccess
    second: CellAccess
    intervals: tuple[int, int]        # the interval of each access (its group's)


@attrs.frozen
class Unpermitted:
    """An access made without the permission it needs."""
    access: CellAccess
    held: Amount
    interval: int


@attrs.frozen
class Recording:
    threads: tuple[ThreadId, ...]                                 # by tid
    cells: tuple[Cell, ...]                                       # every cell, by array, group, index
    contracts: bool                                               # whether permissions were read
    held: Mapping[tuple[int, ThreadId], Mapping[Cell, Amount]]    # (interval, thread) -> cell -> amount
    accessed: Mapping[tuple[int, ThreadId], Mapping[Cell, frozenset[str]]]   # kinds: read, write, atomic
    barriers: Mapping[int, tuple[Span, ...]]                      # interval k ends at these barriers (k+1 starts)
    races: tuple[Race, ...]
    unpermitted: tuple[Unpermitted, ...]

    @property
    def intervals(self) -> int:
        return 1 + max((k for k, _ in (*self.held, *self.accessed)), default=0)


class Recorder:
    def __init__(self) -> None:
        self._run = None
        self._passed: dict[int, int] = {}          # gid -> barriers passed
        self._held: dict = {}
        self._accessed: dict = {}
        self._interval_of: dict[CellAccess, int] = {}
        self._barriers: dict[int, list[Span]] = {}
        self._races: list[Race] = []
        self._unpermitted: list[Unpermitted] = []

    def started(self, run) -> None:
        """The launch handed its resources down: interval 0 begins for every thread."""
        self._run = run
        for group in run.groups:
            self._began(group)

    def released(self, group, barrier) -> None:
        """`group` passed `barrier` and its threads hold what its contract gave them."""
        number = self._passed.get(group.gid, 0)
        spans = self._barriers.setdefault(number, [])
        if barrier.span not in spans:
            spans.append(barrier.span)
        self._passed[group.gid] = number + 1
        self._began(group)

    def accessed(self, access: CellAccess) -> None:
        k = self._passed.get(access.thread.gid, 0)
        self._interval_of[access] = k
        kinds = self._accessed.setdefault((k, access.thread), {})
        kinds[access.cell] = kinds.get(access.cell, frozenset()) | {access.kind}

    def raced(self, first: CellAccess, second: CellAccess) -> None:
        self._races.append(Race(first, second, (self._interval_of[first], self._interval_of[second])))

    def unpermitted(self, access: CellAccess, held: Amount) -> None:
        self._unpermitted.append(Unpermitted(access, held, self._passed.get(access.thread.gid, 0)))

    def _began(self, group) -> None:
        k = self._passed.get(group.gid, 0)
        for thread in group.threads:
            self._held[(k, thread.ids)] = dict(thread.ledger)

    @property
    def watched(self) -> bool:
        """Whether a launch started under it (none does when no inputs meet the precondition)."""
        return self._run is not None

    def recording(self) -> Recording:
        run = self._run
        threads = tuple(sorted((t.ids for g in run.groups for t in g.threads), key=lambda ids: ids.tid))
        cells = tuple(Cell(a.symbol, gid, i) for a in run.kernel.arrays
                      for gid in ((None,) if a.scope is A.Scope.GLOBAL else range(len(run.groups)))
                      for i in range(run.memory.lengths[a.symbol]))
        return Recording(threads, cells, run.contracts, self._held, self._accessed,
                         {k: tuple(v) for k, v in self._barriers.items()}, tuple(self._races),
                         tuple(self._unpermitted))


# The launch a picture shows when no size is given: small enough to read, with two
# groups where the contexts allow them (global memory is shared between groups).
GSIZES = (4, 2, 1)
NGROUPS = (2, 1)


def record(checked, kernel, options) -> tuple[object, Recording | None] | None:
    """One launch of `kernel` under `options` (run.model.RunOptions), recorded: at the
    sizes given, a missing one the first of GSIZES or NGROUPS that the contexts allow
    (else the first the run's sweep finds).  (LaunchResult, its recording or None when no
    inputs met the precondition), or None when no launch meets the contexts.  Raises
    inputs.InputError as `run` does."""
    from .inputs import launches
    from .program import check_names, initial_values, run_launch
    check_names([kernel], options)
    params = dict(options.params)
    plan = []
    for g in (options.gsize,) if options.gsize is not None else GSIZES:
        for n in (options.ngroups,) if options.ngroups is not None else NGROUPS:
            plan = plan or launches(kernel, checked.functions, g, n, False, params)
    plan = plan or launches(kernel, checked.functions, options.gsize, options.ngroups, False, params)
    if not plan:
        return None
    launch, lengths = plan[0]
    recorder = Recorder()
    result = deep.call(run_launch, checked, kernel, launch, lengths, options, initial_values(kernel, options),
                       options.seed, recorder)
    return result, recorder.recording() if recorder.watched else None
