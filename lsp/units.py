"""The obligations of a document for its lenses and hovers, declaration by declaration,
kept across edits.

Lenses and hovers need every obligation of the text with its fingerprint, to look its
result up in the cache; a 2,000-line file's take a second or two to generate and
fingerprint, and an edit changes one declaration.  So what the lenses need of each
declaration's obligations (`Entry`) is kept under a key of everything they are made of:

- In the language a file holds only pure functions and kernels; a kernel's obligations
  are made of its own text and of the functions it may call (their definitions, and their
  names and types, by which its calls are resolved and typed).  The key is the
  declaration's text and the texts, in program order, of every function whose name occurs
  in it or, again, in the text of such a function (a superset of what it calls).  A
  function's obligation likewise.  An edit of a function used by two kernels changes the
  key of both.
- A declaration whose key is kept but which moved gets the kept obligations with their
  positions moved: every span of them lies in the declaration or in a function of its
  key (checked when they are generated), and each of those moved as a whole, by some
  characters and lines.  If one now starts at another column (its first line changed
  before it), or a span lay elsewhere, the declaration is generated again.
- A C file is mapped with what the whole file says (macros, memory at file scope,
  whether any kernel names a y or z id): its declarations are generated every time.

Verification does not rest on this: it proves the obligations generated from the text
itself, with their own fingerprints (`Snapshot.obligations`, declaration by declaration,
so the declarations generated here are not generated twice).
"""
from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Sequence

import attrs

from vercors_py import diagnostics as D
from vercors_py.cache import Fingerprint, ObligationCache
from vercors_py.obligations import generate
from vercors_py.obligations import model as M
from vercors_py.source import Span
from vercors_py.syntax import ast as A

from . import languages

_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")     # a NAME of grammar/kernel.lark


@attrs.frozen
class Entry:
    """An obligation as lenses and hovers see it, in the positions of one text."""
    name: str
    kind: M.Kind
    span: Span | None
    kernel: A.Kernel | None          # of that text
    static: tuple[D.Diagnostic, ...] | None
    fingerprint: Fingerprint | None


def declarations(checked) -> tuple:
    """The functions, then the kernels, in program order: generate.obligations' order."""
    return checked.program.functions + checked.program.kernels


def obligations_of(checked, decl) -> list[M.Obligation]:
    if isinstance(decl, A.Function):
        ob = generate.function_obligation(checked, decl)
        return [] if ob is None else [ob]
    return generate.kernel_obligations(checked, next(ck for ck in checked.kernels if ck.kernel is decl))


@attrs.frozen
class _Kept:
    places: tuple[tuple[int, int, int], ...]    # (offset, line, column) of the declaration and its functions
    lengths: tuple[int, ...]
    entries: tuple[Entry, ...]                  # in the positions of then
    movable: bool                               # every span lies in one of those declarations


class Units:
    """The entries of one document's declarations, kept for the next text."""

    def __init__(self) -> None:
        self._kept: dict[tuple, _Kept] = {}
        self.generated: list[str] = []          # the declarations the last call generated

    def entries(self, checked, timeout: float, cache: ObligationCache,
                obligations: Callable[[int], list[M.Obligation]]) -> list[Entry]:
        """The entries of `checked`'s obligations, in generate.obligations' order;
        `obligations(i)` generates those of its i-th declaration (`declarations`)."""
        decls = declarations(checked)
        keys = _keys(checked, decls, timeout)
        kept: dict[tuple, _Kept] = {}
        found: list[Entry] = []
        self.generated = []
        for i, decl in enumerate(decls):
            key, around = keys[i] if keys is not None else (None, ())
            places = tuple(place(d.span) for d in (decl, *around))
            old = self._kept.get(key) if key is not None else None
            moved = _moved(old, places, decl) if old is not None else None
            if moved is None:
                entries = tuple(Entry(ob.name, ob.kind, ob.span, ob.kernel, ob.static, cache.fingerprint(ob, timeout))
                                for ob in obligations(i))
                self.generated.append(decl.name)
                lengths = tuple(d.span.end - d.span.start for d in (decl, *around))
                old = _Kept(places, lengths, entries, _inside(entries, places, lengths))
                moved = list(entries)
            if key is not None:
                kept[key] = old
            found.extend(moved)
        self._kept = kept
        return found


def _keys(checked, decls, timeout) -> list[tuple[tuple, tuple]] | None:
    """Per declaration: its key, and the functions of the key in program order."""
    if languages.of(checked.source.path, checked.source.text).whole_text:
        return None
    text = checked.source.text
    texts = [text[d.span.start:d.span.end] for d in decls]
    functions = checked.program.functions
    index = {f.name: i for i, f in enumerate(functions)}
    named = [{index[w] for w in _WORD.findall(t) if w in index} for t in texts]
    keys = []
    for i, decl in enumerate(decls):
        reach, todo = set(), list(named[i])
        while todo:
            j = todo.pop()
            if j not in reach:
                reach.add(j)
                todo.extend(named[j])          # the functions come first in decls
        around = tuple(functions[j] for j in sorted(reach) if functions[j] is not decl)
        key = (type(decl).__name__, texts[i], tuple(texts[j] for j in sorted(reach) if functions[j] is not decl),
               timeout)
        keys.append((key, around))
    return keys


def place(span: Span) -> tuple[int, int, int]:
    """Where a span starts (offset, line, column): part of a key that must change when
    the text before it moves (lsp/failures.py keys kept runs by it too)."""
    return span.start, span.start_line, span.start_col


def _inside(entries, places, lengths) -> bool:
    regions = [(start, start + length) for (start, _, _), length in zip(places, lengths)]

    def ok(s: Span | None) -> bool:
        return s is None or any(a <= s.start and s.end <= b for a, b in regions)
    return all(ok(e.span) and not e.static and (e.fingerprint is None or all(ok(s) for s in e.fingerprint.spans))
               for e in entries)


def _moved(old: _Kept, places, decl) -> list[Entry] | None:
    """The kept entries in the positions of `places` (None when they cannot be moved)."""
    kernel = decl if isinstance(decl, A.Kernel) else None
    if places == old.places:
        return [attrs.evolve(e, kernel=kernel) for e in old.entries]
    if not old.movable or any(a[2] != b[2] for a, b in zip(old.places, places)):
        return None
    move = _Mover([(a[0], a[0] + n, b[0] - a[0], b[1] - a[1]) for a, b, n in zip(old.places, places, old.lengths)])
    found = []
    for e in old.entries:
        span = move(e.span)
        name = e.name
        if e.span is not None and span.start_line != e.span.start_line:
            name = re.sub(rf"(?<=@){e.span.start_line}\b", str(span.start_line), name)
        fp = e.fingerprint
        if fp is not None:
            fp = Fingerprint(fp.key, _MovedSpans(fp.spans, move), span.start_line if span is not None else None)
        found.append(Entry(name, e.kind, span, kernel, e.static, fp))
    return found


class _Mover:
    """Moves a span of the text then by the shift of the region it lies in."""

    def __init__(self, regions: list[tuple[int, int, int, int]]):    # (start, end, characters, lines)
        self.regions = sorted(regions)
        self.starts = [r[0] for r in self.regions]

    def __call__(self, s: Span | None) -> Span | None:
        if s is None:
            return None
        _, _, chars, lines = self.regions[bisect.bisect_right(self.starts, s.start) - 1]
        if not chars and not lines:
            return s
        return Span(s.path, s.start + chars, s.end + chars, s.start_line + lines, s.start_col,
                    s.end_line + lines, s.end_col)


class _MovedSpans(Sequence):
    """A fingerprint's spans, moved when read: most are never read (only those of a
    cached failure are, to move its diagnostics)."""

    def __init__(self, spans: Sequence, move: _Mover):
        self._spans = spans
        self._move = move

    def __len__(self) -> int:
        return len(self._spans)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self._move(s) for s in self._spans[i]]
        return self._move(self._spans[i])
