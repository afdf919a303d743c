"""Every dispatch over the kinds of statements and expressions is found and checked, as
mypy's visitor lists every node kind: adding a kind to syntax/ast.py (atomics are next)
makes this test name each place that must handle it.

* A **dispatch over every kind** (a `match` naming at least MIN_KINDS kinds of a
  family, half of them) is listed in DISPATCHES with the kinds it leaves to others, and why; it must
  name every other kind.  A new kind is then missing from each of them.
* A **walk** (a `match` naming at least two statements that hold statements) must name
  every statement that holds statements (COMPOUND), so that a new one is not skipped
  with what it holds.

The test reads the source with `ast`; docs/architecture.md ("Where a change goes")
lists the dispatches, and the test checks that it names each.
"""
from __future__ import annotations

import ast
import typing
from pathlib import Path

from vercors_py.syntax import ast as A

ROOT = Path(__file__).resolve().parents[2]

STATEMENTS = frozenset(c.__name__ for c in typing.get_args(A.Stmt))
EXPRESSIONS = frozenset(c.__name__ for c in typing.get_args(A.Expr))
FAMILIES = {"statement": STATEMENTS, "expression": EXPRESSIONS}
COMPOUND = frozenset({"Block", "If", "While", "For", "InvariantBlock", "AtomicBlock"})
# Statements only the VerCors front end makes (vercors_pvl/invariant_blocks.py): the C
# front end's passes never meet them.
NOT_IN_C = frozenset({"InvariantBlock", "AtomicBlock"})
RESOURCES = frozenset({"Perm", "Read", "Write", "AtomicShare"})
# A `match` naming this many kinds of a family dispatches over the family.
MIN_KINDS = 7
SIMPLE = STATEMENTS - COMPOUND - {"Break", "Continue", "Return", "Barrier"}

# (file, function, family) -> the kinds it leaves to others, and where they go.
DISPATCHES: dict[tuple[str, str, str], tuple[frozenset[str], str]] = {
    ("vercors_py/syntax/printer.py", "_stmt", "statement"): (frozenset(), ""),
    ("vercors_py/syntax/printer.py", "_expr", "expression"): (frozenset(), ""),
    ("vercors_py/semantics/resolve.py", "stmt", "statement"): (frozenset(), ""),
    ("vercors_py/semantics/resolve.py", "expr", "expression"): (frozenset(), ""),
    ("vercors_py/semantics/types.py", "stmt", "statement"): (frozenset(), ""),
    ("vercors_py/semantics/types.py", "expr", "expression"): (frozenset(), ""),
    ("vercors_py/semantics/uniformity.py", "stmt", "statement"): (
        frozenset({"ArrayAssign", "Assert", "Assume", "CallStmt"}),
        "they assign no local and hold no statement: nothing for uniformity"),
    ("vercors_py/semantics/evaluate.py", "value", "expression"): (
        RESOURCES, "resources have no value: run/resources.py checks them on the state"),
    ("vercors_py/engine/execution/execute.py", "stmt", "statement"): (
        SIMPLE | {"Barrier"}, "straight-line statements and barriers are engine/execution/execute.py's `straight`"),
    ("vercors_py/engine/execution/execute.py", "straight", "statement"): (
        STATEMENTS - SIMPLE - {"Barrier"}, "statements that branch or jump are engine/execution/execute.py's `stmt`"),
    ("vercors_py/engine/execution/evaluate.py", "eval", "expression"): (
        RESOURCES, "resources are produced and consumed (engine/execution/produce_consume.py), not evaluated"),
    ("vercors_py/semantics/ghosts.py", "_code", "statement"): (
        frozenset({"Block", "Barrier", "Assert", "Assume", "Break", "Continue", "Return", "InvariantBlock",
                   "AtomicBlock"}),
        "they compute nothing from memory but in specifications, which may use ghost arrays (`A.statements` "
        "enters the blocks)"),
    ("vercors_py/run/thread.py", "stmt", "statement"): (frozenset(), ""),
    ("vercors_py/races/protocol.py", "stmt", "statement"): (frozenset(), ""),
    ("vercors_py/races/statements.py", "may_jump", "statement"): (
        SIMPLE | {"Barrier"}, "a statement that holds no statement and is no jump cannot jump"),
    ("vercors_py/infer/shape.py", "stmt", "statement"): (frozenset(), ""),
    ("vercors_py/cfamily/access_log.py", "stmt", "statement"): (
        frozenset({"CallStmt"}) | NOT_IN_C, "the C front end inlines calls: a mapped kernel has none; "
        "nor invariant or atomic blocks"),
    ("vercors_py/cfamily/async_order.py", "stmt", "statement"): (
        SIMPLE - {"VarDecl"} | NOT_IN_C, "the order of copies, waits and barriers: straight-line statements are none "
        "of them; no invariant or atomic blocks in C"),
    ("vercors_py/obligations/paths.py", "_stmt", "statement"): (
        SIMPLE - {"Barrier"} | {"Break", "Continue", "Return"},
        "statements that hold no statement and are no barrier get no facts of the paths to them"),
    ("vercors_py/infer/scoped_names.py", "_walk", "statement"): (
        SIMPLE - {"VarDecl", "Barrier"} | {"Break", "Continue", "Return"},
        "only declarations and the places of annotations (loops, barriers) bear on the names in scope"),
    ("vercors_py/semantics/invariant_blocks.py", "_exits", "statement"): (
        SIMPLE | {"Barrier"}, "a statement that holds no statement and is no jump cannot leave a block"),
}


# Walks that do not enter some statements holding statements, and why.
WALKS: dict[tuple[str, str], tuple[frozenset[str], str]] = {
    ("vercors_py/cfamily/loop_statements.py", "retarget_continues"): (
        frozenset({"While", "For"}) | NOT_IN_C, "a `continue` of a nested loop is that loop's"),
    ("vercors_py/cfamily/switches.py", "_breaks"): (
        frozenset({"While", "For"}) | NOT_IN_C, "a `break` in a loop inside the switch leaves that loop"),
    ("vercors_py/cfamily/access_log.py", "stmt"): (NOT_IN_C, "C code has no invariant or atomic blocks"),
    ("vercors_py/cfamily/async_flight.py", "stmt"): (NOT_IN_C, "C code has no invariant or atomic blocks"),
    ("vercors_py/cfamily/async_order.py", "stmt"): (NOT_IN_C, "C code has no invariant or atomic blocks"),
    ("vercors_py/cfamily/clang_translate.py", "_holding"): (NOT_IN_C, "C code has no invariant or atomic blocks"),
    ("vercors_py/cfamily/exits.py", "_stmt"): (NOT_IN_C, "C code has no invariant or atomic blocks"),
    ("vercors_py/races/protocol.py", "_jumps"): (
        frozenset({"While", "For", "InvariantBlock", "AtomicBlock"}),
        "the jumps of one loop: a nested loop's jumps are its own; no jump leaves an invariant or atomic block"),
    ("vercors_py/races/statements.py", "continues"): (
        frozenset({"While", "For"}), "the `continue`s of one loop: a nested loop's are its own"),
    ("vercors_py/infer/scoped_names.py", "_what"): (
        frozenset({"Block", "If", "InvariantBlock", "AtomicBlock"}),
        "not a walk: it names the kind of an annotation's place (loop, barrier)"),
    ("lsp/navigation.py", "_visit"): (
        frozenset({"Block", "If", "While", "For"}), "not a walk: `A.walk` enters every node; it records names"),
    ("vercors_py/semantics/ghosts.py", "_code"): (
        frozenset({"Block", "InvariantBlock", "AtomicBlock"}),
        "not a walk: `A.statements` enters every block; a block computes nothing itself"),
    ("vercors_py/semantics/uniformity.py", "_first_use"): (
        frozenset({"While", "InvariantBlock", "AtomicBlock"}),
        "a loop may run no iteration: any mention in it counts as a read (the default), as in an invariant or "
        "atomic block (whose invariant may read it first)"),
}


def _named(pattern) -> set[str]:
    match pattern:
        case ast.MatchClass(cls=ast.Attribute(value=ast.Name(id="A"), attr=attr)):
            return {attr}
        case ast.MatchOr(patterns=patterns):
            return set().union(*(_named(p) for p in patterns))
        case ast.MatchAs(pattern=inner) if inner is not None:
            return _named(inner)
    return set()


def matches() -> list[tuple[str, str, int, set[str]]]:
    """(file, function, line, kinds named) of every `match` over AST kinds."""
    found = []
    for path in sorted([*(ROOT / "vercors_py").rglob("*.py"), *(ROOT / "lsp").rglob("*.py")]):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for node in ast.walk(function):
                    if isinstance(node, ast.Match):
                        named = set().union(*(_named(c.pattern) for c in node.cases))
                        if named:
                            found.append((str(path.relative_to(ROOT)), function.name, node.lineno, named))
    return found


def _dispatches(families=FAMILIES):
    for file, function, line, named in matches():
        for family, kinds in families.items():
            if len(named & kinds) >= MIN_KINDS:
                yield (file, function, family), line, named & kinds


def test_every_dispatch_over_every_kind_is_listed():
    found = {key for key, _, _ in _dispatches()}
    assert found - DISPATCHES.keys() == set(), "a new dispatch over every kind: list it in DISPATCHES"
    assert DISPATCHES.keys() - found == set(), "a listed dispatch is gone: take it out of DISPATCHES"


def unhandled(families=FAMILIES) -> dict:
    wrong = {}
    for key, line, named in _dispatches(families):
        left, _ = DISPATCHES.get(key, (frozenset(), ""))
        expected = families[key[2]] - left
        if named != expected:
            wrong[f"{key[0]}:{line} {key[1]}"] = {"not handled": sorted(expected - named),
                                                  "handled but listed as left": sorted(named - expected)}
    return wrong


def test_each_dispatch_handles_every_kind_it_does_not_leave_to_another():
    assert unhandled() == {}


def test_a_new_statement_kind_is_missing_from_every_dispatch_that_handles_every_statement():
    more = {**FAMILIES, "statement": STATEMENTS | {"AtomicAdd"}}
    places = {place for place, why in unhandled(more).items() if why["not handled"] == ["AtomicAdd"]}
    expected = {key for key, (left, _) in DISPATCHES.items() if key[2] == "statement"}
    assert len(places) == len(expected) >= 8


def test_every_walk_enters_every_statement_that_holds_statements():
    skipped = {(file, function): frozenset(COMPOUND - named)
               for file, function, line, named in matches()
               if len(named & COMPOUND) >= 2 and not COMPOUND <= named}
    assert skipped == {key: left for key, (left, _) in WALKS.items()}


def test_the_leftover_kinds_are_kinds():
    for left, why in DISPATCHES.values():
        assert left <= STATEMENTS | EXPRESSIONS
        assert bool(left) == bool(why)


def test_docs_name_every_dispatch():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.split("## Where a change goes", 1)[1].split("\n## ", 1)[0]
    missing = [f"{file} `{function}`" for file, function, *_ in [*DISPATCHES, *WALKS]
               if f"`{function}`" not in section or file.removeprefix("vercors_py/") not in section]
    assert missing == []
