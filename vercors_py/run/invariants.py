"""The kernel's value invariant in a run (docs/language.md, "Running kernels"), as
`check` reads it (engine/execution/invariants.py).

The invariant owns the cells it names a `Perm` of for the whole launch: its resources
are taken from the kernel's before any group gets its own (launch.py), so no thread
holds them.  An atomic on one of its arrays opens it for its one step: the thread holds
the invariant's amounts beside its own while it updates the cell and runs the ghost
`then` block, then gives them back, and the invariant's facts must hold on the new
memory (`invariant.maintain`, a concrete counterexample of check's obligation).  The
invariant is read in nobody's view (the newest values): an atomic step acts on memory.
"""
from __future__ import annotations

from collections.abc import Callable

from ..syntax import ast as A
from ..syntax.snippet import short
from . import resources as R


def atomic_step(run, thread, s: A.AtomicUpdate, frame: dict, step: Callable[[], None]) -> None:
    """Run `step` (the atomic and its `then` block), with the invariant open when `s`
    updates one of its arrays."""
    if not run.contracts or s.target.array.symbol not in run.invariant_arrays:
        step()
        return
    before = run.read_invariant()
    if before is None:          # not evaluable: reported once, run as without it
        step()
        return
    thread.ledger = R.add(thread.ledger, before.total())
    step()
    after = run.read_invariant()
    if after is None:
        thread.ledger = R.subtract(thread.ledger, before.total())
        return
    opened = ((s.span, f"the `{s.op}` that opened it"),)
    # A fact false before the step (on inputs that miss it: run.inputs) is not the
    # step's to keep; the kernel's end reports it.
    already = {fact.span for fact in before.false}
    for fact in (f for f in after.false if f.span not in already):
        run.report(thread, "invariant.maintain", fact.span,
                   f"the kernel invariant does not hold after the `{s.op}` at line {s.span.start_line} "
                   f"and its `then` block: `{short(fact)}` is false", frame=frame, related=opened)
    for cell, need, have in R.missing(thread.ledger, after.total()):
        run.report(thread, "invariant.maintain", next(h.span for h in after.held if h.cell == cell),
                   f"after the `{s.op}` at line {s.span.start_line} the kernel invariant needs {need.describe()} "
                   f"of {cell.describe()}, but the thread holds "
                   f"{'nothing' if not have.positive else have.describe()} of it", frame=frame, related=opened)
    thread.ledger = R.subtract(thread.ledger, after.total())
