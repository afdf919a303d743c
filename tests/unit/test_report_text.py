"""The compiler-style text report (report/text.py), on hand-made results."""
from vercors_py import diagnostics as D
from vercors_py.report import text
from vercors_py.results import FileResult, ObligationResult, Verdict
from vercors_py.source import SourceText

SOURCE = SourceText("demo.pvl", "kernel demo {\n  void main() {\n    a[tid] = 1;\n  }\n}\n")


def at(snippet: str, source: SourceText = SOURCE):
    start = source.text.index(snippet)
    return source.span(start, start + len(snippet))


def result(*diagnostics, verdict=Verdict.FAILED, obligations=(), source=SOURCE, seconds=0.21):
    return FileResult(source.path if source else "demo.pvl", source, verdict, diagnostics,
                      obligations, seconds)


def test_diagnostic_with_source_line_and_carets():
    d = D.error("perm.write", at("a[tid]"), "no write permission for a[tid]")
    assert text.render(result(d)).splitlines()[:3] == [
        "demo.pvl:3:5: error: no write permission for a[tid] [perm.write]",
        "    a[tid] = 1;",
        "    ^~~~~~",
    ]


def test_severity_words():
    warning = D.warning("assert.assume", at("a[tid] = 1;"), "assumed")
    note = D.Diagnostic("post.failed", D.Severity.NOTE, "see here", at("main"))
    lines = text.render(result(warning, note)).splitlines()
    assert lines[0] == "demo.pvl:3:5: warning: assumed [assert.assume]"
    assert lines[3] == "demo.pvl:2:8: note: see here [post.failed]"


def test_multi_line_range_underlines_the_rest_of_its_first_line():
    d = D.error("post.failed", at("void main() {\n    a"), "x")
    assert text.render(result(d)).splitlines()[1:3] == ["  void main() {", "  ^~~~~~~~~~~~~"]


def test_tabs_keep_the_caret_aligned():
    source = SourceText("t.pvl", "kernel k {\n\tvoid main() {\n\t\tx\t:= 1;\n\t}\n}\n")
    d = D.error("syntax.unexpected-token", at(":=", source), "unexpected ':'")
    line, carets = text.render(result(d, source=source)).splitlines()[1:3]
    assert "\t" not in line + carets
    assert line.index(":=") == carets.index("^")
    assert carets.endswith("^~")


def test_control_characters_do_not_shift_the_caret():
    source = SourceText("c.pvl", "a\x1bb\rc x")
    d = D.error("syntax.unexpected-character", at("x", source), "x")
    line, carets = text.render(result(d, source=source)).splitlines()[1:3]
    assert line == "a?b?c x"
    assert carets == "      ^"


def test_empty_range_at_end_of_file_gets_one_caret():
    source = SourceText("e.pvl", "kernel k {")
    end = len(source.text)
    d = D.error("syntax.unexpected-end", source.span(end, end), "unexpected end of file")
    assert text.render(result(d, source=source)).splitlines()[1:3] == ["kernel k {", " " * 10 + "^"]


def test_long_line_is_cut_around_the_range():
    source = SourceText("l.pvl", "x = " + "1" * 3000 + " + y;")
    d = D.error("type.unknown-name", at("y", source), "unknown name y")
    line, carets = text.render(result(d, source=source)).splitlines()[1:3]
    assert len(line) <= text.EXCERPT_WIDTH + 6
    assert line.startswith("...") and line.endswith("+ y;")
    assert line[carets.index("^")] == "y"


def test_diagnostic_without_span_and_without_source():
    d = D.error("internal.error", None, "internal error: boom")
    assert text.render(result(d, source=None)).splitlines()[0] == \
        "demo.pvl: error: internal error: boom [internal.error]"


def test_related_spans_and_notes():
    d = D.error("barrier.functional", at("a[tid] = 1;"), "postcondition may not hold",
                related=(D.Related(at("main"), "in this thread"),),
                notes=("counterexample: gsize = 2, tid = 1", "line one\nline two"))
    lines = text.render(result(d)).splitlines()
    assert lines[3:7] == [
        "demo.pvl:2:8: note: in this thread",
        "  note: counterexample: gsize = 2, tid = 1",
        "  note: line one",
        "        line two",
    ]


def test_summaries():
    err = D.error("perm.write", at("a[tid]"), "x")
    obligations = tuple(ObligationResult(f"demo/o{i}", "thread", Verdict.VERIFIED, 0.01, None)
                        for i in range(12))
    assert text.summary(result(verdict=Verdict.VERIFIED, obligations=obligations)) == \
        "demo.pvl: verified (12 obligations, 0.21 s)"
    assert text.summary(result(err, err, obligations=obligations[:1])) == \
        "demo.pvl: failed: 2 errors (1 obligation, 0.21 s)"
    assert text.summary(result(err, verdict=Verdict.REJECTED)) == "demo.pvl: rejected: 1 error"
    timed_out = (ObligationResult("demo/thread", "thread", Verdict.TIMEOUT, 10.0, None),)
    assert text.summary(result(verdict=Verdict.TIMEOUT, obligations=timed_out, seconds=10.0)) == \
        "demo.pvl: timeout: 1 unknown (1 obligation, 10.00 s)"


def test_internal_error_summary_does_not_claim_a_verdict():
    d = D.error("internal.error", None, "internal error: boom")
    assert text.summary(result(d, seconds=0)) == \
        "demo.pvl: internal error: 1 error (0 obligations, 0.00 s)"


def test_obligation_list_in_given_order_with_aligned_times():
    obligations = (
        ObligationResult("demo/thread", "thread", Verdict.VERIFIED, 0.05, None),
        ObligationResult("demo/barrier@5/resources", "barrier-resources", Verdict.FAILED, 0.5, None),
        ObligationResult("demo/framing", "framing", Verdict.TIMEOUT, 10, None),
    )
    lines = text.render(result(obligations=obligations), obligations=True).splitlines()
    assert lines[:3] == [
        "  ✓ demo/thread                0.05 s",
        "  ✗ demo/barrier@5/resources   0.50 s",
        "  ? demo/framing              10.00 s",
    ]
    assert text.render(result(obligations=obligations[:1]), obligations=True).splitlines()[0] == \
        "  ✓ demo/thread  0.05 s"
    assert lines[3].startswith("demo.pvl: ")
    assert "✓" not in text.render(result(obligations=obligations))
