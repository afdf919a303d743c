"""VerCors's `int[][]` parameters under `\\matrix(m, rows, cols)` (docs/vercors-pvl-frontend.md).

VerCors's `\\matrix(m, R, C)` (DesugarPermissionOperators) is: `m` is not null, has `R`
rows, a read-only permission on each row reference, each row is not null and has `C`
cells, and no two rows are one array.  Such a matrix is `R * C` distinct cells that no
code of the method can rearrange (rows are never assigned here: `m[i]` alone is
refused), so it is one global array of `R * C` cells, row after row: `m[i][j]` is
`m[i * C + j]`.  That is exact only where `0 <= i < R` and `0 <= j < C` both hold (a
flat index in bounds may still name a cell of another row), so every access carries the
two checks: its index is `i * C + j` where both hold and `-1`, outside the array,
where one does not, and the access fails there as VerCors's does.

The matrix must be stated by a top-level conjunct `\\matrix(m, R, C)` of a
`context_everywhere` of the method, `R` and `C` over its scalar parameters: then it
holds inside the par block as in VerCors (which needs it there to read a row), and the
sizes never change.  `m.length` is `R`; `\\matrix(m, X, Y)` is `X == R && Y == C` with
both non-negative (lengths are)."""
from __future__ import annotations

from typing import Callable

import attrs
from lark import Token, Tree

from ..syntax import ast as A
from .grammar import conjuncts
from .scope import Matrix, Scope

_CONSTANT = ("number", "name", "binary", "unary", "conditional")
Mapping = Callable[[Scope, object], A.Expr]


def declare(s: Scope, head: Tree, params, expr: Mapping) -> list[A.ArrayDecl]:
    """The matrix parameters (two dimensions in their type), bound; their arrays.  The
    scalar parameters are bound already (the sizes name them).  `expr` maps an
    expression (expressions.expr, which maps a matrix's cells here)."""
    out = []
    for p in (params.children if params is not None else ()):
        typ, name = p.children
        base, dims = typ.children[0], typ.children[1:]
        if len(dims) != 2:
            continue
        if not (isinstance(base, Token) and base.type in ("INT", "BOOLEAN")):
            raise s.refuse("unsupported.type", typ, "a matrix of elements other than `int` or `boolean`")
        rows, cols = _sizes(s, head, name, expr)
        ours = s.fresh(str(name))
        s.bind(str(name), Matrix(ours, rows, cols))
        span = s.span(name)
        length = A.Binary("*", rows, cols, span=span)
        elem = A.Type.INT if base.type == "INT" else A.Type.BOOL
        out.append(A.ArrayDecl(A.Scope.GLOBAL, elem, length, ours, name_span=span, span=s.span(p)))
    return out


def _sizes(s: Scope, head: Tree, token: Token, expr: Mapping) -> tuple[A.Expr, A.Expr]:
    name = str(token)
    for c in head.children:
        if c.data == "clause" and str(c.children[0]) == "context_everywhere":
            for part in conjuncts(c.children[1]):
                args = _matrix_args(part)
                if args is not None and len(args) == 3 and _names(args[0]) == name:
                    for size in args[1:]:
                        _over_parameters(s, size)
                    return expr(s, args[1]), expr(s, args[2])
    raise s.refuse("unsupported.declaration", token,
                   f"the matrix parameter `{name}`: state `context_everywhere \\matrix({name}, rows, cols);` "
                   f"(its rows distinct arrays of one length) for it to be mapped")


def _over_parameters(s: Scope, t) -> None:
    for node in t.iter_subtrees():
        if node.data not in _CONSTANT or (node.data == "name" and str(node.children[0]) not in s.params):
            raise s.refuse("unsupported.expression", t, "a matrix's size that is not an expression of the "
                           "method's `int` parameters")


def _matrix_args(t):
    if isinstance(t, Tree) and t.data == "builtin" and str(t.children[0]) == "\\matrix" and t.children[1] is not None:
        return t.children[1].children
    return None


def _names(t) -> str | None:
    return str(t.children[0]) if isinstance(t, Tree) and t.data == "name" else None


def of(s: Scope, t) -> Matrix | None:
    name = _names(t)
    target = s.names.get(name) if name is not None else None
    return target if isinstance(target, Matrix) else None


def access(s: Scope, t: Tree, expr: Mapping) -> A.Expr | None:
    """`m[i][j]` of a matrix as a cell of its array; None when `t` (an index) is not one."""
    row, j = t.children
    if of(s, row) is not None:
        span = s.span(t)
        raise s.refuse("unsupported.expression", t, f"the row `{s.source.text[span.start:span.end]}` of a matrix: "
                       f"only its cells `m[i][j]` are mapped")
    if not (isinstance(row, Tree) and row.data == "index" and of(s, row.children[0]) is not None):
        return None
    m = of(s, row.children[0])
    span = s.span(t)
    i, j = expr(s, row.children[1]), expr(s, j)
    rows, cols = _at(m.rows, span), _at(m.cols, span)
    inside = _and(span, _and(span, _le(span, A.IntLit(0, span=span), i), A.Binary("<", i, rows, span=span)),
                  _and(span, _le(span, A.IntLit(0, span=span), j), A.Binary("<", j, cols, span=span)))
    flat = A.Binary("+", A.Binary("*", i, cols, span=span), j, span=span)
    index = A.Conditional(inside, flat, A.IntLit(-1, span=span), span=span)
    return A.Index(A.Name(m.name, span=s.span(row.children[0])), index, span=span)


def length(s: Scope, target, expr: Mapping) -> A.Expr | None:
    """`m.length` of a matrix: its number of rows."""
    if isinstance(target, Tree) and target.data == "index" and of(s, target.children[0]) is not None:
        access(s, target, expr)     # a row's length: refused as a row
    m = of(s, target)
    return _at(m.rows, s.span(target)) if m is not None else None


def stated(s: Scope, t: Tree, expr: Mapping) -> A.Expr | None:
    """`\\matrix(m, X, Y)` of a matrix parameter: its sizes are `X` and `Y`."""
    args = _matrix_args(t)
    if args is None or len(args) != 3 or of(s, args[0]) is None:
        return None
    m = of(s, args[0])
    span = s.span(t)
    rows, cols = expr(s, args[1]), expr(s, args[2])
    out = _and(span, _le(span, A.IntLit(0, span=span), rows), _le(span, A.IntLit(0, span=span), cols))
    for mine, said in ((m.rows, rows), (m.cols, cols)):
        if mine != said:
            out = _and(span, out, A.Binary("==", _at(mine, span), said, span=span))
    return out


def _at(e: A.Expr, span) -> A.Expr:
    """A copy of a size at the place that uses it."""
    if not attrs.has(type(e)) or "span" not in attrs.fields_dict(type(e)):
        return e        # not a node (a span, a symbol)
    return attrs.evolve(A.map_children(e, lambda v: _at(v, span)), span=span)


def _and(span, a, b):
    return A.Binary("&&", a, b, span=span)


def _le(span, a, b):
    return A.Binary("<=", a, b, span=span)
