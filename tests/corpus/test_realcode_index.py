"""bench/realcode/ (issue 25): INDEX.tsv matches the kernel files, and every file carries its
provenance, licence, launch and verdict header.  Cheap: nothing here runs `races` (that is
bench/realcode.py's job)."""
from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

from vercors_py import service
from vercors_py.cfamily import launch
from vercors_py.source import SourceText

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "bench" / "realcode"
COLUMNS = ["file", "project", "licence", "kernel", "launch", "verdict", "reason", "facts", "facts_source"]
VERDICTS = {"race-free", "racy", "benign"}
SUFFIXES = {".cu", ".cl"}
PROVENANCE = re.compile(r"^// provenance: https://github\.com/[\w.-]+/[\w.-]+ commit [0-9a-f]{40} path \S+ "
                        r"lines \d+-\d+(, \d+-\d+)*$", re.M)
EXCLUDED = re.compile(r"cuda-samples|rodinia|polybench|shoc", re.I)


def index() -> list[dict[str, str]]:
    with (CORPUS / "INDEX.tsv").open(encoding="utf-8", newline="") as f:
        reader = csv.DictReader(f, delimiter="\t")
        assert reader.fieldnames == COLUMNS
        return list(reader)


def header(path: Path) -> dict[str, str]:
    """The `// key: value` lines of the file's leading comment block."""
    fields = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("//"):
            break
        m = re.match(r"^// (\w+): (.*)$", line)
        if m:
            fields.setdefault(m.group(1), m.group(2))
    return fields


ROWS = index()


def test_index_lists_exactly_the_kernel_files():
    listed = [r["file"] for r in ROWS]
    assert len(listed) == len(set(listed)), "a file is listed twice"
    on_disk = sorted(str(p.relative_to(CORPUS)) for p in CORPUS.glob("*/*") if p.suffix in SUFFIXES)
    assert sorted(listed) == on_disk
    assert len(listed) >= 60


def test_no_kernel_from_the_acceptance_suites():
    for r in ROWS:
        assert not EXCLUDED.search(r["project"] + " " + (CORPUS / r["file"]).read_text(encoding="utf-8")
                                   .split("\n", 3)[1]), r["file"]


def test_licences_are_documented():
    text = (CORPUS / "LICENSES.md").read_text(encoding="utf-8")
    for directory in {r["file"].split("/")[0] for r in ROWS}:
        assert f"`{directory}/" in text, directory
    for licence in {r["licence"] for r in ROWS}:
        assert licence in text, licence


@pytest.mark.parametrize("row", ROWS, ids=[r["file"] for r in ROWS])
def test_header_matches_the_index(row):
    path = CORPUS / row["file"]
    text = path.read_text(encoding="utf-8")
    fields = header(path)
    assert PROVENANCE.search(text), "no `// provenance: <github url> commit <sha> path <p> lines <a-b>` line"
    assert fields.get("licence", "").split(" (")[0] == row["licence"]
    assert fields.get("kernel") == row["kernel"]
    assert row["verdict"] in VERDICTS
    verdict, _, reason = fields.get("verdict", "").partition(": ")
    assert verdict == row["verdict"] and reason == row["reason"] and reason
    assert row["kernel"].split("<")[0] in text.split("The code below is the original's", 1)[1]
    # the launch: GPUVerify's header line on line 1 (read by `races`), or none at all
    first = text.splitlines()[0]
    parsed = launch.from_header(SourceText(str(path), text))
    if row["launch"] == "symbolic":
        assert not first.startswith("//-") and parsed.empty and not parsed.defines
    else:
        assert first == "//" + row["launch"]
        assert parsed.span is not None and not (parsed.empty and not parsed.defines)


@pytest.mark.parametrize("row", [r for r in ROWS if r["facts"].strip()], ids=lambda r: r["file"])
def test_host_facts_are_facts_of_the_kernel_and_say_where_they_come_from(row):
    # Each is an `--assume` expression the front end reads for the kernel: a fact that
    # does not parse or names nothing would reject the file (bench/realcode.py would count
    # it as not read, hiding the kernel's verdict).
    facts = tuple(f.strip() for f in row["facts"].split(" ; ") if f.strip())
    path = CORPUS / row["file"]
    analysis = service.analyze(path.read_text(encoding="utf-8"), str(path), launch.Launch(facts=facts))
    assert not [d for d in analysis.diagnostics if "--assume" in d.message], analysis.diagnostics
    assert row["facts_source"].strip()
