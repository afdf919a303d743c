"""Permission clauses from a plan (reach.py), written into the kernel's text.

Each need is a permission on its cells: write where the thread writes, read where it
only reads, under the conditions of its accesses, quantified over the loops it is in.
Several read permissions of one thread on one array may be of one cell for some sizes
(`tmp[lid]` and `tmp[(lid + 1) % gsize]` when gsize is 1): they share it, `1\\k` each,
with one k per array, so that a clause set that holds another's holds its shares too.
"""
from __future__ import annotations

import collections
import re

import attrs

from ..semantics.symbols import SymbolKind
from ..syntax import ast as A
from ..syntax.printer import format_expr
from .reach import Plan, stable
from .shape import CannotInfer, Need, map_children, names, substitute


def _paren(text: str) -> str:
    atomic = text.isidentifier() or text.isdigit() or re.fullmatch(r"\\length\(\w+\)", text)
    return text if atomic else f"({text})"


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


class _Writer:
    def __init__(self, kernel: A.Kernel, plan: Plan, spell=format_expr):
        self.names = _Names(kernel)
        self.spell = spell
        sets = [plan.requires, plan.ensures] + [s for _, r, e, _ in plan.barriers for s in (r, e)] + \
            [n for _, n, _ in plan.loops] + [s for _, r, e in plan.procedures for s in (r, e)]
        self.shares = collections.Counter()
        for needs in sets:
            for array, count in self._reads(needs).items():
                self.shares[array] = max(self.shares[array], count)

    def _reads(self, needs) -> collections.Counter:
        """Per array, the cells read where the thread may not also write them."""
        cells: dict = {}
        for need in map(_relevant, needs):
            cells.setdefault(self._cell(need), ([], []))[need.write].append(self._guard(need))
        return collections.Counter(array for (array, _, _), (reads, writes) in cells.items()
                                   if reads and not ("" in writes or set(reads) <= set(writes)))

    def _bound(self, need: Need) -> dict:
        return {b.symbol: A.Name(self.names.of(b.symbol, b.name), span=need.span) for b in need.binders}

    def _cell(self, need: Need) -> tuple:
        bound = self._bound(need)
        return (need.array.name, self.spell(substitute(need.index, bound)),
                tuple((bound[b.symbol].id, self.spell(substitute(b.lo, bound)), self.spell(substitute(b.hi, bound)),
                       self.spell(substitute(b.step, bound)) if b.step else None) for b in need.binders))

    def _guard(self, need: Need) -> str:
        bound = self._bound(need)
        parts = list(dict.fromkeys(self.spell(substitute(g, bound)) for g in need.guards))
        return parts[0] if len(parts) == 1 else " && ".join(_paren(p) for p in parts)

    def clauses(self, needs) -> list[str]:
        """One permission per cell expression, the conditions of its accesses joined.  A
        read of a cell the thread also writes is covered by the write: the read's
        permission is claimed only where its cell is none of those (holding both would
        be more than the one cell has)."""
        merged: dict[tuple, dict] = {}
        for need in map(_relevant, needs):
            entry = merged.setdefault(self._cell(need), {"writes": [], "reads": [], "index": need.index})
            entry["writes" if need.write else "reads"].append(self._guard(need))
        writes = {key: {"guards": e["writes"], "index": e["index"]} for key, e in merged.items() if e["writes"]}
        out = []
        for key, entry in merged.items():
            array, index, binders = key
            if key in writes:
                out.append(self._clause(key, "write", _disjunction(entry["writes"])))
            if not entry["reads"]:
                continue
            condition = _disjunction(entry["reads"])
            exclusions = [self._apart(entry, writes[key], condition)] if key in writes else []
            if not binders:
                exclusions += [self._apart(entry, other, condition) for (a, _, b), other in writes.items()
                               if a == array and not b and (a, _, b) != key]
            if None in exclusions:
                continue                   # a write's permission covers the read everywhere
            share = self.shares[array]
            out.append(self._clause(key, "read" if share <= 1 else f"1\\{share}", _conjoin(condition, *exclusions)))
        return out

    def _clause(self, key: tuple, amount: str, condition: str) -> str:
        array, index, binders = key
        perm = f"Perm({array}[{index}], {amount})"
        if binders:
            ranges = [f"{lo} <= {name} && {name} < {hi}" + (f" && ({name} - {_paren(lo)}) % {_paren(step)} == 0"
                                                             if step else "")
                      for name, lo, hi, step in binders]
            conds = ranges + ([_paren(condition)] if condition else [])
            return f"(\\forall* int {', '.join(b[0] for b in binders)}; {' && '.join(conds)}; {perm})"
        return f"{_paren(condition)} ==> {perm}" if condition else perm

    def _apart(self, read: dict, write: dict, condition: str) -> str | None:
        """Where the read's cell is not the write's: "" when never, None when always
        (as far as their difference shows)."""
        r, w = self.spell(read["index"]), self.spell(write["index"])
        guard = _disjunction(write["guards"])
        if r == w:                         # one cell: the read is needed where the write is not held
            return None if guard in ("", condition) else f"!{_paren(guard)}"
        difference = _linear(A.Binary("-", read["index"], write["index"], span=read["index"].span), self.spell)
        if difference is not None and set(difference) == {""}:
            if difference[""] != 0:
                return ""
            return None if guard in ("", condition) else f"!{_paren(guard)}"
        if difference is not None and len(difference) == 2:
            # `lid + 2 * s` and `lid` are one cell exactly when `s == 0`.
            atom = next(t for t in difference if t)
            k, c = difference[atom], difference[""]
            if c % k:
                return ""
            same = (_paren(atom), str(-c // k))
        else:
            same = (r, w)
        if guard in ("", condition):
            return f"{same[0]} != {same[1]}"
        return f"!{_paren(_conjoin(guard, f'{same[0]} == {same[1]}'))}"

    def bounds(self, needs, lengths: dict) -> list[str]:
        """That each need's index is inside its array, where it is accessed: a procedure's
        parameters come with no range."""
        facts: dict[str, list] = {}            # fact -> (condition, binders) it is needed under
        for need in map(_relevant, needs):
            _, _, binders = self._cell(need)
            index, span = substitute(need.index, self._bound(need)), need.span
            length = lengths[need.array.name]
            if isinstance(index, A.IntLit) and isinstance(length, A.IntLit) and 0 <= index.value < length.value:
                continue
            fact = self.spell(A.Binary("&&", A.Binary("<=", A.IntLit(0, span=span), index, span=span),
                                       A.Binary("<", index, lengths[need.array.name], span=span), span=span))
            facts.setdefault(fact, []).append((self._guard(need) if need.guards else "", binders))
        out = []
        for fact, where in facts.items():
            if ("", ()) in where:              # needed always: the conditional ones say no more
                out.append(fact)
                continue
            for condition, binders in dict.fromkeys(where):
                if binders:
                    ranges = [f"{lo} <= {name} && {name} < {hi}" for name, lo, hi, _ in binders]
                    conds = " && ".join(ranges + ([_paren(condition)] if condition else []))
                    out.append(f"(\\forall int {', '.join(b[0] for b in binders)}; {conds}; {fact})")
                else:
                    out.append(f"{_paren(condition)} ==> {_paren(fact)}")
        return list(dict.fromkeys(out))


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


def _linear(e: A.Expr, spell) -> dict | None:
    """`e` as a sum of integer multiples of its other subterms (by their text; "" for the
    constant), with the terms that cancel removed; None where a product has no constant
    factor."""
    out: collections.Counter = collections.Counter()

    def add(x: A.Expr, k: int) -> bool:
        match x:
            case A.IntLit(value=v):
                out[""] += k * v
            case A.Unary(op="-", operand=inner):
                return add(inner, -k)
            case A.Binary(op="+" | "-", left=left, right=right):
                return add(left, k) and add(right, k if x.op == "+" else -k)
            case A.Binary(op="*", left=A.IntLit(value=v), right=other) | \
                    A.Binary(op="*", left=other, right=A.IntLit(value=v)):
                return add(other, k * v)
            case _:
                out[spell(x)] += k
        return True

    if not add(e, 1):
        return None
    found = {t: k for t, k in out.items() if k != 0 or t == ""}
    found.setdefault("", 0)
    return found


def _disjunction(guards: list) -> str:
    unique = list(dict.fromkeys(guards))
    return "" if "" in unique else unique[0] if len(unique) == 1 else " || ".join(_paren(g) for g in unique)


def _conjoin(*parts: str) -> str:
    present = [p for p in parts if p]
    return present[0] if len(present) == 1 else " && ".join(_paren(p) for p in present)


def _indent(text: str, at: int) -> str:
    start = text.rfind("\n", 0, at) + 1
    return text[start:at] if text[start:at].strip() == "" else " " * (at - start)


@attrs.frozen
class _Place:
    """Clauses for one spot: a procedure's contract, a barrier's, a loop's invariants."""
    node: object                   # the Procedure, Barrier or loop they belong to
    lines: tuple                   # `requires ...;`, `loop_invariant ...;`, ...


def _places(kernel: A.Kernel, plan: Plan, w: _Writer, lengths: dict, bounded) -> list[_Place]:
    """The clauses of each spot.  `bounded(procedure)` says which procedures' contracts
    state that their indices are inside the arrays: those whose parameters come with no
    range, and C kernels, whose pointers come with no length."""
    out = []
    for procedure, requires, ensures in [(kernel.main, plan.requires, plan.ensures), *plan.procedures]:
        ranges = w.bounds([n for n in bounded(procedure, requires, plan)], lengths)
        out.append(_Place(procedure, tuple([f"requires {c};" for c in ranges + w.clauses(requires)]
                                           + [f"ensures  {c};" for c in w.clauses(ensures)])))
    for barrier, requires, ensures, facts in plan.barriers:
        out.append(_Place(barrier, tuple([f"context  {w.spell(f)};" for f in facts]
                                         + [f"requires {c};" for c in w.clauses(requires)]
                                         + [f"ensures  {c};" for c in w.clauses(ensures)])))
    for loop, needs, facts in plan.loops:
        out.append(_Place(loop, tuple([f"loop_invariant {w.spell(f)};" for f in facts]
                                      + [f"loop_invariant {c};" for c in w.clauses(needs)])))
    return out


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

    w = _Writer(kernel, plan, spell=_annotation_text)
    lengths = {a.name: a.length for a in kernel.arrays}

    def bounded(procedure, requires, plan):
        everywhere = [*requires, *(n for _, _, e, _ in plan.barriers for n in e), *(n for _, ns, _ in plan.loops for n in ns)]
        return [n for n in everywhere if stable(n)]

    edits, seen = [], set()
    for place in _places(kernel, plan, w, lengths, bounded):
        if not place.lines:
            continue
        if not kernel.span.start <= place.node.span.start <= kernel.span.end and place.node is not kernel.main:
            raise CannotInfer(place.node.span, "a loop or barrier of a helper function, inlined into the kernel: "
                                               "an annotation there would be read in the helper's names")
        at = text.rfind("\n", 0, place.node.span.start) + 1
        if at in seen:
            raise CannotInfer(place.node.span, "two of the kernel's loops or barriers stand on one line: one "
                                               "annotation cannot serve both")
        seen.add(at)
        line = text[at:place.node.span.start]
        pad = line[:len(line) - len(line.lstrip(" \t"))]
        edits.append((at, at, f"{pad}/*@\n" + "".join(f"{pad}  {line}\n" for line in place.lines) + f"{pad}@*/\n"))
    return _edit(text, edits)


def _annotation_text(e: A.Expr) -> str:
    """A translated C expression as annotations write it: ids by their reserved names,
    locals and parameters by their C names."""
    def plain(n: A.Expr) -> A.Expr:
        match n:
            case A.Name(symbol=symbol) if symbol is not None and symbol.kind is SymbolKind.LOCAL \
                    and n.spelling not in (None, n.id):
                raise CannotInfer(n.span, f"`{n.spelling}` is renamed in the kernel's mapping (it is named like a "
                                          "reserved name, or shadows another variable): annotations cannot name it")
            case A.Name():
                return attrs.evolve(n, spelling=None)
            case A.Fits(expr=inner):
                return plain(inner)
            case A.Call(name=name) if name.startswith("\\"):
                raise CannotInfer(n.span, f"`{format_expr(n)}` is a C operation the annotations have no "
                                          "counterpart of (the mapping leaves it uninterpreted)")
        return map_children(n, plain)

    text = format_expr(plain(e))
    if "$" in text:
        raise CannotInfer(e.span, f"`{format_expr(e)}` is mapped to an expression annotations cannot write")
    return text
