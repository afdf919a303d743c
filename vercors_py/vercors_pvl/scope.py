"""What the mapping of one VerCors declaration knows: the source (for spans), the names
in scope and what each stands for in the kernel language, and `Unsupported`, the
refusal of a construct at its place."""
from __future__ import annotations

import attrs
from lark import Token, Tree

from ..semantics.symbols import RESERVED_NAMES
from ..source import SourceText, Span
from ..syntax import ast as A


class Unsupported(Exception):
    """A construct the front end does not map exactly: an `unsupported.*` error at its
    place, naming it."""

    def __init__(self, code: str, span: Span, message: str):
        super().__init__(message)
        self.code, self.span, self.message = code, span, message


@attrs.frozen
class Array:
    """An `int[]` (or `boolean[]`) parameter: a global array, its length a parameter of
    its own (VerCors's arrays have any length the contract allows)."""
    name: str                 # the kernel language's name of the array
    length: str | None        # of the parameter that is its length
    size: int | None = None   # or its size, for an array the method makes (`new int[10]`)


@attrs.frozen
class Matrix:
    """An `int[][]` (or `boolean[][]`) parameter under `\\matrix(m, rows, cols)`: a global
    array of `rows * cols` cells, row after row (matrices.py)."""
    name: str                 # the kernel language's name of the array
    rows: A.Expr              # over the method's parameters
    cols: A.Expr


class Scope:
    def __init__(self, source: SourceText, functions: set[str]):
        self.source = source
        self.functions = functions
        self.names: dict[str, A.Expr | str | Matrix] = {}    # VerCors name -> a name's id or an expression
        self.arrays: dict[str, Array] = {}          # VerCors name of an array parameter
        self.params: set[str] = set()               # VerCors names of scalar method parameters
        self.taken: set[str] = set(RESERVED_NAMES) | set(functions)
        self.par: str | None = None                 # the name of the par block being mapped
        # How `\old(e)` maps here: "keep" (a postcondition: the method's or the thread's
        # start), "drop" (a precondition, evaluated in that same state), "save" (a barrier's
        # contract, a loop invariant: saved at the thread's start, olds.py), or None (refused).
        self.old: str | None = None
        self.in_barrier = False
        # The class's fields: VerCors name -> the name of its cell (fields.py), or None
        # where fields are not mapped (pure functions).
        self.fields: dict[str, str | None] = {}
        self.int_fields: set[str] = set()
        self.invariant = None                       # invariants.Invariant around the par block
        self.local_types: dict[str, A.Type] = {}     # of the locals declared so far, by their name here
        # How an `\old(e)` is captured where `old` is "capture" (host.py: a par block
        # beside the method's code reads the method's start).
        self.capture = None
        self.invariant_blocks: list[str] = []       # the invariant blocks around a statement (invariant_blocks.py)

    # ---- spans ----
    def span(self, node: Tree | Token) -> Span:
        if isinstance(node, Token):
            return self.source.span(node.start_pos, node.end_pos)
        return self.source.span(node.meta.start_pos, node.meta.end_pos)

    def refuse(self, code: str, node, message: str) -> Unsupported:
        return Unsupported(code, self.span(node), message)

    # ---- names ----
    def fresh(self, wanted: str) -> str:
        """A kernel-language name for a VerCors one: the same unless it is one of the
        language's reserved names (`tid`, `tcount`, ...) or already given out."""
        name = wanted
        while name in self.taken:
            name += "_"
        self.taken.add(name)
        return name

    def local(self, wanted: str) -> str:
        """A kernel-language name for a local variable: its own unless reserved, so that
        the resolver sees a second declaration of one name in a scope (an error in
        VerCors too)."""
        if wanted in RESERVED_NAMES or wanted in self.functions or wanted in self.fields.values():
            return self.fresh(wanted)
        self.taken.add(wanted)
        return wanted

    def bound(self, wanted: str) -> str:
        """A kernel-language name for a VerCors variable bound inside an expression
        (a quantifier's): the same unless reserved or naming something in scope."""
        active = ({v for v in self.names.values() if isinstance(v, str)} | set(RESERVED_NAMES) | self.functions
                  | {v for v in self.fields.values() if v is not None})
        name = wanted
        while name in active:
            name += "_"
        return name

    def bind(self, vercors: str, ours: str | A.Expr) -> None:
        self.names[vercors] = ours

    def field(self, tok: Token) -> A.Expr:
        if self.fields[str(tok)] is None:
            raise self.refuse("unsupported.expression", tok, f"the field `{tok}` in a pure function is not mapped")
        ours = self.fields[str(tok)]
        span = self.span(tok)
        return A.Index(A.Name(ours, span=span, spelling=str(tok) if ours != str(tok) else None),
                       A.IntLit(0, span=span), span=span)

    def name(self, tok: Token) -> A.Expr:
        target = self.names.get(str(tok))
        span = self.span(tok)
        match target:
            case None if str(tok) in self.fields:
                return self.field(tok)
            case None:
                return A.Name(str(tok), span=span)      # unknown: the resolver says so
            case Matrix():
                raise self.refuse("unsupported.expression", tok, f"the matrix `{tok}` other than in `{tok}[i][j]`, "
                                  f"`{tok}.length` or `\\matrix({tok}, ...)`: its rows are not mapped")
            case str():
                return A.Name(target, span=span, spelling=str(tok) if target != str(tok) else None)
            case _:
                return _respan(target, span, str(tok))


def _respan(e: A.Expr, span: Span, spelling: str | None) -> A.Expr:
    """A replacement expression at the place of the name it replaces (its parts too:
    every node of the AST has a span in the file); a replacing name is shown as the
    name it replaces."""
    match e:
        case A.Name():
            return attrs.evolve(e, span=span, spelling=spelling)
        case A.Binary(op, left, right):
            return A.Binary(op, _respan(left, span, None), _respan(right, span, None), span=span)
        case _:
            return attrs.evolve(e, span=span)
