"""What the mapping knows while it maps one kernel: the C names in scope with their C
types, the launch, the uninterpreted functions floating-point code needs, and the
located reasons why something is not mapped.
"""
from __future__ import annotations

import contextlib
import enum

import attrs

from .. import diagnostics as D
from ..source import Span
from ..syntax import ast as A
from . import ctypes as C
from .dialect import Dialect
from .launch import Launch
from .parse import ParsedUnit


def code_children(node) -> list:
    """A tree node's named children without comments, which tree-sitter puts wherever
    they stand (inside argument lists and parentheses too)."""
    return [c for c in node.named_children if c.type != "comment"]


def descendants(node):
    """A tree node and every node below it (named ones), without recursion."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(n.named_children)


class Unsupported(Exception):
    """Raised where the mapping meets C it does not map; caught per statement, so one
    file reports each such place once."""

    def __init__(self, code: str, span: Span, message: str):
        super().__init__(message)
        self.diagnostic = D.error(code, span, message)


class Refused(Unsupported):
    """A use of a name whose declaration is unsupported: reported once, at the
    declaration if it is in a kernel (so here there is nothing more to say), at the use
    for a file-scope declaration (which only matters if a kernel uses it)."""

    def __init__(self, diagnostic: D.Diagnostic | None):
        Exception.__init__(self, "refused")
        self.diagnostic = diagnostic


class What(enum.Enum):
    LOCAL = "local"             # a scalar variable of the thread (also a copied parameter)
    PARAM = "param"             # a scalar kernel parameter: uniform, never assigned
    ARRAY = "array"             # a global or local array
    REFUSED = "refused"         # its declaration is unsupported (reported there)
    POINTER = "pointer"         # a pointer into one array: `name` holds its offset


@attrs.frozen
class Binding:
    what: What
    ctype: C.CType             # of the value, or of an array's elements
    name: str                  # the name in the mapped program
    value: A.Expr | None = None   # a parameter of an inlined function: its argument
    why: D.Diagnostic | None = None   # REFUSED at file scope: the problem to report at a use
    dims: tuple[int, ...] = ()    # the sizes of a multi-dimensional array, outermost first
    cell: bool = False            # a scalar in shared memory: the one cell of an array
    base: "Binding | None" = None     # POINTER: the array it points into, once known
    private: int = 0              # a thread's private array of this many cells (see statements.py)


# Names C code may use that mean something else in the language; a C variable with one
# of them is renamed (its uses too), and annotations keep meaning the language's names.
_RESERVED = {"tid", "lid", "gid", "gsize", "ngroups", "tcount", "main"}


class Scope:
    def __init__(self, unit: ParsedUnit, launch: Launch, dimensional: bool = False):
        self.unit = unit
        self.dialect: Dialect = unit.dialect
        self.launch = launch
        # Ids and sizes as components (`lid.x`): the file names a y or z one, or the
        # launch has more than one dimension (docs/cfamily.md, "Dimensions").
        self.dimensional = dimensional
        self.wants_dimensions = False       # a y or z id was met while mapping in one
        self.frames: list[dict[str, Binding]] = [{}]
        self.names: list[set[str]] = [set()]    # the mapped names declared in each frame
        self.problems: list[D.Diagnostic] = []
        # Uninterpreted functions used so far: name -> (result type, parameter count).
        self.functions: dict[str, tuple[A.Type, int]] = {}
        self.local_arrays: list[A.ArrayDecl] = []
        self.private_arrays: list[tuple[str, int]] = []   # (mapped name, cells per thread)
        self.local_types: dict[str, C.CType] = {}    # mapped name of a local -> its C type
        self.bases: dict[str, Binding] = {}          # pointer variable (mapped name) -> its array

    def span(self, node) -> Span:
        return self.unit.span_of(node)

    def text(self, node) -> str:
        return self.unit.text_of(node)

    @contextlib.contextmanager
    def reading(self, unit: ParsedUnit):
        """Map nodes of another tree (a macro's body, parsed on its own) meanwhile."""
        outer, self.unit = self.unit, unit
        try:
            yield
        finally:
            self.unit = outer

    # ---- names ----
    def push(self) -> None:
        self.frames.append({})
        self.names.append(set())

    def pop(self) -> None:
        self.frames.pop()
        self.names.pop()

    def lookup(self, name: str) -> Binding | None:
        for frame in reversed(self.frames):
            if name in frame:
                return frame[name]
        return None

    def bind(self, c_name: str, binding: Binding) -> None:
        self.frames[-1][c_name] = binding

    def declare(self, c_name: str, what: What, ctype: C.CType, dims: tuple[int, ...] = (),
                cell: bool = False, private: int = 0) -> Binding:
        # The language allows no shadowing, C does: an inner declaration of a visible name
        # gets primes.
        visible = set().union(*self.names)
        name = c_name + "'" if c_name in _RESERVED else c_name
        while name in visible:
            name += "'"
        binding = Binding(what, ctype, name, dims=dims, cell=cell, private=private)
        self.frames[-1][c_name] = binding
        self.names[-1].add(name)
        if what is What.LOCAL:
            self.local_types[name] = ctype
        return binding

    def uninterpreted(self, name: str, result: A.Type, arity: int) -> str:
        self.functions.setdefault(name, (result, arity))
        return name

    def report(self, problem: Unsupported) -> None:
        if problem.diagnostic is not None:
            self.problems.append(problem.diagnostic)

    def refuse(self, c_name: str, why: D.Diagnostic | None = None) -> None:
        self.frames[-1][c_name] = Binding(What.REFUSED, C.INT, c_name, why=why)

    def lookup_usable(self, name: str) -> Binding | None:
        """`lookup`, raising Refused for a name whose declaration was not mapped."""
        binding = self.lookup(name)
        if binding is not None and binding.what is What.REFUSED:
            raise Refused(binding.why and attrs.evolve(binding.why, related=(
                D.Related(binding.why.span, "declared here"),)))
        return binding
