"""The language's atomic operations as the parser and the static checks read them
(docs/language.md, "Atomics"): the statement forms, the `atomic` amount, the value each
operation leaves in its cell, and the mistakes refused before any analysis."""
from __future__ import annotations

import pytest

from vercors_py.semantics.check import check_program
from vercors_py.semantics.resolve import resolve
from vercors_py.semantics.uniformity import analyze
from vercors_py.syntax import ast as A
from vercors_py.syntax import parser, printer

KERNEL = """
kernel count {{
  global int[1] total;
  global int[gsize] a;
  context_everywhere ngroups == 1;
  requires Perm(total[0], atomic) ** Perm(a[tid], write);
  ensures  Perm(total[0], atomic) ** Perm(a[tid], write);
  void main() {{
    int old;
    {body}
  }}
}}
"""


def _program(body: str) -> A.Program:
    result = parser.parse(KERNEL.format(body=body))
    assert result.program is not None, [d.message for d in result.diagnostics]
    return result.program


def _atomic(body: str) -> A.AtomicUpdate:
    return next(n for n in A.walk(_program(body)) if isinstance(n, A.AtomicUpdate))


def _codes(body: str) -> list[str]:
    result = parser.parse(KERNEL.format(body=body))
    checked = check_program(result.program, result.source)
    return [d.code for d in checked.diagnostics]


@pytest.mark.parametrize("call, update", [
    ("atomic_add(total[0], 2)", "total[0] + 2"),
    ("atomic_sub(total[0], tid)", "total[0] - tid"),
    ("atomic_exch(total[0], 7)", "7"),
    ("atomic_min(total[0], tid)", "total[0] < tid ? total[0] : tid"),
    ("atomic_max(total[0], tid)", "total[0] > tid ? total[0] : tid"),
    ("atomic_cas(total[0], 0, tid + 1)", "total[0] == 0 ? tid + 1 : total[0]"),
])
def test_each_operation_leaves_its_value_in_the_cell(call, update):
    node = _atomic(f"old = {call};")
    assert printer.format_expr(node.update) == update
    assert node.result is not None and node.result.id == "old"
    assert printer.format_expr(node.target) == "total[0]"


def test_the_statement_without_a_result_and_the_round_trip():
    program = _program("atomic_add(total[0], 1);\n    old = atomic_cas(total[0], 1, 2);")
    first = next(n for n in A.walk(program) if isinstance(n, A.AtomicUpdate))
    assert first.result is None
    again = parser.parse(printer.format_program(program)).program
    assert again == program


def test_atomic_is_an_amount_only_inside_perm():
    assert _codes("atomic_add(total[0], 1);") == []
    assert "type.perm-amount" in _codes("assert atomic == atomic;")


@pytest.mark.parametrize("body, code", [
    ("atomic_cas(total[0], 1);", "type.arity"),
    ("atomic_add(total[0], 1, 2);", "type.arity"),
    ("atomic_add(total[0], total[0]);", "type.atomic-operand"),
    ("old = atomic_cas(total[0], a[tid], total[0] + 1);", "type.atomic-operand"),
    ("tid = atomic_add(total[0], 1);", "type.reserved-name"),
    ("atomic_add(total[0], true);", "type.mismatch"),
])
def test_mistakes_are_refused_before_any_analysis(body, code):
    assert code in _codes(body)


def test_an_operand_may_read_another_array():
    # a[tid] is the thread's own cell: a plain read before the atomic step.
    assert _codes("atomic_add(total[0], a[tid]);") == []


def test_the_result_is_never_uniform():
    # Threads updating one cell each see another value before theirs.
    resolved, problems = resolve(_program("old = atomic_add(total[0], 1);\n    if (old == 0) { barrier(global); }"))
    assert not problems
    divergence = analyze(resolved.kernels[0].main).divergence
    assert [d.code for d in divergence] == ["divergence.barrier"]
