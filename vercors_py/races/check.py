"""Z3 queries for the pairs of accesses that may race, and a witness for each that does.

Two accesses to one array, at least one a write, race when two distinct threads can
make them to one cell: in one barrier interval for threads of one work group (any
memory), and anywhere in the kernel for threads of two groups (global memory: no
barrier orders groups).  The second thread is the first with its own unknowns (and, for
another group, its group's) replaced by copies; both meet the launch's assumptions.
A model names the threads, the cell and the launch; unknown is never race-free.
"""
from __future__ import annotations

import math

import attrs
import z3

from .. import diagnostics as D
from ..semantics.dimensions import derived_ids
from ..syntax import ast as A
from .intervals import intervals
from .protocol import Access, Protocol

SEED = 0
# Racing pairs of statements reported per kernel: enough to see the pattern.
MAX_REPORTED = 8
# Witnesses are looked for first with every size and parameter at most this.
SMALL = 4


class Outcome:
    RACE_FREE = "race-free"
    RACY = "racy"
    UNKNOWN = "unknown"


@attrs.frozen
class Answer:
    outcome: str
    diagnostics: tuple[D.Diagnostic, ...]
    pairs: int                        # pairs of accesses looked at


def check(p: Protocol, timeout: float, benign_writes: bool = False) -> Answer:
    """`benign_writes`: two writes of the same value to one cell are no race
    (GPUVerify's default; Faial's, and ours, is to report them)."""
    t = p.engine.t
    facts = z3.And(*p.facts) if p.facts else t.true
    found: list[D.Diagnostic] = []
    unknown: list[D.Diagnostic] = []
    pairs = 0
    vacuous = _vacuous(p, facts, timeout)
    if vacuous is not None:
        return Answer(Outcome.UNKNOWN, (vacuous,), 0)
    seen: set = set()
    for scope in (A.Scope.LOCAL, A.Scope.GLOBAL):
        for interval in intervals(p.body, scope):
            for accesses in _by_array(_distinct(interval)):
                key = ("group", frozenset(id(a) for a in accesses))
                if key not in seen:
                    seen.add(key)
                    pairs += _count(accesses)
                    _ask_all(p, accesses, facts, timeout, True, benign_writes, found, unknown)
    global_accesses = _distinct(a for i in intervals(p.body, A.Scope.GLOBAL) for a in i)
    for accesses in _by_array(global_accesses):
        pairs += _count(accesses)
        _ask_all(p, accesses, facts, timeout, False, benign_writes, found, unknown)
    if found:
        return Answer(Outcome.RACY, tuple(_first_per_statements(found))[:MAX_REPORTED], pairs)
    if unknown:
        return Answer(Outcome.UNKNOWN, tuple(unknown)[:MAX_REPORTED], pairs)
    return Answer(Outcome.RACE_FREE, (), pairs)


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


def _ask_all(p: Protocol, accesses: list[Access], facts, timeout: float, same_group: bool, benign_writes: bool,
             found: list, unknown: list) -> None:
    """One query for all pairs of accesses to one array (seed 001: the formula grows with
    the accesses, not with their pairs): the first thread makes access number `choice`,
    the second number `choice'`, at one cell, one of them writing.  A model names the
    pair; an unknown answer is asked again pair by pair, to say which pair it is."""
    if len(accesses) == 1:
        _ask(p, accesses[0], accesses[0], facts, timeout, same_group, benign_writes, found, unknown)
        return
    t = p.engine.t
    pairs = _copies(p, same_group)
    other = lambda term: z3.substitute(term, *pairs) if pairs else term
    cell = t.fresh_int("cell")
    first, second = t.fresh_int("choice"), t.fresh_int("choice'")
    w1, w2 = t.fresh("writes", z3.BoolSort(t.ctx)), t.fresh("writes'", z3.BoolSort(t.ctx))
    values = [a.value for a in accesses if a.value is not None]
    v1 = v2 = None
    if benign_writes and values:
        v1, v2 = t.fresh("value", values[0].sort()), t.fresh("value'", values[0].sort())

    def made(choice, who, writes, value):
        options = []
        for k, a in enumerate(accesses):
            parts = [choice == k, who(a.guard), cell == who(a.index), writes == a.write]
            if value is not None and a.value is not None:
                parts.append(value == who(a.value))
            options.append(z3.And(parts))
        return z3.Or(options)

    distinct = p.lid.whole != other(p.lid.whole) if same_group else p.gid.whole != other(p.gid.whole)
    query = [facts, other(facts), distinct, made(first, lambda x: x, w1, v1), made(second, other, w2, v2),
             z3.Or(w1, w2)]
    if v1 is not None:
        query.append(z3.Implies(z3.And(w1, w2), v1 != v2))
    # First with products of unknowns as opaque terms (linear, fast): no model there is
    # no model at all; otherwise the full solver decides.
    linear = _solver(t.ctx, timeout)
    linear.set("arith.nl", False)
    linear.add(*query)
    if linear.check() == z3.unsat:
        return
    s = _solver(t.ctx, timeout)
    s.add(*query)
    answer = s.check()
    if answer == z3.sat:
        model = _small_model(p, s)
        a = accesses[model.eval(first, model_completion=True).as_long()]
        b = accesses[model.eval(second, model_completion=True).as_long()]
        found.append(_witness(p, a, b, model, other, same_group))
    elif answer == z3.unknown:
        for a, b in _pairs(accesses):
            _ask(p, a, b, facts, timeout, same_group, benign_writes, found, unknown)


def _pairs(interval):
    accesses = _distinct(interval)
    for i, a in enumerate(accesses):
        for b in accesses[i:]:
            if a.array is b.array and (a.write or b.write):
                yield a, b


def _solver(ctx, timeout: float) -> z3.Solver:
    s = z3.Solver(ctx=ctx)
    s.set("random_seed", SEED)
    s.set("timeout", max(1, int(timeout * 1000)))
    return s


def _vacuous(p: Protocol, facts, timeout: float) -> D.Diagnostic | None:
    """An error when the launch's assumptions contradict each other: no launch exists,
    and every query would be unsatisfiable for that reason alone."""
    s = _solver(p.engine.t.ctx, timeout)
    s.add(facts)
    if s.check() != z3.unsat:
        return None
    span = p.kernel.contexts[0].span if p.kernel.contexts else p.kernel.name_span
    return D.error("vacuity.context", span,
                   f"the assumptions of kernel `{p.kernel.name}` (its context_everywhere clauses and "
                   "preconditions) contradict each other: no launch meets them, so nothing can be said about races")


def _copies(p: Protocol, same_group: bool) -> list[tuple]:
    t = p.engine.t
    mine = list(p.own) + ([] if same_group else list(p.group))
    return [(c, t.fresh(f"{c.decl().name()}'", c.sort())) for c in mine]


def _ask(p: Protocol, a: Access, b: Access, facts, timeout: float, same_group: bool, benign_writes: bool,
         found: list, unknown: list):
    pairs = _copies(p, same_group)
    other = lambda term: z3.substitute(term, *pairs) if pairs else term
    s = _solver(p.engine.t.ctx, timeout)
    if same_group:
        distinct = p.lid.whole != other(p.lid.whole)
    else:
        distinct = p.gid.whole != other(p.gid.whole)
    s.add(facts, other(facts), a.guard, other(b.guard), a.index == other(b.index), distinct)
    if benign_writes and a.write and b.write:
        s.add(a.value != other(b.value))
    answer = s.check()
    if answer == z3.sat:
        found.append(_witness(p, a, b, _small_model(p, s), other, same_group))
    elif answer == z3.unknown:
        unknown.append(D.error(
            "timeout.solver", a.span,
            f"unknown whether `{a.text}` (line {a.span.start_line}) and `{b.text}` (line {b.span.start_line}) "
            f"can race{'' if same_group else ' between work groups'}: the solver gave no answer "
            f"({s.reason_unknown() or 'unknown'}), so the kernel is not shown race-free",
            related=(D.Related(b.span, "the other access"),) if b.span != a.span else ()))


def _small_model(p: Protocol, s: z3.Solver):
    """The model of a satisfied query, at small sizes and parameters when there is one
    there: a witness reads better, and `run` can replay it."""
    model = s.model()
    small = [u <= SMALL for u in p.sizes.unknowns] + [z3.And(-SMALL <= v, v <= SMALL)
                                                      for _, v in p.params if z3.is_int(v)]
    return s.model() if s.check(*small) == z3.sat else model


def _witness(p: Protocol, a: Access, b: Access, model, other, same_group: bool) -> D.Diagnostic:
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
    second = thread(other(p.gid.whole), other(p.lid.whole))
    kind = "write-write" if a.write and b.write else "read-write"
    where = "in the same barrier interval" if same_group else "from different work groups, which no barrier orders"
    message = (f"{kind} race on {a.array.name}[{cell}]: {first} {a.verb} it with `{a.text}` (line {a.span.start_line}) "
               f"and {second} {b.verb} it with `{b.text}` (line {b.span.start_line}), {where}")
    launch = [f"gsize = {_size(sizes.local)}", f"ngroups = {_size(sizes.groups)}"]
    launch += [f"{name} = {value(term)}" for name, term in p.params if z3.is_int(term) and value(term) is not None]
    related = (D.Related(b.span, f"{second} {b.verb} {a.array.name}[{cell}] here"),) if b.span != a.span else ()
    return D.error("race.data", a.span, message, notes=(f"launch: {', '.join(launch)}",), related=related)


def _size(axes: tuple) -> str:
    total = math.prod(axes)
    return str(total) if len(axes) == 1 else f"{total} ({' x '.join(map(str, axes))})"


def _first_per_statements(found: list[D.Diagnostic]) -> list[D.Diagnostic]:
    """One race per pair of statements (the same two lines race in many ways)."""
    out, seen = [], set()
    for d in found:
        key = (d.span, tuple(r.span for r in d.related))
        if key not in seen:
            seen.add(key)
            out.append(d)
    return out


def reached_uniformly(p: Protocol, span, timeout: float) -> bool:
    """Whether every two threads of a work group agree on reaching the barrier or jump
    at `span`, in each instance of the loops around it: GPUVerify's semantic check of
    uniformity, which the lock-step rule over-approximates."""
    guards = p.reach.get(span)
    if not guards:
        return False
    pairs = _copies(p, same_group=True)
    facts = z3.And(*p.facts) if p.facts else p.engine.t.true
    for guard in guards:
        s = _solver(p.engine.t.ctx, timeout)
        s.add(facts, z3.substitute(facts, *pairs), guard != z3.substitute(guard, *pairs))
        if s.check() != z3.unsat:
            return False
    return True
