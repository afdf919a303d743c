"""VerCors's PVL statements and contract clauses to the kernel language's
(docs/vercors-pvl-frontend.md, "Statements", "Barriers")."""
from __future__ import annotations

from lark import Tree

from ..syntax import ast as A
from . import invariant_blocks, invariants, matrices
from .expressions import expr
from .grammar import conjuncts
from .scope import Scope

_KINDS = {"requires": A.ClauseKind.REQUIRES, "ensures": A.ClauseKind.ENSURES, "context": A.ClauseKind.CONTEXT,
          "loop_invariant": A.ClauseKind.LOOP_INVARIANT}


def has_old(t) -> bool:
    return isinstance(t, Tree) and any(isinstance(n, Tree) and n.data == "old" for n in t.iter_subtrees())


def clause(s: Scope, c: Tree, allowed: tuple[str, ...], pre_old: str | None, post_old: str | None) -> list[A.Clause]:
    """One clause of a contract, as the kernel language's clauses: `context` with an
    `\\old` in it becomes a `requires` and an `ensures`, whose `\\old` differ (`pre_old`
    and `post_old`: Scope.old)."""
    match c.data:
        case "ghost_param":
            raise s.refuse("unsupported.declaration", c, f"the ghost parameter `{c.children[2]}` (`given`/`yields`) "
                           f"is not mapped")
        case "decreases":
            raise s.refuse("unsupported.declaration", c, "`decreases` on a method is not mapped")
    word, body = str(c.children[0]), c.children[1]
    if word not in allowed:
        raise s.refuse("unsupported.declaration", c.children[0], f"`{word}` is not mapped here")
    kind = _KINDS[word]
    span = s.span(c)
    if kind is A.ClauseKind.CONTEXT and has_old(body):
        return clause_as(s, body, A.ClauseKind.REQUIRES, pre_old, span) + clause_as(s, body, A.ClauseKind.ENSURES,
                                                                                   post_old, span)
    return clause_as(s, body, kind, post_old if kind is A.ClauseKind.ENSURES else pre_old, span)


def clause_as(s: Scope, body, kind: A.ClauseKind, old: str | None, span) -> list[A.Clause]:
    saved, s.old = s.old, old
    try:
        return [A.Clause(kind, expr(s, part), span=span) for part in facts(s, body)]
    finally:
        s.old = saved


def facts(s: Scope, t) -> list:
    """The conjuncts of a clause (`&&` and `**` at its top, which separate the same way
    in a clause), without the `a != null` facts about array parameters: the kernel
    language's arrays always exist, so these hold and say nothing more."""
    return [part for part in conjuncts(t) if not _array_exists(s, part)]


def _array_exists(s: Scope, t) -> bool:
    """Whether `t` is `a != null` of an array (or a matrix's array)."""
    return isinstance(t, Tree) and t.data == "binary" and str(t.children[1]) == "!=" \
        and isinstance(t.children[2], Tree) and t.children[2].data == "null" \
        and isinstance(t.children[0], Tree) and t.children[0].data == "name" \
        and (str(t.children[0].children[0]) in s.arrays or matrices.of(s, t.children[0]) is not None)


def contract(s: Scope, t: Tree, allowed: tuple[str, ...], pre_old, post_old) -> tuple[A.Clause, ...]:
    return tuple(x for c in t.children for x in clause(s, c, allowed, pre_old, post_old))


class Statements:
    """The statements of one body; `barriers` whether a barrier may stand here (the
    thread body of a par block) and the par block's name it must synchronise."""

    def __init__(self, s: Scope, barriers: bool, host=None):
        self.s = s
        self.barriers = barriers
        self.host = host        # host.Host: the method's launches, where par statements stand beside code

    def block(self, t) -> A.Block:
        stmts = self.stmt(t)
        if len(stmts) == 1 and isinstance(stmts[0], A.Block):
            return stmts[0]
        return A.Block(tuple(stmts), span=self.s.span(t))

    def one(self, t) -> A.Stmt:
        stmts = self.stmt(t)
        return stmts[0] if len(stmts) == 1 else A.Block(tuple(stmts), span=self.s.span(t))

    def stmt(self, t) -> list[A.Stmt]:
        s = self.s
        span = s.span(t)
        ch = t.children
        match t.data:
            case "block":
                saved = dict(s.names)
                try:
                    return [A.Block(tuple(x for c in ch for x in self.stmt(c)), span=span)]
                finally:
                    s.names = saved
            case "local":
                return self.local(t)
            case "assign":
                return [self.assign(ch[0], expr(s, ch[1]), span)]
            case "incr" | "decr":
                target = s.name(ch[0])
                step = A.Binary("+" if t.data == "incr" else "-", target, A.IntLit(1, span=span), span=span)
                return [self.assign(Tree("name", [ch[0]], t.meta), step, span)]
            case "eval":
                if self.host is not None and isinstance(ch[0], Tree) and ch[0].data == "call":
                    return self.host.method_call(ch[0])
                if isinstance(ch[0], Tree) and ch[0].data in ("call", "method_call"):
                    raise s.refuse("unsupported.function", ch[0], "a method call is not mapped")
                raise s.refuse("unsupported.statement", t, "an expression statement is not mapped")
            case "if_stmt":
                return [A.If(expr(s, ch[0]), self.one(ch[1]), self.one(ch[2]) if ch[2] is not None else None,
                             span=span)]
            case "while_stmt":
                return [A.While(self.loop_contract(ch[0]), expr(s, ch[1]), self.one(ch[2]), span=span)]
            case "for_stmt":
                return [self.for_(t)]
            case "assert_stmt":
                return [A.Assert(expr(s, ch[0]), span=span)]
            case "assume_stmt":
                return [A.Assume(expr(s, ch[0]), span=span)]
            case "return_stmt":
                if ch[0] is not None:
                    raise s.refuse("unsupported.statement", t, "`return` with a value: the kernel language's "
                                   "procedures return none")
                return [A.Return(span=span)]
            case "barrier":
                return [self.barrier(t)]
            case "par" | "parallel" | "sequential" if self.host is not None:
                return self.host.region(t)
            case "par" | "parallel" | "sequential":
                raise s.refuse("unsupported.statement", t, "a par block inside a method's code (nested in a par "
                               "block, or beside other statements): only a method whose whole body is one "
                               "par block is mapped")
            case "invariant_block":
                return invariant_blocks.invariant_block(self, t)
            case "atomic_block" if s.invariant_blocks:
                return [invariant_blocks.atomic_block(self, t)]
            case "atomic_block":
                return [invariants.atomic(s, t)]
            case "spec_stmt":
                raise s.refuse("unsupported.statement", t, f"`{ch[0]}` is not mapped")
        raise s.refuse("unsupported.statement", t, "this statement is not mapped")

    def local(self, t: Tree) -> list[A.Stmt]:
        s = self.s
        if self.host is not None and self.host.declare(t):
            return []
        typ, rest = t.children[0], t.children[1:]
        dims = [c for c in typ.children if isinstance(c, Tree)]
        if dims or typ.children[0].type == "SEQ":
            raise s.refuse("unsupported.type", typ, "a local array or sequence is not mapped: arrays are the "
                           "method's parameters")
        kind = A.Type.INT if typ.children[0].type == "INT" else A.Type.BOOL
        out = []
        for name, init in zip(rest[::2], rest[1::2]):
            value = expr(s, init) if init is not None else None
            ours = s.local(str(name))
            s.bind(str(name), ours)
            s.local_types[ours] = kind
            out.append(A.VarDecl(kind, ours, value, name_span=s.span(name), span=s.span(t)))
        return out

    def assign(self, target, value: A.Expr, span):
        s = self.s
        if _is_field(s, target):
            return A.ArrayAssign(expr(s, target), value, span=span)
        if isinstance(target, Tree) and target.data == "name":
            name = str(target.children[0])
            if name in s.params or name in s.arrays or not isinstance(s.names.get(name), str):
                raise s.refuse("unsupported.statement", target, f"an assignment to `{name}`: only local variables "
                               f"and array cells are assigned here")
            return A.Assign(s.name(target.children[0]), value, span=span)
        if isinstance(target, Tree) and target.data == "index":
            return A.ArrayAssign(expr(s, target), value, span=span)
        raise s.refuse("unsupported.statement", target, "an assignment to this is not mapped")

    def start(self) -> str:
        """How `\\old` (the method's start) maps in a barrier's contract or a loop
        invariant: captured at the method's start where its code launches kernels
        (host.py), else saved at the start of the thread, which is the method's (olds.py)."""
        return "capture" if self.s.capture is not None else "save"

    def loop_contract(self, t: Tree) -> tuple[A.Clause, ...]:
        # VerCors's \old in a loop invariant is the method's start.
        return contract(self.s, t, ("loop_invariant",), self.start(), self.start())

    def for_(self, t: Tree) -> A.For:
        s = self.s
        loop, init, cond, update, body = t.children
        saved = dict(s.names)
        try:
            inits = [x for c in (init.children if init is not None else ()) for x in self.stmt(c)]
            updates = [x for c in (update.children if update is not None else ()) for x in self.stmt(c)]
            if len(inits) > 1 or len(updates) > 1:
                raise s.refuse("unsupported.statement", t, "a `for` with several initialisations or updates")
            return A.For(self.loop_contract(loop), inits[0] if inits else None,
                         expr(s, cond) if cond is not None else None, updates[0] if updates else None,
                         self.one(body), span=s.span(t))
        finally:
            s.names = saved

    def barrier(self, t: Tree) -> A.Barrier:
        s = self.s
        name, tags, body = t.children
        if not self.barriers:
            raise s.refuse("unsupported.statement", t, "a barrier outside the body of a par block")
        if str(name) != s.par:
            raise s.refuse("unsupported.statement", name, f"a barrier of `{name}` inside par block "
                           f"`{s.par or '(unnamed)'}`")
        if tags is not None:
            raise s.refuse("unsupported.statement", tags, "a barrier that suspends invariants is not mapped yet")
        if s.invariant is not None or s.invariant_blocks:
            raise s.refuse("unsupported.statement", t, "a barrier inside an `invariant` block is not mapped")
        if body.data == "barrier_hint":
            raise s.refuse("unsupported.statement", body, "a barrier with a proof block is not mapped")
        s.in_barrier = True
        try:
            clauses = tuple(x for c in body.children
                            for x in clause(s, c, ("requires", "ensures", "context"), self.start(), self.start()))
        finally:
            s.in_barrier = False
        # VerCors's barrier synchronises every thread of its par block, which is the
        # kernel's one group, orders all memory, and takes from a thread only what its
        # precondition names (ParBlockEncoder: exhale requires, inhale ensures).
        return A.Barrier((A.Fence.LOCAL, A.Fence.GLOBAL), clauses, span=s.span(t), keeps_frame=True)


def _is_field(s: Scope, target) -> bool:
    """`x` naming a field (no variable of that name in scope), or `this.x`."""
    match target:
        case Tree(data="name", children=[name]):
            return str(name) not in s.names and str(name) in s.fields
        case Tree(data="field_access", children=[Tree(data="this"), name]):
            return str(name) in s.fields
    return False
