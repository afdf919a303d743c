"""What `vercors-py races` answers, as frozen values."""
from __future__ import annotations

from typing import ClassVar

import attrs

from ..results import AnalysisVerdict, Conclusion, Result


class RacesVerdict(AnalysisVerdict):
    RACE_FREE = "race-free", Conclusion.YES      # every query unsatisfiable, no barrier divergence
    RACY = "racy", Conclusion.NO                 # a race (with a witness) or barrier divergence
    UNKNOWN = "unknown", Conclusion.UNKNOWN      # some query unanswered, or code the analysis cannot follow
    REJECTED = "rejected", Conclusion.REJECTED   # refused before the analysis (syntax, types)

# What a race-free verdict of `races --only-intra-group` leaves out.
INTRA_GROUP_NOTE = "within each work group (races between work groups not checked)"


@attrs.frozen
class RacesResult(Result):
    """`races`'s answer on one file."""
    VERDICTS: ClassVar[type[AnalysisVerdict]] = RacesVerdict
    pairs: int = 0                          # pairs of accesses asked about
    seconds: float = 0.0
    # What a race-free verdict rests on beyond the kernel's own facts, one phrase each
    # ("for launches of at most 2^31 - 1 threads per dimension": cfamily/clang_builtins.py).
    assumptions: tuple[str, ...] = ()
