"""The machine-readable report (`check --format json`); the schema is in docs/cli.md.

Keys come out in a fixed order (the order they are built in), so two runs differ only
in their timings.  Lines and columns are 1-based, columns count characters (code
points), and a range's end is exclusive: the position just after its last character.
"""
from __future__ import annotations

import json
from typing import Iterable

from ..diagnostics import Diagnostic
from ..results import FileResult, ObligationResult
from ..source import Span


def render(results: Iterable[FileResult]) -> str:
    # ASCII only: whatever encoding stdout has, the output stays valid JSON.
    return json.dumps(report(results), indent=2) + "\n"


def report(results: Iterable[FileResult]) -> dict:
    return {"files": [file_entry(r) for r in results]}


def file_entry(result: FileResult) -> dict:
    return {
        "path": result.path,
        "verdict": result.verdict.value,
        "seconds": round(result.seconds, 3),
        "diagnostics": [diagnostic_entry(d) for d in result.diagnostics],
        "obligations": [obligation_entry(o) for o in result.obligations],
    }


def diagnostic_entry(d: Diagnostic) -> dict:
    entry = {
        "code": d.code,
        "severity": d.severity.value,
        "message": d.message,
        "range": range_entry(d.span),
        "related": [{"message": r.message, "range": range_entry(r.span)} for r in d.related],
        "notes": list(d.notes),
    }
    if d.obligation is not None:
        entry["obligation"] = d.obligation
    return entry


def obligation_entry(o: ObligationResult) -> dict:
    return {"name": o.name, "kind": o.kind, "verdict": o.verdict.value,
            "seconds": round(o.seconds, 3)}


def range_entry(span: Span | None) -> dict | None:
    if span is None:
        return None
    return {"start": {"line": span.start_line, "column": span.start_col},
            "end": {"line": span.end_line, "column": span.end_col}}
