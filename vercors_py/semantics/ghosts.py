"""Ghost arrays: the arrays written in atomics' `then` blocks (docs/language.md, "Value
invariants").

A `then` block is ghost code of its atomic's step: it records the thread's contribution
(`mine[tid] = 1`) that a value invariant sums.  It is sound to run it in the same step
as the atomic, and for `races` to ignore it, only because nothing the program computes
depends on it and it changes nothing the program reads: so a `then` block writes cells
and does nothing else, and the arrays it writes are touched by no code outside `then`
blocks, only by specifications (contracts, invariants, `assert`, `assume`).
"""
from __future__ import annotations

from collections.abc import Iterator

from .. import diagnostics as D
from ..syntax import ast as A
from ..syntax.snippet import short


def check_ghosts(kernel: A.Kernel) -> list[D.Diagnostic]:
    bodies = [p.body for p in kernel.members if isinstance(p, A.Procedure)]
    thens = [n.then for body in bodies for n in A.statements(body)
             if isinstance(n, A.AtomicUpdate) and n.then is not None]
    problems = [D.error("type.ghost", s.span,
                        "a `then` block holds ghost writes of array cells only (`mine[tid] = 1;`): "
                        "it is part of the atomic's step, so it may not branch, loop, call or synchronise")
                for then in thens for s in A.statements(then) if not isinstance(s, (A.Block, A.ArrayAssign))]
    ghosts = {s.target.array.symbol: s.target.array for then in thens for s in A.statements(then)
              if isinstance(s, A.ArrayAssign)}
    for body in bodies:
        for e in _code(body):
            for n in A.walk(e):
                if isinstance(n, A.Index) and isinstance(n.array, A.Name) and n.array.symbol in ghosts:
                    problems.append(D.error(
                        "type.ghost", n.span,
                        f"`{short(n.array)}` is a ghost array (a `then` block writes it): only `then` blocks "
                        f"and specifications may use it, or the program's values would depend on ghost code",
                        related=(D.Related(ghosts[n.array.symbol].span, "written as ghost here"),)))
    return problems


def _code(body) -> Iterator[A.Expr]:
    """The expressions the program computes with, outside `then` blocks and
    specifications."""
    for s in A.statements(body):
        match s:
            case A.VarDecl(init=init) if init is not None:
                yield init
            case A.Assign(value=value):
                yield value
            case A.ArrayAssign(target=target, value=value):
                yield from (target, value)
            case A.AtomicUpdate(target=target, args=args):
                yield from (target, *args)
            case A.WarpExchange(value=value, lane=lane):
                yield from (e for e in (value, lane) if e is not None)
            case A.If(cond=cond) | A.While(cond=cond):
                yield cond
            case A.For(cond=cond) if cond is not None:
                yield cond
            case A.CallStmt(args=args):
                yield from args
