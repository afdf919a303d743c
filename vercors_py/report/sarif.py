"""The SARIF 2.1.0 report (`check --format sarif`), for code-scanning dashboards.

One run covers every file checked.  Its rules are the whole code registry of
diagnostics.py in registry order, so a result's `ruleIndex` is the same in every report.
Regions use the positions of the JSON report unchanged: SARIF lines and columns are
1-based and `endColumn` is exclusive as ours are, and `columnKind` says that columns
count code points.  Like the JSON report the output is ASCII, keys come in a fixed order
and nothing in it depends on timings, so one input checked in one folder gives one
document.
"""
from __future__ import annotations

import json
import pathlib
import urllib.parse
from typing import Iterable

from ..diagnostics import CODES, FAMILIES, Diagnostic, Related, family_of
from ..results import EXIT_INTERNAL, EXIT_USAGE, FileResult
from ..source import Span

SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
SRCROOT = "%SRCROOT%"
RULE_INDEX = {code: i for i, code in enumerate(CODES)}


def render(results: Iterable[FileResult], *, version: str, exit_code: int,
           unreadable: Iterable[tuple[str, str]] = ()) -> str:
    """`unreadable` holds (path, reason) for each file that could not be read."""
    return json.dumps(report(results, version=version, exit_code=exit_code,
                             unreadable=unreadable), indent=2) + "\n"


def report(results: Iterable[FileResult], *, version: str, exit_code: int,
           unreadable: Iterable[tuple[str, str]] = ()) -> dict:
    results = list(results)
    files = first_of_each_path(results)
    artifacts = {path: i for i, path in enumerate(files)}
    return {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": driver(version)},
            "invocations": [invocation(exit_code, unreadable)],
            # Relative URIs are relative to the folder vercors-py ran in.
            "originalUriBaseIds": {SRCROOT: {"uri": pathlib.Path.cwd().as_uri() + "/"}},
            "artifacts": [artifact(r) for r in files.values()],
            "results": [result(d, r.path, artifacts) for r in results for d in r.diagnostics],
            "columnKind": "unicodeCodePoints",
        }],
    }


def first_of_each_path(results: list[FileResult]) -> dict[str, FileResult]:
    # A file named twice is one artifact: the schema wants artifacts to be unique.
    files: dict[str, FileResult] = {}
    for r in results:
        files.setdefault(r.path, r)
    return files


def driver(version: str) -> dict:
    return {"name": "vercors-py", "version": version, "rules": [rule(code) for code in CODES]}


def rule(code: str) -> dict:
    family = family_of(code)
    summary = CODES[code].summary
    full = f"{summary[:1].upper()}{summary[1:]}. {FAMILIES[family]}"
    return {
        "id": code,
        "shortDescription": {"text": summary},
        "fullDescription": {"text": full},
        # GitHub code scanning shows the help beside each alert and wants it present.
        "help": {"text": f"{full} Every code is explained in docs/errors.md."},
        # Dashboards filter alerts by tag; the family is what groups codes.
        "properties": {"tags": [family]},
    }


def invocation(exit_code: int, unreadable: Iterable[tuple[str, str]]) -> dict:
    # Failed, rejected or unproved files are answers of a successful analysis; an
    # unreadable file or a fault of the tool means the analysis itself did not complete.
    entry = {"executionSuccessful": exit_code not in (EXIT_USAGE, EXIT_INTERNAL),
             "exitCode": exit_code}
    notifications = [{"level": "error", "message": {"text": f"cannot read {path}: {reason}"},
                      "locations": [{"physicalLocation": {"artifactLocation": artifact_location(path)}}]}
                     for path, reason in unreadable]
    if notifications:
        entry["toolExecutionNotifications"] = notifications
    return entry


def artifact(r: FileResult) -> dict:
    return {"location": artifact_location(r.path), "roles": ["analysisTarget"],
            "properties": {"verdict": r.verdict.value}}


def result(d: Diagnostic, path: str, artifacts: dict[str, int]) -> dict:
    entry = {
        "ruleId": d.code,
        "ruleIndex": RULE_INDEX[d.code],
        "level": d.severity.value,      # error, warning and note are SARIF levels too
        "message": {"text": d.message},
        "locations": [{"physicalLocation": physical_location(path, d.span, artifacts)}],
    }
    if d.related:
        entry["relatedLocations"] = [related_location(i, r, artifacts) for i, r in enumerate(d.related)]
    entry["properties"] = properties(d)
    return entry


def related_location(i: int, r: Related, artifacts: dict[str, int]) -> dict:
    return {"id": i, "physicalLocation": physical_location(r.span.path, r.span, artifacts),
            "message": {"text": r.message}}


def properties(d: Diagnostic) -> dict:
    bag: dict = {"notes": list(d.notes)}
    if d.obligation is not None:
        bag["obligation"] = d.obligation
    if (counterexample := d.counterexample) is not None:
        bag["counterexample"] = counterexample
    return bag


def physical_location(path: str, span: Span | None, artifacts: dict[str, int]) -> dict:
    location = artifact_location(path)
    if path in artifacts:
        location["index"] = artifacts[path]
    entry = {"artifactLocation": location}
    if span is not None:        # a diagnostic of the whole file has no region
        entry["region"] = {"startLine": span.start_line, "startColumn": span.start_col,
                           "endLine": span.end_line, "endColumn": span.end_col}
    return entry


def artifact_location(path: str) -> dict:
    """The path as given: an absolute one as a file:// URI, a relative one as a relative
    URI against %SRCROOT% (how code-scanning services expect paths in the repository)."""
    p = pathlib.Path(path)
    if p.is_absolute():
        return {"uri": p.as_uri()}
    return {"uri": urllib.parse.quote(p.as_posix()), "uriBaseId": SRCROOT}
