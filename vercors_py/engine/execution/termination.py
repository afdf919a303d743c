"""Termination of recursive pure functions: one measure for a whole recursive cycle.

A definition `f(x) == body` is only consistent if the recursion through it terminates.
The functions of a cycle of the call graph share one measure, which must drop at every
call within the cycle (docs/language.md, "Termination of recursive functions").
"""
from __future__ import annotations

import itertools

import attrs
import z3

from ... import diagnostics as D
from ...semantics.symbols import Symbol
from ...syntax import ast as A
from ...syntax.snippet import short
from .engine import Engine
from .evaluate import Evaluator
from ..solver.solver import Outcome
from .state import State, Terms


def with_params(t: Terms, fn: A.Function, st: State) -> State:
    """`st` with a fresh value for each parameter of `fn`."""
    return attrs.evolve(st, store={**st.store, **{p.symbol: t.fresh(p.name, t.sort_of(p.type)) for p in fn.params}})


@attrs.frozen
class _Call:
    caller: A.Function
    own: tuple                # the caller's parameters
    pre: object               # the caller's precondition over them
    call: A.Call
    callee: Symbol
    args: tuple
    guards: tuple


class Termination:
    """One measure for a cycle of recursive functions (LANGUAGE.md is silent; see
    docs/language.md, "Termination of recursive functions"): the `decreases` tuples when
    the functions give them, else the first that works of one int parameter per function
    and the tuple of all int parameters.  A measure decreases at a call when it is
    lexicographically smaller and the component that drops was not negative."""

    MAX_CANDIDATES = 64

    def __init__(self, engine: Engine, cycle: tuple[A.Function, ...], st: State):
        self.engine = engine
        self.t = engine.t
        self.cycle = cycle
        self.st = st
        self.members = {f.symbol: f for f in cycle}
        self.calls: list[_Call] = []
        for f in cycle:
            inner = with_params(self.t, f, st)
            own = tuple(inner.store[p.symbol] for p in f.params)
            plain = Evaluator(self.engine)
            pre = self.t.conj(plain.eval(c.expr, inner) for c in f.contract)
            found = Evaluator(self.engine, on_call=lambda e, symbol, args, guards, f=f, own=own, pre=pre:
                              self.calls.append(_Call(f, own, pre, e, symbol, tuple(args), tuple(guards)))
                              if symbol in self.members else None)
            found.eval(f.body, inner)

    def check(self) -> None:
        declared = [f for f in self.cycle if f.decreases is not None]
        if declared and len(declared) < len(self.cycle):
            missing = next(f for f in self.cycle if f.decreases is None)
            self.report(missing.name_span, f"{missing.name} is recursive together with "
                        f"{', '.join(f.name for f in declared)}, which give a `decreases` clause: "
                        f"give {missing.name} one too (one measure for the whole cycle)")
            return
        if declared:
            sizes = {len(f.decreases.exprs) for f in declared}
            if len(sizes) > 1:
                self.report(declared[0].decreases.span, "the `decreases` clauses of functions that call each "
                            "other must have the same number of components")
                return
            measure = self.declared_measure
            for c in self.calls:
                self.engine.check(smaller(self.t, measure(self.members[c.callee], c.args), measure(c.caller, c.own)),
                                  "pre.recursion", c.call.span,
                                  f"the measure `decreases {', '.join(short(e) for e in self.members[c.callee].decreases.exprs)}` "
                                  f"may not decrease at `{short(c.call)}` (or the component that drops is negative)",
                                  (c.pre,) + c.guards)
            return
        culprit = None        # the first call that the first measure tried does not cover
        for measure in self.candidates():
            failing = next((c for c in self.calls if self.engine.solver.prove(
                z3.Implies(self.t.conj((c.pre,) + c.guards),
                           smaller(self.t, measure(self.members[c.callee], c.args), measure(c.caller, c.own)))).outcome
                is not Outcome.PROVED), None)
            if failing is None:
                return
            culprit = culprit or failing
        call = (culprit or self.calls[0]).call
        names = " and ".join(f.name for f in self.cycle)
        self.report(call.span, f"cannot show that `{short(call)}` terminates: no int parameter of {names} "
                               f"(nor the tuple of them) decreases and stays non-negative at every recursive "
                               f"call; give a measure with `decreases`")

    def declared_measure(self, fn: A.Function, args) -> tuple:
        store = {**self.st.store, **{p.symbol: a for p, a in zip(fn.params, args)}}
        plain = Evaluator(self.engine)
        return tuple(plain.eval(e, attrs.evolve(self.st, store=store)) for e in fn.decreases.exprs)

    def candidates(self):
        ints = {f.symbol: [i for i, p in enumerate(f.params) if p.type is A.Type.INT] for f in self.cycle}
        singles = itertools.islice(itertools.product(*(ints[f.symbol] for f in self.cycle)), self.MAX_CANDIDATES)
        for choice in singles:
            position = dict(zip((f.symbol for f in self.cycle), choice))
            yield lambda fn, args, position=position: (args[position[fn.symbol]],)
        counts = {len(v) for v in ints.values()}
        if len(counts) == 1 and counts.pop() > 1:
            yield lambda fn, args: tuple(args[i] for i in ints[fn.symbol])

    def report(self, span, message: str) -> None:
        self.engine.report(D.error("pre.recursion", span, message, obligation=self.engine.name))


def smaller(t: Terms, new: tuple, old: tuple):
    """new < old lexicographically, where the component that drops was >= 0: a measure
    that decreases this way at every call cannot decrease forever."""
    options = []
    for i, (n, o) in enumerate(zip(new, old)):
        options.append(t.conj([a == b for a, b in zip(new[:i], old[:i])] + [n < o, o >= 0]))
    return z3.Or(*options) if len(options) > 1 else options[0]
