"""Launches: procedures whose proof is the verification of other kernels of the program
(`Procedure.proved_by`, made by a front end for a VerCors par statement beside other code,
docs/vercors-pvl-frontend.md "Par statements in a method").

A call of such a procedure is judged by its contract, as any call: the caller hands in the
precondition, keeps what it does not hand in, and gets the postcondition back.  That is
sound only if running the kernels from a state that satisfies the precondition ends in
one that satisfies the postcondition, touching nothing else; which is what verifying
each kernel against its *launch contract* proves:

- the kernel's `context_everywhere` facts over its parameters are assumed by every
  obligation of the kernel: the caller must establish them;
- its geometry (`ngroups == 1`, `gsize == E`) is a launch of E threads: the caller must
  establish `E >= 1` (the kernel is verified for no launch of no thread);
- its kernel block's precondition (and invariant) is what it is given; its postcondition
  (and invariant) what it gives back; its framing obligations make the rest untouched.

So the procedure's contract must be exactly the launch contracts of its kernels, one
after the other (the kernels run side by side on separate resources, which the `**`
between their preconditions demands), on the same global arrays; the kernels share one
list of parameters, which are the procedure's one by one (renamed: a procedure's
parameter may not take the name of its own kernel's).  The front end builds both from one source; this module checks that they agree,
so that no mistake of a front end can make a call assume what no kernel proved.
"""
from __future__ import annotations

import attrs

from .. import diagnostics as D
from ..syntax import ast as A
from ..syntax.printer import format_expr
from .symbols import RESERVED_NAMES, reserved_base


class NotLaunchable(Exception):
    """The kernel's contract is not one a caller can hand over (why, in the message)."""


def _reserved_in(e: A.Expr) -> bool:
    return any(isinstance(n, A.Name) and reserved_base(n.id) in RESERVED_NAMES for n in A.walk(e))


def _size_fact(e: A.Expr) -> tuple[str, A.Expr] | None:
    """("gsize" or "ngroups", E) for a fact `gsize == E` or `ngroups == E` over the
    parameters alone; None for any other."""
    match e:
        case A.Binary(op="==", left=A.Name(id="gsize" | "ngroups" as name), right=size) if not _reserved_in(size):
            return name, size
    return None


def launch_contract(kernel: A.Kernel) -> tuple[A.Clause, ...]:
    """The kernel's contract as a caller sees it (module docstring)."""
    out: list[A.Clause] = []
    for c in kernel.contexts:
        e = c.expr
        if (fact := _size_fact(e)) is not None:
            out.append(A.Clause(A.ClauseKind.REQUIRES, A.Binary(">=", fact[1], A.IntLit(1, span=c.span),
                                                                 span=c.span), span=c.span))
        elif _reserved_in(e):
            raise NotLaunchable(f"its fact `{format_expr(e)}` is about its threads, which a caller cannot give")
        else:
            out.append(A.Clause(A.ClauseKind.REQUIRES, e, span=c.span))
    level = kernel.level(A.Level.KERNEL)
    if level is None or not any(c.kind.is_pre for c in level.contract):
        raise NotLaunchable("it has no kernel block with a precondition (a generated precondition is no "
                            "contract a caller can read)")
    for c in level.contract:
        if c.kind is A.ClauseKind.INVARIANT:
            out += [A.Clause(A.ClauseKind.REQUIRES, c.expr, span=c.span),
                    A.Clause(A.ClauseKind.ENSURES, c.expr, span=c.span)]
        else:
            out.append(c)
    return tuple(out)


def renamed(e: A.Expr, names: dict[str, str]) -> A.Expr:
    """`e` with the variables `names` maps renamed (not where a quantifier or sum binds
    the name); a renamed name is still shown as it was written."""
    def go(n):
        match n:
            case A.Name(id=old) if old in names:
                return attrs.evolve(n, id=names[old], spelling=n.spelling or old)
            case A.Quantifier(var=v) | A.Sum(var=v) if v in names:
                inner = {k: w for k, w in names.items() if k != v}
                return A.map_children(n, lambda c: renamed(c, inner))
        return A.map_children(n, go)
    return go(e)


def procedure_contract(kernels: list[A.Kernel], params: tuple[A.Param, ...]) -> tuple[A.Clause, ...]:
    """The launch contracts of the kernels, over the procedure's parameters."""
    names = {k.name: p.name for k, p in zip(kernels[0].params, params)}
    return tuple(attrs.evolve(c, expr=renamed(c.expr, names)) for k in kernels for c in launch_contract(k))


def launch_sizes(kernel: A.Kernel) -> tuple[A.Expr, A.Expr]:
    """The expressions of a launched kernel's `gsize` and `ngroups` (its facts
    `gsize == E` and `ngroups == E`), over its parameters."""
    sizes = dict(fact for c in kernel.contexts if (fact := _size_fact(c.expr)) is not None)
    if set(sizes) != {"gsize", "ngroups"}:
        raise NotLaunchable("its facts do not fix its sizes (`gsize == E` and `ngroups == E`)")
    return sizes["gsize"], sizes["ngroups"]


def _shown(clauses) -> list[str]:
    return [f"{c.kind.value} {format_expr(c.expr)}" for c in clauses]


def check_launches(program: A.Program) -> list[D.Diagnostic]:
    kernels = {k.name: k for k in program.kernels}
    problems: list[D.Diagnostic] = []
    for host in program.kernels:
        for p in host.procedures:
            if p.proved_by:
                problems += _check(p, host, kernels)
    if not problems:
        problems += _cycles(program, kernels)
    return problems


def _check(p: A.Procedure, host: A.Kernel, kernels) -> list[D.Diagnostic]:
    def wrong(why: str) -> list[D.Diagnostic]:
        return [D.error("internal.error", p.span, f"the launch {p.name} does not match its kernels: {why}")]

    if p.body.stmts:
        return wrong("it has a body")
    arrays = {a.name: a for a in host.arrays}
    launched = []
    for name in p.proved_by:
        k = kernels.get(name)
        if k is None or k is host:
            return wrong(f"there is no other kernel `{name}`")
        if [q.type for q in k.params] != [q.type for q in p.params] or \
                [q.name for q in k.params] != [q.name for q in kernels[p.proved_by[0]].params]:
            return wrong(f"the kernel `{name}`'s parameters are not the launch's")
        for a in k.arrays:
            mine = arrays.get(a.name)
            if a.scope is A.Scope.GLOBAL and (mine is None or mine.scope is not A.Scope.GLOBAL
                                              or mine.elem_type is not a.elem_type
                                              or format_expr(mine.length) != format_expr(a.length)):
                return wrong(f"the kernel `{name}`'s array `{a.name}` is not the caller's")
        launched.append(k)
    try:
        expected = procedure_contract(launched, p.params)
    except NotLaunchable as why:
        return wrong(f"a kernel cannot be launched: {why}")
    if _shown(p.contract) != _shown(expected):
        return wrong("its contract is not its kernels' launch contracts")
    return []


def _cycles(program: A.Program, kernels) -> list[D.Diagnostic]:
    """A kernel that launches itself, however indirectly, would be its own proof."""
    launches = {k.name: {n for p in k.procedures for n in p.proved_by} for k in program.kernels}
    problems = []
    for k in program.kernels:
        seen, todo = set(), list(launches[k.name])
        while todo:
            n = todo.pop()
            if n == k.name:
                problems.append(D.error("internal.error", k.name_span,
                                        f"the kernel `{k.name}` launches itself: its proof would be circular"))
                break
            if n not in seen:
                seen.add(n)
                todo += launches.get(n, ())
    return problems
