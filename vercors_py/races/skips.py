"""The condition under which a barrier loop runs no iteration, on the path that skips it.

intervals.py joins the accesses before a barrier loop with those after it along the
path of zero iterations, and the loop's last iteration's accesses with those after it
along the paths that run it: after the loop, one interval holds both, as alternatives.
Two threads of a group cannot be on the two alternatives at once when the loop's entry
is uniform (otherwise `divergence.*` is reported): one would have passed the loop's
barriers and the other not.  But the accesses before the loop carry no sign of the path
they took, so a query may pair them with the loop's own.  On the path that skips the
loop, they are given the condition of skipping it (the loop's condition false where the
loop starts, events.Loop.skip), as copies: a condition true on that path, so nothing
is lost, and the pair of alternatives then needs a group whose threads disagree on it.
"""
from __future__ import annotations

import attrs
import z3


@attrs.frozen(eq=False)
class Skip:
    """A condition true on every path through a piece of code that runs through it, and
    the accesses given it (one copy per access, so that queries stay shared)."""
    cond: object
    copies: dict = attrs.field(factory=dict)

    def guard(self, part: tuple | None) -> tuple | None:
        if part is None:
            return None
        out = []
        for access in part:
            if id(access) not in self.copies:
                copy = attrs.evolve(access, guard=z3.And(access.guard, self.cond))
                self.copies[id(access)] = (access, copy)
            out.append(self.copies[id(access)][1])
        return tuple(out)


def guard(part: tuple | None, skip: Skip | None) -> tuple | None:
    return part if skip is None else skip.guard(part)


def both(x: Skip | None, y: Skip | None) -> Skip | None:
    """Through two pieces in sequence."""
    return x if y is None else y if x is None else Skip(z3.And(x.cond, y.cond))


def either(x: Skip | None, y: Skip | None) -> Skip | None:
    """Through one of two alternatives."""
    return None if x is None or y is None else Skip(z3.Or(x.cond, y.cond))
