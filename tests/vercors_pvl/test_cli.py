"""`check`, `run` and `races` on VerCors PVL files, end to end through the command line.

VerCors's own files are read from its corpus, tests/data/vercors/ (PROVENANCE.md: copied
unmodified from utwente-fmt/vercors at ab31613e, Mozilla Public License 2.0), where its test
suite registers each as verifying.  The files of tests/data/vercors_pvl/ (frame-*,
barrier-two-threads-wrong, race-*, groups-*, ...) are ours, written in VerCors's PVL: twins of
the mapping's rules.
"""
import pathlib

import pytest

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "vercors_pvl"
CORPUS = pathlib.Path(__file__).resolve().parents[1] / "data" / "vercors"
VERCORS = {path.name: path for path in (CORPUS / p for p in [
    "concepts/parallel/kernel-example.pvl", "concepts/parallel/kernel-example-v3.pvl",
    "concepts/parallel/zero-kernel.pvl", "concepts/parallel/vector-add.pvl",
    "concepts/loopdeps/forward-dep-noauto.pvl", "demo/demo2.pvl"])}


@pytest.mark.parametrize("name", VERCORS)
def test_vercors_registered_files_verify_and_run_clean(run_cli, name):
    checked = run_cli("check", VERCORS[name])
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "verified" in checked.stdout
    ran = run_cli("run", VERCORS[name])
    assert ran.returncode == 0, ran.stdout + ran.stderr


@pytest.mark.parametrize("name, command, code, expected", [
    # a barrier takes only what its precondition names; the rest stays with its thread
    ("frame-ok.pvl", "check", 0, "verified"),
    ("frame-ok.pvl", "run", 0, "clean"),
    # ... and hands out only what the threads hand in: not a cell a thread keeps
    ("frame-kept-handed-wrong.pvl", "check", 1, "barrier.resources"),
    ("frame-kept-handed-wrong.pvl", "run", 1, "barrier.resources"),
    # a cell handed to every thread
    ("barrier-two-threads-wrong.pvl", "check", 1, "injectivity"),
    ("barrier-two-threads-wrong.pvl", "run", 1, "barrier.resources"),
    # nested par blocks: groups of threads; a thread indexing by its par variable alone
    # claims the same cell in every group
    ("groups-ok.pvl", "check", 0, "verified"),
    ("groups-ok.pvl", "run", 0, "clean"),
    ("groups-lid-index-wrong.pvl", "check", 1, "distribution.group"),
    ("groups-lid-index-wrong.pvl", "races", 1, "racy"),
    # the barrier orders the threads' accesses
    ("race-barrier-ok.pvl", "races", 0, "race-free"),
    ("race-no-barrier-wrong.pvl", "races", 1, "racy"),
    ("race-no-barrier-wrong.pvl", "check", 1, "perm"),
])
def test_twins(run_cli, name, command, code, expected):
    result = run_cli(command, DATA / name)
    assert result.returncode == code, result.stdout + result.stderr
    assert expected in result.stdout


def _variant(tmp_path, name: str, old: str, new: str) -> pathlib.Path:
    text = VERCORS.get(name, DATA / name).read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / f"wrong-{name}"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def test_an_array_of_unknown_length_is_out_of_bounds(run_cli, tmp_path):
    # zero-kernel's `requires (x.length == tcount);` is what keeps x[tid] in bounds
    result = run_cli("check", _variant(tmp_path, "zero-kernel.pvl", "requires (x.length == tcount);", ""))
    assert result.returncode == 1 and "bounds.index" in result.stdout


def test_old_in_a_postcondition_is_the_methods_start(run_cli, tmp_path):
    result = run_cli("check", _variant(tmp_path, "vector-add.pvl", "ensures a[tid]==b[tid]+c[tid];",
                                       "ensures a[tid]==\\old(a[tid]);"))
    assert result.returncode == 1 and "post" in result.stdout


def test_a_sequential_method_is_checked(run_cli, tmp_path):
    result = run_cli("check", _variant(tmp_path, "demo2.pvl", "A[i] = 0;", "A[i] = 1;"))
    assert result.returncode == 1 and "loop.maintain" in result.stdout


def test_the_kernel_contract_must_hand_the_threads_their_cells(run_cli, tmp_path):
    # the method gives read shares, the threads need write: VerCors's exhale fails too
    result = run_cli("check", _variant(tmp_path, "zero-kernel.pvl",
                                       "requires (\\forall* int i; 0 <= i && i < tcount; Perm(x[i], write));",
                                       "requires (\\forall* int i; 0 <= i && i < tcount; Perm(x[i], read));"))
    assert result.returncode == 1 and "distribution" in result.stdout


def test_a_refused_construct_is_rejected_at_its_place(run_cli, tmp_path):
    path = _variant(tmp_path, "kernel-example.pvl", "b[tid]=c[tid]; ", "b[tid]=c[tid]; atomic(inv) { } ")
    result = run_cli("check", path)
    assert result.returncode == 3 and "unsupported.statement" in result.stdout and ":19:22:" in result.stdout


def test_an_empty_par_range_runs_nothing(run_cli, tmp_path):
    # With tcount == 0 VerCors skips the block: `tcount > 0` does not follow ...
    wrong = run_cli("check", _variant(tmp_path, "zero-kernel.pvl", "  void main(", "  ensures tcount > 0;\n  void main("))
    assert wrong.returncode == 1 and "`tcount <= 0 ==> tcount > 0` may not hold" in wrong.stdout
    # ... unless the method requires a thread
    ok = run_cli("check", _variant(tmp_path, "zero-kernel.pvl", "  void main(",
                                   "  requires tcount > 0;\n  ensures tcount > 0;\n  void main("))
    assert ok.returncode == 0, ok.stdout


def test_an_empty_inner_par_range_runs_nothing_in_each_group(run_cli, tmp_path):
    # Without threads a group does nothing: its postcondition `n > 0` must follow from
    # its precondition, which it does only where the method requires it.
    text = (DATA / "groups-ok.pvl").read_text(encoding="utf-8")
    wrong = text.replace(" && n > 0 &&", " &&").replace("      context (\\forall* int k;", "      ensures n > 0;\n      context (\\forall* int k;")
    assert wrong != text and "ensures n > 0;" in wrong
    path = tmp_path / "wrong.pvl"
    path.write_text(wrong, encoding="utf-8")
    result = run_cli("check", path)
    assert result.returncode == 1 and "`n <= 0 ==> n > 0` may not hold" in result.stdout, result.stdout
