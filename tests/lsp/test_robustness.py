"""Whatever a client sends, the server answers requests (with an error if need be) and
stays alive."""
from __future__ import annotations

import asyncio
import concurrent.futures
import itertools
import json

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException

from .helpers import DATA, open_doc, uri_of, verification_done

pytestmark = pytest.mark.asyncio

NAV = (DATA / "nav.pvl").read_text(encoding="utf-8")


_ids = itertools.count(1)


async def raw_request(client, method: str, params):
    """Send a request exactly as given (the client's own methods would refuse to)."""
    msg_id = f"raw-{next(_ids)}"
    future = concurrent.futures.Future()
    client.protocol._request_futures[msg_id] = future
    message = {"jsonrpc": "2.0", "id": msg_id, "method": method}
    if params is not None:
        message["params"] = params
    send_raw(client, json.dumps(message))
    return await asyncio.wait_for(asyncio.wrap_future(future), 10)


def send_raw(client, body: str) -> None:
    data = body.encode("utf-8")
    client._server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(data) + data)


async def still_alive(client, uri):
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    assert [s.name for s in symbols] == ["half", "nav"]


async def test_malformed_requests_get_error_responses(client, tmp_path):
    uri = uri_of(tmp_path, "nav.pvl")
    open_doc(client, uri, NAV)
    await client.wait_for(verification_done(client), what="the verification on open")

    bad_params = [
        ("textDocument/hover", {"textDocument": {"uri": uri}}),                    # no position
        ("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": "x", "character": 0}}),
        ("textDocument/definition", {"position": {"line": 0, "character": 0}}),   # no document
        ("textDocument/codeLens", None),
        ("textDocument/documentSymbol", [1, 2, 3]),
        ("workspace/executeCommand", {"command": "vercorsPy.verify", "arguments": [42]}),
        ("workspace/executeCommand", {"command": "vercorsPy.verify", "arguments": []}),
        ("workspace/executeCommand", {"command": "no.such.command"}),
        ("no/suchMethod", {}),
    ]
    for method, params in bad_params:
        with pytest.raises(JsonRpcException):
            await raw_request(client, method, params)
        await still_alive(client, uri)


async def test_requests_about_unknown_documents_get_error_responses(client, tmp_path):
    uri = uri_of(tmp_path, "nav.pvl")
    open_doc(client, uri, NAV)
    other = uri_of(tmp_path, "never-opened.pvl")
    position = types.Position(line=0, character=0)
    requests = [
        client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=other), position=position)),
        client.text_document_definition_async(types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=other), position=position)),
        client.text_document_code_lens_async(types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=other))),
        client.workspace_execute_command_async(types.ExecuteCommandParams(command="vercorsPy.verify",
                                                                          arguments=[other])),
    ]
    for request in requests:
        with pytest.raises(JsonRpcException, match="not open"):
            await request
    # notifications about unknown documents are ignored
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=other, version=3),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text="kernel k {}")]))
    client.text_document_did_save(types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=other)))
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=other)))
    await still_alive(client, uri)


async def test_positions_outside_the_text_and_garbage_on_the_wire(client, tmp_path):
    uri = uri_of(tmp_path, "nav.pvl")
    open_doc(client, uri, NAV)
    await client.wait_for(verification_done(client), what="the verification on open")
    for line, character in [(10_000, 0), (0, 10_000), (2**31 - 1, 2**31 - 1)]:
        h = await client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=character)))
        assert h is None
    # bytes that are not JSON, between two messages
    send_raw(client, "{not json")
    send_raw(client, '{"jsonrpc": "2.0", "id": 7}')
    await still_alive(client, uri)


async def test_closing_clears_diagnostics_and_forgets_the_document(client, tmp_path):
    uri = uri_of(tmp_path, "broken.pvl")
    open_doc(client, uri, "kernel k { void main() { int x = y; } }\n")
    await client.wait_for(lambda: client.publications(uri), what="the fast check")
    assert [d.code for d in client.publications(uri)[-1].diagnostics] == ["type.unknown-name"]
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    await client.wait_for(lambda: not client.publications(uri)[-1].diagnostics, what="the diagnostics to clear")
    with pytest.raises(JsonRpcException, match="not open"):
        await client.text_document_code_lens_async(types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri)))
