"""The call graphs of pure functions and of procedures: which functions an obligation
may use, and which functions (or procedures) are recursive together (a strongly connected
component shares one termination measure; functions are trusted or distrusted as a
whole)."""
from __future__ import annotations

from collections.abc import Mapping

from ..semantics.symbols import Symbol
from ..syntax import ast as A


def calls_in(*nodes) -> set[Symbol]:
    """The functions called anywhere in the given nodes."""
    return {n.symbol for node in nodes if node is not None for n in A.walk(node)
            if isinstance(n, A.Call) and n.symbol is not None}


def callees(fn: A.Function) -> set[Symbol]:
    """What a function's definition depends on: calls in its contract, body and measure."""
    return calls_in(fn.body, fn.decreases, *(c.expr for c in fn.contract))


def closure(start, functions: Mapping[Symbol, A.Function]) -> set[Symbol]:
    """The functions reachable from `start` through calls (including `start` itself)."""
    seen: set[Symbol] = set()
    todo = list(start)
    while todo:
        s = todo.pop()
        if s in seen or s not in functions:
            continue
        seen.add(s)
        todo.extend(callees(functions[s]))
    return seen


def component(symbol: Symbol, functions: Mapping[Symbol, A.Function]) -> frozenset[Symbol]:
    """The functions recursive together with `symbol` (empty when it is not recursive)."""
    below = closure(callees(functions[symbol]), functions)
    return frozenset(g for g in below if symbol in closure(callees(functions[g]), functions))


def height(symbol: Symbol, functions: Mapping[Symbol, A.Function]) -> int:
    """0 for a function that calls no other component, else one more than the highest
    component it calls: an order in which each component comes after its callees."""
    memo: dict[Symbol, int] = {}

    def h(s: Symbol) -> int:
        if s in memo:
            return memo[s]
        own = component(s, functions) | {s}
        for member in own:
            memo[member] = 0        # a placeholder while the component is measured
        below = {c for member in own for c in callees(functions[member]) if c in functions} - own
        value = max((h(c) + 1 for c in below), default=0)
        for member in own:
            memo[member] = value
        return value

    return h(symbol)


def procedure_calls(proc: A.Procedure) -> set[Symbol]:
    """The procedures a procedure's body calls."""
    return {n.symbol for n in A.walk(proc.body) if isinstance(n, A.CallStmt) and n.symbol is not None}


def procedure_cycle(symbol: Symbol, procedures: Mapping[Symbol, A.Procedure]) -> frozenset[Symbol]:
    """The procedures recursive together with `symbol`, itself included (empty when it is
    not recursive)."""
    def reach(start) -> set[Symbol]:
        seen: set[Symbol] = set()
        todo = list(start)
        while todo:
            s = todo.pop()
            if s not in seen and s in procedures:
                seen.add(s)
                todo.extend(procedure_calls(procedures[s]))
        return seen
    below = reach(procedure_calls(procedures[symbol]))
    return frozenset(g for g in below if symbol in reach(procedure_calls(procedures[g])))
