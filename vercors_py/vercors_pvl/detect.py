"""Which `.pvl` files are VerCors's: both languages use the suffix.

The rule (docs/vercors-pvl-frontend.md, "Which files"): outside comments, and after the
contract clauses a file may open with (`requires ...;`, up to their `;` outside
parentheses), the first word is `class`.  The kernel language's files open with `kernel`
or `pure` there (its grammar has no other top-level form), so none of them is VerCors's,
whatever else it holds; tests/vercors_pvl/test_detect.py reads every `.pvl` file of the
project to keep it so.  The scan stops at that first word: cheap on any file."""
from __future__ import annotations

import re

_TOKEN = re.compile(r"\s*(?://[^\n]*|/\*.*?(?:\*/|\Z)|([A-Za-z_][A-Za-z_0-9]*)|(.))", re.S)
_CLAUSES = frozenset({"requires", "ensures", "context", "context_everywhere", "decreases", "given", "yields",
                      "lock_invariant"})


def is_vercors(text: str) -> bool:
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            return False
        pos = m.end()
        word = m.group(1)
        if word is None and m.group(2) is None:
            continue                      # a comment, or the spaces before the end
        if word in _CLAUSES:
            pos = _clause_end(text, pos)
            continue
        return word == "class"
    return False


def _clause_end(text: str, pos: int) -> int:
    """Past the `;` that ends a clause: the first outside parentheses (a quantifier's
    `;` are inside them)."""
    depth = 0
    for i in range(pos, len(text)):
        match text[i]:
            case "(":
                depth += 1
            case ")":
                depth -= 1
            case ";" if depth <= 0:
                return i + 1
    return len(text)
