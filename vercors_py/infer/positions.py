"""Where a diagnostic on the text `infer` wrote is in the user's file.

`infer` checks the file with its contracts written in, so the verifier's positions are
positions of that text.  Printed beside the user's own file (without `--write`), they
must be the user's lines: a line `infer` kept is found by matching the two texts line by
line; a position inside a contract `infer` wrote is shown at the line the contract was
written before, with a note quoting the written line (docs/infer.md)."""
from __future__ import annotations

import difflib

import attrs

from .. import diagnostics as D
from ..source import SourceText, Span


def in_original(diagnostics, written: SourceText, original: SourceText) -> tuple[D.Diagnostic, ...]:
    lines = _line_map(original.text, written.text)

    last = len(original.line_starts) - 1

    def offset(line: int, col: int) -> tuple[int, bool]:
        old_line, kept = lines.get(line - 1, (last, False))
        start = original.line_starts[min(old_line, last)]
        return (start + col - 1, True) if kept else (start, False)

    def moved(span: Span | None) -> tuple[Span | None, str | None]:
        if span is None or span.path != written.path:
            return span, None
        begin, kept = offset(span.start_line, span.start_col)
        if kept:
            end, end_kept = offset(span.end_line, span.end_col)
            return original.span(begin, max(begin, end if end_kept else begin)), None
        line = original.line_col(begin)[0]
        quoted = written.line_text(span.start_line).strip()
        return (original.span(begin, begin + len(original.line_text(line))),
                f"in the contract `infer` wrote above this line: {quoted}")

    out = []
    for d in diagnostics:
        span, note = moved(d.span)
        related = tuple(attrs.evolve(r, span=moved(r.span)[0]) for r in d.related)
        out.append(attrs.evolve(d, span=span, related=related, notes=((note,) if note else ()) + d.notes))
    return tuple(out)


def _line_map(old: str, new: str) -> dict[int, tuple[int, bool]]:
    """Each line of `new` (0-based) -> the line of `old` it is, and whether it is kept
    (else: written by `infer`, before that line of `old`)."""
    old_lines, new_lines = old.split("\n"), new.split("\n")
    found: dict[int, tuple[int, bool]] = {}
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False).get_opcodes():
        for j in range(j1, j2):
            found[j] = (i1 + (j - j1), True) if tag == "equal" else (i1, False)
    return found
