"""The concrete interpreter (`vercors-py run`) on small kernels: each rule with a kernel
that breaks it beside a twin that does not, at the smallest sizes."""
from __future__ import annotations

import pytest

from vercors_py import service
from vercors_py.run.model import RunOptions, Schedule

SCHEDULES = list(Schedule)


def run(text: str, **options):
    return service.run_text(text, "k.pvl", RunOptions(**options))


def errors(result) -> set[str]:
    return {d.code for d in result.diagnostics if d.severity.value == "error"}


def only(result, code: str):
    found = [d for d in result.diagnostics if d.code == code]
    assert found, [d.message for d in result.diagnostics]
    return found[0]


# ---- data races ----

NEIGHBOUR = """
kernel k {
  global int[tcount] a;
  global int[tcount] b;
  void main() {
    a[tid] = tid;
    BARRIER
    b[tid] = a[(tid + 1) % tcount];
  }
}
"""


@pytest.mark.parametrize("schedule", SCHEDULES)
def test_a_read_of_a_neighbours_cell_without_a_barrier_is_a_race_naming_both_threads(schedule):
    result = run(NEIGHBOUR.replace("BARRIER", ""), gsize=2, ngroups=1, schedule=schedule)
    race = only(result, "race.data")
    assert "a[" in race.message and "line 6" in race.message and "line 8" in race.message
    assert "tid 0" in race.message and "tid 1" in race.message
    assert result.verdict.value == "problems" and result.exit_code == 1


@pytest.mark.parametrize("schedule", SCHEDULES)
def test_a_barrier_orders_the_accesses_of_one_group(schedule):
    text = NEIGHBOUR.replace("BARRIER", "barrier(global);")
    assert errors(run(text, gsize=3, ngroups=1, schedule=schedule)) == set()


def test_a_barrier_does_not_order_the_accesses_of_two_groups():
    text = NEIGHBOUR.replace("BARRIER", "barrier(global);")
    race = only(run(text, gsize=1, ngroups=2), "race.data")
    assert "different work groups" in race.message


def test_a_single_thread_has_nobody_to_race_with():
    assert errors(run(NEIGHBOUR.replace("BARRIER", ""), gsize=1, ngroups=1)) == set()


def test_local_memory_is_one_copy_per_group_so_groups_do_not_race_on_it():
    text = """
kernel k {
  local int[1] t;
  global int[tcount] out;
  void main() {
    if (lid == 0) { t[0] = gid; }
    barrier(local);
    out[tid] = t[0];
  }
}
"""
    assert errors(run(text, gsize=2, ngroups=3)) == set()
    racy = text.replace("if (lid == 0) { t[0] = gid; }", "t[0] = gid;")
    assert "race.data" in errors(run(racy, gsize=2, ngroups=1))


def test_two_reads_never_race():
    text = """
kernel k {
  global int[1] a;
  global int[tcount] out;
  void main() { out[tid] = a[0]; }
}
"""
    assert errors(run(text, gsize=4, ngroups=2)) == set()


def test_after_an_unfenced_barrier_a_thread_reads_the_old_value():
    # Thread 1 reads a cell thread 0 wrote before a barrier that fences local memory
    # only: no race (the barrier orders the accesses), but the value is the old one.
    text = """
kernel k {
  global int[tcount] a;
  void main() {
    if (lid == 0) { a[0] = 7; }
    barrier(FENCE);
    if (lid == 1) { assert a[0] == 7; }
  }
}
"""
    init = (("a", "0"),)
    assert errors(run(text.replace("FENCE", "global"), gsize=2, ngroups=1, init=init)) == set()
    assert errors(run(text.replace("FENCE", "local"), gsize=2, ngroups=1, init=init)) == {"assert.failed"}


# ---- divergence ----

DIVERGENT = """
kernel k {
  global int[tcount] a;
  void main() {
    if (GUARD) {
      barrier(global);
    }
  }
}
"""


@pytest.mark.parametrize("schedule", SCHEDULES)
def test_a_barrier_reached_by_part_of_a_group_is_divergence(schedule):
    result = run(DIVERGENT.replace("GUARD", "lid == 0"), gsize=2, ngroups=1, schedule=schedule)
    assert "divergence.reached" in errors(result)


@pytest.mark.parametrize("schedule", SCHEDULES)
def test_a_barrier_under_a_uniform_condition_is_not(schedule):
    assert errors(run(DIVERGENT.replace("GUARD", "gid == 0"), gsize=2, ngroups=2, schedule=schedule)) == set()


def test_a_non_uniform_condition_that_every_thread_takes_the_same_way_does_not_diverge():
    # The verifier rejects this statically; a run only sees what happens.
    assert errors(run(DIVERGENT.replace("GUARD", "lid >= 0"), gsize=2, ngroups=1)) == set()


def test_different_barriers_are_divergence():
    text = """
kernel k {
  void main() {
    if (lid == 0) { barrier(local); } else { barrier(local); }
  }
}
"""
    assert "divergence.reached" in errors(run(text, gsize=2, ngroups=1))
    assert errors(run(text, gsize=1, ngroups=1)) == set()


def test_loops_with_a_barrier_and_a_thread_dependent_trip_count_diverge():
    text = """
kernel k {
  void main() {
    for (int i = 0; i < 2 - lid; i = i + 1) { barrier(local); }
  }
}
"""
    for schedule in SCHEDULES:
        assert "divergence.reached" in errors(run(text, gsize=2, ngroups=1, schedule=schedule))
    assert errors(run(text, gsize=1, ngroups=2)) == set()


# ---- faults ----

def test_out_of_bounds_division_by_zero_and_failed_asserts():
    text = """
kernel k(int d) {
  global int[tcount] a;
  void main() {
    int x = 10 / (d - 1);
    assert x != 5;
    a[tid + d - 3] = x;
  }
}
"""
    assert errors(run(text, gsize=1, ngroups=1, params=(("d", 1),))) == {"div.zero"}
    assert errors(run(text, gsize=1, ngroups=1, params=(("d", 3),))) == {"assert.failed"}
    result = run(text, gsize=1, ngroups=1, params=(("d", 2),))
    assert errors(result) == {"bounds.index"}
    assert "index -1" in only(result, "bounds.index").message


def test_division_is_euclidean():
    text = """
kernel k {
  void main() {
    assert -7 / 2 == -4 && -7 % 2 == 1 && 7 / -2 == -3 && 7 % -2 == 1;
  }
}
"""
    assert errors(run(text, gsize=1, ngroups=1)) == set()


def test_a_loop_that_does_not_end_is_stopped_and_the_answer_is_inconclusive():
    text = """
kernel k {
  void main() {
    int i = 0;
    while (i >= 0) { i = i + 1; }
  }
}
"""
    result = run(text, gsize=1, ngroups=1, max_steps=500)
    assert "timeout.steps" in errors(result)
    assert result.verdict.value == "inconclusive" and result.exit_code == 4


def test_unbounded_recursion_of_procedures_is_stopped():
    text = """
kernel k {
  void down(int n) { down(n + 1); }
  void main() { down(0); }
}
"""
    result = run(text, gsize=1, ngroups=1)
    assert "timeout.steps" in errors(result) and result.verdict.value == "inconclusive"


# ---- contracts on the real state ----

OWN_CELL = """
kernel k {
  global int[tcount] a;
  requires Perm(a[tid], write);
  ensures  Perm(a[tid], write) ** a[tid] == tid;
  void main() {
    a[INDEX] = tid;
  }
}
"""


def test_an_access_needs_a_permission_and_the_report_names_who_holds_it():
    result = run(OWN_CELL.replace("INDEX", "(tid + 1) % tcount"), gsize=2, ngroups=1)
    perm = only(result, "perm.write")
    assert any(n.startswith("race: thread tid") for n in perm.notes)
    assert {"perm.write", "post.failed"} <= errors(result)
    assert errors(run(OWN_CELL.replace("INDEX", "tid"), gsize=2, ngroups=2)) == set()


def test_read_shares_are_duplicable_but_not_beside_a_write():
    text = """
kernel k {
  global int[1] a;
  global int[tcount] b;
  requires Perm(a[0], SHARE) ** Perm(b[tid], write);
  void main() { b[tid] = a[0]; }
}
"""
    assert errors(run(text.replace("SHARE", "read"), gsize=3, ngroups=2)) == set()
    assert errors(run(text.replace("SHARE", "1\\3"), gsize=3, ngroups=1)) == set()
    over = run(text.replace("SHARE", "1\\2"), gsize=3, ngroups=1)
    assert "distribution.group" in errors(over)
    assert "distribution.kernel" in errors(run(text.replace("SHARE", "1\\2"), gsize=1, ngroups=3))
    assert "distribution.group" in errors(run(text.replace("SHARE", "write"), gsize=2, ngroups=1))


def test_barrier_resources_cover_what_threads_get():
    text = """
kernel k {
  global int[tcount] a;
  context_everywhere ngroups == 1;
  requires Perm(a[tid], write);
  void main() {
    barrier(global) {
      ensures Perm(a[SHIFT], write);
    }
  }
}
"""
    assert errors(run(text.replace("SHIFT", "(tid + 1) % gsize"), gsize=3)) == set()
    result = run(text.replace("SHIFT", "0"), gsize=2)
    assert "barrier.resources" in errors(result)
    assert "race:" in " ".join(only(result, "barrier.resources").notes)


def test_a_barrier_postcondition_must_follow_from_the_real_state():
    text = """
kernel k {
  global int[tcount] a;
  context_everywhere ngroups == 1;
  requires Perm(a[tid], write);
  void main() {
    a[tid] = VALUE;
    barrier(global) {
      ensures Perm(a[(tid + 1) % gsize], read) ** a[(tid + 1) % gsize] == (tid + 1) % gsize;
    }
  }
}
"""
    assert errors(run(text.replace("VALUE", "tid"), gsize=2)) == set()
    assert "barrier.functional" in errors(run(text.replace("VALUE", "tid + 1"), gsize=2))


def test_loop_invariants_are_checked_on_entry_and_after_every_iteration():
    text = """
kernel k {
  global int[tcount] a;
  requires Perm(a[tid], write);
  void main() {
    int s = 0;
    loop_invariant Perm(a[tid], write) ** 0 <= i && i <= 3 && s == INV;
    for (int i = 0; i < 3; i = i + 1) { s = s + 2; }
  }
}
"""
    assert errors(run(text.replace("INV", "2 * i"), gsize=1, ngroups=1)) == set()
    assert errors(run(text.replace("INV", "i"), gsize=1, ngroups=1)) == {"loop.maintain"}
    assert errors(run(text.replace("INV", "2 * i + 1"), gsize=1, ngroups=1)) >= {"loop.establish"}


def test_a_loop_body_runs_on_the_invariants_permissions_only():
    text = """
kernel k {
  global int[tcount] a;
  requires Perm(a[tid], write);
  void main() {
    INVARIANT
    for (int i = 0; i < 2; i = i + 1) { a[tid] = i; }
    a[tid] = 5;
  }
}
"""
    assert errors(run(text.replace("INVARIANT", "loop_invariant Perm(a[tid], write);"), gsize=1)) == set()
    result = run(text.replace("INVARIANT", "loop_invariant 0 <= i;"), gsize=1)
    assert errors(result) == {"perm.write"}      # in the body; after the loop it is back


def test_procedures_are_run_against_their_contracts():
    text = """
kernel k {
  global int[tcount] a;
  requires Perm(a[i], write);
  ensures  Perm(a[i], write) ** a[i] == \\old(a[i]) + 1;
  void inc(int i) { a[i] = a[i] + BODY; }

  requires Perm(a[tid], write);
  void main() { inc(CALL); }
}
"""
    assert errors(run(text.replace("BODY", "1").replace("CALL", "tid"), gsize=2)) == set()
    assert errors(run(text.replace("BODY", "2").replace("CALL", "tid"), gsize=2)) == {"post.failed"}
    assert "pre.call" in errors(run(text.replace("BODY", "1").replace("CALL", "(tid + 1) % tcount"), gsize=2))


def test_thread_facts_about_local_memory_do_not_hold_at_launch():
    text = """
kernel k {
  local int[gsize] t;
  requires Perm(t[lid], write) ** t[lid] == 0;
  void main() { }
}
"""
    assert "pre.level" in errors(run(text, gsize=4, ngroups=1, seed=3))


def test_inputs_meet_the_precondition_when_it_pins_cells_down():
    text = """
kernel k {
  global int[tcount] a;
  requires Perm(a[tid], write) ** a[tid] == 2 * tid;
  ensures Perm(a[tid], write) ** a[tid] == 2 * tid + 1;
  void main() { a[tid] = a[tid] + 1; }
}
"""
    result = run(text)
    assert errors(result) == set() and result.verdict.value == "clean"
    assert all(r.ran for r in result.launches)


def test_user_inputs_that_miss_the_precondition_get_a_warning():
    text = """
kernel k {
  global int[tcount] a;
  requires Perm(a[tid], read) ** a[tid] > 0;
  void main() { }
}
"""
    result = run(text, gsize=2, ngroups=1, init=(("a", "i - 1"),))
    assert [d.code for d in result.diagnostics] == ["run.inputs"]


def test_user_inputs_that_miss_the_precondition_are_one_note_not_errors():
    """What a run on inputs the contract does not speak of finds is their consequence:
    one note, and the launch is not run (a workshop participant got 11 errors)."""
    text = """
kernel k {
  global int[tcount] a;
  requires Perm(a[tid], write) ** a[tid] > 0;
  ensures Perm(a[tid], write) ** a[tid] > 1;
  void main() { a[tid] = a[tid] + 1; }
}
"""
    result = run(text, gsize=4, ngroups=1, init=(("a", "i - 1"),))
    [note] = result.diagnostics
    assert note.code == "run.inputs" and "not run" in note.message
    assert not any(r.ran for r in result.launches) and result.verdict.value == "inconclusive"


def test_abstract_functions_get_one_interpretation_and_unbounded_quantifiers_are_skipped():
    text = """
pure int f(int i);
kernel k {
  global int[tcount] a;
  requires Perm(a[tid], write);
  ensures Perm(a[tid], write) ** a[tid] == f(tid) ** (\\forall int j; j == j);
  void main() { a[tid] = f(tid); }
}
"""
    result = run(text, gsize=2, ngroups=2)
    assert errors(result) == set()
    assert [d.code for d in result.diagnostics] == ["run.unevaluated"]
    wrong = run(text.replace("a[tid] = f(tid);", "a[tid] = f(tid) + 1;"), gsize=2, ngroups=1)
    assert "post.failed" in errors(wrong)


def test_an_unannotated_kernel_is_run_for_races_and_faults_only():
    text = """
kernel k {
  global int[tcount] a;
  void main() { a[tid] = 1; }
}
"""
    assert errors(run(text, gsize=4, ngroups=2)) == set()


def test_sizes_follow_the_contexts():
    text = """
kernel k(int n) {
  global int[n] a;
  context_everywhere ngroups == 1 && gsize % 2 == 0 && n == gsize;
  void main() { }
}
"""
    result = run(text, sweep=True)
    sizes = [(r.launch.gsize, r.launch.ngroups, dict(r.launch.params)["n"]) for r in result.launches]
    assert sizes == [(2, 1, 2), (4, 1, 4), (6, 1, 6), (8, 1, 8)]


def test_launches_meet_the_memory_free_facts_of_the_thread_precondition():
    # `tid < n` is the launch's to meet (as a C pointer's length is): a launch that breaks
    # it is not one the contract speaks of, so it is not run, and the others are clean.
    text = """
kernel k(int n) {
  global int[n] a;
  context_everywhere n >= 0;
  requires tid < n;
  requires Perm(a[tid], write);
  void main() { a[tid] = 1; }
}
"""
    result = run(text, sweep=True)
    assert errors(result) == set() and result.launches
    assert all(dict(r.launch.params)["n"] >= r.launch.gsize * r.launch.ngroups for r in result.launches)


def test_the_trace_marks_the_two_racing_steps():
    result = run(NEIGHBOUR.replace("BARRIER", ""), gsize=2, ngroups=1, trace=True, schedule=Schedule.ROUND_ROBIN)
    launch = next(r for r in result.launches if r.marked)
    marked = [s for s in launch.trace if s.step in launch.marked]
    assert len(marked) == 2
    assert {s.thread.lid for s in marked} == {0, 1}
    assert launch.trace[-1].step == max(launch.marked)


def test_the_same_seed_gives_the_same_run():
    text = NEIGHBOUR.replace("BARRIER", "")
    first = run(text, gsize=3, ngroups=2, seed=5, trace=True)
    second = run(text, gsize=3, ngroups=2, seed=5, trace=True)
    assert first.diagnostics == second.diagnostics
    def shown(result):      # symbols compare by identity, so compare what a user sees
        return [[(s.step, s.thread, s.span, [(v, c.describe(), x) for v, c, x in s.accesses]) for s in r.trace]
                for r in result.launches]
    assert shown(first) == shown(second) and shown(first)[0]


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_inputs_pinned_by_an_abstract_function_meet_the_precondition_at_every_seed(seed):
    text = """
pure int f(int i);
kernel k {
  global int[tcount] a;
  requires Perm(a[tid], read) ** a[tid] == f(tid);
  void main() { assert a[tid] == f(tid); }
}
"""
    result = run(text, gsize=4, ngroups=2, seed=seed)
    assert all(r.ran for r in result.launches) and result.verdict.value == "clean"


# ---- quantifiers over two variables ----

TWO_VARIABLES = """
kernel k {
  global int[gsize * gsize] a;
  context_everywhere ngroups == 1;
  requires (\\forall* int i, j; 0 <= i && i < gsize && 0 <= j && j < gsize && i == lid; Perm(a[i * gsize + j], write));
  ensures  (\\forall int i, j; 0 <= i && i < gsize && 0 <= j && j < gsize && i == lid; a[i * gsize + j] == WANTED);
  void main() {
    loop_invariant 0 <= j && j <= gsize;
    loop_invariant (\\forall* int r, c; 0 <= r && r < gsize && 0 <= c && c < gsize && r == lid; Perm(a[r * gsize + c], write));
    loop_invariant (\\forall int c; 0 <= c && c < j; a[lid * gsize + c] == c);
    for (int j = 0; j < gsize; j = j + 1) { a[lid * gsize + j] = j; }
  }
}
"""


def test_a_quantifier_over_two_variables_runs_over_both_ranges():
    """`(\\forall int i, j; c; b)` nests two quantifiers with c on the inner one; the run
    reads both variables' bounds off c and evaluates the clause, so a wrong one fails."""
    assert errors(run(TWO_VARIABLES.replace("WANTED", "j"))) == set()
    assert "post.failed" in errors(run(TWO_VARIABLES.replace("WANTED", "i")))
    assert not any(d.code == "run.unevaluated" for d in run(TWO_VARIABLES.replace("WANTED", "j")).diagnostics)
