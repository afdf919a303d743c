"""Value invariants as the parser and the static checks read them (docs/language.md,
"Value invariants"): `invariant` clauses of the kernel block, the ghost `then` block of
an atomic, and the ghost rule (type.ghost)."""
from __future__ import annotations

import pytest

from vercors_py.semantics.check import check_program
from vercors_py.syntax import ast as A
from vercors_py.syntax import parser, printer

KERNEL = """
kernel tally {{
  global int[1] count;
  global int[tcount] mine;
  global int[tcount] out;
  {level}
  requires Perm(mine[tid], 1\\2) ** mine[tid] == 0 ** Perm(out[tid], write);
  ensures  Perm(mine[tid], 1\\2) ** Perm(out[tid], write);
  void main() {{
    {body}
  }}
}}
"""
LEVEL = """kernel {
    invariant Perm(count[0], write) ** (\\forall* int t; 0 <= t && t < tcount; Perm(mine[t], 1\\2));
    invariant count[0] == (\\sum int t; 0 <= t && t < tcount; mine[t]);
  }"""
COUNT = "atomic_add(count[0], 1) then { mine[tid] = 1; };"


def _codes(body: str, level: str = LEVEL) -> list[str]:
    result = parser.parse(KERNEL.format(level=level, body=body))
    if result.program is None:
        return [d.code for d in result.diagnostics]
    return [d.code for d in check_program(result.program, result.source).diagnostics]


def test_the_then_block_is_part_of_the_atomic_and_round_trips():
    program = parser.parse(KERNEL.format(level=LEVEL, body="int old;\n    old = " + COUNT)).program
    atomic = next(n for n in A.walk(program) if isinstance(n, A.AtomicUpdate))
    assert atomic.result is not None and atomic.result.id == "old"
    assert [printer.format_stmt(s) for s in atomic.then.stmts] == ["mine[tid] = 1;"]
    again = parser.parse(printer.format_program(program)).program
    assert again == program


def test_invariant_clauses_belong_to_the_kernel_block():
    assert _codes(COUNT) == []
    group = LEVEL.replace("kernel {", "group {")
    assert _codes(COUNT, group) == ["type.clause-placement", "type.clause-placement"]


def test_then_is_still_a_name_elsewhere():
    assert _codes("int then = 1;\n    out[tid] = then;") == []


@pytest.mark.parametrize("body", [
    "atomic_add(count[0], 1) then { if (tid > 0) { mine[tid] = 1; } };",
    "atomic_add(count[0], 1) then { int x = 1; };",
    COUNT + "\n    out[tid] = mine[tid];",
    COUNT + "\n    if (mine[tid] == 1) { out[tid] = 0; }",
    COUNT + "\n    atomic_add(mine[tid], 1);",
])
def test_ghost_code_stays_ghost(body):
    assert "type.ghost" in _codes(body)


def test_specifications_may_read_ghost_arrays():
    assert _codes(COUNT + "\n    assume mine[tid] == 1;\n    assert mine[tid] == 1;") == []
