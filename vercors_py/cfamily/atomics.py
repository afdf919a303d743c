"""CUDA's and OpenCL's atomic functions (`atomicAdd(&count, 1)`, `atomic_inc(p)`,
`atom_cmpxchg(p, 0, 1)`): each is one `AtomicUpdate` of the cell its pointer names
(docs/cfamily.md, "Atomics"; the names: clang_builtins.ATOMICS).

* The cell is what `*p` would be (clang_pointers.py): an element of an array, a
  `__device__` or `__shared__` scalar (`&count`), a thread's own variable whose address
  is taken; a pointer that may point into several arrays is an `if` over them, one
  atomic per array, and one that may be NULL or not set is checked (`bounds.null`).
  The cell's type must be the atomic's (clang's type of the call): a pointer converted
  to cells of another type is refused where the conversion is mapped.
* The new value is C's arithmetic on clang's types, with the wrap-around the atomics
  define: `+` and `-` wrap modulo 2^N for signed types too (CUDA's atomics are the
  hardware's two's complement operations, OpenCL's and C11's are defined to wrap), and
  CUDA's atomicInc and atomicDec are `old >= v ? 0 : old + 1` and
  `(old == 0 || old > v) ? v : old - 1` (never outside the type); OpenCL's atomic_inc
  and atomic_dec are `old + 1` and `old - 1`, wrapped.  `&`, `|` and `^` are the
  mapping's bitwise operators (`& (2^k - 1)` exact, others uninterpreted), held in the
  type's range: any function into the range, which covers C's.  Floating-point atomics
  (`atomicAdd` on a float, `atomic_xchg` of a float) are floating-point arithmetic as the
  mapping has it everywhere: uninterpreted operations, exact where none is needed
  (an exchange stores the operand).
* The operands are evaluated first, each into a temporary (C evaluates a call's
  arguments before the call), so that no operand reads memory inside the atomic step;
  the call's value is the cell's old value, a new local the atomic assigns.  A call
  inside an expression is hoisted into the statements before it as other effects are
  (clang_effects.py: under `&&`, `||` and `?:` it runs only when C runs it); where no
  statement can go (a contract, an invariant) it is refused.
"""
from __future__ import annotations

from clang.cindex import Cursor

from ..syntax import ast as A
from . import clang_builtins as B
from . import clang_types as T
from .clang_pointers import UNSET
from .clang_scope import Unsupported
from .clang_types import CType, Kind
from .values import Val

# Operands after the pointer, by operation.
_OPERANDS = {"add": 1, "sub": 1, "exch": 1, "min": 1, "max": 1, "inc_below": 1, "dec_below": 1, "cas": 2,
             "and": 1, "or": 1, "xor": 1, "inc": 0, "dec": 0}


def is_atomic_call(scope, name: str | None) -> bool:
    return B.atomic_operation(scope.dialect, name) is not None


def value(exprs, name: str, c: Cursor) -> Val:
    """An atomic call whose value is used: the cell's old value."""
    span = exprs.s.span(c)
    if not exprs.hoisting():
        raise Unsupported("unsupported.atomic", span,
                          f"`{name}` is an atomic update, an effect: here no statement can go before the "
                          "expression (a contract, an invariant, a helper's argument); call it in a statement "
                          "of its own")
    ctype = _ctype(exprs, name, c)
    result = _local(exprs, f"{name}$old", ctype, None, span)
    _update(exprs, name, c, ctype, result)
    return Val(A.Name(result, span=span, spelling=exprs.s.text(c)), ctype)


def discarded(exprs, name: str, c: Cursor) -> None:
    """An atomic call as a statement: its update, the old value unused."""
    _update(exprs, name, c, _ctype(exprs, name, c), None)


def _ctype(exprs, name: str, c: Cursor) -> CType:
    ctype = T.scalar(c.type)
    if ctype is None or ctype.kind is Kind.BOOL:
        raise Unsupported("unsupported.atomic", exprs.s.span(c), f"`{name}` on a `{T.spelling(c.type)}` is not supported")
    return ctype


def _local(exprs, base: str, ctype: CType, init: A.Expr | None, span) -> str:
    """A new local declared before the statement (Exprs.hoist)."""
    name = f"{base}{next(exprs.calls)}"
    exprs.s.names[-1].add(name)
    exprs.s.local_types[name] = ctype
    exprs.hoist(A.VarDecl(T.lang_type(ctype), name, init, T.elem_range(ctype), name_span=span, span=span), base, span)
    return name


def _update(exprs, name: str, c: Cursor, ctype: CType, result: str | None) -> None:
    span = exprs.s.span(c)
    op = B.atomic_operation(exprs.s.dialect, name)
    args = list(c.get_arguments())
    if len(args) != 1 + _OPERANDS[op]:
        raise Unsupported("unsupported.atomic", span, f"`{name}` with {len(args)} arguments is not supported")
    pointer_c, operands_c = args[0], args[1:]
    p = exprs.pointers.of(pointer_c)
    operands = []
    for arg in operands_c:
        val = exprs.convert(exprs.value(arg), ctype, arg)
        if not isinstance(val.expr, (A.IntLit, A.BoolLit)):
            val = Val(A.Name(_local(exprs, f"{name}$arg", ctype, val.expr, exprs.s.span(arg)),
                             span=exprs.s.span(arg)), ctype, val.bounds)
        operands.append(val)
    for array in p.arrays:
        if not array.ctype.same(ctype):
            raise Unsupported("unsupported.atomic", span,
                              f"`{name}` updates a `{ctype.name}`, but its pointer points into `{array.name}`, "
                              f"an array of `{array.ctype.name}`")
    pointer_span = exprs.s.span(pointer_c)

    def atomic(array) -> A.AtomicUpdate:
        cell = A.Index(A.Name(array.name, span=pointer_span), p.offset, span=pointer_span)
        old = Val(cell, ctype)
        new = exprs.convert(_new(exprs, op, old, operands, ctype, c), ctype, c)
        return A.AtomicUpdate(name, cell, tuple(v.expr for v in operands), new.expr,
                              A.Name(result, span=span) if result is not None else None, span=span)

    if p.tag is None:
        exprs.hoist(atomic(p.arrays[0]), name, span)
        return
    # Several arrays (or NULL, or not set): the atomic on the one the tag names, as
    # clang_pointers.write stores; the tag is checked where it is first tested.
    first = exprs.pointers.checked(p, 1, "updated atomically", pointer_c)
    choices = [(exprs.pointers.tag(array), array) for array in p.arrays]
    stmt = atomic(choices.pop()[1]) if not (p.null or p.unset) else None
    if not choices:
        # Only NULL or not set: nothing is updated, the check of the tag fails.
        stmt = A.If(A.Binary("==", first, A.IntLit(UNSET, span=span), span=span), A.Block((), span=span), stmt,
                    span=span)
    for at in range(len(choices) - 1, -1, -1):
        tag, array = choices[at]
        which = first if at == 0 else p.tag
        stmt = A.If(A.Binary("==", which, A.IntLit(tag, span=span), span=span), atomic(array), stmt, span=span)
    exprs.hoist(stmt, name, span)


def _new(exprs, op: str, old: Val, operands: list[Val], ctype: CType, c: Cursor) -> Val:
    """The value the cell receives, C's arithmetic on clang's type `ctype`."""
    span = exprs.s.span(c)
    one = Val(A.IntLit(1, span=span), ctype, (1, 1))
    match op, operands:
        case "exch", (v,):
            return v
        case "cas", (expected, v):
            same = A.Binary("==", old.expr, expected.expr, span=span)
            return Val(A.Conditional(same, v.expr, old.expr, span=span), ctype)
        case ("min" | "max"), (v,):
            if ctype.kind is Kind.FLOAT:
                raise Unsupported("unsupported.atomic", span, f"`{exprs.s.text(c)}`: a floating-point minimum or "
                                  "maximum is not supported")
            test = A.Binary("<" if op == "min" else ">", old.expr, v.expr, span=span)
            return Val(A.Conditional(test, old.expr, v.expr, span=span), ctype)
        case ("add" | "sub"), (v,):
            return _wrapped(exprs, "+" if op == "add" else "-", old, v, ctype, c)
        case ("inc" | "dec"), ():
            return _wrapped(exprs, "+" if op == "inc" else "-", old, one, ctype, c)
        case "inc_below", (v,):
            # CUDA: ((old >= val) ? 0 : (old + 1)); old + 1 <= val, in the type.
            test = A.Binary(">=", old.expr, v.expr, span=span)
            return Val(A.Conditional(test, A.IntLit(0, span=span),
                                     A.Binary("+", old.expr, one.expr, span=span), span=span), ctype)
        case "dec_below", (v,):
            # CUDA: (((old == 0) || (old > val)) ? val : (old - 1)); old - 1 >= 0 there.
            test = A.Binary("||", A.Binary("==", old.expr, A.IntLit(0, span=span), span=span),
                            A.Binary(">", old.expr, v.expr, span=span), span=span)
            return Val(A.Conditional(test, v.expr, A.Binary("-", old.expr, one.expr, span=span), span=span), ctype)
        case ("and" | "or" | "xor"), (v,):
            if ctype.kind is Kind.FLOAT:
                raise Unsupported("unsupported.atomic", span, f"`{exprs.s.text(c)}` on a floating-point value")
            symbol = {"and": "&", "or": "|", "xor": "^"}[op]
            new = exprs._bitwise(symbol, old, v, ctype, c)
            if isinstance(new.expr, A.Call):
                # Uninterpreted: any function into the type's range covers C's.
                modulus = A.IntLit(ctype.hi - ctype.lo + 1, span=span)
                held = A.Binary("%", new.expr, modulus, span=span)
                if ctype.lo:
                    held = A.Binary("+", held, A.IntLit(ctype.lo, span=span), span=span)
                return Val(held, ctype)
            return new
    raise Unsupported("unsupported.atomic", span, f"`{exprs.s.text(c)}` is not supported")


def _wrapped(exprs, symbol: str, old: Val, v: Val, ctype: CType, c: Cursor) -> Val:
    """`old symbol v` wrapped into the type, as the atomics define it for every integer
    type; of floating-point values the mapping's uninterpreted operation."""
    span = exprs.s.span(c)
    if ctype.kind is Kind.FLOAT:
        return exprs.combine(symbol, old, v, c, c, ctype)
    (a, b), (x, y) = old.range, v.range
    bounds = (a + x, b + y) if symbol == "+" else (a - y, b - x)
    exact = A.Binary(symbol, old.expr, v.expr, span=span)
    return exprs.fits(exact, bounds, ctype, c) if not ctype.signed else exprs.reduced(exact, bounds, ctype, c)
