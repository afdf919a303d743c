"""Diagnostics end to end: open, edit, save; versions, stale results, configuration."""
from __future__ import annotations

import pathlib

import pytest
from lsprotocol import types

from .helpers import (edit, example, open_doc, range_at, range_of, replace_all, save, uri_of,
                      verification_done)

pytestmark = pytest.mark.asyncio

DEMO = "seed004-fig8-demo.pvl"
BROKEN = "seed004-fig8-wrong-barrier-post.pvl"       # the barrier's postcondition forgets the wrap-around
WRONG_CLAUSE = "a[(tid + 1) % gsize] == tid + 1"


def codes(p: types.PublishDiagnosticsParams) -> list[str]:
    return [d.code for d in p.diagnostics]


async def test_verified_kernel_has_no_errors(client, tmp_path):
    uri = uri_of(tmp_path, DEMO)
    open_doc(client, uri, example(DEMO))
    await client.wait_for(verification_done(client), what="the verification on open")
    last = client.publications(uri)[-1]
    assert last.version == 1
    assert list(last.diagnostics) == []
    [end] = client.ended()
    assert end.message.startswith("verified")


async def test_broken_twin_reports_code_range_related_and_counterexample(client, tmp_path):
    uri = uri_of(tmp_path, BROKEN)
    text = example(BROKEN)
    open_doc(client, uri, text)
    await client.wait_for(verification_done(client), what="the verification on open")
    last = client.publications(uri)[-1]
    assert last.version == 1
    [d] = last.diagnostics
    assert d.code == "barrier.functional"
    assert d.severity == types.DiagnosticSeverity.Error
    assert d.source == "vercors-py"
    assert d.range == range_of(text, WRONG_CLAUSE)
    assert "counterexample:" in d.message
    # the code links to its entry (`vercors-py explain`) in the installed package
    assert d.code_description.href.startswith("file://")
    assert d.code_description.href.endswith("/explain/barrier.md#barrierfunctional")
    # related: the barrier whose obligation failed
    [related] = d.related_information
    assert related.location.uri == uri
    assert related.location.range.start == range_of(text, "barrier(global)").start


async def test_edit_to_fix_keeps_old_errors_until_save_then_clears_them(client, tmp_path):
    uri = uri_of(tmp_path, BROKEN)
    text = example(BROKEN)
    open_doc(client, uri, text)
    await client.wait_for(verification_done(client), what="the verification on open")

    # Fix the barrier's postcondition and the thread's, in one change notification with
    # two incremental edits; a line is also added on top, so everything moves down.
    fixed = text.replace("ensures  a[(tid + 1) % gsize] == tid + 1;",
                         "ensures  a[(tid + 1) % gsize] == (tid + 1) % gsize;")
    fixed = fixed.replace("b[tid] == tid + 1;", "b[tid] == (tid + 1) % gsize;")
    lines = text.split("\n")
    line16 = lines[15]
    line10 = lines[9]
    edit(client, uri, 2,
         ((15, line16.index("tid + 1;")), (15, line16.index("tid + 1;") + len("tid + 1")), "(tid + 1) % gsize"),
         ((9, line10.index("tid + 1;")), (9, line10.index("tid + 1;") + len("tid + 1")), "(tid + 1) % gsize"),
         ((0, 0), (0, 0), "// fixed\n"))
    fixed = "// fixed\n" + fixed

    # The fast check publishes version 2 with the old verification error carried over
    # the edits (no blinking), now one line further down.
    p = await client.wait_for(lambda: next((p for p in client.publications(uri) if p.version == 2), None),
                              what="the fast check of version 2")
    assert codes(p) == ["barrier.functional"]
    assert p.diagnostics[0].range.start.line == 16

    save(client, uri)
    await client.wait_for(verification_done(client, 2), what="the verification on save")
    last = client.publications(uri)[-1]
    assert last.version == 2
    assert list(last.diagnostics) == []
    assert all(p.version in (1, 2) for p in client.publications(uri))


async def test_an_error_whose_text_was_deleted_is_not_carried_over(client, tmp_path):
    uri = uri_of(tmp_path, BROKEN)
    text = example(BROKEN)
    open_doc(client, uri, text)
    await client.wait_for(verification_done(client), what="the verification on open")
    assert codes(client.publications(uri)[-1]) == ["barrier.functional"]

    # The line of the wrong clause is deleted: the error is about code that is gone.
    line = text[:text.index(WRONG_CLAUSE)].count("\n")
    edit(client, uri, 2, ((line, 0), (line + 1, 0), ""))
    p = await client.wait_for(lambda: next((p for p in client.publications(uri) if p.version == 2), None),
                              what="the fast check of version 2")
    assert codes(p) == []

    # An editor that replaces the whole text as "delete all, then insert" (Emacs): the
    # error is not moved to an empty range at the end of the new text either.
    lines = text.split("\n")
    del lines[line]
    edit(client, uri, 3, ((0, 0), (len(lines) - 1, len(lines[-1])), ""), ((0, 0), (0, 0), text))
    p = await client.wait_for(lambda: next((p for p in client.publications(uri) if p.version == 3), None),
                              what="the fast check of version 3")
    assert codes(p) == []


@pytest.mark.parametrize("client", [{"verifyOn": "change"}], indirect=True)
async def test_rapid_edits_publish_only_the_last_version(client, tmp_path):
    uri = uri_of(tmp_path, DEMO)
    text = example(DEMO)
    open_doc(client, uri, text)
    await client.wait_for(verification_done(client), what="the verification on open")
    before = len(client.publications(uri))

    for version in range(2, 7):
        edit(client, uri, version, ((0, 0), (0, 0), f"// edit {version}\n"))
    await client.wait_for(verification_done(client, 2), what="the verification of the last edit")
    after = client.publications(uri)[before:]
    assert after, "nothing was published after the edits"
    assert {p.version for p in after} == {6}
    assert list(after[-1].diagnostics) == []
    # The edits came within the pause: only one verification started after them.
    assert len(client.progress_reports) == 2


@pytest.mark.parametrize("client", [{"verifyOn": "never"}], indirect=True)
async def test_verify_never_runs_only_the_fast_checks(client, tmp_path):
    uri = uri_of(tmp_path, BROKEN)
    open_doc(client, uri, example(BROKEN))
    p = await client.wait_for(lambda: next(iter(client.publications(uri)), None), what="the fast check")
    assert list(p.diagnostics) == []                  # the barrier error needs the solver

    bad = example(BROKEN).replace("b[tid] = a[(tid + 1) % gsize];", "b[tid] = c[tid];")
    replace_all(client, uri, bad, 2)
    p = await client.wait_for(lambda: next((p for p in client.publications(uri) if p.version == 2), None),
                              what="the fast check of version 2")
    assert codes(p) == ["type.unknown-name"]
    assert p.diagnostics[0].range == range_at(bad, bad.index("c[tid]"), 1)
    save(client, uri)
    # A request answered after the save shows that nothing else was started.
    await client.text_document_code_lens_async(types.CodeLensParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    assert client.progress_reports == {}
    assert all(p.version in (1, 2) for p in client.publications(uri))


async def test_save_with_a_syntax_error_keeps_the_outline_and_reports_the_error(client, tmp_path):
    uri = uri_of(tmp_path, DEMO)
    text = example(DEMO)
    open_doc(client, uri, text)
    await client.wait_for(verification_done(client), what="the verification on open")
    broken = text.replace("a[tid] = tid;", "a[tid] = ;")
    replace_all(client, uri, broken, 2)
    save(client, uri)
    p = await client.wait_for(lambda: next((p for p in client.publications(uri) if p.version == 2), None),
                              what="the fast check of version 2")
    assert codes(p)[0] == "syntax.unexpected-token"
    assert p.diagnostics[0].range == range_at(broken, broken.index("a[tid] = ;") + len("a[tid] = "), 1)


async def test_settings_pushed_by_the_client_are_followed(pushing_client, tmp_path):
    """A client without workspace/configuration pushes its settings with
    workspace/didChangeConfiguration; `verifyOn: never` then means no verification."""
    client = pushing_client
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={"vercorsPy": {"verifyOn": "never"}}))
    uri = uri_of(tmp_path, BROKEN)
    open_doc(client, uri, example(BROKEN))
    p = await client.wait_for(lambda: next(iter(client.publications(uri)), None), what="the fast check")
    assert list(p.diagnostics) == []
    save(client, uri)
    await client.text_document_code_lens_async(types.CodeLensParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    assert client.progress_reports == {}

    # Pushed again, as "save": the next save verifies.
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={"vercorsPy": {"verifyOn": "save"}}))
    save(client, uri)
    await client.wait_for(verification_done(client), what="the verification on save")
    assert "barrier.functional" in codes(client.publications(uri)[-1])


HOST_FACTS = (pathlib.Path(__file__).resolve().parents[1] / "data" / "hostfacts" / "modulo-width.pvl").read_text()


@pytest.mark.parametrize("client", [{"assume": ["width >= tcount"]}], indirect=True)
async def test_host_facts_from_the_settings_are_the_kernels_facts(client, tmp_path):
    uri = uri_of(tmp_path, "modulo-width.pvl")
    open_doc(client, uri, HOST_FACTS)
    await client.wait_for(verification_done(client), what="the verification on open")
    assert codes(client.publications(uri)[-1]) == []


async def test_host_facts_pushed_later_make_the_documents_anew(pushing_client, tmp_path):
    client = pushing_client
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings={"vercorsPy": {}}))
    uri = uri_of(tmp_path, "modulo-width.pvl")
    open_doc(client, uri, HOST_FACTS)
    await client.wait_for(verification_done(client), what="the verification on open")
    assert codes(client.publications(uri)[-1]) == ["injectivity.quantified"]
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={"vercorsPy": {"assume": ["width >= tcount"]}}))
    await client.wait_for(verification_done(client, 2), what="the verification with the host fact")
    assert codes(client.publications(uri)[-1]) == []
    # A fact that names nothing: an error of the fast checks, about the fact.
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={"vercorsPy": {"assume": ["widht >= tcount"]}}))
    p = await client.wait_for(lambda: next((p for p in client.publications(uri)[::-1]
                                            if codes(p) == ["type.unknown-name"]), None), what="the wrong fact")
    assert "(in --assume 'widht >= tcount')" in p.diagnostics[0].message


DIVERGENCE = pathlib.Path(__file__).resolve().parents[1] / "data" / "divergence"


@pytest.mark.parametrize("name, divergent", [("decided-by-context-ok.pvl", False), ("decided-by-context.pvl", True)])
async def test_the_editor_decides_uniformity_as_check_does(client, tmp_path, name, divergent):
    """A condition the lock-step rule calls non-uniform, uniform under the kernel's facts:
    the editor's verification asks the solver as `check` does (service.uniformity_decided),
    and still reports the twin whose fact lets a group split."""
    uri = uri_of(tmp_path, name)
    open_doc(client, uri, (DIVERGENCE / name).read_text(encoding="utf-8"))
    await client.wait_for(verification_done(client), what="the verification on open")
    last = client.publications(uri)[-1]
    assert any(c.startswith("divergence.") for c in codes(last)) == divergent, codes(last)
