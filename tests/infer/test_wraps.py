"""`infer` writes a C index without a wrap-around the kernel's facts prove a no-op
(ranges.py), also where only a proof sees it (proofs.py: a relation between the terms,
the condition of the permission), and keeps every wrap that can happen: each kernel
beside a twin that must not verify."""
from __future__ import annotations

import pathlib

import pytest

from vercors_py import service
from vercors_py.cfamily.launch import Launch

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "infer"
PLANE_FACT = "tcount.x * tcount.y <= 2147483647"


def infer(name: str, *facts: str):
    path = DATA / name
    launch = Launch(facts=facts) if facts else None
    return service.infer_text(path.read_text(), str(path), service.Options(timeout=30.0, jobs=1, launch=launch))


def contract(result) -> str:
    return "\n".join(line for line in result.text.splitlines() if "Perm(" in line)


def test_a_size_t_row_under_its_condition_is_written_without_the_wrap():
    result = infer("size-t-rows.cu")
    assert result.verdict.value == "inferred, verified", [d.message for d in result.diagnostics]
    assert "18446744073709551616" not in contract(result)
    assert "Perm(a[(lid + gid * gsize) * n + j_], write)" in contract(result)


def test_a_size_t_row_one_cell_too_long_does_not_verify():
    result = infer("size-t-rows-racy.cu")
    assert result.verdict.value != "inferred, verified"
    assert any(d.code == "injectivity.quantified" for d in result.diagnostics), \
        [d.message for d in result.diagnostics]


def test_a_wrap_the_launch_rules_out_is_dropped_and_one_it_allows_is_kept():
    result = infer("wrap-scaled.cl", "tcount <= 65536")
    assert result.verdict.value == "inferred, verified", [d.message for d in result.diagnostics]
    assert "4294967296" not in contract(result)
    racy = infer("wrap-scaled-racy.cl")
    assert "% 4294967296" in contract(racy)
    assert racy.verdict.value == "inferred, not verified"
    assert any(d.code == "injectivity.quantified" for d in racy.diagnostics)


def test_a_plane_index_below_2_to_31_by_the_host_fact_is_written_without_its_wraps():
    result = infer("plane-index.cl", PLANE_FACT)
    # It verifies in about 20 s alone; on a loaded machine the engine's check of the
    # starting resources (nonlinear in the launch's sizes) may run out of time.
    assert result.verdict.value in ("inferred, verified", "inferred, unknown"), \
        [d.message for d in result.diagnostics]
    assert "Perm(out[tid.x + tid.y * tcount.x], write)" in contract(result)


def test_without_the_host_fact_the_plane_index_keeps_its_wraps_and_does_not_verify():
    result = infer("plane-index.cl")
    assert "% 4294967296 - 2147483648" in contract(result)
    assert result.verdict.value != "inferred, verified"


def test_a_proof_needs_the_condition_it_is_written_under():
    """`(size_t)(i - 1) * n + j` wraps for work-item 0 (a negative offset converted to
    size_t); under `lid >= 1` it does not."""
    from vercors_py.infer.proofs import Prover
    from vercors_py.syntax import ast as A

    def b(op, x, y):
        return A.Binary(op, x, y, span=None)

    def lit(v):
        return A.IntLit(v, span=None)
    lid, n, j, gsize = (A.Name(name, span=None) for name in ("lid", "n", "j", "gsize"))
    index = b("+", b("*", b("-", lid, lit(1)), n), j)
    goal = b("&&", b("<=", lit(0), index), b("<", index, lit(2**64)))
    prover = Prover([b("<=", n, lit(2**31 - 1)), b("<=", gsize, lit(1024))])
    ranges = (b("<=", lit(0), j), b("<", j, n))
    assert not prover.proves(goal, ranges)
    assert prover.proves(goal, ranges + (b(">=", lid, lit(1)),))


# As C runs them (tests/support/c_oracle): the race-free row kernel is clean on 2 groups
# of 4, its twin races there.
@pytest.mark.parametrize("name", ["size-t-rows"])
def test_the_twins_as_compiled(name):
    from tests.support import c_oracle
    why = c_oracle.available()
    if why is not None:
        pytest.skip(why)
    given = dict(scalars={"n": 8}, lengths={"a": 80})
    assert not c_oracle.run(DATA / f"{name}.cu", local=4, groups=2, **given).races
    assert c_oracle.run(DATA / f"{name}-racy.cu", local=4, groups=2, **given).races
