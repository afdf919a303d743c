"""Barrier intervals of an access protocol, for one memory space.

A protocol (protocol.py) is a tree of accesses, barriers, choices and loops.  Its flow
for a memory space says which accesses can meet in one barrier interval: those that run
`through` a piece of code with no barrier of that space on the way, those `first`
(before its first barrier) and `last` (after its last), and the intervals closed inside
it (`middle`).  None means no path of that kind: a barrier always stops code from
running through.  Joining two pieces in sequence joins the last of the first with the
first of the second into an interval; a barrier that does not fence the space (a local
barrier for global memory) is no barrier for it, as in GPUVerify.

A loop is given as one iteration of its body and the renaming that gives the next one
(events.Loop), whose uniform values are independent unknowns: the interval that spans
the back edge joins the end of one iteration with the start of the next, and two
threads in one barrier interval of the body share an iteration (barriers are aligned,
so they are in the same iteration).  The loop is left by its test (the reads of its
condition) after an iteration's last barrier, or with no iteration at all unless the
condition surely holds on entry.  Only the next iteration's first, last and
through parts are made: its intervals closed inside are the first iteration's renamed,
so asking them again could find nothing new, and nesting loops does not double them.
"""
from __future__ import annotations

import functools

import attrs

from ..syntax import ast as A
from . import skips
from .events import Access, Choice, Event, Loop, Seq, Sync, walk


@attrs.frozen
class Flow:
    through: tuple | None
    first: tuple | None
    middle: tuple[tuple, ...]
    last: tuple | None
    skip: skips.Skip | None = None     # true on the paths through (skips.py)


def _cat(*parts) -> tuple | None:
    present = [p for p in parts if p is not None]
    return None if not present else tuple(a for p in present for a in p)


def _join(a: tuple | None, b: tuple | None) -> tuple | None:
    return None if a is None or b is None else a + b


_NOTHING = Flow((), None, (), None)
_NEVER = Flow(None, None, (), None)
_BARRIER = Flow(None, (), (), ())


def seq(x: Flow, y: Flow) -> Flow:
    joined = _join(x.last, y.first)
    return Flow(_join(skips.guard(x.through, y.skip), y.through),
                _cat(x.first, _join(x.through, y.first)),
                x.middle + y.middle + ((joined,) if joined is not None else ()),
                _cat(y.last, _join(skips.guard(x.last, y.skip), y.through)),
                skips.both(x.skip, y.skip))


def choice(x: Flow, y: Flow) -> Flow:
    return Flow(_cat(x.through, y.through), _cat(x.first, y.first), x.middle + y.middle, _cat(x.last, y.last),
                skips.either(x.skip, y.skip))


# `pair`: the smallest unit the two threads asked about share.  Two threads of one warp
# (WARP) are separated by every barrier, of one group (GROUP) by a group's or the
# grid's, not a warp's (races/warps.py), of two groups (GRID) by the grid's only
# (races/grids.py).
_SEPARATES = {A.Among.WARP: frozenset(A.Among), A.Among.GROUP: frozenset({A.Among.GROUP, A.Among.GRID}),
              A.Among.GRID: frozenset({A.Among.GRID})}


@functools.singledispatch
def flow(event, scope: A.Scope, pair: A.Among = A.Among.GROUP) -> Flow:
    raise TypeError(f"not a protocol event: {type(event).__name__}")


@flow.register
def _(event: Access, scope: A.Scope, pair: A.Among = A.Among.GROUP) -> Flow:
    return Flow((event,), None, (), None) if event.scope is scope else _NOTHING


@flow.register
def _(event: Sync, scope: A.Scope, pair: A.Among = A.Among.GROUP) -> Flow:
    return _BARRIER if scope in event.fences and event.among in _SEPARATES[pair] else _NOTHING


@flow.register
def _(event: Seq, scope: A.Scope, pair: A.Among = A.Among.GROUP) -> Flow:
    return functools.reduce(seq, (flow(e, scope, pair) for e in event.items), _NOTHING)


@flow.register
def _(event: Choice, scope: A.Scope, pair: A.Among = A.Among.GROUP) -> Flow:
    flows = [flow(e, scope, pair) for e in event.options]
    # No option at all: code no thread reaches, no path through it.
    return functools.reduce(choice, flows[1:], flows[0]) if flows else _NEVER


@flow.register
def _(event: Loop, scope: A.Scope, pair: A.Among = A.Among.GROUP) -> Flow:
    # Kept: an outer loop asks for its body's flow, and its loop's, at every level.
    if (scope, pair) not in event.flows:
        event.flows[(scope, pair)] = _loop(event, scope, pair)
    return event.flows[(scope, pair)]


def _loop(event: Loop, scope: A.Scope, pair: A.Among) -> Flow:
    e = flow(event.body, scope, pair)
    later = lambda part: None if part is None else tuple(event.next(a) for a in part)
    test = tuple(a for a in event.test if a.scope is scope)
    # Zero iterations run through with the test that fails (unless the loop is surely
    # entered); iterations that meet no barrier run through with theirs (one iteration
    # and the next pair any two such iterations).
    zero = None if event.entered else test
    through = _cat(zero, _cat(e.through, later(e.through))) if e.through is not None else zero
    wrap = _join(e.last, later(e.first))
    # The next iteration's own intervals are the first's renamed: the same queries.  The
    # loop is left after an iteration's last barrier by the next test, which fails.
    return Flow(through,
                _cat(e.first, _join(e.through, later(e.first))),
                e.middle + ((wrap,) if wrap is not None else ()),
                _cat(_join(e.last, later(test)), _join(e.last, later(e.through))),
                # Only zero iterations run through a loop whose every iteration meets a barrier.
                event.skip if e.through is None else None)


def crossing(event: Event) -> list[Access]:
    """The accesses that can share an interval with code outside `event`, in some memory
    space: before its first barrier, after its last, or on a path that meets none."""
    found: dict = {}
    # Threads of two groups meet across a group's barriers where the grid has its own.
    pairs = (A.Among.GROUP, A.Among.GRID) if has_grid_barrier(event) else (A.Among.GROUP,)
    for scope, pair in ((scope, pair) for scope in A.Scope for pair in pairs):
        f = flow(event, scope, pair)
        found.update((id(a), a) for part in (f.first, f.last, f.through) if part for a in part)
    return list(found.values())


def has_grid_barrier(event: Event) -> bool:
    return any(isinstance(e, Sync) and e.among is A.Among.GRID for e in walk(event))


def intervals(event: Event, scope: A.Scope, pair: A.Among = A.Among.GROUP) -> list[tuple[Access, ...]]:
    """Every barrier interval of the kernel for a memory space and a pair of threads, as
    its accesses: those closed inside, and those from the start or to the end of the
    kernel."""
    f = flow(event, scope, pair)
    found = list(f.middle) + [part for part in (f.through, f.first, f.last) if part]
    return [i for i in found if i]
