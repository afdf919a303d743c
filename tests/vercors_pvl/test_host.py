"""Par statements beside a method's code, `parallel`/`sequential` regions, method calls
and `new` arrays (vercors_pvl/host.py): the method is a kernel of one thread that
launches a kernel for each par statement, by a procedure whose contract is the
launched kernel's launch contract (semantics/launches.py checks that they agree)."""
import pathlib

import attrs
import pytest

from vercors_py import frontend
from vercors_py.semantics.check import check_program
from vercors_py.syntax import ast as A
from vercors_py.syntax.printer import format_expr as text

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "vercors_pvl"


@pytest.mark.parametrize("name, command, code, expected", [
    # two blocks of a `parallel` region, separate fields; the method reads them after
    ("host-region-ok.pvl", "check", 0, "verified"),
    ("host-region-ok.pvl", "races", 0, "race-free"),
    # ... both write one field: not disjoint for `check`, two racing threads for `races`
    ("host-region-same-field-wrong.pvl", "check", 1, "pre.call"),
    ("host-region-same-field-wrong.pvl", "races", 1, "race.data"),
    # what a block is not given keeps its value; what it returns without one does not
    ("host-frame-ok.pvl", "check", 0, "verified"),
    ("host-frame-lost-wrong.pvl", "check", 1, "assert.failed"),
    # a single block runs only on a range that is not empty
    ("host-empty-range-ok.pvl", "check", 0, "verified"),
    ("host-empty-range-wrong.pvl", "check", 1, "post.failed"),
    # `\old` in a block's contract is the method's start
    ("host-old-ok.pvl", "check", 0, "verified"),
    ("host-old-wrong.pvl", "check", 1, "pre.call"),
    # a call of a method that is a kernel launches it
    ("host-call-ok.pvl", "check", 0, "verified"),
    ("host-call-pre-wrong.pvl", "check", 1, "pre.call"),
    # `new int[10]` arrays, a sequential region
    ("host-new-array-ok.pvl", "check", 0, "verified"),
    ("host-new-array-wrong.pvl", "check", 1, "assert.failed"),
    # `run` runs the launched kernels within the method's run, on its memory
    ("host-region-ok.pvl", "run", 0, "clean"),
    ("host-region-same-field-wrong.pvl", "run", 1, "race.data"),
    ("host-old-wrong.pvl", "run", 1, "pre.call"),
    ("host-new-array-ok.pvl", "run", 0, "clean"),
    ("host-call-ok.pvl", "run", 0, "clean"),
])
def test_host_twins(run_cli, name, command, code, expected):
    result = run_cli(command, DATA / name)
    assert result.returncode == code, result.stdout + result.stderr
    assert expected in result.stdout


def program(name: str) -> A.Program:
    parsed = frontend.parse((DATA / name).read_text(encoding="utf-8"), name)
    assert parsed.diagnostics == (), [d.message for d in parsed.diagnostics]
    return parsed.program


def test_the_method_is_one_thread_that_launches_the_region_as_one_kernel():
    p = program("host-region-ok.pvl")
    host, region = p.kernels
    launch, = host.procedures
    assert launch.proved_by == (region.name,) and launch.body.stmts == ()
    # the region's two blocks are two threads of one group
    assert text(region.contexts[-1].expr) == "gsize == 1 + 1"
    clauses = [text(c.expr) for c in region.main.contract]
    assert "tid < 1 ==> Perm(a[0], write)" in clauses and "1 <= tid && tid < 1 + 1 ==> Perm(b[0], write)" in clauses


def _tampered(change) -> list[str]:
    p = program("host-call-ok.pvl")
    host = next(k for k in p.kernels if k.procedures)
    launch = next(q for q in host.procedures if q.proved_by == ("inc",))
    members = tuple(change(m) if m is launch else m for m in host.members)
    p = attrs.evolve(p, decls=tuple(attrs.evolve(k, members=members) if k is host else k for k in p.decls))
    checked = check_program(p, frontend.parse("", "k.pvl").source)
    return [d.message for d in checked.diagnostics if d.code == "internal.error"]


@pytest.mark.parametrize("change, says", [
    # a contract that asks less than the kernel's launch contract
    (lambda p: attrs.evolve(p, contract=p.contract[1:]), "its contract is not"),
    # a postcondition the kernel does not give
    (lambda p: attrs.evolve(p, contract=p.contract + (A.Clause(A.ClauseKind.ENSURES, A.BoolLit(False, span=p.span),
                                                               span=p.span),)),
     "its contract is not"),
    (lambda p: attrs.evolve(p, proved_by=("nowhere",)), "no other kernel"),
    (lambda p: attrs.evolve(p, params=p.params[1:]), "parameters"),
    (lambda p: attrs.evolve(p, body=A.Block((A.Assert(A.BoolLit(True, span=p.span), span=p.span),), span=p.span)),
     "it has a body"),
])
def test_a_launch_whose_contract_is_not_its_kernels_is_an_internal_error(change, says):
    found = _tampered(change)
    assert found and says in found[0], found


def test_untampered_launch_checks():
    assert _tampered(lambda p: p) == []


@pytest.mark.parametrize("text, says", [
    # a permission every iteration holds, not naming the iteration variable
    ("""class C { int x;
  context Perm(x, write);
  void m(int n) {
    int k = 0;
    par (int i = 0 .. n) context Perm(x, 1\\2); { }
  } }""", "scales it"),
    # a method call passing another array than the callee's own name
    ("""class C {
  context_everywhere a != null && n > 0;
  context (\\forall* int i; 0 <= i && i < n; Perm(a[i], write));
  void z(int n, int[] a) { par (int i = 0 .. n) context Perm(a[i], write); { a[i] = 0; } }
  context_everywhere b != null && n > 0;
  context (\\forall* int i; 0 <= i && i < n; Perm(b[i], write));
  void h(int n, int[] b) { z(n, b); }
}""", "same name"),
    # a call of a method that is no kernel launch (a sequential method)
    ("""class C {
  void z(int n) { int k = n; }
  void h(int n) { z(n); }
}""", "cannot be launched"),
    # a barrier in a block of a region of several blocks
    ("""class C { int x; int y;
  context Perm(x, write) ** Perm(y, write);
  void m() {
    parallel {
      par p (int i = 0 .. 2) { barrier(p) { } }
      par context Perm(y, write); { y = 1; }
    }
  } }""", "barrier"),
])
def test_what_is_not_exactly_a_launch_is_refused(text, says):
    parsed = frontend.parse(text, "k.pvl")
    assert parsed.program is None
    found = [(d.code, d.message) for d in parsed.diagnostics]
    assert all(code.startswith("unsupported.") for code, _ in found), found
    assert any(says in message for _, message in found), found


def test_run_of_an_empty_range_skips_the_block(run_cli):
    """With `n == 0` the block does not run (the launch is under `if (0 < n)`), and the
    method's postcondition fails on the real state, as `check` says it may."""
    result = run_cli("run", "--param", "n=0", DATA / "host-empty-range-wrong.pvl")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "post.failed" in result.stdout
