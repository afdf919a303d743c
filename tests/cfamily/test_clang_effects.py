"""Side effects inside C expressions (cfamily/clang_effects.py) and shifts by an amount
that is not a constant (cfamily/clang_shifts.py): each rule mapped as C sequences and
computes it, beside the kernel that would break it (a racy kernel and its race-free
twin, or an assertion that holds and one that does not)."""
from __future__ import annotations

import pytest

from tests.cfamily.test_clang_map import body, refused
from vercors_py import diagnostics as D
from vercors_py import service
from vercors_py.run.model import RunOptions

OPTIONS = service.Options(jobs=1)


def races(text: str, path: str = "k.cu") -> str:
    return service.races_text(text, path, OPTIONS).verdict.value


def check_codes(text: str, path: str = "k.cu") -> set[str]:
    result = service.check_text(text, path, OPTIONS)
    return {d.code for d in result.diagnostics if d.severity is D.Severity.ERROR}


def asserting(statements: str, path: str = "k.cu") -> str:
    head = "__global__ void k(int *a)" if path == "k.cu" else "__kernel void k(__global int *a)"
    return f"{head} {{\n{statements}\n}}\n"


# ---- effects: the mapping ----

def test_a_post_increment_index_reads_the_old_value_then_moves():
    shown = body("__global__ void k(int *a) {\n  int i = threadIdx.x;\n  a[i++] = 1;\n  a[i] = 2;\n}\n")
    assert "int value$1 = i;\ni = i + 1;\na[value$1] = 1;\na[i] = 2;" in shown
    cell = body("__global__ void k(int *a) {\n  int x = a[0]++;\n}\n")
    assert "int value$1 = a[0];\na[0] = value$1 + 1;\nint x = value$1;" in cell     # one read


def test_a_chained_assignment_has_the_left_sides_type():
    # `c = 300` is 44 in a signed char (clang's value), and that is what x gets.
    shown = body("__global__ void k(int *a) {\n  signed char c;\n  int x = (c = 300);\n  x = c = 0;\n"
                 "  a[0] = x;\n}\n")
    assert "c = 44;\nint x = 44;" in shown
    assert "c = 0;\nx = 0;" in shown


def test_the_comma_operator_runs_its_left_operand_first():
    shown = body("__global__ void k(int *a) {\n  int x, y;\n  x = 5, y = 4;\n  a[0] = (x++, 2);\n}\n")
    assert "x = 5;\ny = 4;\nx = x + 1;\na[0] = 2;" in shown


# A discarded operand's reads are reads: C loads every lvalue it discards, C++ none.
_DISCARDED = "{head} {{\n  int i = {lid};\n  for (int j = 1; {operand}, j < n; j++) {{ }}\n  x[i] = i;\n}}\n"
_HEADS = {"k.cu": ("__global__ void k(int *x, int n)", "threadIdx.x"),
          "k.cl": ("__kernel void k(__global int *x, int n)", "get_local_id(0)")}


@pytest.mark.parametrize(("path", "operand", "verdict"), [
    ("k.cu", "x[0] + 1", "racy"),         # the sum needs x[0]: thread 0 writes it, others read it
    ("k.cu", "x[0]", "race-free"),        # C++ does not read a discarded lvalue
    ("k.cl", "x[0]", "racy"),             # C does
    ("k.cl", "x[0] + 1", "racy"),
    ("k.cu", "n + 1", "race-free"),       # reads no memory
])
def test_a_discarded_operand_reads_what_the_compiler_loads(path, operand, verdict):
    head, lid = _HEADS[path]
    text = _DISCARDED.format(head=head, lid=lid, operand=operand)
    assert service.races_text(text, path, OPTIONS, intra_group=True).verdict.value == verdict


@pytest.mark.parametrize(("path", "operand", "verdict"), [
    ("k.cu", "x[0] + 1", "racy"), ("k.cl", "x[0]", "racy"), ("k.cu", "n + 1", "race-free")])
def test_a_comma_clang_folds_to_a_constant_still_reads(path, operand, verdict):
    # Clang's evaluator gives `(x[0] + 1, 2)` the value 2; the read of x[0] happens all the same.
    head, lid = _HEADS[path]
    text = f"{head} {{\n  int i = {lid};\n  int v = ({operand}, 2);\n  x[i] = v + i;\n}}\n"
    assert service.races_text(text, path, OPTIONS, intra_group=True).verdict.value == verdict


def test_a_discarded_cpp_place_whose_index_reads_memory_is_refused():
    text = _DISCARDED.format(head="__global__ void k(int *x, int *y, int n)", lid="threadIdx.x", operand="x[y[0]]")
    assert refused(text) == [("unsupported.statement", 3, 19)]


def test_an_effect_on_the_right_of_and_runs_only_when_the_left_holds():
    shown = body("__global__ void k(int *a, int n) {\n  int x = 0;\n  if (n > 0 && (x = a[0]) > 2) a[1] = x;\n}\n")
    assert "bool value$1 = n > 0;\nif (value$1) {\nint value$2 = a[0];\nx = value$2;" in shown


def test_a_loop_condition_runs_its_effects_each_time():
    shown = body("__global__ void k(int *a) {\n  int x = 0;\n  while ((x = a[x]) > 0) { a[1] = x; }\n}\n")
    assert "while (true) {\nint value$1 = a[x];\nx = value$1;\nif (!(value$1 > 0))\nbreak;" in shown


def test_a_macro_that_expands_to_an_increment():
    text = "#define NEXT(i) (i++)\n__global__ void k(int *a) {\n  int i = threadIdx.x;\n  a[NEXT(i)] = 1;\n}\n"
    assert "a[value$1] = 1;" in body(text)


@pytest.mark.parametrize(("statement", "column"), [
    ("a[i] = i++;", 3), ("x = i++ + i;", 7), ("x = x++;", 3), ("a[i] = a[n]++;", 3),
    ("x = (x = 1) + (n = 2);", 3), ("x = (n > 0 && i++) + i;", 7), ("x = ++i * i--;", 7),
])
def test_unsequenced_effects_on_one_object_are_refused(statement, column):
    text = f"__global__ void k(int *a, int n) {{\n  int i = threadIdx.x, x = 0;\n  {statement}\n}}\n"
    assert refused(text) == [("unsupported.side-effect", 3, column)]


@pytest.mark.parametrize("statement", ["a[i] = b[n]++;", "x = (i++, i) + 1;", "a[i++] = b[i2++];", "x = y = 0;"])
def test_effects_on_distinct_objects_or_in_sequence_are_mapped(statement):
    text = f"__global__ void k(int *a, int *b, int n) {{\n  int i = 0, i2 = 0, x = 0, y;\n  {statement}\n}}\n"
    assert refused(text) == []


# ---- effects: C's values, in `check` ----

@pytest.mark.parametrize(("statements", "holds"), [
    ("int i = 0;\n  if (0 && i++) { }\n  __assert(i == 0);", True),
    ("int i = 0;\n  if (1 && i++) { }\n  __assert(i == 0);", False),
    ("int i = 0;\n  if (1 || i++) { }\n  __assert(i == 0);", True),
    ("int i = 5;\n  int j = i++;\n  int k = ++i;\n  __assert(j == 5 && k == 7 && i == 7);", True),
    ("int i = 5;\n  int j = i++;\n  __assert(j == 6);", False),
    ("int x = 2;\n  int y = x ? (x += 3) : x--;\n  __assert(x == 5 && y == 5);", True),
    ("int x = 0;\n  int y = x ? (x += 3) : x--;\n  __assert(x == -1 && y == 0);", True),
    ("unsigned char c;\n  int x = (c = 511) + 1;\n  __assert(x == 256);", True),
])
def test_effects_have_cs_values(statements, holds):
    assert ("assert.failed" not in check_codes(asserting("  " + statements))) == holds


@pytest.mark.parametrize(("loop", "holds"), [
    ("while (i++ < 3) n += 1;\n  __assert(n == 3 && i == 4);", True),
    ("while (i++ < 3) n += 1;\n  __assert(i == 3);", False),
    ("do { n++; } while (++i < 3);\n  __assert(n == 3 && i == 3);", True),
    ("for (; (n = 2 * i) < 6; i++) { if (n == 2) continue; }\n  __assert(n == 6 && i == 3);", True),
])
def test_loop_conditions_run_their_effects_each_time(tmp_path, loop, holds):
    path = tmp_path / "k.cu"
    path.write_text("//--blockDim=2 --gridDim=1\n" + asserting(f"  int i = 0, n = 0;\n  {loop}"))
    result = service.run_file(str(path), RunOptions())
    assert ("assert.failed" not in {d.code for d in result.diagnostics}) == holds, result.diagnostics


# ---- effects: twins under `races` and `run` ----

@pytest.mark.parametrize(("start", "racy"), [("threadIdx.x", True), ("2 * threadIdx.x", False)])
def test_a_post_increment_index(tmp_path, start, racy):
    twice = (f"//--blockDim=4 --gridDim=1\n__global__ void k(int *a) {{\n  int i = {start};\n"
             "  a[i++] = 0;\n  a[i++] = 1;\n}\n")
    assert races(twice) == ("racy" if racy else "race-free")
    looped = twice.replace("  a[i++] = 0;\n  a[i++] = 1;\n",
                           "  __shared__ int t[16];\n  for (int r = 0; r < 2; r++) t[i++] = r;\n")
    path = tmp_path / "k.cu"
    path.write_text(looped)
    found = {d.code for d in service.run_file(str(path), RunOptions()).diagnostics}
    assert ("race.data" in found) == racy, found
    if racy:
        assert races(looped) == "racy"


@pytest.mark.parametrize(("left", "verdict"), [("threadIdx.x % 2 == 0", "racy"), ("threadIdx.x > 8", "race-free")])
def test_an_effect_right_of_and_in_a_local_array(left, verdict):
    text = (f"//--blockDim=4 --gridDim=2\n__global__ void k(int *out) {{\n  __shared__ int t[16];\n"
            f"  int j = 0;\n  if ({left} && (j = 1)) {{ }}\n  t[2 * threadIdx.x + 2 * j] = 1;\n"
            "  __syncthreads();\n  out[blockIdx.x * blockDim.x + threadIdx.x] = t[threadIdx.x];\n}\n")
    assert races(text) == verdict


# ---- shifts by an amount that is not a constant ----

@pytest.mark.parametrize(("amount", "defined"), [("0", True), ("31", True), ("32", False), ("-1", False)])
def test_a_cuda_shift_amount_outside_the_width_is_undefined(amount, defined):
    text = (f"__global__ void k(unsigned *a, int s) {{\n  __requires(s == {amount});\n"
            "  a[threadIdx.x] = 1u << s;\n}\n")
    codes = check_codes(text)
    assert ("arith.shift" not in codes) == defined, codes


@pytest.mark.parametrize(("amount", "power"), [("0", 1), ("31", 2**31), ("32", 1), ("33", 2), ("-1", 2**31)])
def test_an_opencl_shift_amount_is_taken_modulo_the_width(amount, power):
    text = asserting(f"  unsigned s = {amount};\n  unsigned x = 1u << s;\n  __assert(x == {power}u);", "k.cl")
    assert check_codes(text, "k.cl") == set()


def test_a_constant_shift_out_of_range_is_reported_where_it_is_reached():
    assert "arith.shift" in check_codes("__global__ void k(int *a, int x) {\n  a[0] = x << 40;\n}\n")
    # Clang folds `1 << 40` to 0; it is undefined, so it is mapped and reported.
    assert "arith.shift" in check_codes("__global__ void k(int *a, int x) {\n  int y = 0;\n"
                                        "  if (x > 100) y = (1 << 40) + 1;\n}\n")
    assert "arith.shift" not in check_codes("__global__ void k(int *a, int x) {\n  int y = 0;\n"
                                            "  if (x > 100 && x < 50) y = (1 << 40) + 1;\n}\n")


@pytest.mark.parametrize(("statements", "holds"), [
    ("unsigned k = 31;\n  unsigned x = (1u << k) << 1;\n  __assert(x == 0);", True),
    ("unsigned k = 31;\n  unsigned x = (1u << k) << 1;\n  __assert(x != 0);", False),
    ("int k = 3;\n  int x = -20 >> k;\n  __assert(x == -3);", True),
    ("int k = 3;\n  int x = -20 >> k;\n  __assert(x == -2);", False),
    ("int k = 2;\n  int y = 2;\n  y <<= k;\n  __assert(y == 8);", True),
])
def test_shifts_have_cs_values(statements, holds):
    assert ("assert.failed" not in check_codes(asserting("  " + statements))) == holds


def test_a_signed_shift_that_overflows_is_reported():
    text = "__global__ void k(int *a, int k) {\n  __requires(k == 31);\n  a[0] = 1 << k;\n}\n"
    assert "arith.overflow" in check_codes(text)


@pytest.mark.parametrize(("path", "index", "verdict"), [
    ("k.cu", "threadIdx.x >> s", "racy"), ("k.cu", "threadIdx.x << s", "race-free"),
    ("k.cl", "get_local_id(0) >> s", "racy"), ("k.cl", "get_local_id(0) << s", "race-free"),
])
def test_variable_shift_twins(path, index, verdict):
    head = ("__global__ void k(int *a, int n)" if path == "k.cu"
            else "__kernel void k(__global int *a, int n)")
    header = "//--blockDim=4 --gridDim=1" if path == "k.cu" else "//--local_size=4 --num_groups=1"
    # In OpenCL C an amount of 33 is 1; in CUDA it is the parameter's value, 1.
    amount = "1" if path == "k.cu" else "33"
    text = f"{header}\n{head} {{\n  __requires(n == {amount});\n  int s = n;\n  a[{index}] = 1;\n}}\n"
    assert races(text, path) == verdict


def test_an_undefined_shift_is_no_particular_value_for_races():
    # s = 32 in CUDA: the index is unknown, so two threads may meet.
    text = ("//--blockDim=4 --gridDim=1\n__global__ void k(int *a, int n) {\n  __requires(n == 32);\n"
            "  a[threadIdx.x << n] = 1;\n}\n")
    assert races(text) == "racy"


def test_a_field_is_part_of_its_struct():
    text = "struct P { int x; int y; };\n__global__ void k(int *a) {\n  P p; p.x = 0; p.y = 1;\n  {}\n}\n"
    shown = body(text.replace("{}", "int z = p.x++;\n  a[p.y++] = z;"))
    assert "int value$1 = p$x;\np$x = p$x + 1;\nint z = value$1;" in shown
    # Another field of the same struct is refused with it: the struct is one object.
    assert refused(text.replace("{}", "int z = p.x++ + p.y;")) == [("unsupported.side-effect", 4, 11)]


@pytest.mark.parametrize(("statement", "refusals"), [
    ("q[threadIdx.x] = b[threadIdx.x]++;", []),
    ("p[threadIdx.x] = b[threadIdx.x]++;", [("unsupported.side-effect", 4, 3)]),
    ("p[threadIdx.x] = p[0]++;", [("unsupported.side-effect", 4, 3)]),
])
def test_a_pointer_that_may_point_into_several_arrays_may_be_any_of_them(statement, refusals):
    # p is a or b (clang_pointers.py): an effect on b conflicts with a write through p;
    # q is only ever a, which b is not.
    text = ("__global__ void k(int *a, int *b, int c) {\n  int *p = c ? a : b;\n  int *q = a + 1;\n"
            f"  {statement}\n}}\n")
    assert refused(text) == refusals


# ---- a helper whose one `return` has an effect ----

HELPER = """__device__ int bump(int *p) {{ return {effect}; }}
/*@
  context_everywhere ngroups == 1;
  context_everywhere \\length(a) == gsize && \\length(out) == gsize;
  requires Perm(a[tid], write) ** Perm(out[tid], write) ** a[tid] == 5;
  ensures  Perm(a[tid], write) ** Perm(out[tid], write) ** out[tid] == {out} ** a[tid] == 6;
@*/
__global__ void k(int *a, int *out) {{
  {statement}
}}
"""


@pytest.mark.parametrize("effect", ["(*p)++", "atomicAdd(p, 1)"])
def test_an_effect_in_a_helper_inside_a_larger_expression_is_refused(effect):
    # C evaluates `a[i]` before or after the call: 10 or 11 in out[i], not one of them.
    text = HELPER.format(effect=effect, out=11, statement="out[threadIdx.x] = a[threadIdx.x] + bump(&a[threadIdx.x]);")
    assert refused(text) == [("unsupported.side-effect", 9, 39)]


@pytest.mark.parametrize("effect", ["(*p)++", "atomicAdd(p, 1)"])
@pytest.mark.parametrize(("statement", "out", "verified"), [
    ("int v = bump(&a[threadIdx.x]);\n  out[threadIdx.x] = v;", 5, True),
    ("out[threadIdx.x] = bump(&a[threadIdx.x]);", 5, True),
    ("out[threadIdx.x] = bump(&a[threadIdx.x]);", 6, False),
])
def test_the_helper_as_the_whole_value_has_cs_meaning(effect, statement, out, verified):
    codes = check_codes(HELPER.format(effect=effect, out=out, statement=statement))
    assert (codes == set()) is verified, codes
