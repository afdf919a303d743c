"""One Z3 context and solver per obligation: timeouts, fixed seeds, three answers.

Every check returns PROVED, FAILED (with a model) or UNKNOWN (with Z3's reason).  Only
PROVED counts as proved; the callers turn UNKNOWN into `timeout.*` diagnostics.
The assertion stack mirrors the symbolic execution: push at a branch, pop after it.
"""
from __future__ import annotations

import enum
import time

import attrs
import z3

SEED = 0
FEASIBILITY_BUDGET = 0.02     # seconds
MBQI_ITERATIONS = 1000           # Z3's default
QUICK_MBQI_ITERATIONS = 10
RETRY_BUDGET = 1.0               # seconds
CANDIDATE_BUDGET = 0.2        # seconds, for trying an inverse of a quantified index


class Outcome(enum.Enum):
    PROVED = "proved"
    FAILED = "failed"
    UNKNOWN = "unknown"


@attrs.frozen
class Answer:
    outcome: Outcome
    model: object = None          # z3.ModelRef when FAILED
    reason: str = ""              # Z3's reason when UNKNOWN


class Cancelled(Exception):
    """The check was interrupted from outside (the language server's cancel)."""


class Solver:
    def __init__(self, timeout: float, cancel=None):
        self.ctx = z3.Context()
        self.solver = z3.Solver(ctx=self.ctx)
        self.solver.set("random_seed", SEED)
        self.solver.set("smt.random_seed", SEED)
        self.solver.set("smt.mbqi.max_iterations", MBQI_ITERATIONS)
        self.deadline = time.monotonic() + timeout
        self.cancel = cancel          # an object with .is_set(), e.g. threading.Event
        self.checks = 0
        self.definitions = None       # the literal that switches function definitions on

    # ---- the assertion stack ----
    def add(self, *facts) -> None:
        self.solver.add(*facts)

    def push(self) -> None:
        self.solver.push()

    def pop(self) -> None:
        self.solver.pop()

    # ---- checks ----
    def _check(self, *assumptions, budget: float | None = None) -> tuple[z3.CheckSatResult, str]:
        if self.cancel is not None and self.cancel.is_set():
            raise Cancelled()
        remaining = self.deadline - time.monotonic()
        if remaining <= 0:
            return z3.unknown, "timeout"
        if budget is not None:
            remaining = min(remaining, budget)
        self.solver.set("timeout", max(1, int(remaining * 1000)))
        self.checks += 1
        result = self.solver.check(*assumptions)
        if result == z3.unknown:
            reason = self.solver.reason_unknown()
            if self.cancel is not None and self.cancel.is_set():
                raise Cancelled()
            return result, reason
        return result, ""

    def add_definitions(self, *axioms) -> None:
        """Definitional axioms of recursive functions.  They are switched by a literal:
        on when proving, off when a first attempt gave no answer and a counterexample is
        sought (the solver can rarely build a model of a recursive definition)."""
        if self.definitions is None:
            self.definitions = z3.Bool("definitions!", self.ctx)
        self.add(*(z3.Implies(self.definitions, a) for a in axioms))

    def prove(self, goal, budget: float | None = None) -> Answer:
        """Is `goal` valid under the current assertions?  A `budget` (seconds) caps the
        time of this one check, for optional work such as trying a candidate."""
        if z3.is_true(goal):
            return Answer(Outcome.PROVED)
        self.push()
        try:
            self.add(z3.Not(goal))
            if self.definitions is None:
                return self._answer(*self._check(budget=budget))
            return self._prove_with_definitions(budget)
        finally:
            self.pop()

    def _answer(self, result, reason: str) -> Answer:
        if result == z3.unsat:
            return Answer(Outcome.PROVED)
        if result == z3.sat:
            return Answer(Outcome.FAILED, self.solver.model())
        return Answer(Outcome.UNKNOWN, reason=reason)

    def _prove_with_definitions(self, budget: float | None) -> Answer:
        """Recursive definitions help proofs but defeat model finding (a model would have
        to interpret the whole recursive function).  So: a quick attempt with them; if it
        gives no answer, look for a counterexample without them; if one exists, give the
        definitions a last, longer chance to refute it."""
        on = self.definitions
        self.solver.set("smt.mbqi.max_iterations", QUICK_MBQI_ITERATIONS)
        result, reason = self._check(on, budget=budget)
        self.solver.set("smt.mbqi.max_iterations", MBQI_ITERATIONS)
        if result != z3.unknown:
            return self._answer(result, reason)
        result, reason = self._check(budget=budget)
        if result != z3.sat:
            return self._answer(result, reason)
        model = self.solver.model()
        retry, _ = self._check(on, budget=min(budget or RETRY_BUDGET, RETRY_BUDGET))
        if retry == z3.unsat:
            return Answer(Outcome.PROVED)
        return Answer(Outcome.FAILED, model, reason="the counterexample ignores the definitions of recursive functions")

    def feasible(self, condition=None) -> bool:
        """Can the current path (plus `condition`) happen?  Unknown counts as yes, so a
        path is only ever skipped when it is certainly infeasible.  Showing that a path
        is possible may need a model of quantified axioms, which is costly, while the
        contradictions worth pruning are found fast: hence the small budget."""
        if condition is not None and z3.is_false(condition):
            return False
        result, _ = self._check(*(() if condition is None else (condition,)), budget=FEASIBILITY_BUDGET)
        return result != z3.unsat

    def interrupt(self) -> None:
        self.ctx.interrupt()
