"""The printer: round trips through the parser, exact layout, and random expressions."""
from __future__ import annotations

import pathlib

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vercors_py.source import SourceText
from vercors_py.syntax import ast as A
from vercors_py.syntax.parser import MAX_DEPTH, parse
from vercors_py.syntax.printer import (format_clause, format_clauses, format_expr,
                                       format_program, format_stmt)

ROOT = pathlib.Path(__file__).resolve().parents[2]
# Users' clones have no ../shared; those files are then simply not collected.
PROGRAM_DIRS = [ROOT / "examples", ROOT.parent / "shared" / "conformance"]
PROGRAM_FILES = sorted(p for d in PROGRAM_DIRS if d.is_dir() for p in d.rglob("*.pvl"))

SPAN = SourceText("t", "").span(0, 0)


# ---- helpers -------------------------------------------------------------------------

def parse_ok(text: str) -> A.Program:
    result = parse(text, "<printed>")
    assert not result.diagnostics, f"{[d.message for d in result.diagnostics]}\n{text}"
    return result.program


def wrap_expr(text: str) -> str:
    return f"kernel k {{ void main() {{ assert {text}; }} }}"


def parse_expr(text: str) -> A.Expr:
    return parse_ok(wrap_expr(text)).decls[0].members[0].body.stmts[0].expr


def parse_stmt(text: str) -> A.Stmt:
    return parse_ok(f"kernel k {{ void main() {{ {text} }} }}").decls[0].members[0].body.stmts[0]


# Small constructors for synthesized trees; every node needs a span.
def n(name: str) -> A.Name:
    return A.Name(name, span=SPAN)


def i(value: int) -> A.IntLit:
    return A.IntLit(value, span=SPAN)


def b(op: str, left, right) -> A.Binary:
    return A.Binary(op, left, right, span=SPAN)


def u(op: str, operand) -> A.Unary:
    return A.Unary(op, operand, span=SPAN)


def cond(c, t, o) -> A.Conditional:
    return A.Conditional(c, t, o, span=SPAN)


def assign(name: str, value) -> A.Assign:
    return A.Assign(n(name), value, span=SPAN)


def if_(c, then, otherwise=None) -> A.If:
    return A.If(c, then, otherwise, span=SPAN)


def block(*stmts) -> A.Block:
    return A.Block(tuple(stmts), span=SPAN)


# ---- (1) round trip on the example and conformance programs ----------------------------

@pytest.mark.parametrize("path", PROGRAM_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_program_files_round_trip(path: pathlib.Path):
    result = parse(path.read_text("utf-8"), str(path))
    if result.diagnostics:
        pytest.skip("the file is meant to be rejected by the parser")
    printed = format_program(result.program)
    reparsed = parse_ok(printed)
    assert reparsed == result.program
    assert format_program(reparsed) == printed


def test_program_files_are_found_when_shared_exists():
    # Guards against the round-trip test above silently collecting nothing.
    conformance = ROOT.parent / "shared" / "conformance"
    if not conformance.is_dir():
        pytest.skip("no ../shared/conformance in this checkout")
    assert any(p.parent == conformance for p in PROGRAM_FILES)


# ---- (2) exact text: precedence and associativity -------------------------------------

@pytest.mark.parametrize("source, expected", [
    # left-associative levels: parentheses only on the right
    ("a - b - c", "a - b - c"),
    ("a - (b - c)", "a - (b - c)"),
    ("(a - b) - c", "a - b - c"),
    ("a / (b * c)", "a / (b * c)"),
    ("a * b / c % d", "a * b / c % d"),
    ("(a < b) < c", "a < b < c"),
    ("a == (b == c)", "a == (b == c)"),
    ("a || (b || c)", "a || (b || c)"),
    # && and ** share a level
    ("a && b ** c", "a && b ** c"),
    ("a ** (b && c)", "a ** (b && c)"),
    ("(a ** b) && c", "a ** b && c"),
    # ==> is right-associative
    ("a ==> b ==> c", "a ==> b ==> c"),
    ("a ==> (b ==> c)", "a ==> b ==> c"),
    ("(a ==> b) ==> c", "(a ==> b) ==> c"),
    ("a || b ==> c && d", "a || b ==> c && d"),
    ("(a ==> b) || c", "(a ==> b) || c"),
    # tighter operands need nothing, looser ones need parentheses
    ("a + b * c", "a + b * c"),
    ("(a + b) * c", "(a + b) * c"),
    ("(a == b) == (c != d)", "a == b == (c != d)"),
    ("(a + 1) % n", "(a + 1) % n"),
    # conditional: right-associative, condition at implication level
    ("a ? b : c ? d : e", "a ? b : c ? d : e"),
    ("a ? b : (c ? d : e)", "a ? b : c ? d : e"),
    ("(a ? b : c) ? d : e", "(a ? b : c) ? d : e"),
    ("a ? (b ? c : d) : e", "a ? b ? c : d : e"),
    ("(a ==> b) ? c : d", "a ==> b ? c : d"),
    ("a ==> (b ? c : d)", "a ==> (b ? c : d)"),
    ("(a ? b : c) + 1", "(a ? b : c) + 1"),
    ("x == 0 || x == n ? 1 : 2", "x == 0 || x == n ? 1 : 2"),
    # unary and postfix
    ("-(a + b)", "-(a + b)"),
    ("-a + b", "-a + b"),
    ("!(a && b)", "!(a && b)"),
    ("!!a", "!!a"),
    ("--a", "- -a"),
    ("- - -a", "- - -a"),
    ("-!a", "-!a"),
    ("a - -b", "a - -b"),
    ("a--b", "a - -b"),
    ("-a[i]", "-a[i]"),
    ("a[i][j + 1]", "a[i][j + 1]"),
    ("a[(i + 1) % n]", "a[(i + 1) % n]"),
    ("f(a, b + 1, (c))", "f(a, b + 1, c)"),
    ("g()", "g()"),
    # fractions, Perm, \old, quantifiers, literals
    ("Perm(a[i], 1\\2)", "Perm(a[i], 1\\2)"),
    ("Perm(a[i], 1 \\ n)", "Perm(a[i], 1\\n)"),
    ("1\\(n + 1)", "1 \\ (n + 1)"),
    ("x \\ \\old(y)", "x \\ \\old(y)"),
    ("\\old(a[i] + 1) == a[i]", "\\old(a[i] + 1) == a[i]"),
    ("Perm(a[i], write) ** Perm(b[i], read)", "Perm(a[i], write) ** Perm(b[i], read)"),
    ("(\\forall* int j; 0 <= j && j < n; Perm(a[j], read))",
     "(\\forall* int j; 0 <= j && j < n; Perm(a[j], read))"),
    ("(\\forall int j; j == j)", "(\\forall int j; j == j)"),
    ("(\\exists bool q; q)", "(\\exists bool q; q)"),
    ("(\\forall int j; true; j >= 0) && true", "(\\forall int j; true; j >= 0) && true"),
    ("true && false", "true && false"),
    ("(((7)))", "7"),
])
def test_expression_text(source: str, expected: str):
    expr = parse_expr(source)
    assert format_expr(expr) == expected
    assert parse_expr(expected) == expr


def test_synthesized_parentheses():
    # Trees built by hand, as a rewriting pass would produce them.
    assert format_expr(b("-", n("a"), b("-", n("b"), n("c")))) == "a - (b - c)"
    assert format_expr(b("==>", b("==>", n("a"), n("b")), n("c"))) == "(a ==> b) ==> c"
    assert format_expr(cond(cond(n("a"), n("b"), n("c")), n("d"), n("e"))) == "(a ? b : c) ? d : e"
    assert format_expr(cond(b("==>", n("a"), n("b")), n("c"), n("d"))) == "a ==> b ? c : d"
    assert format_expr(A.Index(b("+", n("a"), n("b")), i(0), span=SPAN)) == "(a + b)[0]"
    assert format_expr(u("-", u("-", n("x")))) == "- -x"


def test_negative_literal_prints_but_parses_as_unary_minus():
    # Documented limit: a negative IntLit comes back as Unary("-", IntLit(5)).
    assert format_expr(i(-5)) == "-5"
    assert format_expr(b("-", n("a"), i(-5))) == "a - -5"
    assert format_expr(b("*", i(-5), n("a"))) == "-5 * a"
    assert format_expr(A.Index(i(-5), n("j"), span=SPAN)) == "(-5)[j]"
    assert format_expr(u("-", i(-5))) == "- -5"
    assert parse_expr("-5") == u("-", i(5))


def test_unknown_nodes_are_refused():
    with pytest.raises(TypeError):
        format_expr(assign("x", i(1)))
    with pytest.raises(ValueError):
        format_expr(b("^", n("a"), n("b")))
    with pytest.raises(TypeError):
        format_stmt(n("x"))


# ---- (2) exact text: statements, clauses, declarations ---------------------------------

def test_clauses():
    clause = A.Clause(A.ClauseKind.LOOP_INVARIANT, b("<=", i(0), n("i")), span=SPAN)
    ensures = A.Clause(A.ClauseKind.ENSURES, A.BoolLit(True, span=SPAN), span=SPAN)
    assert format_clause(clause) == "loop_invariant 0 <= i;"
    assert format_clauses((clause, ensures), 2) == "    loop_invariant 0 <= i;\n    ensures true;"
    assert format_clauses((), 1) == ""


@pytest.mark.parametrize("source, expected", [
    ("int x;", "int x;"),
    ("bool  y = a&&b;", "bool y = a && b;"),
    ("a[i+1] = (x);", "a[i + 1] = x;"),
    ("f(a, 1);", "f(a, 1);"),
    ("g();", "g();"),
    ("assume x>0;", "assume x > 0;"),
    ("barrier();", "barrier();"),
    ("barrier(local,global);", "barrier(local, global);"),
    ("barrier(global) {}", "barrier(global) {\n}"),
    ("barrier(local) { requires a; ensures b; }",
     "barrier(local) {\n  requires a;\n  ensures b;\n}"),
    ("{ }", "{\n}"),
    ("{ x = 1; { break; } }", "{\n  x = 1;\n  {\n    break;\n  }\n}"),
    ("if (c) x = 1;", "if (c)\n  x = 1;"),
    ("if (c) { x = 1; } else { return; }", "if (c) {\n  x = 1;\n} else {\n  return;\n}"),
    ("if (c) x = 1; else y = 2;", "if (c)\n  x = 1;\nelse\n  y = 2;"),
    ("if (c) { x = 1; } else y = 2;", "if (c) {\n  x = 1;\n} else\n  y = 2;"),
    ("if (c) x = 1; else { y = 2; }", "if (c)\n  x = 1;\nelse {\n  y = 2;\n}"),
    ("if (a) { x = 1; } else if (b) { x = 2; } else { x = 3; }",
     "if (a) {\n  x = 1;\n} else if (b) {\n  x = 2;\n} else {\n  x = 3;\n}"),
    ("if (a) if (b) x = 1; else y = 2;", "if (a)\n  if (b)\n    x = 1;\n  else\n    y = 2;"),
    ("while (i < n) i = i + 1;", "while (i < n)\n  i = i + 1;"),
    ("invariant 0 <= i; loop_invariant i <= n; while (i < n) { continue; }",
     "invariant 0 <= i;\nloop_invariant i <= n;\nwhile (i < n) {\n  continue;\n}"),
    ("for (int i = 0; i < n; i = i + 1) { a[i] = 0; }",
     "for (int i = 0; i < n; i = i + 1) {\n  a[i] = 0;\n}"),
    ("for (;;) {}", "for (;;) {\n}"),
    ("for (a[0] = 1; ; ) x = 1;", "for (a[0] = 1;;)\n  x = 1;"),
    ("for (; i < n; i = i + 1) {}", "for (; i < n; i = i + 1) {\n}"),
    ("if (c) loop_invariant true; while (d) {}",
     "if (c)\n  loop_invariant true;\n  while (d) {\n  }"),
])
def test_statement_text(source: str, expected: str):
    stmt = parse_stmt(source)
    assert format_stmt(stmt) == expected
    assert parse_stmt(expected) == stmt


def test_statement_indent():
    stmt = parse_stmt("if (c) { x = 1; }")
    assert format_stmt(stmt, indent=2) == "    if (c) {\n      x = 1;\n    }"


def test_empty_barrier_contract_is_not_the_plain_form():
    plain = A.Barrier((A.Fence.GLOBAL,), None, span=SPAN)
    empty = A.Barrier((A.Fence.GLOBAL,), (), span=SPAN)
    assert format_stmt(plain) == "barrier(global);"
    assert format_stmt(empty) == "barrier(global) {\n}"
    assert parse_stmt(format_stmt(empty)) == empty
    assert parse_stmt(format_stmt(plain)) == plain


def test_dangling_else_limit_of_synthesized_trees():
    # Documented limit: an if-without-else as the then-branch of an if-with-else cannot
    # be printed without adding a Block, so the parser re-attaches the else inward.
    tree = if_(n("a"), if_(n("b"), assign("x", i(1))), assign("y", i(2)))
    printed = format_stmt(tree)
    assert printed == "if (a)\n  if (b)\n    x = 1;\nelse\n  y = 2;"
    assert parse_stmt(printed) != tree


PROGRAM = """\
requires 0 <= k;
pure int f(int n, int k) = n + k;

pure bool g(int i);

kernel demo(int n, bool flag) {
  global int[gsize] a;
  global int[gsize] b;
  local int[gsize] t;
  context_everywhere gsize > 1;

  group {
    requires true;
  }

  kernel {
  }

  requires Perm(a[tid], write);
  ensures Perm(a[tid], write);
  void helper(int i) {
    a[i] = 0;
  }

  requires Perm(a[tid], write) ** Perm(b[tid], write);
  void main() {
    helper(tid);
    barrier(global) {
      ensures Perm(a[tid], write);
    }
  }
}

kernel empty {
}
"""


def test_program_layout_is_canonical():
    # One text that is already in canonical form: printing must reproduce it exactly.
    assert format_program(parse_ok(PROGRAM)) == PROGRAM


DECREASES_PROGRAM = """\
requires n >= 0 && m >= 0;
decreases m, n;
pure int ack(int m, int n) = m == 0 ? n + 1 : n == 0 ? ack(m - 1, 1) : ack(m - 1, ack(m, n - 1));

decreases n;
pure int f(int n) = n <= 0 ? 0 : f(n - 1);

kernel k {
  void main() {
  }
}
"""


def test_program_with_decreases_round_trips():
    program = parse_ok(DECREASES_PROGRAM)
    assert [fn.decreases is not None for fn in program.functions] == [True, True]
    assert format_program(program) == DECREASES_PROGRAM
    # The measure may stand anywhere among the requires clauses; it prints after them.
    moved = DECREASES_PROGRAM.replace("requires n >= 0 && m >= 0;\ndecreases m, n;",
                                      "decreases m, n;\nrequires n >= 0 && m >= 0;")
    assert moved != DECREASES_PROGRAM
    assert parse_ok(moved) == program
    assert format_program(parse_ok(moved)) == DECREASES_PROGRAM


def test_program_layout_normalises():
    messy = ("pure int f ( int i ) ; kernel k ( ) { global int [ n ] a , b ; "
             "void main ( ) { } }")
    assert format_program(parse_ok(messy)) == (
        "pure int f(int i);\n\n"
        "kernel k {\n  global int[n] a;\n  global int[n] b;\n\n  void main() {\n  }\n}\n")


def test_empty_program():
    assert format_program(parse_ok("")) == ""
    assert format_program(parse_ok("// nothing\n")) == ""


def test_deepest_parsable_tree_prints():
    # The parser accepts up to MAX_DEPTH nesting without recursion; printing a tree that
    # deep must not hit Python's recursion limit either.
    depth = MAX_DEPTH - 10
    expr_text = "-" * depth + "x"
    program = parse_ok(wrap_expr(expr_text))
    assert parse_ok(format_program(program)) == program

    stmt_text = "if (c) " * (depth // 2) + "x = 1;"
    program = parse_ok(f"kernel k {{ void main() {{ {stmt_text} }} }}")
    assert parse_ok(format_program(program)) == program


# ---- (3) random expression trees ----------------------------------------------------

KEYWORDS = {
    "kernel", "group", "global", "local", "context_everywhere", "requires", "ensures",
    "context", "loop_invariant", "invariant", "int", "bool", "if", "else", "while", "for",
    "barrier", "assert", "assume", "break", "continue", "return", "true", "false",
    "write", "read", "Perm", "pure", "void", "decreases",
}
names = st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,6}", fullmatch=True).filter(
    lambda s: s not in KEYWORDS)
# Grouped by precedence level; drawing a level first makes operator pairs of interest
# (`==>` under `==>`, `-` under `-`, ...) common rather than one draw in 256.
OPS_BY_LEVEL = [["==>"], ["||"], ["&&", "**"], ["==", "!="], ["<", "<=", ">", ">="],
                ["+", "-"], ["*", "/", "%"], ["\\"]]
binary_ops = st.sampled_from(OPS_BY_LEVEL).flatmap(st.sampled_from)

leaves = st.one_of(
    st.integers(min_value=0, max_value=10**30).map(i),
    st.booleans().map(lambda v: A.BoolLit(v, span=SPAN)),
    names.map(n),
    st.just(A.Write(span=SPAN)),
    st.just(A.Read(span=SPAN)),
)


def _compound(sub):
    return st.one_of(
        st.builds(b, binary_ops, sub, sub),
        st.builds(u, st.sampled_from(["!", "-"]), sub),
        st.builds(cond, sub, sub, sub),
        st.builds(lambda a, x: A.Index(a, x, span=SPAN), sub, sub),
        st.builds(lambda f, args: A.Call(f, tuple(args), span=SPAN, name_span=SPAN),
                  names, st.lists(sub, max_size=3)),
        st.builds(lambda x: A.Old(x, span=SPAN), sub),
        st.builds(lambda loc, amount: A.Perm(loc, amount, span=SPAN), sub, sub),
        st.builds(lambda kind, ty, var, c, body: A.Quantifier(
                      kind, ty, var, c, body, span=SPAN, var_span=SPAN),
                  st.sampled_from(list(A.QuantKind)), st.sampled_from([A.Type.INT, A.Type.BOOL]),
                  names, st.none() | sub, sub),
        st.builds(lambda var, lo, hi, c, body: A.Sum(A.Type.INT, var, lo, hi, c, body, span=SPAN, var_span=SPAN),
                  names, sub, sub, st.none() | sub, sub),
    )


expressions = st.recursive(leaves, _compound, max_leaves=25)


LEVEL_OF = {op: level for level, ops in enumerate(OPS_BY_LEVEL) for op in ops}
LEVEL_OF["\\"] = LEVEL_OF["*"]   # listed apart above only to be drawn more often


def test_every_operator_pair_round_trips_with_minimal_parentheses():
    # Exhaustive where the random tests are thin: each binary operator under each other,
    # on both sides, parenthesised exactly when precedence or associativity demands it.
    wrong = []
    for outer in LEVEL_OF:
        for inner in LEVEL_OF:
            for inner_on_left in (True, False):
                nested = b(inner, n("x"), n("y"))
                expr = b(outer, nested, n("z")) if inner_on_left else b(outer, n("w"), nested)
                same_side = inner_on_left == (outer == "==>")
                needs = LEVEL_OF[inner] < LEVEL_OF[outer] or (
                    LEVEL_OF[inner] == LEVEL_OF[outer] and same_side)
                printed = format_expr(expr)
                if parse_expr(printed) != expr or ("(" in printed) != needs:
                    wrong.append(printed)
    assert wrong == []


@pytest.mark.parametrize("op", list(LEVEL_OF))
def test_operator_against_conditional_and_unary(op):
    c = cond(n("p"), n("q"), n("r"))
    # Between two plain names a fraction is written tight, as in `1\2`.
    x_op_y = "x\\y" if op == "\\" else f"x {op} y"
    assert format_expr(b(op, c, n("z"))) == f"(p ? q : r) {op} z"
    assert format_expr(b(op, n("z"), c)) == f"z {op} (p ? q : r)"
    assert format_expr(u("-", b(op, n("x"), n("y")))) == f"-({x_op_y})"
    assert format_expr(b(op, u("-", n("x")), u("!", n("y")))) == f"-x {op} !y"
    # Every binary operator, `==>` included, binds tighter than a condition needs.
    assert format_expr(cond(b(op, n("x"), n("y")), n("q"), n("r"))) == f"{x_op_y} ? q : r"
    for expr in (b(op, c, n("z")), b(op, n("z"), c), cond(b(op, n("x"), n("y")), c, c)):
        assert parse_expr(format_expr(expr)) == expr


# Operators only, over a few atoms: the full mix above spends most draws on atoms and
# rarely stacks two operators of one level, which is where parenthesisation goes wrong.
operator_trees = st.recursive(
    st.one_of(names.map(n), st.integers(0, 9).map(i),
              names.map(lambda x: A.Old(n(x), span=SPAN))),
    lambda sub: st.one_of(
        st.builds(b, binary_ops, sub, sub),
        st.builds(u, st.sampled_from(["!", "-"]), sub),
        st.builds(cond, sub, sub, sub),
    ),
    max_leaves=30)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(expressions)
def test_random_expressions_round_trip(expr):
    printed = format_expr(expr)
    assert parse_expr(printed) == expr, printed


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(operator_trees)
def test_random_operator_trees_round_trip(expr):
    printed = format_expr(expr)
    assert parse_expr(printed) == expr, printed


# ---- (3b) random statements, within what the parser can produce ---------------------

def _ends_open(stmt) -> bool:
    """Whether the statement ends in an if without else that a following else would join."""
    match stmt:
        case A.If(otherwise=None):
            return True
        case A.If(otherwise=otherwise):
            return _ends_open(otherwise)
        case A.While(body=body) | A.For(body=body):
            return _ends_open(body)
        case _:
            return False


small_exprs = st.recursive(leaves, _compound, max_leaves=4)
clauses = st.lists(st.builds(lambda k, e: A.Clause(k, e, span=SPAN),
                             st.sampled_from(list(A.ClauseKind)), small_exprs), max_size=2)
types = st.sampled_from([A.Type.INT, A.Type.BOOL])
var_decls = st.builds(lambda t, name, init: A.VarDecl(t, name, init, span=SPAN, name_span=SPAN),
                      types, names, st.none() | small_exprs)
assigns = st.builds(lambda name, v: A.Assign(n(name), v, span=SPAN), names, small_exprs)
array_assigns = st.builds(
    lambda name, x, v: A.ArrayAssign(A.Index(n(name), x, span=SPAN), v, span=SPAN),
    names, small_exprs, small_exprs)
simple_stmts = st.one_of(
    var_decls, assigns, array_assigns,
    st.builds(lambda f, args: A.CallStmt(f, tuple(args), span=SPAN, name_span=SPAN),
              names, st.lists(small_exprs, max_size=2)),
    st.builds(lambda e: A.Assert(e, span=SPAN), small_exprs),
    st.builds(lambda e: A.Assume(e, span=SPAN), small_exprs),
    st.builds(lambda fences, contract: A.Barrier(tuple(fences), contract, span=SPAN),
              st.lists(st.sampled_from(list(A.Fence)), max_size=2),
              st.none() | clauses.map(tuple)),
    st.just(A.Break(span=SPAN)), st.just(A.Continue(span=SPAN)), st.just(A.Return(span=SPAN)),
)


def _if_else(c, then, otherwise) -> A.If:
    # Braces, as a programmer would write them, keep the else on this if.
    return if_(c, block(then) if _ends_open(then) else then, otherwise)


def _compound_stmts(sub):
    return st.one_of(
        st.builds(lambda ss: block(*ss), st.lists(sub, max_size=3)),
        st.builds(if_, small_exprs, sub),
        st.builds(_if_else, small_exprs, sub, sub),
        st.builds(lambda c, e, body: A.While(tuple(c), e, body, span=SPAN), clauses, small_exprs, sub),
        st.builds(lambda c, init, e, update, body: A.For(tuple(c), init, e, update, body, span=SPAN),
                  clauses, st.none() | var_decls | assigns | array_assigns, st.none() | small_exprs,
                  st.none() | assigns | array_assigns, sub),
    )


statements = st.recursive(simple_stmts, _compound_stmts, max_leaves=12)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(statements)
def test_random_statements_round_trip(stmt):
    printed = format_stmt(stmt, indent=2)
    assert parse_stmt(printed) == stmt, printed
    # Idempotence at statement level, including indentation.
    assert format_stmt(parse_stmt(printed), indent=2) == printed


def test_evolve_changes_print():
    # A sanity check that printing reads node fields, not spans or cached text.
    expr = parse_expr("a + b")
    assert format_expr(attrs.evolve(expr, op="*")) == "a * b"
