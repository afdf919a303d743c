"""The compiled oracle (issue 25): a CUDA or OpenCL kernel as the system's compiler reads
it, run on a small launch, every thread of every group, with each access recorded.

It imports nothing from vercors_py: the kernel's meaning is gcc's/g++'s, so a reading of
C that the front end gets wrong shows up as a disagreement.  README.md beside this file
says how it works and what it can miss.

    from tests.support import c_oracle
    outcome = c_oracle.run("k.cu", local=2, groups=1, scalars={"n": 3})
    outcome.racy, outcome.failed, outcome.describe()
"""
from __future__ import annotations

import dataclasses
import math
import shutil
from pathlib import Path

from . import build, execute, header, signature
from .build import BuildError
from .outcome import Outcome, Problem, Race
from .signature import Unreadable

__all__ = ["BuildError", "Outcome", "Problem", "Race", "Unreadable", "available", "run", "kernel_names"]

DEFAULT_LAUNCH = ((4, 1, 1), (2, 1, 1))
DEFAULT_FILL = (0, 1, 2, 3)
MIN_LENGTH = 64


PROBE = "__global__ void probe(int *a) { a[threadIdx.x] = 1; }\n"


def available() -> str | None:
    """Why the oracle cannot run here, or None when it can."""
    for tool in ("gcc", "g++", "addr2line"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed"
    path = Path(__file__).parent / "runtime" / "probe.cu"
    try:
        program = build.build(path, PROBE, _only(PROBE, False), ())
        outcome = execute.run(program.binary, path, execute.launch_input((2, 1, 1), (1, 1, 1), [execute.Buffer(2, (0,))]), 30)
    except (BuildError, RuntimeError, OSError) as e:
        return f"the compiler cannot build and run an instrumented kernel: {e}"
    return None if outcome.complete and not outcome.failed else f"the probe kernel fails: {outcome.describe()}"


def kernel_names(path: str | Path) -> list[str]:
    path = Path(path)
    return [k.name for k in signature.kernels(path.read_text(), build.dialect_of(path) == "opencl")]


def _only(text: str, opencl: bool, name: str | None = None) -> signature.Kernel:
    found = signature.kernels(text, opencl)
    chosen = [k for k in found if name is None or k.name == name]
    if len(chosen) != 1:
        raise Unreadable(f"{len(chosen)} kernels named {name!r}" if name else f"{len(found)} kernels: name one")
    return chosen[0]


def _dims(value) -> tuple[int, int, int]:
    if isinstance(value, int):
        return (value, 1, 1)
    return header.dims(",".join(map(str, value)))


def run(path: str | Path, kernel: str | None = None, *, local=None, groups=None,
        scalars: dict[str, float] | None = None, lengths: dict[str, int] | None = None,
        fills: dict[str, tuple[float, ...]] | None = None, defines: dict[str, str] | None = None,
        offset=None, timeout: float = 30.0, keep: bool = True) -> Outcome:
    """Compile and run `kernel` of `path` (the only kernel when None).

    The launch (threads per group and groups, an int or up to three sizes) comes from the
    arguments, else from GPUVerify's header line, else DEFAULT_LAUNCH.  A scalar
    parameter gets its value from `scalars`, else the number of threads of the launch; a
    pointer parameter a buffer of `lengths[name]` cells (default: the number of threads,
    at least MIN_LENGTH) holding `fills[name]` over and over (default 0, 1, 2, 3).
    OpenCL's global offset (an int or up to three) comes from `offset`, else the header's
    `--global_offset=`, else 0.  Defines: the header's `-D`s, then `defines`.  The compiled program is cached unless
    `keep` is false."""
    path = Path(path).resolve()
    text = path.read_text()
    head = header.read(text)
    local = _dims(local) if local is not None else head.local or DEFAULT_LAUNCH[0]
    groups = _dims(groups) if groups is not None else head.groups or DEFAULT_LAUNCH[1]
    chosen = _only(text, build.dialect_of(path) == "opencl", kernel)
    threads = math.prod(local) * math.prod(groups)
    scalars, lengths, fills = scalars or {}, lengths or {}, fills or {}
    args: list = []
    for p in chosen.params:
        if p.pointer:
            args.append(execute.Buffer(lengths.get(p.name, max(threads, MIN_LENGTH)), tuple(fills.get(p.name, DEFAULT_FILL))))
        else:
            args.append(scalars.get(p.name, threads))
    offset = header.offsets(",".join(map(str, [offset] if isinstance(offset, int) else offset))) \
        if offset is not None else head.offset or (0, 0, 0)
    # The offset is the compiler's to add (opencl_stub.h), not the runtime's: a constant
    # of the program, as the launch's offset is one of the kernel's launch.
    fixed = tuple((f"ORACLE_GLOBAL_OFFSET_{d}", str(v)) for d, v in enumerate(offset) if v)
    program = build.build(path, text, chosen, head.defines + tuple((defines or {}).items()) + fixed, keep)
    try:
        outcome = execute.run(program.binary, path, execute.launch_input(local, groups, args), timeout)
    finally:
        if program.scratch is not None:
            shutil.rmtree(program.scratch, ignore_errors=True)
    return dataclasses.replace(outcome, compile_seconds=program.seconds)
