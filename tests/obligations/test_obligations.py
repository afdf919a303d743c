"""Global obligations (issue 4): one failing kernel per obligation kind, each failing
with its code on the right line, and a verified twin for each (tests/data/obligations);
stable obligation names; the `obligations` command and the per-obligation verdicts of
`check`; results in the same order whatever the number of worker processes."""
from __future__ import annotations

import json
import pathlib
import re

import pytest

from tests.support.expectations import check, header, marks
from vercors_py import service
from vercors_py.obligations import generate
from vercors_py.obligations.model import Kind
from vercors_py.obligations.show import method_name

REPO = pathlib.Path(__file__).resolve().parents[2]
DATA = REPO / "tests" / "data" / "obligations"
FILES = sorted(DATA.glob("*.pvl"))
FIG8 = REPO / "examples" / "seed004-fig8-demo.pvl"
EIGHT = DATA / "eight-barriers.pvl"


def _verdict(path: pathlib.Path) -> str:
    return header(path.read_text())[0]


def obligations_of(text: str, path: str = "t.pvl"):
    analysis = service.analyze(text, path)
    assert not analysis.rejected, analysis.diagnostics
    return generate.obligations(analysis.checked)


# ---- one failing kernel per obligation kind, and its twin ----

@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_obligation_file(path):
    assert check(path) == []


# For each failing file: the obligations that must fail, each with the codes it may report.
DI = {"distribution.kernel", "injectivity.quantified"}
FAILING = {
    "barrier-resources-overcommit": {"k/barrier@9/resources": {"barrier.resources"}},
    "barrier-functional-unfenced": {"k/barrier@11/functional": {"barrier.functional"}},
    "distribution-kernel-overlapping-writes": {"k/distribution:kernel": DI},
    "distribution-group-local-overcommit": {"k/distribution:group": {"distribution.group", "injectivity.quantified"}},
    "pre-level-group-too-weak": {"k/preconditions:group->thread": {"pre.level"}},
    "post-level-thread-too-weak": {"k/postconditions:groups->kernel": {"post.level"}},
    "framing-read-before-perm": {"k/framing:main-post": {"framing.perm"}},
    "framing-clauses-read-first": {f"k/framing:{what}": {"framing.perm"} for what in (
        "group-pre", "bump-pre", "bump-post", "main-pre", "main-post", "loop@24", "barrier@28")},
    # The over-committed kernel precondition cannot hold: whatever assumes it is vacuous.
    "levels-kernel-overcommit": {"k/distribution:kernel-memory": DI,
                                 **{f"k/{what}": {"vacuity.precondition"} for what in (
                                     "framing:kernel-post", "distribution:kernel", "preconditions:kernel->group")}},
    "levels-every-mistake": {"k/preconditions:kernel->group": {"pre.level"},
                             "k/postconditions:thread->group": {"post.level"}},
    "multigroup-local-cross-group-race": {"rotate/barrier@17/resources": {"barrier.resources"}},
}


@pytest.mark.parametrize("stem", sorted(FAILING))
def test_failing_kernel_fails_in_its_own_obligations(stem):
    expected = FAILING[stem]
    path = DATA / f"{stem}.pvl"
    result = service.check_text(path.read_text(), str(path), service.Options(jobs=1))
    assert result.verdict.value == "failed"
    failed = {o.name: o for o in result.obligations if o.verdict.value == "failed"}
    assert set(failed) == set(expected)
    for name, codes in expected.items():
        assert failed[name].diagnostics
        assert {d.code for d in failed[name].diagnostics if d.severity.value == "error"} <= codes
    # every error names its obligation and sits on a marked line
    assert all(d.obligation in expected for d in result.errors)
    assert {d.span.start_line for d in result.errors} == set(marks(path.read_text()))


def test_every_failing_file_has_a_verified_twin():
    verified = {p.stem for p in FILES if _verdict(p) == "verified"}
    failing = [p.stem for p in FILES if _verdict(p) != "verified"]
    assert set(failing) == set(FAILING)
    for stem in failing:
        twins = [v for v in verified if stem.startswith(v + "-")]
        assert twins, f"{stem} has no verified twin"


def test_every_obligation_kind_that_can_fail_has_a_failing_file():
    codes = {c for expected in FAILING.values() for cs in expected.values() for c in cs}
    assert {"barrier.resources", "barrier.functional", "distribution.kernel", "distribution.group",
            "pre.level", "post.level", "framing.perm"} <= codes
    names = {n for expected in FAILING.values() for n in expected}
    for part in ("/resources", "/functional", "distribution:kernel", "distribution:group",
                 "preconditions:", "postconditions:", "framing:"):
        assert any(part in n for n in names), part


def test_multigroup_kernels_do_not_restrict_the_number_of_groups():
    for stem in ("multigroup-local", "multigroup-local-cross-group-race"):
        text = (DATA / f"{stem}.pvl").read_text()
        assert "ngroups" not in text
        assert "local int" in text
    names = [o.name for o in obligations_of((DATA / "multigroup-local.pvl").read_text())]
    assert "rotate/distribution:group" in names      # local memory is distributed per group


def test_twins_differ_only_in_the_mistake():
    """The failing files are small edits of their twins: about one changed line (plus its
    replacement) per expected error, and a few lines of body to go with it."""
    import difflib
    for stem in FAILING:
        bad = [re.sub(r"\s*//!.*$", "", l) for l in (DATA / f"{stem}.pvl").read_text().splitlines()]
        base = next(v for v in sorted(FILES, key=lambda p: -len(p.stem))
                    if _verdict(v) == "verified" and stem.startswith(v.stem + "-"))
        good = base.read_text().splitlines()
        changed = [l for l in difflib.unified_diff(good[1:], bad[1:], lineterm="", n=0)
                   if l[:1] in "+-" and not l.startswith(("+++", "---")) and not l[1:].lstrip().startswith("//")]
        assert 0 < len(changed) <= 2 * len(marks((DATA / f"{stem}.pvl").read_text())) + 4, (stem, changed)


# ---- names ----

FIG8_NAMES = [
    "demo/lock-step",
    "demo/thread",
    "demo/framing:main-pre",
    "demo/framing:main-post",
    "demo/framing:barrier@13",
    "demo/distribution:kernel",
    "demo/barrier@13/resources",
    "demo/barrier@13/functional",
]


def test_fig8_obligation_names():
    obs = obligations_of(FIG8.read_text(), str(FIG8))
    assert [o.name for o in obs] == FIG8_NAMES
    kinds = {o.name: o.kind for o in obs}
    assert kinds["demo/barrier@13/resources"] is Kind.BARRIER_RESOURCES
    assert kinds["demo/barrier@13/functional"] is Kind.BARRIER_FUNCTIONAL
    assert kinds["demo/thread"] is Kind.THREAD
    assert kinds["demo/lock-step"] is Kind.LOCKSTEP


def test_names_are_stable_when_nothing_before_them_moves():
    text = FIG8.read_text()
    first = [o.name for o in obligations_of(text)]
    second = [o.name for o in obligations_of(text, "elsewhere/other.pvl")]
    assert first == second
    # a comment at the end changes nothing
    assert [o.name for o in obligations_of(text + "\n// trailing comment\n")] == first
    # a line inserted before the barrier moves its line number, and nothing else
    moved = [o.name for o in obligations_of(text.replace("kernel demo {", "\nkernel demo {"))]
    assert moved == [n.replace("@13", "@14") for n in first]


def _all_program_files():
    files = sorted((REPO / "examples").glob("*.pvl")) + FILES
    return [p for p in files if header(p.read_text())[0] != "rejected"]


@pytest.mark.parametrize("path", _all_program_files(), ids=lambda p: p.stem)
def test_names_are_unique_and_well_formed(path):
    text = path.read_text()
    obs = obligations_of(text, str(path))
    names = [o.name for o in obs]
    assert len(names) == len(set(names))
    methods = [method_name(o) for o in obs]
    assert len(methods) == len(set(methods))
    for o in obs:
        if o.kernel is not None:
            assert o.name.startswith(o.kernel.name + "/")
        m = re.search(r"barrier@(\d+)", o.name)
        if m:
            assert o.span is not None and o.span.start_line == int(m.group(1))
            assert text.splitlines()[o.span.start_line - 1].lstrip().startswith("barrier")


def test_eight_barriers_give_three_obligations_each():
    obs = obligations_of(EIGHT.read_text())
    barrier_lines = [i for i, line in enumerate(EIGHT.read_text().splitlines(), 1)
                     if line.strip().startswith("barrier(")]
    assert len(barrier_lines) == 8
    for line in barrier_lines:
        for suffix in ("resources", "functional"):
            assert sum(o.name == f"phases/barrier@{line}/{suffix}" for o in obs) == 1
        assert sum(o.name == f"phases/framing:barrier@{line}" for o in obs) == 1


# ---- the `obligations` command ----

def test_obligations_command_prints_a_method_per_obligation(run_cli):
    proc = run_cli("obligations", FIG8)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    headers = re.findall(r"^// (\S+) \(", out, flags=re.M)
    assert headers == FIG8_NAMES
    methods = re.findall(r"^void (\w+)\(", out, flags=re.M)
    # every obligation decided by the solver is printed as a method; lock-step is static
    assert methods == [re.sub(r"\W+", "_", n).strip("_") for n in FIG8_NAMES if n != "demo/lock-step"]


def _method(out: str, name: str) -> str:
    """The text of one printed obligation, from its header comment to its method line."""
    start = out.index(f"// {name} (")
    end = out.index("\nvoid ", start)
    return out[start:out.index("\n", end + 1) if "\n" in out[end + 1:] else len(out)]


def test_fig8_barrier_resources_method_is_seed_example_3(run_cli):
    out = run_cli("obligations", FIG8).stdout
    method = _method(out, "demo/barrier@13/resources")
    ensures = [l for l in method.splitlines() if l.startswith("ensures")]
    requires = [l for l in method.splitlines() if l.startswith("requires")]
    # seed 004, Example 3: the group's resources in, every thread's post-barrier resources out,
    # both as an iterated separating conjunction over the threads of the group
    assert len(ensures) == 1
    assert ensures[0].startswith("ensures (\\forall* int lid; 0 <= lid && lid < gsize; ")
    assert "Perm(a[(tid + 1) % gsize], read)" in ensures[0]
    assert "Perm(b[tid], write)" in ensures[0]
    assert any(l.startswith("requires (\\forall* int lid; 0 <= lid && lid < gsize; ")
               and "Perm(a[tid], write)" in l and "Perm(b[tid], write)" in l for l in requires)
    assert "void demo_barrier_13_resources(" in method
    assert method.rstrip().endswith("{ }")


def test_obligations_command_on_a_rejected_file(run_cli, tmp_path):
    bad = tmp_path / "bad.pvl"
    bad.write_text("kernel k {\n  void main() {\n    x = 1;\n  }\n}\n")
    proc = run_cli("obligations", bad)
    assert proc.returncode == 3
    assert "bad.pvl:3:5: error:" in proc.stdout and "[type.unknown-name]" in proc.stdout
    assert "void " not in proc.stdout


# ---- per-obligation verdicts in `check` ----

def test_check_obligations_lists_each_obligation_with_its_verdict(run_cli):
    path = DATA / "barrier-functional-unfenced.pvl"
    proc = run_cli("check", "--obligations", "-j", "1", path)
    assert proc.returncode == 1
    rows = re.findall(r"^  ([✓✗?]) (\S+)\s+(\d+\.\d\d) s$", proc.stdout, flags=re.M)
    names = [o.name for o in obligations_of(path.read_text())]
    assert [r[1] for r in rows] == names
    marks_by_name = {name: mark for mark, name, _ in rows}
    assert marks_by_name["k/barrier@11/functional"] == "✗"
    assert all(mark == "✓" for name, mark in marks_by_name.items() if name != "k/barrier@11/functional")
    assert f"({len(names)} obligations," in proc.stdout


def test_check_without_the_flag_lists_no_obligations(run_cli):
    proc = run_cli("check", "-j", "1", FIG8)
    assert proc.returncode == 0
    assert "demo/thread" not in proc.stdout
    assert "verified (8 obligations" in proc.stdout


def test_json_has_per_obligation_verdicts(run_cli):
    path = DATA / "pre-level-group-too-weak.pvl"
    proc = run_cli("check", "--format", "json", "-j", "1", path)
    assert proc.returncode == 1
    (entry,) = json.loads(proc.stdout)["files"]
    assert entry["verdict"] == "failed"
    obligations = entry["obligations"]
    assert [o["name"] for o in obligations] == [o.name for o in obligations_of(path.read_text())]
    assert all(set(o) >= {"name", "kind", "verdict", "seconds"} for o in obligations)
    verdicts = {o["name"]: o["verdict"] for o in obligations}
    assert verdicts.pop("k/preconditions:group->thread") == "failed"
    assert set(verdicts.values()) == {"verified"}
    (diag,) = [d for d in entry["diagnostics"] if d["severity"] == "error"]
    assert diag["code"] == "pre.level"
    assert diag["obligation"] == "k/preconditions:group->thread"
    assert diag["range"]["start"]["line"] == 8


# ---- order with one and two worker processes ----

def _without_times(report: dict) -> dict:
    for f in report["files"]:
        f.pop("seconds")
        for o in f["obligations"]:
            o.pop("seconds")
    return report


def test_results_keep_their_order_with_one_and_two_jobs(run_cli, tmp_path):
    # Eight barriers, two of them with a postcondition their threads do not publish.
    text = EIGHT.read_text()
    text = text.replace("ensures Perm(a[tid], write) ** a[tid] == 3;", "ensures Perm(a[tid], write) ** a[tid] == 4;")
    text = text.replace("ensures Perm(a[tid], write) ** a[tid] == 6;", "ensures Perm(a[tid], write) ** a[tid] == 7;")
    path = tmp_path / "phases.pvl"
    path.write_text(text)
    expected = [o.name for o in obligations_of(text)]
    assert len(expected) >= 24
    reports = []
    for jobs in ("1", "2"):
        proc = run_cli("check", "--format", "json", "-j", jobs, path.name)
        assert proc.returncode == 1, proc.stderr
        reports.append(_without_times(json.loads(proc.stdout)))
    one, two = reports
    assert one == two
    (entry,) = one["files"]
    assert [o["name"] for o in entry["obligations"]] == expected
    failed = [o["name"] for o in entry["obligations"] if o["verdict"] == "failed"]
    assert len(failed) >= 2 and all("functional" in n for n in failed)
    assert [d["obligation"] for d in entry["diagnostics"] if d["severity"] == "error"] == \
        sorted(failed, key=lambda n: int(re.search(r"@(\d+)", n).group(1)))


def test_in_process_order_with_two_jobs_matches_one():
    text = EIGHT.read_text()
    one = service.check_text(text, "eight.pvl", service.Options(jobs=1))
    two = service.check_text(text, "eight.pvl", service.Options(jobs=2))
    assert one.verdict.value == two.verdict.value == "verified"
    assert [(o.name, o.verdict) for o in one.obligations] == [(o.name, o.verdict) for o in two.obligations]
    assert [o.name for o in one.obligations] == [o.name for o in obligations_of(text)]


# ---- known bugs ----

SAME_LINE = """\
kernel k {
  global int[gsize] a;
  context_everywhere ngroups == 1;
  requires Perm(a[tid], write);
  void main() {
    barrier(global) { ensures Perm(a[tid], write); } barrier(global) { ensures Perm(a[tid], write); }
    int n = 0;
    loop_invariant 0 <= n && n <= 1; while (n < 1) { n = n + 1; } loop_invariant 0 <= n && n <= 2; while (n < 2) { n = n + 1; }
  }
}
"""


def test_same_line_program_verifies():
    result = service.check_text(SAME_LINE, "same-line.pvl", service.Options(jobs=1))
    assert result.verdict.value == "verified"
    # both barriers are checked, each by its own resources obligation
    assert sum(o.name.endswith("/resources") for o in result.obligations) == 2


def test_names_are_unique_with_two_barriers_on_one_line():
    names = [o.name for o in obligations_of(SAME_LINE)]
    assert len(names) == len(set(names)), sorted(n for n in names if names.count(n) > 1)


def test_divergence_errors_name_the_lock_step_obligation():
    path = REPO / "tests" / "data" / "divergence" / "barrier-under-lid.pvl"
    result = service.check_text(path.read_text(), str(path), service.Options(jobs=1))
    assert result.errors
    assert {d.obligation for d in result.errors} == {"k/lock-step"}
