#!/usr/bin/env python3
"""How far the C front end gets on GPUVerify's test suite (issue 14).

    .venv/bin/python bench/peers.py                 # summary on stdout
    .venv/bin/python bench/peers.py --write         # also regenerate docs/peers.md
    .venv/bin/python bench/peers.py --suite DIR     # another copy of the suite

For every kernel.cu / kernel.cl under ../shared/peers/gpuverify-testsuite/ it runs the
front end's stages in order and records the first one that does not succeed:

    stage "parse" (cfamily.clang_parse.parse, with the header line's defines)
        crashed      an exception escaped our code (must never happen)
        syntax       clang reported an error (syntax.* or type.c-semantic: first code and
                     line recorded)
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

Then `races` against GPUVerify's verdicts (`--no-races` skips it).  Every mapped
kernel that GPUVerify verifies (`pass`) or fails (`xfail:NOT_ALL_VERIFIED`) gets what
GPUVerify expects of it, read from its header (`expected`):

    race-free    `pass`
    racy         an xfail whose lines 3+ (the regexes GPUVerify's output must match) say
                 "race", or quote a race's witness ("Write by work item ...")
    divergence   an xfail whose lines 3+ say "non-uniform" or "divergence" (races answers
                 `racy` with a `divergence.*` code)
    not a race   any other xfail (assertion, invariant, pre/postcondition, out-of-bounds, ...,
                 or no lines 3+)

A kernel whose line 2 has an option whose semantics races does not model (`EXCLUDING`) is
`excluded` and not run; `--no-benign-tolerance` runs it with benign_writes=False
(GPUVerify's default, so the runner's, is True).  The others run `service.races_text`
(RACES_TIMEOUT per query) and are `agreed race-free`, `agreed racy`, `false alarm` (expected
race-free, answered racy), `missed race` (expected racy, answered race-free: the cardinal
defect) or `unknown`; a `not a race` kernel runs `service.check_text` instead, and is
`found by check` when check says failed (its codes are kept: without annotations check
mostly fails on permissions, so the kind it names is compared too).  An exception, or an
`internal.error` the service caught, is `crashed` with the traceback's last frames (the
service's caught exception is raised again, outside the service, to get them).  TARGET_* say
the aim.
"""
from __future__ import annotations

import argparse
import collections
import enum
import functools
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
from vercors_py import service  # noqa: E402
from vercors_py.cfamily import clang_parse, launch  # noqa: E402
from vercors_py import diagnostics as D  # noqa: E402
from vercors_py.diagnostics import Diagnostic  # noqa: E402
from vercors_py.source import SourceText  # noqa: E402

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


def _parse(path: Path) -> tuple[clang_parse.ClangUnit, tuple[Diagnostic, ...]]:
    source = SourceText(str(path), path.read_text(encoding="utf-8"))
    unit = clang_parse.parse(source.text, source.path, defines=launch.from_header(source).defines)
    return unit, tuple(d for d in unit.diagnostics if d.severity is D.Severity.ERROR)


def _syntax(problems: tuple[Diagnostic, ...]) -> tuple[Outcome, Diagnostic]:
    return Outcome.SYNTAX, problems[0]


def _analyze(unit: clang_parse.ClangUnit) -> tuple[service.Analysis, tuple[Diagnostic, ...]]:
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
            return KernelResult(
                **base, outcome=Outcome.CRASHED, seconds=sum(crash.seconds),
                code=type(e).__name__, line=None, message=_where(e),
                stages=tuple([Outcome.PARSED] * crash.stage + [Outcome.CRASHED]),
                stage_seconds=tuple(crash.seconds), trace=_frames(e))
        best = seconds if best is None else [min(a, b) for a, b in zip(best, seconds)]
    outcome = reached[-1]
    return KernelResult(**base, outcome=outcome, seconds=sum(best),
                        code=naming.code if naming else None,
                        line=naming.span.start_line if naming and naming.span else None,
                        message=naming.message if naming else None, problems=len(problems),
                        stages=reached, stage_seconds=tuple(best),
                        codes=tuple(sorted({d.code for d in problems})))


def _frames(e: BaseException) -> tuple[str, ...]:
    """The last TRACE_FRAMES frames of an exception's traceback, innermost last."""
    return tuple(f"{_short(f.filename)}:{f.lineno} in {f.name}: {(f.line or '').strip()}"
                 for f in traceback.extract_tb(e.__traceback__)[-TRACE_FRAMES:])


def _where(e: BaseException) -> str:
    """The exception's message and the place it was raised (`key (clang_translate.py:12)`)."""
    frames = traceback.extract_tb(e.__traceback__)
    return f"{e} ({Path(frames[-1].filename).name}:{frames[-1].lineno})" if frames else str(e)


def _short(filename: str) -> str:
    """A frame's file relative to the project (vercors_py/cfamily/clang_translate.py)."""
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


# ---- races against GPUVerify's expectations ----

RACES_TIMEOUT = 5.0                  # seconds per solver query of races (and check)
RACES_EXPECTATIONS = ("pass", "xfail:NOT_ALL_VERIFIED")   # GPUVerify ran the kernel and said
# Options of GPUVerify's line 2 whose semantics races does not model, and why: the kernel
# is excluded (not run), since GPUVerify's verdict is about another question.
EXCLUDING = {
    "--only-divergence": "GPUVerify checks barrier divergence only, not races; races always "
                         "checks both, so a `pass` says nothing about races",
    "--only-log": "GPUVerify logs the accesses but checks no race (a `pass` says nothing about "
                  "races; its xfails fail on an `__assert` about the log)",
    "--adversarial-abstraction": "GPUVerify gives every read of memory an arbitrary value of its "
                                 "own, so two threads that copy one cell no thread writes may write "
                                 "two values (`A[i] = B[j]` races); in C, and in races, they read and "
                                 "write one value",
}
# Kernels GPUVerify reads with the adversarial abstraction without the option: its default
# for an array that does not affect control flow (GPUVerify's ArrayModelledAdversarially),
# where its racy verdict rests on that abstraction alone; excluded as the option is.
ADVERSARIAL_BY_DEFAULT = {
    # Every thread writes `B[i] = A[i]` and no thread writes A: one value per cell of B.
    "CUDA/loop_unwind/kernel.cu",
}
NO_BENIGN = "--no-benign-tolerance"  # two writes of one value race (benign_writes=False)
INTRA_GROUP = "--only-intra-group"    # races between work groups are not asked (races' option)
RACE_WORDS = re.compile(r"\brace|\b(write|read) by (work item|thread)", re.I)
DIVERGENCE_WORDS = re.compile(r"non-uniform|divergen", re.I)
# What a `not a race` kernel's lines 3+ name (first match), and the code families of
# check's diagnostics that name the same kind of error.
ERROR_KINDS = (
    ("out-of-bounds", re.compile(r"out-of-bounds", re.I), ("bounds",)),
    ("null pointer", re.compile(r"null pointer", re.I), ("bounds",)),
    # calls are inlined: a callee's __requires is an assertion at the call
    ("precondition", re.compile(r"precondition|requires", re.I), ("pre", "assert")),
    ("postcondition", re.compile(r"postcondition|ensures", re.I), ("post",)),
    ("invariant", re.compile(r"invariant", re.I), ("loop", "barrier")),
    ("assertion", re.compile(r"assert", re.I), ("assert",)),
    ("constant memory", re.compile(r"constant memory", re.I), ()),   # check has no such error
)
TARGET_AGREED = 150                  # agreed kernels, at least
TARGET_FALSE_ALARMS = 0.10           # false alarms, below this share of the kernels races ran on


class Expected(enum.Enum):
    RACE_FREE = "race-free"
    RACY = "racy"
    DIVERGENCE = "divergence"
    NOT_A_RACE = "not a race"


class Agreement(enum.Enum):
    AGREED_FREE = "agreed race-free"
    AGREED_RACY = "agreed racy"
    FALSE_ALARM = "false alarm"
    MISSED = "missed race"
    UNKNOWN = "unknown"
    CRASHED = "crashed"
    EXCLUDED = "excluded"
    FOUND = "not a race, found by check"
    NOT_FOUND = "not a race, not found by check"


AGREED = (Agreement.AGREED_FREE, Agreement.AGREED_RACY, Agreement.FOUND)


@attrs.frozen
class Header:
    """GPUVerify's header of a kernel: its command line (line 2) and the regexes its output
    must match (the `//` lines right after, empty ones left out)."""
    options: tuple[str, ...]
    patterns: tuple[str, ...]

    def option(self, names: Iterable[str]) -> str | None:
        """The first option of line 2 that is one of `names` (`--warp-sync=32` is
        `--warp-sync`)."""
        names = tuple(names)
        return next((o.split("=")[0] for o in self.options if o.split("=")[0] in names), None)


def header(text: str) -> Header:
    lines = text.splitlines()
    second = lines[1].strip() if len(lines) > 1 else ""
    options = tuple(second[2:].split()) if second.startswith("//") else ()
    patterns = []
    for line in lines[2:]:
        if not line.strip().startswith("//"):
            break
        if line.strip()[2:].strip():
            patterns.append(line.strip()[2:].strip())
    return Header(options, tuple(patterns))


def expected(expectation: str, patterns: Iterable[str]) -> Expected:
    """What GPUVerify's verdict says about races: `pass` is race-free; an xfail is racy or
    divergent when its regexes say so, else it is about something else."""
    if expectation == "pass":
        return Expected.RACE_FREE
    said = "\n".join(patterns)
    if RACE_WORDS.search(said):
        return Expected.RACY
    if DIVERGENCE_WORDS.search(said):
        return Expected.DIVERGENCE
    return Expected.NOT_A_RACE


def error_kind(patterns: Iterable[str]) -> str:
    said = "\n".join(patterns)
    return next((kind for kind, words, _ in ERROR_KINDS if words.search(said)), "unspecified")


@attrs.frozen
class RaceResult:
    kernel: str
    language: str
    expectation: str                 # line 1
    expected: Expected
    outcome: Agreement
    seconds: float = 0.0             # the query that decides the row (races, or check)
    verdict: str | None = None       # races' (check's for `not a race`) verdict
    benign_writes: bool = True
    excluded_by: str | None = None   # the option of EXCLUDING
    kind: str | None = None          # `not a race`: the kind of error GPUVerify reports
    same_kind: bool = False          # racy: the codes name the expected kind (race / divergence);
    #                                  found by check: a code of the kind GPUVerify reports
    code: str | None = None          # the first error's code (the exception's type for a crash)
    line: int | None = None
    message: str | None = None
    codes: tuple[str, ...] = ()      # every error code, sorted, once each
    trace: tuple[str, ...] = ()      # a crash's last frames, innermost last


def measure_races(path: Path, result: KernelResult) -> RaceResult | None:
    """races (or check) on one kernel the front end maps, against GPUVerify's expectation;
    None for the kernels this part does not look at."""
    if result.outcome is not Outcome.MAPPED or result.expectation not in RACES_EXPECTATIONS:
        return None
    text = path.read_text(encoding="utf-8", errors="replace")
    head = header(text)
    want = expected(result.expectation, head.patterns)
    base = dict(kernel=result.kernel, language=result.language, expectation=result.expectation,
                expected=want, benign_writes=head.option((NO_BENIGN,)) is None,
                kind=error_kind(head.patterns) if want is Expected.NOT_A_RACE else None)
    excluded = head.option(EXCLUDING) or ("--adversarial-abstraction (GPUVerify's default for this kernel)"
                                          if result.kernel in ADVERSARIAL_BY_DEFAULT else None)
    if excluded:
        return RaceResult(**base, outcome=Agreement.EXCLUDED, excluded_by=excluded)
    intra = head.option((INTRA_GROUP,)) is not None
    run = _check if want is Expected.NOT_A_RACE else functools.partial(_races, intra_group=intra)
    started = time.perf_counter()
    try:
        verdict, diagnostics, rerun = run(text, str(path), base["benign_writes"])
    except Exception as e:          # the service must not raise: a fault of ours
        return RaceResult(**base, outcome=Agreement.CRASHED, seconds=time.perf_counter() - started,
                          code=type(e).__name__, message=_where(e), trace=_frames(e))
    seconds = time.perf_counter() - started
    errors = [d for d in diagnostics if d.severity is D.Severity.ERROR]
    internal = next((d for d in errors if d.code == "internal.error"), None)
    if internal is not None:
        return RaceResult(**base, outcome=Agreement.CRASHED, seconds=seconds, verdict=verdict,
                          code=internal.code, message=internal.message, trace=_trace_of(rerun))
    naming = errors[0] if errors else (diagnostics[0] if diagnostics else None)
    codes = tuple(sorted({d.code for d in errors}))
    outcome, same = _agreement(want, verdict, codes, base["kind"])
    return RaceResult(**base, outcome=outcome, seconds=seconds, verdict=verdict, same_kind=same,
                      code=naming.code if naming else None,
                      line=naming.span.start_line if naming and naming.span else None,
                      message=naming.message if naming else None, codes=codes)


def _races(text: str, path: str, benign: bool, intra_group: bool = False):
    """races' verdict and diagnostics, and how to run it again outside the service's guard."""
    r = service.races_text(text, path, service.Options(timeout=RACES_TIMEOUT), benign_writes=benign,
                           intra_group=intra_group)

    def rerun():
        from vercors_py.races import program
        program.races_checked(service.analyze(text, path).checked, RACES_TIMEOUT, None, benign,
                              intra_group=intra_group)
    return r.verdict.value, r.diagnostics, rerun


def _check(text: str, path: str, benign: bool):
    """check's verdict and diagnostics (the full verifier: it runs __assert, __requires, ...)."""
    options = service.Options(timeout=RACES_TIMEOUT, jobs=1)
    r = service.check_text(text, path, options)
    return r.verdict.value, r.diagnostics, lambda: service._verify(service.analyze(text, path), options)


def _trace_of(rerun: Callable[[], Any]) -> tuple[str, ...]:
    """The last frames of the exception that running `rerun` raises (none if it does not)."""
    try:
        rerun()
    except Exception as e:
        return _frames(e)
    return ()


def _agreement(want: Expected, verdict: str, codes: tuple[str, ...], kind: str | None) -> tuple[Agreement, bool]:
    """The row of a kernel that ran, and whether its codes name the kind expected."""
    if want is Expected.NOT_A_RACE:
        families = next((f for k, _, f in ERROR_KINDS if k == kind), ())
        same = any(D.family_of(c) in families for c in codes)
        return (Agreement.FOUND, same) if verdict == "failed" else (Agreement.NOT_FOUND, False)
    if verdict not in ("race-free", "racy"):
        return Agreement.UNKNOWN, False
    if want is Expected.RACE_FREE:
        return (Agreement.AGREED_FREE if verdict == "race-free" else Agreement.FALSE_ALARM), False
    if verdict == "race-free":
        return Agreement.MISSED, False
    family = "divergence" if want is Expected.DIVERGENCE else "race"
    return Agreement.AGREED_RACY, any(D.family_of(c) == family for c in codes)


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
# a kernel that no longer fails is no longer listed, and a new one has no note.  Clang
# is right about each (docs/cfamily.md, "Why libclang").
_HOST = "a host variable (declared without `__device__`) used in a kernel: nvcc rejects it too"
_REJECTED = "GPUVerify's own clang rejects the kernel too (`xfail:CLANG_ERROR`)"
SYNTAX_WHY = {
    "CUDA/atomics/pointer_add/kernel.cu": _HOST,
    "CUDA/memcpy_simplification/i8_element_global_passed_to_call1/kernel.cu": _HOST,
    "CUDA/memcpy_simplification/i8_element_global_passed_to_call2/kernel.cu": _HOST,
    "CUDA/misc/fail/miscfail1/kernel.cu": _REJECTED,
    "OpenCL/misc/fail/miscfail2/kernel.cl": _REJECTED,
    "OpenCL/misc/fail/miscfail4/kernel.cl": _REJECTED,
    "OpenCL/async_work_group_copy/fail/test3/kernel.cl": "arithmetic on an `event_t`, which OpenCL C forbids",
    "OpenCL/atomics/refined_atomic_abstraction/check_used_treated_ok/kernel.cl":
        "a `size_t` kernel parameter, which OpenCL C 1.2 forbids",
    "OpenCL/test_structs/store_ptr_array_element/kernel.cl": "a struct holding pointers as a kernel parameter, "
                                                            "which OpenCL C forbids",
    "OpenCL/test_structs/use_ptr_array_element/kernel.cl": "a struct holding pointers as a kernel parameter, "
                                                          "which OpenCL C forbids",
}


# ---- the races report ----

SHORT = 160                          # characters of a diagnostic's message shown


def _short_message(text: str | None) -> str:
    text = " ".join((text or "").split())
    return text if len(text) <= SHORT else text[:SHORT - 1] + "…"


def _ran(races) -> list[RaceResult]:
    """The kernels races itself answered for (not excluded, not `not a race`)."""
    return [r for r in races if r.outcome is not Agreement.EXCLUDED and r.expected is not Expected.NOT_A_RACE]


def target(races) -> tuple[bool, str]:
    """Whether TARGET is met, and the sentence that says so with the numbers."""
    count = collections.Counter(r.outcome for r in races)
    agreed = sum(count[a] for a in AGREED)
    ran = len(_ran(races))
    alarms = count[Agreement.FALSE_ALARM]
    share = alarms / ran if ran else 0.0
    met = agreed >= TARGET_AGREED and count[Agreement.MISSED] == 0 and share < TARGET_FALSE_ALARMS
    return met, (f"{'met' if met else 'NOT met'}: {agreed} agreed (target at least {TARGET_AGREED}), "
                 f"{count[Agreement.MISSED]} missed races (target 0), {alarms} false alarms of the "
                 f"{ran} kernels races answered for, {100 * share:.1f}% "
                 f"(target below {100 * TARGET_FALSE_ALARMS:.0f}%)")


def _race_table(races) -> list[str]:
    columns = list(Agreement)
    lines = ["| language | kernels | " + " | ".join(a.value for a in columns) + " | median ms | max ms |",
             "|---|---:|" + "---:|" * (len(columns) + 2)]
    for language in sorted({r.language for r in races}) + ["**all**"]:
        chosen = [r for r in races if language in ("**all**", r.language)]
        count = collections.Counter(r.outcome for r in chosen)
        timed = [r.seconds for r in chosen if r.outcome is not Agreement.EXCLUDED]
        median, _, most = _ms(timed)
        lines.append(f"| {language} | {len(chosen)} | " + " | ".join(str(count[a]) for a in columns)
                     + f" | {median:.0f} | {most:.0f} |")
    return lines


def _expected_table(races) -> list[str]:
    columns = list(Agreement)
    lines = ["| GPUVerify expects | kernels | " + " | ".join(a.value for a in columns) + " |",
             "|---|---:|" + "---:|" * len(columns)]
    for want in Expected:
        count = collections.Counter(r.outcome for r in races if r.expected is want)
        if count:
            lines.append(f"| {want.value} | {sum(count.values())} | "
                         + " | ".join(str(count[a]) for a in columns) + " |")
    return lines


def _race_rows(races, outcome: Agreement, why: Callable[[RaceResult], str] | None = None) -> list[str]:
    chosen = [r for r in races if r.outcome is outcome]
    if not chosen:
        return ["None."]
    lines = ["| kernel | expects | benign writes | answer | first code | line | first diagnostic |"
             + (" why (read from the kernel) |" if why else ""),
             "|---|---|---|---|---|---:|---|" + ("---|" if why else "")]
    for r in chosen:
        lines.append(f"| `{r.kernel}` | {r.expected.value} | {'yes' if r.benign_writes else 'no'} | "
                     f"{r.verdict or ''} | {r.code or ''} | {r.line if r.line is not None else ''} | "
                     f"{_cell(_short_message(r.message))} |" + (f" {_cell(why(r))} |" if why else ""))
    return lines


def _not_a_race(races) -> list[str]:
    chosen = [r for r in races if r.expected is Expected.NOT_A_RACE and r.outcome is not Agreement.EXCLUDED]
    if not chosen:
        return ["None."]
    lines = ["| GPUVerify reports | kernels | found by check, a code of that kind | found by check, "
             "other codes only | not found | crashed |", "|---|---:|---:|---:|---:|---:|"]
    for kind in sorted({r.kind for r in chosen}):
        of = [r for r in chosen if r.kind == kind]
        found = [r for r in of if r.outcome is Agreement.FOUND]
        lines.append(f"| {kind} | {len(of)} | {sum(r.same_kind for r in found)} | "
                     f"{sum(not r.same_kind for r in found)} | "
                     f"{sum(r.outcome is Agreement.NOT_FOUND for r in of)} | "
                     f"{sum(r.outcome is Agreement.CRASHED for r in of)} |")
    lines += ["", "| kernel | GPUVerify reports | check | check's error codes |", "|---|---|---|---|"]
    lines += [f"| `{r.kernel}` | {r.kind} | {r.verdict or r.outcome.value}"
              f"{'' if r.outcome is not Agreement.FOUND or r.same_kind else ' (other codes)'} | "
              f"{', '.join(r.codes)} |" for r in chosen]
    return lines


def _causes(races) -> list[str]:
    """The false alarms grouped by why they are false (RACE_WHY), most kernels first."""
    groups = collections.Counter(RACE_WHY.get(r.kernel, "(no note yet)")
                                 for r in races if r.outcome is Agreement.FALSE_ALARM)
    if not groups:
        return []
    return (["| kernels | cause (read from the kernels) |", "|---:|---|"]
            + [f"| {n} | {_cell(why)} |" for why, n in sorted(groups.items(), key=lambda kv: (-kv[1], kv[0]))]
            + [""])


def _other_kind(races) -> list[str]:
    chosen = [r for r in races if r.outcome is Agreement.AGREED_RACY and not r.same_kind]
    if not chosen:
        return ["None."]
    return (["| kernel | expects | codes |", "|---|---|---|"]
            + [f"| `{r.kernel}` | {r.expected.value} | {', '.join(r.codes)} |" for r in chosen])


# Why races is wrong on a kernel, read from the kernel (not generated); a kernel that is no
# longer a false alarm is no longer listed, and a new one has no note.
_CONSTANT = ("the write is under a condition that the values of an initialised `__constant` "
             "array make false, so it never runs; races takes memory values as unknown")
RACE_WHY = {
    "OpenCL/globalarray/pass/kernel.cl": _CONSTANT,
    "OpenCL/globalarray/pass2/kernel.cl": _CONSTANT,
    "OpenCL/misc/pass/misc15/kernel.cl": ("`--kernel-args=foo,3` fixes `x == 3`, so only the race-free "
                                          "branch runs; races does not read the option"),
    "OpenCL/simplebinomialoptions/kernel.cl": ("the loop variable `i` is set from the thread id by one loop and "
                                               "to a constant by the next; the divergence analysis keeps it "
                                               "non-uniform in the second, so the barriers under `c_base < i` "
                                               "count as divergent"),
    "OpenCL/misc/pass/misc2/kernel.cl": ("`shared[ixj]` with `ixj = get_local_id(0) ^ j`: the front end "
                                         "maps `^` to an uninterpreted function, so two threads' "
                                         "`lid ^ j` can be equal"),
}
_TOO_MANY = "more than 1024 threads per block (CUDA's limit, docs/cfamily.md): no launch meets the assumptions"
UNKNOWN_WHY = {
    "CUDA/annotation_tests/test_axiom/kernel.cu": _TOO_MANY + "; also `__axiom(blockIdx.y == 16)` with a 1-D grid",
    "CUDA/cuda_arch/kernel.cu": _TOO_MANY,
    "CUDA/large_constant_array/kernel.cu": _TOO_MANY,
    "CUDA/warpsize/kernel.cu": _TOO_MANY,
}


def render_races(races: list[RaceResult]) -> list[str]:
    """The section of docs/peers.md on races against GPUVerify's verdicts."""
    met, sentence = target(races)
    excluded = [r for r in races if r.outcome is Agreement.EXCLUDED]
    crashed = [r for r in races if r.outcome is Agreement.CRASHED]
    out = [
        "## races against GPUVerify's verdicts",
        "",
        f"`vercors-py races` (docs/races.md) on the {len(races)} mapped kernels that GPUVerify",
        "verifies (`pass`) or fails (`xfail:NOT_ALL_VERIFIED`); `bench/peers.py` says how",
        "(`measure_races`). What GPUVerify expects is read from the kernel's header: `pass` is",
        "race-free; an xfail whose lines 3+ (the regexes GPUVerify's output must match) say",
        "\"race\" or quote a race's witness (\"Write by work item ...\") is racy; one that says",
        "\"non-uniform\" or \"divergence\" is barrier divergence (racy for races, with a",
        "`divergence.*` code); any other xfail (an assertion, invariant, pre- or postcondition,",
        "out-of-bounds access, ..., or no lines 3+) is not a race, and runs `check` instead,",
        "which agrees when it fails.",
        "",
        f"Each kernel runs once, {RACES_TIMEOUT:g} s per solver query, with benign writes as",
        f"GPUVerify does by default (`{NO_BENIGN}` turns them off:",
        f"{sum(not r.benign_writes for r in races)} kernel(s)); the times are of that one run (races, or",
        "check for `not a race`). `missed race` (expected racy, answered race-free) is the",
        "cardinal defect; `false alarm` is expected race-free, answered racy; `unknown` covers",
        "`vacuity.context` (the launch breaks the C platform limits, e.g. 2048 threads per block)",
        "and unanswered queries; `crashed` is an exception (the target is none).",
        "",
        "Excluded, not run: kernels whose line 2 asks for semantics races does not model:",
        "",
        *[f"- `{option}`: {why}." for option, why in EXCLUDING.items()],
        "- GPUVerify's default is the adversarial abstraction for an array that does not affect",
        "  control flow; kernels whose racy verdict rests on it alone are excluded as if the",
        f"  option were given: {', '.join(f'`{k}`' for k in sorted(ADVERSARIAL_BY_DEFAULT))}.",
        "",
        "Other options are run as they are, though races does not read them: `--kernel-args`",
        "(fixed argument values), `--equality-abstraction` (GPUVerify's abstraction of memory",
        "values: threads read one value from one cell, as in races), `--global_offset`,",
        "`--no-barrier-access-checks`.",
        "",
        f"**Target:** at least {TARGET_AGREED} agreed (agreed race-free, agreed racy and not a race",
        f"found by check), no missed race, false alarms below {100 * TARGET_FALSE_ALARMS:.0f}% of the",
        "kernels races answered for (expected race-free, racy or divergence, not excluded).",
        f"**Result:** {sentence}.",
        "",
        *_race_table(races),
        "",
        "By what GPUVerify expects:",
        "",
        *_expected_table(races),
        "",
        "### Missed races",
        "",
        *_race_rows(races, Agreement.MISSED),
        "",
        "### False alarms",
        "",
        *_causes(races),
        *_race_rows(races, Agreement.FALSE_ALARM, lambda r: RACE_WHY.get(r.kernel, "")),
        "",
        "### Unknown",
        "",
        *_race_rows(races, Agreement.UNKNOWN, lambda r: UNKNOWN_WHY.get(r.kernel, "")),
        "",
        "### Crashes",
        "",
    ]
    if crashed:
        out += ["| kernel | ran | exception | message | last frames |", "|---|---|---|---|---|"]
        out += [f"| `{r.kernel}` | {'check' if r.expected is Expected.NOT_A_RACE else 'races'} | "
                f"{r.code} | {_cell(_short_message(r.message))} | {'<br>'.join(_cell(t) for t in r.trace)} |"
                for r in crashed]
    else:
        out.append("None.")
    out += [
        "",
        "### Agreed racy, another kind",
        "",
        "Racy as GPUVerify says, but with no code of the kind it reports (`race.*` for a race,",
        "`divergence.*` for barrier divergence):",
        "",
        *_other_kind(races),
        "",
        "### Not a race: check",
        "",
        "GPUVerify fails these on something other than a race. check runs the kernel's",
        "`__assert`, `__requires`, ... but, without annotations, it also fails on permissions",
        "(`perm.*`) and on array bounds it cannot prove, so a `failed` is weak agreement: the",
        "third column counts the kernels where check also names the kind of error GPUVerify",
        "reports (`bounds.*` for out-of-bounds, `assert.*`, `pre.*`, `post.*`, `loop.*`).",
        "",
        *_not_a_race(races),
        "",
        "### Excluded",
        "",
    ]
    if excluded:
        out += ["| kernel | expects | option |", "|---|---|---|"]
        out += [f"| `{r.kernel}` | {r.expected.value} | `{r.excluded_by}` |" for r in excluded]
    else:
        out.append("None.")
    return out


def render(results: list[KernelResult], repeat: int, races: list[RaceResult] | None = None) -> str:
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
        "1. **parse**: `cfamily.clang_parse.parse` (clang, with the defines of the kernel's",
        "   GPUVerify header line).  `parsed`: no error; `syntax`: at least one error of clang",
        "   (`syntax.preprocessor`, `syntax.c-parse` or `type.c-semantic`).",
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
    if races is not None:
        out += ["", *render_races(races)]
    return "\n".join(out) + "\n"


def races_of(paths: list[Path], results: list[KernelResult]) -> list[RaceResult]:
    """races (or check) on the kernels it applies to, one at a time (progress on a terminal)."""
    races = []
    for path, result in zip(paths, results):
        r = measure_races(path, result)
        if r is not None:
            races.append(r)
            if sys.stderr.isatty():
                print(f"\rraces: {len(races)} kernels", end="", file=sys.stderr, flush=True)
    if sys.stderr.isatty():
        print(file=sys.stderr)
    return races


def print_races(races: list[RaceResult]) -> None:
    count = collections.Counter((r.language, r.outcome) for r in races)
    for language in sorted({r.language for r in races}):
        print(f"races {language}: " + ", ".join(f"{a.value} {count[(language, a)]}" for a in Agreement))
    print(f"races target {target(races)[1]}")
    for r in races:
        if r.outcome in (Agreement.MISSED, Agreement.CRASHED):
            print(f"{r.outcome.value.upper()} {r.kernel}: {r.code}: {_short_message(r.message)}")
            for frame in r.trace:
                print(f"    {frame}")


# Sections of docs/peers.md that other scripts write (bench/realcode.py): kept as they are.
KEPT = "## Real code"


def _kept_sections() -> str:
    text = DOC.read_text(encoding="utf-8") if DOC.exists() else ""
    at = text.find("\n" + KEPT + "\n")
    return "" if at < 0 else "\n" + text[at + 1:]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--suite", type=Path, default=SUITE)
    ap.add_argument("--write", action="store_true", help=f"regenerate {DOC.relative_to(ROOT)}")
    ap.add_argument("--repeat", type=int, default=3, help="runs per kernel; the least time counts")
    ap.add_argument("--no-races", action="store_true",
                    help="measure the front end only, not races against GPUVerify's verdicts")
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
    races = None if args.no_races else races_of(paths, results)
    if races is not None:
        print_races(races)
    if args.write:
        DOC.write_text(render(results, args.repeat, races) + _kept_sections(), encoding="utf-8")
        print(f"wrote {DOC.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
