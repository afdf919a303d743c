"""Cooperative groups' grid barrier in the C front end (cfamily/grid_sync.py): every
spelling is one `A.Barrier` among the grid, fencing shared and global memory; the grid
group's values stay refused; the barrier's conditions must be the same for every thread
of the kernel (semantics/uniformity.py), which `gid` is not."""
from __future__ import annotations

import pytest

from vercors_py import frontend, service
from vercors_py.syntax import ast as A
from vercors_py.syntax import printer

GROUPS = "#include <cooperative_groups.h>\nnamespace cg = cooperative_groups;\n"


def kernel(text: str) -> A.Kernel:
    result = frontend.parse(text, "k.cu")
    assert result.diagnostics == (), result.diagnostics
    [k] = result.program.kernels
    return k


def divergence(text: str) -> tuple:
    [ck] = service.analyze(text, "k.cu").checked.kernels
    return ck.uniformity.divergence


@pytest.mark.parametrize("call", ["g.sync()", "cg::sync(g)", "cg::synchronize(g)", "cg::this_grid().sync()"])
def test_every_spelling_of_the_grid_barrier_is_one_barrier_of_the_grid(call):
    k = kernel(GROUPS + f"__global__ void k(int *a) {{\n  cg::grid_group g = cg::this_grid();\n  {call};\n}}\n")
    [barrier] = [s for s in A.walk(k) if isinstance(s, A.Barrier)]
    assert barrier.among is A.Among.GRID and set(barrier.fences) == {A.Fence.LOCAL, A.Fence.GLOBAL}
    assert barrier.span.start_line == 5


def test_a_grid_group_passed_to_a_helper_is_synchronised_there():
    k = kernel(GROUPS + "__device__ void step(cg::grid_group &g) { g.sync(); }\n"
                        "__global__ void k(int *a) {\n  cg::grid_group g = cg::this_grid();\n  step(g);\n}\n")
    assert [s.among for s in A.walk(k) if isinstance(s, A.Barrier)] == [A.Among.GRID]


def test_the_block_barrier_stays_a_group_barrier():
    k = kernel(GROUPS + "__global__ void k(int *a) {\n  cg::this_thread_block().sync();\n}\n")
    assert [s.among for s in A.walk(k) if isinstance(s, A.Barrier)] == [A.Among.GROUP]


def test_the_grid_rank_and_size_are_the_linear_ids_and_the_other_members_are_refused():
    use = "__global__ void k(int *a) {\n  a[cg::this_grid().thread_rank()] = cg::this_grid().size();\n}\n"
    k = kernel(GROUPS + "//--blockDim=[8,4] --gridDim=[2,2]\n" + use)
    text = printer.format_stmt(k.main.body)
    assert "(gid.x + ngroups.x * (gid.y + ngroups.y * gid.z)) * (gsize.x * gsize.y * gsize.z)" in text
    assert "ngroups.x * ngroups.y * ngroups.z * (gsize.x * gsize.y * gsize.z)" in text
    refused = GROUPS + "__global__ void k(int *a) {\n  a[0] = cg::this_grid().is_valid();\n}\n"
    found = [(d.code, d.span.start_line) for d in service.analyze(refused, "k.cu").diagnostics]
    assert found == [("unsupported.function", 4)]
    # With the grid left open, 3-D limits allow more than 2^64 threads: the count wraps.
    open_grid = service.analyze(GROUPS + "//--blockDim=[8,4]\n" + use, "k.cu").diagnostics
    assert {d.code for d in open_grid} == {"unsupported.function"}


@pytest.mark.parametrize("condition, divergent", [
    ("blockIdx.x == 0", True),           # the same in a block, not in the kernel
    ("threadIdx.x == 0", True),
    ("a[0] > 0", True),                  # memory
    ("n > 0 && gridDim.x > 1", False),   # parameters and sizes
])
def test_a_grid_barrier_needs_a_condition_alike_for_every_thread_of_the_kernel(condition, divergent):
    problems = divergence(GROUPS + f"__global__ void k(int *a, int n) {{\n  if ({condition}) cg::this_grid().sync();\n}}\n")
    assert bool(problems) == divergent
    if divergent:
        assert problems[0].code == "divergence.barrier" and "grid barrier" in problems[0].message


def test_a_block_barrier_under_blockidx_is_not_divergent_and_a_grid_one_is():
    block = divergence(GROUPS + "__global__ void k(int *a) {\n  if (blockIdx.x == 0) __syncthreads();\n}\n")
    grid = divergence(GROUPS + "__global__ void k(int *a) {\n  if (blockIdx.x == 0) cg::this_grid().sync();\n}\n")
    assert block == () and len(grid) == 1


def test_a_loop_whose_bound_differs_between_groups_skips_grid_barriers():
    found = divergence(GROUPS + "__global__ void k(int *a) {\n  for (int i = 0; i < blockIdx.x; i++)\n"
                                "    cg::this_grid().sync();\n}\n")
    assert [d.code for d in found] == ["divergence.barrier"]
