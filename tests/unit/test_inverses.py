"""Candidate inverses of quantified indices (engine/heap.py): for each index form the
first candidate really inverts it, checked with Z3 over all values of the variables."""
from __future__ import annotations

import z3

from vercors_py.engine.heap import _unit_shift, candidates


def _inverts(index, bound, cond, candidate, X, facts=()) -> bool:
    solver = z3.Solver()
    solver.add(*facts, cond)
    back = [z3.substitute(c, (X, index)) for c in candidate]
    solver.add(z3.Not(z3.And(*[b == v for b, v in zip(back, bound)])))
    return solver.check() == z3.unsat


def test_shift_and_offset():
    v, k, X = z3.Ints("v k X")
    cands = candidates(v + k + 1, (v,), X, v >= 0)
    assert cands and _inverts(v + k + 1, (v,), v >= 0, cands[0], X)


def test_neighbour_modulo_group_size():
    l, g, gs, X = z3.Ints("l g gs X")
    index = (g * gs + l - 1) % gs
    cond = z3.And(0 <= l, l < gs)
    cands = candidates(index, (l,), X, cond)
    assert _inverts(index, (l,), cond, cands[0], X, facts=[gs >= 1, g >= 0])


def test_group_and_lane_pairs():
    g, l, gs, ng, X = z3.Ints("g l gs ng X")
    index = g * gs + l
    cond = z3.And(0 <= g, g < ng, 0 <= l, l < gs)
    cands = candidates(index, (g, l), X, cond)
    assert any(_inverts(index, (g, l), cond, c, X, facts=[gs >= 1]) for c in cands)


def test_a_variable_pinned_by_the_condition_takes_its_value():
    l, i, gs, X = z3.Ints("l i gs X")
    cond = z3.And(l == 0, 0 <= i, i < gs)
    cands = candidates(i + 2, (l, i), X, cond)
    assert cands and _inverts(i + 2, (l, i), cond, cands[0], X)


def test_no_candidate_for_a_non_linear_index():
    v, X = z3.Ints("v X")
    assert candidates(v * v, (v,), X, v >= 0) == []


def test_unit_shift_is_recognised_only_for_unit_coefficients():
    v, k, X = z3.Ints("v k X")
    assert _unit_shift(v + k, (v,)) is not None
    assert z3.simplify(_unit_shift(k - v, (v,))(X) - (k - X)) == 0
    assert _unit_shift(2 * v, (v,)) is None
    assert _unit_shift(k, (v,)) is None
