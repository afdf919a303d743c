"""The abstract syntax of the kernel language: frozen attrs classes.

Every node carries the span it was parsed from.  Spans (and the resolver's symbol links)
are excluded from equality, so two parses of the same program compare equal however it
is laid out; the printer's round-trip test relies on that.
"""
from __future__ import annotations

import enum
from typing import Iterator, Union

import attrs

from ..source import Span


def _span():
    return attrs.field(eq=False, repr=False, kw_only=True)


def _link():
    # Filled in by the resolver; not part of a node's value.
    return attrs.field(default=None, eq=False, repr=False, kw_only=True)


class Type(enum.Enum):
    INT = "int"
    BOOL = "bool"
    # Types that only the checker assigns; no declaration can name them.
    RESOURCE = "resource"
    FRACTION = "permission amount"

    def __str__(self) -> str:
        return self.value


# ---- expressions ----------------------------------------------------------------

@attrs.frozen
class IntLit:
    value: int
    span: Span = _span()


@attrs.frozen
class BoolLit:
    value: bool
    span: Span = _span()


@attrs.frozen
class Name:
    id: str
    span: Span = _span()
    symbol: "object" = _link()
    # How the C front end's source wrote it (`threadIdx.x` for lid), for messages.
    spelling: str | None = attrs.field(default=None, eq=False, repr=False, kw_only=True)


@attrs.frozen
class Unary:
    op: str                      # "!" or "-"
    operand: "Expr"
    span: Span = _span()


@attrs.frozen
class Binary:
    op: str                      # ==> || && ** == != < <= > >= + - * / % \
    left: "Expr"
    right: "Expr"
    span: Span = _span()


@attrs.frozen
class Conditional:
    cond: "Expr"
    then: "Expr"
    otherwise: "Expr"
    span: Span = _span()


@attrs.frozen
class Index:
    array: "Expr"
    index: "Expr"
    span: Span = _span()


@attrs.frozen
class Call:
    name: str
    args: tuple["Expr", ...]
    name_span: Span = _span()
    span: Span = _span()
    symbol: "object" = _link()


@attrs.frozen
class Old:
    expr: "Expr"
    span: Span = _span()


@attrs.frozen
class Perm:
    location: "Expr"
    amount: "Expr"
    span: Span = _span()


@attrs.frozen
class Write:
    span: Span = _span()


@attrs.frozen
class Read:
    span: Span = _span()


@attrs.frozen
class AtomicShare:
    """The amount `atomic` of `Perm(a[i], atomic)`: a share that allows atomic updates of
    the cell and nothing else.  Like `read` it is duplicable (any number of threads may
    hold it), but it excludes every plain share of the cell, held by anyone: a plain read
    beside an atomic update is a race (docs/language.md, "Atomics")."""
    span: Span = _span()


class QuantKind(enum.Enum):
    FORALL = "\\forall"
    EXISTS = "\\exists"
    FORALL_STAR = "\\forall*"


@attrs.frozen
class Quantifier:
    kind: QuantKind
    var_type: Type
    var: str
    cond: "Expr | None"          # None for the two-part form (\forall int i; body)
    body: "Expr"
    var_span: Span = _span()
    span: Span = _span()
    symbol: "object" = _link()


@attrs.frozen
class Sum:
    """`(\\sum int j; lo <= j && j < hi && cond; body)`: the integer sum of `body` over
    the j with lo <= j < hi where `cond` holds (None: everywhere); 0 on an empty range
    (docs/language.md, "Sums").  A range not of that form parses with `lo` and `hi`
    None and the whole range in `cond`; the type checker reports it (type.sum-range)."""
    var_type: Type
    var: str
    lo: "Expr | None"
    hi: "Expr | None"
    cond: "Expr | None"
    body: "Expr"
    var_span: Span = _span()
    span: Span = _span()
    symbol: "object" = _link()


@attrs.frozen
class Fits:
    """The value of `expr`, which must lie in `lo..hi` (arith.overflow otherwise).

    No .pvl syntax builds it: the C front end wraps each arithmetic result and each
    conversion of a fixed-width type (`unsigned int`, `int`, `size_t`, ...) in one, so
    that no verdict rests on treating C's integers as mathematical ones
    (docs/cfamily.md, "Arithmetic")."""
    expr: "Expr"
    ctype: str                   # the C type the value must fit, for the message
    lo: int
    hi: int
    text: str                    # the C expression as written, for the message
    # arith.overflow: `ctype` is the C type; bounds.index: `ctype` names the dimension
    # of a multi-dimensional array that the value indexes; bounds.null: `expr` is a
    # pointer's tag and `ctype` what is done with it (clang_pointers.py).
    code: str = "arith.overflow"
    span: Span = _span()

    def null_message(self, value: int | None = None) -> str:
        """Of a bounds.null check, whose `ctype` says what the pointer `text` may be and
        where ("NULL where it is read or written"); `value` the tag it has (a run)."""
        if value is None:
            return f"`{self.text}` may be {self.ctype}: undefined in C"
        where = self.ctype.partition(" where ")[2]
        return f"`{self.text}` is {'NULL' if value == 0 else 'unset'} where {where}: undefined in C"


Expr = Union[IntLit, BoolLit, Name, Unary, Binary, Conditional, Index, Call, Old, Perm,
             Write, Read, AtomicShare, Quantifier, Sum, Fits]


# ---- contracts ---------------------------------------------------------------------

class ClauseKind(enum.Enum):
    REQUIRES = "requires"
    ENSURES = "ensures"
    CONTEXT = "context"
    LOOP_INVARIANT = "loop_invariant"
    INVARIANT = "invariant"

    @property
    def is_pre(self) -> bool:
        return self in (ClauseKind.REQUIRES, ClauseKind.CONTEXT)

    @property
    def is_post(self) -> bool:
        return self in (ClauseKind.ENSURES, ClauseKind.CONTEXT)


@attrs.frozen
class Clause:
    kind: ClauseKind
    expr: Expr
    span: Span = _span()
    # Added by the C mapping, not written by the user: the C types' ranges, private slices.
    implied: bool = attrs.field(default=False, kw_only=True)


@attrs.frozen
class Decreases:
    """`decreases e1, ..., ek;`: the termination measure of a pure function, int
    expressions compared lexicographically.  Its place is `Function.decreases`.

    Syntactically it is a clause of any clause list, so the parser also puts one into
    the `contract` of a procedure, level block, loop or barrier, and a second one of a
    function into the function's `contract`; the type checker rejects all of those
    (type.clause-placement, type.duplicate).  In a program that passed the checks every
    `contract` holds `Clause`s only."""
    exprs: tuple[Expr, ...]
    span: Span = _span()


# ---- statements ---------------------------------------------------------------------

@attrs.frozen
class VarDecl:
    type: Type
    name: str
    init: Expr | None
    # The values a C variable of a fixed-width type can hold, also before it is
    # assigned (the C front end); None for the language's own variables.
    range: tuple[int, int] | None = None
    name_span: Span = _span()
    span: Span = _span()
    symbol: "object" = _link()


@attrs.frozen
class Assign:
    target: Name
    value: Expr
    span: Span = _span()


@attrs.frozen
class ArrayAssign:
    target: Index
    value: Expr
    span: Span = _span()


@attrs.frozen
class AtomicUpdate:
    """One atomic read-modify-write of the cell `target`, as one step of its thread:
    `result` (when there is one) receives the cell's value, and the cell receives
    `update`, in which `target` stands for that same value (the update reads no other
    memory).  `op` is the operation as the source names it (`atomic_add`, `atomicCAS`),
    for messages; `args` its operands as written.  A front end spells out `update`:
    the language's own operations are over unbounded integers (docs/language.md), a C
    front end's are C's, with the wrap-around of the cell's type.

    `then` is ghost code of the same step (`atomic_add(c[0], 1) then { mine[tid] = 1; }`):
    writes of ghost cells, the per-thread contributions a value invariant sums
    (docs/language.md, "Value invariants")."""
    op: str
    target: Index
    args: tuple[Expr, ...]
    update: Expr
    result: "Name | None"
    span: Span = _span()
    then: "Block | None" = attrs.field(default=None, kw_only=True)


class WarpOp(enum.Enum):
    """The data a warp exchanges in one step (CUDA's shuffles and votes)."""
    SHFL = "shfl"               # the value of lane `lane` (mod width) of the segment
    SHFL_UP = "shfl_up"         # of lane - `lane`; the lane's own below the segment's start
    SHFL_DOWN = "shfl_down"     # of lane + `lane`; the lane's own past the segment's end
    SHFL_XOR = "shfl_xor"       # of lane ^ `lane`
    BALLOT = "ballot"           # bit k set when lane k's `value` holds
    ANY = "any"                 # 1 when some lane's `value` holds, else 0
    ALL = "all"                 # 1 when every lane's `value` holds, else 0

    @property
    def is_vote(self) -> bool:
        return self in (WarpOp.BALLOT, WarpOp.ANY, WarpOp.ALL)


@attrs.frozen
class WarpExchange:
    """One step that every thread of a warp takes together, touching no memory: each
    gives `value` and `result` receives what `op` makes of the warp's values (another
    lane's, or a vote over all of them).  `lane` is the shuffle's source lane, delta or
    xor mask (None for a vote); `width` the segment's size (None: the warp's); `name`
    the operation as the source names it (`__shfl_down_sync`), for messages."""
    op: WarpOp
    value: Expr
    lane: "Expr | None"
    result: Name
    width: int | None = None
    name: str = ""
    span: Span = _span()
    # The values `result` can hold (a C type's, as VarDecl.range): what any lane gives.
    range: "tuple[int, int] | None" = None


@attrs.frozen
class If:
    cond: Expr
    then: "Stmt"
    otherwise: "Stmt | None"
    span: Span = _span()


@attrs.frozen
class While:
    contract: tuple[Clause, ...]
    cond: Expr
    body: "Stmt"
    span: Span = _span()


@attrs.frozen
class For:
    contract: tuple[Clause, ...]
    init: "VarDecl | Assign | ArrayAssign | None"
    cond: Expr | None
    update: "Assign | ArrayAssign | None"
    body: "Stmt"
    span: Span = _span()


class Fence(enum.Enum):
    LOCAL = "local"
    GLOBAL = "global"


class Among(enum.Enum):
    """The threads a barrier waits for and orders: its work group's, its warp's (CUDA's
    `__syncwarp`, `barrier(warp)`: docs/warps.md), or every thread of the kernel
    (cooperative groups' `this_grid().sync()`, `barrier(grid)`: docs/language.md), which
    is also a barrier of each group."""
    GROUP = "group"
    WARP = "warp"
    GRID = "grid"
    # VerCors's `send`/`recv` pair in a C parallel loop (cfamily/parallel_loops.py): for
    # `check` and `run` a barrier of the group that moves what the pair moves; but the pair
    # orders only iteration i's accesses before it with iteration i + d's after it, which
    # `races` does not model: there it orders nothing (more pairs reported, never fewer).
    SEND = "send"


GRID_FENCES = (Fence.LOCAL, Fence.GLOBAL)     # a grid barrier makes all memory visible (docs/language.md)


@attrs.frozen
class Barrier:
    fences: tuple[Fence, ...]
    contract: tuple[Clause, ...] | None   # None: the plain form `barrier(...);`
    span: Span = _span()
    # CUDA and OpenCL: the barrier orders only the memory it fences (docs/cfamily.md);
    # in the language every barrier orders all memory (LANGUAGE.md).
    fenced_only: bool = False
    among: Among = Among.GROUP
    # VerCors's barrier (vercors_pvl/): a thread hands in only what its precondition
    # names and keeps the rest, with its values; the barrier hands out only what the
    # threads hand in.  The language's barrier takes everything a thread holds.
    keeps_frame: bool = False

    def orders(self, scope: "Scope") -> bool:
        return not self.fenced_only or any(f.value == scope.value for f in self.fences)


@attrs.frozen
class CallStmt:
    name: str
    args: tuple[Expr, ...]
    name_span: Span = _span()
    span: Span = _span()
    symbol: "object" = _link()


@attrs.frozen
class Assert:
    expr: Expr
    span: Span = _span()


@attrs.frozen
class Assume:
    expr: Expr
    span: Span = _span()


@attrs.frozen
class Break:
    span: Span = _span()


@attrs.frozen
class Continue:
    span: Span = _span()


@attrs.frozen
class Return:
    span: Span = _span()


@attrs.frozen
class Block:
    stmts: tuple["Stmt", ...]
    span: Span = _span()


@attrs.frozen
class InvariantBlock:
    """`invariant NAME(R) { body }` (VerCors's ParInvariant), the thread's own: only
    atomic blocks in `body` open it (docs/language.md, "Invariant blocks")."""
    name: str
    resource: Expr
    body: Block
    name_span: Span = _span()
    span: Span = _span()
    symbol: "object" = _link()


@attrs.frozen
class AtomicBlock:
    """`atomic(NAME) { body }` in the invariant block NAME (VerCors's ParAtomic); the
    resolver links its `symbol` and `resource`."""
    name: str
    body: Block
    name_span: Span = _span()
    span: Span = _span()
    symbol: "object" = _link()
    resource: "Expr | None" = _link()


Stmt = Union[VarDecl, Assign, ArrayAssign, AtomicUpdate, WarpExchange, If, While, For, Barrier, CallStmt,
             Assert, Assume, Break, Continue, Return, Block, InvariantBlock, AtomicBlock]


# ---- declarations ---------------------------------------------------------------------

@attrs.frozen
class Param:
    type: Type
    name: str
    name_span: Span = _span()
    span: Span = _span()
    symbol: "object" = _link()


@attrs.frozen
class Function:
    contract: tuple[Clause, ...]
    ret_type: Type
    name: str
    params: tuple[Param, ...]
    body: Expr | None             # None: an abstract function (`pure int f(int i);`)
    decreases: Decreases | None = None
    name_span: Span = _span()
    span: Span = _span()
    symbol: "object" = _link()


class Scope(enum.Enum):
    GLOBAL = "global"
    LOCAL = "local"


@attrs.frozen
class ArrayDecl:
    scope: Scope
    elem_type: Type
    length: Expr
    name: str
    # The values a cell can hold, for a C array of a fixed-width type (every write is
    # checked to fit, so reads may assume it); None for the language's own arrays.
    elem_range: tuple[int, int] | None = None
    name_span: Span = _span()
    span: Span = _span()
    symbol: "object" = _link()
    # A C thread's private array (or addressed variable), mapped onto local memory: the
    # mapping gives each thread its slice's permission (cfamily/clang_memory.py).
    private: bool = attrs.field(default=False, kw_only=True)


@attrs.frozen
class ContextEverywhere:
    expr: Expr
    span: Span = _span()
    # A front end's assumption about the launch or the host, not the user's: every verdict
    # that rests on it states this part of a phrase ("for launches of ...",
    # cfamily/clang_builtins.py).
    assumed: str | None = attrs.field(default=None, kw_only=True)


class Level(enum.Enum):
    KERNEL = "kernel"
    GROUP = "group"


@attrs.frozen
class LevelContract:
    level: Level
    contract: tuple[Clause, ...]
    span: Span = _span()


@attrs.frozen
class Procedure:
    contract: tuple[Clause, ...]
    name: str
    params: tuple[Param, ...]
    body: Block
    decreases: Decreases | None = None   # the measure of a recursive procedure
    name_span: Span = _span()
    span: Span = _span()
    symbol: "object" = _link()
    # A front end's launch of kernels from a thread's code (a VerCors par statement): the
    # kernels of this program whose launch contracts together are this procedure's
    # contract, and whose verification is its proof (semantics/launches.py checks that the
    # contracts are the same); its body is empty and is not verified.
    proved_by: tuple[str, ...] = ()

    @property
    def is_main(self) -> bool:
        return self.name == "main"


Member = Union[ArrayDecl, ContextEverywhere, LevelContract, Procedure]


@attrs.frozen
class Warp:
    """The warps of a kernel's launch: `size` threads each, by linear id within the
    group (lid / size), and whether a warp's threads run in lock-step (GPUVerify's
    `--warp-sync`, hardware before Volta) or independently (docs/warps.md)."""
    size: int = 32
    lockstep: bool = False


@attrs.frozen
class Kernel:
    name: str
    params: tuple[Param, ...]
    members: tuple[Member, ...]
    name_span: Span = _span()
    span: Span = _span()
    # Not a sub-node (no walk enters it): set by the front end from the launch.
    warp: Warp = attrs.field(factory=Warp, eq=False)

    @property
    def arrays(self) -> tuple[ArrayDecl, ...]:
        return tuple(m for m in self.members if isinstance(m, ArrayDecl))

    @property
    def contexts(self) -> tuple[ContextEverywhere, ...]:
        return tuple(m for m in self.members if isinstance(m, ContextEverywhere))

    @property
    def procedures(self) -> tuple[Procedure, ...]:
        return tuple(m for m in self.members if isinstance(m, Procedure) and not m.is_main)

    @property
    def main(self) -> Procedure | None:
        return next((m for m in self.members if isinstance(m, Procedure) and m.is_main), None)

    def level(self, which: Level) -> LevelContract | None:
        return next((m for m in self.members
                     if isinstance(m, LevelContract) and m.level is which), None)


@attrs.frozen
class Program:
    decls: tuple[Union[Function, Kernel], ...]
    span: Span = _span()

    @property
    def functions(self) -> tuple[Function, ...]:
        return tuple(d for d in self.decls if isinstance(d, Function))

    @property
    def kernels(self) -> tuple[Kernel, ...]:
        return tuple(d for d in self.decls if isinstance(d, Kernel))


Node = Union[Expr, Stmt, Clause, Decreases, Param, Function, ArrayDecl, ContextEverywhere,
             LevelContract, Procedure, Kernel, Program]


def children(node) -> Iterator[object]:
    """The direct sub-nodes of a node, in source order."""
    for field in attrs.fields(type(node)):
        if not field.eq:
            continue
        value = getattr(node, field.name)
        if isinstance(value, tuple):
            for item in value:
                if attrs.has(type(item)):
                    yield item
        elif attrs.has(type(value)):
            yield value


def map_children(node, f):
    """`node` with `f` applied to each direct sub-node (in fields and tuples); the same
    object when `f` changes none of them."""
    if not attrs.has(type(node)):
        return node
    changes = {}
    for field in attrs.fields(type(node)):
        value = getattr(node, field.name)
        if isinstance(value, tuple):
            new = tuple(f(v) if attrs.has(type(v)) else v for v in value)
            if any(a is not b for a, b in zip(new, value)):
                changes[field.name] = new
        elif attrs.has(type(value)):
            new = f(value)
            if new is not value:
                changes[field.name] = new
    return attrs.evolve(node, **changes) if changes else node


def walk(node) -> Iterator[object]:
    """Every node below and including `node`, pre-order, without recursion."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(list(children(current))))


def statements(node) -> Iterator[object]:
    """Every statement below and including `node`, pre-order, without entering
    expressions and contracts (no statement is inside one): for questions about
    statements, much cheaper than `walk` on code with large contracts."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        match current:
            case Block():
                stack.extend(reversed(current.stmts))
            case If():
                stack.extend(x for x in (current.otherwise, current.then) if x is not None)
            case While():
                stack.append(current.body)
            case For():
                stack.extend(x for x in (current.body, current.update, current.init) if x is not None)
            case InvariantBlock() | AtomicBlock():
                stack.append(current.body)


def depth(node) -> int:
    """The height of the tree under `node`, computed without recursion."""
    deepest = 0
    stack = [(node, 1)]
    while stack:
        current, level = stack.pop()
        deepest = max(deepest, level)
        stack.extend((child, level + 1) for child in children(current))
    return deepest


def bare(e: Expr) -> Expr:
    """The expression inside the C mapping's range checks (`Fits`): the same value."""
    while isinstance(e, Fits):
        e = e.expr
    return e


def is_name(e: Expr, symbol) -> bool:
    """Whether `e` is the variable `symbol` (inside range checks: `bare`)."""
    e = bare(e)
    return isinstance(e, Name) and e.symbol is symbol


def has_resource(e) -> bool:
    """Whether an expression contains a permission (`Perm` or `\\forall*`)."""
    return any(isinstance(n, Perm) or (isinstance(n, Quantifier) and n.kind is QuantKind.FORALL_STAR)
               for n in walk(e))
