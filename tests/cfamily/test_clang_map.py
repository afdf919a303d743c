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
from vercors_py.run.model import RunOptions

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


def test_an_annotation_naming_a_component_maps_the_file_in_three_dimensions(tmp_path):
    """`infer` writes `lid.x` where the launch had it map the kernel in three dimensions
    (a host fact naming `ngroups.x`); the written file, checked without that fact, reads
    its annotations the same way: the code's `threadIdx.x` is `lid.x`, the depth is the
    one named (y and z of size 1).  A kernel whose annotation claims a cell per `lid.x`
    alone still races between its groups."""
    ok = ("/*@\n  requires 0 <= lid.x + gid.x * gsize.x && lid.x + gid.x * gsize.x < \\length(a);\n"
          "  requires Perm(a[lid.x + gid.x * gsize.x], write);\n@*/\n"
          "__global__ void k(int *a) { a[threadIdx.x + blockIdx.x * blockDim.x] = 1; }\n")
    assert set(names_of(ok)) == {"a", "lid.x", "gid.x", "gsize.x"}
    (tmp_path / "ok.cu").write_text(ok)
    result = service.check_file(str(tmp_path / "ok.cu"), service.Options(timeout=20.0, jobs=1))
    assert result.verdict.value == "verified", [d.message for d in result.diagnostics]
    racy = ok.replace("lid.x + gid.x * gsize.x", "lid.x").replace("threadIdx.x + blockIdx.x * blockDim.x", "threadIdx.x")
    (tmp_path / "racy.cu").write_text(racy)
    result = service.check_file(str(tmp_path / "racy.cu"), service.Options(timeout=20.0, jobs=1))
    assert result.verdict.value != "verified"


def names_of(text: str) -> list[str]:
    return list(dict.fromkeys(n.id for n in A.walk(kernel(text).members[-1]) if isinstance(n, A.Name)
                              and n.id.partition(".")[0] in ("a", "lid", "gid", "gsize")))


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


def test_signed_arithmetic_is_checked_and_unsigned_arithmetic_wraps():
    text = "__global__ void k(int *a, unsigned n, int i) {\n  a[0] = n + i;\n  a[1] = i + 1;\n  a[2] = i / 2;\n}\n"
    checks = [(f.ctype, f.text) for f in A.walk(kernel(text)) if isinstance(f, A.Fits)]
    # `n + i` is unsigned (i converted to it): C computes it modulo 2^32, no error; storing
    # it into an int cell narrows it, which clang defines as the value reduced modulo 2^32
    # into int's range (implementation-defined in C): no error either.  `i + 1` may
    # overflow: it must fit.  `i / 2` cannot leave the int range: no check.
    assert checks == [("int", "i + 1")]
    assert "a[0] = (n + i + 2147483648) % 4294967296 - 2147483648;" in body(text)
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


# ---- pointers into several arrays, and NULL (clang_pointers.py) ----

def test_a_pointer_into_two_arrays_is_a_tag_and_an_offset():
    shown = body("__global__ void k(int *a, int *b, int c) {\n  int *p = c ? a : b;\n  p[threadIdx.x] = *p + 1;\n}\n")
    assert "int p$tag = c != 0 ? 1 : 2;" in shown and "int p = c != 0 ? 0 : 0;" in shown
    # The write is an `if` over the tag, the read a conditional: only the access that happens.
    assert ("if (p$tag == 1)\na[p + threadIdx.x] = (p$tag == 1 ? a[p] : b[p]) + 1;\n"
            "else\nb[p + threadIdx.x] = (p$tag == 1 ? a[p] : b[p]) + 1;") in shown


def test_a_pointer_into_one_array_stays_its_offset():
    shown = body("__global__ void k(int *a) {\n  int *p = a + 2;\n  p++;\n  p[0] = 1;\n}\n")
    assert "$tag" not in shown and "int p = 2;" in shown and "a[p] = 1;" in shown
    assert body("__global__ void k(int *a) {\n  (a + 1)[threadIdx.x] = 0;\n}\n") == "{\na[1 + threadIdx.x] = 0;\n}"


def test_a_pointer_to_vectors_moves_by_whole_vectors():
    shown = body("__global__ void k(float4 *a) {\n  float4 *q = a + 1;\n  q++;\n  q->x = 1.0f;\n}\n")
    assert "int q = 4;" in shown and "q = q + (q + 1 - q) * 4;" in shown


def test_an_array_assigned_after_a_use_is_known_at_the_use():
    # The use in the loop comes before `p = b` in the text: the file is mapped again
    # with both arrays known, and the first write covers both.
    shown = body("__global__ void k(int *a, int *b) {\n  int *p = a;\n"
                 "  for (int i = 0; i < 2; i++) {\n    p[0] = i;\n    p = b;\n  }\n}\n")
    assert "if (p$tag == 1)\na[p] = i;\nelse\nb[p] = i;" in shown
    assert "loop_invariant p$tag == 1 || p$tag == 2;" in shown


@pytest.mark.parametrize("null, path", [("0", "k.cu"), ("NULL", "k.cu"), ("nullptr", "k.cu"), ("(int *) 0", "k.cu"),
                                        ("NULL", "k.cl"), ("(__global int *) 0", "k.cl"), ("1 - 1", "k.cl")])
def test_null_pointer_constants_are_the_null_tag(null, path):
    space = "__global " if path == "k.cl" else ""
    head = "__kernel void k(__global int *a, int c)" if path == "k.cl" else "__global__ void k(int *a, int c)"
    shown = body(f"{head} {{\n  {space}int *p = c ? a : {null};\n  if (p) p[0] = 1;\n}}\n", path)
    assert "int p$tag = c != 0 ? 1 : 0;" in shown
    # Not NULL: not the NULL tag, and not a parameter the host passed NULL for.
    assert "if (!(p$tag == 0 || p$tag == 1 && p == 0 && \\argument_is_null(1)))" in shown


def test_the_host_may_pass_null_for_a_pointer_parameter():
    text = "__global__ void k(int *a, int *b) {\n  if (a == 0) b[0] = threadIdx.x;\n}\n"
    assert "if (\\argument_is_null(1))" in body(text)
    # The same answer for every thread: so the write of b[0] by every thread races.
    result = service.races_text(text, "k.cu", service.Options(timeout=10.0))
    assert result.verdict.value == "racy"


def test_an_unset_pointer_is_its_own_tag_and_a_use_of_it_is_checked():
    k = kernel("__global__ void k(int *a, int c) {\n  int *p;\n  if (c) p = a;\n  p[0] = 1;\n}\n")
    shown = "\n".join(line.strip() for line in printer.format_stmt(k.main.body).splitlines())
    assert "int p$tag = -1;" in shown and "if (p$tag == 1)\na[p] = 1;" in shown
    [check] = [f for f in A.walk(k) if isinstance(f, A.Fits) and f.code == "bounds.null"]
    assert (check.lo, check.text, check.ctype) == (1, "p", "unset where it is read or written")


def test_pointer_comparisons_are_exact():
    shown = body("__global__ void k(int *a, int *b, int c) {\n  int *p = c ? a : b;\n  int *q = a + 1;\n"
                 "  if (p == q) a[0] = 1;\n  if (q > a) a[1] = 1;\n}\n")
    # The same array and offset; into two arrays only if one is one past the end of its
    # array and the other at the start of its own (unknown then).
    assert ("if (p$tag == 1 && p == q || p$tag == 2 && (p == 0 || q == 0) && "
            "\\pointers_adjacent(2, p, 1, q, tid))") in shown
    assert "if (q > 0)" in shown


@pytest.mark.parametrize("statement, col", [
    ("if (p < b) a[0] = 1;", 7),                  # `<` across arrays is undefined
    ("long d = p - b;", 12),                      # the difference of two pointers
    ("long v = (long) p;", 12),                   # a pointer as a number
    ("char *bytes = (char *) p;", 17),            # cells of another type
])
def test_what_pointers_cannot_do_exactly_is_refused(statement, col):
    text = f"__global__ void k(int *a, int *b, int c) {{\n  int *p = c ? a : b;\n  {statement}\n}}\n"
    assert refused(text) == [("unsupported.pointer", 3, col)]


@pytest.mark.parametrize("text, path", [
    ("__global__ void k(int *a) {\n  __shared__ int *p;\n  p = a;\n}\n", "k.cu"),
    ("__global__ void k(int *a) {\n  int *p = a;\n  int **q = &p;\n}\n", "k.cu"),
    ("__kernel void k(__global int *a) {\n  __global int * __local p;\n  p = a;\n}\n", "k.cl"),
])
def test_pointers_in_memory_are_refused(text, path):
    assert [code for code, *_ in refused(text, path)][:1] == ["unsupported.pointer"]


def test_a_helper_returning_a_pointer_is_inlined_and_its_ensures_checked():
    text = ("__device__ int *pick(int *x, int *y, int c) {\n"
            "  __ensures(__implies(__enabled(), __return_val_ptr() == (c ? x : y)));\n"
            "  int *r = c ? x : y;\n  return r;\n}\n"
            "__global__ void k(int *a, int *b) {\n  int *p = pick(a, b, threadIdx.x % 2);\n"
            "  p[blockIdx.x * blockDim.x + threadIdx.x] = 1;\n}\n")
    shown = body(text)
    assert "int pick$value$tag = r$tag;" in shown and "p$tag = pick$value$tag;" in shown
    # The helper's `__ensures` holds (the kernel has no contract: only permissions and bounds fail).
    checked = service.check_text(text, "k.cu", service.Options(timeout=10.0))
    assert {d.code.split(".")[0] for d in checked.diagnostics if d.severity is D.Severity.ERROR} == {"perm", "bounds"}
    assert service.races_text(text, "k.cu", service.Options(timeout=10.0)).verdict.value == "race-free"


def test_a_race_is_reported_on_the_array_written_and_none_on_the_other():
    text = ("__kernel void k(__global int *out) {\n  __local int a[64];\n  __local int b[64];\n"
            "  __local int *p = get_local_id(0) == 0 ? a : b;\n  p[0] = 1;\n}\n")
    result = service.races_text(text, "k.cl", service.Options(timeout=10.0))
    assert result.verdict.value == "racy"
    assert {d.message.split(":")[0] for d in result.diagnostics} == {"write-write race on b[0]"}


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


def races_errors(text: str, path: str = "k.cu") -> set[str]:
    result = service.races_text(text, path, service.Options(jobs=1))
    assert result.verdict.value in ("racy", "race-free"), result.diagnostics
    return {d.code for d in result.diagnostics if d.severity is D.Severity.ERROR}


# Thread 0's index wraps around: 2^32 - 1 (or 2^64 - 1 for a size_t) is a multiple of 3,
# so threads 0 and 1 both write a[0]. On mathematical integers thread 0 would write a[2].
WRAPPING = ["(threadIdx.x - 1u) % 3", "(threadIdx.x + (0u - 1)) % 3", "(threadIdx.x + -1u) % 3",
            "(threadIdx.x + (unsigned) d) % 3"]
# Their twins: no wrap-around, or none that reaches a thread's index.
NOT_WRAPPING = ["(threadIdx.x + 1u) % 3", "(threadIdx.x + 2u) % 3",
                "threadIdx.x > 0 ? (threadIdx.x - 1u) % 3 : 2"]


@pytest.mark.parametrize("size", [1, 2])
@pytest.mark.parametrize("index", WRAPPING + NOT_WRAPPING)
def test_unsigned_wrap_around_is_cs_under_races(index, size):
    text = (f"//--blockDim={size} --gridDim=1\n__global__ void k(int *a) {{\n  int d = -1;\n"
            f"  a[{index}] = 1;\n}}\n")
    assert races_errors(text) == ({"race.data"} if size == 2 and index in WRAPPING else set())


@pytest.mark.parametrize("size", [1, 2])
@pytest.mark.parametrize(("index", "racy"), [("(get_global_id(0) - 1) % 3", True),
                                             ("(get_global_id(0) + 1) % 3", False)])
def test_a_size_t_wraps_around_in_64_bits(index, racy, size):
    # 2^64 - 1 is a multiple of 3: thread 0 writes a[0], as thread 1 does.
    text = f"//--local_size={size} --num_groups=1\n__kernel void k(__global int *a) {{\n  a[{index}] = 1;\n}}\n"
    assert races_errors(text, "k.cl") == ({"race.data"} if size == 2 and racy else set())
    assert "% 18446744073709551616" in body(text, "k.cl") if racy else "%" not in body(text, "k.cl").replace("% 3", "")


@pytest.mark.parametrize(("index", "racy"), [("(threadIdx.x - 1u) % 3", True), ("(threadIdx.x + 1u) % 3", False)])
def test_unsigned_wrap_around_is_cs_under_run(tmp_path, index, racy):
    path = tmp_path / "k.cu"
    path.write_text(f"//--blockDim=2 --gridDim=1\n__global__ void k(int *a) {{\n  a[{index}] = 1;\n}}\n")
    result = service.run_file(str(path), RunOptions())
    assert ("race.data" in {d.code for d in result.diagnostics}) == racy


@pytest.mark.parametrize(("expected", "verified"), [("0", True), ("(tid == 0 ? 2 : 0)", False)])
def test_unsigned_wrap_around_is_cs_under_check(expected, verified):
    # Thread 0 stores (2^32 - 1) % 3 == 0, not (-1) % 3 == 2.
    text = ("/*@\n  context_everywhere ngroups == 1 && gsize <= 2 && \\length(a) == gsize;\n"
            "  requires Perm(a[tid], write);\n"
            f"  ensures  Perm(a[tid], write) ** a[tid] == {expected};\n@*/\n"
            "__global__ void k(int *a) {\n  a[threadIdx.x] = (threadIdx.x - 1u) % 3;\n}\n")
    result = service.check_text(text, "k.cu", service.Options(jobs=1))
    assert result.verdict.value == ("verified" if verified else "failed"), result.diagnostics
    assert "arith.overflow" not in {d.code for d in result.diagnostics}


def test_a_negative_value_converted_to_unsigned_wraps_around():
    text = "__global__ void k(int *a, int d) {\n  a[0] = (unsigned) d % 3;\n  a[1] = (unsigned) -5 % 3;\n}\n"
    # -5 as an unsigned is 4294967291, whose remainder by 3 is 2 (clang's constant).
    assert body(text) == "{\na[0] = d % 4294967296 % 3;\na[1] = 2;\n}"


@pytest.mark.parametrize(("target", "printed"), [("int", "threadIdx.x - 1"), ("long", "(threadIdx.x - 1) % 4294967296")])
def test_a_wrapped_value_converted_to_a_signed_type(target, printed):
    # Back to an int of the same width, thread 0 gets -1 (gcc and clang): the value before
    # the wrap, which fits; widened to a long it stays 4294967295.
    text = f"__global__ void k(int *a) {{\n  {target} q = threadIdx.x - 1u;\n  a[0] = q == -1;\n}}\n"
    assert f"int q = {printed};" in body(text)     # the language has one integer type
    assert not [f for f in A.walk(kernel(text)) if isinstance(f, A.Fits)]


@pytest.mark.parametrize("path", ["k.cu", "k.cl"])
def test_the_global_id_needs_no_wrap_around_under_the_launch_assumption(path):
    index = "blockIdx.x * blockDim.x + threadIdx.x" if path == "k.cu" else "get_group_id(0) * get_local_size(0) + get_local_id(0)"
    head = "__global__ void k(int *a, int *b)" if path == "k.cu" else "__kernel void k(__global int *a, __global int *b)"
    text = f"{head} {{\n  int i = {index};\n  unsigned j = {index};\n  a[i] = b[j];\n}}\n"
    # Fits an int and its own type: neither a check nor a wrap-around.
    assert not [f for f in A.walk(kernel(text, path)) if isinstance(f, A.Fits)]
    assert "%" not in body(text, path)


def test_without_the_launch_assumption_the_global_id_wraps_around():
    # 2^22 + 1 blocks of 1024 threads: more than 2^32 threads, so the sizes are the launch.
    text = "__global__ void k(int *a) {\n  a[blockIdx.x * blockDim.x + threadIdx.x] = 0;\n}\n"
    [k] = mapped(text, launch=Launch(local=(1024,), groups=(2**22 + 1,))).program.kernels
    [main] = [m for m in k.members if isinstance(m, A.Procedure)]
    assert "% 4294967296" in printer.format_stmt(main.body)
    assert not [fact for fact in k.contexts if "2147483647" in printer._member_lines(fact, 0)[0]]


def test_class_4_a_cast_to_bytes_is_refused_at_the_cast():
    text = (CLASSES / "04-char-cast-racy.cu").read_text()
    assert refused(text) == [("unsupported.pointer", 11, 21)]


# ---- refusals at the construct ----

@pytest.mark.parametrize("text, path, expected", [
    ("__kernel void k(__global int *a, uint f) {\n  barrier(f);\n}\n", "k.cl", ("unsupported.statement", 2, 11)),
    ("__global__ void k(int *a, int i) {\n  a[i] = i++;\n}\n", "k.cu", ("unsupported.side-effect", 2, 3)),
    ("__global__ void k(int *a) {\n  __requires(atomicAdd(a, 1) == 0);\n}\n", "k.cu", ("unsupported.atomic", 2, 14)),
    ("#define ID(x) (x)\n__global__ void k(int *a) {\n  a[ID(threadIdx.x)] = (int)(long) a;\n}\n", "k.cu",
     ("unsupported.pointer", 3, 29)),
    ("union P { int x; float y; };\n__global__ void k(P *a) {\n  a[0].x = 1;\n}\n", "k.cu", ("unsupported.type", 2, 19)),
])
def test_refusals_are_located(text, path, expected):
    assert expected in refused(text, path)


# ---- a for loop's counter in its body and update (clang_statements._counter_in_loop) ----

def loop(header: str, inside: str = "") -> str:
    return (f"//--blockDim=2 --gridDim=1\n__global__ void k(int *a) {{\n  for ({header}) {{\n"
            f"    {inside}a[(i + threadIdx.x * 256u) % 4096u] = 1;\n  }}\n}}\n")


def test_a_counter_the_body_only_reads_needs_no_wrap_around():
    shown = body(loop("unsigned i = 0; i < 256; i++"))
    assert "% 4294967296" not in shown and "i = i + 1" in shown
    assert races_errors(loop("unsigned i = 0; i < 256; i++")) == set()


@pytest.mark.parametrize("inside", ["i = i + 0u; ", "i += 0u; ", "i++; i--; ", "unsigned *p = &i; "])
def test_a_counter_the_body_may_write_keeps_cs_wrap_around(inside):
    # The body may move the counter past the condition, so its range is its type's.
    assert "% 4294967296" in body(loop("unsigned i = 0; i < 256; i++", inside))


@pytest.mark.parametrize(("header", "racy"), [
    # From 1 down: i is 1 only (then 0 stops it); `i--` may wrap and is written so.
    ("unsigned i = 1; i >= 1u; i--", False),
    # 512 steps up to 2^32 - 1, where `i++` wraps to 0 and stops the loop: thread 1's
    # cells (i + 256, wrapped) meet thread 0's 3840..4095.
    ("unsigned i = 4294966784u; i > 255u; i++", True),
    ("unsigned i = 0; i < 256; i++", False),
])
def test_the_counters_range_keeps_cs_verdict(header, racy):
    assert races_errors(loop(header)) == ({"race.data"} if racy else set())


@pytest.mark.parametrize("hint", ["#pragma unroll", "#pragma unroll 4", "#pragma nounroll",
                                  "#pragma clang loop unroll(full)"])
def test_a_loop_hint_is_the_loop_it_hints(hint):
    plain = body("__global__ void k(int *a) {\n  for (int i = 0; i < 2; i++) a[threadIdx.x] = i;\n}")
    hinted = body(f"__global__ void k(int *a) {{\n  {hint}\n  for (int i = 0; i < 2; i++) a[threadIdx.x] = i;\n}}")
    assert hinted == plain


def test_a_statement_attribute_that_is_not_a_loop_hint_stays_refused():
    # [[likely]] is clang's attributed statement too, but not one we have read the meaning of.
    assert refused("__global__ void k(int *a) {\n  [[likely]] a[threadIdx.x] = 1;\n}") == [
        ("unsupported.statement", 2, 3)]


@pytest.mark.parametrize("declared, reduced", [("signed char", "(n + 128) % 256 - 128"),
                                               ("short", "(n + 32768) % 65536 - 32768")])
def test_a_narrowing_conversion_to_a_signed_type_is_reduced_as_clang_defines(declared, reduced):
    # A value the type cannot hold: clang (and gcc) reduce it modulo 2^N into the type's
    # range (implementation-defined in C); the language's % is Euclidean.  No check.
    text = f"__global__ void k(int *a, int n) {{\n  {declared} j = n;\n  {declared} c = 300;\n  a[j] = c;\n}}\n"
    printed = body(text)
    assert f"j = {reduced};" in printed
    assert ("c = 44;" if declared == "signed char" else "c = 300;") in printed
    assert not [f for f in A.walk(kernel(text)) if isinstance(f, A.Fits)]


@pytest.mark.parametrize("setting, start, verdict", [
    ("", "K = 0", "race-free"),
    ("  if (get_local_id(0) == 0) K = 1; else K = 0;\n", "", "racy")])
def test_a_loop_counter_declared_before_its_loop_is_uniform_once_set(setting, start, verdict):
    # C89 style (`int K; ... for (K = 0; ...)`): the declaration's missing value is never
    # read, so the barrier in the loop is reached by every thread; its twin starts K at 1
    # in thread 0 and at 0 in the others, so thread 0 runs one iteration less and the
    # barrier diverges.
    text = ("__kernel void k(__global float *A, __local float *W, const int N) {\n  int K;\n" + setting
            + f"  for ({start}; K < N; K++) {{\n    W[get_local_id(0)] = A[K];\n    barrier(CLK_LOCAL_MEM_FENCE);\n"
            "  }\n}\n")
    result = service.races_text(text, "k.cl", service.Options(jobs=1))
    assert result.verdict.value == verdict
    assert ("divergence.barrier" in {d.code for d in result.diagnostics}) == (verdict == "racy")
