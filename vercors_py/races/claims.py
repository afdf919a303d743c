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
  come back, loops or not).

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
    drawn: int = 0                 # tickets on the walk (each call of a procedure anew)
    looped: bool = False           # one in a loop: any number of them


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
    return out


def in_range(tickets: Tickets, old) -> list:
    """What is known of a ticket's value: it lies in its C type (its cell's value)."""
    if tickets.modulus is None:
        return []
    return [tickets.lowest <= old, old < tickets.lowest + tickets.modulus]


def facts(p, accesses, second, intra_group: bool = False) -> list:
    """No two distinct threads (the query's first and `second`) both succeed at claims,
    or draw equal tickets, of one cell among `accesses`.  `intra_group`: races between
    groups are not checked, so a plain write of another group may undo a global cell's
    claims unreported: the facts of local memory only."""
    marked = [a for a in accesses if a.claim is not None and (a.scope is A.Scope.LOCAL or not intra_group)]
    return [f for a in marked for b in marked if a.array is b.array for f in _apart(p, a, b, second)]


def same_statement(p, second, intra_group: bool = False) -> list:
    """The same fact for two threads of one group at one claim or ticket outside loops
    (`Protocol.singles`), whatever memory the query is about: they make it in the same
    barrier interval of every memory, as barriers are aligned."""
    return [f for a in p.singles if a.scope is A.Scope.LOCAL or not intra_group
                                   for f in _apart(p, a, a, second)]


def _apart(p, a, b, second) -> list:
    (kind, old, what), (_, theirs, _) = a.claim, b.claim
    meet = [a.guard, second(b.guard), a.index == second(b.index)]
    if kind == "claim":
        return [z3.Not(z3.And(*meet, old == what, second(theirs) == what))]
    if what.modulus is not None:
        if what.looped:
            return []           # any number of tickets: they may come round again
        threads = p.sizes.gsize if a.scope is A.Scope.LOCAL else p.sizes.gsize * p.sizes.ngroups
        meet.append(threads * what.drawn <= what.modulus)
    return [z3.Implies(z3.And(*meet), old != second(theirs))]
