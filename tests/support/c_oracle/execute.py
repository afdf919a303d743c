"""Running a built kernel program and reading what it printed: the runtime's facts on
stdout (return addresses, turned into lines of the kernel's file with addr2line) and
UndefinedBehaviorSanitizer's `file:line:col: runtime error: ...` on stderr."""
from __future__ import annotations

import os
import re
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from .outcome import Outcome, Problem, Race

_UBSAN = re.compile(r"^(.*?):(\d+):(\d+): runtime error: (.*)$", re.M)


@dataclass(frozen=True)
class Buffer:
    length: int
    fill: tuple[float, ...]


def launch_input(local, groups, args: list[float | Buffer]) -> str:
    dims = 3 if local[2] > 1 or groups[2] > 1 else 2 if local[1] > 1 or groups[1] > 1 else 1
    lines = ["local " + " ".join(map(str, local)), "groups " + " ".join(map(str, groups)), f"dims {dims}"]
    for arg in args:
        if isinstance(arg, Buffer):
            lines.append(f"buffer {arg.length} {len(arg.fill)} " + " ".join(repr(float(v)) for v in arg.fill))
        else:
            lines.append(f"scalar {arg!r}")
    return "\n".join(lines) + "\n"


def _lines(binary: Path, kernel_file: Path, pcs: dict[str, int]) -> dict[str, int | None]:
    """Each address's line in the kernel's file (None when it is elsewhere)."""
    if not pcs:
        return {}
    keys = list(pcs)
    done = subprocess.run(["addr2line", "-e", str(binary), *(hex(pcs[k]) for k in keys)],
                          capture_output=True, text=True, check=True)
    found: dict[str, int | None] = {}
    for key, line in zip(keys, done.stdout.splitlines()):
        file, _, number = line.partition(" ")[0].rpartition(":")
        found[key] = int(number) if file == str(kernel_file) and number.isdigit() else None
    return found


def run(binary: Path, kernel_file: Path, stdin: str, timeout: float) -> Outcome:
    env = dict(os.environ, UBSAN_OPTIONS="print_stacktrace=0:halt_on_error=0:print_summary=0")
    start = time.perf_counter()
    try:
        done = subprocess.run([str(binary)], input=stdin, capture_output=True, text=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode() if isinstance(e.stdout, bytes) else e.stdout or ""
        return _parse(binary, kernel_file, out, "", time.perf_counter() - start, timed_out=True)
    if done.returncode != 0:
        raise RuntimeError(f"the oracle's program for {kernel_file} exited with {done.returncode}: {done.stderr[-2000:]}")
    return _parse(binary, kernel_file, done.stdout, done.stderr, time.perf_counter() - start, timed_out=False)


def _parse(binary: Path, kernel_file: Path, out: str, err: str, seconds: float, timed_out: bool) -> Outcome:
    facts = [line.split() for line in out.splitlines() if line.strip()]
    pcs: dict[str, int] = {}
    for fact in facts:
        if fact[0] == "RACE":
            pcs[fact[3]], pcs[fact[4]] = int(fact[3], 16) - 1, int(fact[4], 16) - 1
        elif fact[0] == "FAULT":
            pcs[fact[1]] = int(fact[1], 16)          # the faulting instruction itself
        elif fact[0] in ("OOB", "ASSERT", "ASSUME", "DIVERGE"):
            pcs[fact[1]] = int(fact[1], 16) - 1      # a return address: the call is just before
    line = _lines(binary, kernel_file, pcs)
    races, problems, invalid, notes = [], [], [], []
    complete = not timed_out
    for fact in facts:
        match fact[0]:
            case "RACE":
                races.append(Race(fact[1], fact[2], (line[fact[3]], line[fact[4]]), (fact[5], fact[6]), fact[7]))
            case "OOB":
                problems.append(Problem("out-of-bounds", line[fact[1]],
                                        f"thread {fact[2]}: byte {fact[4]} of parameter {fact[3]}"))
            case "ASSERT":
                problems.append(Problem("assert", line[fact[1]], f"false in thread {fact[2]}"))
            case "ASSUME":
                invalid.append(line[fact[1]])
            case "DIVERGE":
                problems.append(Problem("divergence", line[fact[1]], f"barrier not reached by all threads ({fact[2]})"))
            case "FAULT":
                problems.append(Problem("fault", line[fact[1]], f"signal {fact[3]} in thread {fact[2]}"))
                complete = False
            case "LIMIT":
                notes.append(f"stopped recording after {fact[1]} accesses")
                complete = False
    for m in _UBSAN.finditer(err):
        bounds = "out of bounds" in m.group(4) or "insufficient space" in m.group(4)
        kind = "out-of-bounds" if bounds else "undefined"
        at = int(m.group(2)) if m.group(1) == str(kernel_file) else None
        problems.append(Problem(kind, at, m.group(4)))
    if timed_out:
        notes.append("timed out")
    elif not facts or facts[-1] != ["DONE"]:
        complete = False
    return Outcome(tuple(races), tuple(problems), tuple(invalid), complete, 0.0, seconds, tuple(notes))
