"""OpenCL's `shuffle(x, mask)` and `shuffle2(x, y, mask)` (OpenCL C 1.2, 6.12.12
"Miscellaneous vector functions"; docs/cfamily.md, "Structs and vector types").

Component i of the result is the component of x (of x followed by y, for `shuffle2`)
that `mask[i]` names, where only the low bits of `mask[i]` that address an input's
components count: `mask[i] % m` of an m-component x (m is 2, 4, 8 or 16), and
`mask[i] % 2m` for `shuffle2`.  The overload, the input and result types and the
unsigned mask type are clang's (it declares the built-ins from the specification);
the components are chosen by a test per component, so a mask that is not a constant
is a choice among them, and a constant one picks its component.
"""
from __future__ import annotations

from clang.cindex import Cursor

from ..syntax import ast as A
from .values import Val
from .aggregate_layouts import Agg

NAMES = {"shuffle": 2, "shuffle2": 3}


def call(aggs, name: str, args: list[Cursor], layout, c: Cursor):
    span = aggs.s.span(c)
    *inputs, mask = [aggs.value(a) for a in args]
    sources = [v for agg in inputs for v in agg.vals]
    if any(len(agg.vals) not in (2, 4, 8, 16) for agg in inputs) or len(mask.vals) != len(layout.leaves) \
            or any(not m.ctype.is_int or m.ctype.signed for m in mask.vals):
        raise aggs._refuse(c, f"this `{name}` is not supported", "unsupported.function")
    vals = []
    for m, leaf in zip(mask.vals, layout.leaves):
        picked = A.Binary("%", m.expr, A.IntLit(len(sources), span=span), span=span)
        chosen = sources[-1].expr
        for k in range(len(sources) - 2, -1, -1):
            test = A.Binary("==", picked, A.IntLit(k, span=span), span=span)
            chosen = A.Conditional(test, sources[k].expr, chosen, span=span)
        vals.append(Val(chosen, leaf.ctype))
    return Agg(layout, tuple(vals))
