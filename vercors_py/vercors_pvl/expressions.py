"""VerCors's PVL expressions to the kernel language's (docs/vercors-pvl-frontend.md,
"Expressions").  Both have unbounded integers, Euclidean `/` and `%` (VerCors's become
Viper's, SMT-LIB's), `\\` fractions and duplicable `read` shares; what has no
counterpart is refused at its place."""
from __future__ import annotations

from lark import Token, Tree

from ..syntax import ast as A
from ..syntax import sums
from . import matrices
from .scope import Scope

_OPS = {"==>", "||", "&&", "**", "==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/", "%", "\\"}
_QUANTS = {"\\forall": A.QuantKind.FORALL, "\\exists": A.QuantKind.EXISTS, "\\forall*": A.QuantKind.FORALL_STAR}


def scalar_type(s: Scope, t: Tree) -> A.Type:
    """`int` or `boolean` (VerCors's `boolean` is the language's `bool`)."""
    base, dims = t.children[0], t.children[1:]
    if not dims and isinstance(base, Token) and base.type in ("INT", "BOOLEAN"):
        return A.Type.INT if base.type == "INT" else A.Type.BOOL
    if isinstance(base, Tree) and base.data == "seq_type":
        raise s.refuse("unsupported.type", t, f"`{_text(s, t)}`: the kernel language has no sequences, sets or bags")
    raise s.refuse("unsupported.type", t, f"a variable of type `{_text(s, t)}`: only `int` and `boolean` are mapped here")


def _text(s: Scope, node) -> str:
    span = s.span(node)
    return s.source.text[span.start:span.end]


def expr(s: Scope, t) -> A.Expr:
    span = s.span(t)
    if isinstance(t, Token):
        raise s.refuse("unsupported.expression", t, f"`{t}` is not mapped")
    ch = t.children
    match t.data:
        case "number":
            return A.IntLit(int(ch[0]), span=span)
        case "true" | "false":
            return A.BoolLit(t.data == "true", span=span)
        case "name":
            return s.name(ch[0])
        case "binary":
            op = str(ch[1])
            if op not in _OPS:
                raise s.refuse("unsupported.expression", ch[1], f"`{op}` (magic wand) is not mapped")
            if _is_null(ch[0]) or _is_null(ch[2]):
                raise s.refuse("unsupported.expression", t, f"`{_text(s, t)}`: `null` is mapped only in a "
                               f"top-level `a != null` fact about an array parameter (which always holds here)")
            return A.Binary(op, expr(s, ch[0]), expr(s, ch[2]), span=span)
        case "unary":
            return A.Unary(str(ch[0]), expr(s, ch[1]), span=span)
        case "conditional":
            return A.Conditional(expr(s, ch[0]), expr(s, ch[1]), expr(s, ch[2]), span=span)
        case "index":
            cell = matrices.access(s, t, expr)
            return cell if cell is not None else A.Index(expr(s, ch[0]), expr(s, ch[1]), span=span)
        case "field_access":
            return _field(s, t)
        case "perm":
            return A.Perm(expr(s, ch[1]), _amount(s, ch[2]), span=span)
        case "read":
            return A.Read(span=span)
        case "write":
            return A.Write(span=span)
        case "old":
            return _old(s, t)
        case "call":
            return _call(s, t)
        case "builtin":
            return _builtin(s, t)
        case "quantifier":
            return _quantifier(s, t)
        case "length" | "seq_literal":
            raise s.refuse("unsupported.type", t, f"`{_text(s, t)}`: the kernel language has no sequences")
        case "result":
            raise s.refuse("unsupported.expression", t, "`\\result`: the kernel language's procedures and "
                           "functions state no postcondition about a returned value")
        case "let":
            raise s.refuse("unsupported.expression", t, "`\\let` is not mapped")
        case "null" | "this" | "none" | "new_array" | "method_call" | "builtin_name":
            raise s.refuse("unsupported.expression", t, f"`{_text(s, t)}` is not mapped")
    raise s.refuse("unsupported.expression", t, f"`{_text(s, t)}` is not mapped")


def _is_null(t) -> bool:
    return isinstance(t, Tree) and t.data == "null"


def _field(s: Scope, t: Tree) -> A.Expr:
    target, field = t.children
    if field == "length" and isinstance(target, Tree) and target.data == "name" and str(target.children[0]) in s.arrays:
        array = s.arrays[str(target.children[0])]
        if array.length is None:
            return A.IntLit(array.size, span=s.span(t))
        return A.Name(array.length, span=s.span(t), spelling=f"{target.children[0]}.length")
    if field == "length" and (rows := matrices.length(s, target, expr)) is not None:
        return rows
    if isinstance(target, Tree) and target.data == "this" and str(field) in s.fields:
        return s.field(field)
    raise s.refuse("unsupported.expression", t, f"`{_text(s, t)}`: only `a.length` of an array parameter and "
                   f"`this.x` of a field are mapped")


def _amount(s: Scope, t) -> A.Expr:
    # VerCors's permission amounts are rationals: 1 is a whole (write) permission.
    if isinstance(t, Tree) and t.data == "number" and int(t.children[0]) == 1:
        return A.Write(span=s.span(t))
    if isinstance(t, Tree) and t.data == "number":
        raise s.refuse("unsupported.expression", t, f"the permission amount `{t.children[0]}`: amounts above 1 "
                       f"or of 0 are not mapped")
    return expr(s, t)


def _old(s: Scope, t: Tree) -> A.Expr:
    inner = t.children[1]
    match s.old:
        case "keep" | "save":
            # "save": the method's start, saved at the thread's (olds.py).
            return A.Old(expr(s, inner), span=s.span(t))
        case "drop":
            # A precondition is evaluated in the state \old names (the method's start).
            return expr(s, inner)
        case "capture":
            return s.capture(t)
    where = "a barrier's contract" if s.in_barrier else "this place"
    raise s.refuse("unsupported.expression", t, f"`\\old` in {where}: the kernel language has no counterpart "
                   f"of VerCors's state at the method's start here")


def _call(s: Scope, t: Tree) -> A.Expr:
    name, args, given = t.children
    if given is not None:
        raise s.refuse("unsupported.declaration", given, "ghost arguments (`given {...}`) are not mapped")
    if str(name) not in s.functions:
        raise s.refuse("unsupported.function", name, f"a call of `{name}`: only the file's pure functions "
                       f"of `int` and `boolean` are mapped")
    mapped = tuple(expr(s, a) for a in (args.children if args is not None else ()))
    return A.Call(str(name), mapped, name_span=s.span(name), span=s.span(t))


def _builtin(s: Scope, t: Tree) -> A.Expr:
    name, args = t.children
    items = args.children if args is not None else []
    if str(name) == "\\array" and len(items) == 2 and isinstance(items[0], Tree) and items[0].data == "name" \
            and str(items[0].children[0]) in s.arrays:
        # `\array(a, n)`: a is an array (never null here) of length n.
        array = s.arrays[str(items[0].children[0])]
        length = A.Name(array.length, span=s.span(items[0]), spelling=f"{items[0].children[0]}.length")
        return A.Binary("==", length, expr(s, items[1]), span=s.span(t))
    if (sizes := matrices.stated(s, t, expr)) is not None:
        return sizes
    raise s.refuse("unsupported.function", t, f"`{name}` is not mapped")


def _quantifier(s: Scope, t: Tree) -> A.Expr:
    quant, *binders, first, second = t.children
    cond, body = (first, second) if second is not None else (None, first)
    kind = str(quant)
    saved = dict(s.names)
    try:
        vars_ = []
        ranges = []
        for b in binders:
            typ, var, lo, hi = b.children
            if scalar_type(s, typ) is not A.Type.INT:
                raise s.refuse("unsupported.type", typ, "a quantified variable that is not an `int`")
            ours = s.bound(str(var))
            s.bind(str(var), ours)
            vars_.append((ours, s.span(var)))
            if lo is not None:
                v = A.Name(ours, span=s.span(var))
                ranges.append(A.Binary("&&", A.Binary("<=", expr(s, lo), v, span=s.span(b)),
                                       A.Binary("<", v, expr(s, hi), span=s.span(b)), span=s.span(b)))
        mapped_cond = expr(s, cond) if cond is not None else None
        for r in reversed(ranges):
            mapped_cond = r if mapped_cond is None else A.Binary("&&", r, mapped_cond, span=r.span)
        mapped_body = expr(s, body)
    finally:
        s.names = saved
    span = s.span(t)
    if kind == "\\sum":
        if len(vars_) != 1 or mapped_cond is None:
            raise s.refuse("unsupported.expression", t, "a `\\sum` over several variables or without a range")
        (var, var_span), = vars_
        return sums.build(A.Type.INT, var, mapped_cond, mapped_body, var_span, span)
    # Several variables are nested quantifiers, the condition on the innermost (as the
    # kernel language reads `int i, j`: docs/language.md).
    result = mapped_body
    for n, (var, var_span) in enumerate(reversed(vars_)):
        result = A.Quantifier(_QUANTS[kind], A.Type.INT, var, mapped_cond if n == 0 else None, result,
                              var_span=var_span, span=span)
    return result
