"""`vercors-py run` for one checked program: every kernel, every launch, one result.

Each launch gets a fresh `KernelRun` on inputs that meet the preconditions (inputs.py),
is driven by the chosen schedule to its end (schedule.py), and adds its problems; a
problem seen in several launches is reported once, from the first (smallest) launch.
"""
from __future__ import annotations

import random
import time

from .. import deep
from .. import diagnostics as D
from ..semantics.faults import Fault, Unevaluable
from ..semantics.launches import NotLaunchable, launch_sizes
from ..syntax import ast as A
from .inputs import InputError, initial_memory, launches, parse_init, pure_evaluator, write_equalities
from .launch import KernelRun
from .model import ConcreteLaunch, LaunchResult, RunOptions, RunResult, RunVerdict
from .schedule import Driver


def run_checked(checked, options: RunOptions) -> RunResult:
    """Run every kernel of a checked program (semantics.check.CheckedProgram).  Raises
    InputError for an `--init` or `--param` that names nothing, or an `--init` that is not
    an expression."""
    start = time.perf_counter()
    results, unrunnable = deep.call(_run_all, checked, options)
    diagnostics = _merge(results) + unrunnable
    if any(d.severity is D.Severity.ERROR and d.family != "timeout" for d in diagnostics):
        verdict = RunVerdict.PROBLEMS
    elif not all(r.complete for r in results) or not any(r.ran for r in results):
        verdict = RunVerdict.INCONCLUSIVE
    else:
        verdict = RunVerdict.CLEAN
    source = checked.source
    return RunResult(source.path, source, verdict, diagnostics, tuple(results), time.perf_counter() - start)


def _run_all(checked, options: RunOptions) -> list[LaunchResult]:
    functions = checked.functions
    check_names([k.kernel for k in checked.kernels], options)
    results, unrunnable = [], []
    for k in checked.kernels:
        kernel = k.kernel
        inits = initial_values(kernel, options)
        sweep = options.sweep or (options.gsize is None and options.ngroups is None)
        plan = launches(kernel, functions, options.gsize, options.ngroups, sweep, dict(options.params))
        if not plan:
            unrunnable.append(_no_launch(kernel, options))
        for n, (launch, lengths) in enumerate(plan):
            results.append(run_launch(checked, kernel, launch, lengths, options, inits, options.seed + n))
    return results, tuple(unrunnable)


def check_names(kernels, options: RunOptions) -> None:
    """Raise InputError for an `--init` or `--param` that names nothing in `kernels`."""
    arrays = {a.name for k in kernels for a in k.arrays}
    for name, _ in options.init:
        if name not in arrays:
            raise InputError(f"--init {name}=...: no array is called `{name}`")
    params = {p.name for k in kernels for p in k.params}
    for name, _ in options.params:
        if name not in params:
            raise InputError(f"--param {name}=...: no kernel parameter is called `{name}`")


def initial_values(kernel, options: RunOptions) -> dict:
    """The `--init` values of the kernel's arrays, parsed."""
    given = dict(options.init)
    return {a.name: parse_init(a, kernel, given[a.name]) for a in kernel.arrays if a.name in given}


def _no_launch(kernel, options: RunOptions) -> D.Diagnostic:
    asked = [f"{name} = {value if isinstance(value, int) else ' x '.join(map(str, value))}"
             for name, value in (("gsize", options.gsize), ("ngroups", options.ngroups)) if value is not None] + [f"{name} = {value}" for name, value in options.params]
    tried = ", ".join(asked) if asked else "gsize 1..8 and ngroups 1..3"
    span = kernel.contexts[0].span if kernel.contexts else kernel.name_span
    return D.warning("run.inputs", span,
                     f"no launch of kernel `{kernel.name}` with {tried} (parameters 0..8 and the sizes) meets "
                     "its context_everywhere clauses, array lengths and the thread precondition's facts about "
                     "sizes and parameters, so nothing ran: give sizes and parameters that do with --gsize, "
                     "--ngroups and --param")


def run_launch(checked, kernel, launch, lengths, options: RunOptions, inits: dict, seed: int,
               observer=None) -> LaunchResult:
    """One launch; `observer` (a recording.Recorder) watches it once its inputs are chosen."""
    rng = random.Random(seed)
    functions = checked.functions
    run = None
    for attempt in range(max(1, options.tries)):
        memory = initial_memory(kernel, launch, lengths, inits, rng, functions, attempt)
        run = KernelRun(checked, kernel, launch, lengths, memory, options, rng)
        run.nested = nested
        write_equalities(run, set(inits))
        run.start_memory = run.memory.snapshot()
        if run.top_precondition_fails() is None:
            break
        if inits and all(a.name in inits for a in kernel.arrays):
            break            # the user chose every input: run on them, with a warning
    else:
        if not inits:
            return LaunchResult(launch, options.schedule, seed, 0, (), ran=False)
    failing = run.top_precondition_fails()
    if failing is not None:
        # Chosen inputs the contract does not speak of: what a run on them finds would be
        # the inputs' doing, each a consequence of this one fact, so it is one note.
        invariant = run.read_invariant()
        what = "kernel invariant" if invariant is not None and failing in invariant.false else "precondition"
        run.report(None, "run.inputs", failing.span,
                   f"the inputs given (--init, --param) do not meet this {what}, so this launch was not run: "
                   f"what it would find could come from the inputs; give inputs that meet it", warning=True)
        return LaunchResult(launch, options.schedule, seed, 0, tuple(run.problems.values()), ran=False)
    run.observer = observer
    run.start()
    if observer is not None:
        observer.started(run)
    if not run.stopped:
        Driver(run).go()
    trace = ()
    if run.trace is not None:
        last = max(run.first_problem) if run.first_problem else run.steps
        trace = tuple(s for s in run.trace if s.step <= last)
    return LaunchResult(launch, options.schedule, seed, run.steps, tuple(run.problems.values()), trace,
                        marked=run.first_problem or (), complete=run.complete)


def nested(parent: KernelRun, call: A.CallStmt, procedure: A.Procedure, args: list) -> None:
    """Run the kernels a one-thread kernel launches (a VerCors par statement), one after
    the other, on its memory (global arrays by name), at the sizes their facts give for
    the arguments; their problems are the parent's."""
    kernels = {k.name: k for k in parent.checked.program.kernels}
    for name in procedure.proved_by:
        kernel = kernels[name]
        if any(a.scope is A.Scope.LOCAL for a in kernel.arrays):
            raise Unevaluable(call.span, f"the launch of {name}: a kernel with local memory")
        params = tuple((p.name, v) for p, v in zip(kernel.params, args))
        frame = {p.symbol: v for p, v in zip(kernel.params, args)}
        evaluator = pure_evaluator(parent.functions)
        try:
            gsize, ngroups = (evaluator.value(e, frame) for e in launch_sizes(kernel))
        except (NotLaunchable, Fault) as why:
            raise Unevaluable(call.span, f"the launch of {name}: {why}")
        if gsize < 1 or ngroups < 1:
            raise Unevaluable(call.span, f"the launch of {name} with no thread")
        mine = {a.name: a.symbol for a in parent.kernel.arrays}
        lengths = {a.symbol: parent.memory.lengths[mine[a.name]] for a in kernel.arrays}
        initial = {(a.symbol, None): list(parent.memory.values[(mine[a.name], None)]) for a in kernel.arrays}
        child = KernelRun(parent.checked, kernel, ConcreteLaunch(gsize, ngroups, params), lengths, initial,
                          parent.options, parent.rng)
        child.nested = nested
        child.start()
        if not child.stopped:
            Driver(child).go()
        for a in kernel.arrays:
            parent.memory.values[(mine[a.name], None)] = list(child.memory.values[(a.symbol, None)])
        parent.steps += child.steps
        parent.complete = parent.complete and child.complete
        for key, d in child.problems.items():
            parent.problems.setdefault(key, d)
        if child.stopped:
            parent.stopped = True


def _merge(results) -> tuple[D.Diagnostic, ...]:
    seen = {}
    for r in results:
        for d in r.diagnostics:
            # A race is one problem whichever of its two accesses came second.
            key = (d.code, frozenset((d.span, *(x.span for x in d.related))) if d.family == "race" else d.span)
            seen.setdefault(key, d)
    return tuple(sorted(seen.values(), key=D.sort_key))
