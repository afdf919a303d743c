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
UNSTATED = [name for name, row in G.TABLE.items() if row.becomes is G.Becomes.UNSTATED]
CALLS = {"__read": "__read(a)", "__write": "__write(a)", "__no_read": "__no_read(a)", "__no_write": "__no_write(a)",
         "__read_implies": "__read_implies(a, i > 0)", "__write_implies": "__write_implies(a, i > 0)",
         "__read_offset_bytes": "__read_offset_bytes(a) == 0", "__write_offset_bytes": "__write_offset_bytes(a) == 0",
         "__read_offset": "__read_offset(a) == 0", "__write_offset": "__write_offset(a) == 0",
         "__ptr_base": "__ptr_base(a) == 0", "__ptr_offset_bytes": "__ptr_offset_bytes(a) == 0",
         "__atomic_has_taken_value": "__atomic_has_taken_value(a, 0, 1u)",
         "__other_int": "__other_int(i) == i", "__other_bool": "__other_bool(i > 0)",
         "__uniform_int": "__uniform_int(i)", "__uniform_bool": "__uniform_bool(i > 0)",
         "__distinct_int": "__distinct_int(i)", "__distinct_bool": "__distinct_bool(i > 0)",
         "__all": "__all(i > 0)", "__exclusive": "__exclusive(i > 0)", "__same_group": "__same_group",
         "__dominator_enabled": "__dominator_enabled()", "__old_int": "__old_int(i) == i",
         "__old_bool": "__old_bool(i > 0)",
         "__return_val_int4": "__return_val_int4().x == 0"}
# Statement built-ins, which no expression calls.
STATEMENTS = {"__barrier_invariant", "__barrier_invariant_binary", "__array_snapshot"}


def test_every_unstated_row_is_tried():
    assert set(UNSTATED) == set(CALLS) | STATEMENTS


@pytest.mark.parametrize("name", sorted(CALLS))
def test_an_invariant_with_an_unstated_builtin_is_left_out_with_a_warning(name):
    text = LOOP.format(annotation=f"__invariant({CALLS[name]}), __invariant(i >= 0)")
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
    text = f"__kernel void k(__global int *a) {{\n  a[0] = 1;\n  {statement}(__write(a));\n}}\n"
    assert _codes(text) == ([("annotation.ignored", "warning", 3, 3)] if helps
                            else [("unsupported.function", "error", 3, 3 + len(statement) + 1)])


def test_a_function_wide_invariant_is_left_out_and_an_inlined_helpers_contract_refused():
    wide = ("__kernel void k(__global int *a) {\n"
            "  __function_wide_invariant(__write_implies(a, __write_offset_bytes(a) == 0));\n"
            "  for (int i = 0; i < 4; i++) { a[get_global_id(0)] = i; }\n}\n")
    assert _codes(wide) == [("annotation.ignored", "warning", 2, 3)]
    for clause in ("__requires", "__ensures"):
        helper = (f"void h(__global int *p) {{\n  {clause}(__no_read(p));\n  p[0] = 1;\n}}\n"
                  "__kernel void k(__global int *a) {\n  h(a);\n}\n")
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
