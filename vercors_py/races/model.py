"""What `vercors-py races` answers, as frozen values."""
from __future__ import annotations

import enum

import attrs

from ..diagnostics import Diagnostic
from ..results import exit_code
from ..source import SourceText


class RacesVerdict(enum.Enum):
    RACE_FREE = "race-free"    # every query unsatisfiable, no barrier divergence
    RACY = "racy"              # a race (with a witness) or barrier divergence
    UNKNOWN = "unknown"        # some query unanswered, or code the analysis cannot follow
    REJECTED = "rejected"      # refused before the analysis (syntax, types)

    @property
    def exit_code(self) -> int:
        return {RacesVerdict.RACE_FREE: 0, RacesVerdict.RACY: 1, RacesVerdict.REJECTED: 3,
                RacesVerdict.UNKNOWN: 4}[self]



# What a race-free verdict of `races --only-intra-group` leaves out.
INTRA_GROUP_NOTE = "within each work group (races between work groups not checked)"

@attrs.frozen
class RacesResult:
    path: str
    source: SourceText | None
    verdict: RacesVerdict
    diagnostics: tuple[Diagnostic, ...]
    pairs: int = 0                          # pairs of accesses asked about
    seconds: float = 0.0
    # What a race-free verdict rests on beyond the kernel's own facts, one phrase each
    # ("for launches of at most 2^31 - 1 threads per dimension": cfamily/clang_builtins.py).
    assumptions: tuple[str, ...] = ()

    @property
    def exit_code(self) -> int:
        return exit_code(self.verdict.exit_code, self.diagnostics)
