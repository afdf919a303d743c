"""The documents the editor has open, and when each one is checked.

Per document: the fast checks (parse, resolve, types, divergence) run on every change,
200 ms after the last one; full verification runs on open and save (or after every fast
check, or never: `vercorsPy.verifyOn`), in a worker thread, one at a time.  A change
cancels the verification in flight for its document.  Every result remembers the version
it was computed from and is dropped when the document has moved on; what is published is
always the fast diagnostics of the current version plus the last verification's
diagnostics, carried over the edits made since (so they do not blink away while the user
types, and are replaced when the next verification finishes).

This module knows nothing of pygls: it talks to the editor through the `Client` it is
given (server.py), which makes it testable without a process.
"""
from __future__ import annotations

import asyncio
import functools
import logging
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Protocol

import attrs

from vercors_py import diagnostics as D
from vercors_py import service
from vercors_py.cache import ObligationCache
from vercors_py.engine.solver.solver import Cancelled, CancelToken
from vercors_py.results import FileResult, ObligationResult, Verdict
from vercors_py.source import SourceText
from vercors_py.syntax import ast as A

from .edits import EditLog, Mapper, diff
from .failures import published
from . import languages
from .navigation import Index
from .units import Entry, Units, declarations, obligations_of

log = logging.getLogger(__name__)

VERIFY_ON = ("save", "change", "never")
DEBOUNCE = 0.2
DEFAULT_TIMEOUT = service.Options().timeout


@attrs.frozen
class Settings:
    verify_on: str = "save"
    timeout: float = DEFAULT_TIMEOUT
    # What the host guarantees, as `--assume` and `--dims` say it (docs/cli.md).
    assume: tuple[str, ...] = ()
    dims: int | None = None

    @property
    def launch(self):
        if not self.assume and self.dims is None:
            return None
        from vercors_py.cfamily.launch import Launch
        return Launch(dims=self.dims, facts=self.assume)

    @staticmethod
    def parse(raw) -> "Settings":
        """Settings from the `vercorsPy` section; anything malformed keeps its default."""
        if not isinstance(raw, dict):
            return Settings()
        verify_on = raw.get("verifyOn", "save")
        timeout = raw.get("timeout", DEFAULT_TIMEOUT)
        if verify_on not in VERIFY_ON:
            verify_on = "save"
        if not isinstance(timeout, (int, float)) or isinstance(timeout, bool) or not 0 < timeout < 1e6:
            timeout = DEFAULT_TIMEOUT
        assume = raw.get("assume", [])
        if not isinstance(assume, list) or not all(isinstance(a, str) and a.strip() for a in assume):
            assume = []
        dims = raw.get("dims")
        if dims not in (1, 2, 3) or isinstance(dims, bool):
            dims = None
        return Settings(verify_on, float(timeout), tuple(assume), dims)


class Client(Protocol):
    """What the session needs from the editor connection."""

    def publish(self, uri: str, version: int, source: SourceText, diagnostics: list[D.Diagnostic]) -> None: ...
    def refresh_lenses(self) -> None: ...
    async def progress_begin(self, title: str, on_cancel) -> object | None: ...
    def progress_report(self, token, done: int, total: int) -> None: ...
    def progress_end(self, token, message: str) -> None: ...


class Snapshot:
    """The analysis of one version of a document, and what is derived from it on demand."""

    def __init__(self, analysis: service.Analysis, version: int, mark: int, index: Index | None = None):
        self.analysis = analysis
        self.version = version
        self.mark = mark                 # the edit log's mark when the text was this one
        self._index = index
        self._by_declaration: dict[int, list] = {}
        self._lock = threading.Lock()
        # what lenses and hovers need of its obligations, for one time limit (units.py);
        # only the worker thread of lenses and hovers reads and writes it
        self.entries: tuple[float, list[Entry]] | None = None
        # the results of its obligations already looked up, valid while `peeked_key` holds
        self.peeked: dict[str, ObligationResult | None] = {}
        self.peeked_key: tuple | None = None

    @property
    def source(self) -> SourceText:
        return self.analysis.source

    @property
    def index(self) -> Index:
        if self._index is None:
            self._index = Index(self.analysis.program, self.analysis.source)
        return self._index

    @functools.cached_property
    def declarations(self) -> tuple:
        return declarations(self.analysis.checked)

    def declaration_obligations(self, i: int) -> list:
        """The obligations of the i-th declaration, generated once, by the first worker
        thread that needs them: a large file's take a second, so the event loop never asks."""
        with self._lock:
            found = self._by_declaration.get(i)
            if found is None:
                found = self._by_declaration[i] = obligations_of(self.analysis.checked, self.declarations[i])
            return found

    @property
    def obligations(self) -> list:
        """All of them, in generate.obligations' order."""
        return [ob for i in range(len(self.declarations)) for ob in self.declaration_obligations(i)]


@attrs.frozen
class Verified:
    result: FileResult
    version: int
    mark: int
    by_name: dict = attrs.field(factory=dict)
    proved: tuple[str, ...] = ()             # the obligations proved by it (the others were cached)
    diagnostics: tuple[D.Diagnostic, ...] = ()   # as published (in the text of `version`)
    replays: dict = attrs.field(factory=dict)    # a published failure -> what running it showed
    replayed: int = 0                            # failures run by it (the others' runs were kept)


class Document:
    def __init__(self, uri: str, path: str, version: int, text: str):
        self.uri = uri
        self.path = path
        self.version = version
        self.text = text
        self.log = EditLog()
        self.units = Units()                    # the lenses' obligations, kept across edits
        self.current: Snapshot | None = None    # the analysis of this version, once done
        self.parsed: Snapshot | None = None     # the last one with a syntax tree
        self.checked: Snapshot | None = None    # the last one that passed the static checks
        self.verified: Verified | None = None   # the last finished verification
        self.cancel: CancelToken | None = None  # of the verification in flight
        self.run = 0                            # verification runs started
        self.finished = 0                       # and finished
        self.verifying = False
        self.debounce: asyncio.Task | None = None
        self.analysing: tuple[int, asyncio.Task] | None = None   # (version, its fast checks)

    def source(self) -> SourceText:
        if self.current is not None and self.current.version == self.version:
            return self.current.source
        return SourceText(self.path, self.text)

    def mapper(self, mark: int) -> Mapper:
        return Mapper(self.log, mark, self.source())

    def forget_old_edits(self) -> None:
        marks = [s.mark for s in (self.current, self.parsed, self.checked, self.verified) if s is not None]
        if marks:
            self.log.forget_before(min(marks))


def fast_diagnostics(analysis: service.Analysis) -> list[D.Diagnostic]:
    quiet = languages.of(analysis.source.path).quiet_in_editor
    found = [d for d in analysis.diagnostics if d.code not in quiet]
    if analysis.checked is not None and not analysis.rejected:
        found.extend(analysis.checked.divergence)
    return found


class Session:
    def __init__(self, client: Client, cache: ObligationCache | None = None, debounce: float = DEBOUNCE):
        self.client = client
        self.cache = cache if cache is not None else ObligationCache()
        self.debounce = debounce
        self.docs: dict[str, Document] = {}
        self.settings = Settings()
        self._settings_ready: asyncio.Event | None = None
        self._fast = ThreadPoolExecutor(1, thread_name_prefix="vercors-fast")
        self._verify = ThreadPoolExecutor(1, thread_name_prefix="vercors-verify")
        # lens and hover states: obligations, fingerprints and cache look-ups, and replays
        self._status = ThreadPoolExecutor(1, thread_name_prefix="vercors-status")
        self._tasks: set[asyncio.Task] = set()

    # ---- settings ----
    @property
    def settings_ready(self) -> asyncio.Event:
        if self._settings_ready is None:
            self._settings_ready = asyncio.Event()
        return self._settings_ready

    def set_settings(self, settings: Settings) -> None:
        changed = self.settings_ready.is_set() and settings.launch != self.settings.launch
        self.settings = settings
        self.settings_ready.set()
        if changed:
            # Other host facts make other programs: every open document anew.
            for doc in list(self.docs.values()):
                self.open(doc.uri, doc.path, doc.version, doc.text)

    async def wait_for_settings(self) -> None:
        try:
            await asyncio.wait_for(self.settings_ready.wait(), 5)
        except asyncio.TimeoutError:
            log.warning("no configuration received; using the defaults")
            self.settings_ready.set()

    def options(self) -> service.Options:
        return service.Options(timeout=self.settings.timeout, jobs=1)

    # ---- document events ----
    def document(self, uri: str) -> Document:
        doc = self.docs.get(uri)
        if doc is None:
            raise KeyError(uri)
        return doc

    # The event handlers are synchronous: a notification's effect on the state is done
    # before the next notification is looked at; the work they start runs as tasks.
    def open(self, uri: str, path: str, version: int, text: str) -> asyncio.Task:
        old = self.docs.get(uri)
        if old is not None:
            self._stop(old)
        doc = self.docs[uri] = Document(uri, path, version, text)
        return self._spawn(self._opened(doc))

    async def _opened(self, doc: Document) -> None:
        await self.wait_for_settings()
        snap = await self.analyze(doc)
        if snap is None:
            return
        self.publish(doc)
        if self.settings.verify_on != "never":
            self.start_verification(doc)

    def change(self, uri: str, version: int, text: str, edits: list | None = None) -> None:
        """The document is now `text`; `edits`, when known, are the exact changes that led
        there (else they are found by comparing the texts)."""
        doc = self.document(uri)
        for e in (edits if edits is not None else [diff(doc.text, text)]):
            doc.log.record(e)
        doc.text = text
        doc.version = version
        self.cancel_verification(doc)
        if doc.debounce is not None:
            doc.debounce.cancel()
        doc.debounce = self._spawn(self._after_pause(doc))

    def save(self, uri: str) -> asyncio.Task:
        return self._spawn(self._saved(self.document(uri)))

    async def _saved(self, doc: Document) -> None:
        if self.settings.verify_on != "save":
            return
        if await self.current(doc) is not None:
            self.start_verification(doc)

    def close(self, uri: str) -> None:
        doc = self.docs.pop(uri, None)
        if doc is not None:
            self._stop(doc)

    def _stop(self, doc: Document) -> None:
        self.cancel_verification(doc)
        doc.run += 1
        if doc.debounce is not None:
            doc.debounce.cancel()

    def shutdown(self) -> None:
        for doc in list(self.docs.values()):
            self._stop(doc)
        for task in list(self._tasks):
            task.cancel()
        self._fast.shutdown(wait=False, cancel_futures=True)
        self._verify.shutdown(wait=False, cancel_futures=True)
        self._status.shutdown(wait=False, cancel_futures=True)

    # ---- fast checks ----
    async def _after_pause(self, doc: Document) -> None:
        await asyncio.sleep(self.debounce)
        snap = await self.analyze(doc)
        if snap is None:
            return
        self.publish(doc)
        if self.settings.verify_on == "change":
            self.start_verification(doc)

    async def analyze(self, doc: Document) -> Snapshot | None:
        """The fast checks of the document's current version; None if it changed meanwhile.
        A request that comes while the version is being analysed (a hover just after
        opening a large file) waits for that analysis instead of starting another."""
        pending = doc.analysing
        if pending is None or pending[0] != doc.version or pending[1].cancelled():
            pending = doc.analysing = (doc.version, self._spawn(self._analyze_now(doc)))
        return await asyncio.shield(pending[1])

    async def _analyze_now(self, doc: Document) -> Snapshot | None:
        version, text, mark = doc.version, doc.text, doc.log.mark
        loop = asyncio.get_running_loop()
        analysis, index = await loop.run_in_executor(self._fast, _analyze, text, doc.path, self.settings.launch,
                                                     self.settings.timeout)
        if doc.version != version or self.docs.get(doc.uri) is not doc:
            return None
        snap = Snapshot(analysis, version, mark, index)
        doc.current = snap
        if analysis.program is not None:
            doc.parsed = snap
        if analysis.checked is not None and not analysis.rejected:
            doc.checked = snap
        doc.forget_old_edits()
        return snap

    async def current(self, doc: Document) -> Snapshot | None:
        """The analysis of the current version, now (not after the pause)."""
        if doc.current is not None and doc.current.version == doc.version:
            return doc.current
        if doc.debounce is not None:
            doc.debounce.cancel()
            doc.debounce = None
        snap = await self.analyze(doc)
        if snap is not None:
            self.publish(doc)
        return snap

    # ---- verification ----
    def cancel_verification(self, doc: Document) -> None:
        if doc.cancel is not None:
            doc.cancel.cancel()
            doc.cancel = None

    def stop(self, uri: str | None = None) -> int:
        """Cancel the verification in flight of a document (of all, without `uri`), as
        an edit does, but keep the text's diagnostics; how many were stopped."""
        docs = [self.document(uri)] if uri is not None else list(self.docs.values())
        running = [doc for doc in docs if doc.cancel is not None]
        for doc in running:
            self.cancel_verification(doc)
        return len(running)

    def start_verification(self, doc: Document) -> asyncio.Task:
        """Verify the current analysis of the document (which must be current)."""
        snap = doc.current
        self.cancel_verification(doc)
        doc.run += 1
        token = doc.cancel = CancelToken()
        return self._spawn(self._verify_run(doc, snap, token, doc.run))

    async def _verify_run(self, doc: Document, snap: Snapshot, token: CancelToken, run: int) -> FileResult | None:
        if snap.analysis.rejected:
            result = service.verify(snap.analysis, self.options())
            return self._finish(doc, snap, run, Verified(result, snap.version, snap.mark))
        progress = await self.client.progress_begin(f"Verifying {_name(doc.path)}", token.cancel)
        message = "cancelled"
        doc.verifying = True
        try:
            if token.is_set() or run != doc.run:
                return None
            loop = asyncio.get_running_loop()

            proved: list[str] = []

            def report(p: service.Progress) -> None:      # in the worker thread
                if p.result is not None and not p.cached and p.result.kind != "lock-step":
                    proved.append(p.result.name)
                if progress is not None:
                    loop.call_soon_threadsafe(self.client.progress_report, progress, p.done, p.total)

            options = self.options()

            def work():
                obligations = snap.obligations
                result = service.verify(snap.analysis, options, token, cache=self.cache, progress=report,
                                        obligations=obligations)
                return result, published(result, obligations, snap.analysis, self.cache, options.timeout, token)
            try:
                result, shown = await loop.run_in_executor(self._verify, work)
            except Cancelled:
                return None
            if token.is_set():            # stopped after the last check: nothing is published
                return None
            message = f"{result.verdict.value} in {result.seconds:.2f} s"
            verified = Verified(result, snap.version, snap.mark, {r.name: r for r in result.obligations},
                                tuple(proved), shown.diagnostics, shown.replays, shown.ran)
            return self._finish(doc, snap, run, verified)
        finally:
            if run == doc.run:
                doc.verifying = False
            if progress is not None:
                self.client.progress_end(progress, message)

    def _finish(self, doc: Document, snap: Snapshot, run: int, verified: Verified) -> FileResult | None:
        if run != doc.run or doc.version != snap.version or self.docs.get(doc.uri) is not doc:
            return None                                   # an edit made it stale: dropped
        doc.verified = verified
        doc.finished += 1
        doc.cancel = None
        doc.forget_old_edits()
        self.publish(doc)
        self.client.refresh_lenses()
        return verified.result

    # ---- publishing ----
    def publish(self, doc: Document) -> None:
        snap = doc.current
        if snap is None or snap.version != doc.version:
            return
        found = fast_diagnostics(snap.analysis)
        if doc.verified is not None:
            mapper = doc.mapper(doc.verified.mark)
            moved = (mapper.diagnostic(d) for d in doc.verified.diagnostics)
            found.extend(d for d in moved if d is not None)
        unique = sorted(dict.fromkeys(found), key=D.sort_key)
        self.client.publish(doc.uri, snap.version, snap.source, unique)

    async def forget(self, doc: Document, snap: Snapshot, scope: dict) -> None:
        """Drop the cached results of a kernel's (or one of its barriers') obligations, or
        of one obligation (a procedure's, a function's): {"kernel": name, "barrier": n},
        {"obligation": name}."""
        timeout = self.settings.timeout
        if isinstance(scope.get("obligation"), str):
            def chosen(ob) -> bool:
                return ob.name == scope["obligation"]
        else:
            kernel = next((k for k in snap.analysis.program.kernels if k.name == scope.get("kernel")), None)
            if kernel is None:
                return
            number = scope.get("barrier")
            barriers = [n for n in A.walk(kernel.main.body) if isinstance(n, A.Barrier)] if kernel.main else []
            barrier = barriers[number] if isinstance(number, int) and 0 <= number < len(barriers) else None

            def chosen(ob) -> bool:
                return ob.kernel is kernel and (barrier is None or ob.span == barrier.span)

        def work() -> None:
            for e in self._entries(doc, snap, timeout):
                if chosen(e):
                    self.cache.forget(e, timeout, e.fingerprint)
        await asyncio.get_running_loop().run_in_executor(self._status, work)

    # ---- results for lenses and hovers ----
    def failures_at(self, verified: Verified, offset: int) -> list[D.Diagnostic]:
        """The errors of a verification whose range holds `offset` (in its text) and that
        come with a counterexample, innermost first."""
        found = [d for d in verified.diagnostics
                 if d.severity is D.Severity.ERROR and d.span is not None and d.span.start <= offset <= d.span.end
                 and d.counterexample is not None]
        return sorted(found, key=lambda d: d.span.end - d.span.start)

    async def results(self, doc: Document, snap: Snapshot, select=None) -> list[tuple]:
        """snap's obligations (as units.Entry) that `select` keeps (all by default), each
        with its result in snap's text: from the verification of that very version, or
        else from the cache.  Worked out in a worker thread, since a large file's
        obligations take a second to generate and another to fingerprint (units.py does it
        again only for the declarations an edit changed), and remembered for the snapshot
        until the cache or the settings change."""
        verified = doc.verified if doc.verified is not None and doc.verified.version == snap.version else None
        key = (self.cache.generation, self.settings.timeout, verified is not None and doc.finished)
        if snap.peeked_key != key:
            snap.peeked, snap.peeked_key = {}, key
        known, cache, timeout = snap.peeked, self.cache, key[1]

        def work():
            chosen = [e for e in self._entries(doc, snap, timeout) if select is None or select(e)]
            return chosen, {e.name: _result_of(e, verified, cache, timeout)
                             for e in chosen if e.name not in known}
        chosen, found = await asyncio.get_running_loop().run_in_executor(self._status, work)
        known.update(found)
        return [(e, known[e.name]) for e in chosen]

    async def kernel_obligations(self, snap: Snapshot, kernel: A.Kernel) -> list:
        """The obligations of one of snap's kernels themselves (a hover prints them)."""
        i = next(i for i, d in enumerate(snap.declarations) if d is kernel)
        return await asyncio.get_running_loop().run_in_executor(self._status, snap.declaration_obligations, i)

    def _entries(self, doc: Document, snap: Snapshot, timeout: float) -> list[Entry]:
        """In the worker thread of lenses and hovers."""
        if snap.entries is None or snap.entries[0] != timeout:
            snap.entries = (timeout, doc.units.entries(snap.analysis.checked, timeout, self.cache,
                                                       snap.declaration_obligations))
        return snap.entries[1]

    # ---- helpers ----
    def _spawn(self, coro) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background task failed", exc_info=task.exception())


def _result_of(e: Entry, verified: Verified | None, cache: ObligationCache, timeout) -> ObligationResult | None:
    if verified is not None:
        found = verified.by_name.get(e.name)
        if found is not None:
            return found
    if e.static is not None:
        verdict = Verdict.FAILED if any(d.severity is D.Severity.ERROR for d in e.static) else Verdict.VERIFIED
        return ObligationResult(e.name, e.kind.value, verdict, 0.0, e.span, e.static)
    return cache.peek(e, timeout, e.fingerprint) if e.fingerprint is not None else None


def _analyze(text: str, path: str, launch=None, timeout: float = service.Options().timeout
             ) -> tuple[service.Analysis, Index | None]:
    """The fast checks, and the index of names that hovers and definitions use (built
    here, off the event loop: a tenth of a second for a 2,000-line file).  Divergence the
    lock-step rule finds is asked of the solver, as `check` asks it: what the editor
    shows and verifies is what `check` does."""
    try:
        analysis = service.analyze(text, path, launch)
        if analysis.checked is not None and not analysis.rejected:
            analysis = attrs.evolve(analysis, checked=service.uniformity_decided(analysis.checked, timeout))
        return analysis, Index(analysis.program, analysis.source) if analysis.program is not None else None
    except Exception as exc:   # a fault of ours: shown in the editor, never a dead server
        source = SourceText(path, text)
        return service.Analysis(source, None, None, (D.error(
            "internal.error", None, f"internal error: {type(exc).__name__}: {exc}"),)), None


def _name(path: str) -> str:
    return path.replace("\\", "/").rsplit("/", 1)[-1]
