"""VerCors's `invariant NAME(R) { S }` anywhere but around the method's par block (a
sequential method, inside a par block's body), and `atomic(NAME) { S2 }` inside it, as
the language's invariant and atomic blocks (A.InvariantBlock, A.AtomicBlock;
docs/vercors-pvl-frontend.md).  ParBlockEncoder encodes them as our statements mean
them: exhale R, run S, inhale R; inhale R, run S2, exhale R.

VerCors reads the locals R names in their values at the block's start (`Extract`);
the language wants R to read no variable its block assigns, so each local R reads that
S assigns is copied, before the block, into a variable of its own that R reads instead.

The language's invariant block belongs to the thread that runs it; a par block inside
one would share it between threads, which these statements do not express: refused (the
whole-body case around the method's par block is invariants.py's)."""
from __future__ import annotations

from lark import Token, Tree

from ..syntax import ast as A
from . import invariants
from .expressions import expr


def invariant_block(statements, t: Tree) -> list[A.Stmt]:
    s = statements.s
    name, resource, body = t.children
    nested = next((n for n in body.iter_subtrees_topdown() if n.data in ("par", "parallel", "sequential")), None)
    if nested is not None:
        raise s.refuse("unsupported.statement", nested, "a par block inside an `invariant` block that is not the "
                       "whole body of the method: its threads would share the invariant")
    copies = []
    saved = dict(s.names)
    try:
        for vercors in sorted(_read(resource) & _assigned(body)):
            ours = s.names.get(vercors)
            if isinstance(ours, str) and ours in s.local_types:
                copy = s.fresh(f"{ours}_at_{name}")
                # Declared where the invariant reads the local (messages about the copy
                # point there), with the value it has where the block starts.
                at = s.span(next(n for n in resource.iter_subtrees_topdown()
                                 if n.data == "name" and str(n.children[0]) == vercors))
                copies.append(A.VarDecl(s.local_types[ours], copy, A.Name(ours, span=at, spelling=vercors),
                                        name_span=at, span=s.span(t)))
                s.bind(vercors, copy)
        held = expr(s, resource)
    finally:
        s.names = saved
    s.invariant_blocks.append(str(name))
    try:
        inner = statements.block(body)
    finally:
        s.invariant_blocks.pop()
    return copies + [A.InvariantBlock(str(name), held, inner, name_span=s.span(name), span=s.span(t))]


def atomic_block(statements, t: Tree) -> A.Stmt:
    s = statements.s
    *names, body = t.children
    if len(names) != 1:
        raise s.refuse("unsupported.statement", t, "an `atomic` block of several invariants is not mapped")
    if str(names[0]) not in s.invariant_blocks:
        return invariants.atomic(s, t)
    return A.AtomicBlock(str(names[0]), statements.block(body), name_span=s.span(names[0]), span=s.span(t))


def _read(t) -> set[str]:
    """The names an expression mentions (fields and variables alike)."""
    if not isinstance(t, Tree):
        return set()
    return {str(n.children[0]) for n in t.iter_subtrees() if n.data == "name"}


def _assigned(t: Tree) -> set[str]:
    """The names a block assigns (`x = e`, `x++`, `x--`)."""
    found = set()
    for n in t.iter_subtrees():
        match n:
            case Tree(data="assign", children=[Tree(data="name", children=[name]), *_]):
                found.add(str(name))
            case Tree(data="incr" | "decr", children=[Token() as name, *_]):
                found.add(str(name))
    return found
