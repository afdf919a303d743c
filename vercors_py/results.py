"""Frozen result values shared by the service, the reports and the language server."""
from __future__ import annotations

import enum

import attrs

from .diagnostics import Diagnostic, Severity
from .source import SourceText, Span


class Verdict(enum.Enum):
    VERIFIED = "verified"
    FAILED = "failed"
    REJECTED = "rejected"      # refused before verification (syntax, type, divergence)
    TIMEOUT = "timeout"        # some check got no answer; nothing failed for sure

    @property
    def exit_code(self) -> int:
        return _EXIT[self]


_EXIT = {Verdict.VERIFIED: 0, Verdict.FAILED: 1, Verdict.REJECTED: 3, Verdict.TIMEOUT: 4}

EXIT_USAGE = 2
EXIT_INTERNAL = 5


@attrs.frozen
class ObligationResult:
    name: str                  # stable, e.g. "demo/barrier@12/resources"
    kind: str                  # thread, procedure, framing, distribution, barrier-resources, ...
    verdict: Verdict           # VERIFIED, FAILED or TIMEOUT
    seconds: float
    span: Span | None          # the construct the obligation is about
    diagnostics: tuple[Diagnostic, ...] = ()


@attrs.frozen
class FileResult:
    path: str
    source: SourceText | None
    verdict: Verdict
    diagnostics: tuple[Diagnostic, ...]
    obligations: tuple[ObligationResult, ...] = ()
    seconds: float = 0.0

    @property
    def errors(self) -> tuple[Diagnostic, ...]:
        return tuple(d for d in self.diagnostics if d.severity is Severity.ERROR)
