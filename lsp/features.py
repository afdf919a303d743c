"""Requests answered from what the session already has: hover, definition, outline, code
lenses and code actions.  None of them waits for verification; all of them work from the last good
parse (its positions carried over the edits made since) while the text does not parse.
"""
from __future__ import annotations

from lsprotocol import types

from vercors_py import frontend
from vercors_py.infer.program import with_contract
from vercors_py.infer.shape import CannotInfer
from vercors_py.obligations import model as M
from vercors_py.syntax import ast as A

from . import navigation, status
from .pictures import PICTURE_COMMAND
from .positions import Positions
from .session import Document, Session, Snapshot

VERIFY_COMMAND = "vercorsPy.verify"
STOP_COMMAND = "vercorsPy.stopVerification"
PICTURE_TITLE = "▦ picture"

_SYMBOL_KIND = {
    "kernel": types.SymbolKind.Class,
    "memory": types.SymbolKind.Array,
    "procedure": types.SymbolKind.Method,
    "barrier": types.SymbolKind.Event,
    "function": types.SymbolKind.Function,
    "contract": types.SymbolKind.Interface,
}


class Features:
    def __init__(self, session: Session, positions: Positions, markdown: bool = True,
                 hierarchical_symbols: bool = True):
        self.session = session
        self.positions = positions
        self.markdown = markdown
        self.hierarchical_symbols = hierarchical_symbols

    # ---- helpers ----
    def _offset_in(self, doc: Document, snap: Snapshot, position: types.Position) -> int:
        """The offset in snap's text of a position in the current text."""
        now = self.positions.offset(doc.source(), position)
        return doc.log.backward(now, snap.mark)

    def _range(self, doc: Document, snap: Snapshot, span) -> types.Range:
        return self.positions.range(doc.source(), doc.mapper(snap.mark).span(span))

    def _markup(self, text: str) -> types.MarkupContent:
        kind = types.MarkupKind.Markdown if self.markdown else types.MarkupKind.PlainText
        return types.MarkupContent(kind=kind, value=text)

    # ---- hover ----
    async def hover(self, doc: Document, position: types.Position) -> types.Hover | None:
        failure = self._failure_hover(doc, position)
        snap = doc.parsed
        if snap is not None:
            ref = snap.index.reference_at(self._offset_in(doc, snap, position))
            if ref is not None:
                text = navigation.hover_text(ref, snap.index, self.markdown)
                if failure is not None:        # what the name is, under what went wrong there
                    text = failure.contents.value + ("\n\n---\n\n" if self.markdown else "\n\n") + text
                return types.Hover(contents=self._markup(text), range=self._range(doc, snap, ref.span))
        if failure is not None:
            return failure
        snap = doc.checked
        if snap is not None:
            offset = self._offset_in(doc, snap, position)
            found = snap.index.barrier_at(offset)
            if found is not None:
                kernel, barrier = found
                pairs = await self.session.results(doc, snap, lambda e: e.kernel is kernel)
                # printed, so the obligations themselves (the pairs have what lenses need)
                own = await self.session.kernel_obligations(snap, kernel)
                obligations = status.barrier_obligations(own, kernel, barrier)
                by_name = {e.name: r for e, r in pairs}
                text = status.barrier_hover(obligations, [by_name.get(ob.name) for ob in obligations], self.markdown)
                return types.Hover(contents=self._markup(text), range=self._range(doc, snap, barrier.span))
            kernel = next((k for k in snap.analysis.program.kernels
                           if k.name_span.start <= offset < k.name_span.end), None)
            if kernel is not None:
                pairs = await self.session.results(doc, snap, lambda e: e.kernel is kernel)
                text = status.kernel_hover(kernel, [e for e, _ in pairs], [r for _, r in pairs],
                                           doc.verifying, self.markdown)
                return types.Hover(contents=self._markup(text), range=self._range(doc, snap, kernel.name_span))
        return None

    def _failure_hover(self, doc: Document, position: types.Position) -> types.Hover | None:
        """On an error with a counterexample: its values, one per line, and what running
        the kernel there showed (`check --replay`, done when it was verified)."""
        verified = doc.verified
        if verified is None or verified.result.source is None:
            return None
        offset = doc.log.backward(self.positions.offset(doc.source(), position), verified.mark)
        for d in self.session.failures_at(verified, offset):
            text = status.failure_hover(d, verified.replays.get(d), self.markdown)
            span = doc.mapper(verified.mark).span(d.span)
            return types.Hover(contents=self._markup(text), range=self.positions.range(doc.source(), span))
        return None

    # ---- definition ----
    def definition(self, doc: Document, position: types.Position) -> types.Location | None:
        snap = doc.parsed
        if snap is None:
            return None
        ref = snap.index.reference_at(self._offset_in(doc, snap, position))
        span = ref.symbol.span if ref is not None else None
        if span is None or span.start >= span.end:     # reserved, or declared by the C front end
            return None
        return types.Location(uri=doc.uri, range=self._range(doc, snap, span))

    # ---- outline ----
    def symbols(self, doc: Document):
        snap = doc.parsed
        if snap is None:
            return []
        items = navigation.outline(snap.analysis.program, snap.source)
        if self.hierarchical_symbols:
            return [self._document_symbol(doc, snap, item) for item in items]
        flat: list[types.SymbolInformation] = []

        def visit(item, container):
            flat.append(types.SymbolInformation(
                name=item.name, kind=_SYMBOL_KIND[item.kind], container_name=container,
                location=types.Location(uri=doc.uri, range=self._range(doc, snap, item.span))))
            for child in item.children:
                visit(child, item.name)
        for item in items:
            visit(item, None)
        return flat

    def _document_symbol(self, doc, snap, item: navigation.Outline) -> types.DocumentSymbol:
        return types.DocumentSymbol(
            name=item.name, kind=_SYMBOL_KIND[item.kind], detail=item.detail or None,
            range=self._range(doc, snap, item.span),
            selection_range=self._range(doc, snap, item.selection),
            children=[self._document_symbol(doc, snap, c) for c in item.children] or None)

    # ---- code lenses ----
    # ---- code actions ----
    def code_actions(self, doc: Document, where: types.Range) -> list[types.CodeAction]:
        """"Insert inferred contract" on a kernel that has none and whose accesses `infer`
        can express (docs/infer.md); in a CUDA or OpenCL document, as `/*@ @*/` comments.
        The edit is computed from the text without verifying it: the document is verified
        once it changes."""
        snap = doc.current
        if snap is None or snap is not doc.checked or snap.version != doc.version \
                or snap.analysis.checked is None:
            return []
        at = self.positions.offset(doc.source(), where.start)
        for ck in snap.analysis.checked.kernels:
            kernel = ck.kernel
            # From the start of the kernel's line: C's `__kernel`/`__global__` before it.
            first = snap.source.text.rfind("\n", 0, kernel.span.start) + 1
            if not first <= at <= kernel.span.end:
                continue
            try:
                new = with_contract(kernel, snap.source.text, frontend.for_path(doc.path).comment_contracts)
            except CannotInfer:
                return []
            whole = self.positions.range(doc.source(), doc.source().span(0, len(snap.source.text)))
            edit = types.WorkspaceEdit(changes={doc.uri: [types.TextEdit(range=whole, new_text=new)]})
            return [types.CodeAction(title=f"Insert inferred contract of kernel {kernel.name}",
                                     kind=types.CodeActionKind.RefactorRewrite, edit=edit)]
        return []

    async def lenses(self, doc: Document) -> list[types.CodeLens]:
        snap = doc.checked
        if snap is None:
            return []
        pairs = await self.session.results(doc, snap)
        current = doc.current
        program = current.analysis.program if current is not None else None
        if program is not None and not program.kernels and not program.functions:
            return []                  # nothing left in the text to verify
        # While the text does not pass the static checks (or was checked again while the
        # results were looked up), the lenses stay where snap's kernels are now, but its
        # verdicts are not this text's.
        stale = current is not None and current is not snap
        lenses: list[types.CodeLens] = []
        for kernel in snap.analysis.program.kernels:
            mine = [r for ob, r in pairs if ob.kernel is kernel]
            st = status.NOT_CHECKED if stale else status.status(mine, doc.verifying)
            where = self._range(doc, snap, kernel.name_span)
            lenses += self._pair(doc, where, st, {"kernel": kernel.name})
            if not stale:
                # A launch run and drawn from this text (docs/pictures.md).
                lenses.append(types.CodeLens(range=where, command=types.Command(
                    title=PICTURE_TITLE, command=PICTURE_COMMAND, arguments=[doc.uri, kernel.name])))
            main = kernel.main
            barriers = [n for n in A.walk(main.body) if isinstance(n, A.Barrier)] if main else []
            for number, barrier in enumerate(barriers):
                own = [r for ob, r in pairs
                       if ob.kernel is kernel and ob.span is not None and ob.span == barrier.span]
                extra = status.errors_inside(mine, barrier.span)
                st = status.NOT_CHECKED if stale else status.status(own, doc.verifying, extra)
                where = self._range(doc, snap, barrier.span)
                where = types.Range(start=where.start, end=where.start)
                lenses += self._pair(doc, where, st, {"kernel": kernel.name, "barrier": number})
        # procedures and pure functions: each has an obligation of its own, at its name
        for ob, r in pairs:
            if ob.kind in (M.Kind.PROCEDURE, M.Kind.FUNCTION) and ob.span is not None and ob.span.end > ob.span.start:
                st = status.NOT_CHECKED if stale else status.status([r], doc.verifying)
                where = self._range(doc, snap, ob.span)
                lenses += self._pair(doc, where, st, {"obligation": ob.name})
        return lenses

    def _pair(self, doc: Document, where: types.Range, st: status.Status, scope: dict) -> list[types.CodeLens]:
        # Clients offer every lens to click and refuse an empty command: the status
        # verifies its scope again too.
        verify = types.Command(title="▶ verify", command=VERIFY_COMMAND, arguments=[doc.uri, scope])
        return [types.CodeLens(range=where, command=types.Command(title=st.title, command=VERIFY_COMMAND,
                                                                  arguments=[doc.uri, scope])),
                types.CodeLens(range=where, command=verify)]
