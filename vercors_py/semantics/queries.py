"""Questions about a checked program's statements and expressions that several stages ask:
which variables a piece of code assigns, whether it reaches a barrier, which variables an
expression mentions, which conjuncts of a clause are pure.  Read off the AST alone, one
answer each, for the prover, the interpreter, `races` and `infer` alike."""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..syntax import ast as A
from .symbols import Symbol, SymbolKind


def _each(code) -> Iterable:
    """The statements of `code`: one statement (or None), or several."""
    if code is None:
        return ()
    return code if isinstance(code, (list, tuple)) else (code,)


def assigned(code, *, declared: bool = False, kinds: Iterable[SymbolKind] | None = None) -> tuple[Symbol, ...]:
    """The variables `code` (a statement or several) may assign, in the order of their
    first assignment.  With `declared`, the variables it declares too (a loop runs a
    declaration again); with `kinds`, only variables of those kinds."""
    found: dict[Symbol, None] = {}
    for stmt in _each(code):
        for node in A.statements(stmt):
            if isinstance(node, A.Assign):
                found.setdefault(node.target.symbol)
            elif isinstance(node, A.AtomicUpdate) and node.result is not None:
                found.setdefault(node.result.symbol)
            elif isinstance(node, A.WarpExchange):
                found.setdefault(node.result.symbol)
            elif declared and isinstance(node, A.VarDecl):
                found.setdefault(node.symbol)
    wanted = None if kinds is None else frozenset(kinds)
    return tuple(s for s in found if s is not None
                 and (wanted is None or isinstance(s, Symbol) and s.kind in wanted))


def has_barrier(code, scope: A.Scope | None = None, procedures: Mapping | None = None) -> bool:
    """Whether `code` (a statement or several) holds a barrier (one that orders the
    memory `scope`, if given); with `procedures` (symbol -> procedure), also a barrier in
    a procedure it calls, however deep."""
    seen: set = set()
    todo = list(_each(code))
    while todo:
        for node in A.statements(todo.pop()):
            if isinstance(node, A.Barrier) and (scope is None or node.orders(scope)):
                return True
            if procedures is not None and isinstance(node, A.CallStmt) and node.symbol in procedures \
                    and node.symbol not in seen:
                seen.add(node.symbol)
                todo.append(procedures[node.symbol].body)
    return False


def mentions(node, var: Symbol) -> bool:
    """Whether `node` (an expression or statement, or None) names the variable `var`."""
    return node is not None and any(isinstance(n, A.Name) and n.symbol is var for n in A.walk(node))


def symbols_in(node) -> frozenset[Symbol]:
    """The symbols `node` names."""
    return frozenset(n.symbol for n in A.walk(node) if isinstance(n, A.Name) and n.symbol is not None)


def pure_conjuncts(e):
    """The conjuncts of `e` that read no memory, hold no resource and need no `\\old`."""
    if isinstance(e, A.Binary) and e.op in ("&&", "**"):
        yield from pure_conjuncts(e.left)
        yield from pure_conjuncts(e.right)
    elif is_pure(e):
        yield e


def is_pure(e) -> bool:
    """Whether `e` reads no memory, holds no resource and needs no `\\old`."""
    return not any(isinstance(n, (A.Index, A.Perm, A.Old, A.Read, A.Write, A.AtomicShare)) for n in A.walk(e))


def perm_arrays(exprs) -> frozenset[Symbol]:
    """The arrays whose cells the expressions name in a `Perm`: those a kernel's value
    invariant holds, which an atomic on one of them opens."""
    return frozenset(n.location.array.symbol for e in exprs for n in A.walk(e) if isinstance(n, A.Perm))


def kernel_invariant(kernel: A.Kernel) -> tuple[A.Clause, ...]:
    """The `invariant` clauses of the kernel's block: its value invariant."""
    level = kernel.level(A.Level.KERNEL)
    return tuple(c for c in level.contract if c.kind is A.ClauseKind.INVARIANT) if level is not None else ()


def written_kernel_block(kernel: A.Kernel) -> A.LevelContract | None:
    """The kernel block when it writes the kernel's precondition.  One without `requires`
    (only `ensures` or an invariant) leaves the precondition generated from the threads',
    as a missing block does."""
    level = kernel.level(A.Level.KERNEL)
    return level if level is not None and any(c.kind.is_pre for c in level.contract) else None


def unfenced_note(barrier: A.Barrier, exprs) -> str:
    """What a barrier's failing facts most often lack, said where it applies: the memory
    they read (outside `Perm`) that the barrier does not fence, whose writes before it
    other threads need not see after it; "" where they read only fenced memory."""
    fenced = {A.Scope.LOCAL if f is A.Fence.LOCAL else A.Scope.GLOBAL for f in barrier.fences}
    places = {id(n.location) for e in exprs for n in A.walk(e) if isinstance(n, A.Perm)}
    read = {n.array.symbol.scope for e in exprs for n in A.walk(e)
            if isinstance(n, A.Index) and id(n) not in places and getattr(n.array.symbol, "scope", None) is not None}
    missing = sorted(scope.value for scope in read - fenced)
    if not missing:
        return ""
    return (f" (it does not fence {' or '.join(missing)} memory, which its facts read: writes to it before "
            f"the barrier need not be seen after it)")
