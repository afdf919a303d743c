"""The CUDA and OpenCL examples (examples/cuda, examples/opencl) meet their `//:: verdict`
headers, and each that names a `.pvl` twin (`//:: twin ../file.pvl`) reports exactly the
error codes its twin reports: the C front end maps a kernel onto the same checks."""
from __future__ import annotations

import functools
import pathlib
import re

import pytest

from tests.support.corpus import check_header
from tests.support.expectations import header
from vercors_py import service
from vercors_py.diagnostics import Severity

REPO = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"
FILES = sorted([*EXAMPLES.glob("cuda/*.cu"), *EXAMPLES.glob("opencl/*.cl")])
_TWIN = re.compile(r"^//:: twin (\S+)$", re.M)


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


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_c_example(path):
    assert check_header(path, result=_checked(path)) == []


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
