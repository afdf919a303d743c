"""`vercors-py infer`: contracts written for kernels without one, checked by the verifier.
The kernels are those of `races` (tests/data/protocols): each race-free one that `infer`
can express gets a contract that verifies; no racy one gets a contract that verifies
(the verifier judges the result, so `infer` cannot make a racy kernel pass); what it
cannot express it says, with the access and why."""
from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

from tests.support.expectations import races_header
from vercors_py import service

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "protocols"
KERNELS = sorted(DATA.glob("*.pvl"))
EXPRESSIBLE = ["straight-line-race-free", "barrier-race-free", "loop-race-free", "nested-loops-race-free",
               "groups-race-free", "local-memory-race-free", "data-dependent-race-free"]


def infer(path: pathlib.Path):
    return service.infer_text(path.read_text(), path.name, service.Options(timeout=10.0, jobs=1))


@pytest.mark.parametrize("stem", EXPRESSIBLE)
def test_the_inferred_contract_of_a_race_free_kernel_verifies(stem):
    result = infer(DATA / f"{stem}.pvl")
    assert result.verdict.value == "inferred, verified", [d.message for d in result.diagnostics]
    assert "requires " in result.text and result.exit_code == 0


@pytest.mark.parametrize("path", [p for p in KERNELS if races_header(p.read_text()) == "racy"], ids=lambda p: p.stem)
def test_no_racy_kernel_gets_a_contract_that_verifies(path):
    result = infer(path)
    assert result.verdict.value != "inferred, verified"
    assert result.exit_code != 0


def test_what_cannot_be_expressed_is_named_with_the_reason():
    result = infer(DATA / "data-dependent-racy.pvl")
    assert result.verdict.value == "not inferred" and result.exit_code == 3
    [d] = result.diagnostics
    assert d.code == "infer.cannot" and "`b[tid]`" in d.message and d.span.start_line == 7
    loop = infer(DATA / "loop-barrier-race-free.pvl")
    assert "barrier inside a branch or loop" in loop.diagnostics[0].message


def test_loops_get_invariants_with_their_counters_range():
    text = infer(DATA / "loop-race-free.pvl").text
    assert "loop_invariant 0 <= j && (j == 0 || j <= n);" in text
    assert "(\\forall* int j_; 0 <= j_ && j_ < n; Perm(a[tid * n + j_], write))" in text


def test_a_kernel_with_a_contract_is_left_alone():
    demo = pathlib.Path(__file__).resolve().parents[2] / "examples" / "seed004-fig8-demo.pvl"
    result = service.infer_text(demo.read_text(), "demo.pvl")
    assert result.verdict.value == "not inferred" and "has a contract already" in result.diagnostics[0].message


def test_the_command_prints_or_writes_the_result(tmp_path):
    path = tmp_path / "k.pvl"
    path.write_text((DATA / "barrier-race-free.pvl").read_text())
    shown = subprocess.run([sys.executable, "-m", "vercors_py", "infer", str(path)], capture_output=True, text=True)
    assert shown.returncode == 0 and "barrier(local) {" in shown.stdout and "inferred, verified" in shown.stderr
    assert "requires" not in path.read_text()
    wrote = subprocess.run([sys.executable, "-m", "vercors_py", "infer", "--write", str(path)],
                           capture_output=True, text=True)
    assert wrote.returncode == 0 and path.read_text() == shown.stdout
    checked = subprocess.run([sys.executable, "-m", "vercors_py", "check", str(path)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout
