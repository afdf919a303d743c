"""A quantified index with the operations taken out that do not change its value where
the quantifier's condition holds, so that indices.py can read its shape.

C's arithmetic writes a sum of unsigned ints as `(a + b) % 2^32` and a signed one as
`(a + b + 2^31) % 2^32 - 2^31`, and its `%` of a possibly negative number as
`a >= 0 ? a % n : -(-a % n)`; the index `(g * gsize + l) * n + j` of a row-major array
then reaches the engine as a term that no inverse is read off.  Each rule below is an
equality of integer arithmetic under a premise, and the premise is proved (with the
solver, from the condition and the obligation's world facts) before the rule is used:

* `a % m` is `a` when `0 <= a < m` (Euclidean `%`): a wrap that cannot happen (only
  for a numeral m: C's wraps are, and a symbolic one is a row of a 2-D index); for the
  products in a, the bound of a product by its factors' bounds is given to the solver as
  a ground instance (`_products`), each factor's bound proved first;
* `c ? a : b` is `a` when `c` holds, `b` when it does not;
* `a / m * m + a % m` is `a` when `m != 0` (Euclidean division).

So the index returned is equal to the one given wherever the condition holds, and a
chunk built on it holds the same cells; a wrap that can happen (`(4 * i) % 2^32` with i
up to 2^31) is kept, and the index stays one that two values of the variables may share.
"""
from __future__ import annotations

from typing import Callable

import z3

from ..solver.terms import occurs, subterms

# The bounds tried for a factor of a product under a wrap: the sizes of C's integers.
LIMITS = (2**8, 2**16, 2**31, 2**32, 2**63, 2**64)


class Unwrapper:
    """`holds(goal)`: whether the goal is proved under the quantifier's condition (a
    proof from fewer facts than the path's: it stays one as the path grows)."""

    def __init__(self, bound: tuple, holds: Callable):
        self.bound = bound
        self.holds = holds

    def index(self, term):
        simpler = self._walk(term)
        return term if simpler.eq(term) else z3.simplify(simpler)

    def _walk(self, term):
        if not z3.is_app(term) or not any(occurs(v, term) for v in self.bound):
            return term
        children = [self._walk(c) for c in term.children()]
        if any(not a.eq(b) for a, b in zip(children, term.children())):
            term = term.decl()(*children)
        if z3.is_mod(term) and z3.is_int_value(term.arg(1)):
            a, m = term.arg(0), term.arg(1)
            in_range = z3.And(0 <= a, a < m)
            if self.holds(in_range):
                return a
            products = self._products(a)
            if products and self.holds(z3.Implies(z3.And(products), in_range)):
                return a
        elif z3.is_app_of(term, z3.Z3_OP_ITE):
            c, a, b = term.children()
            if self.holds(c):
                return a
            if self.holds(z3.Not(c)):
                return b
        elif z3.is_add(term):
            return self._recombined(term)
        return term

    def _products(self, term):
        """Ground instances of the monotonicity of products for the products of two
        non-numeral factors in term: `0 <= x < X && 0 <= y < Y ==> 0 <= x * y <= (X - 1) *
        (Y - 1)`, with X and Y the least powers of two of LIMITS that the condition keeps
        the factors below (a product bounded by its factors' bounds is nonlinear search
        otherwise: `(t * n + j) % 2^64` with t, j < n < 2^31)."""
        facts = []
        for p in subterms(term):
            if not (z3.is_mul(p) and p.num_args() == 2) or any(z3.is_int_value(f) for f in p.children()):
                continue
            limits = [self._limit(f) for f in p.children()]
            if None in limits:
                continue
            (x, y), (lx, ly) = p.children(), limits
            facts.append(z3.Implies(z3.And(0 <= x, x < lx, 0 <= y, y < ly),
                                    z3.And(0 <= p, p <= (lx - 1) * (ly - 1))))
        return facts

    def _limit(self, factor) -> int | None:
        if not self.holds(factor >= 0):
            return None
        return next((limit for limit in LIMITS if self.holds(factor < limit)), None)

    def _recombined(self, term):
        """`a / m * m + a % m` among the addends as `a`."""
        parts = list(term.children())
        for i, p in enumerate(parts):
            for j, q in enumerate(parts):
                if i == j or not z3.is_mod(q):
                    continue
                a, m = q.arg(0), q.arg(1)
                if _is_quotient_times(p, a, m) and self.holds(m != 0):
                    rest = [r for k, r in enumerate(parts) if k not in (i, j)]
                    return sum(rest, a) if rest else a
        return term


def _is_quotient_times(p, a, m) -> bool:
    """Whether p is `a / m * m` (or `m * (a / m)`)."""
    if not (z3.is_mul(p) and p.num_args() == 2):
        return False
    x, y = p.children()
    for div, factor in ((x, y), (y, x)):
        if z3.is_div(div) or z3.is_idiv(div):
            if div.arg(0).eq(a) and div.arg(1).eq(m) and factor.eq(m):
                return True
    return False
