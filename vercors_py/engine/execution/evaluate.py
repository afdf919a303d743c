"""Expressions to Z3 terms, with the checks their evaluation needs.

`Evaluator.eval` translates a (pure) expression in a state.  When given a `Reads`
policy it also checks, at the point of evaluation and under the short-circuit conditions
in force (`guards`), that every memory read has permission (with the policy's code:
`perm.read` in code, `framing.perm` in specifications) and is within bounds, that no
divisor is zero, and that pure-function preconditions hold.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
import z3

from ...diagnostics import Related
from ...syntax import ast as A
from ...syntax.snippet import short
from ..explanation.rivals import access
from .state import State
from ..solver.terms import select

if TYPE_CHECKING:        # the engine's context reaches this module through concrete.py
    from .engine import Engine


@attrs.frozen
class Reads:
    """How reads are checked: the code for a read without permission."""
    perm_code: str
    what: str = "read"


_ARITH = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": lambda a, b: a / b,      # Int / Int is SMT-LIB div: Euclidean
    "%": lambda a, b: a % b,      # SMT-LIB mod: never negative for a non-zero divisor
}
_COMPARE = {
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
}


class Evaluator:
    def __init__(self, engine: Engine, limited: frozenset = frozenset(), on_call=None):
        self.engine = engine
        self.t = engine.t
        self.limited = limited        # functions applied in their limited form (definitions)
        self.on_call = on_call        # hook(call, symbol, args, guards): the termination check

    def eval(self, e, st: State, guards: tuple = (), reads: Reads | None = None):
        match e:
            case A.IntLit():
                return self.t.int(e.value)
            case A.BoolLit():
                return self.t.bool(e.value)
            case A.Name():
                return st.store[e.symbol]
            case A.Unary(op="!"):
                return z3.Not(self.eval(e.operand, st, guards, reads))
            case A.Unary(op="-"):
                return -self.eval(e.operand, st, guards, reads)
            case A.Binary(op="&&" | "**"):
                left = self.eval(e.left, st, guards, reads)
                return z3.And(left, self.eval(e.right, st, guards + (left,), reads))
            case A.Binary(op="||"):
                left = self.eval(e.left, st, guards, reads)
                return z3.Or(left, self.eval(e.right, st, guards + (z3.Not(left),), reads))
            case A.Binary(op="==>"):
                left = self.eval(e.left, st, guards, reads)
                return z3.Implies(left, self.eval(e.right, st, guards + (left,), reads))
            case A.Binary(op=op) if op in _ARITH:
                left = self.eval(e.left, st, guards, reads)
                right = self.eval(e.right, st, guards, reads)
                if op in ("/", "%") and reads is not None:
                    self.engine.check(right != 0, "div.zero", e.right.span,
                                      f"the divisor `{short(e.right)}` may be zero", guards, store=st.store)
                return _ARITH[op](left, right)
            case A.Binary(op=op) if op in _COMPARE:
                return _COMPARE[op](self.eval(e.left, st, guards, reads), self.eval(e.right, st, guards, reads))
            case A.Conditional():
                cond = self.eval(e.cond, st, guards, reads)
                then = self.eval(e.then, st, guards + (cond,), reads)
                otherwise = self.eval(e.otherwise, st, guards + (z3.Not(cond),), reads)
                return z3.If(cond, then, otherwise)
            case A.Index():
                array = e.array.symbol
                index = self.eval(e.index, st, guards, reads)
                if reads is not None:
                    self.check_read(e, array, index, st, guards, reads)
                value = select(st.values[array], index)
                if array in self.engine.ranges:
                    # A cell of a C array holds a value of its type, whatever state it is in.
                    lo, hi = self.engine.ranges[array]
                    self.engine.assume(z3.And(lo <= value, value <= hi))
                return value
            case A.Call():
                args = [self.eval(a, st, guards, reads) for a in e.args]
                if reads is not None:
                    self.check_call_pre(e, args, st, guards, reads)
                if self.on_call is not None:
                    self.on_call(e, e.symbol, args, guards)
                return self.engine.functions.apply(e.symbol, args, limited=e.symbol in self.limited)
            case A.Fits():
                value = self.eval(e.expr, st, guards, reads)
                if reads is not None:
                    what = "not fit in" if e.code == "arith.overflow" else "be outside"
                    message = e.null_message() if e.code == "bounds.null" else \
                        f"`{e.text}` may {what} {e.ctype} ({e.lo} to {e.hi})"
                    self.engine.check(z3.And(e.lo <= value, value <= e.hi), e.code, e.span, message,
                                      guards, store=st.store)
                return value
            case A.Old():
                old = attrs.evolve(st, values=st.old_values, mask=st.old_mask)
                return self.eval(e.expr, old, guards, reads)
            case A.Quantifier(kind=A.QuantKind.FORALL | A.QuantKind.EXISTS):
                return self.quantifier(e, st, guards, reads)
            case A.Sum():
                return self.sum(e, st, guards, reads)
        raise TypeError(f"cannot evaluate {type(e).__name__} as a value")

    def quantifier(self, e: A.Quantifier, st: State, guards, reads):
        # The bound variable is a fresh constant: checks made with it free hold for all
        # its values, and z3.ForAll/Exists abstract it afterwards.
        var = self.t.fresh(e.var, self.t.sort_of(e.var_type))
        inner = st.bind(e.symbol, var)
        cond = self.eval(e.cond, inner, guards, reads) if e.cond is not None else self.t.true
        body = self.eval(e.body, inner, guards + (cond,), reads)
        if e.kind is A.QuantKind.FORALL:
            return z3.ForAll([var], z3.Implies(cond, body))
        return z3.Exists([var], z3.And(cond, body))

    def sum(self, e: A.Sum, st: State, guards, reads):
        # As for a quantifier, the variable is a fresh constant: the reads of the body
        # are checked for every j of the range where the condition holds (framing).
        lo, hi = self.eval(e.lo, st, guards, reads), self.eval(e.hi, st, guards, reads)
        var = self.t.fresh(e.var, self.t.int_sort)
        inner = st.bind(e.symbol, var)
        within = guards + (lo <= var, var < hi)
        cond = self.eval(e.cond, inner, within, reads) if e.cond is not None else None
        body = self.eval(e.body, inner, within if cond is None else within + (cond,), reads)
        return self.engine.sums.term(var, lo, hi, body if cond is None else z3.If(cond, body, 0), e.span)

    def check_read(self, e: A.Index, array, index, st: State, guards, reads: Reads) -> None:
        length = self.engine.lengths[array]
        self.engine.check(z3.And(0 <= index, index < length), "bounds.index", e.span,
                          f"`{short(e)}` may be outside the array (length {self.engine.length_text[array]})",
                          guards, store=st.store)
        chunks = st.mask.get(array, ())
        self.engine.assume(z3.Implies(self.t.conj(guards), self.engine.perms.consistent_at_access(chunks, index)))
        if reads.perm_code == "framing.perm":
            message = f"this specification reads `{short(e)}` but holds no permission for it (state the Perm first)"
        else:
            message = f"insufficient permission to {reads.what} `{short(e)}`"
        self.engine.check(self.engine.perms.can_read(chunks, index), reads.perm_code, e.span, message,
                          guards, store=st.store, race=access(st, array, index, None, "read", e))

    def check_call_pre(self, e: A.Call, args, st: State, guards, reads: Reads) -> None:
        fn = self.engine.functions.definitions.get(e.symbol)
        if fn is None:
            return
        call_store = {**st.store, **{p.symbol: a for p, a in zip(fn.params, args)}}
        call_state = attrs.evolve(st, store=call_store)
        for clause in fn.contract:
            pre = self.eval(clause.expr, call_state, guards, None)
            self.engine.check(pre, "pre.function", e.span,
                              f"the precondition `{short(clause.expr)}` of {e.name} may not hold for this call",
                              guards, related=[Related(clause.span, "the precondition")], store=st.store)
