"""Code the kernel cannot see and built-ins without a barrier (docs/cfamily.md,
"Functions without a body" and "Fences, offsets and intrinsics"): functions declared
without a body, fences, `get_global_offset`, `extern __shared__` arrays, `__mul24`,
`sincos`.

Each kernel of tests/data/external has a twin: `-racy` ones `races` must call racy,
`-ok` ones race-free; those the compiled oracle can build (no function without a body
can be linked, and the oracle has no dynamic shared memory nor global offset) run there
too, where nothing race-free may race.  The check-side twins are in tests/data/cuda
(test_c_kernels.py)."""
from __future__ import annotations

import json
import pathlib

import pytest

from tests.support import c_oracle, twins
from vercors_py import frontend, service
from vercors_py.cfamily import launch as L
from vercors_py.source import SourceText
from vercors_py.syntax import ast as A

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "external"
FILES = sorted([*DATA.glob("*.cu"), *DATA.glob("*.cl")])
OPTIONS = service.Options(timeout=10.0, jobs=1)
# Kernels the compiled oracle can build and run as they are.
ORACLE = [p for p in FILES if p.stem.split("-")[0] in ("fence", "mem", "mul24")]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_races_calls_each_twin_what_it_is(path):
    verdict = service.races_file(str(path), OPTIONS).verdict.value
    assert verdict == twins.RACES[twins.kind(path)]


def test_every_racy_kernel_has_a_twin():
    assert twins.untwinned(FILES) == []


@pytest.mark.parametrize("path", ORACLE, ids=lambda p: p.name)
def test_the_oracle_agrees(oracle, path):
    outcome = c_oracle.run(path)
    assert outcome.complete and outcome.invalid == ()
    assert bool(outcome.races) == (twins.kind(path) == "racy"), outcome.describe()
    said = service.races_file(str(path), OPTIONS).verdict.value
    assert not (said == "race-free" and outcome.failed), outcome.describe()


def test_mul24_in_the_oracle_is_cudas(oracle, tmp_path):
    for name in ("mul24-assert-ok.cu", "mul24-assert-wrong.cu"):
        path = DATA.parent / "cuda" / name
        outcome = c_oracle.run(path, local=1, groups=1)
        assert bool(outcome.failed) == name.endswith("wrong.cu"), outcome.describe()


# ---- the mapping ----

def _program(text: str, name: str) -> A.Program:
    parsed = frontend.parse(text, name)
    assert parsed.program is not None, [d.message for d in parsed.diagnostics]
    return parsed.program


def _main(program: A.Program) -> A.Block:
    kernel = next(d for d in program.decls if isinstance(d, A.Kernel))
    return next(m for m in kernel.members if isinstance(m, A.Procedure)).body


def test_a_loop_test_calling_a_bodiless_function_declares_its_value_before_each_test():
    body = _main(_program("__device__ int nondet(void);\n__global__ void k() {\n"
                          "  while (nondet()) { }\n}\n", "k.cu"))
    [loop] = [s for s in body.stmts if isinstance(s, A.While)]
    assert isinstance(loop.cond, A.BoolLit) and loop.cond.value
    first, leave = loop.body.stmts[:2]
    assert isinstance(first, A.VarDecl) and first.init is None and first.name.startswith("nondet$call")
    assert isinstance(leave, A.If) and isinstance(leave.then, A.Break)


def test_two_calls_are_two_unknowns_and_a_const_function_is_one_function():
    program = _program("__device__ int g(void);\n__device__ int f(int) __attribute__((const));\n"
                       "__global__ void k(int *a) {\n  a[0] = g() + g();\n  a[1] = f(1) + f(1);\n}\n", "k.cu")
    unknowns = [n.name for n in A.walk(_main(program)) if isinstance(n, A.VarDecl) and n.init is None]
    assert len(unknowns) == 2 and len(set(unknowns)) == 2
    assert [d.name for d in program.decls if isinstance(d, A.Function)] == ["f"]


@pytest.mark.parametrize("declaration, why", [
    ("__device__ void f(int *p);", "takes a pointer"),
    ("__device__ void f(int x) __attribute__((noreturn));", "never returns"),
    ("__device__ float2 f(int x, ...);", "takes any number of arguments"),
])
def test_a_bodiless_function_whose_effects_matter_is_refused(declaration, why):
    call = "f(a)" if "*" in declaration else "f(1)"
    parsed = frontend.parse(f"{declaration}\n__global__ void k(int *a) {{\n  {call};\n}}\n", "k.cu")
    assert parsed.program is None
    [problem] = [d for d in parsed.diagnostics if d.code.startswith("unsupported")]
    assert problem.code == "unsupported.function" and why in problem.message and problem.span.start_line == 3


@pytest.mark.parametrize("declaration, call, why", [
    # A pointer field reaches memory as a pointer parameter does: refused, not assumed.
    ("__device__ void f(S s);", "S s; s.p = a; s.n = 1; f(s);", "takes a struct holding a pointer"),
    ("__device__ S f(int x);", "S s = f(1); a[threadIdx.x] = s.n;", "returns a struct holding a pointer"),
])
def test_a_bodiless_function_over_a_struct_holding_a_pointer_is_refused(declaration, call, why):
    text = f"struct S {{ int *p; int n; }};\n{declaration}\n__global__ void k(int *a) {{\n  {call}\n}}\n"
    parsed = frontend.parse(text, "k.cu")
    assert parsed.program is None
    [problem] = [d for d in parsed.diagnostics if d.code.startswith("unsupported")]
    assert problem.code == "unsupported.function" and why in problem.message and problem.span.start_line == 4


def test_a_bodiless_call_in_a_contract_is_refused():
    parsed = frontend.parse("__device__ bool f(void);\n__global__ void k() {\n  __requires(f());\n}\n", "k.cu")
    assert parsed.program is None and [d.code for d in parsed.diagnostics] == ["unsupported.function"]


def test_two_extern_shared_arrays_of_other_cells_are_refused():
    parsed = frontend.parse("__global__ void k() {\n  extern __shared__ int s[];\n  extern __shared__ float t[];\n"
                            "  s[0] = 1;\n}\n", "k.cu")
    assert parsed.program is None
    assert [(d.code, d.span.start_line) for d in parsed.diagnostics] == [("unsupported.pointer", 3)]


def test_textures_and_warp_ballots_are_refused_with_their_codes():
    text = ("texture<float, 1, cudaReadModeElementType> tex;\n__global__ void k(float *a) {\n"
            "  a[threadIdx.x] = tex1Dfetch(tex, 0);\n  a[0] = __ballot(1);\n}\n")
    parsed = frontend.parse(text, "k.cu")
    assert [(d.code, d.span.start_line) for d in parsed.diagnostics] == [("unsupported.type", 3),
                                                                         ("unsupported.warp", 4)]


def test_the_stdint_types_and_fast_maths_are_declared():
    text = ("__global__ void k(float *a, int64_t *b) {\n  uint32_t i = threadIdx.x;\n"
            "  a[i] = __log2f(a[i]) + __fmul_rz(a[i], 2.0f);\n  b[i] = (int64_t) i;\n}\n")
    _program(text, "k.cu")


def test_the_global_offset_is_read_from_the_header():
    source = SourceText("k.cl", "//--local_size=4 --num_groups=2 --global_offset=[4,2]\n")
    assert L.from_header(source).offset == (4, 2)
    assert L.from_header(SourceText("k.cl", "//--local_size=4\n")).offset is None


# ---- the assumption, in every verdict that rests on it ----

BODILESS = "__device__ int nondet(void);\n__global__ void k(int *a) {\n  if (nondet()) return;\n}\n"
PHRASE = "assuming `nondet`, declared without a body, accesses no memory"


def test_the_assumption_is_printed_in_text_and_json(run_cli, tmp_path):
    (tmp_path / "k.cu").write_text(BODILESS)
    for command in ("races", "check"):
        text = run_cli(command, "k.cu")
        assert text.returncode == 0 and PHRASE in text.stdout, text.stdout
        report = json.loads(run_cli(command, "--format", "json", "k.cu").stdout)
        assert PHRASE in report["files"][0]["assumptions"]


def test_no_assumption_without_a_bodiless_call(run_cli, tmp_path):
    (tmp_path / "k.cu").write_text("__device__ int f(int) __attribute__((const));\n"
                                   "__global__ void k(int *a) {\n  if (f(1)) return;\n}\n")
    report = json.loads(run_cli("races", "--format", "json", "k.cu").stdout)
    assert not any("without a body" in a for a in report["files"][0]["assumptions"])
