"""Loop headers (cfamily/clang_statements.py, docs/cfamily.md "Statements"): a for loop
declaring several variables, and GPUVerify's `__assert` before a loop's test with the
comma operator; the twins of tests/data/loop-headers (races or check, and the compiled
oracle)."""
from __future__ import annotations

import functools
import pathlib

import pytest

from tests.support import c_oracle, twins
from vercors_py import service

from .test_clang_map import body, refused

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "loop-headers"
TWINS = sorted(DATA.glob("*.cu"))
OPTIONS = service.Options(timeout=20.0, jobs=1)


@pytest.mark.parametrize("path", TWINS, ids=lambda p: p.name)
def test_each_twin_gets_its_verdict(path):
    if twins.kind(path) == "racy" or path.with_name(path.name.replace("-ok.", "-racy.")).exists():
        assert service.races_file(str(path), OPTIONS).verdict.value == \
            ("racy" if twins.kind(path) == "racy" else "race-free")
    else:
        assert service.check_file(str(path), OPTIONS).verdict.value == \
            ("failed" if twins.kind(path) == "wrong" else "verified")


def test_every_twin_has_an_ok_twin():
    assert all(p.with_name(p.name.replace(f"-{twins.kind(p)}.", "-ok.")).exists() for p in TWINS)


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
    assert outcome.failed == (twins.kind(path) != "ok"), outcome.describe()


def test_several_declarations_of_a_for_loop_go_before_it_in_their_order_in_a_block_of_their_own():
    text = ("__kernel void k(__global int *a) {\n  for (int i = 0, j = i + 1; i < j; i++) { a[i] = j; }\n"
            "  int j = 5;\n  a[0] = j;\n}\n")
    shown = body(text, "k.cl")
    assert "{\nint i = 0;\nint j = i + 1;\n" in shown and "for (; i < j; i = i + 1) {" in shown
    # The loop's j is out of scope after it: the later j is a new variable.
    assert "a[i] = j;\n}\n}\nint j = 5;" in shown


def test_an_assert_before_a_loops_test_runs_at_each_test_in_cs_order():
    text = "__kernel void k(__global int *a, int n) {\n  int x = 0;\n  while (x++, __assert(x > 0), x < n) { a[0] = x; }\n}\n"
    assert "while (true) {\nx = x + 1;\nassert x > 0;\nif (!(x < n))\nbreak;" in body(text, "k.cl")


def test_an_assert_of_two_threads_before_a_loops_test_stays_refused():
    # GPUVerify's test_enabled_and_uniform: `__uniform_int` has no counterpart.
    text = "__kernel void k() {\n  for (int k = 0; __assert(__uniform_int(k)), k < 4; k++) { }\n}\n"
    assert refused(text, "k.cl") == [("unsupported.function", 2, 28)]
