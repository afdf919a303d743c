"""The one API that the command line, the language server and the benchmark call.

text in -> parsed and checked program, static diagnostics, obligations, results.
Nothing here prints; callers render `FileResult`s with report/ or lsp/.
"""
from __future__ import annotations

import sys
import time
import traceback

import attrs

from . import diagnostics as D
from .results import FileResult, Verdict
from .engine.solver import Cancelled
from .source import SourceText
from .syntax import parser


@attrs.frozen
class Options:
    timeout: float = 10.0          # seconds per solver check
    jobs: int | None = None        # worker processes for obligations; None: one per core
    verify: bool = True            # False: static checks only (the language server's fast path)


@attrs.frozen
class Analysis:
    """The static part of a check: everything up to, not including, the solver."""
    source: SourceText
    program: object | None         # the resolved program when there were no errors
    checked: object | None         # semantics.check.CheckedProgram
    diagnostics: tuple[D.Diagnostic, ...]

    @property
    def rejected(self) -> bool:
        return any(d.severity is D.Severity.ERROR for d in self.diagnostics)


def analyze(text: str, path: str) -> Analysis:
    parsed = parser.parse(text, path)
    if parsed.program is None:
        return Analysis(parsed.source, None, None, parsed.diagnostics)
    from .semantics import check
    checked = check.check_program(parsed.program, parsed.source)
    return Analysis(parsed.source, checked.program, checked, checked.diagnostics)


def check_text(text: str, path: str, options: Options = Options(), cancel=None) -> FileResult:
    """Check one text.  With a CancelToken `cancel`, engine.solver.Cancelled is raised
    when it is cancelled; nothing else escapes."""
    start = time.perf_counter()
    try:
        result = _check(text, path, options, cancel)
    except Cancelled:
        raise
    except Exception as exc:  # a fault of ours must reach the user as a diagnostic
        detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
        result = FileResult(path, SourceText(path, text), Verdict.FAILED,
                            (D.error("internal.error", None, f"internal error: {detail}"),))
    return attrs.evolve(result, seconds=time.perf_counter() - start)


def check_file(path: str, options: Options = Options()) -> FileResult:
    with open(path, "rb") as handle:
        data = handle.read()
    text, problem = parser.decode(path, data)
    if problem is not None:
        return FileResult(path, None, Verdict.REJECTED, (problem,))
    return check_text(text, path, options)


def obligations_of_file(path: str):
    """The obligations of a file, or the FileResult that says why it has none."""
    with open(path, "rb") as handle:
        data = handle.read()
    text, problem = parser.decode(path, data)
    if problem is not None:
        return FileResult(path, None, Verdict.REJECTED, (problem,))
    analysis = analyze(text, path)
    if analysis.rejected:
        return FileResult(path, analysis.source, Verdict.REJECTED, _sorted(analysis.diagnostics))
    from .obligations import generate
    return generate.obligations(analysis.checked)


def _check(text: str, path: str, options: Options, cancel=None) -> FileResult:
    analysis = analyze(text, path)
    if analysis.rejected:
        return FileResult(path, analysis.source, Verdict.REJECTED, _sorted(analysis.diagnostics))
    from .obligations import generate
    from .engine import runner
    obligations = generate.obligations(analysis.checked)
    results = runner.run_all(obligations, options, cancel)
    diagnostics = list(analysis.diagnostics)
    for r in results:
        diagnostics.extend(r.diagnostics)
    verdicts = {r.verdict for r in results}
    if Verdict.FAILED in verdicts:
        verdict = Verdict.FAILED
    elif Verdict.TIMEOUT in verdicts:
        verdict = Verdict.TIMEOUT
    else:
        verdict = Verdict.VERIFIED
    return FileResult(path, analysis.source, verdict, _sorted(diagnostics), tuple(results))


def _sorted(diagnostics) -> tuple[D.Diagnostic, ...]:
    unique = list(dict.fromkeys(diagnostics))
    return tuple(sorted(unique, key=D.sort_key))
