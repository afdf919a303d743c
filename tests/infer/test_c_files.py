"""`infer` on CUDA and OpenCL files (issue 26): the written file reads back (the contract
where the front end reads it, names it can name, conditionals in parentheses), the
launch and host facts are those of `races` and `check` (`--gsize`, `--assume`, ...),
the facts are written into the contract, and what the verdict rests on is said.  Each
kernel that verifies with the right facts has a twin (a wrong fact) that does not."""
from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

from vercors_py import service
from vercors_py.cfamily.launch import Launch

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "infer"


def infer(name: str, *facts: str):
    path = DATA / name
    launch = Launch(facts=facts) if facts else None
    return service.infer_text(path.read_text(), str(path), service.Options(timeout=20.0, jobs=1, launch=launch))


def cli(*args: str):
    return subprocess.run([sys.executable, "-m", "vercors_py", "infer", *args], capture_output=True, text=True)


def test_the_host_facts_are_given_as_to_races_and_written_into_the_contract(tmp_path):
    path = tmp_path / "column-major.cl"
    path.write_text((DATA / "column-major.cl").read_text())
    done = cli("--assume", "M == tcount.x", "--write", str(path))
    assert done.returncode == 0, done.stderr
    assert "inferred, verified" in done.stderr
    written = path.read_text()
    assert "context_everywhere M == tcount.x;" in written
    # The written file stands alone: `check` needs no option.
    checked = subprocess.run([sys.executable, "-m", "vercors_py", "check", str(path)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout


def test_without_the_fact_or_with_a_wrong_one_the_contract_does_not_verify():
    assert infer("column-major.cl").verdict.value != "inferred, verified"
    # M one less than a column: work-items of neighbouring columns share a cell.
    wrong = infer("column-major.cl", "M == tcount.x - 1")
    assert wrong.verdict.value == "inferred, not verified"
    assert any(d.code.startswith("injectivity") for d in wrong.diagnostics)


def test_a_conditional_bound_is_written_in_parentheses_and_judged():
    ok = infer("conditional-bound.cl", "0 <= m", "m <= n", "n <= 1024")
    assert ok.verdict.value == "inferred, verified", [d.message for d in ok.diagnostics]
    assert "i_ < (gid == ngroups - 1 ? m : n)" in ok.text
    # The last group's rows one longer than the others' distance: they overlap.
    racy = infer("conditional-bound.cl", "0 <= m", "m <= n + 1", "n <= 1024")
    assert racy.verdict.value != "inferred, verified"


@pytest.mark.parametrize("name, before", [("split-declaration.cl", "__kernel __attribute__"),
                                          ("template-declaration.cu", "template <typename T>")])
def test_the_contract_goes_before_the_whole_declaration(name, before):
    result = infer(name)
    assert result.verdict.value == "inferred, verified", [d.message for d in result.diagnostics]
    assert result.text.index("@*/") < result.text.index(before)


def test_a_local_named_like_a_reserved_name_is_written_by_its_value():
    result = infer("renamed-id.cu")
    assert result.verdict.value == "inferred, verified", [d.message for d in result.diagnostics]
    annotations = [part.split("@*/")[0] for part in result.text.split("/*@")[1:]]
    assert annotations and not any("'" in a for a in annotations)


def test_the_verdict_says_what_it_assumed():
    done = cli(str(DATA / "split-declaration.cl"))
    assert done.returncode == 0
    assert "inferred, verified for launches of 1 dimension" in done.stderr


def test_the_launch_options_are_those_of_races():
    # A group size fixed on the command line: the local array of 64 cells is then inside.
    done = cli("--gsize", "64", "--ngroups", "2", str(DATA / "split-declaration.cl"))
    assert done.returncode == 0, done.stderr
    refused = cli("--gsize", "0", str(DATA / "split-declaration.cl"))
    assert refused.returncode == 2


@pytest.mark.parametrize("name, facts", [("early-return.cl", ()), ("unsigned-counter.cl", ("n <= 1024",))])
def test_early_returns_and_unsigned_counters_are_read(name, facts):
    result = infer(name, *facts)
    assert result.verdict.value == "inferred, verified", [d.message for d in result.diagnostics]
    racy = infer(name.replace(".cl", "-racy.cl"), *facts)
    assert racy.verdict.value != "inferred, verified"


@pytest.mark.parametrize("name", ["conditional-read.cu", "short-circuit-read.cl", "window-sum.cu",
                                  "strided-step-local.cl"])
def test_a_read_is_claimed_where_c_evaluates_it_and_a_loop_counter_is_written_by_values(name):
    # `i < 1 ? 0 : in[i - 1]` and `i > 0 && in[i - 1] > 0` read `in[i - 1]` only where
    # `i >= 1`: claimed always, its bound would ask for `in[-1]` (vacuity.precondition).
    # `offset <= R` in a loop after the barrier: its bound `R + 1` is the barrier's `4`,
    # one read share (two 1\2 would be the cell's whole).  `k += nloc` after
    # `nloc = get_local_size(0)`: the invariant's grid is `% gsize`, not `% nloc`, of
    # which it knows nothing (not even that it is not zero).
    result = infer(name)
    assert result.verdict.value == "inferred, verified", [d.message for d in result.diagnostics]


@pytest.mark.parametrize("name", ["conditional-read-racy.cu", "short-circuit-read-racy.cl", "window-sum-racy.cu",
                                  "strided-step-local-racy.cl"])
def test_the_racy_twins_of_reads_under_conditions_do_not_verify(name):
    assert infer(name).verdict.value != "inferred, verified"


@pytest.mark.parametrize("name, facts", [("broadcast-read.cl", ()), ("doubling-unsigned-bound.cl", ("n <= 64",))])
def test_a_cell_all_read_is_a_read_share_and_an_int_counter_counts_against_an_unsigned_bound(name, facts):
    # `t[0]` read by every work-item: `read`, not `1\3` (64 thirds of one cell).  `s < n`
    # with `uint n` is `s % 2^32 < n`: the counter is read through the conversion.
    result = infer(name, *facts)
    assert result.verdict.value == "inferred, verified", [d.message for d in result.diagnostics]
    annotations = [part.split("@*/")[0] for part in result.text.split("/*@")[1:]]
    assert annotations and not any("1\\" in a for a in annotations)
    racy = infer(name.replace(".cl", "-racy.cl"), *facts)
    assert racy.verdict.value != "inferred, verified"


def test_without_its_host_fact_the_doubling_counter_may_overflow():
    result = infer("doubling-unsigned-bound.cl")
    assert result.verdict.value == "inferred, not verified"
    assert [d.code for d in result.diagnostics if d.severity.value == "error"] == ["arith.overflow"]


def test_an_index_choosing_between_two_cells_is_a_permission_per_arm():
    result = infer("choice-index.cl")
    assert result.verdict.value == "inferred, verified", [d.message for d in result.diagnostics]
    assert "!(flip != 0) ==> Perm(out[255 - tid], write)" in result.text
    # The halving arm's race is found, not left to a solver that cannot invert the choice.
    racy = infer("choice-index-racy.cl")
    assert racy.verdict.value == "inferred, not verified"
    assert any(d.code == "injectivity.quantified" for d in racy.diagnostics)


def test_an_array_no_thread_writes_is_a_read_share_of_all_of_it():
    # One chunk the solver inverts at once; the accesses' cells over two counters it
    # cannot compare at the loop's entry in its time.  The twin writes a cell of `m`:
    # no longer read-only, its cells are the accesses', and the race is found.
    result = infer("read-only-whole.cl")
    assert result.verdict.value == "inferred, verified", [d.message for d in result.diagnostics]
    assert "(\\forall* int k_; 0 <= k_ && k_ < \\length(m); Perm(m[k_], read))" in result.text
    racy = infer("read-only-whole-racy.cl")
    assert racy.verdict.value != "inferred, verified"
    assert "Perm(m[k_], read)" not in racy.text


def test_a_condition_around_later_points_is_written_by_its_locals_values():
    # Points made inside `if (!(y >= height || x >= width)) { ... }` (an early return)
    # state it by the values of `x` and `y`, as every other clause: an invariant knows
    # nothing of the locals.
    from vercors_py import frontend
    from vercors_py.infer.program import inferred_text
    path = DATA / "early-return-local.cu"
    analysis = service.analyze(path.read_text(), str(path))
    text, kernels, problems, _ = inferred_text(analysis.checked, path.read_text(), frontend.for_path(str(path)).comment_contracts)
    assert kernels == ("blur",) and not problems
    annotations = [part.split("@*/")[0] for part in text.split("/*@")[1:]]
    assert annotations and not any("!(y >= height" in a for a in annotations)
    assert infer("early-return-local-racy.cu").verdict.value != "inferred, verified"


def test_a_condition_uniform_by_a_host_fact_keeps_its_barriers_from_diverging():
    # `i < N` holds for every work-item when N == tcount.x: the solver decides it uniform.
    ok = infer("uniform-by-fact.cl", "N == 1024", "N == tcount.x")
    assert ok.verdict.value == "inferred, verified", [d.message for d in ok.diagnostics]
    # Groups of one work-item cannot diverge, whichever work-item skips the branch.
    single = service.infer_text((DATA / "uniform-by-fact.cl").read_text(), "uniform-by-fact.cl", service.Options(
        timeout=20.0, jobs=1, launch=Launch(local=(1,), facts=("N == 1024", "N == tcount.x - 1"))))
    assert single.verdict.value == "inferred, verified", [d.message for d in single.diagnostics]


@pytest.mark.parametrize("launch", [Launch(facts=("N == 1024",)),
                                    Launch(facts=("N == 1024", "N == tcount.x - 1")),
                                    Launch(local=(2,), groups=(2,), facts=("N == 3",))],
                         ids=["no-fact", "one-short", "two-groups-of-two"])
def test_without_the_fact_the_condition_still_diverges(launch):
    result = service.infer_text((DATA / "uniform-by-fact.cl").read_text(), "uniform-by-fact.cl",
                                service.Options(timeout=20.0, jobs=1, launch=launch))
    assert result.verdict.value == "inferred, not verified"
    assert any(d.code == "divergence.barrier" for d in result.diagnostics)


def test_a_helpers_counter_named_like_the_kernels_is_written_by_the_helpers_name():
    ok = infer("helper-counter.cl")
    assert ok.verdict.value == "inferred, verified", [d.message for d in ok.diagnostics]
    annotations = [part.split("@*/")[0] for part in ok.text.split("/*@")[1:]]
    assert "loop_invariant 0 <= i && (i == 0 || i <= 4);" in annotations[0]
    assert not any("'" in a for a in annotations)
    racy = infer("helper-counter-racy.cl")
    assert racy.verdict.value == "inferred, not verified"
    assert any(d.code.startswith("injectivity") for d in racy.diagnostics)


def test_a_butterfly_pair_is_a_permission_per_cell_each_inverted_exactly():
    """A fast Walsh transform's pair `2*step*(t/step) + t%step` and its partner `+ step`
    (engine/execution/butterfly.py); the twins move the partner onto another work-item's pair."""
    facts = ("step >= 1", "step <= tcount.x", "tcount.x % step == 0", "tcount.x <= 1073741823")
    ok = infer("butterfly.cl", *facts)
    assert ok.verdict.value == "inferred, verified", [d.message for d in ok.diagnostics]
    for name in ("butterfly-racy.cl", "butterfly-flat-racy.cl"):
        racy = infer(name, *facts)
        assert racy.verdict.value == "inferred, not verified", name
        assert any(d.code == "distribution.kernel" for d in racy.diagnostics), name
