"""Who runs next: the schedules of seed 000 (interleaving) and seed 003 (lock-step).

Between barriers the threads of a group may interleave in any order and groups never
synchronise (seed 000); `random` picks any runnable thread of any group, `round-robin`
one statement of each in turn.  `lockstep` runs a group as SIMT hardware would (seed
003): the active mask is the set of threads furthest behind (smallest step key), and
they run one statement together; a barrier reached by part of a group, or by some
threads while others finished, is divergence under any schedule.
"""
from __future__ import annotations

from .launch import Group, KernelRun
from .model import Schedule, TraceStep
from . import grids, warps
from .thread import Arrive, Step, ThreadRun


class Driver:
    def __init__(self, run: KernelRun):
        self.run = run
        self.events: dict[ThreadRun, object] = {}    # each live thread's next event
        self.order = [t for g in run.groups for t in g.threads]
        self.runnable = _Pool()                      # threads whose next event is a Step
        for thread in self.order:
            thread.gen = thread.main()
            self._advance(thread)

    def go(self) -> None:
        run = self.run
        schedule = run.options.schedule
        for group in run.groups:
            self._settle_if_stuck(group)
        turn = 0
        cursor = 0
        while not run.stopped:
            live = [g for g in run.groups if not g.over] if schedule is Schedule.LOCKSTEP else None
            if schedule is Schedule.LOCKSTEP:
                if not live:
                    break
                chosen = self._mask(live[turn % len(live)])
                turn += 1
            elif not self.runnable:
                break
            elif schedule is Schedule.ROUND_ROBIN:
                while self.order[cursor % len(self.order)] not in self.runnable:
                    cursor += 1
                chosen = [self.order[cursor % len(self.order)]]
                cursor += 1
            else:
                chosen = [self.runnable.choice(run.rng)]
            for thread in chosen:
                if run.stopped:
                    break
                self._step(thread)
            for group in {run.groups[t.ids.gid] for t in chosen}:
                self._settle_if_stuck(group)
        if not run.stopped:
            run.kernel_over()

    def _settle_if_stuck(self, group: Group) -> None:
        """Settle a group until one of its threads can run or it is over (a release may
        lead straight to the next barrier)."""
        while not group.over and not self.run.stopped and group.parked is None \
                and not any(t in self.runnable for t in group.threads):
            self._settle(group)

    def _mask(self, group: Group) -> list[ThreadRun]:
        """The lock-step active mask: the threads at the smallest key, when they are about
        to run a statement (threads at a barrier wait for `_settle`)."""
        live = [t for t in group.threads if t in self.events]
        if group.parked is not None:
            return []           # it waits for the other groups at a grid barrier
        if not live:
            self._settle(group)
            return []
        least = min(self.events[t].key for t in live)
        mask = [t for t in live if self.events[t].key == least]
        if isinstance(self.events[mask[0]], Arrive):
            self._settle(group, lockstep=True)
            return []
        return mask

    def _step(self, thread: ThreadRun) -> None:
        run = self.run
        run.steps += 1
        if run.steps > run.options.max_steps:
            run.stop("timeout.steps", self.events[thread].span,
                     f"the run was stopped after {run.options.max_steps} steps (a loop that does not end?)")
            return
        record = [] if run.trace is not None else None
        thread.step_record = record
        span = self.events[thread].span
        thread.at = self.events[thread].key
        self._advance(thread)
        if record is not None:
            run.trace.append(TraceStep(run.steps, thread.ids, span, tuple(record)))

    def _advance(self, thread: ThreadRun) -> None:
        try:
            event = self.events[thread] = next(thread.gen)
        except StopIteration:
            self.events.pop(thread, None)
            self.runnable.discard(thread)
            self._warp_ready(thread)
            return
        if isinstance(event, Step):
            self.runnable.add(thread)
        else:
            self.runnable.discard(thread)
            if warps.is_step(event.barrier):
                self._warp_ready(thread)

    def _warp_ready(self, thread: ThreadRun) -> None:
        """A warp's barrier or exchange goes ahead once all its unfinished threads wait
        there, whatever the rest of the group does (run/warps.py)."""
        group = self.run.groups[thread.ids.gid]
        lanes = warps.ready(self.events, thread, group, self.run.warp)
        if lanes and not self.run.stopped:
            self.run.warp_step(group, lanes, self.events[lanes[0]].barrier)
            for lane in lanes:
                self._advance(lane)

    def _settle(self, group: Group, lockstep: bool = False) -> None:
        """A group in which nobody can run (or, in lock-step, whose mask is at a barrier):
        release its barrier, or report divergence, or finish it."""
        live = [t for t in group.threads if t in self.events]
        if not live:
            self.run.group_over(group)
            grids.finished(self, group)
            return
        waiting = [t for t in live if isinstance(self.events[t], Arrive)]
        first = self.events[waiting[0]]
        finished = [t for t in group.threads if t not in self.events]
        others = [t for t in live if self.events[t].key != first.key or not isinstance(self.events[t], Arrive)]
        if not finished and not others and grids.is_grid(first.barrier):
            grids.park(self, group, first)
            return
        if not finished and not others:
            self.run.release(group, first.barrier)
            for thread in waiting:
                self._advance(thread)
            return
        line = first.barrier.span.start_line
        if finished:
            who = finished[0]
            message = (f"{len(waiting)} thread(s) of group {group.gid} wait at the barrier at line {line} "
                       f"but {who.ids.describe()} has finished")
            related = ()
        else:
            who = others[0]
            event = self.events[who]
            place = (f"at the barrier at line {event.barrier.span.start_line}" if isinstance(event, Arrive)
                     else f"at line {event.span.start_line}")
            message = (f"{waiting[0].ids.describe()} waits at the barrier at line {line} while "
                       f"{who.ids.describe()} is {place}" + (" (lock-step: a partial mask)" if lockstep else ""))
            related = ((event.span if isinstance(event, Step) else event.barrier.span,
                        f"where {who.ids.describe()} is"),)
        self.run.divergence(group, message, first.barrier.span, related)
        for thread in live:
            del self.events[thread]
            self.runnable.discard(thread)
        grids.finished(self, group, "stopped (divergence)")


class _Pool:
    """A set with a uniform random choice in O(1): the runnable threads of a launch."""

    def __init__(self):
        self._items: list = []
        self._where: dict = {}

    def __contains__(self, item) -> bool:
        return item in self._where

    def __bool__(self) -> bool:
        return bool(self._items)

    def add(self, item) -> None:
        if item not in self._where:
            self._where[item] = len(self._items)
            self._items.append(item)

    def discard(self, item) -> None:
        i = self._where.pop(item, None)
        if i is None:
            return
        last = self._items.pop()
        if i < len(self._items):
            self._items[i] = last
            self._where[last] = i

    def choice(self, rng):
        return self._items[rng.randrange(len(self._items))]
