"""VerCors's `/*@ pure @*/` before a C function (or in its header): the function may be
called in annotations (docs/vercors-c-annotations.md, "Pure C functions").

Such a function is read as a pure function of the language with C's meaning: its
parameters are the language's `int`/`bool` with a `requires` that each argument lies in
its C type (C would convert an argument; an annotation's mathematical one outside the
type has no C value, so a call with one is `pre.function`), and its body, one `return
e;`, is `e` mapped by the expression mapper as in code, converted to the result type: a
signed operation that may overflow is `A.Fits`, unsigned ones wrap.  C's function is
partial (a signed overflow, a division by zero are undefined), and so is the pure
function: where C defines the value (each `A.Fits` holding, each divisor not 0, under
the conditions of `?:`, `&&`, `||` that lead to it) is its `requires` too, so a call in
an annotation outside it is `pre.function`, and within it the value is C's.  Calls in C
code stay inlined, as any helper's, and are checked there as C.

A function the language cannot take as a pure function (a parameter or result that is
not an integer or bool: a vector, a pointer, a float; a body that is not one `return`,
or that reads memory, has effects, or calls a function without a body) is still a C
helper, inlined where the code calls it; only annotations cannot call it, and the
marker is reported as an `annotation.ignored` warning saying why.
"""
from __future__ import annotations

import re

from clang.cindex import Cursor

from .. import diagnostics as D
from ..syntax import ast as A
from . import clang_types as T
from .clang_scope import Scope, Unsupported, What, name_span
from .clang_types import Kind
from .cursors import body, parameters, single_return

_MARKER = re.compile(r"\s*pure\s*")


def is_marker(text: str, bounds: tuple[int, int]) -> bool:
    """Whether an annotation is VerCors's marker `/*@ pure @*/` alone."""
    return _MARKER.fullmatch(text, bounds[0], bounds[1]) is not None


def markers(scope: Scope, start: int, end: int) -> list[tuple[int, int]]:
    """The markers between two offsets (before a declaration) that no construct read
    yet, now claimed by it."""
    text = scope.unit.source.text
    found = [a for a in scope.claims.annotations
             if start <= a[0] and a[1] <= end and a not in scope.claims.claimed and is_marker(text, a)]
    for bounds in found:
        scope.claims.claim(bounds)
    return found


def refuse_before_kernel(scope: Scope, start: int, end: int) -> None:
    """A marker before a kernel: a kernel has no value to call in an annotation."""
    for bounds in markers(scope, start, end):
        scope.problems.append(D.error("type.clause-placement", scope.unit.source.span(*bounds),
                                      "`pure` stands before a kernel: only a helper function returning a value "
                                      "can be called in annotations"))


def declare_marked(scope: Scope, exprs, c: Cursor, start: int) -> list[A.Function]:
    """The pure function a C function declaration `c` is, if a marker stands before it
    (from `start`, the end of the previous declaration) or in its header before its body
    (`int /*@ pure @*/ f(int x)`, as VerCors's headers write it)."""
    block = body(c)
    end = scope.span(block).start if block is not None else scope.span(c).end
    return [f for marker in markers(scope, start, end) if (f := declare(scope, exprs, c, marker)) is not None]


def declare(scope: Scope, exprs, c: Cursor, marker: tuple[int, int]) -> A.Function | None:
    """The pure function of the language the marked C function `c` is, or None (and a
    warning at the marker) where it cannot be one."""
    try:
        return _function(scope, exprs, c)
    except Unsupported as problem:
        why = problem.diagnostic.message if problem.diagnostic is not None else "it is not mapped"
        scope.problems.append(D.warning(
            "annotation.ignored", scope.unit.source.span(*marker),
            f"`{c.spelling}` cannot be called in annotations ({why}); the code's calls of it are inlined as "
            "any helper's"))
        return None


def _function(scope: Scope, exprs, c: Cursor) -> A.Function:
    span, spot = scope.span(c), name_span(scope, c)
    c = c.get_definition() or c          # the marker may stand before a prototype
    result = single_return(c) if c.is_definition() else None
    if result is None:
        raise Unsupported("unsupported.function", spot, "its body is not one `return e;`")
    returned = _scalar(c.result_type, "its result", spot)
    scope.push()
    try:
        params, contract = [], []
        for param in parameters(c):
            ctype = _scalar(param.type, f"its parameter `{param.spelling}`", spot)
            binding = scope.declare(param, What.PARAM, ctype)
            at = name_span(scope, param)
            params.append(A.Param(T.lang_type(ctype), binding.name, name_span=at, span=scope.span(param)))
            if ctype.is_int:
                value = A.Name(binding.name, span=at)
                contract.append(A.Clause(A.ClauseKind.REQUIRES, A.Binary(
                    "&&", A.Binary("<=", A.IntLit(ctype.lo, span=at), value, span=at),
                    A.Binary("<=", value, A.IntLit(ctype.hi, span=at), span=at), span=at), span=at, implied=True))
        with exprs.clause():
            body = exprs.convert(exprs.value(result), returned, result).expr
    finally:
        scope.pop()
    _values_of_parameters(body, {p.name for p in params}, spot)
    domain: list[A.Clause] = []
    _domain(body, (), domain)
    return A.Function(tuple(contract + domain), T.lang_type(returned), c.spelling, tuple(params), body,
                      name_span=spot, span=span)


def _domain(e: A.Expr, guards: tuple, found: list) -> None:
    """The conditions under which C defines the value of `e` (no signed operation leaves
    its type, no division by zero), as `requires` clauses in `found`: each under the
    conditions that lead C to evaluate it (`?:`, `&&`, `||`), inner ones first, so that
    each clause is itself defined under the ones before it."""
    match e:
        case A.Conditional(cond=c, then=t, otherwise=o):
            _domain(c, guards, found)
            _domain(t, guards + (c,), found)
            _domain(o, guards + (A.Unary("!", c, span=c.span),), found)
            return
        case A.Binary(op="&&" | "==>", left=left, right=right):
            _domain(left, guards, found)
            _domain(right, guards + (left,), found)
            return
        case A.Binary(op="||", left=left, right=right):
            _domain(left, guards, found)
            _domain(right, guards + (A.Unary("!", left, span=left.span),), found)
            return
    for child in A.children(e):
        _domain(child, guards, found)
    span = e.span
    match e:
        case A.Fits(expr=inner, lo=lo, hi=hi):
            condition = A.Binary("&&", A.Binary("<=", A.IntLit(lo, span=span), inner, span=span),
                                 A.Binary("<=", inner, A.IntLit(hi, span=span), span=span), span=span)
        case A.Binary(op="/" | "%", right=divisor):
            condition = A.Binary("!=", divisor, A.IntLit(0, span=span), span=span)
        case _:
            return
    for guard in reversed(guards):
        condition = A.Binary("==>", guard, condition, span=span)
    found.append(A.Clause(A.ClauseKind.REQUIRES, condition, span=span, implied=True))


def _values_of_parameters(body: A.Expr, names: set[str], spot) -> None:
    """A pure function's value depends on its arguments alone: one whose C body reads
    memory (an array, a variable at file scope) or an id of the thread is no function of
    them."""
    for node in A.walk(body):
        match node:
            case A.Index():
                raise Unsupported("unsupported.function", spot, "its body reads memory")
            case A.Name(id=name) if name not in names:
                raise Unsupported("unsupported.function", spot,
                                  f"its body reads `{node.spelling or name}`, which is not one of its parameters")


def _scalar(ctype_of, what: str, spot):
    ctype = T.scalar(ctype_of)
    if ctype is None or ctype.kind not in (Kind.INT, Kind.BOOL):
        raise Unsupported("unsupported.type", spot,
                          f"{what} is of type `{T.spelling(ctype_of)}`: only integers and bools are values of "
                          "annotations")
    return ctype
