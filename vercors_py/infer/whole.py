"""Reads of arrays no thread writes: a read share of every cell.

A read whose index `infer` cannot write at a point (it depends on a variable a loop
assigns, `pos[i]` in `for (; i < n; i++)`, or on memory, `x[col[n]]`) still needs a
permission there.  Where no statement of the kernel writes the array, every thread
may hold a read share of all of it at once: read shares need no injectivity, and no
write is ever in conflict with them.  So the point holds
`(\\forall* int i; 0 <= i && i < \\length(a); Perm(a[i], read))`, which covers the read
whatever its index, and any other read of the array there.  An array that some
statement writes gets no such share (a read of all of it would conflict with the
writes): its access stays `infer.cannot`.
"""
from __future__ import annotations

import weakref

import attrs

from ..semantics.symbols import Symbol, SymbolKind
from ..syntax import ast as A
from .terms import Binder, Need


def read_only(kernel: A.Kernel) -> dict:
    """The arrays no statement of the kernel writes (main and its procedures), each with
    its length."""
    written = {n.target.array.symbol for p in (kernel.main, *kernel.procedures)
               for n in A.statements(p.body) if isinstance(n, (A.ArrayAssign, A.AtomicUpdate))}
    return {a.symbol: a.length for a in kernel.arrays if a.symbol not in written and not a.private}


# One bound variable per array, so that each clause set writes the array's share alike.
_CELLS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def whole_read(array: Symbol, length: A.Expr, span) -> Need:
    """A read share of every cell of the array: in no loop's terms and under no
    condition (more than the read needs, never less)."""
    cell = _CELLS.get(array)
    if cell is None:
        cell = _CELLS[array] = Symbol(SymbolKind.BOUND, "k", A.Type.INT, None)
    return Need(array, A.Name("k", span=span, symbol=cell), False, (),
                (Binder("k", cell, A.IntLit(0, span=span), length, None),), span, whole=True)


def whole_atomic(array: Symbol, length: A.Expr, span) -> Need:
    """`atomic` on every cell of the array: for an atomic update whose cell `infer`
    cannot write (`bins[data[i]]`, a histogram's).  `atomic` is duplicable, so every
    thread may hold it of all cells; it leaves no plain share of the array to anyone."""
    return attrs.evolve(whole_read(array, length, span), atomic=True)


def covered(needs) -> list:
    """The needs without the reads that a read share of the whole array covers, and
    without the atomic updates that `atomic` on the whole array covers."""
    needs = list(needs)
    whole = {(n.array, n.atomic) for n in needs if n.whole}
    kept, seen = [], set()
    for n in needs:
        if (n.array, n.atomic) in whole and not n.write:
            if n.array in seen or not n.whole:
                continue
            seen.add(n.array)
            n = attrs.evolve(n, guards=())    # held always: more than needed, never in conflict
        kept.append(n)
    return kept
