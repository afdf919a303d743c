"""`(a + m * k) % m` as `a % m`: the multiples of the modulus taken out of a remainder.

A quantified chunk over a butterfly index (butterfly.py) holds the cells x with
`(x - c) % (2 * s) < s`; asked about the cell of another butterfly,
`x = c' + 2 * s * (t / s) + t % s`, the solver has to see that `2 * s * (t / s)` does not
change the remainder, which nonlinear search rarely finds.  The rewrite is an identity of
Z3's integers for every m: for m != 0 Euclidean `%` ignores multiples of m, and for m = 0
the addend m * k is 0, so the dividend's value (all that `a % 0` depends on) is the same.
"""
from __future__ import annotations

import z3

from ..solver.terms import factors


def without_multiples(term):
    """`term` with every `a % m` (a a sum) rid of the addends of a that are multiples of m,
    as products of factors: `2 * s * q` is a multiple of `2 * s`, and of `s`."""
    memo: dict[int, object] = {}

    def walk(t):
        if not z3.is_app(t) or t.num_args() == 0:
            return t
        key = t.get_id()
        if key in memo:
            return memo[key]
        children = [walk(c) for c in t.children()]
        new = t.decl()(*children) if any(not a.eq(b) for a, b in zip(children, t.children())) else t
        if z3.is_mod(new):
            new = _reduced(new)
        memo[key] = new
        return new

    return walk(term)


def _reduced(rem):
    a, m = rem.arg(0), rem.arg(1)
    if z3.is_int_value(m):
        return rem
    a = z3.simplify(a)
    if not z3.is_add(a):
        return rem
    modulus = factors(m)
    kept = [p for p in a.children() if not _multiple(factors(p), modulus)]
    if len(kept) == a.num_args():
        return rem
    return z3.Sum(*kept) % m if kept else z3.IntVal(0, rem.ctx) % m


def _multiple(part, modulus) -> bool:
    (n_part, s_part), (n_mod, s_mod) = part, modulus
    if n_mod == 0 or n_part % n_mod != 0:
        return False
    rest = list(s_part)
    for f in s_mod:
        match = next((k for k, r in enumerate(rest) if r.eq(f)), None)
        if match is None:
            return False
        del rest[match]
    return True
