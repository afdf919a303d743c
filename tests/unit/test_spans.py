"""Source spans of the parser: a node's span covers exactly its text; lines and
columns are 1-based and agree with the offsets."""
from __future__ import annotations

import pathlib

import pytest

from vercors_py.source import SourceText
from vercors_py.syntax import ast as A
from vercors_py.syntax import parser

REPO = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = sorted((REPO / "examples").glob("*.pvl"))

TEXT = """\
kernel demo {
  global int[gsize] a;
  requires Perm(a[tid], write);
  void main() {
    int x = (1 + 2) * 3;
    a[tid] = x;
    if (x > 0) {
      x = x - 1;
    }
    barrier(global) {
      ensures Perm(a[tid], read);
    }
  }
}
"""


@pytest.fixture(scope="module")
def parsed():
    result = parser.parse(TEXT, "demo.pvl")
    assert result.program is not None, result.diagnostics
    return result


def _text(node) -> str:
    return TEXT[node.span.start:node.span.end]


def _first(program, kind, pred=lambda n: True):
    return next(n for n in A.walk(program) if isinstance(n, kind) and pred(n))


def test_node_spans_cover_exactly_their_text(parsed):
    p = parsed.program
    assert _text(_first(p, A.Kernel)).startswith("kernel demo {")
    assert _text(_first(p, A.Kernel)).endswith("}\n  }\n}")
    assert _text(_first(p, A.ArrayDecl)) == "global int[gsize] a;"
    assert _text(_first(p, A.Clause)) == "requires Perm(a[tid], write);"
    assert _text(_first(p, A.Perm)) == "Perm(a[tid], write)"
    assert _text(_first(p, A.VarDecl)) == "int x = (1 + 2) * 3;"
    assert _text(_first(p, A.Binary, lambda n: n.op == "*")) == "(1 + 2) * 3"
    assert _text(_first(p, A.Binary, lambda n: n.op == "+")) == "(1 + 2)"
    assert _text(_first(p, A.ArrayAssign)) == "a[tid] = x;"
    assert _text(_first(p, A.ArrayAssign).target) == "a[tid]"
    assert _text(_first(p, A.Assign)) == "x = x - 1;"
    assert _text(_first(p, A.If)) == "if (x > 0) {\n      x = x - 1;\n    }"
    assert _text(_first(p, A.Barrier)).startswith("barrier(global)")
    assert _text(_first(p, A.Write)) == "write"
    assert _text(_first(p, A.Read)) == "read"


def test_name_spans_of_declarations(parsed):
    p = parsed.program
    k = _first(p, A.Kernel)
    assert TEXT[k.name_span.start:k.name_span.end] == "demo"
    main = _first(p, A.Procedure)
    assert TEXT[main.name_span.start:main.name_span.end] == "main"
    decl = _first(p, A.VarDecl)
    assert TEXT[decl.name_span.start:decl.name_span.end] == "x"


def test_lines_and_columns_are_one_based(parsed):
    p = parsed.program
    k = _first(p, A.Kernel)
    assert (k.span.start_line, k.span.start_col) == (1, 1)
    assert (k.span.end_line, k.span.end_col) == (14, 2)     # the end is exclusive
    decl = _first(p, A.VarDecl)
    assert (decl.span.start_line, decl.span.start_col) == (5, 5)
    assert (decl.span.end_line, decl.span.end_col) == (5, 25)
    assert (decl.name_span.start_line, decl.name_span.start_col, decl.name_span.end_col) == (5, 9, 10)
    tid = _first(_first(p, A.ArrayAssign), A.Name, lambda n: n.id == "tid")
    assert (tid.span.start_line, tid.span.start_col, tid.span.end_col) == (6, 7, 10)
    barrier = _first(p, A.Barrier)
    assert (barrier.span.start_line, barrier.span.start_col) == (10, 5)


def test_spans_carry_the_path(parsed):
    assert all(n.span.path == "demo.pvl" for n in A.walk(parsed.program))


def test_columns_count_characters_not_bytes():
    text = "kernel k {\n  void main() {\n    /* ünï 😀 */ int x = 1;\n  }\n}\n"
    result = parser.parse(text, "u.pvl")
    decl = _first(result.program, A.VarDecl)
    # 4 spaces, then `/* ünï 😀 */ ` is 12 characters (but 18 bytes in UTF-8)
    assert (decl.span.start_line, decl.span.start_col) == (3, 17)
    assert text[decl.span.start:decl.span.end] == "int x = 1;"


def _check_tree(source: SourceText, program) -> None:
    text = source.text
    for node in A.walk(program):
        span = node.span
        assert 0 <= span.start <= span.end <= len(text)
        # line/col agree with the offsets
        assert source.line_col(span.start) == (span.start_line, span.start_col)
        assert source.line_col(span.end) == (span.end_line, span.end_col)
        covered = text[span.start:span.end]
        if not isinstance(node, A.Program):
            assert covered, node
            assert covered == covered.strip(), (type(node).__name__, covered)
        # every child lies inside its parent
        for child in A.children(node):
            assert span.start <= child.span.start and child.span.end <= span.end, \
                (type(node).__name__, type(child).__name__)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_node_span_is_exact_and_nested(path):
    text = path.read_text()
    result = parser.parse(text, str(path))
    if result.program is None:
        pytest.skip("a syntax-error example")
    _check_tree(result.source, result.program)


@pytest.mark.parametrize("source, expected", [
    ("a[i] + 1", "a[i] + 1"),
    ("(a[i])", "(a[i])"),
    ("f(x, y)", "f(x, y)"),
    ("\\old(a[i])", "\\old(a[i])"),
    ("!b", "!b"),
    ("(c ? 1 : 2)", "(c ? 1 : 2)"),
    ("(\\forall int i; 0 <= i; i >= 0)", "(\\forall int i; 0 <= i; i >= 0)"),
])
def test_expression_spans(source, expected):
    text = f"kernel k {{\n  void main() {{\n    assert {source} == {source};\n  }}\n}}\n"
    result = parser.parse(text, "e.pvl")
    assert result.program is not None, result.diagnostics
    (stmt,) = _first(result.program, A.Procedure).body.stmts
    eq = stmt.expr
    assert text[eq.left.span.start:eq.left.span.end] == expected
    assert text[eq.right.span.start:eq.right.span.end] == expected
    assert eq.left.span.start_line == 3 and eq.left.span.start_col == len("    assert ") + 1


_LAYOUT = """\
requires n >= 0;
pure int f(int n) = n + 1;

kernel k {
  void main() {
    barrier(local);
    barrier(global) {
      requires true;
    }
  }
}
"""


def test_barrier_span_covers_its_contract():
    result = parser.parse(_LAYOUT, "layout.pvl")
    plain, contracted = [n for n in A.walk(result.program) if isinstance(n, A.Barrier)]
    assert _LAYOUT[plain.span.start:plain.span.end] == "barrier(local);"
    assert _LAYOUT[contracted.span.start:contracted.span.end] == "barrier(global) {\n      requires true;\n    }"


def test_function_span_covers_its_body():
    result = parser.parse(_LAYOUT, "layout.pvl")
    (fn,) = result.program.functions
    assert _LAYOUT[fn.span.start:fn.span.end] == "requires n >= 0;\npure int f(int n) = n + 1;"
