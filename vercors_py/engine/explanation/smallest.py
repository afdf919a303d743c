"""The smallest launch a counterexample allows: its sizes, then its thread ids, lowered
one at a time with the solver.

Z3 gives the first model it meets.  For a .pvl kernel that is a small launch (its sizes
are bounded only from below), but a C kernel's platform limits bound them from above (at
most 1024 threads per block in CUDA, 2^31 - 1 blocks), and Z3 takes any size up to them,
often the bound: a note with `gsize = 1024` and thread 929, which `check --replay` then
runs as 1,024 threads.  So a model is tightened when a size or id (of one axis, or the
linear one) is above SMALL, whatever the front end: models small enough to read stay as
the solver found them (the tutorial quotes such notes).  Tightening gives each size (per
axis, threads per group before groups), then each id of the obligation's own thread
(group before thread), then those of the other threads the failing formula names
(`lid'`), the least value the failure allows with the ones before it fixed.

A value is lowered by probing `x <= k` on a solver of its own, built from the path's
assertions and the negated check: k from the least value x can have upwards, twice as
far each time there is no model, then by halves once there is one.  A least value of 1
or 2 (the usual answer) costs one or two probes, whatever the first model said; a size
the launch fixes at n costs about log2(n) probes, each refuted at once.  (Probing just
below the model's value first would save those, but it leaves Z3 searching among large
values in the probes after it, at many times the cost.)

Only the note comes from here: the check has failed before this runs, and a probe
without an answer (out of resource units: a path the solver finds hard) ends the
tightening with the model it has.  Probes are bounded in Z3 resource units, so the
counterexample does not depend on the machine's load.  The function definitions are off
in the probes (as in the search for a counterexample without them, solver.py); a model
that then gives a defined function an impossible value (concrete.py's audit) is dropped
for the one the check found.
"""
from __future__ import annotations

import z3

from ..solver.solver import SEED, Cancelled
from ..solver.terms import subterms

# A model whose sizes and ids are all at most this is kept as found: small enough to read
# and to replay.
SMALL = 8
# Z3 resource units for all the probes of one counterexample (about a tenth of a second),
# and at most per probe.  A probe re-reads the path from scratch; on examples/ and
# tests/data/ the costliest took 16 thousand units, all of one counterexample's 33
# thousand.
BUDGET = 200_000
PROBE_RLIMIT = 100_000
# A cap on the number of probes, most of which are refuted at once: a least value near
# 2^31 takes about 60, and an overflow's launch (ngroups and gid near 2^31) took 94.
MAX_PROBES = 200
# Only a cap on the wall-clock time of one probe, should resource units not bound it.
WALL_CAP = 1.0            # seconds

SIZES = ("gsize", "ngroups")
IDS = ("gid", "lid")


def smallest(engine, full, model):
    """A model of the path and `not full` whose sizes, then ids, are as small as the
    probes could make them; `model` when it is small already or nothing better was found."""
    terms = _terms(engine.watches, full)
    if not _tighten(engine, model, terms):
        return model
    probes = _Probes(engine, full)
    best = model
    for term, floor in terms:
        best = probes.lower(term, floor, best)
        probes.pin(term == _value(best, term))
    if best is model:
        return model
    if engine.solver.definitions and engine.functions is not None and engine.functions.defined \
            and not _trusted(engine, best, full):
        return model
    return best


def _trusted(engine, model, full) -> bool:
    from .concrete import Audit      # the interpreter's evaluation, loaded only for a failure
    return Audit(engine, model, full).trusted


def _tighten(engine, model, terms) -> bool:
    """Whether the model is worth the probes (the module's docstring says when)."""
    linear = [w.term for w in engine.watches if w.name in ("gsize", "ngroups", "tid")]
    return any(_value(model, t) > SMALL for t in [*(t for t, _ in terms), *linear])


def _terms(watches, full) -> list[tuple]:
    """(unknown, its least possible value) in the order they are lowered: the sizes per
    axis, then the ids' parts of the obligation's own thread, then those of the other
    threads the failing formula speaks of (`lid'`).  The linear sizes and ids of three
    dimensions are products and sums of the parts, lowered with them."""
    out: dict[int, tuple] = {}
    for names, floor in ((SIZES, 1), (IDS, 0)):
        for name in names:
            for w in watches:
                if _base(w.name) == name and _unknown(w.term):
                    out.setdefault(w.term.get_id(), (w.term, floor))
    others = [t for t in subterms(full)
              if _unknown(t) and z3.is_int(t) and _base(t.decl().name().split("!")[0]) in (*IDS, "tid")]
    for t in sorted(others, key=lambda t: t.decl().name()):
        out.setdefault(t.get_id(), (t, 0))
    return list(out.values())


def _base(name: str) -> str:
    return name.split(".")[0]


def _unknown(term) -> bool:
    return z3.is_const(term) and term.decl().kind() == z3.Z3_OP_UNINTERPRETED


class _Probes:
    """The probes of one counterexample: a solver of the path, the negated check, and
    the values fixed so far."""

    def __init__(self, engine, full):
        self.engine = engine
        self.left = MAX_PROBES
        self.spent = 0                  # resource units, all probes
        s = z3.Solver(ctx=engine.t.ctx)
        self.start = _units(s)
        s.set("random_seed", SEED)
        s.set("timeout", int(WALL_CAP * 1000))
        s.add(*engine.solver.solver.assertions())
        s.add(z3.Not(full))
        self.solver = s

    def pin(self, fact) -> None:
        self.solver.add(fact)

    def lower(self, term, floor: int, model):
        """The model with the least value of `term` the probes found (`model` itself
        when none is below its value)."""
        value = _value(model, term)
        impossible = floor - 1          # the greatest value known to be too small
        step, bracketed = 1, False
        while impossible + 1 < value and self.left > 0:
            if bracketed:
                k = (impossible + value) // 2
            else:
                k, step = min(impossible + step, value - 1), 2 * step
            found = self._probe(z3.And(floor <= term, term <= k))
            if found is None:
                self.left = 0
            elif found is False:
                impossible = k
            else:
                model, value, bracketed = found, _value(found, term), True
        return model

    def _probe(self, bound):
        """A model with `bound`, False when there is none, None when the solver cannot
        tell within the budget."""
        if self.spent >= BUDGET:
            return None
        self.left -= 1
        self.engine.solver.checks += 1
        s = self.solver
        s.set("rlimit", min(PROBE_RLIMIT, BUDGET - self.spent))
        s.push()
        try:
            s.add(bound)
            result = s.check()
            found = s.model() if result == z3.sat else None
        finally:
            s.pop()
        self.spent = _units(s) - self.start
        cancel = self.engine.solver.cancel
        if cancel is not None and cancel.is_set():
            raise Cancelled()
        if result == z3.unsat:
            return False
        return found


def _units(solver) -> int:
    """Z3's resource units used in the solver's context so far (the count is the
    context's, not the solver's)."""
    stats = solver.statistics()
    return stats.get_key_value("rlimit count") if "rlimit count" in stats.keys() else 0


def _value(model, term) -> int:
    value = model.eval(term, model_completion=True)
    return value.as_long() if z3.is_int_value(value) else 0
