"""Every example in examples/ meets its `//:: verdict` header (checked in-process)."""
from __future__ import annotations

import csv
import pathlib

import pytest

from tests.support.corpus import check_header
from tests.support.expectations import header

REPO = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"
FILES = sorted(EXAMPLES.glob("*.pvl"))
VERDICTS = {"verified", "fails", "rejected", "timeout"}
FAMILIES = {"syntax", "type", "divergence", "perm", "bounds", "div", "assert", "pre", "post", "loop",
            "barrier", "distribution", "framing", "injectivity", "invariant", "timeout"}

# Verified examples whose twins do not follow the `STEM-...` naming (see the reason).
def test_there_are_enough_examples():
    assert len(FILES) >= 12
    names = {p.stem for p in FILES}
    assert "seed004-fig8-demo" in names and "seed004-fig9-binomial" in names


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_example(path):
    assert check_header(path) == []


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_example_has_a_verdict_header(path):
    verdict, families = header(path.read_text())    # raises without a header
    assert verdict in VERDICTS
    assert families <= FAMILIES
    if verdict in ("fails", "rejected"):
        assert families
    else:
        assert not families


def _verified():
    return [p for p in FILES if header(p.read_text())[0] == "verified"]


def _index():
    with open(EXAMPLES / "INDEX.tsv", newline="") as handle:
        return list(csv.DictReader(handle, delimiter="\t"))


def test_index_lists_every_example_with_its_header():
    rows = _index()
    assert sorted(r["file"] for r in rows) == sorted(p.name for p in FILES)
    for row in rows:
        verdict, families = header((EXAMPLES / row["file"]).read_text())
        assert row["verdict"] == verdict, row["file"]
        assert set(row["families"].split()) == families, row["file"]


def test_every_verified_example_is_the_base_of_a_twin_that_is_not_verified():
    rows = _index()
    for path in _verified():
        twins = [r for r in rows if r["base"] == path.name and r["verdict"] != "verified"]
        assert twins, path.name
        for r in twins:
            assert (EXAMPLES / r["file"]).exists()


def test_the_readme_says_what_each_example_shows():
    readme = (EXAMPLES / "README.md").read_text(encoding="utf-8")
    for path in FILES:
        assert f"[`{path.name}`]({path.name})" in readme, path.name
