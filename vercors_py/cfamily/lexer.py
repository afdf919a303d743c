"""A lexical scan of C text for its comments and preprocessor lines.

Annotations are comments, which clang's tree does not hold, and a comment inside a
directive (a `#define`'s text) is not an annotation, so the mapping needs both.  It is a
scan, not a tokenizer: strings, character literals, comments and directives are
recognised with C's rules (escapes, backslash-newline continuing a line comment, string
or directive; comments inside a directive), so `"/*@"` in a string is no comment.  All
offsets are character offsets.
"""
from __future__ import annotations

import re

import attrs

# One alternative per kind of text; tried at every position in this order.  A directive
# is a `#` that is the first non-blank character of a line (re.M makes ^ a line start).
_MASTER = re.compile(r"""
    (?P<comment> //(?:\\\r?\n|[^\n])* | /\*.*?(?:\*/|\Z) )
  | (?P<string>  "(?:\\(?:\r?\n|.)|[^"\\\n])*"? | '(?:\\(?:\r?\n|.)|[^'\\\n])*'? )
  | (?P<directive> ^[ \t]*\# )
  | (?P<newline> \n )
  | (?P<other> [^/"'\n#]+ | . )
""", re.M | re.S | re.X)


@attrs.frozen
class Scan:
    comments: tuple[tuple[int, int], ...]    # every comment, also those inside directives
    # a preprocessor line from its `#` to the end of its logical line (no line break)
    directives: tuple[tuple[int, int], ...]


def scan(text: str) -> Scan:
    comments: list[tuple[int, int]] = []
    directives: list[tuple[int, int]] = []
    directive_start: int | None = None
    for m in _MASTER.finditer(text):
        kind, start, end = m.lastgroup, m.start(), m.end()
        if directive_start is not None:
            if kind == "newline" and not _continued(text, start):
                directives.append((directive_start, _without_cr(text, directive_start, start)))
                directive_start = None
            elif kind == "comment":
                comments.append((start, end))
        elif kind == "directive":
            directive_start = end - 1                        # at the `#`
        elif kind == "comment":
            comments.append((start, end))
    if directive_start is not None:
        directives.append((directive_start, _without_cr(text, directive_start, len(text))))
    return Scan(tuple(comments), tuple(directives))


def _continued(text: str, newline: int) -> bool:
    """A backslash right before the line break splices the next line onto this one."""
    before = newline - 1
    if before >= 0 and text[before] == "\r":
        before -= 1
    return before >= 0 and text[before] == "\\"


def _without_cr(text: str, start: int, end: int) -> int:
    return end - 1 if end > start and text[end - 1] == "\r" else end
