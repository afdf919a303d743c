"""Permission clauses from a plan (reach.py), written into the kernel's text.

Each need is a permission on its cells: write where the thread writes, read where it
only reads, under the conditions of its accesses, quantified over the loops it is in.
A read is a read share (`read`), which any number of threads and reads may hold at
once: a cell every thread of a group reads (`block[0]`) needs no count, where a fraction
`1\\k` of it for each thread would be more than the whole for a group of more than k.
"""
from __future__ import annotations

import contextlib
import re

import attrs

from ..cfamily import annotation_components
from ..semantics.symbols import SymbolKind
from ..syntax import ast as A
from ..syntax.printer import format_expr
from .arms import split
from .clauses import conj, disj, forall, implies, readable, spelled
from .ranges import Ranges
from .scoped_names import Scopes, c_name
from .reach import Plan, stable
from .branches import cases
from .pragmas import above_pragmas
from .whole import covered
from .shape import CannotInfer
from .terms import Need, map_children, names, substitute


class _Names:
    """Bound variables for the loop counters, distinct from every name of the kernel
    (a counter renamed by the mapping, `tid'`, gets one from its letters)."""

    def __init__(self, kernel: A.Kernel):
        self.used = {n.id for n in A.walk(kernel) if isinstance(n, A.Name)}
        self.used |= {n.name for n in A.walk(kernel) if isinstance(n, (A.VarDecl, A.Param))}
        self.chosen: dict = {}

    def of(self, symbol, name: str) -> str:
        if symbol not in self.chosen:
            candidate = f"{re.sub(r'[^A-Za-z0-9_]', '', name) or 'i'}_"
            while candidate in self.used:
                candidate += "_"
            self.used.add(candidate)
            self.chosen[symbol] = candidate
        return self.chosen[symbol]


class _Writer:
    """The clauses of a plan, as trees (clauses.py writes them).  Cells and conditions
    are compared by their printed text."""

    def __init__(self, kernel: A.Kernel, plan: Plan, spell=lambda e: e, ranges: Ranges | None = None):
        self.names = _Names(kernel)
        self.ranges = ranges
        self.spell = lambda e: readable(spell(e))

    def _bound(self, need: Need) -> dict:
        return {b.symbol: A.Name(self.names.of(b.symbol, b.name), span=need.span) for b in need.binders}

    def _cell(self, need: Need) -> tuple:
        """The cell's key (array, index and binders as text) and its trees: the index and
        the binders (name, lo, hi, step)."""
        bound = self._bound(need)
        binders = []
        with self._counting() as count:
            for b in need.binders:
                binders.append((bound[b.symbol].id, self.spell(substitute(b.lo, bound)),
                                self.spell(substitute(b.hi, bound)), self.spell(substitute(b.step, bound)) if b.step else None))
                count(*binders[-1][:3])
            with self._guarded(need, bound):
                index = self.spell(substitute(need.index, bound))
        key = (need.array.name, format_expr(index),
               tuple((name, format_expr(lo), format_expr(hi), format_expr(step) if step else None)
                     for name, lo, hi, step in binders))
        return key, index, binders

    def _guard(self, need: Need) -> A.Expr | None:
        bound = self._bound(need)
        _, _, binders = self._cell(need) if need.binders else (None, None, [])
        with self._counting() as count:
            for name, lo, hi, _ in binders:
                count(name, lo, hi)
            return conj(*(self.spell(substitute(g, bound)) for g in need.guards))

    @contextlib.contextmanager
    def _guarded(self, need: Need, bound: dict):
        """While the need's conditions hold: its index is written as equal to C's where
        its permission is claimed (under them), not necessarily elsewhere."""
        if self.ranges is None or not need.guards:
            yield
            return
        with self.ranges.guarded([self.spell(substitute(g, bound)) for g in need.guards]):
            yield

    @contextlib.contextmanager
    def _counting(self):
        """While the need's counters range as its `\\forall` says (for the ranges of
        what is written inside it)."""
        if self.ranges is None:
            yield lambda *_: None
            return
        with self.ranges.counting() as count:
            yield count

    def clauses(self, needs) -> list[A.Expr]:
        """One permission per cell expression, the conditions of its accesses joined.  A
        read of a cell the thread also writes is covered by the write: the read's
        permission is claimed only where its cell is none of those (holding both would
        be more than the one cell has)."""
        merged: dict[tuple, dict] = {}
        wholly_atomic: dict = {}               # arrays with `atomic` on every cell: their span
        for need in map(_relevant, covered(split(cases(needs)))):
            key, index, binders = self._cell(need)
            entry = merged.setdefault(key, {"writes": [], "reads": [], "atomics": [], "index": index,
                                            "binders": binders, "array": need.array.name, "span": need.span})
            entry["atomics" if need.atomic else "writes" if need.write else "reads"].append(self._guard(need))
            if need.whole and need.atomic:
                wholly_atomic[need.array.name] = need.span
        for e in merged.values():
            if e["array"] in wholly_atomic and (e["writes"] or e["reads"]):
                raise CannotInfer(wholly_atomic[e["array"]], f"`{e['array']}` is updated atomically at a cell "
                                  f"`infer` cannot name, and `{e['array']}[{format_expr(e['index'])}]` is read "
                                  "or written plainly between the same barriers: no share allows both")
        writes = {key: {"guards": e["writes"], "index": e["index"]} for key, e in merged.items() if e["writes"]}
        out = []
        for key, entry in merged.items():
            array, _, binders = key
            if entry["atomics"]:
                out.append(self._atomic(entry))
                continue
            if key in writes:
                out.append(self._clause(entry, A.Write(span=entry["span"]), disj(entry["writes"])))
            if not entry["reads"]:
                continue
            condition = disj(entry["reads"])
            exclusions = [self._apart(entry, writes[key], condition)] if key in writes else []
            if not binders:
                exclusions += [self._apart(entry, other, condition) for (a, _, b), other in writes.items()
                               if a == array and not b and (a, _, b) != key]
            if _COVERED in exclusions:
                continue                   # a write's permission covers the read everywhere
            out.append(self._clause(entry, A.Read(span=entry["span"]), conj(condition, *exclusions)))
        return out

    def _atomic(self, entry: dict) -> A.Expr:
        """`atomic` on a cell updated atomically.  No share allows a plain access of the
        same cell beside it (docs/language.md, "Atomics"): between the same barriers that
        is a race; in main's `requires`, which holds every global cell the thread accesses
        later, the group would need write to hand out both."""
        if entry["writes"] or entry["reads"]:
            cell = f"{entry['array']}[{format_expr(entry['index'])}]"
            raise CannotInfer(entry["span"], f"`{cell}` is updated atomically and also read or written plainly "
                                             "by threads that hold it at once (between the same barriers, a data "
                                             "race): no share allows both")
        return self._clause(entry, A.AtomicShare(span=entry["span"]), disj(entry["atomics"]))

    def _clause(self, entry: dict, amount: A.Expr, condition: A.Expr | None) -> A.Expr:
        span = entry["span"]
        perm = A.Perm(A.Index(A.Name(entry["array"], span=span), entry["index"], span=span), amount, span=span)
        if entry["binders"]:
            return forall(A.QuantKind.FORALL_STAR, entry["binders"], condition, perm)
        return implies(condition, perm)

    def _apart(self, read: dict, write: dict, condition: A.Expr | None):
        """Where the read's cell is not the write's: None when always (no condition),
        _COVERED when never (as far as their difference shows)."""
        r, w = read["index"], write["index"]
        span = r.span
        guard = disj(write["guards"])
        held_where_read = guard is None or _key(guard) == _key(condition)
        if format_expr(r) == format_expr(w):   # one cell: the read is needed where the write is not held
            return _COVERED if held_where_read else A.Unary("!", guard, span=span)
        difference = _linear(A.Binary("-", r, w, span=span))
        if difference is not None and set(difference) == {""}:
            if difference[""][0] != 0:
                return None
            return _COVERED if held_where_read else A.Unary("!", guard, span=span)
        if difference is not None and len(difference) == 2:
            # `lid + 2 * s` and `lid` are one cell exactly when `s == 0`.
            atom = next(t for t in difference if t)
            (k, tree), c = difference[atom], difference[""][0]
            if c % k:
                return None
            same = (tree, readable(A.IntLit(-c // k, span=span)))
        else:
            same = (r, w)
        if held_where_read:
            return A.Binary("!=", *same, span=span)
        return A.Unary("!", A.Binary("&&", guard, A.Binary("==", *same, span=span), span=span), span=span)

    def bounds(self, needs, lengths: dict) -> list[A.Expr]:
        """That each need's index is inside its array, where it is accessed: a procedure's
        parameters come with no range."""
        facts: dict[str, tuple] = {}           # fact -> (fact, [(condition, binders) it is needed under])
        for need in map(_relevant, split(cases(needs))):
            if need.whole:
                continue                   # its cells are the array's
            _, index, binders = self._cell(need)
            span = need.span
            length = lengths[need.array.name]
            if isinstance(index, A.IntLit) and isinstance(length, A.IntLit) and 0 <= index.value < length.value:
                continue
            if self.ranges is not None and self.ranges.inside(index, self.spell(length), binders):
                continue                   # every launch keeps it inside
            fact = A.Binary("&&", A.Binary("<=", A.IntLit(0, span=span), index, span=span),
                            A.Binary("<", index, self.spell(length), span=span), span=span)
            facts.setdefault(format_expr(fact), (fact, []))[1].append(
                (self._guard(need) if need.guards else None, binders))
        out: dict[str, A.Expr] = {}
        for fact, where in facts.values():
            if any(condition is None and not binders for condition, binders in where):
                out.setdefault(format_expr(fact), fact)    # needed always: the conditional ones say no more
                continue
            for condition, binders in where:
                clause = forall(A.QuantKind.FORALL, binders, condition, fact, steps=False) if binders \
                    else implies(condition, fact)
                out.setdefault(format_expr(clause), clause)
        return list(out.values())


_COVERED = object()                        # `_apart`: the write's permission covers the read


def _key(e: A.Expr | None) -> str:
    return "" if e is None else format_expr(e)


def _relevant(need: Need) -> Need:
    """The need quantified only over the loops its cell depends on: an access the same in
    every iteration is one permission (held, then, whether or not the loop runs, and
    whatever the conditions on the counter: more than needed, never less)."""
    used = names(need.index)
    kept = []
    for b in reversed(need.binders):
        if b.symbol in used:
            kept.insert(0, b)
            used |= names(b.lo) | names(b.hi) | (names(b.step) if b.step else set())
    dropped = {b.symbol for b in need.binders} - {b.symbol for b in kept}
    if not dropped:
        return need
    return attrs.evolve(need, binders=tuple(kept), guards=tuple(g for g in need.guards if not names(g) & dropped))


def _linear(e: A.Expr) -> dict | None:
    """`e` as a sum of integer multiples of its other subterms (by their text, each with
    its tree; "" for the constant), with the terms that cancel removed; None where a
    product has no constant factor."""
    out: dict = {}

    def add(x: A.Expr, k: int) -> bool:
        match x:
            case A.IntLit(value=v):
                c, _ = out.get("", (0, None))
                out[""] = (c + k * v, None)
            case A.Unary(op="-", operand=inner):
                return add(inner, -k)
            case A.Binary(op="+" | "-", left=left, right=right):
                return add(left, k) and add(right, k if x.op == "+" else -k)
            case A.Binary(op="*", left=A.IntLit(value=v), right=other) | \
                    A.Binary(op="*", left=other, right=A.IntLit(value=v)):
                return add(other, k * v)
            case _:
                text = format_expr(x)
                c, _ = out.get(text, (0, None))
                out[text] = (c + k, x)
        return True

    if not add(e, 1):
        return None
    found = {t: v for t, v in out.items() if v[0] != 0 or t == ""}
    found.setdefault("", (0, None))
    return found


def _indent(text: str, at: int) -> str:
    start = text.rfind("\n", 0, at) + 1
    return text[start:at] if text[start:at].strip() == "" else " " * (at - start)


@attrs.frozen
class _Place:
    """Clauses for one spot: a procedure's contract, a barrier's, a loop's invariants."""
    node: object                   # the Procedure, Barrier or loop they belong to
    lines: tuple                   # `requires ...;`, `loop_invariant ...;`, ...


def _places(kernel: A.Kernel, plan: Plan, w: _Writer, lengths: dict, bounded, at=None) -> list[_Place]:
    """The clauses of each spot.  `bounded(procedure)` says which procedures' contracts
    state that their indices are inside the arrays: those whose parameters come with no
    range, and C kernels, whose pointers come with no length.  The kernel's contract
    starts with the host facts given outside the file (`--assume`), which the check of
    the result assumes: written, they are where the user sees them.  `at(node)`, called
    before the clauses of a spot are made, gives what finishes each of them there (the
    names that mean their variables where it stands, scoped_names.py)."""
    out = []

    def place(node, groups) -> None:
        finish = at(node) if at is not None else (lambda e: e)
        lines = _lines(*((keyword, [finish(e) for e in clauses]) for keyword, clauses in groups()))
        out.append(_Place(node, _atomics_note(kernel) + lines if node is kernel.main else lines))

    for procedure, requires, ensures in [(kernel.main, plan.requires, plan.ensures), *plan.procedures]:
        def contract(procedure=procedure, requires=requires, ensures=ensures):
            ranges = w.bounds([n for n in bounded(procedure, requires, plan)], lengths)
            given = [w.spell(c.expr) for c in _given(kernel)] if procedure is kernel.main else []
            return (("context_everywhere", given), ("requires", ranges + w.clauses(requires)),
                    ("ensures ", w.clauses(ensures)))
        place(procedure, contract)
    for barrier, requires, ensures, facts in plan.barriers:
        place(barrier, lambda: (("context ", [w.spell(f) for f in facts]), ("requires", w.clauses(requires)),
                                ("ensures ", w.clauses(ensures))))
    for loop, needs, facts in plan.loops:
        place(loop, lambda: (("loop_invariant", [w.spell(f) for f in facts] + w.clauses(needs)),))
    return out


def _atomics_note(kernel: A.Kernel) -> tuple[str, ...]:
    """What the contract of a kernel with atomics leaves out: the values of the cells it
    updates atomically (docs/language.md, "Atomics": `atomic` tells nothing of them)."""
    arrays = dict.fromkeys(n.target.array.id for n in A.walk(kernel) if isinstance(n, A.AtomicUpdate))
    if not arrays:
        return ()
    return (f"// the values of cells updated atomically ({', '.join(arrays)}) are not tracked: "
            "only their shares are written",)


def _given(kernel: A.Kernel) -> list[A.ContextEverywhere]:
    """The kernel's facts from outside its file: the host facts of `--assume` (parsed in
    a text of their own, docs/cfamily.md "Host facts")."""
    path = kernel.span.path if kernel.span is not None else None
    return [c for c in kernel.contexts if c.span is not None and c.span.path != path and c.assumed is None]


def _lines(*groups) -> tuple[str, ...]:
    """`requires e;` for each clause of each (keyword, clauses), each written once."""
    return tuple(dict.fromkeys(f"{keyword} {spelled(e)};" for keyword, clauses in groups for e in clauses))


def _edit(text: str, edits: list) -> str:
    for start, end, new in sorted(edits, key=lambda e: e[0], reverse=True):
        text = text[:start] + new + text[end:]
    return text


def written(kernel: A.Kernel, plan: Plan, text: str) -> str:
    """The text with the plan's contract written into the kernel (.pvl)."""
    w = _Writer(kernel, plan)
    lengths = {a.name: a.length for a in kernel.arrays}

    def bounded(procedure, requires, _):
        return () if procedure is kernel.main else requires

    edits = []
    for place in _places(kernel, plan, w, lengths, bounded):
        pad = _indent(text, place.node.span.start)
        match place.node:
            case A.Barrier(fences=fences):
                block = f"barrier({', '.join(f.value for f in fences)}) {{\n" + \
                    "".join(f"{pad}  {line}\n" for line in place.lines) + f"{pad}}}"
                edits.append((place.node.span.start, place.node.span.end, block))
            case _:
                at = place.node.span.start
                edits.append((at, at, "".join(f"{line}\n{pad}" for line in place.lines)))
    return _edit(text, edits)


def written_c(kernel: A.Kernel, plan: Plan, text: str) -> str:
    """The text with the plan's contract written into a CUDA or OpenCL kernel, as
    `/*@ @*/` comments on the lines before the kernel, each barrier and each loop.  The
    ids are written by their reserved names.  A pointer's length is `\\length(a)`, free in
    C, and a launch's sizes are free unless a launch line fixes them, so the contract
    also requires that every index of ids and parameters is inside its array: what the
    launch must give (the verifier reports a requirement no launch can meet)."""

    ranges = Ranges(kernel, _annotation_text)
    scopes = Scopes(kernel)
    w = _Writer(kernel, plan, spell=lambda e: scopes.written(ranges.unwrapped(_annotation_text(e))), ranges=ranges)
    lengths = {a.name: a.length for a in kernel.arrays}

    def bounded(procedure, requires, plan):
        everywhere = [*requires, *(n for _, _, e, _ in plan.barriers for n in e), *(n for _, ns, _ in plan.loops for n in ns)]
        return [n for n in everywhere if stable(n)]

    edits, seen = [], set()
    def scoped(node):
        scopes.enter(node)
        return scopes.written

    written_at: dict[int, tuple] = {}
    for place in _places(kernel, plan, w, lengths, bounded, scoped):
        if not place.lines:
            continue
        start = _declaration_start(text, kernel.span.start) if place.node is kernel.main else place.node.span.start
        at = text.rfind("\n", 0, start) + 1
        if isinstance(place.node, (A.For, A.While)):
            at = above_pragmas(text, at)
        if at in seen:
            if written_at[at] == place.lines and not kernel.span.start <= start <= kernel.span.end:
                continue               # a helper inlined at two calls: its annotation is read at each
            raise CannotInfer(place.node.span, "two of the kernel's loops or barriers stand on one line, or a "
                                               "helper's at two calls need different clauses: one annotation "
                                               "cannot serve both")
        seen.add(at)
        written_at[at] = place.lines
        line = text[at:start]
        pad = line[:len(line) - len(line.lstrip(" \t"))]
        edits.append((at, at, f"{pad}/*@\n" + "".join(f"{pad}  {line}\n" for line in place.lines) + f"{pad}@*/\n"))
    return _edit(text, edits)


def _declaration_start(text: str, at: int) -> int:
    """Where the kernel's declaration starts: before its `template <...>` line, where
    the front end reads a template kernel's annotations."""
    before = text[:at].rstrip()
    if not before.endswith(">"):
        return at
    depth, k = 0, len(before)
    while k > 0:
        k -= 1
        depth += {">": 1, "<": -1}.get(before[k], 0)
        if depth == 0:
            break
    head = re.search(r"\btemplate\s*$", before[:k])
    return head.start() if head else at


def _annotation_text(e: A.Expr) -> A.Expr:
    """A translated C expression as annotations write it: ids by their reserved names,
    locals and parameters by their C names."""
    def plain(n: A.Expr) -> A.Expr:
        match n:
            case A.Name(symbol=symbol) if symbol is not None and symbol.kind is SymbolKind.LOCAL \
                    and n.spelling not in (None, n.id, c_name(n.id)):
                raise CannotInfer(n.span, f"`{n.spelling}` is mapped to `{n.id}`: annotations cannot name it")
            case A.Name(id=name, symbol=symbol) if "'" in name and (symbol is None or symbol.kind is not SymbolKind.LOCAL):
                raise CannotInfer(n.span, f"`{n.spelling or name}` is renamed in the kernel's mapping (it is named "
                                          "like a reserved name): annotations cannot name it")
            case A.Name(id=name, symbol=symbol) if "$" in name and symbol is not None \
                    and symbol.kind is SymbolKind.KERNEL_PARAM:
                # A leaf of a vector or struct parameter: written as C names it (`p.s0`,
                # `p.x`), which the front end reads back (cfamily/annotation_components.py).
                return attrs.evolve(n, spelling=annotation_components.written(name))
            case A.Name():
                return attrs.evolve(n, spelling=None)
            case A.Fits(expr=inner):
                return plain(inner)
            case A.Call(name=name) if name.startswith("\\"):
                raise CannotInfer(n.span, f"`{format_expr(n)}` is a C operation the annotations have no "
                                          "counterpart of (the mapping leaves it uninterpreted)")
        return map_children(n, plain)

    tree = plain(e)
    if "$" in format_expr(tree):
        raise CannotInfer(e.span, f"`{format_expr(e)}` is mapped to an expression annotations cannot write")
    return tree
