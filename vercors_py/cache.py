"""A cache of obligation results, keyed by what an obligation means, not where it is.

An obligation is a value (obligations/model.py), but not one that can be compared across
two parses directly: its symbols compare by identity and its strings carry line numbers
(`demo/barrier@13/resources`).  `fingerprint` therefore renders everything the engine
reads when it proves an obligation into a canonical token stream and hashes it:

- its kind, name, summary and steps (every contract expression, body, label, error code
  and message fragment), with the obligation's own line number (the only one that its
  generated names and messages contain) replaced by a placeholder;
- the kernel declarations the engine sets up the world from: parameters, arrays (scope,
  element type, length) and `context_everywhere` facts;
- the pure functions the obligation is given (`ob.functions`, in program order): the
  engine declares and axiomatises exactly those, so only their contracts, bodies and
  measures can change its outcome (obligations/generate.py gives each obligation the
  functions it reaches, so editing or adding another one keeps its entry);
- the parameters and contracts of the procedures that the executed bodies call (a call
  uses only the callee's contract);
- the obligation's own parameters, the locals in scope and which symbols are uniform;
- the time limit of a check.

Names are rendered with the identity of what they refer to: every symbol gets a number
at its first occurrence plus its kind, name, type and memory scope, so two obligations
with the same hash also bind their names the same way.  Spans are not rendered; they are
collected, in the same traversal order, into a list.  Two obligations with the same
fingerprint therefore have span lists of the same length whose entries correspond one to
one, and a cached result is moved to the new positions by replacing every span of its
diagnostics by its counterpart.  If a diagnostic mentions a span the list does not
contain, or one old span has two different counterparts, the entry is not used and the
obligation is proved again: the cache can only ever save work, never change an answer.

Results that depend on the clock (timeouts) or that report a fault of the tool are not
stored; neither are static obligations (lock-step), which cost nothing to decide.

A result may carry what running its failures showed (the language server's replays,
lsp/failures.py): stored with the result and dropped with it, but keyed by what the run
read, which is more than the obligation (the whole kernel, at its place in the text), so
the cache only keeps them and never decides whether one applies.
"""
from __future__ import annotations

import enum
import hashlib
import re
import threading
import weakref
from collections import OrderedDict
from collections.abc import Mapping, Sequence

import attrs

from .diagnostics import Diagnostic, Related
from .obligations import model as M
from .results import ObligationResult, Verdict
from .semantics.symbols import Symbol
from .source import Span
from .syntax import ast as A

# Fields of AST nodes that are positions (collected) and links (rendered as identities).
_SPAN_FIELDS = ("span", "name_span", "var_span")


@attrs.frozen
class Fingerprint:
    key: str                         # hex digest of the canonical rendering
    # every position of the obligation, in rendering order (a sequence that works them
    # out on demand when the language server moved a fingerprint with its text)
    spans: Sequence[Span | None]
    line: int | None                 # the obligation's own line (normalised in strings)


def fingerprint(ob: M.Obligation, timeout: float | None = None) -> Fingerprint:
    r = _Renderer(ob)
    r.obligation(ob, timeout)
    return Fingerprint(r.hash.hexdigest(), tuple(r.spans), r.line)


class _Renderer:
    def __init__(self, ob: M.Obligation):
        self.hash = hashlib.sha256()
        self.parts: list[str] = []
        self.spans: list[Span | None] = []
        self.symbols: dict[int, int] = {}          # id(symbol) -> number
        self.symbol_list: list[Symbol] = []
        self.called: dict[int, Symbol] = {}        # procedures called from executed bodies
        self.line = ob.span.start_line if ob.span is not None else None
        self._line_re = (re.compile(rf"(?<=@){self.line}\b|(?<=line ){self.line}\b")
                         if self.line is not None else None)

    def emit(self, token: str) -> None:
        self.parts.append(token)
        if len(self.parts) >= 512:
            self.flush()

    def flush(self) -> None:
        self.hash.update("\x1f".join(self.parts).encode("utf-8", "surrogatepass"))
        self.hash.update(b"\x1e")
        self.parts.clear()

    # ---- the obligation ----
    def obligation(self, ob: M.Obligation, timeout) -> None:
        self.emit(f"timeout={timeout!r}")
        self.emit(f"kind={ob.kind.name}")
        self.text(ob.name)
        self.text(ob.summary)
        self.spans.append(ob.span)
        self.emit("steps")
        for step in ob.steps:
            self.model(step)
        self.emit("kernel")
        k = ob.kernel
        if k is None:
            self.emit("none")
        else:
            self.node_seq(k.params)
            self.node_seq(k.arrays)
            self.node_seq(k.contexts)
        self.emit("params")
        self.node_seq(ob.params)
        self.emit("locals")
        for symbol in ob.locals:
            self.symbol(symbol)
        self.emit("functions")
        for symbol, fn in ob.functions.items():
            self.symbol(symbol)
            self.node(fn)
        self.emit("procedures")
        done: set[int] = set()
        while len(done) < len(self.called):        # contracts cannot call procedures, but be general
            for key, symbol in list(self.called.items()):
                if key in done:
                    continue
                done.add(key)
                self.symbol(symbol)
                proc = ob.procedures.get(symbol)
                if proc is None:
                    self.emit("missing")
                    continue
                self.node_seq(proc.params)
                self.node_seq(proc.contract)
                # a call within a recursive cycle is judged by the callee's measure too
                self.node_seq((proc.decreases,) if proc.decreases is not None else ())
        self.emit("uniform")
        self.emit("".join("1" if s in ob.uniform else "0" for s in self.symbol_list))
        self.flush()

    def text(self, s: str) -> None:
        """A generated string: the obligation's own line number is a placeholder."""
        if self._line_re is not None:
            s = self._line_re.sub("<L>", s)
        self.emit(repr(s))

    def model(self, value) -> None:
        """A value of obligations/model.py (steps and parts)."""
        if attrs.has(type(value)) and type(value).__module__ == M.__name__:   # steps and parts
            self.emit(type(value).__name__)
            for field in attrs.fields(type(value)):
                self.emit(field.name)
                self.model(getattr(value, field.name))
            self.emit(")")
        elif isinstance(value, str):
            self.text(value)
        elif isinstance(value, tuple):
            self.emit(f"({len(value)}")
            for item in value:
                self.model(item)
        else:
            self.value(value)

    # ---- AST values ----
    def node_seq(self, nodes) -> None:
        self.emit(f"[{len(nodes)}")
        for n in nodes:
            self.node(n)

    def node(self, node) -> None:
        """An AST node, without recursion (bodies can be deep)."""
        stack: list = [node]
        while stack:
            current = stack.pop()
            if isinstance(current, _Close):
                self.emit(")")
                continue
            self.value(current, stack)

    def value(self, value, stack: list | None = None) -> None:
        if isinstance(value, _Symbol):
            self.symbol(value.symbol)
        elif value is None or isinstance(value, (bool, int)):
            self.emit(repr(value))
        elif isinstance(value, str):
            self.emit(repr(value))
        elif isinstance(value, enum.Enum):
            self.emit(f"{type(value).__name__}.{value.name}")
        elif isinstance(value, Symbol):
            self.symbol(value)
        elif isinstance(value, tuple):
            self.emit(f"({len(value)}")
            if stack is None:
                for item in value:
                    self.value(item)
            else:
                stack.extend(reversed(value))
        elif attrs.has(type(value)):
            if stack is None:
                self.node(value)
                return
            cls = type(value)
            self.emit(cls.__name__)
            items: list = []
            for field in attrs.fields(cls):
                v = getattr(value, field.name)
                if field.name in _SPAN_FIELDS:
                    self.spans.append(v)
                elif field.name == "symbol":
                    items.append(_Symbol(v))
                elif field.eq:
                    items.append(v)
            if isinstance(value, A.CallStmt) and isinstance(value.symbol, Symbol):
                self.called.setdefault(id(value.symbol), value.symbol)
            stack.append(_Close())
            stack.extend(reversed(items))
        elif isinstance(value, Mapping):
            raise TypeError("mappings are rendered by the obligation itself")
        else:
            raise TypeError(f"cannot fingerprint a {type(value).__name__}")

    def symbol(self, symbol) -> None:
        if symbol is None:
            self.emit("sym:none")
            return
        if not isinstance(symbol, Symbol):
            self.emit(f"sym:{type(symbol).__name__}")
            return
        number = self.symbols.get(id(symbol))
        if number is None:
            number = self.symbols[id(symbol)] = len(self.symbol_list)
            self.symbol_list.append(symbol)
            scope = symbol.scope.name if symbol.scope is not None else "-"
            kind = symbol.type.name if symbol.type is not None else "-"
            self.emit(f"sym#{number}:{symbol.kind.name}:{symbol.name}:{kind}:{scope}")
        else:
            self.emit(f"sym#{number}")


class _Close:
    __slots__ = ()


class _Symbol:
    __slots__ = ("symbol",)

    def __init__(self, symbol) -> None:
        self.symbol = symbol


# ---- remapping a result to new positions -----------------------------------------------

class _Unmappable(Exception):
    pass


def remap(result: ObligationResult, old: Fingerprint, new: Fingerprint, ob: M.Obligation) -> ObligationResult | None:
    """`result` (of the obligation fingerprinted `old`) as the result of `ob` (of which
    only the name, kind and span are read), or None when some position of it cannot be
    carried over."""
    if old.key != new.key or len(old.spans) != len(new.spans):
        return None
    if not result.diagnostics:
        return attrs.evolve(result, name=ob.name, kind=ob.kind.value, span=ob.span)
    table: dict[Span, Span | None] = {}
    for a, b in zip(old.spans, new.spans):
        if a is None:
            continue
        if a in table and table[a] != b:
            table[a] = _AMBIGUOUS
        else:
            table.setdefault(a, b)

    def span(s: Span | None) -> Span | None:
        if s is None:
            return None
        found = table.get(s, _MISSING)
        if found is _MISSING or found is _AMBIGUOUS:
            raise _Unmappable
        return found

    def text(s: str) -> str:
        if old.line is None or new.line is None or old.line == new.line:
            return s
        return re.sub(rf"(?<=@){old.line}\b|(?<=line ){old.line}\b", str(new.line), s)

    def diagnostic(d: Diagnostic) -> Diagnostic:
        return attrs.evolve(
            d, span=span(d.span), message=text(d.message),
            related=tuple(Related(span(r.span), text(r.message)) for r in d.related),
            notes=tuple(text(n) for n in d.notes),
            obligation=ob.name if d.obligation == result.name else d.obligation)

    try:
        diagnostics = tuple(diagnostic(d) for d in result.diagnostics)
    except _Unmappable:
        return None
    return attrs.evolve(result, name=ob.name, kind=ob.kind.value, span=ob.span, diagnostics=diagnostics)


_MISSING = object()
_AMBIGUOUS = Span("", -1, -1, 0, 0, 0, 0)


# ---- the cache ---------------------------------------------------------------------------

@attrs.frozen
class _Entry:
    fingerprint: Fingerprint
    result: ObligationResult
    replays: Mapping = attrs.field(factory=dict)    # the caller's key -> what a run showed


def cacheable(ob: M.Obligation, result: ObligationResult) -> bool:
    if ob.static is not None or result.verdict is Verdict.TIMEOUT:
        return False
    return not any(d.family in ("timeout", "internal") for d in result.diagnostics)


class ObligationCache:
    """Results of proved obligations, least recently used first out.  Thread-safe: the
    language server proves in a worker thread while its event loop reads lens states."""

    def __init__(self, max_entries: int = 4096):
        self.max_entries = max_entries
        self._entries: OrderedDict[str, _Entry] = OrderedDict()
        self._lock = threading.Lock()
        # Fingerprinting a large file's obligations takes a second, and the language
        # server asks for the same obligation's fingerprint for every lens, hover and
        # verification of one version: kept per obligation object while it lives.
        self._fingerprints: dict[int, tuple[weakref.ref, float | None, Fingerprint | None]] = {}
        self.generation = 0            # changes whenever a stored result may have

    def __len__(self) -> int:
        return len(self._entries)

    def fingerprint(self, ob: M.Obligation, timeout: float | None) -> Fingerprint | None:
        """The obligation's fingerprint, or None when it holds something that cannot be
        rendered (a new kind of step this module does not know yet: then it is not cached)."""
        if ob.static is not None:
            return None
        key = id(ob)
        known = self._fingerprints.get(key)
        if known is not None and known[0]() is ob and known[1] == timeout:
            return known[2]
        try:
            fp = fingerprint(ob, timeout)
        except TypeError:
            fp = None
        # The callback runs when the obligation is freed, before its id can be reused;
        # no lock there, since it may run inside a locked section of any thread.
        self._fingerprints[key] = (weakref.ref(ob, lambda _, key=key: self._fingerprints.pop(key, None)),
                                   timeout, fp)
        return fp

    def lookup(self, ob: M.Obligation, timeout: float | None,
               fp: Fingerprint | None = None) -> ObligationResult | None:
        """The stored result for an obligation that means the same, at ob's positions."""
        fp = fp or self.fingerprint(ob, timeout)
        if fp is None:
            return None
        with self._lock:
            entry = self._entries.get(fp.key)
            if entry is not None:
                self._entries.move_to_end(fp.key)
        result = remap(entry.result, entry.fingerprint, fp, ob) if entry is not None else None
        return result

    def peek(self, ob: M.Obligation, timeout: float | None,
             fp: Fingerprint | None = None) -> ObligationResult | None:
        """lookup without refreshing the entry (for status displays).  With
        `fp`, `ob` needs only the name, kind and span of the obligation it fingerprints."""
        fp = fp or self.fingerprint(ob, timeout)
        if fp is None:
            return None
        with self._lock:
            entry = self._entries.get(fp.key)
        return remap(entry.result, entry.fingerprint, fp, ob) if entry is not None else None

    def replays(self, ob: M.Obligation, timeout: float | None) -> Mapping:
        """The replays kept with the obligation's stored result (none without one)."""
        fp = self.fingerprint(ob, timeout)
        if fp is None:
            return {}
        with self._lock:
            entry = self._entries.get(fp.key)
        return entry.replays if entry is not None else {}

    def keep_replays(self, ob: M.Obligation, timeout: float | None, replays: Mapping) -> None:
        """Keep `replays` with the obligation's stored result, instead of those kept before
        (there is nothing to keep them with when its result was not stored)."""
        fp = self.fingerprint(ob, timeout)
        if fp is None:
            return
        with self._lock:
            entry = self._entries.get(fp.key)
            if entry is not None:
                self._entries[fp.key] = attrs.evolve(entry, replays=dict(replays))

    def forget(self, ob: M.Obligation, timeout: float | None, fp: Fingerprint | None = None) -> None:
        """Drop the result of an obligation, so that the next check proves it again."""
        fp = fp or self.fingerprint(ob, timeout)
        if fp is not None:
            with self._lock:
                self._entries.pop(fp.key, None)
                self.generation += 1

    def store(self, ob: M.Obligation, timeout: float | None, result: ObligationResult,
              fp: Fingerprint | None = None) -> None:
        if not cacheable(ob, result):
            return
        fp = fp or self.fingerprint(ob, timeout)
        if fp is None:
            return
        with self._lock:
            self._entries[fp.key] = _Entry(fp, result)
            self._entries.move_to_end(fp.key)
            self.generation += 1
            while len(self._entries) > self.max_entries:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self.generation += 1
