"""Calls through function pointers (cfamily/function_pointers.py), helpers that return
from their middle (early_returns.py) and forward gotos (gotos.py), all mapped with C's
control flow through exits.py; what is not exact is refused at its place.  The compiled
oracle's twins are tests/data/cclasses/13-*, 14-* and 15-*."""
from __future__ import annotations

import pytest

from vercors_py import diagnostics as D
from vercors_py import service
from vercors_py.cfamily import clang_translate

OPTIONS = service.Options(timeout=20.0)

_FUNCTIONS = """
typedef void (*op)(int *, unsigned);
__device__ void own(int *a, unsigned t) { a[t] = t; }
__device__ void first(int *a, unsigned t) { a[0] = t; }
"""


def races(text: str, launch: str = "//--blockDim=2 --gridDim=2\n") -> tuple[str, list[str]]:
    result = service.races_text(launch + text, "k.cu", OPTIONS)
    return result.verdict.value, sorted({d.code for d in result.diagnostics if d.severity is D.Severity.ERROR})


def refused(text: str) -> list[tuple[str, int]]:
    result = clang_translate.parse(text, "k.cu", None)[1]
    return [(d.code, d.span.start_line) for d in result.diagnostics if d.severity is D.Severity.ERROR]


# ---- function pointers ----

@pytest.mark.parametrize(("requires", "verdict", "codes"), [
    ("__requires(f == own);", "race-free", []),
    ("__requires(f == own | f == first);", "racy", ["race.data"]),
    # The host may pass NULL: a call through it is undefined.
    ("", "racy", ["bounds.null", "race.data"]),
])
def test_a_kernel_parameter_is_null_or_a_device_function_of_its_type(requires, verdict, codes):
    text = _FUNCTIONS + "__global__ void k(int *a, op f) {\n  " + requires + "\n  (*f)(a, blockIdx.x * blockDim.x + threadIdx.x);\n}\n"
    assert races(text) == (verdict, codes)


def test_a_pointer_not_set_or_null_is_not_called():
    text = _FUNCTIONS + ("__global__ void k(int *a, int i) {\n  op f;\n  if (i == 1) f = own;\n"
                         "  f(a, blockIdx.x * blockDim.x + threadIdx.x);\n}\n")
    assert races(text) == ("unknown", ["bounds.null"])
    text = _FUNCTIONS + "__global__ void k(int *a) {\n  op f = NULL;\n  if (f != NULL) f(a, 0);\n}\n"
    assert races(text) == ("race-free", [])


def test_a_helper_parameter_carries_the_function():
    text = _FUNCTIONS + ("__device__ void apply(op g, int *a, unsigned t) { g(a, t); }\n"
                         "__global__ void k(int *a) {\n  apply(threadIdx.x == 1 ? first : own, a, threadIdx.x);\n}\n")
    assert races(text, "//--blockDim=1 --gridDim=1\n") == ("race-free", [])
    assert races(text, "//--blockDim=2 --gridDim=1\n") == ("racy", ["race.data"])


@pytest.mark.parametrize("pick", [
    "__device__ op pick(unsigned t) { return t == 1 ? first : own; }\n",                         # in an expression
    "__device__ op pick(unsigned t) {\n  if (t == 1) return first;\n  return own;\n}\n",      # returns early
])
def test_a_helper_returns_a_function_pointer(pick):
    text = _FUNCTIONS + pick + "__global__ void k(int *a) {\n  op f = pick(threadIdx.x);\n  f(a, threadIdx.x);\n}\n"
    assert races(text, "//--blockDim=1 --gridDim=1\n") == ("race-free", [])
    assert races(text, "//--blockDim=2 --gridDim=1\n") == ("racy", ["race.data"])


@pytest.mark.parametrize(("ensures", "verdict"), [("own", "verified"), ("first", "failed")])
def test_return_val_funptr_is_the_function_pointer_returned(ensures, verdict):
    text = _FUNCTIONS + ("__device__ op pick(int i) {\n  __ensures(__return_val_funptr(op) == " + ensures + ");\n"
                         "  if (i == 1) return first;\n  return own;\n}\n"
                         "/*@ requires true; @*/\n__global__ void k() {\n  op f = pick(2);\n}\n")
    assert service.check_text(text, "k.cu", OPTIONS).verdict.value == verdict


@pytest.mark.parametrize(("body", "line", "code"), [
    ("op f = own, g = first;\n  if (f < g) f(a, 0);", 7, "unsupported.pointer"),            # order
    ("op f = (op) 5;\n  f(a, 0);", 6, "unsupported.pointer"),                                  # from a number
    ("void *p = (void *) own;", 6, "unsupported.type"),                                        # to data
    ("op fs[2];", 6, "unsupported.type"),                                                      # in memory
    ("op f = own;\n  op *p = &f;", 6, "unsupported.pointer"),                                  # address taken
    ("int x = 1 + ((int (*)(int)) 0)(2);", 6, "unsupported.function"),                         # in an expression
])
def test_what_is_not_exact_is_refused_at_its_place(body, line, code):
    text = _FUNCTIONS + "__global__ void k(int *a) {\n  " + body + "\n}\n"
    assert (code, line) in refused(text)


def test_the_address_of_a_function_without_a_body_or_of_a_kernel_is_refused():
    text = ("typedef void (*op)(int *);\n__device__ void ext(int *a);\n__global__ void k(int *a) {\n"
            "  op f = ext;\n  f(a);\n}\n")
    assert ("unsupported.function", 4) in refused(text)


# ---- helpers that return from their middle ----

def test_an_early_return_skips_the_rest_and_leaves_the_loops():
    text = ("__device__ int find(int *a, unsigned t) {\n  for (int i = 0; i < 4; i++) {\n"
            "    for (int j = 0; j < 4; j++) {\n      if (t > 0) return j;\n      a[i * 4 + j] = 1;\n    }\n  }\n"
            "  return 0;\n}\n__global__ void k(int *a, int *b) {\n  b[threadIdx.x] = find(a, threadIdx.x);\n}\n")
    assert races(text, "//--blockDim=4 --gridDim=1\n") == ("race-free", [])
    assert races(text.replace("t > 0", "t > 1"), "//--blockDim=4 --gridDim=1\n") == ("racy", ["race.data"])


@pytest.mark.parametrize(("condition", "verdict", "codes"), [
    ("blockIdx.x == 0", "race-free", []),
    ("threadIdx.x == 0", "racy", ["divergence.barrier", "divergence.uniform-assign"]),
])
def test_a_barrier_after_an_early_return_is_judged_as_c_runs_it(condition, verdict, codes):
    text = ("__device__ void sync(int *a) {\n  if (" + condition + ") return;\n  __syncthreads();\n}\n"
            "__global__ void k(int *a) {\n  sync(a);\n}\n")
    assert races(text) == (verdict, codes)


def test_a_helper_that_may_reach_its_end_without_a_value_is_refused():
    text = ("__device__ int f(int x) {\n  if (x > 0) return 1;\n  if (x < 0) return -1;\n}\n"
            "__global__ void k(int *a) {\n  a[threadIdx.x] = f(threadIdx.x);\n}\n")
    assert refused(text) == [("unsupported.function", 6)]
    both = text.replace("  if (x < 0) return -1;\n", "  else return -1;\n")
    assert refused(both) == []


# ---- goto ----

@pytest.mark.parametrize(("body", "line"), [
    ("again:\n  a[0] = 1;\n  if (threadIdx.x == 0) goto again;", 4),                        # backward
    ("if (threadIdx.x == 0) goto inside;\n  {\n  inside:\n    a[0] = 1;\n  }", 2),            # into a block
])
def test_gotos_that_are_not_forward_out_of_blocks_are_refused_at_the_goto(body, line):
    text = "__global__ void k(int *a) {\n  " + body + "\n}\n"
    assert refused(text) == [("unsupported.statement", line)]


def test_a_goto_over_a_declaration_is_refused():
    # C++ (CUDA) forbids jumping over an initialisation (clang says so); C allows it
    # over one without a value, where the variable would be in scope without its declaration.
    cuda = "__global__ void k(int *a) {\n  if (threadIdx.x == 0) goto done;\n  int x = 1;\n  a[x] = 1;\ndone:\n  a[2] = 1;\n}\n"
    assert [code for code, _ in refused(cuda)] == ["type.c-semantic"]
    opencl = ("__kernel void k(__global int *a) {\n  if (get_local_id(0) == 0) goto done;\n  int x;\n  x = 1;\n"
              "done:\n  a[2] = 1;\n}\n")
    result = clang_translate.parse(opencl, "k.cl", None)[1]
    assert [(d.code, d.span.start_line) for d in result.diagnostics] == [("unsupported.statement", 3)]


def test_a_label_no_goto_names_is_its_statement():
    assert refused("__global__ void k(int *a) {\nunused:\n  a[threadIdx.x] = 1;\n}\n") == []


def test_a_constant_cast_to_void_is_nothing_and_a_read_is_still_refused():
    # GPUVerify's misc5 puts `(void)1;` after its label.
    assert refused("__global__ void k(int *a) {\n  (void) 1;\n  a[threadIdx.x] = 1;\n}\n") == []
    assert refused("__global__ void k(int *a) {\n  (void) a[0];\n}\n") == [("unsupported.statement", 2)]
    assert refused("__global__ void k(int *a) {\n  (void) (a[1] = 2, 3);\n}\n") == [("unsupported.statement", 2)]


# ---- helpers with statements inside expressions (helper_values.py) ----

_READER = "__device__ int twice(int *a, int i) {\n  int x = a[i];\n  return x + x;\n}\n"


@pytest.mark.parametrize("statement", [
    "b[t] = 1 + twice(a, t);",
    "int y = twice(a, t) * 2;\n  b[t] = y;",
    "b[t] += twice(a, t);",
    "int i = 0;\n  while (twice(a, t) + i < 4) { i++; }",
])
def test_a_reading_helper_inside_an_expression_runs_before_it(statement):
    text = _READER + "__global__ void k(int *a, int *b) {\n  unsigned t = threadIdx.x;\n  " + statement + "\n}\n"
    assert refused(text) == []


@pytest.mark.parametrize("statement", [
    "b[t] = t > 0 && twice(a, t);",                  # C may not evaluate it
    "b[t] = t > 0 ? twice(a, t) : 0;",
    "int i = 0;\n  b[t] = i++ + twice(a, t);",       # other effects: the order matters
])
def test_a_helper_c_may_not_call_or_whose_order_matters_is_refused(statement):
    text = _READER + "__global__ void k(int *a, int *b) {\n  unsigned t = threadIdx.x;\n  " + statement + "\n}\n"
    assert [code for code, _ in refused(text)] == ["unsupported.function"]


def test_a_helper_that_writes_memory_inside_an_expression_is_refused():
    text = ("__device__ int bump(int *a, int i) {\n  a[i] = 1;\n  return 2;\n}\n"
            "__global__ void k(int *a, int *b) {\n  b[threadIdx.x] = a[0] + bump(a, threadIdx.x);\n}\n")
    assert refused(text) == [("unsupported.function", 6)]
