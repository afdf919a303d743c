"""Another thread's clauses, read in a Z3 context of its own.

Both explanations of a failed permission check ask what *another* thread holds and
assumes: the race notes (race_notes.py) at the sizes of a failed check's model, the conflict
search (conflicts.py) at small sizes it chooses.  Each works in a `Scratch`: a fresh
engine, function table, evaluator and heap in a context of its own, so that the path's
solver and the terms later checks are made of stay as they were.  A scratch says how a
term of the path is seen in it (`term`) and which value a term all threads share has
there (`value`: the model's, or the term itself when there is no model); the readers
below need nothing else of it.
"""
from __future__ import annotations

import abc

import attrs

from ...obligations.model import Who
from ...semantics.dimensions import Sizes, derived_ids, id_store
from ...semantics.symbols import SymbolKind
from ...syntax import ast as A
from ..execution.engine import Engine
from ..execution.evaluate import Evaluator
from ..execution.functions import FunctionTable
from ..execution.produce_consume import Frame, Heap, Mode
from .rivals import RivalAccess, Peers
from ..execution.state import State, Terms
from ..solver.solver import Solver

AS_WRITTEN = Mode()          # clauses read as they are: every resource, no checks


class Scratch(abc.ABC):
    """A fresh engine for reading the clauses of an obligation's other threads.
    `notes` is race_notes.RaceNotes: the path's solver, functions, uniform locals, arrays."""

    def __init__(self, notes, name: str, budget: float, fresh_names=None):
        """`fresh_names(base)`: how this context names its fresh constants, where they
        must stay apart from the path's (translated into it)."""
        self.notes = notes
        solver = Solver(budget, notes.path.cancel)
        self.t = Terms(solver.ctx)
        if fresh_names is not None:
            self.t.name = fresh_names
        self.engine = Engine(name, solver, self.t, FunctionTable(self.t, notes.functions), None)
        self.evaluator = Evaluator(self.engine)
        self.heap = Heap(self.engine, self.evaluator)
        self.sizes: Sizes | None = None          # the sizes the clauses are read at

    @abc.abstractmethod
    def term(self, path_term):
        """A term of the path's context, seen in this one."""

    @abc.abstractmethod
    def value(self, term):
        """The value of a term every thread shares."""


@attrs.frozen
class Claim:
    """One Perm of another thread's clauses on the array of the cell."""
    perm: A.Perm
    covers: object                    # whether it reaches the cell
    amount: object                    # Real term; None: a read share
    bound: tuple                      # its \forall* variables


def same_group(race: RivalAccess) -> bool:
    """Whether the rival is in the failing thread's group: local memory is the group's
    own, and only the thread precondition is held by the threads of every group."""
    match race.peers.who:
        case Who.ALL_IN_GROUP:
            return True
        case Who.THREAD:
            return race.array.scope is A.Scope.LOCAL or not race.peers.everywhere
    return False


def rival_state(scratch: Scratch, peers: Peers, gid, lid) -> State:
    """The rival's state: its own ids, the values all threads share (scratch.value),
    and everything else unknown (its other locals, its view of memory)."""
    t = scratch.t
    sizes = Sizes(tuple(t.int(n) for n in scratch.sizes.local), tuple(t.int(n) for n in scratch.sizes.groups))
    ids = id_store(sizes, derived_ids(gid, scratch.sizes.groups),
                   None if lid is None else derived_ids(lid, scratch.sizes.local))

    def value(symbol, term):
        if symbol in ids:
            return ids[symbol]
        if symbol.kind is SymbolKind.KERNEL_PARAM or symbol in scratch.notes.uniform:
            return scratch.value(scratch.term(term))
        return t.fresh(symbol.name, t.sort_of(symbol.type))

    store = {symbol: value(symbol, term) for symbol, term in peers.store.items()}
    values = {a: t.fresh_array(a.name, a.type) for a in scratch.notes.arrays}
    return State(store=store, values=values, mask={}, old_values=values)


def claims(scratch: Scratch, exprs, st: State, array, cell) -> list[Claim]:
    """The Perms of `exprs` on `array`, each with whether it reaches `cell`."""
    found: list[Claim] = []

    def atom(e, s: State, frame: Frame) -> State:
        if isinstance(e, A.Perm) and e.location.array.symbol == array:
            index = scratch.evaluator.eval(e.location.index, s, frame.guards)
            found.append(Claim(e, scratch.t.conj(frame.guards + (index == cell,)),
                               scratch.heap.amount(e, s, frame, AS_WRITTEN), frame.bound))
        return s

    for e in exprs:
        scratch.heap.walk(e, st, Frame(), AS_WRITTEN, atom)
    return found


def facts(scratch: Scratch, exprs, st: State) -> list:
    """The pure clauses of `exprs`, as terms."""
    found: list = []

    def atom(e, s: State, frame: Frame) -> State:
        if not isinstance(e, A.Perm):
            found.append(scratch.heap.for_all(frame, scratch.evaluator.eval(e, s, frame.guards)))
        return s

    for e in exprs:
        scratch.heap.walk(e, st, Frame(), AS_WRITTEN, atom)
    return found
