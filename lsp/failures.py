"""The diagnostics a verification publishes: the obligations' failures, each related to
the construct its obligation is about, and each failure with a counterexample run at its
sizes (`check --replay`), whose run's places (the other thread's access of a race)
become related places; what the run showed goes to the hover.

A run takes a second or more, and a save with nothing changed takes every result from
the obligation cache, so what a run showed is kept with the result it explains
(`ObligationCache.keep_replays`).  A run reads more than the obligation, though: the
whole kernel the failure is in (a barrier's functional obligation fails, the run
executes `main`) and the pure functions, and its report names places and lines of that
text.  So a kept run is used only for the same failure (place, message, counterexample)
in a kernel of the same text at the same place, with the same functions.
"""
from __future__ import annotations

import hashlib

import attrs

from vercors_py import diagnostics as D
from vercors_py import service
from vercors_py.results import FileResult, ObligationResult

from . import languages
from .units import place


@attrs.frozen
class Published:
    diagnostics: tuple[D.Diagnostic, ...]
    replays: dict            # a published failure -> what running it showed
    ran: int                 # failures run now (the others' runs were kept)


def shown(r: ObligationResult) -> list[D.Diagnostic]:
    """An obligation's diagnostics, each related to the construct the obligation is about
    when that is elsewhere (a barrier's postcondition to its barrier, a level's to the
    level contract)."""
    found = []
    for d in r.diagnostics:
        if r.span is not None and d.span != r.span and all(x.span != r.span for x in d.related):
            checked_by = D.Related(r.span, f"checked by the {r.kind} obligation {r.name}")
            d = attrs.evolve(d, related=d.related + (checked_by,))
        found.append(d)
    return found


def published(result: FileResult, obligations, analysis: service.Analysis, cache, timeout: float,
              cancel=None) -> Published:
    """The diagnostics to publish for `result`, the verification of `obligations` (with
    `cache` and `timeout`) of `analysis`: the failures of the solver's obligations
    (lock-step's are the fast checks') and faults of the tool.  Raises
    engine.solver.Cancelled once `cancel` is set, between two runs."""
    by_name = {ob.name: ob for ob in obligations}
    context = _Contexts(analysis)
    groups = []                                   # (obligation, its shown diagnostics, what is kept)
    for r in result.obligations:
        if r.kind == "lock-step":
            continue
        ob = by_name.get(r.name)
        groups.append((ob, shown(r), cache.replays(ob, timeout) if ob is not None else {}))
    todo = list(dict.fromkeys(d for _, ds, kept in groups for d in ds if (context.of(d), d) not in kept))
    runs = dict(zip(todo, service.replay_diagnostics(analysis, todo, cancel=cancel)))
    found, replays = [], {}
    for ob, ds, kept in groups:
        mine = {}
        for d in ds:
            key = (context.of(d), d)
            r = mine[key] = kept[key] if key in kept else runs[d]
            if r.notes != d.notes:
                d = attrs.evolve(d, related=r.related)
                replays[d] = r.notes[-1]
            found.append(d)
        if ob is not None and ds:
            cache.keep_replays(ob, timeout, mine)
    found.extend(d for d in result.diagnostics if d.family == "internal")
    ran = sum(1 for d in todo if runs[d].notes != d.notes)
    return Published(tuple(found), replays, ran)


class _Contexts:
    """What the run of a failure reads besides the failure: the kernel it is in (its
    text and place) and every pure function (text and place), as one digest per kernel.
    A C kernel is mapped with what the whole file says (macros, memory at file scope,
    whether any kernel names a y or z id), so there the digest is of the whole text."""

    def __init__(self, analysis: service.Analysis):
        self.text = analysis.source.text
        program = analysis.program if analysis.checked is not None else None
        self.kernels = program.kernels if program is not None else ()
        self._functions = None if program is None else \
            [(place(f.span), self.text[f.span.start:f.span.end]) for f in program.functions]
        self._whole = languages.of(analysis.source.path, analysis.source.text).whole_text
        self._digests: dict[int, str] = {}

    def of(self, d: D.Diagnostic) -> str | None:
        if d.span is None:
            return None
        for i, k in enumerate(self.kernels):
            if k.span.start <= d.span.start < k.span.end:
                if i not in self._digests:
                    read = self.text if self._whole else \
                        (place(k.span), self.text[k.span.start:k.span.end], self._functions)
                    h = hashlib.sha256(repr(read).encode("utf-8", "surrogatepass"))
                    self._digests[i] = h.hexdigest()
                return self._digests[i]
        return None
