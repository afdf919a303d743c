"""The analyses are entries of one registry (vercors_py/registry.py): the command line is
built from it, every analysis's verdicts share one table of conclusions and exit codes,
and docs/cli.md lists each command with exactly the options its parser has."""
from __future__ import annotations

import pathlib
import re

import attrs
import pytest

from vercors_py import cli, registry
from vercors_py.infer.program import InferVerdict
from vercors_py.races.model import RacesVerdict
from vercors_py.results import (EXIT_ORDER, AnalysisVerdict, Conclusion, Result, Verdict,
                                most_serious_exit, worst)
from vercors_py.run.model import RunVerdict

VERDICTS = (Verdict, RacesVerdict, RunVerdict, InferVerdict)


@pytest.mark.parametrize("kind", VERDICTS, ids=lambda k: k.__name__)
def test_each_analysis_concludes_every_way_and_its_exit_codes_come_from_the_conclusions(kind):
    assert {v.conclusion for v in kind} == set(Conclusion)
    assert kind["REJECTED"].conclusion is Conclusion.REJECTED     # Result.rejected's verdict
    assert all(v.exit_code == v.conclusion.exit_code for v in kind)


@pytest.mark.parametrize("kind", VERDICTS, ids=lambda k: k.__name__)
def test_verdicts_combine_in_the_order_the_exit_codes_do(kind):
    members = list(kind)
    for a in members:
        for b in members:
            combined = worst([a, b], None)
            assert combined.exit_code == most_serious_exit([a.exit_code, b.exit_code])
    assert worst([], kind(members[0].value)) is members[0]


def test_a_fault_of_the_tool_and_a_usage_error_outrank_every_conclusion():
    assert EXIT_ORDER[:2] == (5, 2)
    assert EXIT_ORDER[2:] == (3, 1, 4, 0)


def _synopses() -> dict[str, set[str]]:
    """docs/cli.md's synopsis block: each command's options, as written there."""
    text = (pathlib.Path(__file__).resolve().parents[2] / "docs" / "cli.md").read_text(encoding="utf-8")
    block = text.split("```", 2)[1]
    found: dict[str, set[str]] = {}
    current = None
    for line in block.splitlines():
        head = re.match(r"vercors-py (\w+)", line)
        if head:
            current = head.group(1)
            found.setdefault(current, set())
        if current is not None:
            found[current] |= set(re.findall(r"(?<![\w-])--?[a-z][\w-]*", line.split("vercors-py " + current, 1)[-1]))
    return found


@pytest.mark.parametrize("entry", registry.ANALYSES, ids=lambda e: e.name)
def test_docs_cli_lists_each_analysis_with_exactly_its_options(entry):
    parser = cli.command_parser(entry.name)
    actions = [a.option_strings for a in parser._actions if a.option_strings and "--help" not in a.option_strings]
    written = _synopses().get(entry.name)
    assert written is not None, f"docs/cli.md has no synopsis of `{entry.name}`"
    # An option is listed by any of its spellings (`-j N` for `--jobs`).
    assert [names for names in actions if not written & set(names)] == []
    assert written - {name for names in actions for name in names} == set()


class _Toy(AnalysisVerdict):
    EVEN = "even", Conclusion.YES
    ODD = "odd", Conclusion.NO
    UNSURE = "unsure", Conclusion.UNKNOWN
    UNREAD = "unread", Conclusion.REJECTED


@attrs.frozen
class _ToyResult(Result):
    length: int = 0


def _toy_work(args, status):
    def work(path: str) -> _ToyResult:
        with open(path, encoding="utf-8") as handle:
            n = len(handle.read())
        return _ToyResult(path, None, _Toy.EVEN if n % 2 == 0 else _Toy.ODD, (), n)
    return work


TOY = registry.AnalysisEntry(
    "parity", help="whether a file's length is even", description="A toy analysis.", verb="counting",
    options=lambda parser: parser.add_argument("--loud", action="store_true"),
    work=_toy_work, show=lambda result, args, explained: print(f"{result.path}: {result.verdict.value}"),
    documents={"json": lambda results, shown: f"{[r.length for r in results]} {shown.exit_code}\n"},
    launch=False)


def test_a_new_analysis_is_one_entry(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(cli, "ANALYSES", (*registry.ANALYSES, TOY))
    even, odd = tmp_path / "even.txt", tmp_path / "odd.txt"
    even.write_text("ab")
    odd.write_text("abc")
    assert cli.main(["parity", "--loud", str(even)]) == 0
    assert capsys.readouterr().out == f"{even}: even\n"
    assert cli.main(["parity", str(even), str(odd), str(tmp_path / "missing")]) == 2
    out = capsys.readouterr().out
    assert f"{odd}: odd" in out and "3 files: 1 even, 1 odd, 1 unreadable" in out
    assert cli.main(["parity", "--format", "json", str(even), str(odd)]) == 1
    assert capsys.readouterr().out == "[2, 3] 1\n"
    assert cli.main(["parity", "--gsize", "4", str(even)]) == 2     # no launch options: a usage error


@pytest.mark.parametrize("entry", registry.ANALYSES, ids=lambda e: e.name)
def test_every_analysis_rejects_a_file_that_is_not_text(entry, tmp_path, capsys):
    binary = tmp_path / "k.cu"
    binary.write_bytes(b"__global__ void k() {}\xff\xfe\n")
    assert cli.main([entry.name, str(binary)]) == 3
    captured = capsys.readouterr()
    assert "k.cu" in captured.out + captured.err and "rejected" in captured.out + captured.err
