"""`vercors-py run` end to end, through a subprocess."""
from __future__ import annotations

import json
import pathlib

REPO = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"


def test_the_fig8_kernel_without_its_barrier_races(run_cli):
    done = run_cli("run", EXAMPLES / "seed004-fig8-no-barrier.pvl", "--sizes", "small")
    assert done.returncode == 1, done.stderr
    race = next(line for line in done.stdout.splitlines() if "[race.data]" in line)
    assert "race on a[" in race and "line 12" in race and "line 13" in race
    assert race.count("thread tid") == 2
    assert done.stdout.splitlines()[-1].startswith(str(EXAMPLES / "seed004-fig8-no-barrier.pvl") + ": problems")


def test_the_verified_fig8_kernel_runs_clean(run_cli):
    done = run_cli("run", EXAMPLES / "seed004-fig8-demo.pvl", "--sizes", "small", "--schedule", "lockstep")
    assert done.returncode == 0, done.stdout
    assert ": clean (8 launches" in done.stdout


def test_json_and_trace(run_cli):
    done = run_cli("run", EXAMPLES / "seed004-fig8-no-barrier.pvl", "--gsize", "2", "--ngroups", "1",
                   "--format", "json", "--trace", "--no-contracts")
    assert done.returncode == 1
    report = json.loads(done.stdout)
    entry = report["files"][0]
    assert entry["verdict"] == "problems"
    assert [d["code"] for d in entry["diagnostics"]] == ["race.data"]
    launch = entry["launches"][0]
    assert (launch["gsize"], launch["ngroups"], launch["schedule"]) == (2, 1, "random")
    assert sum(step["marked"] for step in launch["trace"]) == 2


def test_text_trace_marks_the_racing_steps(run_cli):
    done = run_cli("run", EXAMPLES / "seed004-fig8-no-barrier.pvl", "--gsize", "2", "--ngroups", "1",
                   "--trace", "--schedule", "round-robin")
    lines = done.stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("trace of the first problem"))
    marked = [line for line in lines[start + 1:] if line.startswith(">")]
    assert len(marked) == 2 and all("line 1" in line for line in marked)


def test_parameters_and_initial_memory(run_cli, tmp_path):
    kernel = tmp_path / "k.pvl"
    kernel.write_text("""
kernel k(int n) {
  global int[n] a;
  context_everywhere n == tcount;
  requires Perm(a[tid], read);
  void main() { assert a[tid] == 2 * tid; }
}
""")
    ok = run_cli("run", kernel, "--gsize", "3", "--ngroups", "1", "--param", "n=3", "--init", "a=2 * i")
    assert ok.returncode == 0, ok.stdout
    bad = run_cli("run", kernel, "--gsize", "3", "--ngroups", "1", "--init", "a=zeros")
    assert bad.returncode == 1 and "[assert.failed]" in bad.stdout


def test_usage_errors_exit_2_without_a_traceback(run_cli, tmp_path):
    kernel = tmp_path / "k.pvl"
    kernel.write_text("kernel k { global int[tcount] a; void main() { } }\n")
    for args in (["--init", "b=zeros"], ["--init", "a=1 +"], ["--param", "n=3"], ["--param", "n"],
                 ["--schedule", "fair"], ["--gsize", "0"]):
        done = run_cli("run", kernel, *args)
        assert done.returncode == 2, (args, done.stdout, done.stderr)
        assert "Traceback" not in done.stderr and "error" in done.stderr
    missing = run_cli("run", tmp_path / "missing.pvl")
    assert missing.returncode == 2 and "cannot read" in missing.stderr


def test_a_rejected_file_and_a_step_bound(run_cli, tmp_path):
    bad = tmp_path / "bad.pvl"
    bad.write_text("kernel k { void main() { x = 1; } }\n")
    assert run_cli("run", bad).returncode == 3
    loop = tmp_path / "loop.pvl"
    loop.write_text("kernel k { void main() { while (true) { } } }\n")
    done = run_cli("run", loop, "--gsize", "1", "--ngroups", "1", "--max-steps", "100")
    assert done.returncode == 4 and "[timeout.steps]" in done.stdout and ": inconclusive" in done.stdout


def test_check_replay_says_whether_a_failure_happens_when_the_kernel_runs(run_cli):
    racy = run_cli("check", "--replay", EXAMPLES / "seed004-fig8-no-barrier.pvl")
    assert racy.returncode == 1
    note = next(line for line in racy.stdout.splitlines() if "note: replay at" in line)
    assert "gsize = 2, ngroups = 1" in note and "race on a[" in note
    assert any(line.strip().startswith("> step") for line in racy.stdout.splitlines())
    loop = run_cli("check", "--replay", EXAMPLES / "zero-by-thread0-invariant-not-maintained.pvl")
    assert "it happens when the kernel runs" in loop.stdout and "[loop.maintain]" in loop.stdout
    weak = run_cli("check", "--replay", EXAMPLES / "increment-explicit-levels-group-pre-too-weak.pvl")
    assert weak.returncode == 1 and "annotation too weak" in weak.stdout
    plain = run_cli("check", EXAMPLES / "seed004-fig8-no-barrier.pvl")
    assert "replay" not in plain.stdout
