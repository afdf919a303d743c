"""`switch` statements (cfamily/switches.py, docs/cfamily.md "Statements"): C's
fall-through, `default` anywhere, `break` leaving the switch, case values as clang
converts them; the twins of tests/data/switches (races, and the compiled oracle); what is
refused."""
from __future__ import annotations

import functools
import pathlib

import pytest

from tests.support import c_oracle, twins
from vercors_py import diagnostics as D
from vercors_py import service

from .test_clang_map import body, refused

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "switches"
TWINS = sorted(DATA.glob("*.cu"))
OPTIONS = service.Options(timeout=20.0, jobs=1)


@pytest.mark.parametrize("path", TWINS, ids=lambda p: p.name)
def test_each_twin_gets_its_verdict(path):
    assert service.races_file(str(path), OPTIONS).verdict.value == ("racy" if twins.kind(path) == "racy" else "race-free")


def test_every_racy_twin_has_an_ok_twin():
    assert all(p.with_name(p.name.replace("-racy.", "-ok.")).exists() for p in TWINS if twins.kind(p) == "racy")


@functools.cache
def _compiled(path: pathlib.Path) -> c_oracle.Outcome:
    return c_oracle.run(path)


@pytest.mark.parametrize("path", TWINS, ids=lambda p: p.name)
def test_the_compiled_twins_agree(path):
    why = c_oracle.available()
    if why is not None:
        pytest.skip(f"the compiled oracle cannot run here: {why}")
    outcome = _compiled(path)
    assert outcome.complete and outcome.racy == (twins.kind(path) == "racy"), outcome.describe()


def test_a_switch_is_its_value_once_a_flag_of_control_reaching_each_label_and_a_flag_of_break():
    text = ("__kernel void k(__global int *a, int n) {\n  int x = 0;\n  switch (n++) {\n"
            "    case 0: x = 1;\n    default: x = 7; break;\n    case 5: x = 9;\n  }\n  a[0] = x;\n}\n")
    shown = body(text, "k.cl")
    # The value once, after the effects of its expression.
    assert "int value$1 = n';\nn' = n' + 1;\nint switch$value = value$1;" in shown
    assert "switch$on = switch$on || switch$value == 0;\nif (switch$on) {\nx = 1;\n}" in shown
    assert "switch$on = switch$on || !(switch$value == 0 || switch$value == 5);\nif (switch$on) {\nx = 7;\n" \
           "switch$broke = true;\n}\nif (!switch$broke) {" in shown


@pytest.mark.parametrize("value, verdict", [(5, "verified"), (6, "failed")])
def test_check_follows_the_fall_through(value, verdict):
    text = ("__kernel void k(int n) {\n  __requires(n == 1);\n  int x = 0;\n  switch (n) {\n"
            "    case 1: x += 1;\n    case 2: x += 4;\n    break;\n    case 3: x += 16;\n  }\n"
            f"  __assert(x == {value});\n}}\n")
    result = service.check_text(text, "k.cl", service.Options(jobs=1))
    assert result.verdict.value == verdict, result.diagnostics
    assert {d.code for d in result.diagnostics if d.severity is D.Severity.ERROR} <= {"assert.failed"}


def test_a_break_inside_a_loop_in_a_switch_is_the_loops_and_continue_is_the_enclosing_loops():
    text = ("__kernel void k(__global int *a) {\n  for (int i = 0; i < 4; i++) {\n    switch (i) {\n"
            "      case 1: continue;\n      case 2: for (;;) { break; }\n      default: a[i] = i;\n    }\n  }\n}\n")
    shown = body(text, "k.cl")
    assert "if (switch$on) {\ncontinue;\n}" in shown
    # The inner loop keeps its break; the switch has none, so case 2 falls into default.
    assert "for (; true;) {\nbreak;\n}" in shown and "switch$broke = true" not in shown


@pytest.mark.parametrize("text, where", [
    # Duff's device: a case label inside a loop of the body.
    ("__kernel void k(__global int *a, int n) {\n  switch (n % 2) {\n    case 0: do {\n      a[n] = 0;\n"
     "    case 1: a[n + 1] = 1;\n    } while (--n > 0);\n  }\n}\n", (5, 5)),
    # A label inside a block of the body.
    ("__kernel void k(__global int *a, int n) {\n  switch (n) {\n    case 0: {\n    case 1: a[0] = 1; }\n  }\n}\n",
     (4, 5)),
    # A declaration among the body's own statements: its scope would span the labels.
    ("__kernel void k(__global int *a, int n) {\n  switch (n) {\n    case 0: a[0] = 0;\n    int y;\n"
     "    case 1: y = 1; a[1] = y;\n  }\n}\n", (4, 5)),
    # GNU's case range.
    ("__kernel void k(__global int *a, int n) {\n  switch (n) {\n    case 0 ... 3: a[0] = 0;\n  }\n}\n", (3, 5)),
])
def test_what_is_not_cs_switch_exactly_is_refused(text, where):
    assert ("unsupported.statement", *where) in refused(text, "k.cl")
