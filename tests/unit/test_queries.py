"""The questions several stages ask about the checked AST (semantics/queries.py)."""
from __future__ import annotations

import types

from vercors_py import service
from vercors_py.semantics import queries
from vercors_py.semantics.symbols import SymbolKind
from vercors_py.syntax import ast as A

KERNEL = """
pure int twice(int x) = 2 * x;

kernel K(int n) {
  global int[tcount] a;
  local int[gsize] t;
  void bump(int x) {
    int y = x + 1;
  }
  void main() {
    int i = 0;
    int j = n;
    while (i < n) {
      j = j + 1;
      int k = j;
      i = i + 1;
    }
    if (lid == 0) {
      a[tid] = twice(j);
    }
    bump(j);
    barrier(local);
  }
}
"""


def _kernel():
    analysis = service.analyze(KERNEL, "k.pvl")
    assert not analysis.rejected, analysis.diagnostics
    return analysis.checked.kernels[0].kernel


def _loop(kernel):
    return next(s for s in A.statements(kernel.main.body) if isinstance(s, A.While))


def test_assigned_lists_each_variable_once_in_the_order_of_its_first_assignment():
    loop = _loop(_kernel())
    assert [s.name for s in queries.assigned(loop.body)] == ["j", "i"]
    assert [s.name for s in queries.assigned(loop.body, declared=True)] == ["j", "k", "i"]
    assert [s.name for s in queries.assigned([loop, loop])] == ["j", "i"]
    assert queries.assigned(None) == ()
    assert queries.assigned(loop, kinds=(SymbolKind.PARAM,)) == ()


def test_has_barrier_by_the_memory_it_orders_and_through_calls():
    kernel = _kernel()
    main = kernel.main.body
    barrier = next(s for s in A.statements(main) if isinstance(s, A.Barrier))
    call = next(s for s in A.statements(main) if isinstance(s, A.CallStmt))
    assert queries.has_barrier(main) and queries.has_barrier(main, A.Scope.LOCAL)
    assert not queries.has_barrier(_loop(kernel))
    # A procedure of the C front end's calls may hold one (PVL's may not): followed only
    # when the procedures are given, and each once.
    procedures = {call.symbol: types.SimpleNamespace(body=A.Block((call, barrier), span=call.span))}
    assert not queries.has_barrier(call)
    assert queries.has_barrier(call, procedures=procedures)


def test_mentions_and_pure_conjuncts():
    kernel = _kernel()
    loop = _loop(kernel)
    i = queries.assigned(loop.body)[1]
    assert queries.mentions(loop.cond, i) and not queries.mentions(None, i)
    assert {s.name for s in queries.symbols_in(loop.cond)} == {"i", "n"}
    assign = next(s for s in A.statements(kernel.main.body) if isinstance(s, A.ArrayAssign))
    span = loop.cond.span
    facts = A.Binary("&&", loop.cond, A.Binary("==", assign.target, assign.value, span=span), span=span)
    assert list(queries.pure_conjuncts(facts)) == [loop.cond]
    assert queries.is_pure(loop.cond) and not queries.is_pure(assign.target)
