"""Candidate inverses of quantified indices (engine/execution/indices.py): for each index form the
first candidate really inverts it, checked with Z3 over all values of the variables."""
from __future__ import annotations

import random

import z3

from vercors_py.engine.execution.butterfly import butterfly
from vercors_py.engine.execution.indices import candidates, merged, radix, unit_shift


def _inverts(index, bound, cond, candidate, X, facts=()) -> bool:
    solver = z3.Solver()
    solver.add(*facts, cond)
    back = [z3.substitute(c, (X, index)) for c in candidate.terms]
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
    assert unit_shift(v + k, (v,)) is not None
    assert z3.simplify(unit_shift(k - v, (v,))(X) - (k - X)) == 0
    assert unit_shift(2 * v, (v,)) is None
    assert unit_shift(k, (v,)) is None


# ---- mixed radix (2-D and 3-D indices) ----

def _radix_cases():
    g, l, j, n, m = z3.Ints("g l j n m")
    return {
        "row-major 2-D": ((l * n + j), (l, j), [j, l], [n]),
        "3-D with one width": (((g * n + l) * n + j), (g, l, j), [j, l, g], [n, n]),
        "3-D with two widths": (g * (n * m) + l * m + j, (g, l, j), [j, l, g], [m, n]),
        "a tile of n * n": (g * n * n + j, (g, j), [j, g], [n * n]),
        "constants": (g * 8 + l * 4 + j + 3, (g, l, j), [j, l, g], [z3.IntVal(4), z3.IntVal(2)]),
        "records of 16 (a stride)": ((g * n + l) * 16 + 3, (g, l), [l, g], [n]),
        "a symbolic stride": (((g * n + l) * n + j) * 2 * m + 1, (g, l, j), [j, l, g], [n, n]),
        "one digit with a stride": (4 * j + n, (j,), [j], []),
        "a negative stride": (5 - 3 * j, (j,), [j], []),
        "constant weights above a stride": (g * 12 + l * 6 + j * 3, (g, l, j), [j, l, g], [z3.IntVal(2), z3.IntVal(2)]),
        "rows from the end (a negative base)": ((m - 1 - l) * n + j, (l, j), [j, l], [-n]),
        "columns from the end": (j * n + m - 1 - l, (l, j), [l, j], [-n]),
    }


def test_radix_reads_the_digits_and_bases_off_the_index():
    for name, (index, bound, digits, bases) in _radix_cases().items():
        found = radix(index, bound)
        assert found is not None, name
        assert [str(d) for d in found.digits] == [str(d) for d in digits], name
        assert [str(z3.simplify(b)) for b in found.bases] == [str(z3.simplify(b)) for b in bases], name


def test_radix_refuses_what_is_not_a_radix():
    l, j, g, n = z3.Ints("l j g n")
    assert radix(l * n + j * n, (l, j)) is None          # no digit of weight 1
    assert radix(l + j, (l, j)) is None                  # two digits of one weight
    assert radix(l * n + j, (l, j, g)) is None           # g is not in the index
    assert radix(l * l + j, (l, j)) is None              # not linear in the digits
    assert radix(l + j, (l,)) is None                    # one variable, weight 1: unit_shift's
    assert radix(j - l, (l,)) is None                    # weight -1: unit_shift's too
    assert radix(l * 4 + j * 6, (l, j)) is None          # 6 is not 4 times a base
    assert radix(2 * (l / 2), (l,)) is None              # not linear: 2 * (l / 2) is not a stride


def test_the_radix_theorems_hold_at_random_values():
    """`identity` and `unique` are given to the solver as facts: they must be theorems.
    Checked at random integers (negative ones too) for every shape above."""
    rng = random.Random(11)
    n, m = z3.Ints("n m")
    for name, (index, bound, _, _) in _radix_cases().items():
        found = radix(index, bound)
        copies = [z3.Int(f"{v}_copy") for v in bound]
        for _ in range(300):
            sizes = [(n, z3.IntVal(rng.choice([-3, -2, -1, 1, 2, 3, 4, 5]))),
                     (m, z3.IntVal(rng.choice([-2, -1, 1, 2, 3])))]
            x = z3.IntVal(rng.randint(-60, 200))
            assert z3.is_true(z3.simplify(z3.substitute(found.identity(x), *sizes))), name
            values = [(v, z3.IntVal(rng.randint(-2, 5))) for v in bound]
            same = rng.random() < 0.5
            others = [(c, value if same else z3.IntVal(rng.randint(-2, 5))) for c, (_, value) in zip(copies, values)]
            other_index = z3.substitute(index, *zip(bound, copies))
            fact = found.unique(index, other_index, list(zip(bound, copies)))
            assert z3.is_true(z3.simplify(z3.substitute(fact, *sizes, *values, *others))), name
            assert z3.is_true(z3.simplify(z3.substitute(found.inverts(index), *sizes, *values))), name


def test_the_radix_candidate_comes_first_and_is_proved_by_its_ranges():
    g, l, j, n, X = z3.Ints("g l j n X")
    index = (g * n + l) * n + j
    cond = z3.And(0 <= g, 0 <= l, l < n, 0 <= j, j < n)
    first = candidates(index, (g, l, j), X, cond)[0]
    assert first.proof is not None
    assert _inverts(index, (g, l, j), z3.And(cond, n >= 1), first, X)


def test_a_variable_the_index_does_not_mention_takes_a_lower_bound_free_of_the_others():
    g, l, i, ng, X = z3.Ints("g l i ng X")
    # One group: g can only be 0, so the inverse of l is the whole story.
    cond = z3.And(0 <= g, g < ng, 0 <= l, l < 4)
    first = candidates(l, (g, l), X, cond)[0]
    assert str(first.terms[0]) == "0"
    # A lower bound that is another bound variable is no value for an inverse.
    cond = z3.And(g >= i, g <= i, 0 <= i, i < 4)
    assert all(not any(z3.is_const(t) and t.eq(i) for t in c.terms) for c in candidates(i, (g, i), X, cond))


def test_a_stride_is_exact_only_at_its_multiples():
    """`exact` is what the footprint of a stride's chunk says instead of e(inv(x)) == x
    (`complete`): at random sizes it must hold exactly where encoding the digits of x
    gives x back."""
    rng = random.Random(5)
    g, l, n, m = z3.Ints("g l n m")
    index = (g * n + l) * 2 * m + 3
    found = radix(index, (g, l))
    for _ in range(400):
        sizes = [(n, z3.IntVal(rng.choice([1, 2, 3, 5]))), (m, z3.IntVal(rng.choice([-2, -1, 1, 2, 3])))]
        x = z3.IntVal(rng.randint(-40, 120))
        decoded = found.decode(x)
        back = z3.substitute(index, (g, decoded[g.get_id()]), (l, decoded[l.get_id()]))
        fact = found.exact(x) == (back == x)
        assert z3.is_true(z3.simplify(z3.substitute(fact, *sizes)))


def test_the_stride_candidate_comes_first_and_is_complete():
    g, l, X = z3.Ints("g l X")
    gs = z3.Int("gs")
    index = (g * gs + l) * 16 + 3
    cond = z3.And(0 <= g, 0 <= l, l < gs)
    first = candidates(index, (g, l), X, cond)[0]
    assert first.complete and first.proof is not None     # a numeral stride: (X - 3) % 16 == 0 is linear
    assert _inverts(index, (g, l), cond, first, X)


# ---- butterflies (engine/execution/butterfly.py): a zero digit inserted at weight s ----

def _butterfly_cases():
    t, g, l, s, c, n = z3.Ints("t g l s c n")
    return {
        "a fast Walsh pair": (2 * s * (t / s) + t % s, (t,), 2),
        "its partner": (2 * s * (t / s) + t % s + s, (t,), 2),
        "a radix-4 digit": ((t % s) + 4 * s * (t / s) + c, (t,), 4),
        "no digit inserted": (s * (t / s) + t % s, (t,), 1),
        "over a group's threads": (2 * s * ((g * n + l) / s) + (g * n + l) % s, (g, l), 2),
    }


def test_butterfly_reads_the_shape_and_refuses_others():
    for name, (index, bound, spread) in _butterfly_cases().items():
        found = butterfly(index, bound)
        assert found is not None and found.spread == spread, name
    t, s, u = z3.Ints("t s u")
    assert butterfly(s * (t / s) + t % (2 * s), (t,)) is None      # two moduli: t = s and t = 2 * s meet
    assert butterfly(2 * s * (t / s) + t % s + t, (t,)) is None    # a third addend in t
    assert butterfly(2 * t * (u / t) + u % t, (t, u)) is None      # the step in a bound variable
    assert butterfly(3 * s * (t / (2 * s)) + t % s, (t,)) is None  # quotient and remainder of different divisors


def test_the_butterfly_theorems_are_proved():
    """The inverse equation in the form the solver proves (k = m * s * q + r with
    0 <= r < s has quotient q and remainder r by m * s: gather(at(s * q + r)) is
    s * q + r) for spreads 1 to 4, and for a spread of 2 the injectivity instance and
    that `exact` is necessary (the footprint states it alone; that it is sufficient,
    `identity`, is checked at random values below: the solver's proof of it depends on
    its state)."""
    s, q, r, t, t2, X, c = z3.Ints("s q r t t2 X c")
    for m in (1, 2, 3, 4):
        k = m * s * q + r
        assert _valid(z3.Implies(z3.And(s > 0, 0 <= r, r < s), z3.And(k / (m * s) == q, k % (m * s) == r)))
    fly = butterfly(2 * s * (t / s) + t % s + c, (t,))
    assert _valid(fly.unique([(t, t2)]))
    assert _valid(z3.Implies(z3.And(fly.proof(), fly.at(fly.gather(X)) == X), fly.exact(X)))


def _valid(claim) -> bool:
    solver = z3.Solver()
    solver.set("rlimit", 200_000_000)      # deterministic, unlike a timeout on a loaded machine
    solver.add(z3.Not(claim))
    return solver.check() == z3.unsat


def test_the_butterfly_theorems_hold_at_random_values():
    """Every theorem, at random integers (steps of both signs, negative indices): a
    premise that fails (s <= 0) must leave the claim unused, never false."""
    rng = random.Random(3)
    t, t2, s, c, X = z3.Ints("t t2 s c X")
    for m in (1, 2, 3, 4):
        fly = butterfly(m * s * (t / s) + t % s + c, (t,))
        for _ in range(300):
            values = [(s, z3.IntVal(rng.choice([-3, -1, 1, 2, 3, 4, 8]))), (c, z3.IntVal(rng.randint(-5, 5))),
                      (t, z3.IntVal(rng.randint(-20, 60))), (t2, z3.IntVal(rng.randint(-20, 60))),
                      (X, z3.IntVal(rng.randint(-20, 200)))]
            at = lambda claim: z3.is_true(z3.simplify(z3.substitute(claim, *values)))  # noqa: E731
            assert at(fly.inverts()) and at(fly.identity(X)) and at(fly.unique([(t, t2)]))
            # `exact` is exactly where some t reaches X (once s > 0).
            reached = fly.at(fly.gather(X)) == X
            assert at(z3.Implies(fly.proof(), fly.exact(X) == reached))


def test_the_butterfly_candidate_over_a_group_comes_first_and_is_complete():
    g, l, s, gs, X = z3.Ints("g l s gs X")
    index = 2 * s * ((g * gs + l) / s) + (g * gs + l) % s + s
    cond = z3.And(0 <= g, 0 <= l, l < gs)
    first = candidates(index, (g, l), X, cond)[0]
    assert first.complete and first.proof is not None
    # The inverse at the cell of thread (g, l) is (g, l), for concrete sizes.
    for size, step in ((4, 1), (4, 2), (8, 4), (3, 3)):
        facts = [gs == size, s == step]
        assert _inverts(index, (g, l), cond, first, X, facts=facts)


# ---- a radix over a digit that is itself a radix (indices.Merged) ----

def test_a_thread_id_below_a_weight_its_group_size_does_not_divide_is_one_digit():
    """`(n - 1 - i) * n + (g * G + l)` and `i * n + n - 1 - (g * G + l)`: the instance of
    uniqueness and the candidate's inverse hold at random values (negative sizes too),
    and a thread id up to a base apart is not unique."""
    rng = random.Random(13)
    g, l, i, n, G, X = z3.Ints("g l i n G X")
    copies = z3.Ints("g2 l2 i2")
    pairs = list(zip((g, l, i), copies))
    for index in [(n - 1 - i) * n + g * G + l, i * n + n - 1 - (g * G + l)]:
        nested = merged(index, (g, l, i))
        assert nested is not None
        fact = nested.unique(index, z3.substitute(index, *pairs), pairs)
        cond = z3.And(0 <= g, 0 <= l, l < G, g * G + l < n)
        first = candidates(index, (g, l, i), X, cond)[0]
        for _ in range(300):
            sizes = [(n, z3.IntVal(rng.choice([-3, 2, 3, 5, 7]))), (G, z3.IntVal(rng.choice([-2, 1, 2, 3])))]
            values = [(v, z3.IntVal(rng.randint(-3, 8))) for v in (g, l, i, *copies)]
            assert z3.is_true(z3.simplify(z3.substitute(fact, *sizes, *values)))
            back = [z3.substitute(t, (X, index)) for t in first.terms]
            inverts = z3.Implies(first.proof, z3.And([b == v for b, v in zip(back, (g, l, i))]))
            assert z3.is_true(z3.simplify(z3.substitute(inverts, *sizes, *values)))
    assert merged(i * n + g * G + l + 1, (g, l)) is None           # two variables: a radix's
