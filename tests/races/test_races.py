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
