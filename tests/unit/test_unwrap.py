"""engine/execution/unwrap.py: a quantified index without the wraps, conditionals and
`a / m * m + a % m` that its condition makes no-ops.  Each rewrite must give a term
equal to the index wherever the condition holds (checked with Z3), and a wrap or a
conditional that the condition does not make a no-op must stay."""
from __future__ import annotations

import z3

from vercors_py.engine.execution.unwrap import Unwrapper

M32 = 2**32


def _unwrap(index, bound, cond, facts=()):
    def holds(goal):
        s = z3.Solver()
        s.set("timeout", 5000)
        s.add(*facts, cond, z3.Not(goal))
        return s.check() == z3.unsat
    return Unwrapper(bound, holds).index(index)


def _equal_under(a, b, cond, facts=()) -> bool:
    s = z3.Solver()
    s.add(*facts, cond, a != b)
    return s.check() == z3.unsat


def test_a_wrap_that_cannot_happen_is_taken_out():
    t, n = z3.Ints("t n")
    cond = z3.And(0 <= t, t < n, n < 2**31)
    index = (t % M32 + 1) % M32
    simpler = _unwrap(index, (t,), cond)
    assert not any(z3.is_mod(s) for s in _subterms(simpler))
    assert _equal_under(simpler, index, cond)


def test_a_signed_wrap_that_cannot_happen_is_taken_out():
    t = z3.Int("t")
    cond = z3.And(-5 <= t, t < 2**31 - 1)
    index = (t + 1 + 2**31) % M32 - 2**31
    simpler = _unwrap(index, (t,), cond)
    assert z3.simplify(simpler - (t + 1)).eq(z3.IntVal(0))


def test_a_wrap_that_happens_is_kept():
    i = z3.Int("i")
    cond = z3.And(0 <= i, i <= 2**30)
    index = (4 * i) % M32
    assert _unwrap(index, (i,), cond).eq(index)


def test_a_symbolic_modulus_is_not_a_wrap():
    t, n = z3.Ints("t n")
    cond = z3.And(0 <= t, t < n)
    index = t % n
    assert _unwrap(index, (t,), cond).eq(index)


def test_a_conditional_the_condition_decides():
    t = z3.Int("t")
    index = z3.If(t >= 0, t, 0)
    assert _unwrap(index, (t,), t >= 3).eq(t)
    assert _unwrap(index, (t,), t < -1).eq(z3.IntVal(0))
    assert _unwrap(index, (t,), t >= -1).eq(index)


def test_c_remainder_recombined_with_its_quotient():
    t, n = z3.Ints("t n")
    cond = z3.And(0 <= t, n >= 1)
    index = t / n * n + z3.If(t >= 0, t % n, -((-t) % n))
    simpler = _unwrap(index, (t,), cond)
    assert simpler.eq(t)


def test_a_quotient_and_another_remainder_stay():
    t, n, m = z3.Ints("t n m")
    cond = z3.And(0 <= t, n == 2, m == 4)
    index = t / n * n + t % m
    assert _unwrap(index, (t,), cond).eq(index)


def test_terms_free_of_the_bound_variables_are_left_alone():
    t, k = z3.Ints("t k")
    index = t + k % M32
    asked = []
    Unwrapper((t,), lambda goal: asked.append(goal) or True).index(index)
    assert asked == []


def _subterms(term):
    out, todo = [], [term]
    while todo:
        x = todo.pop()
        out.append(x)
        todo.extend(x.children())
    return out


def test_a_product_under_a_wrap_is_bounded_by_its_factors_bounds():
    """page-rank's `(t * n + j) % 2^64` with t, j < n < 2^31: the bound needs the
    product's monotonicity, given as a ground instance after each factor's bound."""
    t, j, n = z3.Ints("t j n")
    cond = z3.And(0 <= t, t < n, 0 <= j, j < n, n < 2**31)
    index = (t * n + j) % 2**64
    simpler = _unwrap(index, (t, j), cond)
    assert z3.simplify(simpler - (t * n + j)).eq(z3.IntVal(0))


def test_a_product_that_can_wrap_keeps_its_wrap():
    t, n = z3.Ints("t n")
    cond = z3.And(0 <= t, t < n, n < 2**33)
    index = (t * n) % 2**64
    assert _unwrap(index, (t,), cond).eq(index)
