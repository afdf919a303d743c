"""The compiled oracle (tests/support/c_oracle: gcc/g++ with ThreadSanitizer, every thread
of a small launch) on the twins of races' rules about reads and loops: threads of a group
read one value from a cell no thread writes in the interval (a barrier under a condition
on it is reached alike), a loop's last test meets the code after the loop, a loop
whose condition holds on entry cannot be skipped, and C's `&` and `|` of truth values
read both operands (cfamily/clang_truths.py).  Nothing `races` calls race-free races
or diverges when compiled, and each racy twin does.

The twins of tests/data/benign are not run: ThreadSanitizer reports two writes of one
value, which `--benign-writes` forgives by definition.  Skipped where gcc/g++ cannot build
an instrumented kernel.
"""
from __future__ import annotations

import pathlib

import pytest

from tests.support import c_oracle
from vercors_py import service

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "protocols"
FILES = sorted(p for p in DATA.iterdir()
               if p.name.startswith(("loop-exit-test", "loop-entered", "uniform-read", "truth-")))
# A launch and arguments on which each racy twin's race (or divergence) happens: p[lid] ==
# 22 needs 23 threads; truth-nested-racy.cl's requirement allows offset 1.
LAUNCH = {"uniform-read-index-racy.cu": (32, 1)}
OFFSET = {"truth-nested-racy.cl": 1}


@pytest.fixture(scope="module")
def oracle():
    why = c_oracle.available()
    if why is not None:
        pytest.skip(f"the compiled oracle cannot run here: {why}")


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_races_and_the_compiled_kernel_agree(oracle, path):
    local, groups = LAUNCH.get(path.name, (4, 2))
    outcome = c_oracle.run(path, local=local, groups=groups, scalars={"n": 2, "offset": OFFSET.get(path.name, 200)},
                           lengths={"A": 512})
    said = service.races_file(str(path), service.Options(timeout=10.0)).verdict.value
    assert said == ("racy" if path.stem.endswith("-racy") else "race-free")
    assert outcome.racy == (said == "racy"), outcome.describe()
