"""Ground instances of the monotonicity of products and of the identity of a wrap-around
within its range, for the indices of the race queries.

C computes `x + y * width` of unsigned ints modulo 2^32 and converts it to an int
(`(e + K) % M - K`): two threads meet at one cell only if the wrapped sums are equal,
which says nothing of the sums themselves until the solver knows that they are in
range, where the wrap is the identity.  Showing that takes products of ids and sizes:
`y * width <= (height - 1) * width` from `y < height`, and the host's bound on
`width * height` (docs/cfamily.md "Host facts").  The linear pass sees products as
opaque, and the nonlinear search rarely finds these steps once the sizes are symbolic
(amd-app-sdk/sobel-filter.cl timed out).  So each query gets, for every product of
its indices, the interval its factors' intervals give it, and for every wrap-around
that it is the identity where its argument is in range: theorems of integer arithmetic
stated as implications whose premises the solver still has to show (a candidate
interval that does not hold only leaves an instance unused), so an instance never
decides a query by itself, as with radix.py's digits.
"""
from __future__ import annotations

import z3

from .radix import unwrapped

# Instances per query: a bound on its size, well above what the index arithmetic of
# real kernels gives (one per product and wrap-around of the indices).
MAX_INSTANCES = 128


class Bounds:
    """Candidate intervals of subterms, from the ranges of the ids (`ranges`: id of a
    term -> (low, high), inclusive), and the instances that justify them."""

    def __init__(self, ranges: dict):
        self.ranges = ranges
        self.memo: dict = {}
        self.instances: list = []

    def of(self, term) -> tuple:
        """(low, high), terms with low <= term <= high wherever the instances' premises
        hold; (term, term) where nothing narrower is known."""
        key = term.get_id()
        if key not in self.memo:
            self.memo[key] = self._interval(term)
        return self.memo[key]

    def _interval(self, t) -> tuple:
        if key := self.ranges.get(t.get_id()):
            return key
        if z3.is_int_value(t):
            return t, t
        wrap = unwrapped(t)
        if wrap is not None:
            e, low, high = wrap
            self._add(z3.Implies(z3.And(low <= e, e < high), t == e))
            return self.of(e)
        if z3.is_add(t):
            parts = [self.of(c) for c in t.children()]
            return _simplified(z3.Sum([lo for lo, _ in parts])), _simplified(z3.Sum([hi for _, hi in parts]))
        if z3.is_sub(t) and t.num_args() == 2:
            (l1, h1), (l2, h2) = self.of(t.arg(0)), self.of(t.arg(1))
            return _simplified(l1 - h2), _simplified(h1 - l2)
        if z3.is_mul(t):
            return self._product(t)
        for c in t.children():
            if c.sort() == t.sort():
                self.of(c)
        return t, t

    def _product(self, t) -> tuple:
        """A product of factors in nonnegative intervals is between the products of their
        ends: the instance with the factors' intervals as premises."""
        factors = t.children()
        parts = [self.of(f) for f in factors]
        if all(lo.eq(f) and hi.eq(f) for f, (lo, hi) in zip(factors, parts)):
            return t, t
        if any(z3.is_int_value(lo) and lo.as_long() < 0 for lo, _ in parts):
            return t, t
        low = _simplified(z3.Product([lo for lo, _ in parts]))
        high = _simplified(z3.Product([hi for _, hi in parts]))
        premises = [c for f, (lo, hi) in zip(factors, parts) for c in (0 <= lo, lo <= f, f <= hi)]
        self._add(z3.Implies(z3.And(premises), z3.And(low <= t, t <= high)))
        return low, high

    def _add(self, instance) -> None:
        if len(self.instances) < MAX_INSTANCES and not any(instance.eq(i) for i in self.instances):
            self.instances.append(instance)


def _simplified(term):
    # As sums of monomials: the bound `(ngroups.y - 1) * gsize.y * width` then shares its
    # monomials with the host's fact `width * height <= ...`, which the linear pass needs.
    return z3.simplify(term, som=True)


def instances(indices, ranges: dict) -> list:
    """The instances for the subterms of the indices."""
    b = Bounds(ranges)
    for index in indices:
        b.of(index)
    return b.instances
