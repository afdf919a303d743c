"""`check --replay` on a C kernel runs its counterexample's launch: the smallest one that
fails (engine/explanation/smallest.py), not the 1,024 threads CUDA's limit allows."""
import re

from tests.conftest import REPO

NO_BARRIER = REPO / "tests" / "data" / "counterexamples" / "fig8-no-barrier.cu"


def test_replaying_a_cuda_race_runs_two_threads_and_names_them(run_cli):
    done = run_cli("check", "--replay", NO_BARRIER)
    assert done.returncode == 1, done.stdout + done.stderr
    (replay,) = [line for line in done.stdout.splitlines() if "note: replay at" in line]
    assert "replay at gsize = 2, ngroups = 1: it happens when the kernel runs" in replay, replay
    threads = {int(n) for n in re.findall(r"\btid (\d+)", done.stdout)}
    assert threads == {0, 1}, done.stdout
