"""What is at a position of a parsed program: names and their declarations, barriers,
and the outline of the file.  Pure functions of a resolved program; no solver.

A C document (`.cu`, `.cuh`, `.cl`) has the same kind of program, built by the C front
end with spans into the C file; what the front end added on its own (the facts about
the launch at the kernel's name, the array lengths at the parameters, the built-in
functions it declared) has spans that are not the name's text, or no text at all, and is
left out of the index and the outline.  Hovers describe a C declaration by its own text,
and the built-ins and reserved names in CUDA's or OpenCL's terms.
"""
from __future__ import annotations

import attrs

from vercors_py.semantics.symbols import Symbol, SymbolKind
from vercors_py.source import SourceText, Span
from vercors_py.syntax import ast as A
from vercors_py.syntax.printer import format_clause, format_expr

from . import languages

RESERVED_DOCS = {
    "tid": "the thread's id in the kernel: `gid * gsize + lid`",
    "lid": "the thread's id in its work group: `0 <= lid < gsize`",
    "gid": "the work group's id: `0 <= gid < ngroups`",
    "gsize": "the number of threads in a work group (`>= 1`)",
    "ngroups": "the number of work groups (`>= 1`)",
    "tcount": "the number of threads of the kernel: `ngroups * gsize`",
}

# Their components in a kernel of three dimensions (docs/language.md, "Dimensions").
_RANGES = {"lid": "gsize", "gid": "ngroups", "tid": "tcount"}
RESERVED_DOCS |= {
    f"{name}.{axis}": (f"component {axis} of `{name}` (x varies fastest): `0 <= {name}.{axis} < {_RANGES[name]}.{axis}`"
                       if name in _RANGES else f"component {axis} of `{name}` (`>= 1`; `{name}` is the product of x, y and z)")
    for name in ("tid", "lid", "gid", "gsize", "ngroups", "tcount") for axis in "xyz"
}

# The reserved names in the terms of each C dialect: (the built-in, what it is).
C_RESERVED = {
    "cuda": {
        "tid": ("blockIdx.x * blockDim.x + threadIdx.x", "the thread's id in the grid"),
        "lid": ("threadIdx.x", "the thread's id in its block"),
        "gid": ("blockIdx.x", "the block's id"),
        "gsize": ("blockDim.x", "the number of threads in a block"),
        "ngroups": ("gridDim.x", "the number of blocks"),
        "tcount": ("gridDim.x * blockDim.x", "the number of threads in the grid"),
    },
    "opencl": {
        "tid": ("get_global_id(0)", "the work item's global id"),
        "lid": ("get_local_id(0)", "the work item's id in its work group"),
        "gid": ("get_group_id(0)", "the work group's id"),
        "gsize": ("get_local_size(0)", "the number of work items in a work group"),
        "ngroups": ("get_num_groups(0)", "the number of work groups"),
        "tcount": ("get_global_size(0)", "the number of work items"),
    },
}


def _components(dialect: str, names: dict) -> dict:
    """The components of the reserved names: `lid.y` is threadIdx.y, get_local_id(1)."""
    found = {}
    for name, (builtin, meaning) in names.items():
        for d, axis in enumerate("xyz"):
            written = builtin.replace(".x", f".{axis}") if dialect == "cuda" else builtin.replace("(0)", f"({d})")
            found[f"{name}.{axis}"] = (written, f"{meaning}, along {axis}")
    return found


C_RESERVED = {dialect: names | _components(dialect, names) for dialect, names in C_RESERVED.items()}


@attrs.frozen
class Reference:
    span: Span
    symbol: Symbol
    is_declaration: bool


class Index:
    """Every name of a program with the symbol it refers to, and every declaration."""

    def __init__(self, program: A.Program, source: SourceText | None = None):
        self.program = program
        self.source = source
        # "cuda" or "opencl" for a C document, None for the kernel language
        self.dialect = languages.dialect(source.path) if source is not None else None
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
                self._reference(Reference(node.span, symbol, False))
            case A.Call() | A.CallStmt() if isinstance(symbol, Symbol):
                self._reference(Reference(node.name_span, symbol, False))
            case A.Param() | A.Function() | A.ArrayDecl() | A.Procedure() | A.VarDecl() if isinstance(symbol, Symbol):
                self._reference(Reference(node.name_span, symbol, True))
                self.declarations[id(symbol)] = node
            case A.Quantifier() | A.Sum() if isinstance(symbol, Symbol):
                self._reference(Reference(node.var_span, symbol, True))
                self.declarations[id(symbol)] = node
            case A.Barrier() if kernel is not None:
                self.barriers.append((kernel, node))
            case A.InvariantBlock() if isinstance(symbol, Symbol):
                self._reference(Reference(node.name_span, symbol, True))
                self.declarations[id(symbol)] = node
            case A.AtomicBlock() if isinstance(symbol, Symbol):
                self._reference(Reference(node.name_span, symbol, False))

    def _reference(self, ref: Reference) -> None:
        if self.dialect is None or self._written(ref):
            self.references.append(ref)

    def _written(self, ref: Reference) -> bool:
        """Whether a name of a C document's program stands in the text: its span holds the
        name, or (for a reserved name) a built-in the front end read as it, such as
        `threadIdx.x` or `get_local_id(0)`.  Not the kernel's `main` at the kernel's
        name, the launch facts there, nor an array's length at the array's name."""
        if ref.span is None or ref.span.start >= ref.span.end:
            return False
        text = self.text(ref.span)
        if text == ref.symbol.name:
            return True
        return ref.symbol.kind is SymbolKind.RESERVED and not text.isidentifier()

    def text(self, span: Span) -> str:
        return self.source.text[span.start:span.end] if self.source is not None else ""

    def in_annotation(self, span: Span) -> bool:
        """Whether a span of a C document is inside a `/*@ ... @*/` annotation."""
        if self.source is None:
            return False
        text = self.source.text
        opened = text.rfind("/*@", 0, span.start + 1)
        return opened >= 0 and text.find("*/", opened + 3, span.start) < 0

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
        case A.InvariantBlock():
            return f"invariant {decl.name}({format_expr(decl.resource)})"
    if symbol.kind is SymbolKind.ARRAY:
        return f"{symbol.scope.value} {symbol.type}[] {symbol.name}"
    return f"{symbol.type} {symbol.name}"


def hover_text(ref: Reference, index: Index, markdown: bool = True) -> str:
    if index.dialect is not None:
        c = _c_hover(ref, index)
        if c is not None:
            code, fence, lines = c
            if markdown:
                return f"```{fence}\n{code}\n```\n" + "\n\n".join(line for line in lines if line)
            return code + "\n" + "\n".join(line for line in lines if line)
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


def _c_hover(ref: Reference, index: Index) -> tuple[str, str, list[str]] | None:
    """The hover of a name in a C document as (code, its language, lines), or None where
    the kernel language's hover says it (names declared in annotations)."""
    symbol = ref.symbol
    fence = languages.fence(index.source.path)
    decl = index.declaration(symbol)
    if symbol.kind is SymbolKind.RESERVED:
        builtin, meaning = C_RESERVED[index.dialect].get(symbol.name, (None, ""))
        written = index.text(ref.span)
        if written != symbol.name:         # threadIdx.x, get_local_id(0), ...
            return written, fence, [f"built-in: {meaning}", f"`{symbol.name}` in annotations"]
        if builtin is None:
            return None
        return symbol.name, "pvl", [f"reserved name: {meaning}", f"`{builtin}` in the code"]
    if symbol.name.startswith("\\length("):
        array = symbol.name[len("\\length("):-1]
        return symbol.name, "pvl", [f"the length of the array `{array}` (its elements `{array}[0]` to "
                                    f"`{array}[\\length({array}) - 1]`)"]
    span = getattr(decl, "span", None) or symbol.span
    if span is None or span.start >= span.end:
        if symbol.kind is SymbolKind.FUNCTION:       # sqrtf, expf, ...: declared by the front end
            return f"{symbol.name}(...)", fence, ["built-in function, uninterpreted: a verdict holds "
                                                  "whatever it computes from its arguments"]
        return None
    if index.in_annotation(span):
        return None
    code = " ".join(index.text(span).split())
    if len(code) > 200:
        code = code[:200] + " ..."
    if symbol.kind is SymbolKind.ARRAY:
        what = f"array in {symbol.scope.value} memory" if symbol.scope is not None else "array"
    elif symbol.kind is SymbolKind.PROCEDURE:
        what = "kernel"
    else:
        what = symbol.kind.value
    return code, fence, [what, f"declared at line {span.start_line}"]


# ---- the outline ----------------------------------------------------------------------

@attrs.frozen
class Outline:
    name: str
    kind: str                    # kernel, memory, procedure, barrier, function, contract
    detail: str
    span: Span
    selection: Span
    children: tuple["Outline", ...] = ()


def outline(program: A.Program, source: SourceText | None = None) -> list[Outline]:
    """The outline; with the `source` of a C document, in the terms of its text: a kernel
    holds its memory and its barriers (the body of its `main`)."""
    c = source is not None and languages.dialect(source.path) is not None
    items = []
    for decl in program.decls:
        name_span = getattr(decl, "name_span", None)
        if name_span is None or name_span.start >= name_span.end:
            continue                   # declared by the C front end (a built-in function)
        if isinstance(decl, A.Function):
            params = ", ".join(f"{p.type} {p.name}" for p in decl.params)
            items.append(Outline(decl.name, "function", f"pure {decl.ret_type} ({params})",
                                 decl.span, decl.name_span))
        elif isinstance(decl, A.Kernel):
            members = []
            for m in decl.members:
                item = _member(m, source if c else None)
                if item is None:
                    continue
                if c and isinstance(m, A.Procedure) and m is decl.main:
                    members.extend(item.children)
                else:
                    members.append(item)
            items.append(Outline(decl.name, "kernel", "kernel", decl.span, decl.name_span, tuple(members)))
    return items


def _member(m, source: SourceText | None = None) -> Outline | None:
    match m:
        case A.ArrayDecl() if source is not None:
            return Outline(m.name, "memory", f"{m.scope.value} memory, length {format_expr(m.length)}",
                           m.span, m.name_span)
        case A.Procedure() if source is not None:
            barriers = tuple(Outline(" ".join(source.text[b.span.start:b.span.end].split()).rstrip(";"),
                                     "barrier", f"line {b.span.start_line}, fences "
                                     f"{', '.join(f.value for f in b.fences) or 'none'}", b.span, b.span)
                             for b in A.walk(m.body) if isinstance(b, A.Barrier))
            return Outline(m.name, "procedure", "", m.span, m.name_span, barriers)
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
