"""Compiling a kernel into a program that runs it: the kernel's file behind a stub header
and before a generated tail that launches one kernel, compiled with -fsanitize=thread
(its hooks are the runtime's, not ThreadSanitizer's) and -fsanitize=undefined, linked with
the runtime.  Programs are cached by the hash of everything that goes into them."""
from __future__ import annotations

import dataclasses
import hashlib
import os
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from .signature import Kernel, mark_dynamic_shared, mark_local_pointers

RUNTIME = Path(__file__).resolve().parent / "runtime"
CACHE = Path(tempfile.gettempdir()) / f"vercors-c-oracle-{os.getuid()}"

# -fno-sanitize=shift-base: a left shift of a negative number is undefined in C but what
# every GPU computes (and what the front end reads), so it is not reported.
SANITIZE = ["-fsanitize=thread,undefined", "-fno-sanitize=shift-base"]
FLAGS = {"cuda": ["g++", "-x", "c++", "-std=gnu++17"], "opencl": ["gcc", "-x", "c", "-std=gnu11"]}
STUB = {"cuda": "cuda_stub.h", "opencl": "opencl_stub.h"}


class BuildError(RuntimeError):
    """The compiler refused the kernel (or the oracle's tail for it)."""


@dataclass(frozen=True)
class Program:
    binary: Path
    seconds: float              # spent compiling now (0 when it came from the cache)
    scratch: Path | None = None # a folder to remove after the run (a program not kept)


def dialect_of(path: Path) -> str:
    return "opencl" if path.suffix == ".cl" else "cuda"


def tail(kernel: Kernel) -> str:
    """C (and C++) that describes the kernel's parameters to the runtime and calls it."""
    plain = "__attribute__((no_sanitize_thread))"
    lines = ['#line 1 "<oracle tail>"', "#ifdef __cplusplus", '#define ORACLE_C extern "C"', "#else",
             "#define ORACLE_C", "#endif",
             "struct oracle_param { int pointer; int is_local; unsigned long elem;",
             "  void (*fill)(void *, long, const long double *, int); };"]
    describe, call = [], []
    if kernel.instance:
        # A template's parameter types name its parameters (`T *`): the compiler gives
        # the instantiation's, from the type of a pointer to it.
        lines += ["template <class F> struct oracle_signature;",
                  "template <class... P> struct oracle_signature<void (*)(P...)> {",
                  "  template <int I> using at = typename std::tuple_element<I, std::tuple<P...> >::type; };",
                  f"typedef decltype(&{kernel.name}) oracle_instance;"]
        kernel = Kernel(kernel.name, tuple(dataclasses.replace(p, ctype=f"oracle_signature<oracle_instance>::at<{i}>")
                                           for i, p in enumerate(kernel.params)))
    for i, p in enumerate(kernel.params):
        if p.pointer:
            lines += [f"{plain} static void oracle_fill_{i}(void *buffer, long count, const long double *values, int n) {{",
                      f"  typedef __typeof__(*({p.ctype})0) oracle_cell;",
                      "  for (long k = 0; k < count; k++) { oracle_cell v = (oracle_cell)values[k % n];",
                      "    memcpy((char *)buffer + k * sizeof v, &v, sizeof v); }", "}"]
            describe.append(f"  p[{i}].pointer = 1; p[{i}].is_local = {int(p.local)}; "
                            f"p[{i}].elem = sizeof(*({p.ctype})0); p[{i}].fill = oracle_fill_{i};")
            call.append(f"({p.ctype})args[{i}]")
        else:
            describe.append(f"  p[{i}].pointer = 0;")
            call.append(f"({p.ctype})*(long double *)args[{i}]")
    lines += [f"ORACLE_C int oracle_param_count = {len(kernel.params)};",
              f"ORACLE_C {plain} void oracle_describe(struct oracle_param *p) {{", *describe, "}",
              f"ORACLE_C {plain} void oracle_enter(void **args) {{ {kernel.name}({', '.join(call)}); }}"]
    return "\n".join(lines) + "\n"


def source(path: Path, text: str, kernel: Kernel) -> str:
    dialect = dialect_of(path)
    body = mark_local_pointers(text) if dialect == "opencl" else mark_dynamic_shared(text)
    return (f'#include "{STUB[dialect]}"\n#line 1 "{path}"\n{body}\n' + tail(kernel))


def _digest(*parts: str | bytes) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(part.encode() if isinstance(part, str) else part)
        h.update(b"\0")
    return h.hexdigest()[:24]


def _runtime_digest() -> str:
    return _digest(*(f.read_bytes() for f in sorted(RUNTIME.rglob("*")) if f.is_file()))


def _run(command: list[str], cwd: Path) -> None:
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        raise BuildError(f"{' '.join(command[:2])} failed:\n{done.stderr[-4000:]}")


def _runtime_object(work: Path, name: str) -> Path:
    """The object of runtime/NAME, built once per version of the runtime."""
    target = CACHE / f"{Path(name).stem}-{_runtime_digest()}.o"
    if not target.exists():
        built = work / "runtime.o"
        _run(["g++" if name.endswith(".cpp") else "gcc", "-c", "-O1", str(RUNTIME / name), "-o", str(built)], work)
        os.replace(built, target)
    return target


def build(path: Path, text: str, kernel: Kernel, defines: tuple[tuple[str, str], ...], keep: bool = True) -> Program:
    """The program that runs `kernel`; unless `keep`, built in a scratch folder outside
    the cache (generated kernels are seen once)."""
    dialect = dialect_of(path)
    unit = source(path, text, kernel)
    command = [*FLAGS[dialect], "-O0", "-gdwarf-4", "-g1", *SANITIZE, "-w", "-I", str(RUNTIME), "-I", str(RUNTIME / "include"),
               "-iquote", str(path.parent), *(f"-D{name}={value}" for name, value in defines)]
    key = _digest(unit, " ".join(command), _runtime_digest())
    binary = CACHE / key / "kernel"
    if keep and binary.exists():
        return Program(binary, 0.0)
    start = time.perf_counter()
    CACHE.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(dir=CACHE, prefix="build-"))
    try:
        (work / "unit.c").write_text(unit)
        head, runtime = _runtime_object(work, "oracle_shared_head.c"), _runtime_object(work, "oracle_runtime.cpp")
        _run([*command, "-c", "unit.c", "-o", "unit.o"], work)
        # In this order: the section oracle_shared is the head's padding, the kernel's
        # __shared__ variables, the runtime's padding.
        _run(["g++", "-no-pie", str(head), "unit.o", str(runtime), "-fsanitize=undefined", "-o", "kernel"], work)
        if not keep:
            return Program(work / "kernel", time.perf_counter() - start, work)
        binary.parent.mkdir(exist_ok=True)
        os.replace(work / "kernel", binary)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    shutil.rmtree(work, ignore_errors=True)
    return Program(binary, time.perf_counter() - start)
