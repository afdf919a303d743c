"""Macros named in annotations (docs/cfamily.md, "Macros in annotations").

An annotation is a comment, which the preprocessor does not expand, so `N` in
`/*@ requires n == N; @*/` reaches the mapping as a name.  Where the macro `N` is in
force at the annotation's place, the name means what C makes of `N` there, and clang
says what that is: the file's text up to the annotation's comment is read again with a
probe after it (`enum { __vercors_macro_0 = (N) };`, in a block inside a function
body), so the macros in force are those at the annotation's place (a later `#undef`
or `#define` does not reach it) and the names in the macro's text mean what C's
scoping makes them mean there.  An enumerator's value must be an integer constant
expression: clang computes it in the expression's own type (`10u` unsigned, `0u - 1`
wrapped to 4294967295), and the annotation's name becomes that number (`true` in
CUDA: the boolean).

Refused (`unsupported.macro`), never guessed: a macro whose expansion is no integer
constant expression (`#define IDX (blockIdx.x * blockDim.x + threadIdx.x)`), and a call
of a macro in an annotation (`SQ(in[i])`): its arguments are annotation expressions
(`\\old(x)`, a quantifier's variable), which C does not type.  A function-like macro's
name without arguments is not expanded, as in C.  The macros asked about are those
the file, its headers and the launch's `-D`s define (clang's record of them); clang's
predefined macros and the front end's built-in headers are not.
"""
from __future__ import annotations

import weakref

import attrs
from clang import cindex
from clang.cindex import CursorKind as K, TypeKind

from .. import diagnostics as D
from ..semantics.symbols import RESERVED_NAMES
from ..syntax import ast as A
from . import clang_parse, lexer
from .clang_scope import Scope
from .cursors import children

_PROBE = "__vercors_macro_"
_DEFINED = "__vercors_defined_"


@attrs.frozen
class Meaning:
    """What a name of an annotation means at its place: a macro's value, or why not."""
    defined: bool                       # a macro of that name is in force there
    expanded: bool = True               # and the name alone is expanded (it is not function-like)
    value: int | bool | None = None     # its value, when it expands to a constant
    why: str | None = None              # why it has none, when it is expanded


def resolve(scope: Scope, items: tuple, start: int) -> tuple[tuple, tuple[D.Diagnostic, ...]]:
    """An annotation's items (their names read in C's scope) with each name of a macro
    in force at character `start` (inside the annotation's comment) replaced by the
    macro's value; the refused uses as problems."""
    macros = _macro_names(scope.unit)
    names = {name for item in items for name in _names(item, frozenset())} & macros
    if not names:
        return items, ()
    meanings = _ask(scope, sorted(names), start)
    problems: list[D.Diagnostic] = []

    def replace(node, bound: frozenset):
        match node:
            case A.Name(id=name) if name not in bound and name in meanings and meanings[name].expanded \
                    and meanings[name].defined:
                meaning = meanings[name]
                if isinstance(meaning.value, bool):
                    return A.BoolLit(meaning.value, span=node.span)
                if meaning.value is not None:
                    return A.IntLit(meaning.value, span=node.span)
                problems.append(D.error("unsupported.macro", node.span, meaning.why))
                return node
            case A.Call(name=name) if name in meanings and meanings[name].defined:
                problems.append(D.error(
                    "unsupported.macro", node.span,
                    f"`{name}` is a macro here, and its arguments in an annotation are annotation expressions, "
                    f"which C does not type; write its expansion, or a pure function of the annotation language"))
            case A.Quantifier() | A.Sum():
                bound = bound | {node.var}
            case A.Function():
                bound = bound | {p.name for p in node.params}
        return A.map_children(node, lambda n: replace(n, bound))

    return tuple(replace(item, frozenset()) for item in items), tuple(problems)


def _names(node, bound: frozenset):
    """Each name an annotation does not bind itself (a quantifier's variable, a pure
    function's parameter), and each function it calls."""
    match node:
        case A.Name(id=name) if name not in bound and name.isidentifier() and name not in RESERVED_NAMES:
            yield name
        case A.Call(name=name) if name.isidentifier():
            yield name
        case A.Quantifier() | A.Sum():
            bound = bound | {node.var}
        case A.Function():
            bound = bound | {p.name for p in node.params}
    for child in A.children(node):
        yield from _names(child, bound)


_NAMES: "weakref.WeakKeyDictionary[clang_parse.ClangUnit, frozenset[str]]" = weakref.WeakKeyDictionary()


def _macro_names(unit: clang_parse.ClangUnit) -> frozenset[str]:
    """Every macro name the file, its headers or its `-D`s define anywhere (the file is
    read once more, with clang's record of them); the others never need a probe."""
    if unit not in _NAMES:
        if "#" not in unit.source.text and not any(a.startswith("-D") for a in unit.args):
            _NAMES[unit] = frozenset()
        else:
            tu = clang_parse.probe(unit, unit.source.text)
            _NAMES[unit] = frozenset(c.spelling for c in tu.cursor.get_children() if c.kind is K.MACRO_DEFINITION)
    return _NAMES[unit]


def _ask(scope: Scope, names: list[str], start: int) -> dict[str, Meaning]:
    """What each name means at the annotation's place, from clang's reading of the file
    up to the annotation's comment followed by one probe per name."""
    unit = scope.unit
    path = str(unit.source.path)
    cut, in_body = _cut(unit, start)
    probed = unit.source.text[:cut] + ("\n{\n" if in_body else "\n")
    where = []          # per name: the bytes of its probe, and the byte offset of the name in it
    for index, name in enumerate(names):
        probed += f"#ifdef {name}\nenum {{ {_DEFINED}{index} }};\n"
        begin = len(probed.encode("utf-8"))
        probed += f"enum {{ {_PROBE}{index} = ("
        at = len(probed.encode("utf-8"))
        probed += f"{name}) }};"
        where.append((begin, len(probed.encode("utf-8")), at))
        probed += "\n#endif\n"
    probed += "}\n" if in_body else ""
    tu = clang_parse.probe(unit, probed)
    found = _probes(tu, path, unit.positions.byte_offset(cut))
    # Clang's errors, each where the macro that holds it was used.
    errors = [(clang_parse.use_offset(tu, path, d.location), d.spelling) for d in tu.diagnostics
              if d.severity >= cindex.Diagnostic.Error]
    meanings = {}
    for index, name in enumerate(names):
        begin, end, at = where[index]
        token = clang_parse.cursor_at(tu, path, at)
        if f"{_DEFINED}{index}" not in found:
            meanings[name] = Meaning(False)
        elif token.kind is not K.MACRO_INSTANTIATION:
            meanings[name] = Meaning(True, expanded=False)    # function-like: C leaves the name alone
        else:
            error = next((spelling for offset, spelling in errors if offset is not None and begin <= offset < end),
                         None)
            meanings[name] = _meaning(unit, name, found.get(f"{_PROBE}{index}"), error)
    return meanings


def _meaning(unit: clang_parse.ClangUnit, name: str, enumerator, error: str | None) -> Meaning:
    expr = _written(enumerator) if enumerator else None
    if error is not None or expr is None:
        return Meaning(True, why=f"the macro `{name}` here is no integer constant expression "
                                 f"(clang: {error or 'no value'}); an annotation takes a macro's value only "
                                 f"when C computes it as a constant: write the expression it stands for")
    value = unit.constant(expr)
    if not isinstance(value, int):
        return Meaning(True, why=f"clang gives the macro `{name}` here no integer value")
    if expr.type.get_canonical().kind is TypeKind.BOOL:
        return Meaning(True, value=bool(value))
    return Meaning(True, value=value)


def _written(enumerator):
    """The probe's parenthesised expression, below the conversion to the enumeration's
    type that C++ puts around it."""
    kids = children(enumerator)
    while len(kids) == 1 and kids[0].kind is K.UNEXPOSED_EXPR:
        kids = children(kids[0])
    return kids[0] if len(kids) == 1 and kids[0].kind is K.PAREN_EXPR else None


def _probes(tu: cindex.TranslationUnit, path: str, cut_byte: int) -> dict:
    """The probe's enumerators, by name: declared in the file, after the cut."""
    found = {}
    stack = [c for c in tu.cursor.get_children()
             if c.location.file is not None and c.location.file.name == path and c.extent.end.offset >= cut_byte]
    while stack:
        c = stack.pop()
        if c.kind is K.ENUM_CONSTANT_DECL and c.spelling.startswith((_PROBE, _DEFINED)):
            found[c.spelling] = c
        elif c.extent.end.offset >= cut_byte and not c.kind.is_preprocessing():
            stack.extend(c.get_children())
    return found


def _cut(unit: clang_parse.ClangUnit, start: int) -> tuple[int, bool]:
    """Where the file's text is cut for the probe (the start of the annotation's
    comment), and whether that is inside a function's body (the probe is then a block).
    An annotation inside a declaration or an expression belongs to no construct and is
    not read (type.clause-placement)."""
    text = unit.source.text
    cut = next((a for a, b in lexer.scan(text).comments if a <= start < b), start)
    byte = unit.positions.byte_offset(cut)
    node = unit.tu.cursor
    while True:
        node = next((c for c in node.get_children() if not c.kind.is_preprocessing()
                     and unit.is_main_file(c.location) and c.extent.start.offset < byte < c.extent.end.offset), None)
        if node is None:
            return cut, False
        if node.kind is K.COMPOUND_STMT:
            return cut, True
