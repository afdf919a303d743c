"""Between source offsets (code points, what every Span holds) and LSP positions.

LSP counts a position's character in UTF-16 code units unless client and server agreed
on another encoding at initialisation (pygls picks the client's first preference among
utf-8, utf-16 and utf-32).  UTF-16 goes through SourceText, where the conversion lives
for every consumer; the other two are computed here from the line's text.
"""
from __future__ import annotations

from lsprotocol import types

from vercors_py.source import SourceText, Span

UTF16 = types.PositionEncodingKind.Utf16.value      # "utf-16"
UTF32 = types.PositionEncodingKind.Utf32.value
UTF8 = types.PositionEncodingKind.Utf8.value


class Positions:
    def __init__(self, encoding=UTF16):
        # pygls hands over the negotiated kind as an enum member or as its string value
        encoding = getattr(encoding, "value", encoding) or UTF16
        if encoding not in (UTF16, UTF32, UTF8):
            raise ValueError(f"unknown position encoding {encoding!r}")
        self.encoding = encoding

    def position(self, source: SourceText, offset: int) -> types.Position:
        if self.encoding == UTF16:
            line, character = source.utf16_position(offset)
            return types.Position(line=line, character=character)
        line, col = source.line_col(offset)
        if self.encoding == UTF32:
            return types.Position(line=line - 1, character=col - 1)
        prefix = source.line_text(line)[:col - 1]
        return types.Position(line=line - 1, character=len(prefix.encode("utf-8", "surrogatepass")))

    def range(self, source: SourceText, span: Span | None) -> types.Range:
        if span is None:
            start = types.Position(line=0, character=0)
            return types.Range(start=start, end=start)
        return types.Range(start=self.position(source, span.start), end=self.position(source, span.end))

    def offset(self, source: SourceText, position: types.Position) -> int:
        if self.encoding == UTF16:
            return source.offset_of_utf16(position.line, position.character)
        if position.line < 0:
            return 0
        if position.line >= len(source.line_starts):
            return len(source.text)
        start = source.line_starts[position.line]
        text = source.line_text(position.line + 1).rstrip("\r")
        if self.encoding == UTF32:
            return start + max(0, min(position.character, len(text)))
        units = 0
        for i, ch in enumerate(text):
            if units >= position.character:
                return start + i
            units += len(ch.encode("utf-8", "surrogatepass"))
        return start + len(text)
