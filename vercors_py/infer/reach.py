"""What each point of a shape must hold, and the clause sets that follow from it.

A point holds its own accesses and, through each link, what the linked point holds, in
its own terms (the link's values for the linked point's variables, its conditions in
front).  A barrier loop whose body has a path without a barrier links its head to itself
one iteration on, and what it holds then grows without end: `CannotInfer`.

The clause sets:
- a barrier's `ensures` and a loop's invariant: what its point holds;
- main's `requires`: what its start holds, and the global cells the thread accesses later
  (group resources come from the thread contracts only, so a barrier can hand out no
  global cell that no thread required): every cell it writes, when main's start accesses
  that array at no other cell, and every cell of an array no thread writes;
- a barrier's `requires` and main's `ensures`: what every point reaching it holds, of
  the cells whose expressions are still valid there.
"""
from __future__ import annotations

import attrs

from ..semantics.symbols import SymbolKind
from ..syntax import ast as A
from ..syntax.printer import format_expr
from .shape import ABSOLUTE, CannotInfer, Join, Point, Shape, head_facts, translate, try_translate
from .terms import Need, names


@attrs.frozen
class Plan:
    requires: tuple                # needs
    ensures: tuple
    barriers: tuple                # (Barrier, requires needs, ensures needs, facts)
    loops: tuple                   # (loop, needs, facts)
    procedures: tuple              # (Procedure, requires needs, ensures needs)


def plan(shape: Shape) -> Plan:
    held = close(shape)
    held[shape.start] = list(_requires(shape, held))
    barriers = []
    for site in shape.barriers:
        requires, ensures = common(site.before, held), tuple(held[site.point])
        barriers.append((site.barrier, requires, ensures, site.facts))
    loops = tuple((site.loop, tuple(held[site.point]),
                   tuple(head_facts(site.counter) if site.counter else ()) + site.facts) for site in shape.loops)
    procedures = tuple((site.procedure, tuple(held[site.point]), common(site.end, held, outside=True))
                       for site in shape.procedures)
    return Plan(tuple(held[shape.start]), common(shape.end, held, outside=True), tuple(barriers), loops,
                procedures)


def merged(plans: list[Plan]) -> Plan:
    """One plan from the plans of each memory: the clauses of each spot together."""
    def facts(*lists) -> tuple:
        return tuple({format_expr(f): f for f in (f for fs in lists for f in fs)}.values())

    barriers: dict = {}
    for b, requires, ensures, fs in (x for p in plans for x in p.barriers):
        r0, e0, f0 = barriers.get(id(b), (b, (), (), ()))[1:]
        barriers[id(b)] = (b, r0 + requires, e0 + ensures, facts(f0, fs))
    loops: dict = {}
    for loop, needs, fs in (x for p in plans for x in p.loops):
        n0, f0 = loops.get(id(loop), (loop, (), ()))[1:]
        loops[id(loop)] = (loop, n0 + needs, facts(f0, fs))
    procedures: dict = {}
    for procedure, requires, ensures in (x for p in plans for x in p.procedures):
        r0, e0 = procedures.get(id(procedure), (procedure, (), ()))[1:]
        procedures[id(procedure)] = (procedure, r0 + requires, e0 + ensures)
    return Plan(sum((p.requires for p in plans), ()), sum((p.ensures for p in plans), ()),
                tuple(barriers.values()), tuple(loops.values()), tuple(procedures.values()))


def key(need: Need) -> tuple:
    """The cells of a need, as text: the array, the index and the loops it ranges over."""
    return (need.array.name, format_expr(need.index),
            tuple((b.name, format_expr(b.lo), format_expr(b.hi), format_expr(b.step) if b.step else "")
                  for b in need.binders))


def _full_key(need: Need) -> tuple:
    return key(need), need.write, need.atomic, tuple(format_expr(g) for g in need.guards)


def close(shape: Shape) -> dict[Point, list[Need]]:
    held = {p: list(p.needs) for p in shape.points}
    seen = {p: {_full_key(n) for n in held[p]} for p in shape.points}
    for _ in range(len(shape.points) + 1):
        grown = None
        for p in shape.points:
            for edge in p.edges:
                for need in list(held[edge.target]):
                    moved = _through(need, edge)
                    k = _full_key(moved)
                    if k not in seen[p]:
                        seen[p].add(k)
                        held[p].append(moved)
                        grown = p
        if grown is None:
            return held
    node = grown.node
    raise CannotInfer(getattr(node, "span", None), "a loop with a barrier that some path through its body does not "
                                                   "reach: each iteration would need the next one's permissions too")


def _through(need: Need, edge) -> Need:
    bound = frozenset(b.symbol for b in need.binders)
    what = f"the index of `{need.array.name}[{format_expr(need.index)}]`"
    index = translate(need.index, edge.env, what, need.span, bound)
    guards = tuple(g for g in (try_translate(g, edge.env, bound) for g in need.guards) if g is not None)
    binders = tuple(attrs.evolve(b, lo=translate(b.lo, edge.env, "a loop's start", need.span, bound),
                                 hi=translate(b.hi, edge.env, "a loop's bound", need.span, bound),
                                 step=b.step and translate(b.step, edge.env, "a loop's step", need.span, bound))
                    for b in need.binders)
    # Conditions met again on the way (a loop's, around each iteration) are one.
    guards = tuple({format_expr(g): g for g in tuple(edge.guards) + guards}.values())
    return attrs.evolve(need, index=index, guards=guards, binders=binders)


def _free(need: Need) -> set:
    bound = {b.symbol for b in need.binders}
    found = names(need.index).union(*(names(g) for g in need.guards),
                                    *(names(b.lo) | names(b.hi) | (names(b.step) if b.step else set())
                                      for b in need.binders))
    return found - bound


def common(join: Join, held: dict, outside: bool = False) -> tuple:
    """What every point of the join holds, of the cells still meant the same there; with
    `outside`, only cells that name no local (a thread's or procedure's `ensures`)."""
    per_point = []
    for p, env in join.points:
        cells: dict = {}
        for need in held[p]:
            free = _free(need)
            if free & set(env) or (outside and any(s.kind is SymbolKind.LOCAL for s in free)):
                continue
            k, guards = key(need), tuple(format_expr(g) for g in need.guards)
            cells.setdefault(k, {}).setdefault(guards, []).append(need)
        per_point.append(cells)
    if not per_point:
        return ()
    out = []
    for k, by_guards in per_point[0].items():
        if all(k in other and set(other[k]) == set(by_guards) for other in per_point[1:]):
            out.extend(attrs.evolve(needs[0], write=all(any(n.write for n in other[k][g]) for other in per_point),
                                    atomic=any(n.atomic for other in per_point for n in other[k][g]))
                       for g, needs in by_guards.items())
    return tuple(out)


def _requires(shape: Shape, held: dict) -> tuple:
    start = held[shape.start]
    later = [n for p in shape.points if p is not shape.start and not p.in_procedure
             for n in held[p] if n.array.scope is A.Scope.GLOBAL and stable(n)]
    written = {n.array for p in shape.points for n in held[p] if n.write}
    extra = []
    for array in dict.fromkeys(n.array for n in later):
        mine = [n for n in later if n.array is array]
        if array not in written:
            extra += mine
            continue
        writes = [n for n in mine if n.write]
        keys = {key(n) for n in writes}
        if all(key(n) in keys for n in start if n.array is array):
            extra += writes
    return tuple(start) + tuple(extra)


def stable(need: Need) -> bool:
    """Whether the need names nothing but ids, sizes, parameters and its bound counters:
    then it means the same at main's start."""
    return all(s.kind in ABSOLUTE for s in _free(need))
