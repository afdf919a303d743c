"""The engine of one obligation: its solver, term builders, and the checks it reports.

A check proves a goal under the current path; when Z3 finds a counterexample the engine
records a located diagnostic with a note built from the model, when Z3 gives up it
looks for a conflict between two threads (conflicts.py), a failure if it finds one, and
otherwise records a `timeout.solver` diagnostic (worded by unknowns.py).  Either way the
goal is then assumed, so one mistake does not drown the rest of the obligation in
follow-up errors.
"""
from __future__ import annotations

import contextlib
import time
from typing import TYPE_CHECKING

import attrs
import z3

from ... import diagnostics as D
from ...diagnostics import Related
from ..explanation.counterexample import Failures, Point, describe, place
from ..explanation.smallest import smallest
from ..solver.solver import VACUITY_RLIMIT, Answer, Outcome, Solver
from .functions import FunctionTable
from .state import Permissions, Terms
from .sums import Sums
from ..explanation.unknowns import wording

if TYPE_CHECKING:
    from ..explanation.race_notes import RaceNotes


@attrs.frozen
class Origin:
    """Where an assumption comes from, to name it when assumptions contradict each other.
    `kind` is a key of VACUITY_CODES, "branch" or "failed"; `span` is the clause (or
    condition) assumed; `site` is where a contradiction it completes is reported (the
    call, barrier, loop or statement)."""
    kind: str
    span: object
    label: str
    site: object = None

    @property
    def where(self):
        return self.site if self.site is not None else self.span


# The kinds of origin that assume a contract or a user's fact, with their error codes;
# a path made contradictory by one of them is vacuous.  The others: "branch" (a path
# condition: a branch dead because of its own condition is pruned, not reported) and
# "failed" (the goal of a failed check, assumed once reported: already an error).
VACUITY_CODES = {
    "context": "vacuity.context",
    "definition": "vacuity.context",
    "precondition": "vacuity.precondition",
    "call": "vacuity.call",
    "barrier": "vacuity.barrier",
    # An invariant that contradicts what holds before its loop fails loop.establish
    # first, which suppresses the vacuity report; should one be named all the same, it
    # is a contradiction of what the obligation starts from.
    "loop": "vacuity.precondition",
    "assume": "vacuity.assume",
    # The kernel's value invariant is part of the kernel's precondition (invariants.py).
    "invariant": "vacuity.precondition",
}


# What an obligation assumes of its own, beyond the kernel's context and definitions.
_OWN = {"precondition", "call", "barrier", "loop", "assume", "invariant"}


@attrs.frozen
class Watch:
    """A named term shown in counterexamples (sizes, ids, locals)."""
    name: str
    term: object


class Engine:
    """Everything is given: the world of an obligation is declared before its engine (the
    order in which terms and functions are made decides the models Z3 gives, and so the
    counterexamples shown), so whoever declares it builds the engine last, from its parts."""

    def __init__(self, obligation_name: str, solver: Solver, t: Terms, functions: FunctionTable,
                 race_notes: RaceNotes | None, *, watches: tuple[Watch, ...] = (), span=None,
                 checks_context: bool = True, point: Point | None = None):
        """`solver` and `t`: one Z3 context; `race_notes`: notes on failed checks, None
        where no check has another thread to blame (a scratch engine, the races walk);
        `watches`: the terms shown in counterexamples (sizes, ids, parameters)."""
        self.name = obligation_name
        self.solver = solver
        self.t = t
        self.functions = functions
        self.race_notes = race_notes
        self.perms = Permissions(self.t)
        # The \sum functions met (sums.py), their axioms assumed as definitions.
        self.sums = Sums(self.t, solver, lambda span: Origin("definition", span, "the definition of a \\sum"))
        self.diagnostics: list[D.Diagnostic] = []
        self.watches = watches
        self.timed_out = False
        self.lengths: dict = {}        # array symbol -> length term
        self.ranges: dict = {}         # array symbol -> (lo, hi) its cells hold (C arrays)
        self.length_text: dict = {}    # array symbol -> length as written, for messages
        self.vacuity_reported = False
        self.span = span               # the obligation's construct, where nothing better is known
        # Whether this obligation checks the kernel's context and the function definitions
        # for contradictions even when it assumes nothing else (one obligation per
        # kernel or function does; the others would repeat it).
        self.checks_context = checks_context
        # For counterexample notes: where the values of a check are from (moved on by
        # exec), the constants made at a program point (id -> (term, where)), the failures so far.
        self.point = point
        self.born: dict[int, tuple] = {}
        self.failures = Failures()

    def assume(self, *facts) -> None:
        self.solver.add(*facts)

    @contextlib.contextmanager
    def assuming(self, origin: Origin):
        """Every assumption made inside is recorded as coming from `origin`."""
        saved = self.solver.origin
        self.solver.origin = origin
        try:
            yield
        finally:
            self.solver.origin = saved

    def vacuity(self, effort: int = 0) -> bool:
        """At the end of a path (or where every way on from it was pruned): if the
        path's assumptions contradict each other, everything on it was proved vacuously.
        Report that (`vacuity.*`, naming the clauses of an unsat core) unless the
        contradiction is explained by a branch condition or an error already reported.
        One report per obligation: it fails anyway.  True when the path is vacuous."""
        if self.vacuity_reported:
            return False
        if not self.checks_context and not effort and \
                not any(o is not None and o.kind in _OWN for _, _, o in self.solver.log):
            return False         # only the kernel's context here: its thread obligation checks that
        origins = self.solver.contradiction(effort)
        if origins is None:
            return False
        if any(o.kind == "failed" for o in origins):
            return True
        named = [o for o in origins if o.kind != "branch"]
        if origins and origins[-1].kind == "branch":
            return True          # dead because of its own condition
        if named:
            last = named[-1]
            code, where = VACUITY_CODES[last.kind], last.where
            message = (f"vacuous: {last.label} contradicts what is assumed before it, so everything after it "
                       f"would be proved; nothing here counts as verified")
            if len(named) == 1:
                message = (f"vacuous: {last.label} can never hold here, so everything after it "
                           f"would be proved; nothing here counts as verified")
        else:
            code, where = "vacuity.precondition", self.span
            message = ("vacuous: the permissions assumed here cannot all be held at once, so everything "
                       "would be proved; nothing here counts as verified")
        related = tuple(Related(o.span, f"assumed here: {o.label}") for o in named
                        if o.span is not None and (len(named) > 1 or o.span != where))
        self.vacuity_reported = True
        self.report(D.error(code, where, message, related=related, obligation=self.name))
        return True

    def check(self, goal, code: str, span, message: str, guards=(), related=(), store=None, race=None,
              quick: float | None = None) -> bool:
        """Prove `guards ==> goal`; report a diagnostic when that may fail.  `race`
        (rivals.RivalAccess or Overlap) says how a failure may be a conflict between threads.
        `quick` (seconds): a question of arithmetic that the path's quantified facts can
        only slow down; when the path gives no answer within `quick`, the world's facts
        alone are asked (fewer assumptions: a proof there is a proof on the path), and
        only then the path again, for the time that is left."""
        full = z3.Implies(self.t.conj(guards), goal) if guards else goal
        started = time.monotonic()
        answer = self.solver.prove(full, budget=quick)
        if quick is not None and answer.outcome is Outcome.UNKNOWN:
            if self.solver.prove_side(full, quick):
                return True
            answer = self.solver.prove(full)
        searched = False
        if answer.outcome is Outcome.UNKNOWN and race is not None and self.race_notes is not None:
            # Undecided: a conflict between two threads at a small size, confirmed by a
            # model of the whole path, is a counterexample like any other (conflicts.py).
            searched, model = self.race_notes.settle(race, full)
            if model is not None:
                answer = Answer(Outcome.FAILED, model)
        caveat = None
        if answer.outcome is Outcome.FAILED:
            # A model found without the definitions is checked against them (and may
            # give way to a proof or a better model).  Loaded here: a check that
            # proves everything needs none of the interpreter's evaluation.
            from ..explanation.concrete import SUMS_CAVEAT, settle
            answer, caveat = settle(self, full, answer)
            # A model that may break a pure function's definition is shown as found; one
            # that may break only the facts of \sum is shrunk like any other.
            if answer.outcome is Outcome.FAILED and caveat in (None, SUMS_CAVEAT):
                # The note's launch as small as the failure allows (smallest.py).
                answer = attrs.evolve(answer, model=smallest(self, full, answer.model))
        if answer.outcome is Outcome.PROVED:
            if answer.effort > VACUITY_RLIMIT:
                # A hard-won proof may have found a contradiction that the routine
                # vacuity checks, with their small budget, do not: look again, as hard.
                self.vacuity(effort=2 * answer.effort)
            return True
        if answer.outcome is Outcome.FAILED:
            notes = describe(answer.model, self.watches, store, full, engine=self, caveat=caveat)
            related = (*related, *place(self.point, span, related))
            found = self.race(race, answer.model)
            if found is not None:
                notes += (found.note,)
                related = (*related, *found.related)
            diagnostic = D.error(code, span, message, related=tuple(related), notes=notes, obligation=self.name)
            self.failures.report(self, diagnostic)
        elif answer.reason == "timeout" and self.timed_out:
            pass    # the obligation's time is up: its first unknown check already says so
        else:
            self.timed_out = True
            text, notes = wording(message, answer.reason, searched, late=started >= self.solver.deadline)
            self.report(D.error("timeout.solver", span, text, related=tuple(related), notes=notes,
                                obligation=self.name))
        with self.assuming(Origin("failed", span, "a check reported as failed")):
            self.assume(full)
        return False

    def race(self, race, model):
        """How a failed check is a conflict between threads (race_notes.Explanation), if the
        model shows one."""
        if race is None or self.race_notes is None:
            return None
        return self.race_notes.explain(race, model)

    def report(self, diagnostic: D.Diagnostic) -> None:
        if diagnostic not in self.diagnostics:
            self.diagnostics.append(diagnostic)
