"""Uniform variables and barrier divergence (seed 004, section 3.1; seed 000, section 2).

A variable is uniform when every thread of a work group holds the same value in it:
gid, gsize, ngroups, tcount, kernel parameters, and locals of `main` that are only
ever assigned uniform expressions under uniform conditions (a fixed point, since
assignments may depend on each other).  Memory reads are never uniform, except for
`races` (`memory=True`, races/program.py): there a read of a cell at a uniform index
is.

Barrier divergence is then reported for
  * a barrier under a non-uniform condition (if, loop, or after a non-uniform jump),
  * `break`/`continue` under a non-uniform condition in a loop that contains a barrier,
    and `return` under a non-uniform condition where a barrier may follow,
  * and, to point at the cause, each assignment under a non-uniform condition to a
    variable that such a condition depends on and that would otherwise be uniform.
"""
from __future__ import annotations

import attrs

from .. import diagnostics as D
from ..syntax.snippet import short
from ..syntax import ast as A
from .queries import mentions
from .symbols import Symbol, SymbolKind, reserved_base

UNIFORM_RESERVED = frozenset({"gid", "gsize", "ngroups", "tcount"})
# The same for every thread of the kernel, whatever its group: what a grid barrier's
# conditions may depend on.
KERNEL_RESERVED = UNIFORM_RESERVED - {"gid"}
# In a local's name: it holds an argument of a call the whole work group makes (_collective).
COLLECTIVE = "$group_"
# In a local's name: the C front end's mark of an OpenCL asynchronous copy that the kernel
# may end without waiting for (cfamily/async_flight.py), undefined in OpenCL.
UNWAITED = "$unwaited_"


@attrs.frozen
class Uniformity:
    uniform: frozenset[Symbol]            # uniform locals of main
    diagnostics: tuple[D.Diagnostic, ...]
    # The spans whose every thread of the kernel, not only of a group, must agree on
    # reaching them (a grid barrier, a jump past one): races/program.py asks so.
    grid: frozenset = frozenset()

    @property
    def divergence(self) -> tuple[D.Diagnostic, ...]:
        """The errors: every one is a `divergence.*` the rule finds."""
        return tuple(d for d in self.diagnostics if d.severity is D.Severity.ERROR)


@attrs.frozen
class _Assignment:
    var: Symbol
    value: A.Expr | None                  # None: declared without a value
    uniform_context: bool
    span: object
    cause: A.Expr | None                  # the non-uniform condition, if any


class _Walker:
    """One pass over `main` under a given guess of the uniform locals."""

    def __init__(self, uniform: frozenset[Symbol], set_first: frozenset[int] = frozenset(),
                 decided: frozenset[int] = frozenset(), memory: bool = False,
                 reserved: frozenset[str] = UNIFORM_RESERVED):
        self.uniform = uniform
        self.reserved = reserved          # the ids and sizes alike for the threads asked about
        self.decided = decided            # ids of `if`s whose condition is known to be uniform
        self.memory = memory              # a read at a uniform index is uniform
        self.set_first = set_first        # ids of declarations without a value set before any read
        self.assignments: list[_Assignment] = []
        self.barriers: list[tuple[A.Barrier, A.Expr | None]] = []      # barrier, blocking condition
        self.jumps: list[tuple[A.Stmt, A.Expr, tuple]] = []            # jump, condition, enclosing loops
        self.conditions: list[tuple[A.Stmt, A.Expr]] = []              # sensitive construct, its condition

    def is_uniform(self, e: A.Expr | None) -> bool:
        if e is None:
            return True
        for node in A.walk(e):
            match node:
                case A.Index() if not (self.memory and self.is_uniform(node.index)):
                    return False
                case A.Name(symbol=Symbol() as s):
                    if s.kind is SymbolKind.RESERVED and reserved_base(s.name) not in self.reserved:
                        return False
                    if s.kind in (SymbolKind.LOCAL, SymbolKind.PARAM) and s not in self.uniform:
                        return False
        return True

    def block(self, stmts, guard: A.Expr | None, loops: tuple) -> A.Expr | None:
        taint = None
        for s in stmts:
            jumped = self.stmt(s, guard, loops)
            if jumped is not None and taint is None:
                taint = jumped
                guard = guard or jumped
        return taint

    def stmt(self, s, guard: A.Expr | None, loops: tuple) -> A.Expr | None:
        """Walk one statement under `guard` (the first non-uniform enclosing condition).

        Returns the non-uniform condition under which a `break` or `continue` in it may
        leave the rest of the loop body to only some threads, or None.  A `return` taints
        nothing for uniformity: the threads left are the only ones whose values matter.
        """
        match s:
            case A.VarDecl() if s.init is not None or id(s) not in self.set_first:
                self.assignments.append(_Assignment(s.symbol, s.init, guard is None, s.span, guard))
            case A.Assign(target=A.Name(symbol=Symbol(kind=SymbolKind.LOCAL) as var)):
                self.assignments.append(_Assignment(var, s.value, guard is None, s.span, guard))
            case A.AtomicUpdate(result=A.Name(symbol=Symbol(kind=SymbolKind.LOCAL) as var)):
                # Threads updating one cell each see another value: never uniform.
                self.assignments.append(_Assignment(var, None, guard is None, s.span, guard))
            case A.WarpExchange(result=A.Name(symbol=Symbol(kind=SymbolKind.LOCAL) as var)):
                # Lanes receive other lanes' values (a vote is one warp's, not the group's).
                self.assignments.append(_Assignment(var, None, guard is None, s.span, guard))
                # Every lane of the warp takes part, as in a barrier of the warp's threads.
                self.barriers.append((s, guard))
            case A.If():
                inner = guard if id(s) in self.decided else self.narrow(guard, s.cond)
                self.conditions.append((s, s.cond))
                jumped = self.stmt(s.then, inner, loops)
                if s.otherwise is not None:
                    jumped = self.stmt(s.otherwise, inner, loops) or jumped
                return jumped
            case A.While() | A.For():
                if isinstance(s, A.For) and s.init is not None:
                    self.stmt(s.init, guard, loops)
                inner = self.narrow(guard, s.cond)
                self.conditions.append((s, s.cond))
                self.loop_body(s, inner, loops + (s,))
            case A.Barrier():
                self.barriers.append((s, guard))
            case A.Break() | A.Continue():
                if guard is not None:
                    self.jumps.append((s, guard, loops))
                    return guard
            case A.Return():
                if guard is not None:
                    self.jumps.append((s, guard, loops))
            case A.Block():
                return self.block(s.stmts, guard, loops)
            case A.InvariantBlock() | A.AtomicBlock():
                return self.block(s.body.stmts, guard, loops)
        return None

    def loop_body(self, loop, inner: A.Expr | None, loops: tuple) -> None:
        marks = (len(self.assignments), len(self.barriers), len(self.jumps), len(self.conditions))
        jumped = self.body_and_update(loop, inner, loops)
        broke = next((guard for jump, guard, where in self.jumps[marks[2]:]
                      if isinstance(jump, A.Break) and where == loops), None)
        if inner is None and broke is not None:
            # Threads that broke out miss every later iteration, so nothing assigned in
            # the loop is uniform afterwards: walk the body again under that condition.
            del self.assignments[marks[0]:], self.barriers[marks[1]:], self.jumps[marks[2]:], \
                self.conditions[marks[3]:]
            self.body_and_update(loop, broke, loops)
        return jumped

    def body_and_update(self, loop, inner: A.Expr | None, loops: tuple) -> A.Expr | None:
        jumped = self.stmt(loop.body, inner, loops)
        if isinstance(loop, A.For) and loop.update is not None:
            # `continue` goes to the update, so every thread still in the loop runs it.
            self.stmt(loop.update, inner, loops)
        return jumped

    def narrow(self, guard: A.Expr | None, cond: A.Expr | None) -> A.Expr | None:
        """The guard inside a construct with condition `cond`: the innermost non-uniform
        condition, which is the one worth naming in a message."""
        return guard if self.is_uniform(cond) else cond


def _locals_of(body: A.Block) -> set[Symbol]:
    return {n.symbol for n in A.walk(body) if isinstance(n, A.VarDecl) and isinstance(n.symbol, Symbol)}


def _set_before_read(body: A.Block) -> frozenset[int]:
    """The declarations without a value (`int k;`) whose variable every thread sets, in
    straight-line code of the same block, before anything reads it (`for (k = 0; ...)`):
    its value before then is never seen, so it makes the variable no less uniform.  Any
    mention of the variable in code that may not run, or in the value it is set to,
    counts as a read."""
    found = set()
    for block in (n for n in A.walk(body) if isinstance(n, A.Block)):
        for at, stmt in enumerate(block.stmts):
            if isinstance(stmt, A.VarDecl) and stmt.init is None and isinstance(stmt.symbol, Symbol):
                first = next((use for later in block.stmts[at + 1:]
                              if (use := _first_use(later, stmt.symbol)) is not None), "set")
                if first == "set":
                    found.add(id(stmt))
    return frozenset(found)


def _first_use(stmt, var: Symbol) -> str | None:
    """"set" if `stmt` sets `var` before it reads it on every run, "read" if it may read it
    first, None if it does not mention it."""
    match stmt:
        case A.Assign(target=A.Name(symbol=target), value=value) if target is var:
            return "read" if mentions(value, var) else "set"
        case A.Block():
            return next((use for inner in stmt.stmts if (use := _first_use(inner, var)) is not None), None)
        case A.If(cond=cond, then=then, otherwise=otherwise) if otherwise is not None and not mentions(cond, var):
            # Set on both branches (a pointer's `if (...) p = a; else p = b;`): on every path.
            uses = {_first_use(then, var), _first_use(otherwise, var)}
            return None if uses == {None} else "set" if uses == {"set"} else "read"
        case A.If(cond=cond, then=then, otherwise=None) if not mentions(cond, var) and _first_use(then, var) == "set":
            # Set first where it runs, not mentioned where it does not: what follows decides.
            return None
        case A.For(init=init) if init is not None:
            use = _first_use(init, var)
            if use is not None:
                return use
    return "read" if mentions(stmt, var) else None


def _fixed_point(body: A.Block, candidates: frozenset[Symbol], set_first: frozenset[int],
                 use_context: bool, decided: frozenset[int] = frozenset(),
                 memory: bool = False, reserved: frozenset[str] = UNIFORM_RESERVED) -> tuple[frozenset[Symbol], _Walker]:
    uniform = candidates
    while True:
        walker = _Walker(uniform, set_first, decided, memory, reserved)
        walker.block(body.stmts, None, ())
        losers = {a.var for a in walker.assignments
                  if a.value is None or not walker.is_uniform(a.value) or (use_context and not a.uniform_context)}
        if not (losers & uniform):
            return uniform, walker
        uniform = uniform - losers


def analyze(main: A.Procedure, decided: frozenset[int] = frozenset(), memory: bool = False) -> Uniformity:
    """`decided`: the ids of `if`s whose condition another analysis has shown to be the
    same for every thread of a work group that reaches it (races/decided.py); `memory`: a
    read at a uniform index is uniform (races/program.py)."""
    candidates = frozenset(_locals_of(main.body))
    set_first = _set_before_read(main.body)
    uniform, walker = _fixed_point(main.body, candidates, set_first, use_context=True, decided=decided,
                                   memory=memory)
    # Locals whose values are uniform but that some thread assigns under a non-uniform
    # condition: the cause worth pointing at when a barrier's control flow depends on them.
    by_value, _ = _fixed_point(main.body, candidates, set_first, use_context=False, decided=decided,
                               memory=memory)
    tainted = by_value - uniform
    problems: list[D.Diagnostic] = []
    holders = _holders(main.body, lambda s: isinstance(s, (A.Barrier, A.WarpExchange)))

    for barrier, guard in walker.barriers:
        if guard is not None and not _grid(barrier):     # reported by _grid_divergence
            # A warp's step: only its lanes must all reach it; the rule asks the whole group (sound).
            what = warp_step(barrier)
            problems.append(D.error(
                "divergence.barrier", barrier.span,
                f"{what or 'barrier'} under the non-uniform condition `{short(guard)}`: threads of a "
                f"{'warp' if what else 'work group'} may not all reach it",
                related=(D.Related(guard.span, "this condition may differ between threads of a group"),)))

    causes: set[Symbol] = set()
    for construct, cond in walker.conditions:
        if id(construct) in holders and id(construct) not in decided and not walker.is_uniform(cond):
            causes |= _depends_on(cond, walker.assignments) & tainted
    for a in walker.assignments:
        # A loop variable is non-uniform because of its own loop condition; the cause
        # worth reporting is the assignment whose condition does not depend on itself.
        if a.var in causes and not a.uniform_context and a.var not in _depends_on(a.cause, walker.assignments):
            problems.append(D.error(
                "divergence.uniform-assign", a.span,
                # Either branch of an `if`, or a loop's body: the condition decides whether it runs.
                f"'{a.var.name}' is assigned where the non-uniform condition `{short(a.cause)}` decides "
                f"whether it runs, "
                f"so it is not uniform, but a barrier's control flow depends on it",
                related=(D.Related(a.cause.span, "the non-uniform condition"),)))

    problems += _collective(walker, uniform) + _unwaited(walker)
    grid = _grid_divergence(main, set_first)
    seen = {(d.code, d.span) for d in problems}
    problems += [d for d in grid if (d.code, d.span) not in seen]

    for jump, guard in _skipping(walker, holders, lambda s: True):
        word = type(jump).__name__.lower()
        problems.append(D.error(
            "divergence.jump", jump.span,
            f"`{word}` under the non-uniform condition `{short(guard)}` lets some threads skip a barrier",
            related=(D.Related(guard.span, "the non-uniform condition"),)))
    return Uniformity(uniform, tuple(problems), frozenset(d.span for d in grid))


def _grid(s) -> bool:
    return isinstance(s, A.Barrier) and s.among is A.Among.GRID


def _grid_divergence(main: A.Procedure, set_first: frozenset[int]) -> list[D.Diagnostic]:
    """A grid barrier (cooperative groups' `this_grid().sync()`) must be reached by every
    thread of the kernel: its conditions, and those of the jumps that could skip it, must
    be the same for all threads of all groups.  The rule above asks it of a group with
    gid uniform; here gid is not, nor anything read from memory, nor what another
    analysis decided for the threads of one group."""
    if not any(_grid(s) for s in A.statements(main.body)):
        return []
    _, walker = _fixed_point(main.body, frozenset(_locals_of(main.body)), set_first, use_context=True,
                             reserved=KERNEL_RESERVED)
    problems = []
    for barrier, guard in walker.barriers:
        if _grid(barrier) and guard is not None:
            problems.append(D.error(
                "divergence.barrier", barrier.span,
                f"grid barrier under the condition `{short(guard)}`, which may differ between threads of the "
                "kernel: every thread of every work group must reach it",
                related=(D.Related(guard.span, "this condition may differ between threads (of one group, or of "
                                               "different groups)"),)))
    for jump, guard in _skipping(walker, _holders(main.body, _grid), _grid):
        word = type(jump).__name__.lower()
        problems.append(D.error(
            "divergence.jump", jump.span,
            f"`{word}` under the condition `{short(guard)}`, which may differ between threads of the kernel, "
            "lets some threads skip a grid barrier",
            related=(D.Related(guard.span, "the condition"),)))
    return problems


def _skipping(walker: _Walker, holders: set[int], step) -> list:
    """(jump, condition) of each jump under a condition after which a step (`step(s)`,
    among the walk's barriers) may follow: a `return` before one or in a loop holding
    one, a `break`/`continue` of a loop holding one.  `holders`: `_holders(body, step)`."""
    starts = [b.span.start for b, _ in walker.barriers if step(b)]
    found = []
    for jump, guard, loops in walker.jumps:
        if isinstance(jump, A.Return):
            follows = any(start > jump.span.start for start in starts) or \
                any(id(loop.body) in holders for loop in loops)
        else:
            follows = bool(loops) and id(loops[-1].body) in holders
        if follows:
            found.append((jump, guard))
    return found


def _collective(walker: _Walker, uniform: frozenset[Symbol]) -> list[D.Diagnostic]:
    """A local named `F$group_WHAT...` holds an argument of a function the work group
    calls as a whole (the C front end's OpenCL `async_work_group_copy`, cfamily/
    async_copies.py): every thread of the group must reach it with the same value."""
    problems = []
    for a in walker.assignments:
        function, marker, what = a.var.name.partition(COLLECTIVE)
        if not marker or a.var in uniform:
            continue
        what = what.rstrip("0123456789'").replace("_", " ")
        if not a.uniform_context:
            problems.append(D.error(
                "divergence.collective", a.span,
                f"`{function}` is called under the non-uniform condition `{short(a.cause)}`: every thread of a "
                "work group must call it",
                related=(D.Related(a.cause.span, "this condition may differ between threads of a group"),)))
        else:
            problems.append(D.error(
                "divergence.collective", a.span,
                f"`{function}` is called with its {what} `{short(a.value)}`, which may differ between threads of a "
                "work group: each must call it with the same arguments"))
    return problems


def _unwaited(walker: _Walker) -> list[D.Diagnostic]:
    """OpenCL: the kernel must wait for every asynchronous copy before it ends, or what it
    does is undefined (the C front end marks such a copy, cfamily/async_flight.py)."""
    spans = dict.fromkeys(a.span for a in walker.assignments if UNWAITED in a.var.name)
    return [D.error("divergence.unwaited", span,
                    "the kernel may end without waiting for this asynchronous copy (`wait_group_events` with its "
                    "event on every path): undefined in OpenCL") for span in spans]


def warp_step(s) -> str | None:
    """What a statement that all lanes of a warp must reach is called in messages, or
    None for a statement of another kind (a group's barrier)."""
    match s:
        case A.Barrier(among=A.Among.WARP):
            return "warp barrier"
        case A.WarpExchange():
            return f"`{s.name or 'warp_' + s.op.value}`"
    return None


def _holders(body: A.Block, step) -> set[int]:
    """The ids of the statements that are or contain a step (`step(s)`: a barrier, a
    grid barrier), found in one pass: asking each loop and branch anew is quadratic in how
    deep they nest."""
    holders: set[int] = set()
    for node in reversed(list(A.statements(body))):       # inner statements first
        if step(node) or any(id(part) in holders for part in _parts(node)):
            holders.add(id(node))
    return holders


def _parts(stmt) -> tuple:
    match stmt:
        case A.Block():
            return stmt.stmts
        case A.If():
            return (stmt.then, stmt.otherwise)
        case A.While():
            return (stmt.body,)
        case A.For():
            return (stmt.init, stmt.update, stmt.body)
        case A.InvariantBlock() | A.AtomicBlock():
            return (stmt.body,)
    return ()


def _depends_on(cond: A.Expr, assignments: list[_Assignment]) -> set[Symbol]:
    """The locals a condition reads, directly or through the values assigned to them."""
    values: dict[Symbol, list[A.Expr]] = {}
    for a in assignments:
        if a.value is not None:
            values.setdefault(a.var, []).append(a.value)
    seen: set[Symbol] = set()
    todo = [cond]
    while todo:
        for node in A.walk(todo.pop()):
            if isinstance(node, A.Name) and isinstance(node.symbol, Symbol) \
                    and node.symbol.kind is SymbolKind.LOCAL and node.symbol not in seen:
                seen.add(node.symbol)
                todo.extend(values.get(node.symbol, ()))
    return seen
