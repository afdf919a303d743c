"""The vacuity checks' budget (engine/solver/solver.py, engine/execution/engine.py): routine checks get
a small, fixed number of Z3 resource units; after a proof that took more, the check
looks again with at least that effort, since the proof may have rested on a
contradiction the routine check could not find."""
from __future__ import annotations

from vercors_py import service
from vercors_py.engine.execution import engine as context
from vercors_py.engine.solver import solver

RACY = """\
kernel k {
  global int[1] out;
  context_everywhere gsize * ngroups == 2003 && gsize > 1 && ngroups > 1;
  requires Perm(out[0], write);
  void main() {
    out[0] = tid;
  }
}
"""


def _codes(text):
    result = service.check_text(text, "t.pvl", service.Options(jobs=1))
    return result.verdict.value, {d.code for d in result.errors}


def test_a_costly_proof_is_followed_by_an_equally_costly_search(monkeypatch):
    # Routine checks that can refute nothing: only the search after the costly proof
    # can find that no launch has 2003 = gsize * ngroups threads with both above 1.
    monkeypatch.setattr(solver, "VACUITY_RLIMIT", 1)
    monkeypatch.setattr(context, "VACUITY_RLIMIT", 1)
    verdict, codes = _codes(RACY)
    assert verdict == "failed" and "vacuity.context" in codes


def test_the_routine_check_finds_it_too():
    verdict, codes = _codes(RACY)
    assert verdict == "failed" and codes == {"vacuity.context"}


def test_the_answer_does_not_depend_on_the_load():
    """Resource units, not seconds: the same text gives the same diagnostics."""
    first = service.check_text(RACY, "t.pvl", service.Options(jobs=1))
    second = service.check_text(RACY, "t.pvl", service.Options(jobs=1))
    assert first.diagnostics == second.diagnostics
