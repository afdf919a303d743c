"""`run` on warp-level code (run/warps.py): a warp's barrier orders the threads of one
warp, shuffles and votes give each lane what CUDA defines, a lane read that takes no
part is `divergence.lane`, and lock-step (`--warp-sync`, GPUVerify's `--warp-sync=N`)
leaves only one statement's two writes unordered within a warp."""
from __future__ import annotations

import pathlib

import pytest

from vercors_py import service
from vercors_py.run.model import RunOptions

ROOT = pathlib.Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"


def _codes(path: pathlib.Path, **options) -> set[str]:
    result = service.run_file(str(path), RunOptions(contracts=False, **options))
    return {d.code for d in result.diagnostics}


@pytest.mark.parametrize("schedule", ["random", "round-robin", "lockstep"])
def test_every_shuffle_and_vote_gives_what_cuda_defines(schedule):
    from vercors_py.run.model import Schedule
    assert _codes(DATA / "warps" / "exchanges.cu", schedule=Schedule(schedule)) == set()


def test_a_wrong_sum_of_the_shuffle_reduction_fails():
    assert _codes(DATA / "warps" / "exchanges-wrong.cu") == {"assert.failed"}


@pytest.mark.parametrize("name, codes", [
    ("warp-syncwarp-race-free.cu", set()),
    ("warp-syncwarp-racy.cu", {"race.data"}),
    ("warp-two-warps-race-free.cu", set()),
    ("warp-two-warps-racy.cu", {"race.data"}),
    ("warp-partial-race-free.cu", set()),
    ("warp-partial-racy.cu", {"race.data"}),
    ("warp-shuffle-race-free.cu", set()),
    ("warp-lockstep-race-free.cu", set()),
    ("warp-lockstep-racy.cu", {"race.data"}),
    ("warp-loop-race-free.cu", set()),
])
def test_run_agrees_with_races_on_the_warp_kernels(name, codes):
    assert _codes(DATA / "protocols" / name) == codes


def test_warp_synchronous_code_races_unless_the_warps_run_in_lock_step():
    path = DATA / "protocols" / "warp-syncwarp-racy.cu"
    assert "race.data" in _codes(path)
    assert "race.data" not in _codes(path, lockstep=True)


def test_a_shuffle_past_the_last_thread_of_a_partial_warp_is_undefined(tmp_path):
    path = tmp_path / "k.cu"
    path.write_text("//--blockDim=48 --gridDim=1\n/*@ context_everywhere \\length(b) == gsize; @*/\n"
                    "__global__ void k(int *b) {\n"
                    "  b[threadIdx.x] = __shfl_down_sync(0xffffffff, (int) threadIdx.x, 16);\n}\n")
    assert _codes(path) == {"divergence.lane"}
    path.write_text(path.read_text().replace("48", "64"))
    assert _codes(path) == set()


@pytest.mark.parametrize("size, racy", [(1, True), (2, False), (32, False)])
def test_the_warp_size_decides_which_threads_a_warp_barrier_orders(tmp_path, size, racy):
    path = tmp_path / "k.cu"
    path.write_text("//--blockDim=4 --gridDim=2\n/*@ context_everywhere \\length(out) == tcount; @*/\n"
                    "__global__ void k(int *out) {\n  __shared__ int s[4];\n  int t = threadIdx.x;\n"
                    "  s[t] = t;\n  __syncwarp();\n  out[blockIdx.x * 4 + t] = s[t - t % 2 + 1 - t % 2];\n}\n")
    assert ("race.data" in _codes(path, warp_size=size)) == racy
