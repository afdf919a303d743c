"""Where a loop's annotation goes when `#pragma` lines stand before the loop.

The front end reads a loop's `/*@ @*/` annotation above its `#pragma unroll` lines as
well as between them and the loop (cfamily/clang_statements.py: the hint and the
annotations after it are the loop's).  `infer` writes it above them, where a loop's
annotation is read in every case, so that the hint stays next to the loop it applies to.
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
