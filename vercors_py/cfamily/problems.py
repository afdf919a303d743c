"""tree-sitter's ERROR and MISSING nodes as our located syntax diagnostics.

tree-sitter always builds a tree; where the text does not fit the grammar it wraps the
tokens it skipped in an ERROR node, or inserts a zero-width MISSING node for a token it
had to assume.  Each outermost such node becomes one diagnostic with an existing code:
`syntax.unexpected-end` when the file ends where something was still expected,
`syntax.unexpected-token` otherwise.  The walk enters only subtrees that contain an error
(`has_error`), so a clean tree costs one check, and uses an explicit stack, so deeply
nested code cannot exhaust Python's recursion limit.
"""
from __future__ import annotations

from .. import diagnostics as D
from ..source import SourceText
from .positions import ByteIndex

_SHOWN = 40            # characters of a token quoted in a message


def syntax_problems(root, source: SourceText, positions: ByteIndex) -> tuple[D.Diagnostic, ...]:
    if not root.has_error:
        return ()
    content_end = _content_end(root)
    found: list[D.Diagnostic] = []
    stack = [root]
    while stack:
        node = stack.pop()
        if node.is_missing:
            found.append(_missing(node, source, positions, content_end))
        elif node.is_error:
            found.append(_error(node, source, positions, content_end))
        elif node.has_error:
            stack.extend(reversed(node.children))
    return tuple(sorted(found, key=D.sort_key))


def _missing(node, source: SourceText, positions: ByteIndex, content_end: int) -> D.Diagnostic:
    at = positions.char_offset(node.start_byte)
    span = source.span(at, at)
    what = node.type
    if node.start_byte >= content_end:
        return D.error("syntax.unexpected-end", span, f"unexpected end of file: expected {what!r}")
    return D.error("syntax.unexpected-token", span, f"expected {what!r} here")


def _error(node, source: SourceText, positions: ByteIndex, content_end: int) -> D.Diagnostic:
    token = _first_leaf(node)
    if token is None or token.start_byte >= content_end:
        # An error that holds no token: the parser met the end of the file.
        at = positions.char_offset(min(node.start_byte, content_end))
        return D.error("syntax.unexpected-end", source.span(at, at),
                       "unexpected end of file in the middle of a declaration or statement")
    start = positions.char_offset(token.start_byte)
    end = positions.char_offset(token.end_byte)
    shown = source.text[start:end]
    shown = shown if len(shown) <= _SHOWN else shown[:_SHOWN] + "..."
    return D.error("syntax.unexpected-token", source.span(start, end), f"unexpected {shown!r}")


def _first_leaf(node):
    """The first token the parser skipped (comments are not tokens of the program)."""
    stack = [node]
    while stack:
        n = stack.pop()
        if n.child_count == 0:
            if n.type != "comment" and not n.is_missing and n.end_byte > n.start_byte:
                return n
            continue
        stack.extend(reversed(n.children))
    return None


def _content_end(root) -> int:
    """The byte offset just after the last real token of the file (comments and MISSING
    nodes do not count): whatever is expected at or after it is expected at the end."""
    node = root
    while node.child_count:
        real = [c for c in node.children
                if c.type != "comment" and not c.is_missing and c.end_byte > c.start_byte]
        if not real:
            return 0 if node is root else node.end_byte
        node = real[-1]
    return node.end_byte
