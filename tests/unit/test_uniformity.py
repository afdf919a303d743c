"""Uniformity and barrier divergence (seed 004, section 3.1): which locals of main are
uniform, and which divergence codes are reported on which lines.  The files in
tests/data/divergence carry their expectations inline; divergence is a failed lock-step
obligation, so those files `fail`, they are not `rejected`."""
from __future__ import annotations

import pathlib

import pytest

from tests.support.expectations import check, header
from vercors_py import service
from vercors_py.semantics import check as semantic_check
from vercors_py.syntax import parser

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "divergence"
FILES = sorted(DATA.glob("*.pvl"))



def _kernel(body: str, params: str = ""):
    text = (f"kernel k{params} {{\n  global int[tcount] a;\n  requires Perm(a[tid], read);\n"
            f"  void main() {{\n{body}\n  }}\n}}\n")
    parsed = parser.parse(text, "u.pvl")
    assert parsed.program is not None, parsed.diagnostics
    checked = semantic_check.check_program(parsed.program, parsed.source)
    assert checked.diagnostics == (), checked.diagnostics
    (kernel,) = checked.kernels
    return kernel


def uniform(body: str, params: str = "") -> set[str]:
    names = [s.name for s in _kernel(body, params).uniform]
    assert len(names) == len(set(names)), "use distinct names in these tests"
    return set(names)


def divergence(body: str, params: str = "") -> list[tuple[str, int]]:
    """(code, line within body) of each divergence diagnostic, the body's first line is 1."""
    offset = 4          # the kernel header lines before the body
    return sorted((d.code, d.span.start_line - offset) for d in _kernel(body, params).uniformity.diagnostics)


# ---- which locals are uniform ----

def test_values_decide_uniformity():
    body = """
    int c = 1;
    int g = gid * gsize + ngroups - tcount;
    int p = n + c;
    int t = tid;
    int l = lid + 1;
    int m = a[0];
    int q = lid == 0 ? 1 : 2;
    int r = c + l;
    """
    assert uniform(body, "(int n)") == {"c", "g", "p"}


def test_assignment_under_gid_stays_uniform_under_lid_does_not():
    body = """
    int x = 0;
    if (gid == 0) { x = 1; }
    int y = 0;
    if (lid == 0) { y = 1; }
    int z = 0;
    if (gid == 0) { if (tid > 3) { z = 1; } }
    int w = 0;
    if (lid == 0) { } else { w = 2; }
    """
    assert uniform(body) == {"x"}


def test_uniformity_is_a_fixed_point():
    # y is assigned only x, but x becomes non-uniform later, so y is not uniform either.
    body = """
    int x = 0;
    int y = x;
    int u = 5;
    int v = u;
    if (lid == 0) { x = 1; }
    """
    assert uniform(body) == {"u", "v"}


def test_loop_counters_with_uniform_bounds_are_uniform():
    body = """
    for (int i = 0; i < n; i = i + 1) { }
    for (int j = 0; j < gsize; j = j + 2) { }
    for (int k = 0; k < lid; k = k + 1) { }
    int w = 0;
    while (w < n) { w = w + 1; }
    int v = 0;
    while (v < tid) { v = v + 1; }
    """
    assert uniform(body, "(int n)") == {"i", "j", "w"}


def test_a_declaration_without_a_value_is_uniform_once_set_before_any_read():
    # C code declares first and sets later (`int k; for (k = 0; ...)`): the value before
    # the first set is never read, so it does not decide uniformity.  Its twins read it
    # first, or set it only in code some threads skip.
    body = """
    int k;
    int n2 = n;
    for (k = 0; k < n2; k = k + 1) { }
    int s;
    { s = n + 1; }
    int r;
    int x = r;
    r = 0;
    int c;
    if (lid == 0) { c = 0; }
    c = 1;
    int d;
    d = d + 1;
    """
    assert uniform(body, "(int n)") == {"k", "n2", "s"}


def test_a_declaration_without_a_value_set_on_both_branches_is_set_before_any_read():
    # `T *p; if (gid == 1) p = a; else p = b;` (GPUVerify's async_work_group_copy/pass/
    # test6): every path sets it.  Its twins set it on one branch only and read it after,
    # read it on one first, or branch on it.  Set on one branch and read nowhere else
    # (`u`), its value before is never seen either.
    body = """
    int p;
    if (gid == 1) { p = 0; } else { p = n; }
    int q;
    if (gid == 1) { q = 0; }
    int y = q;
    int u;
    if (gid == 1) { u = 0; }
    int r;
    if (gid == 1) { r = 0; } else { int x = r; r = 1; }
    int s;
    if (s == 1) { s = 0; } else { s = 1; }
    int t;
    if (lid == 1) { t = 0; } else { t = 1; }
    """
    assert uniform(body, "(int n)") == {"p", "u"}


def test_a_barrier_in_a_loop_over_a_counter_declared_before_is_not_divergence():
    loop = "for (k = 0; k < n; k = k + 1) {\n      barrier(local);\n    }"
    assert divergence(f"    int k;\n    {loop}", "(int n)") == []
    assert divergence(f"    int k;\n    if (lid == 0) {{ k = 1; }}\n    {loop}", "(int n)") != []


def test_non_uniform_break_makes_variables_of_the_loop_non_uniform():
    body = """
    int c = 0;
    for (int i = 0; i < n; i = i + 1) {
      c = c + 1;
      if (lid == i) { break; }
    }
    int d = 0;
    for (int j = 0; j < n; j = j + 1) {
      d = d + 1;
      if (j == 3) { break; }
    }
    """
    assert uniform(body, "(int n)") == {"d", "j"}


def test_break_of_an_inner_loop_leaves_the_outer_loop_uniform():
    body = """
    int c = 0;
    for (int i = 0; i < n; i = i + 1) {
      for (int j = 0; j < n; j = j + 1) {
        if (lid == j) { break; }
      }
      c = c + 1;
    }
    """
    assert uniform(body, "(int n)") == {"c", "i"}


def test_non_uniform_return_taints_nothing_for_the_remaining_threads():
    body = """
    if (lid == 0) { return; }
    int x = 1;
    """
    assert uniform(body) == {"x"}


# ---- divergence codes and their lines ----

def test_barrier_under_gid_is_fine_under_lid_is_divergence():
    assert divergence("if (gid == 0) { barrier(local); }") == []
    assert divergence("if (lid == 0) {\n  barrier(local);\n}") == [("divergence.barrier", 2)]
    assert divergence("if (gid == 0) {\n  if (lid == 0) {\n    barrier(local);\n  }\n}") == [("divergence.barrier", 3)]


def test_barrier_in_a_loop_depends_on_its_bound():
    assert divergence("for (int i = 0; i < n; i = i + 1) {\n  barrier(local);\n}", "(int n)") == []
    assert divergence("for (int i = 0; i < n - lid; i = i + 1) {\n  barrier(local);\n}", "(int n)") == \
        [("divergence.barrier", 2)]


def test_barrier_after_a_non_uniform_value_in_memory():
    body = "int v = a[0];\nif (v > 0) {\n  barrier(global);\n}"
    assert divergence(body) == [("divergence.barrier", 3)]


def test_uniform_assign_is_reported_at_the_assignment():
    body = """int rounds = 2;
if (lid == 0) {
  rounds = 3;
}
for (int i = 0; i < rounds; i = i + 1) {
  barrier(local);
}"""
    assert divergence(body) == [("divergence.barrier", 6), ("divergence.uniform-assign", 3)]


def test_jumps_are_divergence_only_when_they_can_skip_a_barrier():
    loop_break = """for (int i = 0; i < n; i = i + 1) {
  if (lid == i) {
    break;
  }
}"""
    assert divergence(loop_break, "(int n)") == []
    assert divergence(loop_break + "\nbarrier(local);", "(int n)") == []
    with_barrier = """for (int i = 0; i < n; i = i + 1) {
  barrier(local);
  if (lid == i) {
    break;
  }
}"""
    # the threads that broke out miss the barrier of the next iteration as well
    assert divergence(with_barrier, "(int n)") == [("divergence.barrier", 2), ("divergence.jump", 4)]
    ret = "if (lid == 0) {\n  return;\n}\nbarrier(local);"
    assert divergence(ret) == [("divergence.jump", 2)]
    assert divergence("barrier(local);\nif (lid == 0) {\n  return;\n}") == []
    assert divergence("if (gid == 0) {\n  return;\n}\nbarrier(local);") == []


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_divergence_file(path):
    assert check(path) == []


def test_divergence_files_fail_or_verify_never_reject():
    for path in FILES:
        verdict, families = header(path.read_text())
        assert (verdict, families) in [("fails", {"divergence"}), ("verified", set())], path.name


def test_divergence_is_a_failed_lock_step_obligation():
    text = (DATA / "barrier-under-lid.pvl").read_text()
    result = service.check_text(text, "lid.pvl", service.Options(jobs=1))
    assert result.verdict.value == "failed"
    lockstep = [o for o in result.obligations if o.name == "k/lock-step"]
    assert len(lockstep) == 1 and lockstep[0].verdict.value == "failed"
    assert {d.code for d in lockstep[0].diagnostics} == {"divergence.barrier"}
    # the other obligations are still checked
    assert any(o.name == "k/thread" and o.verdict.value == "verified" for o in result.obligations)


def test_the_solver_decides_only_where_the_rule_finds_divergence():
    from vercors_py.races.refined_uniformity import refined

    def checked(name):
        text = (DATA / name).read_text()
        parsed = parser.parse(text, name)
        return semantic_check.check_program(parsed.program, parsed.source)

    accepted = checked("barrier-under-gid-ok.pvl")
    assert refined(accepted, 10.0) is accepted          # no query, nothing changed
    decided = refined(checked("decided-by-context-ok.pvl"), 10.0)
    assert decided.divergence == () and {s.name for s in decided.kernels[0].uniform} >= {"rounds", "i"}
    wrong = checked("decided-by-context.pvl")
    assert refined(wrong, 10.0).divergence == wrong.divergence
