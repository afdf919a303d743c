"""The hover of a failure: a counterexample note split into where its values are from,
the values and the caveat (the note's format is engine/explanation/counterexample.py's)."""
from __future__ import annotations

from vercors_py import diagnostics as D
from vercors_py.lsp.status import counterexample_values, failure_hover


def test_values_with_a_place_function_applications_cells_and_a_caveat():
    place, values, caveat = counterexample_values(
        "at the loop head (line 12): gsize = 3, x = 5 (was 3 at the loop head (line 12)), binom(3, 1) = 3, "
        "a[1] = -2; it may be spurious: the model ignores binom")
    assert place == "at the loop head (line 12)"
    assert values == ["gsize = 3", "x = 5 (was 3 at the loop head (line 12))", "binom(3, 1) = 3", "a[1] = -2"]
    assert caveat == "it may be spurious: the model ignores binom"


def test_values_without_a_place():
    assert counterexample_values("gsize = 1, lid' = 0") == ("", ["gsize = 1", "lid' = 0"], "")


def test_the_hover_in_plain_text_lists_values_race_and_replay():
    d = D.error("perm.read", None, "insufficient permission to read `a[1]`",
                notes=("counterexample: before this statement: gsize = 2, tid = 0",
                       "race: thread lid 0 reads a[1] while thread lid 1 holds write on it"))
    text = failure_hover(d, "replay at gsize = 2: it happens\n> step 1: tid 0", markdown=False)
    assert text.splitlines() == [
        "[perm.read] insufficient permission to read `a[1]`",
        "counterexample (before this statement):", "  gsize = 2", "  tid = 0",
        "race: thread lid 0 reads a[1] while thread lid 1 holds write on it",
        "replay at gsize = 2: it happens", "> step 1: tid 0"]
