"""Source text, spans and position conversion.

A span is a half-open range of character offsets in one file plus the 1-based line and
column of both ends, so reports never have to re-scan the text.  Spans never take part
in AST equality (see syntax/ast.py).  The language server needs UTF-16 positions; the
conversion lives here so that every consumer agrees on it.
"""
from __future__ import annotations

import bisect
import re

import attrs


@attrs.frozen
class Span:
    path: str
    start: int
    end: int
    start_line: int
    start_col: int
    end_line: int
    end_col: int

    def cover(self, other: "Span") -> "Span":
        """The smallest span that contains both (both from the same file)."""
        first = self if self.start <= other.start else other
        last = self if self.end >= other.end else other
        return Span(self.path, first.start, last.end, first.start_line, first.start_col,
                    last.end_line, last.end_col)

    def describe(self) -> str:
        return f"{self.path}:{self.start_line}:{self.start_col}"


@attrs.frozen
class SourceText:
    """The text of one file with its line index."""

    path: str
    text: str
    line_starts: tuple[int, ...] = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        # A line ends at \n (so also at \r\n, whose \r is not part of the line's text).
        # A lone \r is not a line break here, unlike in LSP: reports show it as a control
        # character on its line (docs/editor.md, "Limits").
        starts = [0] + [m.end() for m in _LINE_END.finditer(self.text)]
        object.__setattr__(self, "line_starts", tuple(starts))

    def line_col(self, offset: int) -> tuple[int, int]:
        """1-based line and column of a character offset."""
        offset = max(0, min(offset, len(self.text)))
        line = bisect.bisect_right(self.line_starts, offset) - 1
        return line + 1, offset - self.line_starts[line] + 1

    def span(self, start: int, end: int) -> Span:
        line, col = self.line_col(start)
        end_line, end_col = self.line_col(end)
        return Span(self.path, start, end, line, col, end_line, end_col)

    def line_text(self, line: int) -> str:
        """The text of a 1-based line, without its line break (\n or \r\n)."""
        if not 1 <= line <= len(self.line_starts):
            return ""
        start = self.line_starts[line - 1]
        if line < len(self.line_starts):
            text = self.text[start:self.line_starts[line] - 1]       # without its \n
            return text[:-1] if text.endswith("\r") else text
        return self.text[start:]

    # ---- LSP positions: 0-based line, UTF-16 code units within the line ----
    def utf16_position(self, offset: int) -> tuple[int, int]:
        """The LSP position (0-based line, UTF-16 code units into it) of an offset.  An
        offset inside a line break counts as the end of its line."""
        line, col = self.line_col(offset)
        start = self.line_starts[line - 1]
        prefix = self.text[start:start + col - 1]
        if prefix.endswith("\r") and self.text.startswith("\n", offset):    # between \r and \n
            prefix = prefix[:-1]
        return line - 1, utf16_length(prefix)

    def offset_of_utf16(self, line: int, character: int) -> int:
        """The offset of an LSP position.  A character past the end of the line means the
        end of the line (before its line break); one that falls inside a surrogate pair
        means the character that the pair encodes."""
        if line < 0:
            return 0
        if line >= len(self.line_starts):
            return len(self.text)
        start = self.line_starts[line]
        line_text = self.line_text(line + 1)
        units = 0
        for i, ch in enumerate(line_text):
            width = 2 if ord(ch) > 0xFFFF else 1
            if units + width > character:
                return start + i
            units += width
        return start + len(line_text)


_LINE_END = re.compile(r"\n")


def utf16_length(text: str) -> int:
    return len(text) + sum(1 for ch in text if ord(ch) > 0xFFFF)
