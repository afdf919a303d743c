"""How long `vercors-py run` takes: one launch and the default sweep of each example
(in process, medians of a few runs), beside `check` of the same file, and one cold
command-line run.

    .venv/bin/python bench/run_speed.py [FILE ...]      # default: every example that verifies

bench/analysis.md quotes a run.
"""
from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

from vercors_py import service
from vercors_py.run.model import RunOptions

ROOT = Path(__file__).resolve().parent.parent
RUNS = 3


def median_seconds(work) -> float:
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(paths: list[Path]) -> None:
    print(f"{'file':42} {'1 launch':>9} {'sweep':>8} {'launches':>8} {'check':>7}")
    for path in paths:
        text = path.read_text(encoding="utf-8")
        one = median_seconds(lambda: service.run_text(text, path.name, RunOptions(gsize=4, ngroups=2)))
        result = service.run_text(text, path.name, RunOptions())
        sweep = median_seconds(lambda: service.run_text(text, path.name, RunOptions()))
        check = median_seconds(lambda: service.check_text(text, path.name, service.Options(jobs=1)))
        print(f"{path.name:42} {one:8.3f}s {sweep:7.3f}s {len(result.launches):8} {check:6.3f}s")
    demo = ROOT / "examples" / "seed004-fig8-demo.pvl"
    cold = median_seconds(lambda: subprocess.run([sys.executable, "-m", "vercors_py", "run", str(demo)],
                                                 capture_output=True, check=False))
    print(f"cold `vercors-py run {demo.name}` (process start to exit): {cold:.3f}s")


if __name__ == "__main__":
    given = [Path(p) for p in sys.argv[1:]]
    main(given or sorted(p for p in (ROOT / "examples").glob("*.pvl")
                         if p.read_text(encoding="utf-8").startswith("//:: verdict verified")))
