"""Proofs that a C wrap-around changes no value, where intervals (ranges.py) cannot show
it: the value's bound is relational (`tid.x + tid.y * tcount.x < 2^31` from `tid.x <
tcount.x`, `tid.y < tcount.y` and the host's `tcount.x * tcount.y <= 2^31 - 1`), or it
rests on the condition of the permission it is written in (`(size_t)i * n + j` with
`0 <= j < n` and `i < n`, where `n` is an `int`: below 2^62).

A question goes to Z3 with the kernel's facts (ranges.py's), the ids' ranges over the
sizes, the counters' ranges and the conditions that hold where the index is used; Z3's
answer `unsat` for the negated goal is a proof.  Anything Z3 does not decide within a
fixed resource limit (deterministic, unlike a time limit) is no proof, and the wrap is
kept.  Integer terms the translation does not know (a call, a read of memory) are
integers of their own, one per printed text: fewer facts, never more.
"""
from __future__ import annotations

import z3

from ..syntax import ast as A
from ..syntax.printer import format_expr

RLIMIT = 2_000_000                         # Z3 resource units per question (well under a second)
_IDS = {"lid": "gsize", "gid": "ngroups", "tid": "tcount"}
_SIZES = ("gsize", "ngroups", "tcount")


class Prover:
    def __init__(self, facts: list):
        self.ctx = z3.Context()
        self.ints: dict[str, z3.ArithRef] = {}
        self.facts = [f for f in map(self.bool, facts) if f is not None]
        self.answers: dict[tuple, bool] = {}

    def proves(self, goal: A.Expr, hypotheses: tuple) -> bool:
        """Whether `goal` holds wherever the kernel's facts and the `hypotheses` do."""
        key = (format_expr(goal), tuple(format_expr(h) for h in hypotheses))
        if key not in self.answers:
            self.answers[key] = self._proves(goal, hypotheses)
        return self.answers[key]

    def _proves(self, goal: A.Expr, hypotheses: tuple) -> bool:
        target = self.bool(goal)
        if target is None:
            return False
        given = [h for h in map(self.bool, hypotheses) if h is not None]
        s = z3.SolverFor("QF_NIA", ctx=self.ctx)
        s.set("rlimit", RLIMIT)
        s.set("random_seed", 0)
        s.add(*self.facts, *given, *self._ranges(), z3.Not(target))
        return s.check() == z3.unsat

    def _ranges(self) -> list:
        """The ids range over their sizes, and a size is at least 1 (as ranges.py reads
        them), for the names the question mentions."""
        out = []
        for name, v in list(self.ints.items()):
            base, dot, axis = name.partition(".")
            if base in _SIZES:
                out.append(v >= 1)
            elif base in _IDS:
                out += [0 <= v, v < self._int(f"{_IDS[base]}{dot}{axis}"), self._int(f"{_IDS[base]}{dot}{axis}") >= 1]
        return out

    def _int(self, text: str) -> z3.ArithRef:
        if text not in self.ints:
            self.ints[text] = z3.Int(text, self.ctx)
        return self.ints[text]

    def int(self, e: A.Expr):
        match e:
            case A.IntLit(value=v):
                return z3.IntVal(v, self.ctx)
            case A.Name(id=name):
                return self._int(name)
            case A.Unary(op="-", operand=x):
                x = self.int(x)
                return None if x is None else -x
            case A.Binary(op="+" | "-" | "*" | "/" | "%" as op, left=x, right=y):
                x, y = self.int(x), self.int(y)
                if x is None or y is None:
                    return None
                match op:
                    case "+":
                        return x + y
                    case "-":
                        return x - y
                    case "*":
                        return x * y
                    case "/":
                        return x / y           # Euclidean, as the annotations' `/` and `%`
                    case _:
                        return x % y
            case A.Conditional(cond=c, then=x, otherwise=y):
                c, x, y = self.bool(c), self.int(x), self.int(y)
                return None if c is None or x is None or y is None else z3.If(c, x, y)
        return self._int(format_expr(e))      # a call, a read of memory, `\old`: some integer

    def bool(self, e: A.Expr):
        match e:
            case A.BoolLit(value=v):
                return z3.BoolVal(v, self.ctx)
            case A.Unary(op="!", operand=x):
                x = self.bool(x)
                return None if x is None else z3.Not(x)
            case A.Binary(op="&&" | "||" | "==>" as op, left=x, right=y):
                x, y = self.bool(x), self.bool(y)
                if x is None or y is None:
                    return None
                return {"&&": z3.And, "||": z3.Or, "==>": z3.Implies}[op](x, y)
            case A.Binary(op="==" | "!=" | "<" | "<=" | ">" | ">=" as op, left=x, right=y):
                x, y = self.int(x), self.int(y)
                if x is None or y is None:
                    return None
                return {"==": x == y, "!=": x != y, "<": x < y, "<=": x <= y, ">": x > y, ">=": x >= y}[op]
        return None
