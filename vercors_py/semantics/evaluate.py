"""Expressions on concrete values: the meaning of the language's expressions, below every
analysis that needs it (the interpreter, run/, and the prover's check of counterexamples,
engine/explanation/concrete.py), so that neither reaches into the other.

A frame maps Symbols (reserved names, parameters, locals, bound variables) to values;
memory is reached through a `read(array, index, span)` callback, so that code reads
(which are accesses: raced, permission-checked, traced) and specification reads (which
are not) share this one evaluator.  Quantifiers range over the bounds their condition
states (`0 <= i && i < n`); one with no bounds to read off is `Unevaluable`.
"""
from __future__ import annotations

import operator
import zlib
from fractions import Fraction

from ..syntax import ast as A
from ..syntax.printer import format_expr
from .faults import Fault, Unevaluable
from .queries import mentions

def euclid_div(a: int, b: int) -> int:
    """SMT-LIB's `div`: the quotient whose remainder is never negative."""
    return (a - euclid_mod(a, b)) // b


def euclid_mod(a: int, b: int) -> int:
    return a % abs(b)


MAX_CALLS = 200_000          # pure-function calls in one evaluation: a bound, not a proof
MAX_SUMMANDS = 1_000_000     # values one \\sum runs over: beyond, the run cannot say

_COMPARE = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
            "==": operator.eq, "!=": operator.ne}
_ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul}


class ConcreteEvaluator:
    def __init__(self, functions, read, old: "ConcreteEvaluator | None" = None, seed: int = 0,
                 results: dict | None = None):
        self.functions = functions       # Symbol -> A.Function
        self.seed = seed                 # picks the interpretation of abstract functions
        # Pure functions read no memory, so their results can be shared by every
        # evaluator of a launch (a loop invariant over psum(i) for all i is quadratic without).
        self.results = {} if results is None else results
        self.read = read
        self.old = old
        self.calls = 0

    def value(self, e, frame: dict):
        match e:
            case A.IntLit(value=v) | A.BoolLit(value=v):
                return v
            case A.Name(symbol=symbol):
                return frame[symbol]
            case A.Unary(op="!", operand=x):
                return not self.value(x, frame)
            case A.Unary(op="-", operand=x):
                return -self.value(x, frame)
            case A.Binary():
                return self._binary(e, frame)
            case A.Conditional(cond=c, then=t, otherwise=o):
                return self.value(t if self.value(c, frame) else o, frame)
            case A.Index(array=A.Name(symbol=array), index=i):
                return self.read(array, self.value(i, frame), e.span)
            case A.Call(symbol=symbol, args=args):
                return self.call(symbol, [self.value(a, frame) for a in args], e.span)
            case A.Fits(expr=x, lo=lo, hi=hi):
                value = self.value(x, frame)
                if not lo <= value <= hi:
                    what = "does not fit in" if e.code == "arith.overflow" else "is outside"
                    raise Fault(e.code, e.span, e.null_message(value) if e.code == "bounds.null" else
                                f"`{e.text}` is {value}, which {what} {e.ctype} ({lo} to {hi})")
                return value
            case A.Old(expr=x):
                if self.old is None:
                    raise Unevaluable(e.span, "\\old outside a postcondition")
                return self.old.value(x, frame)
            case A.Quantifier(kind=A.QuantKind.FORALL | A.QuantKind.EXISTS):
                return self._quantifier(e, frame)
            case A.Sum():
                return self._sum(e, frame)
        raise Unevaluable(getattr(e, "span", None), f"{type(e).__name__} has no value")

    def _binary(self, e: A.Binary, frame: dict):
        op = e.op
        left = self.value(e.left, frame)
        match op:
            case "&&" | "**":
                return left and self.value(e.right, frame)
            case "||":
                return left or self.value(e.right, frame)
            case "==>":
                return (not left) or self.value(e.right, frame)
        right = self.value(e.right, frame)
        if op in _COMPARE:
            return _COMPARE[op](left, right)
        if op in _ARITH:
            return _ARITH[op](left, right)
        if right == 0:
            raise Fault("div.zero", e.right.span, f"division by zero: `{_text(e.right)}` is 0")
        match op:
            case "/":
                return euclid_div(left, right)
            case "%":
                return euclid_mod(left, right)
            case "\\":
                return Fraction(left, right)
        raise Unevaluable(e.span, f"operator {op}")

    def call(self, symbol, args: list, span):
        fn = self.functions.get(symbol)
        if fn is None:
            raise Unevaluable(span, f"`{symbol.name}` has no definition")
        if fn.body is None:
            return self._abstract(fn, args, span)
        key = (symbol, tuple(args))
        if key in self.results:
            return self.results[key]
        self.calls += 1
        if self.calls > MAX_CALLS:
            raise Unevaluable(span, f"more than {MAX_CALLS} calls of pure functions")
        frame = {p.symbol: a for p, a in zip(fn.params, args)}
        for clause in fn.contract:
            if clause.kind.is_pre and not self.value(clause.expr, frame):
                raise Fault("pre.function", span,
                            f"`{symbol.name}` is called outside its precondition",
                            (f"arguments: {', '.join(f'{p.name} = {a}' for p, a in zip(fn.params, args))}",))
        result = self.results[key] = self.value(fn.body, frame)
        return result

    def _abstract(self, fn: A.Function, args: list, span):
        """An abstract function is uninterpreted: every interpretation is one the
        verifier must be right for, so the run picks one, fixed by the seed.  A contract
        would constrain the choice, which the run cannot solve for."""
        if fn.contract:
            raise Unevaluable(span, f"`{fn.name}` has a contract but no definition")
        mixed = zlib.crc32(repr((self.seed, fn.name, tuple(args))).encode())
        return mixed % 2 == 0 if fn.ret_type is A.Type.BOOL else mixed % 13 - 3

    def _quantifier(self, q: A.Quantifier, frame: dict):
        cond, body = split_quantifier(q)
        every = q.kind is A.QuantKind.FORALL
        for i in bounded_range(q, cond, frame, self):
            inner = {**frame, q.symbol: i}
            if cond is not None and not self.value(cond, inner):
                continue
            if bool(self.value(body, inner)) != every:
                return not every
        return every

    def _sum(self, e: A.Sum, frame: dict) -> int:
        lo, hi = self.value(e.lo, frame), self.value(e.hi, frame)
        if hi - lo > MAX_SUMMANDS:
            raise Unevaluable(e.span, f"a sum over {hi - lo} values (more than {MAX_SUMMANDS})")
        total = 0
        for j in range(lo, hi):
            inner = {**frame, e.symbol: j}
            if e.cond is None or self.value(e.cond, inner):
                total += self.value(e.body, inner)
        return total


def split_quantifier(q: A.Quantifier):
    """(condition, body): the two-part form `(\\forall int i; c ==> e)` reads as
    `(\\forall int i; c; e)`."""
    if q.cond is None and isinstance(q.body, A.Binary) and q.body.op == "==>":
        return q.body.left, q.body.right
    return q.cond, q.body


def bounded_range(q: A.Quantifier, cond, frame: dict, evaluator: ConcreteEvaluator) -> range:
    """The values of q's variable that its condition allows, read off conjuncts such as
    `lo <= i`, `i < hi`, `i == e` whose other side does not mention the variable."""
    low = high = None
    conjuncts = list(_conjuncts(cond))
    if cond is None:
        # `(\\forall int i, j; c; b)` nests the quantifiers with c on the innermost one:
        # the bounds of i are its conjuncts that no inner variable occurs in (outside
        # them c is false whatever the inner variables are).
        inner, hidden = q.body, []
        while isinstance(inner, A.Quantifier):
            hidden.append(inner.symbol)
            conjuncts += [c for c in _conjuncts(inner.cond) if not any(mentions(c, h) for h in hidden)]
            inner = inner.body
    for conjunct in conjuncts:
        for bound in _bounds(conjunct, q.symbol, frame, evaluator):
            kind, value = bound
            if kind == "low":
                low = value if low is None else max(low, value)
            else:
                high = value if high is None else min(high, value)
    if low is None or high is None:
        raise Unevaluable(q.span, f"no bounds on `{q.var}` to run over")
    return range(low, high + 1)


def _conjuncts(e):
    if isinstance(e, A.Binary) and e.op in ("&&", "**"):
        yield from _conjuncts(e.left)
        yield from _conjuncts(e.right)
    elif e is not None:
        yield e


_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "=="}


def _bounds(e, var, frame, evaluator):
    if not (isinstance(e, A.Binary) and e.op in _FLIP):
        return
    if _is_var(e.left, var) and not mentions(e.right, var):
        op, other = e.op, e.right
    elif _is_var(e.right, var) and not mentions(e.left, var):
        op, other = _FLIP[e.op], e.left
    else:
        return
    value = evaluator.value(other, frame)
    match op:
        case "<":
            yield "high", value - 1
        case "<=":
            yield "high", value
        case ">":
            yield "low", value + 1
        case ">=":
            yield "low", value
        case "==":
            yield "low", value
            yield "high", value


def _is_var(e, var) -> bool:
    return isinstance(e, A.Name) and e.symbol is var


def _text(e) -> str:
    return format_expr(e)
