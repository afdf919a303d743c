"""Name resolution: every use of a name carries the Symbol of its declaration."""
from __future__ import annotations

import pytest

from vercors_py.semantics.resolve import resolve
from vercors_py.semantics.symbols import RESERVED, Symbol, SymbolKind
from vercors_py.syntax import ast as A
from vercors_py.syntax import parser

PROGRAM = """\
pure int twice(int n) = 2 * n;

kernel k(int steps) {
  global int[tcount] a;
  local int[gsize] t;

  requires 0 <= i && i < tcount;
  requires Perm(a[i], write);
  void helper(int i) {
    a[i] = twice(i);
  }

  requires Perm(a[tid], write);
  void main() {
    int x = steps;
    {
      int y = x + 1;
      x = y;
    }
    {
      int y = x + 2;
      x = y;
    }
    for (int j = 0; j < steps; j = j + 1) {
      x = x + j;
    }
    assert (\\forall int q; 0 <= q && q < x; q >= 0);
    helper(tid);
    a[tid] = twice(x) + lid;
  }
}
"""


@pytest.fixture(scope="module")
def resolved():
    parsed = parser.parse(PROGRAM, "resolve.pvl")
    assert parsed.program is not None, parsed.diagnostics
    program, problems = resolve(parsed.program)
    assert problems == []
    return program


def _uses(node, name):
    """Every Name/Call/CallStmt called `name` under node, in source order."""
    found = []
    for n in A.walk(node):
        if isinstance(n, A.Name) and n.id == name:
            found.append(n)
        elif isinstance(n, (A.Call, A.CallStmt)) and n.name == name:
            found.append(n)
    return sorted(found, key=lambda n: n.span.start)


def _decls(node, name):
    return sorted((n for n in A.walk(node)
                   if isinstance(n, (A.VarDecl, A.Param, A.ArrayDecl, A.Function, A.Procedure)) and n.name == name),
                  key=lambda n: n.span.start)


def _kernel(program):
    (k,) = program.kernels
    return k


def test_every_name_is_linked(resolved):
    for n in A.walk(resolved):
        if isinstance(n, (A.Name, A.Call, A.CallStmt, A.VarDecl, A.Param, A.Quantifier, A.ArrayDecl,
                          A.Function, A.Procedure)):
            assert isinstance(n.symbol, Symbol), n


def test_local_uses_link_to_their_declaration(resolved):
    main = _kernel(resolved).main
    (decl,) = _decls(main, "x")
    uses = _uses(main, "x")
    assert len(uses) >= 8
    assert all(u.symbol is decl.symbol for u in uses)
    assert decl.symbol.kind is SymbolKind.LOCAL
    assert decl.symbol.span == decl.name_span
    assert decl.symbol.type is A.Type.INT


def test_sibling_block_locals_are_different_symbols(resolved):
    main = _kernel(resolved).main
    first, second = _decls(main, "y")
    assert first.symbol is not second.symbol
    uses = _uses(main, "y")
    assert [u.symbol for u in uses] == [first.symbol, second.symbol]
    # Symbols compare by identity, not by their fields.
    assert first.symbol != second.symbol


def test_kernel_parameter_array_and_reserved_names(resolved):
    k = _kernel(resolved)
    (steps_param,) = k.params
    steps_uses = _uses(k.main, "steps")
    assert steps_uses and all(u.symbol is steps_param.symbol for u in steps_uses)
    assert steps_param.symbol.kind is SymbolKind.KERNEL_PARAM

    (a_decl,) = [m for m in k.arrays if m.name == "a"]
    a_uses = _uses(k, "a")
    assert len(a_uses) == 4
    assert all(u.symbol is a_decl.symbol for u in a_uses)
    assert a_decl.symbol.kind is SymbolKind.ARRAY and a_decl.symbol.scope is A.Scope.GLOBAL
    (t_decl,) = [m for m in k.arrays if m.name == "t"]
    assert t_decl.symbol.scope is A.Scope.LOCAL

    for name in ("tid", "lid", "tcount", "gsize"):
        uses = _uses(k, name)
        assert uses, name
        assert all(u.symbol is RESERVED[name] for u in uses)
        assert RESERVED[name].kind is SymbolKind.RESERVED


def test_procedure_parameter_is_its_own_symbol(resolved):
    k = _kernel(resolved)
    (helper,) = k.procedures
    (param,) = helper.params
    uses = _uses(helper, "i")
    assert len(uses) == 5       # two in the contract, three in the body
    assert all(u.symbol is param.symbol for u in uses)
    assert param.symbol.kind is SymbolKind.PARAM


def test_calls_link_to_functions_and_procedures(resolved):
    (fn,) = resolved.functions
    k = _kernel(resolved)
    calls = _uses(resolved, "twice")
    assert len(calls) == 2
    assert all(c.symbol is fn.symbol for c in calls)
    assert fn.symbol.kind is SymbolKind.FUNCTION
    (helper,) = k.procedures
    (call,) = _uses(k.main, "helper")
    assert isinstance(call, A.CallStmt)
    assert call.symbol is helper.symbol
    assert helper.symbol.kind is SymbolKind.PROCEDURE


def test_for_variable_and_quantifier_variable(resolved):
    main = _kernel(resolved).main
    (j_decl,) = _decls(main, "j")
    j_uses = _uses(main, "j")
    assert len(j_uses) == 4     # condition, update (twice), body
    assert all(u.symbol is j_decl.symbol for u in j_uses)
    (quant,) = [n for n in A.walk(main) if isinstance(n, A.Quantifier)]
    q_uses = _uses(quant, "q")
    assert len(q_uses) == 3
    assert all(u.symbol is quant.symbol for u in q_uses)
    assert quant.symbol.kind is SymbolKind.BOUND


def test_resolution_does_not_change_the_tree_value():
    parsed = parser.parse(PROGRAM, "resolve.pvl")
    program, _ = resolve(parsed.program)
    assert program == parsed.program


def test_the_same_name_in_two_procedures_is_two_symbols():
    text = ("kernel k {\n  void p(int v) { int w = v; }\n  void q(int v) { int w = v; }\n"
            "  void main() { }\n}\n")
    program, problems = resolve(parser.parse(text, "two.pvl").program)
    assert problems == []
    k = _kernel(program)
    p, q = k.procedures
    assert p.params[0].symbol is not q.params[0].symbol
    assert _uses(p, "v")[0].symbol is p.params[0].symbol
    assert _uses(q, "v")[0].symbol is q.params[0].symbol


def test_unknown_name_is_reported_and_left_unlinked():
    text = "kernel k {\n  void main() {\n    int x = nope;\n  }\n}\n"
    program, problems = resolve(parser.parse(text, "unknown.pvl").program)
    assert [(d.code, d.span.start_line, d.span.start_col) for d in problems] == [("type.unknown-name", 3, 13)]
    (use,) = _uses(program, "nope")
    assert use.symbol is None


def test_reserved_names_are_not_visible_in_pure_functions():
    text = "pure int f(int n) = n + tid;\nkernel k {\n  void main() { }\n}\n"
    _, problems = resolve(parser.parse(text, "fn.pvl").program)
    assert [d.code for d in problems] == ["type.unknown-name"]


def test_an_unknown_name_in_a_pure_function_points_at_the_remedy():
    """A workshop participant wrote `2 * A[i]` in a pure function and read only "'A' is
    not declared": the message says why and what to do instead."""
    text = ("pure int twice(int i) = 2 * A[i];\n"
            "kernel k {\n  global int[tcount] A;\n  void main() { int x = twice(tid); }\n}\n")
    _, problems = resolve(parser.parse(text, "fn.pvl").program)
    (d,) = problems
    assert d.code == "type.unknown-name" and "in pure function `twice`" in d.message
    assert "pass what it needs as arguments" in d.message and "\\sum" in d.message
    # outside a function the message stays short
    text = "kernel k {\n  void main() {\n    int x = nope;\n  }\n}\n"
    _, problems = resolve(parser.parse(text, "unknown.pvl").program)
    assert problems[0].message == "'nope' is not declared"
