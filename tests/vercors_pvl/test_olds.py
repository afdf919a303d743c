"""VerCors's `\\old` in a barrier's contract and in a loop invariant (vercors_pvl/olds.py,
semantics/start_values.py): the method's start, which is each thread's start, saved there;
where the method launches its par blocks beside other code, captured at its start
(host.py).  Twins in tests/data/vercors_pvl/old-*.pvl and host-old-{loop,barrier}-*.pvl,
ours, in VerCors's PVL."""
import pathlib

import pytest

from vercors_py import frontend

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "vercors_pvl"
CORPUS = pathlib.Path(__file__).resolve().parents[1] / "data" / "vercors"


@pytest.mark.parametrize("name, command, code, expected", [
    # a barrier's contract and a loop invariant of a par block compare with the start
    ("old-barrier-ok.pvl", "check", 0, "verified"),
    ("old-barrier-ok.pvl", "run", 0, "clean"),
    ("old-barrier-ok.pvl", "races", 0, "race-free"),
    # ... a barrier claiming what did not happen since the start
    ("old-barrier-claim-wrong.pvl", "check", 1, "barrier.pre"),
    ("old-barrier-claim-wrong.pvl", "run", 1, "barrier.pre"),
    # ... an `\old` of a cell no one holds at the start
    ("old-barrier-no-perm-wrong.pvl", "check", 1, "perm.read"),
    ("old-barrier-no-perm-wrong.pvl", "run", 1, "perm.read"),
    # a loop invariant of a sequential method
    ("old-loop-ok.pvl", "check", 0, "verified"),
    ("old-loop-ok.pvl", "run", 0, "clean"),
    ("old-loop-wrong.pvl", "check", 1, "loop.establish"),
    ("old-loop-wrong.pvl", "run", 1, "loop.establish"),
    # in a method that launches a par block: captured at the method's start (host.py)
    ("host-old-loop-ok.pvl", "check", 0, "verified"),
    ("host-old-loop-wrong.pvl", "check", 1, "loop.establish"),
    ("host-old-barrier-wrong.pvl", "check", 1, "barrier.pre"),
])
def test_old_twins(run_cli, name, command, code, expected):
    result = run_cli(command, DATA / name)
    assert result.returncode == code, result.stdout + result.stderr
    assert expected in result.stdout


def test_vercors_forward_dep_verifies_runs_and_is_race_free(run_cli):
    path = CORPUS / "concepts/loopdeps/forward-dep.pvl"
    for command, word in (("check", "verified"), ("run", "clean"), ("races", "race-free")):
        result = run_cli(command, path)
        assert result.returncode == 0 and word in result.stdout, result.stdout + result.stderr


BARRIER = """class C {
  context_everywhere a != null && n > 0 && a.length == n;
  context (\\forall* int i; 0 <= i && i < n; Perm(a[i], write));
  void m(int n, int[] a) {
    par p (int t = 0 .. n)
      context Perm(a[t], write);
    {
      int k = a[t];
      barrier(p) {
        context Perm(a[t], write);
        context CLAUSE;
      }
    }
  }
}
"""


@pytest.mark.parametrize("clause", [
    "a[t] == \\old(k)",                                                  # a variable of the thread
    "(\\forall int j; 0 <= j && j < 1; a[t] == \\old(a[t + j]))",          # a quantifier's variable
    "k > 0 ==> a[t] == \\old(a[t])",                                     # under a thread's condition
])
def test_an_old_without_one_value_at_the_start_is_refused_at_its_place(clause):
    text = BARRIER.replace("CLAUSE", clause)
    parsed = frontend.parse(text, "k.pvl")
    assert parsed.program is None
    ((d),) = parsed.diagnostics
    assert d.code == "unsupported.expression" and d.span.start_line == 11 and "\\old" in d.message
    assert text.splitlines()[10][d.span.start_col - 1:].startswith("\\old")


def test_the_saved_value_is_read_once_for_a_context():
    text = BARRIER.replace("CLAUSE", "a[t] == \\old(a[t])")
    parsed = frontend.parse(text, "k.pvl")
    main = parsed.program.kernels[0].members[-1]
    saves = [s for s in main.body.stmts if getattr(s, "name", "").startswith("old$vc")]
    assert len(saves) == 1 and saves[0].init is not None
