"""`vercors-py check --format sarif`: valid SARIF 2.1.0 (checked against the OASIS schema in
tests/data/sarif, see its README) that carries what the JSON report carries."""
import json
import pathlib

import jsonschema
import pytest

from vercors_py import diagnostics as D
from vercors_py.report import sarif
from vercors_py.results import FileResult, Verdict
from vercors_py.source import SourceText

SCHEMA = json.loads((pathlib.Path(__file__).parents[1] / "data" / "sarif" / "sarif-schema-2.1.0.json")
                    .read_text(encoding="utf-8"))
# The draft comes from the schema's own `$schema`; an unknown one would silently fall back
# to the newest draft, so the test pins what it must be.
VALIDATOR = jsonschema.validators.validator_for(SCHEMA, default=None)

NO_BARRIER = "examples/seed004-fig8-no-barrier.pvl"         # related place and counterexample
CROSS_GROUP = "examples/vector-add-multigroup-cross-group-race.pvl"
VERIFIED = "examples/seed004-fig8-demo.pvl"
BAD = """kernel demo {
  global int[gsize] a;
  requires Perm(a[tid], write);
  void main() {
    a[tid] := tid;
  }
}
"""


def validate(log: dict) -> None:
    VALIDATOR(SCHEMA, format_checker=VALIDATOR.FORMAT_CHECKER).validate(log)


def check_sarif(run_cli, *files, cwd=None, code):
    proc = run_cli("check", "--format", "sarif", *files, cwd=cwd)
    assert proc.returncode == code, proc.stderr
    assert "Traceback" not in proc.stdout + proc.stderr
    assert proc.stdout.isascii()
    log = json.loads(proc.stdout)
    validate(log)
    assert_rule_indexes(log)
    return log


def assert_rule_indexes(log):
    [run] = log["runs"]
    rules = run["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == list(D.CODES)
    for result in run["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]


def region(start_line, start_col, end_line, end_col):
    return {"startLine": start_line, "startColumn": start_col, "endLine": end_line, "endColumn": end_col}


# ---- the schema itself ----

def test_the_schema_is_draft_04_and_rejects_a_bogus_level():
    assert VALIDATOR is jsonschema.Draft4Validator
    VALIDATOR.check_schema(SCHEMA)
    d = D.error("perm.write", None, "no write permission")
    log = sarif.report([FileResult("demo.pvl", None, Verdict.FAILED, (d,))], version="1", exit_code=1)
    validate(log)
    log["runs"][0]["results"][0]["level"] = "fatal"
    with pytest.raises(jsonschema.ValidationError, match="fatal"):
        validate(log)


# ---- end to end ----

def test_verified_file(run_cli, repo_root):
    log = check_sarif(run_cli, VERIFIED, cwd=repo_root, code=0)
    assert log["version"] == "2.1.0"
    [run] = log["runs"]
    driver = run["tool"]["driver"]
    assert driver["name"] == "vercors-py" and driver["version"]
    assert run["columnKind"] == "unicodeCodePoints"
    assert run["invocations"] == [{"executionSuccessful": True, "exitCode": 0}]
    assert run["artifacts"] == [{"location": {"uri": VERIFIED, "uriBaseId": "%SRCROOT%"},
                                 "roles": ["analysisTarget"], "properties": {"verdict": "verified"}}]
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == repo_root.as_uri() + "/"
    assert run["results"] == []


def test_failure_with_related_place_and_counterexample(run_cli, repo_root):
    log = check_sarif(run_cli, NO_BARRIER, cwd=repo_root, code=1)
    [result] = log["runs"][0]["results"]
    assert result["ruleId"] == "perm.read" and result["level"] == "error"
    assert result["message"]["text"].startswith("insufficient permission to read")
    [location] = result["locations"]
    assert location["physicalLocation"] == {
        "artifactLocation": {"uri": NO_BARRIER, "uriBaseId": "%SRCROOT%", "index": 0},
        "region": region(13, 14, 13, 34)}
    [related] = result["relatedLocations"]
    assert related["physicalLocation"]["region"] == region(9, 12, 9, 31)
    assert related["message"]["text"] == "thread lid 1 holds write on a[1] here"
    props = result["properties"]
    assert props["obligation"] == "demo/thread"
    assert props["counterexample"].startswith("before this statement: gsize = 2")
    assert D.COUNTEREXAMPLE_PREFIX + props["counterexample"] in props["notes"]


def test_regions_are_the_json_ranges(run_cli, repo_root):
    """SARIF and our JSON agree on 1-based lines and columns and an exclusive end."""
    log = check_sarif(run_cli, NO_BARRIER, CROSS_GROUP, cwd=repo_root, code=1)
    report = json.loads(run_cli("check", "--format", "json", NO_BARRIER, CROSS_GROUP, cwd=repo_root).stdout)
    ranges = [d["range"] for f in report["files"] for d in f["diagnostics"]]
    regions = [r["locations"][0]["physicalLocation"]["region"] for r in log["runs"][0]["results"]]
    assert regions == [region(r["start"]["line"], r["start"]["column"], r["end"]["line"], r["end"]["column"])
                       for r in ranges]
    assert all(r["properties"]["counterexample"] for r in log["runs"][0]["results"])


def test_rejected_file(run_cli, tmp_path):
    (tmp_path / "bad.pvl").write_text(BAD, encoding="utf-8")
    log = check_sarif(run_cli, "bad.pvl", code=3)
    [run] = log["runs"]
    assert run["invocations"] == [{"executionSuccessful": True, "exitCode": 3}]
    assert run["artifacts"][0]["properties"] == {"verdict": "rejected"}
    [result] = run["results"]
    assert result["ruleId"] == "syntax.unexpected-token"
    assert result["locations"][0]["physicalLocation"]["region"]["startLine"] == 5
    assert result["locations"][0]["physicalLocation"]["region"]["startColumn"] == 12
    assert result["properties"] == {"notes": []}


def test_several_files_in_one_run(run_cli, repo_root, tmp_path):
    (tmp_path / "bad.pvl").write_text(BAD, encoding="utf-8")
    absolute = repo_root / CROSS_GROUP
    log = check_sarif(run_cli, "bad.pvl", "nope.pvl", absolute, code=2)
    [run] = log["runs"]
    assert [a["location"] for a in run["artifacts"]] == [
        {"uri": "bad.pvl", "uriBaseId": "%SRCROOT%"}, {"uri": absolute.as_uri()}]
    assert [r["ruleId"] for r in run["results"]] == ["syntax.unexpected-token", "injectivity.quantified"]
    assert [r["locations"][0]["physicalLocation"]["artifactLocation"]["index"]
            for r in run["results"]] == [0, 1]
    # The unreadable file is in no artifact or result, as in the JSON report; the run
    # says that the analysis did not complete, and why.
    [invocation] = run["invocations"]
    assert invocation["executionSuccessful"] is False and invocation["exitCode"] == 2
    [notification] = invocation["toolExecutionNotifications"]
    assert notification["message"]["text"].startswith("cannot read nope.pvl: ")


# ---- in process ----

SOURCE = SourceText("dir/ü demo.pvl", "kernel demo {\n  void main() {\n    a[tid] = 1;\n  }\n}\n")


def test_counterexample_accessor():
    note = D.COUNTEREXAMPLE_PREFIX + "gsize = 2, tid = 1"
    assert D.error("perm.write", None, "m", notes=("race: x", note)).counterexample == "gsize = 2, tid = 1"
    assert D.error("perm.write", None, "m", notes=("race: counterexample: no",)).counterexample is None
    assert D.error("perm.write", None, "m").counterexample is None


def test_a_diagnostic_without_a_place_has_only_its_file():
    d = D.error("internal.error", None, "boom ✗")
    log = sarif.report([FileResult(SOURCE.path, SOURCE, Verdict.FAILED, (d,))], version="1", exit_code=5)
    validate(log)
    [run] = log["runs"]
    assert run["invocations"][0]["executionSuccessful"] is False
    assert run["results"][0]["locations"] == [{"physicalLocation": {"artifactLocation": {
        "uri": "dir/%C3%BC%20demo.pvl", "uriBaseId": "%SRCROOT%", "index": 0}}}]


def test_key_order_is_fixed_and_output_is_ascii():
    start = SOURCE.text.index("a[tid]")
    d = D.error("perm.write", SOURCE.span(start, start + 6), "no permission ‘a’",
                related=(D.Related(SOURCE.span(start, start + 1), "here"),), obligation="demo/thread")
    out = sarif.render([FileResult(SOURCE.path, SOURCE, Verdict.FAILED, (d,))], version="1", exit_code=1)
    assert out.isascii()
    log = json.loads(out)
    assert list(log) == ["$schema", "version", "runs"]
    [run] = log["runs"]
    assert list(run) == ["tool", "invocations", "originalUriBaseIds", "artifacts", "results", "columnKind"]
    [result] = run["results"]
    assert list(result) == ["ruleId", "ruleIndex", "level", "message", "locations", "relatedLocations",
                            "properties"]
    assert result["message"]["text"] == "no permission ‘a’"
    assert result["properties"] == {"notes": [], "obligation": "demo/thread"}


def test_a_file_named_twice_is_one_artifact():
    d = D.error("perm.write", None, "no write permission")
    one, other = (FileResult(path, None, Verdict.FAILED, (d,)) for path in ("one.pvl", "/abs/other.pvl"))
    log = sarif.report([one, other, one], version="1", exit_code=1)
    validate(log)
    [run] = log["runs"]
    assert [a["location"]["uri"] for a in run["artifacts"]] == ["one.pvl", "file:///abs/other.pvl"]
    assert [r["locations"][0]["physicalLocation"]["artifactLocation"]["index"]
            for r in run["results"]] == [0, 1, 0]
