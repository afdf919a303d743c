"""Annotations name C variables by their C names; the mapping may have renamed them
(primes for shadowing, `tid'` for a C variable called like a reserved name).  This pass
gives an annotation's names the meaning C's scoping gives them where it stands: `x` in
`//@ assert x == 0;` inside `{ int x = 5; ... }` is the inner `x`, not the parameter it
shadows.  Reserved names keep their meaning (docs/cfamily.md); so do names bound by a
quantifier of the annotation."""
from __future__ import annotations

import attrs

from ..syntax import ast as A
from .scope import Scope, What

_RENAMED = (What.LOCAL, What.PARAM, What.POINTER)


def in_c_scope(node, scope: Scope, bound: frozenset = frozenset()):
    match node:
        case A.Name(id=name) if name not in bound:
            binding = scope.lookup(name)
            if binding is not None and binding.what in _RENAMED and binding.value is None and binding.name != name:
                return attrs.evolve(node, id=binding.name, spelling=node.spelling or name)
            return node
        case A.Quantifier():
            bound = bound | {node.var}
    changes = {}
    for field in attrs.fields(type(node)):
        if not field.eq:
            continue
        value = getattr(node, field.name)
        if isinstance(value, tuple):
            new = tuple(in_c_scope(v, scope, bound) if attrs.has(type(v)) else v for v in value)
            changed = any(a is not b for a, b in zip(new, value))
        elif attrs.has(type(value)):
            new = in_c_scope(value, scope, bound)
            changed = new is not value
        else:
            continue
        if changed:
            changes[field.name] = new
    return attrs.evolve(node, **changes) if changes else node
