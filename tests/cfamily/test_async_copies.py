"""OpenCL's asynchronous copies (cfamily/async_copies.py, docs/cfamily.md "Asynchronous
copies"): the kernels of tests/data/async, each beside its twin.  `-ok` kernels are
race-free, `-racy` ones racy (a race, `divergence.collective` where the copy is not
called by the whole group with the same arguments, or `divergence.unwaited` where the
kernel may end with the copy in flight), `-unknown` ones unknown (a copy
through NULL), `-refused` ones rejected with the code their third line names.  The compiled oracle, whose stub of the copy lets the
group's first work-item move every element (a valid execution), finds no race in a
kernel `races` calls race-free, and finds the race of each racy kernel whose race that
execution shows."""
from __future__ import annotations

import functools
import pathlib

import pytest

from tests.support import c_oracle, twins
from vercors_py import service
from vercors_py.diagnostics import Severity

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "async"
FILES = sorted(DATA.glob("*.cl"))
OPTIONS = service.Options(timeout=10.0, jobs=1)
# Racy kernels whose race the oracle's execution does not show: in it one work-item
# moves every element at the call (two-copies, and the in-flight kernels, whose race is
# with a later move), and a copy called with differing arguments or by some work-items
# only, or not waited for, is undefined, not a race of the stub.
NOT_SHOWN = {"two-copies-racy.cl", "argument-racy.cl", "divergent-racy.cl", "pointer-choice-racy.cl",
             "in-flight-racy.cl", "in-flight-source-racy.cl", "in-flight-loop-racy.cl", "not-waited-racy.cl",
             "returned-racy.cl"}


@functools.cache
def _races(path: pathlib.Path):
    return service.races_file(str(path), OPTIONS)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_races_gives_each_kernel_its_verdict(path):
    result = _races(path)
    codes = {d.code for d in result.diagnostics if d.severity is Severity.ERROR}
    match twins.kind(path):
        case "ok":
            assert result.verdict.value == "race-free", [d.message for d in result.diagnostics]
        case "racy":
            assert result.verdict.value == "racy" \
                and codes & {"race.data", "divergence.collective", "divergence.unwaited"}, codes
        case "unknown":
            assert result.verdict.value == "unknown" and "bounds.null" in codes, codes
        case "refused":
            expected = path.read_text().splitlines()[2].removeprefix("// refused: ")
            assert result.verdict.value == "rejected" and codes == {expected}, codes


def test_every_kernel_has_a_twin_or_is_refused():
    names = {p.name for p in FILES}
    for path in FILES:
        if twins.kind(path) in ("racy", "unknown"):
            assert path.name.replace(f"-{twins.kind(path)}.", "-ok.") in names, path.name
    assert {twins.kind(p) for p in FILES} == {"ok", "racy", "refused", "unknown"}


def test_check_verifies_no_copy():
    """`check` cannot give the work-item that moves an element its permission: every
    kernel with a copy fails, none is verified wrongly."""
    result = service.check_file(str(DATA / "to-local-ok.cl"), OPTIONS)
    assert result.verdict.value == "failed"


@pytest.mark.parametrize("name", ["not-waited-racy.cl", "returned-racy.cl"])
def test_a_copy_the_kernel_may_end_without_waiting_for_is_an_error_of_every_analysis(name):
    """OpenCL leaves it undefined: `races` and `check` both report it, at the copy."""
    lines = (DATA / name).read_text().splitlines()
    for result in (_races(DATA / name), service.check_file(str(DATA / name), OPTIONS)):
        unwaited = [d for d in result.diagnostics if d.code == "divergence.unwaited"]
        assert result.verdict.value in ("racy", "failed") and unwaited, result.diagnostics
        assert all("async_work_group_copy" in lines[d.span.start_line - 1] for d in unwaited)


@pytest.mark.parametrize("path", [p for p in FILES if twins.kind(p) in ("ok", "racy")], ids=lambda p: p.name)
def test_the_oracle_refutes_no_race_free_verdict(oracle, path):
    try:
        outcome = c_oracle.run(path)
    except c_oracle.BuildError as problem:     # vector types do not build there
        pytest.skip(f"the oracle cannot build {path.name}: {str(problem)[:80]}")
    assert outcome.complete and outcome.invalid == (), outcome.describe()
    if _races(path).verdict.value == "race-free":
        assert not outcome.failed, outcome.describe()
    elif path.name not in NOT_SHOWN:
        assert outcome.racy, outcome.describe()
