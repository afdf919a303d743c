"""The kernels a parallel block of VerCors is checked as, whichever front end read it
(VerCors's PVL `par` block, vercors_pvl/methods.py; a C loop with an iteration contract,
cfamily/parallel_loops.py): the facts giving the launch of one block, and the kernel of
one thread that checks the range without iterations."""
from __future__ import annotations

from . import ast as A


def size_facts(span, size: A.Expr, groups: A.Expr | None = None) -> list[A.ContextEverywhere]:
    """`ngroups == groups` (1 if not given) and `gsize == size`: the launch of a parallel
    block, one thread per iteration."""
    groups = A.IntLit(1, span=span) if groups is None else groups
    return [A.ContextEverywhere(A.Binary("==", A.Name("ngroups", span=span), groups, span=span), span=span),
            A.ContextEverywhere(A.Binary("==", A.Name("gsize", span=span), size, span=span), span=span)]


def owed_when(clauses, condition: A.Expr) -> list[A.Clause]:
    """A thread contract that holds the clauses' preconditions and owes their
    postconditions where `condition` holds (a condition, not an assumption)."""
    out = []
    for c in clauses:
        if c.kind.is_pre:
            out.append(A.Clause(A.ClauseKind.REQUIRES, c.expr, span=c.span))
        if c.kind.is_post:
            out.append(A.Clause(A.ClauseKind.ENSURES, A.Binary("==>", condition, c.expr, span=c.span), span=c.span))
    return out


def empty_range(name: str, params, members, kernel_clauses, empty: A.Expr, name_span, span) -> A.Kernel:
    """The kernel `name_empty_par`: the block when its range has no iteration (`empty`,
    such as `hi - lo <= 0`), where nothing runs, so the precondition must give the
    postcondition.  One thread holds the precondition and owes the postcondition where
    the range is empty (and nothing where it is not: no contradiction with facts such
    as `n > 0`).  `members` are the kernel's arrays and facts, without its size facts."""
    main = A.Procedure(tuple(owed_when(kernel_clauses, empty)), "main", (), A.Block((), span=name_span),
                       name_span=name_span, span=span)
    members = (*members, *size_facts(name_span, A.IntLit(1, span=empty.span)), main)
    return A.Kernel(f"{name}_empty_par", tuple(params), members, name_span=name_span, span=span)
