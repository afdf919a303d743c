"""The algebra of array indices: inverses of quantified indices and the facts about them.

A chunk `\\forall* v; c(v); Perm(a[e(v)], p)` needs, for a cell x, the v with e(v) = x.
The inverses here are read off the shape of e: `v + k`, `k - v`, `v * n + k`,
`(v + k) % m`, a variable the condition pins, and the mixed-radix shape of 2-D and 3-D
indices, `(g * n + l) * m + j` with 0 <= j < m and 0 <= l < n, with any stride (lowest
weight): `(g * n + l) * 16 + c`, `4 * i + k`.  For that shape the inverse is exact by a
theorem of integer arithmetic (the digits of a number in a mixed radix are unique, and
encoding the digits of a number gives it back when it is the constant plus a multiple
of the stride), given to the solver as ground instances (`Radix.unique`,
`Candidate.exact`) so that it never has to find it by nonlinear search.  C's wraps and
remainders around such an index are taken out first (unwrap.py).
"""
from __future__ import annotations

import math

import attrs
import z3

from .butterfly import Butterfly, butterfly
from ..solver.terms import factors, occurs


def linear(term, bound):
    """term as ({var: coefficient}, constant) when it is linear in the bound variables
    with coefficients free of them; None otherwise.  One pass over the term."""
    for v in bound:
        if term.eq(v):
            return {v: z3.IntVal(1, term.ctx)}, z3.IntVal(0, term.ctx)
    if z3.is_add(term) or z3.is_sub(term):
        parts = [linear(c, bound) for c in term.children()]
        if any(p is None for p in parts):
            return None
        coefs, const = dict(parts[0][0]), parts[0][1]
        sign = -1 if z3.is_sub(term) else 1
        for p_coefs, p_const in parts[1:]:
            for v, c in p_coefs.items():
                coefs[v] = coefs[v] + sign * c if v in coefs else sign * c
            const = const + sign * p_const
        return coefs, const
    if z3.is_app_of(term, z3.Z3_OP_UMINUS):
        inner = linear(term.arg(0), bound)
        if inner is None:
            return None
        return {v: -c for v, c in inner[0].items()}, -inner[1]
    if z3.is_mul(term) and term.num_args() == 2:
        left, right = linear(term.arg(0), bound), linear(term.arg(1), bound)
        if left is None or right is None or (left[0] and right[0]):
            return None          # a product of two terms with bound variables
        (factor, (coefs, const)) = (term.arg(0), right) if not left[0] else (term.arg(1), left)
        return {v: factor * c for v, c in coefs.items()}, factor * const
    # Anything else is a constant of the form, unless a bound variable hides inside.
    return None if any(occurs(v, term) for v in bound) else ({}, term)


def unit_shift(index, bound: tuple):
    """For an index `v + k` or `k - v` in the one bound variable v (k free of it): the
    inverse as a function of the location; None for any other index."""
    if len(bound) != 1:
        return None
    lin = linear(index, bound)
    if lin is None or bound[0] not in lin[0]:
        return None
    (v, coefficient), = lin[0].items()
    unit = _simplified_one(coefficient)
    if unit == 1:
        return lambda x: x - lin[1]
    if unit == -1:
        return lambda x: lin[1] - x
    return None


def _simplified_one(c) -> int | None:
    s = z3.simplify(c)
    return s.as_long() if z3.is_int_value(s) else None


@attrs.frozen
class Candidate:
    """A possible inverse: terms over X, one per bound variable.  `exact` is a
    condition under which e(inv(X)) == X holds (by a theorem; False when none is known):
    free of X, or linear in it (`(X - k) % 16 == 0` for a stride of 16).  `proof`, when given, is a condition on the bound
    variables under which inv(e(v)) == v holds by a theorem; otherwise the solver has to
    prove that from the quantifier's condition."""
    terms: tuple
    exact: object
    proof: object = None     # a condition on the bound variables that makes it an inverse by a theorem
    # Whether `exact` is also necessary for e(inv(X)) == X once `proof` holds of some
    # value (a radix: a value in range has non-zero bases, and every e(v) - const is a
    # multiple of the stride), so that a footprint can state `exact` alone.
    complete: bool = False


def candidates(index, bound: tuple, X, cond=None) -> list[Candidate]:
    """Possible inverses of `index` over the bound variables, as terms over X.  A bound
    variable that the condition pins to a value (`lid == 0`) takes that value; one that
    the index does not mention takes its lower bound (`gid` of the groups when there is
    one group: the proof of the inverse tells whether that is the only value)."""
    pinned = _pinned(cond, bound) if cond is not None else {}
    for v in bound:
        if not occurs(v, index) and lookup(pinned, v) is None:
            low = lower_bound(cond, v) if cond is not None else None
            # Only a value free of the bound variables can be an inverse's term.
            if low is not None and not any(occurs(b, low) for b in bound):
                pinned[v] = low
    free = tuple(v for v in bound if not any(v.eq(p) for p in pinned))
    # The free variables are solved for in the index with the pinned ones at their values.
    index = z3.substitute(index, *pinned.items()) if pinned else index
    false = z3.BoolVal(False, index.ctx)
    found = []
    digits = radix(index, free)
    if digits is not None:
        decoded = digits.decode(X)
        pins = [v == value for v, value in pinned.items()]
        # For a numeral stride s, `(X - k) % s == 0` is linear and the footprint states
        # it alone (`complete`).  For a symbolic one it only slows the solver down next to
        # e(inv(X)) == X (in finding a missing share as much as in proving one held), and
        # without a stride `bases != 0 || e(inv(X)) == X` is what the solver does best with
        # (measured on tests/data/soundness/index-2d-*transpose*).
        numeral = digits.stride is not None and z3.is_int_value(digits.stride)
        exact = digits.exact(X) if numeral or digits.stride is None else false
        found.append(Candidate(tuple(z3.simplify(lookup(pinned, v) if lookup(pinned, v) is not None
                                                 else decoded[v.get_id()]) for v in bound),
                               exact, z3.And(digits.ranges(), *pins), complete=numeral))
    nested = merged(index, free) if digits is None else None
    if nested is not None:
        outer, inner = nested.outer, nested.inner
        decoded = {**outer.decode(X)}
        decoded.update(inner.decode(decoded[nested.var.get_id()]))
        numeral = outer.stride is not None and z3.is_int_value(outer.stride)
        exact = z3.And(outer.exact(X), inner.nonzero()) if numeral or outer.stride is None else false
        pins = [v == value for v, value in pinned.items()]
        found.append(Candidate(tuple(z3.simplify(lookup(pinned, v) if lookup(pinned, v) is not None
                                                 else decoded[v.get_id()]) for v in bound),
                               exact, z3.And(nested.ranges(), *pins), complete=numeral))
    fly = butterfly(index, free)
    if fly is not None:
        found.extend(_spread_candidates(fly, free, bound, pinned, X))
    for c in _candidates(index, free, X):
        terms = tuple(z3.simplify(lookup(pinned, v) if lookup(pinned, v) is not None else dict(zip(free, c))[v])
                      for v in bound)
        if not any(all(a.eq(b) for a, b in zip(terms, f.terms)) for f in found):
            found.append(Candidate(terms, false))
    return found


def _spread_candidates(fly: Butterfly, free: tuple, bound: tuple, pinned: dict, X) -> list[Candidate]:
    """The inverse of a butterfly index (butterfly.py) over u's own inverse: u a radix
    of the free variables, or one of them shifted (`t`, `t + k`).  Its `exact` is the
    butterfly's and the radix's (when the radix states its own), and necessary too."""
    u = fly.gather(X)
    pins = [v == value for v, value in pinned.items()]
    shift = unit_shift(fly.inner, free)
    digits = radix(fly.inner, free) if shift is None else None
    if shift is not None:
        values, exact, ranges = {free[0].get_id(): shift(u)}, fly.exact(X), z3.BoolVal(True, X.ctx)
    elif digits is not None:
        if digits.stride is not None and not z3.is_int_value(digits.stride):
            return []       # a symbolic stride's exactness is left to the solver: not here
        values, exact, ranges = digits.decode(u), z3.And(fly.exact(X), digits.exact(u)), digits.ranges()
    else:
        return []
    terms = tuple(z3.simplify(lookup(pinned, v) if lookup(pinned, v) is not None else values[v.get_id()])
                  for v in bound)
    return [Candidate(terms, exact, z3.And(fly.proof(), ranges, *pins), complete=True)]


def lookup(pinned: dict, var):
    return next((value for key, value in pinned.items() if key.eq(var)), None)


def _pinned(cond, bound) -> dict:
    found = {}
    todo = [cond]
    while todo:
        c = todo.pop()
        if z3.is_and(c):
            todo.extend(c.children())
        elif z3.is_eq(c):
            for var, value in ((c.arg(0), c.arg(1)), (c.arg(1), c.arg(0))):
                if any(var.eq(v) for v in bound) and not any(occurs(v, value) for v in bound):
                    found[var] = value
                    break
    return found


def conjuncts(cond) -> list:
    found, todo = [], [cond]
    while todo:
        c = todo.pop()
        if z3.is_and(c):
            todo.extend(c.children())
        else:
            found.append(c)
    return found


def value_range(parts, var, bound) -> tuple | None:
    """(L, U) when `parts` (conjuncts) say exactly L <= var < U with L and U free of the
    bound variables, else None."""
    low = high = None
    for c in parts:
        c = _positive(c)
        if z3.is_ge(c) and c.arg(0).eq(var):
            low, limit = c.arg(1), c.arg(1)
        elif z3.is_le(c) and c.arg(1).eq(var):
            low, limit = c.arg(0), c.arg(0)
        elif z3.is_lt(c) and c.arg(0).eq(var):
            high, limit = c.arg(1), c.arg(1)
        elif z3.is_gt(c) and c.arg(1).eq(var):
            high, limit = c.arg(0), c.arg(0)
        else:
            return None
        if any(occurs(v, limit) for v in bound):
            return None
    return None if low is None or high is None else (low, high)


def _positive(c):
    """A negated comparison as the comparison it means: !(v < U) is v >= U."""
    if z3.is_not(c):
        inner = c.arg(0)
        if z3.is_lt(inner):
            return inner.arg(0) >= inner.arg(1)
        if z3.is_le(inner):
            return inner.arg(0) > inner.arg(1)
        if z3.is_gt(inner):
            return inner.arg(0) <= inner.arg(1)
        if z3.is_ge(inner):
            return inner.arg(0) < inner.arg(1)
    return c


def lower_bound(cond, var):
    """A term L free of `var` with `var >= L` among the conjuncts of cond, or None."""
    for c in conjuncts(cond):
        if z3.is_not(c) and (z3.is_lt(c.arg(0)) or z3.is_gt(c.arg(0))):
            inner = c.arg(0)       # !(v < L) and !(L > v) say v >= L
            c = inner.arg(0) >= inner.arg(1) if z3.is_lt(inner) else inner.arg(1) >= inner.arg(0)
        if z3.is_ge(c) and c.arg(0).eq(var) and not occurs(var, c.arg(1)):
            return c.arg(1)
        if z3.is_le(c) and c.arg(1).eq(var) and not occurs(var, c.arg(0)):
            return c.arg(0)
    return None


def _candidates(index, bound: tuple, X) -> list[tuple]:
    if not bound:
        return [()]
    found: list[tuple] = []
    modulus = None
    term = index
    if z3.is_mod(term) and not any(occurs(v, term.arg(1)) for v in bound):
        term, modulus = term.arg(0), term.arg(1)
    lin = linear(term, bound)
    if lin is not None:
        coefs, const = lin
        rest = X - const
        if len(bound) == 1 and bound[0] in coefs:
            c = coefs[bound[0]]
            one = _simplified_one(c)
            found.append((rest if one == 1 else (const - X) if one == -1 else rest / c,))
        elif (digits := radix(term, bound)) is not None:
            decoded = digits.decode(X)
            found.append(tuple(decoded[v.get_id()] for v in bound))
    if modulus is not None and lin is not None:
        # Modulo m, the constant's multiples of m do not matter: (gid * gsize + v - 1) % gsize
        # is inverted by (X + 1) % gsize.  Try these first: they are the likely ones.
        reduced = _candidates(_drop_multiples(term, modulus), bound, X)
        found = [tuple(c % modulus for c in cand) for cand in reduced] + found
    return found


def _drop_multiples(term, m):
    """term with the addends that are products with factor m replaced by 0."""
    if z3.is_add(term) or z3.is_sub(term):
        parts = [_drop_multiples(c, m) for c in term.children()]
        result = parts[0]
        for p in parts[1:]:
            result = result - p if z3.is_sub(term) else result + p
        return result
    if z3.is_mul(term) and any(c.eq(m) for c in term.children()):
        return z3.IntVal(0, term.ctx)
    return term


# ---- mixed radix: 2-D and 3-D indices ----

@attrs.frozen
class Radix:
    """index = const + stride * (v_1 + v_2 * n_1 + ... + v_top * n_1 * ... * n_m): the
    digits v_1 .. v_m (all but the top one) are in a mixed radix with bases n_1 .. n_m,
    and the weight of the lowest digit, the stride, is any term (1 in a row-major index,
    16 in `(g * n + l) * 16 + c`).  With Y_0 = (x - const) / stride and
    Y_k = Y_(k-1) / n_k, the digits of a cell x are v_k = Y_(k-1) % n_k and
    v_top = Y_m (Euclidean / and %).  One digit alone (`4 * i + c`) is a radix with no
    bases."""
    const: object
    digits: tuple          # the bound variables, lowest weight first
    bases: tuple           # n_1 .. n_m, one fewer than digits
    weights: tuple         # w_1 .. w_top
    stride: object = None  # w_1 when it is not 1

    def decode(self, x) -> dict:
        """The digits of the cell x, by variable id."""
        values, y = {}, x - self.const
        if self.stride is not None:
            y = y / self.stride
        for var, base in zip(self.digits, self.bases):
            values[var.get_id()] = y % base
            y = y / base
        values[self.digits[-1].get_id()] = y
        return values

    def ranges(self, values=None):
        """0 <= v_k < n_k for the digits below the top, at `values` (by variable id), and
        a stride that is not zero."""
        at = (lambda v: values[v.get_id()]) if values is not None else (lambda v: v)
        stride = [self.stride != 0] if self.stride is not None else []
        return z3.And(stride + [z3.And(0 <= at(v), at(v) < _magnitude(n)) for v, n in zip(self.digits, self.bases)])

    def nonzero(self):
        return z3.And([n != 0 for n in self.bases] + ([self.stride != 0] if self.stride is not None else []))

    def exact(self, x):
        """When encoding the digits of x gives x back: bases and stride not zero, and
        x - const a multiple of the stride."""
        if self.stride is None:
            return self.nonzero()
        return z3.And(self.nonzero(), (x - self.const) % self.stride == 0)

    def unique(self, index, other, pairs):
        """The theorem that the digits in range are unique: `index` at the bound
        variables and `other`, the same index at their copies (`pairs`: variable, copy),
        are equal only when every digit is."""
        copied = {v.get_id(): c for v, c in pairs}
        return z3.Implies(z3.And(self.ranges(), self.ranges(copied), index == other),
                          z3.And([v == copied[v.get_id()] for v in self.digits]))

    def identity(self, x):
        """The theorem for a cell: encoding its digits gives it back when `exact(x)`
        (Euclidean division: y = n * (y / n) + y % n for n != 0).  It is why `exact` is
        a candidate's `exact`; stated here so that the tests check it."""
        decoded = self.decode(x)
        encoded = self.const + sum(decoded[v.get_id()] * w for v, w in zip(self.digits, self.weights))
        return z3.Implies(self.exact(x), encoded == x)

    def inverts(self, index):
        """The theorem for a value of the digits: in range, they are the digits of the
        cell they encode (the proof that the candidate inverts the index)."""
        decoded = self.decode(index)
        return z3.Implies(self.ranges(), z3.And([decoded[v.get_id()] == v for v in self.digits]))


@attrs.frozen
class Merged:
    """A radix one of whose digits is itself a radix of two variables: the thread id
    `g * G + l` as a digit below a weight that G does not divide, as in
    `(n - 1 - i) * n + (g * G + l)` (a column t counted from a row counted from the end).
    `outer` is the radix over `var`, a fresh variable standing for `value` (the inner
    radix's index, `l + G * g`); the digits of a cell are the outer ones, and the inner
    ones of the outer digit `var`.  Both theorems hold of each radix, so they hold of the
    composition: digits in range (the outer ones with `var` at `value`, and the inner
    ones) are unique, and decoding inverts."""
    outer: Radix
    inner: Radix
    var: object
    value: object

    def ranges(self):
        return z3.And(z3.substitute(self.outer.ranges(), (self.var, self.value)), self.inner.ranges())

    def unique(self, index, other, pairs):
        """The two theorems at the variables and their copies (`pairs`), with `var` at
        `value` and its copy at the copy of `value`."""
        copy = z3.FreshInt("digit", self.value.ctx)
        other_value = z3.substitute(self.value, *pairs)
        outer_index = self.outer.const + sum(w * v for v, w in zip(self.outer.digits, self.outer.weights))
        outer_other = z3.substitute(outer_index, *pairs, (self.var, copy))
        outer_pairs = [(v, c) for v, c in pairs if any(v.eq(d) for d in self.outer.digits)] + [(self.var, copy)]
        outer = z3.substitute(self.outer.unique(outer_index, outer_other, outer_pairs),
                              (self.var, self.value), (copy, other_value))
        return z3.And(outer, self.inner.unique(self.value, other_value, pairs))


def merged(index, bound: tuple) -> Merged | None:
    """`index` as a radix over a digit that is a radix of two of the bound variables
    (`Merged`), or None.  Tried only where `radix` reads none."""
    lin = linear(index, bound)
    if lin is None or len(lin[0]) != len(bound) or len(bound) < 3:
        return None
    coefs, const = lin
    for low in bound:
        for high in bound:
            if low.eq(high):
                continue
            base = _quotient(factors(coefs[low]), factors(coefs[high]), index.ctx)
            if base is None:
                continue
            var = z3.FreshInt("digit", index.ctx)
            others = tuple(v for v in bound if not v.eq(low) and not v.eq(high))
            outer_index = const + coefs[low] * var + sum((coefs[v] * v for v in others), z3.IntVal(0, index.ctx))
            outer = radix(outer_index, (var,) + others)
            inner = radix(low + base * high, (low, high))
            if outer is not None and inner is not None:
                return Merged(outer, inner, var, low + base * high)
    return None


def _magnitude(base):
    """The bound of a digit below `base`: Euclidean `%` by a base b keeps a digit in
    [0, |b|), so a base written negative (`-n`, a weight `-n` above a weight 1 in
    `(k - i) * n + j`) bounds it by -b.  Either way the range is within [0, |b|) (empty
    when the sign is not the one written), which is all the theorems need."""
    number, _ = factors(base)
    return z3.simplify(-base) if number < 0 else base


def radix(index, bound: tuple) -> Radix | None:
    """`index` in a mixed radix over the bound variables, or None.  The weights are
    compared as products of factors: each must be the previous one times some factor.
    The lowest is the stride; one variable alone is a radix only with a stride other
    than 1 and -1 (`unit_shift` inverts `v + k`)."""
    lin = linear(index, bound)
    if lin is None or len(lin[0]) != len(bound) or not bound:
        return None
    coefs, const = lin
    split = {v.get_id(): factors(c) for v, c in coefs.items()}
    if any(f is None for f in split.values()):
        return None
    order = sorted(bound, key=lambda v: (len(split[v.get_id()][1]), abs(split[v.get_id()][0])))
    number, symbols = split[order[0].get_id()]
    unit = number == 1 and not symbols
    if len(bound) == 1 and (unit or (number == -1 and not symbols) or number == 0):
        return None
    bases = []
    for low, high in zip(order, order[1:]):
        base = _quotient(split[low.get_id()], split[high.get_id()], index.ctx)
        if base is None:
            return None
        bases.append(base)
    stride = None if unit else z3.simplify(coefs[order[0]])
    return Radix(const, tuple(order), tuple(bases), tuple(coefs[v] for v in order), stride)


def _quotient(low, high, ctx):
    """high / low as a term when low divides high as a product of factors (the quotient
    more than 1 in absolute value), else None."""
    (n_low, s_low), (n_high, s_high) = low, high
    if n_low == 0 or n_high % n_low != 0:
        return None
    rest = list(s_high)
    for s in s_low:
        match = next((i for i, r in enumerate(rest) if r.eq(s)), None)
        if match is None:
            return None
        del rest[match]
    number = n_high // n_low
    if not rest and abs(number) <= 1:
        return None          # two digits of the same weight: not a radix
    return math.prod(rest, start=z3.IntVal(number, ctx)) if number != 1 or not rest else math.prod(rest[1:], start=rest[0])
