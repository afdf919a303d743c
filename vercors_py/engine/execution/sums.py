"""`\\sum` in Z3: a function of the bounds and of the state, defined by its axioms.

A sum's summand (its body, 0 where its condition fails) is a Z3 term in the summed
variable j and in terms the evaluation met (array values of the state, locals, ids,
variables of enclosing quantifiers).  Every maximal subterm without j becomes a
*parameter*: the summand is then a *shape* T(j, P) and the sum is S(lo, hi, P) for one
function S per shape.  Two sums of the same body in two states are the same S applied to
two arrays, which is what lets a frame fact relate them; and the axioms mention no
constant of the path (a variable that an enclosing quantifier later binds is an argument
of S, never a constant of its axioms), so they hold for all arguments.

The axioms, each a theorem of the definition S(lo, hi) = sum of T(j) for lo <= j < hi:
  * S(lo, hi) = 0 if hi <= lo, else S'(lo, hi - 1) + T(hi - 1)       (the definition);
  * S(lo, hi) = T(lo) + S(lo + 1, hi) if lo < hi                      (the first element);
  * S(lo, hi) = S(lo, k) + S(k, hi) for lo <= k <= hi                 (a split);
  * S(lo, hi, P[A := A[k := v]]) = S(lo, hi, P) + T'(k - d) - T(k - d) if lo <= k - d < hi,
    else S(lo, hi, P), when the summand reads A only at j + d        (one cell changed);
  * S(lo, hi) = T(lo) * (hi - lo) if lo <= hi and T is constant on [lo, hi)  (constant);
  * 0 <= S(lo, hi) <= n * (hi - lo) for lo <= hi when T(j) is `c ? n : 0`, n >= 0  (a count);
  * S(lo, hi) = S2(lo, hi) for another shape S2 whose summand agrees with T on [lo, hi)
    (equal summands: between two sums that occur).
S' is S's limited copy (functions.py): the definition unfolds each sum that occurs
once, never the sums it produces, so no axiom's instances make new instances of
itself without end.  The first element and the split only relate sums that occur (their
triggers are two and three sums); the fact about a changed cell peels one store of a
store chain that occurs.  The constant summand's premise, a \forall, is stated with a
Skolem function naming a j where the summand differs (a conservative extension: where
there is none, its value does not matter).  The axioms are helpers (solver.add_helpers): a
counterexample found without them is checked with them before it is reported.
"""
from __future__ import annotations

import re

import attrs
import z3

from ..solver.terms import subterms
from .state import Terms


@attrs.frozen
class _Shape:
    full: z3.FuncDeclRef
    shape: z3.ExprRef                 # in Sums.aside, with parameters p0!sum, p1!sum, ...
    axioms: tuple


class Sums:
    """The sum functions of one engine (one Z3 context), one per shape."""

    def __init__(self, t: Terms, solver, origin):
        self.t = t
        self.solver = solver
        self.origin = origin          # span -> the Origin of a sum's definition (engine.py)
        self.shapes: dict[tuple, _Shape] = {}
        self.aside: z3.Context | None = None

    def term(self, var, lo, hi, summand, span):
        """The sum of `summand` (a term in the constant `var`) over lo <= var < hi;
        `span` is the sum's, for a contradiction that its definition takes part in."""
        params, args, shape = _abstract(var, summand)
        key = (shape.sexpr(), tuple(str(p.sort()) for p in params))
        found = self.shapes.get(key)
        if found is None:
            found = self._declare(params, shape)
            found = self.shapes[key] = attrs.evolve(found, axioms=found.axioms + self._alike(found))
        # Added again at each use: a sum first met inside a branch has its axioms popped
        # with the branch (the same terms: Z3 shares them).  As a definition: the
        # vacuity checks' model search leaves them out, as it does pure functions'.
        saved, self.solver.origin = self.solver.origin, self.origin(span)
        try:
            self.solver.add_helpers(*found.axioms, redundant=False)
        finally:
            self.solver.origin = saved
        return found.full(lo, hi, *args)

    def _declare(self, params, shape) -> _Shape:
        t = self.t
        sorts = [t.int_sort, t.int_sort, *(p.sort() for p in params), t.int_sort]
        name = t.name("sum")
        full, limited = z3.Function(name, *sorts), z3.Function(name + "_limited", *sorts)
        lo, hi, k = z3.Ints("lo!sum hi!sum k!sum", t.ctx)
        j = z3.Const("j!sum", t.int_sort)
        bound = [lo, hi, *params]

        def at(x, shape_=shape):
            return z3.substitute(shape_, (j, x))

        s = full(lo, hi, *params)
        axioms = [
            z3.ForAll(bound, s == limited(lo, hi, *params), patterns=[s]),
            # The definition, unfolded once at the top.
            z3.ForAll(bound, s == z3.If(hi <= lo, 0, limited(lo, hi - 1, *params) + at(hi - 1)), patterns=[s]),
        ]
        # The first element (by induction on hi - lo from the definition), between two
        # sums that occur: a loop that sums downwards, s == S(k, hi), meets S(k - 1, hi).
        rest = full(k, hi, *params)
        axioms.append(z3.ForAll([lo, k, hi, *params], z3.Implies(z3.And(k == lo + 1, lo < hi), s == at(lo) + rest),
                                patterns=[z3.MultiPattern(s, rest)]))
        # A split at k: by induction on hi - k (k = hi: S(k, k) = 0).  Only between three
        # sums that occur (an `assert` of the split states them): a split of one sum at
        # every bound that occurs would make terms without end.
        left = full(lo, k, *params)
        axioms.append(z3.ForAll([lo, k, hi, *params],
                                z3.Implies(z3.And(lo <= k, k <= hi), s == left + rest),
                                patterns=[z3.MultiPattern(s, left, rest)]))
        # Constant summand: if no j in [lo, hi) has T(j) != T(lo), every summand is T(lo).
        # W names such a j where there is one (a Skolem function: a conservative extension).
        witness = z3.Function(name + "_witness", *sorts)(lo, hi, *params)
        axioms.append(z3.ForAll(bound, z3.Implies(lo <= hi, z3.Or(
            s == at(lo) * (hi - lo),
            z3.And(lo <= witness, witness < hi, at(witness) != at(lo)))), patterns=[s]))
        count = _count(shape)
        if count is not None:
            # Each summand is 0 or n, n >= 0: the sum is between 0 and n per element.
            axioms.append(z3.ForAll(bound, z3.Implies(lo <= hi, z3.And(0 <= s, s <= count * (hi - lo))),
                                    patterns=[s]))
        for i, param in enumerate(params):
            offset = _offset(shape, param, j)
            if offset is None:
                continue
            # One cell k of the array changed: only the summand at j = k - d reads it.
            v = z3.Const("v!sum", param.sort().range())
            stored = z3.Store(param, k, v)
            changed = [*params[:i], stored, *params[i + 1:]]
            after = full(lo, hi, *changed)
            at_k = k - offset
            new_shape = z3.substitute(shape, (param, stored))
            axioms.append(z3.ForAll([lo, hi, *params, k, v], after == s + z3.If(
                z3.And(lo <= at_k, at_k < hi), at(at_k, new_shape) - at(at_k), 0), patterns=[after]))
        return _Shape(full, shape.translate(self._aside()), tuple(axioms))

    def _aside(self) -> z3.Context:
        """Where shapes are kept for `_alike`: kept in the engine's context, they would
        change the ids of the terms made after them, and Z3's search depends on those
        (a counterexample found in seconds became a timeout)."""
        if self.aside is None:
            self.aside = z3.Context()
        return self.aside

    def _alike(self, new: _Shape) -> tuple:
        """Equal summands, equal sums: for a new shape and each one declared before it,
        over the same bounds, the two sums are equal or a j in the range has summands
        that differ (a Skolem function names it, as for the constant summand).  Only
        between two sums that occur: `count[0] == (\\sum t; mine[t])` with every
        `mine[t] == (a[t] > 0 ? 1 : 0)` then gives the sum of the tests."""
        t = self.t
        lo, hi = z3.Ints("lo!sum hi!sum", t.ctx)
        j = z3.Const("j!sum", t.int_sort)
        new_shape = new.shape.translate(t.ctx)
        new_params = _params(new_shape)
        own = [z3.Const(f"q{i}!sum", p.sort()) for i, p in enumerate(new_params)]
        shape = z3.substitute(new_shape, *zip(new_params, own)) if own else new_shape
        axioms = []
        for old in self.shapes.values():
            old_shape = old.shape.translate(t.ctx)
            params = _params(old_shape)
            bound = [lo, hi, *params, *own]
            first, second = old.full(lo, hi, *params), new.full(lo, hi, *own)
            sorts = [b.sort() for b in bound] + [t.int_sort]
            witness = z3.Function(t.name("sum_differ"), *sorts)(*bound)
            axioms.append(z3.ForAll(bound, z3.Or(first == second, z3.And(
                lo <= witness, witness < hi, z3.substitute(old_shape, (j, witness)) != z3.substitute(shape, (j, witness)))),
                patterns=[z3.MultiPattern(first, second)]))
        return tuple(axioms)


def _params(shape) -> list:
    """The parameters of a shape, in order (`_abstract` names them p0!sum, p1!sum, ...)."""
    found = {int(m.group(1)): t for t in _all_subterms(shape)
             if z3.is_const(t) and (m := re.fullmatch(r"p(\d+)!sum", t.decl().name()))}
    return [found[i] for i in sorted(found)]


def _abstract(var, summand):
    """(parameters, the arguments they stand for, the shape in `j!sum`): every maximal
    subterm without `var` and without a bound variable is an argument (literals stay)."""
    free = _free_of(var, summand)
    found: dict[int, object] = {}
    seen: set[int] = set()
    todo = [summand]
    while todo:
        term = todo.pop()
        if term.get_id() in seen:
            continue
        seen.add(term.get_id())
        if free[term.get_id()]:
            if not _literal(term):
                found.setdefault(term.get_id(), term)
        elif z3.is_quantifier(term):
            # Inside a binder only constants are taken out (a subterm there may mention
            # the bound variable, which must stay with its binder).
            for sub in _all_subterms(term.body()):
                if z3.is_const(sub) and not _literal(sub) and not sub.eq(var):
                    found.setdefault(sub.get_id(), sub)
        elif z3.is_app(term):
            todo.extend(term.children())
    args = list(found.values())
    params = [z3.Const(f"p{i}!sum", a.sort()) for i, a in enumerate(args)]
    j = z3.Const("j!sum", var.sort())
    return params, args, z3.substitute(summand, *zip(args, params), (var, j))


def _free_of(var, term) -> dict[int, bool]:
    """For each subterm (by id), whether it has neither `var` nor a binder in it: one
    pass, children first (the term is a DAG: a naive walk is exponential)."""
    free: dict[int, bool] = {}
    todo = [(term, False)]
    while todo:
        t, done = todo.pop()
        if t.get_id() in free:
            continue
        if z3.is_quantifier(t) or z3.is_var(t):
            free[t.get_id()] = False
        elif done or t.num_args() == 0:
            free[t.get_id()] = not t.eq(var) and all(free[c.get_id()] for c in t.children())
        else:
            todo.append((t, True))
            todo.extend((c, False) for c in t.children() if c.get_id() not in free)
    return free


def _literal(term) -> bool:
    return z3.is_int_value(term) or z3.is_true(term) or z3.is_false(term) or z3.is_rational_value(term)


def _mentions(term, var) -> bool:
    return any(sub.eq(var) for sub in subterms(term))


def _count(shape):
    """n when the summand is `c ? n : 0` with a literal n >= 0 (or the literal n)."""
    if z3.is_int_value(shape) and shape.as_long() >= 0:
        return shape
    if z3.is_app_of(shape, z3.Z3_OP_ITE):
        _, then, otherwise = shape.children()
        if z3.is_int_value(then) and then.as_long() >= 0 and z3.is_int_value(otherwise) and otherwise.as_long() == 0:
            return then
    return None


def _offset(shape, array, j):
    """d when every occurrence of `array` in `shape` is read at j + d, one d for all
    (d without j); None otherwise (another use of the array, or two offsets)."""
    offsets, uses = [], 0
    for sub in _all_subterms(shape):
        if sub.eq(array):
            uses += 1
        elif z3.is_select(sub) and sub.arg(0).eq(array):
            offsets.append(_minus_j(sub.arg(1), j))
    reads = len(offsets)
    if reads == 0 or uses != reads or any(d is None for d in offsets):
        return None
    first = offsets[0]
    return first if all(z3.eq(z3.simplify(d), z3.simplify(first)) for d in offsets) else None


def _minus_j(index, j):
    if index.eq(j):
        return z3.IntVal(0, index.ctx)
    if z3.is_add(index):
        rest = [c for c in index.children() if not c.eq(j)]
        if len(rest) == index.num_args() - 1 and not any(_mentions(c, j) for c in rest):
            return z3.Sum(*rest) if len(rest) > 1 else rest[0]
    return None


def _all_subterms(term):
    """Every occurrence (with repetition) of a subterm, inside binders too."""
    todo = [term]
    while todo:
        t = todo.pop()
        yield t
        if z3.is_quantifier(t):
            todo.append(t.body())
        elif z3.is_app(t):
            todo.extend(t.children())
