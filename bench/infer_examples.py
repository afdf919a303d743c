#!/usr/bin/env python3
"""`infer` on the verified examples with their contracts stripped (issue 15).

    .venv/bin/python bench/infer_examples.py            # the table on stdout
    .venv/bin/python bench/infer_examples.py --write    # also into docs/infer.md

Every example of examples/ (and of examples/cuda, examples/opencl) whose header says
`verified` is stripped of what a user writes for the verifier: main's contract, the
group and kernel contracts, procedure contracts, barrier contracts (the barrier stays,
`barrier(fences);`), loop invariants and assertions; the `context_everywhere` clauses
stay (they say which launches are meant).  `infer` then writes its contract into the
stripped text and checks it.  Each example ends as one of:

    verified              the inferred contract verifies
    permissions verified  it was written, and `check` finds only errors about values
                          (`arith.overflow` of a sum of array cells, an `assert`): the
                          example needs functional preconditions, which `infer` does not write
    not verified          it was written, and the check fails otherwise
    not inferred          some access has no contract of the form `infer` writes (with why)

It measures; it never fails on a count.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from vercors_py import service  # noqa: E402
from vercors_py.syntax import ast as A  # noqa: E402

EXAMPLES = ROOT / "examples"
PYTHON = ROOT / ".venv" / "bin" / "python"
DOC = ROOT / "docs" / "infer.md"
MARK = "## Measured on the examples"


# What a permission contract cannot settle: values, which need functional preconditions.
VALUES = ("arith.", "assert.")


def _whole_lines(text: str, start: int, end: int) -> tuple[int, int]:
    """The span widened to whole lines when nothing else stands on them."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end + 1
    if text[line_start:start].strip() == "" and text[end:line_end].strip() in ("", ";"):
        return line_start, line_end
    return start, end


_ANNOTATION = re.compile(r"/\*@.*?\*/|//@[^\n]*", re.S)


def stripped(text: str, path: str) -> str:
    """The example without what a user writes for the verifier.  In a CUDA or OpenCL
    file only the clauses inside annotation comments go (the mapping adds clauses of its
    own, for private arrays), a barrier stays as it is, and comments left empty go too."""
    c = not path.endswith(".pvl")
    analysis = service.analyze(text, path)
    edits: list[tuple[int, int, str]] = []
    for kernel in analysis.program.kernels:
        for member in kernel.members:
            if isinstance(member, A.LevelContract):
                edits.append((*_whole_lines(text, member.span.start, member.span.end), ""))
        for procedure in [kernel.main, *kernel.procedures]:
            for clause in procedure.contract:
                edits.append((*_whole_lines(text, clause.span.start, clause.span.end), ""))
            for node in A.statements(procedure.body):
                match node:
                    case A.Barrier(contract=contract) if contract and c:
                        for clause in contract:
                            edits.append((*_whole_lines(text, clause.span.start, clause.span.end), ""))
                    case A.Barrier(contract=contract) if contract:
                        fences = ", ".join(f.value for f in node.fences)
                        edits.append((node.span.start, node.span.end, f"barrier({fences});"))
                    case A.While() | A.For():
                        for clause in node.contract:
                            edits.append((*_whole_lines(text, clause.span.start, clause.span.end), ""))
                    case A.Assert():
                        edits.append((*_whole_lines(text, node.span.start, node.span.end), ""))
    if c:
        comments = [m.span() for m in _ANNOTATION.finditer(text)]
        edits = [e for e in edits if any(a <= e[0] and e[1] <= b + 1 for a, b in comments)]
    # Innermost last: a barrier's replacement covers its own clauses.
    edits.sort(key=lambda e: (e[0], -e[1]))
    kept, last_end = [], -1
    for start, end, new in edits:
        if start >= last_end:
            kept.append((start, end, new))
            last_end = end
    for start, end, new in reversed(kept):
        text = text[:start] + new + text[end:]
    return re.sub(r"[ \t]*/\*@\s*@?\*/[ \t]*\n", "", text) if c else text


def verified_examples() -> list[Path]:
    found = []
    for path in sorted([*EXAMPLES.glob("*.pvl"), *EXAMPLES.glob("*/*.cu"), *EXAMPLES.glob("*/*.cl")]):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        if first.startswith("//:: verdict verified"):
            found.append(path)
    return found


def measure() -> list[tuple[str, str, str]]:
    rows = []
    for path in verified_examples():
        name = str(path.relative_to(EXAMPLES))
        bare = stripped(path.read_text(encoding="utf-8"), name)
        result = service.infer_text(bare, name, service.Options(timeout=10.0))
        outcome = {"inferred, verified": "verified", "not inferred": "not inferred"}.get(
            result.verdict.value, "not verified")
        why = ""
        errors = [d for d in result.diagnostics if d.severity.value == "error"]
        if outcome == "not verified" and all(d.code.startswith(VALUES) for d in errors):
            outcome = "permissions verified"
        if errors:
            why = re.sub(r"\s+", " ", f"{errors[0].code}: {errors[0].message}")[:160]
        rows.append((name, outcome, why))
    return rows


def render(rows) -> str:
    counts = collections.Counter(outcome for _, outcome, _ in rows)
    lines = [MARK, "",
             "Regenerated by `.venv/bin/python bench/infer_examples.py --write` (bench/infer_examples.py says how the",
             "examples are stripped). Of the "
             f"{len(rows)} verified examples, stripped of their contracts: **{counts['verified']} verified** with the "
             f"inferred contract, {counts['permissions verified']} whose permissions verify but whose values need "
             f"facts `infer` does not write, {counts['not verified']} inferred but not verified, "
             f"{counts['not inferred']} not inferred.",
             "", "| example | outcome | first error |", "|---|---|---|"]
    for name, outcome, why in rows:
        lines.append(f"| {name} | {outcome} | {why.replace('|', '/')} |")
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"also write the table into {DOC.relative_to(ROOT)}")
    args = parser.parse_args()
    rows = measure()
    table = render(rows)
    print(table, end="")
    if args.write:
        DOC.write_text(replace_section(DOC.read_text(encoding="utf-8"), MARK, table), encoding="utf-8")
    return 0


def classify(result) -> str:
    """The outcome of `infer` on a C file as the benchmarks of real kernels count it:
    not read, not inferred, verified, unknown, permissions verified (only errors about
    values remain: VALUES) or not verified."""
    errors = [d for d in result.diagnostics if d.severity.value == "error"]
    match result.verdict.value:
        case "rejected":
            return "not read"
        case "not inferred":
            return "not inferred"
        case "inferred, verified":
            return "verified"
        case "inferred, unknown":
            return "unknown"
    return "permissions verified" if all(d.code.startswith(VALUES) for d in errors) else "not verified"


def not_inferred_reason(errors) -> str:
    """Why no contract was inferred, its names elided, for tallying."""
    why = errors[0].message.split(": ", 1)[-1] if errors else ""
    return re.sub(r"`[^`]*`", "`…`", why)[:90]


def child(script: str, args: list[str], limit: float, src: Path | None) -> tuple[object, str | None]:
    """`script --one ARGS` in a process of its own, on the copy of the code at `src` if
    given, for at most `limit` seconds of wall time: (the JSON of its last line of output,
    "") when it printed one; (None, None) when it took longer; (None, its last line of
    errors) when it crashed.  The benchmarks of real kernels run each so, so that one
    slow kernel neither stops the run nor takes the others' time."""
    env = dict(os.environ, PYTHONPATH=str(src)) if src else None
    try:
        proc = subprocess.run([str(PYTHON), script, "--one", *args], capture_output=True, text=True,
                              timeout=limit, cwd=ROOT, env=env)
    except subprocess.TimeoutExpired:
        return None, None
    try:
        return json.loads(proc.stdout.strip().splitlines()[-1]), ""
    except (ValueError, IndexError):
        return None, (proc.stderr.strip().splitlines() or [""])[-1]


def replace_section(text: str, mark: str, new: str) -> str:
    """`text` with the section headed `mark` (to the next `## ` heading) replaced by
    `new`, or `new` appended when there is none: each benchmark owns one section."""
    start = text.find(mark)
    if start < 0:
        return text.rstrip("\n") + "\n\n" + new
    end = text.find("\n## ", start + len(mark))
    rest = "" if end < 0 else text[end:]
    return text[:start] + new.rstrip("\n") + "\n" + rest


if __name__ == "__main__":
    sys.exit(main())
