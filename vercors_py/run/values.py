"""Concrete values: the language's arithmetic and permission amounts.

Integers are Python ints (unbounded, as in the logic; `/` and `%` are
semantics/evaluate.py's Euclidean division and modulus).  A permission amount is `f + k*eps`: a fraction `f`
plus `k` read shares, each an infinitesimal `eps`.  That makes `read` what LANGUAGE.md
says it is: any number of threads may hold it (n*eps <= 1 for every n), but not beside
a write (1 + eps > 1).  `k` may be negative where a thread lent a read share of a cell
it owns to a procedure (1 - eps: it may still read, not write).  `atomics` counts the
shares `atomic` (docs/language.md, "Atomics"): duplicable like reads, they allow atomic
updates only, and no plain share of the cell may exist beside one.
"""
from __future__ import annotations

from fractions import Fraction

import attrs


@attrs.frozen(order=True)
class Amount:
    # An int where it is whole (0 or 1, nearly always): int arithmetic is many times
    # faster than Fraction's, and the two compare and add with each other exactly.
    fraction: int | Fraction = 0
    reads: int = 0
    atomics: int = 0

    def __add__(self, other: "Amount") -> "Amount":
        return Amount(self.fraction + other.fraction, self.reads + other.reads, self.atomics + other.atomics)

    def __sub__(self, other: "Amount") -> "Amount":
        return Amount(self.fraction - other.fraction, self.reads - other.reads, self.atomics - other.atomics)

    @property
    def positive(self) -> bool:
        """Whether it allows a plain read."""
        return (self.fraction, self.reads) > (0, 0)

    @property
    def allows_atomic(self) -> bool:
        return self.atomics > 0 or self.is_write

    @property
    def valid_total(self) -> bool:
        """At most one full permission: what all holders of one cell may have together;
        atomic shares only beside no plain share."""
        if self.atomics > 0:
            return not self.positive
        return (self.fraction, self.reads) <= (1, 0)

    @property
    def is_write(self) -> bool:
        return self == WRITE

    def covers(self, needed: "Amount") -> bool:
        """Whether a holder of `self` can give `needed`: reads are duplicable, so a
        positive fraction or any read share covers any number of further reads."""
        if needed.atomics > 0:
            # `atomic` is taken from `atomic` or a whole write, and never beside a plain
            # share (docs/language.md, "Atomics": taking it takes the whole cell).
            return not needed.positive and (self.atomics > 0 or self.is_write)
        if needed.fraction != self.fraction:
            return needed.fraction < self.fraction
        return needed.reads <= 0 or self.reads > 0

    def describe(self) -> str:
        if self.atomics > 0 and not self.positive:
            return "an atomic share"
        if self == WRITE:
            return "write"
        if self.fraction == 0 and self.reads > 0:
            return "a read share"
        fraction = Fraction(self.fraction)
        text = ("write" if fraction == 1 else
                f"{fraction.numerator}\\{fraction.denominator}" if fraction else "0")
        return text + (f" and {self.reads} read share{'s' * (self.reads != 1)}" if self.reads > 0 else "") \
            + (" and an atomic share" if self.atomics > 0 else "")


NONE = Amount()
WRITE = Amount(1)
READ = Amount(0, 1)
ATOMIC = Amount(0, 0, 1)
