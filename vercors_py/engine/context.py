"""The engine of one obligation: its solver, term builders, and the checks it reports.

A check proves a goal under the current path; when Z3 finds a counterexample the engine
records a located diagnostic with a note built from the model, when Z3 gives up it
records a `timeout.solver` diagnostic.  Either way the goal is then assumed, so one
mistake does not drown the rest of the obligation in follow-up errors.
"""
from __future__ import annotations

import attrs
import z3

from .. import diagnostics as D
from .counterexample import describe
from .solver import Outcome, Solver
from .state import Permissions, Terms


@attrs.frozen
class Watch:
    """A named term shown in counterexamples (sizes, ids, locals)."""
    name: str
    term: object


class Engine:
    def __init__(self, obligation_name: str, timeout: float, cancel=None):
        self.name = obligation_name
        self.solver = Solver(timeout, cancel)
        self.t = Terms(self.solver.ctx)
        self.perms = Permissions(self.t)
        self.diagnostics: list[D.Diagnostic] = []
        self.watches: list[Watch] = []
        self.timed_out = False
        self.lengths: dict = {}        # array symbol -> length term
        self.length_text: dict = {}    # array symbol -> length as written, for messages
        self.functions = None          # functions.FunctionTable, set by the runner

    def assume(self, *facts) -> None:
        self.solver.add(*facts)

    def check(self, goal, code: str, span, message: str, guards=(), related=(), store=None) -> bool:
        """Prove `guards ==> goal`; report a diagnostic when that may fail."""
        full = z3.Implies(self.t.conj(guards), goal) if guards else goal
        answer = self.solver.prove(full)
        if answer.outcome is Outcome.PROVED:
            return True
        if answer.outcome is Outcome.FAILED:
            notes = describe(answer.model, self.watches, store, full)
            self.report(D.error(code, span, message, related=tuple(related), notes=notes, obligation=self.name))
        elif answer.reason == "timeout" and self.timed_out:
            pass    # the obligation's time is up: its first unknown check already says so
        else:
            self.timed_out = True
            self.report(D.error("timeout.solver", span,
                                f"the solver could not decide this check ({answer.reason or 'unknown'}); "
                                f"it is not verified: {message[0].lower() + message[1:]}",
                                related=tuple(related), obligation=self.name))
        self.assume(full)
        return False

    def report(self, diagnostic: D.Diagnostic) -> None:
        if diagnostic not in self.diagnostics:
            self.diagnostics.append(diagnostic)
