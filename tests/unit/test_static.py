"""Static checks (issue 2): resolution, types and syntax, one small file per topic in
tests/data/static, with the expected errors written on the lines where they must be
reported (`//! code`; see tests/support/expectations.py)."""
from __future__ import annotations

import pathlib

import pytest

from tests.support.expectations import check, header, marks
from vercors_py import service
from vercors_py.engine.solver import workers as runner

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "static"
FILES = sorted(DATA.glob("*.pvl"))

# Files that show a bug; each is reported to the owners of vercors_py/.


@pytest.fixture
def no_engine(monkeypatch):
    """A rejected file must never reach the solver."""
    def refuse(*args, **kwargs):
        raise AssertionError("the engine ran on a file that should have been rejected")
    monkeypatch.setattr(runner, "run_all", refuse)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_static_file(path, no_engine):
    assert check(path) == []


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_static_files_are_rejected_with_marks(path):
    """Every file here is a rejection test: the header says so and at least one line
    carries a mark (otherwise the file would test nothing)."""
    text = path.read_text()
    verdict, families = header(text)
    assert verdict == "rejected"
    assert families and families <= {"syntax", "type"}
    found = marks(text)
    assert found
    assert {code.split(".")[0] for codes in found.values() for code in codes} <= families


def test_topics_are_covered():
    """The static codes that issue 2 asks for each have a file that expects them."""
    expected = set()
    for path in FILES:
        for codes in marks(path.read_text()).values():
            expected |= codes
    wanted = {
        "type.unknown-name", "type.duplicate", "type.reserved-name", "type.main", "type.assign-target",
        "type.mismatch", "type.resource-placement", "type.perm-target", "type.perm-amount",
        "type.old-placement", "type.impure", "type.level-reserved", "type.local-placement",
        "type.clause-placement", "type.barrier-placement", "type.jump-placement", "type.arity",
        "type.not-callable", "type.not-a-variable", "type.not-an-array",
        "syntax.unexpected-token", "syntax.unexpected-character", "syntax.unexpected-end",
        "syntax.unterminated-comment",
    }
    assert wanted <= expected


def test_a_file_without_kernel_is_rejected_at_its_start(no_engine):
    text = "pure int f(int n) = n + 1;\n"
    result = service.check_text(text, "nokernel.pvl")
    assert result.verdict.value == "rejected"
    assert [d.code for d in result.errors] == ["type.no-kernel"]
    span = result.errors[0].span
    assert (span.start_line, span.start_col) == (1, 1)


def test_several_type_errors_are_all_reported_in_source_order(no_engine):
    text = (
        "kernel k {\n"
        "  void main() {\n"
        "    int x = true;\n"
        "    y = 1;\n"
        "    tid = 2;\n"
        "    break;\n"
        "  }\n"
        "}\n"
    )
    result = service.check_text(text, "many.pvl")
    assert [(d.span.start_line, d.code) for d in result.errors] == [
        (3, "type.mismatch"), (4, "type.unknown-name"), (5, "type.reserved-name"), (6, "type.jump-placement")]


def test_static_errors_point_at_the_name_not_the_whole_declaration(no_engine):
    text = "kernel k {\n  void main() {\n    int x = 0;\n    int x = 1;\n  }\n}\n"
    (error,) = service.check_text(text, "dup.pvl").errors
    assert error.code == "type.duplicate"
    assert (error.span.start_line, error.span.start_col, error.span.end_col) == (4, 9, 10)
    # and it points back at the first declaration
    assert [(r.span.start_line, r.span.start_col) for r in error.related] == [(3, 9)]
