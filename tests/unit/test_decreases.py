"""The `decreases` clause of pure functions, front end only: grammar, AST, printer,
resolution, types and the obligation fingerprint."""
from __future__ import annotations

import pathlib
import re

import attrs
import pytest

from vercors_py import diagnostics as D
from vercors_py import service
from vercors_py.cache import fingerprint
from vercors_py.obligations import generate
from vercors_py.semantics.check import check_program
from vercors_py.semantics.symbols import Symbol
from vercors_py.source import SourceText
from vercors_py.syntax import ast as A
from vercors_py.syntax.parser import parse
from vercors_py.syntax.printer import format_clause, format_decreases, format_program

SOUNDNESS = pathlib.Path(__file__).resolve().parents[1] / "data" / "soundness"

KERNEL = "kernel k {\n  void main() {\n  }\n}\n"

ACK = """\
requires n >= 0 && m >= 0;
decreases m, n;
pure int ack(int m, int n) = m == 0 ? n + 1 : n == 0 ? ack(m - 1, 1) : ack(m - 1, ack(m, n - 1));

""" + KERNEL

SPAN = SourceText("t", "").span(0, 0)


def parse_ok(text: str) -> A.Program:
    result = parse(text, "t.pvl")
    assert not result.diagnostics, [(d.code, d.message) for d in result.diagnostics]
    return result.program


def errors(text: str) -> list[tuple[str, int, int]]:
    """(code, line, column) of every error, in source order."""
    result = parse(text, "t.pvl")
    if result.program is None:
        found = result.diagnostics
    else:
        found = check_program(result.program, result.source).diagnostics
    return sorted(((d.code, d.span.start_line, d.span.start_col) for d in found
                   if d.severity is D.Severity.ERROR), key=lambda e: (e[1], e[2]))


def messages(text: str) -> list[str]:
    result = parse(text, "t.pvl")
    return [d.message for d in check_program(result.program, result.source).diagnostics]


def text_at(text: str, span) -> str:
    return text[span.start:span.end]


# ---- parsing ------------------------------------------------------------------------

def test_the_ackermann_function_parses_into_a_function_with_a_measure():
    fn = parse_ok(ACK).decls[0]
    assert isinstance(fn, A.Function)
    assert fn.name == "ack"
    assert [c.kind for c in fn.contract] == [A.ClauseKind.REQUIRES]
    d = fn.decreases
    assert isinstance(d, A.Decreases)
    assert d.exprs == (A.Name("m", span=SPAN), A.Name("n", span=SPAN))
    # The clause spans `decreases m, n;` with its semicolon, as a Clause does.
    assert (d.span.start_line, d.span.start_col, d.span.end_line, d.span.end_col) == (2, 1, 2, 16)
    assert text_at(ACK, d.span) == "decreases m, n;"
    assert [text_at(ACK, e.span) for e in d.exprs] == ["m", "n"]
    assert [(e.span.start_line, e.span.start_col) for e in d.exprs] == [(2, 11), (2, 14)]
    # The function's span starts at its first clause.
    assert (fn.span.start_line, fn.span.start_col) == (1, 1)


def test_measures_are_any_int_expressions():
    text = "requires n > 0;\ndecreases (n - 1) * 2, f(n), -n;\npure int g(int n) = n;\npure int f(int n);\n"
    d = parse_ok(text).decls[0].decreases
    assert [text_at(text, e.span) for e in d.exprs] == ["(n - 1) * 2", "f(n)", "-n"]
    assert isinstance(d.exprs[0], A.Binary) and isinstance(d.exprs[1], A.Call)
    assert isinstance(d.exprs[2], A.Unary)


def test_order_relative_to_requires_is_free():
    before = parse_ok("decreases n;\nrequires n >= 0;\npure int f(int n) = n;")
    after = parse_ok("requires n >= 0;\ndecreases n;\npure int f(int n) = n;")
    between = parse_ok("requires n >= 0;\ndecreases n;\nrequires n < 9;\npure int f(int n) = n;")
    assert before == after
    assert before.decls[0].decreases == A.Decreases((A.Name("n", span=SPAN),), span=SPAN)
    assert [c.kind for c in between.decls[0].contract] == [A.ClauseKind.REQUIRES] * 2


def test_a_function_without_a_measure_and_the_old_constructor():
    fn = parse_ok("pure int f(int n) = n;").decls[0]
    assert fn.decreases is None
    built = A.Function((), A.Type.INT, "f", (A.Param(A.Type.INT, "n", name_span=SPAN, span=SPAN),),
                       A.Name("n", span=SPAN), name_span=SPAN, span=SPAN)
    assert built == fn and built.decreases is None


def test_spans_are_not_part_of_equality():
    a = parse_ok("decreases n;\npure int f(int n) = n;").decls[0].decreases
    b = parse_ok("\n\n   decreases    n ;  pure int f(int n) = n;").decls[0].decreases
    assert a == b and a.span != b.span


def test_walk_and_children_visit_the_measure():
    fn = parse_ok(ACK).decls[0]
    assert any(c is fn.decreases for c in A.children(fn))
    assert [n.id for n in A.walk(fn.decreases) if isinstance(n, A.Name)] == ["m", "n"]
    walked = list(A.walk(fn))
    assert any(n is fn.decreases for n in walked)
    assert all(any(n is e for n in walked) for e in fn.decreases.exprs)


@pytest.mark.parametrize("text, line, col", [
    ("decreases;\npure int f(int n) = n;", 1, 10),          # at least one expression
    ("decreases n,;\npure int f(int n) = n;", 1, 13),
    ("decreases n n;\npure int f(int n) = n;", 1, 13),
    ("decreases n\npure int f(int n) = n;", 2, 1),          # the semicolon
])
def test_malformed_measures_are_syntax_errors(text, line, col):
    result = parse(text, "t.pvl")
    assert result.program is None
    assert [(d.code, d.span.start_line, d.span.start_col) for d in result.diagnostics] == [
        ("syntax.unexpected-token", line, col)]


@pytest.mark.parametrize("statement", ["decreases = 1;", "decreases[0] = 1;", "decreases(1);"])
def test_decreases_is_a_keyword_like_requires(statement):
    # Where a clause may start, the word is the keyword (lark's contextual lexer still
    # takes it for a name where no clause can start, as it does `requires`).
    result = parse(f"kernel k {{ void main() {{ {statement} }} }}", "t.pvl")
    assert result.program is None and result.diagnostics[0].code == "syntax.unexpected-token"
    like = parse(f"kernel k {{ void main() {{ {statement.replace('decreases', 'requires')} }} }}", "t.pvl")
    assert [d.code for d in result.diagnostics] == [d.code for d in like.diagnostics]


TOKEN = re.compile(r"\s+|\w+|==>|[<>=!]=|&&|\|\||.", re.S)


def test_recovery_around_a_measure_never_crashes():
    """Deleting or duplicating any one token of a program with measures is reported as
    located syntax or type errors (the parser's recovery invents tokens)."""
    text = ("requires n >= 0;\ndecreases n, m + 1;\npure int f(int n, int m) = n == 0 ? m : f(n - 1, m);\n"
            "kernel k {\n  requires tid >= 0;\n  void main() {\n    loop_invariant true;\n"
            "    while (false) { }\n  }\n}\n")
    tokens = TOKEN.findall(text)
    for i in range(len(tokens)):
        for mutated in (tokens[:i] + tokens[i + 1:], tokens[:i + 1] + tokens[i:]):
            for d in service.analyze("".join(mutated), "mut.pvl").diagnostics:
                assert d.code in D.CODES
                if d.severity is D.Severity.ERROR:
                    assert d.span is not None and d.span.start_line >= 1 and d.span.start_col >= 1


# ---- printing -------------------------------------------------------------------------

def test_printing_is_canonical_and_round_trips():
    program = parse_ok(ACK)
    assert format_program(program) == ACK
    assert parse_ok(format_program(program)) == program


def test_printing_puts_the_measure_after_the_requires_clauses():
    program = parse_ok("decreases n, 2 * n;\nrequires n >= 0;\npure int f(int n) = n;" + KERNEL)
    printed = format_program(program)
    assert printed.startswith("requires n >= 0;\ndecreases n, 2 * n;\npure int f(int n) = n;\n")
    assert parse_ok(printed) == program


def test_a_second_measure_round_trips_too():
    # Rejected by the type checker, but the parser produces it, so it must print back.
    program = parse_ok("requires n >= 0;\ndecreases n;\ndecreases m;\npure int f(int n, int m) = n;" + KERNEL)
    fn = program.decls[0]
    assert fn.decreases.exprs == (A.Name("n", span=SPAN),)
    assert [type(c) for c in fn.contract] == [A.Clause, A.Decreases]
    printed = format_program(program)
    assert printed.startswith("requires n >= 0;\ndecreases n;\ndecreases m;\n")
    assert parse_ok(printed) == program


def test_misplaced_measures_round_trip():
    text = ("kernel k {\n  group {\n    decreases gid;\n  }\n\n  decreases tid;\n  void main() {\n"
            "    decreases 1;\n    while (false) {\n    }\n    barrier(local) {\n      decreases 2;\n    }\n"
            "  }\n}\n")
    program = parse_ok(text)
    assert format_program(program) == text
    assert parse_ok(format_program(program)) == program


def test_format_clause_accepts_a_measure():
    d = A.Decreases((A.Name("a", span=SPAN), A.IntLit(3, span=SPAN)), span=SPAN)
    assert format_decreases(d) == "decreases a, 3;"
    assert format_clause(d) == "decreases a, 3;"


# ---- resolution and types ----------------------------------------------------------------

def test_the_measure_sees_the_parameters():
    result = parse(ACK, "t.pvl")
    checked = check_program(result.program, result.source)
    assert checked.diagnostics == ()
    fn = checked.program.decls[0]
    params = [p.symbol for p in fn.params]
    assert all(isinstance(s, Symbol) for s in params)
    assert [e.symbol for e in fn.decreases.exprs] == params
    assert all(e.symbol is p for e, p in zip(fn.decreases.exprs, params))


def test_calls_of_pure_functions_are_allowed():
    assert errors("pure int size(int n);\nrequires n >= 0;\ndecreases size(n), n;\n"
                  "pure int f(int n) = n;\n" + KERNEL) == []


def test_an_unknown_name_in_a_measure():
    assert errors("decreases k;\npure int f(int n) = n;\n" + KERNEL) == [("type.unknown-name", 1, 11)]


@pytest.mark.parametrize("measure, code, col", [
    ("b", "type.mismatch", 11),
    ("n > 0", "type.mismatch", 11),
    ("n, b", "type.mismatch", 14),
    ("true", "type.mismatch", 11),
])
def test_a_measure_must_be_int(measure, code, col):
    text = f"decreases {measure};\npure int f(int n, bool b) = n;\n" + KERNEL
    assert errors(text) == [(code, 1, col)]


@pytest.mark.parametrize("measure, code", [
    ("tid", "type.unknown-name"),            # no thread ids in a function
    ("gsize", "type.unknown-name"),
    ("a[n]", "type.unknown-name"),           # no memory: arrays belong to kernels
    ("\\old(n)", "type.old-placement"),
    ("Perm(a[n], write)", "type.resource-placement"),
])
def test_a_measure_is_pure(measure, code):
    text = (f"decreases {measure};\npure int f(int n) = n;\n"
            "kernel k {\n  global int[gsize] a;\n  void main() {\n  }\n}\n")
    found = errors(text)
    assert found and all(line == 1 for _, line, _ in found)
    assert code in {c for c, _, _ in found}


def test_a_second_measure_is_a_duplicate():
    text = "requires n >= 0;\ndecreases n;\ndecreases n + 1;\npure int f(int n) = n;\n" + KERNEL
    assert errors(text) == [("type.duplicate", 3, 1)]
    result = parse(text, "t.pvl")
    [d] = check_program(result.program, result.source).diagnostics
    assert "second `decreases`" in d.message
    assert [(r.span.start_line, r.span.start_col) for r in d.related] == [(2, 1)]


def test_a_second_measure_is_still_type_checked():
    text = "decreases n;\ndecreases true;\npure int f(int n) = n;\n" + KERNEL
    assert errors(text) == [("type.duplicate", 2, 1), ("type.mismatch", 2, 11)]


@pytest.mark.parametrize("text, line, col, owner", [
    ("kernel k {\n  void main() {\n    decreases 1;\n    while (false) {\n    }\n  }\n}\n", 3, 5, "a loop"),
    ("kernel k {\n  void main() {\n    loop_invariant true;\n    decreases 5 - 1;\n"
     "    for (int i = 0; i < 5; i = i + 1) {\n    }\n  }\n}\n", 4, 5, "a loop"),
    ("kernel k {\n  void main() {\n    barrier(local) {\n      decreases 1;\n    }\n  }\n}\n",
     4, 7, "a barrier"),
    ("kernel k {\n  group {\n    decreases gid;\n  }\n  void main() {\n  }\n}\n", 3, 5, "a `group` contract block"),
    ("kernel k {\n  kernel {\n    decreases 1;\n  }\n  void main() {\n  }\n}\n", 3, 5, "a `kernel` contract block"),
])
def test_a_measure_elsewhere_than_on_a_function_or_procedure_is_misplaced(text, line, col, owner):
    assert errors(text) == [("type.clause-placement", line, col)]
    [message] = messages(text)
    assert message == f"`decreases` is only allowed on a pure function or a procedure, not on {owner}"


def test_main_takes_no_measure():
    text = "kernel k {\n  requires true;\n  decreases 1;\n  void main() {\n  }\n}\n"
    assert errors(text) == [("type.clause-placement", 3, 3)]
    assert messages(text) == ["`decreases` is not allowed on `main`: nothing calls it, so it needs no measure"]


def test_a_procedure_takes_one_measure_over_its_parameters():
    text = ("kernel k {\n  decreases n, m;\n  requires n >= 0;\n  void p(int n, int m) {\n  }\n"
            "  void main() {\n  }\n}\n")
    assert errors(text) == []
    twice = text.replace("  requires n >= 0;\n", "  decreases m;\n")
    assert errors(twice) == [("type.duplicate", 3, 3)]
    assert errors(text.replace("decreases n, m;", "decreases n, x;")) == [("type.unknown-name", 2, 16)]


def test_a_misplaced_measure_is_still_resolved_and_type_checked():
    text = "kernel k {\n  decreases x, true;\n  void main() {\n  }\n}\n"
    assert errors(text) == [("type.clause-placement", 2, 3), ("type.unknown-name", 2, 13),
                            ("type.mismatch", 2, 16)]


def test_a_misplaced_measure_rejects_the_file():
    result = service.analyze("kernel k {\n  decreases tid;\n  void main() {\n  }\n}\n", "t.pvl")
    assert [d.code for d in result.diagnostics] == ["type.clause-placement"]
    assert result.rejected


# ---- the obligation fingerprint --------------------------------------------------------

USES_ACK = ACK.replace(KERNEL, "kernel k {\n  void main() {\n    assert ack(0, 0) == 1;\n  }\n}\n")


def fingerprints_of_users(text: str) -> dict[str, str]:
    """The fingerprint of every (non-static) obligation that holds the function `ack`."""
    checked = service.analyze(text, "t.pvl").checked
    assert checked is not None and not checked.diagnostics
    return {ob.name: fingerprint(ob, 10.0).key for ob in generate.obligations(checked)
            if ob.static is None and any(fn.name == "ack" for fn in ob.functions.values())}


def test_the_measure_is_part_of_the_fingerprint():
    base = fingerprints_of_users(USES_ACK)
    assert "function:ack" in base
    # Layout does not matter ...
    assert fingerprints_of_users(USES_ACK.replace("decreases m, n;", "decreases   m ,\n n ;")) == base
    # ... the measure does, for every obligation that contains the function.
    for edited in (USES_ACK.replace("decreases m, n;", "decreases n, m;"),
                   USES_ACK.replace("decreases m, n;", "decreases m;"),
                   USES_ACK.replace("decreases m, n;", "decreases m, n + 0;"),
                   USES_ACK.replace("decreases m, n;\n", "")):
        changed = fingerprints_of_users(edited)
        assert changed.keys() == base.keys()
        assert all(changed[name] != key for name, key in base.items()), edited


def test_the_measure_spans_are_collected_for_remapping():
    text = ACK
    checked = service.analyze(text, "t.pvl").checked
    ob = next(ob for ob in generate.obligations(checked) if ob.name == "function:ack")
    fp = fingerprint(ob, 10.0)
    d = checked.program.decls[0].decreases
    assert d.span in fp.spans
    assert all(e.span in fp.spans for e in d.exprs)
    # A measure moved down by a line keeps the key and maps span to span.
    moved = fingerprint(next(o for o in generate.obligations(service.analyze("\n" + text, "t.pvl").checked)
                             if o.name == ob.name), 10.0)
    assert moved.key == fp.key and len(moved.spans) == len(fp.spans)
    assert attrs.evolve(d.span, start_line=d.span.start_line + 1, start=d.span.start + 1,
                        end=d.span.end + 1, end_line=d.span.end_line + 1) in moved.spans


def test_hover_text_of_a_function_shows_its_measure():
    from lsp.navigation import describe
    from vercors_py import service
    analysis = service.analyze("requires n >= 0;\ndecreases n;\npure int f(int n) = n == 0 ? 0 : f(n - 1);\n"
                               "kernel k { void main() { } }\n", "t.pvl")
    fn = analysis.checked.program.functions[0]
    assert describe(fn.symbol, fn) == "requires n >= 0;\ndecreases n;\npure int f(int n)"


def test_a_procedure_measure_is_part_of_the_fingerprint():
    """The cache must not reuse a recursive procedure's result after its measure changed."""
    text = (SOUNDNESS / "procedure-recursion-same-arg-ok.pvl").read_text(encoding="utf-8")

    def keys(t: str) -> dict[str, str]:
        checked = service.analyze(t, "t.pvl").checked
        return {ob.name: fingerprint(ob, 10.0).key for ob in generate.obligations(checked) if ob.static is None}
    before, after = keys(text), keys(text.replace("decreases n;", "decreases n + 1;"))
    assert before["triangle/procedure:tri_closed"] != after["triangle/procedure:tri_closed"]
