"""Our diagnostics as LSP diagnostics: severity, code, range, related information.

A diagnostic's notes (counterexamples) are appended to its message: every client shows
the message, not every client shows related information.  Its related spans become
related information when the client supports it, and lines of the message otherwise.
"""
from __future__ import annotations

from lsprotocol import types

from vercors_py import diagnostics as D
from vercors_py import explain
from vercors_py.source import SourceText

from .positions import Positions

SOURCE = "vercors-py"

SEVERITY = {
    D.Severity.ERROR: types.DiagnosticSeverity.Error,
    D.Severity.WARNING: types.DiagnosticSeverity.Warning,
    D.Severity.NOTE: types.DiagnosticSeverity.Information,
}


def to_lsp(d: D.Diagnostic, source: SourceText, uri: str, positions: Positions,
           related_support: bool = True) -> types.Diagnostic:
    message = d.message
    if d.notes:
        message += "\n" + "\n".join(d.notes)
    related = None
    if d.related:
        if related_support:
            related = [types.DiagnosticRelatedInformation(
                location=types.Location(uri=uri, range=positions.range(source, r.span)),
                message=r.message) for r in d.related]
        else:
            message += "".join(f"\n{r.message} (line {r.span.start_line})" for r in d.related)
    data = {"obligation": d.obligation} if d.obligation else None
    return types.Diagnostic(
        range=positions.range(source, d.span),
        message=message,
        severity=SEVERITY[d.severity],
        code=d.code,
        # the code is a link to its entry (`vercors-py explain CODE`) in the installed package
        code_description=types.CodeDescription(href=explain.href(d.code)),
        source=SOURCE,
        related_information=related,
        data=data,
    )
