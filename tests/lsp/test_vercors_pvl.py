"""A VerCors PVL document through the real language server: read by its front end
(its text says so), verified, and its errors placed in the VerCors file."""
from __future__ import annotations

import pathlib

import pytest
from lsprotocol import types

from .helpers import open_doc, range_of, uri_of, verification_done

pytestmark = pytest.mark.asyncio

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "vercors_pvl"
FRAME = (DATA / "frame-ok.pvl").read_text(encoding="utf-8")
WRONG = (DATA / "frame-kept-handed-wrong.pvl").read_text(encoding="utf-8")


async def test_a_vercors_file_verifies_in_the_editor(client, tmp_path):
    uri = uri_of(tmp_path, "frame-ok.pvl")
    open_doc(client, uri, FRAME)
    await client.wait_for(verification_done(client), what="the verification on open")
    assert client.ended()[0].message.startswith("verified")
    assert all(list(p.diagnostics) == [] for p in client.publications(uri))


async def test_its_failure_is_placed_in_the_vercors_file(client, tmp_path):
    uri = uri_of(tmp_path, "wrong.pvl")
    open_doc(client, uri, WRONG)
    await client.wait_for(verification_done(client), what="the verification on open")
    found = {d.code: d for d in client.publications(uri)[-1].diagnostics}
    assert found["barrier.resources"].range == range_of(WRONG, "Perm(b[t - 1], 1\\2)")
    assert found["barrier.resources"].severity == types.DiagnosticSeverity.Error
