"""Byte offsets (what clang reports) to character offsets (what our spans hold).

Clang reads UTF-8 bytes and gives byte offsets.  Our `Span`s are character offsets into the decoded text, so a comment with `∀` (three
bytes) before an error would shift every position after it by two if bytes were used
as characters.  The index stores only where non-ASCII characters start, so for the
usual ASCII file the conversion is the identity and costs nothing.
"""
from __future__ import annotations

import bisect
import re

import attrs

_NON_ASCII = re.compile(r"[^\x00-\x7f]")


@attrs.frozen
class ByteIndex:
    # Byte offset of each non-ASCII character, and the extra bytes (width - 1) of all
    # non-ASCII characters up to and including it.
    starts: tuple[int, ...]
    extra: tuple[int, ...]

    @classmethod
    def of(cls, text: str) -> "ByteIndex":
        if text.isascii():
            return cls((), ())
        starts: list[int] = []
        extra: list[int] = []
        total = 0
        for m in _NON_ASCII.finditer(text):
            starts.append(m.start() + total)
            total += len(m.group().encode("utf-8")) - 1
            extra.append(total)
        return cls(tuple(starts), tuple(extra))

    def char_offset(self, byte: int) -> int:
        """The character offset of a byte offset at a character boundary."""
        before = bisect.bisect_left(self.starts, byte)      # non-ASCII chars starting before it
        return byte - (self.extra[before - 1] if before else 0)

    def byte_offset(self, char: int) -> int:
        """The byte offset of a character offset (inverse of `char_offset`)."""
        # The k-th non-ASCII character sits at char offset starts[k] - extra[k-1].
        lo, hi = 0, len(self.starts)
        while lo < hi:
            mid = (lo + hi) // 2
            if self.starts[mid] - (self.extra[mid - 1] if mid else 0) < char:
                lo = mid + 1
            else:
                hi = mid
        return char + (self.extra[lo - 1] if lo else 0)
