#!/usr/bin/env python3
"""How far the C front end gets on GPUVerify's test suite (issue 14).

    .venv/bin/python bench/peers.py                 # summary on stdout
    .venv/bin/python bench/peers.py --write         # also regenerate docs/peers.md
    .venv/bin/python bench/peers.py --suite DIR     # another copy of the suite

For every kernel.cu / kernel.cl under ../shared/peers/gpuverify-testsuite/ it runs the
front end's stages in order and records the first one that does not succeed:

    stage "parse" (cfamily.parse_file)
        crashed      an exception escaped our code (must never happen)
        syntax       the parser reported syntax problems (first code and line recorded)
        parsed       the stage ran cleanly; the kernel goes on to the next stage
    stage "mapped" (service.analyze: the mapping onto our AST, then resolve, types and
    divergence, everything before the obligations)
        crashed      an exception escaped service.analyze (traceback's last frames recorded)
        syntax       a `syntax.*` error (in GPUVerify's annotations, say), and no unsupported.*
        unsupported  an `unsupported.*` error: code outside the subset (the first such code)
        rejected     no syntax.*/unsupported.* error, but the static checks reject the
                     mapped program (`type.*`, `divergence.*`; the first error's code)
        mapped       no error at all: the kernel reaches the obligations

and the time per kernel (the least of --repeat runs, reading the file included; per stage
too).  Each stage is a function from the previous stage's product to its own product and
its errors, and a function from those errors to the stage's failure outcome and the
diagnostic that names it.  The kernel's text is analysed with the launch configuration of
its GPUVerify header line (the front end reads it); GPUVerify's annotation functions
(`__requires`, ...) are the front end's to handle.  It measures; it never fails on a count
(exit 1 only if the runner itself cannot run).
"""
from __future__ import annotations

import argparse
import collections
import enum
import platform
import re
import statistics
import sys
import time
import traceback
from pathlib import Path
from typing import Any, Callable, Iterable

import attrs

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from vercors_py import cfamily, service  # noqa: E402
from vercors_py import diagnostics as D  # noqa: E402
from vercors_py.diagnostics import Diagnostic  # noqa: E402

SUITE = ROOT.parent / "shared" / "peers" / "gpuverify-testsuite"
DOC = ROOT / "docs" / "peers.md"
TRACE_FRAMES = 3                     # frames of a crash's traceback that are kept


class Outcome(enum.Enum):
    CRASHED = "crashed"
    SYNTAX = "syntax"
    PARSED = "parsed"                # success of the parse stage; never final
    UNSUPPORTED = "unsupported"
    REJECTED = "rejected"
    MAPPED = "mapped"


FINAL = (Outcome.CRASHED, Outcome.SYNTAX, Outcome.UNSUPPORTED, Outcome.REJECTED, Outcome.MAPPED)


@attrs.frozen
class Stage:
    name: str
    success: Outcome                 # the outcome when this and all earlier stages succeed
    outcomes: tuple[Outcome, ...]    # what this stage can end in (its table's columns)
    run: Callable[[Any], tuple[Any, tuple[Diagnostic, ...]]]
    # the failure outcome for the stage's (non-empty) errors, and the diagnostic that names it
    failure: Callable[[tuple[Diagnostic, ...]], tuple[Outcome, Diagnostic]]


def _parse(path: Path) -> tuple[cfamily.ParsedUnit, tuple[Diagnostic, ...]]:
    unit = cfamily.parse_file(str(path))
    return unit, unit.problems


def _syntax(problems: tuple[Diagnostic, ...]) -> tuple[Outcome, Diagnostic]:
    return Outcome.SYNTAX, problems[0]


def _analyze(unit: cfamily.ParsedUnit) -> tuple[service.Analysis, tuple[Diagnostic, ...]]:
    analysis = service.analyze(unit.source.text, unit.source.path)
    return analysis, tuple(d for d in analysis.diagnostics if d.severity is D.Severity.ERROR)


def _classify(errors: tuple[Diagnostic, ...]) -> tuple[Outcome, Diagnostic]:
    """unsupported.* wins (the mapping gave up, so later errors may be its consequence),
    then syntax.*, then internal.* (a fault of ours that was caught), then the rest."""
    for family, outcome in (("unsupported", Outcome.UNSUPPORTED), ("syntax", Outcome.SYNTAX),
                            ("internal", Outcome.CRASHED)):
        first = next((d for d in errors if d.family == family), None)
        if first is not None:
            return outcome, first
    return Outcome.REJECTED, errors[0]


STAGES: tuple[Stage, ...] = (
    Stage("parse", Outcome.PARSED, (Outcome.CRASHED, Outcome.SYNTAX, Outcome.PARSED), _parse, _syntax),
    Stage("mapped", Outcome.MAPPED,
          (Outcome.CRASHED, Outcome.SYNTAX, Outcome.UNSUPPORTED, Outcome.REJECTED, Outcome.MAPPED),
          _analyze, _classify),
)


@attrs.frozen
class KernelResult:
    kernel: str                      # relative to the suite: CUDA/align/kernel.cu
    language: str                    # "cu" or "cl"
    expectation: str                 # "pass", "xfail:NOT_ALL_VERIFIED", ... from line 1
    outcome: Outcome                 # the final one
    seconds: float                   # all stages that ran
    code: str | None = None          # the naming diagnostic's code (or the exception's type)
    line: int | None = None
    message: str | None = None
    problems: int = 0                # errors of the stage that failed
    stages: tuple[Outcome, ...] = ()  # the outcome of each stage that ran, in order
    stage_seconds: tuple[float, ...] = ()
    codes: tuple[str, ...] = ()      # every error code of the failing stage, sorted, once each
    trace: tuple[str, ...] = ()      # a crash's last frames, innermost last

    @property
    def stage(self) -> str:
        """The name of the last stage that ran (the one that failed, if one did)."""
        return STAGES[len(self.stages) - 1].name if self.stages else ""


def expectation(path: Path) -> str:
    """GPUVerify's expected outcome, from the kernel's first line (`//pass`, `//xfail:X`)."""
    with open(path, encoding="utf-8", errors="replace") as f:
        first = f.readline().strip()
    said = first[2:].strip() if first.startswith("//") else ""
    kind, colon, code = said.partition(":")
    # GPUVerify reads the word in either case (a few kernels say //PASS); one spelling
    # per expectation keeps the table short.
    return kind.lower() + colon + code.upper() if kind else "unknown"


class _Crash(Exception):
    def __init__(self, stage: int, error: Exception, seconds: list[float]):
        super().__init__(str(error))
        self.stage, self.error, self.seconds = stage, error, seconds


def measure(path: Path, suite: Path | None = None, repeat: int = 1) -> KernelResult:
    """Run the stages on one kernel; the times are the least of `repeat` runs."""
    name = str(path.relative_to(suite)) if suite else path.name
    base = dict(kernel=name, language=path.suffix.lstrip("."), expectation=expectation(path))
    best: list[float] | None = None
    for _ in range(max(1, repeat)):
        try:
            reached, problems, naming, seconds = _run_stages(path)
        except _Crash as crash:     # the outcome we measure: any exception is our fault
            e = crash.error
            frames = traceback.extract_tb(e.__traceback__)[-TRACE_FRAMES:]
            where = frames[-1] if frames else None
            return KernelResult(
                **base, outcome=Outcome.CRASHED, seconds=sum(crash.seconds),
                code=type(e).__name__, line=None,
                message=f"{e} ({Path(where.filename).name}:{where.lineno})" if where else str(e),
                stages=tuple([Outcome.PARSED] * crash.stage + [Outcome.CRASHED]),
                stage_seconds=tuple(crash.seconds),
                trace=tuple(f"{_short(f.filename)}:{f.lineno} in {f.name}: {(f.line or '').strip()}"
                            for f in frames))
        best = seconds if best is None else [min(a, b) for a, b in zip(best, seconds)]
    outcome = reached[-1]
    return KernelResult(**base, outcome=outcome, seconds=sum(best),
                        code=naming.code if naming else None,
                        line=naming.span.start_line if naming and naming.span else None,
                        message=naming.message if naming else None, problems=len(problems),
                        stages=reached, stage_seconds=tuple(best),
                        codes=tuple(sorted({d.code for d in problems})))


def _short(filename: str) -> str:
    """A frame's file relative to the project (vercors_py/cfamily/translate.py)."""
    try:
        return str(Path(filename).resolve().relative_to(ROOT))
    except ValueError:
        return Path(filename).name


def _run_stages(path: Path):
    product: Any = path
    reached: list[Outcome] = []
    seconds: list[float] = []
    for index, stage in enumerate(STAGES):
        started = time.perf_counter()
        try:
            product, problems = stage.run(product)
        except Exception as e:
            seconds.append(time.perf_counter() - started)
            raise _Crash(index, e, seconds) from e
        seconds.append(time.perf_counter() - started)
        if problems:
            outcome, naming = stage.failure(problems)
            reached.append(outcome)
            return tuple(reached), problems, naming, seconds
        reached.append(stage.success)
    return tuple(reached), (), None, seconds


def kernels(suite: Path) -> list[Path]:
    return sorted(p for p in suite.rglob("kernel.*") if p.suffix in (".cu", ".cl"))


# ---- reports ----

def _counts(results, key, outcome=lambda r: r.outcome) -> dict[str, collections.Counter]:
    table: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for r in results:
        table[key(r)][outcome(r)] += 1
    return dict(sorted(table.items()))


def _table(title: str, rows: dict[str, collections.Counter], outcomes: Iterable[Outcome] = FINAL) -> list[str]:
    outcomes = list(outcomes)
    lines = [f"| {title} | kernels | " + " | ".join(o.value for o in outcomes) + " |",
             "|---|---:|" + "---:|" * len(outcomes)]
    total: collections.Counter = collections.Counter()
    for name, counter in rows.items():
        total.update(counter)
        lines.append(f"| {name} | {sum(counter.values())} | "
                     + " | ".join(str(counter[o]) for o in outcomes) + " |")
    lines.append(f"| **all** | {sum(total.values())} | "
                 + " | ".join(str(total[o]) for o in outcomes) + " |")
    return lines


def _stage_table(results, index: int) -> list[str]:
    """The kernels that reached stage `index`, by language, by that stage's outcome."""
    reached = [r for r in results if len(r.stages) > index]
    return _table("language", _counts(reached, lambda r: r.language, lambda r: r.stages[index]),
                  STAGES[index].outcomes)


def _ms(values) -> tuple[float, float, float]:
    ms = [v * 1000 for v in values] or [0.0]
    return statistics.median(ms), statistics.mean(ms), max(ms)


def _times(results) -> list[str]:
    lines = ["| language | median ms | mean ms | max ms | slowest |", "|---|---:|---:|---:|---|"]
    for language in sorted({r.language for r in results}) + ["all"]:
        chosen = [r for r in results if language in ("all", r.language)]
        median, mean, most = _ms(r.seconds for r in chosen)
        slowest = max(chosen, key=lambda r: r.seconds)
        lines.append(f"| {language} | {median:.2f} | {mean:.2f} | {most:.2f} | `{slowest.kernel}` |")
    lines += ["", "| stage | kernels | median ms | mean ms | max ms | slowest |",
              "|---|---:|---:|---:|---:|---|"]
    for index, stage in enumerate(STAGES):
        chosen = [r for r in results if len(r.stage_seconds) > index]
        if not chosen:
            continue
        median, mean, most = _ms(r.stage_seconds[index] for r in chosen)
        slowest = max(chosen, key=lambda r: r.stage_seconds[index])
        lines.append(f"| {stage.name} | {len(chosen)} | {median:.2f} | {mean:.2f} | {most:.2f} | "
                     f"`{slowest.kernel}` |")
    return lines


def _also_rejected(results) -> int:
    """The unsupported kernels that also report errors of the static checks."""
    return sum(1 for r in results if r.outcome is Outcome.UNSUPPORTED
               and any(D.family_of(c) not in ("unsupported", "syntax") for c in r.codes))


def _cell(text: str | None) -> str:
    return (text or "").replace("|", "\\|").replace("\n", " ")


def _code_table(results, outcome: Outcome, family: Callable[[str], bool]) -> list[str]:
    """The codes that name the kernels ending in `outcome`, most frequent first, with how
    many kernels report the code at all (first or not) and an example."""
    chosen = [r for r in results if r.outcome is outcome]
    if not chosen:
        return ["None."]
    first = collections.Counter(r.code for r in chosen)
    anywhere = collections.Counter(c for r in results for c in r.codes if family(c))
    example = {}
    for r in chosen:
        example.setdefault(r.code, r)
    lines = ["| code | kernels (first such code) | kernels reporting it | what it means | example |",
             "|---|---:|---:|---|---|"]
    for code, n in sorted(first.items(), key=lambda kv: (-kv[1], kv[0])):
        info = D.CODES.get(code)
        lines.append(f"| {code} | {n} | {anywhere[code]} | {_cell(info.summary if info else '')} | "
                     f"`{example[code].kernel}` |")
    return lines


_QUOTED = re.compile(r"`([^`]*)`")


def reasons(results) -> list[tuple[str, str, list[KernelResult], collections.Counter]]:
    """The kernels that are not mapped (and did not crash), grouped by their naming
    diagnostic's code and message, with the names the message quotes (`float4`, `bar`)
    taken out (the first quoted text of the message; later ones, like `return`, are part
    of the message): (code, message pattern, kernels, quoted names), most kernels first;
    the first kernel of each group quotes the group's most frequent name."""
    groups: dict[tuple[str, str], list[KernelResult]] = collections.defaultdict(list)
    for r in results:
        if r.outcome in (Outcome.SYNTAX, Outcome.UNSUPPORTED, Outcome.REJECTED):
            groups[(r.code or "", _QUOTED.sub("`…`", r.message or "", count=1))].append(r)
    out = []
    for (code, pattern), chosen in groups.items():
        names = collections.Counter(n for r in chosen for n in _QUOTED.findall(r.message or "")[:1])
        if names:      # the example quotes the most frequent name
            top = names.most_common(1)[0][0]
            chosen = sorted(chosen, key=lambda r: _QUOTED.findall(r.message or "")[:1] != [top])
        out.append((code, pattern, chosen, names))
    return sorted(out, key=lambda g: (-len(g[2]), g[0], g[1]))


def _reasons_table(results, limit: int) -> list[str]:
    grouped = reasons(results)
    if not grouped:
        return ["None."]
    lines = ["| # | kernels | code | message (first quoted name as `…`) | quoted names, most frequent | example |",
             "|---:|---:|---|---|---|---|"]
    for rank, (code, pattern, chosen, names) in enumerate(grouped[:limit], 1):
        shown = ", ".join(f"`{n}` {k}" for n, k in names.most_common(5))
        more = f", … ({len(names) - 5} more)" if len(names) > 5 else ""
        lines.append(f"| {rank} | {len(chosen)} | {code} | {_cell(pattern)} | {_cell(shown + more)} | "
                     f"`{chosen[0].kernel}` |")
    if len(grouped) > limit:
        lines += ["", f"{len(grouped) - limit} further groups with fewer kernels each are not listed."]
    return lines


def _mapped_by_expectation(results) -> list[str]:
    everyone = collections.Counter(r.expectation for r in results)
    mapped = collections.Counter(r.expectation for r in results if r.outcome is Outcome.MAPPED)
    coarse = lambda e: e.split(":")[0]                                   # noqa: E731
    lines = ["| expectation | mapped | kernels | share |", "|---|---:|---:|---:|"]

    def row(name, m, n):
        lines.append(f"| {name} | {m} | {n} | {100 * m / n if n else 0:.0f}% |")
    for kind in sorted({coarse(e) for e in everyone}):
        row(f"**{kind}** (all)", sum(v for e, v in mapped.items() if coarse(e) == kind),
            sum(v for e, v in everyone.items() if coarse(e) == kind))
        if kind == "xfail":
            for e in sorted(e for e in everyone if coarse(e) == kind):
                row(f"&nbsp;&nbsp;{e}", mapped[e], everyone[e])
    row("**all**", sum(mapped.values()), len(results))
    return lines


# Why the kernels that fail the parse stage fail, read from the kernels (not generated);
# a kernel that no longer fails is no longer listed, and a new one has no note.
_UF = "GPUVerify's macro `DECLARE_UF_BINARY(...)` at file level (its headers define it)"
_PERMISSION = "`__read_permission(int, A[i])`: a type as an argument (GPUVerify's headers make it a macro)"
SYNTAX_WHY = {
    "CUDA/align/kernel.cu": "`typedef struct __align__(64) {...}`: a CUDA attribute the grammar does not know",
    "CUDA/reduced_strength_blockwise/kernel.cu": "`#ifndef` lines inside the header of a `for`",
    "OpenCL/abstract_add/associativity_char/kernel.cl": _UF,
    "OpenCL/abstract_add/associativity_short/kernel.cl": _UF,
    "OpenCL/bpl_integration/pass/kernel.cl": _UF,
    "OpenCL/barrier_invariants/add_zero/kernel.cl": _PERMISSION,
    "OpenCL/barrier_invariants/ghost_array/kernel.cl": _PERMISSION,
}


def render(results: list[KernelResult], repeat: int) -> str:
    final = collections.Counter(r.outcome for r in results)
    syntax = [r for r in results if r.outcome is Outcome.SYNTAX]
    rejected = [r for r in results if r.outcome is Outcome.REJECTED]
    crashed = [r for r in results if r.outcome is Outcome.CRASHED]
    out = [
        "# GPUVerify's test suite through the C front end",
        "",
        "Generated by `.venv/bin/python bench/peers.py --write` (issue 14); do not edit by hand.",
        f"Suite: `../shared/peers/gpuverify-testsuite/` ({len(results)} kernels; see its README.md).",
        f"Machine: {platform.machine()}, Python {platform.python_version()}; "
        f"times are the least of {repeat} runs per kernel (reading the file included).",
        "",
        "Each kernel goes through two stages (`STAGES` in bench/peers.py); the first that does",
        "not succeed gives its outcome.",
        "",
        "1. **parse**: `cfamily.parse_file` (tree-sitter's CUDA grammar, OpenCL qualifiers",
        "   blanked).  `parsed`: no ERROR or MISSING node; `syntax`: at least one `syntax.*`",
        "   diagnostic.",
        "2. **mapped**: `service.analyze(text, path)`, the whole static pipeline: the mapping onto",
        "   our AST (with the launch configuration of the kernel's GPUVerify header line), then",
        "   resolve, types and divergence.  `unsupported`: an `unsupported.*` error (code outside",
        "   the subset; the first such code is the kernel's code); `syntax`: a `syntax.*` error",
        "   and no `unsupported.*`; `rejected`: only other errors (`type.*`, `divergence.*`:",
        "   possibly mapping bugs, since a kernel of the suite is meant to compile); `mapped`: no",
        "   error, the kernel reaches the obligations.",
        "",
        "`crashed` in either stage: an exception escaped our code (the target is none).  Nothing",
        "here is verified: `mapped` says the kernel gets as far as the solver, not what it says.",
        "",
        f"**Summary:** {len(results)} kernels: "
        + ", ".join(f"{final[o]} {o.value}" for o in FINAL) + ".",
        "",
        "## Stage 1: parse",
        "",
        *_stage_table(results, 0),
        "",
        "## Stage 2: mapped (of the kernels that parse)",
        "",
        *_stage_table(results, 1),
        "",
        "## All kernels by GPUVerify's expectation (line 1 of the kernel)",
        "",
        *_table("expectation", _counts(results, lambda r: r.expectation)),
        "",
        "## The mapped kernels by expectation",
        "",
        "`pass`: GPUVerify verifies the kernel; `xfail:NOT_ALL_VERIFIED`: it finds a race, a",
        "divergence or a failed assertion; the other `xfail` codes: GPUVerify rejects the kernel",
        "before verifying it (so mapping one of those may deserve a look).",
        "",
        *_mapped_by_expectation(results),
        "",
        "## Unsupported codes by frequency",
        "",
        "A kernel counts under the first `unsupported.*` error it gets; the third column counts",
        "every kernel that reports the code (at the stage that failed), first or not.",
        "",
        *_code_table(results, Outcome.UNSUPPORTED, lambda c: D.family_of(c) == "unsupported"),
        "",
        "## Rejected codes by frequency",
        "",
        "A kernel counts under its first error; the third column also counts the kernels that",
        "are `unsupported` and report the code besides (an error after the mapping gave up",
        f"may follow from it): {_also_rejected(results)} of the unsupported kernels do.",
        "",
        *_code_table(results, Outcome.REJECTED, lambda c: D.family_of(c) not in ("unsupported", "syntax")),
        "",
        "## Most frequent reasons a kernel is not mapped",
        "",
        "The diagnostic that names the outcome (syntax, unsupported or rejected), grouped by code",
        "and message with the quoted name taken out; the names column says which names.",
        "",
        *_reasons_table(results, 20),
        "",
        "## Rejected kernels",
        "",
    ]
    if rejected:
        out += ["| kernel | expectation | first code | line | message | errors |",
                "|---|---|---|---:|---|---:|"]
        out += [f"| `{r.kernel}` | {r.expectation} | {r.code} | {r.line if r.line is not None else ''} | "
                f"{_cell(r.message)} | {r.problems} |" for r in rejected]
    else:
        out.append("None.")
    out += ["", "## Crashes", ""]
    if crashed:
        out += ["| kernel | stage | exception | message | last frames |", "|---|---|---|---|---|"]
        out += [f"| `{r.kernel}` | {r.stage} | {r.code} | {_cell(r.message)} | "
                f"{'<br>'.join(_cell(t) for t in r.trace)} |" for r in crashed]
    else:
        out.append("None.")
    out += ["", "## Time per kernel", "",
            "Both stages together, then each stage over the kernels that reached it (the mapped",
            "stage parses the text again: `service.analyze` starts from text).",
            "", *_times(results), "",
            "## Kernels with syntax problems", ""]
    if syntax:
        out += ["| kernel | expectation | stage | first code | line | message | problems "
                "| why (read from the kernel) |",
                "|---|---|---|---|---:|---|---:|---|"]
        out += [f"| `{r.kernel}` | {r.expectation} | {r.stage} | {r.code} | "
                f"{r.line if r.line is not None else ''} | {_cell(r.message)} | {r.problems} | "
                f"{_cell(SYNTAX_WHY.get(r.kernel, ''))} |" for r in syntax]
    else:
        out.append("None.")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--suite", type=Path, default=SUITE)
    ap.add_argument("--write", action="store_true", help=f"regenerate {DOC.relative_to(ROOT)}")
    ap.add_argument("--repeat", type=int, default=3, help="runs per kernel; the least time counts")
    args = ap.parse_args(argv)
    if not args.suite.is_dir():
        print(f"peers: no test suite at {args.suite}; nothing measured (see ../shared/peers/README.md)")
        return 0
    paths = kernels(args.suite)
    if not paths:
        print(f"peers: no kernel.cu / kernel.cl under {args.suite}; nothing measured")
        return 0
    results = [measure(p, args.suite, args.repeat) for p in paths]
    summary = collections.Counter((r.language, r.outcome) for r in results)
    for language in sorted({r.language for r in results}):
        print(f"{language}: " + ", ".join(f"{o.value} {summary[(language, o)]}" for o in FINAL))
    median, _, most = _ms(r.seconds for r in results)
    print(f"{len(results)} kernels, median {median:.2f} ms, max {most:.2f} ms per kernel")
    for code, pattern, chosen, _names in reasons(results)[:10]:
        print(f"  {len(chosen):4d}  {code}: {pattern}  (e.g. {chosen[0].kernel})")
    for r in results:
        if r.outcome is Outcome.CRASHED:
            print(f"CRASHED {r.kernel} ({r.stage}): {r.code}: {r.message}")
            for frame in r.trace:
                print(f"    {frame}")
    if args.write:
        DOC.write_text(render(results, args.repeat), encoding="utf-8")
        print(f"wrote {DOC.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
