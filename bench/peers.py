#!/usr/bin/env python3
"""How far the C front end gets on GPUVerify's test suite (issue 14).

    .venv/bin/python bench/peers.py                 # summary on stdout
    .venv/bin/python bench/peers.py --write         # also regenerate docs/peers.md
    .venv/bin/python bench/peers.py --suite DIR     # another copy of the suite

For every kernel.cu / kernel.cl under ../shared/peers/gpuverify-testsuite/ it runs the
front end's stages in order and records the first one that does not succeed:

    crashed      an exception escaped our code (must never happen)
    syntax       the parser reported syntax problems (first code and line recorded)
    parsed       every stage ran cleanly

and the time per kernel (the least of --repeat runs, reading the file included).  Each
stage is a function from the previous stage's product to either its own product or a
list of diagnostics; the mapping onto our AST will be appended to STAGES as the stage
"mapped" (with `unsupported.*` diagnostics as its failure), and nothing else changes.
It measures; it never fails on a count (exit 1 only if the runner itself cannot run).
"""
from __future__ import annotations

import argparse
import collections
import enum
import platform
import statistics
import sys
import time
import traceback
from pathlib import Path
from typing import Any, Callable

import attrs

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from vercors_py import cfamily  # noqa: E402
from vercors_py.diagnostics import Diagnostic  # noqa: E402

SUITE = ROOT.parent / "shared" / "peers" / "gpuverify-testsuite"
DOC = ROOT / "docs" / "peers.md"


class Outcome(enum.Enum):
    CRASHED = "crashed"
    SYNTAX = "syntax"
    PARSED = "parsed"
    # later: UNSUPPORTED = "unsupported" (the mapping's failure), MAPPED = "mapped"


@attrs.frozen
class Stage:
    success: Outcome                 # the outcome when this and all earlier stages succeed
    failure: Outcome                 # the outcome when this stage reports diagnostics
    run: Callable[[Any], tuple[Any, tuple[Diagnostic, ...]]]


def _parse(path: Path) -> tuple[cfamily.ParsedUnit, tuple[Diagnostic, ...]]:
    unit = cfamily.parse_file(str(path))
    return unit, unit.problems


STAGES: tuple[Stage, ...] = (
    Stage(Outcome.PARSED, Outcome.SYNTAX, _parse),
)


@attrs.frozen
class KernelResult:
    kernel: str                      # relative to the suite: CUDA/align/kernel.cu
    language: str                    # "cu" or "cl"
    expectation: str                 # "pass", "xfail:NOT_ALL_VERIFIED", ... from line 1
    outcome: Outcome
    seconds: float
    code: str | None = None          # the first diagnostic's code (or the exception's type)
    line: int | None = None
    message: str | None = None
    problems: int = 0


def expectation(path: Path) -> str:
    """GPUVerify's expected outcome, from the kernel's first line (`//pass`, `//xfail:X`)."""
    with open(path, encoding="utf-8", errors="replace") as f:
        first = f.readline().strip()
    said = first[2:].strip() if first.startswith("//") else ""
    kind, colon, code = said.partition(":")
    # GPUVerify reads the word in either case (a few kernels say //PASS); one spelling
    # per expectation keeps the table short.
    return kind.lower() + colon + code.upper() if kind else "unknown"


def measure(path: Path, suite: Path | None = None, repeat: int = 1) -> KernelResult:
    """Run the stages on one kernel; the time is the least of `repeat` runs."""
    name = str(path.relative_to(suite)) if suite else path.name
    base = dict(kernel=name, language=path.suffix.lstrip("."), expectation=expectation(path))
    best = float("inf")
    for _ in range(max(1, repeat)):
        started = time.perf_counter()
        try:
            result = _run_stages(path)
        except Exception as e:      # the outcome we measure: any exception is our fault
            line = traceback.extract_tb(e.__traceback__)[-1]
            return KernelResult(**base, outcome=Outcome.CRASHED, seconds=time.perf_counter() - started,
                                code=type(e).__name__, line=None,
                                message=f"{e} ({Path(line.filename).name}:{line.lineno})")
        best = min(best, time.perf_counter() - started)
    outcome, problems = result
    first = problems[0] if problems else None
    return KernelResult(**base, outcome=outcome, seconds=best,
                        code=first.code if first else None,
                        line=first.span.start_line if first and first.span else None,
                        message=first.message if first else None, problems=len(problems))


def _run_stages(path: Path) -> tuple[Outcome, tuple[Diagnostic, ...]]:
    product: Any = path
    outcome = Outcome.CRASHED
    for stage in STAGES:
        product, problems = stage.run(product)
        if problems:
            return stage.failure, problems
        outcome = stage.success
    return outcome, ()


def kernels(suite: Path) -> list[Path]:
    return sorted(p for p in suite.rglob("kernel.*") if p.suffix in (".cu", ".cl"))


# ---- reports ----

def _counts(results, key) -> dict[str, collections.Counter]:
    table: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for r in results:
        table[key(r)][r.outcome] += 1
    return dict(sorted(table.items()))


def _table(title: str, rows: dict[str, collections.Counter]) -> list[str]:
    outcomes = list(Outcome)
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


def _times(results) -> list[str]:
    lines = ["| language | median ms | mean ms | max ms | slowest |", "|---|---:|---:|---:|---|"]
    for language in sorted({r.language for r in results}) + ["all"]:
        chosen = [r for r in results if language in ("all", r.language)]
        ms = [r.seconds * 1000 for r in chosen]
        slowest = max(chosen, key=lambda r: r.seconds)
        lines.append(f"| {language} | {statistics.median(ms):.2f} | {statistics.mean(ms):.2f} | "
                     f"{max(ms):.2f} | `{slowest.kernel}` |")
    return lines


def render(results: list[KernelResult], repeat: int) -> str:
    failed = [r for r in results if r.outcome is not Outcome.PARSED]
    out = [
        "# GPUVerify's test suite through the C front end",
        "",
        "Generated by `.venv/bin/python bench/peers.py --write` (issue 14); do not edit by hand.",
        f"Suite: `../shared/peers/gpuverify-testsuite/` ({len(results)} kernels; see its README.md).",
        f"Machine: {platform.machine()}, Python {platform.python_version()}; "
        f"times are the least of {repeat} runs per kernel (reading the file included).",
        "",
        "**This increment measures parsing only.** The issue's measure is *parsed and mapped /",
        "unsupported / crashed*; the mapping onto our AST does not exist yet, so a kernel that",
        "parses cleanly is counted as `parsed`, not `mapped`, and no kernel is verified.  When",
        "the mapping lands it becomes the next stage of the runner (`STAGES` in bench/peers.py)",
        "and its outcomes (`mapped`, `unsupported` with the code) columns of these tables.",
        "",
        "Outcomes: `parsed` (tree-sitter's CUDA grammar, OpenCL qualifiers blanked, no ERROR or",
        "MISSING node), `syntax` (at least one `syntax.*` diagnostic; the first is listed below),",
        "`crashed` (an exception in our code; the target is none).",
        "",
        "## By language",
        "",
        *_table("language", _counts(results, lambda r: r.language)),
        "",
        "## By GPUVerify's expectation (line 1 of the kernel)",
        "",
        *_table("expectation", _counts(results, lambda r: r.expectation)),
        "",
        "## Time per kernel",
        "",
        *_times(results),
        "",
        "## Kernels that do not parse cleanly",
        "",
    ]
    out += [
        "Why (read from the kernels, not generated): the OpenCL failures call GPUVerify's own",
        "macros and annotation functions that its headers define (`DECLARE_UF_BINARY(...)` at",
        "file level, `__read_permission(int, A[i])` with a type as argument), which no C grammar",
        "parses without those headers; of the CUDA ones, `align` writes `typedef struct",
        "__align__(64) {...}` (a CUDA attribute the grammar does not know) and",
        "`reduced_strength_blockwise` puts `#ifndef` lines inside the header of a `for`.",
        "",
    ] if failed else []
    if failed:
        out += ["| kernel | expectation | outcome | first code | line | message | problems |",
                "|---|---|---|---|---:|---|---:|"]
        for r in failed:
            message = (r.message or "").replace("|", "\\|").replace("\n", " ")
            out.append(f"| `{r.kernel}` | {r.expectation} | {r.outcome.value} | {r.code} | "
                       f"{r.line if r.line is not None else ''} | {message} | {r.problems} |")
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
    results = [measure(p, args.suite, args.repeat) for p in paths]
    summary = collections.Counter((r.language, r.outcome.value) for r in results)
    for language in sorted({r.language for r in results}):
        print(f"{language}: " + ", ".join(f"{o.value} {summary[(language, o.value)]}" for o in Outcome))
    ms = [r.seconds * 1000 for r in results]
    print(f"{len(results)} kernels, median {statistics.median(ms):.2f} ms, max {max(ms):.2f} ms per kernel")
    for r in results:
        if r.outcome is Outcome.CRASHED:
            print(f"CRASHED {r.kernel}: {r.code}: {r.message}")
    if args.write:
        DOC.write_text(render(results, args.repeat), encoding="utf-8")
        print(f"wrote {DOC.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
