"""VerCors's `/*@ pure @*/` C helpers called in annotations (cfamily/pure_helpers.py) and
the ghost share of a vector load or store (cfamily/ghost_arguments.py),
docs/vercors-c-annotations.md "Pure C functions" and "Ghost arguments": each rule beside
the twin that must fail, and VerCors's three vector examples."""
from __future__ import annotations

import pathlib

import pytest

from vercors_py import service
from vercors_py.cfamily.launch import Launch

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "vercors" / "concepts" / "gpgpu"
ONE_DIMENSION = service.Options(jobs=1, timeout=20.0, launch=Launch(dims=1))

KERNEL = """{helpers}
/*@
  requires \\length(a) == get_global_size(0);
  context Perm(a[get_global_id(0)], write);
  ensures {post};
@*/
__kernel void k(__global int *a) {{
  a[get_global_id(0)] = {value};
}}
"""


def verdict(text: str, path: str = "k.cl") -> tuple[str, set[str]]:
    result = service.check_text(text, path, ONE_DIMENSION)
    return result.verdict.value, {d.code for d in result.diagnostics if d.severity.value == "error"}


def warnings(text: str, path: str = "k.cl") -> list[tuple[str, int, int]]:
    found = service.check_text(text, path, ONE_DIMENSION).diagnostics
    return [(d.code, d.span.start_line, d.span.start_col) for d in found if d.severity.value == "warning"]


# ---- pure C functions in annotations: C's meaning ------------------------------------------

@pytest.mark.parametrize(("helpers", "post", "value", "expected"), [
    # Truncating division, as C's: -7 / 2 is -3, not the floor -4.
    ("/*@ pure @*/ int halve(int x) { return x / 2; }", "a[get_global_id(0)] == halve(-7)", "halve(-7)", "verified"),
    ("/*@ pure @*/ int halve(int x) { return x / 2; }", "a[get_global_id(0)] == -4", "halve(-7)", "failed"),
    # Unsigned arithmetic wraps, as C's: 0u - 1 is 2^32 - 1, never -1.
    ("/*@ pure @*/ unsigned int dec(unsigned int x) { return x - 1; }", "dec(0) == 4294967295", "1", "verified"),
    ("/*@ pure @*/ unsigned int dec(unsigned int x) { return x - 1; }", "dec(0) == -1", "1", "failed"),
    # A bool result, and the code's calls of the same helper, inlined.
    ("/*@ pure @*/ bool pos(int x) { return x > 0; }", "pos(3) && !pos(-1) && a[get_global_id(0)] == 1",
     "pos(3)", "verified"),
    ("/*@ pure @*/ bool pos(int x) { return x > 0; }", "a[get_global_id(0)] == 1", "pos(-3)", "failed"),
])
def test_a_pure_c_function_means_in_annotations_what_it_computes_in_c(helpers, post, value, expected):
    assert verdict(KERNEL.format(helpers=helpers, post=post, value=value))[0] == expected


def test_an_argument_outside_the_parameters_type_is_a_failed_precondition():
    # C would convert 300 to an unsigned char; an annotation's 300 has no C value there.
    helpers = "/*@ pure @*/ int low(unsigned char c) { return c; }"
    assert verdict(KERNEL.format(helpers=helpers, post="low(255) == 255", value="1")) == ("verified", set())
    status, codes = verdict(KERNEL.format(helpers=helpers, post="low(300) == 44", value="1"))
    assert status == "failed" and "pre.function" in codes


@pytest.mark.parametrize(("helpers", "post", "expected"), [
    # C defines `x + x` only where it fits an int: so does the pure function.
    ("/*@ pure @*/ int twice(int x) { return x + x; }", "twice(1073741823) == 2147483646", ("verified", set())),
    ("/*@ pure @*/ int twice(int x) { return x + x; }", "twice(1073741824) != 0", ("failed", {"pre.function"})),
    # Division by zero and INT_MIN / -1 are undefined; a guarded division is defined.
    ("/*@ pure @*/ int quot(int a, int b) { return a / b; }", "quot(-7, 2) == -3", ("verified", set())),
    ("/*@ pure @*/ int quot(int a, int b) { return a / b; }", "quot(1, 0) == 0", ("failed", {"pre.function"})),
    ("/*@ pure @*/ int quot(int a, int b) { return a / b; }", "quot(-2147483648, -1) != 0",
     ("failed", {"pre.function"})),
    ("/*@ pure @*/ int ratio(int a, int b) { return b != 0 ? a / b : 0; }", "ratio(1, 0) == 0", ("verified", set())),
    ("/*@ pure @*/ int ratio(int a, int b) { return b != 0 && a / b > 1; }", "ratio(1, 0) == 0", ("verified", set())),
])
def test_a_pure_c_function_is_defined_where_c_defines_it(helpers, post, expected):
    # Outside its domain the value is unknown: the postcondition fails with the call.
    status, codes = verdict(KERNEL.format(helpers=helpers, post=post, value="1"))
    assert status == expected[0] and expected[1] <= codes and codes <= expected[1] | {"post.failed"}


@pytest.mark.parametrize("helpers", [
    "__constant int K[2] = {1, 2};\n/*@ pure @*/ int f(int i) { return K[i & 1]; }",      # reads memory
    "/*@ pure @*/ int f(int i) { return i + get_local_id(0); }",                          # a thread's id
    "/*@ pure @*/ int f(int2 v) { return v.x; }",                                         # a vector
    "/*@ pure @*/ int f(int i) { int j = i; return j; }",                                 # statements
])
def test_a_function_that_is_no_function_of_its_arguments_stays_a_helper_of_the_code(helpers):
    # Warned at its marker; the code still calls it (inlined), annotations cannot.
    line = helpers.count("\n") + 1
    assert ("annotation.ignored", line, 4) in warnings(KERNEL.format(helpers=helpers, post="true", value="1"))
    status, codes = verdict(KERNEL.format(helpers=helpers, post="f(1) == 1", value="1"))
    assert status == "rejected" and "type.unknown-name" in codes


CUDA = """__device__ int /*@ pure @*/ twice(short x) {{ return x + x; }}
/*@
  requires \\length(a) == blockDim.x * gridDim.x;
  context Perm(a[blockIdx.x * blockDim.x + threadIdx.x], write);
  ensures a[blockIdx.x * blockDim.x + threadIdx.x] == {post};
@*/
__global__ void k(int *a) {{
  a[blockIdx.x * blockDim.x + threadIdx.x] = twice(3);
}}
"""


def test_a_marker_in_the_functions_header_as_vercors_headers_write_it():
    assert verdict(CUDA.format(post="twice(3)"), "k.cu") == ("verified", set())
    assert verdict(CUDA.format(post="twice(4)"), "k.cu") == ("failed", {"post.failed"})


def test_a_marker_before_a_prototype_reads_the_definition():
    for post, expected in (("f(3)", ("verified", set())), ("f(4)", ("failed", {"post.failed"}))):
        text = KERNEL.format(helpers="/*@ pure @*/ int f(int i);", post=f"a[get_global_id(0)] == {post}",
                             value="f(3)")
        assert verdict(text + "int f(int i) { return i - 1; }\n") == expected


def test_pure_before_a_kernel_is_misplaced():
    text = "/*@ pure @*/\n__kernel void k(__global int *a) { a[get_global_id(0)] = 1; }\n"
    assert verdict(text) == ("rejected", {"type.clause-placement"})


def test_a_pure_marker_is_not_a_declaration_annotation():
    # `pure` alone is VerCors's marker; the language's own pure functions stay readable.
    helpers = "//@ pure int g(int i) = i + 1;\n/*@ pure @*/ int f(int i) { return i - 1; }"
    assert verdict(KERNEL.format(helpers=helpers, post="g(f(5)) == 5", value="1")) == ("verified", set())


# ---- ghost arguments of vector loads and stores ---------------------------------------------

GHOST = """
/*@
  requires \\length(a) == 2 * get_global_size(0) && \\length(c) == 2 * get_global_size(0);
  context Perm(a[2 * get_global_id(0)], 1\\2) ** Perm(a[2 * get_global_id(0) + 1], 1\\2);
  context Perm(c[2 * get_global_id(0)], write) ** Perm(c[2 * get_global_id(0) + 1], write);
@*/
__kernel void k(__global int *a, __global int *c) {{
  int2 v = vload2(get_global_id(0), a) {ghost};
  vstore2(v, {store}, c);
}}
"""


@pytest.mark.parametrize(("ghost", "expected"), [
    ("/*@ given {r=1\\2} @*/", ("verified", set())),
    ("/*@ given {r=read} @*/", ("verified", set())),
    ("/*@ given {r=n} @*/", ("rejected", {"unsupported.declaration"})),
    ("/*@ assert true; @*/", ("rejected", {"type.clause-placement"})),
])
def test_a_ghost_share_after_a_vector_load_is_read(ghost, expected):
    assert verdict(GHOST.format(ghost=ghost, store="get_global_id(0)")) == expected


def test_lanes_stored_by_two_threads_race_with_a_ghost_share_as_without():
    for store, answer in (("get_global_id(0)", "race-free"), ("get_global_id(0) / 2", "racy")):
        text = GHOST.format(ghost="/*@ given {r=1\\2} @*/", store=store)
        assert service.races_text(text, "k.cl", ONE_DIMENSION).verdict.value == answer


# ---- VerCors's vector examples ----------------------------------------------------------------

def test_vercors_opencl_vector_example_verifies():
    # Swizzles, .lo/.hi/.odd/.even on both sides of `=`, literals, comparisons of -1/0 per
    # lane, and its `/*@ pure @*/` helpers of vectors (called by the code only).
    result = service.check_file(str(DATA / "opencl_vector_simple.cl"), ONE_DIMENSION)
    assert result.verdict.value == "verified"
    assert {d.code for d in result.diagnostics} == {"annotation.ignored"}


@pytest.mark.parametrize("name", ["opencl_vector_add.cl", "simple_vector_cuda.cu"])
def test_vercors_vector_add_examples_overflow_c_int(name):
    # VerCors's integers are unbounded; `2*tid` and `a2 + b2` may overflow a C int.
    result = service.check_file(str(DATA / name), ONE_DIMENSION)
    assert result.verdict.value == "failed"
    assert {d.code for d in result.diagnostics if d.severity.value == "error"} == {"arith.overflow"}
