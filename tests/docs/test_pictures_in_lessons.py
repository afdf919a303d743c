"""The tutorial's pictures (docs/tutorial/pictures/) are exactly what `vercors-py picture`
draws today, so they never drift from the tool: each lesson's console block runs the
command with `--out /tmp/NAME.svg`, and docs/tutorial/pictures/NAME.svg is the file that
command writes, embedded in the lesson as an image.  Lessons 1, 3, 4 and 9 show one at
least (issue 30).

After changing the tool or the pictures, refresh them with
`python -m tests.docs.test_pictures_in_lessons` and look at the diff (and at a PNG of
one: `vercors-py picture --out x.png ...`).
"""
from __future__ import annotations

import pathlib
import re
import shlex

import pytest

from tests.docs.test_tutorial import BIN, LESSONS, REPO, _BLOCK, commands

PICTURES = REPO / "docs" / "tutorial" / "pictures"
_OUT = re.compile(r"--out /tmp/([\w.-]+\.svg)")


def pictures() -> list[tuple[pathlib.Path, str, str]]:
    """(lesson, command, picture name) of every `vercors-py picture` in a console block."""
    found = []
    for lesson in LESSONS:
        for block in _BLOCK.findall(lesson.read_text(encoding="utf-8")):
            for command, _ in commands(block):
                if command.startswith("vercors-py picture"):
                    match = _OUT.search(command)
                    assert match, f"{lesson.name}: `{command}` writes no --out /tmp/NAME.svg"
                    found.append((lesson, command, match.group(1)))
    return found


def draw(command: str, out: pathlib.Path) -> bytes:
    """What the command writes, written to `out` instead."""
    import subprocess
    argv = shlex.split(_OUT.sub(lambda m: f"--out {out}", command))
    argv[0] = str(BIN / "vercors-py")
    subprocess.run(argv, cwd=REPO, capture_output=True, timeout=300, check=False)
    return out.read_bytes()


def test_lessons_1_3_4_and_9_show_a_picture_each_embedded_as_an_image():
    shown = {lesson.name[:2] for lesson, _, _ in pictures()}
    assert {"01", "03", "04", "09"} <= shown
    for lesson, _, name in pictures():
        assert f"](pictures/{name})" in lesson.read_text(encoding="utf-8"), f"{lesson.name} does not embed {name}"


def test_every_committed_picture_is_made_by_a_lesson():
    made = {name for _, _, name in pictures()}
    assert {p.name for p in PICTURES.glob("*.svg")} == made


@pytest.mark.parametrize("lesson, command, name", pictures(), ids=lambda v: getattr(v, "name", None) or str(v)[:0])
def test_the_committed_picture_is_what_the_command_draws_today(lesson, command, name, tmp_path):
    committed = PICTURES / name
    assert committed.is_file(), f"{name} is missing: python -m tests.docs.test_pictures_in_lessons"
    assert draw(command, tmp_path / name) == committed.read_bytes(), \
        f"{name} drifted from `{command}`: python -m tests.docs.test_pictures_in_lessons"


def refresh() -> None:
    PICTURES.mkdir(exist_ok=True)
    for _, command, name in pictures():
        draw(command, PICTURES / name)


if __name__ == "__main__":
    refresh()
