"""Obligations: method-like units that are proved one by one (seed 004, section 5).

An obligation is a value: a name, the kernel facts it may assume, and a list of steps
that read like a method — `Inhale` parts are its preconditions, `Exhale` parts its
postconditions, `Execute` its body.  The engine proves it in isolation; show.py prints
it as a PVL-like method; the language server hashes it for its cache.

A `Part` is a list of contract expressions seen from one point of view (`Who`): the
obligation's own thread, the group or kernel contract, or all threads of a group, all
groups or all threads of the kernel at once (an iterated separating conjunction over the
thread or group ids; seed 004, Theorem 2).
"""
from __future__ import annotations

import enum
from collections.abc import Mapping

import attrs

from ..diagnostics import Diagnostic
from ..semantics.symbols import Symbol
from ..source import Span
from ..syntax import ast as A


class Kind(enum.Enum):
    THREAD = "thread"
    PROCEDURE = "procedure"
    FUNCTION = "function"
    DECLARATIONS = "declarations"
    FRAMING = "framing"
    DISTRIBUTION_KERNEL = "distribution kernel->groups"
    DISTRIBUTION_GROUP = "distribution group->threads"
    BARRIER_RESOURCES = "barrier resources"
    BARRIER_FUNCTIONAL = "barrier functional"
    PRECONDITIONS = "preconditions"
    POSTCONDITIONS = "postconditions"
    LOCKSTEP = "lock-step"


class Who(enum.Enum):
    THREAD = "thread"                    # the obligation's own, arbitrary thread
    GROUP = "group"                      # the group contract of an arbitrary group
    KERNEL = "kernel"                    # the kernel contract
    ALL_IN_GROUP = "all threads of the group"
    ALL_GROUPS = "all groups"
    ALL_THREADS = "all threads"


@attrs.frozen
class Part:
    exprs: tuple[A.Expr, ...]
    who: Who
    resources: bool = True
    facts: bool = True
    fenced: tuple[A.Fence, ...] | None = None    # facts only about this memory (else all)
    scope: A.Scope | None = None                 # permissions on this memory only (else all)
    label: str = ""
    # Memory that all threads of the group see alike (a barrier's fences); each thread
    # sees the rest its own way (an older value, say).  None: all of it.
    visible: tuple[A.Fence, ...] | None = None

    @property
    def empty(self) -> bool:
        return not self.exprs


@attrs.frozen
class Inhale:
    part: Part
    check_framing: bool = False       # check that the part reads only what it holds
    as_old: bool = False              # the state after it is what \old refers to


@attrs.frozen
class InhaleAll:
    """Write permission on every cell of the memory of one scope (what a kernel can be
    given at most, and what a group always holds of its local memory)."""
    scope: A.Scope


@attrs.frozen
class Forget:
    """Drop every permission and every value: what follows is judged on its own (a
    postcondition checked for framing, the state at the end of the kernel)."""


@attrs.frozen
class Havoc:
    """Memory changes: fresh values, the same permissions.  Separates the start of the
    kernel (when the group's resources are given) from a barrier (whose facts speak of
    the memory at that moment)."""


@attrs.frozen
class Exhale:
    part: Part
    perm_code: str
    fact_code: str
    what: str


@attrs.frozen
class Execute:
    """Run a body and exhale `post` at its exits.  In a procedure recursive with the
    procedures of `cycle` (the procedure itself first), every call of one of them must
    make the measure smaller than `measure` (the procedure's own, at entry): a recursion
    that never returns would otherwise prove any postcondition.  `invariant` is the
    kernel's value invariant, which an atomic on one of its arrays opens for its step."""
    body: A.Block
    post: Part                        # exhaled at every exit
    measure: A.Decreases | None = None
    cycle: tuple[Symbol, ...] = ()
    invariant: Part | None = None


@attrs.frozen
class CheckFunction:
    """Well-definedness of a pure function's body and, in `cycle` (the functions
    recursive with it, given to the first of them only), that every call within the
    cycle decreases one measure: the definitions are consistent only if they terminate."""
    function: A.Function
    cycle: tuple[A.Function, ...] = ()


@attrs.frozen
class CheckDeclarations:
    """The kernel's `context_everywhere` clauses (each under the ones before it) and its
    array lengths (under all of them) are well defined: no division by zero, every
    function called within its precondition.  The obligation with this step does not
    assume the clauses it checks."""


Step = Inhale | InhaleAll | Forget | Havoc | Exhale | Execute | CheckFunction | CheckDeclarations


@attrs.frozen
class Obligation:
    name: str                                     # stable: kernel/what@line/kind
    kind: Kind
    span: Span | None                             # the construct it is about
    summary: str                                  # one line for listings and hovers
    kernel: A.Kernel | None
    functions: Mapping[Symbol, A.Function]
    procedures: Mapping[Symbol, A.Procedure]
    steps: tuple[Step, ...]
    params: tuple[A.Param, ...] = ()              # a procedure's parameters
    locals: tuple[Symbol, ...] = ()               # locals of main in scope (barriers, loops)
    uniform: frozenset[Symbol] = frozenset()
    static: tuple[Diagnostic, ...] | None = None  # decided without the solver (lock-step)
    dimensional: bool = False                     # the kernel names lid.x, gsize.y, ...: 3-D launches
