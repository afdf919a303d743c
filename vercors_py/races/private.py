"""A thread's private memory is its own: no other thread can reach it.

The C front end maps a thread's private array `T t[N]` (or a variable whose address the
body takes) onto a local array whose slice `lid * N ..` is the thread's
(`ArrayDecl.private`, cfamily/clang_memory.py).  In C that memory is the thread's alone:
another thread has no name for it, and no pointer to it can reach another thread (the
front end keeps no pointers in memory).  So two threads never access one of its cells,
whatever the index, also one outside 0 .. N-1 (undefined in C, `check`'s bounds.index,
but within the thread's own memory as compiled): its accesses are no pairs to ask about.
"""
from __future__ import annotations

from .protocol import Protocol


def shared(p: Protocol, accesses: list) -> bool:
    """Whether these accesses (of one array) are to memory that threads share."""
    private = {id(a.symbol) for a in p.kernel.arrays if a.private}
    return not accesses or id(accesses[0].array) not in private
