"""VerCors's `invariant NAME(R) { par ... }` around the method's par block, with
`atomic(NAME) { f = f + e; }` in it, as the kernel's value invariant and the language's
atomic operations (docs/vercors-pvl-frontend.md, "Invariants and atomic blocks").

VerCors's invariant block exhales `R` where it starts, each `atomic(NAME) { S }`
inhales it, runs `S` and exhales it again, and the block's end inhales it
(ParBlockEncoder, ParInvariant/ParAtomic). The kernel language's value invariant is that
(docs/language.md, "Value invariants"): the launch hands it over, an atomic on one of its
cells takes it for its one step and gives it back, the kernel's end gets it back. Only
what is exactly that is mapped:

- `R` is `Perm(f, write)` of `int` fields `f` (`**` of several): the invariant holds the
  cells and says nothing of their values, as VerCors's does;
- the invariant's body is the method's par block, and nothing else;
- an atomic block's body is one statement `f = f + e;` or `f = f - e;` (or `this.f`) on
  a field of the invariant, with `e` reading none of its fields: one read-modify-write
  of the cell, the language's `atomic_add` / `atomic_sub` (e is read with the thread's
  own permissions in both). Any other atomic block is refused."""
from __future__ import annotations

import attrs
from lark import Tree

from ..syntax import ast as A
from ..syntax import atomics
from .expressions import expr
from .grammar import conjuncts
from .scope import Scope


@attrs.frozen
class Invariant:
    name: str
    fields: frozenset[str]           # VerCors names of the fields it holds
    clauses: tuple[A.Clause, ...]    # the kernel block's `invariant` clauses


def around_par(s: Scope, body: Tree) -> tuple[Invariant, Tree] | None:
    """The invariant and the block inside it when the method's whole body is one
    `invariant` block (the caller then looks for its one par block)."""
    only = _only(body)
    if not (isinstance(only, Tree) and only.data == "invariant_block"):
        return None
    name, resource, inner = only.children
    if not any(n.data in ("par", "parallel", "sequential") for n in inner.iter_subtrees()):
        return None         # around sequential code: the language's invariant block (invariant_blocks.py)
    held = []
    for part in conjuncts(resource):
        match part:
            case Tree(data="perm", children=[_, target, amount]) if _field(s, target) is not None \
                    and _whole(amount):
                held.append(_field(s, target))
            case _:
                raise s.refuse("unsupported.statement", part, "an invariant other than `Perm(f, write)` of fields "
                               "`f` is not mapped")
    clauses = tuple(A.Clause(A.ClauseKind.INVARIANT, expr(s, p), span=s.span(p)) for p in conjuncts(resource))
    return Invariant(str(name), frozenset(held), clauses), inner


def handed_over(s: Scope, clauses: tuple[A.Clause, ...], at) -> tuple[A.Clause, ...]:
    """The method's contract as the kernel's, the invariant apart: the launch hands the
    invariant over besides the kernel's precondition (the language's host establishes
    both), where VerCors's invariant block takes it out of the method's precondition.
    So each `Perm(f, write)` of the invariant must be a top-level conjunct of the
    method's precondition, and leaves it (a `context` clause keeps it as its `ensures`:
    the kernel's end gets the invariant back, as the block's end inhales it)."""
    out = list(clauses)
    for field in sorted(s.invariant.fields):
        cell = s.fields[field]
        for n, c in enumerate(out):
            if not c.kind.is_pre:
                continue
            parts = _conjunct_exprs(c.expr)
            rest = [p for p in parts if not _whole_perm_of(p, cell)]
            if len(rest) == len(parts) - 1:
                pre = [A.Clause(A.ClauseKind.REQUIRES, _and(rest), span=c.span)] if rest else []
                post = [A.Clause(A.ClauseKind.ENSURES, c.expr, span=c.span)] if c.kind.is_post else []
                out[n:n + 1] = pre + post
                break
        else:
            raise s.refuse("unsupported.statement", at, f"an invariant holding `{field}` when the method's "
                           f"precondition has no `Perm({field}, write)` of its own (as a conjunct) to hand it")
    return tuple(out)


def _conjunct_exprs(e: A.Expr) -> list[A.Expr]:
    if isinstance(e, A.Binary) and e.op in ("**", "&&"):
        return _conjunct_exprs(e.left) + _conjunct_exprs(e.right)
    return [e]


def _and(parts: list[A.Expr]) -> A.Expr:
    out = parts[0]
    for p in parts[1:]:
        out = A.Binary("**", out, p, span=p.span)
    return out


def _whole_perm_of(e: A.Expr, cell: str) -> bool:
    match e:
        case A.Perm(location=A.Index(array=A.Name(id=name), index=A.IntLit(value=0)), amount=A.Write()):
            return name == cell
    return False


def atomic(s: Scope, t: Tree) -> A.AtomicUpdate:
    *names, block = t.children
    inv = s.invariant
    if inv is None or [str(n) for n in names] != [inv.name]:
        raise s.refuse("unsupported.statement", t, "an `atomic` block of another invariant than the one around "
                       "the method's par block")
    match block.children:
        case [Tree(data="assign", children=[target, Tree(data="binary", children=[read, op, operand])])] \
                if _field(s, target) in inv.fields and _field(s, read) == _field(s, target) \
                and str(op) in ("+", "-") and not _reads(s, operand, inv.fields):
            cell = expr(s, target)
            value = expr(s, operand)
            name = "atomic_add" if str(op) == "+" else "atomic_sub"
            return A.AtomicUpdate(name, cell, (value,), atomics.update(name, cell, (value,)), None,
                                  span=s.span(t))
    raise s.refuse("unsupported.statement", t, "an `atomic` block other than one `f = f + e;` or `f = f - e;` on a "
                   "field of its invariant (with `e` reading none of them) is not mapped")


def _whole(amount) -> bool:
    match amount:
        case Tree(data="write"):
            return True
        case Tree(data="number", children=[n]):
            return str(n) == "1"
    return False


def _only(t):
    while isinstance(t, Tree) and t.data == "block" and len(t.children) == 1:
        t = t.children[0]
    return t


def _field(s: Scope, t) -> str | None:
    """The `int` field `t` names (`f` or `this.f`), None otherwise."""
    match t:
        case Tree(data="name", children=[n]) if str(n) not in s.names and str(n) in s.int_fields:
            return str(n)
        case Tree(data="field_access", children=[Tree(data="this"), n]) if str(n) in s.int_fields:
            return str(n)
    return None


def _reads(s: Scope, t, fields) -> bool:
    return any(_field(s, n) in fields for n in t.iter_subtrees()) if isinstance(t, Tree) else False
