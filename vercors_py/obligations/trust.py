"""Which function definitions an obligation may trust.

A definitional axiom is consistent only if the function terminates and is well defined,
which is what the function's own obligation proves.  So obligations are proved in
stages: the functions' obligations first, callees before callers (by the height of their
recursive cycle in the call graph), then everything else; a function whose obligation
was not proved (or anything recursive with it) is given to later obligations without
its definition, as an abstract function.
"""
from __future__ import annotations

from collections.abc import Iterable

import attrs

from .calls import component, height
from .model import CheckFunction, Kind, Obligation


def stages(obligations) -> list[list[int]]:
    """Indices of `obligations` grouped into the stages they are proved in, in order."""
    levels: dict[int, list[int]] = {}
    last = 0
    for i, ob in enumerate(obligations):
        fn = checked_function(ob)
        if fn is not None:
            level = height(fn.symbol, ob.functions)
            levels.setdefault(level, []).append(i)
            last = max(last, level + 1)
    rest = [i for i, ob in enumerate(obligations) if checked_function(ob) is None]
    if rest:
        levels.setdefault(last, []).extend(rest)
    return [levels[k] for k in sorted(levels)]


def checked_function(ob: Obligation):
    if ob.kind is not Kind.FUNCTION:
        return None
    return next((s.function for s in ob.steps if isinstance(s, CheckFunction)), None)


def distrusting(ob: Obligation, distrusted: set) -> Obligation:
    """The obligation with the distrusted functions made abstract."""
    if not distrusted.intersection(ob.functions):
        return ob
    functions = {s: attrs.evolve(fn, body=None) if s in distrusted else fn for s, fn in ob.functions.items()}
    return attrs.evolve(ob, functions=functions)


def not_proved(pairs: Iterable[tuple[Obligation, bool]]) -> set:
    """The functions to distrust after these obligations: each function whose obligation
    was not proved, with every function recursive with it."""
    found: set = set()
    for ob, proved in pairs:
        fn = checked_function(ob)
        if fn is not None and not proved:
            found |= {fn.symbol} | component(fn.symbol, ob.functions)
    return found
