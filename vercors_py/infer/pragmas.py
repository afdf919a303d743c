"""Where a loop's annotation goes when `#pragma` lines stand before the loop.

The front end reads a loop's `/*@ @*/` annotation when it comes before the loop's
statement, and a `#pragma unroll` line before a loop is part of that statement (clang
attaches the pragma to the loop): an annotation between them is not the loop's.  So
the annotation goes above the pragma lines.
"""
from __future__ import annotations

import re

_PRAGMA = re.compile(r"[ \t]*#[ \t]*pragma\b[^\n]*\n\Z")


def above_pragmas(text: str, at: int) -> int:
    """The start of the first of the `#pragma` lines right before the line at `at`
    (`at` itself if there are none)."""
    while at > 0:
        start = text.rfind("\n", 0, at - 1) + 1
        if not _PRAGMA.match(text[start:at]):
            return at
        at = start
    return at
