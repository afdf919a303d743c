"""What the differential against the compiled oracle (tests/fuzz/test_c_oracle.py) found
in the C that the front end reads since issue 25, and the oracle on the twins of that C.

* The twins of tests/data/external that the oracle builds now (the launch's global offset,
  `extern __shared__` arrays, fences, `__mul24`): each `-racy` kernel races when compiled,
  each `-ok` twin is clean, and `races` agrees with both.
* Each disagreement the deep run finds goes here as the smallest kernel that shows it,
  marked xfail(strict=True) with the reason until the front end is fixed.  None so far:
  1,302 kernels of classes 13 to 21 (about 150 each; 100 of class 21), no kernel that
  `races` calls race-free races when compiled.

Skipped where gcc/g++ cannot build an instrumented kernel.
"""
from __future__ import annotations

import pathlib

import pytest

from tests.support import c_oracle
from vercors_py import service

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXTERNAL = ROOT / "tests" / "data" / "external"
# The twins of the constructs the oracle now builds (the others, functions without a
# body, have no body for g++ to run).
TWINS = sorted(p for p in [*EXTERNAL.glob("*.cu"), *EXTERNAL.glob("*.cl")]
               if p.name.startswith(("global-offset", "extern-shared", "fence", "mem-fence", "mul24")))
OPTIONS = service.Options(timeout=10.0, jobs=1)


@pytest.fixture(scope="module")
def oracle():
    why = c_oracle.available()
    if why is not None:
        pytest.skip(f"the compiled oracle cannot run here: {why}")


def _races(path: pathlib.Path) -> str:
    return service.races_file(str(path), OPTIONS).verdict.value


@pytest.mark.parametrize("path", TWINS, ids=lambda p: p.name)
def test_the_oracle_and_races_agree_on_the_external_twins(oracle, path):
    outcome = c_oracle.run(path)
    racy = path.stem.endswith("-racy")
    assert outcome.racy == racy, outcome.describe()
    assert _races(path) == ("racy" if racy else "race-free")


def test_the_global_offset_of_the_header_moves_the_global_ids(oracle, tmp_path):
    text = ("__kernel void k(__global int *out) {\n  if (get_global_id(0) >= 5) out[0] = 1;\n"
            "  out[8 + get_global_id(0) - get_global_offset(0)] = 2;\n}\n")
    path = tmp_path / "k.cl"
    path.write_text("//--local_size=2 --num_groups=2 --global_offset=3\n" + text)
    assert c_oracle.run(path).racy                       # ids 3 to 6: 5 and 6 write out[0]
    path.write_text("//--local_size=2 --num_groups=2 --global_offset=2\n" + text)
    assert not c_oracle.run(path).racy                   # ids 2 to 5: 5 alone
    assert c_oracle.run(path, offset=4).racy             # ids 4 to 7


def test_every_extern_shared_array_is_one_block_per_group(oracle, tmp_path):
    path = tmp_path / "k.cu"
    path.write_text("extern __shared__ int s[];\n__global__ void k(int *a) {\n  extern __shared__ char t[];\n"
                    "  s[threadIdx.x] = 1;\n  __syncthreads();\n  a[blockIdx.x * blockDim.x + threadIdx.x] = t[4];\n"
                    "  __syncthreads();\n  t[0] = threadIdx.x;\n}\n")
    outcome = c_oracle.run(path, local=2, groups=2)
    # t[4] is the first byte of s[1]: read after the barrier, clean; t[0] written by both
    # threads of each group: one race per group, never across groups.
    assert [(r.space, r.kind) for r in outcome.races] == [("local", "write-write")], outcome.describe()
