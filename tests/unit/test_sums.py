"""`(\\sum int j; lo <= j && j < hi && cond; body)`: its syntax (syntax/sums.py), type
rules (type.sum-range) and exact value on concrete states (semantics/evaluate.py, the
evaluator of `run`)."""
from __future__ import annotations

import pytest

from vercors_py import service
from vercors_py.semantics.evaluate import MAX_SUMMANDS, ConcreteEvaluator
from vercors_py.semantics.faults import Unevaluable
from vercors_py.syntax import ast as A
from vercors_py.syntax import parser
from vercors_py.syntax.printer import format_expr

KERNEL = """
kernel k(int n) {
  global int[n] a;
  context_everywhere n >= 0;
  requires (\\forall* int i; 0 <= i && i < n; Perm(a[i], read));
  ensures  (\\forall* int i; 0 <= i && i < n; Perm(a[i], read));
  ensures  SUM == 0;
  void main() { }
}
"""


def _sum(text: str) -> A.Sum:
    parsed = parser.parse(KERNEL.replace("SUM", text), "s.pvl")
    assert parsed.program is not None and not parsed.diagnostics, [d.message for d in parsed.diagnostics]
    return parsed.program.kernels[0].main.contract[-1].expr.left


def _codes(text: str) -> list[str]:
    analysis = service.analyze(KERNEL.replace("SUM", text), "s.pvl")
    return [d.code for d in analysis.diagnostics]


def test_the_range_gives_the_bounds_and_the_condition():
    s = _sum("(\\sum int j; 1 <= j && j < n && a[j] > 0 && j != 3; a[j] * 2)")
    assert format_expr(s.lo) == "1" and format_expr(s.hi) == "n"
    assert format_expr(s.cond) == "a[j] > 0 && j != 3"
    assert format_expr(s.body) == "a[j] * 2"


@pytest.mark.parametrize("text", ["(\\sum int j; j >= 0 && n > j; a[j])", "(\\sum int j; 0 <= j && j < n; a[j])"])
def test_both_ways_of_writing_a_bound(text):
    s = _sum(text)
    assert format_expr(s) == "(\\sum int j; 0 <= j && j < n; a[j])"


def test_the_printed_sum_parses_to_the_same_tree():
    for text in ["(\\sum int j; 0 <= j && j < n + 1 && (a[j] > 0 || j == 0); -a[j])",
                 "(\\sum int j; 0 <= j && j < n && (j > 1 && j < 4); 1)"]:
        s = _sum(text)
        assert _sum(format_expr(s)) == s


@pytest.mark.parametrize("text", [
    "(\\sum int j; j < n && 0 <= j; a[j])",          # bounds in the other order
    "(\\sum int j; 0 <= j && j <= n; a[j])",         # inclusive upper bound
    "(\\sum int j; a[j] > 0 && 0 <= j && j < n; 1)",  # the condition first
    "(\\sum int j; 0 <= j; a[j])",                   # no upper bound
    "(\\sum int j; 0 <= j && j < j + 1; 1)",         # a bound that mentions j
])
def test_a_range_of_another_form_is_a_type_error(text):
    assert "type.sum-range" in _codes(text)


def test_the_body_is_an_int_and_the_variable_too():
    assert _codes("(\\sum int j; 0 <= j && j < n; a[j] > 0)") == ["type.mismatch"]
    assert "type.mismatch" in _codes("(\\sum bool j; 0 <= j && j < n; 1)")
    assert _codes("(\\sum int j; 0 <= j && j < n; a[j])") == []


def _value(text: str, cells: list[int]) -> int:
    s = _sum(text)
    analysis = service.analyze(KERNEL.replace("SUM", text), "s.pvl")
    kernel = analysis.program.kernels[0]
    resolved = kernel.main.contract[-1].expr.left
    n = next(p.symbol for p in kernel.params if p.name == "n")
    assert resolved == s
    evaluator = ConcreteEvaluator({}, lambda array, i, span: cells[i])
    return evaluator.value(resolved, {n: len(cells)})


def test_its_value_is_the_sum_over_the_range_where_the_condition_holds():
    cells = [4, -7, 0, 5, -1]
    assert _value("(\\sum int j; 0 <= j && j < n; a[j])", cells) == 1
    assert _value("(\\sum int j; 1 <= j && j < n - 1; a[j])", cells) == -2
    assert _value("(\\sum int j; 0 <= j && j < n && a[j] > 0; 1)", cells) == 2
    assert _value("(\\sum int j; 0 <= j && j < n && a[j] < 0; a[j] * a[j])", cells) == 50
    assert _value("(\\sum int j; 3 <= j && j < 3; a[j])", cells) == 0
    assert _value("(\\sum int j; n <= j && j < 0; a[j])", cells) == 0     # hi < lo: empty


def test_a_huge_range_is_refused_by_the_run():
    with pytest.raises(Unevaluable):
        _value(f"(\\sum int j; 0 <= j && j < n + {MAX_SUMMANDS}; 1)", [1])
