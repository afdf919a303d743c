"""Pure functions in Z3: uninterpreted symbols with definitional axioms.

A function f is declared twice: f itself and a limited copy f' that is equal to it
(axiom triggered by f only).  The definition f(x) = body is stated with recursive calls
in the limited form, so every call that appears in a check is unfolded exactly once and
recursion cannot make the solver loop (Heule et al., "limited functions", as in Viper).
The definitions are sound for functions that terminate; the function's own obligation
checks termination without them, and an obligation is only given the definitions of the
functions it can reach whose own obligations were proved (service.py).
"""
from __future__ import annotations

from collections.abc import Mapping

import attrs
import z3

from ...obligations.calls import component
from ...semantics.symbols import Symbol
from ...syntax import ast as A
from .state import State, Terms


class MissingFunction(Exception):
    """A call of a function the obligation was not given (obligations/generate.py decides
    which it is given).  Never a fresh, unconstrained symbol: without its definition and
    its precondition a check could be proved on a value the function never has."""


class FunctionTable:
    def __init__(self, t: Terms, definitions: Mapping[Symbol, A.Function]):
        self.t = t
        self.definitions = definitions
        self.full: dict[Symbol, z3.FuncDeclRef] = {}
        self.lim: dict[Symbol, z3.FuncDeclRef] = {}
        self.defined: set[Symbol] = set()       # the functions whose axioms were made
        for symbol, fn in definitions.items():
            sorts = [t.sort_of(p.type) for p in fn.params] + [t.sort_of(fn.ret_type)]
            self.full[symbol] = z3.Function(t.name(fn.name), *sorts)
            self.lim[symbol] = z3.Function(t.name(fn.name + "_limited"), *sorts)

    def apply(self, symbol: Symbol, args, limited: bool = False):
        decl = (self.lim if limited else self.full).get(symbol)
        if decl is None:
            raise MissingFunction(f"the obligation calls {symbol.name}, which it was not given")
        return decl(*args) if args else decl()

    def recursive_with(self, symbol: Symbol) -> frozenset[Symbol]:
        """The functions in the same strongly connected component of the call graph."""
        return component(symbol, self.definitions)

    def axioms(self, evaluator_for, empty_state: State, exclude=frozenset()) -> list[tuple[A.Function, list]]:
        """The definitional axioms of every function but those in `exclude`, per function.
        `evaluator_for(limited)` gives an Evaluator that applies the functions in
        `limited` in their limited form."""
        result = []
        for symbol, fn in self.definitions.items():
            if fn.body is None or symbol in exclude:      # abstract: nothing to define
                continue
            evaluator = evaluator_for(self.recursive_with(symbol))
            params = [self.t.fresh(p.name, self.t.sort_of(p.type)) for p in fn.params]
            full = self.apply(symbol, params)
            limited = self.apply(symbol, params, limited=True)
            facts = [_forall(params, full == limited, full)]
            st = attrs.evolve(empty_state, store={**empty_state.store,
                                                  **{p.symbol: v for p, v in zip(fn.params, params)}})
            pre = self.t.conj(evaluator.eval(c.expr, st) for c in fn.contract)
            body = evaluator.eval(fn.body, st)
            facts.append(_forall(params, z3.Implies(pre, full == body), full))
            result.append((fn, facts))
            self.defined.add(symbol)
        return result


def _forall(params, body, trigger):
    if not params:
        return body
    return z3.ForAll(params, body, patterns=[trigger])
