"""Undecided checks (issue 11): a permission check the solver cannot decide is settled by
a conflict between two threads when there is one (engine/explanation/conflicts.py: a candidate at a
small size, confirmed by a model of the whole path), reported as a failure that names
both threads and the cell; otherwise it stays unknown, worded as a question
(engine/explanation/unknowns.py), never as "may not be held" and never as verified."""
from __future__ import annotations

import json
import pathlib
import re

import pytest

from tests.support.expectations import check
from vercors_py import cli, service
from vercors_py.diagnostics import Severity
from vercors_py.engine.explanation import conflicts
from vercors_py.engine.solver import solver as S
from vercors_py.engine.explanation.unknowns import question, wording

REPO = pathlib.Path(__file__).resolve().parents[2]
DATA = REPO / "tests" / "data" / "unknowns"
RACES = REPO / "tests" / "data" / "races"

THREAD = r"(?:thread lid (\d+)|thread \(gid (\d+), lid (\d+)(?:, tid \d+)?\)|group (\d+))"
RACE = re.compile(rf"race: (?P<a>{THREAD})(?: .*)? (?:while|and) (?P<b>{THREAD}) .*")
# A small time limit: the racy kernels are undecided within it today (the search then
# finds the conflict); should the solver decide one, the answer is the same.
TIMEOUT = 3.0


def _errors(path: pathlib.Path, timeout: float = TIMEOUT):
    result = service.check_text(path.read_text(), str(path), service.Options(jobs=1, timeout=timeout))
    return result, [d for d in result.diagnostics if d.severity is Severity.ERROR]


def _two_threads(note: str) -> tuple[str, str]:
    m = RACE.fullmatch(note)
    assert m, note
    assert m["a"] != m["b"], note
    return m["a"], m["b"]


@pytest.fixture
def undecided(monkeypatch):
    """The solver as if it could decide nothing that fails: every counterexample it finds
    becomes unknown (Z3's `canceled`).  What is proved stays proved."""
    prove = S.Solver.prove

    def unknown(self, goal, budget=None):
        answer = prove(self, goal, budget)
        if answer.outcome is S.Outcome.FAILED:
            return S.Answer(S.Outcome.UNKNOWN, reason="canceled")
        return answer

    monkeypatch.setattr(S.Solver, "prove", unknown)


@pytest.mark.parametrize("path", sorted(DATA.glob("*-ok.pvl")), ids=lambda p: p.stem)
def test_twins_verify(path):
    assert check(path) == []


def test_the_transpose_keeping_its_row_fails_rather_than_unknown(capsys):
    # The solver now decides this one itself (indices.py); its counterexample may be the
    # conflict inside one thread (write on its row, a read share of its column, which
    # cross), so no second thread need be named.
    code = cli.main(["check", "--timeout", str(TIMEOUT), "--format", "json", str(DATA / "transpose-row-kept-racy.pvl")])
    assert code == 1
    (report,) = json.loads(capsys.readouterr().out)["files"]
    failed = [d for d in report["diagnostics"] if d["code"] != "timeout.solver"]
    assert [(d["code"], d["range"]["start"]["line"]) for d in failed] == [("barrier.resources", 29)]


@pytest.mark.parametrize("name, line, cell", [
    ("own-write-read-above-racy.pvl", 20, r"a\[\d+\]"),
])
def test_racy_kernels_fail_with_both_threads(name, line, cell, capsys):
    path = DATA / name
    code = cli.main(["check", "--timeout", str(TIMEOUT), "--format", "json", str(path)])
    assert code == 1                       # failed, not 4 (timeout)
    (report,) = json.loads(capsys.readouterr().out)["files"]
    assert report["verdict"] == "failed"
    racy = [d for d in report["diagnostics"] if any(n.startswith("race:") for n in d.get("notes", []))]
    assert [d["code"] for d in racy] == ["barrier.resources"]
    assert racy[0]["range"]["start"]["line"] == line
    (note,) = [n for n in racy[0]["notes"] if n.startswith("race:")]
    _two_threads(note)
    assert re.search(rf"(reads|gets .* of|writes) {cell}", note), note
    # Anything else is a check the obligation had no time left for, worded as unknown.
    others = [d for d in report["diagnostics"] if d not in racy and d["severity"] == "error"]
    assert all(d["code"] == "timeout.solver" and "unknown whether" in d["message"] for d in others)


RACY = ["barrier-overlap", "call-neighbour", "cross-group-write", "distribution-overgiving", "groups-overlap",
        "local-neighbour-read", "loop-neighbour-read", "write-after-barrier"]


@pytest.mark.parametrize("name", RACY)
def test_undecided_conflicts_are_found(name, undecided):
    # Every race of tests/data/races, with the solver unable to produce a counterexample:
    # the search finds the conflict, confirms it and names both threads.
    result, errors = _errors(RACES / f"{name}.pvl", timeout=10.0)
    assert result.verdict.value == "failed"
    notes = [n for d in errors for n in d.notes if n.startswith("race:")]
    assert len(notes) == 1, [(d.code, d.message) for d in errors]
    _two_threads(notes[0])


@pytest.mark.parametrize("name", ["no-race-nobody-holds", "no-race-read-beside-read", "no-race-never-had",
                                  "half-shares"])
def test_undecided_without_conflict_stays_unknown(name, undecided):
    result, errors = _errors(RACES / f"{name}.pvl", timeout=10.0)
    assert result.verdict.value == "timeout" and result.exit_code == 4
    assert errors and all(d.code == "timeout.solver" for d in errors)
    for d in errors:
        assert "unknown whether" in d.message and "may not" not in d.message
        assert not any(n.startswith("race:") for n in d.notes)
        assert any("reached the obligation's time limit" in n for n in d.notes)
        assert any("no conflict between two threads" in n for n in d.notes)
        assert any("--timeout" in n for n in d.notes)


def test_a_search_without_budget_finds_nothing(undecided, monkeypatch):
    # A conflict is reported only once a model of the whole path confirms it: without
    # the resource units for that, the check stays unknown.
    monkeypatch.setattr(conflicts, "COUNTEREXAMPLE_RLIMIT", 1)
    result, errors = _errors(RACES / "barrier-overlap.pvl", timeout=10.0)
    assert result.verdict.value == "timeout"
    assert [d.code for d in errors] == ["timeout.solver"]


def test_searches_per_obligation_are_bounded(undecided, monkeypatch):
    # Every failing check is undecided here; an obligation searches at most MAX_SEARCHES
    # times, however many of its checks are.
    monkeypatch.setattr(conflicts, "MAX_SEARCHES", 1)
    per_obligation: dict[int, int] = {}
    search = conflicts.Conflicts._search

    def counted(self, race, full):
        per_obligation[id(self)] = per_obligation.get(id(self), 0) + 1
        return search(self, race, full)

    monkeypatch.setattr(conflicts.Conflicts, "_search", counted)
    _errors(DATA / "transpose-row-kept-racy.pvl")
    assert per_obligation and max(per_obligation.values()) == 1


def test_an_undecidable_check_without_threads_stays_unknown(capsys):
    path = REPO / "tests" / "data" / "engine" / "timeout-cubes.pvl"
    assert cli.main(["check", "--timeout", "1", "--format", "json", str(path)]) == 4
    (report,) = json.loads(capsys.readouterr().out)["files"]
    (d,) = [d for d in report["diagnostics"] if d["severity"] == "error"]
    assert d["code"] == "timeout.solver"
    assert d["message"].startswith("unknown whether the assertion `x * x * x + y * y * y != z * z * z` holds")
    assert not any("no conflict" in n for n in d["notes"])   # nothing for another thread to hold


@pytest.mark.parametrize("message, what, asked", [
    ("the resources handed out by the barrier at line 12: not enough permission: a read share of `a[i]` "
     "may not be held", "the resources handed out by the barrier at line 12", "whether a read share of `a[i]` is held"),
    ("insufficient permission to read `tile[i * gsize + lid]`", "",
     "whether there is permission to read `tile[i * gsize + lid]`"),
    ("insufficient permission to write `a[x]`: write permission is needed", "", "whether there is permission to write `a[x]`"),
    ("the assertion `x != y` may not hold", "", "whether the assertion `x != y` holds"),
    ("the postcondition: `a[i] == i` may not hold", "the postcondition", "whether `a[i] == i` holds"),
    ("`a[i + 1]` may be outside the array (length gsize)", "", "whether `a[i + 1]` is inside the array (length gsize)"),
    ("this specification: two values of the quantified variables reach the same cell `a[i / 2]`, but a non-read "
     "share can only be held once per value", "this specification",
     "whether no two values of the quantified variables reach the same cell `a[i / 2]`"),
])
def test_the_question_of_a_check(message, what, asked):
    assert question(message) == (what, asked)


def test_timeout_and_canceled_are_both_out_of_time():
    message = "the postcondition: not enough permission: write permission on `a[i]` may not be held"
    timeout, t_notes = wording(message, "timeout", searched=False)
    canceled, c_notes = wording(message, "canceled", searched=True)
    assert timeout == canceled == ("the postcondition: unknown whether write permission on `a[i]` is held: "
                                   "the solver ran out of time, so it is not verified")
    # one note for both: which of the two Z3 gives is down to timing (issue 30: a rerun
    # of a tutorial example must not read differently)
    assert t_notes[0] == c_notes[0] and "time limit" in t_notes[0]
    assert not any("no conflict" in n for n in t_notes) and any("no conflict" in n for n in c_notes)
    late, l_notes = wording(message, "timeout", searched=False, late=True)
    assert "used up by the checks before this one" in l_notes[0]
    gave_up, g_notes = wording(message, "incomplete quantifiers", searched=False)
    assert "the solver gave up" in gave_up and "incomplete quantifiers" in g_notes[0]
