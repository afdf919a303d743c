"""`(\\sum int j; lo <= j && j < hi && cond; body)`: its range read off the parse.

The range is an expression of the grammar; its first two conjuncts must bound the
variable (`lo <= j` or `j >= lo`, then `j < hi` or `hi > j`), the rest is the condition.
A range of another form keeps the whole range as the condition with no bounds, and the
type checker reports it at the range (type.sum-range): the parser knows no names yet.
"""
from __future__ import annotations


from . import ast as A


def conjuncts(e) -> list:
    """The operands of a chain `a && b && c` (left-nested as parsed), in order; an
    operand that is itself a conjunction in parentheses stays whole, so that printing
    the condition and parsing it again gives the same tree."""
    out = []
    while isinstance(e, A.Binary) and e.op == "&&":
        out.append(e.right)
        e = e.left
    out.append(e)
    return out[::-1]


def _is(e, var: str) -> bool:
    return isinstance(e, A.Name) and e.id == var


def _low(e, var: str):
    match e:
        case A.Binary(op="<=", left=lo, right=j) if _is(j, var):
            return lo
        case A.Binary(op=">=", left=j, right=lo) if _is(j, var):
            return lo
    return None


def _high(e, var: str):
    match e:
        case A.Binary(op="<", left=j, right=hi) if _is(j, var):
            return hi
        case A.Binary(op=">", left=hi, right=j) if _is(j, var):
            return hi
    return None


def build(var_type: A.Type, var: str, range_: A.Expr, body: A.Expr, var_span, span) -> A.Sum:
    parts = conjuncts(range_)
    lo = _low(parts[0], var)
    hi = _high(parts[1], var) if len(parts) > 1 else None
    if lo is None or hi is None:
        return A.Sum(var_type, var, None, None, range_, body, var_span=var_span, span=span)
    cond = None
    for part in parts[2:]:
        cond = part if cond is None else A.Binary("&&", cond, part, span=cond.span.cover(part.span))
    return A.Sum(var_type, var, lo, hi, cond, body, var_span=var_span, span=span)


def transform(builder, ch) -> A.Sum:
    """The parser's callback for the rule `sum` (syntax/parser.py)."""
    typed, var = ch[2], ch[3]
    range_, body = builder._nodes(ch[4:])
    return build(typed.type, str(var), range_, body, builder._tok_span(var), builder._span(ch))

