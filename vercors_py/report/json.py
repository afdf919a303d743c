"""The machine-readable report (`check --format json`); the schema is in docs/cli.md.

Keys come out in a fixed order (the order they are built in), so two runs differ only
in their timings.  Lines and columns are 1-based, columns count characters (code
points), and a range's end is exclusive: the position just after its last character.
"""
from __future__ import annotations

import json
from typing import Iterable

from ..diagnostics import Diagnostic
from ..results import Conclusion, FileResult, ObligationResult
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
        "assumptions": list(result.assumptions) if result.verdict.conclusion is Conclusion.YES else [],
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


def render_races(results) -> str:
    """`races --format json`: the schema is in docs/cli.md."""
    return json.dumps({"files": [{"path": r.path, "verdict": r.verdict.value, "seconds": round(r.seconds, 3),
                                  "pairs": r.pairs,
                                  "assumptions": list(r.assumptions) if r.verdict.conclusion is Conclusion.YES else [],
                                  "diagnostics": [diagnostic_entry(d) for d in r.diagnostics]}
                                 for r in results]}, indent=2) + "\n"


def render_run(results) -> str:
    """`run --format json`: the schema is in docs/cli.md."""
    return json.dumps({"files": [run_entry(r) for r in results]}, indent=2) + "\n"


def run_entry(result) -> dict:
    return {
        "path": result.path,
        "verdict": result.verdict.value,
        "seconds": round(result.seconds, 3),
        "diagnostics": [diagnostic_entry(d) for d in result.diagnostics],
        "launches": [{"gsize": r.launch.gsize, "ngroups": r.launch.ngroups,
                      "params": dict(r.launch.params), "schedule": r.schedule.value, "seed": r.seed,
                      "ran": r.ran, "steps": r.steps, "problems": len(r.diagnostics),
                      "trace": [trace_entry(s, s.step in r.marked) for s in r.trace]}
                     for r in result.launches],
    }


def trace_entry(step, marked: bool) -> dict:
    return {"step": step.step, "gid": step.thread.gid, "lid": step.thread.lid, "tid": step.thread.tid,
            "range": range_entry(step.span), "marked": marked,
            "accesses": [{"kind": verb, "array": cell.array.name, "group": cell.group, "index": cell.index,
                          "value": value} for verb, cell, value in step.accesses]}
