"""GPUVerify's access log, as ghost state of the mapped kernel: `__read(p)`,
`__write(p)`, `__read_offset_bytes(p)`, `__write_offset_bytes(p)` and the macros over
them (`__no_read`, `__read_implies`, ...) in the positions where they are checked.

What GPUVerify means (GPUVerifyVCGen: OriginalRaceInstrumenter, WatchdogRaceInstrumenter,
GPUVerifier.MakeResetReadWriteSetStatements; bugle's TranslateFunction.handleReadOffset):
each global or group-shared array has, per kind of access, a log of the thread the
assertion is checked for, holding at most one access of the current barrier interval,
chosen nondeterministically among those the thread made (`__read(p)`: one is held;
`__read_offset_bytes(p)`: its element offset times the array's element size).  A barrier
empties the logs of the arrays of the memory it fences; for a global array only if the
two threads GPUVerify pairs are in the same group, so with more than one group some
pair keeps the global logs across every barrier of the group.  An assertion must hold
for every choice.  GPUVerify's default instrumentation (watchdog) chooses one offset for
all arrays at once and also matches values, which allows fewer log states than choosing
per array and kind as here: every log state GPUVerify reaches is one reached here, so an
assertion that holds here holds there.

Here each array an annotation asks about (and only those: other kernels are mapped as
before) gets ghost variables of the thread: `a$log_read` (a bool, false at the start)
and, if an offset is asked for, `a$log_read_at` (bytes, unknown at the start), the same
for writes.  Before each statement, each access of such an array in it (a read in an
expression, the cell an assignment writes, under the conditions of `?:`, `&&`, `||`
that lead to it) may be the one logged: a new unknown boolean per access decides, and if
it holds the log takes the access (its cell index times its cells' size, clang's).  After
a barrier that fences local memory the logs of local arrays are emptied; after one that
fences global memory those of global arrays, if the launch has one group.  Logging an
access GPUVerify does not log, or keeping a log it empties, only adds states; leaving
out one it logs would not, so every access of the mapped program is counted.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field

import attrs
from clang.cindex import Cursor

from ..syntax import ast as A
from . import clang_types as T
from .clang_scope import Binding, Unsupported
from .values import Val

READ, WRITE = "read", "write"
HAS, AT = "", "_at"

# Name -> (kind of access, what it asks: HAS or AT, negated).
PREDICATES = {
    "__read": (READ, HAS, False), "__write": (WRITE, HAS, False),
    "__no_read": (READ, HAS, True), "__no_write": (WRITE, HAS, True),
    "__read_implies": (READ, HAS, False), "__write_implies": (WRITE, HAS, False),
    "__read_offset_bytes": (READ, AT, False), "__write_offset_bytes": (WRITE, AT, False),
}


@dataclass
class Logged:
    """The ghost state one kernel's annotations ask for (on `Scope.logged`)."""
    arrays: dict[str, Binding] = field(default_factory=dict)
    asked: set[tuple[str, str, str]] = field(default_factory=set)      # (array, kind, HAS/AT)
    offset_range: tuple[int, int] | None = None                        # size_t's, clang's


def ghost(array: str, kind: str, what: str) -> str:
    return f"{array}$log_{kind}{what}"


def value(exprs, name: str, args: list[Cursor], c: Cursor):
    """`__read(p)` and its kin in an expression (a `Val`), or None if `name` is not one."""
    if name not in PREDICATES:
        return None
    kind, what, negated = PREDICATES[name]
    implies = name.endswith("_implies")
    if len(args) != (2 if implies else 1):
        return None
    scope = exprs.s
    span = scope.span(c)
    pointee = exprs.pointers.of(args[0])
    logged = scope.logged
    # Messages show the log as the kernel asks about it (`__read(q)`).
    shown = f"__{kind}{'_offset_bytes' if what is AT else ''}({scope.text(args[0])})"
    for array in pointee.arrays:
        _eligible(array, name, span)
        logged.arrays[array.name] = array
        logged.asked.add((array.name, kind, what))
    if what is AT:
        # Of NULL GPUVerify's offsets are 0 (original instrumentation) or its one watched
        # offset (watchdog): the pointer is checked to name an array instead.
        tag = exprs.pointers.checked(pointee, 1, f"asked about by `{name}`", args[0])
        result = T.scalar(c.type)
        logged.offset_range = (result.lo, result.hi)
        picked = _by_tag(exprs, pointee, tag, [A.Name(ghost(a.name, kind, AT), span=span, spelling=shown)
                                               for a in pointee.arrays], span)
        return Val(picked, result)
    # NULL names no array: nothing is logged for it (bugle: false); an unset pointer is
    # checked, as every use of its value.
    tag = exprs.pointers.checked(pointee, 0, f"asked about by `{name}`", args[0])
    held = _by_tag(exprs, pointee, tag, [A.Name(ghost(a.name, kind, HAS), span=span, spelling=shown)
                                         for a in pointee.arrays]
                   + [A.BoolLit(False, span=span)] * (pointee.null or not pointee.arrays), span)
    if negated:
        held = A.Unary("!", held, span=span)
    if implies:
        held = A.Binary("==>", held, exprs.cond(args[1]), span=span)
    return Val(held, T.BOOL)


def _eligible(array: Binding, name: str, span) -> None:
    """GPUVerify logs the accesses of global and group-shared arrays, each access of a
    cell of the array's element type one access; here only arrays of scalars whose
    cells are C's elements are read that way."""
    if array.private:
        raise Unsupported("unsupported.function", span,
                          f"`{name}` of a thread's private memory is not supported (GPUVerify does not log it)")
    if array.aggregate is not None or array.ctype.kind is T.Kind.BOOL:
        raise Unsupported("unsupported.function", span,
                          f"`{name}` of an array of structs, vectors or bools is not supported: GPUVerify's offsets "
                          "there are of its own model of the array's bytes")


def _by_tag(exprs, pointee, tag: A.Expr, choices: list[A.Expr], span) -> A.Expr:
    """The choice of the array the pointer points into (the last: of none)."""
    result = choices[-1]
    for array, choice in reversed(list(zip(pointee.arrays, choices))[:len(choices) - 1]):
        test = A.Binary("==", tag, A.IntLit(exprs.pointers.tag(array), span=span), span=span)
        result = A.Conditional(test, choice, result, span=span)
    return result


# ---- the instrumentation of the mapped body ----

class _Instrument:
    def __init__(self, logged: Logged, spaces: dict[str, A.Scope], groups: int | None):
        self.logged = logged
        self.spaces = spaces
        self.groups = groups
        self.picks = itertools.count(1)

    def kinds(self, array: str) -> list[str]:
        return [k for k in (READ, WRITE) if any((array, k, w) in self.logged.asked for w in (HAS, AT))]

    def declarations(self, span) -> list[A.Stmt]:
        decls = []
        for array in self.logged.arrays:
            for kind in self.kinds(array):
                decls.append(A.VarDecl(A.Type.BOOL, ghost(array, kind, HAS), A.BoolLit(False, span=span),
                                       name_span=span, span=span))
                if (array, kind, AT) in self.logged.asked:
                    decls.append(A.VarDecl(A.Type.INT, ghost(array, kind, AT), None, self.logged.offset_range,
                                           name_span=span, span=span))
        return decls

    # -- accesses --
    def accesses(self, e, guard: A.Expr | None, kind: str = READ) -> list[tuple[str, A.Expr | None, A.Index]]:
        """The accesses of logged arrays that evaluating `e` makes, each with the
        condition under which it is made (None: always)."""
        if isinstance(e, A.Sum):
            return []               # the language's own, as below
        match e:
            case A.Index(array=A.Name(id=name)) if name in self.logged.arrays:
                return self.accesses(e.index, guard) + [(kind, guard, e)]
            case A.Conditional():
                return (self.accesses(e.cond, guard) + self.accesses(e.then, _and(guard, e.cond))
                        + self.accesses(e.otherwise, _and(guard, _not(e.cond))))
            case A.Binary(op="&&" | "==>"):
                return self.accesses(e.left, guard) + self.accesses(e.right, _and(guard, e.left))
            case A.Binary(op="||"):
                return self.accesses(e.left, guard) + self.accesses(e.right, _and(guard, _not(e.left)))
            case A.Quantifier() | A.Perm() | A.Old():
                return []           # the language's own annotations: no access of C's
        return [found for child in A.children(e) for found in self.accesses(child, guard)]

    def log(self, found: list) -> list[A.Stmt]:
        stmts = []
        for kind, guard, cell in found:
            array = cell.array.id
            if kind not in self.kinds(array):
                continue
            span = cell.span
            pick = f"log$pick{next(self.picks)}"
            stmts.append(A.VarDecl(A.Type.BOOL, pick, None, name_span=span, span=span))
            taken = _and(guard, A.Name(pick, span=span))
            has = ghost(array, kind, HAS)
            stmts.append(A.Assign(A.Name(has, span=span),
                                  A.Binary("||", A.Name(has, span=span), taken, span=span), span=span))
            if (array, kind, AT) in self.logged.asked:
                at = ghost(array, kind, AT)
                size = self.logged.arrays[array].ctype.bits // 8
                offset = A.Binary("*", _unchecked(cell.index), A.IntLit(size, span=span), span=span)
                stmts.append(A.Assign(A.Name(at, span=span), A.Conditional(taken, offset, A.Name(at, span=span),
                                                                          span=span), span=span))
        return stmts

    def reset(self, barrier: A.Barrier) -> list[A.Stmt]:
        if barrier.among is not A.Among.GROUP:
            return []       # GPUVerify has no warp barrier: keeping the logs only adds states
        stmts = []
        span = barrier.span
        for array in self.logged.arrays:
            space = self.spaces.get(array)
            emptied = (space is A.Scope.LOCAL and A.Fence.LOCAL in barrier.fences) or \
                (space is A.Scope.GLOBAL and A.Fence.GLOBAL in barrier.fences and self.groups == 1)
            if emptied:
                stmts.extend(A.Assign(A.Name(ghost(array, kind, HAS), span=span), A.BoolLit(False, span=span),
                                      span=span) for kind in self.kinds(array))
        return stmts

    # -- statements --
    def found_in(self, s) -> list:
        """The accesses of a statement without statements inside it."""
        match s:
            case A.VarDecl():
                return self.accesses(s.init, None) if s.init is not None else []
            case A.Assign():
                return self.accesses(s.value, None)
            case A.ArrayAssign():
                return self.accesses(s.target, None, WRITE) + self.accesses(s.value, None)
            case A.Assert() | A.Assume():
                return self.accesses(s.expr, None)
            case A.WarpExchange():
                return [a for e in (s.value, s.lane) if e is not None for a in self.accesses(e, None)]
        return []

    def block(self, stmts) -> tuple:
        return tuple(out for s in stmts for out in self.stmt(s))

    def stmt(self, s) -> list:
        match s:
            case A.Block():
                return [A.Block(self.block(s.stmts), span=s.span)]
            case A.VarDecl() | A.Assign() | A.ArrayAssign() | A.WarpExchange() | A.Assert() | A.Assume():
                return self.log(self.found_in(s)) + [s]
            case A.If():
                otherwise = self.wrap(s.otherwise) if s.otherwise is not None else None
                return self.log(self.accesses(s.cond, None)) + [
                    A.If(s.cond, self.wrap(s.then), otherwise, span=s.span)]
            case A.While():
                head = self.log(self.head(s.contract, s.cond))
                body = A.Block(tuple(head) + (self.wrap(s.body),), span=s.body.span)
                return [A.While(s.contract, s.cond, body, span=s.span)] + self.log(self.head(s.contract, s.cond))
            case A.For():
                if s.update is not None and any(k in self.kinds(c.array.id) for k, _, c in self.found_in(s.update)):
                    raise Unsupported("unsupported.function", s.update.span,
                                      "a loop's update accesses an array GPUVerify's access log is asked about")
                before = self.log(self.found_in(s.init)) if s.init is not None else []
                cond = s.cond if s.cond is not None else A.BoolLit(True, span=s.span)
                body = A.Block(tuple(self.log(self.head(s.contract, cond))) + (self.wrap(s.body),), span=s.body.span)
                return before + [A.For(s.contract, s.init, s.cond, s.update, body, span=s.span)] + \
                    self.log(self.head(s.contract, cond))
            case A.Barrier():
                return [s] + self.reset(s)
            case A.AtomicUpdate():
                if s.target.array.id in self.logged.arrays:
                    # GPUVerify keeps atomics out of the read and write logs, in logs of
                    # their own that no annotation here reads.
                    raise Unsupported("unsupported.atomic", s.span,
                                      "an atomic update of an array GPUVerify's access log is asked about")
                operands = [found for e in (s.target.index, *s.args) for found in self.accesses(e, None)]
                return self.log(operands) + [s]
            case A.Break() | A.Continue() | A.Return():
                return [s]
        # A statement whose accesses are not its expressions' (a procedure's call): an
        # access it makes would be missing from the log, so it is not read.
        raise Unsupported("unsupported.function", s.span,
                          "this statement's accesses cannot be followed by GPUVerify's access log, which the kernel "
                          "asks about")

    def head(self, contract, cond) -> list:
        """A loop's head, evaluated before each run of the body and at the exit: its
        condition and its invariants (GPUVerify's `__invariant` reads are loads too)."""
        found = self.accesses(cond, None)
        for clause in contract:
            if not clause.implied:
                found += self.accesses(clause.expr, None)
        return found

    def wrap(self, s) -> A.Stmt:
        out = self.stmt(s)
        return out[0] if len(out) == 1 else A.Block(tuple(out), span=s.span)


def _and(guard: A.Expr | None, e: A.Expr) -> A.Expr:
    return e if guard is None else A.Binary("&&", guard, e, span=e.span)


def _not(e: A.Expr) -> A.Expr:
    return A.Unary("!", e, span=e.span)


def _unchecked(e):
    """An index without its range checks (`Fits`): the same value where the access is
    made, and its checks are the access's own, made by the statement itself."""
    if isinstance(e, A.Fits):
        return _unchecked(e.expr)
    if not attrs.has(type(e)):
        return e
    changes = {}
    for f in attrs.fields(type(e)):
        v = getattr(e, f.name)
        if f.eq and attrs.has(type(v)):
            changes[f.name] = _unchecked(v)
        elif f.eq and isinstance(v, tuple):
            changes[f.name] = tuple(_unchecked(x) for x in v)
    return attrs.evolve(e, **changes)


def instrument(scope, stmts: tuple, arrays: list[A.ArrayDecl], span) -> tuple:
    """The kernel's body with the ghost state of the logs its annotations ask about."""
    logged = scope.logged
    if not logged.arrays:
        return stmts
    spaces = {a.name: a.scope for a in arrays if isinstance(a, A.ArrayDecl)}
    groups = None
    if scope.launch.groups is not None:
        groups = 1
        for g in scope.launch.groups:
            groups *= g
    work = _Instrument(logged, spaces, groups)
    try:
        return tuple(work.declarations(span)) + work.block(stmts)
    except Unsupported as problem:
        scope.report(problem)
        return stmts
