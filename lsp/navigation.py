"""What is at a position of a parsed program: names and their declarations, barriers,
and the outline of the file.  Pure functions of a resolved program; no solver.
"""
from __future__ import annotations

import attrs

from vercors_py.semantics.symbols import Symbol, SymbolKind
from vercors_py.source import Span
from vercors_py.syntax import ast as A
from vercors_py.syntax.printer import format_clause, format_expr

RESERVED_DOCS = {
    "tid": "the thread's id in the kernel: `gid * gsize + lid`",
    "lid": "the thread's id in its work group: `0 <= lid < gsize`",
    "gid": "the work group's id: `0 <= gid < ngroups`",
    "gsize": "the number of threads in a work group (`>= 1`)",
    "ngroups": "the number of work groups (`>= 1`)",
    "tcount": "the number of threads of the kernel: `ngroups * gsize`",
}


@attrs.frozen
class Reference:
    span: Span
    symbol: Symbol
    is_declaration: bool


class Index:
    """Every name of a program with the symbol it refers to, and every declaration."""

    def __init__(self, program: A.Program):
        self.program = program
        self.references: list[Reference] = []
        self.declarations: dict[int, object] = {}      # id(symbol) -> declaring node
        self.barriers: list[tuple[A.Kernel, A.Barrier]] = []
        for decl in program.decls:
            kernel = decl if isinstance(decl, A.Kernel) else None
            for node in A.walk(decl):
                self._visit(node, kernel)

    def _visit(self, node, kernel) -> None:
        symbol = getattr(node, "symbol", None)
        match node:
            case A.Name() if isinstance(symbol, Symbol):
                self.references.append(Reference(node.span, symbol, False))
            case A.Call() | A.CallStmt() if isinstance(symbol, Symbol):
                self.references.append(Reference(node.name_span, symbol, False))
            case A.Param() | A.Function() | A.ArrayDecl() | A.Procedure() | A.VarDecl() if isinstance(symbol, Symbol):
                self.references.append(Reference(node.name_span, symbol, True))
                self.declarations[id(symbol)] = node
            case A.Quantifier() if isinstance(symbol, Symbol):
                self.references.append(Reference(node.var_span, symbol, True))
                self.declarations[id(symbol)] = node
            case A.Barrier() if kernel is not None:
                self.barriers.append((kernel, node))

    def reference_at(self, offset: int) -> Reference | None:
        """The innermost name whose span holds the offset (its end included, so that a
        cursor just after a name still finds it)."""
        best = None
        for r in self.references:
            if r.span.start <= offset <= r.span.end:
                if best is None or (r.span.end - r.span.start) < (best.span.end - best.span.start):
                    best = r
        return best

    def barrier_at(self, offset: int) -> tuple[A.Kernel, A.Barrier] | None:
        inside = [(k, b) for k, b in self.barriers if b.span.start <= offset <= b.span.end]
        return min(inside, key=lambda kb: kb[1].span.end - kb[1].span.start, default=None)

    def declaration(self, symbol: Symbol):
        return self.declarations.get(id(symbol))


# ---- hover on a name ----------------------------------------------------------------

def describe(symbol: Symbol, decl) -> str:
    """A declaration as source-like text."""
    match decl:
        case A.Function():
            clauses = decl.contract + ((decl.decreases,) if decl.decreases is not None else ())
            contract = "".join(format_clause(c) + "\n" for c in clauses)
            params = ", ".join(f"{p.type} {p.name}" for p in decl.params)
            return f"{contract}pure {decl.ret_type} {decl.name}({params})"
        case A.Procedure():
            contract = "".join(format_clause(c) + "\n" for c in decl.contract)
            params = ", ".join(f"{p.type} {p.name}" for p in decl.params)
            return f"{contract}void {decl.name}({params})"
        case A.ArrayDecl():
            return f"{decl.scope.value} {decl.elem_type}[{format_expr(decl.length)}] {decl.name}"
    if symbol.kind is SymbolKind.ARRAY:
        return f"{symbol.scope.value} {symbol.type}[] {symbol.name}"
    return f"{symbol.type} {symbol.name}"


def hover_text(ref: Reference, index: Index, markdown: bool = True) -> str:
    symbol = ref.symbol
    decl = index.declaration(symbol)
    code = describe(symbol, decl)
    if symbol.kind is SymbolKind.PROCEDURE:
        what = "procedure"
    elif symbol.kind is SymbolKind.FUNCTION:
        what = "pure function"
    else:
        what = symbol.kind.value
    lines = []
    if symbol.type is not None and symbol.kind is not SymbolKind.PROCEDURE:
        kind = "element type" if symbol.kind is SymbolKind.ARRAY else \
            "result type" if symbol.kind is SymbolKind.FUNCTION else "type"
        lines.append(f"{what}; {kind} `{symbol.type}`" if markdown else f"{what}; {kind} {symbol.type}")
    else:
        lines.append(what)
    if symbol.kind is SymbolKind.RESERVED:
        lines.append(RESERVED_DOCS.get(symbol.name, ""))
    elif symbol.span is not None:
        lines.append(f"declared at line {symbol.span.start_line}")
    if markdown:
        return f"```pvl\n{code}\n```\n" + "\n\n".join(line for line in lines if line)
    return code + "\n" + "\n".join(line for line in lines if line)


# ---- the outline ----------------------------------------------------------------------

@attrs.frozen
class Outline:
    name: str
    kind: str                    # kernel, memory, procedure, barrier, function, contract
    detail: str
    span: Span
    selection: Span
    children: tuple["Outline", ...] = ()


def outline(program: A.Program) -> list[Outline]:
    items = []
    for decl in program.decls:
        if isinstance(decl, A.Function):
            params = ", ".join(f"{p.type} {p.name}" for p in decl.params)
            items.append(Outline(decl.name, "function", f"pure {decl.ret_type} ({params})",
                                 decl.span, decl.name_span))
        elif isinstance(decl, A.Kernel):
            items.append(Outline(decl.name, "kernel", "kernel", decl.span, decl.name_span,
                                 tuple(_member(m) for m in decl.members if _member(m) is not None)))
    return items


def _member(m) -> Outline | None:
    match m:
        case A.ArrayDecl():
            return Outline(m.name, "memory", f"{m.scope.value} {m.elem_type}[{format_expr(m.length)}]",
                           m.span, m.name_span)
        case A.LevelContract():
            return Outline(f"{m.level.value} contract", "contract", "", m.span, m.span)
        case A.Procedure():
            params = ", ".join(f"{p.type} {p.name}" for p in m.params)
            barriers = tuple(Outline(f"barrier({', '.join(f.value for f in b.fences)})", "barrier",
                                     f"line {b.span.start_line}", b.span, b.span)
                             for b in A.walk(m.body) if isinstance(b, A.Barrier))
            return Outline(m.name, "procedure", f"void ({params})", m.span, m.name_span, barriers)
    return None
