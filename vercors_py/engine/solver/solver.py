"""One Z3 context and solver per obligation: timeouts, fixed seeds, three answers.

Every check returns PROVED, FAILED (with a model) or UNKNOWN (with Z3's reason).  Only
PROVED counts as proved; the callers turn UNKNOWN into `timeout.*` diagnostics.
The assertion stack mirrors the symbolic execution: push at a branch, pop after it.
"""
from __future__ import annotations

import enum
import threading
import time

import attrs
import z3

# Z3 reports problems through our answers; it must never print to the user's terminal.
z3.set_param("warning", False)

SEED = 0
# Optional checks are bounded in Z3's resource units (about two million a second here), so
# that their answers, and the solver's state after them, do not depend on the machine's
# speed or load: a check cut by the clock at a different moment leaves other phases and
# activities behind, and the checks after it find other counterexamples.  The seconds
# are only a safety net, several times what the units take.
FEASIBILITY_RLIMIT = 40_000
FEASIBILITY_BUDGET = 0.2      # seconds
MBQI_ITERATIONS = 1000           # Z3's default
QUICK_MBQI_ITERATIONS = 10
RETRY_RLIMIT = 2_000_000
RETRY_BUDGET = 5.0               # seconds
# The first two attempts of a check with helper facts, in Z3's resource units: with the
# helpers (a quarter of a second here; four times what the proofs of examples/ and
# tests/data/ take at most), then without them (about a second).  Helpers can send the
# solver into a long matching chain where the check needs none of them, and without a
# cap that attempt alone would spend the obligation's whole time.
HELPERS_RLIMIT = 150_000
PLAIN_RLIMIT = 600_000
CANDIDATE_RLIMIT = 400_000     # for trying an inverse of a quantified index
CANDIDATE_BUDGET = 2.0        # seconds
# For asking whether a path's assumptions are consistent: Z3's resource units rather than
# seconds (about a tenth of a second here), so that the answer, and the solver's state
# after it, do not depend on the machine's speed or load.
VACUITY_RLIMIT = 200_000
# Reading Z3's statistics costs more than most checks, so the effort of a check is only
# read when it took longer than this (seconds), far less than VACUITY_RLIMIT takes.
EFFORT_HINT = 0.01


class Outcome(enum.Enum):
    PROVED = "proved"
    FAILED = "failed"
    UNKNOWN = "unknown"


@attrs.frozen
class Answer:
    outcome: Outcome
    model: object = None          # z3.ModelRef when FAILED
    reason: str = ""              # Z3's reason when UNKNOWN
    effort: int = 0               # Z3's resource units the check took


class Cancelled(Exception):
    """The check was interrupted from outside (the language server's cancel)."""


class CancelToken:
    """Cancels the obligations that run with it, from any thread: the flag is seen
    between checks, and the check in flight is interrupted inside Z3."""

    def __init__(self) -> None:
        self._event = threading.Event()
        self._lock = threading.Lock()
        self._contexts: set = set()

    def is_set(self) -> bool:
        return self._event.is_set()

    def cancel(self) -> None:
        self._event.set()
        with self._lock:
            for ctx in self._contexts:
                ctx.interrupt()

    def register(self, ctx) -> None:
        with self._lock:
            self._contexts.add(ctx)
            if self._event.is_set():
                ctx.interrupt()

    def unregister(self, ctx) -> None:
        with self._lock:
            self._contexts.discard(ctx)


class Solver:
    def __init__(self, timeout: float, cancel=None):
        # A fresh context per obligation: Z3's search depends on the order terms were
        # made in, so a shared one would make results depend on what was proved before.
        self.ctx = z3.Context()
        self.solver = z3.Solver(ctx=self.ctx)
        self.solver.set("random_seed", SEED)
        self._side = None             # built on first use: most obligations never need it
        self._base: list = []
        self.deadline = time.monotonic() + timeout
        self.cancel = cancel          # a CancelToken, or None
        self.checks = 0
        self.depth = 0                # scopes pushed
        self.proved: dict[int, tuple] = {}   # id of a goal proved on this path -> (scope, goal)
        self.helpers = None           # the literal that switches helper facts on
        self.definitions = False      # whether the helpers include function definitions
        # Every assumption on the current path with where it came from (an origin, or
        # None for the world's own facts), so that a contradiction can be explained.
        self.origin = None
        self.log: list[tuple[int, object, object]] = []     # (depth, fact, origin)
        self._effort_read = 0         # Z3's resource count when last read
        self._literals: dict = {}     # origin -> literal, for the vacuity checks
        self._implications: dict = {}

    # ---- the assertion stack ----
    def add(self, *facts) -> None:
        self.solver.add(*facts)
        self._record(facts, self.origin)

    def _record(self, facts, origin) -> None:
        self.log.extend((self.depth, f, origin) for f in facts)

    def add_base(self, *facts, origin=None) -> None:
        """Facts of the obligation's world (sizes, ids, context_everywhere): asserted,
        and also given to the side solver that `prove_side` uses."""
        self.solver.add(*facts)
        self._record(facts, origin)
        self._base.extend(facts)
        if self._side is not None:
            self._side.add(*facts)

    @property
    def side(self) -> z3.Solver:
        if self._side is None:
            self._side = z3.Solver(ctx=self.ctx)
            self._side.set("random_seed", SEED)
            self._side.add(*self._base)
        return self._side

    def prove_side(self, goal, budget: float) -> bool:
        """Prove `goal` from the world's facts alone, away from the path's quantified
        facts (which can only slow down a question of arithmetic).  Fewer assumptions,
        so a proof here is a proof on the path too."""
        self.side.push()
        try:
            self.side.add(z3.Not(goal))
            remaining = min(budget, self.deadline - time.monotonic())
            if remaining <= 0:
                return False
            self.side.set("timeout", max(1, int(remaining * 1000)))
            self.side.set("rlimit", CANDIDATE_RLIMIT)
            return self.side.check() == z3.unsat
        finally:
            self.side.pop()

    def push(self) -> None:
        self.solver.push()
        self.depth += 1

    def pop(self) -> None:
        self.solver.pop()
        self.depth -= 1
        while self.log and self.log[-1][0] > self.depth:
            self.log.pop()
        # Goals proved inside the scope just left are not known outside it.
        self.proved = {key: entry for key, entry in self.proved.items() if entry[0] <= self.depth}

    # ---- checks ----
    def _check(self, *assumptions, budget: float | None = None, rlimit: int = 0) -> tuple[z3.CheckSatResult, str]:
        if self.cancel is not None and self.cancel.is_set():
            raise Cancelled()
        remaining = self.deadline - time.monotonic()
        if remaining <= 0:
            return z3.unknown, "timeout"
        if budget is not None:
            remaining = min(remaining, budget)
        self.solver.set("timeout", max(1, int(remaining * 1000)))
        self.solver.set("rlimit", rlimit)
        self.checks += 1
        result = self.solver.check(*assumptions)
        if result == z3.unknown:
            reason = self.solver.reason_unknown()
            if self.cancel is not None and self.cancel.is_set():
                raise Cancelled()
            return result, reason
        return result, ""

    def add_helpers(self, *facts, redundant: bool) -> None:
        """Facts that help proofs but defeat model finding: definitions of recursive
        functions (a model would have to interpret the whole function) and `redundant`
        instances of facts already asserted.  A literal switches them: on when proving,
        off when a first attempt gave no answer and a counterexample is sought."""
        if not facts:
            return
        if self.helpers is None:
            self.helpers = z3.Bool("helpers!", self.ctx)
        self.definitions = self.definitions or not redundant
        self.solver.add(*(z3.Implies(self.helpers, f) for f in facts))
        if not redundant:
            # Redundant instances add nothing to what can be refuted, only quantifiers
            # for the vacuity checks' model search to satisfy.
            self._record(facts, self.origin)

    def prove(self, goal, budget: float | None = None) -> Answer:
        """Is `goal` valid under the current assertions?  A `budget` (seconds) caps the
        time of this one check, for optional work such as trying a candidate."""
        if z3.is_true(goal) or goal.get_id() in self.proved:
            return Answer(Outcome.PROVED)
        started = time.monotonic()
        self.push()
        try:
            self.solver.add(z3.Not(goal))
            if self.helpers is None:
                answer = self._answer(*self._check(budget=budget))
            else:
                answer = self._prove_with_helpers(budget)
        finally:
            self.pop()
        if time.monotonic() - started > EFFORT_HINT:
            # What the solver used since it was last read: this check, and any cheap
            # ones since.
            total = self._effort()
            answer = attrs.evolve(answer, effort=total - self._effort_read)
            self._effort_read = total
        if answer.outcome is Outcome.PROVED:
            # Z3 shares equal terms, so the same check later on this path has the same id.
            # The goal is kept alive with its id: Z3 reuses the ids of freed terms.
            self.proved[goal.get_id()] = (self.depth, goal)
        return answer

    def _effort(self) -> int:
        """Z3's resource units used by this solver so far."""
        stats = self.solver.statistics()
        for i in range(len(stats)):
            if stats[i][0] == "rlimit count":
                return stats[i][1]
        return 0

    def _answer(self, result, reason: str) -> Answer:
        if result == z3.unsat:
            return Answer(Outcome.PROVED)
        if result == z3.sat:
            return Answer(Outcome.FAILED, self.solver.model())
        return Answer(Outcome.UNKNOWN, reason=reason)

    def _prove_with_helpers(self, budget: float | None) -> Answer:
        """A quick attempt with the helpers; if it gives no answer, one without them,
        which either proves the goal or looks for a counterexample; if that gives no
        answer either, the helpers get the time that is left.  A model without redundant
        instances is a model with them; one without function definitions may give a
        function impossible values, so the definitions get a last chance to refute it."""
        on = self.helpers
        self.solver.set("smt.mbqi.max_iterations", QUICK_MBQI_ITERATIONS)
        result, reason = self._check(on, budget=budget, rlimit=HELPERS_RLIMIT)
        self.solver.set("smt.mbqi.max_iterations", MBQI_ITERATIONS)
        if result != z3.unknown:
            return self._answer(result, reason)
        result, reason = self._check(budget=budget, rlimit=PLAIN_RLIMIT)
        if result == z3.unknown:
            return self._answer(*self._check(on, budget=budget))
        if result != z3.sat:
            return self._answer(result, reason)
        # A copy: the retry below runs the same solver again, for as long as its time
        # allows, and must not change the counterexample that is reported.
        model = self.solver.model().translate(self.ctx)
        if not self.definitions:
            return Answer(Outcome.FAILED, model)
        retry, _ = self._check(on, budget=min(budget or RETRY_BUDGET, RETRY_BUDGET), rlimit=RETRY_RLIMIT)
        if retry == z3.unsat:
            return Answer(Outcome.PROVED)
        return Answer(Outcome.FAILED, model, reason="the counterexample ignores the definitions of recursive functions")

    def search(self, goal, facts, rlimit: int, prefer=None) -> Answer:
        """A counterexample to `goal` with `facts` added and the helpers left to the
        solver, within `rlimit` resource units per attempt; the facts are ground
        instances of the function definitions (concrete.py), so a search without a model
        proves `goal`.  For a model found without the definitions that gives a function
        impossible values.  `prefer` (a formula: small values, say) is tried first, then
        dropped.

        On a solver of its own, built from the path's assertions: the path's solver has
        just spent a time-limited attempt, and what that taught it depends on the
        machine's load, so its models would too (and a search there would change the
        proofs that follow)."""
        if self.cancel is not None and self.cancel.is_set():
            raise Cancelled()
        remaining = self.deadline - time.monotonic()
        if remaining <= 0:
            return Answer(Outcome.UNKNOWN, reason="timeout")
        s = z3.Solver(ctx=self.ctx)
        s.set("random_seed", SEED)
        s.set("rlimit", rlimit)
        s.set("timeout", max(1, int(remaining * 1000)))
        s.add(*self.solver.assertions())
        s.add(z3.Not(goal), *facts)
        result = z3.unknown
        if prefer is not None:
            literal = z3.Bool("prefer!", self.ctx)
            s.add(z3.Implies(literal, prefer))
            self.checks += 1
            result = s.check(literal)
            if result == z3.unsat and not any(c.eq(literal) for c in s.unsat_core()):
                return Answer(Outcome.PROVED)
        if result != z3.sat:
            self.checks += 1
            result = s.check()
        if self.cancel is not None and self.cancel.is_set():
            raise Cancelled()
        if result == z3.sat:
            return Answer(Outcome.FAILED, s.model())
        if result == z3.unsat:
            return Answer(Outcome.PROVED)
        return Answer(Outcome.UNKNOWN, reason=s.reason_unknown())

    def contradiction(self, effort: int = 0) -> list | None:
        """If the path's assumptions (function definitions included) certainly
        contradict each other: the origins of a subset that does (an unsat core), in
        the order they were first assumed; facts without an origin are always in.  None
        when they do not, or when the solver cannot tell: this check only adds errors.

        It runs on solvers of their own, built from the log: a check on the path's
        solver would change what that solver has learned, and with it the speed and the
        counterexamples of the proofs that follow.  Limits are in Z3's resource units,
        so the answer does not depend on the machine's speed or load.  Two tries: everything but the function
        definitions, with model-based instantiation (which also refutes a `\forall`
        that no term triggers, such as the facts of all threads at once, and quickly
        finds a model when there is one); then, when there are definitions, everything
        with instantiation by matching only (what follows from unfolding the
        definitions at the terms present).  Recursive definitions would send
        model-based instantiation after a model of the whole function, in vain; leaving
        facts out only makes a refutation harder, never wrong.  `effort` (resource units)
        raises the limit: after a proof that took that much, a contradiction it may have
        rested on deserves as much search."""
        budget = max(VACUITY_RLIMIT, effort)
        origins = self._refute(mbqi=True, definitions=False, rlimit=budget)
        if origins is None and any(o is not None and o.kind == "definition" for _, _, o in self.log):
            origins = self._refute(mbqi=False, definitions=True, rlimit=budget // 4)
        return origins

    def _refute(self, mbqi: bool, definitions: bool, rlimit: int) -> list | None:
        # A fresh solver each time rather than one kept in step with the log: a first
        # check runs Z3's preprocessing, which finds more (nonlinear facts, say) than
        # an incremental solver does.
        remaining = self.deadline - time.monotonic()
        if remaining <= 0:
            return None
        s = z3.Solver(ctx=self.ctx)
        s.set("random_seed", SEED)
        s.set("smt.mbqi", mbqi)
        s.set("rlimit", rlimit)
        s.set("timeout", max(1, int(remaining * 1000)))
        used: dict = {}               # origin -> its literal, in the order first assumed
        for _, fact, origin in self.log:
            if origin is not None and not definitions and origin.kind == "definition":
                continue
            if origin is not None and origin not in used:
                used[origin] = self._literal(origin)
            # Straight to the C API: many paths share these facts, and z3py's checks on
            # each of them cost more than the check itself.
            z3.Z3_solver_assert(self.ctx.ref(), s.solver, self._tracked(fact, origin).as_ast())
        self.checks += 1
        if s.check(*used.values()) != z3.unsat:
            return None
        core = {c.get_id() for c in s.unsat_core()}
        return [origin for origin, literal in used.items() if literal.get_id() in core]

    def _literal(self, origin):
        """The literal that switches the facts of one origin on, made once."""
        literal = self._literals.get(origin)
        if literal is None:
            literal = self._literals[origin] = z3.Bool(f"origin!{len(self._literals)}", self.ctx)
        return literal

    def _tracked(self, fact, origin):
        """`fact`, under its origin's literal (as is without an origin), made once."""
        if origin is None:
            return fact
        key = (fact.get_id(), origin)
        hit = self._implications.get(key)
        if hit is None:
            # The fact is kept with its term: Z3 reuses the ids of freed terms.
            hit = self._implications[key] = (fact, z3.Implies(self._literal(origin), fact))
        return hit[1]

    def feasible(self, condition=None) -> bool:
        """Can the current path (plus `condition`) happen?  Unknown counts as yes, so a
        path is only ever skipped when it is certainly infeasible.  Showing that a path
        is possible may need a model of quantified axioms, which is costly, while the
        contradictions worth pruning are found fast: hence the small budget."""
        if condition is not None and z3.is_false(condition):
            return False
        result, _ = self._check(*(() if condition is None else (condition,)), budget=FEASIBILITY_BUDGET,
                                  rlimit=FEASIBILITY_RLIMIT)
        return result != z3.unsat

    def __enter__(self) -> "Solver":
        if self.cancel is not None:
            self.cancel.register(self.ctx)
        return self

    def __exit__(self, *exc) -> None:
        if self.cancel is not None:
            self.cancel.unregister(self.ctx)

