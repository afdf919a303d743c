"""Facts on the path to a barrier or loop (obligations/paths.py): which facts each
barrier's `requires` and each loop's invariants gain, and which an assignment on the
way kills.  That they are sound is the thread obligation's business (it proves them);
tests/data/soundness/path-facts-* run kernels that need them beside twins that break
them."""
from __future__ import annotations

from vercors_py import service
from vercors_py.obligations import generate
from vercors_py.obligations.model import Execute
from vercors_py.syntax import ast as A
from vercors_py.syntax.printer import format_expr

KERNEL = """
kernel k(int n) {
  local int[gsize] tmp;
  requires Perm(tmp[lid], write) ** 0 < n ** tmp[lid] == 0;
  void main() {
    int s = gsize / 2;
    int t = lid;
    int u = 3;
    loop_invariant 0 <= s && s <= gsize / 2;
    loop_invariant Perm(tmp[lid], write);
    while (s > 0) {
      BEFORE
      if (n < 5) {
        barrier(local) {
          ensures Perm(tmp[lid], write);
          ensures t < s ==> Perm(tmp[lid], 1\\2);
        }
      }
      s = s / 2;
    }
  }
}
"""


def _thread_body(text: str) -> A.Block:
    analysis = service.analyze(text, "k.pvl")
    assert not analysis.rejected, analysis.diagnostics
    thread = next(ob for ob in generate.obligations(analysis.checked) if ob.name == "k/thread")
    return next(step.body for step in thread.steps if isinstance(step, Execute))


def _facts(body: A.Block, kind) -> list[str]:
    """The conjuncts of the clause in front of the user's (the facts come as one; the
    kernel's precondition gives every barrier and loop at least `0 < n`)."""
    node = next(n for n in A.walk(body) if isinstance(n, kind))
    first = node.contract[0].expr
    conjuncts = []
    while isinstance(first, A.Binary) and first.op == "&&":
        conjuncts.insert(0, format_expr(first.right))
        first = first.left
    return [format_expr(first)] + conjuncts


def test_a_barrier_gets_the_facts_of_its_loop_branch_and_precondition():
    facts = _facts(_thread_body(KERNEL.replace("BEFORE", "")), A.Barrier)
    # `s == gsize / 2` is not among them: s is assigned in the loop.
    assert facts == ["0 < n", "t == lid", "0 <= s", "s <= gsize / 2", "s > 0", "n < 5"]


def test_an_assignment_on_the_way_kills_the_facts_about_its_variable():
    facts = _facts(_thread_body(KERNEL.replace("BEFORE", "s = s + 1;")), A.Barrier)
    assert facts == ["0 < n", "t == lid", "n < 5"]


def test_a_loop_gets_the_facts_of_the_precondition_only():
    # Inside the loop the engine keeps what it knew of the variables the loop does not
    # assign; the loop's framing needs the precondition (`t == lid` is not from it).
    assert _facts(_thread_body(KERNEL.replace("BEFORE", "")), A.While) == ["0 < n"]


def test_a_fact_about_what_the_barrier_does_not_mention_is_left_out():
    # u is tied to nothing in the barrier's contract, nor to a fact that is.
    assert not any("u" in f.split() for f in _facts(_thread_body(KERNEL.replace("BEFORE", "")), A.Barrier))


def test_memory_and_resources_are_never_path_facts():
    facts = _facts(_thread_body(KERNEL.replace("BEFORE", "")), A.Barrier)
    assert not any("tmp" in f or "Perm" in f for f in facts)
