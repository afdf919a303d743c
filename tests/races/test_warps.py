"""`races` on GPUVerify's warp-sync kernels (its `--warp-sync=N` on the header line:
warp size N, lock-step; docs/warps.md), and lock-step against independent threads on
the same kernel."""
from __future__ import annotations

import pathlib

import pytest

from vercors_py import service
from vercors_py.cfamily.launch import Launch
from vercors_py.races.model import RacesVerdict

SUITE = pathlib.Path("/work/shared/peers/gpuverify-testsuite")
DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "protocols"
OPTIONS = service.Options(timeout=10.0)
# GPUVerify's verdict on each (line 1): pass is race-free; the xfails fail on a race,
# found here too, but for equality_abstraction_issue, where GPUVerify's failure is an
# assertion and every thread of the warp writes one value to A[0] in one step: a race
# unless --benign-writes (GPUVerify's default tolerance), then race-free.
GPUVERIFY = {
    "CUDA/warpsync/2d": RacesVerdict.RACE_FREE,
    "CUDA/warpsync/bad_inter_group": RacesVerdict.RACY,
    "CUDA/warpsync/broken_shuffle": RacesVerdict.RACY,
    "CUDA/warpsync/intragroup_scan": RacesVerdict.RACE_FREE,
    "CUDA/warpsync/refined_equality_abstraction": RacesVerdict.RACE_FREE,
    "CUDA/warpsync/scan_warp": RacesVerdict.RACE_FREE,
    "CUDA/warpsync/shuffle": RacesVerdict.RACE_FREE,
    "OpenCL/warpsync/2d": RacesVerdict.RACE_FREE,
    "OpenCL/warpsync/broken_shuffle": RacesVerdict.RACY,
    "OpenCL/warpsync/intragroup_scan": RacesVerdict.RACE_FREE,
    "OpenCL/warpsync/scan_warp": RacesVerdict.RACE_FREE,
    "OpenCL/warpsync/shuffle": RacesVerdict.RACE_FREE,
}


def _kernel(name: str) -> pathlib.Path:
    return next((SUITE / name).glob("kernel.c*"))


@pytest.mark.skipif(not SUITE.exists(), reason="GPUVerify's suite is not here")
@pytest.mark.parametrize("name", sorted(GPUVERIFY))
def test_gpuverifys_warp_sync_kernels(name):
    result = service.races_file(str(_kernel(name)), OPTIONS)
    assert result.verdict is GPUVERIFY[name], [d.message for d in result.diagnostics]


@pytest.mark.skipif(not SUITE.exists(), reason="GPUVerify's suite is not here")
def test_one_write_of_one_value_by_a_whole_warp_is_benign_only_when_asked():
    path = str(_kernel("CUDA/warpsync/equality_abstraction_issue"))
    assert service.races_file(path, OPTIONS).verdict is RacesVerdict.RACY
    assert service.races_file(path, OPTIONS, benign_writes=True).verdict is RacesVerdict.RACE_FREE


@pytest.mark.skipif(not SUITE.exists(), reason="GPUVerify's suite is not here")
def test_a_warp_synchronous_scan_races_on_hardware_since_volta():
    # The header's --warp-sync=32 taken away: the threads of a warp are independent.
    text = _kernel("CUDA/warpsync/scan_warp").read_text().replace(" --warp-sync=32", "")
    assert service.races_text(text, "k.cu", OPTIONS).verdict is RacesVerdict.RACY
    lockstep = service.Options(timeout=10.0, launch=Launch(lockstep=True))
    assert service.races_text(text, "k.cu", lockstep).verdict is RacesVerdict.RACE_FREE


def test_the_command_line_asks_for_lock_step():
    text = (DATA / "warp-syncwarp-racy.cu").read_text()
    assert service.races_text(text, "k.cu", OPTIONS).verdict is RacesVerdict.RACY
    lockstep = service.Options(timeout=10.0, launch=Launch(lockstep=True))
    assert service.races_text(text, "k.cu", lockstep).verdict is RacesVerdict.RACE_FREE
    # Warps of 16 in lock-step: the reduction's first step reads across two warps.
    small = service.Options(timeout=10.0, launch=Launch(lockstep=True, warp_size=16))
    assert service.races_text(text, "k.cu", small).verdict is RacesVerdict.RACY
