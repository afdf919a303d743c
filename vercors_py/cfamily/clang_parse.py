"""Reading a `.cu` or `.cl` file with clang, through libclang: the compiler decides what
the C means (preprocessing, typedefs, the type of every expression, conversions,
overloads, templates), and this module hands its typed tree on with our diagnostics.

One job: text, path, dialect, defines and include directories to a `ClangUnit`, a clang
TranslationUnit with clang's errors as `Diagnostic`s at file:line:col.  The text is
given to clang as an unsaved file, so an editor's buffer is parsed as it stands; the
built-in headers of include/ (CUDA's and OpenCL's built-ins, GPUVerify's annotation
functions) are force-included, as nvcc force-includes its runtime header.  Mapping the
tree onto our AST is the next layer's job (docs/cfamily.md, "Why libclang").

Clang reports positions as byte offsets into the file; spans hold characters, so every
offset goes through the file's `ByteIndex`.  An expression that came out of a macro is
placed where the macro is used (`ClangUnit.span_at_use`), never inside the `#define`.
"""
from __future__ import annotations

import ctypes
import functools
from importlib import resources
from pathlib import Path
from typing import Sequence

import attrs
from clang import cindex

from .. import diagnostics as D
from ..source import SourceText, Span
from . import clang_templates
from . import precompiled
from .dialect import Dialect
from .positions import ByteIndex

INCLUDE_DIR = Path(str(resources.files(__package__).joinpath("include")))

# How clang is asked to read each dialect.  CUDA: device code only, without the CUDA
# toolkit's headers or libraries (we have neither), for an architecture recent enough
# for every intrinsic GPUVerify's suite uses (`__CUDA_ARCH__` is 700).  OpenCL C 1.2
# on SPIR's 64-bit target: a 64-bit size_t, as on every current GPU, and clang
# declares the built-in functions itself; opencl-c.h is not read (not every wheel has it).
DIALECT_ARGS: dict[Dialect, tuple[str, ...]] = {
    Dialect.CUDA: ("-x", "cuda", "-std=c++17", "--cuda-device-only", "--cuda-gpu-arch=sm_70",
                   "-nocudainc", "-nocudalib", "-Wno-unknown-cuda-version",
                   "-include", str(INCLUDE_DIR / "cuda_builtins.h")),
    Dialect.OPENCL: ("-x", "cl", "-cl-std=CL1.2", "-cl-no-stdinc", "-target", "spir64-unknown-unknown",
                     "-Xclang", "-fdeclare-opencl-builtins",
                     "-include", str(INCLUDE_DIR / "opencl_builtins.h")),
    # Plain C (VerCors's parallel loops): C11, with no built-in header (no GPU built-ins).
    Dialect.C: ("-x", "c", "-std=c11"),
}

# Clang's categories of errors, and our code for each; errors of any other category
# (there are a few, such as "Value Conversion Issue") are about what the code means.
CATEGORY_CODES = {
    "Lexical or Preprocessor Issue": "syntax.preprocessor",
    "User-Defined Issue": "syntax.preprocessor",      # `#error`
    "Parse Issue": "syntax.c-parse",
}
SEMANTIC_CODE = "type.c-semantic"

# libclang's CXUnaryOperatorKind, by value.
_UNARY = {1: "post++", 2: "post--", 3: "pre++", 4: "pre--", 5: "&", 6: "*", 7: "+", 8: "-", 9: "~", 10: "!",
          13: "__extension__"}


class _Native:
    """libclang functions that the Python bindings do not wrap (neither libclang 18's nor
    libclang-ng 22's): where a location really is once macros are looked through,
    whether two files are one, and the value of a constant expression."""

    def __init__(self, lib: ctypes.CDLL):
        u, p, void = ctypes.c_uint, ctypes.c_void_p, ctypes.POINTER
        declare = self._declare
        self.file_location = declare(lib, "clang_getFileLocation",
                                     [cindex.SourceLocation, void(p), void(u), void(u), void(u)], None)
        self.get_file = declare(lib, "clang_getFile", [cindex.TranslationUnit, ctypes.c_char_p], p)
        self.same_file = declare(lib, "clang_File_isEqual", [p, p], ctypes.c_int)
        self.expansion_location = declare(lib, "clang_getExpansionLocation",
                                          [cindex.SourceLocation, void(p), void(u), void(u), void(u)], None)
        self.evaluate = declare(lib, "clang_Cursor_Evaluate", [cindex.Cursor], p)
        self.eval_kind = declare(lib, "clang_EvalResult_getKind", [p], ctypes.c_int)
        self.eval_unsigned = declare(lib, "clang_EvalResult_isUnsignedInt", [p], u)
        self.eval_signed_value = declare(lib, "clang_EvalResult_getAsLongLong", [p], ctypes.c_longlong)
        self.eval_unsigned_value = declare(lib, "clang_EvalResult_getAsUnsigned", [p], ctypes.c_ulonglong)
        self.eval_float_value = declare(lib, "clang_EvalResult_getAsDouble", [p], ctypes.c_double)
        self.eval_dispose = declare(lib, "clang_EvalResult_dispose", [p], None)
        self.unary_kind = declare(lib, "clang_getCursorUnaryOperatorKind", [cindex.Cursor], ctypes.c_int)
        self.location_at = declare(lib, "clang_getLocationForOffset", [cindex.TranslationUnit, p, u],
                                   cindex.SourceLocation)

    @staticmethod
    def _declare(lib: ctypes.CDLL, name: str, argtypes: list, restype):
        function = getattr(lib, name)
        function.argtypes, function.restype = argtypes, restype
        return function

    def file_offset(self, location: cindex.SourceLocation) -> tuple[int | None, int]:
        """The file and byte offset of a location: a macro argument's tokens where they
        are written, any other token of a macro where the macro is used."""
        return self._place(self.file_location, location)

    def expansion_file(self, location: cindex.SourceLocation) -> int | None:
        """The file of a location, a macro's tokens counting as the file of its use."""
        return self._place(self.expansion_location, location)[0]

    def expansion_offset(self, location: cindex.SourceLocation) -> int:
        """The byte offset of a location, a macro's tokens all at the start of its use."""
        return self._place(self.expansion_location, location)[1]

    @staticmethod
    def _place(function, location: cindex.SourceLocation) -> tuple[int | None, int]:
        file, line, column, offset = ctypes.c_void_p(), ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint()
        function(location, ctypes.byref(file), ctypes.byref(line), ctypes.byref(column), ctypes.byref(offset))
        return file.value, offset.value

    def constant(self, cursor: cindex.Cursor) -> int | float | None:
        result = self.evaluate(cursor)
        if not result:
            return None
        try:
            match self.eval_kind(result):
                case 1:    # CXEval_Int
                    return (self.eval_unsigned_value(result) if self.eval_unsigned(result)
                            else self.eval_signed_value(result))
                case 2:    # CXEval_Float
                    return self.eval_float_value(result)
                case _:    # strings and what clang does not expose
                    return None
        finally:
            self.eval_dispose(result)


# clang's ForStmt keeps its parts after the 8 bytes of Stmt's bits, in this order
# (clang/AST/Stmt.h: INIT, CONDVAR, COND, INC, BODY); libclang gives a for statement's
# children without saying which part a child is, leaving out the parts not written.
_FOR_SLOTS = 5


def for_parts(cursor: cindex.Cursor) -> tuple[cindex.Cursor | None, ...] | None:
    """A `FOR_STMT`'s initialisation, condition, update and body, each None when not
    written; found in the statement itself, so a header that a macro wrote is read
    as clang read it.  None for a condition that declares a variable, and should the
    statement's layout not be the one expected (every child must be found in it)."""
    kids = list(cursor.get_children())
    slots = (ctypes.c_void_p * _FOR_SLOTS).from_address(cursor.data[1] + 8)
    init, condvar, cond, inc, body = (slot or None for slot in slots)
    if condvar is not None or not kids or kids[-1].data[1] != body:
        return None
    found: list[cindex.Cursor | None] = [None, None, None]
    for kid in kids[:-1]:
        if kid.data[1] not in (init, cond, inc):
            return None
        found[(init, cond, inc).index(kid.data[1])] = kid
    return (*found, kids[-1])


# The hints a statement may carry that change nothing of what it means: how far to
# unroll a loop.  libclang shows a statement with attributes (clang's AttributedStmt) as
# an unexposed statement around it, without the attributes, so they are told by the
# tokens written before the statement.
_LOOP_HINTS = (("#", "pragma", "unroll"), ("#", "pragma", "nounroll"), ("#", "pragma", "clang", "loop"),
               ("#", "pragma", "GCC", "unroll"), ("__attribute__", "(", "(", "opencl_unroll_hint"))


def hinted(cursor: cindex.Cursor) -> cindex.Cursor | None:
    """The statement an `UNEXPOSED_STMT` wraps when what wraps it is a loop hint
    (`#pragma unroll`, `__attribute__((opencl_unroll_hint))`); None for anything else."""
    kids = list(cursor.get_children())
    if cursor.kind is not cindex.CursorKind.UNEXPOSED_STMT or len(kids) != 1 or not kids[0].kind.is_statement():
        return None
    start = kids[0].extent.start.offset
    before = tuple(t.spelling for t in cursor.get_tokens() if t.extent.start.offset < start)
    return kids[0] if any(before[:len(hint)] == hint for hint in _LOOP_HINTS) else None


@functools.cache
def _lib() -> _Native:
    # Not at import: the bindings load the shared library on first use.
    return _Native(cindex.conf.lib)


@attrs.frozen(eq=False)
class ClangUnit:
    """One C file as clang read it."""
    source: SourceText
    dialect: Dialect
    tu: cindex.TranslationUnit | None      # None only when libclang gave up (an internal error)
    diagnostics: tuple[D.Diagnostic, ...]
    positions: ByteIndex
    # The file's explicit instantiations, referenced in text added after the file's
    # (clang_templates.py); none when nothing was added.
    explicit: tuple[clang_templates.Explicit, ...] = ()
    # clang's arguments for this file, kept to read variants of its text (`probe`).
    args: tuple[str, ...] = ()
    # clang's handle of the file, looked up once (every location's test compares with it).
    _file: list = attrs.field(factory=list, init=False, repr=False)

    @property
    def ok(self) -> bool:
        return self.tu is not None and not any(d.severity is D.Severity.ERROR for d in self.diagnostics)

    def is_main_file(self, location: cindex.SourceLocation) -> bool:
        """Whether a location (a macro's tokens: where the macro is used) is in this file,
        not in a header nor in the text added after it."""
        return self._in_file(location) and not self.is_added(location)

    def is_added(self, location: cindex.SourceLocation) -> bool:
        """Whether a location is in the text added after the file's (clang_templates.py)."""
        return bool(self.explicit) and self._in_file(location) \
            and _lib().expansion_offset(location) >= self.positions.byte_offset(len(self.source.text))

    def _in_file(self, location: cindex.SourceLocation) -> bool:
        native = _lib()
        file = native.expansion_file(location)
        return bool(file) and native.same_file(file, self._main_file()) != 0

    def _main_file(self) -> int | None:
        if not self._file:
            self._file.append(_lib().get_file(self.tu, self.source.path.encode()))
        return self._file[0]

    def span_at_use(self, cursor: cindex.Cursor) -> Span | None:
        """Where a cursor's text is in this file: its own text where it is written here;
        for text that a macro produced, the macro's use, or the part of a use's
        arguments it came from.  None for a cursor of a header."""
        native = _lib()
        extent = cursor.extent
        # The bindings' extent ends where a macro use ends when its last token came from
        # the macro's own text; from a macro argument, it ends with that argument.
        start_file, start = native.file_offset(extent.start)
        end_file, end = native.file_offset(extent.end)
        main = self._main_file()
        if not (start_file and end_file and native.same_file(start_file, main) and native.same_file(end_file, main)):
            return None
        start_use, end_use = native.expansion_offset(extent.start), native.expansion_offset(extent.end)
        if start_use != end_use:
            # The ends lie in different places of the text (in one macro use and outside
            # it, say): the cursor covers each whole use it begins or ends in.
            start = start_use
            if end != end_use:
                end = self._use_end(end_use)
        return self._span(start, max(start, end))

    def _use_end(self, byte_offset: int) -> int:
        """The byte offset just past the macro use whose name starts at `byte_offset`: past
        its name, and past its parenthesised arguments if it has some."""
        text = self.source.text
        at = after_name = _name_end(text, self.positions.char_offset(byte_offset))
        while at < len(text) and text[at].isspace():
            at += 1
        if at == len(text) or text[at] != "(":
            return self.positions.byte_offset(after_name)
        depth, quote = 0, None
        for at in range(at, len(text)):
            char = text[at]
            if quote:
                quote = None if char == quote and text[at - 1] != "\\" else quote
            elif char in "\"'":
                quote = char
            elif char == "(":
                depth += 1
            elif char == ")":
                depth -= 1
                if depth == 0:
                    return self.positions.byte_offset(at + 1)
        return self.positions.byte_offset(len(text))

    def constant(self, cursor: cindex.Cursor) -> int | float | None:
        """The value clang gives a constant expression (a literal, `sizeof`, an
        enumerator, a `constexpr` or macro constant where it is used) in the expression's
        own type: `'\\x80'` is -128 where char is signed.  None for an expression that
        is not constant."""
        return _lib().constant(cursor)

    def unary_operator(self, cursor: cindex.Cursor) -> str | None:
        """The operator of a `UNARY_OPERATOR` cursor (`-`, `~`, `!`, `&`, `*`, `+`,
        `++`/`--` as `pre++`, `post++`, ...), which the bindings do not name."""
        return _UNARY.get(_lib().unary_kind(cursor))

    def _span(self, start_byte: int, end_byte: int) -> Span:
        return self.source.span(self.positions.char_offset(start_byte), self.positions.char_offset(end_byte))


def parse(text: str, path: str, dialect: Dialect | None = None,
          defines: Sequence[tuple[str, str]] = (), include_dirs: Sequence[str] = ()) -> ClangUnit:
    """Clang's reading of `text` as the file `path` (whose folder is where `#include "x.h"`
    looks first), with `-DNAME=value` for each define and `-I` for each directory."""
    dialect = dialect or Dialect.of_path(path)
    if text.startswith("\ufeff"):
        # A byte-order mark is no character of the program; a space keeps offsets.
        text = " " + text[1:]
    source = SourceText(path, text)
    positions = ByteIndex.of(text)
    args = [*precompiled.arguments(DIALECT_ARGS[dialect], INCLUDE_DIR),
            *(f"-D{name}={value}" for name, value in defines),
            *(f"-I{d}" for d in include_dirs), "-isystem", str(INCLUDE_DIR)]
    try:
        tu = cindex.Index.create().parse(path, args=args, unsaved_files=[(path, text.encode("utf-8"))])
    except cindex.TranslationUnitLoadError as e:
        # libclang returns no unit only when it fails itself (it crashed, or was given
        # arguments it cannot use); a fault of the tool, not of the kernel.
        problem = D.error("internal.error", source.span(0, 0), f"clang could not read the file: {e}")
        return ClangUnit(source, dialect, None, (problem,), positions, args=tuple(args))
    explicit = clang_templates.explicit_instantiations(tu, text, positions) \
        if dialect is Dialect.CUDA else []
    if explicit:
        tu.reparse(unsaved_files=[(path, (text + clang_templates.added_text(tu, explicit)).encode("utf-8"))])
    unit = ClangUnit(source, dialect, tu, (), positions, tuple(explicit), tuple(args))
    return attrs.evolve(unit, diagnostics=tuple(_diagnostics(unit)))


def probe(unit: ClangUnit, text: str) -> cindex.TranslationUnit:
    """Clang's reading of another text as this file, with the file's arguments and a
    record of the macros defined and expanded (annotation_macros.py asks it what a
    macro means at a place of the file); its errors are the caller's to read."""
    path = str(unit.source.path)
    return cindex.Index.create().parse(path, args=list(unit.args), unsaved_files=[(path, text.encode("utf-8"))],
                                       options=cindex.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD)


def use_offset(tu: cindex.TranslationUnit, path: str, location: cindex.SourceLocation) -> int | None:
    """The byte offset in the file `path` of `tu` where a location is used (a macro's
    tokens: at the start of its use); None for a use in another file."""
    native = _lib()
    file = native.expansion_file(location)
    return native.expansion_offset(location) \
        if file and native.same_file(file, native.get_file(tu, path.encode())) else None


def cursor_at(tu: cindex.TranslationUnit, path: str, byte_offset: int) -> cindex.Cursor:
    """The cursor at a byte offset of a file of `tu` (a macro's use: its expansion, when
    clang kept a record of them)."""
    native = _lib()
    return cindex.Cursor.from_location(tu, native.location_at(tu, native.get_file(tu, path.encode()), byte_offset))


def _diagnostics(unit: ClangUnit) -> list[D.Diagnostic]:
    """Clang's errors, each at its place in the file: an error inside a header is
    reported at the `#include` that brought the header in.  Clang's warnings are not
    reported: the kernels are checked for what they mean, not for style."""
    found = []
    for diag in unit.tu.diagnostics:
        if diag.severity < cindex.Diagnostic.Error:
            continue
        if unit.is_added(diag.location):
            found.append(_misread(unit, diag))
            continue
        code = CATEGORY_CODES.get(diag.category_name, SEMANTIC_CODE)
        span, where = _place(unit, diag)
        # Clang's notes ("expanded from macro", "candidate function not viable") point
        # into this file or into a header: the first are related places, the others text.
        related = tuple(D.Related(place, note.spelling) for note in diag.children
                        if unit.is_main_file(note.location) and (place := _place(unit, note)[0]) != span)
        notes = tuple(f"{note.location.file.name}:{note.location.line}:{note.location.column}: "
                      f"{note.spelling}" for note in diag.children
                      if note.location.file and not unit.is_main_file(note.location))
        found.append(D.error(code, span, where + diag.spelling, related=related, notes=notes))
    return found


def _misread(unit: ClangUnit, diag: cindex.Diagnostic) -> D.Diagnostic:
    """An error in the reference to an explicit instantiation (clang_templates.py),
    reported at the instantiation: the file's own text is read as clang reads it, so
    the instantiation is one the reference does not name as the file does."""
    instance = clang_templates.origin(unit.explicit, diag.location.line - 1 - unit.source.text.count("\n"))
    span = unit._span(instance.start, instance.end) if instance is not None else unit._span(0, 0)
    return D.error("unsupported.declaration", span,
                   f"this explicit instantiation is not understood (clang, on its reference: {diag.spelling}); "
                   f"write it as `template RESULT NAME<ARGUMENTS>(PARAMETER TYPES);` at file scope")


def _place(unit: ClangUnit, diag: cindex.Diagnostic) -> tuple[Span, str]:
    """A diagnostic's span in the file, and, when it lies in a header, the header's
    position to put before its message.  What has no place in the file (a header that
    this file does not include, such as the built-in ones, or the command line) is put
    at its start, so that every error has a file:line:col."""
    location = diag.location
    if not location.file:
        return unit._span(0, 0), ""
    if unit.is_main_file(location):
        start = end = location.offset
        for extent in diag.ranges:
            if extent.start.offset <= start <= extent.end.offset and unit.is_main_file(extent.start):
                start, end = extent.start.offset, extent.end.offset
                break
        else:
            # No range marked around it (clang 18 marks none for an undeclared name):
            # the name that starts there, if one does.
            end = unit.positions.byte_offset(_name_end(unit.source.text, unit.positions.char_offset(start)))
        return unit._span(start, end), ""
    # Clang's notes on it name the `#include`s that brought the header in, the outermost
    # one in this file.
    where = f"in {location.file.name}:{location.line}:{location.column}: "
    inclusion = next((note.location.offset for note in diag.children
                      if unit.is_main_file(note.location) and _is_directive(unit, note.location.offset)), 0)
    return unit._span(inclusion, inclusion), where


def _is_directive(unit: ClangUnit, byte_offset: int) -> bool:
    """Whether the line of a byte offset is a preprocessor directive."""
    offset = unit.positions.char_offset(byte_offset)
    line = unit.source.text[unit.source.line_starts[unit.source.line_col(offset)[0] - 1]:offset]
    return line.lstrip().startswith("#")


def _name_end(text: str, at: int) -> int:
    """The end of the C name that starts at character `at` (`at` itself if none does)."""
    while at < len(text) and (text[at].isalnum() or text[at] == "_"):
        at += 1
    return at
