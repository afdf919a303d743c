"""Invariant blocks and atomic blocks (A.InvariantBlock, A.AtomicBlock), as VerCors's
ParBlockEncoder encodes ParInvariant and ParAtomic: the invariant block exhales its
resource where it starts (`invariant.establish`), runs its body and inhales it at its
end; an atomic block inhales it, runs its body and exhales it (`invariant.maintain`).

An exhale is one consume of the resource: its facts read the state before it, its
permissions are taken one after the other (as a barrier's precondition), and the thread
forgets the values of the cells it then holds nothing of (as at a call).  That is exact
in a kernel of many threads because the invariant belongs to the thread that runs the
block (semantics/invariant_blocks.py): between its exhale and an inhale, no other thread
can reach its cells, and the resource frames itself (obligations: framing of the
invariant), so its facts still hold where an atomic block inhales it."""
from __future__ import annotations

import attrs

from ...diagnostics import Related
from ...syntax import ast as A
from ...syntax.snippet import short
from ..explanation.counterexample import Point
from .engine import Origin
from .evaluate import Reads
from .produce_consume import Codes, Mode
from .state import State

SPEC_READS = Reads("framing.perm")


def invariant_block(ex, s: A.InvariantBlock, st: State, exits) -> None:
    ex.engine.point = Point("where the invariant block starts", s.span)
    codes = Codes("invariant.establish", "invariant.establish", f"the invariant `{s.name}` where its block starts",
                  (Related(s.span, f"the invariant block `{s.name}`"),))
    _frames_itself(ex, s.resource, st)
    rest = _exhale(ex, s.resource, st, codes)

    def end(x: State) -> None:
        ex.engine.point = Point("where the invariant block ends", s.span)
        exits.normal(_inhale(ex, s.resource, x, s, f"the invariant `{s.name}`, back where its block ends"))
    ex.stmt(s.body, rest, attrs.evolve(exits, normal=end))


def atomic_block(ex, s: A.AtomicBlock, st: State, exits) -> None:
    ex.engine.point = Point("where the atomic block starts", s.span)
    opened = _inhale(ex, s.resource, st, s, f"the invariant `{s.name}`, opened by the atomic block")
    codes = Codes("invariant.maintain", "invariant.maintain", f"the invariant `{s.name}` after the atomic block",
                  (Related(s.span, f"the atomic block `atomic({s.name})`"),))

    def end(x: State) -> None:
        ex.engine.point = Point("where the atomic block ends", s.span)
        exits.normal(_exhale(ex, s.resource, x, codes))
    ex.stmt(s.body, opened, attrs.evolve(exits, normal=end))


def _frames_itself(ex, resource: A.Expr, st: State) -> None:
    """The resource reads only cells it holds a share of (`framing.perm`): those no
    thread can write while the invariant holds the share, so its facts still hold when
    an atomic block gets it back; a fact framed by the thread's own permission would
    not (the thread may write the cell in between)."""
    ex.engine.solver.push()
    try:
        ex.heap.produce(resource, attrs.evolve(st, mask={}), mode=Mode(wellformed=SPEC_READS))
    finally:
        ex.engine.solver.pop()


def _exhale(ex, resource: A.Expr, st: State, codes: Codes) -> State:
    ex.heap.consume(resource, st, codes, mode=Mode(resources=False, wellformed=SPEC_READS))
    rest = ex.heap.consume(resource, st, codes, mode=Mode(facts=False))
    touched = [a for a in rest.mask if rest.mask.get(a) != st.mask.get(a)]
    return ex.heap.havoc_unheld(rest, touched)


def _inhale(ex, resource: A.Expr, st: State, site, label: str) -> State:
    with ex.engine.assuming(Origin("invariant", resource.span, f"{label} `{short(resource)}`", site.span)):
        return ex.heap.produce(resource, st)
