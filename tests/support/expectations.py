"""Expectations written into .pvl files, as mypy's test data does.

The header names the verdict (`//:: verdict verified | fails FAMILY... | rejected
FAMILY... | timeout`).  A comment `//! code [code...]` on a line says that errors are
reported on that line, each with one of the listed codes; lines without one must have
no error.  `check` runs the file and returns the list of mismatches (empty when it
meets its expectations).
"""
from __future__ import annotations

import pathlib
import re

from vercors_py import service
from vercors_py.diagnostics import Severity

_MARK = re.compile(r"//!\s*([\w.\- ]+)")


def header(text: str) -> tuple[str, set[str]]:
    for line in text.splitlines()[:10]:
        if line.strip().startswith("//:: verdict"):
            words = line.split()[2:]
            return words[0], set(words[1:])
    raise ValueError("no //:: verdict header")


def marks(text: str) -> dict[int, set[str]]:
    found = {}
    for number, line in enumerate(text.splitlines(), start=1):
        m = _MARK.search(line)
        if m:
            found[number] = set(m.group(1).split())
    return found


def check(path: pathlib.Path, timeout: float = 10.0) -> list[str]:
    text = path.read_text()
    want, families = header(text)
    expected = marks(text)
    result = service.check_text(text, str(path), service.Options(timeout=timeout, jobs=1))
    problems = []
    verdict = {"fails": "failed"}.get(want, want)
    if result.verdict.value != verdict:
        problems.append(f"verdict {result.verdict.value}, expected {verdict}")
    errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
    if families and not families & {d.family for d in errors}:
        problems.append(f"no error of the families {sorted(families)}")
    by_line: dict[int, set[str]] = {}
    for d in errors:
        line = d.span.start_line if d.span else 0
        by_line.setdefault(line, set()).add(d.code)
        if line not in expected or d.code not in expected[line]:
            problems.append(f"unexpected {d.code} at line {line}: {d.message}")
    for line, codes in expected.items():
        if line not in by_line:
            problems.append(f"expected one of {sorted(codes)} at line {line}, got nothing")
    return problems


def races_header(text: str) -> str:
    for line in text.splitlines()[:5]:
        if line.strip().startswith("//:: races"):
            return line.split()[2]
    raise ValueError("no //:: races header")


def check_races(path: pathlib.Path, timeout: float = 10.0, benign_writes: bool = False) -> list[str]:
    """`races` on a file with a `//:: races VERDICT` header and `//! code` marks.  A race
    is about two lines, its own and the other access's (a related place): a mark on
    either stands for it, and it is unexpected only when neither is marked."""
    text = path.read_text()
    want, expected = races_header(text), marks(text)
    result = service.races_text(text, str(path), service.Options(timeout=timeout), benign_writes=benign_writes)
    problems = [] if result.verdict.value == want else [f"verdict {result.verdict.value}, expected {want}"]
    seen: dict[int, set[str]] = {}
    for d in (d for d in result.diagnostics if d.severity is Severity.ERROR):
        lines = {d.span.start_line if d.span else 0} | {r.span.start_line for r in d.related if r.span}
        for line in lines:
            seen.setdefault(line, set()).add(d.code)
        if not any(d.code in expected.get(line, ()) for line in lines):
            problems.append(f"unexpected {d.code} at line {min(lines)}: {d.message}")
    for line, codes in expected.items():
        if not codes & seen.get(line, set()):
            problems.append(f"expected one of {sorted(codes)} at line {line}, got nothing")
    return problems
