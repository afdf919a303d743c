"""`infer` where an index is no expression of the ids and parameters at a point (whole.py,
branches.py, jumps.py, counters.py, inductions.py, pragmas.py, a template's instantiations): each kernel infer now
gives a contract that verifies, beside a racy twin whose inferred contract `check` does
not verify (infer only proposes)."""
from __future__ import annotations

import pathlib

import pytest

from vercors_py import service
from vercors_py.cfamily.launch import Launch

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "infer"


def infer(name: str, *facts: str):
    path = DATA / name
    launch = Launch(facts=facts) if facts else None
    return service.infer_text(path.read_text(), str(path), service.Options(timeout=20.0, jobs=1, launch=launch))


# (race-free kernel, its racy twin, the host facts of both)
TWINS = [
    # whole.py: a table no thread writes, read at an index read from memory.
    ("table.cl", "table-racy.cl", ("\\length(table) == 256",)),
    # branches.py: `j` is `i % 2 == 0 ? i + 1 : -1` after the branch.
    ("swap-choice.cl", "swap-choice-racy.cl", ()),
    # jumps.py: a `break` in a loop without a barrier.
    ("break-loop.cl", "break-loop-racy.cl", ("0 <= n && n <= 16", "tcount <= 65536")),
    # counters.py: `i % 2^32 < n`, a signed counter against an unsigned bound.
    ("unsigned-bound.cl", "unsigned-bound-racy.cl", ("n <= 4", "tcount <= 65536")),
    # inductions.py: `base += 4` once per iteration is `g * 16 + k * 4` (and pragmas.py:
    # the loop's annotation goes above its `#pragma unroll`).
    ("induction.cl", "induction-racy.cl", ("tcount <= 65536",)),
]


@pytest.mark.parametrize("ok, racy, facts", TWINS)
def test_the_kernel_verifies_and_its_racy_twin_does_not(ok, racy, facts):
    result = infer(ok, *facts)
    assert result.verdict.value == "inferred, verified", [d.message for d in result.diagnostics]
    twin = infer(racy, *facts)
    assert twin.verdict.value == "inferred, not verified", [d.message for d in twin.diagnostics]


def test_a_table_is_read_whole_and_needs_no_bound_of_its_own():
    result = infer("table.cl", "\\length(table) == 256")
    assert "(\\forall* int k_; 0 <= k_ && k_ < \\length(table); Perm(table[k_], read))" in result.text
    assert "k_ < \\length(table); 0 <= k_" not in result.text


def test_an_array_some_thread_writes_is_not_read_whole(tmp_path):
    path = tmp_path / "written-table.cl"
    text = (DATA / "table.cl").read_text().replace("__constant int *table", "__global int *table")
    path.write_text(text.replace("out[i] = table[key[i] % 256];", "out[i] = table[key[i] % 256];\n  table[i] = 0;"))
    result = service.infer_text(path.read_text(), str(path), service.Options(timeout=20.0, jobs=1))
    assert result.verdict.value == "not inferred"
    assert "reads memory" in result.diagnostics[0].message, [d.message for d in result.diagnostics]


def test_a_choice_is_written_as_its_cases():
    result = infer("swap-choice.cl")
    contract = result.text.split("@*/")[0]
    assert "a[tid + 1]" in contract and "a[-1]" not in contract and ": -1" not in contract


def test_a_break_in_a_loop_with_a_barrier_is_not_read(tmp_path):
    path = tmp_path / "break-barrier.cl"
    path.write_text("__kernel void k(__global int *a, int n) {\n"
                    "  for (int i = 0; i < n; i++) {\n"
                    "    a[get_global_id(0)] = i;\n"
                    "    if (i == 3) break;\n"
                    "    barrier(CLK_GLOBAL_MEM_FENCE);\n"
                    "  }\n"
                    "}\n")
    result = service.infer_text(path.read_text(), str(path), service.Options(timeout=20.0, jobs=1))
    assert result.verdict.value == "not inferred"
    assert "jump" in result.diagnostics[0].message


def test_one_template_of_several_kernels_with_one_contract_gets_it():
    result = infer("template-two-instances.cu")
    assert result.verdict.value == "inferred, verified", [d.message for d in result.diagnostics]
    assert result.kernels == ("fill<int>", "fill<float>")
    assert result.text.count("/*@") == 1
    racy = infer("template-two-instances-racy.cu")
    assert racy.verdict.value == "inferred, not verified"


def test_one_template_of_several_kernels_with_different_contracts_gets_none():
    result = infer("template-two-values.cu")
    assert result.verdict.value == "not inferred"
    assert "whose contracts differ" in result.diagnostics[0].message


def test_an_induction_states_its_value_above_the_pragma():
    result = infer("induction.cl", "tcount <= 65536")
    assert "loop_invariant base == tid * 16 + k * 4;" in result.text
    assert result.text.index("loop_invariant base") < result.text.index("#pragma unroll")


def test_a_step_under_a_branch_is_no_induction(tmp_path):
    path = tmp_path / "branch-step.cl"
    path.write_text((DATA / "induction.cl").read_text().replace("base += 4;", "if (k % 2 == 0) base += 4;"))
    result = service.infer_text(path.read_text(), str(path), service.Options(timeout=20.0, jobs=1))
    assert result.verdict.value == "not inferred"
    assert "base" in result.diagnostics[0].message


# The twins as C runs them (tests/support/c_oracle): each race-free kernel is clean on a
# launch of 2 groups of 4, each racy twin races there.
ORACLE_RUNS = [
    ("table", dict(lengths={"table": 256, "key": 8, "out": 8})),
    ("swap-choice", dict(lengths={"a": 8})),
    ("break-loop", dict(scalars={"n": 4}, lengths={"in": 40, "out": 8}, fills={"in": (1, 1, 1, 1)})),
    ("unsigned-bound", dict(scalars={"n": 4}, lengths={"a": 40})),
    ("induction", dict(lengths={"out": 160})),
]


@pytest.mark.parametrize("name, given", ORACLE_RUNS)
def test_the_twins_as_compiled(name, given):
    from tests.support import c_oracle
    why = c_oracle.available()
    if why is not None:
        pytest.skip(why)
    assert not c_oracle.run(DATA / f"{name}.cl", local=4, groups=2, **given).races
    assert c_oracle.run(DATA / f"{name}-racy.cl", local=4, groups=2, **given).races
