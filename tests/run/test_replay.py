"""`check --replay` and the editor's replay of a failure: the run's problems of the
failing kernel only, and the run's places as related places."""
from __future__ import annotations

from pathlib import Path

from vercors_py import service

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _text(name: str) -> str:
    return "".join(line for line in (EXAMPLES / name).read_text(encoding="utf-8").splitlines(keepends=True)
                   if not line.startswith("//::"))


# A kernel whose group precondition is too weak (nothing goes wrong when it runs), at
# two threads, in one file with a racy kernel: the run at the weak kernel's sizes runs
# both, and the race belongs to the other one.
WEAK = _text("increment-explicit-levels-group-pre-too-weak.pvl").replace(
    "  global int[tcount] a;\n", "  global int[tcount] a;\n  context_everywhere gsize == 2 && ngroups == 1;\n")
RACY = _text("seed004-fig8-no-barrier.pvl")


def _replayed(text: str):
    result = service.check_text(text, "two.pvl", service.Options(jobs=1))
    return service.replay(result).diagnostics


def test_a_replay_reports_only_the_failing_kernels_problems():
    weak, racy = _replayed(WEAK + RACY)
    assert weak.code == "pre.level" and racy.code == "perm.read"
    assert "gsize = 2" in weak.counterexample
    assert "annotation too weak" in weak.notes[-1] and "race" not in weak.notes[-1]
    assert not any(r.message.startswith("when run at") for r in weak.related)
    assert "it happens when the kernel runs: write-read race" in racy.notes[-1]


def test_a_replayed_race_points_at_the_other_access():
    [d] = _replayed(RACY)
    [other] = [r for r in d.related if r.message.startswith("when run at gsize = 2, ngroups = 1: ")]
    assert "the other access: thread tid 0 (gid 0, lid 0) writes a[0]" in other.message
    assert (other.span.start_line, other.span.start_col) == (RACY.splitlines().index("    a[tid] = tid;") + 1, 5)
