"""cuRAND's device API (docs/cfamily.md, "cuRAND"): the XORWOW state is a struct in
memory that curand_init writes whole and each draw reads and writes as cuRAND's does;
MTGP32 is refused at its calls.

Each kernel of tests/data/curand has a twin: `-racy` ones `races` must call racy, `-ok`
ones race-free.  GPUVerify's own cuRAND kernels are checked at the end, with the line
GPUVerify reports each race at."""
from __future__ import annotations

import pathlib

import pytest

from tests.support import twins
from vercors_py import frontend, service
from vercors_py.syntax import printer

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "curand"
FILES = sorted(DATA.glob("*.cu"))
OPTIONS = service.Options(timeout=20.0, jobs=1)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_races_calls_each_twin_what_it_is(path):
    verdict = service.races_file(str(path), OPTIONS).verdict.value
    assert verdict == twins.RACES[twins.kind(path)]


def test_every_racy_kernel_has_a_twin():
    assert twins.untwinned(FILES) == []


def test_the_state_is_laid_out_as_curands():
    # clang's sizes and offsets of our struct are those of cuRAND's curandStateXORWOW.
    text = """#include <curand_kernel.h>
#include <stddef.h>
static_assert(sizeof(curandState) == 48, "");
static_assert(offsetof(curandState, v) == 4 && offsetof(curandState, boxmuller_flag) == 24, "");
static_assert(offsetof(curandState, boxmuller_extra) == 32, "");
static_assert(offsetof(curandState, boxmuller_extra_double) == 40, "");
static_assert(sizeof(curandStateMtgp32_t) == 4096 + 8 + 8, "");
__global__ void k(curandState *s, unsigned int *out) { out[threadIdx.x] = curand(&s[threadIdx.x]); }
"""
    assert frontend.parse(text, "k.cu").program is not None


def test_a_draw_reads_and_writes_d_and_v_only():
    text = """#include <curand_kernel.h>
__global__ void k(curandState *s, unsigned int *out) { out[threadIdx.x] = curand(&s[threadIdx.x]); }
"""
    body = printer.format_program(frontend.parse(text, "k.cu").program).split("void main")[1]
    written = {line.split("[")[0].strip() for line in body.splitlines() if "] = " in line}
    assert written == {"s$d", *(f"s$v${i}" for i in range(5)), "out"}
    assert "boxmuller" not in body


def test_mtgp32_is_refused_at_its_call():
    text = """#include <curand_kernel.h>
__global__ void k(curandStateMtgp32_t *state, float *a) {
  float x = curand_uniform(&state[blockIdx.x]);
  a[threadIdx.x] = x;
}
"""
    parsed = frontend.parse(text, "k.cu")
    assert parsed.program is None
    assert [(d.code, d.span.start_line) for d in parsed.diagnostics] == [("unsupported.function", 3)]


SUITE = pathlib.Path("/work/shared/peers/gpuverify-testsuite/CUDA/curand_tests")
GPUVERIFY = {
    "pass/curand": ("race-free", None),
    "fail/curand_race": ("racy", (8, 21)),
    "fail/init_race": ("racy", (8, 4)),
}


@pytest.mark.skipif(not SUITE.exists(), reason="GPUVerify's suite is not here")
@pytest.mark.parametrize("name", sorted(GPUVERIFY))
def test_gpuverifys_curand_kernels(name):
    expected, at = GPUVERIFY[name]
    result = service.races_file(str(SUITE / name / "kernel.cu"), OPTIONS)
    assert result.verdict.value == expected
    if at is not None:
        assert any((d.span.start_line, d.span.start_col) == at for d in result.diagnostics)


def test_two_threads_seeding_one_state_race_also_among_benign_writes():
    # cuRAND seeds deterministically, but the seeded values are new unknowns per call: the
    # race GPUVerify reports (curand_tests/fail/init_race) is one under --benign-writes too,
    # and no verdict states an assumption about our header's functions.
    text = ("//--blockDim=2 --gridDim=1\n__global__ void k(curandState *s, unsigned *a) {\n"
            "  curand_init(0, 0, 0, s);\n  __syncthreads();\n"
            "  if (threadIdx.x == 0) a[0] = curand(s);\n}\n")
    racy = service.races_text(text, "k.cu", OPTIONS, benign_writes=True)
    assert racy.verdict.value == "racy"
    own = text.replace("curand_init(0, 0, 0, s);", "curand_init(0, threadIdx.x, 0, &s[threadIdx.x]);")
    free = service.races_text(own.replace("a[0] = curand(s)", "a[0] = curand(&s[0])"), "k.cu", OPTIONS,
                              benign_writes=True)
    assert free.verdict.value == "race-free" and not any("accesses no memory" in a for a in free.assumptions)
