"""The warm re-check of the seed Fig. 8 kernel after a one-character edit inside its
barrier contract: what the language server runs when such an edit is saved.

    .venv/bin/python bench/edit_recheck.py

prints, per edit, the median wall time of service.check_text with a warm cache (the
cache holds the results of the text before the edit; the process has verified before)
and the obligations that were proved again.  bench/run.py reports the first edit as a
target in docs/benchmarks.md; docs/editor.md quotes the rest.
"""
from __future__ import annotations

import json
import statistics
import sys
import time

from pathlib import Path

from vercors_py import service
from vercors_py.cache import ObligationCache

TEXT = (Path(__file__).resolve().parents[1] / "examples" / "seed004-fig8-demo.pvl").read_text(encoding="utf-8")
CLAUSE = "requires a[tid] == tid;"

# one character each, inside `barrier(global) { ... }`; the first is the benchmark's target
EDITS = {
    "== -> >= in the barrier's requires (fails)": (CLAUSE, "requires a[tid] >= tid;"),
    "read -> reaD (type error, fast check only)": ("gsize], read)", "gsize], reaD)"),
    "+ -> - inside the barrier's ensures (fails)": ("ensures  a[(tid + 1) % gsize] == (tid + 1)",
                                                    "ensures  a[(tid - 1) % gsize] == (tid + 1)"),
    "a space added in the barrier's requires": (CLAUSE, "requires a[tid] == tid ;"),
}


def measure(repeat: int = 7) -> list[tuple[str, float, float, float, list[str]]]:
    """(edit, median and fastest seconds warm, median seconds without a cache, obligations
    proved again) per edit."""
    options = service.Options(jobs=1)
    service.check_text(TEXT, "demo.pvl", options)             # imports, grammar, Z3: warm
    rows = []
    for label, (old, new) in EDITS.items():
        edited = TEXT.replace(old, new, 1)
        assert edited != TEXT and len(edited) - len(TEXT) in (0, 1), label
        times, proved = [], []
        for _ in range(repeat):
            cache = ObligationCache()
            service.check_text(TEXT, "demo.pvl", options, cache=cache)
            events = []
            start = time.perf_counter()
            service.check_text(edited, "demo.pvl", options, cache=cache, progress=events.append)
            times.append(time.perf_counter() - start)
            proved = sorted(e.result.name for e in events
                            if e.result is not None and not e.cached and e.result.kind != "lock-step")
        cold = []
        for _ in range(repeat):
            start = time.perf_counter()
            service.check_text(edited, "demo.pvl", options)
            cold.append(time.perf_counter() - start)
        rows.append((label, statistics.median(times), min(times), statistics.median(cold), proved))
    return rows


def main() -> None:
    if "--json" in sys.argv:           # for bench/run.py
        print(json.dumps([dict(edit=label, median=warm, fastest=fastest, no_cache=cold, proved=proved)
                          for label, warm, fastest, cold, proved in measure()]))
        return
    for label, warm, fastest, cold, proved in measure():
        print(f"{label:46s} warm: median {warm * 1000:5.1f} ms, fastest {fastest * 1000:5.1f} ms;"
              f"  no cache: median {cold * 1000:5.1f} ms;  "
              f"proved again: {', '.join(proved) or 'nothing'}")


if __name__ == "__main__":
    main()
