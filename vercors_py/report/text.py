"""Compiler-style text report of one file's result.

Pure: `render` returns the text and the command line decides where it goes and
whether it is coloured (a `style.Style`; plain by default).  Each diagnostic is
`path:line:col: severity: message [code]`, the source line with a caret line under the
range, then its related places and notes; the last line sums up the file.
"""
from __future__ import annotations

from ..diagnostics import Diagnostic, Severity
from ..results import EXIT_INTERNAL, Conclusion, FileResult, ObligationResult, Verdict
from ..source import SourceText, Span
from .style import PLAIN, Style

# Tabs are expanded in source excerpts, as GCC and Clang do, so the caret line lines up
# whatever tab width the terminal uses.
TAB_SIZE = 8
EXCERPT_WIDTH = 120      # columns of source shown at most
EXCERPT_CONTEXT = 40     # columns kept before the range when a long line is cut

_MARKS = {Verdict.VERIFIED: "✓", Verdict.FAILED: "✗", Verdict.TIMEOUT: "?"}


def render(result: FileResult, obligations: bool = False, explained: set[str] | None = None,
           style: Style = PLAIN) -> str:
    """`explained`: the codes whose `see: vercors-py explain CODE` line was printed already
    in this run (the line comes once per code and run); None prints none."""
    lines: list[str] = []
    for diagnostic in result.diagnostics:
        lines.extend(_diagnostic(diagnostic, result, explained, style))
    if obligations:
        lines.extend(_obligations(result.obligations, style))
    lines.append(summary(result, style))
    return "\n".join(lines) + "\n"


def summary(result: FileResult, style: Style = PLAIN) -> str:
    """One line: the verdict, what went wrong, and how much was checked in what time."""
    # A fault of the tool says nothing about the program, whatever verdict it came with.
    word = "internal error" if result.exit_code == EXIT_INTERNAL else result.verdict.value
    counts = _counts(result.diagnostics)
    unknown = sum(1 for o in result.obligations if o.verdict is Verdict.TIMEOUT)
    if unknown:
        counts.append(f"{unknown} unknown")
    line = f"{result.path}: {style.verdict(word, result.exit_code)}"
    if result.verdict is Verdict.VERIFIED:
        line += "".join(f" {a}" for a in result.assumptions)
    if counts:
        line += ": " + ", ".join(counts)
    if result.verdict is not Verdict.REJECTED:
        line += f" ({_plural(len(result.obligations), 'obligation')}, {result.seconds:.2f} s)"
    return line


def render_races(result, explained: set[str] | None = None, style: Style = PLAIN) -> str:
    """A `races.model.RacesResult`: its diagnostics as `check` prints them, and a
    summary line."""
    lines: list[str] = []
    for diagnostic in result.diagnostics:
        lines.extend(_diagnostic(diagnostic, result, explained, style))
    line = f"{result.path}: {style.verdict(result.verdict.value, result.exit_code)}"
    if result.verdict.conclusion is Conclusion.YES:
        # A race found is a race of a launch the assumptions allow; race freedom holds
        # only for those launches.
        line += "".join(f" {a}" for a in result.assumptions)
    counts = _counts(result.diagnostics)
    if counts:
        line += ": " + ", ".join(counts)
    if result.verdict.conclusion is not Conclusion.REJECTED:
        line += f" ({_plural(result.pairs, 'pair')} of accesses, {result.seconds:.2f} s)"
    lines.append(line)
    return "\n".join(lines) + "\n"


def render_infer(result, explained: set[str] | None = None, style: Style = PLAIN) -> str:
    """An `infer.program.InferResult`: the problems of the kernels without a contract and
    the check's diagnostics on the text with the contracts, then a summary line."""
    lines: list[str] = []
    for diagnostic in result.diagnostics:
        lines.extend(_diagnostic(diagnostic, result, explained, style))
    line = f"{result.path}: {style.verdict(result.verdict.value, result.exit_code)}"
    if result.verdict.conclusion is Conclusion.YES:
        line += "".join(f" {a}" for a in result.assumptions)
    if result.kernels:
        line += f" (kernel{'s' if len(result.kernels) > 1 else ''} {', '.join(result.kernels)}, {result.seconds:.2f} s)"
    lines.append(line)
    return "\n".join(lines) + "\n"


def render_run(result, trace: bool = False, explained: set[str] | None = None, style: Style = PLAIN) -> str:
    """A `run.model.RunResult`: its problems as `check` prints diagnostics, the trace of
    the first one when asked for, and a summary line."""
    lines: list[str] = []
    for diagnostic in result.diagnostics:
        lines.extend(_diagnostic(diagnostic, result, explained, style))
    if trace:
        lines.extend(_trace(result))
    lines.append(run_summary(result, style))
    return "\n".join(lines) + "\n"


def run_summary(result, style: Style = PLAIN) -> str:
    counts = _counts(result.diagnostics)
    line = f"{result.path}: {style.verdict(result.verdict.value, result.exit_code)}"
    if counts:
        line += ": " + ", ".join(counts)
    if result.launches:
        ran = [r for r in result.launches if r.ran]
        line += f" ({_plural(len(ran), 'launch')}"
        if len(ran) < len(result.launches):
            line += f", {len(result.launches) - len(ran)} without inputs meeting the precondition"
        line += f", {sum(r.steps for r in ran)} steps, {result.seconds:.2f} s)"
    return line


def render_picture(result, explained: set[str] | None = None, style: Style = PLAIN) -> str:
    """A `picture.make.PictureResult`: the launch's problems as `run` prints them, and a
    summary line naming the launch drawn and the image written."""
    lines = [line for d in result.diagnostics for line in _diagnostic(d, result, explained, style)]
    line = f"{result.path}: {style.verdict(result.verdict.value, result.exit_code)}"
    counts = _counts(result.diagnostics)
    if counts:
        line += ": " + ", ".join(counts)
    details = [result.launch] if result.launch else []
    if result.out is not None:
        details.append(f"picture in {result.out}")
    if details:
        line += f" ({'; '.join(details)})"
    return "\n".join(lines + [line]) + "\n"


def _trace(result):
    shown = next((r for r in result.launches if r.marked and r.trace), None)
    if shown is None:
        return
    yield (f"trace of the first problem: launch {shown.launch.describe()}; schedule "
           f"{shown.schedule.value}, seed {shown.seed}")
    for step in shown.trace:
        mark = ">" if step.step in shown.marked else " "
        text = _statement(result.source, step.span)
        touched = step.touched()
        ids = step.thread
        yield (f"{mark} {step.step:>5}  tid {ids.tid} (gid {ids.gid}, lid {ids.lid})  line {step.span.start_line}: "
               f"{text}" + (f"  [{touched}]" if touched else ""))


def _statement(source: SourceText | None, span: Span) -> str:
    if source is None:
        return ""
    text = source.text[span.start:span.end].split("\n")[0].strip()
    return text if len(text) <= 50 else text[:47] + "..."


def _counts(diagnostics) -> list[str]:
    """"2 errors", "1 warning", ...: the diagnostics by severity, those there are."""
    return [_plural(n, severity.value) for severity in Severity
            if (n := sum(1 for d in diagnostics if d.severity is severity))]


def _plural(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "es" if noun.endswith("ch") else "s")


def _diagnostic(d: Diagnostic, result: FileResult, explained: set[str] | None, style: Style):
    head = f"{style.severity(d.severity.value)} {d.message} [{d.code}]"
    if d.span is None:
        yield f"{result.path}: {head}"
    else:
        yield f"{d.span.describe()}: {head}"
        # A span in another text (a host fact given with --assume) has no line here.
        if result.source is not None and d.span.path == result.source.path:
            line, carets = _excerpt(result.source, d.span)
            yield line
            yield style.caret(carets)
    note = style.severity("note")
    for related in d.related:
        yield f"{related.span.describe()}: {note} {related.message}"
    for body in d.notes:
        first, *rest = body.splitlines() or [""]
        yield f"  {note} {first}"
        yield from (f"        {line}" for line in rest)
    if explained is not None and d.code not in explained:
        explained.add(d.code)
        yield f"  see: vercors-py explain {d.code}"


def _excerpt(source: SourceText, span: Span) -> tuple[str, str]:
    """The first line of the range and a caret line under the part of it in the range."""
    cells = _cells(source.line_text(span.start_line).removesuffix("\r"))
    start = min(span.start_col - 1, len(cells))
    end = span.end_col - 1 if span.end_line == span.start_line else len(cells)
    end = max(min(end, len(cells)), start + 1)   # an empty range still gets its caret
    # A long line (a generated kernel, a huge literal) is cut to a window at the range.
    first = 0
    if _width(cells) > EXCERPT_WIDTH:
        first, kept = start, 0
        while first > 0 and kept + len(cells[first - 1]) <= EXCERPT_CONTEXT:
            first -= 1
            kept += len(cells[first])
    last, shown = first, 0
    while last < len(cells) and shown + len(cells[last]) <= EXCERPT_WIDTH:
        shown += len(cells[last])
        last += 1
    before = "..." if first > 0 else ""
    after = "..." if last < len(cells) else ""
    underline = max(_width(cells[start:min(end, last)]), 1)
    return (before + "".join(cells[first:last]) + after,
            " " * (len(before) + _width(cells[first:start])) + "^" + "~" * (underline - 1))


def _width(cells: list[str]) -> int:
    return sum(len(c) for c in cells)


def _cells(text: str) -> list[str]:
    """Each character of a source line as shown: tabs expanded, control characters as `?`
    (they would move the cursor and break the alignment)."""
    cells: list[str] = []
    column = 0
    for ch in text:
        if ch == "\t":
            cell = " " * (TAB_SIZE - column % TAB_SIZE)
        else:
            cell = ch if ch.isprintable() else "?"
        cells.append(cell)
        column += len(cell)
    return cells


def _obligations(obligations: tuple[ObligationResult, ...], style: Style):
    """One line each, names and times in columns."""
    names = max((len(o.name) for o in obligations), default=0)
    times = [f"{o.seconds:.2f}" for o in obligations]
    width = max(map(len, times), default=0)
    for o, seconds in zip(obligations, times):
        mark = style.verdict(_MARKS[o.verdict], o.verdict.exit_code)
        yield f"  {mark} {o.name.ljust(names)}  {seconds.rjust(width)} s"
