"""The names `infer` writes in a C annotation, as the front end reads them where it stands.

The front end reads a name in an annotation as C's scoping makes it mean there
(cfamily/clang_scope.py, `in_c_scope`): the innermost declaration of that name in the
blocks around the annotation, a helper's inlined body being a block inside its caller's.
The mapping gives a declaration whose C name is taken a name of its own with primes
(`i'` for the `i` of a helper inlined into a kernel that has an `i`, clang_scope.py's
`declare`), which annotations cannot write.  So a variable is written by its C name
where that name means it, the loop counter of a helper's loop as the helper spells it,
and is refused where another declaration hides it (a helper's pointer parameter named
like the kernel's array it points into).  What is written is read back and verified
(infer/program.py): a name read otherwise would fail the check, never pass it.
"""
from __future__ import annotations

import attrs

from ..semantics.symbols import RESERVED_NAMES, SymbolKind
from ..syntax import ast as A
from .shape import CannotInfer
from .terms import map_children


def c_name(mapped: str) -> str:
    """The C name of a declaration the mapping renamed: without its primes."""
    return mapped.rstrip("'")


class Scopes:
    """For each loop and barrier of main, what each C name means before it."""

    def __init__(self, kernel: A.Kernel):
        self.kernel = {p.name: p.symbol for p in kernel.params} | {a.name: a.symbol for a in kernel.arrays}
        self.arrays = {a.name: a.symbol for a in kernel.arrays}
        self.at: dict[int, dict] = {}
        self.current: dict = self.kernel
        self.node = kernel.main
        self.names: dict = {}             # symbol -> the declaration's mapped name
        self._walk(kernel.main.body, [dict(self.kernel)])

    def enter(self, node) -> None:
        """Write what follows for the annotation before `node`."""
        self.current = self.at.get(id(node), self.kernel)
        self.node = node

    def _walk(self, stmt, frames: list) -> None:
        match stmt:
            case A.Block():
                frames.append({})
                for inner in stmt.stmts:
                    self._walk(inner, frames)
                frames.pop()
            case A.VarDecl():
                frames[-1][c_name(stmt.name)] = stmt.symbol
                self.names[stmt.symbol] = stmt.name
            case A.If():
                self._walk(stmt.then, frames)
                if stmt.otherwise is not None:
                    self._walk(stmt.otherwise, frames)
            case A.For():
                # The annotation stands before the `for`, outside its declarations (the
                # front end reads a counter declared there by its name, with nothing
                # else of that name visible: a kernel's `for (int i ...)`).
                self._record(stmt, frames)
                frames.append({})
                if stmt.init is not None:
                    self._walk(stmt.init, frames)
                self._walk(stmt.body, frames)
                frames.pop()
            case A.While():
                self._record(stmt, frames)
                self._walk(stmt.body, frames)
            case A.InvariantBlock() | A.AtomicBlock():
                self._walk(stmt.body, frames)
            case A.Barrier():
                self._record(stmt, frames)

    def _record(self, node, frames: list) -> None:
        visible: dict = {}
        for frame in frames:
            visible.update(frame)
        self.at[id(node)] = visible

    def written(self, e: A.Expr) -> A.Expr:
        """`e` with each variable by the name that means it where the annotation stands;
        CannotInfer for one no name there means."""
        return self._named(e, frozenset())

    def _named(self, n: A.Expr, bound: frozenset) -> A.Expr:
        match n:
            case A.Quantifier() | A.Sum():
                bound = bound | {n.var}
            case A.Name(id=name) if name not in bound:
                return self._name(n, bound)
        return map_children(n, lambda child: self._named(child, bound))

    def _name(self, n: A.Name, bound: frozenset) -> A.Name:
        symbol = n.symbol if n.symbol is not None else self.arrays.get(n.id)
        if symbol is None or symbol.kind not in (SymbolKind.LOCAL, SymbolKind.KERNEL_PARAM, SymbolKind.ARRAY):
            return n
        name = c_name(n.id)
        means = self.current.get(name)
        if name in RESERVED_NAMES:
            raise CannotInfer(n.span, f"`{n.id}` is renamed in the kernel's mapping (it is named like a reserved "
                                      "name): annotations cannot name it")
        if means is symbol and name not in bound:
            return n if name == n.id else attrs.evolve(n, id=name, spelling=None)
        if means is None and name == n.id:
            return n                       # not declared in main's blocks: the kernel's own
        if means is None or name in bound:
            raise CannotInfer(n.span, f"`{n.id}` is renamed in the kernel's mapping and its C name `{name}` "
                                      "does not name it where the annotation stands")
        hidden = self.names.get(means, name)
        pointer = "; annotations cannot index the pointer that hides it" if symbol.kind is SymbolKind.ARRAY else ""
        raise CannotInfer(n.span, f"`{name}` ({symbol.kind.with_article}) cannot be named in the annotation of the "
                                  f"{_what(self.node)} at line {self.node.span.start_line}: `{name}` means another "
                                  f"declaration there (mapped as `{hidden}`: a helper's parameter or local, or one "
                                  f"outside a `for` that declares its own){pointer}")


def _what(node) -> str:
    match node:
        case A.Barrier():
            return "barrier"
        case A.For() | A.While():
            return "loop"
    return "kernel"
