"""The order of OpenCL's asynchronous copies, their waits and the barriers in a mapped
kernel (docs/cfamily.md, "Asynchronous copies"): the model of async_copies.py moves the
cells at the call; a copy still in flight at a barrier may move them in any barrier
interval up to its wait, so its accesses are repeated after each barrier it crosses
(async_flight.py), and one the kernel may end without waiting for is undefined
(`divergence.unwaited`, reported by the semantic stage).  A copy is one per call, so
not inside a loop.

The mapped statements are walked in order with the copies that may be in flight on
some path, those in flight on every path, and what each event holds (the marks
async_copies.py leaves: copies, waits, assignments of events).  Branches join: a copy
pending on one path may be pending after them, an event set differently on two paths
is unknown.  A loop's body is walked twice, from what holds before it and after one
run.  A barrier must see the same copies in flight on every path and in every
iteration, so that repeating them after it is exact; what the model does not cover is
refused at the copy.
"""
from __future__ import annotations

import math

import attrs

from .. import diagnostics as D
from ..syntax import ast as A
from .async_copies import CODE, MARK, TOP, Copy, Set, Table, Wait, tables


@attrs.frozen
class _State:
    pending: tuple        # (mark, Copy) of the copies that may be in flight on some path
    certain: frozenset    # the marks of those in flight on every path
    slots: tuple          # (slot, frozenset of copy marks, or TOP)

    def slot(self, slot):
        return dict(self.slots).get(slot, TOP)

    def with_slots(self, changes: dict) -> "_State":
        slots = dict(self.slots)
        slots.update(changes)
        return attrs.evolve(self, slots=tuple(slots.items()))


START = _State((), frozenset(), ())


def _join(*states: _State) -> _State:
    pending = dict(p for s in states for p in s.pending)
    keys = {k for s in states for k, _ in s.slots}
    slots = {}
    for k in keys:
        values = {s.slot(k) for s in states}
        slots[k] = values.pop() if len(values) == 1 else TOP
    return _State(tuple(pending.items()), frozenset.intersection(*(s.certain for s in states)), tuple(slots.items()))


class _Loop:
    def __init__(self) -> None:
        self.breaks: list[_State] = []
        self.continues: list[_State] = []


@attrs.frozen
class Flight:
    """What the walk found: the copies to repeat after each barrier (by the barrier's
    id), and those the kernel may end without waiting for."""
    repeats: dict
    unwaited: frozenset


def follow(scope, stmts: tuple) -> Flight | None:
    """Each copy's barriers and end followed, and not inside a loop; with groups that
    may have one work-item, no access of the work-item to a copy's arrays between the
    call and the wait.  None for a kernel without copies."""
    table = tables.get(scope)
    if table is None or not table.marks:
        return None
    walk = _Walk(scope, table)
    walk.end(walk.block(stmts, START, None))
    return Flight(walk.repeats(), frozenset(walk.unwaited))


class _Walk:
    def __init__(self, scope, table: Table) -> None:
        self.s = scope
        self.table = table
        local = scope.launch.local
        self.single = local is None or math.prod(local) == 1
        self.reported: set = set()
        self.crossed: dict = {}        # id(barrier) -> (barrier, the sets of marks in flight there)
        self.unwaited: set = set()

    def refuse(self, span, message: str) -> None:
        if (span, message) not in self.reported:
            self.reported.add((span, message))
            self.s.problems.append(D.error(CODE, span, message))

    def block(self, stmts, state: _State, loop: _Loop | None) -> _State:
        for stmt in stmts:
            state = self.stmt(stmt, state, loop)
        return state

    def stmt(self, s, state: _State, loop: _Loop | None) -> _State:
        match s:
            case A.Block(stmts=(A.VarDecl(name=name), *_)) if isinstance(self.table.marks.get(name), Copy):
                return self.copy(name, self.table.marks[name], state, loop)
            case A.VarDecl(name=name) if name in self.table.marks:
                return self.event(self.table.marks[name], state)
            case A.Block():
                return self.block(s.stmts, state, loop)
            case A.If():
                self.accesses(s.cond, state)
                then = self.stmt(s.then, state, loop)
                otherwise = self.stmt(s.otherwise, state, loop) if s.otherwise is not None else state
                return _join(then, otherwise)
            case A.While() | A.For():
                if isinstance(s, A.For) and s.init is not None:
                    state = self.stmt(s.init, state, loop)
                inner = _Loop()
                first = self.iteration(s, state, inner)
                second = self.iteration(s, _join(state, first, *inner.continues), inner)
                return _join(state, first, second, *inner.breaks)
            case A.Barrier():
                self.barrier(s, state)
                return state
            case A.Return():
                self.end(state)
                return state
            case A.Break() if loop is not None:
                loop.breaks.append(state)
                return state
            case A.Continue() if loop is not None:
                loop.continues.append(state)
                return state
        self.accesses(s, state)
        return state

    def iteration(self, s, state: _State, inner: _Loop) -> _State:
        self.accesses(s.cond, state)
        state = self.stmt(s.body, state, inner)
        if isinstance(s, A.For) and s.update is not None:
            state = self.stmt(s.update, state, inner)
        return state

    def copy(self, mark: str, copied: Copy, state: _State, loop: _Loop | None) -> _State:
        if loop is not None:
            self.refuse(copied.span, "a copy inside a loop is not supported: each run is a copy of its own, whose "
                                     "elements other work-items may move")
        for _, other in state.pending:
            if self.single and (copied.dst & (other.dst | other.src) or copied.src & other.dst):
                self.refuse(copied.span, f"this copy meets the cells of a copy (line {other.span.start_line}) that "
                                         "may be in flight: with one work-item per group this is not judged; give "
                                         "the launch's group size")
        event = frozenset({mark})
        changes = {}
        if copied.given is not None:
            joined = state.slot(copied.given)
            if joined == TOP:
                self.refuse(copied.span, "this copy joins an event that is not known here (not set, already "
                                         "waited for, or set differently on different paths), so which wait "
                                         "completes it cannot be followed")
            event = TOP if joined == TOP else joined | event
            changes[copied.given] = event
        if copied.into is not None:
            changes[copied.into] = event
        return attrs.evolve(state, pending=state.pending + ((mark, copied),),
                            certain=state.certain | {mark}).with_slots(changes)

    def event(self, entry, state: _State) -> _State:
        match entry:
            case Set(targets=targets, source=source):
                value = frozenset() if source is None else TOP if source == TOP else state.slot(source)
                return state.with_slots({t: value for t in targets})
            case Wait(slots=slots):
                done = set()
                for slot in slots:
                    value = state.slot(slot)
                    if value != TOP:
                        done |= value
                pending = tuple((m, c) for m, c in state.pending if m not in done)
                # A wait releases its events: they name no copy afterwards.
                return attrs.evolve(state, pending=pending, certain=state.certain - done) \
                    .with_slots({slot: TOP for slot in slots})
        return state

    def barrier(self, barrier: A.Barrier, state: _State) -> None:
        """The copies in flight here are repeated after the barrier: exact only if they
        are in flight on every path to it, the same ones in every iteration."""
        for mark, copied in state.pending:
            if mark not in state.certain:
                self.partly(copied, barrier)
        _, seen = self.crossed.setdefault(id(barrier), (barrier, set()))
        seen.add(frozenset(state.certain))

    def partly(self, copied: Copy, barrier: A.Barrier) -> None:
        self.refuse(copied.span, f"this copy is in flight at the barrier on line {barrier.span.start_line} on some "
                                 "paths or iterations only (it is waited for on others): not supported")

    def repeats(self) -> dict:
        out = {}
        for key, (barrier, seen) in self.crossed.items():
            marks = frozenset().union(*seen)
            if len(seen) > 1:
                for mark in marks - frozenset.intersection(*seen):
                    self.partly(self.table.marks[mark], barrier)
            if marks:
                out[key] = tuple(sorted(marks, key=lambda m: int(m[len(MARK):])))
        return out

    def end(self, state: _State) -> None:
        """The kernel ends (or returns) with these copies possibly in flight: undefined."""
        self.unwaited.update(mark for mark, _ in state.pending)

    def accesses(self, node, state: _State) -> None:
        """With one work-item per group there is no other owner to race with: its own
        access to a copy's cells while the copy may be in flight is refused."""
        if not self.single or not state.pending or node is None:
            return
        for inner in A.walk(node):
            written = isinstance(inner, A.ArrayAssign)
            target = inner.target if written else inner
            if not isinstance(target, A.Index) or not isinstance(target.array, A.Name):
                continue
            for _, copied in state.pending:
                if target.array.id in copied.dst or written and target.array.id in copied.src:
                    self.refuse(target.span, f"`{target.array.id}` is accessed while a copy (line "
                                             f"{copied.span.start_line}) may be in flight: with one work-item per "
                                             "group this is not judged; give the launch's group size")
