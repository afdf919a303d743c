"""Colour for the text reports: ANSI escape codes around the words a reader scans for.

The renderers (text.py) stay pure: they take a `Style` and pass it the parts that may be
coloured (severity words, caret lines, verdicts).  Whether a stream gets colour is
decided once, by the command line, with `wanted`; the colours follow GCC and Clang.
"""
from __future__ import annotations

import os

import attrs

RESET = "\x1b[0m"
_CODES = {                      # SGR parameters: bold and a colour
    "error": "1;31",            # red
    "warning": "1;35",          # magenta
    "note": "1;36",             # cyan
    "caret": "1;32",            # green
    "good": "1;32",             # a verdict with exit code 0
    "unsure": "1;33",           # no answer (exit code 4)
    "bad": "1;31",              # anything else: failed, rejected, a fault
}


@attrs.frozen
class Style:
    colour: bool = False

    def paint(self, text: str, role: str) -> str:
        if not self.colour or not text:
            return text
        return f"\x1b[{_CODES[role]}m{text}{RESET}"

    def severity(self, word: str) -> str:
        """`error:`, `warning:`, `note:` (the word and its colon)."""
        return self.paint(f"{word}:", word)

    def caret(self, line: str) -> str:
        """The marks of a caret line; its leading spaces stay plain."""
        marks = line.lstrip(" ")
        return line[:len(line) - len(marks)] + self.paint(marks, "caret")

    def verdict(self, word: str, exit_code: int) -> str:
        """A verdict word (or mark), coloured by what its exit code says: proved or clean,
        no answer, or a problem.  One rule for every command's verdicts."""
        return self.paint(word, "good" if exit_code == 0 else "unsure" if exit_code == 4 else "bad")


PLAIN = Style()
COLOUR = Style(colour=True)


def wanted(mode: str, stream, environ=os.environ) -> bool:
    """`--color auto|always|never` for output written to `stream`: auto colours a
    terminal unless NO_COLOR is set and not empty (https://no-color.org)."""
    if mode != "auto":
        return mode == "always"
    if environ.get("NO_COLOR"):
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):     # replaced or closed streams
        return False


def choose(mode: str, stream) -> Style:
    return COLOUR if wanted(mode, stream) else PLAIN
