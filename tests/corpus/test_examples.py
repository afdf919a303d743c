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
# Every file INDEX.tsv lists: the kernels here and their CUDA and OpenCL forms.
ALL = FILES + sorted([*EXAMPLES.glob("cuda/*.cu"), *EXAMPLES.glob("opencl/*.cl")])
VERDICTS = {"verified", "fails", "rejected", "timeout"}
# What a file judged by `races` (`//:: cmd races`) says instead.
RACES_VERDICTS = {"racy", "race-free"}
PASSING = {"verified", "race-free"}
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
    assert sorted(r["file"] for r in rows) == sorted(str(p.relative_to(EXAMPLES)) for p in ALL)
    for row in rows:
        verdict, families = header((EXAMPLES / row["file"]).read_text())
        assert row["verdict"] == verdict, row["file"]
        assert set(row["families"].split()) == families, row["file"]
        assert verdict in (RACES_VERDICTS if row["verdict"] in RACES_VERDICTS else VERDICTS), row["file"]
        assert not row["base"] or (EXAMPLES / row["base"]).exists(), row["file"]


def test_every_verified_example_is_the_base_of_a_twin_that_is_not_verified():
    """Also in C, and for `races` (a race-free kernel beside racy twins); a kernel with a
    base of its own (a translation, or a twin that passes under an option) needs none."""
    rows = _index()
    for base in (r["file"] for r in rows if r["verdict"] in PASSING and not r["base"]):
        twins = [r for r in rows if r["base"] == base and r["verdict"] not in PASSING]
        assert twins, base


def test_the_readme_says_what_each_example_shows():
    readme = (EXAMPLES / "README.md").read_text(encoding="utf-8")
    for path in FILES:
        assert f"[`{path.name}`]({path.name})" in readme, path.name
