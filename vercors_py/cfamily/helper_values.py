"""The value of a helper with statements used inside a larger expression
(`return a[tid] + sim(a[tid + 2], a);`): the helper inlined as statements in the
prelude of the full expression (clang_effects.py), its value held in a temporary that
the expression reads.

C evaluates the call somewhere among the other operands, in an order it leaves open.
Running it first is exact only where the order cannot matter, so the call is mapped so
only where:
- C evaluates it whenever it evaluates the full expression: not in the right operand of
  `&&` or `||`, nor in a branch of `?:`;
- the full expression has no other effects (assignments, `++`; the store of an
  assignment that is the statement comes after its operands, the call among them);
- the inlined helper writes no memory and reaches no barrier: it only reads memory and
  computes, so the other operands read what they would read after it.
Elsewhere it is refused (`unsupported.function`), as before.
"""
from __future__ import annotations

from clang.cindex import Cursor, CursorKind as K

from ..syntax import ast as A
from . import clang_types as T
from .clang_scope import Unsupported, What
from .cursors import children, has_effects, operator, strip
from .values import Val

_REFUSED = ("cannot be inlined into an expression: only helpers whose body is one `return e;` are, and others "
            "where C evaluates the call with the expression, the expression has no other effects and the helper "
            "writes no memory (call it as a statement or to initialise a variable)")


def value(exprs, function: Cursor, c: Cursor) -> Val:
    """The helper `function` called by `c`, inlined before the expression, or refused."""
    span = exprs.s.span(c)
    effects = exprs.effects
    root = effects.root if effects is not None else None
    ctype = T.scalar(c.type)
    if not exprs.hoisting() or root is None or ctype is None or _other_effects(exprs.s, root) \
            or not _always(root, c):
        raise Unsupported("unsupported.function", span, f"`{function.spelling}` {_REFUSED}")
    held = exprs.s.declare(c, What.LOCAL, ctype, c_name=f"{function.spelling}$call")
    name = A.Name(held.name, span=span)
    block = effects.st.inline(c, None, lambda v: A.Assign(name, exprs.convert(v, ctype, c).expr, span=span))
    if any(isinstance(n, (A.ArrayAssign, A.Barrier)) for n in A.statements(block)):
        raise Unsupported("unsupported.function", span, f"`{function.spelling}` {_REFUSED}")
    effects.pending.extend([A.VarDecl(T.lang_type(ctype), held.name, None, T.elem_range(ctype), name_span=span,
                                      span=span), block])
    return Val(name, ctype)


def whole_value(effects, call: Cursor) -> bool:
    """Whether `call` is the whole value of the full expression being mapped (`x = f(p)`,
    `int x = f(p);`, `f(p);`): then no other operand is evaluated in an order C leaves open
    with it (the store of an assignment comes after its operands)."""
    root = strip(effects.root) if effects is not None and effects.root is not None else None
    if root is None:
        return False
    if root.kind is K.BINARY_OPERATOR and operator(root) == "=":
        root = strip(children(root)[1])
    return root == strip(call)


def _other_effects(scope, root: Cursor) -> bool:
    """Whether the full expression has effects besides the store of an assignment that
    it is (`b[t] = 2 * f(a, t);`), which C makes after its operands' values."""
    root = strip(root)
    if root.kind is K.COMPOUND_ASSIGNMENT_OPERATOR or root.kind is K.BINARY_OPERATOR and operator(root) == "=":
        return any(has_effects(scope, part) for part in children(root))
    return has_effects(scope, root)


def _always(root: Cursor, call: Cursor) -> bool:
    """Whether C evaluates `call` whenever it evaluates `root`."""
    path = _path(root, call)
    if path is None:
        return False
    for parent, child in zip(path, path[1:]):
        parts = children(parent)
        if parent.kind is K.BINARY_OPERATOR and operator(parent) in ("&&", "||") and child != parts[0]:
            return False
        if parent.kind is K.CONDITIONAL_OPERATOR and child != parts[0]:
            return False
    return True


def _path(node: Cursor, target: Cursor) -> list[Cursor] | None:
    if node == target:
        return [node]
    for child in children(node):
        found = _path(child, target)
        if found is not None:
            return [node] + found
    return None
