"""What a picture shows (docs/pictures.md), read from the SVG's content, not its pixels:
each square's `data-*` attributes and the caption lines.  Racy kernels beside their
correct twins: the race is marked on both threads, the cell and the interval; a barrier
that hands a neighbour's cell out shows the read share after it; a write without write
permission is marked; local memory is drawn per group; C kernels too."""
from __future__ import annotations

import pathlib
import re
import sys
import xml.etree.ElementTree as ET

import attrs
import pytest

from vercors_py import cli
from vercors_py.picture import model
from vercors_py.picture.make import PictureVerdict, picture_text
from vercors_py.run.model import RunOptions

REPO = pathlib.Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"


@attrs.frozen
class Drawn:
    squares: dict            # (interval, tid, cell) -> {"held", "accessed", "problems": [n]}
    captions: list[str]
    texts: list[str]
    dashed: set              # (interval, tid, cell) of squares with a dashed problem border
    exit: int


def draw(tmp_path, path: str, *options: str) -> Drawn:
    out = tmp_path / "picture.svg"
    code = cli.main(["picture", "--out", str(out), *options, str(REPO / path)])
    root = ET.parse(out).getroot()
    squares, order = {}, []
    for rect in root.iter(f"{SVG}rect"):
        if rect.get("class") == "square":
            tid = int(re.match(r"tid (\d+)", rect.get("data-thread")).group(1))
            key = (int(rect.get("data-interval")), tid, rect.get("data-cell"))
            squares[key] = {"held": rect.get("data-held"), "accessed": rect.get("data-accessed"),
                            "problems": [int(n) for n in rect.get("data-problems").split()],
                            "box": (float(rect.get("x")), float(rect.get("y")))}
            order.append(key)
    dashed = set()
    for rect in root.iter(f"{SVG}rect"):
        if rect.get("stroke-dasharray"):
            at = (float(rect.get("x")) - 2, float(rect.get("y")) - 2)
            dashed |= {k for k, v in squares.items() if v["box"] == at}
    texts = [t.text for t in root.iter(f"{SVG}text")]
    captions, current = [], None
    for text in texts:                     # a caption's wrapped lines joined again
        if re.match(r"\d+\. ", text):
            current = len(captions)
            captions.append(text)
        elif current is not None and text.startswith("   "):
            captions[current] += " " + text.strip()
        else:
            current = None
    return Drawn(squares, captions, texts, dashed, code)


def caption(drawn: Drawn, n: int) -> str:
    return next(c for c in drawn.captions if c.startswith(f"{n}. "))


def test_a_race_is_marked_on_both_threads_on_the_cell_in_its_interval(tmp_path):
    drawn = draw(tmp_path, "examples/tutorial/03-barriers/shift-left-no-barrier.pvl", "--ngroups", "1")
    assert drawn.exit == 1
    reader, writer = drawn.squares[(0, 2, "a[3]")], drawn.squares[(0, 3, "a[3]")]
    [race] = set(reader["problems"]) & set(writer["problems"])
    text = caption(drawn, race)
    assert "race on a[3] in interval 0" in text
    assert "thread tid 2 (gid 0, lid 2) reads it" in text and "thread tid 3 (gid 0, lid 3) writes it" in text
    assert reader["accessed"] == "r" and writer == {**writer, "held": "W", "accessed": "w"}
    # thread 2 held nothing of a[3]: a missing permission on the same square
    [missing] = set(reader["problems"]) - {race}
    assert caption(drawn, missing).startswith(f"{missing}. missing permission in interval 0: thread tid 2")
    # one interval: no barrier
    assert {k for k, _, _ in drawn.squares} == {0}


def test_after_the_barrier_the_neighbours_cell_is_a_read_share(tmp_path):
    drawn = draw(tmp_path, "examples/tutorial/03-barriers/shift-left.pvl", "--ngroups", "1")
    assert drawn.exit == 0 and drawn.captions == []
    assert "interval 0: from the start to the barrier at line 13" in drawn.texts
    assert "interval 1: from the barrier at line 13 to the end" in drawn.texts
    for tid in range(4):
        assert drawn.squares[(0, tid, f"a[{tid}]")] | {"box": None} == \
            {"held": "W", "accessed": "w", "problems": [], "box": None}
        assert drawn.squares[(1, tid, f"a[{tid}]")]["held"] == ""         # handed in at the barrier
    for tid in range(3):
        after = drawn.squares[(1, tid, f"a[{tid + 1}]")]
        assert (after["held"], after["accessed"]) == ("R", "r")
    assert all(drawn.squares[(1, 3, f"a[{i}]")]["held"] == "" for i in range(4))    # the last thread: none
    assert not any(s["problems"] for s in drawn.squares.values())


def test_a_write_with_a_read_share_is_a_dashed_mark_and_its_twin_has_none(tmp_path):
    drawn = draw(tmp_path, "examples/tutorial/01-ownership/vector-add-read-c.pvl", "--gsize", "2", "--ngroups", "2")
    assert drawn.exit == 1
    for tid in range(4):
        square = drawn.squares[(0, tid, f"c[{tid}]")]
        assert (square["held"], square["accessed"]) == ("R", "w")
        [n] = square["problems"]
        assert caption(drawn, n) == (f"{n}. missing permission in interval 0: {thread(tid, 2)} writes c[{tid}] "
                                     f"(line 10) holding a read share of it")
        assert (0, tid, f"c[{tid}]") in drawn.dashed
    twin = draw(tmp_path, "examples/vector-add-multigroup.pvl", "--gsize", "2", "--ngroups", "2")
    assert twin.exit == 0 and twin.captions == [] and not twin.dashed
    assert all(twin.squares[(0, tid, f"c[{tid}]")]["held"] == "W" for tid in range(4))


def thread(tid: int, gsize: int) -> str:
    return f"thread tid {tid} (gid {tid // gsize}, lid {tid % gsize})"


def test_local_memory_is_drawn_per_group_and_handed_to_the_mirror_thread(tmp_path):
    drawn = draw(tmp_path, "examples/tutorial/04-local-memory/reverse-tile.pvl")
    assert drawn.exit == 0
    assert "tmp (group 0)" in drawn.texts and "tmp (group 1)" in drawn.texts
    for tid in range(8):
        gid, lid = divmod(tid, 4)
        assert drawn.squares[(0, tid, f"tmp[{lid}] of group {gid}")]["held"] == "W"
        mirror = drawn.squares[(1, tid, f"tmp[{3 - lid}] of group {gid}")]
        assert (mirror["held"], mirror["accessed"]) == ("R", "r")
        # nothing of the other group's copy
        assert all(drawn.squares[(k, tid, f"tmp[{i}] of group {1 - gid}")]["held"] == ""
                   for k in (0, 1) for i in range(4))


def test_cuda_kernels_are_drawn_racy_and_correct(tmp_path):
    racy = draw(tmp_path, "examples/cuda/fig8-no-barrier.cu", "--ngroups", "1")
    assert racy.exit == 1 and any(" race on " in c for c in racy.captions)
    marked = {(k, cell) for (k, _, cell), s in racy.squares.items() if s["problems"]}
    assert marked and all(k == 0 for k, _ in marked)
    correct = draw(tmp_path, "examples/cuda/fig8-demo.cu", "--ngroups", "1")
    assert correct.exit == 0 and correct.captions == []
    assert {k for k, _, _ in correct.squares} == {0, 1}          # one barrier: two panels


def test_a_kernel_without_contracts_shows_its_accesses_and_says_so(tmp_path):
    drawn = draw(tmp_path, "tests/data/protocols/shared-neighbour-racy.cu", "--gsize", "4", "--ngroups", "1")
    assert drawn.exit == 1
    assert any("no permissions are shown" in t for t in drawn.texts)
    assert all(s["held"] == "" for s in drawn.squares.values())
    # thread 0 reads t[1] while thread 1 writes it
    [race] = set(drawn.squares[(0, 0, "t[1] of group 0")]["problems"]) & \
        set(drawn.squares[(0, 1, "t[1] of group 0")]["problems"])
    assert "race on t[1] of group 0 in interval 0" in caption(drawn, race)


BARRIERS = """
kernel many {
  global int[tcount] a;
  requires Perm(a[tid], write);
  void main() {
    a[tid] = 1;
""" + "    barrier(global) { ensures Perm(a[tid], write); }\n" * 9 + """
    a[(tid + 1) % tcount] = 2;
  }
}
"""


def test_past_eight_intervals_those_with_a_problem_are_drawn_and_the_others_named():
    result = picture_text(BARRIERS, "many.pvl", RunOptions(gsize=2, ngroups=1))
    assert result.verdict is PictureVerdict.PROBLEMS
    drawn = result.picture
    assert [p.interval for p in drawn.panels] == [0, 1, 2, 3, 4, 5, 6, 9]
    assert drawn.notes == ("2 of the 10 barrier intervals are not drawn (intervals 7-8): at most 8 are, "
                           "those with a problem first",)
    assert all(p.text.startswith(f"{p.number}. missing permission in interval 9") for p in drawn.problems)


def test_a_launch_too_large_is_not_drawn_with_a_code(tmp_path, capsys):
    out = tmp_path / "x.svg"
    code = cli.main(["picture", "--gsize", "64", "--out", str(out),
                     str(REPO / "examples/tutorial/03-barriers/shift-left.pvl")])
    assert code == 4 and not out.exists()
    assert "128 threads, more than the 32 a picture shows" in capsys.readouterr().out
    result = picture_text(BARRIERS, "many.pvl", RunOptions(gsize=model.MAX_THREADS + 1, ngroups=1))
    assert result.verdict is PictureVerdict.NOT_DRAWN and result.picture is None
    assert "picture.too-large" in {d.code for d in result.diagnostics}
    # 25 threads, each owning a cell of two arrays: 50 cells
    wide = ("kernel wide { global int[tcount] a; global int[tcount] b;\n"
            "  requires Perm(a[tid], write) ** Perm(b[tid], write);\n  void main() { a[tid] = b[tid]; } }\n")
    result = picture_text(wide, "wide.pvl", RunOptions(gsize=25, ngroups=1))
    assert result.verdict is PictureVerdict.NOT_DRAWN
    [d] = [d for d in result.diagnostics if d.code == "picture.too-large"]
    assert "50 cells held or accessed, more than the 48 a picture shows" in d.message


@pytest.mark.parametrize("argv, message", [
    (["--kernel", "nope"], "has no kernel `nope` (its kernels: shift_left)"),
    (["--out", "x.gif"], "an image is .svg or .png"),
    (["--param", "n=3"], "no kernel parameter is called `n`"),
])
def test_usage_errors_exit_2(argv, message, capsys):
    assert cli.main(["picture", *argv, str(REPO / "examples/tutorial/03-barriers/shift-left.pvl")]) == 2
    assert message in capsys.readouterr().err


def test_a_file_of_several_kernels_needs_kernel(tmp_path, capsys):
    two = tmp_path / "two.pvl"
    two.write_text("kernel p { global int[tcount] a; void main() { a[tid] = 1; } }\n"
                   "kernel q { global int[tcount] b; void main() { b[tid] = 2; } }\n")
    assert cli.main(["picture", "--out", str(tmp_path / "x.svg"), str(two)]) == 2
    assert "has 2 kernels (p, q): choose one with --kernel" in capsys.readouterr().err
    assert cli.main(["picture", "--kernel", "q", "--out", str(tmp_path / "q.svg"), str(two)]) == 0
    assert "b (" not in (tmp_path / "q.svg").read_text() and ">b</text>" in (tmp_path / "q.svg").read_text()


def test_png_is_drawn_from_the_same_layout(tmp_path):
    pytest.importorskip("PIL")
    from PIL import Image
    from vercors_py.picture import layout
    out = tmp_path / "x.png"
    assert cli.main(["picture", "--ngroups", "1", "--out", str(out),
                     str(REPO / "examples/tutorial/03-barriers/shift-left.pvl")]) == 0
    result = picture_text((REPO / "examples/tutorial/03-barriers/shift-left.pvl").read_text(), "shift-left.pvl",
                          RunOptions(ngroups=1))
    placed = layout.layout(result.picture)
    with Image.open(out) as image:
        assert image.format == "PNG" and image.size == (int(placed.width * 2), int(placed.height * 2))
        # a write square's dark fill is there: thread 0's a[0] in the first panel
        [first] = [r for r in placed.items if isinstance(r, layout.Rect) and r.meta
                   and dict(r.meta)["cell"] == "a[0]" and dict(r.meta)["thread"].startswith("tid 0 ")
                   and dict(r.meta)["interval"] == "0"]
        x, y = int((first.x + 4) * 2), int((first.y + 4) * 2)
        assert image.convert("RGB").getpixel((x, y)) == (0x1f, 0x4e, 0x8c)


def test_png_without_pillow_is_a_usage_error(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "PIL", None)
    assert cli.main(["picture", "--out", str(tmp_path / "x.png"),
                     str(REPO / "examples/tutorial/03-barriers/shift-left.pvl")]) == 2
    assert "a PNG needs Pillow: pip install 'vercors-py[png]'" in capsys.readouterr().err


def test_the_same_options_draw_the_same_picture(tmp_path):
    text = (REPO / "examples/tutorial/09-reading-failures/diff-in-place.pvl").read_text()
    from vercors_py.picture.make import image
    once, again = (image(picture_text(text, "d.pvl", RunOptions()).picture, "svg") for _ in range(2))
    assert once == again
