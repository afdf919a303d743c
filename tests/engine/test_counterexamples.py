"""Counterexample notes you can trust (engine/counterexample.py, engine/concrete.py).

A note satisfies the context it claims (a model found without the definitions of
recursive functions is checked against them: it gives way to a better model or to a
proof, or the note says it may be spurious), says where its values are from, shows the
values of the function applications of the failing formula, and tells two paths to the
same failure apart by the branch conditions they took."""
from __future__ import annotations

import pathlib
import re

import pytest
import z3

from tests.support.edits import cached_and_fresh_after_an_edit_above
from tests.support.expectations import check
from vercors_py import service
from vercors_py.diagnostics import Severity
from vercors_py.engine import concrete
from vercors_py.engine.solver import Answer, Outcome, Solver

REPO = pathlib.Path(__file__).resolve().parents[2]
DATA = REPO / "tests" / "data" / "counterexamples"
PREFIX = "counterexample: "
IGNORED = "the counterexample ignores the definitions of recursive functions"


def _errors(name: str) -> list:
    path = DATA / name
    result = service.check_text(path.read_text(), str(path), service.Options(jobs=1))
    return [d for d in result.diagnostics if d.severity is Severity.ERROR]


def _note(d) -> str:
    (note,) = [n for n in d.notes if n.startswith(PREFIX)]
    return note


def _values(note: str) -> dict[str, int]:
    """`name = value` pairs of a note's values (not `f(x) = v`, not `(was v ...)`)."""
    values = note.split("; ")[0]
    return {k: int(v) for k, v in re.findall(r"(?<![\w(])([A-Za-z_]\w*) = (-?\d+)\b", values)}


def _is_pow2(n: int) -> bool:
    return n >= 1 and n & (n - 1) == 0


def _without_definitions(self, budget):
    """What solver.py does when the quick attempt with the helpers gives no answer:
    look for a counterexample without them.  Forced here, whatever the solver's luck."""
    result, reason = self._check(budget=budget)
    if result == z3.sat:
        return Answer(Outcome.FAILED, self.solver.model().translate(self.ctx), reason=IGNORED)
    return self._answer(result, reason)


@pytest.fixture
def ignoring_definitions(monkeypatch):
    monkeypatch.setattr(Solver, "_prove_with_helpers", _without_definitions)


@pytest.mark.parametrize("path", sorted(DATA.glob("*.pvl")), ids=lambda p: p.stem)
def test_verdicts_and_error_lines(path):
    assert check(path) == []


# ---- the context ---------------------------------------------------------------------

def test_the_sizes_of_a_reduction_satisfy_its_recursive_context():
    (d,) = _errors("pow2-reduce.pvl")
    note = _note(d)
    assert _is_pow2(_values(note)["gsize"]) or "may be spurious" in note, note


def test_a_model_without_the_definitions_is_replaced_by_one_that_respects_them(ignoring_definitions):
    (d,) = _errors("pow2-reduce.pvl")
    note = _note(d)
    assert _is_pow2(_values(note)["gsize"]) or "may be spurious" in note, note


def test_a_model_that_breaks_the_context_gives_way_to_a_proof(ignoring_definitions):
    # Only gsize = 6 breaks the assertion; unfolding isPow2 at 6 and 3 refutes it.
    assert _errors("pow2-six.pvl") == []


def test_without_a_better_model_the_note_says_it_may_be_spurious(ignoring_definitions, monkeypatch):
    monkeypatch.setattr(concrete, "ROUNDS", 0)
    (d,) = _errors("pow2-six.pvl")
    note = _note(d)
    assert d.code == "assert.failed" and _values(note)["gsize"] == 6
    assert ("may be spurious: `context_everywhere isPow2(gsize)` does not hold at these values "
            "(isPow2(6) is false, not true as the model has it)") in note


# ---- where the values are from -------------------------------------------------------

def test_an_invariant_broken_by_an_iteration_shows_the_values_at_its_end_and_at_the_head():
    errors = _errors("loop-head.pvl")
    (maintain,) = [d for d in errors if d.code == "loop.maintain"]
    note = _note(maintain)
    assert note.startswith(PREFIX + "at the end of an iteration of the loop: "), note
    m = re.search(r"\bs = (\d+) \(was (\d+) at the loop head\)", note)
    assert m, note
    end, head = int(m[1]), int(m[2])
    assert end == head + 2 and end > _values(note)["gsize"]


def test_a_failure_in_the_body_of_a_loop_says_so():
    errors = _errors("loop-head.pvl")
    (failed,) = [d for d in errors if d.code == "assert.failed"]
    note = _note(failed)
    assert note.startswith(PREFIX + "before this statement, in an iteration of the loop: "), note
    assert _values(note)["s"] == 1


def test_a_failure_at_a_return_points_at_it():
    errors = [d for d in _errors("two-paths.pvl") if d.code == "post.failed"]
    at_return = [d for d in errors if ", at the return: " in _note(d)]
    at_end = [d for d in errors if ", at the end of main: " in _note(d)]
    assert len(at_return) == len(at_end) == 1, [d.notes for d in errors]
    assert [r.span.start_line for r in at_return[0].related if "at the return" in r.message] == [29]
    assert not any("at the return" in r.message for r in at_end[0].related)


# ---- function values -----------------------------------------------------------------

def test_the_values_of_the_functions_of_the_failing_formula_are_shown():
    errors = _errors("function-values.pvl")
    binom, abstract = sorted(errors, key=lambda d: d.span.start_line)
    note = _note(binom)
    gsize = _values(note)["gsize"]
    assert f"binom({gsize}, 1) = {gsize}" in note, note
    note = _note(abstract)
    m = re.search(r"\bf\((-?\d+)\) = (-?\d+)", note)
    assert m and int(m[1]) == _values(note)["lid"] and int(m[2]) != 0, note


# ---- paths ---------------------------------------------------------------------------

def test_the_same_failure_on_two_paths_names_the_branch_each_took():
    errors = _errors("two-paths.pvl")
    asserts = {_values(_note(d))["x"]: _note(d) for d in errors if d.code == "assert.failed"}
    assert set(asserts) == {1, 2}
    assert asserts[1].startswith(PREFIX + "on the path `lid < gsize / 2`, "), asserts[1]
    assert asserts[2].startswith(PREFIX + "on the path `!(lid < gsize / 2)`, "), asserts[2]
    posts = [_note(d) for d in errors if d.code == "post.failed"]
    assert sorted(n.split(", ")[0] for n in posts) == [PREFIX + "on the path `!(lid == 0)`",
                                                         PREFIX + "on the path `lid == 0`"]


def test_a_failure_on_one_path_names_no_branch():
    assert not any("on the path" in n for d in _errors("loop-head.pvl") for n in d.notes)


@pytest.mark.parametrize("name", ["two-paths.pvl", "loop-head.pvl"])
def test_a_cached_note_after_an_edit_above_it_is_the_fresh_one(name):
    # The language server reuses results after an edit, moving their spans: notes say
    # where their values are from in words and related places, never by line number.
    cached, fresh = cached_and_fresh_after_an_edit_above((DATA / name).read_text())
    assert cached.diagnostics == fresh.diagnostics
