"""Loop variables that a loop multiplies or divides by a constant: their value at the
start of iteration k, in terms of one unknown P = a^k per base a.

protocol.py's `_stepped` ties variables moved by additive steps to the iteration count
(`p == p0 + k * s`); variables that double or halve (`offset <<= 1`, `l >>= 1`, `d = 2 * d
+ 1` written as `d <<= 1` in the header and `d += 1` in the body) are otherwise only
bounded by their start (`_counters`), so two of them moving together (`offset` halves
while `d` doubles, Blelloch's down-sweep) lose their relation, and with it the bound that
keeps an index in range.  Here a variable every iteration moves by the same statements,
each run exactly once (statements of the body itself, not under a branch or a loop, and
the header's update; no `continue` of this loop), each `x = x + c`, `x - c`, `x * c` or
`x / c` with c a positive constant, is:

* `x == P * x0 + b * (P - 1) / (a - 1)` when the statements compose to `x -> a * x + b`
  with a >= 2 (mathematical, as `races` reads signed arithmetic; an unsigned product the
  front end wraps around, `(x * 2) % 2^32`, is no such statement);
* `x == x0 / P` when they are all divisions, by constants whose product is a >= 2
  (`x / c1 / c2 == x / (c1 * c2)` for the language's floor division by positive numbers).

P = a^k is an unknown with the facts P >= 1 and P == 1 or (P >= a and a divides P), and the
variables of one base share it, as they share k; P == 1 exactly in the first iteration,
so the unknowns of two bases agree on it.  Iteration k >= 1 (P > 1) follows iteration k-1,
which started because the condition held: a fact where the condition reads no memory
and of the variables the loop assigns only these (`x0 / (P / a)`, `(P / a) * x0 + ...`).
Exact: each fact is true of every iteration that starts, and nothing else is assumed.
"""
from __future__ import annotations

import attrs
import z3

from ..syntax import ast as A
from .statements import continues


@attrs.frozen
class _Form:
    base: int            # a: each iteration multiplies (or divides) by it
    add: int = 0         # b, for `x -> a * x + b`
    divides: bool = False


def tie(walk, body: list, header, cond, updates: dict, before, start, assigned: list, barrier: bool) -> tuple:
    """The start state with the geometric variables bound, and the facts about them
    (`updates`: each variable's assigned values in the loop, protocol.py's `_updates`)."""
    if any(continues(b) for b in body):
        return start, []
    steps = _top_level(body) + ([header.update] if header is not None and header.update is not None else [])
    forms = {}
    for symbol in assigned:
        mine = [s for s in steps if isinstance(s, A.Assign) and s.target.symbol is symbol]
        # Every assignment of the variable in the loop is one of these steps.
        if symbol not in before.store or not mine or len(mine) != len(updates.get(symbol, ())):
            continue
        form = _compose([A.bare(s.value) for s in mine], symbol, A.is_name)
        if form is not None:
            forms[symbol] = form
    if not forms:
        return start, []
    t = walk.t
    powers, facts = {}, []
    for base in sorted({f.base for f in forms.values()}):
        symbols = [s for s, f in forms.items() if f.base == base]
        shared = barrier and all(s in walk.uniform for s in symbols)
        p = walk._fresh(f"pow{base}", t.sort_of(A.Type.INT), walk.group if shared else walk.own)
        powers[base] = p
        facts += [p >= 1, z3.Or(p == 1, z3.And(p >= base, p % base == 0))]
    firsts = [p == 1 for p in powers.values()]
    facts += [a == b for a, b in zip(firsts, firsts[1:])]

    def at(symbol, power):
        form, first = forms[symbol], before.store[symbol]
        if form.divides:
            return first / power
        return power * first + form.add * ((power - 1) / (form.base - 1))

    for symbol in forms:
        start = start.bind(symbol, at(symbol, powers[forms[symbol].base]))
    names = [n for n in A.walk(cond) if isinstance(n, A.Name) and n.symbol in assigned] if cond is not None else None
    if cond is not None and not any(isinstance(n, A.Index) for n in A.walk(cond)) \
            and all(n.symbol in forms for n in names):
        first, previous = start, start
        for symbol in forms:
            first = first.bind(symbol, before.store[symbol])
            base = forms[symbol].base
            previous = previous.bind(symbol, at(symbol, powers[base] / base))
        later = next(iter(powers.values())) > 1
        facts.append(z3.Implies(later, z3.And(walk._value(cond, first), walk._value(cond, previous))))
    return start, facts


def _top_level(body: list) -> list:
    """The statements of a loop body that every iteration that ends runs: those of the
    body itself and of plain blocks in it."""
    out, todo = [], list(body)
    while todo:
        stmt = todo.pop(0)
        if isinstance(stmt, A.Block):
            todo[:0] = list(stmt.stmts)
        else:
            out.append(stmt)
    return out


def _compose(values: list, symbol, is_symbol) -> _Form | None:
    """The composition of `x = x op c` statements, in order, if it is geometric."""
    a, b, divisor = 1, 0, 1
    for value in values:
        match value:
            case A.Binary(op="+" | "-" | "*" | "/" as op, left=left, right=A.IntLit(value=c)) \
                    if is_symbol(left, symbol) and c >= 1:
                pass
            case _:
                return None
        match op:
            case "+":
                b += c
            case "-":
                b -= c
            case "*":
                a, b = a * c, b * c
            case "/":
                divisor *= c
    if divisor > 1:
        return _Form(divisor, divides=True) if (a, b) == (1, 0) else None
    return _Form(a, b) if a >= 2 else None
