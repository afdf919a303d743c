"""Where each part of a picture goes: rectangles and text in pixels, the same for SVG and
PNG.  Every mark has a letter as well as a colour (W, R, r, w, a problem's number, a
solid or dashed border), so the picture reads in black and white too.
"""
from __future__ import annotations

import textwrap

import attrs

from .model import Picture, Square

SQUARE = 34
MARGIN = 16

# Fills, dark to light: the letter on a dark fill is white.
WRITE = "#1f4e8c"
READ = "#a9c8ec"
FRACTION = "#5d8fcf"
ATOMIC = "#8a63b8"
PROBLEM = "#c8102e"
GRID = "#9a9a9a"
INK = "#1a1a1a"
PAPER = "#ffffff"


@attrs.frozen
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: str = "none"
    stroke: str = "none"
    width: float = 1
    dashed: bool = False
    meta: tuple[tuple[str, str], ...] = ()     # what the square shows, for readers of the SVG


@attrs.frozen
class Text:
    x: float
    y: float                       # the baseline
    text: str
    size: float = 14
    bold: bool = False
    colour: str = INK
    anchor: str = "start"          # start, middle or end


@attrs.frozen
class Layout:
    width: float
    height: float
    items: tuple[Rect | Text, ...]
    title: str


def advance(size: float) -> float:
    """The width of one character of the monospace font at `size` px, generously."""
    return size * 0.62


def fill_of(held: str) -> str:
    return {"": PAPER, "W": WRITE, "R": READ, "A": ATOMIC}.get(held, FRACTION)


def layout(p: Picture) -> Layout:
    items: list[Rect | Text] = []
    label_width = max((len(r) for r in p.rows), default=0) * advance(14) + 12
    grid_width = len(p.columns) * SQUARE
    width = max(MARGIN * 2 + label_width + grid_width, 720)
    chars = int((width - 2 * MARGIN) / advance(13))
    y = MARGIN + 18
    items.append(Text(MARGIN, y, p.title, 18, bold=True))
    for line in textwrap.wrap(p.subtitle, chars):
        y += 20
        items.append(Text(MARGIN, y, line, 13))
    y = _legend(items, y + 18, width)
    for panel in p.panels:
        y += 30
        items.append(Text(MARGIN, y, panel.title, 15, bold=True))
        y += 10
        y = _grid(items, p, panel.squares, MARGIN + label_width, y, label_width, panel.interval)
    if p.problems or p.notes:
        y += 28
        items.append(Text(MARGIN, y, "Problems" if p.problems else "Notes", 15, bold=True))
    for problem in p.problems:
        for i, line in enumerate(_wrap(problem.text, chars)):
            y += 19
            items.append(Text(MARGIN, y, line, 13, colour=PROBLEM if i == 0 else INK))
    for note in p.notes:
        for line in _wrap("note: " + note, chars):
            y += 19
            items.append(Text(MARGIN, y, line, 13))
    return Layout(width, y + MARGIN, tuple(items), f"{p.title}: {p.subtitle}")


def _wrap(text: str, chars: int) -> list[str]:
    """Lines of at most `chars`, the later ones indented, never breaking `(line 14)`."""
    kept = text.replace("(line ", "(line\N{NO-BREAK SPACE}")
    return [line.replace("\N{NO-BREAK SPACE}", " ") for line in textwrap.wrap(kept, chars, subsequent_indent="   ")]


def _legend(items: list, y: float, width: float) -> float:
    """Keys, each a square as drawn and what it means, in as many lines as the width needs."""
    keys = ((Square("W"), "write"), (Square("R"), "read share"), (Square("1/2"), "a fraction"),
            (Square("A"), "atomic share"), (Square("", "rw"), "read, written"),
            (Square("", "r", (1,), True), "race 1"), (Square("", "w", (2,)), "missing permission 2"))
    x = MARGIN
    for square, meaning in keys:
        step = SQUARE + 8 + len(meaning) * advance(13) + 16
        if x > MARGIN and x + step > width - MARGIN:
            x, y = MARGIN, y + SQUARE + 8
        _square(items, x, y, square, ())
        items.append(Text(x + SQUARE + 8, y + SQUARE / 2 + 5, meaning, 13))
        x += step
    return y + SQUARE


def _grid(items: list, p: Picture, squares: dict, left: float, y: float, label_width: float, interval: int) -> float:
    """Array names over their columns, cell indices, then a row per thread."""
    start = 0
    while start < len(p.columns):
        end = start
        while end < len(p.columns) and p.columns[end].array == p.columns[start].array:
            end += 1
        items.append(Rect(left + start * SQUARE + 2, y + 20, (end - start) * SQUARE - 4, 1.5, fill=INK))
        items.append(Text(left + (start + end) * SQUARE / 2, y + 14, p.columns[start].array, 13, bold=True,
                          anchor="middle"))
        start = end
    y += 24
    for j, column in enumerate(p.columns):
        items.append(Text(left + j * SQUARE + SQUARE / 2, y + 13, column.label, 12, anchor="middle"))
    items.append(Text(left - label_width, y + 13, "thread", 12, bold=True))
    y += 18
    for i, row in enumerate(p.rows):
        top = y + i * SQUARE
        items.append(Text(left - label_width, top + SQUARE / 2 + 5, row, 14))
        for j, column in enumerate(p.columns):
            meta = (("interval", str(interval)), ("thread", row), ("cell", column.cell))
            _square(items, left + j * SQUARE, top, squares.get((i, j), Square()), meta)
    return y + len(p.rows) * SQUARE


def _square(items: list, x: float, y: float, s: Square, meta) -> None:
    if meta:
        meta = (*meta, ("held", s.held), ("accessed", s.accessed),
                ("problems", " ".join(map(str, s.problems))))
    items.append(Rect(x, y, SQUARE, SQUARE, fill=fill_of(s.held), stroke=GRID, width=1, meta=meta))
    if s.problems:
        items.append(Rect(x + 2, y + 2, SQUARE - 4, SQUARE - 4, stroke=PROBLEM, width=3, dashed=not s.race))
    if s.held:
        dark = s.held != "R"
        items.append(Text(x + SQUARE / 2, y + 22, s.held, 15 if len(s.held) == 1 else 11, bold=True,
                          colour=PAPER if dark else INK, anchor="middle"))
    if s.accessed:
        wide = 6.5 * len(s.accessed) + 4
        items.append(Rect(x + SQUARE - wide - 1, y + SQUARE - 11, wide, 10, fill=PAPER, stroke=INK, width=0.5))
        items.append(Text(x + SQUARE - 3, y + SQUARE - 3, s.accessed, 10, bold=True, anchor="end"))
    if s.problems:
        label = ",".join(map(str, s.problems))
        items.append(Rect(x + 1, y + 1, 6.5 * len(label) + 4, 11, fill=PROBLEM))
        items.append(Text(x + 3, y + 10, label, 10, bold=True, colour=PAPER))
