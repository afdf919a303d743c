"""The engine is built whole: its function table and race notes are given to its
constructor, never set on it afterwards (issue 27, item 7).  The world of an obligation
is declared first, in a fixed order (that order decides the models Z3 gives), and the
engine is made from its parts."""
from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from vercors_py.engine.execution.engine import Engine
from vercors_py.engine.execution.functions import FunctionTable
from vercors_py.engine.execution.state import Terms
from vercors_py.engine.solver.solver import Solver

ROOT = Path(__file__).resolve().parents[2] / "vercors_py"
GIVEN = ("functions", "race_notes")


def test_the_constructor_requires_the_function_table_and_the_race_notes():
    params = inspect.signature(Engine).parameters
    for name in GIVEN:
        assert params[name].default is inspect.Parameter.empty, name
    solver = Solver(1.0)
    t = Terms(solver.ctx)
    with pytest.raises(TypeError):
        Engine("o", solver, t)
    engine = Engine("o", solver, t, FunctionTable(t, {}), None)
    assert engine.functions.definitions == {} and engine.race_notes is None


def _assigned_elsewhere(path: Path) -> list[str]:
    """`x.functions = …` or `x.race_notes = …` for an `x` other than `self`."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, (ast.AnnAssign, ast.AugAssign)) else []
        for target in targets:
            if isinstance(target, ast.Attribute) and target.attr in GIVEN and \
                    not (isinstance(target.value, ast.Name) and target.value.id == "self"):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_no_engine_is_given_them_after_construction():
    # The engine's users: the prover and the races analysis.
    paths = [*(ROOT / "engine").rglob("*.py"), *(ROOT / "races").rglob("*.py")]
    assert [hit for path in sorted(paths) for hit in _assigned_elsewhere(path)] == []
