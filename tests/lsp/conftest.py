"""Drive the real language server (`python -m vercors_py lsp`) over stdio with pytest-lsp.

The `client` fixture starts a server, initialises it with the capabilities an editor like
VS Code announces and the `vercorsPy` settings given by indirect parametrisation (default
{}), and records every notification, so tests can wait for exactly the one they expect
instead of sleeping.
"""
from __future__ import annotations

import asyncio
import sys

import attrs
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features
from pygls.protocol import default_converter


class Client(LanguageClient):
    """pytest-lsp's client, keeping every publication (with its version) in order."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.published: list[types.PublishDiagnosticsParams] = []
        self._news: asyncio.Event | None = None

    def news(self) -> asyncio.Event:
        if self._news is None:
            self._news = asyncio.Event()
        return self._news

    def notify_news(self) -> None:
        self.news().set()

    async def wait_for(self, predicate, timeout: float = 30.0, what: str = "a condition"):
        """Wait until predicate() is true (re-checked on every notification)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            value = predicate()
            if value:
                return value
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise AssertionError(f"timed out waiting for {what}; published: "
                                     f"{[(p.version, [d.code for d in p.diagnostics]) for p in self.published]}")
            self.news().clear()
            try:
                await asyncio.wait_for(self.news().wait(), min(remaining, 0.5))
            except asyncio.TimeoutError:
                pass

    def publications(self, uri: str) -> list[types.PublishDiagnosticsParams]:
        return [p for p in self.published if p.uri == uri]

    def ended(self) -> list[types.WorkDoneProgressEnd]:
        return [v for reports in self.progress_reports.values() for v in reports
                if isinstance(v, types.WorkDoneProgressEnd)]


def _record_diagnostics(client: Client, params: types.PublishDiagnosticsParams):
    client.diagnostics[params.uri] = params.diagnostics
    client.published.append(params)
    client.notify_news()


def _make_client() -> Client:
    client = Client(converter_factory=default_converter)
    features = dict(DEFAULT_CLIENT_FEATURES)
    progress = features[types.PROGRESS]

    def on_progress(ls, params):
        progress(ls, params)
        ls.notify_news()

    features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = _record_diagnostics
    features[types.PROGRESS] = on_progress
    register_lsp_features(client, features)
    return client


CAPABILITIES = types.ClientCapabilities(
    general=types.GeneralClientCapabilities(position_encodings=[types.PositionEncodingKind.Utf16]),
    window=types.WindowClientCapabilities(work_done_progress=True),
    workspace=types.WorkspaceClientCapabilities(configuration=True),
    text_document=types.TextDocumentClientCapabilities(
        synchronization=types.TextDocumentSyncClientCapabilities(did_save=True),
        publish_diagnostics=types.PublishDiagnosticsClientCapabilities(related_information=True,
                                                                       version_support=True),
        hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.Markdown]),
        document_symbol=types.DocumentSymbolClientCapabilities(hierarchical_document_symbol_support=True),
    ),
)


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "vercors_py", "lsp"],
                                              client_factory=_make_client))
async def client(lsp_client: Client, request):
    settings = getattr(request, "param", {})
    lsp_client.set_configuration(settings, section="vercorsPy")
    await lsp_client.initialize_session(types.InitializeParams(capabilities=CAPABILITIES))
    yield
    await lsp_client.shutdown_session()


# A client that pushes its settings (workspace/didChangeConfiguration) and does not
# answer workspace/configuration, as Neovim's and Emacs' clients often do.
PUSHING = attrs.evolve(CAPABILITIES, workspace=types.WorkspaceClientCapabilities(configuration=False))


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "vercors_py", "lsp"],
                                              client_factory=_make_client))
async def pushing_client(lsp_client: Client):
    await lsp_client.initialize_session(types.InitializeParams(capabilities=PUSHING))
    yield
    await lsp_client.shutdown_session()
