"""The tutorial (docs/tutorial/) never drifts from the tool: every lesson's exercise fails
as its header says and its solution verifies (examples/tutorial/NN-topic/), and every
console block of a lesson shows what the command prints today.

A console block is a fenced block with info string `console`: lines starting with `$ `
are commands, run from the repository's root, and the lines up to the next command are
their output.  Times (`0.35 s`) may differ.  After changing the tool, refresh the
blocks with `python -m tests.docs.test_tutorial` and read the diff.
"""
from __future__ import annotations

import os
import pathlib
import re
import shlex
import subprocess
import sys

import pytest

from tests.support.corpus import check_header
from tests.support.expectations import header
from vercors_py import service

REPO = pathlib.Path(__file__).resolve().parents[2]
LESSONS = sorted((REPO / "docs" / "tutorial").glob("[0-9][0-9]-*.md"))
FOLDERS = sorted((REPO / "examples" / "tutorial").glob("[0-9][0-9]-*"))
_BLOCK = re.compile(r"^```console\n(.*?)^```$", re.S | re.M)
_TIME = re.compile(r"\d+\.\d+ s\b")
BIN = pathlib.Path(sys.executable).parent
SUFFIXES = {".pvl", ".cu", ".cl"}
_RACES = re.compile(r"^//:: cmd races$", re.M)


def commands(block: str) -> list[tuple[str, str]]:
    """(command, expected output) pairs of a console block."""
    pairs: list[tuple[str, list[str]]] = []
    for line in block.splitlines():
        if line.startswith("$ "):
            pairs.append((line[2:], []))
        elif pairs:
            pairs[-1][1].append(line)
    return [(cmd, "\n".join(out)) for cmd, out in pairs]


def run(command: str) -> str:
    argv = shlex.split(command)
    if argv[0] == "vercors-py":
        argv[0] = str(BIN / "vercors-py")
    env = dict(os.environ, PYTHONHASHSEED="0")
    done = subprocess.run(argv, cwd=REPO, capture_output=True, text=True, timeout=300, env=env)
    return (done.stdout + done.stderr).rstrip("\n")


def _same(text: str) -> str:
    return _TIME.sub("N s", text)


def _exercise(folder: pathlib.Path) -> pathlib.Path:
    """A lesson's exercise: in the language of the lessons, or in CUDA for lesson 11."""
    found = [p for p in folder.glob("exercise.*") if p.suffix in SUFFIXES]
    assert len(found) == 1, folder
    return found[0]


def test_there_are_eight_to_twelve_lessons_each_with_exercise_and_solution():
    assert 8 <= len(LESSONS) <= 12
    assert [p.stem for p in LESSONS] == [p.name for p in FOLDERS]
    for folder in FOLDERS:
        exercise = _exercise(folder)
        assert (folder / f"solution{exercise.suffix}").is_file(), folder


def _judged(path: pathlib.Path) -> list[str]:
    """The mismatches between a file's header and its verdict: `races`' verdict for a
    file with `//:: cmd races`, `check`'s otherwise."""
    text = path.read_text(encoding="utf-8")
    if not _RACES.search(text):
        return check_header(path)
    want, _ = header(text)
    got = service.races_text(text, str(path), service.Options(timeout=60)).verdict.value
    return [] if got == want else [f"races says {got}, expected {want}"]


@pytest.mark.parametrize("path", sorted(p for p in (REPO / "examples" / "tutorial").glob("*/*")
                                        if p.suffix in SUFFIXES),
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_exercises_fail_as_stated_and_solutions_verify(path):
    assert _judged(path) == []
    first = path.read_text(encoding="utf-8").splitlines()[0]
    if path.stem == "solution":
        assert first == "//:: verdict verified"
    elif path.stem == "exercise":
        assert first.startswith("//:: verdict fails") or first.startswith("//:: verdict rejected")


CASES = [pytest.param(lesson, cmd, out, id=f"{lesson.stem}-{i}")
         for lesson in LESSONS for i, (cmd, out) in enumerate(
             pair for block in _BLOCK.findall(lesson.read_text(encoding="utf-8")) for pair in commands(block))]


@pytest.mark.slow
@pytest.mark.parametrize("lesson, command, expected", CASES)
def test_quoted_output_is_what_the_tool_prints(lesson, command, expected):
    assert _same(run(command)) == _same(expected)


def test_every_lesson_quotes_the_tool_and_ends_with_an_exercise():
    for lesson in LESSONS:
        text = lesson.read_text(encoding="utf-8")
        assert _BLOCK.search(text), f"{lesson.name} quotes no output"
        assert "## Exercise" in text, f"{lesson.name} has no exercise"
        exercise = _exercise(REPO / "examples" / "tutorial" / lesson.stem)
        assert str(exercise.relative_to(REPO)) in text, lesson.name


def refresh() -> None:
    """Rewrite every console block with what its commands print now."""
    for lesson in LESSONS:
        text = lesson.read_text(encoding="utf-8")

        def again(match: re.Match) -> str:
            lines = []
            for cmd, _ in commands(match.group(1)):
                lines += [f"$ {cmd}", run(cmd)]
            return "```console\n" + "\n".join(lines) + "\n```"
        lesson.write_text(_BLOCK.sub(again, text), encoding="utf-8")


if __name__ == "__main__":
    refresh()
