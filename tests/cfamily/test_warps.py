"""CUDA's warp-level functions in the C front end (cfamily/warps.py, docs/warps.md):
`__syncwarp` is a barrier among one warp, the shuffles and votes with the full mask a
warp exchange hoisted before their use; other masks and warp functions are refused at
the call; the warp size and lock-step come from GPUVerify's header or the command line."""
from __future__ import annotations

import pytest

from vercors_py import frontend, service
from vercors_py.cfamily.launch import Launch, from_header
from vercors_py.races.model import RacesVerdict
from vercors_py.source import SourceText
from vercors_py.syntax import ast as A


def kernel(text: str, launch: Launch | None = None) -> A.Kernel:
    result = frontend.parse(text, "k.cu", launch)
    assert result.diagnostics == (), result.diagnostics
    [k] = result.program.kernels
    return k


def statements(k: A.Kernel) -> list:
    return [s for s in A.statements(k.main.body) if not isinstance(s, A.Block)]


def refused(text: str) -> list[tuple[str, int, int]]:
    found = service.analyze(text, "k.cu").diagnostics
    return [(d.code, d.span.start_line, d.span.start_col) for d in found]


@pytest.mark.parametrize("call", ["__syncwarp()", "__syncwarp(0xffffffff)", "__syncwarp(~0u)"])
def test_syncwarp_with_the_full_mask_is_a_barrier_of_the_warp(call):
    k = kernel(f"__global__ void k(int *a) {{ a[threadIdx.x] = 1; {call}; }}")
    [barrier] = [s for s in statements(k) if isinstance(s, A.Barrier)]
    assert barrier.among is A.Among.WARP and barrier.contract is None
    assert barrier.orders(A.Scope.LOCAL) and barrier.orders(A.Scope.GLOBAL)


def test_syncthreads_stays_a_barrier_of_the_group():
    k = kernel("__global__ void k(int *a) { __syncthreads(); }")
    [barrier] = [s for s in statements(k) if isinstance(s, A.Barrier)]
    assert barrier.among is A.Among.GROUP


@pytest.mark.parametrize("call, op, width", [
    ("__shfl_sync(0xffffffff, v, 3)", A.WarpOp.SHFL, None),
    ("__shfl_up_sync(0xffffffff, v, 1)", A.WarpOp.SHFL_UP, None),
    ("__shfl_down_sync(0xffffffff, v, 1, 8)", A.WarpOp.SHFL_DOWN, 8),
    ("__shfl_xor_sync(0xffffffff, v, 4, 16)", A.WarpOp.SHFL_XOR, 16),
])
def test_a_shuffle_is_an_exchange_before_the_statement_that_uses_it(call, op, width):
    k = kernel(f"__global__ void k(int *a) {{ int v = a[threadIdx.x]; a[threadIdx.x] = {call} + 1; }}")
    body = statements(k)
    [exchange] = [s for s in body if isinstance(s, A.WarpExchange)]
    assert (exchange.op, exchange.width, exchange.range) == (op, width, (-2 ** 31, 2 ** 31 - 1))
    declared = next(s for s in body if isinstance(s, A.VarDecl) and s.name == exchange.result.id)
    write = next(s for s in body if isinstance(s, A.ArrayAssign))
    assert body.index(declared) < body.index(exchange) < body.index(write)
    assert exchange.result.id in {n.id for n in A.walk(write.value) if isinstance(n, A.Name)}


@pytest.mark.parametrize("call, op, low, high", [
    ("__ballot_sync(0xffffffff, v > 0)", A.WarpOp.BALLOT, 0, 2 ** 32 - 1),
    ("__any_sync(0xffffffff, v)", A.WarpOp.ANY, -2 ** 31, 2 ** 31 - 1),
    ("__all_sync(0xffffffff, v == 2)", A.WarpOp.ALL, -2 ** 31, 2 ** 31 - 1),
])
def test_a_vote_takes_a_condition_and_gives_the_type_of_the_call(call, op, low, high):
    k = kernel(f"__global__ void k(int *a) {{ int v = a[threadIdx.x]; a[threadIdx.x] = (int) {call}; }}")
    [exchange] = [s for s in statements(k) if isinstance(s, A.WarpExchange)]
    assert exchange.op is op and exchange.lane is None and exchange.range == (low, high)


@pytest.mark.parametrize("body, column", [
    ("__syncwarp(0xffff);", 29),
    ("a[0] = __shfl_sync(0x0000ffff, 1, 0);", 36),
    ("int w = a[1]; a[0] = __shfl_down_sync(0xffffffff, 1, 1, w);", 50),
    ("a[0] = __activemask();", 36),
    ("a[0] = __ballot(1);", 36),
])
def test_what_is_not_the_whole_warp_is_refused_at_the_call(body, column):
    assert refused(f"__global__ void k(int *a) {{ {body} }}") == [("unsupported.warp", 1, column)]


def test_an_exchange_in_a_contract_is_refused_and_in_an_assertion_runs_before_it():
    found = refused("__global__ void k(int *a) { __requires(__shfl_sync(0xffffffff, 1, 0) == 1); }")
    assert [code for code, _, _ in found] == ["unsupported.warp"]
    k = kernel("__global__ void k(int *a) { __assert(__shfl_sync(0xffffffff, 1, 0) == 1); }")
    assert [type(s) for s in statements(k)][-3:] == [A.VarDecl, A.WarpExchange, A.Assert]


def test_opencl_sub_groups_stay_refused():
    found = service.analyze("__kernel void k(__global int *a) { a[0] = sub_group_reduce_add(1); }", "k.cl")
    assert "unsupported.warp" in {d.code for d in found.diagnostics} or found.rejected


def test_the_warps_come_from_gpuverify_s_header_and_the_command_line():
    text = "//--blockDim=64 --gridDim=1 --warp-sync=16\n__global__ void k(int *a) { }\n"
    assert from_header(SourceText("k.cu", text)).warp() == A.Warp(16, True)
    assert kernel(text).warp == A.Warp(16, True)
    assert kernel("__global__ void k(int *a) { }").warp == A.Warp(32, False)
    assert kernel("__global__ void k(int *a) { }", Launch(warp_size=8)).warp == A.Warp(8, False)
    assert kernel("__global__ void k(int *a) { }", Launch(lockstep=True)).warp == A.Warp(32, True)
    # The command line over the header: its size, the header's lock-step.
    assert kernel(text, Launch(warp_size=4)).warp == A.Warp(4, True)


SIZES = """//--blockDim=4 --gridDim=2
__global__ void k(int *out) {
  __shared__ int s[4];
  int t = threadIdx.x;
  s[t] = t;
  __syncwarp();
  out[blockIdx.x * 4 + t] = s[t - t % 2 + 1 - t % 2];
}
"""


@pytest.mark.parametrize("size, verdict", [(1, RacesVerdict.RACY), (2, RacesVerdict.RACE_FREE),
                                           (3, RacesVerdict.RACY), (32, RacesVerdict.RACE_FREE)])
def test_the_warp_size_decides_which_threads_a_warp_barrier_orders(size, verdict):
    result = service.races_text(SIZES, "k.cu", service.Options(launch=Launch(warp_size=size)))
    assert result.verdict is verdict, [d.message for d in result.diagnostics]


@pytest.mark.parametrize("threads", [1, 2])
def test_one_and_two_threads_in_warps_of_one(threads):
    text = SIZES.replace("--blockDim=4", f"--blockDim={threads}").replace("t - t % 2 + 1 - t % 2", "t")
    result = service.races_text(text, "k.cu", service.Options(launch=Launch(warp_size=1)))
    assert result.verdict is RacesVerdict.RACE_FREE
    racy = text.replace("s[t];", f"s[{threads - 1} - t];")
    result = service.races_text(racy, "k.cu", service.Options(launch=Launch(warp_size=1)))
    assert result.verdict is (RacesVerdict.RACY if threads == 2 else RacesVerdict.RACE_FREE)


def test_the_command_line_takes_the_warp_options(tmp_path):
    import subprocess
    import sys
    path = tmp_path / "k.cu"
    path.write_text(SIZES)
    run = lambda *args: subprocess.run([sys.executable, "-m", "vercors_py", "races", *args, str(path)],  # noqa: E731
                                       capture_output=True, text=True)
    assert run().returncode == 0
    assert run("--warp-size", "1").returncode == 1
    assert run("--warp-size", "0").returncode == 2
