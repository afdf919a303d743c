"""Calls of functions the kernel's file declares without a body (`__device__ int
nondet(void);`, GPUVerify's `DECLARE_UF_BINARY(A, unsigned, unsigned, unsigned)`): in C,
code the kernel cannot see (docs/cfamily.md, "Functions without a body").

* Declared `__attribute__((const))` (clang's `CONST_ATTR`; gpuverify.h's `DECLARE_UF_*`
  declare their functions so): C promises that the result depends on the arguments
  alone and that the function touches no memory, so it is an uninterpreted function of
  the program, the same result for the same arguments, in its type's range.  GPUVerify's
  naming says the same of a function named `__uninterpreted_function_NAME`.
* Any other function whose parameters and result are scalars or aggregates passed by
  value: each call is an unknown value of the result's type, a new one per call
  (`void`: no value; a struct or vector: a new one per leaf), and its arguments are
  evaluated as C evaluates them (a struct argument is C's copy of it: every leaf read).  That is exact only if the function reads and
  writes no memory the kernel can see, which nothing in the file says: the mapped
  program declares each call's value as a variable named `f$callN` without a value,
  and every verdict that rests on one says, per function, that it assumes so
  (`assumptions`).
* A struct or vector parameter is its leaves (clang_aggregates.py): C passes a copy, so
  the function sees those values and nothing else of the kernel's; a `const` function's
  result is then an uninterpreted function of every leaf.
* A pointer or array parameter or result, a variadic or `noreturn` function: its
  effects matter and are not known, so the call is refused (`unsupported.function`).

An unknown value needs a statement of its own (a declaration without a value), so it is
declared right before the statement the call stands in (`Exprs.hoist`); a call in a
loop's condition is declared inside the loop, before the test (clang_statements.py), so
each test has its own.  In an annotation or a contract a call is refused: a clause
states one fact, not a fresh value.
"""
from __future__ import annotations

import re

from clang.cindex import Cursor, CursorKind as K

from ..syntax import ast as A
from . import clang_types as T
from . import curand
from .clang_scope import Unsupported
from .clang_types import Kind
from .values import Val
from .aggregate_layouts import Agg

CALL = "$call"
# A leaf of an aggregate result is `f$callN$k`.
_CALL_NAME = re.compile(r"^(?P<function>[A-Za-z_]\w*)\$call\d+(\$\d+)?$")
UNINTERPRETED = "__uninterpreted_function_"
ASSUMPTION = "assuming {}, declared without a body, {} no memory"


def is_const(function: Cursor) -> bool:
    """Whether C declares the function's result a function of its arguments alone
    (`__attribute__((const))` on one of its declarations), or GPUVerify's naming does
    (`__uninterpreted_function_NAME`, which bugle translates as an uninterpreted
    function: TranslateFunction::isUninterpretedFunction)."""
    declarations = {function, function.canonical}
    return function.spelling.startswith(UNINTERPRETED) or \
        any(a.kind is K.CONST_ATTR for d in declarations for a in d.get_children())


def _refuse_effects(exprs, function: Cursor, span) -> None:
    """A function whose effects the call cannot do without is refused, saying why."""
    name = function.spelling
    if not is_const(function) and (why := curand.refusal(function)) is not None:
        raise Unsupported("unsupported.function", span, why)
    ftype = function.type.get_canonical()
    if "noreturn" in ftype.spelling:
        raise Unsupported("unsupported.function", span,
                          f"`{name}` is declared without a body and never returns; what it does is not known")
    if ftype.kind.name == "FUNCTIONPROTO" and ftype.is_function_variadic():
        raise Unsupported("unsupported.function", span,
                          f"`{name}` is declared without a body and takes any number of arguments")
    for param in (p for p in function.get_children() if p.kind is K.PARM_DECL):
        if T.is_pointer(param.type) or T.is_array(param.type):
            raise Unsupported("unsupported.function", span,
                              f"`{name}` is declared without a body and takes a pointer: what it does to the "
                              "memory it points at is not known")
        layout = exprs.agg.layout(param.type, param)
        if layout is not None and any(leaf.pointer is not None for leaf in layout.leaves):
            # A pointer field lets it reach memory, as a pointer parameter does.
            raise Unsupported("unsupported.function", span,
                              f"`{name}` is declared without a body and takes a struct holding a pointer: what "
                              "it does to the memory that points at is not known")
        if T.scalar(param.type) is None and layout is None:
            raise Unsupported("unsupported.function", span,
                              f"`{name}` is declared without a body and takes a `{T.spelling(param.type)}`; "
                              "only functions of scalars, structs and vectors are supported")
    result = function.result_type.get_canonical()
    layout = exprs.agg.layout(result, function) if T.scalar(result) is None and result.spelling != "void" else None
    if layout is not None and any(leaf.pointer is not None for leaf in layout.leaves):
        raise Unsupported("unsupported.function", span,
                          f"`{name}` is declared without a body and returns a struct holding a pointer: which "
                          "array it points into is not known")
    if T.scalar(result) is None and result.spelling != "void" and exprs.agg.layout(result, function) is None:
        raise Unsupported("unsupported.function", span,
                          f"`{name}` is declared without a body and returns a `{T.spelling(result)}`; "
                          "only functions returning a scalar, a struct, a vector or nothing are supported")


def value(exprs, function: Cursor, args: list[Cursor], c: Cursor):
    """A call in an expression: its value (`Val`; of a struct or vector, an `Agg`)."""
    span = exprs.s.span(c)
    _refuse_effects(exprs, function, span)
    layout = exprs.agg.layout(function.result_type, c)
    if layout is not None:
        return _aggregate(exprs, function, layout, args, c)
    result = T.scalar(function.result_type)
    if result is None:
        raise Unsupported("unsupported.function", span, f"`{function.spelling}` returns no value")
    if is_const(function):
        return _uninterpreted(exprs, function, result, args, c)
    _arguments(exprs, function, args, span)
    name = _unknown(exprs, function, result, c)
    return Val(A.Name(name, span=span, spelling=exprs.s.text(c)), result)


def statement(exprs, function: Cursor, args: list[Cursor], c: Cursor) -> list:
    """A call whose value is not used: its arguments evaluated, and its unknown value
    declared (unused), which is what records that the verdict rests on the assumption."""
    span = exprs.s.span(c)
    _refuse_effects(exprs, function, span)
    stmts = _arguments(exprs, function, args, span, hoist=False)
    if is_const(function):
        return stmts       # no effect and no value used: only the arguments are evaluated
    layout = exprs.agg.layout(function.result_type, c)
    results = [leaf.ctype for leaf in layout.leaves] if layout is not None else \
        [T.scalar(function.result_type) or T.BOOL]
    name = f"{function.spelling}{CALL}{next(exprs.calls)}"
    return stmts + [A.VarDecl(T.lang_type(result), f"{name}${k}" if layout is not None else name, None,
                              T.elem_range(result), name_span=span, span=span) for k, result in enumerate(results)]


def _aggregate(exprs, function: Cursor, layout, args: list[Cursor], c: Cursor):
    """A call whose result is a struct or vector: leaf k an uninterpreted function `f$k`
    of the arguments (`const`), or else a new unknown value per leaf and call."""
    span = exprs.s.span(c)
    if is_const(function):
        values = _leaf_values(exprs, args)
        base = _function_name(exprs, function)
        vals = []
        for k, leaf in enumerate(layout.leaves):
            name = exprs.s.uninterpreted(f"{base}${k}", A.Type.BOOL if leaf.ctype.kind is Kind.BOOL else A.Type.INT,
                                         len(values))
            vals.append(_in_range(A.Call(name, tuple(values), name_span=span, span=span), leaf.ctype, span))
        return Agg(layout, tuple(Val(v, leaf.ctype) for v, leaf in zip(vals, layout.leaves)))
    _arguments(exprs, function, args, span)
    name = f"{function.spelling}{CALL}{next(exprs.calls)}"
    vals = []
    for k, leaf in enumerate(layout.leaves):
        exprs.hoist(A.VarDecl(T.lang_type(leaf.ctype), f"{name}${k}", None, T.elem_range(leaf.ctype), name_span=span,
                              span=span), function.spelling, span)
        vals.append(Val(A.Name(f"{name}${k}", span=span, spelling=exprs.s.text(c)), leaf.ctype))
    return Agg(layout, tuple(vals))


def _arguments(exprs, function: Cursor, args: list[Cursor], span, hoist: bool = True) -> list:
    """Each argument evaluated once, as C evaluates a call's arguments (its reads, its
    checks), into a variable of the parameter's type."""
    stmts = []
    for arg in args:
        if exprs.agg.layout(arg.type, arg) is not None:
            # C's copy of the struct: every leaf read, at the call.
            for val in exprs.agg.value(arg).vals:
                name = f"{function.spelling}$arg{next(exprs.calls)}"
                stmts.append(A.VarDecl(T.lang_type(val.ctype), name, val.expr, T.elem_range(val.ctype),
                                       name_span=span, span=exprs.s.span(arg)))
            continue
        ctype = exprs.scalar(arg)
        val = exprs.value(arg)
        name = f"{function.spelling}$arg{next(exprs.calls)}"
        stmts.append(A.VarDecl(T.lang_type(ctype), name, exprs.convert(val, ctype, arg).expr, T.elem_range(ctype),
                               name_span=span, span=exprs.s.span(arg)))
    if hoist:
        for stmt in stmts:
            exprs.hoist(stmt, function.spelling, span)
    return stmts


def _unknown(exprs, function: Cursor, result, c: Cursor) -> str:
    span = exprs.s.span(c)
    # A function of our own cuRAND header accesses no memory (we wrote it): its values
    # are named so that no verdict states the assumption (`assumptions`).
    made = "$value" if curand.is_library_function(function) else CALL
    name = f"{function.spelling}{made}{next(exprs.calls)}"
    exprs.hoist(A.VarDecl(T.lang_type(result), name, None, T.elem_range(result), name_span=span, span=span),
                function.spelling, span)
    return name


def _uninterpreted(exprs, function: Cursor, result, args: list[Cursor], c: Cursor):
    """`f(args)` of an uninterpreted function, in the result type's range: an integer
    result is `f(args) % 2^N` (unsigned) or `f(args) % 2^N + lo` (signed), which are
    every function into the range as f ranges over every function into the integers."""
    span = exprs.s.span(c)
    values = _leaf_values(exprs, args)
    name = exprs.s.uninterpreted(_function_name(exprs, function), A.Type.BOOL if result.kind is Kind.BOOL
                                 else A.Type.INT, len(values))
    return Val(_in_range(A.Call(name, tuple(values), name_span=span, span=span), result, span), result)


def _leaf_values(exprs, args: list[Cursor]) -> list:
    """The arguments of an uninterpreted function: each scalar, and each leaf of a
    struct or vector argument (its value is all a `const` function may depend on)."""
    values = []
    for arg in args:
        vals = exprs.agg.value(arg).vals if exprs.agg.layout(arg.type, arg) is not None else [exprs.value(arg)]
        for val in vals:
            if val.expr is None:
                raise Unsupported("unsupported.function", exprs.s.span(arg),
                                  "a struct without a value is passed to a function declared `const`")
            if val.ctype.kind is Kind.BOOL:
                val = exprs.convert(Val(val.expr, val.ctype), T.INT, arg)
            values.append(val.expr)
    return values


def _in_range(call: A.Expr, result, span) -> A.Expr:
    if not result.is_int:
        return call
    wrapped = A.Binary("%", call, A.IntLit(result.hi - result.lo + 1, span=span), span=span)
    if result.lo:
        wrapped = A.Binary("+", wrapped, A.IntLit(result.lo, span=span), span=span)
    return wrapped


def _function_name(exprs, function: Cursor) -> str:
    """The uninterpreted function of a declaration: its C name (annotations may call
    it), primed for a second declaration of the same name (an overload)."""
    names = exprs.uninterpreted_names
    identity = (function.canonical.hash, function.spelling)
    if identity not in names:
        name = function.spelling
        while name in names.values():
            name += "'"
        names[identity] = name
    return names[identity]


def assumptions(checked_kernels) -> tuple[str, ...]:
    """One phrase per function without a body whose calls some kernel's verdict rests on
    (a declared `f$callN`)."""
    found = set()
    for ck in checked_kernels:
        for node in A.walk(ck.kernel):
            if isinstance(node, A.VarDecl) and node.init is None and (m := _CALL_NAME.match(node.name)):
                found.add(m.group("function"))
    if not found:
        return ()
    names = [f"`{name}`" for name in sorted(found)]
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return (ASSUMPTION.format(listed, "accesses" if len(names) == 1 else "access"),)
