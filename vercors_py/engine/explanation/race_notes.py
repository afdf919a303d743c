"""Race notes: a failed permission check explained by another thread's share of the cell.

The failed check's model fixes the sizes, the thread that failed and the cell.  For an
`RivalAccess` a small query then looks for another thread whose share of that cell cannot be
held beside the one that was needed: in the thread obligation, what the others hold at
the start of the current barrier interval (rivals.Peers); in a view of all threads (or
groups) at once, what each of the others gets from the same clauses.  An `Overlap`
(injectivity) needs no query: its model already has both threads.

A thread is named only when its share is certain: the first query finds a candidate,
the second proves that with the candidate's ids fixed, whatever else is unknown about
it (its own locals, its view of memory) it holds the share.  The queries run in a Z3
context of their own, so the path's solver and the terms later checks are made of stay
as they were; their limits are Z3 resource units, so the notes do not depend on the
machine's speed.
"""
from __future__ import annotations

import functools
import time
from fractions import Fraction

import attrs
import z3

from ...diagnostics import Related
from ...obligations.model import Who
from ...semantics.symbols import RESERVED
from ...syntax import ast as A
from .conflicts import Conflicts
from . import peer_clauses as P
from .peer_clauses import Scratch
from .rivals import RivalAccess, Overlap
from ..execution.state import ATOMIC
from ..solver.solver import SEED, Solver
from ...semantics.dimensions import Sizes, derived_ids

# Z3 resource units for each query: the queries of the examples take a few hundred (a
# few linear facts about one thread); a hundred times that is still a few milliseconds.
RACE_RLIMIT = 50_000
# Failed checks per obligation that get a query: a kernel broken everywhere should not
# spend its time on notes.
MAX_QUERIES = 8
# Wall-clock cap (seconds) of the queries of a failure found when the obligation's time
# was already up (a conflict found for an undecided check: conflicts.py).  Only a cap:
# the resource units bound them.
LATE_CAP = 1.0


@attrs.frozen
class Explanation:
    """The `race:` note, and the other thread's clause.  Its line is a related span
    rather than text of the note: spans follow edits (the language server moves cached
    results to new positions), text would keep an old line number."""
    note: str
    related: tuple[Related, ...] = ()


class RaceNotes:
    """Race notes for the failed checks of one obligation.  Made before the obligation's
    engine, which is given them: they need only its solver (the path's context, its
    assumptions and its deadline)."""

    def __init__(self, path: Solver, functions, uniform, arrays, sizes: Sizes):
        self.path = path                  # the obligation's solver
        self.functions = functions        # symbol -> A.Function: calls in clauses
        self.uniform = uniform            # locals of main with one value for all threads
        self.arrays = arrays              # symbol -> A.ArrayDecl
        self.sizes = sizes                # of the obligation's world (terms)
        self.queries = 0
        self.conflicts = Conflicts(self)

    def settle(self, race, full) -> tuple[bool, object]:
        """For a check the solver could not decide: whether a conflict between two
        threads was looked for, and a counterexample (a model of the path) when one was
        found, else None (conflicts.py)."""
        return self.conflicts.settle(race, full)

    def explain(self, race, model) -> Explanation | None:
        remaining = max(self.path.deadline - time.monotonic(), LATE_CAP)
        if model is None or self.queries >= MAX_QUERIES:
            return None
        self.queries += 1
        probe = _Probe(self, model, remaining)
        with probe.engine.solver:
            return explain(race, probe)


class _Probe(Scratch):
    """One failed check's model, in a Z3 context of its own."""

    def __init__(self, notes: RaceNotes, model, budget: float):
        super().__init__(notes, "race", budget)
        self.model = model.translate(self.t.ctx)
        # The model's sizes; none is None: the model is completed.
        self.sizes = notes.sizes.at(self.int(self.term(size)) for size in notes.sizes.unknowns)
        self.gsize, self.ngroups = self.sizes.gsize, self.sizes.ngroups

    def term(self, path_term):
        """A term of the path's context, in this one."""
        return path_term.translate(self.t.ctx)

    def value(self, term):
        return self.model.eval(term, model_completion=True)

    def int(self, term) -> int | None:
        value = self.value(term)
        return value.as_long() if z3.is_int_value(value) else None

    def fraction(self, term) -> Fraction | None:
        value = self.value(term)
        if z3.is_rational_value(value):
            return value.as_fraction()
        return Fraction(value.as_long()) if z3.is_int_value(value) else None

    def solver(self) -> z3.Solver:
        s = z3.Solver(ctx=self.t.ctx)
        s.set("random_seed", SEED)
        s.set("rlimit", RACE_RLIMIT)
        # Only a cap, as for every check: the obligation's time is not exceeded.
        s.set("timeout", max(1, int((self.engine.solver.deadline - time.monotonic()) * 1000)))
        return s


@attrs.frozen
class Thread:
    gid: int
    lid: int | None = None            # None: a work group as a whole
    tid: int | None = None


@attrs.frozen
class Share:
    frac: Fraction = Fraction(0)
    read: bool = False                # a duplicable read share
    atomic: bool = False              # the duplicable share `atomic`

    def clashes(self, t, amount):
        """Whether this share and another's `amount` (a term; None: a read share; ATOMIC)
        cannot be held at once: more than one in all, a read share beside a whole one,
        or `atomic` beside any plain share."""
        if amount is ATOMIC:
            return t.bool(not self.atomic)
        if self.atomic:
            return t.true if amount is None else amount > 0
        if amount is None:
            return t.bool(self.frac >= 1)
        if self.read:
            return amount >= 1
        return amount + z3.RealVal(f"{self.frac.numerator}/{self.frac.denominator}", t.ctx) > 1

    def text(self) -> str:
        if self.atomic:
            return "`atomic` on"
        if self.read:
            return "a read share of"
        if self.frac == 1:
            return "write on"
        return f"{self.frac.numerator}\\{self.frac.denominator} of"


@functools.singledispatch
def explain(race, probe: _Probe) -> Explanation | None:
    raise TypeError(f"not a race: {type(race).__name__}")


@explain.register
def _(race: RivalAccess, probe: _Probe) -> Explanation | None:
    ours = _thread(probe, race.store, race.peers.who)
    cell = probe.int(probe.term(race.index))
    need = _share(probe, race.amount)
    if ours is None or cell is None or need is None:
        return None
    found = _rival(probe, race, ours, cell, need)
    if found is None:
        return None
    rival, claim, share = found
    a, b = _names(ours, rival, race.array.scope is A.Scope.GLOBAL, probe.sizes,
                  _mentions_tid(race.location) or _mentions_tid(claim.perm.location))
    where = f"{race.array.name}[{cell}]"
    holds = "holds" if race.peers.who is Who.THREAD else "gets"
    return Explanation(f"race: {a} {_act(race, need, where)} while {b} {holds} {share.text()} it",
                       (Related(claim.perm.span, f"{b} {holds} {share.text()} {where} here"),))


@explain.register
def _(race: Overlap, probe: _Probe) -> Explanation | None:
    pairs = [(probe.term(v), probe.term(c)) for v, c in race.pairs]
    ours = _thread(probe, race.store, race.peers.who)
    other = _thread(probe, race.store, race.peers.who, pairs)
    amount = probe.term(race.amount)
    mine, theirs = probe.fraction(amount), probe.fraction(z3.substitute(amount, *pairs))
    cell = probe.int(probe.term(race.index))
    if None in (ours, other, mine, theirs, cell) or ours == other or mine + theirs <= 1:
        return None          # one thread's own \forall*, or shares that fit together
    a, b = _names(ours, other, race.location.array.symbol.scope is A.Scope.GLOBAL, probe.sizes,
                  _mentions_tid(race.location))
    where = f"{race.location.array.symbol.name}[{cell}]"
    if mine == theirs:
        return Explanation(f"race: {a} and {b} both need {Share(mine).text()} {where}")
    return Explanation(f"race: {a} needs {Share(mine).text()} {where} while {b} needs {Share(theirs).text()} it")


def _share(probe: _Probe, amount) -> Share | None:
    if amount is None:
        return Share(read=True)
    if amount is ATOMIC:
        return Share(atomic=True)
    frac = probe.fraction(probe.term(amount))
    return None if frac is None else Share(frac)


def _thread(probe: _Probe, store, who: Who, pairs=()) -> Thread | None:
    """The thread (or group) whose ids `store` holds, with `pairs` substituted."""
    def at(name: str) -> int | None:
        term = probe.term(store[RESERVED[name]])
        return probe.int(z3.substitute(term, *pairs) if pairs else term)

    if who is Who.ALL_GROUPS:
        gid = at("gid")
        return None if gid is None else Thread(gid)
    # From tid: a view over tid alone leaves gid and lid as the obligation's own.
    tid = at("tid")
    if tid is None or not probe.gsize:
        return None
    return Thread(tid // probe.gsize, tid % probe.gsize, tid)


def _rival(probe: _Probe, race: RivalAccess, ours: Thread, cell: int, need: Share):
    """Another thread (or group) certain to hold a share of the cell that clashes with
    `need`: (its Thread, the claim, its share), or None."""
    peers, t = race.peers, probe.t
    gid = t.int(ours.gid) if P.same_group(race) else t.fresh_int("gid")
    lid = None if peers.who is Who.ALL_GROUPS else t.fresh_int("lid")
    st = P.rival_state(probe, peers, gid, lid)
    claims = P.claims(probe, peers.resources, st, race.array, t.int(cell))
    if not claims:
        return None
    clashes = [z3.And(c.covers, need.clashes(t, c.amount)) for c in claims]
    s = probe.solver()
    s.add(*_others(probe, ours, gid, lid), *P.facts(probe, peers.facts, st))
    found = _candidate(s, clashes)
    if found is None:
        return None
    model, i = found
    claim = claims[i]
    duplicable = claim.amount is None or claim.amount is ATOMIC
    amount = None if duplicable else _eval(model, claim.amount)
    if amount is not None and not z3.is_rational_value(amount):
        return None
    ids = tuple(v for v in (gid, lid) if v is not None)
    certain = clashes[i] if duplicable else z3.And(clashes[i], claim.amount == amount)
    if not _certain(s, model, ids + claim.bound, certain):
        return None
    share = Share(atomic=True) if claim.amount is ATOMIC else Share(read=True) if amount is None \
        else Share(amount.as_fraction())
    g = _eval(model, gid).as_long()
    if lid is None:
        return Thread(g), claim, share
    l = _eval(model, lid).as_long()
    return Thread(g, l, g * probe.gsize + l), claim, share


def _candidate(s: z3.Solver, clashes: list):
    """A model of `s` in which some clash happens, and the first that does; or None."""
    s.push()
    s.add(z3.Or(*clashes))
    try:
        if s.check() != z3.sat:
            return None
        model = s.model()
    finally:
        s.pop()
    i = next((i for i, c in enumerate(clashes) if z3.is_true(_eval(model, c))), None)
    return None if i is None else (model, i)


def _certain(s: z3.Solver, model, pinned, claim) -> bool:
    """Whether `claim` holds in every model of `s` that agrees with `model` on `pinned`
    (the candidate's ids and \\forall* values): whatever else is unknown about it."""
    s.add(*(v == _eval(model, v) for v in pinned if not z3.is_int_value(v)), z3.Not(claim))
    return s.check() == z3.unsat


def _eval(model, term):
    return model.eval(term, model_completion=True)


def _others(probe: _Probe, ours: Thread, gid, lid) -> list:
    """The rival's ids are in range and not the failing thread's."""
    facts = [0 <= gid, gid < probe.ngroups]
    if lid is None:
        return facts + [gid != ours.gid]
    return facts + [0 <= lid, lid < probe.gsize, z3.Or(gid != ours.gid, lid != ours.lid)]


def _act(race: RivalAccess, need: Share, where: str) -> str:
    match race.act:
        case "read":
            return f"reads {where}"
        case "write":
            return f"writes {where}"
        case "update":
            return f"updates {where} atomically"
    takes = "needs" if race.peers.who is Who.THREAD else "gets"
    return f"{takes} {need.text()} {where}"


def _names(a: Thread, b: Thread, global_memory: bool, sizes: Sizes, tid: bool) -> tuple[str, str]:
    """How the two are named: by lid alone when that says which threads they are; in a
    kernel checked in three dimensions, with the components of the ids."""
    if a.lid is None:
        return f"group {_id(a.gid, sizes.groups)}", f"group {_id(b.gid, sizes.groups)}"
    if a.gid == b.gid and not (global_memory and sizes.ngroups > 1):
        return f"thread lid {_id(a.lid, sizes.local)}", f"thread lid {_id(b.lid, sizes.local)}"
    return _full(a, sizes, tid), _full(b, sizes, tid)


def _full(thread: Thread, sizes: Sizes, tid: bool) -> str:
    extra = f", tid {thread.tid}" if tid else ""
    return f"thread (gid {_id(thread.gid, sizes.groups)}, lid {_id(thread.lid, sizes.local)}{extra})"


def _id(whole: int, axes: tuple) -> str:
    """`5`, or `5 = (1, 2, 0)`: an id with its x, y and z components."""
    parts = derived_ids(whole, axes).parts
    return f"{whole} = ({', '.join(map(str, parts))})" if parts else str(whole)


def _mentions_tid(e) -> bool:
    return any(isinstance(n, A.Name) and n.symbol == RESERVED["tid"] for n in A.walk(e))
