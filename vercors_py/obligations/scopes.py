"""Which locals are in scope at a statement (a barrier, a loop)."""
from __future__ import annotations

from ..semantics.symbols import Symbol
from ..syntax import ast as A


def locals_in_scope(body: A.Block, target, inside: bool = False) -> tuple[Symbol, ...]:
    """The locals declared before `target` in the blocks that enclose it.  With `inside`,
    also the variable a `for` target declares in its header (visible in its invariant)."""
    found: list[tuple[Symbol, ...]] = []

    def visit(node, visible: tuple[Symbol, ...]) -> bool:
        if node is target:
            extra = ()
            if inside and isinstance(node, A.For) and isinstance(node.init, A.VarDecl):
                extra = (node.init.symbol,)
            found.append(visible + extra)
            return True
        match node:
            case A.Block():
                current = visible
                for s in node.stmts:
                    if visit(s, current):
                        return True
                    if isinstance(s, A.VarDecl):
                        current = current + (s.symbol,)
                return False
            case A.For():
                inner = visible + ((node.init.symbol,) if isinstance(node.init, A.VarDecl) else ())
                return visit(node.body, inner)
            case A.While():
                return visit(node.body, visible)
            case A.If():
                return visit(node.then, visible) or (node.otherwise is not None and visit(node.otherwise, visible))
            case A.InvariantBlock() | A.AtomicBlock():
                return visit(node.body, visible)
        return False

    visit(body, ())
    return found[0] if found else ()
