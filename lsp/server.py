"""`vercors-py lsp`: the language server, a thin pygls 2.x adapter.

pygls reads and writes the protocol; session.py decides when to check what; features.py
answers requests; convert.py and positions.py translate diagnostics and positions.  This
module only wires them together, and keeps the process alive whatever a client sends: a
request it cannot read gets an error response, a request about a document that is not
open gets an error response, and a fault in a handler gets an error response (requests)
or a log message (notifications).
"""
from __future__ import annotations

import asyncio
import itertools
import logging
import sys
from importlib import metadata

from lsprotocol import types
from pygls.capabilities import get_capability
from pygls.exceptions import JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.uris import to_fs_path

from vercors_py.source import SourceText

from .convert import to_lsp
from .edits import apply as apply_edits
from .features import STOP_COMMAND, VERIFY_COMMAND, Features
from .languages import analysis_path
from .pictures import PICTURE_COMMAND, draw
from .positions import Positions
from .session import DEBOUNCE, Session, Settings

log = logging.getLogger(__name__)
SECTION = "vercorsPy"


class _Unreadable:
    """A message that could not be read (already answered with an error, if a request)."""
    jsonrpc = None


class Protocol(LanguageServerProtocol):
    def structure_message(self, data):
        try:
            return super().structure_message(data)
        except Exception as exc:
            # pygls would log and drop it, leaving a request without an answer.
            if isinstance(data, dict) and "id" in data and "method" in data:
                method = data.get("method")
                self._send_response(data["id"], error=types.ResponseError(
                    code=JsonRpcInvalidParams.CODE,
                    message=f"cannot read the parameters of {method!r}: {exc.__cause__ or exc}"))
            log.warning("unreadable message: %s", str(data)[:200])
            return _Unreadable()

    def handle_message(self, message):
        if isinstance(message, _Unreadable):
            return None
        return super().handle_message(message)


class PyglsClient:
    """session.Client over a pygls server."""

    def __init__(self, server: "VercorsServer"):
        self.server = server
        self._tokens = itertools.count(1)

    def _capability(self, path: str, default=None):
        caps = getattr(self.server.protocol, "client_capabilities", None)
        return get_capability(caps, path, default) if caps is not None else default

    def publish(self, uri: str, version: int, source: SourceText, diagnostics) -> None:
        if self.server.stopping:
            return
        positions = self.server.positions()
        related = bool(self._capability("text_document.publish_diagnostics.related_information", False))
        self.server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=uri, version=version,
            diagnostics=[to_lsp(d, source, uri, positions, related) for d in diagnostics]))

    def refresh_lenses(self) -> None:
        if not self.server.stopping and self._capability("workspace.code_lens.refresh_support", False):
            self.server.workspace_code_lens_refresh(None)

    async def progress_begin(self, title: str, on_cancel):
        if not self._capability("window.work_done_progress", False):
            return None
        progress = self.server.work_done_progress
        token = f"vercors-py/verify/{next(self._tokens)}"
        try:
            await asyncio.wait_for(progress.create_async(token), 10)
        except Exception as exc:
            log.warning("work done progress refused: %s", exc)
            return None
        progress.begin(token, types.WorkDoneProgressBegin(title=title, cancellable=True, percentage=0,
                                                          message="starting"))
        future = progress.tokens.get(token)
        if future is not None:
            future.add_done_callback(lambda f: on_cancel() if f.cancelled() else None)
        return token

    def progress_report(self, token, done: int, total: int) -> None:
        if self.server.stopping or token not in self.server.work_done_progress.tokens:
            return
        percentage = 100 * done // total if total else 100
        self.server.work_done_progress.report(token, types.WorkDoneProgressReport(
            message=f"{done}/{total} obligations", percentage=percentage, cancellable=True))

    def progress_end(self, token, message: str) -> None:
        progress = self.server.work_done_progress
        if progress.tokens.pop(token, None) is not None and not self.server.stopping:
            progress.end(token, types.WorkDoneProgressEnd(message=message))


class VercorsServer(LanguageServer):
    def __init__(self, debounce: float = DEBOUNCE):
        super().__init__("vercors-py", _version(), protocol_cls=Protocol,
                         text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
        self.client = PyglsClient(self)
        self.session = Session(self.client, debounce=debounce)
        self.initialization_options = None
        self.pushed = None         # the settings section of the last didChangeConfiguration

    def report_server_error(self, error: Exception, source) -> None:
        """Log a fault; never answer it with a message to the client.  (pygls shows one,
        and when the fault was that the client cannot be written to any more, as after
        `exit`, showing it fails again, forever.)"""
        log.error("%s: %s", getattr(source, "__name__", source), error)

    @property
    def stopping(self) -> bool:
        return getattr(self.protocol, "_shutdown", False)

    def positions(self) -> Positions:
        return Positions(self.workspace.position_encoding)

    def features(self) -> Features:
        caps = self.client_capabilities
        formats = get_capability(caps, "text_document.hover.content_format", None) or [types.MarkupKind.Markdown]
        return Features(
            self.session, self.positions(),
            markdown=types.MarkupKind.Markdown in formats,
            hierarchical_symbols=bool(get_capability(
                caps, "text_document.document_symbol.hierarchical_document_symbol_support", False)))

    def document(self, uri: str):
        doc = self.session.docs.get(uri)
        if doc is None:
            raise JsonRpcInvalidParams(f"the document {uri} is not open")
        return doc

    async def analysed(self, uri: str):
        doc = self.document(uri)
        if doc.parsed is None:
            await self.session.current(doc)
        return doc

    async def load_settings(self, pushed=None) -> None:
        """The settings, from the first of: what workspace/configuration answers (when
        the client offers it), what the client last pushed with
        workspace/didChangeConfiguration, the initialization options."""
        if isinstance(pushed, dict) and isinstance(pushed.get(SECTION), dict):
            self.pushed = pushed[SECTION]
        raw = self.pushed
        if raw is None and isinstance(self.initialization_options, dict):
            raw = self.initialization_options.get(SECTION)
        if self.client._capability("workspace.configuration", False):
            try:
                values = await asyncio.wait_for(self.workspace_configuration_async(types.ConfigurationParams(
                    items=[types.ConfigurationItem(section=SECTION)])), 10)
                if values and isinstance(values[0], dict):
                    raw = values[0]
            except Exception as exc:
                log.warning("cannot read the configuration: %s", exc)
        self.session.set_settings(Settings.parse(raw))


def create_server(debounce: float = DEBOUNCE) -> VercorsServer:
    server = VercorsServer(debounce)
    session = server.session

    @server.feature(types.INITIALIZE)
    def initialize(params: types.InitializeParams) -> None:
        server.initialization_options = params.initialization_options

    @server.feature(types.INITIALIZED)
    async def initialized(params: types.InitializedParams) -> None:
        await server.load_settings()

    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    async def configuration_changed(params: types.DidChangeConfigurationParams) -> None:
        await server.load_settings(params.settings)

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(params: types.DidOpenTextDocumentParams) -> None:
        doc = params.text_document
        # .pvl, .cu, .cuh, .cl: the suffix picks the front end; else the language id does
        path = analysis_path(to_fs_path(doc.uri) or doc.uri, doc.language_id)
        session.open(doc.uri, path, doc.version, doc.text)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(params: types.DidChangeTextDocumentParams) -> None:
        uri = params.text_document.uri
        if uri not in session.docs:
            log.warning("change of a document that is not open: %s", uri)
            return
        text = server.workspace.get_text_document(uri).source
        positions = server.positions()
        mine, edits = _replay(session.docs[uri].text, params.content_changes, positions)
        session.change(uri, params.text_document.version, text, edits if mine == text else None)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE, types.SaveOptions(include_text=False))
    def did_save(params: types.DidSaveTextDocumentParams) -> None:
        if params.text_document.uri in session.docs:
            session.save(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        if uri in session.docs:
            session.close(uri)
            server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    # Requests are answered from the last analysis; only a document that was never
    # analysed (just opened) waits for its first fast check, never for verification.
    @server.feature(types.TEXT_DOCUMENT_HOVER)
    async def hover(params: types.HoverParams):
        doc = await server.analysed(params.text_document.uri)
        return await server.features().hover(doc, params.position)

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    async def definition(params: types.DefinitionParams):
        doc = await server.analysed(params.text_document.uri)
        return server.features().definition(doc, params.position)

    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    async def symbols(params: types.DocumentSymbolParams):
        return server.features().symbols(await server.analysed(params.text_document.uri))

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                    types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.RefactorRewrite]))
    async def code_action(params: types.CodeActionParams):
        doc = server.document(params.text_document.uri)
        await server.session.current(doc)          # the action rewrites this version's text
        return server.features().code_actions(doc, params.range)

    @server.feature(types.TEXT_DOCUMENT_CODE_LENS, types.CodeLensOptions(resolve_provider=False))
    async def code_lens(params: types.CodeLensParams):
        return await server.features().lenses(await server.analysed(params.text_document.uri))

    @server.command(VERIFY_COMMAND)
    async def verify(*args):
        """Verify a document now: `[uri]`, or `[uri, scope]` with a scope of the lenses
        ({"kernel": name, "barrier": n} or {"obligation": name}) to
        prove that kernel's (or that barrier's) obligations again even if cached.  Answers
        with the obligations it proved and the number of failures whose counterexample it
        ran (the others came from the cache)."""
        if not args or not isinstance(args[0], str):
            raise JsonRpcInvalidParams(f"{VERIFY_COMMAND} expects the document's URI")
        doc = server.document(args[0])
        scope = args[1] if len(args) > 1 and isinstance(args[1], dict) else None
        snap = await session.current(doc)
        if snap is None:
            return {"cancelled": True}
        if scope is not None and snap is doc.checked:
            await session.forget(doc, snap, scope)
        result = await session.start_verification(doc)
        if result is None:
            return {"cancelled": True}
        return {"verdict": result.verdict.value, "errors": len(result.errors), "version": snap.version,
                "seconds": round(result.seconds, 3), "proved": list(doc.verified.proved),
                "replayed": doc.verified.replayed}

    @server.command(STOP_COMMAND)
    def stop(*args):
        """Stop verifying: `[uri]` that document, `[]` every document.  What was
        published stays; the progress ends "cancelled"; the next save verifies again."""
        if args and not isinstance(args[0], str):
            raise JsonRpcInvalidParams(f"{STOP_COMMAND} expects a document's URI or nothing")
        uri = args[0] if args else None
        if uri is not None:
            server.document(uri)              # an error response when it is not open
        return {"stopped": session.stop(uri)}

    @server.command(PICTURE_COMMAND)
    async def picture(*args):
        """Draw a kernel of a document at one small launch (docs/pictures.md): `[uri]`,
        `[uri, kernel]`, or `[uri, kernel, {"gsize": n, "ngroups": n}]`.  Writes an SVG
        outside the user's tree, answers with its URI (None and a message when nothing
        was drawn), and asks the client to show it where the client can."""
        if not args or not isinstance(args[0], str):
            raise JsonRpcInvalidParams(f"{PICTURE_COMMAND} expects the document's URI")
        doc = server.document(args[0])
        kernel = args[1] if len(args) > 1 and isinstance(args[1], str) else None
        sizes = args[2] if len(args) > 2 and isinstance(args[2], dict) else {}
        sizes = {k: v for k, v in sizes.items() if k in ("gsize", "ngroups") and isinstance(v, int) and v > 0}
        answer = await asyncio.get_running_loop().run_in_executor(
            None, draw, doc.uri, doc.text, doc.path, kernel, sizes)
        if answer["uri"] is not None and server.client._capability("window.show_document.support", False):
            await server.window_show_document_async(types.ShowDocumentParams(uri=answer["uri"], external=True))
        return answer

    @server.feature(types.SHUTDOWN)
    def shutdown(params) -> None:
        session.shutdown()

    return server


def _replay(text: str, changes, positions: Positions):
    """The changes of a didChange applied to our copy of the text they were made on, as
    exact edits (so that positions of older results move with each edit)."""
    edits = []
    for change in changes:
        if isinstance(change, types.TextDocumentContentChangePartial):
            source = SourceText("", text)
            step = (positions.offset(source, change.range.start), positions.offset(source, change.range.end),
                    change.text)
        else:
            step = (None, None, change.text)
        text, found = apply_edits(text, [step])
        edits.extend(found)
    return text, edits


def _version() -> str:
    try:
        return metadata.version("vercors-py")
    except metadata.PackageNotFoundError:
        return "0+unknown"


def main() -> int:
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING,
                        format="vercors-py lsp: %(levelname)s %(name)s: %(message)s")
    # Verification runs in a worker thread and holds the GIL between solver calls; at the
    # default switch interval (5 ms) a hover, which gives the GIL up at every read and
    # write, waits tens of times that long.
    sys.setswitchinterval(0.0005)
    create_server().start_io()
    return 0
