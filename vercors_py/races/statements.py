"""What the walk asks of a loop's statements: the variables they assign, whether they may
leave early, and the shape of a counter's step.  Read off the AST alone; the walk
(protocol.py) and the geometric loop variables (geometric.py) share them.
"""
from __future__ import annotations

from ..semantics.symbols import Symbol
from ..syntax import ast as A


def may_jump(stmt) -> bool:
    """Whether a statement may leave the block it stands in early: a `return`, or a
    `break` or `continue` not inside a loop of its own."""
    todo = [stmt]
    while todo:
        node = todo.pop()
        match node:
            case A.Return() | A.Break() | A.Continue():
                return True
            case A.While() | A.For():
                todo += [n for n in A.statements(node.body) if isinstance(n, A.Return)]
            case A.If():
                todo += [node.then] + ([node.otherwise] if node.otherwise is not None else [])
            case A.Block():
                todo += list(node.stmts)
            case A.InvariantBlock() | A.AtomicBlock():
                pass        # left only through its end (semantics/invariant_blocks.py)
    return False


def step_of(value: A.Expr, symbol: Symbol):
    """`i + c`, `i - c`, or either wrapped as the C front end writes a conversion or an
    unsigned result (`(i + c + K) % M - K`, `(i + c) % M`): (op, c, (K, M) or None);
    None for any other value."""
    match value:
        case A.Binary(op="-", left=A.Binary(op="%", left=A.Binary(op="+", left=inner, right=A.IntLit(value=k1)),
                                            right=A.IntLit(value=modulus)),
                      right=A.IntLit(value=k2)) if k1 == k2 and modulus > 0:
            found = step_of(A.bare(inner), symbol)
            return None if found is None or found[2] is not None else (found[0], found[1], (k1, modulus))
        case A.Binary(op="%", left=inner, right=A.IntLit(value=modulus)) if modulus > 0:
            found = step_of(A.bare(inner), symbol)
            return None if found is None or found[2] is not None else (found[0], found[1], (0, modulus))
        case A.Binary(op="+" | "-", left=left, right=right) if A.is_name(left, symbol):
            return value.op, right, None
    return None


def unchanged(step: A.Expr, changing: list[Symbol]) -> bool:
    """Whether a loop's step keeps its value: it reads none of the variables the loop
    assigns (`changing`) and no memory."""
    return not any(isinstance(n, A.Index) or (isinstance(n, A.Name) and n.symbol in changing) for n in A.walk(step))


def continues(stmt) -> bool:
    """Whether a loop body holds a `continue` of its own loop (not of a loop inside it)."""
    todo = [stmt]
    while todo:
        match todo.pop():
            case A.Continue():
                return True
            case A.If() as node:
                todo += [node.then] + ([node.otherwise] if node.otherwise is not None else [])
            case A.Block() as node:
                todo += list(node.stmts)
            case A.InvariantBlock() | A.AtomicBlock() as node:
                todo.append(node.body)
    return False
