"""VerCors's write scope of par blocks (its `resolutionError:outOfWriteScope`): inside a
`par` block, `parallel { }` or `sequential { }` region, the local variables and
parameters of the method declared outside it are read-only; assigning one is an error
VerCors reports before verifying anything.

VerCors (src/col/vct/col/ast/family/parregion/ParBlockImpl.scala, ParRegionImpl.scala)
makes every scope open when the region starts read-only (`roScopes`), and
AssignImpl/AssignExpressionImpl check an assignment to a `Local` against it
(check/Check.scala, `checkInWriteScope`). Fields are not `Local`s (they are `Deref`s of
`this`), and the iteration variables of a par block and the locals declared in its body
are in scopes the region opens itself: neither is read-only. This module finds exactly
those assignments (`x = e`, `x++`, `x--` to such a name), with scopes followed as
declared, and reports each as `type.write-scope`; a name it cannot place is left to the
mapping (which refuses what it does not map)."""
from __future__ import annotations

from lark import Token, Tree

from .. import diagnostics as D
from ..source import SourceText

_REGIONS = ("par", "parallel", "sequential")


def errors(tree: Tree, source: SourceText) -> list[D.Diagnostic]:
    found: list[D.Diagnostic] = []
    for decl in tree.children:
        members = decl.children[2:] if decl.data == "class_decl" else [decl]
        for m in members:
            if m.data == "method":
                _Walk(source, found).method(m)
    return found


class _Walk:
    def __init__(self, source: SourceText, found: list[D.Diagnostic]):
        self.source, self.found = source, found
        self.frames: list[dict[str, Token]] = []    # name -> its declaring token, innermost last
        self.readonly = 0                            # frames [0, readonly) are outside the region

    def method(self, m: Tree) -> None:
        params = m.children[-2]
        self.frames = [{str(p.children[1]): p.children[1] for p in (params.children if params else ())}]
        self.stmt(m.children[-1])

    def stmt(self, node) -> None:
        if not isinstance(node, Tree):
            return
        match node.data:
            case "block":
                self.scoped(lambda: [self.stmt(c) for c in node.children])
            case "local":
                names = node.children[1:]
                for name, value in zip(names[::2], names[1::2]):
                    if value is not None:
                        self.stmt(value)
                    self.frames[-1][str(name)] = name
            case "assign":
                target = node.children[0]
                if isinstance(target, Tree) and target.data == "name":
                    self.assigned(target.children[0], node)
            case "incr" | "decr":
                self.assigned(node.children[0], node)
            case "for_stmt":
                self.scoped(lambda: [self.stmt(c) for c in node.children])
            case "for_init" | "for_update" | "if_stmt" | "while_stmt" | "invariant_block" | "atomic_block":
                for c in node.children:
                    self.stmt(c)
            case "parallel" | "sequential":
                self.region(lambda: [self.stmt(c) for c in node.children])
            case "par":
                _, iters, _, body = node.children
                self.region(lambda: self.par_body(iters, body))
            case _:
                pass    # expressions, clauses, barriers, specification statements assign nothing

    def par_body(self, iters, body) -> None:
        if iters is not None:
            self.frames[-1].update({str(i.children[1]): i.children[1] for i in iters.children})
        self.stmt(body)

    def scoped(self, visit) -> None:
        self.frames.append({})
        visit()
        self.frames.pop()

    def region(self, visit) -> None:
        outer, self.readonly = self.readonly, len(self.frames)
        self.scoped(visit)
        self.readonly = outer

    def assigned(self, name: Token, at: Tree) -> None:
        for depth in range(len(self.frames) - 1, -1, -1):
            declared = self.frames[depth].get(str(name))
            if declared is None:
                continue
            if depth < self.readonly:
                where = self.source.line_col(declared.start_pos)
                self.found.append(D.error(
                    "type.write-scope", self.source.span(name.start_pos, name.end_pos),
                    f"`{name}` is declared outside the par block (at {where[0]}:{where[1]}) and assigned "
                    f"inside it: a par block may not write a variable declared outside it (VerCors's "
                    f"outOfWriteScope)"))
            return
