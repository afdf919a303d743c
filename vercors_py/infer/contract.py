"""Permission clauses from a kernel's shape, written into its text.

Each barrier interval needs a permission for every access in it: write where the
thread writes, read where it only reads, under the access's conditions, quantified over
the loops it is in.  The thread contract's `requires` is the first interval's, its
`ensures` the last one's; a barrier takes the permissions of the interval before it and
hands out those of the interval after it; a loop's invariant holds the permissions of its
interval and the range of its counters.  An array no thread writes is read throughout:
its read permissions stay with every interval, so no barrier has to hand them round; a
cell written after a barrier is held from before it.
"""
from __future__ import annotations

import collections
from ..syntax import ast as A
from ..syntax.printer import format_expr
from .shape import Need, Shape, substitute


def _paren(text: str) -> str:
    return text if text.isidentifier() or text.isdigit() else f"({text})"


class _Names:
    """Bound variables for the loop counters, distinct from every name of the kernel."""

    def __init__(self, kernel: A.Kernel):
        self.used = {n.id for n in A.walk(kernel) if isinstance(n, A.Name)}
        self.used |= {n.name for n in A.walk(kernel) if isinstance(n, (A.VarDecl, A.Param))}
        self.chosen: dict = {}

    def of(self, symbol, name: str) -> str:
        if symbol not in self.chosen:
            candidate = f"{name}_"
            while candidate in self.used:
                candidate += "_"
            self.used.add(candidate)
            self.chosen[symbol] = candidate
        return self.chosen[symbol]


def _rename(e: A.Expr, names: dict) -> A.Expr:
    """`e` with the loop counters (symbol -> bound name) renamed."""
    return substitute(e, {symbol: A.Name(name, span=e.span) for symbol, name in names.items()})


def _key(need: Need, names: _Names) -> tuple:
    """The cells of a need as text: the array, the index and the loops it ranges over."""
    bound = {b.symbol: names.of(b.symbol, b.name) for b in need.binders}
    index = format_expr(_rename(need.index, bound))
    binders = tuple((bound[b.symbol], format_expr(_rename(b.lo, bound)), format_expr(_rename(b.hi, bound)))
                    for b in need.binders)
    return need.array.name, index, binders


def clauses(needs, names: _Names) -> list[str]:
    """One permission clause per cell expression, the conditions of its accesses joined."""
    merged: dict[tuple, dict] = {}
    for need in needs:
        bound = {b.symbol: names.of(b.symbol, b.name) for b in need.binders}     # for the guards
        key = _key(need, names)
        entry = merged.setdefault(key, {"write": False, "guards": []})
        entry["write"] |= need.write
        guard = " && ".join(_paren(format_expr(_rename(g, bound))) for g in need.guards)
        entry["guards"].append(guard)
    # Several read permissions of one thread on one array may be of one cell (for some
    # sizes): they share it, a fraction each, as `tmp[lid]` and `tmp[(lid + 1) % gsize]`.
    reads = collections.Counter(array for (array, _, _), entry in merged.items() if not entry["write"])
    out = []
    for (array, index, binders), entry in merged.items():
        amount = "write" if entry["write"] else "read" if reads[array] == 1 else f"1\\{reads[array]}"
        perm = f"Perm({array}[{index}], {amount})"
        guards = list(dict.fromkeys(entry["guards"]))
        condition = "" if "" in guards else " || ".join(_paren(g) for g in guards) if len(guards) > 1 else guards[0]
        if binders:
            ranges = [f"{lo} <= {name} && {name} < {hi}" for name, lo, hi in binders]
            conds = ranges + ([_paren(condition)] if condition else [])
            out.append(f"(\\forall* int {', '.join(n for n, _, _ in binders)}; {' && '.join(conds)}; {perm})")
        elif condition:
            out.append(f"{_paren(condition)} ==> {perm}")
        else:
            out.append(perm)
    return out


def per_interval(shape: Shape, names: "_Names") -> list[list[Need]]:
    """The needs of each interval, with the reads of arrays no thread writes in all, and
    each write held from the start: a cell written after a barrier must be held before
    it (a barrier hands on only what it is given), back to the first interval or to one
    where the thread accesses the array otherwise."""
    written = {n.array for interval in shape.intervals for n in interval if n.write}
    read_only = [n for interval in shape.intervals for n in interval if n.array not in written]
    out = [[n for n in interval if n.array in written] for interval in shape.intervals]
    for k in range(len(out) - 1, 0, -1):
        for need in [n for n in out[k] if n.write]:
            key = _key(need, names)
            for j in range(k - 1, -1, -1):
                same = [n for n in out[j] if n.array is need.array]
                if any(_key(n, names) != key for n in same):
                    break
                # Read there by the thread itself, or not accessed: held with write.
                out[j] = [n for n in out[j] if n not in same] + [need]
    return [interval + read_only for interval in out]


def _indent(text: str, at: int) -> str:
    start = text.rfind("\n", 0, at) + 1
    return text[start:at] if text[start:at].strip() == "" else " " * (at - start)


def written(kernel: A.Kernel, shape: Shape, text: str) -> str:
    """The text with the inferred contract written into the kernel."""
    names = _Names(kernel)
    intervals = [clauses(needs, names) for needs in per_interval(shape, names)]
    edits: list[tuple[int, int, str]] = []
    main = kernel.main
    pad = _indent(text, main.span.start)
    lines = [f"requires {c};" for c in intervals[0]] + [f"ensures  {c};" for c in intervals[-1]]
    edits.append((main.span.start, main.span.start, "".join(f"{line}\n{pad}" for line in lines)))
    for k, barrier in enumerate(shape.barriers):
        pad = _indent(text, barrier.span.start)
        fences = ", ".join(f.value for f in barrier.fences)
        body = [f"requires {c};" for c in intervals[k]] + [f"ensures  {c};" for c in intervals[k + 1]]
        block = f"barrier({fences}) {{\n" + "".join(f"{pad}  {line}\n" for line in body) + f"{pad}}}"
        edits.append((barrier.span.start, barrier.span.end, block))
    for site in shape.loops:
        pad = _indent(text, site.loop.span.start)
        *outer, own = site.binders
        bound = [f"{format_expr(b.lo)} <= {b.name} && {b.name} < {format_expr(b.hi)}" for b in outer]
        lo, hi = format_expr(own.lo), format_expr(own.hi)
        bound.append(f"{lo} <= {own.name} && ({own.name} == {_paren(lo)} || {own.name} <= {_paren(hi)})")
        lines = [f"loop_invariant {b};" for b in bound] + [f"loop_invariant {c};" for c in intervals[site.interval]]
        edits.append((site.loop.span.start, site.loop.span.start, "".join(f"{line}\n{pad}" for line in lines)))
    for start, end, new in sorted(edits, key=lambda e: e[0], reverse=True):
        text = text[:start] + new + text[end:]
    return text
