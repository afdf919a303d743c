"""`run` on atomics (issue 28): each atomic one step of its thread on the cell's newest
value, in every schedule; atomic beside atomic is no race, beside a plain access it is,
with both threads named; the amount `atomic` in the ledger of an annotated kernel."""
from __future__ import annotations

import pathlib

import pytest

from vercors_py import service
from vercors_py.run.model import RunOptions, Schedule
from tests.support.expectations import header

COUNT = """
kernel count {{
  global int[1] total;
  global int[gsize] a;
  context_everywhere ngroups == 1;
  requires {pre};
  void main() {{
    int old;
    {body}
  }}
}}
"""


def errors(text: str, **options) -> list[str]:
    result = service.run_text(text, "k.pvl", RunOptions(**options))
    return sorted(d.code for d in result.diagnostics if d.severity.value == "error")


@pytest.mark.parametrize("schedule", list(Schedule))
def test_interleaved_atomics_count_every_thread(schedule):
    body = ("if (lid == 0) { total[0] = 0; }\n    barrier(global);\n    old = atomic_add(total[0], 1);\n"
            "    assert 0 <= old && old < gsize;\n    barrier(global);\n    if (lid == 0) { assert total[0] == gsize; }")
    text = COUNT.format(pre="true", body=body)
    for seed in range(4):
        assert errors(text, schedule=schedule, seed=seed, contracts=False) == []


def test_every_operation_leaves_its_value():
    body = ("if (lid == 0) {\n      total[0] = 5;\n      old = atomic_min(total[0], 3);\n      assert old == 5;\n"
            "      old = atomic_cas(total[0], 3, 9);\n      assert old == 3 && total[0] == 9;\n"
            "      old = atomic_cas(total[0], 3, 1);\n      assert old == 9 && total[0] == 9;\n"
            "      old = atomic_exch(total[0], -2);\n      old = atomic_sub(total[0], 4);\n"
            "      assert old == -2 && total[0] == -6;\n    }")
    assert errors(COUNT.format(pre="true", body=body), contracts=False) == []


def test_an_atomic_beside_a_plain_read_races():
    text = COUNT.format(pre="true", body="atomic_add(total[0], 1);\n    a[lid] = total[0];")
    result = service.run_text(text, "k.pvl", RunOptions(contracts=False))
    [race] = [d for d in result.diagnostics if d.code == "race.data"]
    assert race.message.startswith("read-atomic race on total[0]: thread tid ")
    assert "atomically updates it (line 9)" in race.message and "reads it (line 10)" in race.message


def test_the_atomic_share_allows_atomics_and_nothing_else():
    pre = "Perm(total[0], atomic) ** Perm(a[tid], write)"
    assert errors(COUNT.format(pre=pre, body="old = atomic_add(total[0], 1);\n    a[tid] = old;")) == []
    assert "perm.read" in errors(COUNT.format(pre=pre, body="a[tid] = total[0];"))
    assert errors(COUNT.format(pre="Perm(a[tid], write)", body="atomic_add(total[0], 1);")) == ["perm.write"]
    # Beside an atomic share no plain share of the cell may exist.
    mixed = COUNT.format(pre=pre + " ** (tid == 0 ==> Perm(total[0], 1\\2))", body="atomic_add(total[0], 1);")
    assert errors(mixed) and set(errors(mixed)) <= {"vacuity.precondition", "distribution.group"}


CHECKED = pathlib.Path(__file__).resolve().parents[1] / "data" / "atomics"


@pytest.mark.parametrize("path", sorted(CHECKED.glob("*.pvl")), ids=lambda p: p.stem)
def test_run_agrees_with_check_on_its_atomics_kernels(path):
    # The oracle of tests/data/atomics (tests/engine/test_atomics.py): what check verifies
    # runs clean, and each failing twin's mistake happens on the run too.  `atomic` is
    # taken from a whole write (a barrier's group, the kernel, a caller) and leaves no
    # plain share behind (run/values.py, run/resources.subtract).
    verdict = header(path.read_text())[0]
    result = service.run_text(path.read_text(), path.name, RunOptions())
    assert (result.verdict.value == "clean") == (verdict == "verified"), \
        [(d.code, d.message) for d in result.diagnostics]
