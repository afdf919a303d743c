"""Which function definitions an obligation is given (obligations/calls.py, trust.py):
only reachable ones, never its own, and none whose obligation was not proved."""
from __future__ import annotations

from vercors_py import service
from vercors_py.obligations import calls, trust
from vercors_py.obligations.generate import obligations
from vercors_py.obligations.model import Kind

PROGRAM = """\
pure int leaf(int n) = n + 1;
requires n >= 0;
pure int even(int n) = n == 0 ? 1 : odd(n - 1);
requires n >= 0;
pure int odd(int n) = n == 0 ? 0 : even(n - 1) + leaf(0) - 1;
pure int unused(int n) = unused(n) + 1;
pure int top(int n) = even(2) + leaf(n);

kernel k {
  global int[gsize] a;
  void main() {
    assert top(0) == 2;
  }
}
"""


def _program():
    analysis = service.analyze(PROGRAM, "t.pvl")
    assert not analysis.rejected, analysis.diagnostics
    return analysis.checked


def _by_name(checked):
    return {fn.name: fn.symbol for fn in checked.program.functions}, checked.functions


def test_components_are_the_cycles_of_the_call_graph():
    names, functions = _by_name(_program())
    assert calls.component(names["even"], functions) == {names["even"], names["odd"]}
    assert calls.component(names["unused"], functions) == {names["unused"]}
    assert calls.component(names["leaf"], functions) == frozenset()
    assert calls.component(names["top"], functions) == frozenset()


def test_callees_come_before_callers():
    names, functions = _by_name(_program())
    h = {n: calls.height(s, functions) for n, s in names.items()}
    assert h["leaf"] == 0 and h["unused"] == 0
    assert h["even"] == h["odd"] == 1
    assert h["top"] == 2


def test_a_kernel_obligation_is_given_only_the_functions_it_reaches():
    checked = _program()
    names, _ = _by_name(checked)
    thread = next(ob for ob in obligations(checked) if ob.kind is Kind.THREAD)
    assert set(thread.functions) == {names[n] for n in ("top", "even", "odd", "leaf")}


def test_the_first_function_of_a_cycle_checks_the_cycle():
    checked = _program()
    cycles = {ob.name: [f.name for f in ob.steps[0].cycle] for ob in obligations(checked) if ob.kind is Kind.FUNCTION}
    assert cycles["function:even"] == ["even", "odd"]
    assert cycles["function:odd"] == []
    assert cycles["function:unused"] == ["unused"]
    assert cycles["function:leaf"] == []


def test_stages_put_functions_first_by_height():
    obs = obligations(_program())
    stages = [[obs[i].name for i in stage] for stage in trust.stages(obs)]
    assert set(stages[0]) == {"function:leaf", "function:unused"}
    assert set(stages[1]) == {"function:even", "function:odd"}
    assert stages[2] == ["function:top"]
    assert all(not name.startswith("function:") for name in stages[3])


def test_a_distrusted_function_loses_its_definition_with_its_cycle():
    checked = _program()
    names, _ = _by_name(checked)
    obs = obligations(checked)
    even = next(ob for ob in obs if ob.name == "function:even")
    distrusted = trust.not_proved([(even, False)])
    assert distrusted == {names["even"], names["odd"]}
    thread = next(ob for ob in obs if ob.kind is Kind.THREAD)
    rewritten = trust.distrusting(thread, distrusted)
    assert rewritten.functions[names["even"]].body is None
    assert rewritten.functions[names["leaf"]].body is not None
    assert trust.distrusting(thread, set()) is thread


def test_the_file_verifies_only_from_proved_definitions():
    result = service.check_text(PROGRAM, "t.pvl", service.Options(jobs=1))
    failed = {o.name for o in result.obligations if o.verdict.value != "verified"}
    assert failed == {"function:unused"}
    assert [d.code for d in result.errors] == ["pre.recursion"]


def test_a_kernel_does_not_get_a_definition_that_was_not_proved():
    text = PROGRAM.replace("requires n >= 0;\npure int odd", "pure int odd")   # odd(-1) loops
    result = service.check_text(text, "t.pvl", service.Options(jobs=1))
    by_name = {o.name: o for o in result.obligations}
    assert by_name["function:even"].verdict.value == "failed"
    # top(0) == 2 needs even's definition, which is now not trusted
    assert by_name["k/thread"].verdict.value == "failed"
    assert "assert.failed" in {d.code for d in by_name["k/thread"].diagnostics}
