"""`vercors-py races`: kernels without annotations, a racy one beside a race-free twin
per construct (straight line, barriers and their fences, loops with and without barriers,
nested loops, two work groups, local and global memory, divergence, data-dependent
indices, contradictory assumptions), in the kernel language, CUDA and OpenCL.  The
expectations are in the files (tests/data/protocols): `//:: races VERDICT` and `//!`
marks on the lines of each race."""
from __future__ import annotations

import json
import re
import pathlib
import subprocess
import sys

import pytest

from tests.support.expectations import check_races, races_header
from vercors_py import service
from vercors_py.cfamily.launch import Launch
from vercors_py.cfamily import clang_builtins
from vercors_py.races.model import RacesResult, RacesVerdict
from vercors_py.report import json as json_report, text as text_report
from vercors_py.run.model import RunOptions

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "protocols"
FILES = sorted(p for p in DATA.iterdir() if p.suffix in (".pvl", ".cu", ".cl"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_races_meets_the_expectations_in_the_file(path):
    assert check_races(path) == []


def test_every_construct_has_a_racy_kernel_and_a_race_free_twin():
    verdicts: dict[str, set[str]] = {}
    for path in FILES:
        construct = re.sub(r"-(race-free|racy|unknown)$", "", path.stem)
        verdicts.setdefault(construct, set()).add(races_header(path.read_text()))
    twins = [c for c, v in verdicts.items() if {"racy", "race-free"} <= v]
    assert len(twins) >= 9, verdicts
    assert {".pvl", ".cu", ".cl"} <= {p.suffix for p in FILES}


@pytest.mark.parametrize("path", [p for p in FILES if p.suffix == ".pvl" and races_header(p.read_text()) == "race-free"],
                         ids=lambda p: p.name)
def test_what_races_calls_race_free_runs_without_a_race(path):
    """The run is the oracle: no launch of a race-free kernel races."""
    result = service.run_text(path.read_text(), path.name, RunOptions(sweep=True, contracts=False))
    assert not [d for d in result.diagnostics if d.code == "race.data"], [d.message for d in result.diagnostics]


def test_the_command_line_exit_codes_and_json(tmp_path):
    exe = [sys.executable, "-m", "vercors_py"]
    free = subprocess.run([*exe, "races", str(DATA / "barrier-race-free.pvl")], capture_output=True, text=True)
    assert free.returncode == 0 and "race-free" in free.stdout
    racy = subprocess.run([*exe, "races", "--format", "json", str(DATA / "groups-racy.pvl")],
                          capture_output=True, text=True)
    assert racy.returncode == 1
    [entry] = json.loads(racy.stdout)["files"]
    assert entry["verdict"] == "racy" and entry["diagnostics"][0]["code"] == "race.data"
    unknown = subprocess.run([*exe, "races", str(DATA / "contradiction-unknown.pvl")], capture_output=True, text=True)
    assert unknown.returncode == 4
    (tmp_path / "bad.pvl").write_text("kernel K { void main() { x = 1; } }")
    rejected = subprocess.run([*exe, "races", str(tmp_path / "bad.pvl")], capture_output=True, text=True)
    assert rejected.returncode == 3 and "Traceback" not in rejected.stderr


def test_a_launch_on_the_command_line_decides_a_race_that_needs_two_groups():
    text = (DATA / "groups-racy.pvl").read_text()
    from vercors_py.cfamily.launch import Launch
    one = service.races_text(text, "k.pvl", service.Options(launch=Launch(groups=(1,))))
    two = service.races_text(text, "k.pvl", service.Options(launch=Launch(groups=(2,))))
    assert one.verdict.value == "race-free" and two.verdict.value == "racy"


def test_benign_writes_of_the_same_value_are_an_option_not_the_default(tmp_path):
    same = "kernel K {\n  global int[gsize] a;\n  void main() {\n    a[0] = 1;\n  }\n}\n"
    assert service.races_text(same, "k.pvl").verdict.value == "racy"
    assert service.races_text(same, "k.pvl", benign_writes=True).verdict.value == "race-free"
    different = same.replace("a[0] = 1;", "a[0] = lid;")
    assert service.races_text(different, "k.pvl", benign_writes=True).verdict.value == "racy"


# ---- the launch assumption of C kernels ----

ONE_CELL_PER_THREAD = "__global__ void k(int *a) {\n  a[blockIdx.x * blockDim.x + threadIdx.x] = 0;\n}\n"


ONE_DIMENSION = "for launches of 1 dimension (size 1 along y and z) and at most 2^31 - 1 threads per dimension"
THREADS = "for launches of at most 2^31 - 1 threads per dimension"
TWO_D = ("__global__ void k(int *a, int n) {\n  int y = blockIdx.y * blockDim.y + threadIdx.y;\n"
         "  int x = blockIdx.x * blockDim.x + threadIdx.x;\n  if (x < n) a[y * n + x] = 0;\n}\n")


@pytest.mark.parametrize(("text", "path", "launch", "said"), [
    (ONE_CELL_PER_THREAD, "k.cu", None, ONE_DIMENSION),
    # Sizes that imply it, or that exceed it (then they are the launch): nothing assumed.
    (ONE_CELL_PER_THREAD, "k.cu", Launch(local=(2,), groups=(1,)), None),
    (ONE_CELL_PER_THREAD, "k.cu", Launch(local=(1024,), groups=(2**22 + 1,)), None),
    # One size fixed leaves the other open: assumed.
    (ONE_CELL_PER_THREAD, "k.cu", Launch(local=(2,)), ONE_DIMENSION),
    # The user's --dims is a fact, not an assumption.
    (ONE_CELL_PER_THREAD, "k.cu", Launch(dims=1), THREADS),
    ("__kernel void k(__global int *a) {\n  a[get_global_id(0)] = 0;\n}\n", "k.cl", None, ONE_DIMENSION),
    # A kernel that names y and not z is checked for launches of two dimensions.
    (TWO_D, "k.cu", None, "for launches of 2 dimensions (size 1 along z) and at most 2^31 - 1 threads per dimension"),
    (TWO_D, "k.cu", Launch(dims=2), THREADS),
    (TWO_D, "k.cu", Launch(dims=3), THREADS),
    ("kernel k { global int[tcount] a; requires Perm(a[tid], write); void main() { a[tid] = 0; } }",
     "k.pvl", None, None),
])
def test_the_launch_assumption_is_said_where_it_is_made(text, path, launch, said):
    checked = service.analyze(text, path, launch).checked
    assert clang_builtins.assumptions(checked.kernels) == ((said,) if said else ())


@pytest.mark.parametrize("verdict", ["race-free", "racy"])
def test_a_race_free_verdict_says_what_it_assumes_a_racy_one_needs_not(verdict):
    note = "for launches of at most 2^31 - 1 threads per dimension"
    result = RacesResult("k.cu", None, RacesVerdict(verdict), (), 2, 0.5, (note,))
    line = text_report.render_races(result).splitlines()[-1]
    [entry] = json.loads(json_report.render_races([result]))["files"]
    if verdict == "race-free":
        # A race found is one of a launch the assumption allows; race freedom holds only
        # for those launches.
        assert line == f"k.cu: race-free {note} (2 pairs of accesses, 0.50 s)"
        assert entry["assumptions"] == [note]
    else:
        assert note not in line and entry["assumptions"] == []


@pytest.mark.parametrize(("launch", "said"), [(None, True), (Launch(local=(4,), groups=(2,)), False)])
def test_the_races_and_check_verdicts_say_what_they_assume(launch, said):
    note = ONE_DIMENSION
    options = service.Options(jobs=1, launch=launch)
    races = service.races_text(ONE_CELL_PER_THREAD, "k.cu", options)
    contract = ("/*@\n  context_everywhere \\length(a) == tcount;\n  requires Perm(a[tid], write);\n"
                "  ensures  Perm(a[tid], write) ** a[tid] == 0;\n@*/\n")
    checked = service.check_text(contract + ONE_CELL_PER_THREAD, "k.cu", options)
    assert races.verdict.value == "race-free" and checked.verdict.value == "verified", checked.diagnostics
    assert (note in text_report.render_races(races)) == said
    assert (note in text_report.summary(checked)) == said
    assert json.loads(json_report.render([checked]))["files"][0]["assumptions"] == ([note] if said else [])


@pytest.mark.parametrize(("text", "path", "dims", "verdict"), [
    # A kernel of one dimension launched in two: threads (x, 0) and (x, 1) write one cell.
    (ONE_CELL_PER_THREAD, "k.cu", 2, "racy"),
    (ONE_CELL_PER_THREAD, "k.cu", 1, "race-free"),
    # A kernel that names x and y, launched with depth: threads that differ only in z race.
    (TWO_D, "k.cu", 3, "racy"),
    (TWO_D, "k.cu", 2, "race-free"),
    (TWO_D, "k.cu", None, "race-free"),
    # The kernel language: a kernel naming components is one of three dimensions unless told.
    ("kernel k { global int[tcount] a; requires Perm(a[tid.y * tcount.x + tid.x], write);\n"
     "  void main() { a[tid.y * tcount.x + tid.x] = 1; } }", "k.pvl", None, "racy"),
    ("kernel k { global int[tcount] a; requires Perm(a[tid.y * tcount.x + tid.x], write);\n"
     "  void main() { a[tid.y * tcount.x + tid.x] = 1; } }", "k.pvl", 2, "race-free"),
])
def test_dims_says_how_many_dimensions_the_launch_has(text, path, dims, verdict):
    launch = Launch(dims=dims) if dims else None
    assert service.races_text(text, path, service.Options(jobs=1, launch=launch)).verdict.value == verdict


def test_dims_on_the_command_line(tmp_path):
    kernel = tmp_path / "k.cu"
    kernel.write_text(ONE_CELL_PER_THREAD)
    exe = [sys.executable, "-m", "vercors_py"]
    two = subprocess.run([*exe, "races", "--dims", "2", str(kernel)], capture_output=True, text=True)
    one = subprocess.run([*exe, "races", "--dims", "1", str(kernel)], capture_output=True, text=True)
    wrong = subprocess.run([*exe, "races", "--dims", "4", str(kernel)], capture_output=True, text=True)
    assert two.returncode == 1 and "race.data" in two.stdout
    assert one.returncode == 0 and THREADS in one.stdout and "1 dimension" not in one.stdout, one.stdout
    assert wrong.returncode == 2 and "--dims" in wrong.stderr


INTER_GROUP_ONLY = "__global__ void k(int *a) {\n  a[threadIdx.x] = 1;\n}\n"
INTRA_GROUP = "__global__ void k(int *a) {\n  a[threadIdx.x / 2] = 1;\n}\n"


@pytest.mark.parametrize(("text", "intra_group", "verdict"), [
    # Threads of two groups write one cell: a race only between groups.
    (INTER_GROUP_ONLY, False, "racy"),
    (INTER_GROUP_ONLY, True, "race-free"),
    # Two threads of one group write one cell: racy in either mode.
    (INTRA_GROUP, False, "racy"),
    (INTRA_GROUP, True, "racy"),
])
def test_only_intra_group_leaves_out_the_races_between_groups(text, intra_group, verdict):
    result = service.races_text(text, "k.cu", service.Options(jobs=1), intra_group=intra_group)
    assert result.verdict.value == verdict
    # A race-free verdict of the mode says what it left out.
    said = "within each work group (races between work groups not checked)" in text_report.render_races(result)
    assert said == (verdict == "race-free")


TICKET = ("//--local_size=64 --num_groups=12\n__kernel void k(__global unsigned *next, __global int *slots) {\n"
          "  unsigned g = atomic_inc(next);\n  slots[g] = 1;\n}\n")
TICKET_RESET = TICKET.replace("  unsigned g", "  if (get_global_id(0) == 0) *next = 0;\n  barrier(CLK_GLOBAL_MEM_FENCE);\n  unsigned g")


@pytest.mark.parametrize(("text", "verdict"), [
    # Nothing but tickets changes a global counter the kernel never writes plainly: its
    # tickets are distinct in every execution, races between groups reported or not.
    (TICKET, "race-free"),
    ((DATA / "atomic-ticket-loop-race-free.cl").read_text(), "race-free"),
    # A plain write of another group (after its own barrier, unordered with this group's
    # atomics) resets it unreported, and two threads of one group draw one ticket.
    (TICKET_RESET, "racy"),
    ((DATA / "atomic-ticket-loop-reset-racy.cl").read_text(), "racy"),
])
def test_within_groups_the_tickets_of_a_global_counter_count_where_nothing_else_writes_it(text, verdict):
    """claims.py: `--only-intra-group` leaves the races between groups out, so a global
    counter's tickets tell threads apart only where the kernel writes it nowhere plainly."""
    result = service.races_text(text, "k.cl", service.Options(jobs=1), intra_group=True)
    assert result.verdict.value == verdict, [d.message for d in result.diagnostics]


def test_only_intra_group_on_the_command_line(tmp_path):
    kernel = tmp_path / "k.cu"
    kernel.write_text(INTER_GROUP_ONLY)
    exe = [sys.executable, "-m", "vercors_py"]
    every = subprocess.run([*exe, "races", str(kernel)], capture_output=True, text=True)
    intra = subprocess.run([*exe, "races", "--only-intra-group", "--format", "json", str(kernel)],
                           capture_output=True, text=True)
    assert every.returncode == 1 and intra.returncode == 0
    [entry] = json.loads(intra.stdout)["files"]
    assert entry["assumptions"][0] == "within each work group (races between work groups not checked)"
