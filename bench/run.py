#!/usr/bin/env python3
"""Benchmark vercors-py, and compare it with Viper's Silicon on the same problems.

    .venv/bin/python bench/run.py --quick        # the whole benchmark in under 5 minutes
    .venv/bin/python bench/run.py                # the full run (more sizes, more runs)
    .venv/bin/python bench/run.py --render bench/results/quick.json   # docs only

For every generated kernel (bench/generate.py) it measures:
  - cold: wall time of the whole `vercors-py check --format json FILE` process, several
    runs (median, min, max), and the peak resident memory of that process tree (ru_maxrss
    from wait4; forked obligation workers are included, as they are waited for);
  - warm: the time of `vercors_py.service.check_text(text, path)` called again on the
    same text inside one long-lived Python process, as the language server does;
  - the number of obligations and the slowest one (from the JSON report).
The large files (`large-plain`, `large-functions`; the full run, or `--large`) are
measured cold only, with `check -j 2`: their target is that 28 pure functions cost at
most half again the time of the same file without them.
With Silicon (`--silicon JAR --z3 PATH`, or found in the cache that bench/get_silicon.sh
fills) it also runs Silicon on the Viper encoding of phases-N and the seed kernels, its
runs alternating with ours, and checks once that Silicon (and vercors-py) accept the
correct encodings and reject broken ones.  Where a target is missed, the file is profiled
with cProfile.  Results: bench/results/NAME.json; from it docs/benchmarks.md and a PNG plot
(matplotlib, optional) are rendered.  It measures; it never fails on a slow result (the
exit code is non-zero only when the benchmark itself could not run, or a verdict was wrong).
"""
from __future__ import annotations

import argparse
import datetime as _dt
import json
import os
import platform
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
import generate  # noqa: E402  (bench/generate.py, next to this file)

RESULTS = HERE / "results"
SCRATCH = RESULTS / "tmp"
DOC = ROOT / "docs" / "benchmarks.md"
ANALYSIS = HERE / "analysis.md"
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "vercors-py-bench"

TARGETS = {   # seconds; the benchmark reports them, nothing asserts them
    "fig8_cold": 0.4, "fig8_vs_silicon": 10.0, "fig9_cold": 1.0, "phases32_cold": 1.5,
    "faial50_cold": 1.0, "fig8_warm": 0.1, "fig8_edit": 0.1,
    "large_cold": 5.0, "large_functions_ratio": 1.5,     # the ratio in x, not seconds
    "tiles8_cold": 1.0,
}
LARGE_CHECK = ["-j", "2"]     # the large files' cold runs: two obligation workers

# silicon: the phases-N sizes that Silicon also runs (the seed kernels always).
# budget: seconds after which optional work (extra runs, profiles) is cut; None: no limit.
# large: the large files (each cold run takes half a minute or more).
QUICK = dict(phases="1,2,4,8,16,32,64", faial="1,10,25,50", runs=3, warm_runs=3, warm_jobs1=False,
             silicon_runs=1, silicon="1,8,32", budget=270, large=False)
FULL = dict(phases="1,2,4,8,16,32,64", faial="1-5,10,15,20,25,30,35,40,45,50", runs=5,
            warm_runs=5, warm_jobs1=True, silicon_runs=3, silicon="1,2,4,8,16,32,64", budget=None, large=True)


# ---------------------------------------------------------------------------------------
# measuring one process

GNU_TIME = "/usr/bin/time" if os.path.exists("/usr/bin/time") else None


def run_measured(cmd: list[str], timeout: float) -> dict:
    """Run cmd: wall time, exit code, stdout, stderr and the peak resident memory (KiB) of
    its process tree: ru_maxrss of wait4, the largest of the process and of the children it
    waited for (such as forked obligation workers).  With GNU time the command runs under
    it, so that the few MiB of the benchmark's own Python that a child has before it execs
    are not counted; its wall time still includes that of GNU time (about a millisecond)."""
    rss_file = None
    if GNU_TIME:
        fd, rss_file = tempfile.mkstemp(prefix="rss-", dir=SCRATCH if SCRATCH.exists() else None)
        os.close(fd)
        cmd = [GNU_TIME, "-q", "-f", "%U %S %M", "-o", rss_file] + cmd
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    timed_out = False
    try:
        out, err = _read_all(proc, timeout)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)    # the whole tree: GNU time, the tool, its workers
        except ProcessLookupError:
            pass
        timed_out = True
        out, err = "", ""
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    proc.stdout.close()
    proc.stderr.close()
    maxrss, cpu = usage.ru_maxrss, usage.ru_utime + usage.ru_stime
    if rss_file:
        try:
            user, system, rss = Path(rss_file).read_text().split()[-3:]
            maxrss, cpu = int(rss), float(user) + float(system)
        except (OSError, ValueError):
            pass
        os.unlink(rss_file)
    return {"seconds": seconds, "rc": None if timed_out else proc.returncode, "timeout": timed_out,
            "maxrss_kib": maxrss, "cpu": cpu, "stdout": out, "stderr": err}


def _read_all(proc: subprocess.Popen, timeout: float):
    """Read stdout and stderr to the end without reaping the child (so that os.wait4 can
    collect its resource usage afterwards)."""
    import selectors
    sel = selectors.DefaultSelector()
    chunks = {proc.stdout: [], proc.stderr: []}
    for stream in chunks:
        sel.register(stream, selectors.EVENT_READ)
    deadline = time.monotonic() + timeout
    while sel.get_map():
        left = deadline - time.monotonic()
        if left <= 0:
            raise subprocess.TimeoutExpired(proc.args, timeout)
        for key, _ in sel.select(timeout=left):
            data = os.read(key.fd, 65536)
            if not data:
                sel.unregister(key.fileobj)
            else:
                chunks[key.fileobj].append(data)
    sel.close()
    return (b"".join(chunks[proc.stdout]).decode("utf-8", "replace"),
            b"".join(chunks[proc.stderr]).decode("utf-8", "replace"))


def spread(values: list[float]) -> dict:
    values = [v for v in values if v is not None]
    if not values:
        return {"median": None, "min": None, "max": None, "runs": []}
    return {"median": statistics.median(values), "min": min(values), "max": max(values),
            "runs": [round(v, 4) for v in values]}


# ---------------------------------------------------------------------------------------
# vercors-py

def cli_command() -> list[str]:
    script = Path(sys.executable).parent / "vercors-py"
    if script.exists():
        return [str(script)]
    found = shutil.which("vercors-py")
    return [found] if found else [sys.executable, "-m", "vercors_py"]


def ours_cold(cli: list[str], path: Path, timeout: float, options=()) -> dict:
    r = run_measured(cli + ["check", "--format", "json", *options, str(path)], timeout)
    r["report"] = None
    if not r["timeout"]:
        try:
            r["report"] = json.loads(r["stdout"])["files"][0]
        except (ValueError, KeyError, IndexError):
            pass
    return r


def summarize_report(report: dict | None) -> dict:
    if not report:
        return {"verdict": None, "obligations": None, "slowest": None, "obligation_seconds": None,
                "errors": []}
    obs = report.get("obligations") or []
    slowest = max(obs, key=lambda o: o.get("seconds") or 0.0, default=None)
    errors = [d.get("code") for d in report.get("diagnostics", []) if d.get("severity") == "error"]
    return {"verdict": report.get("verdict"), "obligations": len(obs),
            "slowest": ({"name": slowest["name"], "seconds": slowest["seconds"]} if slowest else None),
            "obligation_seconds": round(sum(o.get("seconds") or 0.0 for o in obs), 4),
            "file_seconds": report.get("seconds"), "errors": sorted(set(errors))}


WARM_WORKER = r"""
import json, sys, time
from vercors_py import service
paths, runs, jobs1 = json.loads(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "1"
try:
    from vercors_py.cache import ObligationCache
except ImportError:
    ObligationCache = None
# warm the process up (imports, Z3 context) on something else than the files measured
service.check_text("kernel w { global int[gsize] a; requires Perm(a[tid], write); void main() { a[tid] = 1; } }", "warmup.pvl")

def timed(fn):
    t = time.perf_counter(); r = fn(); return time.perf_counter() - t, r

out = {}
for p in paths:
    text = open(p, encoding="utf-8").read()
    first, r = timed(lambda: service.check_text(text, p))
    rec = {"first": first, "verdict": r.verdict.value, "times": [first], "jobs1": [], "cached": []}
    for _ in range(runs - 1):
        t, r = timed(lambda: service.check_text(text, p)); rec["times"].append(t)
    rec["verdict_again"] = r.verdict.value
    one = service.Options(jobs=1)
    for _ in range(runs if jobs1 else 0):
        t, r = timed(lambda: service.check_text(text, p, one)); rec["jobs1"].append(t)
    if ObligationCache is not None:
        cache = ObligationCache()
        service.check_text(text, p, one, cache=cache)
        for _ in range(runs):
            t, r = timed(lambda: service.check_text(text, p, one, cache=cache)); rec["cached"].append(t)
        rec["verdict_cached"] = r.verdict.value
    out[p] = rec
print(json.dumps(out))
"""


def ours_warm(paths: list[Path], runs: int, jobs1: bool, timeout: float) -> dict:
    r = run_measured([sys.executable, "-c", WARM_WORKER, json.dumps([str(p) for p in paths]), str(runs),
                      "1" if jobs1 else "0"], timeout)
    if r["rc"] != 0:
        print(f"warm worker failed (rc={r['rc']}): {r['stderr'][-2000:]}", file=sys.stderr)
        return {}
    return json.loads(r["stdout"])


PROFILE_WORKER = r"""
import cProfile, contextlib, io, json, pstats, sys, threading, time
path, mode, top = sys.argv[1], sys.argv[2], int(sys.argv[3])
# vercors-py runs its passes on a helper thread (vercors_py/deep.py): give every thread its
# own profiler and add them all up at the end.
profilers = []
_run = threading.Thread.run
def run(self):
    prof = cProfile.Profile()
    profilers.append(prof)
    prof.enable()
    try:
        _run(self)
    finally:
        prof.disable()
threading.Thread.run = run
main = cProfile.Profile()
if mode == "cold":
    # the whole CLI in one process, imports included, obligations proved in-process
    start = time.perf_counter()
    main.enable()
    from vercors_py import cli
    with contextlib.redirect_stdout(io.StringIO()):
        cli.main(["check", "-j", "1", path])
    main.disable()
else:
    from vercors_py import service
    text = open(path, encoding="utf-8").read()
    opts = service.Options(jobs=1)
    service.check_text(text, path, opts)
    profilers.clear()
    start = time.perf_counter()
    main.enable()
    service.check_text(text, path, opts)
    main.disable()
wall = time.perf_counter() - start
stats = pstats.Stats(main)
for prof in profilers:
    stats.add(prof)
WAIT = ("acquire' of '_thread.lock", "method 'join'", "_wait_for_tstate_lock")
def rows(key):
    entries = []
    for (file, line, func), (cc, nc, tt, ct, callers) in stats.stats.items():
        name = f"{file.split('site-packages/')[-1].split('/work/main/')[-1]}:{line}({func})"
        if any(w in name for w in WAIT):
            continue      # the main thread waiting for the helper thread: counted there
        entries.append({"function": name, "calls": nc, "tottime": round(tt, 4), "cumtime": round(ct, 4)})
    entries.sort(key=lambda e: -e[key])
    return entries[:top]
def ours(top_n):
    skip = ("vercors_py/cli.py", "vercors_py/service.py", "vercors_py/deep.py", "vercors_py/engine/solver/workers.py")
    entries = [e for e in rows_all("cumtime") if e["function"].startswith(("vercors_py/", "lsp/", "grammar/"))
               and not e["function"].startswith(skip)]
    return entries[:top_n]
def rows_all(key):
    global top
    saved, top = top, 10**9
    try:
        return rows(key)
    finally:
        top = saved
print(json.dumps({"total": round(wall, 4), "by_tottime": rows("tottime"), "by_cumtime": ours(top)}))
"""


STARTUP_PROBES = {
    "interpreter": "pass",
    "imports": ("import vercors_py.cli, vercors_py.service, vercors_py.obligations.generate, "
                "vercors_py.engine.solver.workers, vercors_py.report.json"),
}


def startup(runs: int, timeout: float) -> dict:
    """Where a cold run's fixed cost goes: starting Python, importing vercors-py (lark, z3)."""
    out = {}
    for name, code in STARTUP_PROBES.items():
        out[name] = spread([run_measured([sys.executable, "-c", code], timeout)["seconds"] for _ in range(runs)])
    return out


def profile(path: Path, mode: str, timeout: float, top: int = 15) -> dict | None:
    r = run_measured([sys.executable, "-c", PROFILE_WORKER, str(path), mode, str(top)], timeout)
    if r["rc"] != 0:
        return {"error": (r["stderr"] or "")[-1000:]}
    return json.loads(r["stdout"])


# ---------------------------------------------------------------------------------------
# Silicon

def find_silicon(args) -> tuple[str | None, str | None, str]:
    """(jar, z3, why-not)."""
    if args.no_silicon:
        return None, None, "Silicon was switched off (--no-silicon)."
    jar = args.silicon or (str(CACHE / "silicon.jar") if (CACHE / "silicon.jar").exists() else None)
    z3 = args.z3 or os.environ.get("Z3_EXE") or (str(CACHE / "z3") if (CACHE / "z3").exists() else None)
    if not jar:
        return None, None, ("No silicon.jar: pass --silicon JAR or run bench/get_silicon.sh "
                            f"(it fills {CACHE}).")
    if not z3:
        return None, None, "No Z3 executable: pass --z3 PATH or run bench/get_silicon.sh."
    if not shutil.which("java"):
        return None, None, "No `java` on PATH (Silicon needs Java 11 or later)."
    return jar, z3, ""


SILICON_OK = re.compile(r"Silicon finished verification successfully in ([0-9.]+)s")
SILICON_ERR = re.compile(r"Silicon found (\d+) errors? in ([0-9.]+)s")


def silicon_run(jar: str, z3: str, path: Path, timeout: float) -> dict:
    r = run_measured(["java", "-Xss128m", "-jar", jar, "--z3Exe", z3, str(path)], timeout)
    text = r["stdout"] + r["stderr"]
    ok, bad = SILICON_OK.search(text), SILICON_ERR.search(text)
    r["verdict"] = "verified" if ok else "failed" if bad else ("timeout" if r["timeout"] else "error")
    r["internal"] = float(ok.group(1)) if ok else float(bad.group(2)) if bad else None
    r["messages"] = [line.strip() for line in text.splitlines() if re.match(r"\s*\[\d+\]", line)]
    return r


def silicon_version(jar: str) -> str:
    try:
        out = subprocess.run(["java", "-Xss128m", "-jar", jar, "--help"], capture_output=True,
                             text=True, timeout=60).stdout
        return out.splitlines()[0].strip() if out else "?"
    except (OSError, subprocess.SubprocessError):
        return "?"


# ---------------------------------------------------------------------------------------

def environment(jar, z3) -> dict:
    def cmd(c):
        try:
            r = subprocess.run(c, capture_output=True, text=True, timeout=60)
            return (r.stdout or r.stderr).strip().splitlines()[0]
        except (OSError, subprocess.SubprocessError, IndexError):
            return None
    try:
        from importlib import metadata
        ours = metadata.version("vercors-py")
        z3py = metadata.version("z3-solver")
    except Exception:
        ours = z3py = None
    commit = cmd(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"])
    dirty = cmd(["git", "-C", str(ROOT), "status", "--porcelain", "--", "vercors_py", "grammar"])
    env = {"date": _dt.datetime.now().isoformat(timespec="seconds"), "python": platform.python_version(),
           "platform": platform.platform(), "cpus": os.cpu_count(), "vercors_py": ours,
           "commit": commit, "engine_modified": bool(dirty), "z3_solver": z3py,
           "cpu": _cpu_model(), "load_start": list(os.getloadavg())}
    if jar:
        env["silicon"] = silicon_version(jar)
        env["silicon_z3"] = cmd([z3, "--version"])
        env["java"] = cmd(["java", "-version"])
    return env


def _cpu_model() -> str | None:
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return None


def bytecode_cache() -> str:
    """Give the measured Python processes a bytecode cache of their own, outside the
    repository, which the untimed runs fill.  An installed vercors-py reads its modules'
    bytecode (pip compiles it at install; an editable install writes __pycache__ on first
    use); with PYTHONDONTWRITEBYTECODE set in the environment every cold run would compile
    every module of vercors-py from source again, about 0.1 s that no user pays."""
    folder = CACHE / "pycache"
    folder.mkdir(parents=True, exist_ok=True)
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = str(folder)
    return str(folder)


def measure(args) -> dict:
    cfg = dict(QUICK if args.quick else FULL)
    for key in ("phases", "faial", "runs", "warm_runs", "silicon_runs"):
        if getattr(args, key) is not None:
            cfg[key] = getattr(args, key)
    if args.budget is not None:
        cfg["budget"] = args.budget or None
    if args.silicon_sizes is not None:
        cfg["silicon"] = args.silicon_sizes
    cfg["large"] = cfg["large"] or args.large
    silicon_sizes = set(generate.parse_sizes(cfg["silicon"]))
    jar, z3, why_not = find_silicon(args)
    kernels = SCRATCH / "kernels"
    if kernels.exists():
        shutil.rmtree(kernels)
    manifest = generate.generate(kernels, generate.parse_sizes(cfg["phases"]),
                                 generate.parse_sizes(cfg["faial"]), viper=bool(jar), large_files=cfg["large"])
    cli = cli_command()
    started = time.perf_counter()
    env = environment(jar, z3)
    env["bytecode_cache"] = bytecode_cache()
    log = print if not args.silent else (lambda *a, **k: None)
    log(f"vercors-py: {' '.join(cli)}; Silicon: {jar or 'none (' + why_not + ')'}", file=sys.stderr)

    # First, not timed: both tools on the broken problems (each must reject its own),
    # which also warms up the disk cache and the JVM's class data for what follows.
    def broken(b):
        ours = ours_cold(cli, kernels / b["pvl"], args.timeout)
        item = {"name": b["name"], "what": b["what"],
                "ours": {"exit": ours["rc"], **{k: v for k, v in summarize_report(ours["report"]).items()
                                                if k in ("verdict", "errors")}}}
        if jar:
            s = silicon_run(jar, z3, kernels / b["vpr"], args.silicon_timeout)
            item["silicon"] = {"verdict": s["verdict"], "messages": s["messages"]}
        return item

    mark = time.perf_counter()
    sanity = [broken(b) for b in manifest["broken"]]
    if not manifest["broken"]:
        ours_cold(cli, kernels / "seed-fig8.pvl", args.timeout)
    durations_first = {"broken problems (warm-up)": round(time.perf_counter() - mark, 1)}

    durations: dict[str, float] = dict(durations_first)
    skipped: dict[str, int] = {}

    def over_budget(fraction: float) -> bool:
        """Past this fraction of the time budget (--budget), the optional work is cut."""
        return bool(cfg.get("budget")) and time.perf_counter() - started > fraction * cfg["budget"]

    files = []
    for entry in manifest["files"]:
        path = kernels / entry["pvl"]
        use_silicon = bool(jar and "vpr" in entry and (entry["n"] is None or entry["n"] in silicon_sizes))
        options = LARGE_CHECK if entry["family"] == "large" else ()
        cold, sil = [], []
        for i in range(cfg["runs"]):
            if i >= 2 and over_budget(0.55):
                skipped["cold runs"] = skipped.get("cold runs", 0) + 1
                continue
            cold.append(ours_cold(cli, path, args.timeout, options))
            if use_silicon and i < cfg["silicon_runs"]:
                sil.append(silicon_run(jar, z3, kernels / entry["vpr"], args.silicon_timeout))
        report = next((c["report"] for c in cold if c["report"]), None)
        rec = {**{k: entry[k] for k in ("name", "family", "n")}, **summarize_report(report),
               "exit_codes": sorted({c["rc"] for c in cold}, key=str),
               "cold": spread([c["seconds"] for c in cold if not c["timeout"]]),
               "cold_timeouts": sum(c["timeout"] for c in cold),
               "cold_cpu": spread([c["cpu"] for c in cold if not c["timeout"]]),
               "maxrss_mib": round(max((c["maxrss_kib"] or 0) for c in cold) / 1024, 1)}
        if sil:
            rec["silicon"] = {**spread([s["seconds"] for s in sil if not s["timeout"]]),
                              "cpu": spread([s["cpu"] for s in sil if not s["timeout"]]),
                              "internal": spread([s["internal"] for s in sil]),
                              "verdicts": sorted({s["verdict"] for s in sil}),
                              "messages": sorted({m for s in sil for m in s["messages"]})[:5],
                              "maxrss_mib": round(max((s["maxrss_kib"] or 0) for s in sil) / 1024, 1)}
        files.append(rec)
        sil_text = f", Silicon {rec['silicon']['median']:.2f} s" if sil and rec["silicon"]["median"] else ""
        log(f"  {entry['name']:<14} {rec['verdict']}, {rec['obligations']} obligations, cold "
            f"{_fmt(rec['cold']['median'])} s{sil_text}", file=sys.stderr)

    log("warm re-checks in one process ...", file=sys.stderr)
    durations["cold and Silicon"] = round(time.perf_counter() - mark, 1)
    mark = time.perf_counter()
    warm_runs = cfg["warm_runs"]
    if over_budget(0.6) and warm_runs > 2:
        cut_to = 1 if over_budget(0.8) else 2
        skipped["warm runs"] = (warm_runs - cut_to) * len(files)
        warm_runs = cut_to
    # The large files are about the cold check: warm re-checks of them would take minutes.
    warm = ours_warm([kernels / e["pvl"] for e in manifest["files"] if e["family"] != "large"], warm_runs,
                     cfg["warm_jobs1"], timeout=max(600.0, args.timeout * len(files)))
    for rec, entry in zip(files, manifest["files"]):
        w = warm.get(str(kernels / entry["pvl"]))
        rec["warm"] = ({**spread(w["times"]), "first": round(w["first"], 4), "verdict": w["verdict_again"]}
                       if w else spread([]))
        rec["warm_jobs1"] = spread(w["jobs1"]) if w else spread([])
        rec["warm_cached"] = spread(w["cached"]) if w else spread([])

    edit = run_measured([sys.executable, str(HERE / "edit_recheck.py"), "--json"], args.timeout * 10)
    result_edit = json.loads(edit["stdout"]) if edit["rc"] == 0 else []
    durations["warm"] = round(time.perf_counter() - mark, 1)
    mark = time.perf_counter()
    result = {"config": {**cfg, "quick": args.quick, "timeout": args.timeout}, "environment": env,
              "silicon": {"available": bool(jar), "why_not": why_not, "jar": jar, "z3": z3},
              "files": files, "edit_recheck": result_edit}
    result["startup"] = startup(cfg["runs"], args.timeout)
    result["environment"]["load_end"] = list(os.getloadavg())
    result["targets"] = evaluate_targets(result)
    durations["startup probes"] = round(time.perf_counter() - mark, 1)
    mark = time.perf_counter()

    # Not timed: the profiles of the missed targets, two at a time.
    result["sanity"] = sanity
    wanted = [] if args.no_profile else to_profile(result["targets"])
    if over_budget(0.85) and len(wanted) > 3:
        # the seed kernels, phases-32 and the worst of the other misses
        first = [t for t in wanted if t["file"].startswith(("seed-", "phases-"))]
        rest = sorted((t for t in wanted if t not in first), key=lambda t: -(t["value"] / t["limit"]))
        keep = first + rest[:max(1, 3 - len(first))]
        skipped["profiles"] = len(wanted) - len(keep)
        wanted = keep
    with ThreadPoolExecutor(max_workers=2) as pool:
        result["profiles"] = list(pool.map(lambda t: profile_target(t, kernels, args), wanted))
    durations["profiles"] = round(time.perf_counter() - mark, 1)
    result["durations"] = durations
    result["skipped_for_budget"] = skipped
    result["seconds"] = round(time.perf_counter() - started, 1)
    return result


def _by_name(result) -> dict:
    return {f["name"]: f for f in result["files"]}


def evaluate_targets(result) -> list[dict]:
    files = _by_name(result)
    out = []

    def add(key, what, value, limit, file, unit="s", higher_is_better=False, cpu=None):
        met = None if value is None else (value >= limit if higher_is_better else value < limit)
        out.append({"key": key, "what": what, "value": value, "limit": limit, "met": met,
                    "file": file, "unit": unit, "cpu": cpu, "higher_is_better": higher_is_better})

    def cpu(f):
        return (f.get("cold_cpu") or {}).get("median")

    f8 = files.get("seed-fig8")
    if f8:
        add("fig8_cold", "Seed Fig. 8, cold CLI (median)", f8["cold"]["median"], TARGETS["fig8_cold"], "seed-fig8",
            cpu=cpu(f8))
        sil = f8.get("silicon")
        ratio = sil["median"] / f8["cold"]["median"] if sil and sil.get("median") and f8["cold"]["median"] else None
        add("fig8_vs_silicon", "Seed Fig. 8, Silicon cold / ours cold" + ("" if sil else " (no Silicon in this run)"),
            ratio, TARGETS["fig8_vs_silicon"], "seed-fig8", unit="x", higher_is_better=True)
        add("fig8_warm", "Seed Fig. 8, warm re-check through the service API (median)",
            f8["warm"]["median"], TARGETS["fig8_warm"], "seed-fig8")
    if result.get("edit_recheck"):
        first = result["edit_recheck"][0]
        add("fig8_edit", "Seed Fig. 8, re-check after a one-character edit in the barrier contract, "
            "with the language server's cache (median; bench/edit_recheck.py)",
            first["median"], TARGETS["fig8_edit"], "seed-fig8")
    f9 = files.get("seed-fig9")
    if f9:
        add("fig9_cold", "Seed Fig. 9, cold CLI (median)", f9["cold"]["median"], TARGETS["fig9_cold"], "seed-fig9",
            cpu=cpu(f9))
    p32 = files.get("phases-32")
    if p32:
        add("phases32_cold", "phases-32, cold CLI (median)", p32["cold"]["median"], TARGETS["phases32_cold"],
            "phases-32", cpu=cpu(p32))
    for fam in generate.FAIAL_FAMILIES:
        f = files.get(f"{fam}-50")
        if f:
            add(f"faial50_cold:{fam}", f"{fam}-50, cold CLI (median)", f["cold"]["median"],
                TARGETS["faial50_cold"], f"{fam}-50", cpu=cpu(f))
    t8 = files.get("tiles-8")
    if t8:
        add("tiles8_cold", "tiles-8, cold CLI (median)", t8["cold"]["median"], TARGETS["tiles8_cold"],
            "tiles-8", cpu=cpu(t8))
    plain, with_functions = files.get("large-plain"), files.get("large-functions")
    if plain and with_functions:
        a, b = plain["cold"]["median"], with_functions["cold"]["median"]
        add("large_functions_ratio", "Large file with 28 pure functions / the same without them, cold "
            "`check -j 2` (medians)", b / a if a and b else None, TARGETS["large_functions_ratio"],
            "large-functions", unit="x")
        for f in (plain, with_functions):
            add(f"large_cold:{f['name']}", f"{f['name']}, cold `check -j 2` (median)", f["cold"]["median"],
                TARGETS["large_cold"], f["name"], cpu=cpu(f))
    return out


def to_profile(targets) -> list[dict]:
    """The missed targets worth a profile, one per file and mode."""
    out, seen = [], set()
    for t in targets:
        if t["met"] is not False or t["key"] == "fig8_vs_silicon":
            continue
        mode = "warm" if t["key"].endswith("warm") else "cold"
        if (t["file"], mode) not in seen:
            seen.add((t["file"], mode))
            out.append({**t, "mode": mode})
    return out


def profile_target(t: dict, kernels: Path, args) -> dict:
    if not args.silent:
        print(f"profiling {t['file']} ({t['mode']}) ...", file=sys.stderr)
    p = profile(kernels / f"{t['file']}.pvl", t["mode"], timeout=max(120.0, args.timeout * 4))
    return {"file": t["file"], "mode": t["mode"], "target": t["key"], **(p or {})}


# ---------------------------------------------------------------------------------------
# fitting and rendering

def linear_fit(points: list[tuple[float, float]]) -> dict | None:
    points = [(x, y) for x, y in points if x is not None and y is not None]
    if len(points) < 2:
        return None
    n = len(points)
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points)
    if sxx == 0:
        return None
    slope = sum((x - mx) * (y - my) for x, y in points) / sxx
    intercept = my - slope * mx
    ss_tot = sum((y - my) ** 2 for _, y in points)
    ss_res = sum((y - (intercept + slope * x)) ** 2 for x, y in points)
    return {"slope": slope, "intercept": intercept, "r2": 1 - ss_res / ss_tot if ss_tot else 1.0}


def fits(result) -> list[dict]:
    out = []
    families = ["phases"] + list(generate.FAIAL_FAMILIES)
    for fam in families:
        rows = sorted((f for f in result["files"] if f["family"] == fam), key=lambda f: f["n"])
        if len(rows) < 2:
            continue
        for what, get in (("ours cold", lambda f: f["cold"]["median"]),
                          ("ours warm", lambda f: f["warm"]["median"]),
                          ("Silicon cold", lambda f: (f.get("silicon") or {}).get("median"))):
            fit = linear_fit([(f["n"], get(f)) for f in rows])
            if fit and sum(get(f) is not None for f in rows) >= 3:
                out.append({"family": fam, "what": what, **fit,
                            "sizes": [f["n"] for f in rows if get(f) is not None]})
    return out


def _fmt(v, digits=2) -> str:
    return "–" if v is None else f"{v:.{digits}f}"


def _ms(v) -> str:
    return "–" if v is None else f"{v * 1000:.0f}"


def plot(result, png: Path) -> str | None:
    """Time against N per family; returns None when drawn, else why not."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return "matplotlib is not installed (`pip install -e '.[bench]'`), so there is no plot."
    families = ["phases"] + list(generate.FAIAL_FAMILIES)
    fig, axes = plt.subplots(2, 3, figsize=(13, 7.5))
    for ax, fam in zip(axes.flat, families):
        rows = sorted((f for f in result["files"] if f["family"] == fam), key=lambda f: f["n"])
        if not rows:
            ax.set_visible(False)
            continue
        xs = [f["n"] for f in rows]

        def series(get):
            return [get(f) for f in rows]

        cold = series(lambda f: f["cold"]["median"])
        lo = series(lambda f: f["cold"]["min"])
        hi = series(lambda f: f["cold"]["max"])
        ax.plot(xs, cold, "o-", label="vercors-py cold (median)", color="tab:blue")
        if all(v is not None for v in lo + hi):
            ax.fill_between(xs, lo, hi, color="tab:blue", alpha=0.2, label="cold min–max")
        ax.plot(xs, series(lambda f: f["warm"]["median"]), "s--", label="vercors-py warm", color="tab:green")
        sil = [(f["n"], f["silicon"]["median"]) for f in rows if f.get("silicon") and f["silicon"]["median"]]
        if sil:
            ax.plot([x for x, _ in sil], [y for _, y in sil], "^-", label="Silicon cold", color="tab:red")
        limit = TARGETS["phases32_cold"] if fam == "phases" else TARGETS["faial50_cold"]
        at = 32 if fam == "phases" else 50
        ax.plot([at], [limit], marker="_", markersize=18, color="black", linestyle="none",
                label=f"target at N={at}")
        ax.set_title(fam + ("-N (one group, N barrier phases)" if fam == "phases" else "-N (seed 001 Fig. 17)"))
        ax.set_xlabel("N")
        ax.set_ylabel("seconds")
        ax.set_ylim(bottom=0)
        ax.grid(alpha=0.3)
        if sil:
            ax.set_yscale("log")
            ax.set_ylim(bottom=0.02)
        ax.legend(fontsize=7, loc="lower right" if sil else "upper left")
    fig.suptitle(f"vercors-py time against kernel size ({'quick' if result['config']['quick'] else 'full'} run, "
                 f"{result['environment'].get('cpus')} cores)")
    fig.tight_layout()
    png.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(png, dpi=100)
    plt.close(fig)
    return None


def render(result, json_path: Path, png: Path, doc: Path = DOC) -> None:
    no_plot = plot(result, png)
    rel_json = os.path.relpath(json_path, doc.parent)
    rel_png = os.path.relpath(png, doc.parent)
    env = result["environment"]
    cfg = result["config"]
    L = []
    w = L.append
    w("# Benchmarks")
    w("")
    w("<!-- Generated by bench/run.py from " + os.path.relpath(json_path, ROOT) +
      " (and bench/analysis.md); edit those, not this file. -->")
    w("")
    w("How long vercors-py takes, how much memory it uses and how its cost grows with the size "
      "of a kernel, side by side with Viper's Silicon (the backend VerCors runs on) on the same "
      "problems in the same run. Reproduce with `.venv/bin/python bench/run.py --quick` "
      "(under 5 minutes) or without `--quick` for the full run; see [bench/](../bench/) and the "
      "last section.")
    w("")
    load = env.get("load_start"), env.get("load_end")
    w(f"This run: **{'quick' if cfg['quick'] else 'full'}**, {env['date']}, {result['seconds']:.0f} s in all"
      + (f" (1-minute load average {load[0][0]:.1f} at the start, {load[1][0]:.1f} at the end: other work "
         f"on the machine slows every figure)" if load[0] and load[1] else "") + "; "
      f"{env.get('cpu') or '?'} ({env['cpus']} cores), Python {env['python']}, vercors-py "
      f"{env.get('vercors_py')} at commit {env.get('commit')}"
      f"{' with uncommitted engine changes' if env.get('engine_modified') else ''}, z3-solver {env.get('z3_solver')}; "
      f"{cfg['runs']} cold runs and {cfg['warm_runs']} warm runs per file"
      f"{', ' + str(cfg['silicon_runs']) + ' Silicon run(s) per encoded file' if result['silicon']['available'] else ''}. "
      f"Raw data: [{os.path.basename(json_path)}]({rel_json})."
      + (" Cold runs read the modules' bytecode from a cache that the untimed runs fill, as an installed "
         "copy does (`bytecode_cache` in bench/run.py)." if env.get("bytecode_cache") else "")
      + (" Time spent: " + ", ".join(f"{k} {v:.0f} s" for k, v in result["durations"].items()) + "."
         if result.get("durations") else "")
      + (" Cut to stay within the time budget: " + ", ".join(f"{v} {k}" for k, v in result["skipped_for_budget"].items()) + "."
         if result.get("skipped_for_budget") else ""))
    w("")
    # targets
    w("## Targets")
    w("")
    w("| target | file | measured | limit | met | CPU time (user + sys) |")
    w("|---|---|---|---|---|---|")
    for t in result["targets"]:
        if t["unit"] == "x":
            meas = "–" if t["value"] is None else f"{t['value']:.1f}x"
            # Results written before the key existed have only the Silicon ratio.
            lim = f"{'≥' if t.get('higher_is_better', True) else '<'} {t['limit']:g}x"
        else:
            meas, lim = f"{_fmt(t['value'], 3)} s", f"< {t['limit']} s"
        met = "–" if t["met"] is None else ("yes" if t["met"] else "**no**")
        w(f"| {t['what']} | {t['file']} | {meas} | {lim} | {met} | "
          f"{_fmt(t.get('cpu'), 3) + ' s' if t.get('cpu') is not None else '–'} |")
    fl = [f for f in fits(result) if f["family"] == "phases"]
    if fl:
        w("")
        w("Linear fit of time against N for phases-N (least squares over N = "
          + ", ".join(map(str, fl[0]["sizes"])) + "):")
        w("")
        w("| series | slope (ms per phase) | intercept (s) | R² |")
        w("|---|---|---|---|")
        for f in fl:
            w(f"| {f['what']} | {f['slope'] * 1000:.1f} | {f['intercept']:.3f} | {f['r2']:.3f} |")
    w("")
    if no_plot:
        w(f"*No plot: {no_plot}*")
    else:
        w(f"![time against N per family]({rel_png})")
    w("")
    # Silicon
    w("## Side by side with Silicon")
    w("")
    sil = result["silicon"]
    if not sil["available"]:
        w(f"**The Silicon comparison is missing from this run.** {sil['why_not']} "
          "`bench/get_silicon.sh` fetches silicon.jar (from the `nagini` wheel) and a Z3 "
          "executable (from the `z3-solver` 4.12.1.0 wheel) into a cache outside the repository; "
          "`bench/run.py` then finds them by itself.")
    else:
        w(f"{env.get('silicon', 'Silicon')} with {env.get('silicon_z3')}, on {env.get('java')}, run as "
          f"`java -Xss128m -jar silicon.jar --z3Exe z3 FILE.vpr`. Each Silicon run directly follows "
          f"a vercors-py run of the same problem. *Silicon cold* is the wall time of the whole JVM "
          f"process; *Silicon internal* is the time Silicon itself reports (after the JVM has "
          f"started). The ratio is ours (cold CLI) / Silicon (cold), so below 1 means vercors-py is faster.")
        w("")
        w("| file | vercors-py cold (s) | vercors-py warm (ms) | Silicon cold (s) | Silicon internal (s) "
          "| Silicon verdict | ours / Silicon | peak RSS ours / Silicon (MiB) |")
        w("|---|---|---|---|---|---|---|---|")
        for f in result["files"]:
            s = f.get("silicon")
            if not s:
                continue
            ratio = (f["cold"]["median"] / s["median"]) if s.get("median") and f["cold"]["median"] else None
            w(f"| {f['name']} | {_fmt(f['cold']['median'])} | {_ms(f['warm']['median'])} | "
              f"{_fmt(s['median'])} [{_fmt(s['min'])}–{_fmt(s['max'])}] | {_fmt(s['internal']['median'])} | "
              f"{', '.join(s['verdicts'])} | {_fmt(ratio, 3)} | {f['maxrss_mib']:.0f} / {s['maxrss_mib']:.0f} |")
        fs = [f for f in fits(result) if f["family"] == "phases" and f["what"] == "Silicon cold"]
        if fs:
            w("")
            w(f"Silicon's own growth on phases-N: {fs[0]['slope'] * 1000:.0f} ms per phase "
              f"(R² {fs[0]['r2']:.3f}).")
        w("")
        w("### Are they the same problems?")
        w("")
        w("Checked in every run: Silicon must verify every correct encoding above (column *Silicon "
          "verdict*), and both tools must reject the broken variants below. These run first, untimed, "
          "and so also warm up the disk cache and the JVM's class data for the measured runs.")
        w("")
        w("| broken problem | vercors-py | Silicon |")
        w("|---|---|---|")
        for b in result["sanity"]:
            o = b["ours"]
            ours = f"{o.get('verdict')} (exit {o.get('exit')}; {', '.join(o.get('errors') or []) or 'no error'})"
            s = b.get("silicon") or {}
            smsg = "; ".join(s.get("messages") or []) or "–"
            w(f"| {b['what']} | {ours} | {s.get('verdict', '–')}: {smsg} |")
    w("")
    # tables per family
    w("## All measurements")
    w("")
    w("Times in seconds unless marked. *cold*: the whole `vercors-py check --format json FILE` process, "
      "median [min–max]; *warm*: `service.check_text(text, path)` again on the same text in a long-lived "
      "process, default options (obligation workers are forked for files with many obligations), "
      "median in ms; *warm -j1*: the same with `Options(jobs=1)`, all in-process, as the language "
      "server calls it (full run only); *cached*: the same again with an `ObligationCache` that already holds the "
      "results (the language server's re-check of an unchanged text); *RSS*: peak resident memory "
      "of the cold process tree (MiB); *slowest*: the slowest obligation of the first cold run. "
      "The large files run cold only, as `check -j 2`.")
    for fam in ["seed", "phases"] + list(generate.FAIAL_FAMILIES) + ["tiles", "large"]:
        rows = [f for f in result["files"] if f["family"] == fam]
        if not rows:
            continue
        rows.sort(key=lambda f: (f["n"] is None, f["n"] or 0, f["name"]))
        w("")
        w(f"### {fam}")
        w("")
        w("| file | verdict | obligations | cold | warm (ms) | warm -j1 / cached (ms) | RSS | slowest obligation |")
        w("|---|---|---|---|---|---|---|---|")
        for f in rows:
            c = f["cold"]
            slow = f["slowest"]
            slow_t = f"{slow['name']} {slow['seconds']:.2f}" if slow else "–"
            verdict = f["verdict"] or "?"
            if f.get("cold_timeouts"):
                verdict += f" ({f['cold_timeouts']} runs hit the benchmark's time limit)"
            w(f"| {f['name']} | {verdict} | {f['obligations'] if f['obligations'] is not None else '–'} | "
              f"{_fmt(c['median'])} [{_fmt(c['min'])}–{_fmt(c['max'])}] | {_ms(f['warm']['median'])} | "
              f"{_ms((f.get('warm_jobs1') or {}).get('median'))} / {_ms((f.get('warm_cached') or {}).get('median'))} | "
              f"{f['maxrss_mib']:.0f} | {slow_t} |")
    fa = [f for f in fits(result) if f["family"] != "phases"]
    if fa:
        w("")
        w("Linear fits for the Faial families (ms per unit of N):")
        w("")
        w("| family | series | slope (ms / N) | intercept (s) | R² |")
        w("|---|---|---|---|---|")
        for f in fa:
            w(f"| {f['family']} | {f['what']} | {f['slope'] * 1000:.1f} | {f['intercept']:.3f} | {f['r2']:.3f} |")
    st = result.get("startup")
    if st:
        w("")
        w("### Fixed cost of a cold run")
        w("")
        w(f"Starting the Python interpreter: {_ms(st['interpreter']['median'])} ms; starting it and "
          f"importing vercors-py with everything a check loads (lark and its grammar, z3): "
          f"{_ms(st['imports']['median'])} ms (medians). Every cold time above includes this.")
    # profiles
    profs = result.get("profiles") or []
    w("")
    w("## Profiles of the missed targets")
    w("")
    if not profs:
        w("Every target was met, so nothing was profiled." if all(t["met"] is not False for t in result["targets"])
          else "Profiling was switched off for this run (`--no-profile`).")
    for p in profs:
        w(f"### {p['file']} ({p['mode']}; target {p['target']})")
        w("")
        if "error" in p:
            w("Profiling failed: `" + p["error"].strip().splitlines()[-1] + "`")
            w("")
            continue
        what = ("the whole CLI in one process, imports included, obligations proved in-process (`-j 1`)"
                if p["mode"] == "cold" else "a second `service.check_text` of the same text (`jobs=1`)")
        w(f"cProfile of {what}, all threads: {p['total']:.2f} s in all under the profiler. Top entries "
          f"by own time, then the functions of vercors-py by cumulative time:")
        w("")
        w("| function | calls | own (s) | cumulative (s) |")
        w("|---|---|---|---|")
        for e in p["by_tottime"][:10]:
            w(f"| `{e['function']}` | {e['calls']} | {e['tottime']:.3f} | {e['cumtime']:.3f} |")
        w("")
        w("| function | calls | own (s) | cumulative (s) |")
        w("|---|---|---|---|")
        for e in p["by_cumtime"][:12]:
            w(f"| `{e['function']}` | {e['calls']} | {e['tottime']:.3f} | {e['cumtime']:.3f} |")
        w("")
    if ANALYSIS.exists():
        w("")
        w(ANALYSIS.read_text(encoding="utf-8").rstrip())
    w("")
    w("## Reproducing")
    w("")
    w("```")
    w(".venv/bin/pip install -e '.[bench]'   # matplotlib, for the plot (optional)")
    w("bench/get_silicon.sh                  # optional: silicon.jar and z3 into ~/.cache/vercors-py-bench")
    w(".venv/bin/python bench/run.py --quick # < 5 min: writes bench/results/quick.json, this page, the plot")
    w(".venv/bin/python bench/run.py         # the full run: bench/results/full.json")
    w(".venv/bin/python bench/generate.py OUT --viper   # only the kernels (and Viper encodings)")
    w("```")
    w("")
    w("`bench/run.py --help` lists the knobs (sizes, runs, `--silicon JAR --z3 PATH`, `--no-silicon`, "
      "`--render JSON` to re-render this page from saved results).")
    doc.write_text("\n".join(L) + "\n", encoding="utf-8")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="fewer sizes and runs: under 5 minutes on 2 cores")
    ap.add_argument("--phases", help="sizes of phases-N, e.g. 1,2,4,8")
    ap.add_argument("--faial", help="sizes of the Faial families, e.g. 1-5,10,50")
    ap.add_argument("--runs", type=int, help="cold runs per file")
    ap.add_argument("--warm-runs", type=int, help="warm re-checks per file")
    ap.add_argument("--silicon", metavar="JAR", help="silicon.jar (default: the cache of bench/get_silicon.sh)")
    ap.add_argument("--z3", metavar="PATH", help="Z3 executable for Silicon (default: the cache, or $Z3_EXE)")
    ap.add_argument("--no-silicon", action="store_true", help="leave Silicon out")
    ap.add_argument("--silicon-runs", type=int, help="Silicon runs per encoded file")
    ap.add_argument("--large", action="store_true", help="also the large files with --quick (about 2 minutes)")
    ap.add_argument("--silicon-sizes", metavar="N,N,...", help="the phases-N sizes that Silicon also runs")
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds per vercors-py process (default 120)")
    ap.add_argument("--silicon-timeout", type=float, default=300.0, help="seconds per Silicon process")
    ap.add_argument("--no-profile", action="store_true", help="do not profile the missed targets")
    ap.add_argument("--budget", type=float, metavar="SECONDS",
                    help="cut extra runs and profiles past this time (default: 270 with --quick, "
                         "none otherwise; 0: none)")
    ap.add_argument("--out", type=Path, help="results JSON (default bench/results/quick.json or full.json)")
    ap.add_argument("--png", type=Path, help="plot (default: next to the JSON, same name)")
    ap.add_argument("--doc", type=Path, default=DOC, help="markdown page to write (default docs/benchmarks.md)")
    ap.add_argument("--render", type=Path, metavar="JSON", help="only re-render the page and plot from JSON")
    ap.add_argument("--silent", action="store_true", help="no progress on stderr")
    args = ap.parse_args(argv)

    if args.render:
        result = json.loads(args.render.read_text(encoding="utf-8"))
        render(result, args.render, args.png or args.render.with_suffix(".png"), args.doc)
        return 0
    import importlib.util
    venv_python = ROOT / ".venv" / "bin" / "python"
    if importlib.util.find_spec("vercors_py") is None and venv_python.exists() \
            and not os.environ.get("VERCORS_BENCH_REEXEC"):
        # `python bench/run.py` with a Python that lacks the package: use the project's venv
        os.environ["VERCORS_BENCH_REEXEC"] = "1"
        os.execv(str(venv_python), [str(venv_python), str(Path(__file__).resolve())] + sys.argv[1:])
    if importlib.util.find_spec("vercors_py") is None:
        print(f"bench/run.py: vercors_py is not importable from {sys.executable}; run it with the "
              f"Python of the project's venv: .venv/bin/python bench/run.py", file=sys.stderr)
        return 2
    out = args.out or RESULTS / ("quick.json" if args.quick else "full.json")
    result = measure(args)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    render(result, out, args.png or out.with_suffix(".png"), args.doc)
    print(f"wrote {out}, {args.doc} ({result['seconds']:.0f} s)", file=sys.stderr)
    for t in result["targets"]:
        mark = "ok  " if t["met"] else "MISS" if t["met"] is False else "?   "
        print(f"  {mark} {t['what']}: {_fmt(t['value'], 3)} (limit {t['limit']})", file=sys.stderr)
    wrong = [f["name"] for f in result["files"] if f["verdict"] != "verified"
             or (f.get("silicon") and f["silicon"]["verdicts"] != ["verified"])]
    wrong += [b["name"] for b in result["sanity"] if b["ours"].get("verdict") != "failed"
              or (b.get("silicon") and b["silicon"]["verdict"] != "failed")]
    if wrong:
        print("wrong verdicts (expected verified, broken ones failed): " + ", ".join(wrong), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
