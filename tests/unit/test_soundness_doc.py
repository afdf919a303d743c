"""docs/soundness.md: every row of its tables names a test, and every test it names
exists (a data file, a test module, or a test function in one)."""
from __future__ import annotations

import pathlib
import re

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
DOC = REPO / "docs" / "soundness.md"
SHORT = {"soundness": "tests/data/soundness", "engine": "tests/data/engine",
         "obligations": "tests/data/obligations", "static": "tests/data/static", "examples": "examples",
         "atomics": "tests/data/atomics"}


def rows():
    """(row text, the names in backticks in its last column) for every table row."""
    found = []
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if not line.startswith("|") or set(line) <= set("|- "):
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        if cells[-1] == "test":
            continue                      # a header row
        found.append((line, re.findall(r"`([^`]+)`", cells[-1])))
    return found


def resolve(name: str) -> bool:
    path, _, function = name.partition("::")
    head, _, rest = path.partition("/")
    if head in SHORT and not path.endswith(".py"):
        return (REPO / SHORT[head] / f"{rest}.pvl").is_file()
    target = REPO / path
    if not target.is_file():
        return False
    return not function or re.search(rf"^def {re.escape(function)}\(", target.read_text(), re.M) is not None


def test_the_document_has_its_tables():
    assert len(rows()) >= 40


@pytest.mark.parametrize("row,names", rows(), ids=lambda r: r[:60] if isinstance(r, str) else "")
def test_every_row_names_tests_that_exist(row, names):
    assert names, f"no test named in: {row}"
    missing = [n for n in names if not resolve(n)]
    assert not missing, f"{missing} named in: {row}"
