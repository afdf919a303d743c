#!/usr/bin/env python3
"""How `vercors-py races` scales on seed 001's synthetic kernel families (Faial, section 7,
Claim 2, Fig. 17): does the time grow linearly in N, and is N = 50 under 1 s?

    .venv/bin/python bench/races_scaling.py                  # table on stdout
    .venv/bin/python bench/races_scaling.py --write          # also regenerate docs/races-scaling.md
    .venv/bin/python bench/races_scaling.py --sizes 1-10 --families access,uloops
    .venv/bin/python bench/races_scaling.py --groups one,any # also without `ngroups == 1`
    .venv/bin/python bench/races_scaling.py --profile access:10   # where one kernel's time goes

Method.  For each family and each N (default 1..50) the kernel is generated as text (the
functions `access`, `barriers`, ... below; `kernel(family, n)`), with no annotation but
the launch facts, and given to `service.races_text` in this process (one warm-up call
first, so imports and Z3's start-up are not counted).  A kernel's time is the least of
`--repeat` runs (default 3; a kernel whose runs already add up to more than
`REPEAT_CUTOFF` seconds is not run again: at that size the noise is small beside the
time).  `service.races_text` reports the seconds from the text to the verdict (parse,
static checks, the protocol walk, the barrier intervals, every Z3 query); that is what is
measured, with two counts of the solver's work: the API's `pairs` (the pairs of accesses
looked at, at least one a write) and the Z3 checks made (`checks`: calls of
z3.Solver.check, counted by wrapping it in this process; the wrapper only counts).

Every generated kernel is race-free by construction, so a verdict other than
`race-free` is a bug, of the generator or of `races`: it is printed as `WRONG`, kept in
the table, and the exit status is 1.  A family stops at the first N whose time exceeds
`--budget` seconds (default `BUDGET`, 10): the larger N are reported as not run, with the fit's
extrapolation.

The families, as seed 001 describes them, in the kernel language.  As in Faial (one
thread block) and bench/generate.py, every kernel has `context_everywhere ngroups == 1`
and T = `gsize` (`--groups any` drops the fact: the kernels must then be race-free for
every number of groups too, and global accesses are also paired across groups):

- `access`: N repeated accesses, `a[tid + k * T] = a[tid + n_k * T] + k` for k = 1..N
  (read then write, n_k a fixed pseudo-random literal in 1..N): all in one barrier
  interval.
- `barriers`: N barriers separating N + 1 phases that exchange through local memory:
  phase k reads the neighbour's cell of one local buffer and writes the thread's own cell
  of the other (ping-pong), `s1[lid] = s0[(lid + 1) % gsize] + k; barrier(local);`.
- `conds`: N conditionals in sequence, `if (lid == k) { a[tid] = k; }` (seed's shape).
- `nested-conds`: N nested conditionals, `if (lid >= k) { a[tid] = k; if (...) {...} }`
  (not in the seed; the issue's reading of "conditionals").
- `uloops`: N nested loops without barriers, `for (int ik = 0; ik < n; ik = ik + 1)
  { a[tid] = ik; ... }`, bound the kernel parameter n with `context_everywhere n > 0`.
- `sloops`: the same, each loop body `t[lid] = ik; barrier(local); ...` (a local array,
  the bound uniform, so the lock-step rule holds).

Growth is judged over the N that were measured: a least-squares line t = a + b N (with
R^2); the doubling ratio t(N) / t(N / 2) at the largest measured even N, each side the
mean over `SMOOTH` consecutive N (at most 2 for a line with a non-negative intercept,
near 4 for N^2); and over the upper half of the measured N a power fit t ~ N^k and an
exponential fit t ~ x^N.  A family is exponential when the exponential fit is the better
(and x >= 1.3), linear when k <= `LINEAR_EXPONENT` (1.2, room for noise; a line with a
positive intercept has k < 1) and the line's R^2 is at least 0.9 ("irregular" when it is
not), polynomial otherwise; the fits extrapolate to N = 50 for a family that stopped early.
With --write every family is profiled (cProfile) once, at its largest measured N that
took at most `PROFILE_MAX` seconds, and the profile's split (analyse, protocol walk,
intervals, queries, Z3 checks, substitution) goes into the report.  It measures; it
changes nothing under vercors_py/.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import json
import math
import platform
import pstats
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

import attrs

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import z3  # noqa: E402

from vercors_py import service  # noqa: E402

_checks = [0]
_z3_check = z3.Solver.check


def _counted_check(self, *args, **kwargs):
    _checks[0] += 1
    return _z3_check(self, *args, **kwargs)


z3.Solver.check = _counted_check

DOC = ROOT / "docs" / "races-scaling.md"
TARGET = 1.0                    # seconds at N = 50 (the issue's bound)
TARGET_N = 50
LINEAR_EXPONENT = 1.2           # t ~ N^k with k at most this over the upper half is linear
LINEAR_DOUBLING = 2.3           # with too few N for the power fit: the doubling ratio's bound
SMOOTH = 5                      # N averaged at each end of the doubling ratio
REPEAT_CUTOFF = 5.0             # seconds of runs of one kernel after which it is not repeated
DOC_ROWS = (1, 5, 10, 20, 30, 40, 50)
TIMEOUT = 10.0                  # Z3's limit per query, seconds
BUDGET = 10.0                   # a family stops after the first N slower than this, seconds
PROFILE_MAX = 10.0              # a family is profiled at its largest N that took at most this


# ---- the families ----

def _header(family: str, n: int, groups: str, params: str = "") -> list[str]:
    out = [f"// generated by bench/races_scaling.py: {family}-{n} (seed 001, Fig. 17); race-free",
           f"kernel {family.replace('-', '_')}{params} {{"]
    return out


def _launch(groups: str) -> list[str]:
    return ["  context_everywhere ngroups == 1;"] if groups == "one" else []


def access(n: int, groups: str = "one") -> str:
    """rd[tid + n_k * T]; wr[tid + k * T] for k = 1..n: thread tid owns cells tid + k * T,
    which no other thread of the launch reaches (0 <= tid < T)."""
    t = "gsize" if groups == "one" else "tcount"
    out = _header("access", n, groups)
    out += [f"  global int[{n + 1} * {t}] a;", *_launch(groups), "  void main() {"]
    for k in range(1, n + 1):
        nk = (k * 7 + 3) % n + 1
        out.append(f"    a[tid + {k} * {t}] = a[tid + {nk} * {t}] + {k};")
    return "\n".join(out + ["  }", "}"]) + "\n"


def barriers(n: int, groups: str = "one", drop: int | None = None) -> str:
    """n barriers; before the first each thread copies a[tid] to s0[lid]; after barrier k it
    reads its neighbour's cell of buffer s(k-1 mod 2) and writes its own cell of s(k mod 2);
    at the end a[tid] gets its own cell of the last buffer.  `drop`: leave out barrier
    number `drop` (1..n), which makes the kernel racy (the write of one buffer and the
    neighbour's read of it meet)."""
    out = _header("barriers", n, groups)
    out += ["  global int[tcount] a;", "  local int[gsize] s0, s1;", *_launch(groups), "  void main() {",
            "    s0[lid] = a[tid];"]
    for k in range(1, n + 1):
        if k != drop:
            out.append("    barrier(local);")
        out.append(f"    s{k % 2}[lid] = s{(k - 1) % 2}[(lid + 1) % gsize] + {k};")
    out.append(f"    a[tid] = s{n % 2}[lid];")
    return "\n".join(out + ["  }", "}"]) + "\n"


def conds(n: int, groups: str = "one") -> str:
    """if (lid == 0) { wr[tid] }; if (lid == 1) { wr[tid] }; ... (n conditionals)."""
    out = _header("conds", n, groups)
    out += ["  global int[tcount] a;", *_launch(groups), "  void main() {"]
    out += [f"    if (lid == {k}) {{ a[tid] = {k}; }}" for k in range(n)]
    return "\n".join(out + ["  }", "}"]) + "\n"


def nested_conds(n: int, groups: str = "one") -> str:
    """if (lid >= 0) { wr[tid]; if (lid >= 1) { wr[tid]; ... } } (nesting depth n)."""
    out = _header("nested-conds", n, groups)
    out += ["  global int[tcount] a;", *_launch(groups), "  void main() {"]
    for k in range(n):
        ind = "    " + "  " * k
        out += [f"{ind}if (lid >= {k}) {{", f"{ind}  a[tid] = {k};"]
    out += ["    " + "  " * k + "}" for k in range(n - 1, -1, -1)]
    return "\n".join(out + ["  }", "}"]) + "\n"


def _loops(n: int, synchronised: bool) -> list[str]:
    out = []
    for k in range(1, n + 1):
        ind = "    " + "  " * (k - 1)
        out.append(f"{ind}for (int i{k} = 0; i{k} < n; i{k} = i{k} + 1) {{")
        if synchronised:
            out += [f"{ind}  t[lid] = i{k};", f"{ind}  barrier(local);"]
        else:
            out.append(f"{ind}  a[tid] = i{k};")
    out += ["    " + "  " * (k - 1) + "}" for k in range(n, 0, -1)]
    return out


def uloops(n: int, groups: str = "one") -> str:
    """for^U i1 in 0..n { wr[tid]; for^U i2 in 0..n { wr[tid]; ... } } (depth n)."""
    out = _header("uloops", n, groups, "(int n)")
    out += ["  global int[tcount] a;", *_launch(groups), "  context_everywhere n > 0;", "  void main() {"]
    out += _loops(n, synchronised=False)
    return "\n".join(out + ["  }", "}"]) + "\n"


def sloops(n: int, groups: str = "one") -> str:
    """for^S i1 in 0..n { wr[lid]; sync; for^S i2 in 0..n { wr[lid]; sync; ... } } (depth n)."""
    out = _header("sloops", n, groups, "(int n)")
    out += ["  local int[gsize] t;", *_launch(groups), "  context_everywhere n > 0;", "  void main() {"]
    out += _loops(n, synchronised=True)
    return "\n".join(out + ["  }", "}"]) + "\n"


FAMILIES: dict[str, Callable[..., str]] = {
    "access": access, "barriers": barriers, "conds": conds, "nested-conds": nested_conds,
    "uloops": uloops, "sloops": sloops,
}


def kernel(family: str, n: int, groups: str = "one") -> str:
    return FAMILIES[family](n, groups)


def racy_barriers(n: int, groups: str = "one") -> str:
    """barriers-n with its first barrier left out: racy (the tests' negative control)."""
    return barriers(n, groups, drop=1)


# ---- measuring ----

@attrs.frozen
class Point:
    n: int
    seconds: float                 # least of the runs
    runs: int
    verdict: str
    pairs: int                     # the API's count: pairs of accesses looked at
    checks: int                    # calls of z3.Solver.check in one run
    messages: tuple[str, ...] = ()  # diagnostics of a wrong verdict

    @property
    def wrong(self) -> bool:
        return self.verdict != "race-free"


@attrs.frozen
class Series:
    family: str
    groups: str
    points: tuple[Point, ...]
    stopped: int | None = None     # the first N not run (the previous one exceeded the budget)


def measure(text: str, name: str, repeat: int, timeout: float = TIMEOUT) -> Point:
    best, runs, spent, result = math.inf, 0, 0.0, None
    while runs < max(1, repeat) and (runs == 0 or spent <= REPEAT_CUTOFF):
        before = _checks[0]
        result = service.races_text(text, name, service.Options(timeout=timeout))
        checks = _checks[0] - before
        best, runs, spent = min(best, result.seconds), runs + 1, spent + result.seconds
    messages = tuple(d.message for d in result.diagnostics) if result.verdict.value != "race-free" else ()
    return Point(int(name.split("-")[-1].split(".")[0]), best, runs, result.verdict.value, result.pairs,
                 checks, messages)


def warm_up() -> None:
    service.races_text(barriers(1), "warmup.pvl")


def run_family(family: str, groups: str, sizes: list[int], repeat: int, budget: float,
               log=print) -> Series:
    points: list[Point] = []
    for n in sizes:
        point = measure(kernel(family, n, groups), f"{family}-{n}.pvl", repeat)
        points.append(point)
        flag = f"  WRONG: {point.verdict}: {'; '.join(point.messages[:2])}" if point.wrong else ""
        log(f"  {family:13} N={n:3} {point.seconds:8.3f}s  pairs {point.pairs:5}  checks {point.checks:5}  "
            f"runs {point.runs}{flag}")
        if point.seconds > budget:
            later = [m for m in sizes if m > n]
            return Series(family, groups, tuple(points), later[0] if later else None)
    return Series(family, groups, tuple(points))


# ---- growth ----

@attrs.frozen
class Growth:
    intercept: float
    slope: float                   # seconds per unit of N
    r2: float
    doubling: float | None         # t(N) / t(N / 2) at the largest measured even N
    doubling_n: int | None
    step: float | None             # t(N + 1) / t(N) of the exponential fit, upper half
    exponent: float | None         # k of the power fit t ~ N^k, upper half
    kind: str                      # "linear", "polynomial (about N^k)", "exponential (...)"
    at_target: float | None        # measured seconds at N = TARGET_N
    predicted: float | None        # extrapolated seconds at N = TARGET_N when not measured


def _fit(xs: list[float], ys: list[float]) -> tuple[float, float, float, float]:
    """Least squares y = a + b x: (a, b, R^2, sum of squared residuals)."""
    n = len(xs)
    if n < 2:
        return (ys[0] if ys else 0.0), 0.0, 1.0, 0.0
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    slope = sxy / sxx if sxx else 0.0
    intercept = my - slope * mx
    ss_tot = sum((y - my) ** 2 for y in ys)
    ss_res = sum((y - intercept - slope * x) ** 2 for x, y in zip(xs, ys))
    return intercept, slope, 1 - ss_res / ss_tot if ss_tot else 1.0, ss_res


def growth(series: Series) -> Growth:
    """The line over all measured N; the doubling ratio; and over the upper half of the
    measured N (N >= N_max / 2, at least 3 points) a power fit (log t over log N) and an
    exponential fit (log t over N), the better of which names super-linear growth."""
    pts = [p for p in series.points if p.seconds > 0]
    xs, ys = [p.n for p in pts], [p.seconds for p in pts]
    a, b, r2, _ = _fit(xs, ys)
    by_n = {p.n: p.seconds for p in pts}
    even = [n for n in sorted(by_n) if n % 2 == 0 and n // 2 in by_n and n >= 4]
    doubling_n = even[-1] if even else None
    doubling = None
    if doubling_n:
        # Means over up to SMOOTH consecutive N ending at N and at N / 2 (one slow or fast
        # run does not decide the ratio).
        top = [by_n[m] for m in range(doubling_n - SMOOTH + 1, doubling_n + 1) if m in by_n]
        half = [by_n[m] for m in range(doubling_n // 2 - SMOOTH + 1, doubling_n // 2 + 1) if m in by_n]
        width = min(len(top), len(half))
        doubling = (sum(top[-width:]) / width) / (sum(half[-width:]) / width)
    upper = [p for p in pts if p.n >= (pts[-1].n if pts else 0) / 2]
    if len(upper) < 3:
        upper = pts[-3:]
    exponent = step = None
    power_sse = exp_sse = math.inf
    if len(upper) >= 2 and len({p.n for p in upper}) >= 2:
        logs = [math.log(p.seconds) for p in upper]
        _, exponent, _, power_sse = _fit([math.log(p.n) for p in upper], logs)
        _, rate, _, exp_sse = _fit([p.n for p in upper], logs)
        step = math.exp(rate)
    if exponent is None:
        kind = "linear" if doubling is not None and doubling <= LINEAR_DOUBLING and r2 >= 0.9 else "unknown"
    elif step is not None and step >= 1.3 and exp_sse < power_sse:
        kind = f"exponential (about x{step:.1f} per step of N)"
    elif exponent <= LINEAR_EXPONENT:
        kind = "linear" if r2 >= 0.9 else f"irregular (the line's R^2 is {r2:.2f})"
    else:
        kind = f"polynomial (about N^{exponent:.1f})"
    at = by_n.get(TARGET_N)
    predicted = None
    if at is None and pts:
        last_n, last_t = pts[-1].n, pts[-1].seconds
        if kind.startswith("exponential"):
            predicted = last_t * step ** (TARGET_N - last_n)
        elif kind.startswith("polynomial"):
            predicted = last_t * (TARGET_N / last_n) ** exponent
        else:
            predicted = a + b * TARGET_N
    return Growth(a, b, r2, doubling, doubling_n, step, exponent, kind, at, predicted)


# ---- profiling ----

# (label, file suffix, function name): cumulative seconds of these frames in a profile.
SPLIT = (
    ("parse and static checks (service.analyze)", "vercors_py/service.py", "analyze"),
    ("protocol walk (races/protocol.py protocol)", "vercors_py/races/protocol.py", "protocol"),
    ("· the next iteration's unknowns (races/protocol.py _next_iteration)", "vercors_py/races/protocol.py",
     "_next_iteration"),
    ("barrier intervals (races/intervals.py intervals)", "vercors_py/races/intervals.py", "intervals"),
    ("uniformity of barriers and jumps (races/check.py reached_uniformly)", "vercors_py/races/check.py",
     "reached_uniformly"),
    ("the race queries (races/check.py check)", "vercors_py/races/check.py", "check"),
    ("· the second thread's copies of the unknowns (races/check.py _Second)", "vercors_py/races/check.py",
     "__init__"),
    ("· z3.substitute (the second thread's terms)", "z3/z3.py", "substitute"),
    ("· asserting (z3 Solver.add)", "z3/z3.py", "add"),
    ("· Z3's check", "z3/z3.py", "check"),
    ("· deleting solvers (Z3_solver_dec_ref)", "z3/z3core.py", "Z3_solver_dec_ref"),
)


@attrs.frozen
class Profile:
    family: str
    n: int
    groups: str
    plain: float                                   # seconds of one run without the profiler
    total: float                                   # seconds under the profiler
    pairs: int
    checks: int
    split: tuple[tuple[str, int, float], ...]      # (label, calls, cumulative seconds)
    revision: str                                  # the commit profiled
    top: tuple[tuple[str, int, float, float], ...]  # (function, calls, own seconds, cumulative)


def _where(func: tuple) -> str:
    filename, line, name = func
    if filename == "~":
        return name
    try:
        short = str(Path(filename).resolve().relative_to(ROOT))
    except ValueError:
        short = "/".join(Path(filename).parts[-2:])
    return f"{short}:{line}({name})"


def profile(family: str, n: int, groups: str = "one", top: int = 12) -> Profile:
    text = kernel(family, n, groups)
    warm_up()
    plain = service.races_text(text, f"{family}-{n}.pvl", service.Options(timeout=TIMEOUT)).seconds
    prof = cProfile.Profile()
    before = _checks[0]
    start = time.perf_counter()
    prof.enable()
    result = service.races_text(text, f"{family}-{n}.pvl", service.Options(timeout=TIMEOUT))
    prof.disable()
    total = time.perf_counter() - start
    stats = pstats.Stats(prof, stream=io.StringIO())
    raw = stats.stats  # {(file, line, name): (cc, nc, tt, ct, callers)}
    split = []
    for label, suffix, name in SPLIT:
        calls, cum = 0, 0.0
        for (filename, _line, fname), (_cc, nc, _tt, ct, _callers) in raw.items():
            if fname == name and filename.replace("\\", "/").endswith(suffix):
                calls, cum = calls + nc, cum + ct
        split.append((label, calls, cum))
    ranked = sorted(raw.items(), key=lambda kv: -kv[1][2])[:top]
    return Profile(family, n, groups, plain, total, result.pairs, _checks[0] - before, tuple(split), revision(),
                   tuple((_where(f), v[1], v[2], v[3]) for f, v in ranked))


def render_profile(p: Profile) -> list[str]:
    lines = [f"`{p.family}-{p.n}` ({p.groups} group{'s' if p.groups == 'any' else ''}), "
             f"{p.plain:.2f} s without the profiler, {p.total:.2f} s under cProfile; {p.pairs} pairs, "
             f"{p.checks} Z3 checks (commit {p.revision}):", "",
             "| part | calls | seconds | share |", "|---|---:|---:|---:|"]
    for label, calls, cum in p.split:
        lines.append(f"| {label} | {calls} | {cum:.3f} | {100 * cum / p.total:.0f}% |")
    lines += ["", "| function (by own time) | calls | own s | cumulative s |", "|---|---:|---:|---:|"]
    lines += [f"| `{name}` | {calls} | {own:.3f} | {cum:.3f} |" for name, calls, own, cum in p.top]
    return lines


# ---- reports ----

def revision() -> str:
    """The commit measured, and whether vercors_py/ had changes not yet committed
    (read-only git commands; "unknown" outside a clone)."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                              text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "vercors_py"], cwd=ROOT,
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return f"{head}{' with uncommitted changes under vercors_py/' if dirty else ''}"


def _cell(point: Point | None) -> str:
    if point is None:
        return "–"
    text = f"{point.seconds:.3f}"
    return f"**WRONG {point.verdict}** {text}" if point.wrong else text


def table(results: list[Series], rows: list[int]) -> list[str]:
    names = [s.family for s in results]
    lines = ["| N | " + " | ".join(names) + " |", "|---:|" + "---:|" * len(names)]
    for n in rows:
        cells = []
        for s in results:
            point = next((p for p in s.points if p.n == n), None)
            cells.append(_cell(point))
        if any(c != "–" for c in cells):
            lines.append(f"| {n} | " + " | ".join(cells) + " |")
    return lines


def work_table(results: list[Series], rows: list[int]) -> list[str]:
    names = [s.family for s in results]
    lines = ["| N | " + " | ".join(names) + " |", "|---:|" + "---:|" * len(names)]
    for n in rows:
        cells = []
        for s in results:
            point = next((p for p in s.points if p.n == n), None)
            cells.append("–" if point is None else f"{point.pairs} / {point.checks}")
        if any(c != "–" for c in cells):
            lines.append(f"| {n} | " + " | ".join(cells) + " |")
    return lines


def cost_table(results: list[Series]) -> list[str]:
    """Time = Z3 checks x seconds per check: how each factor grows between the middle and
    the end of the measured N (exponents of N over that range), beside the pairs."""
    lines = ["| family | N | pairs | Z3 checks | ms per check (all the time / checks) | pairs ~ N^p | "
             "checks ~ N^c | ms per check ~ N^q | seconds ~ N^(c+q) |",
             "|---|---|---|---|---|---:|---:|---:|---:|"]
    for s in results:
        pts = [p for p in s.points if p.pairs > 0 and p.checks > 0 and p.seconds > 0]
        if len(pts) < 2:
            continue
        hi = pts[-1]
        lo = max((p for p in pts if p.n <= hi.n / 2), key=lambda p: p.n, default=pts[0])
        if lo.n == hi.n:
            continue
        span = math.log(hi.n / lo.n)
        per = lambda p: 1000 * p.seconds / p.checks      # noqa: E731
        ep = math.log(hi.pairs / lo.pairs) / span
        ec = math.log(hi.checks / lo.checks) / span
        eq = math.log(per(hi) / per(lo)) / span
        lines.append(f"| {s.family} | {lo.n} → {hi.n} | {lo.pairs} → {hi.pairs} | {lo.checks} → {hi.checks} | "
                     f"{per(lo):.2f} → {per(hi):.2f} | {ep:.1f} | {ec:.1f} | {eq:.1f} | {ec + eq:.1f} |")
    return lines


def _num(x: float | None, fmt: str = ".2f") -> str:
    return "–" if x is None else format(x, fmt)


def growth_table(results: list[Series]) -> list[str]:
    lines = ["| family | N measured | a (s) | b (ms per N) | R^2 | t(N)/t(N/2) | x (t ~ x^N) | k (t ~ N^k) | "
             "growth | N = 50 | under 1 s at N = 50 |",
             "|---|---|---:|---:|---:|---:|---:|---:|---|---:|---|"]
    for s in results:
        g = growth(s)
        ns = [p.n for p in s.points]
        measured = f"{ns[0]}..{ns[-1]}" + (f" (stopped: N = {ns[-1]} took {s.points[-1].seconds:.1f} s)"
                                           if s.stopped else "")
        doubling = f"{g.doubling:.2f} (N = {g.doubling_n})" if g.doubling is not None else "–"
        if g.at_target is not None:
            at, under = f"{g.at_target:.3f} s", "yes" if g.at_target < TARGET else "**no**"
        elif g.predicted is not None:
            at = f"not run; ~{_big(g.predicted)} predicted"
            under = "**no**" if g.predicted >= TARGET or s.stopped else "not measured"
        else:
            at, under = "–", "not measured"
        lines.append(f"| {s.family} | {measured} | {g.intercept:.3f} | {1000 * g.slope:.1f} | {g.r2:.3f} | "
                     f"{doubling} | {_num(g.step)} | {_num(g.exponent)} | {g.kind} | {at} | {under} |")
    return lines


def _big(seconds: float) -> str:
    if seconds < 100:
        return f"{seconds:.1f} s"
    if seconds < 3 * 3600:
        return f"{seconds / 60:.0f} min"
    if seconds < 3 * 86400:
        return f"{seconds / 3600:.0f} h"
    years = seconds / (365 * 86400)
    return f"{seconds / 86400:.0f} days" if years < 1 else f"10^{math.log10(years):.0f} years"


def render(all_results: dict[str, list[Series]], profiles: list[Profile], repeat: int, budget: float,
           sizes: list[int], measured: str) -> str:
    out = [
        "# `vercors-py races` on seed 001's synthetic families",
        "",
        "Generated by `.venv/bin/python bench/races_scaling.py --write`; do not edit by hand.",
        f"Measured at commit {measured}. Machine: {platform.machine()}, Python {platform.python_version()}, in one process; "
        f"N = {sizes[0]}..{sizes[-1]}; a kernel's time is the least of {repeat} runs "
        f"(one run when its runs add up to more than {REPEAT_CUTOFF:.0f} s); a family stops at the first N "
        f"over {budget:.0f} s.",
        "",
        "The issue: on seed 001's synthetic families (section 7, Claim 2, Fig. 17) with N = 1..50, "
        "`races` must grow linearly and stay under 1 s at N = 50.",
        "",
        "## Method",
        "",
        "Each kernel is generated as text by bench/races_scaling.py (`kernel(family, n)`) with no "
        "annotation but the launch facts, and given to `service.races_text` (the same call as "
        "`vercors-py races`, in process, after one warm-up call). The time is the API's "
        "`seconds`: from the text to the verdict (parse, static checks, protocol walk, barrier "
        "intervals, every Z3 query). Two counts of the solver's work go with it: `pairs`, the "
        "API's number of pairs of accesses looked at (at least one a write; docs/races.md, "
        "\"How it is decided\"), and the Z3 checks made (calls of `z3.Solver.check`, counted by "
        "a wrapper in the benchmark's process). Every kernel is race-free by "
        "construction; any other verdict is marked **WRONG** below (and the run exits 1).",
        "",
        "The families (seed 001, Fig. 17), adapted to the kernel language. As in Faial (one thread "
        "block) and bench/generate.py, the kernels have `context_everywhere ngroups == 1` and "
        "T = `gsize` unless the section says *any number of groups*:",
        "",
        "- `access`: `a[tid + k * T] = a[tid + n_k * T] + k;` for k = 1..N (read then write; "
        "n_k a fixed pseudo-random literal in 1..N), all in one barrier interval.",
        "- `barriers`: N `barrier(local)` separating N + 1 phases that exchange through two local "
        "buffers (ping-pong): `s1[lid] = s0[(lid + 1) % gsize] + k;`, the phases bracketed by "
        "`s0[lid] = a[tid]` and `a[tid] = s?[lid]`.",
        "- `conds`: N conditionals in sequence, `if (lid == k) { a[tid] = k; }` (the seed's shape).",
        "- `nested-conds`: N nested conditionals, `if (lid >= k) { a[tid] = k; if (...) ... }` "
        "(not in the seed; the issue's wording).",
        "- `uloops`: N nested `for (int ik = 0; ik < n; ik = ik + 1) { a[tid] = ik; ... }`, the "
        "bound a kernel parameter with `context_everywhere n > 0`.",
        "- `sloops`: the same with `t[lid] = ik; barrier(local);` in each loop (local `t`, "
        "uniform bound).",
        "",
        "Growth, over the N measured: the least-squares line t = a + b N with its R^2; the "
        f"doubling ratio t(N)/t(N/2) at the largest measured even N, each side the mean over "
        f"{SMOOTH} consecutive N (at most 2 for a line with a non-negative intercept, near 4 for "
        "N^2); and over the upper half of the measured N a power fit t ~ N^k (`k`) and an "
        "exponential fit t ~ x^N (`x`). A family is called exponential when the exponential fit "
        f"is the better (x >= 1.3), linear when k <= {LINEAR_EXPONENT} (room for noise: a line "
        "with a positive intercept has k < 1) and the line's R^2 is at least 0.9 (*irregular* "
        "when it is not), polynomial otherwise. For a family that stopped before N = 50 the "
        "fit extrapolates from its last measured N.",
    ]
    for groups, results in all_results.items():
        title = "one work group (`ngroups == 1`)" if groups == "one" else "any number of groups"
        rows = sorted(set(DOC_ROWS) & {p.n for s in results for p in s.points})
        out += ["", f"## Seconds per N: {title}", ""]
        out += table(results, rows)
        out += ["", "The solver's work: pairs of accesses looked at / Z3 checks made:", ""]
        out += work_table(results, rows)
        out += ["", "Growth and the 1 s target:", ""]
        out += growth_table(results)
        out += ["", "The time split into the number of Z3 checks and the time per check (between the "
                "middle and the end of the measured N; an exponent is the slope of log over log N):", ""]
        out += cost_table(results)
        wrong = [(s.family, p) for s in results for p in s.points if p.wrong]
        out += [""]
        if wrong:
            out += ["**Wrong verdicts** (every kernel here is race-free):", ""]
            out += [f"- `{f}-{p.n}`: {p.verdict}: {'; '.join(p.messages[:3])}" for f, p in wrong]
        else:
            out += ["Every kernel measured got `race-free`."]
        verdicts = []
        for s in results:
            g = growth(s)
            ok = g.kind == "linear" and g.at_target is not None and g.at_target < TARGET
            verdicts.append(f"`{s.family}` {'meets' if ok else '**misses**'} the target"
                            + ("" if ok else f" ({g.kind}" + (f", {g.at_target:.2f} s at N = 50)" if g.at_target
                                                                else ", not under 1 s at N = 50)")))
        out += ["", "In short: " + "; ".join(verdicts) + "."]
    if profiles:
        out += ["", "## Where the time goes (cProfile)", "",
                f"Each family, profiled once at its largest measured N that took at most {PROFILE_MAX:.0f} s "
                "(`bench/races_scaling.py --profile FAMILY:N` prints the same). The split counts "
                "cumulative time per function, over all its callers: the rows marked · are parts of "
                "the row above them that is not marked (the next iteration's unknowns of the protocol "
                "walk), or what the pair queries (and the uniformity check, and the one check that the "
                "assumptions are consistent) spend in those functions. The second table lists the "
                "functions with the most time of their own."]
        for p in profiles:
            out += ["", f"### {p.family}", ""] + render_profile(p)
    out += ["", "## Reading the results", ""] + FINDINGS
    return "\n".join(out) + "\n"


# What the tables and profiles say, written after reading them (a run of commit 4096201
# with the changes that made `sloops` linear); check them against the tables at each --write.
FINDINGS = [
    "- **Grouped queries.** `races` asks one Z3 query per array and barrier interval (the first "
    "thread makes one of the interval's writes, the second any of its accesses: a disjunction "
    "over the accesses, seed 001's grouping; commit f401fe7), not one per pair. `pairs` grows as "
    "N^2 in `access`, `conds`, `nested-conds` and `uloops`; the Z3 checks do not: 3 in all four "
    "whatever N (the check that the assumptions are consistent, the same-group query, the "
    "cross-group query). At commit 5fa0dbe, with one query per pair, those four families were "
    "quadratic: `conds` 7.9 s and `nested-conds` 8.7 s at N = 50, `access` 10.0 s at N = 30, "
    "`uloops` 11.6 s at N = 28.",
    "- **Intervals alike but for their guards** are asked twice, then once without guards; when "
    "that is refuted the later ones are not asked (races/check.py `_learn`; a guard only takes "
    "models away). The 2N intervals of `sloops` (`t[lid] = ik`) and the phases of `barriers` "
    "(`s1[lid] = ...`) are of a few shapes, so their Z3 checks are a constant few whatever N "
    "(2N + 4 in `barriers` at commit 9ccc23f). The uniformity check of each barrier "
    "(races/session.py) is made only when the lock-step rule flagged something to dismiss: in "
    "neither family did it.",
    "- **`sloops` is linear** (it was exponential: 10.5 s at N = 10, commit 9ccc23f). A loop with a "
    "barrier was two instances of its body, so N nested loops made 2^N copies of the innermost "
    "accesses. Now the body is walked once (races/protocol.py `loop`) and the next iteration is "
    "made by renaming, only for the accesses at the body's edges (before its first barrier, after "
    "its last, or on a path with none: intervals.py `crossing`), with copies only of the unknowns "
    "those accesses use (`_next_iteration`): an inner loop's intervals closed inside its body are "
    "not copied by the loops around it, so each level adds a constant number of accesses, "
    "queries and barrier guards (docs/races.md, \"How it is decided\"). Most of what is left "
    "is the protocol walk and the static checks.",
    "- **The walk asks Z3 whether a branch can be taken only for an `if` with a barrier in it** "
    "(races/protocol.py `branch`): elsewhere the answer changes no interval. In `conds` and "
    "`nested-conds` those were 2N of the 2N + 3 checks and two thirds of the time (0.80 s and "
    "0.92 s at N = 50 at commit 9ccc23f).",
    "- **The linear pass simplifies first** (races/check.py `_decide`: Z3's `simplify`, then `smt` "
    "with products opaque): the indices become sums over shared monomials, and the grouped query "
    "of `access` at N = 50 takes about 0.05 s instead of 0.5 s.",
    "- **Any number of groups.** The cross-group query states that the two threads' tids differ "
    "(`gid * gsize + lid` with `lid < gsize`: true, but found only by nonlinear reasoning). With "
    "it the linear pass refutes `tid + k * tcount` between groups at once: `access` took 2.7 s at "
    "N = 50 for any number of groups at commit 9ccc23f, `conds` 2.3 s.",
    "- **The second thread** is made once per kernel (races/check.py `_Second`: copies of the "
    "thread's unknowns, its launch facts) and its terms in one `z3.substitute` of its whole "
    "disjunction, which Z3 makes once per shared subterm; `uloops` spent 58% of its time in "
    "per-access substitutions at commit 9ccc23f.",
    "- **What is left super-linear is outside races/**: in `uloops`, the static checks "
    "(service.analyze: semantics/uniformity.py `analyze` asks `_has_barrier` of every loop's "
    "body, a walk of all the loops inside it, so N nested loops cost N^2 node visits; it runs on "
    "vercors_py/deep.py's thread, which cProfile does not see): measured apart, 0.09 s at N = 25 "
    "and 0.26 s at N = 50, about half of the family's time, and why its power fit can come out "
    "above 1.2 (with that walk remembered per node, `uloops` takes 0.16 s at N = 25 and 0.30 s "
    "at N = 50). The protocol walk and the queries of `uloops` grow about linearly. Loops with "
    "barriers (`sloops`) stop that walk at their first barrier.",
    "- **Noise.** The machine is shared (2 cores, another process running tests at times): "
    "single N can be off by a factor of 2 (see the R^2 of each line), and the least of 3 runs "
    "does not always hide it. Apart from that, `sloops` at N = 25 and N = 39 spends more time "
    "than its neighbours collecting the constants of the accesses' terms (races/protocol.py "
    "`_constants`, the same number of terms visited), in a fresh process too; not understood.",
]


# ---- command line ----

def parse_sizes(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(","):
        lo, dash, hi = part.partition("-")
        out += list(range(int(lo), int(hi) + 1)) if dash else [int(lo)]
    return sorted(set(out))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--write", action="store_true", help=f"regenerate {DOC.relative_to(ROOT)}")
    ap.add_argument("--sizes", default="1-50", help="N to run: 1-50, or 1,5,10 (default 1-50)")
    ap.add_argument("--families", default=",".join(FAMILIES), help="comma-separated (default: all)")
    ap.add_argument("--groups", default="one", help="one, any, or one,any (default one: ngroups == 1)")
    ap.add_argument("--repeat", type=int, default=3, help="runs per kernel, the least is kept (default 3)")
    ap.add_argument("--budget", type=float, default=BUDGET,
                    help=f"a family stops after the first N slower than this, in seconds (default {BUDGET:.0f})")
    ap.add_argument("--save", metavar="JSON", help="also save the measurements")
    ap.add_argument("--load", metavar="JSON", help="report saved measurements instead of measuring")
    ap.add_argument("--profile", metavar="FAMILY:N", help="profile one kernel and print where its time goes")
    ap.add_argument("--print", metavar="FAMILY:N", dest="show", help="print one generated kernel")
    args = ap.parse_args(argv)
    groups_list = [g.strip() for g in args.groups.split(",") if g.strip()]
    if any(g not in ("one", "any") for g in groups_list):
        ap.error("--groups takes one, any, or one,any")
    if args.show:
        family, _, n = args.show.partition(":")
        print(kernel(family, int(n), groups_list[0]), end="")
        return 0
    if args.profile:
        family, _, n = args.profile.partition(":")
        print("\n".join(render_profile(profile(family, int(n), groups_list[0]))))
        return 0
    families = [f.strip() for f in args.families.split(",") if f.strip()]
    unknown = [f for f in families if f not in FAMILIES]
    if unknown:
        ap.error(f"unknown families {unknown}; known: {', '.join(FAMILIES)}")
    sizes = parse_sizes(args.sizes)
    all_results: dict[str, list[Series]] = {}
    if args.load:
        saved = json.loads(Path(args.load).read_text(encoding="utf-8"))
        sizes, args.repeat, args.budget = saved["sizes"], saved["repeat"], saved["budget"]
        measured = saved["revision"]
        for groups, series in saved["results"].items():
            all_results[groups] = [Series(x["family"], x["groups"], tuple(Point(**{**p, "messages": tuple(p["messages"])})
                                                                           for p in x["points"]), x["stopped"])
                                   for x in series]
        groups_list = list(all_results)
    else:
        measured = revision()      # what is imported now is what is measured
        warm_up()
        for groups in groups_list:
            print(f"groups: {groups}")
            all_results[groups] = [run_family(f, groups, sizes, args.repeat, args.budget) for f in families]
    if args.save:
        Path(args.save).write_text(json.dumps(
            {"sizes": sizes, "repeat": args.repeat, "budget": args.budget, "revision": measured,
             "results": {g: [attrs.asdict(x) for x in r] for g, r in all_results.items()}}, indent=1), encoding="utf-8")
    for groups, results in all_results.items():
        print(f"\nseconds per N ({groups} group{'s' if groups == 'any' else ''}):")
        rows = sorted({p.n for s in results for p in s.points})
        print(f"{'N':>4} " + " ".join(f"{s.family:>13}" for s in results))
        for n in rows:
            cells = []
            for s in results:
                point = next((p for p in s.points if p.n == n), None)
                cells.append("–" if point is None else f"{point.seconds:.3f}" + ("!" if point.wrong else ""))
            print(f"{n:>4} " + " ".join(f"{c:>13}" for c in cells))
        print()
        for s in results:
            g = growth(s)
            at = (f"{g.at_target:.3f} s" if g.at_target is not None
                  else f"not run (~{_big(g.predicted)} predicted)" if g.predicted is not None else "–")
            print(f"{s.family:13} {g.kind:40} b = {1000 * g.slope:8.1f} ms/N  R^2 = {g.r2:.3f}  N=50: {at}")
    wrong = [(s.family, p.n) for results in all_results.values() for s in results for p in s.points if p.wrong]
    if wrong:
        print(f"\nWRONG verdicts (these kernels are race-free): {wrong}", file=sys.stderr)
    if args.write:
        profiles = []
        for groups, results in all_results.items():
            if groups != groups_list[0]:
                continue
            for s in results:
                chosen = [p for p in s.points if p.seconds <= PROFILE_MAX] or list(s.points[:1])
                if chosen:
                    print(f"profiling {s.family}-{chosen[-1].n} ...")
                    profiles.append(profile(s.family, chosen[-1].n, groups))
        DOC.write_text(render(all_results, profiles, args.repeat, args.budget, sizes, measured), encoding="utf-8")
        print(f"wrote {DOC.relative_to(ROOT)}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
