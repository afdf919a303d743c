"""Every annotation comment of a file is read by the construct it stands before, or
reported where it stands.

clang's tree does not keep comments, so each annotation is matched to a construct by
offsets: the kernel after it (its contract), the statement after it in a body that is
mapped (an invariant, a barrier's contract, an assertion), the file's top (pure
functions).  One that no construct claims (inside an expression, before a helper or a
declaration that is not a kernel, between a statement's parts) would be a check the user
believes made and that is not: it is `type.clause-placement` at its place.  Those inside
a function that is never mapped (a helper no kernel calls) are code that never runs, and
are left alone, as the function is.
"""
from __future__ import annotations

from clang.cindex import TokenKind

from .. import diagnostics as D


class Claims:
    def __init__(self, annotations: list[tuple[int, int]]):
        self.annotations = annotations      # (start, end) of the inside of each annotation comment
        self.claimed: set[tuple[int, int]] = set()
        self.read: list[tuple[int, int]] = []       # the stretches of text whose annotations are read

    def claim(self, bounds: tuple[int, int]) -> None:
        self.claimed.add(bounds)

    def take(self, start: int, end: int) -> list[tuple[int, int]]:
        """The annotations between two offsets that no construct read yet, now claimed
        (a kernel's contract: those since the previous declaration)."""
        found = [a for a in self.annotations if start <= a[0] and a[1] <= end and a not in self.claimed]
        self.claimed.update(found)
        return found

    def reading(self, start: int, end: int) -> None:
        """A stretch whose annotations the constructs in it read (a body being mapped)."""
        self.read.append((start, end))

    def unclaimed(self, source, declarations: list[tuple[int, int]]) -> list[D.Diagnostic]:
        """An error for each annotation no construct read that stands where something is
        read: in a stretch being mapped, or outside every declaration (at the top)."""
        found = []
        for bounds in self.annotations:
            if bounds in self.claimed:
                continue
            start = bounds[0]
            mapped = any(a <= start < b for a, b in self.read)
            top = not any(a <= start < b for a, b in declarations)
            if mapped or top:
                where = "it stands inside a statement or a declaration" if mapped else "it stands before no kernel"
                found.append(D.error(
                    "type.clause-placement", source.span(*bounds),
                    f"this annotation belongs to no construct ({where}): annotations stand before a kernel "
                    "(its contract), a loop (its invariants), a barrier (its contract) or a statement "
                    "(assertions), or at the top declaring pure functions"))
        return found


def header_end(scope, parent, start: int) -> int:
    """Where the annotations of a statement that is a part of `parent` (a loop's body,
    an if's branch) may start: after the last token of `parent` before it (the `)` of
    the loop's header), so none of the header's is taken for the body's."""
    ends = [end for t in parent.get_tokens() if t.kind is not TokenKind.COMMENT
            and (end := scope.unit.positions.char_offset(t.extent.end.offset)) <= start]
    return max(ends, default=start)
