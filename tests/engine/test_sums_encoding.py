"""The encoding of `\\sum` (engine/execution/sums.py): what becomes an argument of a sum's
function, and when the fact about one changed cell is stated."""
from __future__ import annotations

import z3

from vercors_py.engine.execution import sums as M


def test_every_maximal_subterm_without_the_variable_is_an_argument():
    j, i, m = z3.Ints("j i m")
    a = z3.Array("a", z3.IntSort(), z3.IntSort())
    params, args, shape = M._abstract(j, a[i * m + j] * 2)
    assert {str(x) for x in args} == {"a", "i*m"}
    assert str(shape) == "p0!sum[p1!sum + j!sum]*2" or str(shape) == "p1!sum[p0!sum + j!sum]*2"


def test_a_constant_under_a_binder_is_an_argument_never_the_binder_itself():
    j, i, n = z3.Ints("j i n")
    a = z3.Array("a", z3.IntSort(), z3.IntSort())
    body = z3.If(z3.ForAll([i], z3.Implies(z3.And(0 <= i, i < n), a[i] <= a[j])), 1, 0)
    params, args, shape = M._abstract(j, body)
    assert {str(x) for x in args} == {"a", "n"}
    assert "n" not in {str(c) for c in _constants(shape)} and "a" not in {str(c) for c in _constants(shape)}


def _constants(term):
    out, todo = set(), [term]
    while todo:
        t = todo.pop()
        if z3.is_quantifier(t):
            todo.append(t.body())
        elif z3.is_const(t) and not z3.is_int_value(t):
            out.add(t)
        elif z3.is_app(t):
            todo.extend(t.children())
    return out


def test_the_changed_cell_fact_needs_one_offset():
    j = z3.Const("j!sum", z3.IntSort())
    p, d = z3.Array("p0!sum", z3.IntSort(), z3.IntSort()), z3.Int("p1!sum")
    assert M._offset(p[j] + 1, p, j) is not None
    assert M._offset(p[d + j] * p[d + j], p, j) is not None
    assert M._offset(p[j] + p[j + 1], p, j) is None          # two cells per summand
    assert M._offset(p[p[j]], p, j) is None                  # an index read from the array
    assert M._offset(p[2 * j], p, j) is None                 # not j + d
