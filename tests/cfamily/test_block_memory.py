"""Block copies (docs/cfamily.md, "Block copies"): `memcpy` and `memset` over cells of one
type and over structs of mixed leaves, in global, local and private memory.

Each kernel of tests/data/blocks has a twin: `-racy` ones `races` must call racy, `-ok`
ones race-free.  The compiled oracle does not record the accesses of a `memcpy`/`memset`
call (its README), so it can only confirm the race-free ones: none may race there.  The
check-side twins are tests/data/cuda/memcpy-*.cu (test_c_kernels.py)."""
from __future__ import annotations

import pathlib

import pytest

from tests.support import c_oracle, twins
from vercors_py import frontend, service

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "blocks"
FILES = sorted([*DATA.glob("*.cu"), *DATA.glob("*.cl")])
OPTIONS = service.Options(timeout=10.0, jobs=1)
# The oracle fills buffers of scalars only.
ORACLE = [p for p in FILES if "struct" not in p.stem]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_races_calls_each_twin_what_it_is(path):
    verdict = service.races_file(str(path), OPTIONS).verdict.value
    assert verdict == twins.RACES[twins.kind(path)]


def test_every_racy_kernel_has_a_twin():
    assert twins.untwinned(FILES) == []


@pytest.mark.parametrize("path", ORACLE, ids=lambda p: p.name)
def test_nothing_race_free_races_in_the_oracle(oracle, path):
    outcome = c_oracle.run(path)
    assert outcome.complete and outcome.invalid == ()
    said = service.races_file(str(path), OPTIONS).verdict.value
    assert not (said == "race-free" and outcome.failed), outcome.describe()


def _refused(text: str, name: str = "k.cu") -> list[tuple[str, int]]:
    parsed = frontend.parse(text, name)
    assert parsed.program is None
    return [(d.code, d.span.start_line) for d in parsed.diagnostics]


STRUCT = "typedef struct { short x; short y; char z; } s_t;\n"


@pytest.mark.parametrize("call", [
    "memcpy(out, in, 3)",                       # splits the second short
    "memcpy(out, in, 7)",                       # the x of the second element
    "memset(out, 0, 1)",
])
def test_a_constant_count_that_splits_a_leaf_is_refused(call):
    text = STRUCT + f"__global__ void k(s_t *in, s_t *out) {{\n  {call};\n}}\n"
    assert _refused(text) == [("unsupported.pointer", 3)]


def test_a_count_that_ends_in_padding_copies_the_leaves_before_it():
    text = STRUCT + "__global__ void k(s_t *in, s_t *out) {\n  memcpy(out, in, 5);\n  memcpy(out, in, 6);\n}\n"
    assert frontend.parse(text, "k.cu").program is not None


@pytest.mark.parametrize("text", [
    # different layouts: the bytes of one read as the other
    "typedef struct { short x; char y; } a_t;\ntypedef struct { short x; short y; } b_t;\n"
    "__global__ void k(a_t *in, b_t *out) {\n  memcpy(out, in, 4);\n}\n",
    # cells of another type
    "__global__ void k(int *in, short *out) {\n  memcpy(out, in, 4);\n}\n",
    # a byte view of an int array
    "__global__ void k(int *in, int *out) {\n  memcpy((char *) out + 1, in, 4);\n}\n",
    # a float set to a byte other than 0
    "__global__ void k(float *out) {\n  memset(out, 1, 4);\n}\n",
])
def test_a_copy_between_layouts_is_refused(text):
    assert [code for code, _ in _refused(text)] in (["unsupported.pointer"], ["unsupported.function"])


def test_the_value_of_memcpy_is_not_read():
    text = "__global__ void k(int *in, int *out) {\n  int *p = (int *) memcpy(out, in, 4);\n}\n"
    assert [code for code, _ in _refused(text)] in (["unsupported.function"], ["unsupported.pointer"])
