"""GPUVerify's `__old_int(e)` and `__old_bool(e)` in an inlined helper's `__ensures`:
the value of e at the helper's entry (docs/cfamily.md, "Annotations").

At the entry of the inlined body (its parameters bound, its `__requires` asserted), each
such call's argument, converted by clang to the built-in's parameter type, is saved in a
temporary of the helper's scope, bound to the call's cursor; the postcondition, asserted
after the body, reads the temporary (clang_gpuverify.value).  GPUVerify's `__old` reads
no memory in C's sense: an argument that reads memory is saved by an assumption
(`int old; assume old == p[i];`), which no analysis counts as an access; one that does
not is the temporary's initial value.  An argument with effects is refused.
"""
from __future__ import annotations

import attrs
from clang.cindex import Cursor, CursorKind as K

from ..syntax import ast as A
from . import clang_types as T
from .cursors import has_effects
from .values import Val
from .clang_scope import Unsupported, What

NAMES = ("__old_int", "__old_bool")


def save(statements, ensures: list[tuple[Cursor, Cursor]]) -> list:
    """The statements that save, at a helper's entry, the argument of each `__old_*` call
    in its postconditions `ensures` (argument and clause cursors)."""
    scope, exprs = statements.s, statements.e
    out = []
    for arg, _ in ensures:
        for node in arg.walk_preorder():
            if node.kind is not K.CALL_EXPR or node.referenced is None or node.referenced.spelling not in NAMES \
                    or scope.is_file_function(node.referenced):
                continue
            span = scope.span(node)
            [inner] = list(node.get_arguments())
            if has_effects(scope, inner):
                raise Unsupported("unsupported.side-effect", span, f"`{node.referenced.spelling}` of an expression "
                                  "with effects is not supported")
            ctype = T.scalar(node.type)
            value = exprs.convert(exprs.value(inner), ctype, inner)
            binding = scope.declare_hidden(node, ctype, "old")
            kind, bounds = T.lang_type(ctype), T.elem_range(ctype)
            if _reads_memory(value.expr):
                out.append(A.VarDecl(kind, binding.name, None, bounds, name_span=span, span=span))
                out.append(A.Assume(A.Binary("==", A.Name(binding.name, span=span), value.expr, span=span),
                                    span=span))
            else:
                out.append(A.VarDecl(kind, binding.name, value.expr, bounds, name_span=span, span=span))
    return out


def value(exprs, c: Cursor) -> Val | None:
    """The saved value of an `__old_*` call, if the helper being inlined saved it."""
    binding = exprs.s.lookup(c)
    if binding is None or binding.what is not What.LOCAL:
        return None
    return Val(A.Name(binding.name, span=exprs.s.span(c)), binding.ctype)


def _reads_memory(expr) -> bool:
    if isinstance(expr, A.Index):
        return True
    if attrs.has(type(expr)):
        for field in attrs.fields(type(expr)):
            part = getattr(expr, field.name)
            parts = part if isinstance(part, tuple) else (part,)
            if any(_reads_memory(p) for p in parts if attrs.has(type(p))):
                return True
    return False
