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

# With several files the command exits with the most serious code, first in this order:
# a fault of the tool casts doubt on every answer; a usage problem means a file was not
# looked at; a rejected file was not verified at all; a failure is a definite answer,
# which beats a missing one (timeout).
EXIT_ORDER = (EXIT_INTERNAL, EXIT_USAGE, _EXIT[Verdict.REJECTED], _EXIT[Verdict.FAILED],
              _EXIT[Verdict.TIMEOUT], _EXIT[Verdict.VERIFIED])


def exit_code(code: int, diagnostics) -> int:
    """A command's exit code for a verdict's `code`: the service turns its own faults into
    an internal.error diagnostic on an otherwise ordinary verdict, which must not hide
    them."""
    return EXIT_INTERNAL if any(d.code == "internal.error" for d in diagnostics) else code


def most_serious_exit(codes) -> int:
    """The exit code for several results; 0 when there are none."""
    return min(codes, key=EXIT_ORDER.index, default=_EXIT[Verdict.VERIFIED])


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
    # What a verified verdict rests on beyond the kernel's own facts (the C front end's
    # launch assumption: cfamily/clang_builtins.py).
    assumptions: tuple[str, ...] = ()

    @property
    def errors(self) -> tuple[Diagnostic, ...]:
        return tuple(d for d in self.diagnostics if d.severity is Severity.ERROR)

    @property
    def exit_code(self) -> int:
        return exit_code(self.verdict.exit_code, self.diagnostics)
