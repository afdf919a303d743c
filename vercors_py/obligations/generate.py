"""Generate the obligations of a checked program (LANGUAGE.md, "Contracts and what is
checked"; seed 004, Theorem 2 and section 5).

Per kernel: the thread, each procedure, framing of every clause set, distribution
kernel->groups and group->threads, per barrier its resources and its functional check,
preconditions down and postconditions up the levels, and lock-step.  Per function: its
well-definedness and termination.  When the `group` or `kernel` block is absent, its
contract is the thread contract quantified over the threads of a group (over all groups),
so the checks that would hold by construction are not generated.
"""
from __future__ import annotations

from collections.abc import Mapping

import attrs

from ..semantics.check import CheckedKernel, CheckedProgram
from ..semantics.dimensions import names_components
from ..semantics.symbols import Symbol
from ..syntax import ast as A
from .model import (CheckDeclarations, CheckFunction, Execute, Exhale, Forget, Havoc, Inhale, InhaleAll, Kind, Obligation,
                    Part, Who)
from . import grid
from .calls import calls_in, closure, component, procedure_cycle
from ..semantics import queries
from ..semantics.queries import pure_conjuncts
from .paths import with_path_facts
from .scopes import locals_in_scope

G, L = A.Scope.GLOBAL, A.Scope.LOCAL


def pre_of(contract) -> tuple[A.Expr, ...]:
    return tuple(c.expr for c in contract if c.kind.is_pre)


def post_of(contract) -> tuple[A.Expr, ...]:
    return tuple(c.expr for c in contract if c.kind.is_post)


def has_facts(exprs) -> bool:
    """Whether any conjunct is a fact rather than a permission."""
    def walk(e) -> bool:
        match e:
            case A.Perm():
                return False
            case A.Binary(op="**" | "&&"):
                return walk(e.left) or walk(e.right)
            case A.Binary(op="==>") if A.has_resource(e.right):
                return walk(e.right)
            case A.Conditional() if A.has_resource(e):
                return walk(e.then) or walk(e.otherwise)
            case A.Quantifier(kind=A.QuantKind.FORALL_STAR):
                return walk(e.body)
        return True
    return any(walk(e) for e in exprs)


def _construct(node) -> str:
    return "barrier" if isinstance(node, A.Barrier) else "loop"


def reads_local(exprs) -> bool:
    """Whether any fact reads local memory (a Perm's own location is no read)."""
    todo = list(exprs)
    while todo:
        e = todo.pop()
        if isinstance(e, A.Index) and e.array.symbol.scope is L:
            return True
        if not isinstance(e, A.Perm):
            todo.extend(A.children(e))
    return False


def perms_on(exprs, scope: A.Scope) -> bool:
    return any(isinstance(n, A.Perm) and n.location.array.symbol.scope is scope
               for e in exprs for n in A.walk(e))


def obligations(checked: CheckedProgram) -> list[Obligation]:
    result = [ob for fn in checked.program.functions if (ob := function_obligation(checked, fn)) is not None]
    for ck in checked.kernels:
        result.extend(kernel_obligations(checked, ck))
    return result


# One declaration's obligations, for the language server, which generates again only
# the declarations an edit changed (lsp/units.py).
def function_obligation(checked: CheckedProgram, fn: A.Function) -> Obligation | None:
    if fn.body is None and not fn.contract and fn.decreases is None:
        return None
    functions = checked.functions
    order = list(functions)
    cycle = component(fn.symbol, functions)
    first = min(cycle, key=order.index) if cycle else None
    measured = tuple(functions[s] for s in order if s in cycle) if first is fn.symbol else ()
    return Obligation(
        f"function:{fn.name}", Kind.FUNCTION, fn.name_span,
        f"pure function {fn.name} is well defined and terminates",
        None, _restricted(functions, {fn.symbol}), {}, (CheckFunction(fn, measured),))


def kernel_obligations(checked: CheckedProgram, ck: CheckedKernel) -> list[Obligation]:
    return _Kernel(ck, checked.functions).all()


def _may_be_undefined(exprs) -> bool:
    """Whether evaluating the expressions can go wrong: a division, or a call of a
    function (which has a precondition, or may call one that has)."""
    return any(isinstance(n, A.Call) or (isinstance(n, A.Binary) and n.op in ("/", "%"))
               for e in exprs for n in A.walk(e))


def _restricted(functions: Mapping[Symbol, A.Function], start) -> dict[Symbol, A.Function]:
    """Only the functions reachable from `start`: a definition an obligation cannot use
    must not be able to weaken it (a contradictory one would prove anything)."""
    reachable = closure(start, functions)
    return {s: fn for s, fn in functions.items() if s in reachable}


class _Kernel:
    def __init__(self, ck: CheckedKernel, functions: Mapping[Symbol, A.Function]):
        self.ck = ck
        self.k = ck.kernel
        self.functions = functions
        self.procedures = {p.symbol: p for p in self.k.procedures}
        # Every obligation of the kernel assumes its context and sets up its arrays.
        self.declared = calls_in(*(c.expr for c in self.k.contexts), *(a.length for a in self.k.arrays))
        # Bodies with the facts on the path to each barrier and loop (paths.py); the
        # procedures' contracts, by which calls are judged, are the user's.
        self.main = attrs.evolve(self.k.main, body=with_path_facts(self.k.main.body, pre_of(self.k.main.contract)))
        # A launch's contract is proved by its kernels' obligations (semantics/launches.py).
        self.own = tuple(attrs.evolve(p, body=with_path_facts(p.body, pre_of(p.contract)))
                         for p in self.k.procedures if not p.proved_by)
        self.pre = pre_of(self.main.contract)
        self.post = post_of(self.main.contract)
        group = self.k.level(A.Level.GROUP)
        kernel = self.k.level(A.Level.KERNEL)
        self.group_pre = pre_of(group.contract) if group else None
        self.group_post = post_of(group.contract) if group else None
        written = queries.written_kernel_block(self.k)
        self.kernel_pre = pre_of(written.contract) if written else None
        self.kernel_post = post_of(kernel.contract) if kernel else None
        # The kernel's value invariant: part of its pre- and postcondition, held by no
        # group or thread in between; atomics open it (engine/execution/invariants.py).
        invariant = tuple(c.expr for c in queries.kernel_invariant(self.k))
        self.invariant = Part(invariant, Who.KERNEL, label="the kernel invariant") if invariant else None
        self.group_span = group.span if group else None
        self.kernel_span = kernel.span if kernel else None
        lines: dict[tuple, int] = {}
        for body in [self.main.body] + [p.body for p in self.own]:
            for n in A.walk(body):
                if isinstance(n, (A.Barrier, A.While, A.For)):
                    key = (_construct(n), n.span.start_line)
                    lines[key] = lines.get(key, 0) + 1
        self.shared_lines = {key for key, count in lines.items() if count > 1}
        # A kernel that names a component of an id or size is checked for launches of
        # three dimensions (engine/execution/threads.py); the others for one, as seed 004 has them.
        self.dimensional = names_components(self.k)
        self.grid = grid.has_grid_barrier(self.main.body)      # groups exchange resources (grid.py)

    def place(self, node) -> str:
        """`barrier@12`, or `barrier@12:7` when another barrier starts on line 12."""
        key = (_construct(node), node.span.start_line)
        where = f"{node.span.start_line}:{node.span.start_col}" if key in self.shared_lines \
            else f"{node.span.start_line}"
        return f"{key[0]}@{where}"

    def ob(self, what: str, kind: Kind, span, summary: str, steps, **kw) -> Obligation:
        steps = tuple(steps)
        return Obligation(f"{self.k.name}/{what}", kind, span, summary, self.k, self.relevant(steps),
                          self.procedures, steps, uniform=self.ck.uniform,
                          dimensional=self.dimensional, **kw)

    def relevant(self, steps) -> dict[Symbol, A.Function]:
        """The functions an obligation with these steps can reach: those its steps call
        (contracts, and bodies with their loop invariants and barrier contracts), those
        called in the contracts of the procedures it calls (a call is judged by the
        callee's contract), and those of the kernel's declarations.  No other definition
        can change its outcome; giving it one would cost solver time in every obligation
        and make the cache prove everything again whenever any function changes."""
        called = dict.fromkeys(n.symbol for step in steps for n in A.walk(step) if isinstance(n, A.CallStmt))
        contracts = (c.expr for s in called if s in self.procedures for c in self.procedures[s].contract)
        return _restricted(self.functions, calls_in(*steps, *contracts) | self.declared)

    def all(self) -> list[Obligation]:
        obs = [self.lockstep()]
        if _may_be_undefined([c.expr for c in self.k.contexts] + [a.length for a in self.k.arrays]):
            obs.append(self.declarations())
        obs.append(self.thread())
        obs += [self.procedure(p) for p in self.own]
        obs += self.framing()
        obs += self.distribution()
        # A warp's barrier hands out nothing: no obligation of its own (docs/warps.md).
        barriers = [n for n in A.walk(self.main.body) if isinstance(n, A.Barrier) and n.among is not A.Among.WARP]
        for b in barriers:
            obs += grid.obligations(self, b, has_facts(post_of(b.contract or ()))) if grid.is_grid(b) \
                else self.barrier(b)
        obs += self.levels()
        return obs

    # ---- the thread and its helpers ----
    def lockstep(self) -> Obligation:
        name = f"{self.k.name}/lock-step"
        return self.ob("lock-step", Kind.LOCKSTEP, self.main.name_span,
                       "barriers and uniform assignments sit under uniform conditions only", (),
                       static=tuple(attrs.evolve(d, obligation=name) for d in self.ck.uniformity.diagnostics))

    def declarations(self) -> Obligation:
        return self.ob("declarations", Kind.DECLARATIONS, self.k.name_span,
                       "array lengths and context_everywhere clauses are well defined",
                       [CheckDeclarations()])

    def thread(self) -> Obligation:
        return self.ob("thread", Kind.THREAD, self.main.name_span,
                       "the body of main against the thread contract, barriers as calls",
                       [Inhale(Part(self.pre, Who.THREAD, label="the thread precondition"), as_old=True),
                        Execute(self.main.body, Part(self.post, Who.THREAD, label="the thread postcondition"),
                                invariant=self.invariant)])

    def procedure(self, p: A.Procedure) -> Obligation:
        cycle = procedure_cycle(p.symbol, self.procedures)
        # itself first (the messages name it), then the others in program order
        order = (p.symbol, *(s for s in self.procedures if s in cycle and s is not p.symbol)) if cycle else ()
        return self.ob(f"procedure:{p.name}", Kind.PROCEDURE, p.name_span,
                       f"the body of {p.name} against its contract",
                       [Inhale(Part(pre_of(p.contract), Who.THREAD, label=f"the precondition of {p.name}"), as_old=True),
                        Execute(p.body, Part(post_of(p.contract), Who.THREAD), measure=p.decreases,
                                cycle=order, invariant=self.invariant)],
                       params=p.params)

    # ---- framing ----
    def framing(self) -> list[Obligation]:
        obs = []

        def contract(name: str, span, pre, post, who: Who, params=()):
            # A group always holds all of its local memory: its contract may read it
            # without saying so (and a Perm on it there adds nothing).
            held, scope = ([InhaleAll(L)], G) if who is Who.GROUP else ([], None)
            if who is Who.KERNEL and self.invariant is not None:
                # The kernel's contract is given and returned with its invariant, whose
                # cells (the atomic counters) it may read.
                held = [Inhale(self.invariant)]
            if pre:
                obs.append(self.ob(f"framing:{name}-pre", Kind.FRAMING, span,
                                   f"the precondition of {name} reads only what it holds",
                                   held + [Inhale(Part(pre, who, scope=scope), check_framing=True)], params=params))
            if post:
                obs.append(self.ob(f"framing:{name}-post", Kind.FRAMING, span,
                                   f"the postcondition of {name} reads only what it holds",
                                   [Inhale(Part(pre or (), who), as_old=True), Forget()] + held +
                                   [Inhale(Part(post, who, scope=scope, label="the postcondition"), check_framing=True)],
                                   params=params))

        contract("main", self.main.name_span, self.pre, self.post, Who.THREAD)
        for p in self.own:
            contract(p.name, p.name_span, pre_of(p.contract), post_of(p.contract), Who.THREAD, p.params)
        if self.group_span is not None:
            contract("group", self.group_span, self.group_pre, self.group_post, Who.GROUP)
        if self.kernel_span is not None:
            contract("kernel", self.kernel_span, self.kernel_pre, self.kernel_post, Who.KERNEL)
        if self.invariant is not None:
            obs.append(self.ob("framing:kernel-invariant", Kind.FRAMING, self.kernel_span,
                               "the kernel invariant reads only what it holds",
                               [Inhale(self.invariant, check_framing=True)]))
        for body, params in [(self.main.body, ())] + [(p.body, p.params) for p in self.own]:
            for node in A.walk(body):
                if isinstance(node, A.Barrier) and node.contract and post_of(node.contract):
                    obs.append(self.ob(
                        f"framing:{self.place(node)}", Kind.FRAMING, node.span,
                        f"the postcondition of the barrier at line {node.span.start_line} reads only what it holds",
                        # The barrier's pure preconditions (those on the path to it among
                        # them) are about variables, which the barrier does not change.
                        [Inhale(Part(tuple(f for e in pre_of(node.contract) for f in pure_conjuncts(e)), Who.THREAD,
                                     label="the barrier's precondition")),
                         Inhale(Part(post_of(node.contract), Who.THREAD, label="the barrier's postcondition"), check_framing=True)],
                        locals=locals_in_scope(body, node)))
                if isinstance(node, (A.While, A.For)) and node.contract:
                    obs.append(self.ob(
                        f"framing:{self.place(node)}", Kind.FRAMING, node.span,
                        f"the invariant of the loop at line {node.span.start_line} reads only what it holds",
                        [Inhale(Part(tuple(c.expr for c in node.contract), Who.THREAD, label="the loop invariant"), check_framing=True)],
                        locals=locals_in_scope(body, node, inside=True), params=params))
        return obs

    # ---- resources between the levels ----
    def invariant_taken(self) -> list:
        """From all of global memory, the kernel invariant's cells: no group gets them."""
        if self.invariant is None:
            return []
        return [Exhale(attrs.evolve(self.invariant, facts=False), "distribution.kernel", "distribution.kernel",
                       "the kernel invariant's resources")]

    def kernel_memory(self, **inhaled) -> list:
        """What the kernel hands its groups: its precondition's resources, or all of
        global memory but the invariant's when the precondition is generated."""
        if self.kernel_pre is not None:
            return [Inhale(Part(self.kernel_pre, Who.KERNEL, label="the kernel precondition", **inhaled))]
        return [InhaleAll(G)] + self.invariant_taken()

    def group_resources(self) -> list:
        """What a group holds: all of its local memory, and the group contract's global
        resources (or, when it is generated, those its threads start with)."""
        steps: list = [InhaleAll(L)]
        if self.group_pre is not None:
            steps.append(Inhale(Part(self.group_pre, Who.GROUP, facts=False, scope=G, label="the group precondition")))
        else:
            steps.append(Inhale(Part(self.pre, Who.ALL_IN_GROUP, facts=False, scope=G, label="the thread precondition")))
        return steps

    def distribution(self) -> list[Obligation]:
        obs = []
        if self.kernel_pre is not None:
            obs.append(self.ob("distribution:kernel-memory", Kind.DISTRIBUTION_KERNEL, self.kernel_span,
                               "the kernel's resources exist: at most one write permission per cell",
                               [InhaleAll(G),
                                Exhale(Part(self.kernel_pre, Who.KERNEL, facts=False), "distribution.kernel",
                                       "distribution.kernel", "the kernel contract's resources")]
                               + self.invariant_taken()))
        available = self.kernel_memory()
        if self.group_pre is not None:
            needed, who, what = self.group_pre, Who.ALL_GROUPS, "the resources of all groups"
        else:
            needed, who, what = self.pre, Who.ALL_THREADS, "the starting resources of all threads"
        obs.append(self.ob("distribution:kernel", Kind.DISTRIBUTION_KERNEL, self.kernel_span or self.main.name_span,
                           "the kernel's resources cover those of all work groups",
                           available + [Inhale(Part(needed, who, resources=False, label=f"the {'group' if who is Who.ALL_GROUPS else 'thread'} precondition")),
                                        Exhale(Part(needed, who, facts=False, scope=G), "distribution.kernel",
                                               "distribution.kernel", what)]))
        # With a generated group contract only local memory can be over-committed.
        if self.group_pre is not None or perms_on(self.pre, L):
            obs.append(self.ob("distribution:group", Kind.DISTRIBUTION_GROUP, self.group_span or self.main.name_span,
                               "a work group's resources cover the starting resources of all its threads",
                               self.group_resources() + [
                                   Inhale(Part(self.pre, Who.ALL_IN_GROUP, resources=False, label="the thread precondition")),
                                   Exhale(Part(self.pre, Who.ALL_IN_GROUP, facts=False,
                                               scope=None if self.group_pre is not None else L),
                                          "distribution.group", "distribution.group",
                                          "the starting resources of all threads of the group")]))
        return obs

    def barrier(self, b: A.Barrier) -> list[Obligation]:
        line = b.span.start_line
        requires, ensures = pre_of(b.contract or ()), post_of(b.contract or ())
        scope_locals = locals_in_scope(self.main.body, b)
        obs = [self.ob(f"{self.place(b)}/resources", Kind.BARRIER_RESOURCES, b.span,
                       f"the group has every resource the barrier at line {line} hands out",
                       (grid.group_pool(self, b, requires) if self.grid or b.keeps_frame
                        else self.group_resources() + [Havoc()]) + [
                           # A condition in the ensures reads memory as its own thread
                           # sees it after the barrier: alike only where fenced.
                           Inhale(Part(requires, Who.ALL_IN_GROUP, resources=False, visible=b.fences,
                                       label="the barrier's precondition")),
                           Exhale(Part(ensures, Who.ALL_IN_GROUP, facts=False, visible=b.fences), "barrier.resources",
                                  "barrier.resources", f"the resources handed out by the barrier at line {line}")],
                       locals=scope_locals)]
        if has_facts(ensures):
            obs.append(self.ob(
                f"{self.place(b)}/functional", Kind.BARRIER_FUNCTIONAL, b.span,
                f"the postcondition of the barrier at line {line} follows from what the threads publish",
                [Inhale(Part(requires, Who.THREAD, resources=False, label="the barrier's precondition")),
                 Inhale(Part(requires, Who.ALL_IN_GROUP, resources=False, fenced=b.fences, label="the barrier's precondition")),
                 Exhale(Part(ensures, Who.THREAD, resources=False), "barrier.functional", "barrier.functional",
                        f"the postcondition of the barrier at line {line}{queries.unfenced_note(b, ensures)}")],
                locals=scope_locals))
        return obs

    # ---- facts between the levels ----
    def levels(self) -> list[Obligation]:
        obs = []
        if self.kernel_pre is not None:
            below = (self.group_pre, Who.GROUP, "group") if self.group_pre is not None else (self.pre, Who.THREAD, "thread")
            if has_facts(below[0]):
                obs.append(self.ob(f"preconditions:kernel->{below[2]}", Kind.PRECONDITIONS, self.kernel_span,
                                   f"the kernel precondition implies every {below[2]}'s precondition",
                                   [Inhale(Part(self.kernel_pre, Who.KERNEL, label="the kernel precondition")),
                                    Exhale(Part(below[0], below[1], resources=False), "pre.level", "pre.level",
                                           f"the {below[2]} precondition")]))
        elif reads_local((below := (self.group_pre, Who.GROUP, "group") if self.group_pre is not None
                          else (self.pre, Who.THREAD, "thread"))[0]):
            # The generated kernel precondition is what the host establishes, and the
            # host cannot set local memory: when the kernel starts it holds any values.
            obs.append(self.ob(f"preconditions:launch->{below[2]}", Kind.PRECONDITIONS, self.main.name_span,
                               f"the {below[2]} precondition's facts about local memory hold of its values at "
                               f"the start of the kernel, which nobody has set",
                               [Inhale(Part(below[0], below[1], resources=False, fenced=(A.Fence.GLOBAL,),
                                            label=f"the {below[2]} precondition")),
                                Exhale(Part(below[0], below[1], resources=False), "pre.level", "pre.level",
                                       f"the {below[2]} precondition (local memory is not initialised when "
                                       f"the kernel starts)")]))
        if self.group_pre is not None and has_facts(self.pre):
            obs.append(self.ob("preconditions:group->thread", Kind.PRECONDITIONS, self.group_span,
                               "the group precondition implies every thread's precondition",
                               [Inhale(Part(self.group_pre, Who.GROUP, label="the group precondition")),
                                Exhale(Part(self.pre, Who.THREAD, resources=False), "pre.level", "pre.level",
                                       "the thread precondition")]))
        if self.group_post:
            obs.append(self.ob("postconditions:thread->group", Kind.POSTCONDITIONS, self.group_span,
                               "the threads' postconditions imply the group postcondition",
                               [Forget(), Inhale(Part(self.post, Who.ALL_IN_GROUP, label="the thread postcondition")),
                                Exhale(Part(self.group_post, Who.GROUP), "post.level", "post.level",
                                       "the group postcondition")]))
        if self.kernel_post:
            below, who = (self.group_post, Who.ALL_GROUPS) if self.group_post is not None else (self.post, Who.ALL_THREADS)
            obs.append(self.ob("postconditions:groups->kernel", Kind.POSTCONDITIONS, self.kernel_span,
                               "the groups' postconditions imply the kernel postcondition",
                               [Forget(), Inhale(Part(below, who, label="the postcondition below")),
                                *([Inhale(self.invariant)] if self.invariant is not None else []),
                                Exhale(Part(self.kernel_post, Who.KERNEL), "post.level", "post.level",
                                       "the kernel postcondition")]))
        return obs
