"""Requests that need the obligations' verdicts (code lenses, a hover on a kernel's name)
work them out in a worker thread, so a hover on a name, sent behind them, is answered
first; and a server with nothing to do uses no CPU.  (How long each takes is measured by
bench/lsp_latency.py, not asserted here.)"""
from __future__ import annotations

import asyncio
import os
import pathlib

import pytest
from lsprotocol import types

from .helpers import many_kernels, open_doc, uri_of, verification_done

pytestmark = pytest.mark.asyncio

# 150 kernels: about 600 obligations, whose generation and fingerprints take a few
# tenths of a second, against a millisecond for a hover.
LARGE = many_kernels(150)


async def test_a_hover_behind_a_code_lens_request_is_answered_first(client, tmp_path):
    uri = uri_of(tmp_path, "large.pvl")
    open_doc(client, uri, LARGE)
    await client.wait_for(lambda: client.publications(uri), what="the fast checks")
    ident = types.TextDocumentIdentifier(uri=uri)
    finished: list[str] = []

    async def request(name, coro):
        result = await coro
        finished.append(name)
        return result

    lenses, hover = await asyncio.gather(
        request("lens", client.text_document_code_lens_async(types.CodeLensParams(text_document=ident))),
        request("hover", client.text_document_hover_async(types.HoverParams(
            text_document=ident, position=types.Position(line=3, character=len("  requires Perm("))))))
    assert finished == ["hover", "lens"]
    assert "a" in hover.contents.value and "global" in hover.contents.value
    # status and verify, for each kernel and barrier, and a picture for each kernel
    assert len(lenses) == 2 * 2 * 150 + 150


def _cpu_seconds(pid: int) -> float:
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.mark.skipif(not pathlib.Path("/proc/self/stat").exists(), reason="reads /proc")
async def test_an_idle_server_uses_no_cpu(client, tmp_path):
    uri = uri_of(tmp_path, "small.pvl")
    open_doc(client, uri, LARGE.split("\nkernel k1 ")[0])
    await client.wait_for(verification_done(client), timeout=60, what="the verification")
    pid = client._server.pid
    await asyncio.sleep(0.5)
    before = _cpu_seconds(pid)
    await asyncio.sleep(2.0)
    # Clock ticks are 10 ms: one or two may come from the operating system's accounting.
    assert _cpu_seconds(pid) - before <= 0.02
