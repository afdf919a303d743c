"""The CUDA and OpenCL examples (examples/cuda, examples/opencl) meet their `//:: verdict`
headers, and each that names a `.pvl` twin (`//:: twin ../file.pvl`) reports exactly the
error codes its twin reports: the C front end maps a kernel onto the same checks.  Those
with `//:: cmd races` (atomics, warps, grid barriers) are judged by `races`, and each race
a racy one reports names both threads and the cell."""
from __future__ import annotations

import functools
import pathlib
import re

import pytest

from tests.support.corpus import check_header
from tests.support.expectations import header
from vercors_py import service
from vercors_py.diagnostics import Severity
from vercors_py.run.model import RunOptions

REPO = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"
FILES = sorted([*EXAMPLES.glob("cuda/*.cu"), *EXAMPLES.glob("opencl/*.cl")])
_TWIN = re.compile(r"^//:: twin (\S+)$", re.M)
_RACES = re.compile(r"^//:: cmd races$", re.M)
# `thread (gid 0, lid 1) writes it ... and thread (gid 3, lid 63) reads it` on `a[0]`.
_THREAD = re.compile(r"thread \(gid \d+[^)]*, lid \d+[^)]*\)")
_CELL = re.compile(r"race on \w+\[-?\d+\]")


def _by_races(path: pathlib.Path) -> bool:
    return bool(_RACES.search(path.read_text(encoding="utf-8")))


@functools.cache
def _raced(path: pathlib.Path):
    return service.races_text(path.read_text(encoding="utf-8"), str(path), service.Options(timeout=60))


@functools.cache
def _checked(path: pathlib.Path):
    # Each file is checked once for all the tests that look at its result.
    return service.check_text(path.read_text(encoding="utf-8"), str(path), service.Options(jobs=1))


def _codes(path: pathlib.Path) -> set[str]:
    return {d.code for d in _checked(path).diagnostics if d.severity is Severity.ERROR}


def _twin(path: pathlib.Path) -> pathlib.Path | None:
    m = _TWIN.search(path.read_text(encoding="utf-8"))
    return (path.parent / m.group(1)).resolve() if m else None


def test_every_example_is_there_in_both_dialects():
    stems = {p.stem for p in FILES if p.suffix == ".cu"} & {p.stem for p in FILES if p.suffix == ".cl"}
    verified = {s for s in stems if header((EXAMPLES / "cuda" / f"{s}.cu").read_text())[0] == "verified"}
    assert {"fig8-demo", "fig9-binomial", "vector-add", "stencil-3pt", "reduce-local"} <= verified


@pytest.mark.parametrize("path", [p for p in FILES if not _by_races(p)], ids=lambda p: f"{p.parent.name}/{p.name}")
def test_c_example(path):
    assert check_header(path, result=_checked(path)) == []


@pytest.mark.parametrize("path", [p for p in FILES if _by_races(p)], ids=lambda p: f"{p.parent.name}/{p.name}")
def test_c_example_judged_by_races(path):
    want, families = header(path.read_text(encoding="utf-8"))
    assert want in ("racy", "race-free") and not families
    result = _raced(path)
    assert result.verdict.value == want, [d.message for d in result.diagnostics]
    for d in result.diagnostics:
        if d.code == "race.data":
            assert len(_THREAD.findall(d.message)) == 2 and _CELL.search(d.message), d.message


# The compiled oracle (tests/cfamily/test_compiled_oracle.py) has no warps and no grid
# barrier: `run`, without the contracts, is the oracle of these.
RUN_ORACLE = ("warp-sum-", "grid-mirror-sum")


@pytest.mark.parametrize("path", [p for p in FILES if p.name.startswith(RUN_ORACLE)],
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_run_sees_what_races_says_of_the_warp_and_grid_examples(path):
    want, _ = header(path.read_text(encoding="utf-8"))
    result = service.run_text(path.read_text(encoding="utf-8"), str(path), RunOptions(contracts=False))
    problems = [d for d in result.diagnostics if d.family in ("race", "divergence")]
    assert result.launches and (bool(problems) == (want == "racy")), [d.message for d in result.diagnostics]


def test_the_races_examples_cover_atomics_warps_and_grid_barriers():
    stems = {p.stem for p in FILES if _by_races(p)}
    assert {"global-counter", "global-counter-plain-increment", "global-counter-plain-read", "first-to-arrive",
            "first-to-arrive-test-and-set", "warp-sum-shuffle", "warp-sum-shuffle-early-exit", "warp-sum-shared",
            "warp-sum-shared-no-syncwarp", "warp-sum-shared-lockstep", "grid-mirror-sum",
            "grid-mirror-sum-no-grid-sync"} <= stems


@pytest.mark.parametrize("path", [p for p in FILES if _twin(p)], ids=lambda p: f"{p.parent.name}/{p.name}")
def test_c_example_reports_the_codes_of_its_pvl_twin(path):
    twin = _twin(path)
    assert twin.exists(), twin
    assert header(path.read_text())[0] == header(twin.read_text())[0]
    assert _codes(path) == _codes(twin)


def test_every_verified_example_has_a_broken_twin_in_c():
    broken = {_twin(p) for p in FILES if header(p.read_text())[0] != "verified" and _twin(p)}
    bases = {_twin(p) for p in FILES if header(p.read_text())[0] == "verified"}
    names = {b.name for b in bases}
    for stem in ("seed004-fig8-demo", "seed004-fig9-binomial", "vector-add-multigroup", "stencil-3pt", "reduce-local"):
        assert f"{stem}.pvl" in names
    assert len(broken) >= 5


def test_the_readme_lists_every_c_example():
    readme = (EXAMPLES / "README.md").read_text(encoding="utf-8")
    for path in FILES:
        rel = f"{path.parent.name}/{path.name}"
        assert f"[`{rel}`]({rel})" in readme, rel
