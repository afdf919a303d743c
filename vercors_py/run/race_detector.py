"""Data races between barriers (seed 000): two accesses to one cell, at least one a
write, by different threads of a group in the same barrier interval, or by threads of
different groups to global memory in the same interval of the grid's barriers (at any
time in a kernel without them).

An atomic update is a write that races with any plain access and with no other atomic
update (docs/language.md, "Atomics").

Whether two accesses race does not depend on the order the schedule ran them in, so a
race is found whichever interleaving the run took.  Per cell and thread only the latest
read, the latest write and the latest atomic update are kept: enough to find a race on
every cell that has one.
"""
from __future__ import annotations

from .model import CellAccess, Cell, ThreadId


class RaceDetector:
    def __init__(self) -> None:
        self._latest: dict[Cell, dict[tuple[ThreadId, str], CellAccess]] = {}

    def access(self, access: CellAccess) -> CellAccess | None:
        """Record an access; return an earlier access it races with, if any."""
        seen = self._latest.setdefault(access.cell, {})
        found = None
        for (thread, _), other in seen.items():
            if thread != access.thread and (other.write or access.write) and not (other.atomic and access.atomic) \
                    and _concurrent(other, access):
                found = other
                if other.write:          # prefer the write as the other side of a read
                    break
        seen[(access.thread, access.kind)] = access
        return found


def _concurrent(a: CellAccess, b: CellAccess) -> bool:
    if a.thread.gid != b.thread.gid:
        # Groups synchronise at the grid's barriers only (grids.py).
        return b.cell.group is None and a.grid_epoch == b.grid_epoch
    if a.epoch != b.epoch or a.warp != b.warp:
        return a.epoch == b.epoch
    # One warp (run/warps.py): in lock-step only one statement instance's two writes
    # are unordered; otherwise a warp's barrier orders them too.
    if a.at is not None:
        return a.at == b.at and a.write and b.write
    return a.warp_epoch == b.warp_epoch


def kind(first: CellAccess, second: CellAccess) -> str:
    """GPUVerify's names: write-write, write-read, read-write (first, then second),
    read-atomic, write-atomic (the atomic last)."""
    if first.atomic:
        first, second = second, first
    return f"{first.kind}-{second.kind}"
