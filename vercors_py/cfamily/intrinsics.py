"""Built-ins of CUDA and OpenCL C with a meaning of their own that is neither an id nor
a barrier (docs/cfamily.md, "Fences, offsets and intrinsics"): memory fences, the
launch's global offset, the 24-bit multiplications, `sincos`, constant floats that clang
evaluates (`__builtin_nanf("")`), and textures, which are refused.

Each is one only when clang resolved the call to a declaration of a header (our
include/ or clang's OpenCL built-ins), never to a function of the kernel's file; the
meaning is the one CUDA's Math API and programming guide and OpenCL C 1.2's
specification give.
"""
from __future__ import annotations

import re

from clang.cindex import Cursor

from ..syntax import ast as A
from . import clang_types as T
from .clang_scope import Unsupported
from .dialect import Dialect
from .values import Val

# A fence orders the calling thread's own accesses (CUDA: __threadfence*, OpenCL:
# mem_fence and its read and write forms) and makes no thread wait for another: in the
# language's model, where each thread runs its statements in order and two accesses race
# unless a barrier separates them, it changes nothing, so it maps to no statement.
FENCES = {Dialect.CUDA: {"__threadfence", "__threadfence_block", "__threadfence_system"},
          Dialect.OPENCL: {"mem_fence", "read_mem_fence", "write_mem_fence"}, Dialect.C: set()}

GLOBAL_OFFSET = "get_global_offset"

# sin and cos at once, the cosine (CUDA: both) stored through pointers.  Their results
# are uninterpreted functions of their own, not `\sin` and `\cos`: neither CUDA nor
# OpenCL says they equal what sin and cos compute (only that their errors are as small).
SINCOS = {Dialect.CUDA: {"sincosf", "sincos", "__sincosf"}, Dialect.OPENCL: {"sincos"}, Dialect.C: set()}

_TEXTURE = re.compile(r"^tex(1D|2D|3D|Cubemap)")


def is_fence(dialect: Dialect, name: str | None) -> bool:
    return name in FENCES[dialect]


def fence(exprs, args: list[Cursor]) -> list:
    """A fence: no statement.  OpenCL's flags must be a constant, as a barrier's."""
    for arg in args:
        if exprs.constant(arg) is None:
            raise Unsupported("unsupported.statement", exprs.s.span(arg),
                              "a fence's flags must be a constant (CLK_LOCAL_MEM_FENCE, ...)")
    return []


def global_offset(exprs, dim: int, c: Cursor):
    """`get_global_offset(d)`: the launch's offset along d (GPUVerify's
    `--global_offset=`), 0 where the launch gives none."""
    offset = offset_of(exprs.s.launch, dim)
    return Val(A.IntLit(offset, span=exprs.s.span(c)), exprs.scalar(c), (offset, offset))


def offset_of(launch, dim: int) -> int:
    sizes = launch.offset or ()
    return sizes[dim] if dim < len(sizes) else 0


def with_offset(exprs, val, dim: int, c: Cursor):
    """`get_global_id(d)`: `tid` plus the launch's offset along d, a size_t."""
    offset = offset_of(exprs.s.launch, dim)
    if not offset:
        return val
    span = exprs.s.span(c)
    lo, hi = val.range
    return exprs.fits(A.Binary("+", val.expr, A.IntLit(offset, span=span), span=span), (lo + offset, hi + offset),
                      val.ctype, c)


def mul24(exprs, name: str, args: list[Cursor], c: Cursor):
    """CUDA's `__mul24(x, y)` and `__umul24(x, y)`: the low 32 bits of the product of the
    low 24 bits of x and y, as signed (`__mul24`) or unsigned values (CUDA Math API,
    "Integer Intrinsics"; PTX's `mul24.lo`).  OpenCL's `mul24(x, y)` takes operands that
    must already lie in 24 bits, and its result is implementation-defined otherwise
    (OpenCL C 1.2, 6.12.3): both operands and the product are checked to fit
    (`arith.overflow`), never given a value of our choosing.  OpenCL's `mad24(x, y, z)`
    adds z to what `mul24(x, y)` gives, as C's `+` of the result type adds (wrapping
    unsigned, checked signed)."""
    if name == "mad24":
        product = mul24(exprs, "mul24", args[:2], c)
        return exprs.combine("+", product, exprs.value(args[2]), args[2], c, exprs.scalar(c))
    result = exprs.scalar(c)
    span = exprs.s.span(c)
    lo24, hi24 = (-2**23, 2**23 - 1) if result.signed else (0, 2**24 - 1)
    operands = []
    for arg in args:
        val = exprs.convert(exprs.value(arg), result, arg)
        lo, hi = val.range
        if lo24 <= lo and hi <= hi24:
            operands.append((val.expr, (lo, hi)))
        elif name == "mul24":
            operands.append((A.Fits(val.expr, "the 24 bits mul24 multiplies", lo24, hi24, exprs.s.text(arg),
                                    span=exprs.s.span(arg)), (max(lo, lo24), min(hi, hi24))))
        else:
            # The low 24 bits: congruent modulo 2^24 and in 24 bits (Euclidean `%`).
            low = A.Binary("%", A.Binary("+", val.expr, A.IntLit(-lo24, span=span), span=span),
                           A.IntLit(2**24, span=span), span=span)
            operands.append((A.Binary("+", low, A.IntLit(lo24, span=span), span=span) if lo24 else
                             A.Binary("%", val.expr, A.IntLit(2**24, span=span), span=span), (lo24, hi24)))
    (a, (a_lo, a_hi)), (b, (b_lo, b_hi)) = operands
    products = (a_lo * b_lo, a_lo * b_hi, a_hi * b_lo, a_hi * b_hi)
    product = A.Binary("*", a, b, span=span)
    bounds = (min(products), max(products))
    if result.lo <= bounds[0] and bounds[1] <= result.hi:
        return Val(product, result, bounds)
    if name == "mul24":
        return Val(A.Fits(product, f"{result.name} (mul24's result)", result.lo, result.hi, exprs.s.text(c),
                          span=span), result)
    # The low 32 bits, read as a value of the result type.
    return exprs.fits(product, bounds, result, c) if not result.signed else exprs.reduced(product, bounds, result, c)


MUL24 = {Dialect.CUDA: {"__mul24", "__umul24"}, Dialect.OPENCL: {"mul24", "mad24"}, Dialect.C: set()}


def is_mul24(dialect: Dialect, name: str, args: list, c: Cursor) -> bool:
    result = T.scalar(c.type)
    return name in MUL24[dialect] and len(args) == (3 if name == "mad24" else 2) and result is not None \
        and result.is_int and result.bits == 32


def sincos(exprs, name: str, args: list[Cursor], c: Cursor) -> list:
    """`sincos(x, &c)` (OpenCL; its value, the sine, unused) or `sincosf(x, &s, &c)`
    (CUDA): the stores of the sine and the cosine of x."""
    span = exprs.s.span(c)
    x, targets = args[0], args[1:]
    ctype = exprs.scalar(x)
    value = exprs.value(x).expr
    stored = ("cos",) if len(targets) == 1 else ("sin", "cos")
    stmts = []
    for part, target in zip(stored, targets):
        base, offset = exprs.pointer(target)
        if not base.ctype.same(ctype):
            raise Unsupported("unsupported.pointer", exprs.s.span(target),
                              f"`{name}` stores a {ctype.name} where cells of another type are")
        fn = exprs.s.uninterpreted(f"\\{name}_{part}", A.Type.INT, 1)
        cell = A.Index(A.Name(base.name, span=exprs.s.span(target)), offset, span=exprs.s.span(target))
        stmts.append(A.ArrayAssign(cell, A.Call(fn, (value,), name_span=span, span=span), span=span))
    return stmts


def is_sincos(dialect: Dialect, name: str, args: list) -> bool:
    return name in SINCOS[dialect] and len(args) in (2, 3)


def refuse_in_expression(dialect: Dialect, name: str, span) -> None:
    """Built-ins that have no value the mapping can give where they stand."""
    if name in SINCOS[dialect]:
        raise Unsupported("unsupported.side-effect", span,
                          f"`{name}` stores through its pointer arguments; call it as a statement of its own")
    if _TEXTURE.match(name):
        raise Unsupported("unsupported.type", span, f"`{name}`: textures are not supported")
