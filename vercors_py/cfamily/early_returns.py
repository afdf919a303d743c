"""Helpers that return from their middle (`if (x != 0) return 0; ... return 1;`),
inlined as statements (clang_statements.py).

The inlined body declares a flag `f$returned` (false) and, for a helper with a value, a
variable `f$value` of its result type (a pointer: a pointer variable; a struct or
vector: one per leaf; a function pointer: its tag, function_pointers.py).  Each `return e;` stores e's value, converted to the result type
as C converts it, and sets the flag; exits.py then guards what follows each return, as
C skips it, and leaves the loops it stands in.  The value the caller uses is the
variable's, as the value of a helper that runs to its end is.

A helper with a value must not reach the end of its body without a `return` (C's value
would be undefined): its body must end in a `return e;` or in an `if`/`else` whose both
branches end so, which clang's tree shows without any analysis of values; other
helpers are refused.
"""
from __future__ import annotations

from clang.cindex import Cursor, CursorKind as K

from ..syntax import ast as A
from . import clang_types as T
from . import exits
from .cursors import children
from .values import Val
from .clang_scope import Unsupported, What


def returns_early(stmts_c: list[Cursor]) -> bool:
    """Whether a helper's body has a `return` other than its last statement."""
    inner = stmts_c[:-1] if stmts_c and stmts_c[-1].kind is K.RETURN_STMT else stmts_c
    return any(n.kind is K.RETURN_STMT for s in inner for n in s.walk_preorder())


class EarlyReturns:
    """The returns of one helper being inlined."""

    def __init__(self, statements, definition: Cursor, stmts_c: list[Cursor], span):
        self.st = statements
        self.definition = definition
        self.span = span
        s, e = statements.s, statements.e
        name = definition.spelling
        self.layout = e.agg.layout(definition.result_type, definition)
        result = definition.result_type
        self.ctype = e.functions.ctype(result) if T.is_function_pointer(result) else T.scalar(result)
        self.pointer = T.is_pointer(result) and not T.is_function_pointer(result)
        self.void = self.layout is None and self.ctype is None and not self.pointer
        if not self.void and not (stmts_c and _ends(stmts_c[-1])):
            raise Unsupported("unsupported.function", span,
                              f"`{name}` may reach the end of its body without returning a value: it must end in "
                              "`return e;` (or an `if`/`else` whose branches both do) to be inlined")
        flag = s.declare(definition, What.LOCAL, T.BOOL, c_name=f"{name}$returned")
        self.flag = flag.name
        self.decls: list = [A.VarDecl(A.Type.BOOL, flag.name, A.BoolLit(False, span=span), name_span=span, span=span)]
        self.returned = None
        if self.void:
            return
        if self.layout is not None:
            binding, decls = e.agg.declare(definition, self.layout, None, c_name=f"{name}$value")
            self.returned = binding.aggregate
        elif self.pointer:
            self.result, decls = e.pointers.returns(definition, name, span)
        else:
            self.result = s.declare(definition, What.LOCAL, self.ctype, c_name=f"{name}$value")
            decls = [A.VarDecl(T.lang_type(self.ctype), self.result.name, None, T.elem_range(self.ctype),
                               name_span=span, span=span)]
            self.returned = Val(A.Name(self.result.name, span=span), self.ctype)
        self.decls.extend(decls)

    def value(self):
        """What the caller uses: the result variable's value, or None for a `void` helper;
        asked once the body is mapped (a pointer's arrays are those its returns set)."""
        if self.pointer:
            return self.st.e.pointers.variable(self.result, self.definition, self.span)
        return self.returned

    def stmt(self, c: Cursor) -> list:
        """`return;` or `return e;`: the value stored, the flag set."""
        span = self.st.s.span(c)
        parts = children(c)
        stored = self._store(parts[0], span) if parts else []
        return stored + [A.Assign(A.Name(self.flag, span=span), A.BoolLit(True, span=span), span=span)]

    def leave(self, stmts: list) -> list:
        """The mapped body with C's control flow after each return."""
        return exits.leave(stmts, self.flag)

    def _store(self, value_c: Cursor, span) -> list:
        st, e = self.st, self.st.e
        if self.void:
            raise Unsupported("unsupported.function", span, "a `void` helper returning an expression is not supported")
        helper = st.helper_call(value_c)
        if self.layout is not None:
            place = self.returned
            if helper is not None:
                return [st.inline(helper, value_c, lambda v: A.Block(tuple(e.agg.store(place, v, span)), span=span))]
            return list(e.agg.store(place, e.agg.value(value_c), span))
        if self.pointer:
            return [e.pointers.set_to(st, self.result, self.definition, value_c, span)]
        target = A.Name(self.result.name, span=span)
        if helper is not None:
            return [st.inline(helper, value_c, lambda v: A.Assign(target, e.convert(v, self.ctype, value_c).expr,
                                                                     span=span))]
        with st.effects.full(value_c) as prelude:
            value = e.convert(e.value(value_c), self.ctype, value_c).expr
        return prelude + [A.Assign(target, value, span=span)]


def _ends(c: Cursor) -> bool:
    """Whether a statement never completes normally: it returns on every path."""
    match c.kind:
        case K.RETURN_STMT:
            return True
        case K.COMPOUND_STMT:
            parts = children(c)
            return bool(parts) and _ends(parts[-1])
        case K.IF_STMT:
            parts = children(c)
            return len(parts) == 3 and _ends(parts[1]) and _ends(parts[2])
    return False
