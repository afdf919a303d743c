#!/usr/bin/env python3
"""libclang as the C front end's base, measured (issue 25): run it with the Python of a
venv that has one of the candidates (`libclang` 18 or `libclang-ng` 22), both of
which provide the `clang` module.

    .venv/bin/python bench/cfamily_parse.py                  # JSON on stdout, summary on stderr
    .venv/bin/python bench/cfamily_parse.py --repeat 1       # quicker: one parse per kernel
    .venv/bin/python bench/cfamily_parse.py --no-current     # the parse alone, not the whole front end

What it measures, each in a section of the JSON:

  clang        which package and which clang the `clang` module is
  suite        GPUVerify's 669 kernels (../shared/peers/gpuverify-testsuite) through
               `cfamily.clang_parse.parse` with each kernel's header-line defines (-D):
               how many parse without an error, which do not (first error), and the time
               per kernel (wall and CPU, least of --repeat runs, the Index created anew
               each time): median, p90, mean, max, per language
  project      the project's own C files (examples/cuda, examples/opencl, tests/data):
               which parse (some files of tests/data are broken on purpose)
  reachable    for each piece of meaning the mapping layer needs (binary and unary
               operator kinds, literal values, implicit conversions, sizeof, template
               instantiations, overload resolution, typedefs, references, constexpr),
               whether the Python bindings give it (`bindings`), only the shared library
               through ctypes (`library`), or neither; each with the value found
  current      the whole front end (clang's parse, the mapping onto the AST and the
               static checks: `service.analyze`) on the same kernels: how many it maps
               (no error, as bench/peers.py counts them) and its time per kernel

It measures; it never fails on a number (exit 1 only if the clang module is missing).
"""
from __future__ import annotations

import argparse
import ctypes
import importlib.metadata
import json
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
SUITE = ROOT.parent / "shared" / "peers" / "gpuverify-testsuite"
PROJECT_DIRS = ("examples/cuda", "examples/opencl", "tests/data")
C_SUFFIXES = (".cu", ".cuh", ".cl")


def kernels(suite: Path) -> list[Path]:
    return sorted(p for p in suite.rglob("kernel.*") if p.suffix in (".cu", ".cl"))


def expectation(text: str) -> str:
    """GPUVerify's expected outcome from a kernel's first line, spelt as bench/peers.py
    spells it (`pass`, `xfail:CLANG_ERROR`)."""
    first = text.split("\n", 1)[0].strip()
    kind, colon, code = (first[2:].strip() if first.startswith("//") else "").partition(":")
    return kind.lower() + colon + code.upper() if kind else "unknown"


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace")


def _timed(run: Callable[[], object], repeat: int) -> tuple[object, float, float]:
    """The result of the last run, and the least wall and CPU seconds over `repeat` runs
    (CPU time counts libclang's parsing thread too; on a loaded machine it is the
    steadier figure)."""
    walls, cpus, result = [], [], None
    for _ in range(max(1, repeat)):
        wall, cpu = time.perf_counter(), time.process_time()
        result = run()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return result, min(walls), min(cpus)


def _stats(seconds: list[float]) -> dict[str, float]:
    ms = sorted(s * 1000 for s in seconds)
    if not ms:
        return {}
    p90 = statistics.quantiles(ms, n=10)[-1] if len(ms) > 1 else ms[0]
    return {"median_ms": round(statistics.median(ms), 2), "p90_ms": round(p90, 2),
            "mean_ms": round(statistics.mean(ms), 2), "max_ms": round(ms[-1], 2), "kernels": len(ms)}


# ---- the clang module ----

def clang_identity() -> dict[str, str]:
    from clang import cindex
    package = next((name for name in ("libclang-ng", "libclang")
                    if _installed(name)), "unknown")
    # Neither version's bindings wrap clang_getClangVersion.
    get_version = cindex.conf.lib.clang_getClangVersion
    get_version.argtypes, get_version.restype = [], cindex._CXString
    version = cindex._CXString.from_result(get_version())
    return {"package": package, "package_version": _installed(package) or "",
            "clang": str(version), "bindings": str(Path(cindex.__file__).parent)}


def _installed(name: str) -> str | None:
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return None


# ---- GPUVerify's suite and the project's files ----

def suite_parse(suite: Path, repeat: int) -> dict:
    from vercors_py.cfamily import clang_parse, launch
    from vercors_py.source import SourceText
    rows = []
    for path in kernels(suite):
        text = _read(path)
        defines = launch.from_header(SourceText(str(path), text)).defines
        unit, wall, cpu = _timed(lambda: clang_parse.parse(text, str(path), defines=defines), repeat)
        errors = [d for d in unit.diagnostics if d.severity.value == "error"]
        first = errors[0] if errors else None
        rows.append({"kernel": str(path.relative_to(suite)), "language": path.suffix[1:],
                     "expectation": expectation(text),
                     "ok": not errors, "wall": wall, "cpu": cpu,
                     "code": first.code if first else None,
                     "at": f"{first.span.start_line}:{first.span.start_col}" if first else None,
                     "message": first.message if first else None})
    result = {"kernels": len(rows), "parsed": sum(r["ok"] for r in rows), "by_language": {},
              "failed": [{k: r[k] for k in ("kernel", "expectation", "code", "at", "message")}
                         for r in rows if not r["ok"]]}
    for language in ("cu", "cl", None):
        some = [r for r in rows if language is None or r["language"] == language]
        result["by_language"][language or "all"] = {
            "kernels": len(some), "parsed": sum(r["ok"] for r in some),
            "wall": _stats([r["wall"] for r in some]), "cpu": _stats([r["cpu"] for r in some])}
    return result


def project_parse() -> dict:
    from vercors_py.cfamily import clang_parse
    files = sorted(p for d in PROJECT_DIRS for p in (ROOT / d).rglob("*") if p.suffix in C_SUFFIXES)
    failed = []
    for path in files:
        unit = clang_parse.parse(_read(path), str(path))
        errors = [d for d in unit.diagnostics if d.severity.value == "error"]
        if errors:
            failed.append({"file": str(path.relative_to(ROOT)), "code": errors[0].code,
                           "at": f"{errors[0].span.start_line}:{errors[0].span.start_col}",
                           "message": errors[0].message})
    return {"files": len(files), "parsed": len(files) - len(failed), "failed": failed}


# ---- what the typed tree gives from Python ----

PROBE_CUDA = r"""
typedef float elem;
template <int N> __device__ int scaled(int x) { return x * N; }
__device__ int pick(int a, int b);
__device__ float pick(float a, float b);
constexpr int K = 4;
__global__ void probe(elem *a, int n) {
  int &r = n;
  unsigned i = threadIdx.x + 1;
  a[i >> 1] = -a[i] + 'a';
  char c = '\x80';
  float f = 1.5e3f;
  unsigned long s = sizeof(elem);
  int t = scaled<K>(r);
  float p = pick(1.0f, 2.0f);
}
"""
PROBE_OPENCL = r"""
__kernel void probe(__global int *a) {
  a[get_local_id(0)] = sizeof(half);
  barrier(CLK_LOCAL_MEM_FENCE);
}
"""


class _OperatorKinds:
    """The operator of a BINARY_OPERATOR or UNARY_OPERATOR cursor, from the shared
    library: libclang 18's bindings wrap neither, libclang-ng 22's only the binary one."""

    def __init__(self):
        from clang import cindex
        lib = cindex.conf.lib
        self.binary = lib.clang_getCursorBinaryOperatorKind
        self.unary = lib.clang_getCursorUnaryOperatorKind
        for function in (self.binary, self.unary):
            function.argtypes, function.restype = [cindex.Cursor], ctypes.c_int


def reachable() -> dict:
    from clang import cindex

    from vercors_py.cfamily import clang_parse
    from vercors_py.cfamily.dialect import Dialect
    kinds = _OperatorKinds()
    cuda = clang_parse.parse(PROBE_CUDA, "probe.cu", Dialect.CUDA)
    opencl = clang_parse.parse(PROBE_OPENCL, "probe.cl", Dialect.OPENCL)
    assert cuda.ok and opencl.ok, [d.message for d in cuda.diagnostics + opencl.diagnostics]
    K = cindex.CursorKind

    def find(unit, kind, test=lambda c: True):
        return next(c for c in unit.tu.cursor.walk_preorder()
                    if c.kind == kind and unit.is_main_file(c.location) and test(c))

    found: dict[str, dict] = {}

    def record(name, how, value):
        found[name] = {"how": how, "value": value}

    shift = find(cuda, K.BINARY_OPERATOR, lambda c: [t.spelling for t in c.get_tokens()] == ["i", ">>", "1"])
    if hasattr(shift, "binary_operator"):
        record("binary operator kind", "bindings", str(shift.binary_operator))
    else:
        record("binary operator kind", "library", f"CXBinaryOperator {kinds.binary(shift)} (9 is Shr)")
    minus = find(cuda, K.UNARY_OPERATOR)
    if hasattr(minus, "unary_operator"):
        record("unary operator kind", "bindings", str(minus.unary_operator))
    else:
        record("unary operator kind", "library", f"CXUnaryOperator {kinds.unary(minus)} (8 is Minus)")
    # Constant values: clang_Cursor_Evaluate, which no bindings wrap (ClangUnit.constant).
    value = cuda.constant
    record("integer literal value", "library", value(find(cuda, K.INTEGER_LITERAL)))
    char = find(cuda, K.CHARACTER_LITERAL, lambda c: (value(c) or 0) < 0)
    record("character literal value", "library", f"'\\x80' is {value(char)} ({char.type.spelling})")
    record("floating literal value", "library", value(find(cuda, K.FLOATING_LITERAL)))
    # An implicit conversion is an UNEXPOSED_EXPR whose type differs from its operand's:
    # the type is given, the kind of cast (integral, floating, ...) is not.
    conversions = [(c.type.spelling, child.type.spelling) for c in cuda.tu.cursor.walk_preorder()
                   if c.kind == K.UNEXPOSED_EXPR and cuda.is_main_file(c.location)
                   for child in c.get_children() if child.type.spelling != c.type.spelling]
    record("implicit conversions (types; not the cast kind)", "bindings",
           sorted({f"{src} -> {dst}" for dst, src in conversions}))
    record("sizeof value", "library", value(find(cuda, K.CXX_UNARY_EXPR)))
    elem = find(cuda, K.TYPEDEF_DECL).underlying_typedef_type
    record("size of a type", "bindings", f"{elem.spelling}: {elem.get_size()} bytes")
    half = find(opencl, K.CXX_UNARY_EXPR)
    record("sizeof(half) in OpenCL", "library", opencl.constant(half))
    scaled = find(cuda, K.CALL_EXPR, lambda c: c.spelling == "scaled").referenced
    body = [value(c) for c in scaled.walk_preorder() if c.kind == K.INTEGER_LITERAL]
    record("template instantiation", "bindings",
           f"scaled<K> is {scaled.displayname} with argument {scaled.get_template_argument_value(0)}; "
           f"its instantiated body holds the literal {body}")
    pick = find(cuda, K.CALL_EXPR, lambda c: c.spelling == "pick").referenced
    record("overload resolution", "bindings", f"pick(1.0f, 2.0f) calls {pick.type.spelling}")
    param = find(cuda, K.PARM_DECL, lambda c: c.type.spelling == "elem *")
    record("typedef resolution", "bindings",
           f"{param.type.spelling} is {param.type.get_canonical().spelling}")
    ref = find(cuda, K.VAR_DECL, lambda c: c.spelling == "r")
    record("references", "bindings", f"r: {ref.type.spelling} ({ref.type.kind.name})")
    k_use = find(cuda, K.DECL_REF_EXPR, lambda c: c.spelling == "K")
    record("constexpr value", "library", value(k_use))
    fence = find(opencl, K.CALL_EXPR, lambda c: c.spelling == "barrier")
    argument = list(fence.get_arguments())[0]
    record("macro constant through its use (CLK_LOCAL_MEM_FENCE)", "library", opencl.constant(argument))
    return found


# ---- the whole front end ----

def current_front_end(suite: Path, repeat: int) -> dict:
    from vercors_py import diagnostics as D
    from vercors_py import service
    mapped, seconds = 0, []
    for path in kernels(suite):
        text = _read(path)
        analysis, wall, _ = _timed(lambda: service.analyze(text, str(path)), repeat)
        mapped += not any(d.severity is D.Severity.ERROR for d in analysis.diagnostics)
        seconds.append(wall)
    return {"kernels": len(seconds), "mapped": mapped, "parse_and_map_wall": _stats(seconds)}


def summary(report: dict) -> str:
    clang, suite = report["clang"], report["suite"]
    lines = [f"{clang['package']} {clang['package_version']} ({clang['clang']})",
             f"GPUVerify's suite: {suite['parsed']} of {suite['kernels']} kernels parse without an error"]
    for language, row in suite["by_language"].items():
        lines.append(f"  {language}: {row['parsed']}/{row['kernels']}, wall median {row['wall']['median_ms']} ms "
                     f"p90 {row['wall']['p90_ms']} ms, cpu median {row['cpu']['median_ms']} ms "
                     f"p90 {row['cpu']['p90_ms']} ms")
    for failure in suite["failed"]:
        lines.append(f"  failed {failure['kernel']} ({failure['expectation']}): {failure['code']} "
                     f"{failure['at']} {failure['message']}")
    if "project" in report:
        project = report["project"]
        lines.append(f"project files: {project['parsed']} of {project['files']} parse")
        lines += [f"  failed {f['file']}: {f['code']} {f['at']} {f['message']}" for f in project["failed"]]
    lines.append("reachable from Python:")
    lines += [f"  {name}: {row['how']}: {row['value']}" for name, row in report["reachable"].items()]
    if "current" in report:
        current = report["current"]
        lines.append(f"front end: {current['mapped']} of {current['kernels']} mapped; parse and map "
                     f"wall median {current['parse_and_map_wall']['median_ms']} ms, "
                     f"p90 {current['parse_and_map_wall']['p90_ms']} ms")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--suite", type=Path, default=SUITE)
    ap.add_argument("--repeat", type=int, default=3, help="parses per kernel; the least time counts")
    ap.add_argument("--no-current", action="store_true", help="skip the whole front end")
    ap.add_argument("--no-project", action="store_true", help="skip the project's own C files")
    args = ap.parse_args(argv)
    try:
        import clang.cindex  # noqa: F401
    except ImportError:
        print("no clang module: install libclang or libclang-ng into this Python", file=sys.stderr)
        return 1
    if not kernels(args.suite):
        print(f"no kernels under {args.suite} (GPUVerify's suite, ../shared/peers)", file=sys.stderr)
        return 1
    report = {"machine": f"{platform.machine()}, Python {platform.python_version()}",
              "clang": clang_identity(), "suite": suite_parse(args.suite, args.repeat),
              "reachable": reachable()}
    if not args.no_project:
        report["project"] = project_parse()
    if not args.no_current:
        report["current"] = current_front_end(args.suite, args.repeat)
    print(json.dumps(report, indent=1))
    print(summary(report), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
