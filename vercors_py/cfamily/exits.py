"""Leaving a region of statements early through a flag: what a helper's `return` before
its end (early_returns.py) and a forward `goto` (gotos.py) map to.

The C statement that leaves (`return e;`, `goto L;`) maps to statements that end in
setting a truth variable, the flag, to true.  `leave` then makes the mapped region do
what C does after it: in each block, the statements after one that may set the flag run
only if it is not set (`if (!flag) { rest }`), and a loop whose body may set it ends
its body with `if (flag) break;`, which leaves the loop before its update or its next
test, as C leaves it.  Nothing else changes, so the transformation is exact: a thread
runs the statements C runs, in C's order, and a barrier one thread skips is a barrier
under a condition the analyses judge as they judge any other (divergence when the flag
is not the same in every thread).  The flag is unset wherever such a loop's body
starts (the loop is only entered with the flag unset, and setting it leaves the loop):
the body starts with `flag = false;` (which changes nothing) and the loop has the
invariant `!flag`, so that no analysis needs to find this out.
"""
from __future__ import annotations

import attrs

from ..syntax import ast as A


def leave(stmts: list, flag: str) -> list:
    """The region `stmts` (the flag not set where it starts) with C's control flow after
    each place that sets `flag`."""
    return _block(stmts, flag)


def sets(stmt, flag: str) -> bool:
    return any(isinstance(n, A.Assign) and n.target.id == flag for n in A.statements(stmt))


def _block(stmts: list, flag: str) -> list:
    out: list = []
    for at, stmt in enumerate(stmts):
        if not sets(stmt, flag):
            out.append(stmt)
            continue
        out.append(_stmt(stmt, flag))
        rest = _block(list(stmts[at + 1:]), flag)
        if rest:
            span = stmt.span
            covered = rest[0].span.cover(rest[-1].span)
            out.append(A.If(A.Unary("!", A.Name(flag, span=span), span=span), A.Block(tuple(rest), span=covered),
                            None, span=span))
        return out
    return out


def _stmt(stmt, flag: str):
    match stmt:
        case A.Block():
            return attrs.evolve(stmt, stmts=tuple(_block(list(stmt.stmts), flag)))
        case A.If():
            otherwise = _stmt(stmt.otherwise, flag) if stmt.otherwise is not None else None
            return attrs.evolve(stmt, then=_stmt(stmt.then, flag), otherwise=otherwise)
        case A.While() | A.For():
            # The body's rest is guarded as any block's; at its end the loop is left.  The
            # flag is unset where each run of the body starts; saying so there (a no-op)
            # keeps what the body does with it from depending on earlier runs.
            span = stmt.span
            unset = A.Clause(A.ClauseKind.LOOP_INVARIANT, A.Unary("!", A.Name(flag, span=span), span=span),
                             span=span, implied=True)
            inner = list(stmt.body.stmts) if isinstance(stmt.body, A.Block) else [stmt.body]
            clear = A.Assign(A.Name(flag, span=span), A.BoolLit(False, span=span), span=span)
            leave_loop = A.If(A.Name(flag, span=span), A.Break(span=span), None, span=span)
            body = A.Block((clear, *_block(inner, flag), leave_loop), span=stmt.body.span)
            return attrs.evolve(stmt, contract=(unset,) + stmt.contract, body=body)
    return stmt
