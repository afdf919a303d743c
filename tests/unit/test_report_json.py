"""The JSON report (report/json.py): schema, positions, key order."""
import json

from vercors_py import diagnostics as D
from vercors_py.report import json as json_report
from vercors_py.results import FileResult, ObligationResult, Verdict
from vercors_py.source import SourceText

SOURCE = SourceText("demo.pvl", "kernel demo {\n  void main() {\n    a[tid] = 1;\n  }\n}\n")


def at(snippet):
    start = SOURCE.text.index(snippet)
    return SOURCE.span(start, start + len(snippet))


def test_full_entry():
    d = D.error("perm.write", at("a[tid]"), "no write permission",
                related=(D.Related(at("main"), "thread"),), notes=("gsize = 2",),
                obligation="demo/thread")
    ob = ObligationResult("demo/thread", "thread", Verdict.FAILED, 0.123456, at("main"), (d,))
    result = FileResult("demo.pvl", SOURCE, Verdict.FAILED, (d,), (ob,), 1.5)
    assert json.loads(json_report.render([result])) == {"files": [{
        "path": "demo.pvl",
        "verdict": "failed",
        "seconds": 1.5,
        "assumptions": [],
        "diagnostics": [{
            "code": "perm.write",
            "severity": "error",
            "message": "no write permission",
            "range": {"start": {"line": 3, "column": 5}, "end": {"line": 3, "column": 11}},
            "related": [{"message": "thread",
                         "range": {"start": {"line": 2, "column": 8},
                                   "end": {"line": 2, "column": 12}}}],
            "notes": ["gsize = 2"],
            "obligation": "demo/thread",
        }],
        "obligations": [{"name": "demo/thread", "kind": "thread", "verdict": "failed",
                         "seconds": 0.123}],
    }]}


def test_no_span_gives_null_range_and_no_obligation_key():
    d = D.error("internal.error", None, "boom")
    entry = json_report.file_entry(FileResult("x.pvl", None, Verdict.FAILED, (d,)))
    assert entry["diagnostics"][0]["range"] is None
    assert "obligation" not in entry["diagnostics"][0]
    assert entry["obligations"] == []


def test_key_order_is_fixed_and_output_is_ascii():
    d = D.error("type.unknown-name", at("tid"), "unknown name ‘x’ ✗")
    out = json_report.render([FileResult("demo.pvl", SOURCE, Verdict.REJECTED, (d,))])
    assert out.isascii()
    file = json.loads(out)["files"][0]
    assert list(file) == ["path", "verdict", "seconds", "assumptions", "diagnostics", "obligations"]
    assert list(file["diagnostics"][0]) == ["code", "severity", "message", "range", "related", "notes"]
    assert file["diagnostics"][0]["message"] == "unknown name ‘x’ ✗"


def test_columns_count_characters_not_bytes():
    source = SourceText("u.pvl", "// ∀ é\nx")
    d = D.error("syntax.unexpected-token", source.span(7, 8), "x")
    rng = json_report.diagnostic_entry(d)["range"]
    assert rng == {"start": {"line": 2, "column": 1}, "end": {"line": 2, "column": 2}}
    d = D.error("syntax.unexpected-token", source.span(5, 6), "é")
    assert json_report.diagnostic_entry(d)["range"]["start"] == {"line": 1, "column": 6}
