"""VerCors's `\\old(e)` in a barrier's contract or a loop invariant (docs/vercors-pvl-frontend.md).

VerCors's `\\old` names the method's pre-state wherever it stands in the method.  A
method mapped here is one kernel whose whole body is its par block (or its sequential
code), so that state is the kernel's start, which is each thread's start: e's value is
saved there (semantics/start_values.py) and the contract reads the saved value.  The
thread reads e's cells with its own permissions at its start, which `check` asks for
(VerCors reads them with the method's: a thread's `\\old` of a cell only the method or
another thread holds fails here, stricter).  An `\\old` of a variable of the thread or
of a quantifier has no one value at the start and is refused at its place."""
from __future__ import annotations

from ..syntax import ast as A
from ..semantics import start_values
from .scope import Unsupported

_BOOLEAN_OPS = {"==>", "||", "&&", "**", "==", "!=", "<", "<=", ">", ">="}


def saved(body: A.Block, params, arrays) -> A.Block:
    """`body` with the `\\old` of its barriers' contracts and loop invariants saved at
    its start; `params` and `arrays` are what the kernel cannot change."""
    fixed = {p.name for p in params} | {a.name for a in arrays}
    booleans = {a.name for a in arrays if a.elem_type is A.Type.BOOL} | {p.name for p in params
                                                                         if p.type is A.Type.BOOL}
    out = start_values.saved(body.stmts, fixed, loops=True, type_of=lambda e: _type_of(e, booleans),
                                   read=True)
    if out.unsaved:
        raise Unsupported("unsupported.expression", out.unsaved[0].span,
                          "`\\old` of a variable of the thread or of a quantifier in a barrier's contract or a "
                          "loop invariant: it has no one value at the method's start to save")
    return A.Block(out.stmts, span=body.span)


def _type_of(e: A.Expr, booleans: set[str]) -> A.Type:
    match e:
        case A.BoolLit() | A.Unary(op="!"):
            return A.Type.BOOL
        case A.Binary(op=op) if op in _BOOLEAN_OPS:
            return A.Type.BOOL
        case A.Index(array=A.Name(id=name)) | A.Name(id=name) if name in booleans:
            return A.Type.BOOL
        case A.Conditional(then=then):
            return _type_of(then, booleans)
    return A.Type.INT
