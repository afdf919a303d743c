"""The events the walk of a kernel makes (protocol.py) and the race checks read
(intervals.py, check.py): accesses, barriers, sequences, choices and loops with a barrier.
"""
from __future__ import annotations

import attrs
import z3

from ..semantics.symbols import Symbol
from ..source import Span
from ..syntax import ast as A


@attrs.frozen(eq=False)
class Access:
    array: Symbol
    scope: A.Scope
    index: object                  # Z3 term, the first thread's
    write: bool
    guard: object                  # Z3 condition under which it happens
    span: Span
    text: str                      # the access as written
    value: object = None           # the value written, or read (Z3 term; --benign-writes)
    # An atomic update (a write that also reads): no race with another atomic, a race
    # with any plain access (docs/language.md, "Atomics").
    atomic: bool = False
    # Of a claim or a ticket (claims.py): ("claim", the old value it finds (Z3 term), the
    # value it expects) or ("ticket", the old value, the array's claims.Tickets).
    claim: tuple | None = None

    @property
    def verb(self) -> str:
        return "atomically updates" if self.atomic else "writes" if self.write else "reads"

    @property
    def kind(self) -> str:
        """GPUVerify's word for the access in a race's name (`read-atomic`)."""
        return "atomic" if self.atomic else "write" if self.write else "read"

    def renamed(self, pairs: tuple) -> Access:
        """The same access with unknowns replaced (another iteration's instance)."""
        rename = lambda term: None if term is None else z3.substitute(term, *pairs)
        claim = None if self.claim is None else (self.claim[0], rename(self.claim[1]), self.claim[2])
        return attrs.evolve(self, index=rename(self.index), guard=rename(self.guard), value=rename(self.value),
                            claim=claim)


@attrs.frozen(eq=False)
class Sync:
    fences: frozenset              # the memory spaces (A.Scope) whose accesses it orders
    span: Span
    among: A.Among = A.Among.GROUP # the threads it orders: a warp's, a group's, the kernel's


@attrs.frozen(eq=False)
class Seq:
    items: tuple


@attrs.frozen(eq=False)
class Choice:
    options: tuple


@attrs.frozen(eq=False)
class Loop:
    """A loop with a barrier: one iteration's events, walked once, and the renaming of
    the unknowns that walk made (the iteration's variables and memory, inner loops'
    copies) into copies, which gives the next iteration's accesses where an interval
    needs them (intervals.py): the body is not walked again, so nested loops do not
    double."""
    body: object
    renaming: tuple                # (unknown, its copy in the next iteration)
    skip: object = None            # skips.Skip: the loop runs no iteration (None: unknown)
    # The reads of the loop's condition (in `body` too): the last test, the one that
    # fails, meets the code after the loop (intervals.py).
    test: tuple = ()
    entered: bool = False          # the condition surely holds on entry: no run skips the body
    flows: dict = attrs.field(factory=dict)     # by memory space (intervals.py)
    _next: dict = attrs.field(factory=dict)

    def next(self, access: Access) -> Access:
        """The access in the next iteration, one object per access (queries are shared
        by identity)."""
        if id(access) not in self._next:
            self._next[id(access)] = (access, access.renamed(self.renaming) if self.renaming else access)
        return self._next[id(access)][1]


Event = Access | Sync | Seq | Choice | Loop
NEVER = Choice(())                 # code no thread reaches


def walk(event):
    """Every event of `event`, itself included (pre-order, without recursion)."""
    stack = [event]
    while stack:
        current = stack.pop()
        yield current
        match current:
            case Seq():
                stack.extend(current.items)
            case Choice():
                stack.extend(current.options)
            case Loop():
                stack.append(current.body)
