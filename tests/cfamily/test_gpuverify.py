"""GPUVerify's annotation built-ins (cfamily/clang_gpuverify.py): each row of the table
does what it says.  A built-in without counterpart is left out with a warning where the
annotation only helps a proof (invariants, assumptions, the kernel's preconditions,
barrier invariants) and refused at its place where the annotation is checked; the exact
ones are mapped; the warning reaches the user of `check` and `races` and changes no
verdict."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest
from clang.cindex import CursorKind as K

from vercors_py import diagnostics as D
from vercors_py import service
from vercors_py.cfamily import clang_gpuverify as G
from vercors_py.cfamily import clang_parse
from tests.cfamily.test_clang_map import body, mapped


def _codes(text: str, path: str = "k.cl") -> list[tuple[str, str, int, int]]:
    return [(d.code, d.severity.value, d.span.start_line, d.span.start_col) for d in mapped(text, path).diagnostics]


def _header_functions(path: str) -> set[str]:
    unit = clang_parse.parse("", path)
    return {c.spelling for c in unit.tu.cursor.get_children()
            if c.kind is K.FUNCTION_DECL and c.location.file and c.location.file.name.endswith("gpuverify.h")}


@pytest.mark.parametrize("path", ["k.cu", "k.cl"])
def test_every_function_of_the_header_has_a_row(path):
    names = _header_functions(path)
    assert "__write" in names and "__barrier_invariant_3" in names and "__add_noovfl_unsigned_int" in names
    assert [n for n in names if G.row(n) is None] == []


# ---- left out where it helps, refused where it is checked ----

LOOP = ("__kernel void k(__global int *a) {{\n"
        "  for (int i = 0; {annotation}, i < 4; i++) {{\n"
        "    a[get_global_id(0)] = i;\n"
        "  }}\n"
        "}}\n")
UNSTATED = [name for name, row in G.TABLE.items() if row.becomes in (G.Becomes.UNSTATED, G.Becomes.ENTRY)]
LOGGED = {"__read": "__read(a)", "__write": "__write(a)", "__no_read": "__no_read(a)", "__no_write": "__no_write(a)",
          "__read_implies": "__read_implies(a, i > 0)", "__write_implies": "__write_implies(a, i > 0)",
          "__read_offset_bytes": "__read_offset_bytes(a) == 0",
          "__write_offset_bytes": "__write_offset_bytes(a) == 0"}
CALLS = {"__read_offset": "__read_offset(a) == 0", "__write_offset": "__write_offset(a) == 0",
         "__ptr_base": "__ptr_base(a) == 0",
         "__atomic_has_taken_value": "__atomic_has_taken_value(a, 0, 1u)",
         "__other_int": "__other_int(i) == i", "__other_bool": "__other_bool(i > 0)",
         "__uniform_int": "__uniform_int(i)", "__uniform_bool": "__uniform_bool(i > 0)",
         "__distinct_int": "__distinct_int(i)", "__distinct_bool": "__distinct_bool(i > 0)",
         "__all": "__all(i > 0)", "__exclusive": "__exclusive(i > 0)", "__same_group": "__same_group",
         "__dominator_enabled": "__dominator_enabled()", "__old_int": "__old_int(i) == i",
         "__old_bool": "__old_bool(i > 0)"}
# Statement built-ins, which no expression calls.
STATEMENTS = {"__barrier_invariant", "__barrier_invariant_binary", "__array_snapshot"}


def test_every_unstated_and_logged_row_is_tried():
    assert set(UNSTATED) == set(CALLS) | STATEMENTS
    assert {name for name, row in G.TABLE.items() if row.becomes is G.Becomes.LOGGED} == set(LOGGED)


@pytest.mark.parametrize("name", sorted(CALLS | LOGGED))
def test_an_invariant_with_an_unstated_builtin_is_left_out_with_a_warning(name):
    text = LOOP.format(annotation=f"__invariant({(CALLS | LOGGED)[name]}), __invariant(i >= 0)")
    assert _codes(text) == [("annotation.ignored", "warning", 2, 19)]
    # The other invariant stays.
    assert "loop_invariant i >= 0;" in body(text, "k.cl")
    assert name in mapped(text, "k.cl").diagnostics[0].message


@pytest.mark.parametrize("name", sorted(CALLS))
def test_an_assertion_with_an_unstated_builtin_is_refused_at_the_builtin(name):
    text = LOOP.format(annotation="__invariant(i >= 0)").replace(
        "    a[get_global_id(0)] = i;\n", f"    a[get_global_id(0)] = i;\n    __assert(i > 0 || {CALLS[name]});\n")
    [(code, severity, line, col)] = _codes(text)
    assert (code, severity, line, col) == ("unsupported.function", "error", 4, 23)


@pytest.mark.parametrize("name", sorted(LOGGED))
def test_an_assertion_about_the_access_log_is_mapped_on_ghost_state(name):
    text = LOOP.format(annotation="__invariant(i >= 0)").replace(
        "    a[get_global_id(0)] = i;\n", f"    a[get_global_id(0)] = i;\n    __assert(i > 0 || {LOGGED[name]});\n")
    assert _codes(text) == []
    kind = "read" if "read" in name else "write"
    assert f"a$log_{kind}" in body(text, "k.cl")


@pytest.mark.parametrize("clause, helps", [
    ("__requires", True), ("__global_requires", True), ("__ensures", False), ("__global_ensures", False)])
def test_a_kernel_contract_leaves_out_its_preconditions_and_refuses_its_postconditions(clause, helps):
    text = f"__kernel void k(__global int *a, int n) {{\n  {clause}(__no_read(a));\n  {clause}(n > 0);\n  a[0] = n;\n}}\n"
    if helps:
        assert _codes(text) == [("annotation.ignored", "warning", 2, 3)]
        [main] = [m for m in mapped(text, "k.cl").program.kernels[0].members if hasattr(m, "contract")]
        assert len(main.contract) == 1          # `n > 0` stays
    else:
        # At the built-in, just inside the clause.
        assert _codes(text) == [("unsupported.function", "error", 2, 3 + len(clause) + 1)]


@pytest.mark.parametrize("statement, helps", [("__assume", True), ("__assert", False)])
def test_assumptions_are_left_out_and_assertions_refused(statement, helps):
    text = f"__kernel void k(__global int *a) {{\n  a[0] = 1;\n  {statement}(__other_int(a[0]) == 1);\n}}\n"
    assert _codes(text) == ([("annotation.ignored", "warning", 3, 3)] if helps
                            else [("unsupported.function", "error", 3, 3 + len(statement) + 1)])


def test_a_function_wide_invariant_is_left_out_and_an_inlined_helpers_contract_refused():
    wide = ("__kernel void k(__global int *a) {\n"
            "  __function_wide_invariant(__write_implies(a, __write_offset_bytes(a) == 0));\n"
            "  for (int i = 0; i < 4; i++) { a[get_global_id(0)] = i; }\n}\n")
    assert _codes(wide) == [("annotation.ignored", "warning", 2, 3)]
    for clause in ("__requires", "__ensures"):
        helper = (f"void h(__global int *p, int n) {{\n  {clause}(__uniform_int(n));\n  p[0] = 1;\n}}\n"
                  "__kernel void k(__global int *a) {\n  h(a, 1);\n}\n")
        assert _codes(helper) == [("unsupported.function", "error", 2, 3 + len(clause) + 1)]


def test_barrier_invariants_and_snapshots_are_left_out_and_read_permission_reads():
    text = ("__kernel void k(__global int *a) {\n"
            "  __local int t[64];\n  __local int g[64];\n"
            "  t[get_local_id(0)] = 1;\n"
            "  __array_snapshot(g, t);\n"
            "  __read_permission(int, g[get_local_id(0)]);\n"
            "  __barrier_invariant_1(t[get_local_id(0)] == 1, get_local_id(0));\n"
            "  __barrier_invariant_binary_1(__other_int(t[0]) == t[0], get_local_id(0), 0);\n"
            "  barrier(CLK_LOCAL_MEM_FENCE);\n"
            "}\n")
    assert _codes(text) == [("annotation.ignored", "warning", line, 3) for line in (5, 7, 8)]
    assert "int __read_permission_value = g[get_local_id(0)];" in body(text, "k.cl")


def test_candidates_are_left_out_without_a_word():
    text = LOOP.format(annotation="__candidate_invariant(__write(a)), __candidate_invariant(i < 0)")
    assert _codes(text) == [] and "i < 0" not in body(text, "k.cl")


# ---- exact ----

def test_the_exact_builtins():
    text = ("__kernel void k(__global int *a, unsigned x, unsigned y, unsigned char c) {\n"
            "  __requires(__add_noovfl(x, y, x));\n"
            "  __requires(__add_noovfl(c, c));\n"
            "  a[0] = __ite(x > y, 1, 2);\n"
            "  __assert(__implies(x > 0, __enabled()));\n"
            "}\n")
    assert _codes(text) == []
    [main] = [m for m in mapped(text, "k.cl").program.kernels[0].members if hasattr(m, "contract")]
    from vercors_py.syntax import printer
    shown = [printer.format_expr(c.expr) for c in main.contract if not c.implied]
    assert shown == ["x + y + x <= 4294967295", "c + c <= 255"]
    assert "a[0] = x > y ? 1 : 2;" in body(text, "k.cl")
    assert "assert x > 0 ==> true;" in body(text, "k.cl")


def test_the_no_overflow_predicate_is_gpuverifys_and_the_addition_keeps_cs_sum():
    ok = ("__kernel void k(unsigned x, unsigned y) {\n  __requires(__add_noovfl(x, y));\n"
          "  unsigned w = x + y;\n  __assert(w >= x);\n}\n")
    assert service.check_text(ok, "k.cl", service.Options(jobs=1)).verdict.value == "verified"
    wrong = ok.replace("  __requires(__add_noovfl(x, y));\n", "")
    assert service.check_text(wrong, "k.cl", service.Options(jobs=1)).verdict.value == "failed"
    # `__add_noovfl_unsigned_int(x, y)` is C's sum; GPUVerify's assumption that it does
    # not wrap is left out, so the assertion is not proved.
    added = "__kernel void k(unsigned x, unsigned y) {\n  unsigned w = __add_noovfl_unsigned_int(x, y);\n  __assert(w >= x);\n}\n"
    result = service.check_text(added, "k.cl", service.Options(jobs=1))
    assert result.verdict.value == "failed" and "annotation.ignored" in {d.code for d in result.diagnostics}


@pytest.mark.parametrize("kernel, expected", [
    ("__kernel void k(__global float *q) {\n  __requires_fresh_array(q);\n  q[get_global_id(0)] = 1;\n}\n", []),
    ("__kernel void k(__local float *q) {\n  __requires_fresh_array(q);\n  q[get_local_id(0)] = 1;\n}\n", []),
    ("__kernel void k(__global float *q) {\n  __global float *p = q + 1;\n  __requires_fresh_array(p);\n}\n",
     [("unsupported.function", "error", 3, 3)]),
    ("void s(__global int *p) {\n  __writes_to(p);\n}\n__kernel void k(__global int *a) {\n  s(a);\n}\n",
     [("unsupported.function", "error", 2, 3)]),
])
def test_a_fresh_array_is_what_a_parameter_is_and_specification_accesses_are_refused(kernel, expected):
    assert _codes(kernel) == expected


def test_invariants_before_a_loop_condition_in_any_number():
    text = LOOP.format(annotation="__invariant(i >= 0), __invariant(i <= 4), __invariant(__uniform_int(i))")
    shown = body(text, "k.cl")
    assert "loop_invariant i >= 0;" in shown and "loop_invariant i <= 4;" in shown
    assert _codes(text) == [("annotation.ignored", "warning", 2, 61)]


# ---- the warning reaches the user and changes no verdict ----

RACE_FREE = ("__kernel void k(__global int *a) {\n"
             "  for (int i = 0; __invariant(__write_implies(a, __write_offset_bytes(a) == 0)), i < 4; i++) {\n"
             "    a[get_global_id(0)] = i;\n  }\n}\n")


@pytest.mark.parametrize("command, verdict", [("races", "race-free"), ("check", "verified")])
def test_races_and_check_report_the_warning_and_keep_their_verdict(command, verdict, tmp_path):
    contract = ("/*@ context_everywhere \\length(a) == tcount; requires Perm(a[tid], write);\n"
                "    ensures Perm(a[tid], write); @*/\n")
    kernel = tmp_path / "k.cl"
    kernel.write_text(contract + RACE_FREE.replace("  for", "  //@ loop_invariant Perm(a[tid], write);\n  for"))
    exe = [sys.executable, "-m", "vercors_py", command]
    shown = subprocess.run([*exe, str(kernel)], capture_output=True, text=True)
    assert shown.returncode == 0, shown.stdout
    assert "warning: `__invariant` is left out" in shown.stdout and "[annotation.ignored]" in shown.stdout
    assert f": {verdict} " in shown.stdout and ": 1 warning (" in shown.stdout
    as_json = subprocess.run([*exe, "--format", "json", str(kernel)], capture_output=True, text=True)
    assert as_json.returncode == 0
    [entry] = json.loads(as_json.stdout)["files"]
    assert entry["verdict"] == verdict
    assert [(d["code"], d["severity"]) for d in entry["diagnostics"]] == [("annotation.ignored", "warning")]


@pytest.mark.parametrize("helper, call_line", [
    ("void bar(int x) {\n  __global_requires(x == 100);\n}\n", 2),
    ("void bar(int x) {\n  __global_ensures(x == 100);\n}\n", 2),
])
def test_a_helpers_global_contract_is_refused(helper, call_line):
    # GPUVerify's global contract holds for every thread, also those that do not call the
    # helper (here the odd ones, whose z is 50): inlined, it would be checked only for
    # the threads that call it.  GPUVerify's global_requires/fail is this kernel.
    text = helper + ("__kernel void foo() {\n  int z = 50;\n  if (get_local_id(0) % 2 == 0) {\n    z = 100;\n"
                     "    bar(z);\n  }\n}\n")
    assert [(code, line) for code, _, line, _ in _codes(text)] == [("unsupported.function", call_line)]


def test_a_global_assert_is_refused_and_a_kernels_global_contract_is_read():
    assert [(code, line) for code, _, line, _ in _codes(
        "__kernel void foo() {\n  if (get_local_id(0) > 0)\n    __global_assert(get_local_id(0) > 0);\n}\n")] \
        == [("unsupported.function", 3)]
    assert _codes("__kernel void foo(int n) {\n  __global_requires(n > 0);\n  __global_ensures(n > 0);\n}\n") == []


# ---- the access log: ghost state of the body (access_log.py) ----

def _verdict(text: str, path: str = "k.cl") -> str:
    """`verified`, or `failed` if every error is an assertion's."""
    result = service.check_text(text, path, service.Options(jobs=1))
    codes = {d.code for d in result.diagnostics if d.severity is D.Severity.ERROR}
    return result.verdict.value if codes <= {"assert.failed"} else f"{result.verdict.value} {sorted(codes)}"


@pytest.mark.parametrize("helper, call, verdict", [
    # Each -ok twin beside its -wrong twin: the value at the helper's entry, not at its end.
    ("void f(int x) {\n  __requires(x >= 0 && x < 100);\n  __ensures(__old_int(x) + 1 == x);\n  x++;\n}\n",
     "f(get_global_id(0) % 4)", "verified"),
    ("void f(int x) {\n  __requires(x >= 0 && x < 100);\n  __ensures(__old_int(x) == x);\n  x++;\n}\n",
     "f(get_global_id(0) % 4)", "failed"),
    ("void g(bool b) {\n  __ensures(__old_bool(b) != b);\n  b = !b;\n}\n", "g(get_global_id(0) > 1)", "verified"),
    ("void g(bool b) {\n  __ensures(__old_bool(b) == b);\n  b = !b;\n}\n", "g(get_global_id(0) > 1)", "failed"),
    # clang converts the argument to the built-in's int: an unsigned 2^32 - 1 is -1.
    ("void h(uint u) {\n  __ensures(__old_int(u) == -1 && u == 0);\n  u = 0;\n}\n", "h(4294967295u)", "verified"),
    ("void h(uint u) {\n  __ensures(__old_int(u) == 4294967295);\n  u = 0;\n}\n", "h(4294967295u)", "failed"),
    # Of memory: the cell's value at entry, saved by an assumption (no access).
    ("void m(__global int *r) {\n  __ensures(r[get_global_id(0)] == __old_int(r[get_global_id(0)]) - 3);\n"
     "  r[get_global_id(0)] -= 3;\n}\n", "m(p)", "verified"),
    ("void m(__global int *r) {\n  __ensures(r[get_global_id(0)] == __old_int(r[get_global_id(0)]) + 3);\n"
     "  r[get_global_id(0)] -= 3;\n}\n", "m(p)", "failed"),
])
def test_old_in_a_helpers_postcondition_is_the_value_at_its_entry(helper, call, verdict):
    text = helper + CONTRACT + f"__kernel void k(__global int *p, __global int *q) {{\n  p[get_global_id(0)] = 5;\n  {call};\n}}\n"
    assert _verdict(text) == verdict


def test_old_reads_no_memory_and_is_refused_where_it_is_not_a_helpers_postcondition():
    # Were the saved read of p[0] an access, it would race with thread 0's write.
    text = ("void m(__global int *r) {\n  __ensures(__old_int(r[0]) == __old_int(r[0]));\n}\n"
            "__kernel void k(__global int *p) {\n  p[get_global_id(0)] = 1;\n  m(p);\n}\n")
    assert "assume old == p[r];" in body(text, "k.cl")
    assert service.races_text(text, "k.cl", service.Options(jobs=1)).verdict.value == "race-free"
    assert _codes("__kernel void k(int x) {\n  __assert(__old_int(x) == x);\n}\n") == [
        ("unsupported.function", "error", 2, 12)]
    assert _codes("__kernel void k(int x) {\n  __ensures(__old_int(x) == x);\n}\n") == [
        ("unsupported.function", "error", 2, 13)]


@pytest.mark.parametrize("argument, verdict", [("1 + 2", "verified"), ("4", "failed ['loop.establish']")])
def test_gpuverifys_uninterpreted_function_is_one_function_also_in_an_invariant(argument, verdict):
    text = ("bool __uninterpreted_function_p(int);\n__kernel void k() {\n"
            f"  __function_wide_invariant(__uninterpreted_function_p(3) == __uninterpreted_function_p({argument}));\n"
            "  for (int i = 0; i < 4; i++) {\n    bool x = __uninterpreted_function_p(i);\n  }\n}\n")
    assert _verdict(text) == verdict


VECTOR_HELPER = ("int4 bar(int4 v) {{\n  __ensures(__return_val_int4().y == v.y + {k});\n"
                 "  __ensures(__return_val_int4().w == v.w + 1);\n  int4 r = v + 1;\n  return r;\n}}\n"
                 "__kernel void k() {{\n  int4 b = bar((int4)(0, 1, 2, -3));\n  __assert(b.w == -2);\n}}\n")


@pytest.mark.parametrize("k, verdict", [(1, "verified"), (2, "failed")])
def test_the_vector_a_helper_returns_in_its_postcondition(k, verdict):
    assert _verdict(VECTOR_HELPER.format(k=k)) == verdict


def test_the_vector_returned_must_be_an_int4_to_be_named_so():
    text = ("float4 bar(float4 v) {\n  __ensures(__return_val_int4().x == 1);\n  return v;\n}\n"
            "__kernel void k() {\n  float4 b = bar((float4)(1.0f));\n}\n")
    assert _codes(text) == [("unsupported.function", "error", 2, 13)]


def test_a_kernel_that_asks_nothing_about_the_log_gets_no_ghost_state():
    text = "__kernel void k(__global int *a) {\n  a[get_global_id(0)] = a[0];\n  __assert(a[0] >= 0 || true);\n}\n"
    assert "$log" not in body(text, "k.cl")
    asked = text.replace("|| true", "|| __no_write(a)")
    shown = body(asked, "k.cl")
    # Only what is asked: the write log of a, no read log, no offsets.
    assert "a$log_write" in shown and "a$log_read" not in shown and "a$log_write_at" not in shown


CONTRACT = ("/*@ context_everywhere \\length(p) == tcount && \\length(q) == tcount;\n"
            "    requires Perm(p[tid], write) ** Perm(q[tid], write); @*/\n")


@pytest.mark.parametrize("test, verdict", [
    # A read in a condition is made only where the condition leads to it.
    ("int x = get_global_id(0) > 0 && q[get_global_id(0)] > 0;\n"
     "  __assert(__read_implies(q, get_global_id(0) > 0));", "verified"),
    ("int x = get_global_id(0) > 0 && q[get_global_id(0)] > 0;\n  __assert(__no_read(q));", "failed"),
    # Through a pointer into one of two arrays: the log of the array it points into.
    ("__global int *r = get_global_id(0) > 0 ? p : q;\n  r[get_global_id(0)] = 1;\n"
     "  __assert(__no_write(r) || get_global_id(0) > 0);", "failed"),
    ("__global int *r = get_global_id(0) > 0 ? p : q;\n  r[get_global_id(0)] = 1;\n"
     "  __assert(__write_implies(r, __write_offset_bytes(r) == 4 * get_global_id(0)));\n"
     "  __assert(__no_write(q) || get_global_id(0) == 0);", "verified"),
    # A loop's accesses, each of its runs.
    ("//@ loop_invariant Perm(q[tid], write);\n  for (int i = 0; i < 3; i++) { q[get_global_id(0)] = i; }\n  __assert(__no_write(q));", "failed"),
    ("//@ loop_invariant Perm(q[tid], write);\n  for (int i = 0; i < 3; i++) { q[get_global_id(0)] = i; }\n  __assert(__no_write(p));", "verified"),
])
def test_the_accesses_the_log_may_hold(test, verdict):
    text = CONTRACT + f"__kernel void k(__global int *p, __global int *q) {{\n  {test}\n}}\n"
    assert _verdict(text) == verdict


@pytest.mark.parametrize("kernel, where", [
    # A thread's private memory, and arrays whose cells are not C's elements.
    ("__kernel void k() {\n  int t[4];\n  t[0] = 1;\n  __assert(__no_write(t));\n}\n", (4, 12)),
    ("typedef struct { int x, y; } P;\n__kernel void k(__global P *a) {\n  a[0].x = 1;\n"
     "  __assert(__no_write(a));\n}\n", (4, 12)),
    # A kernel's own postcondition cannot see the body's ghost state.
    ("__kernel void k(__global int *a) {\n  __ensures(__no_write(a));\n  a[0] = 1;\n}\n", (2, 13)),
    # A loop's update runs after a continue too: not counted at the start of the body.
    ("__kernel void k(__global int *a) {\n  for (int i = 0; i < 4; i = a[i]) {\n    a[0] = 1;\n  }\n"
     "  __assert(__no_read(a));\n}\n", (2, 26)),
])
def test_the_log_is_refused_where_it_is_not_gpuverifys_or_not_in_scope(kernel, where):
    [(code, severity, line, col)] = _codes(kernel)
    assert (code, severity, (line, col)) == ("unsupported.function", "error", where)


@pytest.mark.parametrize("racy", [True, False])
def test_races_reads_the_instrumented_program_with_its_verdict(racy, tmp_path):
    index = "get_global_id(0) + 1" if racy else "get_global_id(0)"
    kernel = tmp_path / "k.cl"
    kernel.write_text("//--local_size=4 --num_groups=2\n__kernel void k(__global int *a) {\n"
                      f"  a[{index}] = a[get_global_id(0)];\n  __assert(__no_write(a) || __read(a) || true);\n}}\n")
    shown = subprocess.run([sys.executable, "-m", "vercors_py", "races", str(kernel)], capture_output=True, text=True)
    assert shown.returncode == (1 if racy else 0), shown.stdout


@pytest.mark.parametrize("offset, verdict", [("4", "verified"), ("1", "failed")])
def test_a_pointers_offset_is_in_bytes(offset, verdict):
    # GPUVerify's annotation_tests/test_ptr_offset and fail_ptr_offset: `a + 1` is 4
    # bytes into a, `p + 1` 4 more; a char pointer moves by 1, a negative offset wraps.
    text = ("void bar(__global int *p, __global char *c) {\n"
            f"  __requires(__ptr_offset_bytes(p) == {offset});\n"
            "  __global int *q = p + 1;\n  __assert(__ptr_offset_bytes(q) == 8);\n"
            "  __assert(__ptr_offset_bytes(c + 3) == 3);\n"
            "  __assert(__ptr_offset_bytes(p - 2) == (size_t) -4);\n}\n"
            "__kernel void foo(__global int *a, __global char *b) {\n  bar(a + 1, b);\n}\n")
    assert _verdict(text) == verdict


@pytest.mark.parametrize("statements, expected", [
    # Every thread runs a statement of the kernel's body before any return: an assertion.
    ("  __global_assert(get_local_id(0) < 64);\n", "verified"),
    ("  __global_assert(get_local_id(0) < 1);\n", "failed"),
    # After a return some threads do not run it; under a condition neither.
    ("  if (get_local_id(0) > 3) return;\n  __global_assert(get_local_id(0) < 64);\n", "rejected"),
    ("  if (get_local_id(0) > 3) { __global_assert(get_local_id(0) < 64); }\n", "rejected"),
    ("  for (int i = 0; i < 2; i++) { __global_assert(get_local_id(0) < 64); }\n", "rejected"),
])
def test_a_global_assert_every_thread_runs_is_an_assertion(statements, expected):
    text = f"//--local_size=64 --num_groups=2\n__kernel void k() {{\n{statements}}}\n"
    assert _verdict(text) == (expected if expected != "rejected" else "rejected ['unsupported.function']")
