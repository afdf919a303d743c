"""OpenCL's asynchronous copies in flight across barriers and to the kernel's end
(docs/cfamily.md, "Asynchronous copies"), written into the mapped kernel from what
async_order.py found.

A copy not yet waited for may move its cells in any barrier interval between its call
and its wait, so its accesses belong to each of them: the copy's moving loop (moved by
`\\async_owner(N, m) % gsize`, async_copies.py) is repeated right after each barrier it
crosses.  Every execution moves each cell once, in one of those intervals, by some
work-item or by the hardware; the model moves it, with the same unknown owner, in every
one of them, so each access of an execution is one of the model's, in the same
interval (more races, never fewer).  What a repeat writes is what the call's would:
the source's cells, which no other work-item may write while the copy is in flight
without a race with the repeat, and the destination's, read by another work-item in
that interval only with a race.

The repeats use the values the call's arguments had (its `F$group_...` variables), so
the copy's statements are spliced into the block around it, where the barriers after
it can see them; a barrier outside that block is refused.  A copy the kernel may end
without waiting for (undefined in OpenCL) leaves a variable named with `UNWAITED`,
which the semantic stage reports as `divergence.unwaited` in `races` and `check`.
"""
from __future__ import annotations

import attrs

from .. import diagnostics as D
from ..semantics.uniformity import UNWAITED
from ..syntax import ast as A
from .async_copies import CODE, MARK, Copy, tables
from .async_order import Flight


def rewrite(scope, stmts: tuple, flight: Flight | None) -> tuple:
    """The kernel's statements with each copy's repeats after the barriers it crosses."""
    if flight is None:
        return stmts
    return tuple(_Rewrite(scope, flight).block(stmts, {}))


class _Rewrite:
    def __init__(self, scope, flight: Flight) -> None:
        self.s = scope
        self.flight = flight
        self.marks = tables[scope].marks
        self.loops: dict[str, A.For | None] = {}

    def block(self, stmts, visible: dict) -> list:
        """`visible`: the copies whose statements are in scope (mark -> its loop); a
        block sees its enclosing blocks' and its own."""
        visible = dict(visible)
        out: list = []
        for s in stmts:
            match s:
                case A.Block(stmts=(A.VarDecl(name=name), *rest)) if isinstance(self.marks.get(name), Copy):
                    out.extend(s.stmts)
                    if name in self.flight.unwaited:
                        out.append(_unwaited(name, s.span))
                    visible[name] = rest[-1] if rest and isinstance(rest[-1], A.For) else None
                case A.Barrier():
                    out.append(s)
                    out.extend(self.repeats(s, visible))
                case _:
                    out.append(self.stmt(s, visible))
        return out

    def stmt(self, s, visible: dict):
        match s:
            case A.Block():
                return attrs.evolve(s, stmts=tuple(self.block(s.stmts, visible)))
            case A.If():
                otherwise = self.single(s.otherwise, visible) if s.otherwise is not None else None
                return attrs.evolve(s, then=self.single(s.then, visible), otherwise=otherwise)
            case A.While() | A.For():
                return attrs.evolve(s, body=self.single(s.body, visible))
        return s

    def single(self, s, visible: dict):
        """A branch's or a loop's body, a block of its own when it grows."""
        if isinstance(s, A.Block):
            return self.stmt(s, visible)
        out = self.block((s,), visible)
        return out[0] if len(out) == 1 else A.Block(tuple(out), span=s.span)

    def repeats(self, barrier: A.Barrier, visible: dict) -> list:
        out = []
        for mark in self.flight.repeats.get(id(barrier), ()):
            if mark not in visible:
                self.s.problems.append(D.error(
                    CODE, self.marks[mark].span, f"this copy is in flight at the barrier on line "
                    f"{barrier.span.start_line}, outside the block it is called in: not supported"))
            elif visible[mark] is not None:
                out.append(visible[mark])
        return out


def _unwaited(mark: str, span) -> A.VarDecl:
    name = f"async{UNWAITED}{mark[len(MARK):]}"
    return A.VarDecl(A.Type.BOOL, name, A.BoolLit(True, span=span), None, name_span=span, span=span)
