"""Carry positions of an older text over to the current one, like an editor's markers.

Verification results and the last good parse belong to the text they were computed
from; until they are replaced, the server shows them on the current text.  Every change
notification becomes one `Edit` (the smallest region that differs between the text
before and after it), and a position of an older text moves through the edits made since:
before an edit it stays, after it it shifts, inside it it goes to the edit's start (or,
for the end of a range, to the end of the new text); text inserted exactly where a range
starts or ends stays outside it.
"""
from __future__ import annotations

import attrs

from vercors_py import diagnostics as D
from vercors_py.source import SourceText, Span


@attrs.frozen
class Edit:
    start: int       # offsets in the text before the edit
    old_end: int
    new_end: int     # offset in the text after it

    @property
    def delta(self) -> int:
        return self.new_end - self.old_end


def diff(old: str, new: str) -> Edit | None:
    """The region that differs, by common prefix and suffix (string comparisons of
    halving slices, so a large file costs a few C-level compares, not a Python loop)."""
    if old == new:
        return None
    limit = min(len(old), len(new))
    lo, hi = 0, limit                      # old[:lo] == new[:lo]; the answer is in [lo, hi]
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if old[lo:mid] == new[lo:mid]:
            lo = mid
        else:
            hi = mid - 1
    prefix = lo
    limit -= prefix
    lo, hi = 0, limit
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if old[len(old) - mid:len(old) - lo] == new[len(new) - mid:len(new) - lo]:
            lo = mid
        else:
            hi = mid - 1
    suffix = lo
    return Edit(prefix, len(old) - suffix, len(new) - suffix)


def apply(text: str, changes) -> tuple[str, list[Edit]]:
    """Apply `(start, end, new_text)` changes one after the other (offsets into the text
    as it is when each is applied; None for a whole-text replacement)."""
    edits = []
    for start, end, new in changes:
        if start is None:
            edit = diff(text, new)
            text = new
        else:
            start, end = max(0, min(start, len(text))), max(0, min(end, len(text)))
            end = max(start, end)
            edit = Edit(start, end, start + len(new)) if (end > start or new) else None
            text = text[:start] + new + text[end:]
        if edit is not None:
            edits.append(edit)
    return text, edits


class EditLog:
    """The edits of one document, numbered; a snapshot remembers the count at its time."""

    def __init__(self) -> None:
        self._edits: list[Edit] = []
        self._base = 0                     # number of edits dropped from the front

    @property
    def mark(self) -> int:
        return self._base + len(self._edits)

    def record(self, edit: Edit | None) -> None:
        if edit is not None:
            self._edits.append(edit)

    def since(self, mark: int) -> list[Edit]:
        return self._edits[max(0, mark - self._base):]

    def forget_before(self, mark: int) -> None:
        """No snapshot older than `mark` is kept any more."""
        drop = min(max(0, mark - self._base), len(self._edits))
        del self._edits[:drop]
        self._base += drop

    def forward(self, offset: int, mark: int, end: bool = False) -> int:
        """Where an offset of the text at `mark` is now.  Text inserted exactly at a
        range's start goes before it, text inserted at its end after it."""
        for e in self.since(mark):
            if offset < e.start or (offset == e.start and (end or e.old_end > e.start)):
                continue
            if offset >= e.old_end:
                offset += e.delta
            else:
                offset = e.new_end if end else e.start
        return offset

    def backward(self, offset: int, mark: int) -> int:
        for e in reversed(self.since(mark)):
            if offset <= e.start:
                continue
            if offset >= e.new_end:
                offset -= e.delta
            else:
                offset = e.start
        return offset


class Mapper:
    """Spans of an older text moved to the current text."""

    def __init__(self, log: EditLog, mark: int, current: SourceText):
        self.log = log
        self.mark = mark
        self.current = current
        self.identity = mark == log.mark

    def span(self, s: Span | None) -> Span | None:
        if s is None or self.identity:
            return s
        start = self.log.forward(s.start, self.mark)
        end = max(start, self.log.forward(s.end, self.mark, end=True))
        moved = self.current.span(start, end)
        return attrs.evolve(moved, path=s.path)

    def diagnostic(self, d: D.Diagnostic) -> D.Diagnostic | None:
        """d in the current text; None when all of its text was deleted since (an error
        about code that is gone, shown as an empty range somewhere near, misleads more
        than it tells).  Related places whose text was deleted are left out likewise."""
        if self.identity:
            return d
        span = self.span(d.span)
        if _deleted(d.span, span):
            return None
        related = ((r, self.span(r.span)) for r in d.related)
        return attrs.evolve(d, span=span, related=tuple(D.Related(moved, r.message) for r, moved in related
                                                        if not _deleted(r.span, moved)))


def _deleted(old: Span | None, new: Span | None) -> bool:
    return old is not None and old.end > old.start and new.end == new.start
