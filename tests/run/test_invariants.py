"""`run` on value invariants over atomic cells (issue 28): the kernel's `invariant` is
part of its pre- and postcondition and held by no group or thread; an atomic on one of
its arrays opens it for its one step, with its ghost `then` block (whose writes are no
accesses for races); a step that breaks it is `invariant.maintain`."""
from __future__ import annotations

import pytest

from vercors_py import service
from vercors_py.run.model import RunOptions, Schedule

COUNT = """kernel count {
  global int[1] count;
  global int[tcount] a;
  global int[tcount] mine;
  kernel {
    KERNEL_REQUIRES
    invariant Perm(count[0], write) ** (\\forall* int t; 0 <= t && t < tcount; Perm(mine[t], 1\\2));
    invariant count[0] == (\\sum int t; 0 <= t && t < tcount; mine[t]);
    ensures (\\forall* int t; 0 <= t && t < tcount; Perm(a[t], read));
    ensures count[0] == (\\sum int t; 0 <= t && t < tcount; a[t] > 0 ? 1 : 0);
  }
  requires THREAD_SHARE Perm(a[tid], read) ** Perm(mine[tid], 1\\2) ** mine[tid] == 0;
  ensures Perm(a[tid], read) ** Perm(mine[tid], 1\\2) ** mine[tid] == (a[tid] > 0 ? 1 : 0);
  void main() {
    if (a[tid] > 0) {
      atomic_add(count[0], 1) then { mine[tid] = 1; };
    }
  }
}
"""

# The kernel's resources written (the invariant's apart).
KERNEL_REQUIRES = ("requires (\\forall* int t; 0 <= t && t < tcount; Perm(a[t], read)) ** "
                   "(\\forall* int t; 0 <= t && t < tcount; Perm(mine[t], 1\\2));\n"
                   "    requires (\\forall int t; 0 <= t && t < tcount; mine[t] == 0);")


def count(atomic: str = "atomic_add(count[0], 1) then { mine[tid] = 1; };", after: str = "",
          kernel_requires: str = "", thread_share: str = "") -> str:
    return (COUNT.replace("atomic_add(count[0], 1) then { mine[tid] = 1; };", atomic + after)
            .replace("KERNEL_REQUIRES", kernel_requires).replace("THREAD_SHARE", thread_share))


# Every thread counts (a[i] = i + 1 > 0), and one that does not (a = index: a[0] = 0).
INPUTS = [(("a", "i + 1"),), (("a", "index"),), ()]


def result(text: str, **options):
    return service.run_text(text, "k.pvl", RunOptions(**options))


def errors(text: str, **options) -> set[str]:
    return {d.code for d in result(text, **options).diagnostics if d.severity.value == "error"}


@pytest.mark.parametrize("schedule", list(Schedule))
@pytest.mark.parametrize("sizes", [(2, 2), (1, 1), (3, 2)])
def test_the_counter_runs_clean_in_every_schedule(schedule, sizes):
    gsize, ngroups = sizes
    for init in INPUTS:
        for seed in range(3):
            r = result(count(), gsize=gsize, ngroups=ngroups, schedule=schedule, seed=seed, init=init)
            assert r.verdict.value == "clean", [(d.code, d.message) for d in r.diagnostics]


def test_the_counter_runs_clean_on_the_sweep_and_check_verifies_it():
    assert result(count()).verdict.value == "clean"
    assert service.check_text(count(), "k.pvl").verdict.value == "verified"


def test_inputs_meet_the_invariant_at_the_first_try():
    # The invariant's equalities are written after the precondition's (mine[t] == 0,
    # then count[0] == the sum of mine): no random tries needed.
    assert result(count(), gsize=2, ngroups=2, tries=1).verdict.value == "clean"


@pytest.mark.parametrize("schedule", list(Schedule))
def test_a_step_that_breaks_the_invariant(schedule):
    r = result(count("atomic_add(count[0], 2) then { mine[tid] = 1; };"), gsize=2, ngroups=2,
               schedule=schedule, init=INPUTS[0])
    [broken] = [d for d in r.diagnostics if d.code == "invariant.maintain"]
    assert broken.span.start_line == 8           # the clause
    assert "the kernel invariant does not hold after the `atomic_add` at line 16" in broken.message
    assert broken.related[0].span.start_line == 16 and "opened it" in broken.related[0].message
    assert any(n.startswith("launch: gsize = 2, ngroups = 2; schedule") for n in broken.notes)


def test_an_atomic_without_its_ghost_update():
    codes = errors(count("atomic_add(count[0], 1);"), gsize=2, ngroups=2, init=INPUTS[0])
    assert codes == {"invariant.maintain", "post.failed"}


def test_a_plain_read_of_the_counter_needs_a_permission():
    codes = errors(count(after="\n      int seen = count[0];"), gsize=2, ngroups=2, init=INPUTS[0])
    assert "perm.read" in codes and "invariant.maintain" not in codes


def test_the_written_kernel_precondition_leaves_the_invariant_its_cells():
    assert result(count(kernel_requires=KERNEL_REQUIRES), gsize=2, ngroups=2).verdict.value == "clean"
    # The kernel's own resources and the invariant's cannot both exist.
    both = KERNEL_REQUIRES.replace("Perm(a[t], read)) **", "Perm(a[t], read)) ** Perm(count[0], 1\\2) **")
    r = result(count(kernel_requires=both), gsize=2, ngroups=2)
    assert {d.code for d in r.diagnostics} == {"distribution.kernel"}
    assert r.diagnostics[0].span.start_line == 8     # the invariant's Perm


def test_no_thread_starts_with_the_invariants_cells():
    r = result(count(thread_share="Perm(count[0], atomic) **"), gsize=2, ngroups=2)
    [d] = r.diagnostics
    assert d.code == "distribution.kernel" and d.span.start_line == 12
    assert "the kernel invariant holds write of count[0]" in d.message
    assert d.related[0].span.start_line == 7


GROUP = """  group {
    requires (\\forall* int l; 0 <= l && l < gsize; Perm(a[gid * gsize + l], read));
    requires (\\forall* int l; 0 <= l && l < gsize; Perm(mine[gid * gsize + l], 1\\2))GROUP_SHARE;
    requires (\\forall int l; 0 <= l && l < gsize; mine[gid * gsize + l] == 0);
  }
  requires """


def test_the_group_contracts_leave_the_invariant_its_cells():
    grouped = count().replace("  requires ", GROUP.replace("GROUP_SHARE", ""), 1)
    assert result(grouped, gsize=2, ngroups=2).verdict.value == "clean"
    both = count().replace("  requires ", GROUP.replace("GROUP_SHARE", " ** Perm(count[0], 1\\2)"), 1)
    [d] = result(both, gsize=2, ngroups=2).diagnostics
    assert d.code == "distribution.kernel" and d.span.start_line == 7     # the invariant's Perm
    assert "the group contracts give, together, write of it" in d.message


def test_inputs_that_miss_the_invariant_are_one_note():
    # count[0] == 5 with every mine[t] == 0: the invariant is false from the start; what a
    # run would find after is its consequence (issue 30: one note, not errors).
    init = (("a", "i + 1"), ("mine", "zeros"), ("count", "5"))
    r = result(count(), gsize=2, ngroups=1, init=init)
    [warning] = r.diagnostics
    assert warning.code == "run.inputs" and warning.span.start_line == 8
    assert "kernel invariant" in warning.message and "not run" in warning.message


FLAG = """kernel flag {
  global int[1] count;
  global int[1] seen;
  kernel {
    invariant Perm(count[0], write) ** Perm(seen[0], write);
    invariant count[0] >= 0 && (seen[0] == 0 || seen[0] == 1) && (count[0] > 0 ==> seen[0] == 1);
    ensures count[0] >= 0;
  }
  void main() {
    STEP
  }
}
"""


@pytest.mark.parametrize("contracts", [True, False])
@pytest.mark.parametrize("schedule", list(Schedule))
def test_ghost_writes_are_no_accesses_for_races(schedule, contracts):
    # Every thread's `then` block writes seen[0]: ghost code, which no GPU runs.
    ghost = FLAG.replace("STEP", "atomic_add(count[0], 1) then { seen[0] = 1; };")
    assert errors(ghost, gsize=2, ngroups=2, schedule=schedule, contracts=contracts) == set()
    # The same write as code races (and the invariant holds the cell: no thread may).
    plain = FLAG.replace("STEP", "atomic_add(count[0], 1);\n    seen[0] = 1;")
    expected = {"race.data", "perm.write"} if contracts else {"race.data"}
    assert expected <= errors(plain, gsize=2, ngroups=2, schedule=schedule, contracts=contracts)


def test_a_ghost_write_that_breaks_the_invariant():
    wrong = FLAG.replace("STEP", "atomic_add(count[0], 1) then { seen[0] = 2; };")
    assert errors(wrong, gsize=2, ngroups=1) == {"invariant.maintain"}


def test_the_invariant_holds_again_at_the_end():
    # An invariant that reads a cell it does not hold (check: framing) is broken by a
    # plain write; the run finds it false when the kernel ends.
    text = """kernel k {
  global int[1] count;
  global int[1] b;
  kernel {
    invariant Perm(count[0], write);
    invariant count[0] >= b[0];
  }
  requires tid == 0 ==> Perm(b[0], write);
  void main() {
    if (tid == 0) { b[0] = 100; }
    atomic_add(count[0], 1);
  }
}
"""
    # The atomic after the write does not break it (it was broken before the step).
    for body in (text, text.replace("    atomic_add(count[0], 1);\n", "")):
        r = result(body, gsize=1, ngroups=1, init=(("count", "0"), ("b", "0")))
        assert [(d.code, d.span.start_line, d.message) for d in r.diagnostics if d.severity.value == "error"] == \
            [("post.level", 6, "the kernel invariant does not hold at the end")]


TWINS = {
    "count-add-2": (count("atomic_add(count[0], 2) then { mine[tid] = 1; };"), {"invariant.maintain"}),
    "count-no-then": (count("atomic_add(count[0], 1);"), {"invariant.maintain"}),
    "count-plain-read": (count(after="\n      int seen = count[0];"), {"perm.read"}),
    "flag": (FLAG.replace("STEP", "atomic_add(count[0], 1) then { seen[0] = 1; };"), set()),
    "flag-ghost-2": (FLAG.replace("STEP", "atomic_add(count[0], 1) then { seen[0] = 2; };"), {"invariant.maintain"}),
}


@pytest.mark.parametrize("name", TWINS)
def test_run_finds_what_check_finds(name):
    # The oracle: what check verifies runs clean; check's invariant.maintain and
    # permission errors happen on a run too, at the same clause (the run may add the
    # consequences: the postconditions that then fail).
    text, expected = TWINS[name]
    checked = {(d.code, d.span.start_line) for d in service.check_text(text, "k.pvl").diagnostics
               if d.severity.value == "error"}
    assert {code for code, _ in checked} == expected
    init = INPUTS[0] if "mine" in text else ()
    ran = {(d.code, d.span.start_line) for d in result(text, gsize=2, ngroups=2, init=init).diagnostics
           if d.severity.value == "error"}
    assert checked <= ran and (ran == set()) == (checked == set())


def test_a_then_block_that_branches_is_never_run_as_plain_writes():
    # type.ghost refuses it (semantics/ghosts.py); the run never takes its writes
    # without their condition.
    text = count("atomic_add(count[0], 1) then { if (tid > 0) { mine[tid] = 1; } };")
    assert result(text, gsize=2, ngroups=1, init=INPUTS[0]).verdict.value in ("rejected", "inconclusive")
