"""Producing (inhaling) and consuming (exhaling) resource assertions.

An assertion is walked left to right.  `**`, `&&`, `==>`, `?:` and `\\forall*` only
collect the conditions and bound variables under which each atom stands; the atoms are
`Perm(a[e], amount)` and pure facts.

Quantified permissions follow the idea of Müller, Schwerhoff and Summers (CAV 2016): a
chunk for `\\forall* v; c(v); Perm(a[e(v)], p)` holds p(inv(x)) at x when
c(inv(x)) && e(inv(x)) == x, for an inverse `inv` of e.  The inverse is a ground term
when a candidate read off e (e.g. x - 1 for v + 1, (x - 1) % n for (v + 1) % n) is
proved to invert it; otherwise a fresh choice function with the axiom
`c(v) ==> c(inv(e(v))) && e(inv(e(v))) == e(v)`, which is consistent whether or not e
is injective.  Consuming checks the amount with the bound variables as fresh constants
(so it holds for all of them) and, for fractions, that e is injective (`injectivity`).
"""
from __future__ import annotations

from typing import Callable

import attrs
import z3

from ...diagnostics import Related
from ...semantics.symbols import Symbol
from ...syntax import ast as A
from ...syntax.snippet import short
from .engine import Engine
from .evaluate import Evaluator, Reads
from ..explanation.rivals import access, overlap
from ..solver.solver import CANDIDATE_BUDGET
from .state import ATOMIC, Chunk, State
from .butterfly import butterfly
from .indices import Candidate, candidates, conjuncts, lower_bound, merged, radix, unit_shift, value_range
from ..solver.terms import occurs, subterms
from .unwrap import Unwrapper

# Per-cell instances of facts make new cell terms that other per-cell instances match on;
# a weight makes the solver follow such a chain only a few links deep.
HELPER_WEIGHT = 10
# Seconds for proving that a wrap or a conditional of a quantified index is a no-op: a
# linear question when it is one, and a wrap that does happen must not cost much.
UNWRAP_BUDGET = 1.0


@attrs.frozen
class Mode:
    resources: bool = True
    facts: bool = True
    keep_fact: Callable | None = None        # exprs -> bool: which facts count (fences)
    keep_array: Callable | None = None       # Symbol -> bool: whose permissions count
    wellformed: Reads | None = None          # check reads, bounds, divisions (framing)

    def keeps_fact(self, exprs) -> bool:
        return self.facts and (self.keep_fact is None or self.keep_fact(exprs))

    def keeps_array(self, array: Symbol) -> bool:
        return self.resources and (self.keep_array is None or self.keep_array(array))


@attrs.frozen
class Codes:
    """How failures of a consume are reported."""
    perm: str
    fact: str
    what: str                                # "the postcondition", "barrier@12's ensures", ...
    related: tuple[Related, ...] = ()


@attrs.frozen
class Frame:
    """Where an atom stands inside an assertion."""
    bound: tuple = ()                        # fresh constants of enclosing \forall* (and threads)
    guards: tuple = ()                       # conditions, as Z3 terms
    guard_exprs: tuple = ()                  # the same conditions as source expressions

    def under(self, cond, expr) -> "Frame":
        return attrs.evolve(self, guards=self.guards + (cond,), guard_exprs=self.guard_exprs + (expr,))


class Heap:
    def __init__(self, engine: Engine, evaluator: Evaluator):
        self.engine = engine
        self.ev = evaluator
        self.t = engine.t
        self.perms = engine.perms
        self._side_proofs: dict = {}           # goal's id -> (goal, proved): see `unwrapped`

    # ---- the walk shared by produce and consume ----
    def walk(self, e, st: State, frame: Frame, mode: Mode, atom) -> State:
        """Call `atom(e, st, frame)` on each atom of `e`.  Without `mode.wellformed` it
        only builds terms: race_notes.py walks other threads' clauses with it."""
        match e:
            case A.Binary(op="**" | "&&"):
                st = self.walk(e.left, st, frame, mode, atom)
                return self.walk(e.right, st, frame, mode, atom)
            case A.Binary(op="==>") if A.has_resource(e.right):
                cond = self.ev.eval(e.left, st, frame.guards, mode.wellformed)
                return self.walk(e.right, st, frame.under(cond, e.left), mode, atom)
            case A.Conditional() if A.has_resource(e):
                cond = self.ev.eval(e.cond, st, frame.guards, mode.wellformed)
                st = self.walk(e.then, st, frame.under(cond, e.cond), mode, atom)
                negated = A.Unary("!", e.cond, span=e.cond.span)
                return self.walk(e.otherwise, st, frame.under(z3.Not(cond), negated), mode, atom)
            case A.Quantifier(kind=A.QuantKind.FORALL_STAR) | A.Quantifier(kind=A.QuantKind.FORALL):
                # A \forall at the top of a clause is taken apart like a \forall*: its
                # variable becomes a bound variable of the facts below it.
                var = self.t.fresh(e.var, self.t.sort_of(e.var_type))
                inner = st.bind(e.symbol, var)
                cond = self.ev.eval(e.cond, inner, frame.guards, mode.wellformed) if e.cond is not None else self.t.true
                body_frame = attrs.evolve(frame.under(cond, e.cond) if e.cond is not None else frame,
                                          bound=frame.bound + (var,))
                result = self.walk(e.body, inner, body_frame, mode, atom)
                return attrs.evolve(result, store=st.store)
        return atom(e, st, frame)

    # ---- produce ----
    def produce(self, e, st: State, frame: Frame = Frame(), mode: Mode = Mode()) -> State:
        return self.walk(e, st, frame, mode, lambda a, s, f: self._produce_atom(a, s, f, mode))

    def _produce_atom(self, e, st: State, frame: Frame, mode: Mode) -> State:
        if isinstance(e, A.Perm):
            return self._produce_perm(e, st, frame, mode)
        if mode.keeps_fact(frame.guard_exprs + (e,)) or mode.wellformed is not None:
            fact = self.ev.eval(e, st, frame.guards, mode.wellformed)
            self.assume_fact(frame, fact)
        return st

    def assume_fact(self, frame: Frame, fact) -> None:
        """Assume a fact for all values of the bound variables.  For each cell a[e(v)] it
        reads, the same fact is also stated per cell: for all x, if x = e(inv(x)) then
        the fact holds at v = inv(x), triggered by a[x].  That is only an instance of the
        fact, so any candidate inverse will do; it lets a[i] find the fact about the v
        with e(v) = i, which matching on a[e(v)] cannot (e.g. e(g, l) = g * gsize + l)."""
        self.engine.assume(self.for_all(frame, fact))
        if not frame.bound:
            return
        frame = self._without_unused(frame, self.t.conj(frame.guards), fact)
        cond = self.t.conj(frame.guards)
        for select in _selects(fact):
            index, array = select.arg(1), select.arg(0)
            # Only a named memory state can serve in a trigger (not a store or a havoc).
            if not (z3.is_const(array) and array.decl().kind() == z3.Z3_OP_UNINTERPRETED) \
                    or not all(occurs(v, index) for v in frame.bound):
                continue
            for candidate in candidates(index, frame.bound, self.t.X, cond)[:1]:
                loc = self.t.fresh_int("loc")
                inverse = [z3.substitute(c, (self.t.X, loc)) for c in candidate.terms]
                pairs = list(zip(frame.bound, inverse))
                premise = _at(z3.And(cond, index == loc), pairs)
                self.engine.solver.add_helpers(
                    z3.ForAll([loc], z3.Implies(premise, _at(fact, pairs)),
                              patterns=[z3.Select(array, loc)], weight=HELPER_WEIGHT, qid="cell"), redundant=True)

    def _without_unused(self, frame: Frame, cond, fact) -> Frame:
        """The frame with each bound variable that the fact does not mention fixed at its
        lower bound, after assuming that instance.  The solver can only find a trigger
        for a quantifier whose variables all occur in the fact: `gid` of the groups
        under a fact about one group's cells has none, and without this instance the
        fact would only be found by model-based search."""
        unused = [v for v in frame.bound if not occurs(v, fact)]
        low = [(v, lower_bound(cond, v)) for v in unused]
        if not unused or any(bound is None for _, bound in low):
            return frame
        kept = tuple(v for v in frame.bound if occurs(v, fact))
        guards = tuple(z3.substitute(g, *low) for g in frame.guards)
        pinned = Frame(bound=kept, guards=guards, guard_exprs=frame.guard_exprs)
        self.engine.assume(self.for_all(pinned, fact))
        return pinned

    def _produce_perm(self, e: A.Perm, st: State, frame: Frame, mode: Mode) -> State:
        array = e.location.array.symbol
        index = self.unwrapped(frame, self.ev.eval(e.location.index, st, frame.guards, mode.wellformed))
        amount = self.amount(e, st, frame, mode)
        if mode.wellformed is not None:
            length = self.engine.lengths[array]
            self.engine.check(z3.And(0 <= index, index < length), "bounds.perm", e.location.span,
                              f"`{short(e.location)}` may be outside the array (length {self.engine.length_text[array]})",
                              frame.guards, store=st.store)
            if frame.bound and amount is not None and amount is not ATOMIC:
                codes = Codes("injectivity.quantified", "", "this specification")
                self.check_injective(e, frame, index, amount, codes, st)
        if not mode.keeps_array(array):
            return st
        # `atomic` is duplicable: it covers the cells that read would.
        here, frac = self._footprint(frame, index, None if amount is ATOMIC else amount)
        quantified, remainders = bool(frame.bound), self._butterfly(frame, index)
        if amount is ATOMIC:
            chunk = Chunk(atomic=here, quantified=quantified, remainders=remainders)
        elif amount is None:
            chunk = Chunk(read=here, quantified=quantified, remainders=remainders)
        else:
            chunk = Chunk(frac=z3.If(here, frac, self.t.zero), quantified=quantified, remainders=remainders)
        st = st.with_chunk(array, chunk)
        if not frame.bound:
            self.engine.assume(self.perms.consistent(st.mask[array], index))
        return st

    def amount(self, e: A.Perm, st: State, frame: Frame, mode: Mode):
        """The fraction of a Perm as a Real term, None for `read`, ATOMIC for `atomic`."""
        match e.amount:
            case A.Write():
                return self.t.one
            case A.Read():
                return None
            case A.AtomicShare():
                return ATOMIC
            case A.Binary(op="\\", left=num, right=den):
                p = self.ev.eval(num, st, frame.guards, mode.wellformed)
                q = self.ev.eval(den, st, frame.guards, mode.wellformed)
                frac = z3.ToReal(p) / z3.ToReal(q)
                if mode.wellformed is not None and \
                        self.engine.check(q != 0, "div.zero", den.span, f"the denominator `{short(den)}` may be zero",
                                          frame.guards, store=st.store):
                    self.engine.check(z3.And(frac > 0, frac <= 1), "perm.fraction", e.amount.span,
                                      f"the fraction `{short(e.amount)}` may be outside (0, 1]",
                                      frame.guards, store=st.store)
                return frac
        raise TypeError("not a permission amount")

    # ---- consume ----
    def consume(self, e, st: State, codes: Codes, frame: Frame = Frame(), mode: Mode = Mode()) -> State:
        return self.walk(e, st, frame, mode, lambda a, s, f: self._consume_atom(a, s, f, mode, codes))

    def _consume_atom(self, e, st: State, frame: Frame, mode: Mode, codes: Codes) -> State:
        if isinstance(e, A.Perm):
            return self._consume_perm(e, st, frame, mode, codes)
        if mode.keeps_fact(frame.guard_exprs + (e,)):
            fact = self.ev.eval(e, st, frame.guards, mode.wellformed)
            self.engine.check(fact, codes.fact, e.span, f"{codes.what}: `{short(e)}` may not hold",
                              frame.guards, related=codes.related, store=st.store)
        return st

    def _consume_perm(self, e: A.Perm, st: State, frame: Frame, mode: Mode, codes: Codes) -> State:
        array = e.location.array.symbol
        if not mode.keeps_array(array):
            return st
        index = self.unwrapped(frame, self.ev.eval(e.location.index, st, frame.guards, mode.wellformed))
        amount = self.amount(e, st, frame, mode)
        chunks = st.mask.get(array, ())
        if frame.bound and amount is not None and amount is not ATOMIC:
            self.check_injective(e, frame, index, amount, codes, st)
        if not frame.bound:
            self.engine.assume(z3.Implies(self.t.conj(frame.guards), self.perms.consistent_at_access(chunks, index)))
        if amount is ATOMIC:
            return self._consume_atomic(e, st, frame, codes, array, index)
        q, r = self.perms.at(chunks, index)
        if amount is None:
            enough, need = z3.Or(q > 0, r), "a read share of"
        else:
            enough = q >= amount
            need = "write permission on" if isinstance(e.amount, A.Write) else f"{short(e.amount)} of"
        self.engine.check(enough, codes.perm, e.span,
                          f"{codes.what}: not enough permission: {need} `{short(e.location)}` may not be held",
                          frame.guards, related=codes.related, store=st.store,
                          race=access(st, array, index, amount, "take", e.location))
        here, taken = self._footprint(frame, index, amount)
        if taken is None:
            # A read share is taken from a fraction by halving what is there; a state that
            # holds a duplicable read share keeps it.
            q_here, r_here = self.perms.at(chunks, self.t.X)
            chunk = Chunk(frac=z3.If(z3.And(here, z3.Not(r_here)), -q_here / 2, self.t.zero),
                          quantified=bool(frame.bound), remainders=self._butterfly(frame, index))
        else:
            chunk = Chunk(frac=z3.If(here, -taken, self.t.zero), quantified=bool(frame.bound),
                          remainders=self._butterfly(frame, index))
        return st.with_chunk(array, chunk)

    def _consume_atomic(self, e: A.Perm, st: State, frame: Frame, codes: Codes, array, index) -> State:
        """`atomic` is taken from `atomic` or a whole write, and leaves `atomic` and no
        plain share behind: it is duplicable, and once handed out excludes every plain
        share of the cell (docs/language.md, "Atomics")."""
        chunks = st.mask.get(array, ())
        self.engine.check(self.perms.can_atomic(chunks, index), codes.perm, e.span,
                          f"{codes.what}: not enough permission: `atomic` or write permission on "
                          f"`{short(e.location)}` may not be held",
                          frame.guards, related=codes.related, store=st.store,
                          race=access(st, array, index, ATOMIC, "take", e.location))
        here, _ = self._footprint(frame, index, None)
        q_here, _ = self.perms.at(chunks, self.t.X)
        fly = self._butterfly(frame, index)
        st = st.with_chunk(array, Chunk(frac=z3.If(here, -q_here, self.t.zero), quantified=bool(frame.bound),
                                        remainders=fly))
        return st.with_chunk(array, Chunk(atomic=here, quantified=bool(frame.bound), remainders=fly))

    def check_injective(self, e: A.Perm, frame: Frame, index, amount, codes: Codes, st: State) -> None:
        if unit_shift(index, frame.bound) is not None:
            return      # v + k takes different values for different v
        copies = [self.t.fresh(str(v), v.sort()) for v in frame.bound]
        pairs = list(zip(frame.bound, copies))
        other_guards = tuple(z3.substitute(g, *pairs) for g in frame.guards)
        other_index = z3.substitute(index, *pairs)
        same = self.t.conj(v == c for v, c in pairs)
        goal = z3.Implies(index == other_index, same)
        # The digits among the variables the index mentions; the others (lid.z when
        # gsize.z == 1) are told apart by their ranges.
        mentioned = tuple(v for v in frame.bound if occurs(v, index))
        fly = butterfly(index, mentioned)
        if fly is not None:
            # A butterfly is injective in its inner index (a theorem, as an instance),
            # which is then a radix or a shift.
            goal = z3.Implies(fly.unique(pairs), goal)
        inner = fly.inner if fly is not None else index
        digits = radix(inner, mentioned)
        if digits is not None:
            # The digits of a 2-D or 3-D index are unique when in range: a theorem, given
            # to the solver as an instance (nonlinear search rarely finds it).
            goal = z3.Implies(digits.unique(inner, z3.substitute(inner, *pairs), pairs), goal)
        elif (nested := merged(inner, mentioned)) is not None:
            # The thread id as one digit of a radix whose weights it does not divide.
            goal = z3.Implies(nested.unique(inner, z3.substitute(inner, *pairs), pairs), goal)
        # A question of arithmetic, which the theorems above mostly settle: the path's
        # quantified facts about every thread (each one's index inside the array, say)
        # can only slow it down, so the world's facts alone get asked too (`quick`).
        self.engine.check(goal, "injectivity.quantified", e.span,
                          f"{codes.what}: two values of the quantified variables reach the same cell "
                          f"`{short(e.location)}`, but a non-read share can only be held once per value",
                          frame.guards + other_guards, related=codes.related, store=st.store,
                          race=overlap(st, pairs, index, amount, e.location), quick=CANDIDATE_BUDGET)

    # ---- quantified chunks ----
    def unwrapped(self, frame: Frame, index):
        """A quantified index without the wraps, conditionals and `a / m * m + a % m`
        that the condition makes no-ops (unwrap.py): equal to it wherever the condition
        holds, each step proved first."""
        if not frame.bound:
            return index
        # The condition is built only when a question is asked: a term made in the context
        # changes the order of Z3's search even where nothing is unwrapped.
        return Unwrapper(frame.bound,
                         lambda goal: self._proved_side(z3.Implies(self.t.conj(frame.guards), goal))).index(index)

    def _proved_side(self, goal) -> bool:
        """prove_side, once per goal: the side solver's facts only grow within an
        obligation, so a goal proved stays proved (one not proved is not asked again)."""
        key = goal.get_id()
        if key not in self._side_proofs:
            self._side_proofs[key] = (goal, self.engine.solver.prove_side(goal, UNWRAP_BUDGET))
        return self._side_proofs[key][1]

    def inverse(self, bound: tuple, cond, index) -> Candidate:
        """Terms over X giving, for a location X, the bound values that reach it."""
        X = self.t.X
        shift = unit_shift(index, bound)
        if shift is not None:
            # exact by algebra, nothing to prove
            return Candidate((z3.simplify(shift(X)),), self.t.true)
        for candidate in candidates(index, bound, X, cond):
            if candidate.proof is not None:
                goal = z3.Implies(cond, candidate.proof)
            else:
                at_index = [z3.substitute(c, (X, index)) for c in candidate.terms]
                goal = z3.Implies(cond, self.t.conj(a == v for a, v in zip(at_index, bound)))
            if self.engine.solver.prove_side(goal, CANDIDATE_BUDGET):
                return candidate
        choices = [z3.Function(self.t.name("inv"), self.t.int_sort, self.t.int_sort) for _ in bound]
        at_index = [f(index) for f in choices]
        pairs = list(zip(bound, at_index))
        axiom_body = z3.Implies(cond, z3.And(z3.substitute(cond, *pairs), z3.substitute(index, *pairs) == index))
        axiom = z3.ForAll(list(bound), axiom_body)
        if all(occurs(v, index) for v in bound):
            try:
                axiom = z3.ForAll(list(bound), axiom_body,
                                  patterns=[z3.MultiPattern(*at_index)] if len(at_index) > 1 else [at_index[0]])
            except z3.Z3Exception:
                pass    # an index Z3 takes no pattern of (a conditional `c ? i : j`): its own choice
        self.engine.assume(axiom)
        return Candidate(tuple(f(X) for f in choices), self.t.false)

    def _footprint(self, frame: Frame, index, amount):
        """Whether an atom covers the location X, and its amount there (over X)."""
        cond, bound = self.t.conj(frame.guards), frame.bound
        if bound and amount is None:
            bound, cond = self._some_value(bound, cond, index)
        if not bound:
            return z3.And(cond, self.t.X == index), amount
        inverse = self.inverse(bound, cond, index)
        pairs = list(zip(bound, inverse.terms))
        # Where a theorem says the inverse is exact, the solver need not prove e(inv(X)) == X;
        # where it also says when (a radix proved in range), it need not refute it either.
        reached = inverse.exact if inverse.complete else z3.Or(inverse.exact, index == self.t.X)
        here = _at(z3.And(cond, reached), pairs)
        return here, None if amount is None else _at(amount, pairs)

    @staticmethod
    def _butterfly(frame: Frame, index) -> bool:
        return bool(frame.bound) and butterfly(index, frame.bound) is not None

    def _some_value(self, bound: tuple, cond, index) -> tuple:
        """For a read share, which is duplicable: the bound variables that the index
        does not mention matter only in that some value of theirs satisfies the
        condition.  When the condition only bounds such a variable by a non-empty range
        `L <= v < U` free of the others, that holds of every cell: the variable and its
        range are dropped (every thread of a group holding a read share of one cell
        is then one chunk over the cell, not a sum the solver cannot invert)."""
        parts = conjuncts(cond)
        for v in [v for v in bound if not occurs(v, index)]:
            mentions = [c for c in parts if occurs(v, c)]
            rng = value_range(mentions, v, bound)
            if rng is None or not self.engine.solver.prove_side(rng[0] < rng[1], CANDIDATE_BUDGET):
                continue
            parts = [c for c in parts if not occurs(v, c)]
            bound = tuple(b for b in bound if not b.eq(v))
        return bound, self.t.conj(parts)

    def for_all(self, frame: Frame, fact):
        body = z3.Implies(self.t.conj(frame.guards), fact) if frame.guards else fact
        return z3.ForAll(list(frame.bound), body) if frame.bound else body

    # ---- memory no longer held ----
    def havoc_unheld(self, st: State, arrays) -> State:
        """Forget the values of cells the state holds no permission to any more."""
        X = self.t.X
        values = dict(st.values)
        for array in arrays:
            q, r = self.perms.at(st.mask.get(array, ()), X)
            fresh = self.t.fresh_array(array.name, array.type)
            values[array] = z3.Lambda([X], z3.If(z3.Or(q > 0, r), z3.Select(st.values[array], X),
                                               z3.Select(fresh, X)))
        return attrs.evolve(st, values=values)


# ---- terms at an inverse ----

def _at(term, pairs):
    """`term` at the inverse: substituted and simplified, so that e(inv(x)) is written x
    again wherever the algebra allows.  Left as `lid * gsize + (x - gsize * lid)`, every
    instance of a per-cell fact would make a new cell term for the others to match on:
    a matching loop that only the solver's generation limit stops."""
    return z3.simplify(z3.substitute(term, *pairs), som=True)


def _selects(term) -> list:
    """The array reads in a term (outside nested quantifiers)."""
    return [t for t in subterms(term) if z3.is_select(t)]
