"""What the vacuity checks (docs/soundness.md) cost: for each file, the number of checks
that looked for contradictory assumptions and the seconds they took, next to the whole
in-process check (one process, obligations one after the other).

    .venv/bin/python bench/vacuity_cost.py [FILE ...]     # default: the fixed points and
                                                          # the largest generated kernels

Counts come from wrapping the solver's `contradiction` method; nothing else changes.
bench/analysis.md quotes a run.
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from vercors_py import service
from vercors_py.engine.solver import solver

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DEFAULT = [ROOT / "examples" / "seed004-fig8-demo.pvl", ROOT / "examples" / "seed004-fig9-binomial.pvl"] + \
    [HERE / "results" / "tmp" / "kernels" / f"{name}.pvl"
     for name in ("phases-32", "access-50", "barriers-50", "conds-50", "uloops-50", "sloops-50")]
RUNS = 3

_spent = {"checks": 0, "seconds": 0.0}
_original = solver.Solver.contradiction


def _counted(self, *args, **kwargs):
    start = time.perf_counter()
    try:
        return _original(self, *args, **kwargs)
    finally:
        _spent["checks"] += 1
        _spent["seconds"] += time.perf_counter() - start


def measure(path: Path) -> tuple[int, float, float]:
    """(checks, seconds in them, seconds in all) for one file, medians over RUNS."""
    text = path.read_text(encoding="utf-8")
    rows = []
    for _ in range(RUNS):
        _spent.update(checks=0, seconds=0.0)
        start = time.perf_counter()
        service.check_text(text, str(path), service.Options(jobs=1))
        rows.append((_spent["checks"], _spent["seconds"], time.perf_counter() - start))
    return rows[0][0], statistics.median(r[1] for r in rows), statistics.median(r[2] for r in rows)


def main(argv: list[str]) -> int:
    solver.Solver.contradiction = _counted
    paths = [Path(a) for a in argv] or [p for p in DEFAULT if p.exists()]
    if not paths:
        print("no files (run bench/run.py once to generate the kernels)", file=sys.stderr)
        return 2
    service.check_text("kernel w { global int[gsize] a; requires Perm(a[tid], write); void main() { a[tid] = 1; } }",
                       "warmup.pvl")
    print("| file | vacuity checks | their time (s) | whole check (s) | share |")
    print("|---|---|---|---|---|")
    for path in paths:
        checks, spent, total = measure(path)
        print(f"| {path.stem} | {checks} | {spent:.3f} | {total:.3f} | {spent / total:.0%} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
