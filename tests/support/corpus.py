"""Header-only expectations for corpus files (examples/, ../shared/conformance/).

Corpus files carry a `//:: verdict` header but no `//!` marks, so only the header
counts: the verdict must match, a `fails`/`rejected` file must report an error of one
of the listed families, and a `verified` file must report no error at all.
"""
from __future__ import annotations

import pathlib

from vercors_py import service
from vercors_py.diagnostics import Severity

from .expectations import header

_VERDICTS = {"fails": "failed"}


def check_header(path: pathlib.Path, timeout: float = 10.0, result=None) -> list[str]:
    """The mismatches between `path`'s header and its check (`result`, when the caller
    has already checked it)."""
    text = path.read_text(encoding="utf-8")
    want, families = header(text)
    if result is None:
        result = service.check_text(text, str(path), service.Options(timeout=timeout, jobs=1))
    errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
    problems = []
    verdict = _VERDICTS.get(want, want)
    if result.verdict.value != verdict:
        problems.append(f"verdict {result.verdict.value}, expected {verdict}")
    if want == "verified":
        problems += [f"unexpected {d.code} at line {d.span.start_line if d.span else 0}: {d.message}"
                     for d in errors]
    elif want in ("fails", "rejected"):
        if not families:
            problems.append("the header lists no family")
        elif not families & {d.family for d in errors}:
            problems.append(f"no error of the families {sorted(families)}; got {sorted({d.code for d in errors})}")
    if any(d.code == "internal.error" for d in result.diagnostics):
        problems.append("internal error")
    return problems
