"""Structs and vector types in the C front end (clang_aggregates.py, docs/cfamily.md
"Structs and vector types"): the mapping of leaves to cells at clang's offsets, vector
components and operators, what is refused, and the twins of tests/data/aggregates
(races and check on them, and the CUDA ones compiled by the oracle)."""
from __future__ import annotations

import functools
import pathlib

import pytest

from tests.support import c_oracle, twins
from vercors_py import service
from vercors_py.syntax import ast as A

from .test_clang_map import body, kernel, refused

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "aggregates"
TWINS = sorted([*DATA.glob("*.cu"), *DATA.glob("*.cl")])
# Twins of values rather than races: `check` proves the -ok one's assertions and refutes
# the -wrong one's.
CHECKED = ("vector-compare", "vector-lane-", "swizzle-assign-lane", "make-uint2-values")
OPTIONS = service.Options(timeout=20.0, jobs=1)


def arrays(text: str, path: str = "k.cu") -> dict[str, A.ArrayDecl]:
    return {m.name: m for m in kernel(text, path).members if isinstance(m, A.ArrayDecl)}


# ---- memory: cells at clang's offsets ----

def test_an_array_of_vectors_is_one_array_of_cells_element_i_leaf_k_at_i_times_stride_plus_k():
    text = "__global__ void k(float4 *p) {\n  p[threadIdx.x].z = p[threadIdx.x].x;\n}\n"
    assert set(arrays(text)) == {"p"}
    assert "p[threadIdx.x * 4 + 2] = p[threadIdx.x * 4];" in body(text)


def test_a_three_component_opencl_vector_has_a_padding_cell():
    text = "__kernel void k(__global int3 *n) {\n  n[get_global_id(0)].y = 1;\n}\n"
    assert "n[get_global_id(0) * 4 + 1] = 1;" in body(text, "k.cl")


def test_cells_come_from_clangs_layout_alignment_included():
    # CUDA's __align__(64) makes the struct 64 bytes: 16 cells of 4 bytes per element.
    text = ("typedef struct __align__(64) { unsigned int tid, bid; } pair;\n"
            "__global__ void k(pair *A) {\n  A[threadIdx.x].bid = 1;\n}\n")
    assert "A[threadIdx.x * 16 + 1] = 1;" in body(text)


def test_a_struct_of_mixed_leaves_is_one_array_per_leaf():
    text = ("struct a { int i; short s; };\n"
            "__kernel void k(__global struct a *q) {\n  q[get_global_id(0)].s = 43;\n}\n")
    assert set(arrays(text, "k.cl")) == {"q$i", "q$s"}
    assert "q$s[get_global_id(0)] = 43;" in body(text, "k.cl")


def test_vectorised_access_of_a_scalar_buffer_reads_its_cells():
    text = ("__kernel void k(__global float *a, __global float *b) {\n"
            "  ((__global float4 *) a)[get_global_id(0)].w = b[0];\n"
            "  vstore2(vload2(1, b), 0, b + 2);\n}\n")
    shown = body(text, "k.cl")
    assert "a[get_global_id(0) * 4 + 3] = b[0];" in shown
    assert "b[2 + 0 * 2] = b[1 * 2];" in shown and "b[2 + 0 * 2 + 1] = b[1 * 2 + 1];" in shown


def test_a_local_array_of_structs_and_nested_members():
    text = ("struct in { int a[3]; int b; };\nstruct s { int x; struct in n; };\n"
            "__global__ void k(int *out) {\n  __shared__ s t[8];\n"
            "  t[threadIdx.x].n.a[2] = 5;\n  out[threadIdx.x] = t[threadIdx.x].n.b;\n}\n")
    decl = arrays(text)["t"]
    assert decl.scope is A.Scope.LOCAL and decl.length == A.IntLit(40, span=None)
    assert "t[threadIdx.x * 5 + 3] = 5;\nout[threadIdx.x] = t[threadIdx.x * 5 + 4];" in body(text)


# ---- values: one scalar per leaf ----

def test_a_struct_value_is_one_variable_per_leaf_and_copies_leaf_by_leaf():
    text = ("struct P { int x; float y; };\n"
            "__global__ void k(P *q, P v) {\n  P w = v;\n  q[threadIdx.x] = w;\n}\n")
    shown = body(text)
    assert "int w$x = v$x;" in shown
    assert "q$x[threadIdx.x] = w$x;" in shown and "q$y[threadIdx.x] = w$y;" in shown


def test_swizzles_literals_and_splats():
    text = ("__kernel void k(__global int4 *p) {\n  int4 v = (int4)(1, (int2)(2, 3), 4);\n"
            "  int4 s = 7;\n  v.wx = s.yz;\n  p[0] = v;\n}\n")
    shown = body(text, "k.cl")
    assert "int v$0 = 1;" in shown and "int v$2 = 3;" in shown and "int s$3 = 7;" in shown
    assert "v$3 = s$1;" in shown and "v$0 = s$2;" in shown


def test_a_vector_comparison_is_minus_one_for_true():
    text = "__kernel void k() {\n  int2 c = (int2)(1, 2) < (int2)(2, 2);\n}\n"
    assert "int c$0 = 1 < 2 ? -1 : 0;" in body(text, "k.cl")


# ---- refused, at their places ----

@pytest.mark.parametrize(("text", "path", "expected"), [
    ("union U { int i; float f; };\n__global__ void k(U *u) {\n  u[0].i = 1;\n}\n", "k.cu", ("unsupported.type", 2, 19)),
    ("struct B { int f : 3; };\n__global__ void k(B *b) {\n  b[0].f = 1;\n}\n", "k.cu", ("unsupported.type", 2, 19)),
    ("struct S { int **p; };\n__global__ void k(S s) {\n  s.p[0][0] = 1;\n}\n", "k.cu", ("unsupported.pointer", 2, 19)),
    ("__kernel void k(__global int4 *p) {\n  p[0] = convert_int4_sat(p[1]);\n}\n", "k.cl",
     ("unsupported.function", 2, 10)),
    ("__kernel void k(__global float3 *p) {\n  float2 h = p[0].hi;\n}\n", "k.cl", ("unsupported.type", 2, 14)),
    # A __shared__ float array is aligned for floats only: not for float4.
    ("__global__ void k(float *a) {\n  __shared__ float t[8];\n  ((float4 *) t)[0].x = a[0];\n}\n", "k.cu",
     ("unsupported.pointer", 3, 4)),
    ("__kernel void k(__global int4 *p) {\n  int4 v = p[0] && p[1];\n}\n", "k.cl", ("unsupported.statement", 2, 12)),
    # A vector variable in memory (its address taken) is cells of its components' type.
    ("__kernel void k() {\n  int4 v;\n  char *p = (char *) &v;\n  p[0] = 1;\n}\n", "k.cl", ("unsupported.pointer", 3, 13)),
    # A struct holding a pointer, through a pointer into one of two arrays of them.
    ("struct S { int *q; int a; };\n__global__ void k(S *x, S *y, int n) {\n  S *r = n > 0 ? x : y;\n  r[0].a = 1;\n}\n",
     "k.cu", ("unsupported.pointer", 4, 3)),
])
def test_what_is_not_mapped_exactly_is_refused_where_it_stands(text, path, expected):
    assert expected in refused(text, path)


# ---- the twins ----

@pytest.mark.parametrize("path", TWINS, ids=lambda p: p.name)
def test_each_twin_gets_its_verdict(path):
    if path.name.startswith(CHECKED):
        assert service.check_file(str(path), OPTIONS).verdict.value == ("verified" if twins.kind(path) == "ok" else "failed")
    elif twins.kind(path) == "unknown":
        # Through a pointer that may be NULL: undefined, so the races are unknown.
        result = service.races_file(str(path), OPTIONS)
        assert result.verdict.value == "unknown" and {d.code for d in result.diagnostics} == {"bounds.null"}
    else:
        assert service.races_file(str(path), OPTIONS).verdict.value == ("racy" if twins.kind(path) == "racy" else "race-free")


def test_every_failing_twin_has_an_ok_twin():
    for path in TWINS:
        if twins.kind(path) != "ok":
            assert path.with_name(path.name.replace(f"-{twins.kind(path)}.", "-ok.")).exists(), path.name


@functools.cache
def _compiled(path: pathlib.Path) -> c_oracle.Outcome:
    return c_oracle.run(path)


@pytest.mark.parametrize("path", [p for p in TWINS if p.suffix == ".cu"], ids=lambda p: p.name)
def test_the_compiled_cuda_twins_agree(path):
    why = c_oracle.available()
    if why is not None:
        pytest.skip(f"the compiled oracle cannot run here: {why}")
    outcome = _compiled(path)
    assert outcome.complete and outcome.racy == (twins.kind(path) == "racy"), outcome.describe()
    said = service.races_file(str(path), OPTIONS).verdict.value
    assert not (said == "race-free" and outcome.racy), outcome.describe()


# OpenCL twins the oracle's gcc can build (its generic vectors: no swizzles, no vector
# parameters).
@pytest.mark.parametrize("path", [p for p in TWINS if p.name.startswith(("shuffle-mask-", "shuffle2-mask-"))], ids=lambda p: p.name)
def test_the_compiled_shuffle_twins_agree(path):
    test_the_compiled_cuda_twins_agree(path)


def test_shuffle_picks_the_component_the_low_bits_of_each_mask_component_name():
    # shuffle2 of 2-component vectors chooses among 4: mask component k modulo 4.
    text = "__kernel void k(__global int2 *o, int2 x, int2 y, uint2 m) {\n  o[0] = shuffle2(x, y, m);\n}\n"
    assert "o[1] = m$1 % 4 == 0 ? x$0 : m$1 % 4 == 1 ? x$1 : m$1 % 4 == 2 ? y$0 : y$1;" in body(text, "k.cl")


# ---- a struct or vector variable whose address is taken ----

def test_an_addressed_vector_is_the_threads_element_of_private_memory():
    text = "__kernel void k() {\n  int3 v;\n  int *p = (int *) &v;\n  p[2] = 1;\n  v.x = p[2];\n}\n"
    found = arrays(text, "k.cl")
    assert found["v"].private and "4 * gsize" in printer_expr(found["v"].length)
    shown = body(text, "k.cl")
    assert "v[lid * 4] = " in shown


def test_an_addressed_struct_of_mixed_leaves_is_one_private_array_per_leaf():
    text = ("struct pair { int a; short b; };\n__device__ void set(pair *p) { p->b = 2; }\n"
            "__global__ void k() {\n  pair q;\n  set(&q);\n  q.a = q.b;\n}\n")
    assert {"q$a", "q$b"} <= set(arrays(text))
    assert "q$a[lid * 1] = q$b[lid * 1];" in body(text)


def printer_expr(e) -> str:
    from vercors_py.syntax import printer
    return printer.format_expr(e)
