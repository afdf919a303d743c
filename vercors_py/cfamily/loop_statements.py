"""Loops of C (docs/cfamily.md, "Loops"): `for`, `while` and `do` with the statements their
tests need before each iteration, the bound a for loop's condition gives its counter,
GPUVerify's invariant calls; a part of the statement mapper
(clang_statements.Statements)."""
from __future__ import annotations

import contextlib

import attrs
from clang.cindex import Cursor, CursorKind as K

from ..syntax import ast as A
from . import clang_builtins as B
from . import clang_gpuverify as gpuverify
from . import clang_parse
from . import clang_types as T
from .clang_expressions import Exprs
from .cursors import builtin_call, children, operator, strip
from .clang_scope import Unsupported, key



class Loops:
    """The loops of clang_statements.Statements, which this is a part of."""

    def loop_body(self, c: Cursor, contract: tuple, loop: Cursor) -> tuple[tuple, A.Stmt]:
        """A loop's body, with GPUVerify's `__invariant(e);` calls at its start taken as
        its invariants."""
        if c.kind is not K.COMPOUND_STMT:
            return contract, self.single(c, loop)
        stmts = children(c)
        invariants = list(contract)
        while stmts and (found := self.invariant_call(stmts[0])) is not None:
            invariants.extend(found)
            stmts.pop(0)
        span = self.s.span(c)
        start = self.s.span(children(c)[len(children(c)) - len(stmts) - 1]).end if len(stmts) < len(children(c)) \
            else span.start
        self.s.push()
        try:
            mapped = self.sequence(stmts, start, span.end)
        finally:
            self.s.pop()
        return tuple(invariants), A.Block(tuple(mapped), span=span)

    def ranged(self, loop):
        """The loop with one more invariant per integer variable it assigns: the value
        fits the variable's C type.  Every assignment is checked to fit, so this holds;
        without it the loop would forget it and report overflows that cannot happen."""
        inner = {n.name for n in A.walk(loop.body) if isinstance(n, A.VarDecl)}
        assigned = sorted({n.target.id for n in A.walk(loop) if isinstance(n, A.Assign)
                           and n.target.id in self.s.local_types and self.s.local_types[n.target.id].is_int
                           and n.target.id not in inner})
        loop = attrs.evolve(loop, contract=tuple(self.wide) + loop.contract)
        span = loop.span
        facts = []
        for name in assigned:
            ctype = self.s.local_types[name]
            value = A.Name(name, span=span)
            facts.append(A.Clause(A.ClauseKind.LOOP_INVARIANT, A.Binary(
                "&&", A.Binary("<=", A.IntLit(ctype.lo, span=span), value, span=span),
                A.Binary("<=", value, A.IntLit(ctype.hi, span=span), span=span), span=span), span=span, implied=True))
        facts += self.e.pointers.invariants(loop)
        return attrs.evolve(loop, contract=tuple(facts) + loop.contract)

    def loop_condition(self, c: Cursor | None) -> tuple[tuple, A.Expr, list]:
        """A loop's condition, with GPUVerify's invariants written before it with the
        comma operator (`while (__invariant(e), __invariant(f), c)`) taken out as loop
        invariants, and the statements each test needs first: its effects
        (clang_effects.py) and a call's unknown value (bodiless.py), which run each time
        the condition is evaluated."""
        invariants = []
        parts = gpuverify.comma_parts(c, operator)
        while len(parts) > 1 and (found := self.invariant_call(parts[0])) is not None:
            invariants.extend(found)
            parts.pop(0)
        if c is None:
            return tuple(invariants), A.BoolLit(True, span=self.s.unit.source.span(0, 0)), []
        with self.effects.full(c) as first:
            for part in parts[:-1]:
                if builtin_call(self.s, part) in B.GPUVERIFY_STATEMENTS:
                    # `__assert(e)` before the test: checked each time the test is.
                    self.effects.pending.extend(self.call(strip(part)))
                else:
                    self.effects.discard(part)
            cond = self.e.cond(parts[-1])
        return tuple(invariants), cond, first

    def invariant_call(self, c: Cursor) -> list | None:
        """The loop invariants of a call `__invariant(e)`, or None if `c` is not one."""
        name = builtin_call(self.s, c)
        if name in B.GPUVERIFY_CANDIDATES:
            return []
        if name not in B.GPUVERIFY_INVARIANTS:
            return None
        call = strip(c)
        with self.e.clause():
            return [A.Clause(A.ClauseKind.LOOP_INVARIANT, self.e.cond(arg), span=self.s.span(call))
                    for arg in call.get_arguments() if gpuverify.keeps(self.s, name, call, arg)]

    def for_loop(self, c: Cursor, contract: tuple) -> tuple[list, A.Stmt]:
        """The loop, and the declarations of its initialisation that go before it (if it
        declares several variables)."""
        span = self.s.span(c)
        init_c, test_c, update_c, body_c = self._for_parts(c)
        self.s.push()
        declared: list = []
        try:
            init = None
            if init_c is not None and init_c.kind is K.DECL_STMT and len(children(init_c)) > 1:
                declared = [s for declaration in children(init_c) for s in self.declaration(declaration)]
            elif init_c is not None:
                if init_c.kind is K.DECL_STMT and len(children(init_c)) == 1:
                    mapped = self.declaration(children(init_c)[0])
                else:
                    with self.effects.full(init_c) as prelude:
                        mapped = self.effect(init_c)
                    mapped = prelude + mapped
                if len(mapped) != 1:
                    raise Unsupported("unsupported.statement", self.s.span(init_c),
                                      "a for loop's initialisation must be one declaration or assignment")
                init = mapped[0]
            invariants, cond, first = self.loop_condition(test_c)
            updates = []
            # Each update is a full expression of its own, its statements run after each
            # run of the body (clang_effects.py).
            for part in gpuverify.comma_parts(update_c, operator):
                with self._counter_in_loop(test_c, body_c), self.effects.full(part) as before:
                    mapped = self.effect(part)
                updates.extend(before + mapped)
            with self._counter_in_loop(test_c, body_c):
                contract, mapped_body = self.loop_body(body_c, contract + invariants, c)
            cond, mapped_body = test_inside(cond, first, mapped_body)
        finally:
            self.s.pop()
        if len(updates) <= 1 and all(isinstance(u, (A.Assign, A.ArrayAssign)) for u in updates):
            return declared, A.For(contract, init, cond, updates[0] if updates else None, mapped_body, span=span)
        # `i++, j += k`: the updates end each run of the body, also one cut short by continue.
        after = A.Block(tuple(updates), span=self.s.span(update_c) if update_c is not None else span)
        mapped_body = retarget_continues(mapped_body, after)
        return declared, A.For(contract, init, cond, None, A.Block((mapped_body, after), span=mapped_body.span),
                               span=span)

    @contextlib.contextmanager
    def _counter_in_loop(self, test_c: Cursor | None, body_c: Cursor):
        """While a for loop's body and update are mapped: its counter's range as the
        condition left it.  Both run after the condition was true, so where the body never
        writes the counter (no assignment, no `&`, no reference to it: every use is a
        read), `i < n` still holds in them and neither `i + k` nor `i++` wraps around
        where its range does not allow it, whatever `n` was: C's wrap-around is written
        nowhere it cannot happen, and the counter stays one the analyses can follow."""
        found = _counter_bound(self.e, test_c, body_c)
        if found is None:
            yield
            return
        counter, bounds = found
        self.e.narrowed[counter] = bounds
        try:
            yield
        finally:
            del self.e.narrowed[counter]

    def _for_parts(self, c: Cursor) -> tuple:
        parts = clang_parse.for_parts(c)
        if parts is None:
            raise Unsupported("unsupported.statement", self.s.span(c),
                              "a for loop whose condition declares a variable is not supported")
        return parts

    def do_loop(self, c: Cursor, contract: tuple) -> A.Stmt:
        """`do S while (c);` as `while (true) { S; if (!c) break; }`, each `continue` of
        S turned into `if (!c) break; continue;`: the invariants hold before each run of
        S, as in C."""
        span = self.s.span(c)
        body_c, test_c = children(c)
        # The test's statements go with it before each `continue` too (retarget_continues).
        invariants, cond, prelude = self.loop_condition(test_c)
        contract, mapped = self.loop_body(body_c, contract + invariants, c)
        test_span = self.s.span(test_c)
        leave = A.If(A.Unary("!", cond, span=test_span), A.Break(span=test_span), None, span=test_span)
        if prelude:
            leave = A.Block(tuple(prelude) + (leave,), span=test_span)
        mapped = retarget_continues(mapped, leave)
        return A.While(contract, A.BoolLit(True, span=span), A.Block((mapped, leave), span=mapped.span), span=span)


def test_inside(cond: A.Expr, first: list, stmt: A.Stmt) -> tuple[A.Expr, A.Stmt]:
    """A loop whose test needs statements first (`while (nondet())`): `while (true) {
    first; if (!c) break; body }`, so each test runs them again, as C evaluates the
    condition before each iteration."""
    if not first:
        return cond, stmt
    span = cond.span
    leave = A.If(A.Unary("!", cond, span=span), A.Break(span=span), None, span=span)
    return A.BoolLit(True, span=span), A.Block((*first, leave, stmt), span=stmt.span)


def retarget_continues(stmt, leave):
    """`stmt` with each `continue` of the loop it is the body of (not of loops nested in
    it) preceded by the statement `leave`."""
    match stmt:
        case A.Continue():
            return A.Block((leave, stmt), span=stmt.span)
        case A.Block():
            return attrs.evolve(stmt, stmts=tuple(retarget_continues(s, leave) for s in stmt.stmts))
        case A.If():
            otherwise = retarget_continues(stmt.otherwise, leave) if stmt.otherwise is not None else None
            return attrs.evolve(stmt, then=retarget_continues(stmt.then, leave), otherwise=otherwise)
    return stmt


_NARROWING = {"<": (0, -1), "<=": (0, 0), ">": (1, None), ">=": (0, None)}


def _counter_bound(exprs: Exprs, test_c: Cursor | None, body_c: Cursor) -> tuple[tuple, tuple[int, int]] | None:
    """(the counter's key, its range) where a for loop's condition is `i OP e` on a
    variable `i` read as it is (no conversion of its value) and the body only reads `i`;
    None otherwise."""
    while test_c is not None and test_c.kind is K.PAREN_EXPR:
        test_c = children(test_c)[0]
    while test_c is not None and test_c.kind is K.BINARY_OPERATOR and operator(test_c) == ",":
        test_c = children(test_c)[1]
    if test_c is None or test_c.kind is not K.BINARY_OPERATOR or operator(test_c) not in _NARROWING:
        return None
    left, right = children(test_c)
    variable = strip(left)
    declaration = variable.referenced if variable.kind is K.DECL_REF_EXPR else None
    if declaration is None or declaration.kind is not K.VAR_DECL \
            or left.type.get_canonical() != declaration.type.get_canonical() or not _only_read(body_c, key(declaration)):
        return None
    ctype = T.scalar(declaration.type)
    if ctype is None or right.type.get_canonical() != declaration.type.get_canonical():
        return None                  # compared in another type: its range says nothing of i's
    if any(n.kind is K.CALL_EXPR for n in right.walk_preorder()):
        return None                  # a bound that calls a function is not mapped twice
    try:
        lo, hi = exprs.value(right).range
    except Unsupported:
        return None
    shift, upper = _NARROWING[operator(test_c)]
    if upper is None:                # i > e, i >= e: i above e's least value
        return key(declaration), (max(ctype.lo, lo + shift), ctype.hi)
    return key(declaration), (ctype.lo, min(ctype.hi, hi + upper))


def _only_read(body_c: Cursor, counter: tuple) -> bool:
    """Whether every use of the variable in the body is a read of its value: a reference
    under an implicit conversion (clang's lvalue-to-rvalue), never the operand of `=`,
    `+=`, `++`, `&` or a reference binding, which take it as it is."""
    def reads(node: Cursor) -> bool:
        for child in node.get_children():
            if child.kind is K.DECL_REF_EXPR and child.referenced is not None \
                    and key(child.referenced) == counter and node.kind is not K.UNEXPOSED_EXPR:
                return False
            if not reads(child):
                return False
        return True
    return reads(body_c)
