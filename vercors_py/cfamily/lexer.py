"""A lexical scan of C text: which parts are code, comments, and preprocessor lines.

The OpenCL qualifiers must be blanked only where they are code (not in a comment, a
string or a `#define`'s text), and the preprocessor records only real directives, so
both need the same division of the text.  It is a scan, not a tokenizer: strings,
character literals, comments and directives are recognised with C's rules (escapes,
backslash-newline continuing a line comment, string or directive; comments inside a
directive), and everything else is "code".  All offsets are character offsets.
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
class Directive:
    """A preprocessor line from its `#` to the end of its logical line (without the line
    break).  `text` is the original text with its comments replaced by spaces of the same
    length, so `start + i` is the offset of `text[i]`."""
    start: int
    end: int
    text: str


@attrs.frozen
class Scan:
    code: tuple[tuple[int, int], ...]        # [start, end) ranges of code outside directives
    comments: tuple[tuple[int, int], ...]    # every comment, also those inside directives
    directives: tuple[Directive, ...]


def scan(text: str) -> Scan:
    code: list[tuple[int, int]] = []
    comments: list[tuple[int, int]] = []
    directives: list[Directive] = []
    directive_start: int | None = None
    directive_text: list[str] = []

    def close_directive(end: int) -> None:
        nonlocal directive_start
        # The collected text may still hold the \r of a \r\n that `end` leaves out.
        whole = "".join(directive_text)[:end - directive_start]
        directives.append(Directive(directive_start, end, whole))
        directive_start = None
        directive_text.clear()

    for m in _MASTER.finditer(text):
        kind, start, end = m.lastgroup, m.start(), m.end()
        if directive_start is not None:
            match kind:
                case "newline" if not _continued(text, start):
                    close_directive(_without_cr(text, directive_start, start))
                case "comment":
                    comments.append((start, end))
                    directive_text.append(" " * (end - start))
                case _:
                    directive_text.append(m.group())
            continue
        match kind:
            case "directive":
                directive_start = end - 1                    # at the `#`
                directive_text.append("#")
            case "comment":
                comments.append((start, end))
            case "string":
                pass
            case _:
                if code and code[-1][1] == start:            # merge neighbouring runs
                    code[-1] = (code[-1][0], end)
                else:
                    code.append((start, end))
    if directive_start is not None:
        close_directive(_without_cr(text, directive_start, len(text)))
    return Scan(tuple(code), tuple(comments), tuple(directives))


def _continued(text: str, newline: int) -> bool:
    """A backslash right before the line break splices the next line onto this one."""
    before = newline - 1
    if before >= 0 and text[before] == "\r":
        before -= 1
    return before >= 0 and text[before] == "\\"


def _without_cr(text: str, start: int, end: int) -> int:
    return end - 1 if end > start and text[end - 1] == "\r" else end
