"""Frozen result values shared by the service, the reports and the language server."""
from __future__ import annotations

import enum
from typing import ClassVar

import attrs

from .diagnostics import Diagnostic, Severity
from .source import SourceText, Span


class Conclusion(enum.Enum):
    """What a verdict of any analysis concludes, most serious first: the order in which
    the verdicts of several obligations, kernels or files combine (`worst`).  A file
    refused before the analysis was not looked at; a definite "no" (a failure, a race, a
    problem found) beats a missing answer, which beats "yes"."""
    REJECTED = 3
    NO = 1
    UNKNOWN = 4
    YES = 0

    @property
    def exit_code(self) -> int:
        return self.value


class AnalysisVerdict(enum.Enum):
    """The verdicts of one analysis, each a word the reports print and the conclusion it
    draws: `VERIFIED = "verified", Conclusion.YES`.  Every analysis's exit codes and
    combination come from the conclusions, so they cannot drift apart."""

    def __new__(cls, word: str, conclusion: Conclusion):
        member = object.__new__(cls)
        member._value_ = word
        member.conclusion = conclusion
        return member

    @property
    def exit_code(self) -> int:
        return self.conclusion.exit_code


def worst(verdicts, default):
    """The most serious of `verdicts` (AnalysisVerdict members of one analysis), `default`
    when there are none."""
    return min(verdicts, key=lambda v: _SERIOUSNESS.index(v.conclusion), default=default)


_SERIOUSNESS = tuple(Conclusion)


class Verdict(AnalysisVerdict):
    """`check`'s verdict on a file or an obligation."""
    VERIFIED = "verified", Conclusion.YES
    FAILED = "failed", Conclusion.NO
    REJECTED = "rejected", Conclusion.REJECTED     # refused before verification (syntax, type, divergence)
    TIMEOUT = "timeout", Conclusion.UNKNOWN        # some check got no answer; nothing failed for sure


EXIT_USAGE = 2
EXIT_INTERNAL = 5

# With several files the command exits with the most serious code, first in this order:
# a fault of the tool casts doubt on every answer; a usage problem means a file was not
# looked at; then the conclusions, most serious first.
EXIT_ORDER = (EXIT_INTERNAL, EXIT_USAGE, *(c.exit_code for c in _SERIOUSNESS))


def exit_code(code: int, diagnostics) -> int:
    """A command's exit code for a verdict's `code`: the service turns its own faults into
    an internal.error diagnostic on an otherwise ordinary verdict, which must not hide
    them."""
    return EXIT_INTERNAL if any(d.code == "internal.error" for d in diagnostics) else code


def most_serious_exit(codes) -> int:
    """The exit code for several results; 0 when there are none."""
    return min(codes, key=EXIT_ORDER.index, default=Conclusion.YES.exit_code)


@attrs.frozen
class Result:
    """What every analysis answers on one file: its verdict (a member of the analysis's
    AnalysisVerdict, named in VERDICTS) and its diagnostics; each analysis adds its own
    fields, with defaults."""
    VERDICTS: ClassVar[type[AnalysisVerdict]]     # with a member REJECTED
    path: str
    source: SourceText | None
    verdict: AnalysisVerdict
    diagnostics: tuple[Diagnostic, ...]

    @property
    def errors(self) -> tuple[Diagnostic, ...]:
        return tuple(d for d in self.diagnostics if d.severity is Severity.ERROR)

    @property
    def exit_code(self) -> int:
        return exit_code(self.verdict.exit_code, self.diagnostics)

    @classmethod
    def rejected(cls, path: str, source: SourceText | None, diagnostics: tuple[Diagnostic, ...]):
        """The result on a file refused before the analysis (not text, syntax, types)."""
        return cls(path, source, cls.VERDICTS["REJECTED"], diagnostics)


@attrs.frozen
class ObligationResult:
    name: str                  # stable, e.g. "demo/barrier@12/resources"
    kind: str                  # thread, procedure, framing, distribution, barrier-resources, ...
    verdict: Verdict           # VERIFIED, FAILED or TIMEOUT
    seconds: float
    span: Span | None          # the construct the obligation is about
    diagnostics: tuple[Diagnostic, ...] = ()


@attrs.frozen
class FileResult(Result):
    """`check`'s answer on one file."""
    VERDICTS: ClassVar[type[AnalysisVerdict]] = Verdict
    obligations: tuple[ObligationResult, ...] = ()
    seconds: float = 0.0
    # What a verified verdict rests on beyond the kernel's own facts (the C front end's
    # launch assumption: cfamily/clang_builtins.py).
    assumptions: tuple[str, ...] = ()
