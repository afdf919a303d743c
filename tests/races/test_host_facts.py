"""Host facts: `--assume` (command line, editor settings) and GPUVerify's `--kernel-args`
become a kernel's facts, in the kernel language and in C alike; a fact that does not
parse, names nothing or names no kernel of the file is an error, never dropped."""
from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

from vercors_py import service
from vercors_py.cfamily.launch import Launch, fact_owner

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "hostfacts"


def races(name: str, *facts: str):
    path = DATA / name
    launch = Launch(facts=facts) if facts else None
    return service.races_text(path.read_text(), str(path), service.Options(jobs=1, launch=launch))


@pytest.mark.parametrize("name", ["modulo-width.pvl", "modulo-width.cu"])
@pytest.mark.parametrize(("facts", "verdict"), [
    ((), "racy"),
    (("width >= tcount",), "race-free"),
    (("k: width >= tcount",), "race-free"),
    # One short: the last thread's cell is the first one's.
    (("width >= tcount - 1",), "racy"),
    (("width >= tcount", "other: width == 1"), "rejected"),
])
def test_a_host_fact_decides_what_the_kernel_leaves_open(name, facts, verdict):
    assert races(name, *facts).verdict.value == verdict


def test_check_reads_the_same_facts():
    path = DATA / "modulo-width.pvl"
    without = service.check_text(path.read_text(), str(path), service.Options(jobs=1))
    given = service.check_text(path.read_text(), str(path),
                               service.Options(jobs=1, launch=Launch(facts=("width >= tcount",))))
    assert without.verdict.value == "failed" and given.verdict.value == "verified"
    # The user's fact is no assumption of the tool's: nothing to restate.
    assert given.assumptions == ()


@pytest.mark.parametrize(("fact", "code", "words"), [
    ("widht >= tcount", "type.unknown-name", "'widht' is not declared (in --assume 'widht >= tcount')"),
    ("width >=", "syntax.unexpected-token", "(in --assume 'width >=')"),
    ("width > 0; requires true", "syntax.unexpected-token", "a host fact is one expression"),
    ("q: width > 0", "type.unknown-name", "kernel `q`, which the file does not declare"),
])
@pytest.mark.parametrize("name", ["modulo-width.pvl", "modulo-width.cu"])
def test_a_wrong_fact_is_an_error_about_the_fact(name, fact, code, words):
    result = races(name, fact)
    [d] = result.diagnostics
    assert result.verdict.value == "rejected" and d.code == code and words in d.message
    # It has no place in the file: reports give it none.
    assert d.span is None


def test_gpuverify_kernel_args_give_scalar_parameters_their_values():
    assert races("kernel-args-pass.cl").verdict.value == "race-free"
    assert races("kernel-args-fail.cl").verdict.value == "racy"
    # 0xffffffff is -1 for the int and 4294967295 for the uint: only B races.
    signed = races("kernel-args-signed.cl")
    assert signed.verdict.value == "racy"
    assert {d.span.start_line for d in signed.diagnostics} == {11}


def test_a_prefix_names_the_kernel_and_a_conditional_is_no_prefix():
    assert fact_owner("k: n > 0") == ("k", " n > 0")
    assert fact_owner("n > 0 ? m : 1") == (None, "n > 0 ? m : 1")
    assert fact_owner("a::b") == (None, "a::b")


def test_assume_on_the_command_line():
    exe = [sys.executable, "-m", "vercors_py"]
    path = str(DATA / "modulo-width.cu")
    given = subprocess.run([*exe, "races", "--assume", "width >= tcount", path], capture_output=True, text=True)
    wrong = subprocess.run([*exe, "races", "--assume", "widht >= tcount", path], capture_output=True, text=True)
    assert given.returncode == 0, given.stdout + given.stderr
    assert wrong.returncode == 3 and "(in --assume 'widht >= tcount')" in wrong.stdout
    assert "Traceback" not in wrong.stderr


@pytest.mark.parametrize(("facts", "verdict", "dimensions"), [
    ((), "racy", None),
    # The fact names x alone: launches of one dimension, not three (with y and z left
    # open, a thread (n, 0, 0) would also write a[0]).
    (("n == tcount.x",), "race-free", "for launches of 1 dimension (size 1 along y and z)"),
    (("n >= tcount.x",), "race-free", "for launches of 1 dimension (size 1 along y and z)"),
    (("n == tcount.x - 1",), "racy", "for launches of 1 dimension (size 1 along y and z)"),
    # The fact names y: launches of two dimensions, whose threads (x, 0) and (x, 1) both
    # write a[x].
    (("n == tcount.y",), "racy", "for launches of 2 dimensions (size 1 along z)"),
    (("n == tcount.x", "tcount.y >= 1"), "racy", "for launches of 2 dimensions (size 1 along z)"),
])
def test_a_fact_naming_a_component_gives_the_kernel_the_axes_it_names(facts, verdict, dimensions):
    result = races("component-fact.cl", *facts)
    assert result.verdict.value == verdict
    assert dimensions is None or any(a.startswith(dimensions) for a in result.assumptions)


@pytest.mark.parametrize(("name", "facts", "verdict"), [
    ("vector-component.cl", ("dims.x >= tcount",), "race-free"),
    ("vector-component.cl", ("dims.s0 >= tcount",), "race-free"),
    ("vector-component.cl", ("dims.y >= tcount",), "racy"),
    ("vector-component.cl", ("dims.x >= tcount - 1",), "racy"),
    ("struct-field.cu", ("d.w >= tcount", "e.y >= tcount"), "race-free"),
    ("struct-field.cu", ("d.w >= tcount", "e.x >= tcount"), "racy"),
    ("struct-field.cu", ("d.h >= tcount", "e.y >= tcount"), "racy"),
])
def test_a_fact_names_a_component_or_field_of_a_parameter_as_c_does(name, facts, verdict):
    assert races(name, *facts).verdict.value == verdict


@pytest.mark.parametrize("fact", ["dims.z >= tcount", "dims.xy >= tcount", "a.x >= 1", "dims.x.y >= 1"])
def test_a_component_the_parameter_lacks_is_an_error_about_the_fact(fact):
    result = races("vector-component.cl", fact)
    assert result.verdict.value == "rejected" and result.diagnostics and result.diagnostics[0].span is None


@pytest.mark.parametrize(("facts", "verdict"), [
    # width * height fits in an int: x + y * width neither wraps nor meets another thread.
    (("tcount.x * tcount.y <= 2147483647",), "race-free"),
    # width 2^16: thread (0, 2^16) is at 2^32, which wraps around to thread (0, 0)'s cell.
    (("tcount.x == 65536",), "racy"),
])
def test_a_bound_on_the_grid_keeps_a_wrapped_2d_index_one_cell_per_thread(facts, verdict):
    """races/bounds.py: the products' intervals and the wrap-around's identity in range
    (amd-app-sdk/sobel-filter.cl, whose index timed out without them)."""
    assert races("wrap-grid.cl", *facts).verdict.value == verdict
