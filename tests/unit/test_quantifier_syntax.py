"""Quantifiers over several variables: `(\\forall int i, j; c; b)` is sugar for nested
quantifiers with the condition on the innermost one (syntax/parser.py)."""
from __future__ import annotations

from vercors_py.syntax import ast as A
from vercors_py.syntax import parser


def _ensures(text: str):
    parsed = parser.parse(text, "q.pvl")
    assert parsed.program is not None, [d.message for d in parsed.diagnostics]
    main = parsed.program.kernels[0].main
    return [c.expr for c in main.contract]


KERNEL = """
kernel k {
  global int[gsize * gsize] a;
  ensures (\\forall QUANT 0 <= i && i < gsize && 0 <= j && j < gsize; a[i * gsize + j] == 0);
  void main() { }
}
"""


def test_two_variables_nest_with_the_condition_inside():
    for quant in ("int i, j;", "int i, int j;"):
        (outer,) = _ensures(KERNEL.replace("QUANT", quant))
        assert isinstance(outer, A.Quantifier) and outer.var == "i" and outer.cond is None
        inner = outer.body
        assert isinstance(inner, A.Quantifier) and inner.var == "j" and inner.cond is not None
        assert outer.kind is inner.kind is A.QuantKind.FORALL


def test_each_variable_keeps_its_own_span():
    text = KERNEL.replace("QUANT", "int i, j;")
    (outer,) = _ensures(text)
    assert text[outer.var_span.start:outer.var_span.end] == "i"
    assert text[outer.body.var_span.start:outer.body.var_span.end] == "j"


def test_a_missing_name_after_the_comma_is_a_syntax_error():
    parsed = parser.parse(KERNEL.replace("QUANT", "int i, ;"), "q.pvl")
    assert parsed.program is None
    assert {d.code for d in parsed.diagnostics} == {"syntax.unexpected-token"}


def test_context_everywhere_among_clauses_is_named_as_such():
    text = ("kernel f(int n) {\n  global int[gsize] a;\n  requires Perm(a[tid], write);\n"
            "  context_everywhere n > 1;\n  void main() { }\n}\n")
    [d] = parser.parse(text, "t.pvl").diagnostics
    assert d.code == "syntax.unexpected-token"
    assert (d.span.start_line, d.span.start_col, d.span.end_col) == (4, 3, 21)
    assert d.message.startswith("`context_everywhere` is not a contract clause")
