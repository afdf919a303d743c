"""What running a failure's counterexample showed is kept with the failure's result in
the obligation cache: verifying a text again whose results all come from the cache runs
nothing, and publishes what the first verification published."""
from __future__ import annotations

import pytest
from lsprotocol import types

from .helpers import example, open_doc, save, uri_of, verification_done

pytestmark = pytest.mark.asyncio


async def verify(client, uri: str) -> dict:
    return await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="vercorsPy.verify", arguments=[uri]))


def shown(client, uri: str) -> list:
    return [(d.code, d.range, d.message, [(r.location.range, r.message) for r in d.related_information or ()])
            for d in client.publications(uri)[-1].diagnostics]


async def test_a_save_with_nothing_changed_replays_nothing_and_publishes_the_same(client, tmp_path):
    uri = uri_of(tmp_path, "race.pvl")
    open_doc(client, uri, example("seed004-fig8-no-barrier.pvl"))
    await client.wait_for(verification_done(client), timeout=60, what="the verification on open")
    first = shown(client, uri)
    # the run's report is part of what is published: the other thread's access
    assert any(message.startswith("when run at gsize = 2") for _, _, _, related in first for _, message in related)

    save(client, uri)
    await client.wait_for(verification_done(client, 2), timeout=60, what="the verification on save")
    assert shown(client, uri) == first

    answer = await verify(client, uri)
    assert (answer["proved"], answer["replayed"]) == ([], 0)
    assert shown(client, uri) == first


@pytest.mark.parametrize("client", [{"verifyOn": "never"}], indirect=True)
async def test_the_first_verification_runs_the_failure_and_an_edit_elsewhere_keeps_the_run(client, tmp_path):
    uri = uri_of(tmp_path, "race.pvl")
    text = example("seed004-fig8-no-barrier.pvl")
    open_doc(client, uri, text)
    answer = await verify(client, uri)
    assert answer["replayed"] == 1
    first = shown(client, uri)
    # Text added below the kernel moves nothing the run read: the run is kept.
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text + "\n// below\n")]))
    assert (await verify(client, uri))["replayed"] == 0
    assert shown(client, uri) == first
    # Text added above it moves the places the run reports: it runs again.
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=3),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text="// above\n" + text + "\n// below\n")]))
    assert (await verify(client, uri))["replayed"] == 1
    moved = shown(client, uri)
    assert [r.start.line for _, r, _, _ in moved] == [r.start.line + 1 for _, r, _, _ in first]
