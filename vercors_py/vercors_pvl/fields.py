"""The `int` and `boolean` fields of a VerCors class: each is one cell of global memory,
a global array of length 1 (docs/vercors-pvl-frontend.md, "Fields").

In VerCors a field `x` is the heap location `this.x`, shared by every thread of every
par block of the method (they all have the same `this`), read only with a permission on
it and written only with a whole one, and of an unknown value at the method's start
unless the contract says otherwise. A global cell `x[0]` is all of this: `Perm(x, p)`
is `Perm(x[0], p)`, a read or write of `x` (or `this.x`) one of `x[0]`. A field's name
is shadowed by a parameter, a local, a par or quantified variable of the same name, as
in VerCors. Fields of other types (arrays, whose reference is itself a heap location
read with a permission; classes; sequences) are refused."""
from __future__ import annotations

from lark import Token, Tree

from ..syntax import ast as A
from .scope import Scope


def declare(s: Scope, fields: list[Tree]) -> list[A.ArrayDecl]:
    """The cells of the class's fields, bound in `s` (before any parameter: a parameter
    of the same name is then given another name, and shadows the field)."""
    decls = []
    for f in fields:
        head, typ, *names = f.children
        if head.children:
            raise s.refuse("unsupported.declaration", head, "a contract on a field is not mapped")
        base, dims = typ.children[0], typ.children[1:]
        if dims or not (isinstance(base, Token) and base.type in ("INT", "BOOLEAN")):
            raise s.refuse("unsupported.declaration", typ, "a field that is not an `int` or a `boolean` is not "
                           "mapped (an array field's reference is itself a heap location of the object)")
        elem = A.Type.INT if base.type == "INT" else A.Type.BOOL
        for name in names:
            ours = s.fresh(str(name))
            s.fields[str(name)] = ours
            if elem is A.Type.INT:
                s.int_fields.add(str(name))
            span = s.span(name)
            decls.append(A.ArrayDecl(A.Scope.GLOBAL, elem, A.IntLit(1, span=span), ours,
                                     name_span=span, span=s.span(f)))
    return decls

