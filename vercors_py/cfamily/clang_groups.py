"""CUDA's cooperative groups (include/cooperative_groups.h), by the declarations clang
resolves their uses to (docs/cfamily.md, "Cooperative groups").

A `thread_block` is the thread's block: every value of the type is that one group (the
header's only way to make one is `this_thread_block()`), so a variable or parameter of
the type holds nothing to map.  Its barrier, `b.sync()`, `sync(b)` or GPUVerify's
`synchronize(b)`, is `__syncthreads()`; `b.thread_rank()` is the thread's linear index
in the block (x fastest), `b.size()` and `b.num_threads()` the block's thread count,
and `b.thread_index()`, `b.group_index()`, `b.group_dim()`/`b.dim_threads()` are
threadIdx, blockIdx and blockDim.  A `grid_group` may be made and passed on; its
barrier synchronises the whole grid (grid_sync.py); `g.thread_rank()` is the block's
linear index in the grid times the block's thread count plus the thread's rank in the
block, `g.size()`/`g.num_threads()` the grid's thread count (refused where the launch's
limits let them wrap around their unsigned long long); its other members are refused.  The warp-level groups (`tiled_partition`,
`thread_block_tile`, `coalesced_threads`) are refused as warp functions are.
"""
from __future__ import annotations

import math

from clang.cindex import Cursor, CursorKind as K, Type, TypeKind

from ..syntax import ast as A
from .clang_scope import Scope, Unsupported
from .values import Val

NAMESPACE = "cooperative_groups"
BLOCK, GRID, WARP = "block", "grid", "warp"
_GROUPS = {"thread_block": BLOCK, "grid_group": GRID, "thread_block_tile": WARP, "coalesced_group": WARP,
           "thread_group": WARP}
_MAKERS = {"this_thread_block": BLOCK, "this_grid": GRID, "tiled_partition": WARP, "coalesced_threads": WARP}
_BARRIERS = {"sync", "synchronize"}
# Members giving a dim3 of the block, as the built-in variable of the same meaning.
VECTORS = {"thread_index": "lid", "group_index": "gid", "group_dim": "gsize", "dim_threads": "gsize"}


def _in_header(scope: Scope, declaration: Cursor) -> bool:
    return not scope.unit.is_main_file(declaration.location)


def _of_namespace(declaration: Cursor) -> bool:
    parent = declaration.semantic_parent
    return parent is not None and parent.kind is K.NAMESPACE and parent.spelling == NAMESPACE


def group(scope: Scope, t: Type) -> str | None:
    """The group a type is (a reference to one counts as one), or None."""
    if t.kind in (TypeKind.LVALUEREFERENCE, TypeKind.RVALUEREFERENCE):
        t = t.get_pointee()
    declaration = t.get_canonical().get_declaration()
    if declaration is None or declaration.kind is K.NO_DECL_FOUND or not _of_namespace(declaration) \
            or not _in_header(scope, declaration):
        return None
    return _GROUPS.get(declaration.spelling)


def _strip(c: Cursor) -> Cursor:
    """Under clang's implicit nodes (copies, temporaries, conversions)."""
    while c.kind in (K.UNEXPOSED_EXPR, K.PAREN_EXPR, K.CALL_EXPR) and len(list(c.get_children())) == 1 \
            and (c.kind is not K.CALL_EXPR or c.referenced is None or c.referenced.kind is K.CONSTRUCTOR):
        c = next(c.get_children())
    return c


def _receiver(call: Cursor) -> Cursor | None:
    """The object a member function is called on (`b` of `b.sync()`)."""
    first = next(call.get_children(), None)
    if first is None or first.kind is not K.MEMBER_REF_EXPR:
        return None
    return next(first.get_children(), None)


def member(scope: Scope, call: Cursor) -> tuple[str, str, Cursor] | None:
    """(group, operation, the group's expression) of a call of a group's member function
    or of the namespace's `sync(g)`/`synchronize(g)`; None for any other call."""
    if call.kind is not K.CALL_EXPR or call.referenced is None or not _in_header(scope, call.referenced):
        return None
    function = call.referenced
    if function.kind is K.CXX_METHOD:
        kind = _GROUPS.get(function.semantic_parent.spelling) if _of_namespace(function.semantic_parent) else None
        receiver = _receiver(call)
        return (kind, function.spelling, receiver) if kind and receiver is not None else None
    if _of_namespace(function) and function.spelling in _BARRIERS:
        args = list(call.get_arguments())
        kind = group(scope, args[0].type) if len(args) == 1 else None
        return (kind, "sync", args[0]) if kind else None
    return None


def maker(scope: Scope, call: Cursor) -> str | None:
    """The group a call of `this_thread_block()`, `this_grid()`, ... makes, or None."""
    if call.kind is not K.CALL_EXPR or call.referenced is None or not _in_header(scope, call.referenced) \
            or not _of_namespace(call.referenced):
        return None
    return _MAKERS.get(call.referenced.spelling)


def pure(scope: Scope, c: Cursor, span) -> None:
    """A group's expression is evaluated for nothing but the group: a variable or
    parameter of the file, or `this_thread_block()`; what else could have effects."""
    inner = _strip(c)
    if inner.kind is K.DECL_REF_EXPR or maker(scope, inner) is not None:
        return
    raise Unsupported("unsupported.function", span,
                      "a group is used here through an expression other than a variable or this_thread_block()")


def _refuse(kind: str, span, what: str) -> Unsupported:
    if kind == WARP:
        return Unsupported("unsupported.warp", span, f"{what}: warp-level groups (tiled_partition, "
                                                     "thread_block_tile, coalesced_threads) are not supported")
    return Unsupported("unsupported.function", span,
                       f"{what}: of the grid's group (this_grid()) only its barrier is supported")


def is_barrier(scope: Scope, c: Cursor) -> bool:
    found = member(scope, c)
    return found is not None and found[1] in _BARRIERS


def barrier(scope: Scope, c: Cursor) -> bool:
    """Whether `c` is a block's barrier, `__syncthreads()`; the warp groups' are
    refused (the grid's is grid_sync.py's)."""
    if not is_barrier(scope, c):
        return False
    kind, _, receiver = member(scope, c)
    span = scope.span(c)
    if kind != BLOCK:
        raise _refuse(kind, span, f"`{scope.text(c)}`")
    pure(scope, receiver, span)
    return True


def declaration(scope: Scope, c: Cursor, init: Cursor | None) -> list:
    """A variable of a group's type: nothing, the group being the thread's block;
    refused for the warp groups (the grid's is refused where it is synchronised)."""
    kind = group(scope, c.type)
    span = scope.span(c)
    if kind == WARP:
        raise _refuse(kind, span, f"`{c.spelling}`")
    if init is not None:
        pure(scope, init, span)
    return []


def value(exprs, c: Cursor):
    """The value of a call of a block's member function (`b.thread_rank()`, `b.size()`),
    or None for a call that is not one."""
    scope = exprs.s
    found = member(scope, c)
    if found is None:
        if maker(scope, c) == WARP:
            raise _refuse(WARP, scope.span(c), f"`{scope.text(c)}`")
        return None
    kind, operation, receiver = found
    span = scope.span(c)
    if kind == GRID and operation in ("thread_rank", "size", "num_threads"):
        pure(scope, receiver, span)
        return _grid(exprs, operation, c)
    if kind != BLOCK:
        raise _refuse(kind, span, f"`{scope.text(c)}`")
    pure(scope, receiver, span)
    ctype = exprs.scalar(c)
    dims = range(3 if scope.dimensional else 1)
    most = math.prod(exprs.id_range("gsize", d)[1] for d in dims)
    match operation:
        case "thread_rank":
            return _linear(exprs, "lid", c, ctype, (0, most - 1))
        case "size" | "num_threads":
            return _linear(exprs, "gsize", c, ctype, (math.prod(exprs.id_range("gsize", d)[0] for d in dims), most))
    raise Unsupported("unsupported.function", span, f"`{scope.text(c)}`: this member of a thread block is not "
                                                    "supported here")


def _grid(exprs, operation: str, c: Cursor):
    """The grid's `thread_rank()` (the block's linear index in the grid, x fastest,
    times the block's thread count, plus the thread's rank in the block) or `size()` /
    `num_threads()` (the grid's thread count), as CUDA's header computes them in an
    unsigned long long: refused where a launch the limits allow would wrap it around."""
    ctype = exprs.scalar(c)
    dims = range(3 if exprs.s.dimensional else 1)
    most = math.prod(exprs.id_range("ngroups", d)[1] * exprs.id_range("gsize", d)[1] for d in dims)
    if not ctype.is_int or most > ctype.hi:
        raise Unsupported("unsupported.function", exprs.s.span(c),
                          f"`{exprs.s.text(c)}`: the grid's thread count may not fit in its type under the "
                          "launch's limits (state the launch: --gridDim, --blockDim)")
    least = math.prod(exprs.id_range("ngroups", d)[0] * exprs.id_range("gsize", d)[0] for d in dims)
    span = exprs.s.span(c)
    part = lambda flat: _linear(exprs, flat, c, ctype, (0, 0)).expr
    if operation == "thread_rank":
        whole = A.Binary("+", A.Binary("*", part("gid"), part("gsize"), span=span), part("lid"), span=span)
        return Val(whole, ctype, (0, most - 1))
    return Val(A.Binary("*", part("ngroups"), part("gsize"), span=span), ctype, (least, most))


def _linear(exprs, flat: str, c: Cursor, ctype, bounds: tuple[int, int]):
    """The block's linear thread index (`lid`) or thread count (`gsize`): x fastest, as
    CUDA numbers a block's threads; in one dimension the id or size itself."""
    span = exprs.s.span(c)
    if not exprs.s.dimensional:
        return Val(exprs.builtin(flat, 0, c), ctype, bounds)
    x, y, z = (A.Name(f"{flat}.{axis}", span=span) for axis in ("x", "y", "z"))
    if flat in ("gsize", "ngroups"):
        whole = A.Binary("*", A.Binary("*", x, y, span=span), z, span=span)
    else:
        size = "gsize" if flat == "lid" else "ngroups"
        sx, sy = (A.Name(f"{size}.{axis}", span=span) for axis in ("x", "y"))
        whole = A.Binary("+", x, A.Binary("*", sx, A.Binary("+", y, A.Binary("*", sy, z, span=span), span=span),
                                          span=span), span=span)
    return Val(whole, ctype, bounds)


def vector(scope: Scope, base: Cursor) -> str | None:
    """The id or size a dim3 member's base means (`b.thread_index()` is threadIdx), or
    None if the base is no such call."""
    found = member(scope, _strip(base))
    if found is None or found[1] not in VECTORS:
        return None
    kind, operation, receiver = found
    if kind != BLOCK:
        raise _refuse(kind, scope.span(base), f"`{scope.text(base)}`")
    pure(scope, receiver, scope.span(base))
    return VECTORS[operation]
