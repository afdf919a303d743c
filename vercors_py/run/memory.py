"""Concrete memory: one copy of each global array, one copy per group of each local one.

Also what the fences of seed 000 mean for values.  Every barrier orders all accesses of
its group (LANGUAGE.md: `barrier()` "only orders the accesses"); its fences decide which
writes become visible.  Until a barrier fences a memory, a thread that reads a cell
another thread of its group wrote in an earlier barrier interval sees the value the
cell had at the last such fence: the run takes the stale value, the one a verifier must
not rely on (docs/language.md, "What each thread sees after a barrier").
"""
from __future__ import annotations

from ..syntax.ast import Fence, Scope
from ..semantics.faults import Fault
from .model import Cell, ThreadId


class Memory:
    def __init__(self, lengths: dict, initial: dict):
        """`lengths`: array Symbol -> length; `initial`: (Symbol, group or None) -> list."""
        self.lengths = lengths
        self.values = {key: list(values) for key, values in initial.items()}
        # cell -> (writer, the value other threads of the writer's group still see, the
        # writer's barrier interval)
        self._unpublished: dict[Cell, tuple[ThreadId, object, int]] = {}

    def cell(self, array, gid: int, index: int, span, code: str = "bounds.index") -> Cell:
        length = self.lengths[array]
        if not 0 <= index < length:
            raise Fault(code, span, f"index {index} is outside `{array.name}` (length {length})")
        return Cell(array, gid if array.scope is Scope.LOCAL else None, index)

    def load(self, cell: Cell):
        return self.values[(cell.array, cell.group)][cell.index]

    def read(self, reader: ThreadId, cell: Cell, epoch: int) -> object:
        """The value `reader`, in barrier interval `epoch` of its group, sees.  Within
        the writer's own interval the two accesses race and the run shows the newest
        value; after an unfenced barrier, the old one."""
        pending = self._unpublished.get(cell)
        if pending is not None and pending[0] != reader and pending[0].gid == reader.gid and pending[2] < epoch:
            return pending[1]
        return self.load(cell)

    def store(self, writer: ThreadId, cell: Cell, value, epoch: int) -> None:
        pending = self._unpublished.get(cell)
        published = self.load(cell) if pending is None else pending[1]
        self._unpublished[cell] = (writer, published, epoch)
        self.values[(cell.array, cell.group)][cell.index] = value

    def put(self, cell: Cell, value) -> None:
        """A write every thread sees at once: ghost code of an atomic step, whose values
        only specifications read."""
        self.values[(cell.array, cell.group)][cell.index] = value

    def fence(self, gid: int, fences: tuple[Fence, ...], writers: set | None = None) -> None:
        """A barrier of group `gid` (of the threads `writers` only: a warp's) publishes
        their writes to the memory it fences."""
        scopes = {Scope.LOCAL if f is Fence.LOCAL else Scope.GLOBAL for f in fences}
        for cell in [c for c, (writer, _, _) in self._unpublished.items()
                     if writer.gid == gid and c.array.scope in scopes and (writers is None or writer in writers)]:
            del self._unpublished[cell]

    def snapshot(self) -> "Snapshot":
        return Snapshot({key: tuple(values) for key, values in self.values.items()})


class Snapshot:
    """Memory as it was (for `\\old`)."""

    def __init__(self, values: dict):
        self.values = values

    def load(self, cell: Cell):
        return self.values[(cell.array, cell.group)][cell.index]
