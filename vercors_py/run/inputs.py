"""What a launch starts from: sizes, kernel parameters and initial memory.

Sizes and parameters must satisfy the kernel's `context_everywhere` clauses and give
every array a length >= 0.  Initial memory is chosen to meet the topmost written
precondition where a few tries find such memory: equalities the precondition states
(`a[tid] == tid`, `(\\forall int j; ...; a[j] == 0)`) are written into memory first, then
random values, zeros and `a[i] == i` are tried.
"""
from __future__ import annotations

import itertools
import math
import random

import attrs

from ..semantics.queries import pure_conjuncts
from ..semantics.dimensions import names_components
from ..semantics.symbols import AXES, RESERVED
from ..syntax import ast as A
from ..semantics.evaluate import ConcreteEvaluator, bounded_range, split_quantifier
from ..semantics.faults import Fault, Unevaluable
from .launch import ARBITRARY, size_frame, thread_frame
from .model import ConcreteLaunch

GSIZES = range(1, 9)
NGROUPS = range(1, 4)
# The sweep of a kernel that names components (lid.x, ...): two threads along each axis
# early, and groups along x and y.
LOCAL_SHAPES = ((1, 1, 1), (2, 1, 1), (1, 2, 1), (2, 2, 1), (1, 1, 2), (3, 2, 1), (2, 3, 1), (2, 2, 2), (4, 4, 1))
GROUP_SHAPES = ((1, 1, 1), (2, 1, 1), (1, 2, 1), (2, 2, 1))
PARAM_VALUES = (1, 2, 3, 4, 0, 5, 6, 7, 8)
MAX_PARAM_COMBINATIONS = 200


@attrs.frozen
class Init:
    """How one array starts: "random", "zeros", "index" or an expression ("expr") of the
    cell's index `i`, the sizes and the kernel parameters (`variables`: name -> Symbol)."""
    mode: str
    expr: A.Expr | None = None
    variables: tuple = ()


class InputError(Exception):
    """An `--init` or `--param` of the user's that cannot be used: a usage error."""


def parse_init(array: A.ArrayDecl, kernel: A.Kernel, text: str) -> Init:
    """`random`, `zeros`, `index`, or an expression such as `i * 2`, type-checked as the
    value of one cell of `array` (`i` is the cell's index; `tid` means the same)."""
    if text in ("random", "zeros", "index"):
        return Init(text)
    from ..semantics.check import check_program
    from ..syntax import parser
    params = ", ".join(f"{p.type} {p.name}" for p in kernel.params if p.name != "i")
    wrapper = (f"kernel init({params}{', ' if params else ''}int i) {{ global {array.elem_type}[1] cell; "
               f"requires cell[0] == ({text}); void main() {{ }} }}")
    parsed = parser.parse(wrapper, "<init>")
    problems = parsed.diagnostics
    if parsed.program is not None and not problems:
        checked = check_program(parsed.program, parsed.source)
        problems = checked.diagnostics
        if not problems:
            k = checked.program.kernels[0]
            expr = k.main.contract[0].expr.right
            return Init("expr", expr, tuple((p.name, p.symbol) for p in k.params))
    raise InputError(f"--init {array.name}={text}: " + (problems[0].message if problems else "not an expression"))


def pure_evaluator(functions) -> ConcreteEvaluator:
    """An evaluator of expressions that read no memory (sizes, lengths, facts)."""
    def no_memory(array, index, span):
        raise Unevaluable(span, "memory in a size expression")
    return ConcreteEvaluator(functions, no_memory)


def lengths_if_allowed(kernel: A.Kernel, functions, launch: ConcreteLaunch) -> dict | None:
    """The array lengths of a launch whose contexts hold, and the facts of every thread's
    precondition that read no memory (`tid < \\length(a)`: a launch that breaks them is
    not one the contract speaks of); None when the launch is not one the kernel allows."""
    base = size_frame(kernel, launch)
    evaluator = pure_evaluator(functions)
    facts = [f for c in kernel.main.contract if c.kind.is_pre for f in pure_conjuncts(c.expr)]
    try:
        for g in range(launch.ngroups):
            for lid in range(launch.gsize):
                frame = thread_frame(base, launch, g, lid)
                if not all(evaluator.value(c.expr, frame) for c in kernel.contexts):
                    return None
                if not all(_holds_or_unknown(evaluator, f, frame) for f in facts):
                    return None
        lengths = {a.symbol: evaluator.value(a.length, base) for a in kernel.arrays}
    except (Fault, Unevaluable, RecursionError):
        return None
    return lengths if all(n >= 0 for n in lengths.values()) else None


def _holds_or_unknown(evaluator: ConcreteEvaluator, fact: A.Expr, frame) -> bool:
    try:
        return bool(evaluator.value(fact, frame))
    except (Fault, Unevaluable, RecursionError):
        return True


def launches(kernel: A.Kernel, functions, gsize: int | None, ngroups: int | None, sweep: bool,
             given: dict[str, int]) -> list[tuple[ConcreteLaunch, dict]]:
    """The launches to run with their array lengths: one per size pair of the sweep
    (or the given sizes), with the first parameter values the contexts allow."""
    found = []
    free = [p.name for p in kernel.params if p.name not in given]
    length_params = _free_lengths(kernel)
    for k, (g, n, shape) in enumerate(_sizes(names_components(kernel), gsize, ngroups, _pinned(kernel))):
        # Each size pair starts from other parameter values, so a sweep sees several.
        candidates = PARAM_VALUES[k % len(PARAM_VALUES):] + PARAM_VALUES[:k % len(PARAM_VALUES)]
        # and the launch's sizes, which lengths often are (`\\length(a) == tcount`)
        candidates += tuple(v for v in (g, g * n) if v not in candidates)
        fitting = (g * n,) + tuple(v for v in candidates if v != g * n)
        choices = [fitting if name in length_params else candidates for name in free]
        for values in itertools.islice(itertools.product(*choices), MAX_PARAM_COMBINATIONS):
            params = {**given, **dict(zip(free, values))}
            launch = ConcreteLaunch(g, n, tuple((p.name, params[p.name]) for p in kernel.params), shape)
            lengths = lengths_if_allowed(kernel, functions, launch)
            if lengths is not None:
                found.append((launch, lengths))
                break
        if found and not sweep:
            break
    return found


def _free_lengths(kernel: A.Kernel) -> set[str]:
    """The parameters that are an array's length (a C pointer's `\\length(d)`) and that
    no fact constrains but `>= 0`: an uncontracted kernel's.  A launch gives such an
    array a cell for each thread, so the run tries that length first, not one that would
    make every access fail (`--param` chooses another).  A length the contract ties to
    other values (`\\length(in) == n`) is chosen with them, as any parameter."""
    names = {a.length.id for a in kernel.arrays if isinstance(a.length, A.Name)}
    facts = [c.expr for c in kernel.contexts] + [c.expr for c in kernel.main.contract if c.kind.is_pre]
    tied = set()
    for e in facts:
        for f in pure_conjuncts(e):
            match f:
                case A.Binary(op=">=", left=A.Name(id=name), right=A.IntLit(value=0)) if name in names:
                    continue
            tied |= {n.id for n in A.walk(f) if isinstance(n, A.Name) and n.id in names}
    return names - tied


def _sizes(dimensional: bool, gsize, ngroups, pinned: dict[str, int]) -> list[tuple[int, int, tuple | None]]:
    """(gsize, ngroups, shape) of each launch to try: the given sizes (a number, or one per
    dimension) or the sweep's, with the sizes the contexts pin (`gsize.x == 16`) put in.
    A kernel of one dimension runs at the product of the sizes given per dimension: it
    cannot tell the shapes apart."""
    def choices(name, given, numbers, shapes):
        if given is not None:
            dims = (given,) if isinstance(given, int) else tuple(given)
            return [dims + (1,) * (3 - len(dims))] if dimensional else [(math.prod(dims),)]
        if not dimensional:
            return [(pinned[name],)] if name in pinned else [(n,) for n in numbers]
        axes = [pinned.get(f"{name}.{axis}") for axis in AXES]
        pins = [tuple(p if p is not None else d for p, d in zip(axes, shape)) for shape in shapes]
        return list(dict.fromkeys(pins))

    return [(math.prod(g), math.prod(n), (g, n) if dimensional else None)
            for n in choices("ngroups", ngroups, NGROUPS, GROUP_SHAPES)
            for g in choices("gsize", gsize, GSIZES, LOCAL_SHAPES)]


def _pinned(kernel: A.Kernel) -> dict[str, int]:
    """The sizes a context fixes to a number: `gsize == 32`, `gsize.x == 16`, also
    among the conjuncts of one clause.  Runs at those sizes are the only ones allowed."""
    found = {}
    todo = [c.expr for c in kernel.contexts]
    while todo:
        match todo.pop():
            case A.Binary(op="&&", left=left, right=right):
                todo += [left, right]
            case A.Binary(op="==", left=A.Name(id=name), right=A.IntLit(value=value)) \
                    | A.Binary(op="==", left=A.IntLit(value=value), right=A.Name(id=name)) \
                    if name.partition(".")[0] in ("gsize", "ngroups") and value >= 1:
                found[name] = value
    return found


def initial_memory(kernel: A.Kernel, launch: ConcreteLaunch, lengths: dict, inits: dict, rng: random.Random,
                   functions, attempt: int) -> dict:
    """(array Symbol, group or None) -> values, for the `attempt`-th try."""
    memory = {}
    base = size_frame(kernel, launch)
    evaluator = pure_evaluator(functions)
    fallback = "random" if attempt < 1 else ("zeros", "index", "random")[attempt % 3]
    for a in kernel.arrays:
        init = inits.get(a.name, Init(fallback))
        copies = [None] if a.scope is A.Scope.GLOBAL else range(launch.ngroups)
        for group in copies:
            # Nobody initialises local memory: it always starts arbitrary.
            mode = init.mode if a.scope is A.Scope.GLOBAL else "random"
            memory[(a.symbol, group)] = [_fit(a, _value(a.elem_type, mode, init, i, base, dict(launch.params),
                                                        evaluator, rng), rng) for i in range(lengths[a.symbol])]
    return memory


def _fit(array: A.ArrayDecl, value, rng: random.Random):
    """A C array's cells hold values of its element type."""
    if array.elem_range is None or isinstance(value, bool):
        return value
    lo, hi = array.elem_range
    return value if lo <= value <= hi else rng.randint(lo, min(hi, lo + 255))


def _value(elem: A.Type, mode: str, init: Init, i: int, base: dict, params: dict, evaluator: ConcreteEvaluator,
           rng: random.Random):
    match mode:
        case "zeros":
            return False if elem is A.Type.BOOL else 0
        case "index":
            return (i % 2 == 0) if elem is A.Type.BOOL else i
        case "expr":
            frame = {**base, RESERVED["tid"]: i, RESERVED["lid"]: i, RESERVED["gid"]: 0}
            frame.update({symbol: i if name == "i" else params[name] for name, symbol in init.variables})
            return evaluator.value(init.expr, frame)
    return rng.choice((True, False)) if elem is A.Type.BOOL else rng.choice(ARBITRARY)


def write_equalities(run, explicit: set[str]) -> None:
    """Write into memory the cells that the topmost precondition pins down
    (`a[e] == v`, also under `\\forall` and `==>`), except arrays the user initialised;
    then those the kernel's invariant pins, to values that may read the memory written
    before (`count[0] == (\\sum int t; ...; mine[t])`)."""
    levels = list(run._levels())
    if not levels:
        return
    contract, frames = levels[0]
    for thread, frame in frames:
        _pin_clauses(run, [c for c in contract if c.kind.is_pre], frame, explicit, False)
    _pin_clauses(run, run.invariant, dict(run.base), explicit, True)


def _pin_clauses(run, clauses, frame, explicit, reads_memory: bool) -> None:
    gid = frame.get(RESERVED["gid"], 0)
    # The same interpretation of abstract functions as the run's, so that the cells
    # written here meet the precondition the run then checks.
    evaluator = ConcreteEvaluator(run.functions, lambda a, i, s, gid=gid: run.memory.load(run.memory.cell(a, gid, i, s)),
                                  seed=run.options.seed, results=run.function_results)
    for clause in clauses:
        try:
            _pin(run, evaluator, clause.expr, frame, gid, explicit, reads_memory)
        except (Fault, Unevaluable, RecursionError, KeyError):
            continue


def _pin(run, evaluator: ConcreteEvaluator, e, frame, gid, explicit, reads_memory: bool) -> None:
    match e:
        case A.Binary(op="&&" | "**", left=left, right=right):
            _pin(run, evaluator, left, frame, gid, explicit, reads_memory)
            _pin(run, evaluator, right, frame, gid, explicit, reads_memory)
        case A.Binary(op="==>", left=cond, right=then):
            if evaluator.value(cond, frame):
                _pin(run, evaluator, then, frame, gid, explicit, reads_memory)
        case A.Quantifier(kind=A.QuantKind.FORALL | A.QuantKind.FORALL_STAR):
            cond, body = split_quantifier(e)
            for i in bounded_range(e, cond, frame, evaluator):
                inner = {**frame, e.symbol: i}
                if cond is None or evaluator.value(cond, inner):
                    _pin(run, evaluator, body, inner, gid, explicit, reads_memory)
        case A.Binary(op="==", left=A.Index(array=A.Name(symbol=array), index=index), right=value) | \
             A.Binary(op="==", right=A.Index(array=A.Name(symbol=array), index=index), left=value):
            if array.name in explicit or array.scope is A.Scope.LOCAL:
                return
            if not reads_memory and any(isinstance(n, A.Index) for n in A.walk(value)):
                return
            cell = run.memory.cell(array, gid, evaluator.value(index, frame), None)
            run.memory.values[(cell.array, cell.group)][cell.index] = evaluator.value(value, frame)
