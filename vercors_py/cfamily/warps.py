"""CUDA's warp-level functions (docs/cfamily.md, "Warps"; docs/warps.md).

* `__syncwarp(mask)` is a barrier among the threads of one warp (`A.Barrier` with
  `among` WARP), fencing shared and global memory as CUDA's memory ordering among the
  participating threads says;
* `__shfl_sync`, `__shfl_up_sync`, `__shfl_down_sync`, `__shfl_xor_sync` (width
  argument where given), `__ballot_sync`, `__any_sync`, `__all_sync` are a step of
  the whole warp that touches no memory (`A.WarpExchange`): its value is a new
  temporary, declared with the call's type and set by the exchange, before the
  statement the call stands in (as a call's unknown value is: bodiless.py).

Only the full mask (clang's value 0xffffffff) is mapped: another mask makes a subset of
the warp take part, which no analysis models (`unsupported.warp`).  A width must be a
constant (clang's value); its default argument is the warp's size.  The other warp
functions (`__activemask`, `__match_*`, `__reduce_*`, the mask-less `__shfl` and
`__ballot` of CUDA 8, warp tiles of cooperative groups) stay `unsupported.warp`.
"""
from __future__ import annotations

from clang.cindex import Cursor

from ..syntax import ast as A
from . import clang_types as T
from .clang_scope import Unsupported
from .dialect import Dialect
from .values import Val

FULL_MASK = 0xFFFFFFFF
SYNC = "__syncwarp"
EXCHANGES = {"__shfl_sync": A.WarpOp.SHFL, "__shfl_up_sync": A.WarpOp.SHFL_UP,
             "__shfl_down_sync": A.WarpOp.SHFL_DOWN, "__shfl_xor_sync": A.WarpOp.SHFL_XOR,
             "__ballot_sync": A.WarpOp.BALLOT, "__any_sync": A.WarpOp.ANY, "__all_sync": A.WarpOp.ALL}


def barrier(exprs, name: str | None, call: Cursor) -> A.Barrier | None:
    """`__syncwarp(mask)` as a warp's barrier, or None if `call` is something else."""
    if name != SYNC or exprs.s.dialect is not Dialect.CUDA:
        return None
    args = list(call.get_arguments())
    span = exprs.s.span(call)
    _full_mask(exprs, name, args[0] if args else None, span)
    return A.Barrier((A.Fence.LOCAL, A.Fence.GLOBAL), None, span=span, fenced_only=True, among=A.Among.WARP)


def value(exprs, name: str, args: list[Cursor], c: Cursor) -> Val | None:
    """The value of a shuffle or vote, the exchange hoisted before it; None if `name`
    is no such function."""
    op = EXCHANGES.get(name)
    if op is None or exprs.s.dialect is not Dialect.CUDA:
        return None
    span = exprs.s.span(c)
    if exprs.hoisted is None:
        raise Unsupported("unsupported.warp", span,
                          f"`{name}` in an annotation or contract: an exchange between a warp's threads is a "
                          "step of the warp, not a fact")
    _full_mask(exprs, name, args[0] if args else None, span)
    result = exprs.scalar(c)
    if op.is_vote:
        given, lane, width = exprs.cond(args[1]), None, None
    else:
        given, lane = exprs.value(args[1]).expr, exprs.value(args[2]).expr
        width = _width(exprs, name, args[3], span) if len(args) > 3 else None
    temp = f"{name}{_CALL}{next(exprs.calls)}"
    exprs.hoist(A.VarDecl(T.lang_type(result), temp, None, T.elem_range(result), name_span=span, span=span),
                name, span)
    exprs.hoist(A.WarpExchange(op, given, lane, A.Name(temp, span=span), width, name, span=span,
                               range=T.elem_range(result)), name, span)
    return Val(A.Name(temp, span=span, spelling=exprs.s.text(c)), result)


_CALL = "$warp"


def _full_mask(exprs, name: str, mask: Cursor | None, span) -> None:
    given = exprs.constant(mask) if mask is not None else FULL_MASK
    if given is None or given & FULL_MASK != FULL_MASK:
        raise Unsupported("unsupported.warp", span,
                          f"`{name}` with a mask other than 0xffffffff: only the whole warp taking part is supported")


def _width(exprs, name: str, arg: Cursor, span) -> int | None:
    """The width of a shuffle: None for the default argument (the warp's size)."""
    if arg.extent.start.file is None:
        return None
    width = exprs.constant(arg)
    if width is None:
        raise Unsupported("unsupported.warp", span, f"the width of `{name}` must be a constant")
    return width
