"""Function pointers (CUDA): variables and parameters of a pointer-to-function type, and
calls through them (docs/cfamily.md, "Function pointers").

A function pointer's value is NULL, not set, or the address of a function the call may
then run.  Device code can only call a `__device__` function, and a function's address
exists in device code only for a function the device program contains; the file is the
whole device program (as everywhere in this front end), so the functions a pointer of
type `R (*)(A...)` may point at are the file's `__device__` functions with a body whose
type is `R (A...)` (clang's canonical types: typedefs are the same type).  They are
numbered 1, 2, ... in the file's order (the pointer's tag), NULL is 0 and "not set" -1,
as for data pointers (clang_pointers.py).  The set is exact for the pointers the kernel
sets (a function named in the kernel has its own tag) and covers every pointer the host
may pass: a kernel parameter is NULL or one of them, the same in every thread.

A call `(*f)(a, b)` or `f(a, b)` is an `if` over the tag, each branch the call of one of
those functions inlined (clang_statements.py), so the analyses see only what the
function called runs; a tag that names no function (NULL, not set) is the call's
`bounds.null` error.  `f == g` and `f != g` compare tags: two functions have different
addresses and none is NULL (C).  What is not exact is refused (`unsupported.pointer`,
`unsupported.function`): `<` between function pointers, conversions to other pointer
types or to numbers and back, function pointers in memory (an array of them, a pointer
whose address is taken, a file-scope variable), the pointer a helper returns, the
address of a function without a body, of a kernel or of a library function, and a call
through a pointer inside an expression (call it as a statement, or to set a variable).
"""
from __future__ import annotations

from clang.cindex import Cursor, CursorKind as K, TypeKind

from ..syntax import ast as A
from . import clang_types as T
from . import null_constants
from .cursors import children, parameters, single_return, strip
from .values import Val
from .clang_scope import Unsupported, What, key

NULL, UNSET = 0, -1
_FUNCTION_TYPES = (TypeKind.FUNCTIONPROTO, TypeKind.FUNCTIONNOPROTO)
_CASTS = (K.CSTYLE_CAST_EXPR, K.CXX_STATIC_CAST_EXPR, K.CXX_FUNCTIONAL_CAST_EXPR, K.CXX_REINTERPRET_CAST_EXPR)


class FunctionPointers:
    def __init__(self, exprs, top: list[Cursor]):
        self.e = exprs
        self.s = exprs.s
        # The functions of the file a pointer may point at (`__device__`, with a body).
        self.functions = [c for c in top if c.kind is K.FUNCTION_DECL and c.is_definition()
                          and any(a.kind is K.CUDADEVICE_ATTR for a in children(c))]

    # ---- the functions a pointer of a type may point at ----
    def candidates(self, function_type) -> list[Cursor]:
        canonical = function_type.get_canonical()
        return [f for f in self.functions if f.type.get_canonical() == canonical]

    def ctype(self, pointer_type) -> T.CType:
        return T.CType(T.Kind.INT, 32, True, T.spelling(pointer_type.get_canonical()))

    def _count(self, pointer_type) -> int:
        return len(self.candidates(pointer_type.get_canonical().get_pointee()))

    # ---- values ----
    def value(self, c: Cursor) -> Val:
        """The tag of a function-pointer expression."""
        return Val(self._tag(c), self.ctype(c.type))

    def _tag(self, c: Cursor) -> A.Expr:
        span = self.s.span(c)
        if self._is_null(c):
            return A.IntLit(NULL, span=span)
        inner = children(c)
        match c.kind:
            case K.PAREN_EXPR | K.UNEXPOSED_EXPR if len(inner) == 1:
                return self._through(inner[0], c)
            case kind if kind in _CASTS and inner and self._return_value(inner[-1], c) is not None:
                return self._return_value(inner[-1], c)
            case kind if kind in _CASTS and inner:
                return self._through(inner[-1], c)
            case K.UNARY_OPERATOR if inner and self.s.unit.unary_operator(c) in ("&", "*"):
                return self._through(inner[0], c)
            case K.DECL_REF_EXPR if c.referenced is not None and c.referenced.kind is K.FUNCTION_DECL:
                return A.IntLit(self._address(c.referenced, c), span=span)
            case K.DECL_REF_EXPR if c.referenced is not None:
                binding = self.s.lookup(c.referenced)
                if binding is not None and T.is_function_pointer(c.referenced.type) \
                        and binding.what in (What.LOCAL, What.PARAM):
                    # A parameter of a helper inlined into an expression is its argument.
                    return binding.value if binding.value is not None else A.Name(binding.name, span=span)
            case K.CONDITIONAL_OPERATOR:
                test, then, otherwise = inner
                return A.Conditional(self.e.cond(test), self._tag(then), self._tag(otherwise), span=span)
            case K.CALL_EXPR:
                return self._returned(c)
        raise Unsupported("unsupported.pointer", span,
                          "this function pointer is not supported: a function pointer is a function's name, "
                          "`&f`, NULL, a function-pointer variable or parameter, or `c ? f : g`")

    def _returned(self, c: Cursor) -> A.Expr:
        """The function pointer a helper whose body is one `return e;` returns (its
        arguments bound to its parameters)."""
        span = self.s.span(c)
        function = c.referenced
        definition = function.get_definition() if function is not None and self.s.is_file_function(function) \
            else None
        result = single_return(definition) if definition is not None else None
        if result is None:
            raise Unsupported("unsupported.function", span,
                              "the function pointer a helper returns is followed where it sets a variable "
                              "(`f = pick(i);`) or where the helper's body is one `return e;`")
        self.e.enter(definition, span)
        self.s.push()
        try:
            for param, arg in zip(parameters(definition), c.get_arguments()):
                self.s.bind(param, self.e.argument(param, arg))
            return self._tag(result)
        finally:
            self.s.pop()
            self.e.inlining.pop()

    def _return_value(self, inner: Cursor, c: Cursor) -> A.Expr | None:
        """GPUVerify's `__return_val_funptr(T)` (`(T) __return_val_funptr()`) in the
        `__ensures` of a helper returning a `T`: the tag it returns."""
        call = strip(inner)
        returned = self.e.returned
        if call.kind is K.CALL_EXPR and call.referenced is not None and call.spelling == "__return_val_funptr" \
                and not self.s.is_file_function(call.referenced) and isinstance(returned, Val) \
                and returned.ctype == self.ctype(c.type):
            return returned.expr
        return None

    def _through(self, inner: Cursor, c: Cursor) -> A.Expr:
        """A conversion, `&` or `*` that keeps the function a pointer points at: between
        function and function-pointer types of one function type."""
        function = _function_type(c.type)
        if function is None or _function_type(inner.type) is None \
                or _function_type(inner.type).get_canonical() != function.get_canonical():
            raise Unsupported("unsupported.pointer", self.s.span(c),
                              "a function pointer converted to another type is not supported")
        return self._tag(inner)

    def _address(self, function: Cursor, c: Cursor) -> int:
        definition = function.get_definition()
        found = [k for k, f in enumerate(self.candidates(function.type), 1)
                 if definition is not None and key(f) == key(definition)]
        if not found:
            raise Unsupported("unsupported.function", self.s.span(c),
                              f"the address of `{function.spelling}` is not followed: only the file's __device__ "
                              "functions with a body can be called through a pointer")
        return found[0]

    def _is_null(self, c: Cursor) -> bool:
        return null_constants.is_null(self.e, c)

    def _checked(self, c: Cursor, lo: int, what: str, tag: A.Expr | None = None) -> A.Expr:
        """The tag of `c`, checked to name a function (`lo` 1) or to be set (`lo` 0)."""
        tag = self._tag(c) if tag is None else tag
        if isinstance(tag, A.IntLit) and tag.value >= lo:
            return tag
        hi = len(self.candidates(_function_type(c.type)))
        states = "NULL or unset" if lo > NULL else "unset"
        return A.Fits(tag, f"{states} where it is {what}", lo, hi, self.s.text(c), "bounds.null",
                      span=self.s.span(c))

    def compare(self, op: str, c: Cursor) -> Val:
        left, right = children(c)
        span = self.s.span(c)
        if op not in ("==", "!="):
            raise Unsupported("unsupported.pointer", span,
                              f"`{op}` between function pointers is not supported: C leaves their order unspecified")
        if not (T.is_function_pointer(left.type) and T.is_function_pointer(right.type)):
            raise Unsupported("unsupported.pointer", span, "a function pointer compared with a number is not supported")
        tags = self._checked(left, NULL, "compared"), self._checked(right, NULL, "compared")
        return Val(A.Binary(op, *tags, span=span), T.BOOL)

    def truth(self, c: Cursor) -> A.Expr:
        """`if (f)`: not NULL."""
        span = self.s.span(c)
        return A.Binary("!=", self._checked(c, NULL, "tested"), A.IntLit(NULL, span=span), span=span)

    # ---- variables and parameters ----
    def declare(self, statements, c: Cursor, init_c: Cursor | None) -> list:
        """`T (*f)(...) = e;`, or a helper's function-pointer parameter given `e`."""
        span = self.s.span(c)
        if key(c) in statements.addressed or statements.memory.shared(c):
            raise Unsupported("unsupported.pointer", span, "a function pointer in memory is not supported")
        helper = statements.helper_call(init_c)
        value = self._tag(init_c) if init_c is not None and helper is None else A.IntLit(UNSET, span=span)
        binding = self.s.declare(c, What.LOCAL, self.ctype(c.type))
        name_span = statements.name_span(c) if c.kind is K.VAR_DECL else span
        decls = [A.VarDecl(A.Type.INT, binding.name, value, (UNSET, self._count(c.type)), name_span=name_span,
                           span=span)]
        if helper is not None:
            # Set by the helper's `return`, at the end of its inlined body.
            target = A.Name(binding.name, span=name_span)
            decls.append(statements.inline(helper, init_c, lambda v: A.Assign(target, v.expr, span=span)))
        return decls

    def parameter(self, param: Cursor, spot, assigned: bool, params: list, members: list, copies: list) -> None:
        """A kernel's function-pointer parameter: NULL or one of the functions of its
        type, the same in every thread."""
        span = self.s.span(param)
        ctype = self.ctype(param.type)
        binding = self.s.declare(param, What.PARAM, ctype)
        params.append(A.Param(A.Type.INT, binding.name, name_span=spot, span=span))
        value = A.Name(binding.name, span=spot)
        members.append(A.ContextEverywhere(A.Binary(
            "&&", A.Binary("<=", A.IntLit(NULL, span=spot), value, span=spot),
            A.Binary("<=", value, A.IntLit(self._count(param.type), span=spot), span=spot), span=spot), span=spot))
        if assigned:
            def copy() -> list[A.VarDecl]:
                local = self.s.declare(param, What.LOCAL, ctype)
                return [A.VarDecl(A.Type.INT, local.name, A.Name(binding.name, span=spot),
                                  (UNSET, self._count(param.type)), name_span=spot, span=span)]
            copies.append(copy)

    # ---- calls ----
    def indirect(self, call: Cursor) -> bool:
        """Whether a call is through a function pointer."""
        if call.kind is not K.CALL_EXPR or not children(call):
            return False
        callee = strip(children(call)[0])
        if callee.kind is K.DECL_REF_EXPR and callee.referenced is not None \
                and callee.referenced.kind is K.FUNCTION_DECL:
            return False
        return T.is_function_pointer(children(call)[0].type)

    def call(self, statements, call: Cursor, at: Cursor | None, finish) -> A.Stmt:
        """The call through a pointer as an `if` over its tag, each branch one function
        inlined with `finish` storing its value."""
        span = self.s.span(at if at is not None else call)
        callee = children(call)[0]
        functions = self.candidates(_function_type(callee.type))
        tag = self._tag(callee)
        if not isinstance(tag, (A.Name, A.IntLit)):
            raise Unsupported("unsupported.function", self.s.span(callee),
                              "a call through this function pointer is not supported: set a variable to it first")
        checked = self._checked(callee, 1, "called", tag)
        if not functions:
            return A.If(A.Binary("==", checked, A.IntLit(NULL, span=span), span=span), A.Block((), span=span), None,
                        span=span)
        # A tag that names no function runs nothing: the check has failed there.
        stmt = None
        for number in range(len(functions), 0, -1):
            inlined = statements.inline(call, at, finish, function=functions[number - 1])
            which = checked if number == 1 else tag
            stmt = A.If(A.Binary("==", which, A.IntLit(number, span=span), span=span), inlined, stmt, span=span)
        return stmt


def _function_type(t):
    """The function type of a function or function-pointer type, or None."""
    canonical = t.get_canonical()
    if canonical.kind in _FUNCTION_TYPES:
        return canonical
    if canonical.kind is TypeKind.POINTER and canonical.get_pointee().kind in _FUNCTION_TYPES:
        return canonical.get_pointee()
    return None
