"""Template kernels as the file instantiates them (cfamily/clang_templates.py) and
cooperative groups (cfamily/clang_groups.py): the mapping, the refusals, the racy /
race-free twins of tests/data/ctemplates, and those twins in the compiled oracle."""
from __future__ import annotations

import functools
import pathlib

import pytest

from tests.support import c_oracle
from vercors_py import frontend, service
from vercors_py.syntax import ast as A
from vercors_py.syntax import printer

ROOT = pathlib.Path(__file__).resolve().parents[2]
TWINS = sorted((ROOT / "tests" / "data" / "ctemplates").glob("*-*.cu"))
OPTIONS = service.Options(timeout=10.0, jobs=1)
# A `__shared__` array of a template's instantiation is a static of a template function,
# which g++ places outside the section that tells the oracle's runtime it is block-local.
NOT_IN_ORACLE = {"block-size-ok.cu", "block-size-racy.cu"}


def program(text: str, path: str = "k.cu") -> A.Program:
    result = frontend.parse(text, path)
    assert result.diagnostics == (), result.diagnostics
    return result.program


def body(k: A.Kernel) -> str:
    return printer.format_stmt(next(m for m in k.members if isinstance(m, A.Procedure)).body)


def names(text: str) -> list[str]:
    return [k.name for k in program(text).kernels]


def diagnostics(text: str):
    return service.analyze(text, "k.cu").diagnostics


TEMPLATE = ("template <class T, unsigned N>\n__global__ void k(T *a) {\n"
            "  __shared__ T s[N];\n  s[threadIdx.x % N] = a[threadIdx.x];\n}\n")


# ---- which instantiations ----

def test_each_launch_from_host_code_is_a_kernel_named_as_c_names_it():
    text = TEMPLATE + "void host(float *f, char *c) {\n  k<float, 256><<<1, 256>>>(f);\n  k<char, 4><<<1, 4>>>(c);\n}\n"
    assert names(text) == ["k<float, 256>", "k<char, 4>"]


def test_local_arrays_take_the_instantiated_size():
    text = TEMPLATE + "template __global__ void k<int, 8>(int *);\n"
    [k] = program(text).kernels
    [s] = [a for a in k.arrays if a.name == "s"]
    assert printer.format_expr(s.length) == "8"


def test_explicit_instantiations_in_namespaces_and_host_templates_count():
    text = ("namespace ns {\n" + TEMPLATE + "template __global__ void k<int, 2>(int *);\n}\n"
            "template <class T> __global__ void g(T *a) { a[threadIdx.x] = 0; }\n"
            "template <class T> void run(T *d) { g<T><<<1, 32>>>(d); }\n"
            "template void run<short>(short *);\n")
    assert names(text) == ["k<int, 2>", "g<short>"]


def test_an_explicit_specialisation_is_a_kernel_of_its_own():
    text = ("template <class T> __global__ void k(T *a) { a[threadIdx.x] = 1; }\n"
            "template <> __global__ void k<float>(float *a) { a[0] = 1; }\n"
            "template __global__ void k<int>(int *);\n")
    assert sorted(names(text)) == ["k<float>", "k<int>"]


def test_a_template_kernel_never_instantiated_is_refused_at_its_name():
    [d] = diagnostics("template <class T>\n__global__ void k(T *a) { a[threadIdx.x] = 1; }\n")
    assert (d.code, d.span.start_line, d.span.start_col) == ("unsupported.declaration", 2, 17)
    assert "never instantiated" in d.message and "template __global__ void k<" in d.message


def test_an_extern_template_instantiates_nothing_here():
    [d] = diagnostics("template <class T>\n__global__ void k(T *a) { a[threadIdx.x] = 1; }\n"
                      "extern template __global__ void k<int>(int *);\n")
    assert d.code == "unsupported.declaration" and "never instantiated" in d.message


def test_a_race_names_the_instantiation_it_is_in():
    path = ROOT / "tests" / "data" / "ctemplates" / "block-size-racy.cu"
    [d] = [d for d in service.races_file(str(path), OPTIONS).diagnostics if d.code == "race.data"]
    assert "in the instantiation k<32>" in d.notes
    assert (d.span.start_line, d.span.start_col) == (8, 3)      # the template's text


def test_template_helpers_are_inlined_as_clang_instantiates_them():
    text = ("template <typename T> __device__ T twice(T x) { return x + x; }\n"
            "template <typename T> __device__ void put(T *a, int i, T v) { a[i] = v; }\n"
            "__global__ void k(unsigned char *a) {\n  put(a, threadIdx.x, twice(a[threadIdx.x]));\n}\n")
    [k] = program(text).kernels
    assert "% 256" in body(k)                  # twice<unsigned char>: the sum converted back


# ---- cooperative groups ----

GROUPS = "#include <cooperative_groups.h>\nnamespace cg = cooperative_groups;\n"


def test_the_block_barrier_is_syncthreads_by_any_of_its_names():
    for call in ("b.sync()", "cg::sync(b)", "cg::synchronize(b)", "cg::this_thread_block().sync()"):
        text = GROUPS + f"__global__ void k(int *a) {{\n  cg::thread_block b = cg::this_thread_block();\n  {call};\n}}\n"
        [k] = program(text).kernels
        [barrier] = [s for s in A.walk(k) if isinstance(s, A.Barrier)]
        assert set(barrier.fences) == {A.Fence.LOCAL, A.Fence.GLOBAL}, call


def test_thread_rank_is_the_linear_index_x_fastest():
    text = (GROUPS + "//--blockDim=[8,4]\n__global__ void k(int *a) {\n"
            "  a[cg::this_thread_block().thread_rank()] = cg::this_thread_block().size();\n}\n")
    [k] = program(text).kernels
    mapped = body(k)
    assert "lid.x + gsize.x * (lid.y + gsize.y * lid.z)" in mapped
    assert "gsize.x * gsize.y * gsize.z" in mapped


def test_warp_groups_are_refused_where_they_stand_and_the_grid_barrier_is_mapped():
    text = GROUPS + ("__global__ void k(int *a) {\n  cg::grid_group g = cg::this_grid();\n  g.sync();\n"
                     "  auto t = cg::tiled_partition<32>(cg::this_thread_block());\n"
                     "  a[cg::coalesced_threads().thread_rank()] = 1;\n}\n")
    found = [(d.code, d.span.start_line) for d in diagnostics(text)]
    assert found == [("unsupported.warp", 6), ("unsupported.warp", 7)]


# ---- the twins ----

@functools.cache
def verdict(path: pathlib.Path) -> str:
    return service.races_file(str(path), OPTIONS).verdict.value


@pytest.mark.parametrize("path", TWINS, ids=lambda p: p.name)
def test_races_tells_the_twins_apart(path):
    expected = {"ok": "race-free", "racy": "racy", "refused": "rejected"}[path.stem.rsplit("-", 1)[1]]
    assert verdict(path) == expected


@pytest.fixture(scope="module")
def oracle():
    why = c_oracle.available()
    if why is not None:
        pytest.skip(f"the compiled oracle cannot run here: {why}")


@pytest.mark.parametrize("path", [p for p in TWINS if p.name not in NOT_IN_ORACLE and "refused" not in p.name],
                         ids=lambda p: p.name)
def test_the_oracle_agrees_with_each_twin(oracle, path):
    racy = False
    for name in c_oracle.kernel_names(path):
        outcome = c_oracle.run(path, name, lengths={"a": 1024})
        assert outcome.complete and not outcome.problems or outcome.racy, outcome.describe()
        racy = racy or outcome.racy
    assert racy == path.stem.endswith("-racy")
    assert not (racy and verdict(path) == "race-free")
