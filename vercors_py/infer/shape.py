"""The accesses of a kernel, gathered at the points where a thread's permissions are
written down.

A thread holds exactly a clause set's permissions at main's start (its `requires`),
after each barrier (the barrier's `ensures`: a barrier takes in everything) and at each
loop head (its invariant: loops frame nothing).  So each such point must hold every
access on the paths from it that cross no barrier: through branches, loop bodies and loop
exits, to the next barrier or the end.  The walk follows main once and keeps the points
whose barrier-free paths reach the statement at hand (`open`), each with the values, in
that point's own terms, of the variables assigned since (`Env`): an access after
`N = N + 1` is `N + 1` at the barrier before it.  Each access becomes a `Need` of every
open point.  A loop head links (`Edge`) to the points that enter it and to those that end
an iteration, with their values at that moment; reach.py closes over the links.

A loop without a barrier must hold every iteration's accesses at once (no barrier can
hand the next iteration's over), so its counter is a bound variable of the accesses
(`Binder`: `\\forall*` over its range) and any other variable it assigns stands for no
value at its head.  A loop with a barrier holds one iteration's: its variables are the
live ones, the barrier hands the rest over.

A local stands for its value where that value is an expression of ids, parameters and
other such values; what cannot be expressed that way raises `CannotInfer`, naming the
access and why.  A procedure without a contract gets one from its body; a call links to
its start with the arguments for the parameters.
"""
from __future__ import annotations

import attrs

from ..semantics.symbols import Symbol, SymbolKind
from ..semantics.queries import assigned, has_barrier
from ..source import Span
from ..syntax import ast as A
from .branches import chosen
from .counters import keeps_sign, unsigned_view
from .inductions import at_head, inductions
from .jumps import jumps_within
from .terms import Binder, Need, Opaque, folded, names, substitute
from .whole import read_only, whole_atomic, whole_read
from .guarded import reads


class CannotInfer(Exception):
    def __init__(self, span: Span | None, why: str):
        super().__init__(why)
        self.span = span


@attrs.define(eq=False)
class Point:
    node: object                   # None (main's start), a Barrier, a loop, a Procedure
    in_procedure: bool = False
    needs: list = attrs.Factory(list)
    edges: list = attrs.Factory(list)


@attrs.frozen
class Edge:
    target: Point
    env: dict                      # the target's values in the source's terms
    guards: tuple                  # the conditions on the way, in the source's terms


@attrs.frozen
class Join:
    """Where a clause set must be the common part of the points that reach it: a barrier's
    `requires`, main's `ensures`.  Each point comes with its values there."""
    points: tuple


@attrs.frozen
class Counter:
    """A loop's counter, stepped once per iteration while `cond`: `v = v + step` or
    `v = v * step` while `v < hi` (or `<=`), `v = v / step` while `v > 0`."""
    symbol: Symbol
    name: str
    lo: A.Expr | None              # its value on entry, when it has one
    cond: A.Binary
    step: A.Expr
    update_at: int | None          # the body's top-level statement that steps it; None: the header
    op: str = "+"                  # `v = v + step`; `*`: doubling, `/`: halving while `v > 0`

    @property
    def halving(self) -> bool:
        return self.op == "/"


@attrs.frozen
class LoopSite:
    loop: A.For | A.While
    point: Point
    counter: Counter | None
    facts: tuple                   # what holds at its head, besides its counter's range


@attrs.frozen
class BarrierSite:
    barrier: A.Barrier
    point: Point
    before: Join
    facts: tuple                   # the counters' ranges of the loops around it


@attrs.frozen
class ProcedureSite:
    procedure: A.Procedure
    point: Point
    end: Join


@attrs.frozen
class Shape:
    start: Point
    end: Join
    points: tuple
    barriers: tuple
    loops: tuple
    procedures: tuple              # the procedures without a contract, to get one


def shape(kernel: A.Kernel, scope: A.Scope) -> Shape:
    """The shape of the accesses to one memory.  A barrier that does not order that
    memory (a C barrier without its fence) is no barrier for it: the threads keep their
    permissions on it across (docs/cfamily.md)."""
    main = kernel.main
    written = [c for n in (main, *A.statements(main.body)) for c in getattr(n, "contract", None) or ()
               if not c.implied]
    if written:
        raise CannotInfer(main.name_span, "main has a contract already: `infer` writes one for kernels without")
    walk = _Walk(kernel, scope)
    start = walk.point(None)
    walk.open = {start: {}}
    walk.block(_returns_early(main.body.stmts))
    return Shape(start, walk.join(), tuple(walk.points), tuple(walk.barriers), tuple(walk.loops),
                 tuple(walk.procedures.values()))


def _returns_early(stmts) -> tuple:
    """Main's statements with each `if (c) return;` among them read as `if (!c) { the
    statements after it }`: the same runs of each thread."""
    for k, stmt in enumerate(stmts):
        if isinstance(stmt, A.If) and stmt.otherwise is None and _is_return(stmt.then):
            rest = _returns_early(stmts[k + 1:])
            if not rest:
                return tuple(stmts[:k])
            guarded = A.If(A.Unary("!", stmt.cond, span=stmt.cond.span), A.Block(rest, span=stmt.span), None,
                           span=stmt.span)
            return tuple(stmts[:k]) + (guarded,)
    return tuple(stmts)


def _is_return(stmt) -> bool:
    match stmt:
        case A.Return():
            return True
        case A.Block(stmts=(only,)):
            return _is_return(only)
    return False


def translate(e: A.Expr, env: dict, what: str, span: Span, bound=frozenset()) -> A.Expr:
    """`e` in a point's terms; CannotInfer if it reads memory or a value with none."""
    for n in A.walk(e):
        if isinstance(n, A.Index):
            raise CannotInfer(span, f"{what} reads memory (`{_text(n)}`): a data-dependent index has no "
                                    "permission contract of this form")
        if isinstance(n, A.Name) and n.symbol not in bound and isinstance(env.get(n.symbol), Opaque):
            raise CannotInfer(span, f"{what} depends on `{n.id}`, {env[n.symbol].why}")
    return folded(substitute(e, {s: v for s, v in env.items() if s not in bound}))


def _free_of_binders(e: A.Index) -> None:
    """CannotInfer for a read at an index of a \\sum's or quantifier's variable (in
    code): one such read stands for a range of cells, which a clause of one cell does
    not describe."""
    for n in A.walk(e.index):
        if isinstance(n, A.Name) and getattr(n.symbol, "kind", None) is SymbolKind.BOUND:
            raise CannotInfer(e.span, f"`{_text(e)}` reads a cell for each value of `{n.id}`: "
                                      "write the permissions for these reads yourself")


def try_translate(e: A.Expr, env: dict, bound=frozenset()) -> A.Expr | None:
    try:
        return translate(e, env, "", e.span, bound)
    except CannotInfer:
        return None


@attrs.frozen
class _Guard:
    at: dict                       # open point -> the condition in its terms (or None)
    later: A.Expr | None           # for points made inside the branch: its variables stay


class _Walk:
    def __init__(self, kernel: A.Kernel, scope: A.Scope):
        self.kernel = kernel
        self.scope = scope
        # A C thread's private arrays: the mapping gives each thread its slice.
        self.private = {a.symbol for a in kernel.arrays if a.private}
        self.read_only = read_only(kernel)
        self.lengths = {a.symbol: a.length for a in kernel.arrays}
        self.points: list[Point] = []
        self.open: dict[Point, dict] = {}
        self.origin: dict = {}         # the values since main's start, across barriers
        self.guards: list[_Guard] = []
        self.binders: tuple = ()
        self.loops: list[LoopSite] = []
        self.barriers: list[BarrierSite] = []
        self.procedures: dict[str, ProcedureSite] = {}
        self.calling: list[str] = []
        # The loops around the statement at hand: (its LoopSite, the index of the body's
        # top-level statement the walk is in), to tell whether its counter has stepped.
        self.enclosing: list[tuple] = []

    def point(self, node) -> Point:
        p = Point(node, bool(self.calling))
        self.points.append(p)
        return p

    def known(self) -> dict:
        """The locals whose values are expressions of ids, sizes and parameters: a new
        point writes them so, and its clauses name no local it need not."""
        return {s: v for s, v in self.origin.items() if not isinstance(v, Opaque) and _absolute(v)}

    def join(self) -> Join:
        return Join(tuple((p, dict(env)) for p, env in self.open.items()))

    def enter(self, target: Point):
        """Link the open points to a point reached from them (a loop head)."""
        for p, env in self.open.items():
            p.edges.append(Edge(target, dict(env), self._guards(p)))

    # ---- accesses ----
    def accesses(self, e: A.Expr | None):
        if e is None:
            return
        for n, conds in reads(e):
            for c in conds:
                self.guards.append(_Guard({p: try_translate(c, env) for p, env in self.open.items()}, None))
            self.access(n, False)
            del self.guards[len(self.guards) - len(conds):]

    def access(self, e: A.Index, write: bool, atomic: bool = False):
        if e.array.symbol.scope is not self.scope or e.array.symbol in self.private:
            return
        for p, env in self.open.items():
            try:
                _free_of_binders(e)
                index = translate(e.index, env, f"the index of `{_text(e)}`", e.span)
            except CannotInfer:
                if atomic:
                    p.needs.append(whole_atomic(e.array.symbol, self.lengths[e.array.symbol], e.span))
                    continue
                if write or e.array.symbol not in self.read_only:
                    raise
                p.needs.append(whole_read(e.array.symbol, self.read_only[e.array.symbol], e.span))
                continue
            if atomic and any(s.kind is SymbolKind.LOCAL for s in names(index)):
                # A cell named by a local that is no expression of the point's values (a
                # histogram's `bins[d]`, `d` read from memory): `atomic` on every cell,
                # which is duplicable, rather than a clause no other thread can state.
                p.needs.append(whole_atomic(e.array.symbol, self.lengths[e.array.symbol], e.span))
                continue
            p.needs.append(Need(e.array.symbol, index, write, self._guards(p), self.binders, e.span, atomic=atomic))
            if not write and e.array.symbol in self.read_only:
                # A share of all of it too, which covers this read in the clauses (the
                # need stays for the requirement that its index is inside): one chunk
                # the solver inverts at once, where the reads' cells over two counters
                # (a GEMM's tile loads) it must compare at each loop and barrier.
                p.needs.append(whole_read(e.array.symbol, self.read_only[e.array.symbol], e.span))

    def _guards(self, p: Point) -> tuple:
        return tuple(c for g in self.guards for c in [g.at[p] if p in g.at else self._later(g.later, p)]
                     if c is not None)

    def _later(self, cond: A.Expr | None, p: Point) -> A.Expr | None:
        """A condition around a point made inside its branch, in the point's terms: its
        variables are not assigned in the branch, so the point's values of them hold."""
        if cond is None or p not in self.open:
            return cond
        return try_translate(cond, self.open[p]) or cond

    def assign(self, symbol: Symbol, value: A.Expr | None, why: str):
        for env in [*self.open.values(), self.origin]:
            found = None if value is None else try_translate(value, env)
            env[symbol] = found if found is not None else Opaque(why)

    # ---- statements ----
    def block(self, stmts):
        for stmt in stmts:
            self.stmt(stmt)

    def stmt(self, stmt):
        match stmt:
            case A.VarDecl():
                self.accesses(stmt.init)
                why = "which is declared without a value" if stmt.init is None else \
                    "whose value is read from memory" if any(isinstance(n, A.Index) for n in A.walk(stmt.init)) \
                    else "whose value is no expression of the ids and parameters"
                self.assign(stmt.symbol, stmt.init, why)
            case A.Assign():
                self.accesses(stmt.value)
                why = "whose value is read from memory" if any(isinstance(n, A.Index) for n in A.walk(stmt.value)) \
                    else "which is assigned a value that is no expression of the ids and parameters"
                self.assign(stmt.target.symbol, stmt.value, why)
            case A.ArrayAssign():
                self.accesses(stmt.target.index)
                self.accesses(stmt.value)
                self.access(stmt.target, True)
            case A.AtomicUpdate():
                self.accesses(stmt.target.index)
                for arg in stmt.args:
                    self.accesses(arg)
                self.access(stmt.target, False, atomic=True)
                if stmt.result is not None:
                    self.assign(stmt.result.symbol, None, "which an atomic operation returns")
            case A.If():
                self.branch(stmt)
            case A.For() | A.While():
                self.loop(stmt)
            case A.Block():
                self.block(stmt.stmts)
            case A.WarpExchange():
                self.accesses(stmt.value)
                self.accesses(stmt.lane)
                self.assign(stmt.result.symbol, None, "which receives another lane's value (a warp exchange)")
            case A.Barrier():
                self.barrier(stmt)
            case A.CallStmt():
                self.call(stmt)
            case A.Assert() | A.Assume():
                pass
            case A.Break() | A.Continue() if jumps_within(self.enclosing, self.scope):
                pass
            case A.Break() | A.Continue() | A.Return():
                raise CannotInfer(stmt.span, "a jump (break, continue, return): its loop or body is not a simple count")
            case A.InvariantBlock() | A.AtomicBlock():
                raise CannotInfer(stmt.span, "an invariant or atomic block: `infer` writes no invariant of its own")
            case _:
                raise CannotInfer(getattr(stmt, "span", None), f"{type(stmt).__name__} is not read by `infer`")

    def branch(self, stmt: A.If):
        self.accesses(stmt.cond)
        at = {p: try_translate(stmt.cond, env) for p, env in self.open.items()}
        stays = not (names(stmt.cond) & set(assigned(stmt))) and not any(isinstance(n, A.Index) for n in A.walk(stmt.cond))
        before = {p: dict(env) for p, env in self.open.items()}
        origin, known = self.origin, self.known()
        arms, origins = [], []
        for arm, negate in ((stmt.then, False), (stmt.otherwise, True)):
            self.open = {p: dict(env) for p, env in before.items()}
            self.origin = dict(origin)
            if arm is not None:
                def side(c):
                    return None if c is None else A.Unary("!", c, span=c.span) if negate else c
                # For points made inside the branch: the condition by the values its locals
                # have here (the branch assigns none of them), which every clause can state.
                later = side(substitute(stmt.cond, known)) if stays else None
                self.guards.append(_Guard({p: side(c) for p, c in at.items()}, later))
                self.stmt(arm)
                self.guards.pop()
            arms.append(self.open)
            origins.append({None: self.origin})
        self.open = chosen(_merge(*arms), *arms, at)
        self.origin = chosen(_merge(*origins), *origins, {None: try_translate(stmt.cond, origin)})[None]

    def barrier(self, stmt: A.Barrier):
        if self.calling:
            raise CannotInfer(stmt.span, "a barrier in a procedure")
        if stmt.among is A.Among.GRID:
            raise CannotInfer(stmt.span, "a grid barrier (what it hands between groups is not inferred)")
        if not stmt.orders(self.scope) or stmt.among is A.Among.WARP:
            return          # a warp's barrier hands over nothing (check, docs/warps.md)
        after = self.point(stmt)
        self.barriers.append(BarrierSite(stmt, after, self.join(), self._facts()))
        self.open = {after: self.known()}

    def _facts(self) -> tuple:
        """The ranges of the counters of the loops around the statement at hand."""
        out = []
        for site, k in self.enclosing:
            counter = site.counter
            if counter is None:
                continue
            stepped = counter.update_at is not None and k > counter.update_at
            out.extend(_counter_facts(counter, stepped))
        return tuple(out)

    # ---- loops ----
    def loop(self, stmt: A.For | A.While):
        barrier = has_barrier(stmt.body, self.scope)
        body = stmt.body.stmts if isinstance(stmt.body, A.Block) else (stmt.body,)
        if isinstance(stmt, A.For) and stmt.init is not None:
            self.stmt(stmt.init)
        counter = self.counter(stmt, body)
        if counter is not None and not barrier and (counter.lo is None or counter.op != "+"):
            counter = None             # no range of counts to quantify over
        stepped = inductions(stmt, body, counter, self._entry_value) if not barrier else []
        self.accesses(stmt.cond)
        head = self.point(stmt)
        self.enter(head)
        varying = set(assigned(stmt.body)) | (set(assigned(stmt.update)) if isinstance(stmt, A.For) and stmt.update else set())
        self.origin.update({s: Opaque("which the loop assigns") for s in varying})
        binders, env = self.binders, self.known()
        if not barrier:
            env.update({s: Opaque("which the loop assigns") for s in varying
                        if counter is None or s is not counter.symbol})
            if counter is not None:
                # The bound and step in the head's terms: `t < numTiles` is `t_ < K / 32`
                # where `numTiles = K / 32`, as in the clauses of the points before.
                values = {s: v for s, v in env.items() if not isinstance(v, Opaque)}
                binders += (Binder(counter.name, counter.symbol, counter.lo,
                                   folded(substitute(_exclusive(counter.cond), values)),
                                   None if _is_one(counter.step) else substitute(counter.step, values)),)
        equalities = []
        for found in stepped:
            env[found.symbol] = at_head(found, counter, {s: v for s, v in env.items() if not isinstance(v, Opaque)})
            equalities.append(A.Binary("==", found.target, env[found.symbol], span=found.target.span))
        site = LoopSite(stmt, head, counter, self._facts() + tuple(equalities))
        self.loops.append(site)
        saved = self.binders, self.guards
        # A condition around the loop, at its head: in its values where they are known
        # (`tid < n` after `int tid = ...` is written as the id's expression).
        known = {s: v for s, v in env.items() if not isinstance(v, Opaque)}
        self.binders, self.guards = binders, [_Guard({}, g.later and substitute(g.later, known)) for g in self.guards]
        self.open = {head: dict(env)}
        self.accesses(stmt.cond)
        self.enclosing.append((site, 0))
        for k, s in enumerate(body):
            self.enclosing[-1] = (site, k)
            self.stmt(s)
        self.enclosing.pop()
        if isinstance(stmt, A.For) and stmt.update is not None:
            self.stmt(stmt.update)
        for p, penv in self.open.items():
            p.edges.append(Edge(head, dict(penv), ()))
        self.binders, self.guards = saved
        if counter is not None and not barrier:
            env[counter.symbol] = Opaque("the counter of a loop that has ended")
        env.update({found.symbol: Opaque("which the loop assigns") for found in stepped})
        self.open = {head: env}

    def counter(self, stmt, body) -> Counter | None:
        """The loop's counter: counting up by a step that does not change while below a
        bound (`v = v + c` while `v < hi`), doubling (`v = v * 2` while `v < hi`) or
        halving while positive (`v = v / 2` while `v > 0`): a tree reduction's stride."""
        cond = A.bare(stmt.cond)
        if not isinstance(cond, A.Binary):
            return None
        cond = attrs.evolve(cond, left=A.bare(cond.left), right=A.bare(cond.right))
        signed = unsigned_view(cond)
        cond = signed or cond
        if not (cond.op in ("<", "<=", ">") and isinstance(cond.left, A.Name)):
            return None
        symbol = cond.left.symbol
        if isinstance(stmt, A.For):
            update, update_at = stmt.update, None
            if symbol in set(assigned(stmt.body)):
                return None
        else:
            updates = [(k, s) for k, s in enumerate(body) if isinstance(s, A.Assign) and s.target.symbol is symbol]
            if len(updates) != 1 or sum(1 for n in A.statements(stmt.body)
                                        if isinstance(n, A.Assign) and n.target.symbol is symbol) != 1:
                return None
            update_at, update = updates[0]
        value = A.bare(update.value) if isinstance(update, A.Assign) and update.target.symbol is symbol else None
        if isinstance(value, A.Conditional) and isinstance(A.bare(value.then), A.Binary) \
                and A.bare(value.then).op == "/":
            value = A.bare(value.then)          # C's truncating division: `v >= 0 ? v / c : -(-v / c)`
        if isinstance(value, A.Binary) and value.op == "%" and isinstance(value.right, A.IntLit) \
                and value.right.value in (1 << 32, 1 << 64) and isinstance(A.bare(value.left), A.Binary) \
                and A.bare(value.left).op == "+":
            # An unsigned counter, `v = (v + c) % 2^N`: read as counting up by c.  Its
            # range is written as loop invariants, which the check proves: where the sum
            # could wrap around, `lo <= v` fails there.
            value = A.bare(value.left)
        if not (isinstance(value, A.Binary) and A.is_name(value.left, symbol)):
            return None
        step, op = A.bare(value.right), value.op
        literal = isinstance(step, A.IntLit) and step.value >= 2
        fits = {"+": cond.op != ">",
                "*": cond.op != ">" and literal,
                "/": cond.op == ">" and literal and isinstance(cond.right, A.IntLit) and cond.right.value == 0}
        if not fits.get(op, False):
            return None
        loop_assigned = set(assigned(stmt.body)) | {symbol}
        if any(names(e) & loop_assigned or any(isinstance(n, A.Index) for n in A.walk(e)) for e in (step, cond.right)):
            return None
        lo = self._entry_value(symbol, loop_assigned)
        if signed is not None and not keeps_sign(lo, step, op):
            return None
        # The step and bound by their values where they are locals of ids, sizes and
        # parameters (`k += nloc` after `nloc = get_local_size(0)` steps by `gsize.x`):
        # an invariant must not name a local whose value it does not state.
        known = self.known()
        step, cond = folded(substitute(step, known)), attrs.evolve(cond, right=folded(substitute(cond.right, known)))
        return Counter(symbol, cond.left.id, lo, cond, step, update_at, op)

    def _entry_value(self, symbol: Symbol, loop_assigned: set) -> A.Expr | None:
        """The counter's value on entry, as an expression that stays valid in the loop:
        in the open points' terms, or of ids, sizes and parameters only."""
        values = {}
        for env in self.open.values():
            value = env.get(symbol)
            if value is None:
                value = self.origin.get(symbol)
                if value is None or isinstance(value, Opaque) or not _absolute(value):
                    return None
            elif isinstance(value, Opaque) or names(value) & (loop_assigned | set(env)):
                return None
            values[_text(value)] = value
        return next(iter(values.values())) if len(values) == 1 else None

    # ---- procedures ----
    def call(self, stmt: A.CallStmt):
        procedure = next((p for p in self.kernel.procedures if p.name == stmt.name), None)
        if procedure is None:
            raise CannotInfer(stmt.span, f"the call of `{stmt.name}`: no procedure of that name")
        if stmt.name in self.calling:
            raise CannotInfer(stmt.span, f"the recursive call of `{stmt.name}`: `infer` reads no recursion")
        if procedure.proved_by:
            raise CannotInfer(stmt.span, f"the launch of {', '.join(procedure.proved_by)}: `infer` writes the "
                              f"contracts of one kernel")
        for arg in stmt.args:
            self.accesses(arg)
        site = self.procedures.get(stmt.name) or self.procedure(procedure)
        for p, env in self.open.items():
            args = {param.symbol: translate(arg, env, f"the argument `{_text(arg)}`", arg.span)
                    for param, arg in zip(procedure.params, stmt.args)}
            p.edges.append(Edge(site.point, args, self._guards(p)))

    def procedure(self, procedure: A.Procedure) -> ProcedureSite:
        saved = self.open, self.origin, self.guards, self.binders, self.enclosing
        self.calling.append(procedure.name)
        start = self.point(procedure)
        self.open, self.origin, self.guards, self.binders, self.enclosing = {start: {}}, {}, [], (), []
        self.block(procedure.body.stmts)
        site = ProcedureSite(procedure, start, self.join())
        self.calling.pop()
        self.open, self.origin, self.guards, self.binders, self.enclosing = saved
        self.procedures[procedure.name] = site
        return site


# What a value may name to mean the same at every point: the ids, sizes and parameters.
ABSOLUTE = (SymbolKind.RESERVED, SymbolKind.KERNEL_PARAM)


def _absolute(e: A.Expr) -> bool:
    return all(s.kind in ABSOLUTE for s in names(e))


def _merge(*arms: dict) -> dict:
    """The open points after branches, each with the values all arms give it (a variable
    unchanged on one arm and assigned on another has no value)."""
    out: dict = {}
    for arm in arms:
        for p, env in arm.items():
            if p not in out:
                out[p] = dict(env)
                continue
            mine = out[p]
            for symbol in set(mine) | set(env):
                a, b = mine.get(symbol), env.get(symbol)
                same = a is not None and b is not None and not isinstance(a, Opaque) and \
                    not isinstance(b, Opaque) and _text(a) == _text(b)
                if not same:
                    mine[symbol] = next((x for x in (a, b) if isinstance(x, Opaque)),
                                        Opaque("which the branches assign differently"))
    return out


def _exclusive(cond: A.Binary) -> A.Expr:
    if cond.op == "<=":
        return A.Binary("+", cond.right, A.IntLit(1, span=cond.span), span=cond.span)
    return cond.right


def _is_one(e: A.Expr) -> bool:
    return isinstance(e, A.IntLit) and e.value == 1


def _counter_facts(counter: Counter, stepped: bool) -> list[A.Expr]:
    """What holds of a counter inside its loop's body: before its step, `lo <= v` and the
    loop's condition; after it, both one step on.  A halving counter is between 0 and its
    first value, and positive before its step."""
    v = A.Name(counter.name, span=counter.cond.span, symbol=counter.symbol)
    span = counter.cond.span
    if counter.op != "+":
        out = [A.Binary("<=", A.IntLit(0, span=span), v, span=span)] if counter.halving else []
        if counter.lo is not None:
            out.append(A.Binary("<=", v, counter.lo, span=span) if counter.halving else
                       A.Binary("<=", counter.lo, v, span=span))
        out += [] if stepped else [counter.cond]
        return [_conjunction(out)] if out else []
    back = A.Binary("-", v, counter.step, span=span) if stepped else v
    out = []
    if counter.lo is not None:
        lo = A.Binary("+", counter.lo, counter.step, span=span) if stepped else counter.lo
        out.append(A.Binary("<=", lo, v, span=span))
    out.append(A.Binary(counter.cond.op, back, counter.cond.right, span=span))
    return [_conjunction(out)]


def head_facts(counter: Counter) -> list[A.Expr]:
    """What holds of a counter at its loop's head: `lo <= v`, on the step's grid, and
    the condition of the last iteration unless none has run (`v == lo ||`); a halving
    counter, between 0 and its first value."""
    if counter.lo is None:
        return []
    v = A.Name(counter.name, span=counter.cond.span, symbol=counter.symbol)
    span = counter.cond.span
    if counter.halving:
        return [A.Binary("&&", A.Binary("<=", A.IntLit(0, span=span), v, span=span),
                         A.Binary("<=", v, counter.lo, span=span), span=span)]
    if counter.op == "*":
        return [A.Binary("<=", counter.lo, v, span=span)]
    if _is_one(counter.step):
        last = A.Binary("<=", v, folded(_exclusive(counter.cond)), span=span)
    else:
        last = A.Binary(counter.cond.op, A.Binary("-", v, counter.step, span=span), counter.cond.right, span=span)
    out = [A.Binary("<=", counter.lo, v, span=span)]
    if not _is_one(counter.step):
        out.append(A.Binary("==", A.Binary("%", A.Binary("-", v, counter.lo, span=span), counter.step, span=span),
                            A.IntLit(0, span=span), span=span))
    out.append(A.Binary("||", A.Binary("==", v, counter.lo, span=span), last, span=span))
    return [_conjunction(out)]


def _conjunction(parts: list) -> A.Expr:
    whole = parts[0]
    for part in parts[1:]:
        whole = A.Binary("&&", whole, part, span=part.span)
    return whole


def _text(e: A.Expr) -> str:
    from ..syntax.printer import format_expr
    return format_expr(e)
