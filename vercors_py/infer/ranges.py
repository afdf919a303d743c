"""The range of values of a C kernel's expressions, from its facts, to write its indices
without the wrap-arounds that cannot happen.

The mapping writes C's conversion of a value to a 32- or 64-bit integer as the value
reduced into the type's range (`(x + 2^31) % 2^32 - 2^31` for `int`, `x % 2^32` for
`unsigned int`: cfamily/clang_expressions.py).  Where every launch the kernel's facts
allow keeps `x` inside the range, the reduction is `x` itself, and the contract is
written with `x`: the same cells, in a form whose injectivity the solver decides (a sum
under `%` it often cannot).  The facts are the kernel's `context_everywhere` facts: the
launch's sizes, the platform's limits, the launch assumption its verdict states, and
the user's host facts; the ids range over the sizes.  Intervals only ever widen: a
reduction is dropped only where the interval of `x` proves it changes nothing, or,
where intervals lose the relation between the terms, Z3 proves it from the same facts
(proofs.py); and C's truncating division `x >= 0 ? x / c : -(-x / c)` is `x / c` where `x`
is never negative.  Inside a permission's `\\forall*` the counters range as it says, and
under its condition (`guarded`) that condition holds too: the index written there is
equal to C's wherever the permission is claimed.
"""
from __future__ import annotations

import contextlib
import math

from ..syntax import ast as A
from .proofs import Prover
from .shape import CannotInfer
from .terms import map_children

INF = math.inf
ANY = (-INF, INF)
_WIDE = (1 << 32, 1 << 64)                 # the moduli of C's 32- and 64-bit integers
_IDS = {"lid": "gsize", "gid": "ngroups", "tid": "tcount"}
_SIZES = ("gsize", "ngroups", "tcount")


class Ranges:
    def __init__(self, kernel: A.Kernel, spell):
        """`spell` writes a fact in the annotations' terms (the names the intervals are
        asked of)."""
        self.known: dict[str, tuple] = {}
        facts = []
        for c in kernel.contexts:
            try:
                facts += _conjuncts(spell(c.expr))
            except CannotInfer:
                continue
        for _ in range(3):                 # `M == tcount.x` after `tcount.x == 1024`
            for fact in facts:
                self._learn(fact)
        self.prover = Prover(facts)
        self.hypotheses: tuple = ()        # the counters' ranges and the conditions in force

    def _learn(self, fact: A.Expr) -> None:
        if not (isinstance(fact, A.Binary) and fact.op in ("==", "<=", "<", ">=", ">")):
            return
        flipped = {"==": "==", "<=": ">=", "<": ">", ">=": "<=", ">": "<"}[fact.op]
        for name, op, other in ((fact.left, fact.op, fact.right), (fact.right, flipped, fact.left)):
            if isinstance(name, A.Name):
                lo, hi = self.of(other)
                old_lo, old_hi = self.known.get(name.id, ANY)
                match op:
                    case "==":
                        new = (max(old_lo, lo), min(old_hi, hi))
                    case "<=":
                        new = (old_lo, min(old_hi, hi))
                    case "<":
                        new = (old_lo, min(old_hi, hi - 1))
                    case ">=":
                        new = (max(old_lo, lo), old_hi)
                    case _:
                        new = (max(old_lo, lo + 1), old_hi)
                if new[0] <= new[1]:
                    self.known[name.id] = new

    def _name(self, name: str) -> tuple:
        lo, hi = self.known.get(name, ANY)
        base, dot, axis = name.partition(".")
        if base in _SIZES:
            lo = max(lo, 1)
            if base == "tcount":
                g, n = self._name(f"gsize{dot}{axis}"), self._name(f"ngroups{dot}{axis}")
                hi = min(hi, g[1] * n[1])
        elif base in _IDS:
            size = self._name(f"{_IDS[base]}{dot}{axis}")
            lo, hi = max(lo, 0), min(hi, size[1] - 1)
        return lo, hi

    def of(self, e: A.Expr) -> tuple:
        """An interval holding every value of `e` (ends may be infinite)."""
        match e:
            case A.IntLit(value=v):
                return v, v
            case A.Name(id=name):
                return self._name(name)
            case A.Unary(op="-", operand=x):
                lo, hi = self.of(x)
                return -hi, -lo
            case A.Binary(op="+", left=x, right=y):
                (a, b), (c, d) = self.of(x), self.of(y)
                return a + c, b + d
            case A.Binary(op="-", left=x, right=y):
                (a, b), (c, d) = self.of(x), self.of(y)
                return a - d, b - c
            case A.Binary(op="*", left=x, right=y):
                (a, b), (c, d) = self.of(x), self.of(y)
                products = [_times(p, q) for p in (a, b) for q in (c, d)]
                return min(products), max(products)
            case A.Binary(op="/", left=x, right=A.IntLit(value=m)) if m > 0:
                lo, hi = self.of(x)
                return (lo // m if lo > -INF else -INF, hi // m if hi < INF else INF) if lo >= 0 else ANY
            case A.Binary(op="%", left=x, right=A.IntLit(value=m)) if m > 0:
                lo, hi = self.of(x)
                return (lo, hi) if 0 <= lo and hi < m else (0, m - 1)     # `%` is Euclidean
            case A.Conditional(then=x, otherwise=y):
                (a, b), (c, d) = self.of(x), self.of(y)
                return min(a, c), max(b, d)
        return ANY

    def unwrapped(self, e: A.Expr) -> A.Expr:
        """`e` without the reductions into C's 32- and 64-bit types that change no value
        of its launches."""
        match e:
            case A.Binary(op="-", left=A.Binary(op="%", left=A.Binary(op="+", left=x, right=A.IntLit(value=h1)),
                                                right=A.IntLit(value=m)),
                          right=A.IntLit(value=h2)) if m in _WIDE and h1 == h2 == m // 2:
                if self._within(x, -h1, h1):
                    return self.unwrapped(x)
            case A.Binary(op="%", left=x, right=A.IntLit(value=m)) if m in _WIDE:
                if self._within(x, 0, m):
                    return self.unwrapped(x)
            case A.Conditional(cond=A.Binary(op=">=", left=x, right=A.IntLit(value=0)), then=then) \
                    if isinstance(then, A.Binary) and then.op == "/" and then.left == x and self.of(x)[0] >= 0:
                # C's truncating division, `x >= 0 ? x / c : -(-x / c)`, of an `x` never negative.
                return self.unwrapped(then)
            case A.Name() | A.IntLit() | A.BoolLit():
                return e
        return map_children(e, self.unwrapped)

    def _within(self, x: A.Expr, lo: int, hi: int) -> bool:
        """Whether every value of `x` is in [lo, hi): by its interval, else by a proof."""
        a, b = self.of(x)
        if lo <= a and b < hi:
            return True
        span = x.span
        goal = A.Binary("&&", A.Binary("<=", A.IntLit(lo, span=span), x, span=span),
                        A.Binary("<", x, A.IntLit(hi, span=span), span=span), span=span)
        return self.prover.proves(goal, self.hypotheses)

    @contextlib.contextmanager
    def counting(self):
        """Within it, `count(name, lo, hi)` lets a bound counter range over [lo, hi)."""
        saved = dict(self.known), self.hypotheses

        def count(name: str, lo: A.Expr, hi: A.Expr) -> None:
            self.known[name] = (self.of(lo)[0], self.of(hi)[1] - 1)
            v = A.Name(name, span=lo.span)
            self.hypotheses += (A.Binary("<=", lo, v, span=lo.span), A.Binary("<", v, hi, span=hi.span))
        try:
            yield count
        finally:
            self.known, self.hypotheses = saved

    @contextlib.contextmanager
    def guarded(self, conditions):
        """Within it, the conditions hold (written in the annotations' terms): those of
        the permission whose index is written, which hold wherever it is claimed."""
        saved = dict(self.known), self.hypotheses
        try:
            for c in conditions:
                for fact in _conjuncts(c):
                    self._learn(fact)
                    self.hypotheses += (fact,)
            yield
        finally:
            self.known, self.hypotheses = saved

    def inside(self, index: A.Expr, length: A.Expr, binders=()) -> bool:
        """Whether every launch keeps `index` inside an array of `length` cells, for
        every value of the bound counters (name, lo, hi exclusive, step)."""
        with self.counting() as count:
            for name, lo, hi, _ in binders:
                count(name, lo, hi)
            lo, hi = self.of(index)
            return lo >= 0 and hi < self.of(length)[0]


def _times(p: float, q: float) -> float:
    return 0 if p == 0 or q == 0 else p * q


def _conjuncts(e: A.Expr) -> list:
    if isinstance(e, A.Binary) and e.op == "&&":
        return _conjuncts(e.left) + _conjuncts(e.right)
    return [e]

