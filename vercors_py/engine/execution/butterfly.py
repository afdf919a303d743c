"""The butterfly index `m * s * (u / s) + u % s + c`: u with a block of zero digits
inserted at weight s (m = 2: a zero bit at position log2 s when s is a power of two), the
pairs of a fast Walsh or Fourier transform (`2 * step * (t / step) + t % step` and its
partner `... + step`).

For s > 0 and a numeral m >= 1 it is injective in u, and its inverse is exact by a
theorem of integer arithmetic (Euclidean / and %): with k = x - c,

    u = s * (k / (m * s)) + k % (m * s)        for the x with  k % (m * s) < s,

and no other x is reached.  (Write u = s * q + r with 0 <= r < s: the index is
c + m * s * q + r, and 0 <= r < s <= m * s gives back q and r.)  The theorems are given
to the solver as ground instances (`unique`, and the candidate inverse's `exact`), as
indices.py does for a mixed radix: nonlinear search rarely finds them.
"""
from __future__ import annotations

import attrs
import z3

from ..solver.terms import factors, occurs


@attrs.frozen
class Butterfly:
    inner: object          # u, in the bound variables
    step: object           # s, free of them
    spread: int            # m
    const: object          # c, free of them

    def at(self, u):
        """The index at a value of u."""
        s = self.step
        return self.const + self.spread * s * (u / s) + u % s

    def gather(self, x):
        """The u that reaches the cell x (when one does: `exact`)."""
        k, width = x - self.const, self.spread * self.step
        return self.step * (k / width) + k % width

    def proof(self):
        """When `gather` inverts the index: a step above zero."""
        return self.step > 0

    def exact(self, x):
        """When some u reaches x: exactly the x with (x - c) % (m * s) < s, s > 0."""
        return z3.And(self.step > 0, (x - self.const) % (self.spread * self.step) < self.step)

    def unique(self, pairs):
        """The theorem that two values of u reach one cell only when equal, at u and at
        its copy (`pairs`: bound variable, copy)."""
        other = z3.substitute(self.inner, *pairs)
        return z3.Implies(z3.And(self.proof(), self.at(self.inner) == self.at(other)), self.inner == other)

    def inverts(self):
        """gather(at(u)) == u: the proof that the candidate inverts the index (for the tests)."""
        return z3.Implies(self.proof(), self.gather(self.at(self.inner)) == self.inner)

    def identity(self, x):
        """at(gather(x)) == x where `exact` says (for the tests)."""
        return z3.Implies(self.exact(x), self.at(self.gather(x)) == x)


def butterfly(index, bound: tuple) -> Butterfly | None:
    """`index` as `m * s * (u / s) + u % s + c` with u in the bound variables, s and c
    free of them and a numeral m >= 1; None for any other index."""
    index = z3.simplify(index)
    if not z3.is_add(index) or not bound:
        return None
    parts = index.children()
    for i, rem in enumerate(parts):
        if not z3.is_mod(rem):
            continue
        u, s = rem.arg(0), rem.arg(1)
        if not _mentions(u, bound) or _mentions(s, bound):
            continue
        for j, part in enumerate(parts):
            m = _spread(part, u, s) if j != i else None
            rest = [p for k, p in enumerate(parts) if k not in (i, j)]
            if m is not None and not any(_mentions(p, bound) for p in rest):
                return Butterfly(u, s, m, sum(rest, z3.IntVal(0, index.ctx)))
    return None


def _spread(part, u, s) -> int | None:
    """m when `part` is the product m * s * (u / s) with a numeral m >= 1."""
    number, symbols = factors(part)
    quotient = next((k for k, f in enumerate(symbols)
                     if z3.is_idiv(f) and f.arg(0).eq(u) and f.arg(1).eq(s)), None)
    if quotient is None:
        return None
    s_number, s_symbols = factors(s)
    rest = list(symbols[:quotient] + symbols[quotient + 1:])
    for f in s_symbols:
        match = next((k for k, r in enumerate(rest) if r.eq(f)), None)
        if match is None:
            return None
        del rest[match]
    if rest or s_number == 0 or number % s_number != 0 or number // s_number < 1:
        return None
    return number // s_number


def _mentions(term, bound) -> bool:
    return any(occurs(v, term) for v in bound)
