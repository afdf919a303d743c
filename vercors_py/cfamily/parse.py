"""Reading a `.cu` or `.cl` file into a tree-sitter tree of the CUDA grammar.

The entry point of the C front end's parsing layer: decode the file, scan it
(lexer.py), blank OpenCL's qualifiers (qualifiers.py), record the file's defines and
includes (preprocessor.py), parse with tree-sitter and turn its error nodes into our
diagnostics (problems.py).  The result is a frozen value; the mapping onto our AST
(translate.py) reads the tree through it and never re-reads the file.
"""
from __future__ import annotations

import functools

import attrs
import tree_sitter
import tree_sitter_cuda

from .. import diagnostics as D
from ..source import SourceText, Span
from .dialect import Dialect
from .lexer import scan
from .positions import ByteIndex
from .preprocessor import Define, Include, read_directives
from .problems import syntax_problems
from .qualifiers import QualifierMap, blank


@functools.cache
def _language() -> tree_sitter.Language:
    return tree_sitter.Language(tree_sitter_cuda.language())


@attrs.frozen(eq=False)
class ParsedUnit:
    """One C file: its text, its tree, and what was taken out of the text to parse it."""
    source: SourceText                 # the file as written (diagnostics point into it)
    dialect: Dialect
    parsed_text: str                   # the text tree-sitter saw: qualifiers blanked, same offsets
    tree: tree_sitter.Tree | None      # None only when the file could not be decoded
    qualifiers: QualifierMap
    defines: tuple[Define, ...]
    includes: tuple[Include, ...]
    problems: tuple[D.Diagnostic, ...]
    positions: ByteIndex

    @property
    def root(self):
        return self.tree.root_node if self.tree is not None else None

    @property
    def ok(self) -> bool:
        return self.tree is not None and not self.problems

    def span_of(self, node) -> Span:
        """The span of a tree node, in characters of the file."""
        return self.source.span(self.positions.char_offset(node.start_byte),
                                self.positions.char_offset(node.end_byte))

    def text_of(self, node) -> str:
        """A node's text as the user wrote it: qualifiers inside it are kept; a leading
        one stands before the node (it was blank when parsed; see QualifierMap.of_node)."""
        return self.source.text[self.positions.char_offset(node.start_byte):
                                self.positions.char_offset(node.end_byte)]


def parse_file(path: str, dialect: Dialect | None = None) -> ParsedUnit:
    with open(path, "rb") as f:
        data = f.read()
    return parse_bytes(data, path, dialect)


def parse_bytes(data: bytes, path: str, dialect: Dialect | None = None) -> ParsedUnit:
    dialect = dialect or Dialect.of_path(path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        # Same code as the .pvl front end; nothing is parsed from a file we cannot read.
        good = data[:e.start].decode("utf-8")
        source = SourceText(path, data.decode("utf-8", errors="replace"))
        problem = D.error("syntax.encoding", source.span(len(good), len(good)),
                          f"the file is not UTF-8 text (byte 0x{data[e.start]:02x} at offset {e.start})")
        return ParsedUnit(source, dialect, source.text, None, QualifierMap((), ByteIndex.of("")),
                          (), (), (problem,), ByteIndex.of(source.text))
    return parse_text(text, path, dialect)


def parse_text(text: str, path: str = "<text>", dialect: Dialect | None = None) -> ParsedUnit:
    dialect = dialect or Dialect.of_path(path)
    if text.startswith("\ufeff"):
        # A byte-order mark is no character of the program; a space keeps offsets.
        text = " " + text[1:]
    source = SourceText(path, text)
    lexed = scan(text)
    parsed_text, removed = blank(text, lexed, dialect)
    positions = ByteIndex.of(text)            # blanking replaces ASCII by ASCII: same bytes
    # A parser per call: they are cheap, and a shared one would not be thread-safe.
    tree = tree_sitter.Parser(_language()).parse(parsed_text.encode("utf-8"))
    directives = read_directives(source, lexed.directives)
    return ParsedUnit(
        source=source, dialect=dialect, parsed_text=parsed_text, tree=tree,
        qualifiers=QualifierMap(removed, positions),
        defines=directives.defines, includes=directives.includes,
        problems=syntax_problems(tree.root_node, source, positions),
        positions=positions,
    )
