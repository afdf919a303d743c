"""The accesses of a kernel's main, barrier interval by barrier interval, as expressions.

Each access becomes a `Need`: the array, the index with every local replaced by what it
stands for, whether it writes, the conditions of the branches around it, and the loops
(without barriers) it is in, as bound variables with their ranges.  A local stands for
its value when it is declared with a value and never assigned again; a loop is read when
it counts `for (int j = lo; j < hi; j = j + 1)` (or `<=`) with `j` assigned nowhere else.
What cannot be expressed that way raises `CannotInfer`, naming the access and why.
Barriers must stand at the top level of main: their contract is the hand-over between
two intervals of the whole body.
"""
from __future__ import annotations

import attrs

from ..semantics.symbols import Symbol
from ..source import Span
from ..syntax import ast as A


class CannotInfer(Exception):
    def __init__(self, span: Span | None, why: str):
        super().__init__(why)
        self.span = span


@attrs.frozen
class Binder:
    name: str                      # the loop variable as written
    symbol: Symbol
    lo: A.Expr
    hi: A.Expr                     # exclusive
    loop: A.For


@attrs.frozen
class Need:
    array: Symbol
    index: A.Expr
    write: bool
    guards: tuple                  # conditions (expressions) under which it happens
    binders: tuple                 # loops around it, outermost first
    span: Span


@attrs.frozen
class LoopSite:
    loop: A.For
    interval: int                  # the barrier interval it is in
    binders: tuple                 # its own binder last


@attrs.frozen
class Shape:
    intervals: tuple               # per interval, its needs
    barriers: tuple                # the top-level barriers, between the intervals
    loops: tuple                   # LoopSite of each loop


def shape(kernel: A.Kernel) -> Shape:
    main = kernel.main
    if main.contract or any(isinstance(n, (A.Barrier, A.While, A.For)) and getattr(n, "contract", None)
                            for n in A.statements(main.body)):
        raise CannotInfer(main.name_span, "main has a contract already: `infer` writes one for kernels without")
    walk = _Walk(_reassigned(main.body))
    intervals: list[list[Need]] = [[]]
    barriers = []
    for stmt in main.body.stmts:
        if isinstance(stmt, A.Barrier):
            if stmt.contract:
                raise CannotInfer(stmt.span, "this barrier has a contract already")
            barriers.append(stmt)
            intervals.append([])
            continue
        if any(isinstance(n, A.Barrier) for n in A.statements(stmt)):
            raise CannotInfer(stmt.span, "a barrier inside a branch or loop: `infer` handles barriers at the top "
                                         "level of main only")
        walk.interval = len(intervals) - 1
        intervals[-1].extend(walk.stmt(stmt, (), ()))
    return Shape(tuple(tuple(i) for i in intervals), tuple(barriers), tuple(walk.loops))


def _reassigned(body: A.Block) -> set:
    """The locals assigned after their declaration."""
    return {n.target.symbol for n in A.statements(body) if isinstance(n, A.Assign)}


class _Walk:
    def __init__(self, reassigned: set):
        self.reassigned = reassigned
        self.env: dict[Symbol, A.Expr] = {}       # locals that stand for their value
        self.opaque: dict[Symbol, str] = {}       # locals that do not, and why
        self.loops: list[LoopSite] = []
        self.interval = 0

    # ---- expressions ----
    def express(self, e: A.Expr, binders: tuple, what: str, span: Span) -> A.Expr:
        """`e` with each local replaced by its value; CannotInfer if it reads memory or a
        local that stands for no expression."""
        bound = {b.symbol for b in binders}
        for n in A.walk(e):
            if isinstance(n, A.Index):
                raise CannotInfer(span, f"{what} reads memory (`{_text(n)}`): a data-dependent index has no "
                                        "permission contract of this form")
            if isinstance(n, A.Name) and n.symbol in self.opaque and n.symbol not in bound:
                raise CannotInfer(span, f"{what} depends on `{n.id}`, {self.opaque[n.symbol]}")
        return substitute(e, self.env)

    def needs(self, e: A.Expr | None, guards: tuple, binders: tuple) -> list[Need]:
        if e is None:
            return []
        out = []
        for n in A.walk(e):
            if isinstance(n, A.Index):
                out.append(self.need(n, False, guards, binders))
        return out

    def need(self, e: A.Index, write: bool, guards: tuple, binders: tuple) -> Need:
        index = self.express(e.index, binders, f"the index of `{_text(e)}`", e.span)
        return Need(e.array.symbol, index, write, guards, binders, e.span)

    def guard(self, cond: A.Expr, binders: tuple) -> tuple:
        """The condition as a guard, or none when it cannot be expressed (then the
        permission is claimed whatever the condition: more than needed, never less)."""
        try:
            return (self.express(cond, binders, "the condition", cond.span),)
        except CannotInfer:
            return ()

    # ---- statements ----
    def stmt(self, stmt, guards: tuple, binders: tuple) -> list[Need]:
        match stmt:
            case A.VarDecl():
                found = self.needs(stmt.init, guards, binders)
                # A local is visible only in its block, so its value is its value there,
                # whatever the conditions around the declaration.
                if stmt.init is None:
                    self.opaque[stmt.symbol] = "which is declared without a value"
                elif stmt.symbol in self.reassigned:
                    self.opaque[stmt.symbol] = "which is assigned after its declaration"
                elif any(isinstance(n, A.Index) for n in A.walk(stmt.init)):
                    self.opaque[stmt.symbol] = "whose value is read from memory"
                else:
                    self.env[stmt.symbol] = self.express(stmt.init, binders, "its value", stmt.span)
                return found
            case A.Assign():
                return self.needs(stmt.value, guards, binders)
            case A.ArrayAssign():
                return (self.needs(stmt.target.index, guards, binders) + self.needs(stmt.value, guards, binders)
                        + [self.need(stmt.target, True, guards, binders)])
            case A.If():
                found = self.needs(stmt.cond, guards, binders)
                cond = self.guard(stmt.cond, binders)
                found += self.stmt(stmt.then, guards + cond, binders)
                if stmt.otherwise is not None:
                    negated = tuple(A.Unary("!", c, span=c.span) for c in cond)
                    found += self.stmt(stmt.otherwise, guards + negated, binders)
                return found
            case A.For():
                return self.loop(stmt, guards, binders)
            case A.While():
                raise CannotInfer(stmt.span, "a while loop: `infer` reads counting `for` loops only")
            case A.Block():
                return [n for s in stmt.stmts for n in self.stmt(s, guards, binders)]
            case A.CallStmt():
                raise CannotInfer(stmt.span, f"the call of `{stmt.name}`: `infer` does not read procedures")
            case A.Assert() | A.Assume():
                return []
            case A.Break() | A.Continue() | A.Return():
                raise CannotInfer(stmt.span, "a jump (break, continue, return): its loop or body is not a simple count")
        raise CannotInfer(getattr(stmt, "span", None), f"{type(stmt).__name__} is not read by `infer`")

    def loop(self, stmt: A.For, guards: tuple, binders: tuple) -> list[Need]:
        binder = self.binder(stmt, binders)
        inner = binders + (binder,)
        self.loops.append(LoopSite(stmt, self.interval, inner))
        return self.stmt(stmt.body, guards, inner)

    def binder(self, stmt: A.For, binders: tuple) -> Binder:
        init, cond, update = stmt.init, stmt.cond, stmt.update
        if not isinstance(init, A.VarDecl) or init.init is None:
            raise CannotInfer(stmt.span, "a `for` loop that does not declare its counter (`for (int j = lo; ...)`)")
        symbol = init.symbol
        counts = isinstance(update, A.Assign) and update.target.symbol is symbol and \
            isinstance(update.value, A.Binary) and update.value.op == "+" and \
            isinstance(update.value.left, A.Name) and update.value.left.symbol is symbol and \
            isinstance(update.value.right, A.IntLit) and update.value.right.value == 1
        bounded = isinstance(cond, A.Binary) and cond.op in ("<", "<=") and \
            isinstance(cond.left, A.Name) and cond.left.symbol is symbol
        if not counts or not bounded:
            raise CannotInfer(stmt.span, "a `for` loop that does not count `j = j + 1` up to `j < hi` or `j <= hi`")
        if any(isinstance(n, A.Assign) and n.target.symbol is symbol for n in A.statements(stmt.body)):
            raise CannotInfer(stmt.span, f"the loop assigns its counter `{init.name}` in its body")
        lo = self.express(init.init, binders, "the loop's start", stmt.span)
        hi = self.express(cond.right, binders, "the loop's bound", stmt.span)
        if cond.op == "<=":
            hi = A.Binary("+", hi, A.IntLit(1, span=cond.span), span=cond.span)
        return Binder(init.name, symbol, lo, hi, stmt)


def substitute(e: A.Expr, env: dict) -> A.Expr:
    """`e` with each Name whose symbol `env` maps replaced."""
    match e:
        case A.Name() if e.symbol in env:
            return env[e.symbol]
        case A.Name() | A.IntLit() | A.BoolLit():
            return e
    changes = {}
    for field in attrs.fields(type(e)):
        value = getattr(e, field.name)
        if attrs.has(type(value)) and not isinstance(value, Span):
            changes[field.name] = substitute(value, env)
        elif isinstance(value, tuple) and value and attrs.has(type(value[0])):
            changes[field.name] = tuple(substitute(v, env) for v in value)
    return attrs.evolve(e, **changes) if changes else e


def _text(e: A.Expr) -> str:
    from ..syntax.printer import format_expr
    return format_expr(e)
