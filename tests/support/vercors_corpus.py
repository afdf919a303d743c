"""VerCors's examples in tests/data/vercors/ (issue 29): the manifest, VerCors's verdict
as one of our exit codes, and what a `check` of a file says about it.  Shared by
tests/vercors/test_corpus.py and bench/vercors.py, so that the test and the figures in
docs/vercors.md count the same way."""
from __future__ import annotations

import csv
import functools
import pathlib

import attrs

from vercors_py import service
from vercors_py.diagnostics import CODES, Diagnostic, Severity
from vercors_py.results import FileResult

REPO = pathlib.Path(__file__).resolve().parents[2]
CORPUS = REPO / "tests" / "data" / "vercors"
MANIFEST = CORPUS / "MANIFEST.tsv"
AGREED = CORPUS / "AGREED.txt"

VERIFIED, FAILED, REJECTED, INTERNAL = 0, 1, 3, 5
# VerCors's verdict kinds as our exit codes: a resolution or type error is a rejection
# before verification (ours: 3), a verification failure is a failure (ours: 1).
_EXIT_OF = {"pass": VERIFIED, "fail": FAILED, "error": REJECTED}
# The families whose errors say that the front end did not read the file: its text is
# outside what we parse (syntax), what we map (unsupported), or clang refused it.
_UNREAD = {"syntax", "unsupported"}
_CLANG_REFUSED = "type.c-semantic"


@attrs.frozen
class Entry:
    path: str              # relative to VerCors's examples/ (and to CORPUS)
    registered: bool
    verdict: str           # "pass", "fail CODE", "error CODE", "header pass" or "-"
    spec: str
    line: str
    companions: tuple[str, ...]
    constructs: tuple[str, ...]

    @property
    def file(self) -> pathlib.Path:
        return CORPUS / self.path

    @property
    def expected_exit(self) -> int | None:
        """Our exit code for VerCors's verdict, None when VerCors gives none (an
        unregistered file without a `//:: verdict` header)."""
        kind = self.verdict.removeprefix("header ").split(" ", 1)[0]
        return _EXIT_OF.get(kind)


def entries() -> list[Entry]:
    with MANIFEST.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    return [Entry(r["path"], r["registered"] == "yes", r["verdict"], r["spec"], r["line"],
                  tuple(r["companions"].split()), tuple(r["constructs"].split())) for r in rows]


def agreed() -> set[str]:
    lines = AGREED.read_text(encoding="utf-8").splitlines()
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")}


@functools.cache
def checked(path: str, timeout: float = 10.0) -> FileResult:
    """`check` on a corpus file, in-process, as tests/corpus does it (once per file)."""
    file = CORPUS / path
    return service.check_text(file.read_text(encoding="utf-8"), str(file), service.Options(timeout=timeout, jobs=1))


def errors(result: FileResult) -> list[Diagnostic]:
    return [d for d in result.diagnostics if d.severity is Severity.ERROR]


def stopper(result: FileResult) -> Diagnostic | None:
    """The error that says why the file was not read (its first syntax.*, unsupported.* or
    clang's own error), None when the front end read it."""
    return next((d for d in errors(result) if d.family in _UNREAD or d.code == _CLANG_REFUSED), None)


def is_read(result: FileResult) -> bool:
    return result.exit_code != INTERNAL and stopper(result) is None


def placed(d: Diagnostic, file: pathlib.Path) -> bool:
    """The diagnostic names a registered code and a place (file:line:col) in the file."""
    return (d.code in CODES and d.span is not None and pathlib.Path(d.span.path) == file
            and d.span.start_line >= 1 and d.span.start_col >= 1)


def where(d: Diagnostic) -> str:
    return f"{d.span.start_line}:{d.span.start_col}" if d.span else "-"


@functools.cache
def raced(path: str, timeout: float = 10.0):
    """`races` on a corpus file, in-process (once per file)."""
    file = CORPUS / path
    return service.races_text(file.read_text(encoding="utf-8"), str(file), service.Options(timeout=timeout, jobs=1))
