"""What the mapping from clang's tree knows while it maps one file: the declarations in
scope (by clang's declaration, and by C name for annotations, which clang does not
read), the uninterpreted functions floating-point code needs, the memory a kernel
declares, and the located reasons why something is not mapped.

A C declaration is found through clang (`DECL_REF_EXPR.referenced`), so overloads,
shadowing and macros are clang's business; the C name matters only for annotations,
whose names mean what C's scoping makes them mean where the annotation stands.
"""
from __future__ import annotations

import enum

import attrs
from clang.cindex import Cursor

from .. import diagnostics as D
from ..source import Span
from ..syntax import ast as A
from . import curand
from .clang_parse import ClangUnit
from .clang_types import CType, INT
from .launch import Launch


class Unsupported(Exception):
    """Raised where the mapping meets C it does not map; caught per statement, so a
    file reports each such place once."""

    def __init__(self, code: str, span: Span, message: str):
        super().__init__(message)
        self.diagnostic = D.error(code, span, message)


class Refused(Unsupported):
    """A use of a declaration that was refused: reported once, at the declaration."""

    def __init__(self, diagnostic: D.Diagnostic | None):
        Exception.__init__(self, "refused")
        self.diagnostic = diagnostic


class What(enum.Enum):
    LOCAL = "local"             # a scalar variable of the thread (also a copied parameter)
    PARAM = "param"             # a scalar kernel parameter: uniform, never assigned
    ARRAY = "array"             # a global or local array
    POINTER = "pointer"         # a pointer variable: `name` holds its offset (clang_pointers.py)
    AGGREGATE = "aggregate"     # a struct or vector value: one scalar per leaf (clang_aggregates.py)
    REFUSED = "refused"         # its declaration is unsupported (reported there)


@attrs.frozen
class Binding:
    what: What
    ctype: CType               # of the value, or of an array's cells
    name: str                  # the name in the mapped program
    value: A.Expr | None = None   # a parameter of a helper inlined into an expression: its argument
    dims: tuple[int, ...] = ()    # the sizes of a multi-dimensional array, outermost first
    cell: bool = False            # a scalar in memory: the one cell of an array (or its thread's cell)
    private: int = 0              # a thread's private array of this many cells
    base: "Binding | None" = None     # POINTER into one array: that array
    tag: str | None = None            # POINTER into several arrays, or NULL or not set: the variable saying which
    points: object = None             # POINTER parameter of a helper inlined into an expression: its Pointee
    why: D.Diagnostic | None = None   # REFUSED at file scope: the problem to report at a use
    aggregate: object = None          # AGGREGATE: its leaves (an Agg); ARRAY of aggregates: their Cells


# Names C code may use that mean something else in the language; a C variable with one
# of them is renamed, and annotations keep meaning the language's names.
_RESERVED = {"tid", "lid", "gid", "gsize", "ngroups", "tcount", "main"}


def key(declaration: Cursor) -> tuple:
    """A declaration's identity, the same from its own cursor and from a reference."""
    return (declaration.hash, declaration.spelling)


class Scope:
    def __init__(self, unit: ClangUnit, launch: Launch, dimensional: bool):
        self.unit = unit
        self.dialect = unit.dialect
        self.launch = launch
        # Ids and sizes as components (`lid.x`): the file names a y or z one, or the
        # launch has more than one dimension (docs/cfamily.md, "Dimensions").
        self.dimensional = dimensional
        self.wants_dimensions = False
        self.frames: list[dict] = [{}]          # key(declaration) or C name -> Binding
        self.names: list[set[str]] = [set()]    # the mapped names declared in each frame
        self.problems: list[D.Diagnostic] = []
        self.logged = None          # the kernel's ghost state of GPUVerify's access log (access_log.Logged)
        self.every_thread: set[int] = set()     # the kernel body's calls every thread runs (clang_gpuverify)
        self.functions: dict[str, tuple[A.Type, int]] = {}
        self.powers: set[int] = set()          # widths of the values shifted by unknown amounts (clang_shifts.py)
        self.local_arrays: list[A.ArrayDecl] = []
        self.private_arrays: list[tuple[str, int]] = []   # (mapped name, cells per thread)
        self.local_types: dict[str, CType] = {}           # mapped name of a local -> its C type
        self.extern_shared: list[Binding] = []            # dynamic shared arrays in scope (dynamic_shared.py)
        # The functions the file declares (by canonical declaration).  Clang declares a
        # built-in it meets implicitly, at its first use, so a built-in's place in the
        # file does not tell it apart from the file's own functions.
        self.file_functions: set = set()
        self.inlining: list[tuple] = []     # (definition, span of its call) of the helpers being inlined

    def is_file_function(self, function: Cursor) -> bool:
        """Whether a function (a template's specialisation: its template) is the file's."""
        function = function.specialized_template or function
        return key(function.canonical) in self.file_functions or curand.is_library_function(function)

    def span(self, cursor: Cursor) -> Span:
        span = self.unit.span_at_use(cursor)
        if span is None and self.inlining:
            return self.inlining[-1][1]     # inside a header's helper: the call that inlined it
        return span if span is not None else self.unit.source.span(0, 0)

    def text(self, cursor: Cursor) -> str:
        span = self.span(cursor)
        return " ".join(self.unit.source.text[span.start:span.end].split())

    # ---- names ----
    def push(self) -> None:
        self.frames.append({})
        self.names.append(set())

    def pop(self) -> None:
        self.frames.pop()
        self.names.pop()

    def lookup(self, declaration: Cursor) -> Binding | None:
        """The binding of a declaration; Refused for one whose declaration was refused."""
        found = self._find(key(declaration))
        if found is not None and found.what is What.REFUSED:
            raise Refused(found.why and attrs.evolve(found.why, related=(D.Related(found.why.span, "declared here"),)))
        return found

    def by_name(self, c_name: str) -> Binding | None:
        """What a C name means where an annotation stands."""
        return self._find(c_name)

    def _find(self, k) -> Binding | None:
        for frame in reversed(self.frames):
            if k in frame:
                return frame[k]
        return None

    def bind(self, declaration: Cursor, binding: Binding) -> None:
        self.frames[-1][key(declaration)] = binding
        self.frames[-1][declaration.spelling] = binding

    def declare(self, declaration: Cursor, what: What, ctype: CType, c_name: str | None = None, **kw) -> Binding:
        """A new name for a declaration: the language allows no shadowing, C does, so
        an inner declaration of a visible name gets primes."""
        # The kernel's memory is declared at its top: its names stay taken after a block.
        visible = set().union(*self.names, (a.name for a in self.local_arrays))
        c_name = c_name or declaration.spelling
        name = c_name + "'" if c_name in _RESERVED else c_name
        while name in visible:
            name += "'"
        binding = Binding(what, ctype, name, **kw)
        self.bind(declaration, binding)
        self.names[-1].add(name)
        if what is What.LOCAL:
            self.local_types[name] = ctype
        return binding

    def declare_hidden(self, cursor: Cursor, ctype: CType, c_name: str) -> Binding:
        """A local of the mapping's own (named `c_name`, primed if taken), bound to
        `cursor`; C's names keep meaning in annotations what they meant."""
        frame = self.frames[-1]
        before = frame.get(cursor.spelling)
        binding = self.declare(cursor, What.LOCAL, ctype, c_name=c_name)
        if before is None:
            del frame[cursor.spelling]
        else:
            frame[cursor.spelling] = before
        return binding

    def refuse(self, declaration: Cursor, why: D.Diagnostic | None = None) -> None:
        self.bind(declaration, Binding(What.REFUSED, INT, declaration.spelling, why=why))

    def uninterpreted(self, name: str, result: A.Type, arity: int) -> str:
        self.functions.setdefault(name, (result, arity))
        return name

    def report(self, problem: Unsupported) -> None:
        if problem.diagnostic is not None:
            self.problems.append(problem.diagnostic)


_RENAMED = (What.LOCAL, What.PARAM, What.POINTER)


def in_c_scope(node, scope: Scope, bound: frozenset = frozenset()):
    """An annotation with its names given the meaning C's scoping gives them where it
    stands: `x` inside `{ int x = 5; ... }` is the inner `x` (renamed `x'` if it shadows
    another).  Reserved names and names bound by the annotation's quantifiers keep
    their meaning."""
    match node:
        case A.Name(id=name) if name not in bound and name not in _RESERVED:
            binding = scope.by_name(name)
            if binding is not None and binding.what in _RENAMED and binding.value is None and binding.name != name:
                return attrs.evolve(node, id=binding.name, spelling=node.spelling or name)
            return node
        case A.Quantifier() | A.Sum():
            bound = bound | {node.var}
    changes = {}
    for field in attrs.fields(type(node)):
        if not field.eq:
            continue
        value = getattr(node, field.name)
        if isinstance(value, tuple):
            new = tuple(in_c_scope(v, scope, bound) if attrs.has(type(v)) else v for v in value)
            changed = any(a is not b for a, b in zip(new, value))
        elif attrs.has(type(value)):
            new = in_c_scope(value, scope, bound)
            changed = new is not value
        else:
            continue
        if changed:
            changes[field.name] = new
    return attrs.evolve(node, **changes) if changes else node


def name_span(scope: Scope, declaration: Cursor):
    """The span of the name a declaration declares (its whole span if not found)."""
    span = scope.span(declaration)
    location = declaration.location
    if not declaration.spelling or not scope.unit.is_main_file(location):
        return span
    at = scope.unit.positions.char_offset(location.offset)
    text = scope.unit.source.text
    if text[at:at + len(declaration.spelling)] != declaration.spelling:
        return span          # a name that a macro wrote
    return scope.unit.source.span(at, at + len(declaration.spelling))
