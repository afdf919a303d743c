"""engine/execution/multiples.py: `(a + m * k) % m` as `a % m`, an identity of Z3's integers for
every m (0 too: the addend is then 0): checked at random values of each shape it rewrites
(the solver does not prove the identity over symbolic moduli: nonlinear)."""
from __future__ import annotations

import random

import z3

from vercors_py.engine.execution.multiples import without_multiples


def _valid(claim) -> bool:
    solver = z3.Solver()
    solver.set("timeout", 10000)
    solver.add(z3.Not(claim))
    return solver.check() == z3.unsat


def test_the_multiples_of_the_modulus_are_taken_out_and_the_result_is_equal():
    s, q, r, c, a, m = z3.Ints("s q r c a m")
    cases = [
        ((2 * s * q + r + s - c) % (2 * s), (r + s - c) % (2 * s)),
        ((s * q * 2 + r) % (2 * s), r % (2 * s)),
        ((4 * s * q + r) % (2 * s), r % (2 * s)),        # 4 * s is a multiple of 2 * s
        ((m * a) % m, z3.IntVal(0) % m),
    ]
    rng = random.Random(7)
    for term, expected in cases:
        rewritten = without_multiples(term)
        assert rewritten.eq(z3.simplify(expected)) or _valid(rewritten == expected), rewritten
        for _ in range(200):
            values = [(v, z3.IntVal(rng.randint(-9, 9))) for v in (s, q, r, c, a, m)]
            assert z3.is_true(z3.simplify(z3.substitute(rewritten == term, *values))), (rewritten, values)


def test_what_is_not_a_multiple_stays():
    s, q, r = z3.Ints("s q r")
    for term in [(s * q + r) % (2 * s),               # s * q is a multiple of s, not of 2 * s
                 (2 * q + r) % 4,                     # a numeral modulus is the solver's own
                 (2 * s * q) / (2 * s)]:              # a quotient: x / 0 is not x / 0 + k
        assert without_multiples(term).eq(term)
