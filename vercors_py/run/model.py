"""The values a run is made of and what it reports, as frozen attrs classes."""
from __future__ import annotations

import enum
from typing import ClassVar

import attrs

from ..diagnostics import Diagnostic
from ..results import AnalysisVerdict, Conclusion, Result
from ..semantics.dimensions import Sizes
from ..source import Span


class Schedule(enum.Enum):
    RANDOM = "random"            # seed 000: any interleaving, chosen at random
    ROUND_ROBIN = "round-robin"  # seed 000: one statement of each thread in turn
    LOCKSTEP = "lockstep"        # seed 003: a group's threads step together under a mask


@attrs.frozen
class ConcreteLaunch:
    """One launch the interpreter runs: its sizes and the parameters' values (the launch a
    user constrains, sizes or facts, is cfamily.launch.Launch)."""
    gsize: int
    ngroups: int
    params: tuple[tuple[str, int], ...] = ()     # kernel parameters by name, in order
    # (gsize.x, .y, .z) and (ngroups.x, .y, .z) for a kernel that names components;
    # None for one of one dimension.
    shape: tuple[tuple[int, int, int], tuple[int, int, int]] | None = None

    @property
    def sizes(self) -> Sizes:
        return Sizes((self.gsize,), (self.ngroups,)) if self.shape is None else Sizes(*self.shape)

    def describe(self) -> str:
        return ", ".join([self.sizes.describe()] + [f"{name} = {value}" for name, value in self.params])


@attrs.frozen
class RunOptions:
    schedule: Schedule = Schedule.RANDOM
    seed: int = 0
    max_steps: int = 100_000               # statements executed, all threads together
    gsize: int | tuple[int, ...] | None = None   # a number, or one per dimension
    ngroups: int | tuple[int, ...] | None = None
    params: tuple[tuple[str, int], ...] = ()
    init: tuple[tuple[str, str], ...] = ()  # array name -> "random" | "zeros" | an expression of i
    sweep: bool = False                     # gsize 1..8 x ngroups 1..3 where the contexts allow
    tries: int = 20                         # random initial memories tried against the preconditions
    trace: bool = False
    contracts: bool = True                  # check annotations on the real state
    warp_size: int | None = None            # threads per warp (None: the kernel's, 32 by default)
    lockstep: bool = False                  # a warp's threads run in lock-step (run/warps.py)


@attrs.frozen(order=True)
class ThreadId:
    gid: int
    lid: int
    tid: int
    # The x, y, z components of lid and gid in a kernel that names them; () otherwise.
    lid_parts: tuple[int, ...] = attrs.field(default=(), order=False)
    gid_parts: tuple[int, ...] = attrs.field(default=(), order=False)

    def describe(self) -> str:
        def parts(whole: int, p: tuple) -> str:
            return f"{whole} = ({', '.join(map(str, p))})" if p else str(whole)
        return f"thread tid {self.tid} (gid {parts(self.gid, self.gid_parts)}, lid {parts(self.lid, self.lid_parts)})"


@attrs.frozen
class Cell:
    """One memory cell: a global array's, or the local array of one group."""
    array: object                 # the array's Symbol
    group: int | None             # None for global memory
    index: int

    def describe(self) -> str:
        where = "" if self.group is None else f" of group {self.group}"
        return f"{self.array.name}[{self.index}]{where}"


@attrs.frozen
class CellAccess:
    """One access of a thread to a memory cell, as the interpreter made it."""
    thread: ThreadId
    cell: Cell
    write: bool
    span: Span
    step: int
    epoch: int                    # the group's barrier count when it happened
    atomic: bool = False          # an atomic update (a write): no race with another atomic
    warp: int = 0                 # the thread's warp in its group
    warp_epoch: int = 0           # its warp's barrier count when it happened
    at: tuple | None = None       # the statement instance (its step key), for warps in lock-step
    grid_epoch: int = 0           # the grid barriers passed when it happened (grids.py)

    @property
    def verb(self) -> str:
        return "atomically updates" if self.atomic else "writes" if self.write else "reads"

    @property
    def kind(self) -> str:
        return "atomic" if self.atomic else "write" if self.write else "read"


@attrs.frozen
class TraceStep:
    """One executed statement of one thread, with the memory it touched."""
    step: int
    thread: ThreadId
    span: Span
    accesses: tuple[tuple[str, Cell, object], ...] = ()   # ("reads"|"writes", cell, value)

    def touched(self) -> str:
        return ", ".join(f"{verb} {cell.describe()} = {show_value(value)}" for verb, cell, value in self.accesses)


def show_value(value) -> str:
    """A value as the language writes it (`true`, not `True`)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


@attrs.frozen
class LaunchResult:
    launch: ConcreteLaunch
    schedule: Schedule
    seed: int
    steps: int
    diagnostics: tuple[Diagnostic, ...]
    trace: tuple[TraceStep, ...] = ()      # up to the first problem, when asked for
    ran: bool = True                       # False: no inputs met the preconditions
    marked: tuple[int, ...] = ()           # steps of the trace that the first problem involves
    complete: bool = True                  # False: stopped by a bound or by code it cannot evaluate


class RunVerdict(AnalysisVerdict):
    CLEAN = "clean", Conclusion.YES                  # nothing found on the launches run
    PROBLEMS = "problems", Conclusion.NO             # a race, a divergence, a fault or a violated contract
    REJECTED = "rejected", Conclusion.REJECTED       # syntax or type errors: nothing ran
    INCONCLUSIVE = "inconclusive", Conclusion.UNKNOWN  # a step bound was hit, or no launch could be run


@attrs.frozen
class RunResult(Result):
    """`run`'s answer on one file: its diagnostics are one per problem found, from the
    first launch that showed it."""
    VERDICTS: ClassVar[type[AnalysisVerdict]] = RunVerdict
    launches: tuple[LaunchResult, ...] = ()
    seconds: float = 0.0
