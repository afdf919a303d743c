#!/usr/bin/env python3
"""`vercors-py races` on Faial's own race tests: bench/faial/.

    .venv/bin/python bench/faial.py            # the table and the summary on stdout
    .venv/bin/python bench/faial.py --write    # also the "Faial's tests" section of docs/peers.md

bench/faial/ holds the kernels of Faial's `examples/drf` (github.com/cogumbreiro/faial, read
at the mirror elliotsayes/faial, commit 27e8deeb; MIT, bench/faial/LICENSE) verbatim, and
EXPECT.tsv the expectations its test driver (`examples/drf/test.ml`) states: a file, the
options Faial runs it with, what Faial must answer, the options of `races` that ask the same
question (Faial's default is races within a block with same-value writes tolerated:
`--only-intra-group --benign-writes`), or none where `races` has no such question.

Each compared row runs `races` in-process and is classified as bench/realcode.py does:
agreed, missed race (Faial expects racy, `races` answers race-free), false alarm, unknown,
or not read (rejected; agreed when Faial expects a rejection). WHY says, read from the
kernels, why an answer differs from Faial's: the tests assume things C does not (no
unsigned wrap-around, `assert` as an assumption), or C++ reads differently from Faial.
It measures; it never fails on a count (tests/races/test_faial_suite.py holds the line).
"""
from __future__ import annotations

import argparse
import collections
import csv
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
from infer_examples import replace_section  # noqa: E402
from vercors_py import service  # noqa: E402

SUITE = ROOT / "bench" / "faial"
EXPECT = SUITE / "EXPECT.tsv"
DOC = ROOT / "docs" / "peers.md"
SECTION = "## Faial's tests"
TIMEOUT = 10.0

AGREED, MISSED, FALSE_ALARM, UNKNOWN, NOT_READ, NOT_COMPARED = (
    "agreed", "missed race", "false alarm", "unknown", "not read", "not compared")
ORDER = (AGREED, MISSED, FALSE_ALARM, UNKNOWN, NOT_READ, NOT_COMPARED)

# Where `races` and Faial's expectation differ, why (read from the kernel).
WHY = {
    "racy-loop-comma-in-cond.cu": "Faial counts `x[0]` in `x[0], j < n` as a read; C++ does not load a place whose "
                                  "value it discards (no lvalue-to-rvalue conversion in clang's tree), so the "
                                  "compiled kernel reads nothing there: with same-value writes tolerated, no race",
    "parse-gv.cu": "the header fixes gridDim only: blocks of 2 threads along z (`threadIdx.z` unnamed, but "
                   "`gridDim.z` named) give two threads one `i`, and one writes `y[i + 2]` that the other reads as "
                   "`y[i + gridDim.x]`",
    "drf-local-array.cu": "`global[y * w + x]` with `unsigned w = 2^32 - 1`: the index wraps around and two threads "
                          "meet; Faial's test assumes no wrap-around",
    "drf-loop3.cu": "`y[i + n + 1]` with `unsigned n`: for n near 2^32 the index wraps around onto the cells the "
                    "loop reads; Faial assumes no wrap-around",
    "drf-loop4.cu": "as drf-loop3.cu (`unsigned n`, `j - n` as the condition)",
    "drf-loop5.cu": "as drf-loop3.cu (`unsigned n`)",
    "drf-enum-constraint.cu": "C++ bounds an unscoped enum's values by its enumerators' bits (0 to 3 here); the front "
                              "end maps an enum parameter as its underlying integer type, any value",
    "drf-typedef.cu": "`assert` without `<assert.h>`: Faial reads it as an assumption; clang rejects the call",
    "racy-funcion-call-unknowns.cu": "as drf-typedef.cu (`assert` undeclared)",
    "racy-atomics.cu": "`atomicInc` with two arguments: no such overload (clang); atomics wait for issue 28",
    "drf-2d.cu": "a parameter `float x[][N]` (a pointer to arrays) is not read",
    "racy-device.cu": "a `__device__` pointer variable at file scope is not read",
    "racy-template.cu": "a template kernel never instantiated in the file: which kernel the host runs is not known",
    "racy-template-alias.cu": "as racy-template.cu",
    "drf-template-index.cu": "as racy-template.cu",
    "racy-grid-level.cu": "blocks of 2024 threads: beyond CUDA's 1024, the launch contradicts the platform's limits",
}


def read_expectations(path: Path = EXPECT) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def run_one(row: dict[str, str]) -> dict:
    options = row["races_options"].split()
    if not options:
        return {**row, "answer": "", "outcome": NOT_COMPARED}
    path = SUITE / row["file"]
    result = service.races_file(str(path), service.Options(timeout=TIMEOUT, jobs=1),
                                benign_writes="--benign-writes" in options,
                                intra_group="--only-intra-group" in options)
    return {**row, "answer": result.verdict.value, "outcome": outcome(row["faial_expects"], result.verdict.value)}


def outcome(expects: str, answer: str) -> str:
    if answer == "rejected":
        return AGREED if expects == "rejected" else NOT_READ
    if answer not in ("racy", "race-free"):
        return UNKNOWN
    if expects == "racy":
        return AGREED if answer == "racy" else MISSED
    return AGREED if answer == "race-free" else FALSE_ALARM


def table(results: list[dict]) -> list[str]:
    count = collections.Counter(r["outcome"] for r in results)
    compared = [r for r in results if r["outcome"] != NOT_COMPARED]
    lines = [SECTION, "",
             "Regenerated by `.venv/bin/python bench/faial.py --write` (the file says how). Faial's own race",
             f"tests (bench/faial/, {len(results)} runs of {len({r['file'] for r in results})} kernels in its test "
             f"driver; {len(compared)} ask a question `races` has), each with the options of `races` that ask",
             "Faial's question:", "",
             "| " + " | ".join(ORDER) + " |", "|" + "---:|" * len(ORDER),
             "| " + " | ".join(str(count[o]) for o in ORDER) + " |", "",
             "Where the answers differ (the reason is read from the kernel):", "",
             "| kernel | Faial's options | Faial expects | races answers | outcome | why |",
             "|---|---|---|---|---|---|"]
    for r in results:
        if r["outcome"] in (AGREED, NOT_COMPARED):
            continue
        lines.append(f"| `{r['file']}` | {r['faial_options'] or '(default)'} | {r['faial_expects']} | {r['answer']} | "
                     f"{r['outcome']} | {WHY.get(r['file'], '(no note yet)')} |")
    return lines


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help=f"regenerate the section of {DOC.relative_to(ROOT)}")
    args = ap.parse_args()
    results = [run_one(row) for row in read_expectations()]
    lines = table(results)
    print("\n".join(lines))
    if args.write:
        DOC.write_text(replace_section(DOC.read_text(encoding="utf-8"), SECTION, "\n".join(lines) + "\n"),
                       encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
