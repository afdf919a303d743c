"""What two threads' atomics on one cell can tell each other apart by: claims
(`atomicCAS(&flag, 0, 1) == 0`, the "first thread to arrive") of which at most one
succeeds, and tickets (`j = atomicAdd(&count, 1)`, `atomic_inc(p)`) of which no two are
the same.

An atomic's old value is unknown to `races` (protocol.py): any value, in every thread.
That alone lets two threads both see `flag == 0` and take the winner's branch, or both
draw one ticket and write one cell.  But where every atomic update of an array in the
kernel is of one form, the values a cell takes are known up to plain writes:

* claims: `cas(cell, e, v)` with the same literals e != v.  A success leaves v, and no
  atomic puts e back;
* tickets: `cell + 1` (wrapped modulo 2^N in C).  Each ticket finds the value the one
  before left, and they come back to a value only after 2^N of them: with none in a
  loop, at most (threads that reach the cell) x (tickets on the walk) are drawn, which
  the fact asks to be at most 2^N (over the language's unbounded integers they never
  come back, loops or not).  In a loop they are counted only where a ticket of its own
  ends it (below, "Loops a ticket ends"); in any other loop, any number may be drawn,
  and the fact is not stated.

Only a plain write can undo them, and a plain write between two threads' atomics on one
cell races with one of them: with the other thread's atomic in the same barrier interval
(threads of one group), or with the atomic of another group in the same interval of the
grid's barriers (global memory, which only a grid barrier orders between groups: a
write between two atomics of one grid interval is in that interval too, since every
thread passes each grid barrier at once, and a group's barrier cannot order it after
the atomic of one group and before that of another).  So in every execution up to its
first race, two distinct threads do not both succeed at claims, nor draw equal tickets,
on one cell in one barrier interval of their group, nor, from two groups, in one grid
interval (the whole kernel when it has no grid barrier); that is the fact each query
gets for the claims and tickets among the accesses it is asked about (the interval's,
or a grid interval's global ones for two groups: grids.py).  Across a grid barrier the
fact would be false: a plain write in the interval between resets the cell without a
race, and two groups then both win (tests/data/protocols/gridsync-claims-racy.cu).
Races are found in those executions, so the fact hides none.

Loops a ticket ends (`while (true) { t = atomic_inc(&next); ...; if (t > tid) break; }`,
GPUVerify's refined_atomic_abstraction/access_in_loop).  Such a loop `L` has no bound of
its own: it is bounded by the distinctness of its tickets.  `limited` recognises it,
outside any other loop: its body (and a `for`'s update) holds only declarations,
assignments, atomics, warp exchanges, asserts, assumes and `if`s (no jump, loop,
barrier or call) but for its last statement `if (c) break;`; it draws the ticket `t` of
an array X exactly once, unconditionally, before that test, and writes no cell of X
plainly.  The walk (protocol.py) then asks Z3 for a K among the launch's sizes and the
test's literals (and those plus one) such that every iteration that goes on drew a value
below it: the facts and `!c` and `t >= K` are unsatisfiable.  Then, in an execution up
to its first race:

1. No plain write of X comes between two distinct threads' draws of X in one barrier
   interval of their group, nor, from two groups, in one grid interval (above), nor
   while threads run L there: L has no barrier, so such a write races with their
   atomics, unless its writer W is the only thread drawing, and W's own plain writes are
   not in L's body.  The draws of X made in such a stretch, by any thread, find
   consecutive values: 2^N of them are distinct.
2. Among distinct draws of X, the iterations of L that go on drew values in
   [lowest, K): at most max(K - lowest, 0) of them; each thread that runs L ends it once,
   with one more draw (L is in no loop: a thread runs it once per walk of it, and each
   walk of a procedure's loop is counted apart).  So at most I = max(K - lowest, 0) + T
   iterations of L are among them, T the threads of X's scope (gsize, or gsize x ngroups).
3. Let B be the count of X's draws this gives (T x the straight draws, plus I per loop X
   ends).  Were 2^N or more draws of X made between two threads' draws, the first 2^N of
   them would be distinct, and at most B in number by 2: with B < 2^N that cannot be, so
   the two draw different values.  Another array Y drawn in L (each such draw at most
   once per iteration, L's body having no loop) is drawn at most I times there, under X's
   condition B < 2^N; its own count, straight draws plus these, must be at most 2^N (or
   below it where Y ends loops itself: 3 again).  For local X and global Y, I is per
   group: ngroups x I in the launch.

Under `--only-intra-group` (intra_group) races between groups are not looked for, so a
plain write of a global array by another group could reset it unreported: the fact of a
global array's claims and tickets is then stated only for tickets of an array the kernel
writes nowhere plainly (nothing but tickets ever changes it, in any execution), and a
loop that a global X ends bounds nothing unless X is such an array.  A loop that fails
any of this counts as any loop: its tickets' fact is not stated.
"""
from __future__ import annotations

import attrs
import z3

from ..syntax import ast as A


@attrs.define
class Tickets:
    """The tickets of one array, as the walk (protocol.py) meets them."""
    modulus: int | None            # 2^N of a C type; None: unbounded integers
    lowest: int = 0                # the type's least value (-2^(N-1) if signed)
    drawn: int = 0                 # tickets outside loops on the walk (each call of a procedure anew)
    looped: bool = False           # one in a loop no ticket ends: any number of them
    loops: list = attrs.field(factory=list)    # the walks of loops a ticket ends that draw these
    plain: bool = False            # the kernel writes a cell of the array plainly somewhere


@attrs.define(eq=False)
class Limited:
    """One walk of a loop that a ticket of its own ends (the module's docstring)."""
    scope: object                  # the ending ticket's array's memory (A.Scope)
    ends: list                     # the atomics that may end it: (statement, its array's Tickets)
    test: A.If                     # `if (c) break;`, the body's last statement
    literals: tuple                # the numbers in c
    counts: dict = attrs.field(factory=dict)   # array symbol -> its tickets in the body
    olds: dict = attrs.field(factory=dict)     # id of an ending atomic -> its value on this walk
    tickets: object = None         # the ending array's Tickets, once K is found
    bound: object = None           # K: every iteration that goes on drew a value below it


def claim(stmt: A.AtomicUpdate) -> tuple[int, int] | None:
    """(e, v) of an update `cell == e ? v : cell` with literals e != v, else None."""
    match A.bare(stmt.update):
        case A.Conditional(cond=A.Binary(op="==", left=cell, right=A.IntLit(value=e)), then=A.IntLit(value=v),
                           otherwise=other) if cell == stmt.target and other == stmt.target and e != v:
            return e, v
    return None


def ticket(stmt: A.AtomicUpdate) -> tuple | None:
    """(2^N, the least value) of an update `cell + 1` wrapped into an unsigned
    (`(cell + 1) % 2^N`) or a signed type (`(cell + 1 + 2^(N-1)) % 2^N - 2^(N-1)`), (None, 0)
    of `cell + 1` over the language's integers, else None."""
    one = A.IntLit(1, span=stmt.span)
    match A.bare(stmt.update):
        case A.Binary(op="+", left=cell, right=step) if cell == stmt.target and step == one:
            return (None, 0)
        case A.Binary(op="%", left=A.Binary(op="+", left=cell, right=step), right=A.IntLit(value=m)) \
                if cell == stmt.target and step == one:
            return (m, 0)
        case A.Binary(op="-", left=A.Binary(op="%", left=A.Binary(op="+", left=A.Binary(
                op="+", left=cell, right=step), right=A.IntLit(value=half)), right=A.IntLit(value=m)),
                right=A.IntLit(value=back)) if cell == stmt.target and step == one and half == back == m // 2:
            return (m, -half)
    return None


def kinds(kernel: A.Kernel) -> dict:
    """The arrays whose every atomic update in the kernel is of one form: array symbol ->
    ("claim", e) or ("ticket", Tickets)."""
    found: dict = {}
    for node in A.walk(kernel):
        if isinstance(node, A.AtomicUpdate):
            shape = ("claim", claim(node)) if claim(node) is not None else \
                ("ticket", ticket(node)) if ticket(node) is not None else None
            found.setdefault(node.target.array.symbol, set()).add(shape)
    out = {}
    for array, shapes in found.items():
        if len(shapes) == 1 and None not in shapes:
            (kind, what), = shapes
            out[array] = ("claim", what[0]) if kind == "claim" else ("ticket", Tickets(*what))
    for node in A.walk(kernel):
        if isinstance(node, A.ArrayAssign) and out.get(node.target.array.symbol, ("",))[0] == "ticket":
            out[node.target.array.symbol][1].plain = True
    return out


_STRAIGHT = (A.VarDecl, A.Assign, A.ArrayAssign, A.AtomicUpdate, A.WarpExchange, A.If, A.Block, A.Assert, A.Assume)


def limited(body: list, update, kinds: dict) -> Limited | None:
    """The walk of a loop of this body (and update) when it has the shape of a loop a
    ticket ends, with the atomics that may end it; else None.  The loop is in no other
    loop, and has no barrier (the caller's part)."""
    stmts = [s for b in body for s in (b.stmts if isinstance(b, A.Block) else (b,))]
    match stmts[-1:]:
        case [A.If(cond=cond, then=A.Break() | A.Block(stmts=(A.Break(),)), otherwise=None) as test]:
            pass
        case _:
            return None
    rest = stmts[:-1] + ([update] if update is not None else [])
    # Only these run at most once per iteration and leave it by its end: any other kind
    # (a jump, a loop, a barrier, a call, a kind added later) makes the loop any loop.
    if not all(isinstance(n, _STRAIGHT) for s in rest for n in A.statements(s)):
        return None
    nodes = [n for s in rest for n in A.walk(s)]
    counts: dict = {}
    for n in nodes:
        if isinstance(n, A.AtomicUpdate) and kinds.get(n.target.array.symbol, ("",))[0] == "ticket":
            counts[n.target.array.symbol] = counts.get(n.target.array.symbol, 0) + 1
    written = {n.target.array.symbol for n in nodes if isinstance(n, A.ArrayAssign)}
    ends = [(s, kinds[s.target.array.symbol][1]) for s in stmts[:-1] if isinstance(s, A.AtomicUpdate)
            and counts.get(s.target.array.symbol) == 1 and s.target.array.symbol not in written]
    if not ends:
        return None
    literals = tuple({n.value for n in A.walk(cond) if isinstance(n, A.IntLit)})
    return Limited(None, ends, test, literals, counts)


def settle(limit: Limited, cond, facts: list, sizes, ctx, timeout_ms: int) -> bool:
    """Find K for the loop's walk (`cond` the test's condition on it): whether one was found."""
    candidates = [sizes.gsize * sizes.ngroups, sizes.gsize] + [z3.IntVal(v + d, ctx) for v in limit.literals
                                                                for d in (0, 1)]
    for stmt, tickets in limit.ends:
        old = limit.olds.get(id(stmt))
        for k in candidates if old is not None else ():
            s = z3.Solver(ctx=ctx)
            s.set("timeout", timeout_ms)
            s.add(*facts, z3.Not(cond), old >= k)
            if s.check() == z3.unsat:
                limit.scope, limit.tickets, limit.bound = stmt.target.array.symbol.scope, tickets, k
                return True
    return False


def in_range(tickets: Tickets, old) -> list:
    """What is known of a ticket's value: it lies in its C type (its cell's value)."""
    if tickets.modulus is None:
        return []
    return [tickets.lowest <= old, old < tickets.lowest + tickets.modulus]


def facts(p, accesses, second, intra_group: bool = False) -> list:
    """No two distinct threads (the query's first and `second`) both succeed at claims,
    or draw equal tickets, of one cell among `accesses`.  `intra_group`: races between
    groups are not checked, so a plain write of another group may undo a global cell's
    claims unreported: the facts of local memory only, and of the global arrays whose
    tickets nothing else changes (`_unwritten`)."""
    marked = [a for a in accesses if a.claim is not None and (a.scope is A.Scope.LOCAL or not intra_group or _unwritten(a))]
    return [f for a in marked for b in marked if a.array is b.array for f in _apart(p, a, b, second, intra_group)]


def same_statement(p, second, intra_group: bool = False) -> list:
    """The same fact for two threads of one group at one claim or ticket outside loops
    (`Protocol.singles`), whatever memory the query is about: they make it in the same
    barrier interval of every memory, as barriers are aligned."""
    return [f for a in p.singles if a.scope is A.Scope.LOCAL or not intra_group or _unwritten(a)
                                   for f in _apart(p, a, a, second, intra_group)]


def _unwritten(access) -> bool:
    """Tickets of an array the kernel never writes plainly: nothing but tickets changes
    it, so their fact needs no race to be reported, between groups neither."""
    kind, _, what = access.claim
    return kind == "ticket" and not what.plain


def _apart(p, a, b, second, intra_group: bool = False) -> list:
    (kind, old, what), (_, theirs, _) = a.claim, b.claim
    meet = [a.guard, second(b.guard), a.index == second(b.index)]
    if kind == "claim":
        return [z3.Not(z3.And(*meet, old == what, second(theirs) == what))]
    if what.modulus is not None:
        bound = _bounded(p, a.array, what, a.scope, intra_group)
        if bound is None:
            return []           # any number of tickets: they may come round again
        meet += bound
    return [z3.Implies(z3.And(*meet), old != second(theirs))]


def _threads(p, scope):
    return p.sizes.gsize if scope is A.Scope.LOCAL else p.sizes.gsize * p.sizes.ngroups


def _bounded(p, array, what: Tickets, scope, intra_group: bool) -> list | None:
    """The conditions under which the array's tickets are too few to come round (the
    module's docstring, 3), or None where their number is not bounded."""
    if what.looped:
        return None
    total, conditions = _threads(p, scope) * what.drawn, []
    for limit in what.loops:
        ends = limit.tickets
        if ends.looped or any(other.tickets is not ends for other in ends.loops) or \
                (intra_group and limit.scope is A.Scope.GLOBAL and ends.plain):
            return None
        total = total + limit.counts[array] * _iterations(p, limit, scope)
        if ends is not what and ends.modulus is not None:
            conditions.append(_count(p, ends, limit.scope) < ends.modulus)
    governs = any(limit.tickets is what for limit in what.loops)
    return conditions + [total < what.modulus if governs else total <= what.modulus]


def _iterations(p, limit: Limited, scope):
    """I (the module's docstring, 2), over `scope`'s threads."""
    below = limit.bound - limit.tickets.lowest
    per = z3.If(below > 0, below, 0) + _threads(p, limit.scope)
    return per * p.sizes.ngroups if limit.scope is A.Scope.LOCAL and scope is not A.Scope.LOCAL else per


def _count(p, ends: Tickets, scope):
    """B of an array that ends loops (it is drawn in no other loop)."""
    return _threads(p, scope) * ends.drawn + sum((_iterations(p, limit, scope) for limit in ends.loops), 0)
