"""The picture of a kernel in the editor (docs/pictures.md, docs/editor.md): a `▦ picture`
lens on each kernel runs `vercorsPy.picture`, which draws the document's text as it is,
writes the SVG outside the user's tree and answers with its URI; a client that can show
documents is asked to open it."""
from __future__ import annotations

import pathlib
import sys
import xml.etree.ElementTree as ET

import attrs
import pytest
import pytest_lsp
from lsprotocol import types
from pygls.uris import to_fs_path
from pytest_lsp import ClientServerConfig

from .conftest import CAPABILITIES, Client, _make_client
from .helpers import example, open_doc, uri_of, verification_done

pytestmark = pytest.mark.asyncio

RACY = example("tutorial/03-barriers/shift-left-no-barrier.pvl")
SHOWING = attrs.evolve(CAPABILITIES, window=types.WindowClientCapabilities(
    work_done_progress=True, show_document=types.ShowDocumentClientCapabilities(support=True)))


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "vercors_py", "lsp"],
                                              client_factory=_make_client))
async def showing_client(lsp_client: Client):
    await lsp_client.initialize_session(types.InitializeParams(capabilities=SHOWING))
    yield
    await lsp_client.shutdown_session()


async def picture(client, *arguments):
    return await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="vercorsPy.picture", arguments=list(arguments)))


async def test_a_picture_lens_on_each_kernel_draws_it_outside_the_users_tree(client, tmp_path):
    uri = uri_of(tmp_path, "shift.pvl")
    open_doc(client, uri, RACY)
    await client.wait_for(verification_done(client), what="the verification on open")
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    [lens] = [lens for lens in lenses if lens.command.command == "vercorsPy.picture"]
    assert lens.command.title == "▦ picture" and list(lens.command.arguments) == [uri, "shift_left"]
    assert lens.range.start.line == RACY.splitlines().index("kernel shift_left {")
    answer = await picture(client, *lens.command.arguments, {"ngroups": 1})
    assert answer["verdict"] == "problems" and answer["launch"] == "kernel shift_left, gsize = 4, ngroups = 1"
    assert any("race on a[3] in interval 0" in line for line in answer["problems"])
    path = pathlib.Path(to_fs_path(answer["uri"]))
    assert path.is_file() and tmp_path not in path.parents and list(tmp_path.iterdir()) == []
    squares = [r for r in ET.parse(path).getroot().iter("{http://www.w3.org/2000/svg}rect")
               if r.get("class") == "square"]
    marked = {(r.get("data-thread").split()[1], r.get("data-cell")) for r in squares if r.get("data-problems")}
    assert {("2", "a[3]"), ("3", "a[3]")} <= marked
    assert client.shown_documents == []             # this client cannot show documents


async def test_a_client_that_shows_documents_is_asked_to_open_it(showing_client, tmp_path):
    client = showing_client
    uri = uri_of(tmp_path, "shift.pvl")
    open_doc(client, uri, example("tutorial/03-barriers/shift-left.pvl"))
    await client.wait_for(verification_done(client), what="the verification on open")
    answer = await picture(client, uri)
    assert answer["verdict"] == "clean" and answer["problems"] == []
    assert [d.uri for d in client.shown_documents] == [answer["uri"]] and client.shown_documents[0].external


async def test_what_cannot_be_drawn_says_why(client, tmp_path):
    uri = uri_of(tmp_path, "shift.pvl")
    open_doc(client, uri, RACY)
    await client.wait_for(verification_done(client), what="the verification on open")
    answer = await picture(client, uri, "nope")
    assert answer["uri"] is None and "has no kernel `nope`" in answer["message"]
    answer = await picture(client, uri, "shift_left", {"gsize": 64})
    assert answer["uri"] is None and answer["verdict"] == "not drawn" and "more than the 32" in answer["message"]
