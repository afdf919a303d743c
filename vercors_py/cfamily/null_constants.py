"""C's null pointer constants, as clang evaluates them: `0`, `NULL`, `(void *) 0`,
`nullptr` (an integer constant expression of value 0 made a pointer).  One reading for
data pointers (clang_pointers.py) and function pointers (function_pointers.py)."""
from __future__ import annotations

from clang.cindex import Cursor, CursorKind as K

from . import clang_types as T
from .cursors import CASTS, children, strip

_NULL_LITERALS = (K.GNU_NULL_EXPR, K.CXX_NULL_PTR_LITERAL_EXPR)


def is_null(exprs, c: Cursor) -> bool:
    """Whether `c` is a null pointer constant made a pointer (`exprs` evaluates the
    integer constant, as clang does)."""
    while c.kind in (K.PAREN_EXPR, K.UNEXPOSED_EXPR, *CASTS) and children(c):
        inner = children(c)[-1]
        if not T.is_pointer(inner.type):
            inner = strip(inner)
            scalar = T.scalar(inner.type)
            return inner.kind in _NULL_LITERALS or (scalar is not None and scalar.is_int
                                                    and exprs.constant(inner) == 0)
        c = inner
    return c.kind in _NULL_LITERALS
