"""Contract clauses on the real state: the permissions they name and the facts they state.

A clause such as `lid < s ==> Perm(tmp[lid + s], read) ** tmp[lid] >= 0` is read as the
verifier reads it: implications and conditionals choose, `**`/`&&` take both sides,
`\\forall*` takes every value its condition allows.  What comes out is a list of
permissions (`Held`) and the facts that are false on this state.
"""
from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

import attrs

from ..source import Span
from ..syntax import ast as A
from ..semantics.evaluate import ConcreteEvaluator, bounded_range, split_quantifier
from ..semantics.faults import Fault, Unevaluable
from .model import Cell
from .values import ATOMIC, NONE, READ, WRITE, Amount


@attrs.frozen
class Held:
    cell: Cell
    amount: Amount
    span: Span                   # the `Perm` it comes from


@attrs.frozen
class Reading:
    held: tuple[Held, ...]
    false: tuple[A.Expr, ...]    # facts that do not hold
    skipped: tuple[Unevaluable, ...] = ()   # facts the run cannot evaluate

    def total(self) -> dict[Cell, Amount]:
        return total(self.held)


def read_clauses(clauses, frame: dict, evaluator: ConcreteEvaluator, cell_of) -> Reading:
    """`cell_of(array, index, span)` -> Cell (raising a bounds Fault)."""
    held: list[Held] = []
    false: list[A.Expr] = []
    skipped: list[Unevaluable] = []
    for clause in clauses:
        _read(clause.expr, frame, evaluator, cell_of, held, (false, skipped))
    return Reading(tuple(held), tuple(false), tuple(skipped))


def _read(e, frame, evaluator, cell_of, held, facts) -> None:
    """Permissions into `held`; facts that are false or cannot be evaluated into
    `facts`.  A permission whose cell cannot be computed makes the whole reading fail."""
    if not A.has_resource(e):
        if isinstance(e, A.Binary) and e.op in ("&&", "**"):
            _read(e.left, frame, evaluator, cell_of, held, facts)
            _read(e.right, frame, evaluator, cell_of, held, facts)
            return
        try:
            if not evaluator.value(e, frame):
                facts[0].append(e)
        except Unevaluable as why:
            facts[1].append(why)
        return
    match e:
        case A.Binary(op="**" | "&&", left=left, right=right):
            _read(left, frame, evaluator, cell_of, held, facts)
            _read(right, frame, evaluator, cell_of, held, facts)
        case A.Binary(op="==>", left=cond, right=then):
            if evaluator.value(cond, frame):
                _read(then, frame, evaluator, cell_of, held, facts)
        case A.Conditional(cond=cond, then=then, otherwise=otherwise):
            _read(then if evaluator.value(cond, frame) else otherwise, frame, evaluator, cell_of, held, facts)
        case A.Perm(location=A.Index(array=A.Name(symbol=array), index=index), amount=amount):
            cell = cell_of(array, evaluator.value(index, frame), e.span)
            held.append(Held(cell, _amount(amount, frame, evaluator), e.span))
        case A.Quantifier(kind=A.QuantKind.FORALL_STAR):
            cond, body = split_quantifier(e)
            for i in bounded_range(e, cond, frame, evaluator):
                inner = {**frame, e.symbol: i}
                if cond is None or evaluator.value(cond, inner):
                    _read(body, inner, evaluator, cell_of, held, facts)


def _amount(e, frame, evaluator) -> Amount:
    match e:
        case A.Write():
            return WRITE
        case A.Read():
            return READ
        case A.AtomicShare():
            return ATOMIC
    value = evaluator.value(e, frame)
    if not 0 < value <= 1:
        raise Fault("perm.fraction", e.span, f"the permission amount {value} is not in (0, 1]")
    fraction = Fraction(value)
    return Amount(fraction.numerator if fraction.denominator == 1 else fraction)


def total(held) -> dict[Cell, Amount]:
    sums: dict[Cell, Amount] = defaultdict(lambda: NONE)
    for h in held:
        sums[h.cell] = sums[h.cell] + h.amount
    return dict(sums)


def missing(have: dict[Cell, Amount], need: dict[Cell, Amount]) -> list[tuple[Cell, Amount, Amount]]:
    """The cells where `have` does not cover `need`: (cell, needed, held)."""
    return [(cell, amount, have.get(cell, NONE)) for cell, amount in need.items()
            if not have.get(cell, NONE).covers(amount)]


def subtract(have: dict[Cell, Amount], give: dict[Cell, Amount]) -> dict[Cell, Amount]:
    left = dict(have)
    for cell, amount in give.items():
        # Giving `atomic` leaves `atomic` and no plain share (it is duplicable, and taken
        # from a write it takes the whole cell).
        rest = ATOMIC if amount.atomics > 0 else left.get(cell, NONE) - amount
        if rest.positive or rest.atomics > 0:
            left[cell] = rest
        else:
            left.pop(cell, None)
    return left


def add(a: dict[Cell, Amount], b: dict[Cell, Amount]) -> dict[Cell, Amount]:
    out = dict(a)
    for cell, amount in b.items():
        out[cell] = out.get(cell, NONE) + amount
    return out
