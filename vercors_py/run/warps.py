"""Warps in a run (docs/warps.md): a warp's barrier and its data exchanges.

A warp is `size` threads of a group by linear id (lid / size), its lane lid % size.
A warp's barrier (`__syncwarp`) or exchange (a shuffle or vote) is released when every
thread of the warp that has not finished waits at it (CUDA: every non-exited thread
the full mask names), and only then: the others of the group need not be there.
Lanes past the group's last thread, and threads that finished, take no part.

An exchange gives each lane what CUDA defines (the programming guide, "Warp Shuffle
Functions"): within segments of `width` lanes, `__shfl_sync` the value of lane
`srcLane mod width` of the segment; `__shfl_up_sync` of lane - delta, or its own below
the segment's start; `__shfl_down_sync` of lane + delta, or its own past its end;
`__shfl_xor_sync` of lane ^ laneMask (its 5 low bits), or its own if that lane is in a
later segment; a vote over the lanes taking part.  A lane read that takes no part, a
width that is not a power of two at most the warp's size, or a warp whose size is not a
power of two, leave the value undefined: a problem (`divergence.lane`), and the run goes
on with the lane's own value.

In lock-step (`Warp.lockstep`) the run takes the lock-step schedule (a group in SIMT
lock-step is one execution of warps in lock-step), and two threads of one warp race
only when both write one cell in one statement instance (race_detector.py).
"""
from __future__ import annotations

from ..syntax import ast as A

BITS = 32         # the bits of a lane index a shuffle reads (PTX's shfl: b[4:0])


def resolve(kernel: A.Kernel, options) -> A.Warp:
    """The kernel's warps with the run's options over them."""
    return A.Warp(options.warp_size or kernel.warp.size, options.lockstep or kernel.warp.lockstep)


def lane(warp: A.Warp, lid: int) -> int:
    return lid % warp.size


def index(warp: A.Warp, lid: int) -> int:
    return lid // warp.size


def is_step(s) -> bool:
    """Whether the statement waits for the other threads of its warp."""
    return isinstance(s, A.WarpExchange) or isinstance(s, A.Barrier) and s.among is A.Among.WARP


def ready(events: dict, thread, group, warp: A.Warp) -> list | None:
    """The threads of `thread`'s warp, when every one of them that has not finished
    waits at one warp step (the same statement, reached by the same path); else None."""
    start = index(warp, thread.ids.lid) * warp.size       # a group's threads are in lid order
    peers = [t for t in group.threads[start:start + warp.size] if t in events]
    at = {(events[t].key, id(getattr(events[t], "barrier", None))) for t in peers}
    if peers and len(at) == 1 and is_step(getattr(events[peers[0]], "barrier", None)):
        return peers
    return None


def exchange(run, lanes: list, s: A.WarpExchange) -> None:
    """Each lane's result of the exchange, in the frame it waits in."""
    warp = run.warp
    offers = {lane(warp, t.ids.lid): t.offer for t in lanes}
    width = s.width if s.width is not None else warp.size
    valid = _power_of_two(warp.size) and _power_of_two(width) and width <= warp.size
    if not valid:
        run.report(lanes[0], "divergence.lane", s.span,
                   f"`{s.name or s.op.value}` with width {width} in warps of {warp.size} threads: CUDA defines a "
                   "shuffle for a width that is a power of two at most the warp size only")
    for t in lanes:
        mine = lane(warp, t.ids.lid)
        value, at = offers[mine]
        if s.op.is_vote:
            result = _vote(s.op, offers)
        else:
            source = _source(s.op, mine, at, width, warp.size) if valid else mine
            if source not in offers:
                run.report(t, "divergence.lane", s.span,
                           f"`{s.name or s.op.value}` reads lane {source} of its warp, which takes no part in it "
                           "(finished, or past the group's last thread): the value is undefined")
                source = mine
            result = offers[source][0]
        t.barrier_frame[s.result.symbol] = result


def _source(op: A.WarpOp, mine: int, at: int, width: int, size: int) -> int:
    start = mine - mine % width
    match op:
        case A.WarpOp.SHFL:
            return start + at % width
        case A.WarpOp.SHFL_UP:
            return mine - at if mine % width >= at else mine
        case A.WarpOp.SHFL_DOWN:
            return mine + at if mine % width + at < width else mine
        case A.WarpOp.SHFL_XOR:
            other = mine ^ (at % BITS)
            return other if other // width <= mine // width and other < size else mine
    raise ValueError(f"not a shuffle: {op}")


def _vote(op: A.WarpOp, offers: dict) -> int:
    holds = {k: bool(v) for k, (v, _) in offers.items()}
    match op:
        case A.WarpOp.BALLOT:
            return sum(1 << k for k, h in holds.items() if h)
        case A.WarpOp.ANY:
            return int(any(holds.values()))
        case A.WarpOp.ALL:
            return int(all(holds.values()))
    raise ValueError(f"not a vote: {op}")


def _power_of_two(n: int) -> bool:
    return n >= 1 and n & (n - 1) == 0
