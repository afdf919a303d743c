"""`check`'s uniformity, refined by the race checker's solver where the lock-step rule
finds divergence (for `check`: service.py refines the checked program before it makes
the obligations).

The lock-step rule (semantics/uniformity.py) is syntactic: `if (i < N)` with `i = get_global_id(0)`
is not uniform to it, and whatever the `if` guards (a barrier, a loop counter that
decides where the barriers are) is divergent.  With the kernel's facts (launch, host
facts such as `N == tcount`, main's preconditions, the values known where the `if` is)
the condition may hold alike for every thread of a group: then it is as uniform as a
condition the rule accepts.

This is the question `races` asks already (races/decided.py): an `if` of main is
decided when Z3 *proves* that every two threads of one work group that reach it evaluate
its condition alike, over a walk (races/protocol.py) that over-approximates each
thread's values, and only for conditions (and paths to them) that read no memory.  Unknown, a timeout, a
condition that reads memory or code the walk cannot follow leave the `if` undecided:
non-uniform, as the rule says.  The rule is then applied again with the decided `if`s
uniform, which widens the uniform locals, and the walk redone with them, until nothing
more is decided.

Only kernels the rule finds divergent are asked about: a kernel it accepts gets no query,
so what is checked of it (and the solver's counterexamples) does not change.
"""
from __future__ import annotations

import attrs
import z3

from ..semantics.check import CheckedKernel, CheckedProgram
from ..semantics.uniformity import analyze


def refined(checked: CheckedProgram, timeout: float, cancel=None) -> CheckedProgram:
    """`checked` with each divergent kernel's uniformity refined by what the solver decides."""
    kernels = tuple(_refined(checked, ck, timeout, cancel) for ck in checked.kernels)
    if all(new is old for new, old in zip(kernels, checked.kernels)):
        return checked
    return attrs.evolve(checked, kernels=kernels)


def _refined(checked: CheckedProgram, ck: CheckedKernel, timeout: float, cancel) -> CheckedKernel:
    uniformity = ck.uniformity
    if not uniformity.divergence:
        return ck
    # Loaded only here: a kernel the rule accepts costs no race checker at start-up.
    from .decided import decided
    from .protocol import Unsupported, protocol
    main = ck.kernel.main
    known: frozenset[int] = frozenset()
    try:
        p = protocol(ck.kernel, checked.functions, uniformity.uniform, timeout, cancel)
        if not _launchable(p, timeout):
            # Facts no launch meets would make every condition "uniform".
            return ck
        while uniformity.divergence and (more := _memoryless(p, decided(p, timeout))) > known:
            known = more
            uniformity = analyze(main, known)
            # The uniform locals grew: loop variables they name are shared by a group.
            p = protocol(ck.kernel, checked.functions, uniformity.uniform, timeout, cancel)
    except Unsupported:
        # Code the walk cannot follow: what was decided before it stands.
        pass
    return ck if uniformity == ck.uniformity else CheckedKernel(ck.kernel, uniformity)


def _memoryless(p, ids: frozenset[int]) -> frozenset[int]:
    """The `if`s of `ids` whose condition and path read no memory wherever the walk met
    them.  `decided` takes a condition the threads' own values do not enter as alike
    (`if (a[0] > 0)`): two threads read one value of a cell in the walk because a
    different one needs a race, which `races` reports; `check` asks uniformity before it
    proves the permissions that exclude races, so it does not lean on that."""
    from .decided import reads_memory
    return frozenset(i for i in ids if not any(reads_memory(z3.And(guard, cond)) for guard, cond in p.branches[i]))


def _launchable(p, timeout: float) -> bool:
    from .check import query_solver
    s = query_solver(p.engine.t.ctx, timeout)
    s.add(p.facts)
    return s.check() == z3.sat
