"""Ground instances of the uniqueness of digits, for the indices of the race queries.

Two threads race on `C[row * n + col]` only if `row * n + col == row' * n + col'`; with
`0 <= col, col' < n` that means `row == row'` and `col == col'`, and `row == row'`
(`gid.y * gsize.y + lid.y`) in turn means equal group and thread ids along y.  That is a
theorem of integer arithmetic (the digits of a number in a mixed radix are unique), but
Z3 finds it only by nonlinear search, which times out on the 2-D indices of real
kernels once their sizes are symbolic.  So each query gets the theorem's instances for
its pairs of indices, as `engine/execution/indices.py` gives the verifier the same theorem for
quantified permissions: implications whose premises the solver still has to show, so an
instance never decides a query by itself.  And the products of sizes and ids get their
sign (`gid.x * gsize.x >= 0`), which the linear pass cannot see through.
"""
from __future__ import annotations

import z3

# Levels of digits followed (a 3-D index over a 3-D launch has six), and instances per
# pair of indices: enough for the shapes of real kernels, a bound on the query's size.
MAX_DEPTH = 6
MAX_INSTANCES = 32


def _summands(term) -> list:
    if z3.is_add(term):
        return [s for c in term.children() for s in _summands(c)]
    return [term]


def _factors(term) -> list:
    if z3.is_mul(term):
        return [f for c in term.children() for f in _factors(c)]
    return [term]


def _sum(terms, ctx):
    # One term is itself: Z3's unary sum or product would hide its shape from `_splits`.
    return terms[0] if len(terms) == 1 else z3.Sum(terms) if terms else z3.IntVal(0, ctx)


def _product(terms, ctx):
    return terms[0] if len(terms) == 1 else z3.Product(terms) if terms else z3.IntVal(1, ctx)


def _splits(term, uniform) -> dict:
    """`term` as `X * n + Y` for each factor n of its summands that `uniform` accepts,
    and each number n >= 2 among them (`4 * c + 3`: a component of a cell of a vector
    type, as the C front end lays out `uchar4`): {id of n: (n, X, Y)}."""
    summands = _summands(term)
    found = {}
    for s in summands:
        for f in _factors(s):
            radix = f.as_long() >= 2 if z3.is_int_value(f) else uniform(f)
            if radix and f.get_id() not in found:
                found[f.get_id()] = f
    splits = {}
    for key, n in found.items():
        high, low = [], []
        for s in summands:
            factors = _factors(s)
            at = next((i for i, f in enumerate(factors) if f.get_id() == key), None)
            if at is None:
                low.append(s)
            else:
                high.append(_product(factors[:at] + factors[at + 1:], term.ctx))
        splits[key] = (n, _sum(high, term.ctx), _sum(low, term.ctx))
    return splits


def unwrapped(term):
    """`e` and the bounds within which the term is `e`, for the wrap-arounds the C front
    end writes (`(e + K) % M - K` for a signed result, `e % M` for an unsigned one,
    M and K numbers): (e, low, high), the term being e exactly when low <= e < high."""
    if z3.is_sub(term) and term.num_args() == 2 and z3.is_int_value(term.arg(1)) and z3.is_mod(term.arg(0)):
        k, mod = term.arg(1).as_long(), term.arg(0)
        if z3.is_int_value(mod.arg(1)) and z3.is_add(mod.arg(0)):
            parts = mod.arg(0).children()
            if z3.is_int_value(parts[-1]) and parts[-1].as_long() == k:
                return _sum(list(parts[:-1]), term.ctx), -k, mod.arg(1).as_long() - k
    if z3.is_mod(term) and z3.is_int_value(term.arg(1)) and term.arg(1).as_long() > 0:
        return term.arg(0), 0, term.arg(1).as_long()
    return None


def instances(first, second, uniform) -> list:
    """The theorem's instances for an index of the first thread and one of the second:
    for each radix n both split on (a term `uniform` says is the same for both threads),
    equal indices with both low digits in [0, n) have equal high and low digits; then
    the same for the digits' own splits."""
    out: list = []
    todo = [(first, second, 0)]
    while todo and len(out) < MAX_INSTANCES:
        a, b, depth = todo.pop()
        if depth >= MAX_DEPTH or a.eq(b):
            continue
        wrapped = unwrapped(a), unwrapped(b)
        if wrapped[0] is not None and wrapped[1] is not None and wrapped[0][1:] == wrapped[1][1:]:
            # A wrap-around is one-to-one within its range: equal results of sums in
            # range are equal sums.
            (e1, low, high), (e2, _, _) = wrapped
            out.append(z3.Implies(z3.And(low <= e1, e1 < high, low <= e2, e2 < high, a == b), e1 == e2))
            todo.append((e1, e2, depth + 1))
            continue
        theirs = _splits(b, uniform)
        for key, (n, x1, y1) in _splits(a, uniform).items():
            if key not in theirs:
                continue
            _, x2, y2 = theirs[key]
            out.append(z3.Implies(z3.And(0 <= y1, y1 < n, 0 <= y2, y2 < n, x1 * n + y1 == x2 * n + y2),
                                  z3.And(x1 == x2, y1 == y2)))
            todo += [(x1, x2, depth + 1), (y1, y2, depth + 1)]
    return out


def signs(term, nonnegative) -> list:
    """`m >= 0` for each product m in `term` whose factors are all nonnegative: sizes,
    ids, numbers of at least 0 (`nonnegative` says which terms are)."""
    out, seen, todo = [], set(), [term]
    while todo:
        t = todo.pop()
        if t.get_id() in seen:
            continue
        seen.add(t.get_id())
        if z3.is_mul(t) and all(nonnegative(f) or (z3.is_int_value(f) and f.as_long() >= 0) for f in _factors(t)):
            out.append(t >= 0)
        todo += t.children()
    return out
