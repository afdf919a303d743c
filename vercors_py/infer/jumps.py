"""`break` and `continue` in a loop without a barrier.

Such a loop's head holds every iteration's accesses at once (shape.py), over the whole
range of its counter, and after it every variable it assigns stands for no value.  A
`break` or `continue` only leaves some of those accesses undone: the iterations that
run are among those counted, each runs a prefix of its body, and the loop ends at its
head or at the jump with nothing known of what it assigned.  So the walk reads the jump
as nothing: the statements after it are still walked, under no condition that the jump
was not taken (more permission than the thread uses, never less).  A loop with a
barrier hands one iteration's permissions to the next: a jump there changes which
barrier comes next, and stays `infer.cannot`.
"""
from __future__ import annotations

from ..syntax import ast as A


def jumps_within(enclosing: list, scope: A.Scope) -> bool:
    """Whether a jump at the statement at hand leaves or restarts a loop without a
    barrier of the scope: the innermost loop around it (shape._Walk.enclosing)."""
    if not enclosing:
        return False
    site, _ = enclosing[-1]
    return not any(isinstance(n, A.Barrier) and n.orders(scope) for n in A.statements(site.loop.body))
