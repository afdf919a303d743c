"""Hover, definition, document symbols, code lenses and the verify command."""
from __future__ import annotations

import pytest
import pytest_asyncio
from lsprotocol import types

from .helpers import DATA, example, open_doc, replace_all, save, uri_of, utf16_position, verification_done

# The lenses that act rather than report a status: verify, and draw (docs/pictures.md).
ACTIONS = ("▶ verify", "▦ picture")

pytestmark = pytest.mark.asyncio

NAV = (DATA / "nav.pvl").read_text(encoding="utf-8")


def doc_id(uri: str) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=uri)


def at(text: str, needle: str, occurrence: int = 0, delta: int = 0) -> types.Position:
    offset = -1
    for _ in range(occurrence + 1):
        offset = text.index(needle, offset + 1)
    return utf16_position(text, offset + delta)


async def hover(client, uri, position) -> str | None:
    h = await client.text_document_hover_async(types.HoverParams(text_document=doc_id(uri), position=position))
    return None if h is None else h.contents.value


async def definition(client, uri, position):
    return await client.text_document_definition_async(types.DefinitionParams(
        text_document=doc_id(uri), position=position))


async def lenses(client, uri) -> list[types.CodeLens]:
    return await client.text_document_code_lens_async(types.CodeLensParams(text_document=doc_id(uri)))


@pytest_asyncio.fixture
async def nav(client, tmp_path):
    uri = uri_of(tmp_path, "nav.pvl")
    open_doc(client, uri, NAV)
    await client.wait_for(verification_done(client), what="the verification on open")
    return uri


async def test_hover_on_names_shows_declaration_and_type(client, nav):
    text = await hover(client, nav, at(NAV, "put(tid, x)", delta=len("put(tid, ")))
    assert "int x" in text and "local variable" in text and "type `int`" in text
    assert "declared at line 20" in text
    text = await hover(client, nav, at(NAV, "half(2 * tid)"))
    assert "requires n >= 0;\npure int half(int n)" in text and "pure function" in text
    text = await hover(client, nav, at(NAV, "put(tid"))
    assert "void put(int i, int v)" in text and "ensures  Perm(a[i], write)" not in text
    assert "ensures Perm(a[i], write) ** a[i] == v;" in text
    text = await hover(client, nav, at(NAV, "a[tid]"))
    assert "global int[gsize] a" in text and "element type `int`" in text
    text = await hover(client, nav, at(NAV, "lid]"))
    assert "reserved" in text and "work group" in text
    assert await hover(client, nav, types.Position(line=0, character=3)) is None     # a comment


async def test_hover_on_a_barrier_shows_its_obligations_and_verdicts(client, nav):
    text = await hover(client, nav, at(NAV, "barrier(local)"))
    for name in ("nav/barrier@23/resources", "nav/barrier@23/functional", "nav/framing:barrier@23"):
        assert f"**{name}** — ✓ verified" in text
    assert "requires (\\forall int lid; 0 <= lid && lid < gsize;" in text


async def test_definition_of_variables_arrays_functions_procedures(client, nav):
    cases = [
        (at(NAV, "put(tid, x)", delta=len("put(tid, ")),
         types.Range(start=at(NAV, "int x", delta=4), end=at(NAV, "int x", delta=5))),
        (at(NAV, "put(tid"), types.Range(start=at(NAV, "put(int"), end=at(NAV, "put(int", delta=3))),
        (at(NAV, "half(2 * tid)"), types.Range(start=at(NAV, "half(int"), end=at(NAV, "half(int", delta=4))),
        (at(NAV, "a[tid] == half"), types.Range(start=at(NAV, "] a;", delta=2), end=at(NAV, "] a;", delta=3))),
        (at(NAV, "a[i] = v", delta=2), types.Range(start=at(NAV, "int i,", delta=4), end=at(NAV, "int i,", delta=5))),
    ]
    for position, expected in cases:
        loc = await definition(client, nav, position)
        assert loc is not None and loc.uri == nav
        assert loc.range == expected, position
    assert await definition(client, nav, at(NAV, "gsize]")) is None      # reserved: declared nowhere


async def test_document_symbols(client, nav):
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=doc_id(nav)))
    assert [(s.name, s.kind) for s in symbols] == [("half", types.SymbolKind.Function),
                                                   ("nav", types.SymbolKind.Class)]
    kernel = symbols[1]
    assert [(c.name, c.kind) for c in kernel.children] == [
        ("a", types.SymbolKind.Array), ("s", types.SymbolKind.Array),
        ("put", types.SymbolKind.Method), ("main", types.SymbolKind.Method)]
    [barrier] = kernel.children[3].children
    assert barrier.name == "barrier(local)" and barrier.kind == types.SymbolKind.Event
    assert barrier.range.start == at(NAV, "barrier(local)")


async def test_code_lenses_show_status_and_verify(client, nav):
    found = await lenses(client, nav)
    titles = [(lens.range.start.line, lens.command.title) for lens in found]
    kernel_line, barrier_line = at(NAV, "nav {").line, at(NAV, "barrier(local)").line
    assert [t for line, t in titles if line == kernel_line][0].startswith("✓ verified ")
    assert [t for line, t in titles if line == barrier_line][0].startswith("✓ verified ")
    verify = [lens.command for lens in found if lens.command.title == "▶ verify"]
    assert len(verify) == 4 and verify[0].command == "vercorsPy.verify"
    assert list(verify[1].arguments) == [nav, {"kernel": "nav", "barrier": 0}]
    # the pure function and the procedure have their own, at their names
    for needle, name in (("half(int", "function:half"), ("put(int", "nav/procedure:put")):
        [title] = [t for line, t in titles if line == at(NAV, needle).line and t != "▶ verify"]
        assert title.startswith("✓ verified ")
        assert [v.arguments for v in verify if v.arguments[1] == {"obligation": name}]


async def test_a_procedure_lens_counts_its_errors_and_reproves_it(client, tmp_path):
    uri = uri_of(tmp_path, "nav.pvl")
    text = NAV.replace("    a[i] = v;\n", "    a[i] = v + 1;\n")
    open_doc(client, uri, text)
    await client.wait_for(verification_done(client), what="the verification on open")
    titles = {lens.range.start.line: lens.command.title for lens in await lenses(client, uri)
              if lens.command.title not in ACTIONS}
    assert titles[at(text, "put(int").line] == "✗ 1 error"
    assert titles[at(text, "half(int").line].startswith("✓ verified ")
    result = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="vercorsPy.verify", arguments=[uri, {"obligation": "nav/procedure:put"}]))
    assert result["proved"] == ["nav/procedure:put"] and result["errors"] == 1


async def test_code_lens_counts_errors(client, tmp_path):
    uri = uri_of(tmp_path, "broken.pvl")
    text = example("seed004-fig8-wrong-barrier-post.pvl")
    open_doc(client, uri, text)
    await client.wait_for(verification_done(client), what="the verification on open")
    titles = {lens.range.start.line: lens.command.title for lens in await lenses(client, uri)
              if lens.command.title not in ACTIONS}
    assert titles[at(text, "demo {").line] == "✗ 1 error"
    assert titles[at(text, "barrier(global)").line] == "✗ 1 error"


async def test_verify_command_reproves_a_scope(client, nav):
    result = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="vercorsPy.verify", arguments=[nav, {"kernel": "nav", "barrier": 0}]))
    assert result["verdict"] == "verified" and result["errors"] == 0 and result["version"] == 1
    # the barrier's three obligations were proved again, the rest came from the cache
    assert sorted(result["proved"]) == ["nav/barrier@23/functional", "nav/barrier@23/resources",
                                        "nav/framing:barrier@23"]
    reports = list(client.progress_reports.values())[-1]
    assert reports[-1].message.startswith("verified")
    assert any(getattr(r, "message", None) == "13/13 obligations" for r in reports)
    # the whole kernel, then the file without a scope (everything cached: nothing proved)
    result = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="vercorsPy.verify", arguments=[nav, {"kernel": "nav"}]))
    assert len(result["proved"]) == 11          # 13 but the function's obligation and lock-step
    result = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="vercorsPy.verify", arguments=[nav]))
    assert result["proved"] == []


async def test_navigation_works_from_the_last_good_parse(client, nav):
    # A syntax error on a new line above main's body: everything below moves down one line.
    broken = NAV.replace("  void main() {\n", "  void main() {\n    int y = ;\n")
    replace_all(client, nav, broken, 2)
    await client.wait_for(lambda: any(p.version == 2 for p in client.publications(nav)), what="version 2")
    assert client.publications(nav)[-1].diagnostics[0].code.startswith("syntax.")
    text = await hover(client, nav, at(broken, "put(tid, x)", delta=len("put(tid, ")))
    assert "int x" in text
    loc = await definition(client, nav, at(broken, "put(tid, x)", delta=len("put(tid, ")))
    assert loc.range.start == at(broken, "int x", delta=4)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=doc_id(nav)))
    [barrier] = symbols[1].children[3].children
    assert barrier.range.start == at(broken, "barrier(local)")
    titles = [lens.command.title for lens in await lenses(client, nav)]
    assert titles.count("▶ verify") == 4          # kernel, barrier, procedure, function


async def test_hover_on_a_failure_replays_its_counterexample(client, tmp_path):
    text = example("seed004-fig8-no-barrier.pvl")
    uri = uri_of(tmp_path, "race.pvl")
    open_doc(client, uri, text)
    await client.wait_for(verification_done(client), what="the verification on open")
    shown = await hover(client, uri, at(text, "a[(tid + 1) % gsize]", delta=3))
    assert "[perm.read]" in shown and "replay at gsize = 2, ngroups = 1" in shown
    assert "race on a[" in shown and "> step" in shown
    # the counterexample's values, one per line, with where they are from
    assert "Counterexample (before this statement):" in shown
    assert "- `gsize = 2`" in shown and "- `tid = 0`" in shown
    # The published error points at the other thread's access, as the run found it.
    [d] = client.publications(uri)[-1].diagnostics
    others = [r for r in d.related_information if "the other access" in r.message]
    assert [r.location.range.start for r in others] == [at(text, "a[tid] = tid")]
    assert others[0].message.startswith("when run at gsize = 2, ngroups = 1: ")
    # Outside the failure, names still get their own hover.
    assert "global int[gsize] b" in await hover(client, uri, at(text, "b[tid] = a"))


async def test_lenses_follow_the_text_not_the_last_good_check(client, nav):
    """Issue 12: after the text is deleted, or while it does not parse, the lenses of the
    kernel that was checked before are gone; the status lens runs a command."""
    found = await lenses(client, nav)
    assert all(lens.command.command for lens in found)          # no empty command
    replace_all(client, nav, "", 2)
    save(client, nav)
    await client.wait_for(lambda: any(p.version == 2 for p in client.publications(nav)), what="version 2")
    assert list(await lenses(client, nav)) == []
    # While the text does not parse, the lenses of the last good check stay where its
    # kernel is, but claim no verdict for this text.
    replace_all(client, nav, NAV.replace("  void main() {\n", "  void main() {\n    int y = ;\n"), 3)
    await client.wait_for(lambda: any(p.version == 3 for p in client.publications(nav)), what="version 3")
    titles = [lens.command.title for lens in await lenses(client, nav) if lens.command.title not in ACTIONS]
    assert titles and all(t.startswith("○ not checked") for t in titles)
    replace_all(client, nav, NAV, 4)
    await client.wait_for(lambda: any(p.version == 4 for p in client.publications(nav)), what="version 4")
    assert [lens.range.start.line for lens in await lenses(client, nav)][:1] == [at(NAV, "nav {").line]


async def test_hover_on_a_kernel_name_shows_its_status_and_obligations(client, nav):
    text = await hover(client, nav, at(NAV, "nav {"))
    assert text is not None and text.startswith("**kernel nav: ✓ verified")
    assert "`nav/thread — verified`" in text
