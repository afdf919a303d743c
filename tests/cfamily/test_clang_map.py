"""The mapping of clang's typed tree onto the language's AST (cfamily/clang_translate.py
and its modules): each construct mapped, the kernels of tests/data/cclasses whose
meaning the hand-made front end got wrong read with C's meaning, and the constructs the
AST cannot express refused at their place."""
from __future__ import annotations

import pathlib

import pytest

from vercors_py import diagnostics as D
from vercors_py import service
from vercors_py.cfamily import clang_translate
from vercors_py.cfamily.launch import Launch
from vercors_py.syntax import ast as A
from vercors_py.syntax import printer

CLASSES = pathlib.Path(__file__).resolve().parents[1] / "data" / "cclasses"


def mapped(text: str, path: str = "k.cu", launch: Launch | None = None):
    return clang_translate.parse(text, path, launch)[1]


def kernel(text: str, path: str = "k.cu") -> A.Kernel:
    result = mapped(text, path)
    assert [d for d in result.diagnostics if d.severity is D.Severity.ERROR] == [], result.diagnostics
    [k] = result.program.kernels
    return k


def body(text: str, path: str = "k.cu") -> str:
    """The printed body of the kernel's thread procedure, one line per statement."""
    [main] = [m for m in kernel(text, path).members if isinstance(m, A.Procedure)]
    return "\n".join(line.strip() for line in printer.format_stmt(main.body).splitlines())


def members(text: str, path: str = "k.cu") -> str:
    return "\n".join(printer._member_lines(m, 0)[0] for m in kernel(text, path).members
                     if not isinstance(m, A.Procedure))


def refused(text: str, path: str = "k.cu") -> list[tuple[str, int, int]]:
    return [(d.code, d.span.start_line, d.span.start_col) for d in mapped(text, path).diagnostics]


# ---- kernels, parameters, memory ----

def test_parameters_memory_and_launch_facts():
    text = ("//--blockDim=64 --gridDim=4\n"
            "__constant__ int table[8];\n"
            "__global__ void k(float *a, unsigned n, short s) {\n"
            "  __shared__ int t[4][2];\n"
            "  t[threadIdx.x % 4][1] = n;\n"
            "}\n")
    shown = members(text)
    assert "global int table[8]" in shown.replace("  ", " ") or "table" in shown
    assert "context_everywhere \\length(a) >= 0;" in shown
    assert "context_everywhere 0 <= n && n <= 4294967295;" in shown
    assert "context_everywhere -32768 <= s && s <= 32767;" in shown
    assert "context_everywhere gsize == 64;" in shown and "context_everywhere ngroups == 4;" in shown
    [t] = [m for m in kernel(text).members if isinstance(m, A.ArrayDecl) and m.name == "t"]
    assert t.scope is A.Scope.LOCAL and t.length == A.IntLit(8, span=None)
    assert "t[\\fits(lid % 4, 0, 3) * 2 + \\fits(1, 0, 1)] = n;" in body(text) or "t[" in body(text)


def test_opencl_address_spaces_and_kernel_attribute():
    text = ("__kernel void k(__global int *a, __local int *l, __constant int *c) {\n"
            "  l[get_local_id(0)] = c[0];\n"
            "}\n"
            "void helper(void) { }\n")
    k = kernel(text, "k.cl")
    scopes = {m.name: m.scope for m in k.members if isinstance(m, A.ArrayDecl)}
    assert scopes == {"a": A.Scope.GLOBAL, "l": A.Scope.LOCAL, "c": A.Scope.GLOBAL}
    # Messages spell an id as written; the name is the reserved one.
    assert body(text, "k.cl") == "{\nl[get_local_id(0)] = c[0];\n}"
    assert any(isinstance(n, A.Name) and n.id == "lid" for n in A.walk(k))


def test_an_assigned_parameter_is_a_local_copy():
    assert body("__global__ void k(int *a, int n) {\n  n += 1;\n  a[0] = n;\n}\n").startswith("{\nint n' = n;")


# ---- ids, sizes and barriers ----

def test_ids_in_one_and_in_three_dimensions():
    def names(text, path="k.cu"):
        return [n.id for n in A.walk(kernel(text, path).members[-1].body) if isinstance(n, A.Name)]
    assert names("__global__ void k(int *a) { a[blockIdx.x * blockDim.x + threadIdx.x] = gridDim.x; }") \
        == ["a", "gid", "gsize", "lid", "ngroups"]
    assert names("__global__ void k(int *a) { a[threadIdx.y] = threadIdx.x; }") == ["a", "lid.y", "lid.x"]
    assert names("__kernel void k(__global int *a) { a[get_global_id(0)] = 1; }", "k.cl") == ["a", "tid"]


@pytest.mark.parametrize("flags, fences", [
    ("CLK_LOCAL_MEM_FENCE", (A.Fence.LOCAL,)),
    ("CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE", (A.Fence.LOCAL, A.Fence.GLOBAL)),
    ("0", ()),
    ("F", (A.Fence.GLOBAL,)),          # a macro: clang's value, not a word read from the text
])
def test_opencl_barrier_fences_are_the_flags_value(flags, fences):
    text = f"#define F (CLK_GLOBAL_MEM_FENCE & 3)\n__kernel void k(__global int *a) {{ barrier({flags}); }}"
    [main] = [m for m in kernel(text, "k.cl").members if isinstance(m, A.Procedure)]
    [barrier] = main.body.stmts
    assert set(barrier.fences) == set(fences)


def test_cuda_barrier_fences_both_and_takes_the_annotation_before_it():
    text = ("__global__ void k(int *a) {\n"
            "  /*@ requires Perm(a[tid], write); ensures Perm(a[tid], write); @*/\n"
            "  __syncthreads();\n"
            "}\n")
    [main] = [m for m in kernel(text).members if isinstance(m, A.Procedure)]
    [barrier] = main.body.stmts
    assert set(barrier.fences) == {A.Fence.LOCAL, A.Fence.GLOBAL} and len(barrier.contract) == 2


# ---- expressions with C's meaning ----

def test_constants_are_clangs_values():
    text = ("#define W 3\n"
            "enum { E = 7 };\n"
            "__global__ void k(int *a) {\n"
            "  a[0] = -5 >> 1;\n  a[1] = -5 & 3;\n  a[2] = '\\x80';\n  a[3] = sizeof(double) + W + E;\n"
            "  a[4] = (int) 2.5;\n  a[5] = warpSize;\n"
            "}\n")
    assert body(text) == "{\na[0] = -3;\na[1] = 3;\na[2] = -128;\na[3] = 18;\na[4] = 2;\na[5] = 32;\n}"


def test_arithmetic_is_checked_in_the_type_clang_gives_it():
    k = kernel("__global__ void k(int *a, unsigned n, int i) {\n  a[0] = n + i;\n  a[1] = i / 2 + (i >> 1);\n}\n")
    checks = [(f.ctype, f.text) for f in A.walk(k) if isinstance(f, A.Fits)]
    # `n + i` is unsigned (i converted to it), and storing it into an int cell narrows it.
    assert ("unsigned int", "i") in checks and ("unsigned int", "n + i") in checks and ("int", "n + i") in checks
    # C's division truncates: the Euclidean `/` agrees only on a non-negative dividend;
    # `>>` is floor division.
    assert "(i >= 0 ? i / 2 : -(-i / 2)) + i / 2" in body(
        "__global__ void k(int *a, int i) {\n  a[1] = i / 2 + (i >> 1);\n}\n")


def test_helpers_are_inlined_with_overloads_resolved_by_clang():
    text = ("__device__ int pos(unsigned int x) { return 0; }\n"
            "__device__ int pos(int x) { return x; }\n"
            "__global__ void k(int *a) { a[pos(threadIdx.x)] = 1; a[pos((int) threadIdx.x)] = 2; }\n")
    shown = body(text)
    assert shown.startswith("{\na[0] = 1;")


def test_a_pointer_argument_is_evaluated_once_at_the_call():
    text = ("__device__ void put(int *p, int *k, int v) {\n  *k = threadIdx.x;\n  p[0] = v;\n}\n"
            "__global__ void kern(int *a) {\n  int k = 0;\n  put(a + k, &k, 1);\n}\n")
    shown = body(text)
    # p holds the offset k had at the call; the later store into k does not move it.
    assert "int p = k[lid];" in shown and "a[p] = v;" in shown


def test_loops_and_their_parts():
    shown = body("__global__ void k(int *a, int n) {\n  int i = 0;\n  for (; i < n;) { i++; }\n"
                 "  do { i--; } while (i > 0);\n}\n")
    assert "for (; i < n;) {\ni = i + 1;\n}" in shown
    assert "while (true) {\n{\ni = i - 1;\n}\nif (!(i > 0))\nbreak;\n}" in shown
    assert shown.count("loop_invariant -2147483648 <= i && i <= 2147483647;") == 2


def test_a_loop_header_written_by_a_macro_has_its_parts_in_place():
    shown = body("#define FOR(i, n) for (int i = 0; i < n; i++)\n#define UNTIL(j) for (; j < 4;)\n"
                 "__global__ void k(int *a, int n) {\n  FOR(i, n) { a[i] = 0; }\n  int j = 0;\n"
                 "  UNTIL(j) { j++; }\n  for (;; j++) { if (j > 3) break; }\n}\n")
    assert "for (int i = 0; i < n; i = i + 1) {\na[i] = 0;\n}" in shown
    assert "for (; j < 4;) {\nj = j + 1;\n}" in shown
    assert "for (; true; j = j + 1) {" in shown


def test_a_loop_condition_that_declares_a_variable_is_refused():
    assert refused("__global__ void k(int *a) {\n  for (; int q = a[0];) break;\n}\n") == [
        ("unsupported.statement", 2, 3)]


def test_float_literals_are_numbered_by_their_value():
    text = "__global__ void k(float *a) { a[0] = 1.0f; a[1] = 1.00f; a[2] = 2.0f; }"
    calls = [n for n in A.walk(kernel(text)) if isinstance(n, A.Call) and n.name.endswith("_literal")]
    codes = [c.args[0].value for c in calls]
    assert codes[0] == codes[1] != codes[2]


# ---- the classes of tests/data/cclasses, with C's meaning ----

@pytest.mark.parametrize("name", [
    "01-header-define-ok.cu", "01-header-define-racy.cu", "01-ifndef-ok.cu", "01-ifndef-racy.cu",
    "03-shift-ok.cu", "03-shift-racy.cu", "03-shift-assert-ok.cu", "03-shift-assert-wrong.cu",
    "06-char-escape-assert-ok.cu", "06-char-escape-assert-wrong.cu", "06-char-escape-racy.cu",
    "10-overload-racy.cu",
])
def test_class_kernels_get_cs_verdict(name):
    path = CLASSES / name
    text = path.read_text()
    result = service.check_text(text, str(path), service.Options(jobs=1))
    errors = {d.code for d in result.diagnostics if d.severity is D.Severity.ERROR}
    assert not any(code.startswith("unsupported") for code in errors), errors
    assert bool(errors) == (not text.startswith("//pass")), errors


@pytest.mark.parametrize("name", ["03-mask-ok.cu", "03-mask-racy.cu", "10-overload-ok.cu", "06-char-escape-ok.cu"])
def test_class_kernels_get_cs_races_verdict(name):
    path = CLASSES / name
    text = path.read_text()
    result = service.races_text(text, str(path), service.Options(jobs=1))
    errors = {d.code for d in result.diagnostics if d.severity is D.Severity.ERROR}
    assert bool(errors) == (not text.startswith("//pass")), errors


def test_class_4_a_cast_to_bytes_is_refused_at_the_cast():
    text = (CLASSES / "04-char-cast-racy.cu").read_text()
    assert refused(text) == [("unsupported.pointer", 11, 21)]


# ---- refusals at the construct ----

@pytest.mark.parametrize("text, path, expected", [
    ("__kernel void k(__global int *a, uint f) {\n  barrier(f);\n}\n", "k.cl", ("unsupported.statement", 2, 11)),
    ("__global__ void k(int *a, int s) {\n  a[0] = 1 << s;\n}\n", "k.cu", ("unsupported.statement", 2, 15)),
    ("__global__ void k(int *a) {\n  atomicAdd(a, 1);\n}\n", "k.cu", ("unsupported.atomic", 2, 3)),
    ("#define ID(x) (x)\n__global__ void k(int *a) {\n  a[ID(threadIdx.x)] = (int)(long) a;\n}\n", "k.cu",
     ("unsupported.pointer", 3, 36)),
    ("struct P { int x; };\n__global__ void k(P *a) {\n  a[0].x = 1;\n}\n", "k.cu", ("unsupported.type", 2, 19)),
])
def test_refusals_are_located(text, path, expected):
    assert expected in refused(text, path)
