"""What a picture shows, computed from one recorded launch (run/recording.py): threads ×
cells, one panel per barrier interval, each square the permission the thread held there
and the accesses it made, and the problems, numbered, with both threads, the cell and the
interval.  Nothing here draws: layout.py places it, svg.py and png.py paint it.
"""
from __future__ import annotations

from fractions import Fraction

import attrs

from ..run.model import Cell, ThreadId
from ..run.race_detector import kind as race_kind
from ..run.recording import Recording
from ..run.values import Amount

# Past these a picture is no longer read at a glance: the command says so and draws
# nothing rather than a picture too small to read (smaller sizes, docs/pictures.md).
MAX_THREADS = 32
MAX_CELLS = 48
MAX_PANELS = 8          # intervals past it are left out, said in a note, unless a problem is there
MAX_CAPTIONS = 12


class TooLarge(Exception):
    """The launch has more threads or cells than a picture can show."""


@attrs.frozen
class Square:
    """One thread × one cell in one interval."""
    held: str = ""                 # W, R, A or a fraction such as 1/2; "" for nothing
    accessed: str = ""             # r, w, rw, a (atomic), in that order
    problems: tuple[int, ...] = ()   # the numbers of the problems marked here
    race: bool = False             # one of them is a race (else a missing permission)


@attrs.frozen
class Panel:
    interval: int
    title: str
    squares: dict[tuple[int, int], Square]      # (row, column) -> what is not empty


@attrs.frozen
class Problem:
    number: int
    race: bool
    text: str


@attrs.frozen
class Column:
    label: str                     # the cell's index
    array: str                     # its array, with the group of a local one: `tmp (group 0)`
    cell: str                      # `a[3]`, `tmp[0] of group 1`


@attrs.frozen
class Picture:
    title: str
    subtitle: str
    rows: tuple[str, ...]          # one per thread: `tid 5  gid 1 lid 1`
    columns: tuple[Column, ...]
    panels: tuple[Panel, ...]
    problems: tuple[Problem, ...]
    notes: tuple[str, ...]


def held_letter(amount: Amount) -> str:
    if amount.is_write:
        return "W"
    if amount.atomics > 0 and not amount.positive:
        return "A"
    if amount.fraction == 0 and amount.reads > 0 or amount.fraction == 1:
        return "R"                 # a read share, or write lent out as read (1 - eps)
    if amount.fraction > 0:
        return str(Fraction(amount.fraction))
    return ""


def accessed_letters(kinds) -> str:
    return "".join(letter for kind, letter in (("read", "r"), ("write", "w"), ("atomic", "a")) if kind in kinds)


def thread_label(ids: ThreadId) -> str:
    return f"tid {ids.tid}  gid {ids.gid} lid {ids.lid}"


def picture(recording: Recording, kernel: str, path: str, launch: str) -> Picture:
    """Raises TooLarge."""
    if len(recording.threads) > MAX_THREADS:
        raise TooLarge(f"{len(recording.threads)} threads, more than the {MAX_THREADS} a picture shows")
    used = {c for table in (recording.held, recording.accessed) for cells in table.values() for c in cells}
    cells = [c for c in recording.cells if c in used]
    if len(cells) > MAX_CELLS:
        raise TooLarge(f"{len(cells)} cells held or accessed, more than the {MAX_CELLS} a picture shows")
    column = {c: j for j, c in enumerate(cells)}
    row = {ids: i for i, ids in enumerate(recording.threads)}
    marks: dict[tuple[int, ThreadId, Cell], list[tuple[int, bool]]] = {}
    problems = _problems(recording, marks)
    shown, notes = _intervals(recording, {k for k, _, _ in marks})
    panels = []
    for k in shown:
        squares = {}
        for ids in recording.threads:
            held = recording.held.get((k, ids), {})
            accessed = recording.accessed.get((k, ids), {})
            for cell in set(held) | set(accessed):
                found = marks.get((k, ids, cell), [])
                square = Square(held_letter(held[cell]) if cell in held else "",
                                accessed_letters(accessed.get(cell, ())),
                                tuple(n for n, _ in found), any(race for _, race in found))
                if square != Square():
                    squares[(row[ids], column[cell])] = square
        panels.append(Panel(k, _title(recording, k), squares))
    if not recording.contracts:
        notes = ("the kernel has no contracts (or --no-contracts): no permissions are shown, only accesses",
                 *notes)
    if len(problems) > MAX_CAPTIONS:
        notes = (*notes, f"{len(problems) - MAX_CAPTIONS} more problems are marked but not listed")
    return Picture(f"kernel {kernel}", f"{path}: {launch}", tuple(thread_label(t) for t in recording.threads),
                   tuple(_column(c) for c in cells), tuple(panels), tuple(problems[:MAX_CAPTIONS]), notes)


def _column(cell: Cell) -> Column:
    array = cell.array.name + ("" if cell.group is None else f" (group {cell.group})")
    return Column(str(cell.index), array, cell.describe())


def _problems(recording: Recording, marks: dict) -> list[Problem]:
    """The races (one per pair of threads and cell) and missing permissions (one per
    thread, cell, interval and kind of access), numbered in reading order: by interval,
    thread and cell; `marks` gets (interval, thread, cell) -> [(number, is a race)]."""
    order = {c: j for j, c in enumerate(recording.cells)}
    found: dict[tuple, tuple[tuple, bool, object, list]] = {}   # key -> (place, race, caption, marked squares)
    for race in recording.races:
        first, second = sorted((race.first, race.second), key=lambda a: a.thread.tid)
        key = (first.thread, second.thread, first.cell)
        if key in found:
            continue
        ks = dict(zip((race.first, race.second), race.intervals))
        where = (f"interval {ks[first]}" if ks[first] == ks[second]
                 else f"intervals {ks[first]} and {ks[second]}")
        text = (f"{race_kind(first, second)} race on {first.cell.describe()} in {where}: "
                f"{first.thread.describe()} {first.verb} it (line {first.span.start_line}), "
                f"{second.thread.describe()} {second.verb} it (line {second.span.start_line})")
        found[key] = ((min(ks.values()), first.thread.tid, order[first.cell], 0), True, text,
                      [(ks[a], a.thread, a.cell) for a in (first, second)])
    for miss in recording.unpermitted:
        access = miss.access
        key = (access.thread, access.cell, miss.interval, access.kind)
        if key in found:
            continue
        held = "nothing" if not (miss.held.positive or miss.held.atomics > 0) else miss.held.describe()
        text = (f"missing permission in interval {miss.interval}: {access.thread.describe()} {access.verb} "
                f"{access.cell.describe()} (line {access.span.start_line}) holding {held} of it")
        found[key] = ((miss.interval, access.thread.tid, order[access.cell], 1), False, text,
                      [(miss.interval, access.thread, access.cell)])
    problems = []
    for n, (_, race, text, squares) in enumerate(sorted(found.values(), key=lambda f: f[0]), start=1):
        problems.append(Problem(n, race, f"{n}. {text}"))
        for square in squares:
            marks.setdefault(square, []).append((n, race))
    return problems


def _intervals(recording: Recording, with_problems: set[int]) -> tuple[list[int], tuple[str, ...]]:
    every = range(recording.intervals)
    if len(every) <= MAX_PANELS:
        return list(every), ()
    shown = sorted(with_problems)[:MAX_PANELS]
    shown = sorted(shown + [k for k in every if k not in shown][:MAX_PANELS - len(shown)])
    left = [k for k in every if k not in shown]
    return shown, (f"{len(left)} of the {len(every)} barrier intervals are not drawn "
                   f"(intervals {_ranges(left)}): at most {MAX_PANELS} are, those with a problem first",)


def _ranges(numbers: list[int]) -> str:
    parts, start = [], None
    for i, n in enumerate(numbers):
        if start is None:
            start = n
        if i + 1 == len(numbers) or numbers[i + 1] != n + 1:
            parts.append(str(start) if start == n else f"{start}-{n}")
            start = None
    return ", ".join(parts)


def _title(recording: Recording, k: int) -> str:
    def at(spans) -> str:
        lines = sorted({s.start_line for s in spans})
        return f"the barrier at line{'s' * (len(lines) > 1)} {' and '.join(map(str, lines))}"
    start = "the start" if k == 0 else at(recording.barriers[k - 1])
    end = at(recording.barriers[k]) if k in recording.barriers else "the end"
    return f"interval {k}: from {start} to {end}"
