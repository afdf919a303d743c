"""Counterexamples checked against the definitions of pure functions, on concrete values.

When a check's first attempt gives no answer, solver.py looks for a counterexample with
the definitions of recursive functions switched off; the model may then give a function
impossible values (`isPow2(7)` true, so `gsize = 7` seems to satisfy
`context_everywhere isPow2(gsize)`).  Here every application of a defined function in the
path's facts and in the failing formula is computed on the model's argument values, with
the evaluator of pure expressions the interpreter uses too (semantics/evaluate.py: the
same checked AST, no solver, no state; neither analysis reaches into the other), and the
facts are evaluated again with those values.

When a fact or the goal comes out differently, the search is repeated a few times (within
Z3 resource units, so the answer does not depend on the machine's load) with ground
instances of the definitions: at the applications of the formulas, at those inside the
instances added before (one more level of unfolding per round), and at the argument
values the concrete evaluation went through.  Instances of an assumed axiom are sound,
so a search that finds no model proves the check; a model that now agrees with the
functions is reported instead of the first one; otherwise the first model is reported
with a note that it may be spurious and why.

Functions the obligation has no definition of (abstract ones, those not yet proved) are
uninterpreted for the engine: the model's values are as good as any, and are used.
"""
from __future__ import annotations

import attrs
import z3

from ...semantics.evaluate import ConcreteEvaluator
from ...semantics.faults import Fault, Unevaluable
from ..execution.evaluate import Evaluator
from ..solver.solver import Outcome
from ..execution.state import State
from ..solver.terms import subterms

MAX_APPS = 40            # applications of defined functions looked at per formula
MAX_CALLS = 2_000        # calls of pure functions in one evaluation (memoised: f(n, k) for n, k < 40)
MAX_FACTS = 400          # facts of the path looked at
ROUNDS = 4               # new searches for a model that respects the definitions
ROUND_RLIMIT = 600_000   # Z3 resource units per search (a fraction of a second)
MAX_INSTANCES = 200      # instances of definitions added, in all
MAX_SHOWN = 4            # function values shown in a note
SMALL = 32               # the values a new search tries first


SUMS_CAVEAT = ("may be spurious: the solver found it without the facts that define `\\sum`, which may "
               "not hold at these values")


def settle(engine, goal, answer):
    """(answer, caveat): a failed `answer` whose model was found without the definitions
    of recursive functions, checked against them.  The answer may become a proof or get
    a model that respects the definitions; `caveat` is None or why the counterexample may
    be spurious."""
    if answer.outcome is not Outcome.FAILED or not answer.reason or not engine.solver.definitions:
        return answer, None
    if engine.functions is None or not engine.functions.defined:
        # The definitions were those of `\\sum` (sums.py), which no interpreter of pure
        # functions computes here: the model may give a sum any value.
        return answer, (SUMS_CAVEAT if engine.sums.shapes else None)
    first = Audit(engine, answer.model, goal)
    if first.trusted:
        return attrs.evolve(answer, reason=""), None
    instances: dict = {}
    frontier: list = []
    audit = first
    for _ in range(ROUNDS):
        added = _instances(engine, audit, frontier, instances)
        if not added:
            break
        frontier = [app for fact in added for app in audit.truth.applications_in(fact)]
        found = engine.solver.search(goal, list(instances.values()), ROUND_RLIMIT, prefer=_small(engine, audit))
        if found.outcome is Outcome.PROVED:
            return found, None
        if found.outcome is not Outcome.FAILED:
            break
        audit = Audit(engine, found.model, goal)
        if audit.trusted:
            return attrs.evolve(answer, model=found.model, reason=""), None
    return answer, first.caveat()


def _instances(engine, audit: "Audit", frontier: list, known: dict) -> list:
    """New ground instances of the definitions for the next search."""
    table = engine.functions
    wanted: list = []
    for app in [*audit.applications, *frontier]:
        symbol = audit.truth.symbol_of(app)
        if symbol is not None and symbol in table.defined:
            wanted.append((symbol, tuple(app.children())))
    # The calls the concrete evaluation went through, outermost first: those at the
    # model's own values matter most.
    wanted.extend(audit.truth.visited[:MAX_INSTANCES])
    added = []
    for symbol, args in wanted:
        if len(known) >= MAX_INSTANCES:
            break
        args = tuple(a if isinstance(a, z3.ExprRef) else _z3_value(engine.t, a) for a in args)
        key = (symbol, tuple(a.get_id() for a in args))
        if key in known:
            continue
        fact = instance(engine, symbol, list(args))
        if fact is None:
            continue
        known[key] = fact
        added.append(fact)
    return added


def instance(engine, symbol, args):
    """`pre(args) ==> f(args) == body(args)`, with the recursive calls in their full
    form (so that the next round can unfold them): an instance of f's definition."""
    fn = engine.functions.definitions.get(symbol)
    if fn is None or fn.body is None:
        return None
    store = {p.symbol: a for p, a in zip(fn.params, args)}
    st = State(store=store, values={}, mask={}, old_values={})
    evaluator = Evaluator(engine)
    try:
        pre = engine.t.conj(evaluator.eval(c.expr, st) for c in fn.contract)
        body = evaluator.eval(fn.body, st)
    except Exception:         # an instance is optional: the search goes on without it
        return None
    return z3.Implies(pre, engine.functions.apply(symbol, args) == body)


class Audit:
    """A model checked against the functions' definitions: the facts of the path and
    the failing formula, evaluated with the functions' true values."""

    def __init__(self, engine, model, goal):
        self.truth = Truth(engine.functions, model)
        self.broken: list[str] = []          # labels of the facts that do not hold
        self.holds = False                   # the goal holds after all
        self.applications: list = []         # in the formulas that come out differently
        self.wrong: list[str] = []           # `f(args) is v` where the model has another value
        self.unsure: list[str] = []          # applications in the goal whose value is not known
        for depth, fact, origin in engine.solver.log[:MAX_FACTS]:
            if origin is not None and origin.kind in ("definition", "failed"):
                continue      # a failed goal assumed after its report is no fact of the program
            apps = self.truth.applications_in(fact)
            if not apps or self.truth.value_of(fact, apps) is not False:
                continue
            self.applications.extend(apps)
            label = origin.label if origin is not None else "the kernel's sizes"
            if label not in self.broken:
                self.broken.append(label)
        apps = self.truth.applications_in(goal)
        if apps and self.truth.value_of(goal, apps) is True:
            self.holds = True
            self.applications.extend(apps)
        for app in apps:
            if self.truth.symbol_of(app) in engine.functions.defined and self.truth.application(app) is None:
                args = [_python(model.eval(a, model_completion=True)) for a in app.children()]
                if None not in args:
                    self.unsure.append(self.truth.call_text(app, args))
                    self.applications.append(app)
        for app in self.applications:
            found = self.truth.disagreement(app)
            if found is not None and found not in self.wrong:
                self.wrong.append(found)

    @property
    def trusted(self) -> bool:
        return not self.broken and not self.holds and not self.unsure

    def caveat(self) -> str:
        what = []
        if self.broken:
            what.append(f"{_and(self.broken)} does not hold at these values" if len(self.broken) == 1
                        else f"{_and(self.broken)} do not hold at these values")
        if self.holds:
            what.append("the check holds at these values")
        if self.unsure:
            what.append(f"{_and(self.unsure[:MAX_SHOWN])} could not be computed here")
        because = f" ({_and(self.wrong[:MAX_SHOWN])})" if self.wrong else ""
        return (f"may be spurious: {' and '.join(what)}{because}; the solver found it without the "
                f"definitions of recursive functions, and none that respects them")


class Truth:
    """The true values of the functions at one model's values."""

    def __init__(self, table, model):
        self.table = table
        self.model = model
        self.decls: dict[str, object] = {}
        for symbol, decl in [*table.full.items(), *table.lim.items()]:
            self.decls[decl.name()] = symbol
        self.evaluator = _Pure(self)
        self.visited: list[tuple] = []       # (symbol, args) of the defined functions computed
        self.known: dict[int, tuple] = {}    # id of an application -> (term, args, value) or None

    def symbol_of(self, term):
        if z3.is_app(term) and term.num_args() > 0 and term.decl().kind() == z3.Z3_OP_UNINTERPRETED:
            return self.decls.get(term.decl().name())
        return None

    def applications_in(self, formula) -> list:
        """Applications of the functions in `formula` outside quantifiers, inner ones
        first."""
        out: list = []
        seen: set[int] = set()
        todo = [(formula, False)]
        while todo and len(out) < MAX_APPS:
            t, done = todo.pop()
            if done:
                out.append(t)
                continue
            if t.get_id() in seen or not z3.is_app(t):
                continue
            seen.add(t.get_id())
            if self.symbol_of(t) is not None:
                todo.append((t, True))
            todo.extend((c, False) for c in t.children())
        return out

    def application(self, app):
        """(args, value) of an application at the model's values, with the true values
        of the applications inside; None where it cannot be computed."""
        key = app.get_id()
        if key in self.known:
            hit = self.known[key]
            return None if hit is None else hit[1:]
        self.known[key] = None
        args = [self.concrete(a) for a in app.children()]
        if any(a is None for a in args):
            return None
        value = self.call(self.symbol_of(app), args)
        if value is None:
            return None
        self.known[key] = (app, args, value)
        return args, value

    def pairs(self, apps) -> list:
        out = []
        for app in apps:
            found = self.application(app)
            if found is not None:
                out.append((app, _z3_literal(app.ctx, found[1])))
        return out

    def concrete(self, term):
        """The value of `term` in the model, applications of functions inside at their
        true values."""
        pairs = self.pairs(a for a in self.applications_in(term) if not a.eq(term))
        return _python(self.model.eval(z3.substitute(term, *pairs) if pairs else term, model_completion=True))

    def value_of(self, formula, apps):
        """True, False or None (cannot tell): `formula` with the functions' true values."""
        pairs = self.pairs(apps)
        if not pairs:
            return None
        try:
            value = self.model.eval(z3.substitute(formula, *pairs), model_completion=True)
        except z3.Z3Exception:
            return None
        return True if z3.is_true(value) else False if z3.is_false(value) else None

    def disagreement(self, app) -> str | None:
        found = self.application(app)
        if found is None:
            return None
        args, value = found
        # Only where the model has the same arguments: otherwise an application inside
        # is the one it gets wrong, and that one is named.
        if [_python(self.model.eval(a, model_completion=True)) for a in app.children()] != args:
            return None
        model = _python(self.model.eval(app, model_completion=True))
        if model is None or model == value:
            return None
        return f"{self.call_text(app, args)} is {_show(value)}, not {_show(model)} as the model has it"

    def call_text(self, app, args) -> str:
        fn = self.table.definitions[self.symbol_of(app)]
        return f"{fn.name}({', '.join(_show(a) for a in args)})"

    def show(self, app, args, value) -> str:
        return f"{self.call_text(app, args)} = {_show(value)}"

    def shown(self, goal, exact: bool = True) -> list[str]:
        """`f(args) = value` for the applications in the failing formula, a few; the
        model's values where they cannot be computed, unless it may not respect the
        definitions (not `exact`)."""
        out: list[str] = []
        for app in self.applications_in(goal):
            if len(out) >= MAX_SHOWN:
                break
            found = self.application(app)
            if found is None:
                if not exact and self.symbol_of(app) in self.table.defined:
                    continue
                args = [_python(self.model.eval(a, model_completion=True)) for a in app.children()]
                value = _python(self.model.eval(app, model_completion=True))
                if value is None or any(a is None for a in args):
                    continue
            else:
                args, value = found
            text = self.show(app, args, value)
            if text not in out:
                out.append(text)
        return out

    def call(self, symbol, args):
        try:
            return self.evaluator.call(symbol, list(args), None)
        except (Fault, Unevaluable, RecursionError, ZeroDivisionError):
            return None       # outside its precondition, too deep: no value to go by

    def model_value(self, symbol, args):
        t = self.table.t
        value = _python(self.model.eval(self.table.apply(symbol, [_z3_value(t, a) for a in args]),
                                        model_completion=True))
        if value is None:
            raise Unevaluable(None, "no value in the model")
        return value


class _Pure(ConcreteEvaluator):
    """The interpreter's evaluation of pure functions, for the functions the obligation
    has definitions of; the others take the model's values."""

    def __init__(self, truth: Truth):
        super().__init__(truth.table.definitions, read=_no_memory)
        self.truth = truth

    def call(self, symbol, args: list, span):
        if symbol not in self.truth.table.defined:
            return self.truth.model_value(symbol, args)
        if self.calls >= MAX_CALLS:
            raise Unevaluable(span, "too many calls")
        key = (symbol, tuple(args))
        if key not in self.results:
            self.truth.visited.append(key)
        return super().call(symbol, args, span)


def _small(engine, audit: Audit):
    """Small values for the integer constants of the sizes and of the applications
    that came out differently: the concrete evaluation, and the instances it leads to,
    then cover the functions where the model uses them."""
    constants: dict[int, object] = {}
    for w in engine.watches:
        if z3.is_int(w.term) and z3.is_const(w.term):
            constants[w.term.get_id()] = w.term
    for app in audit.applications:
        for t in subterms(app):
            if z3.is_const(t) and z3.is_int(t) and t.decl().kind() == z3.Z3_OP_UNINTERPRETED:
                constants[t.get_id()] = t
    if not constants:
        return None
    return z3.And(*[z3.And(-SMALL <= c, c <= SMALL) for c in constants.values()])


def _no_memory(array, index, span):
    raise Unevaluable(span, "a pure function reads no memory")


def _python(value):
    if z3.is_int_value(value):
        return value.as_long()
    if z3.is_true(value):
        return True
    if z3.is_false(value):
        return False
    return None


def _z3_value(t, value):
    return t.bool(value) if isinstance(value, bool) else t.int(value)


def _z3_literal(ctx, value):
    return z3.BoolVal(value, ctx) if isinstance(value, bool) else z3.IntVal(value, ctx)


def _show(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _and(items) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
