"""The obligations of a grid barrier (cooperative groups' `this_grid().sync()`,
`barrier(grid)`): a barrier of the kernel level with its own contract, as the seed's
logic has one for a group (seed 004, section 5; docs/language.md, "Grid barriers").

At a grid barrier every thread of every group hands in all it holds and continues with
its postcondition (the thread's view is a group barrier's: engine/execution/execute.py).
What is proved of it:

* `grid barrier B resources`: the kernel has every global resource B hands out, to all
  threads of all groups at once (the kernel contract's resources, or all of global
  memory without one: the kernel is all that runs); and each group's own local memory
  covers what B hands its threads of it;
* `grid barrier B functional`: each thread's postcondition follows from its own
  precondition, the facts every thread of its group states about the memory B fences,
  and the facts every thread of the kernel states about global memory (local memory is
  each group's own).

A grid barrier moves global resources between groups, so a group no longer holds a
fixed share of them: in a kernel with a grid barrier, a group's barrier may hand out
only what its threads hand in (their preconditions of it, which each thread must hold)
and its local memory, not the group's starting resources (`group_pool`).

Locals of main are one value per thread, or per group when uniform, not per kernel: the
facts of all threads of the kernel leave out the conjuncts that name one (fewer facts:
sound), and a grid barrier whose resources handed out are named with one is refused
(`unsupported.statement`) rather than counted as if every group had the same value.
"""
from __future__ import annotations

from .. import diagnostics as D
from ..semantics.symbols import Symbol, SymbolKind
from ..syntax import ast as A
from .model import Exhale, Havoc, Inhale, InhaleAll, Kind, Part, Who
from .scopes import locals_in_scope

G, L = A.Scope.GLOBAL, A.Scope.LOCAL
EVERYWHERE = (A.Fence.LOCAL, A.Fence.GLOBAL)


def is_grid(n) -> bool:
    return isinstance(n, A.Barrier) and n.among is A.Among.GRID


def has_grid_barrier(body: A.Block) -> bool:
    return any(is_grid(n) for n in A.walk(body))


def group_pool(k, b: A.Barrier, requires) -> list:
    """What a group's barrier may hand out in a kernel with a grid barrier: its local
    memory and what its threads hand in (read in the memory after the barrier, where
    the thread consumed them)."""
    return [InhaleAll(L), Havoc(),
            Inhale(Part(requires, Who.ALL_IN_GROUP, facts=False, scope=G, visible=b.fences,
                        label="what the threads hand in at the barrier"))]


def obligations(k, b: A.Barrier, functional: bool) -> list:
    """`functional`: the postcondition states facts (generate.has_facts), to be proved."""
    line = b.span.start_line
    requires = tuple(c.expr for c in b.contract or () if c.kind.is_pre)
    ensures = tuple(c.expr for c in b.contract or () if c.kind.is_post)
    name = next((n for e in ensures for f in _conjuncts(e) if A.has_resource(f) for n in _locals(f)), None)
    if name is not None:
        return [k.ob(f"{k.place(b)}/unsupported", Kind.BARRIER_RESOURCES, b.span,
                     f"the grid barrier at line {line} hands out resources named without locals of main", (),
                     static=(D.error("unsupported.statement", name.span,
                                     f"the resources a grid barrier hands out are named with `{name.id}`, a local "
                                     "of main: a local has a value per thread (or per group), and they are counted "
                                     "for all threads of the kernel at once; name them with ids, sizes, parameters "
                                     "and memory", obligation=f"{k.k.name}/{k.place(b)}/unsupported"),))]
    # What every thread of the kernel states, as facts: the conjuncts that name no local
    # (the path's facts about them among those left out).
    everyone = tuple(f for e in requires for f in _conjuncts(e) if not A.has_resource(f) and not _locals(f))
    fences = b.fences or EVERYWHERE
    scope_locals = locals_in_scope(k.main.body, b)
    available = k.kernel_memory(facts=False, scope=G)
    obs = [k.ob(f"{k.place(b)}/resources", Kind.BARRIER_RESOURCES, b.span,
                f"the kernel has every global resource the grid barrier at line {line} hands out",
                available + [
                    Havoc(),
                    Inhale(Part(everyone, Who.ALL_THREADS, resources=False, label="the grid barrier's precondition")),
                    Exhale(Part(ensures, Who.ALL_THREADS, facts=False, scope=G), "barrier.resources",
                           "barrier.resources", f"the global resources handed out by the grid barrier at line {line}")],
                locals=scope_locals)]
    if any(isinstance(n, A.Perm) and n.location.array.symbol.scope is L for e in ensures for n in A.walk(e)):
        obs.append(k.ob(f"{k.place(b)}/resources-local", Kind.BARRIER_RESOURCES, b.span,
                        f"a group's local memory covers what the grid barrier at line {line} hands its threads of it",
                        [InhaleAll(L), Havoc(),
                         Inhale(Part(requires, Who.ALL_IN_GROUP, resources=False, visible=fences,
                                     label="the grid barrier's precondition")),
                         Exhale(Part(ensures, Who.ALL_IN_GROUP, facts=False, scope=L, visible=fences),
                                "barrier.resources", "barrier.resources",
                                f"the local resources handed out by the grid barrier at line {line}")],
                        locals=scope_locals))
    if functional:
        obs.append(k.ob(
            f"{k.place(b)}/functional", Kind.BARRIER_FUNCTIONAL, b.span,
            f"the postcondition of the grid barrier at line {line} follows from what the threads publish",
            [Inhale(Part(requires, Who.THREAD, resources=False, label="the grid barrier's precondition")),
             Inhale(Part(requires, Who.ALL_IN_GROUP, resources=False, fenced=fences,
                         label="the grid barrier's precondition")),
             Inhale(Part(everyone, Who.ALL_THREADS, resources=False, fenced=(A.Fence.GLOBAL,),
                         label="the grid barrier's precondition")),
             Exhale(Part(ensures, Who.THREAD, resources=False), "barrier.functional", "barrier.functional",
                    f"the postcondition of the grid barrier at line {line}")],
            locals=scope_locals))
    return obs




def _conjuncts(e: A.Expr):
    if isinstance(e, A.Binary) and e.op in ("&&", "**"):
        yield from _conjuncts(e.left)
        yield from _conjuncts(e.right)
    else:
        yield e


def _locals(e: A.Expr) -> list[A.Name]:
    return [n for n in A.walk(e)
            if isinstance(n, A.Name) and isinstance(n.symbol, Symbol) and n.symbol.kind is SymbolKind.LOCAL]
