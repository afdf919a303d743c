"""The grid's barrier in a run (cooperative groups' `this_grid().sync()`,
`barrier(grid)`): a barrier of every thread of the kernel.

A group whose every thread waits at one grid barrier is parked there; the barrier is
released once every group is parked at it (the cooperative launch CUDA requires for
it: every group resident, so none waits for another to finish first).  Released, it
is a barrier of each group (fences, the group's intervals, its contract's checks) and
one more interval of the grid's: two accesses of threads of different groups race
only in one grid interval (race_detector.py).  A group that finishes, or stops by
divergence, while another waits at a grid barrier, or groups parked at two different
grid barriers, are divergence: some thread of the kernel does not reach the barrier.

With contracts, every thread hands in what it holds (launch.py's `arrive`) and the
barrier hands out what its postconditions say, which the kernel's resources must
cover (all groups' threads at once, `barrier.resources`); each group then holds what
its threads were given, which is what its later barriers may hand out.
"""
from __future__ import annotations

from ..syntax import ast as A
from . import resources as R


def is_grid(barrier) -> bool:
    return isinstance(barrier, A.Barrier) and barrier.among is A.Among.GRID


def park(driver, group, arrival) -> None:
    """Every thread of `group` waits at the grid barrier of `arrival`."""
    run = driver.run
    group.parked = arrival
    done = next((g for g in run.groups if g.over), None)
    if done is not None:
        stop(driver, group, f"the threads of group {group.gid} wait at the grid barrier at line "
                            f"{arrival.barrier.span.start_line} but group {done.gid} has finished")
        return
    parked = [g for g in run.groups if g.parked is not None]
    if len(parked) < len(run.groups):
        return
    first = parked[0].parked
    other = next((g for g in parked if g.parked.key != first.key or g.parked.barrier is not first.barrier), None)
    if other is not None:
        stop(driver, other, f"group {parked[0].gid} waits at the grid barrier at line "
                            f"{first.barrier.span.start_line} while group {other.gid} waits at the grid barrier "
                            f"at line {other.parked.barrier.span.start_line}")
        return
    release(run, first.barrier)
    for g in run.groups:
        g.parked = None
        for thread in [t for t in g.threads if t in driver.events]:
            driver._advance(thread)


def finished(driver, group, why: str = "has finished") -> None:
    """`group` is over: the groups parked at a grid barrier wait for it in vain."""
    for g in driver.run.groups:
        if g.parked is not None and not g.over:     # stopping one may stop the others
            stop(driver, g, f"the threads of group {g.gid} wait at the grid barrier at line "
                            f"{g.parked.barrier.span.start_line} but group {group.gid} {why}")


def stop(driver, group, message: str) -> None:
    arrival = group.parked
    group.parked = None
    driver.run.divergence(group, message, arrival.barrier.span)
    for thread in [t for t in group.threads if t in driver.events]:
        del driver.events[thread]
        driver.runnable.discard(thread)
    finished(driver, group, "stopped (divergence)")


def release(run, barrier: A.Barrier) -> None:
    given = [h for group in run.groups for h in run.release(group, barrier, pooled=False)]
    run.grid_epoch += 1
    if not run.contracts:
        return
    run.cover(run.kernel_pool, given, barrier, "the kernel")
    # Each group now holds what its threads were given, and all of its local memory.
    for group in run.groups:
        local = {c: a for c, a in group.pool.items() if c.group is not None}
        group.pool = {**R.total(h for ids, h in given if ids.gid == group.gid and h.cell.group is None), **local}
