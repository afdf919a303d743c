"""`vercors-py` on CUDA and OpenCL files, run as a process: verdicts and exit codes,
launch options, the JSON report, `obligations` and `run`."""
import json
import shutil

from tests.conftest import REPO

FIG8 = REPO / "examples" / "cuda" / "fig8-demo.cu"
NO_BARRIER = REPO / "examples" / "cuda" / "fig8-no-barrier.cu"
FIG8_CL = REPO / "examples" / "opencl" / "fig8-demo.cl"

TWO_D = """/*@ context_everywhere \\length(a) == tcount;
    requires Perm(a[tid], write); ensures Perm(a[tid], write); @*/
__global__ void k(int *a) {
  int i = (blockIdx.x * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  a[i] = threadIdx.y;
}
"""


def _copy(tmp_path, source):
    return shutil.copy(source, tmp_path / source.name)


def test_verified_failed_and_rejected_c_files_exit_0_1_3(run_cli, tmp_path):
    assert run_cli("check", _copy(tmp_path, FIG8)).returncode == 0
    assert run_cli("check", _copy(tmp_path, FIG8_CL)).returncode == 0
    failed = run_cli("check", _copy(tmp_path, NO_BARRIER))
    assert failed.returncode == 1 and "[perm.read]" in failed.stdout
    # An atomic in a contract: an effect where no statement can go.
    (tmp_path / "atomic.cu").write_text("__global__ void k(int *c) {\n  __requires(atomicAdd(c, 1) == 0);\n}\n")
    rejected = run_cli("check", "atomic.cu")
    assert rejected.returncode == 3
    assert "atomic.cu:2:14: error:" in rejected.stdout and "[unsupported.atomic]" in rejected.stdout
    assert "Traceback" not in rejected.stdout + rejected.stderr


def test_a_syntax_error_in_an_annotation_points_into_the_comment(run_cli, tmp_path):
    (tmp_path / "k.cu").write_text("/*@ requires Perm(a[tid], write) ** ; @*/\n__global__ void k(int *a) { }\n")
    proc = run_cli("check", "k.cu")
    assert proc.returncode == 3
    assert "k.cu:1:37: error: unexpected ';'" in proc.stdout


def test_second_dimension_is_checked_for_all_sizes_or_for_the_launch_given(run_cli, tmp_path):
    (tmp_path / "k.cu").write_text(TWO_D)
    # For all sizes the index ignores blockIdx.y and threadIdx.z: blocks stacked along y race.
    symbolic = run_cli("check", "k.cu")
    assert symbolic.returncode == 1 and "[perm.write]" in symbolic.stdout
    assert "race: thread (gid" in symbolic.stdout
    assert run_cli("check", "k.cu", "--gsize", "4,2", "--ngroups", "3").returncode == 0
    assert run_cli("check", "k.cu", "--gsize", "4,2", "--ngroups", "3,2").returncode == 1
    bad = run_cli("check", "k.cu", "--gsize", "4,x")
    assert bad.returncode == 2 and "is not a size" in bad.stderr


def test_gsize_on_a_pvl_file_restricts_the_sizes(run_cli, tmp_path):
    (tmp_path / "k.pvl").write_text(
        "kernel k {\n  global int[gsize] a;\n  requires Perm(a[lid], write);\n"
        "  void main() { assert gsize == 4; }\n}\n")
    assert run_cli("check", "k.pvl").returncode == 1
    assert run_cli("check", "k.pvl", "--gsize", "4", "--ngroups", "1").returncode == 0


def test_json_report_of_a_c_file(run_cli, tmp_path):
    proc = run_cli("check", "--format", "json", _copy(tmp_path, NO_BARRIER))
    report = json.loads(proc.stdout)
    [d] = report["files"][0]["diagnostics"]
    assert d["code"] == "perm.read"
    assert report["files"][0]["path"].endswith("fig8-no-barrier.cu")


def test_obligations_and_run_on_a_c_file(run_cli, tmp_path):
    shown = run_cli("obligations", _copy(tmp_path, FIG8))
    assert shown.returncode == 0 and "demo/thread" in shown.stdout
    ran = run_cli("run", "--no-contracts", _copy(tmp_path, NO_BARRIER))
    assert ran.returncode == 1 and "[race.data]" in ran.stdout


def test_sarif_report_of_a_c_file(run_cli, tmp_path):
    proc = run_cli("check", "--format", "sarif", _copy(tmp_path, NO_BARRIER))
    [result] = json.loads(proc.stdout)["runs"][0]["results"]
    location = result["locations"][0]["physicalLocation"]
    assert result["ruleId"] == "perm.read"
    assert location["artifactLocation"]["uri"].endswith("fig8-no-barrier.cu")
    assert (location["region"]["startLine"], location["region"]["startColumn"]) == (13, 20)
