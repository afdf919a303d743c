"""The symbolic state of one thread (or one group) and the permission mask.

State = store (symbol -> Z3 term) + memory values (array symbol -> Z3 array term) +
permission mask (array symbol -> chunks) + the pre-state used by `\\old` + what the
other threads hold, should a check fail (rivals.Peers, for race notes).

Permissions (see docs/architecture.md): the amount a state holds of a cell is a triple
(q, r, a): a fraction q, a read flag r meaning "plus a duplicable read share", and an
atomic flag a, the duplicable share `atomic` (docs/language.md, "Atomics").  Reading
needs q > 0 or r; writing needs q >= 1; an atomic update needs a or q >= 1.  Each chunk describes what it contributes at a
generic location, as terms over the placeholder constant X; the amount at cell x is the
sum over chunks with X := x.  Quantified chunks reach a location through inverse
functions (produce_consume.py), so masks never need quantifiers.
"""
from __future__ import annotations

import itertools
from collections.abc import Mapping

import attrs
import z3

from ...semantics.symbols import Symbol
from ...syntax import ast as A
from .multiples import without_multiples
from ..explanation.rivals import Peers


class Terms:
    """Z3 term builders bound to one context, with fresh names."""

    def __init__(self, ctx: z3.Context):
        self.ctx = ctx
        self.int_sort = z3.IntSort(ctx)
        self.bool_sort = z3.BoolSort(ctx)
        self.X = z3.Const("X!loc", self.int_sort)     # the generic location of chunks
        self.zero = z3.RealVal(0, ctx)
        self.one = z3.RealVal(1, ctx)
        self.true = z3.BoolVal(True, ctx)
        self.false = z3.BoolVal(False, ctx)
        self._counter = itertools.count()

    def name(self, base: str) -> str:
        return f"{base}!{next(self._counter)}"

    def sort_of(self, t: A.Type) -> z3.SortRef:
        return self.bool_sort if t is A.Type.BOOL else self.int_sort

    def fresh(self, base: str, sort: z3.SortRef) -> z3.ExprRef:
        return z3.Const(self.name(base), sort)

    def fresh_int(self, base: str) -> z3.ArithRef:
        return self.fresh(base, self.int_sort)

    def fresh_array(self, base: str, elem: A.Type) -> z3.ArrayRef:
        return z3.Array(self.name(base), self.int_sort, self.sort_of(elem))

    def fresh_memory(self, values: Mapping) -> dict:
        """New, unknown values for every array of `values` (a barrier, a havoc)."""
        return {a: self.fresh_array(a.name, a.type) for a in values}

    def int(self, value: int) -> z3.ArithRef:
        return z3.IntVal(value, self.ctx)

    def bool(self, value: bool) -> z3.BoolRef:
        return z3.BoolVal(value, self.ctx)

    def conj(self, terms) -> z3.BoolRef:
        terms = [t for t in terms if not z3.is_true(t)]
        if not terms:
            return self.true
        return terms[0] if len(terms) == 1 else z3.And(*terms)


# The amount `atomic` where a share is passed as a Real term (a fraction) or None (`read`).
ATOMIC = "atomic"


@attrs.frozen
class Chunk:
    """What one permission contributes at the generic location X."""
    frac: z3.ArithRef | None = None      # fraction (Real), negative when taken away
    read: z3.BoolRef | None = None       # a duplicable read share
    atomic: z3.BoolRef | None = None     # the duplicable share `atomic`
    quantified: bool = False             # from a \forall*: reaches X through an inverse
    remainders: bool = False             # over a butterfly: at a cell, rid of multiples (multiples.py)


@attrs.frozen
class State:
    store: Mapping[Symbol, z3.ExprRef]
    values: Mapping[Symbol, z3.ArrayRef]
    mask: Mapping[Symbol, tuple[Chunk, ...]]
    old_values: Mapping[Symbol, z3.ArrayRef]
    old_mask: Mapping[Symbol, tuple[Chunk, ...]] = attrs.field(factory=dict)
    peers: Peers | None = None           # what the other threads hold: for race notes

    def bind(self, symbol: Symbol, term) -> "State":
        return attrs.evolve(self, store={**self.store, symbol: term})

    def with_chunk(self, array: Symbol, chunk: Chunk) -> "State":
        return attrs.evolve(self, mask={**self.mask, array: self.mask.get(array, ()) + (chunk,)})

    def as_old(self) -> "State":
        """This state as the pre-state that `\\old` refers to."""
        return attrs.evolve(self, old_values=self.values, old_mask=self.mask)


class Permissions:
    """Sums over a mask at concrete locations."""

    def __init__(self, terms: Terms):
        self.t = terms
        # A cell is looked up several times per access (bounds, consistency, the check);
        # masks are immutable tuples, so (mask, cell) -> sum can be remembered.  The
        # mask itself is kept in the value so its id is not reused while cached.
        self._sums: dict[tuple[int, int], tuple] = {}
        self._atomics: dict[tuple[int, int], tuple] = {}

    def at(self, chunks: tuple[Chunk, ...], x) -> tuple[z3.ArithRef, z3.BoolRef]:
        key = (id(chunks), x.get_id())
        hit = self._sums.get(key)
        if hit is not None and hit[0] is chunks:
            return hit[1], hit[2]
        fracs = [_at_cell(c, c.frac, self.t.X, x) for c in chunks if c.frac is not None]
        reads = [_at_cell(c, c.read, self.t.X, x) for c in chunks if c.read is not None]
        q = self.t.zero if not fracs else (fracs[0] if len(fracs) == 1 else z3.Sum(*fracs))
        r = self.t.false if not reads else (reads[0] if len(reads) == 1 else z3.Or(*reads))
        self._sums[key] = (chunks, q, r, x)
        return q, r

    def atomic_at(self, chunks: tuple[Chunk, ...], x) -> z3.BoolRef:
        """Whether the chunks hold `atomic` at the cell x."""
        key = (id(chunks), x.get_id())
        hit = self._atomics.get(key)
        if hit is not None and hit[0] is chunks:
            return hit[1]
        flags = [_at_cell(c, c.atomic, self.t.X, x) for c in chunks if c.atomic is not None]
        a = self.t.false if not flags else (flags[0] if len(flags) == 1 else z3.Or(*flags))
        self._atomics[key] = (chunks, a, x)
        return a

    def can_read(self, chunks, x) -> z3.BoolRef:
        q, r = self.at(chunks, x)
        return z3.Or(q > 0, r)

    def can_write(self, chunks, x) -> z3.BoolRef:
        q, _ = self.at(chunks, x)
        return q >= 1

    def can_atomic(self, chunks, x) -> z3.BoolRef:
        q, _ = self.at(chunks, x)
        return z3.Or(self.atomic_at(chunks, x), q >= 1)

    def consistent(self, chunks, x) -> z3.BoolRef:
        """What holds of any permission a real state holds: at most one write in all,
        a read share excludes the whole write, and `atomic` excludes every plain share
        (nobody holds one beside it: docs/language.md, "Atomics")."""
        q, r = self.at(chunks, x)
        facts = [q >= 0, q <= 1, z3.Implies(r, q < 1)]
        if any(c.atomic is not None for c in chunks):
            facts.append(z3.Implies(self.atomic_at(chunks, x), z3.And(q == 0, z3.Not(r))))
        return z3.And(*facts)

    def consistent_at_access(self, chunks, x) -> z3.BoolRef:
        """Consistency worth stating at a cell that is accessed.  What single chunks
        imply about each other (two writes: different cells) was stated when each was
        produced; a quantified chunk can only tell at the cells that are used."""
        if not any(c.quantified for c in chunks):
            return self.t.true
        return self.consistent(chunks, x)


def _at_cell(chunk: Chunk, term, X, x):
    """A chunk's term at the cell x; a butterfly's remainders rid of the multiples of
    their moduli (multiples.py: where it is asked about another butterfly's cell).  Only
    there: the rewrite changes the order of Z3's search on other indices."""
    term = z3.substitute(term, (X, x))
    return without_multiples(term) if chunk.remainders else term
