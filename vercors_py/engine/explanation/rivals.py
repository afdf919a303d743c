"""What a failed permission check may be a race with: plain values that the checks
carry, read by race_notes.py only once a check has failed.

`Peers` says what every other thread holds while the state's thread runs (or, in a
view of all threads at once, what each of them gets); a state has them in the thread
obligation and in the views of all threads or groups.  `RivalAccess` is the share a check
asked for; `Overlap` is two values of a `\\forall*` reaching one cell.
"""
from __future__ import annotations

from collections.abc import Mapping

import attrs

from ...obligations.model import Who
from ...semantics.symbols import Symbol
from ...syntax import ast as A


@attrs.frozen
class Peers:
    who: Who                            # THREAD: the thread obligation; else the view's threads or groups
    resources: tuple[A.Expr, ...]       # what each of them holds (or gets)
    facts: tuple[A.Expr, ...]           # what is known of each of them
    store: Mapping[Symbol, object]      # the store these are read in
    # Whether every thread of every group holds them (the thread precondition); a
    # barrier's ensures or a loop invariant speak only of the threads of this group:
    # another group may never reach that barrier, and is at a point of its own anyway.
    everywhere: bool = False


@attrs.frozen
class RivalAccess:
    """A share of a cell that a check asked for: `act` is "read", "write" (an access in
    code) or "take" (a permission of a contract)."""
    array: Symbol
    index: object                       # Z3 term
    amount: object | None               # fraction (Real term); None: a read share
    act: str
    location: A.Index
    store: Mapping[Symbol, object]
    peers: Peers


@attrs.frozen
class Overlap:
    """Two values of the bound variables (`pairs`: each with its copy) at which a
    `\\forall*` with a non-read share reaches one cell."""
    pairs: tuple[tuple[object, object], ...]
    index: object
    amount: object
    location: A.Index
    store: Mapping[Symbol, object]
    peers: Peers


def access(st, array: Symbol, index, amount, act: str, location: A.Index) -> RivalAccess | None:
    """The RivalAccess of a check in state `st`, when a rival can be looked for there."""
    if st.peers is None:
        return None
    return RivalAccess(array, index, amount, act, location, st.store, st.peers)


def overlap(st, pairs, index, amount, location: A.Index) -> Overlap | None:
    """The Overlap of an injectivity check, when its bound variables include threads."""
    if st.peers is None or st.peers.who is Who.THREAD:
        return None
    return Overlap(tuple(pairs), index, amount, location, st.store, st.peers)
