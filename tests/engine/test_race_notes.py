"""Race notes (engine/explanation/race_notes.py): a failed permission check that is a conflict between
threads names both threads and the cell, read off the model; any other failure has no
such note, and the notes never change what else is reported."""
from __future__ import annotations

import pathlib
import re

import pytest

from tests.support.edits import cached_and_fresh_after_an_edit_above
from tests.support.expectations import check
from vercors_py import service
from vercors_py.diagnostics import Severity
from vercors_py.engine.explanation import race_notes

REPO = pathlib.Path(__file__).resolve().parents[2]
DATA = REPO / "tests" / "data" / "races"

# A thread as the notes name it: `thread lid 1` or `thread (gid 0, lid 1[, tid 1])`.
THREAD = r"thread (?:lid (?P<{0}lid>\d+)|\(gid (?P<{0}gid>\d+), lid (?P<{0}lid2>\d+)(?:, tid \d+)?\))"


def _errors(path: pathlib.Path, options=None):
    result = service.check_text(path.read_text(), str(path), options or service.Options(jobs=1))
    return result.verdict, [d for d in result.diagnostics if d.severity is Severity.ERROR]


def _race_notes(errors) -> list[str]:
    return [n for d in errors for n in d.notes if n.startswith("race:")]


def _only_race(name: str, pattern: str, line: int, rival_line: int | None = None) -> tuple[re.Match, dict]:
    """The one race note of a data file, matched against `pattern` (whose {a} and {b}
    stand for two threads), and the sizes of its counterexample.  The error is at
    `line`, and the other thread's clause, when it is another, is a related span at
    `rival_line`."""
    _, errors = _errors(DATA / name)
    racy = [d for d in errors if any(n.startswith("race:") for n in d.notes)]
    assert len(racy) == 1, [d.notes for d in errors]
    (note,) = _race_notes(racy)
    regex = pattern.format(a=THREAD.format("a_"), b=THREAD.format("b_"))
    match = re.fullmatch(regex, note)
    assert match, note
    assert racy[0].span.start_line == line
    if rival_line is not None:
        rival = re.split(" holds | gets ", note.split(" while ")[1])[0]
        assert [r.span.start_line for r in racy[0].related if r.message.startswith(rival + " ")] == [rival_line]
    sizes = {k: int(v) for k, v in re.findall(r"\b(gsize|ngroups) = (\d+)", racy[0].notes[0])}
    return match, sizes


def _lid(match: re.Match, who: str) -> int:
    return int(match[f"{who}_lid"] or match[f"{who}_lid2"])


def _gid(match: re.Match, who: str) -> int | None:
    return None if match[f"{who}_gid"] is None else int(match[f"{who}_gid"])


@pytest.mark.parametrize("path", sorted(DATA.glob("*.pvl")), ids=lambda p: p.stem)
def test_verdicts_and_error_lines(path):
    assert check(path) == []


def test_cross_group_write_names_two_groups_and_the_cell():
    m, _ = _only_race("cross-group-write.pvl", r"race: {a} and {b} both need write on c\[(?P<cell>\d+)\]", 6)
    assert _gid(m, "a") != _gid(m, "b")
    assert _lid(m, "a") == _lid(m, "b") == int(m["cell"])      # c[lid]


def test_local_neighbour_read_without_barrier():
    m, sizes = _only_race("local-neighbour-read.pvl",
                          r"race: {a} reads tmp\[(?P<cell>\d+)\] while {b} holds write on it", 10, 7)
    a, b = _lid(m, "a"), _lid(m, "b")
    assert a != b and int(m["cell"]) == b == (a + 1) % sizes["gsize"]


def test_write_after_barrier_races_with_the_barriers_read_shares():
    m, sizes = _only_race("write-after-barrier.pvl",
                          r"race: {a} writes a\[(?P<cell>\d+)\] while {b} holds a read share of it", 14, 12)
    a, b = _lid(m, "a"), _lid(m, "b")
    gid = _gid(m, "a") or 0
    assert _gid(m, "b") in (None, gid)         # after a barrier: a thread of the same group
    assert b == (a + 1) % sizes["gsize"] and int(m["cell"]) == gid * sizes["gsize"] + b


def test_loop_with_barrier_uses_the_invariant():
    m, sizes = _only_race("loop-neighbour-read.pvl",
                          r"race: {a} reads tmp\[(?P<cell>\d+)\] while {b} holds write on it", 13, 11)
    a, b = _lid(m, "a"), _lid(m, "b")
    assert int(m["cell"]) == b == (a + 1) % sizes["gsize"]


def test_call_precondition_races_with_the_neighbours_write():
    m, sizes = _only_race("call-neighbour.pvl",
                          r"race: {a} needs 1\\2 of a\[(?P<cell>\d+)\] while {b} holds write on it", 7, 11)
    a, b = _lid(m, "a"), _lid(m, "b")
    assert b == (a + 1) % sizes["gsize"] and int(m["cell"]) % sizes["gsize"] == b


def test_barrier_handing_overlapping_shares():
    m, sizes = _only_race("barrier-overlap.pvl",
                          r"race: {a} gets a read share of tmp\[(?P<cell>\d+)\] while {b} gets write on it", 12, 11)
    a, b = _lid(m, "a"), _lid(m, "b")
    assert a != b and int(m["cell"]) == b == (a + 1) % sizes["gsize"]


def test_distribution_over_giving_fractions():
    m, sizes = _only_race("distribution-overgiving.pvl",
                          r"race: {a} gets 2\\3 of a\[(?P<cell>\d+)\] while {b} gets 1\\2 of it", 11, 11)
    a, b = _lid(m, "a"), _lid(m, "b")
    assert b == (a + 1) % sizes["gsize"] and int(m["cell"]) % sizes["gsize"] == b


def test_groups_whose_tiles_overlap():
    _, errors = _errors(DATA / "groups-overlap.pvl")
    (note,) = _race_notes(errors)
    m = re.fullmatch(r"race: group (\d+) and group (\d+) both need write on a\[(\d+)\]", note)
    assert m, note
    g1, g2, cell = map(int, m.groups())
    gsize = int(re.search(r"gsize = (\d+)", errors[0].notes[0])[1])
    assert g1 != g2 and all(g * gsize <= cell <= g * gsize + gsize for g in (g1, g2))


@pytest.mark.parametrize("name", sorted(p.name for p in DATA.glob("no-race-*.pvl")) + ["half-shares.pvl"])
def test_failures_that_are_no_race_have_no_race_note(name):
    verdict, errors = _errors(DATA / name)
    assert verdict.value == "failed" and errors
    assert _race_notes(errors) == []


def _without_races(errors):
    """The errors without their race notes and the other threads' clauses they add."""
    return [(d.code, d.span, d.message,
             tuple(r for r in d.related if not re.fullmatch(r"(thread|group) .* here", r.message)),
             tuple(n for n in d.notes if not n.startswith("race:")))
            for d in errors]


PERTURBATION = sorted(DATA.glob("*.pvl")) + [REPO / "examples" / f for f in (
    "seed004-fig8-no-barrier.pvl", "vector-add-multigroup-cross-group-race.pvl",
    "seed004-fig9-binomial-overdistribute.pvl", "reduce-local-overlapping-reads.pvl", "clamp-wrong-assert.pvl")]


@pytest.mark.parametrize("path", [p for p in PERTURBATION if p.exists()], ids=lambda p: p.stem)
def test_notes_change_nothing_else(path, monkeypatch):
    verdict, with_notes = _errors(path)
    monkeypatch.setattr(race_notes.RaceNotes, "explain", lambda self, race, model: None)
    plain_verdict, without = _errors(path)
    assert verdict == plain_verdict
    assert _without_races(with_notes) == _without_races(without)


def test_no_budget_no_note(monkeypatch):
    # A query that runs out of resource units names nobody: notes are never guessed.
    monkeypatch.setattr(race_notes, "RACE_RLIMIT", 1)
    verdict, errors = _errors(DATA / "barrier-overlap.pvl")
    assert verdict.value == "failed" and _race_notes(errors) == []


@pytest.mark.parametrize("name", ["vector-add-multigroup.pvl", "reduce-local.pvl", "seed004-fig8-demo.pvl"])
def test_verified_kernels_ask_nothing(name, monkeypatch):
    path = REPO / "examples" / name
    if not path.exists():
        pytest.skip(f"{name} is not in examples/")

    def refuse(self, race, model):
        raise AssertionError("a race query after a check that did not fail")

    monkeypatch.setattr(race_notes.RaceNotes, "explain", refuse)
    verdict, errors = _errors(path)
    assert verdict.value == "verified" and errors == []


def test_notes_are_the_same_every_time():
    first = _race_notes(_errors(DATA / "write-after-barrier.pvl")[1])
    assert first and first == _race_notes(_errors(DATA / "write-after-barrier.pvl")[1])


@pytest.mark.parametrize("name", ["write-after-barrier.pvl", "barrier-overlap.pvl", "call-neighbour.pvl"])
def test_a_cached_race_after_an_edit_above_it_names_the_new_lines(name):
    # The language server reuses results after an edit, moving their spans: a line
    # number written into a note would stay behind.
    cached, fresh = cached_and_fresh_after_an_edit_above((DATA / name).read_text())
    assert _race_notes(cached.diagnostics) and cached.diagnostics == fresh.diagnostics
