"""A struct or vector read or written through a pointer that may point into several
arrays, or be NULL or not set (docs/cfamily.md, "Pointers" and "Structs and vector
types"): `global float4 *r = c ? p : q; r[i] = 2 * v;`.

clang_pointers.py gives the cells the access may be, one element per array the pointer
may point into, by tag (`Choices`); each is an element of that array's aggregates
(clang_aggregates.py).  The place is then one choice per leaf: the leaf's cell in the
array the tag names (`r$tag == 1 ? p[4i + k] : q[4i + k]`), as a scalar read through
such a pointer is.  Read, a leaf is that conditional, so only the access that happens
is seen; written (`store_leaf`), it is an `if` over the same tag with the leaf's store
in each branch.  A pointer that may be NULL or not set has its tag checked where each
leaf is first chosen (`bounds.null`, as for scalars); there is no cell to read or write
then (`\\no_cell_T`, a value nothing defines, and no store).
"""
from __future__ import annotations

from ..syntax import ast as A
from . import clang_types as T
from .clang_pointers import UNSET, Choices
from .clang_scope import Unsupported
from .values import Val
from .aggregate_layouts import Agg

NOWHERE = "\\no_cell_"


def element(agg, cells: Choices, layout, span):
    """The aggregate the cells `cells` hold, whichever array the pointer points into."""
    if cells.tag is None:
        _, array, index = cells.choices[0]
        return agg.element(array, index, layout, span)
    if any(leaf.pointer is not None for leaf in layout.leaves):
        raise Unsupported("unsupported.pointer", span, f"a `{layout.spelling}` holding a pointer, through a pointer "
                                                       "that may point into several arrays, is not supported")
    wholes = [(tag, agg.element(array, index, layout, span)) for tag, array, index in cells.choices]
    vals = []
    for k, leaf in enumerate(layout.leaves):
        rest = list(wholes)
        if cells.total:
            expr = rest.pop()[1].vals[k].expr
        else:
            # No cell: the check of the tag has failed there.
            kind = T.lang_type(leaf.ctype)
            nowhere = agg.s.uninterpreted(f"{NOWHERE}{kind.value}", kind, 1)
            expr = A.Call(nowhere, (cells.tag if rest else cells.first,), name_span=span, span=span)
        for at in range(len(rest) - 1, -1, -1):
            tag, whole = rest[at]
            which = cells.first if at == 0 else cells.tag
            expr = A.Conditional(A.Binary("==", which, A.IntLit(tag, span=span), span=span), whole.vals[k].expr,
                                 expr, span=span)
        vals.append(Val(expr, leaf.ctype))
    return Agg(layout, tuple(vals))


def is_choice(target) -> bool:
    return isinstance(target.expr, A.Conditional) or _nowhere(target.expr)


def store_leaf(store, target, value: A.Expr, span) -> A.Stmt:
    """`target = value` for a leaf chosen by a tag: an `if` per array it may be in;
    nothing where it is in none (its tag, checked, is evaluated)."""
    match target.expr:
        case A.Conditional(cond=cond, then=then, otherwise=otherwise):
            inner = store(Val(then, target.ctype), value, span)
            rest = None if _nowhere(otherwise) else store(Val(otherwise, target.ctype), value, span)
            return A.If(cond, inner, rest, span=span)
        case A.Call(args=(tag,)) if _nowhere(target.expr):
            # Only NULL or not set: nothing is written, the check of the tag fails.
            return A.If(A.Binary("==", tag, A.IntLit(UNSET, span=span), span=span), A.Block((), span=span), None,
                        span=span)
    raise Unsupported("unsupported.statement", span, "this cannot be assigned")


def _nowhere(expr) -> bool:
    return isinstance(expr, A.Call) and expr.name.startswith(NOWHERE)
