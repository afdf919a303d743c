"""The code action "Insert inferred contract" (docs/infer.md) through the real server: on
a kernel without a contract it rewrites the document to what `vercors-py infer` prints,
and the result verifies; elsewhere there is none."""
from __future__ import annotations

import pathlib

import pytest
from lsprotocol import types

from vercors_py import service

from .helpers import example, open_doc, replace_all, save, uri_of, utf16_position, verification_done

pytestmark = pytest.mark.asyncio

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "protocols"
BARE = (DATA / "barrier-race-free.pvl").read_text(encoding="utf-8")


async def actions(client, uri, text, needle):
    at = utf16_position(text, text.index(needle))
    return await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=types.Range(start=at, end=at),
        context=types.CodeActionContext(diagnostics=[])))


async def test_the_action_writes_the_inferred_contract_and_it_verifies(client, tmp_path):
    uri = uri_of(tmp_path, "bare.pvl")
    open_doc(client, uri, BARE)
    await client.wait_for(verification_done(client), what="the verification on open")
    [action] = await actions(client, uri, BARE, "kernel K")
    assert action.title == "Insert inferred contract of kernel K"
    [edit] = action.edit.changes[uri]
    assert edit.new_text == service.infer_text(BARE, "bare.pvl").text
    replace_all(client, uri, edit.new_text, version=2)
    save(client, uri)
    await client.wait_for(verification_done(client, 2), what="the verification of the edited text")
    assert client.ended()[1].message.startswith("verified"), client.ended()[1].message


async def test_no_action_on_a_kernel_with_a_contract(client, tmp_path):
    uri = uri_of(tmp_path, "demo.pvl")
    text = example("seed004-fig8-demo.pvl")
    open_doc(client, uri, text)
    await client.wait_for(verification_done(client), what="the verification on open")
    assert not await actions(client, uri, text, "kernel ")


async def test_on_an_opencl_kernel_the_action_writes_annotation_comments(client, tmp_path):
    text = (DATA / "shared-neighbour-race-free.cl").read_text(encoding="utf-8")
    uri = uri_of(tmp_path, "shift.cl")
    open_doc(client, uri, text)
    await client.wait_for(verification_done(client), what="the verification on open")
    [action] = await actions(client, uri, text, "__kernel void shift")
    [edit] = action.edit.changes[uri]
    assert "/*@" in edit.new_text and edit.new_text == service.infer_text(text, "shift.cl").text
    replace_all(client, uri, edit.new_text, version=2)
    save(client, uri)
    await client.wait_for(verification_done(client, 2), what="the verification of the edited text")
    assert client.ended()[1].message.startswith("verified"), client.ended()[1].message
