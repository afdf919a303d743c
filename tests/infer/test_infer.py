"""`vercors-py infer`: contracts written for kernels without one, checked by the verifier.
The kernels are those of `races` (tests/data/protocols): each race-free one that `infer`
can express gets a contract that verifies; no racy one gets a contract that verifies
(the verifier judges the result, so `infer` cannot make a racy kernel pass); what it
cannot express it says, with the access and why."""
from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

from tests.support.expectations import races_header
from vercors_py import service

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "protocols"
KERNELS = sorted(p for p in DATA.iterdir() if p.suffix in (".pvl", ".cu", ".cl"))
EXPRESSIBLE = ["straight-line-race-free.pvl", "barrier-race-free.pvl", "barrier-fence-race-free.pvl",
               "loop-race-free.pvl", "nested-loops-race-free.pvl", "groups-race-free.pvl",
               "local-memory-race-free.pvl", "data-dependent-race-free.pvl", "divergence-race-free.pvl",
               "loop-barrier-race-free.pvl", "loop-wrap-race-free.pvl", "shared-neighbour-race-free.cl"]


def infer(path: pathlib.Path):
    return service.infer_text(path.read_text(), path.name, service.Options(timeout=10.0, jobs=1))


@pytest.mark.parametrize("name", EXPRESSIBLE)
def test_the_inferred_contract_of_a_race_free_kernel_verifies(name):
    result = infer(DATA / name)
    assert result.verdict.value == "inferred, verified", [d.message for d in result.diagnostics]
    assert "requires " in result.text and result.exit_code == 0


@pytest.mark.parametrize("path", [p for p in KERNELS if races_header(p.read_text()) == "racy"], ids=lambda p: p.stem)
def test_no_racy_kernel_gets_a_contract_that_verifies(path):
    result = infer(path)
    assert result.verdict.value != "inferred, verified"
    assert result.exit_code != 0


def test_what_cannot_be_expressed_is_named_with_the_reason():
    result = infer(DATA / "data-dependent-racy.pvl")
    assert result.verdict.value == "not inferred" and result.exit_code == 3
    [d] = result.diagnostics
    assert d.code == "infer.cannot" and "`b[tid]`" in d.message and d.span.start_line == 7
    jump = infer(DATA / "loop-break-race-free.pvl")
    assert jump.verdict.value == "not inferred" and "a jump" in jump.diagnostics[0].message


def test_a_barrier_in_a_loop_gets_the_counters_range_and_the_hand_over_of_one_iteration():
    text = infer(DATA / "loop-barrier-race-free.pvl").text
    # The stride doubles: its range at the head, and what the barrier's group-level
    # check needs of it; the barrier hands out the next round's cells (`s * 2`).
    assert "loop_invariant 1 <= s;" in text
    assert "context  1 <= s && s < gsize;" in text
    assert "Perm(t[lid + s * 2], read)" in text


def test_a_c_kernel_gets_its_contract_as_annotation_comments():
    result = infer(DATA / "shared-neighbour-race-free.cl")
    assert result.verdict.value == "inferred, verified"
    head = result.text.split("__kernel")[0]
    # Ids by their reserved names; the pointer's length is required to cover the index.
    assert "/*@" in head and "requires 0 <= tid && tid < \\length(a);" in head and "Perm(t[lid], write)" in head
    barrier = result.text.split("barrier(CLK_LOCAL_MEM_FENCE)")[0].rsplit("/*@", 1)[1]
    # A local fence orders no global memory: the barrier hands over t only; a stays.
    assert "Perm(t[(lid + 1) % gsize], read)" in barrier and "a[" not in barrier


def test_a_barrier_without_the_fence_keeps_that_memory_with_the_thread():
    result = infer(DATA / "barrier-fence-racy.cl")
    barrier = result.text.split("barrier(CLK_GLOBAL_MEM_FENCE)")[0].rsplit("/*@", 1)[1]
    assert "t[" not in barrier
    # The race remains: the neighbour's cell of t is held by two threads.
    assert result.verdict.value == "inferred, not verified"
    assert {d.code for d in result.diagnostics} == {"distribution.group"}


def test_a_procedure_without_a_contract_gets_one_with_its_ranges():
    text = """kernel K {
  global int[2 * tcount] a;
  void swap(int i, int j) {
    int t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
  void main() {
    swap(2 * tid, 2 * tid + 1);
  }
}
"""
    result = service.infer_text(text, "swap.pvl", service.Options(timeout=10.0, jobs=1))
    assert result.verdict.value == "inferred, verified", [d.message for d in result.diagnostics]
    assert "requires 0 <= i && i < 2 * tcount;" in result.text
    assert "requires Perm(a[2 * tid], write);" in result.text


def test_a_strided_loop_quantifies_over_its_grid():
    text = """kernel K(int n) {
  global int[n] a;
  context_everywhere n >= 0;
  void main() {
    int k = tid;
    while (k < n) {
      a[k] = 0;
      k = k + tcount;
    }
  }
}
"""
    result = service.infer_text(text, "stride.pvl", service.Options(timeout=10.0, jobs=1))
    assert result.verdict.value == "inferred, verified", [d.message for d in result.diagnostics]
    assert "(k_ - tid) % tcount == 0" in result.text


def test_loops_get_invariants_with_their_counters_range():
    text = infer(DATA / "loop-race-free.pvl").text
    assert "loop_invariant 0 <= j && (j == 0 || j <= n);" in text
    assert "(\\forall* int j_; 0 <= j_ && j_ < n; Perm(a[tid * n + j_], write))" in text


def test_a_kernel_with_a_contract_is_left_alone():
    demo = pathlib.Path(__file__).resolve().parents[2] / "examples" / "seed004-fig8-demo.pvl"
    result = service.infer_text(demo.read_text(), "demo.pvl")
    assert result.verdict.value == "not inferred" and "has a contract already" in result.diagnostics[0].message


def test_the_command_prints_or_writes_the_result(tmp_path):
    path = tmp_path / "k.pvl"
    path.write_text((DATA / "barrier-race-free.pvl").read_text())
    shown = subprocess.run([sys.executable, "-m", "vercors_py", "infer", str(path)], capture_output=True, text=True)
    assert shown.returncode == 0 and "barrier(local) {" in shown.stdout and "inferred, verified" in shown.stderr
    assert "requires" not in path.read_text()
    wrote = subprocess.run([sys.executable, "-m", "vercors_py", "infer", "--write", str(path)],
                           capture_output=True, text=True)
    assert wrote.returncode == 0 and path.read_text() == shown.stdout
    checked = subprocess.run([sys.executable, "-m", "vercors_py", "check", str(path)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout


@pytest.mark.parametrize("name", EXPRESSIBLE)
def test_a_run_of_the_inferred_contract_finds_nothing(name):
    # The concrete run is the oracle: a contract that verifies may not race, fail or be
    # broken by any launch the sweep tries.
    from vercors_py.diagnostics import Severity
    from vercors_py.run import model
    result = infer(DATA / name)
    ran = service.run_text(result.text, name, model.RunOptions(sweep=True))
    problems = [d for d in ran.diagnostics if d.severity is Severity.ERROR]
    assert problems == [], [d.message for d in problems]


def test_a_c_helpers_loop_gets_its_annotation_in_the_helpers_names():
    helper = """void fill(__global int *p, int n) {
  int i;
  for (i = 0; i < n; i++) {
    p[get_global_id(0) * n + i] = 0;
  }
}
"""
    straight = """void one(__global int *p) {
  p[get_global_id(0)] = 0;
}
"""
    kernel = """__kernel void k(__global int *a) {
  CALL;
}
"""
    options = service.Options(timeout=10.0, jobs=1)
    ok = service.infer_text(straight + kernel.replace("CALL", "one(a)"), "one.cl", options)
    assert ok.verdict.value == "inferred, verified", [d.message for d in ok.diagnostics]
    looped = service.infer_text(helper + kernel.replace("CALL", "fill(a, 4)"), "fill.cl", options)
    assert looped.verdict.value == "inferred, verified", [d.message for d in looped.diagnostics]
    assert "loop_invariant 0 <= i &&" in looped.text
    # A counter declared by the `for` is not in scope before it, where its annotation
    # stands: the kernel's array `p` would be meant instead, and the helper's pointer `p`
    # hides the kernel's array `p`.  Both are refused with the name they concern.
    declared = helper.replace("int i;\n  for (i = 0;", "for (int i = 0;")
    refused = service.infer_text(declared + kernel.replace("CALL", "int i = 0; fill(a, 4)"), "fill.cl", options)
    assert refused.verdict.value == "not inferred"
    assert "`i` (a local variable) cannot be named in the annotation of the loop" in refused.diagnostics[0].message
    hidden = service.infer_text(helper + kernel.replace("*a", "*p").replace("CALL", "fill(p, 4)"), "fill.cl", options)
    assert hidden.verdict.value == "not inferred"
    assert "`p` (an array) cannot be named" in hidden.diagnostics[0].message


def test_a_conditional_step_is_no_counter():
    # Only C's truncating division (`v >= 0 ? v / c : -(-v / c)`) is read through a
    # conditional; `s + 1` on one branch says nothing of the other.
    text = """kernel K {
  local int[gsize] t;
  void main() {
    int s = 0;
    while (s < 4) {
      t[lid] = s;
      barrier(local);
      s = s == 2 ? s + 1 : s - 5;
    }
  }
}
"""
    result = service.infer_text(text, "cond.pvl", service.Options(timeout=10.0, jobs=1))
    assert result.verdict.value == "inferred, verified", [d.message for d in result.diagnostics]
    assert "0 <= s" not in result.text
