"""The expressions of inferred clauses, built as trees and written by one printer.

contract.py builds every clause as a tree of the annotation language (conjunctions,
implications, `\\forall*` over ranges, `Perm`) and writes it only through `spelled`:
syntax/printer.format_expr, which places parentheses by the grammar's precedence, and
then parses the text back and compares it with the tree (spans and symbols aside).  A
clause that would not read back as built is never written: `CannotInfer`, at its place.
`readable` first puts a tree into the forms a parse produces (a negative literal is a
minus applied to a literal; a C conversion check is the expression it checks).
"""
from __future__ import annotations

from ..syntax import ast as A
from ..cfamily.annotation_components import parse_written
from ..syntax.printer import format_expr
from .shape import CannotInfer
from .terms import map_children


def conj(*parts: A.Expr | None) -> A.Expr | None:
    """The conjunction of the parts that are not None (None: true)."""
    present = list({format_expr(p): p for p in parts if p is not None}.values())
    if not present:
        return None
    whole = present[0]
    for part in present[1:]:
        whole = A.Binary("&&", whole, part, span=part.span)
    return whole


def disj(parts: list[A.Expr | None]) -> A.Expr | None:
    """The disjunction of the parts; None (true) when one of them is, or one is the
    negation of another."""
    if any(p is None for p in parts) or not parts:
        return None
    texts = {format_expr(p): p for p in parts}
    # `c || !c` (the two arms of an `if` that both access the cell) holds always.
    if any(isinstance(p, A.Unary) and p.op == "!" and format_expr(p.operand) in texts for p in texts.values()):
        return None
    unique = list(texts.values())
    whole = unique[0]
    for part in unique[1:]:
        whole = A.Binary("||", whole, part, span=part.span)
    return whole


def implies(condition: A.Expr | None, body: A.Expr) -> A.Expr:
    return body if condition is None else A.Binary("==>", condition, body, span=body.span)


def ranges(binders: list, span, steps: bool = True) -> list[A.Expr]:
    """`lo <= v && v < hi` for each bound counter (name, lo, hi, step), and its step's
    grid `(v - lo) % step == 0`."""
    out = []
    for name, lo, hi, step in binders:
        v = A.Name(name, span=span)
        out.append(A.Binary("<=", lo, v, span=span))
        out.append(A.Binary("<", v, hi, span=span))
        if steps and step is not None:
            out.append(A.Binary("==", A.Binary("%", A.Binary("-", v, lo, span=span), step, span=span),
                                A.IntLit(0, span=span), span=span))
    return out


def forall(kind: A.QuantKind, binders: list, condition: A.Expr | None, body: A.Expr, steps: bool = True) -> A.Expr:
    """`(\\forall* int i; (\\forall* int j; ranges && condition; body))`: the nested form,
    which `\\forall* int i, j; ...` is sugar for."""
    span = body.span
    inner = conj(*ranges(binders, span, steps), condition)
    for name, _, _, _ in reversed(binders):
        body = A.Quantifier(kind, A.Type.INT, name, inner, body, var_span=span, span=span)
        inner = None
    return body


def readable(e: A.Expr) -> A.Expr:
    """The tree in the forms a parse of its printed text produces."""
    match e:
        case A.IntLit(value=v) if v < 0:
            return A.Unary("-", A.IntLit(-v, span=e.span), span=e.span)
        case A.Fits(expr=inner):
            return readable(inner)
        case A.Conditional() if type(e) is not A.Conditional:       # a branch's choice (branches.py)
            return readable(A.Conditional(e.cond, e.then, e.otherwise, span=e.span))
        case A.Name() | A.IntLit() | A.BoolLit():
            return e
    return map_children(e, readable)


def spelled(e: A.Expr) -> str:
    """The text of a clause's expression; CannotInfer where it would not read back as
    the same tree."""
    tree = readable(e)
    text = format_expr(tree)
    parsed = parse_written(text, "inferred")
    if parsed.diagnostics or len(parsed.items) != 1 or parsed.items[0].expr != tree:
        raise CannotInfer(e.span, f"`{text}` would not read back as the clause it was built from")
    return text
