"""A long verification is cancelled by an edit, or by the user through the progress UI,
and never blocks requests meanwhile."""
from __future__ import annotations

import asyncio
import time

import pytest
from lsprotocol import types

from .helpers import edit, many_kernels, open_doc, save, uri_of, verification_done

pytestmark = pytest.mark.asyncio

# Fermat for n = 3: Z3's nonlinear integer arithmetic keeps searching until the time
# limit, which the configuration sets to two minutes.
HARD = """kernel hard(int x, int y, int z) {
  context_everywhere ngroups == 1;
  void main() {
    assert x > 0 && y > 0 && z > 0 ==> x * x * x + y * y * y != z * z * z;
  }
}
"""
LONG = {"timeout": 120}


def begun(client) -> list:
    return [token for token, reports in client.progress_reports.items()
            if any(isinstance(r, types.WorkDoneProgressBegin) for r in reports)]


async def started(client, count: int):
    """Wait until the count-th verification is under way (its progress began and it
    reported the start of its obligations)."""
    await client.wait_for(lambda: len(begun(client)) >= count and any(
        isinstance(r, types.WorkDoneProgressReport) for r in client.progress_reports[begun(client)[count - 1]]),
        what=f"verification {count} to start")
    await asyncio.sleep(0.3)          # into the solver's hard check


@pytest.mark.parametrize("client", [LONG], indirect=True)
async def test_an_edit_cancels_the_verification_in_flight(client, tmp_path):
    uri = uri_of(tmp_path, "hard.pvl")
    open_doc(client, uri, HARD)
    await started(client, 1)

    # The event loop is free while the solver works: requests are answered at once.
    t0 = time.monotonic()
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    assert [s.name for s in symbols] == ["hard"]
    assert time.monotonic() - t0 < 2

    t0 = time.monotonic()
    edit(client, uri, 2, ((0, 0), (0, 0), "// an edit\n"))
    await client.wait_for(verification_done(client), timeout=20, what="the cancelled verification to end")
    assert time.monotonic() - t0 < 10
    [end] = client.ended()
    assert end.message == "cancelled"
    await client.wait_for(lambda: any(p.version == 2 for p in client.publications(uri)), what="version 2")
    # nothing from the cancelled run was published: no timeout, no result of version 1 after the edit
    for p in client.publications(uri):
        assert not any(d.code.startswith("timeout") for d in p.diagnostics)


@pytest.mark.parametrize("client", [LONG], indirect=True)
async def test_the_user_cancels_through_work_done_progress(client, tmp_path):
    uri = uri_of(tmp_path, "hard.pvl")
    open_doc(client, uri, HARD)
    await started(client, 1)
    [token] = begun(client)
    t0 = time.monotonic()
    client.window_work_done_progress_cancel(types.WorkDoneProgressCancelParams(token=token))
    await client.wait_for(verification_done(client), timeout=20, what="the cancelled verification to end")
    assert time.monotonic() - t0 < 10
    assert client.ended()[0].message == "cancelled"

    # The server goes on: a save verifies again (and is cancelled again, to end the test quickly).
    save(client, uri)
    await started(client, 2)
    client.window_work_done_progress_cancel(types.WorkDoneProgressCancelParams(token=begun(client)[1]))
    await client.wait_for(verification_done(client, 2), timeout=20, what="the second verification to end")


# Many obligations, each quick: a cancel lands between two checks of the solver, whose
# context then refuses every call ("push canceled"), not inside one check.
MANY = many_kernels(40)


@pytest.mark.parametrize("client", [LONG], indirect=True)
async def test_cancelling_at_once_ends_cancelled_and_publishes_nothing_internal(client, tmp_path):
    uri = uri_of(tmp_path, "many.pvl")
    open_doc(client, uri, MANY)
    await client.wait_for(lambda: len(begun(client)) >= 1, what="the verification to begin")
    client.window_work_done_progress_cancel(types.WorkDoneProgressCancelParams(token=begun(client)[0]))
    await client.wait_for(verification_done(client), timeout=60, what="the cancelled verification to end")
    assert client.ended()[0].message == "cancelled"
    for p in client.publications(uri):
        assert not any(d.code.startswith("internal") for d in p.diagnostics)


FAILING = """kernel wrong {
  global int[gsize] a;
  context_everywhere ngroups == 1;
  requires Perm(a[tid], read);
  void main() {
    a[tid] = 1;
  }
}
"""


@pytest.mark.parametrize("client", [LONG], indirect=True)
async def test_the_stop_command_cancels_and_keeps_what_was_published(client, tmp_path):
    uri = uri_of(tmp_path, "stop.pvl")
    open_doc(client, uri, FAILING)
    await client.wait_for(verification_done(client), timeout=60, what="the first verification")
    assert [d.code for d in client.publications(uri)[-1].diagnostics] == ["perm.write"]

    async def stop(*arguments):
        return await client.workspace_execute_command_async(types.ExecuteCommandParams(
            command="vercorsPy.stopVerification", arguments=list(arguments)))

    assert await stop(uri) == {"stopped": 0}          # nothing runs
    edit(client, uri, 2, ((8, 0), (8, 0), HARD))
    save(client, uri)
    await started(client, 2)
    assert await stop(uri) == {"stopped": 1}
    await client.wait_for(verification_done(client, 2), timeout=20, what="the stopped verification to end")
    assert client.ended()[1].message == "cancelled"
    # the error found before stays (carried over the edit), nothing internal is shown
    last = client.publications(uri)[-1]
    assert last.version == 2 and [d.code for d in last.diagnostics] == ["perm.write"]

    # without a URI: every document's verification; the next save verifies again
    save(client, uri)
    await started(client, 3)
    assert await stop() == {"stopped": 1}
    await client.wait_for(verification_done(client, 3), timeout=20, what="the second stop")
    assert client.ended()[2].message == "cancelled"
    with pytest.raises(Exception, match="not open"):
        await stop((tmp_path / "other.pvl").as_uri())


def slow_replays(count: int) -> str:
    """`count` kernels that each fail with a counterexample whose run takes seconds: the
    loop runs until the interpreter's step limit stops it."""
    return "\n".join(f"""kernel slow{i} {{
  global int[gsize] a;
  context_everywhere ngroups == 1;
  requires Perm(a[tid], read);
  void main() {{
    int i = 0;
    loop_invariant 0 <= i && i <= 100000;
    while (i < 100000) {{
      i = i + 1;
    }}
    a[tid] = i;
  }}
}}""" for i in range(count))


SLOW_REPLAYS = slow_replays(4)


async def proofs_done(client):
    """Wait until the first verification reports all of its obligations done: what
    follows is the replay of its failures."""
    def done() -> bool:
        reports = [r for token in begun(client)[:1] for r in client.progress_reports[token]
                   if isinstance(r, types.WorkDoneProgressReport) and r.message]
        return any(a == b for a, _, b in (r.message.split()[0].partition("/") for r in reports))
    await client.wait_for(done, timeout=60, what="the proofs to be done")


@pytest.mark.parametrize("client", [LONG], indirect=True)
@pytest.mark.parametrize("how", ["command", "progress"])
async def test_a_stop_while_failures_are_replayed_ends_cancelled_and_publishes_nothing(client, tmp_path, how):
    uri = uri_of(tmp_path, "slow.pvl")
    open_doc(client, uri, SLOW_REPLAYS)
    await proofs_done(client)
    published = len(client.publications(uri))
    if how == "command":
        answer = await client.workspace_execute_command_async(types.ExecuteCommandParams(
            command="vercorsPy.stopVerification", arguments=[uri]))
        assert answer == {"stopped": 1}
    else:
        client.window_work_done_progress_cancel(types.WorkDoneProgressCancelParams(token=begun(client)[0]))
    await client.wait_for(verification_done(client), timeout=60, what="the stopped verification to end")
    assert client.ended()[0].message == "cancelled"
    assert len(client.publications(uri)) == published
    assert all(not p.diagnostics for p in client.publications(uri))
