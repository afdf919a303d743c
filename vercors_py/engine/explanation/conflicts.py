"""Settling an undecided permission check by a conflict between two threads.

When the solver answers unknown on a check that another thread's share may explain
(rivals.RivalAccess, rivals.Overlap), the index arithmetic of quantified permissions
(`lid * gsize + i`, inverses of it) is usually what defeats it, and a conflict between
two threads is usually plain to see at a small size.  Two bounded queries look for one:

1. The candidate, quantifier-free, in a Z3 context of its own: small sizes fixed (so
   the index arithmetic is linear), the path's quantifier-free assumptions, the negated
   check, and a second thread, distinct from the one checked, whose share of the same
   cell (read off the same clauses as the race notes: rivals.Peers, peer_clauses.py) cannot be held beside
   the one asked for.  The path's quantified assumptions are left out, so what this finds
   is only a candidate: the sizes, the thread, and the cell.
2. The counterexample, in the path's context: *all* of the path's assumptions (the
   launch, `context_everywhere`, preconditions, definitions, quantified facts), with the
   candidate's sizes, thread and cell fixed, and the negated check.  A model of that is
   a counterexample of the check like any other, so the check fails; the race note is
   then read off that model as for any failed check (race_notes.RaceNotes.explain).

Nothing here can prove a check: a candidate that the second query does not confirm
(unsat, unknown, out of resource units) leaves the check unknown.  Limits are Z3
resource units, so the answer does not depend on the machine's speed or load, and they
apply even when the obligation's time is up (the unknown check usually took all of it):
a search costs a bounded, small amount of extra time, at most MAX_SEARCHES times per
obligation.
"""
from __future__ import annotations

import itertools

import z3

from ...obligations.model import Who
from ...semantics.symbols import RESERVED
from . import peer_clauses as P
from .peer_clauses import Scratch
from .rivals import RivalAccess, Overlap
from ..solver.solver import SEED
from ..execution.state import ATOMIC, Terms

# Sizes tried, smallest launches first: (gsize, ngroups).  A conflict between two threads
# needs two of them; most show at two or three.
SIZES = ((2, 1), (3, 1), (2, 2), (4, 1), (1, 2), (3, 2), (1, 3))
# The same for kernels checked in three dimensions: (gsize.x, .y, .z, ngroups.x, .y, .z),
# two threads along each axis first.
SIZES_3D = ((2, 1, 1, 1, 1, 1), (1, 2, 1, 1, 1, 1), (1, 1, 2, 1, 1, 1), (2, 2, 1, 1, 1, 1),
            (1, 1, 1, 2, 1, 1), (1, 1, 1, 1, 2, 1), (2, 1, 1, 2, 1, 1), (1, 2, 1, 1, 2, 1))
# Size choices that get a candidate query, per search (the others are skipped once this
# many were consistent with the obligation's world).
MAX_SIZES = 3
# Z3 resource units: a candidate query is a few linear facts about two threads (a few
# thousand units); a counterexample with everything fixed took 10-200 thousand in the
# kernels of tests/data/unknowns.
CANDIDATE_RLIMIT = 100_000
COUNTEREXAMPLE_RLIMIT = 600_000
# Searches per obligation: an obligation whose every check is out of reach should not
# spend long on them.
MAX_SEARCHES = 3
# Only a cap on the wall-clock time of one query, should resource units not bound it.
WALL_CAP = 2.0            # seconds


class Conflicts:
    """The conflict searches of one obligation."""

    def __init__(self, notes):
        self.notes = notes                # race_notes.RaceNotes: the obligation's solver, sizes, clauses
        self.searches = 0

    def settle(self, race, full) -> tuple[bool, z3.ModelRef | None]:
        """Whether a search ran, and a counterexample of the undecided check `full` (a
        model in the path's context) when it found a conflict between two threads."""
        if not isinstance(race, (RivalAccess, Overlap)) or self.searches >= MAX_SEARCHES:
            return False, None
        self.searches += 1
        return True, self._search(race, full)

    def _search(self, race, full) -> z3.ModelRef | None:
        path = self.notes.path
        search = _Search(self.notes, full)
        with search.engine.solver:
            for sizes in search.choices():
                pins = search.candidate(race, sizes)
                if pins is None:
                    continue
                if path.cancel is not None and path.cancel.is_set():
                    return None
                model = _counterexample(path, full, self.notes.sizes.unknowns, sizes, pins)
                if model is None and pins:
                    model = _counterexample(path, full, self.notes.sizes.unknowns, sizes, ())
                if model is not None:
                    return model
        return None


class _Search(Scratch):
    """The quantifier-free candidate queries, in a Z3 context of their own.  Its own
    fresh names are kept apart from the path's (which are translated into it), so a
    term of the path and one made here never share a constant by accident."""

    def __init__(self, notes, full):
        counter = itertools.count()
        super().__init__(notes, "conflict", WALL_CAP, lambda base: f"{base}!c{next(counter)}")
        self.ctx = self.t.ctx
        self.size_terms = tuple(s.translate(self.ctx) for s in notes.sizes.unknowns)
        self.full = full.translate(self.ctx)
        # The path's quantifier-free assumptions: the world, preconditions, consistency.
        self.facts = [f.translate(self.ctx) for _, f, _ in notes.path.log if _quantifier_free(f)]
        self.gsize = self.ngroups = None
        self.subst: list = []

    def term(self, path_term):
        """A term of the path's context, in this one, at the current sizes."""
        return z3.substitute(path_term.translate(self.ctx), *self.subst)

    def value(self, term):
        return term            # no model: values all threads share stay one unknown

    def choices(self):
        """The size choices consistent with the obligation's world, smallest first."""
        tried = 0
        for sizes in SIZES_3D if self.notes.sizes.dimensional else SIZES:
            if tried >= MAX_SIZES:
                return
            self._at(sizes)
            s = self._solver()
            s.add(*(self.term_here(f) for f in self.facts))
            if s.check() != z3.sat:
                continue
            tried += 1
            yield sizes

    def term_here(self, term):
        """A term already in this context, at the current sizes."""
        return z3.substitute(term, *self.subst)

    def _at(self, sizes: tuple) -> None:
        self.sizes = self.notes.sizes.at(sizes)
        self.gsize, self.ngroups = self.sizes.gsize, self.sizes.ngroups
        self.subst = [(term, z3.IntVal(n, self.ctx)) for term, n in zip(self.size_terms, sizes)]

    def _solver(self) -> z3.Solver:
        s = z3.Solver(ctx=self.ctx)
        s.set("random_seed", SEED)
        s.set("rlimit", CANDIDATE_RLIMIT)
        s.set("timeout", int(WALL_CAP * 1000))
        return s

    def candidate(self, race, sizes) -> tuple | None:
        """At these sizes: the values of the checked thread's ids and of the constants
        of the cell (pins for the counterexample query, as equations of the path's
        context) when a conflict is possible there; None when none is."""
        self._at(sizes)
        conflict, ours = _conflict(self, race)
        if conflict is None:
            return None
        s = self._solver()
        s.add(*(self.term_here(f) for f in self.facts), conflict)
        negated = z3.Not(self.term_here(self.full))
        if _quantifier_free(negated):
            s.add(negated)
        if s.check() != z3.sat:
            return None
        model = s.model()
        path_ctx = self.notes.path.ctx
        sizes_ids = {s.get_id() for s in self.notes.sizes.unknowns}
        pins = []
        for c in _constants(ours):
            if c.get_id() in sizes_ids:
                continue
            value = model.eval(c.translate(self.ctx), model_completion=True)
            if z3.is_int_value(value):
                pins.append(c == z3.IntVal(value.as_long(), path_ctx))
            elif z3.is_true(value) or z3.is_false(value):
                pins.append(c == z3.BoolVal(z3.is_true(value), path_ctx))
        return tuple(pins)


def _conflict(search: _Search, race):
    """A quantifier-free formula (in the search's context) that says another thread's
    share of the cell cannot be held beside the checked one's, and the path's terms
    whose constants say which thread and which cell; (None, ()) when there is no other
    thread to look at."""
    t = search.t
    peers = race.peers
    if isinstance(race, Overlap):
        pairs = [(search.term(v), search.term(c)) for v, c in race.pairs]
        ours, other = _ids(search, race.store, peers.who), _ids(search, race.store, peers.who, pairs)
        amount = search.term(race.amount)
        differ = z3.Or(*(a != b for a, b in zip(ours, other)))
        formula = z3.And(differ, amount + z3.substitute(amount, *pairs) > 1)
        path_terms = [race.index, *(v for v, _ in race.pairs), *(c for _, c in race.pairs),
                      *_id_terms(race.store, peers.who)]
        return formula, path_terms
    ours = _ids(search, race.store, peers.who)
    same = P.same_group(race)
    gid = ours[0] if same else t.fresh_int("gid")
    lid = None if peers.who is Who.ALL_GROUPS else t.fresh_int("lid")
    st = P.rival_state(search, peers, gid, lid)
    cell = search.term(race.index)
    claims = P.claims(search, peers.resources, st, race.array, cell)
    if not claims:
        return None, ()
    need = race.amount if race.amount is None or race.amount is ATOMIC else search.term(race.amount)
    clashes = [z3.And(c.covers, _clash(t, need, c.amount)) for c in claims]
    other = [0 <= gid, gid < search.ngroups]
    if lid is None:
        other.append(gid != ours[0])
    else:
        other += [0 <= lid, lid < search.gsize, z3.Or(gid != ours[0], lid != ours[1])]
    facts = [f for f in P.facts(search, peers.facts, st) if _quantifier_free(f)]
    return z3.And(*other, *facts, z3.Or(*clashes)), [race.index, *_id_terms(race.store, peers.who)]


def _clash(t: Terms, need, amount):
    """Whether a share `need` and another's `amount` (Real terms; None: a read share;
    ATOMIC) cannot be held at once: more than one in all, a read share beside a whole
    one, or `atomic` beside any plain share."""
    if need is ATOMIC or amount is ATOMIC:
        plain = amount if need is ATOMIC else need
        return t.false if plain is ATOMIC else t.true if plain is None else plain > 0
    if need is None:
        return t.false if amount is None else amount >= 1
    if amount is None:
        return need >= 1
    return need + amount > 1


def _id_terms(store, who: Who) -> list:
    if who is Who.ALL_GROUPS:
        return [store[RESERVED["gid"]]]
    return [store[RESERVED["tid"]]]


def _ids(search: _Search, store, who: Who, pairs=()) -> tuple:
    """The checked thread's (gid, lid) in the search's context, or (gid,) for a group.
    From tid, as race_notes.py reads them: a view over tid alone leaves gid and lid as the
    obligation's own."""
    def at(name):
        term = search.term(store[RESERVED[name]])
        return z3.substitute(term, *pairs) if pairs else term

    if who is Who.ALL_GROUPS:
        return (at("gid"),)
    tid = at("tid")
    return tid / search.gsize, tid % search.gsize


def _counterexample(path, full, size_terms, sizes, pins) -> z3.ModelRef | None:
    """A model of all the path's assumptions (`path`: its solver) and the negated check,
    at `sizes` and with `pins`; None when there is none within the budget."""
    ctx = path.ctx
    subst = [(s, z3.IntVal(v, ctx)) for s, v in zip(size_terms, sizes)]
    s = z3.Solver(ctx=ctx)
    s.set("random_seed", SEED)
    s.set("rlimit", COUNTEREXAMPLE_RLIMIT)
    s.set("timeout", int(WALL_CAP * 1000))
    for _, fact, _ in path.log:
        s.add(z3.substitute(fact, *subst))
    s.add(z3.substitute(z3.Not(full), *subst), *pins)
    s.add(*(term == value for term, value in subst))
    path.checks += 1
    if s.check() != z3.sat:
        return None
    return s.model()


def _quantifier_free(term) -> bool:
    seen: set[int] = set()
    todo = [term]
    while todo:
        t = todo.pop()
        if t.get_id() in seen:
            continue
        seen.add(t.get_id())
        if z3.is_quantifier(t):
            return False
        todo.extend(t.children())
    return True


def _constants(terms) -> list:
    """The uninterpreted constants of int or bool sort in `terms`, each once."""
    found: dict[int, object] = {}
    todo = list(terms)
    while todo:
        t = todo.pop()
        if z3.is_quantifier(t) or not z3.is_app(t) or t.get_id() in found:
            continue
        if t.num_args() == 0 and t.decl().kind() == z3.Z3_OP_UNINTERPRETED:
            if t.sort().kind() in (z3.Z3_INT_SORT, z3.Z3_BOOL_SORT):
                found[t.get_id()] = t
            continue
        found[t.get_id()] = None
        todo.extend(t.children())
    return [t for t in found.values() if t is not None]
