"""CUDA (.cu, .cuh) and OpenCL (.cl) documents through the real server: the C front end
reads them (vercors_py/frontend.py), and everything the server does for a .pvl document
it does for them, with positions in the C file, inside `/*@ ... @*/` annotations too."""
from __future__ import annotations

import asyncio
import pathlib

import pytest
from lsprotocol import types

from .helpers import EXAMPLES, open_doc, range_at, range_of, save, uri_of, utf16_position, verification_done
from .test_cancellation import started

# The lenses that act rather than report a status: verify, and draw (docs/pictures.md).
ACTIONS = ("▶ verify", "▦ picture")

pytestmark = pytest.mark.asyncio

CUDA_DEMO = (EXAMPLES / "cuda" / "fig8-demo.cu").read_text(encoding="utf-8")
OPENCL_DEMO = (EXAMPLES / "opencl" / "fig8-demo.cl").read_text(encoding="utf-8")

# the thread's postcondition is wrong: a[tid] is tid, not tid + 1
WRONG_POST = "a[tid] == tid + 1"
BROKEN = f"""/*@
  context_everywhere ngroups == 1;
  context_everywhere \\length(a) == gsize;
  requires Perm(a[tid], write);
  ensures  Perm(a[tid], write) ** {WRONG_POST};
@*/
__global__ void inc(int *a) {{
  a[threadIdx.x] = threadIdx.x;
}}
"""

ATOMIC_CALL = "atomicAdd(&a[threadIdx.x], 1)"
ATOMIC = f"""/*@
  context_everywhere ngroups == 1;
  context_everywhere \\length(a) == gsize;
  requires Perm(a[tid], write);
@*/
__global__ void count(int *a) {{
  __requires({ATOMIC_CALL} == 0);
}}
"""

HARD = """/*@
  context_everywhere ngroups == 1;
@*/
__global__ void hard(int x, int y, int z) {
  /*@ assert x > 0 && y > 0 && z > 0 ==> x * x * x + y * y * y != z * z * z; @*/
}
"""


def doc_id(uri: str) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=uri)


def at(text: str, needle: str, delta: int = 0) -> types.Position:
    return utf16_position(text, text.index(needle) + delta)


async def hover(client, uri, position) -> str | None:
    h = await client.text_document_hover_async(types.HoverParams(text_document=doc_id(uri), position=position))
    return None if h is None else h.contents.value


async def lenses(client, uri) -> list[types.CodeLens]:
    return await client.text_document_code_lens_async(types.CodeLensParams(text_document=doc_id(uri)))


def codes(p: types.PublishDiagnosticsParams) -> list[str]:
    return [d.code for d in p.diagnostics]


async def test_an_error_inside_an_annotation_points_into_the_cuda_file(client, tmp_path):
    uri = uri_of(tmp_path, "inc.cu")
    open_doc(client, uri, BROKEN, language_id="cuda-cpp")
    await client.wait_for(verification_done(client), what="the verification on open")
    last = client.publications(uri)[-1]
    assert last.version == 1
    [d] = last.diagnostics
    assert d.code == "post.failed" and d.severity == types.DiagnosticSeverity.Error
    assert d.range == range_of(BROKEN, WRONG_POST)          # inside the /*@ ... @*/ comment
    assert "counterexample:" in d.message
    assert client.ended()[0].message.startswith("failed")
    # the hover on the failure shows its counterexample
    shown = await hover(client, uri, at(BROKEN, WRONG_POST, delta=2))
    assert "[post.failed]" in shown and "Counterexample" in shown

    # a name that is not declared, in the annotation: the fast checks, at the name
    unknown = BROKEN.replace("requires Perm(a[tid], write);", "requires Perm(a[tid], write) ** n > 0;")
    uri2 = uri_of(tmp_path, "unknown.cu")
    open_doc(client, uri2, unknown, language_id="cuda-cpp")
    p = await client.wait_for(lambda: next(iter(client.publications(uri2)), None), what="the fast checks")
    [d] = p.diagnostics
    assert d.code == "type.unknown-name"
    assert d.range == range_at(unknown, unknown.index("n > 0"), 1)


async def test_an_opencl_kernel_that_verifies_has_no_errors_after_save(client, tmp_path):
    uri = uri_of(tmp_path, "fig8-demo.cl")
    open_doc(client, uri, OPENCL_DEMO, language_id="opencl")
    await client.wait_for(verification_done(client), what="the verification on open")
    assert client.ended()[0].message.startswith("verified")
    save(client, uri)
    await client.wait_for(verification_done(client, 2), what="the verification on save")
    assert client.ended()[1].message.startswith("verified")
    publications = client.publications(uri)
    assert publications and all(list(p.diagnostics) == [] for p in publications)
    assert publications[-1].version == 1


async def test_an_atomic_operation_is_unsupported_at_the_call(client, tmp_path):
    uri = uri_of(tmp_path, "count.cu")
    open_doc(client, uri, ATOMIC, language_id="cuda-cpp")
    p = await client.wait_for(lambda: next(iter(client.publications(uri)), None), what="the fast checks")
    [d] = p.diagnostics
    assert d.code == "unsupported.atomic" and d.severity == types.DiagnosticSeverity.Error
    assert d.range == range_of(ATOMIC, ATOMIC_CALL)
    assert d.code_description.href.endswith("#unsupportedatomic")
    # a rejected file has no verdict to show: no lenses, nothing verified
    assert not await lenses(client, uri)


async def test_code_lenses_above_a_cuda_kernel_and_its_barrier(client, tmp_path):
    uri = uri_of(tmp_path, "fig8-demo.cu")
    open_doc(client, uri, CUDA_DEMO, language_id="cuda-cpp")
    await client.wait_for(verification_done(client), what="the verification on open")
    assert list(client.publications(uri)[-1].diagnostics) == []
    found = await lenses(client, uri)
    titles = {(lens.range.start.line, lens.command.title) for lens in found}
    kernel = at(CUDA_DEMO, "demo(")
    barrier = at(CUDA_DEMO, "__syncthreads();")
    status = {line: title for line, title in titles if title not in ACTIONS}
    assert status[kernel.line].startswith("✓ verified ")
    assert status[barrier.line].startswith("✓ verified ")
    assert {(lens.range.start.line, lens.range.start.character) for lens in found} == {
        (kernel.line, kernel.character), (barrier.line, barrier.character)}
    verify = [lens.command for lens in found if lens.command.title == "▶ verify"]
    assert [list(v.arguments) for v in verify] == [[uri, {"kernel": "demo"}],
                                                   [uri, {"kernel": "demo", "barrier": 0}]]
    # the lens's command proves the barrier's obligations again
    result = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="vercorsPy.verify", arguments=[uri, {"kernel": "demo", "barrier": 0}]))
    assert result["verdict"] == "verified" and result["errors"] == 0 and result["proved"]


async def test_hover_definition_and_outline_speak_c(client, tmp_path):
    uri = uri_of(tmp_path, "fig8-demo.cu")
    open_doc(client, uri, CUDA_DEMO, language_id="cuda-cpp")
    await client.wait_for(verification_done(client), what="the verification on open")
    # a built-in: what it is, and its name in annotations
    shown = await hover(client, uri, at(CUDA_DEMO, "threadIdx.x"))
    assert "```cuda-cpp\nthreadIdx.x\n```" in shown and "`lid` in annotations" in shown
    # a reserved name in an annotation, in CUDA's terms
    shown = await hover(client, uri, at(CUDA_DEMO, "gsize"))
    assert "`blockDim.x` in the code" in shown
    # an array parameter: its C declaration
    shown = await hover(client, uri, at(CUDA_DEMO, "a[threadIdx.x]"))
    assert "int *a" in shown and "global memory" in shown
    # the kernel's name: its status, not what the front end put there (the launch facts)
    shown = await hover(client, uri, at(CUDA_DEMO, "demo("))
    assert shown.startswith("**kernel demo: ✓ verified") and "gsize" not in shown.split("\n")[0]
    # the barrier: its obligations
    shown = await hover(client, uri, at(CUDA_DEMO, "__syncthreads();"))
    assert "demo/barrier@" in shown and "✓ verified" in shown
    # go to definition: from a use in the body to the parameter; nothing for a built-in
    loc = await client.text_document_definition_async(types.DefinitionParams(
        text_document=doc_id(uri), position=at(CUDA_DEMO, "b[threadIdx.x]")))
    assert loc.range.start == at(CUDA_DEMO, "*b", delta=1)
    assert await client.text_document_definition_async(types.DefinitionParams(
        text_document=doc_id(uri), position=at(CUDA_DEMO, "threadIdx.x"))) is None
    # the outline: the kernel with its memory and its barrier, no `main`
    [kernel] = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=doc_id(uri)))
    assert kernel.name == "demo" and kernel.selection_range.start == at(CUDA_DEMO, "demo(")
    assert [c.name for c in kernel.children] == ["a", "b", "__syncthreads()"]
    assert kernel.children[2].range.start == at(CUDA_DEMO, "__syncthreads();")


TWO_D = (pathlib.Path(__file__).resolve().parents[1] / "data" / "cuda" / "two-dim-symbolic.cu").read_text(encoding="utf-8")


async def test_hover_names_the_components_of_a_kernel_of_two_dimensions(client, tmp_path):
    uri = uri_of(tmp_path, "two-dim.cu")
    open_doc(client, uri, TWO_D, language_id="cuda-cpp")
    await client.wait_for(verification_done(client), what="the verification on open")
    shown = await hover(client, uri, at(TWO_D, "threadIdx.y * blockDim.x + threadIdx.x] = threadIdx.x"))
    assert "```cuda-cpp\nthreadIdx.y\n```" in shown and "`lid.y` in annotations" in shown
    assert "along y" in shown
    shown = await hover(client, uri, at(TWO_D, "lid.y * gsize.x"))
    assert "`threadIdx.y` in the code" in shown


async def test_an_untitled_document_is_read_as_its_language_id_says(client):
    uri = "untitled:Untitled-1"
    open_doc(client, uri, ATOMIC, language_id="cuda-cpp")
    p = await client.wait_for(lambda: next(iter(client.publications(uri)), None), what="the fast checks")
    assert codes(p) == ["unsupported.atomic"]


async def test_a_header_without_kernels_has_nothing_to_say(client, tmp_path):
    uri = uri_of(tmp_path, "helpers.cuh")
    header = "__device__ int twice(int x) {\n  return 2 * x;\n}\n"
    open_doc(client, uri, header, language_id="cuda-cpp")
    p = await client.wait_for(lambda: next(iter(client.publications(uri)), None), what="the fast checks")
    assert list(p.diagnostics) == []
    assert not await lenses(client, uri)
    assert await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=doc_id(uri))) in ([], (), None)
    assert await hover(client, uri, types.Position(line=0, character=16)) is None


@pytest.mark.parametrize("client", [{"timeout": 120}], indirect=True)
async def test_the_stop_command_stops_a_cuda_verification(client, tmp_path):
    uri = uri_of(tmp_path, "hard.cu")
    open_doc(client, uri, HARD, language_id="cuda-cpp")
    await started(client, 1)
    assert client.progress_reports and "hard.cu" in str(list(client.progress_reports.values())[0][0].title)
    result = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="vercorsPy.stopVerification", arguments=[uri]))
    assert result == {"stopped": 1}
    await client.wait_for(verification_done(client), timeout=20, what="the stopped verification to end")
    assert client.ended()[0].message == "cancelled"
    await asyncio.sleep(0.2)
    assert all(codes(p) == [] for p in client.publications(uri))
