"""Invariant blocks and atomic blocks in a run (A.InvariantBlock, A.AtomicBlock), as
`check` reads them (engine/execution/invariant_blocks.py): where an invariant block
starts, its resource must hold on the thread's state (`invariant.establish`) and its
permissions leave the thread's ledger; an atomic block gives them back for its body,
after which the resource must hold again (`invariant.maintain`) and they leave again;
the block's end gives them back.  The invariant belongs to the thread that runs the
block, so no other thread's steps bear on it: an atomic block need not run as one step
(another thread that touched its cells would be a permission error, or a race)."""
from __future__ import annotations

import attrs

from ..syntax import ast as A
from . import resources as R


def _clauses(resource: A.Expr) -> list[A.Clause]:
    return [A.Clause(A.ClauseKind.INVARIANT, resource, span=resource.span)]


def move(run, thread, s: A.InvariantBlock | A.AtomicBlock, frame: dict, to_thread: bool,
         before: R.Reading | None = None) -> R.Reading | None:
    """The resource of `s`'s invariant comes to the thread (in an atomic block, where the
    invariant block ends) or leaves it (where the invariant block starts, after an
    atomic block), which must then hold it; the reading.  A fact already false when
    the atomic block got the resource (`before`) is not the block's to keep: where the
    invariant block starts it was reported."""
    if not run.contracts:
        return None
    reading = run._read(thread, _clauses(s.resource), frame)
    if reading is None:
        return None
    if to_thread:
        thread.ledger = R.add(thread.ledger, reading.total())
        thread.sources.update({h.cell: h.span for h in reading.held})
        return reading
    if before is not None:
        already = {id(fact) for fact in before.false}
        reading = attrs.evolve(reading, false=tuple(f for f in reading.false if id(f) not in already))
    if isinstance(s, A.InvariantBlock):
        code, what = "invariant.establish", f"the invariant `{s.name}` does not hold where its block starts"
    else:
        code, what = "invariant.maintain", f"the invariant `{s.name}` does not hold after the atomic block " \
                                           f"at line {s.span.start_line}"
    run._check(thread, reading, code, None, what, frame)
    thread.ledger = R.subtract(thread.ledger, reading.total())
    return reading
