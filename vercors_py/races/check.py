"""Z3 queries for the pairs of accesses that may race, and a witness for each that does.

Two accesses to one array, at least one a write, race when two distinct threads can
make them to one cell: in one barrier interval for threads of one work group (any
memory), and for threads of two groups (global memory) anywhere in the kernel, or in
one interval of the grid's barriers where it has them (grids.py).  The second thread is the first with its own unknowns (and, for
another group, its group's) replaced by copies; both meet the launch's assumptions.
A model names the threads, the cell and the launch; unknown is never race-free.
"""
from __future__ import annotations

import enum

import attrs
import z3

from .. import diagnostics as D
from ..engine.execution.threads import unknowns
from ..semantics.dimensions import derived_ids
from ..syntax import ast as A
from . import bounds, claims, grids, private, radix, warps
from .intervals import intervals
from .events import Access
from .model import RacesVerdict
from .protocol import Protocol

SEED = 0
# Racing pairs of statements reported per kernel: enough to see the pattern.
MAX_REPORTED = 8
# Witnesses are looked for first with every size and parameter at most this.
SMALL = 4


@attrs.frozen
class KernelRaces:
    """The answer on one kernel's pairs of accesses."""
    verdict: RacesVerdict             # RACE_FREE, RACY or UNKNOWN
    diagnostics: tuple[D.Diagnostic, ...]
    pairs: int                        # pairs of accesses looked at


def check(p: Protocol, timeout: float, benign_writes: bool = False, intra_group: bool = False) -> KernelRaces:
    """`benign_writes`: two writes of the same value to one cell are no race
    (GPUVerify's default; Faial's, and ours, is to report them).  `intra_group`: the
    pairs of threads of one work group only (GPUVerify's --only-intra-group)."""
    found: list[D.Diagnostic] = []
    unknown: list[D.Diagnostic] = []
    pairs = 0
    vacuous = _vacuous(p, timeout)
    if vacuous is not None:
        return KernelRaces(RacesVerdict.UNKNOWN, (vacuous,), 0)
    seen: set = set()
    halves = warps.halves(p)
    # Made in this order (the copies' names, and so Z3's models, follow it).
    seconds = [_second(p, same_group=True, warp=which) for which, _, _ in halves]
    other = _second(p, same_group=False)
    for (which, warp_level, lockstep), same in zip(halves, seconds):
        singles = claims.same_statement(p, same, intra_group)
        for scope in (A.Scope.LOCAL, A.Scope.GLOBAL):
            for interval in intervals(p.body, scope, A.Among.WARP if warp_level else A.Among.GROUP):
                for accesses in filter(lambda g: private.shared(p, g), _by_array(_distinct(interval))):
                    key = (which, frozenset(id(a) for a in accesses))
                    if key not in seen:
                        seen.add(key)
                        pairs += _count(accesses)
                        _ask(p, accesses, same, timeout, benign_writes, found, unknown,
                             claims.facts(p, _distinct(interval), same, intra_group) + singles, lockstep)
    for global_accesses in [] if intra_group else grids.between_groups(p, _distinct):
        known = claims.facts(p, global_accesses, other)
        for accesses in filter(lambda g: private.shared(p, g), _by_array(global_accesses)):
            key = (A.Among.GRID, frozenset(id(a) for a in accesses))
            if key not in seen:
                seen.add(key)
                pairs += _count(accesses)
                _ask(p, accesses, other, timeout, benign_writes, found, unknown, known)
    if found:
        return KernelRaces(RacesVerdict.RACY, tuple(_first_per_statements(found))[:MAX_REPORTED], pairs)
    if unknown:
        return KernelRaces(RacesVerdict.UNKNOWN, tuple(unknown)[:MAX_REPORTED], pairs)
    return KernelRaces(RacesVerdict.RACE_FREE, (), pairs)


def _distinct(accesses) -> list[Access]:
    out, ids = [], set()
    for a in accesses:
        if id(a) not in ids:
            ids.add(id(a))
            out.append(a)
    return out


def _by_array(accesses: list[Access]) -> list[list[Access]]:
    """The accesses of each array that some of them write."""
    groups: dict = {}
    for a in accesses:
        groups.setdefault(id(a.array), []).append(a)
    return [g for g in groups.values() if any(a.write for a in g)]


def _count(accesses: list[Access]) -> int:
    """The pairs of accesses, at least one a write, among these (of one array)."""
    n, writes = len(accesses), sum(1 for a in accesses if a.write)
    return n * (n + 1) // 2 - (n - writes) * (n - writes + 1) // 2


class _Second:
    """The second thread of the queries: the first with its own unknowns (and, from
    another work group, its group's) replaced by copies, made once for all the queries;
    its launch facts, and what makes it another thread than the first."""

    def __init__(self, p: Protocol, same_group: bool, warp: str | None = None):
        t = p.engine.t
        mine = list(p.own) + ([] if same_group else list(p.group)) + (warps.loose(p) if warp == warps.OTHER else [])
        self.same_group = same_group
        self.warp = warp
        self.pairs = [(c, t.fresh(f"{c.decl().name()}'", c.sort())) for c in mine]
        self.shapes: dict = {}        # _Known of the intervals of one `_shape`
        self.facts = self(p.facts)
        # The sizes and ids, both threads': at least 0 (radix.py's signs of products).
        mine = list(p.sizes.unknowns) + list(unknowns(p.gid)) + list(unknowns(p.lid))
        self.ids = {term.get_id() for u in mine for term in (u, self(u))}
        # Each id's interval, both threads' (bounds.py): [0, its size - 1].
        self.ranges = {}
        for ids, axes in ((p.gid, p.sizes.groups), (p.lid, p.sizes.local)):
            for part, n in zip(unknowns(ids), axes):
                for term in (part, self(part)):
                    self.ranges[term.get_id()] = (z3.IntVal(0, t.ctx), n - 1)
        if same_group:
            self.distinct = p.lid.whole != self(p.lid.whole)
            if warp is not None:
                self.distinct = z3.And(self.distinct, warps.relation(p, p.lid.whole, self(p.lid.whole), warp))
        else:
            # Threads of two groups have two tids, but only nonlinear reasoning shows it
            # (gid * gsize + lid with lid < gsize), which the linear pass lacks: stated,
            # it refutes pairs like `tid + k * tcount` between groups at once.
            self.distinct = z3.And(p.gid.whole != self(p.gid.whole), p.tid != self(p.tid))

    def __call__(self, term):
        return z3.substitute(term, *self.pairs) if self.pairs else term

    def hints(self, accesses: list[Access]) -> list:
        """The theorems about the accesses' indices that Z3 would find only by nonlinear
        search: digits' uniqueness for each pair, products' signs (radix.py), products'
        intervals and wrap-arounds' identity in range (bounds.py)."""
        theirs = {id(b): self(b.index) for b in accesses}
        uniform = lambda term: self(term).eq(term)          # noqa: E731
        nonnegative = lambda term: term.get_id() in self.ids  # noqa: E731
        out = bounds.instances([a.index for a in accesses] + list(theirs.values()), self.ranges)
        for a in accesses:
            out += radix.signs(a.index, nonnegative) + radix.signs(theirs[id(a)], nonnegative)
            if a.write:
                for b in accesses:
                    out += radix.instances(a.index, theirs[id(b)], uniform)
        # Pairs of accesses share their subterms, and so their instances: each once.
        return list({h.get_id(): h for h in out}.values())


def _second(p: Protocol, same_group: bool, warp: str | None = None) -> _Second:
    if (same_group, warp) not in p.second_threads:
        p.second_threads[(same_group, warp)] = _Second(p, same_group, warp)
    return p.second_threads[(same_group, warp)]


def _ask(p: Protocol, accesses: list[Access], second: _Second, timeout: float, benign_writes: bool,
         found: list, unknown: list, known: list = (), lockstep: bool = False) -> None:
    """One query for all pairs of accesses to one array (seed 001: the formula grows with
    the accesses, not with their pairs): the first thread makes access number `choice`,
    a write, the second number `choice'`, at one cell.  A model names the pair; an
    unknown answer is asked again pair by pair, to say which pair it is.  `known`: facts
    of the executions the accesses are in (claims.py); `lockstep`: the threads are of one
    warp in lock-step (races/warps.py)."""
    shape = (_shape(accesses, benign_writes), tuple(f.get_id() for f in known), lockstep)
    if second.shapes.get(shape) is _Known.NO_RACE:
        return
    query, first, other = _query(p, accesses, second, benign_writes, guarded=True, lockstep=lockstep)
    query += known
    answer, s = _decide(p, query, timeout)
    if answer == z3.unsat:
        _learn(p, accesses, second, benign_writes, shape, timeout, known, lockstep)
    elif answer == z3.sat:
        model = _small_model(p, s)
        a = accesses[model.eval(first, model_completion=True).as_long()]
        b = accesses[model.eval(other, model_completion=True).as_long()]
        found.append(_witness(p, a, b, model, second))
    elif len(accesses) > 2:
        for a, b in _pairs(accesses):
            _ask(p, _distinct([a, b]), second, timeout, benign_writes, found, unknown, known, lockstep)
    else:
        a, b = accesses[0], accesses[-1]
        unknown.append(D.error(
            "timeout.solver", a.span,
            f"unknown whether `{a.text}` (line {a.span.start_line}) and `{b.text}` (line {b.span.start_line}) "
            f"can race{'' if second.same_group else ' between work groups'}: the solver gave no answer "
            f"({s.reason_unknown() or 'unknown'}), so the kernel is not shown race-free",
            related=(D.Related(b.span, "the other access"),) if b.span != a.span else ()))


class _Known(enum.Enum):
    """What is known of the intervals of one shape (`_shape`)."""
    SEEN = "refuted once"
    GUARDED = "their guards decide"
    NO_RACE = "no race whatever their guards"


def _shape(accesses: list[Access], benign_writes: bool) -> tuple:
    """What a query asks of its accesses but for their guards (terms are shared: equal
    terms are one Z3 term, with one id)."""
    return tuple((a.index.get_id(), a.write, a.atomic,
                  a.value.get_id() if benign_writes and a.value is not None else None) for a in accesses)


def _learn(p: Protocol, accesses: list[Access], second: _Second, benign_writes: bool, shape: tuple,
           timeout: float, known: list, lockstep: bool = False) -> None:
    """Intervals alike but for their guards recur, as the levels of nested loops do
    (`t[lid] = i; barrier(); for ...`): the second time one is refuted, Z3 is asked once
    whether its accesses race with no guard at all.  If not, neither can any interval of
    that shape (a guard only takes models away), and they are not asked again."""
    match second.shapes.get(shape):
        case None:
            second.shapes[shape] = _Known.SEEN
        case _Known.SEEN:
            unguarded, _, _ = _query(p, accesses, second, benign_writes, guarded=False, lockstep=lockstep)
            unguarded += known
            refuted = _decide(p, unguarded, timeout)[0] == z3.unsat
            second.shapes[shape] = _Known.NO_RACE if refuted else _Known.GUARDED


def _query(p: Protocol, accesses: list[Access], second: _Second, benign_writes: bool, guarded: bool,
           lockstep: bool = False) -> tuple:
    """The query, and the choices of the two threads in it; `guarded=False` leaves out
    the conditions under which the accesses happen (more models, never fewer).
    `lockstep`: two threads of one warp in lock-step race only by both making one write
    access (races/warps.py)."""
    t = p.engine.t
    cell, first, other = t.fresh_int("cell"), t.fresh_int("choice"), t.fresh_int("choice'")
    sort = next((a.value.sort() for a in accesses if a.value is not None), None)
    benign = benign_writes and sort is not None
    v1, v2 = (t.fresh("value", sort), t.fresh("value'", sort)) if benign else (None, None)

    def made(choice, writes_only: bool, value=None):
        options = []
        for k, a in enumerate(accesses):
            if a.write or not writes_only:
                parts = [choice == k, cell == a.index] + ([a.guard] if guarded else [])
                if value is not None and a.value is not None:
                    parts.append(value == a.value)
                options.append(z3.And(parts))
        return z3.Or(options)

    # The first thread writes: a race in which only the second writes is one with the
    # threads' roles swapped, and the query is symmetric in them.  The second thread's
    # terms come from one substitution of its whole disjunction, which Z3 makes once
    # per shared subterm (guards share the conditions around them).
    query = [p.facts, second.facts, second.distinct, made(first, True, v1), second(made(other, lockstep, v2))]
    if lockstep:
        query.append(first == other)
    atomic = [k for k, a in enumerate(accesses) if a.atomic]
    if atomic:
        # Two atomic updates of one cell are no race.
        query.append(z3.Not(z3.And(z3.Or([first == k for k in atomic]), z3.Or([other == k for k in atomic]))))
    query += second.hints(accesses)
    if benign:
        # GPUVerify's tolerance: a write is no race with another thread's write of the
        # same value, nor with its read of the value written (the write then changes
        # nothing the reader can see: protocol.py, `_fresh_memory`).
        query.append(v1 != v2)
    return query, first, other


def _decide(p: Protocol, query: list, timeout: float) -> tuple:
    """Z3's answer and its solver.  First with products of unknowns as opaque terms
    (linear, fast): no model there is no model at all; otherwise the full solver.  The
    linear pass simplifies first: the indices become sums over shared monomials
    (`tid + k * tcount`), on which the queries of seed 001's families are ten times
    faster than as written."""
    linear = z3.Then(z3.Tactic("simplify", ctx=p.engine.t.ctx),
                     z3.With(z3.Tactic("smt", ctx=p.engine.t.ctx), **{"arith.nl": False})).solver()
    linear.set("random_seed", SEED)
    linear.set("timeout", max(1, int(timeout * 1000)))
    linear.add(*query)
    if linear.check() == z3.unsat:
        return z3.unsat, linear
    s = query_solver(p.engine.t.ctx, timeout)
    s.add(*query)
    return s.check(), s


def _pairs(interval):
    accesses = _distinct(interval)
    for i, a in enumerate(accesses):
        for b in accesses[i:]:
            if a.array is b.array and (a.write or b.write) and not (a.atomic and b.atomic):
                yield a, b


def query_solver(ctx, timeout: float) -> z3.Solver:
    s = z3.Solver(ctx=ctx)
    s.set("random_seed", SEED)
    s.set("timeout", max(1, int(timeout * 1000)))
    return s


def _vacuous(p: Protocol, timeout: float) -> D.Diagnostic | None:
    """An error when the launch's assumptions contradict each other: no launch exists,
    and every query would be unsatisfiable for that reason alone."""
    s = query_solver(p.engine.t.ctx, timeout)
    s.add(p.facts)
    if s.check() != z3.unsat:
        return None
    span = p.kernel.contexts[0].span if p.kernel.contexts else p.kernel.name_span
    return D.error("vacuity.context", span,
                   f"the assumptions of kernel `{p.kernel.name}` (its context_everywhere clauses and "
                   "preconditions) contradict each other: no launch meets them, so nothing can be said about races")


def _small_model(p: Protocol, s: z3.Solver):
    """The model of a satisfied query, at small sizes and parameters when there is one
    there: a witness reads better, and `run` can replay it."""
    model = s.model()
    small = [u <= SMALL for u in p.sizes.unknowns] + [z3.And(-SMALL <= v, v <= SMALL)
                                                      for _, v in p.params if z3.is_int(v)]
    return s.model() if s.check(*small) == z3.sat else model


def _witness(p: Protocol, a: Access, b: Access, model, second: _Second) -> D.Diagnostic:
    def value(term) -> int | None:
        v = model.eval(term, model_completion=True)
        return v.as_long() if z3.is_int_value(v) else None

    sizes = p.sizes.at(value(u) for u in p.sizes.unknowns)
    cell = value(a.index)

    def thread(ids_whole_gid, ids_whole_lid) -> str:
        gid, lid = value(ids_whole_gid), value(ids_whole_lid)
        parts = lambda whole, axes: (f" = ({', '.join(map(str, derived_ids(whole, axes).parts))})"
                                     if len(axes) == 3 and whole is not None else "")
        return f"thread (gid {gid}{parts(gid, sizes.groups)}, lid {lid}{parts(lid, sizes.local)})"

    first = thread(p.gid.whole, p.lid.whole)
    other = thread(second(p.gid.whole), second(p.lid.whole))
    kind = "-".join(sorted((a.kind, b.kind), key=("read", "write", "atomic").index))
    where = ("in the same barrier interval" if second.same_group
             else "from different work groups, in the same interval of the grid's barriers"
             if grids.has_grid_barrier(p.body) else "from different work groups, which no barrier orders")
    if second.warp == warps.OTHER:
        where += " (threads of different warps: a warp's barrier orders only its own threads)"
    elif second.warp == warps.SAME and p.kernel.warp.lockstep:
        where = "in the same step of their warp (lock-step), both writing"
    message = (f"{kind} race on {a.array.name}[{cell}]: {first} {a.verb} it with `{a.text}` (line {a.span.start_line}) "
               f"and {other} {b.verb} it with `{b.text}` (line {b.span.start_line}), {where}")
    launch = [sizes.describe()]
    launch += [f"{name} = {value(term)}" for name, term in p.params if z3.is_int(term) and value(term) is not None]
    related = (D.Related(b.span, f"{other} {b.verb} {a.array.name}[{cell}] here"),) if b.span != a.span else ()
    # An instantiation of a template kernel (`k<float, 256>`) shares its text with the others.
    which = () if p.kernel.name.isidentifier() else (f"in the instantiation {p.kernel.name}",)
    return D.error("race.data", a.span, message, notes=which + (f"launch: {', '.join(launch)}",), related=related)


def _first_per_statements(found: list[D.Diagnostic]) -> list[D.Diagnostic]:
    """One race per pair of statements (the same two lines race in many ways)."""
    out, seen = [], set()
    for d in found:
        key = (d.span, tuple(r.span for r in d.related))
        if key not in seen:
            seen.add(key)
            out.append(d)
    return out


def reached_uniformly(p: Protocol, span, timeout: float, grid: bool = False) -> bool:
    """Whether every two threads of a work group (of the kernel, `grid`) agree on
    reaching the barrier or jump at `span`, wherever the walk met it: GPUVerify's
    semantic check of uniformity, which the lock-step rule over-approximates."""
    guards = p.reach.get(span)
    if not guards:
        return False
    # A warp's barrier or exchange needs only the threads of one warp to agree.
    warp = span in warps.steps(p.kernel)
    # Across the kernel: the second thread's group's unknowns its own too, and its gid
    # free (equal to the first's or not: every pair).
    second = _second(p, same_group=False) if grid else _second(p, same_group=True, warp=warps.SAME if warp else None)
    for guard in guards:
        s = query_solver(p.engine.t.ctx, timeout)
        s.add(p.facts, second.facts, guard != second(guard), *([second.distinct] if warp and not grid else []))
        if s.check() != z3.unsat:
            return False
    return True


def undefined(p: Protocol, timeout: float) -> list[D.Diagnostic]:
    """The accesses through a pointer into no array (NULL, or not set) that a thread may
    make: undefined in C, so nothing can be said of the kernel's races (GPUVerify
    reports them too)."""
    found, seen = [], set()
    for condition, check in p.faults:
        if check.span in seen:
            continue
        s = query_solver(p.engine.t.ctx, timeout)
        s.add(p.facts, condition)
        if s.check() != z3.unsat:
            seen.add(check.span)
            found.append(D.error("bounds.null", check.span,
                                 f"{check.null_message()}, so the kernel's races are unknown"))
    return found

