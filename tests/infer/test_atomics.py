"""`infer` on kernels with atomics (docs/language.md, "Atomics"): `atomic` on the cells
updated atomically (on every cell of the array where the cell is data-dependent), a
note that their values are not tracked, and `infer.cannot` where a cell updated
atomically is also accessed plainly between the same barriers (a race)."""
from __future__ import annotations

import pathlib

import pytest

from vercors_py import service

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "atomics" / "infer"


def infer(name: str):
    path = DATA / name
    return service.infer_text(path.read_text(), path.name, service.Options(timeout=10.0, jobs=1))


NOTE = "the values of cells updated atomically"


def test_a_counter_gets_atomic_and_the_note():
    result = infer("counter.pvl")
    assert result.verdict.value == "inferred, verified", [d.message for d in result.diagnostics]
    assert "requires Perm(c[0], atomic);" in result.text
    assert f"// {NOTE} (c) are not tracked" in result.text


def test_a_histogram_gets_atomic_on_every_bin_between_its_barriers():
    result = infer("histogram.pvl")
    assert result.verdict.value == "inferred, verified", [d.message for d in result.diagnostics]
    assert "Perm(bins[k__], atomic)" in result.text and NOTE in result.text


def test_a_counter_zeroed_by_one_thread_is_the_groups_to_hand_out_as_atomic():
    # Thread 0's write is what the group holds: its barriers hand it out as `atomic`,
    # then as a read share again (infer/reach.py: a later atomic is not added to
    # main's requires beside the write there).
    result = infer("counter-zeroed.pvl")
    assert result.verdict.value == "inferred, verified", [d.message for d in result.diagnostics]
    assert "requires lid == 0 ==> Perm(c[0], write);" in result.text
    assert "ensures  Perm(c[0], atomic);" in result.text


def test_with_several_groups_the_zeroed_counter_gets_a_contract_that_fails():
    # A barrier orders one group only: thread 0 of each group zeroing the counter races
    # with the other groups' atomics, and its write cannot be every group's.
    result = infer("counter-zeroed-groups.pvl")
    assert result.verdict.value == "inferred, not verified" and result.exit_code == 1


@pytest.mark.parametrize("name,cell", [("counter-racy.pvl", "`c[0]`"), ("histogram-racy.pvl", "`bins[lid]`")])
def test_a_cell_updated_atomically_and_accessed_plainly_gets_no_contract(name, cell):
    result = infer(name)
    assert result.verdict.value == "not inferred" and result.exit_code == 3
    [d] = result.diagnostics
    assert d.code == "infer.cannot" and cell in d.message and "plainly" in d.message


VALUE_INVARIANT = """kernel count {
  global int[1] count;
  global int[tcount] a;
  global int[tcount] mine;
  KERNEL_BLOCK
  void main() {
    if (a[tid] > 0) {
      atomic_add(count[0], 1) then { mine[tid] = 1; };
    }
  }
}
"""
KERNEL_BLOCK = """kernel {
    invariant Perm(count[0], write) ** (\\forall* int t; 0 <= t && t < tcount; Perm(mine[t], 1\\2));
    invariant count[0] == (\\sum int t; 0 <= t && t < tcount; mine[t]);
  }"""


@pytest.mark.parametrize("block, line", [(KERNEL_BLOCK, 6), ("", 8)])
def test_value_invariants_are_written_by_hand(block, line):
    # The threads' contract of a value invariant holds their halves of the ghost cells
    # and their values: not the permissions infer writes.  Refused at the invariant, or
    # at the `then` block without one.
    text = VALUE_INVARIANT.replace("KERNEL_BLOCK", block)
    result = service.infer_text(text, "k.pvl", service.Options(timeout=10.0, jobs=1))
    assert result.verdict.value == "not inferred"
    [d] = result.diagnostics
    assert d.code == "infer.cannot" and d.span.start_line == line and "written by hand" in d.message
