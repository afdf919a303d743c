"""Type checking and the placement rules of specification constructs.

Runs on the resolved program.  Besides int/bool typing it enforces where things may
appear: resources only in contract clauses (at the top, or under `**`, `==>`, `?:` and
`\\forall*`), permission amounts only inside `Perm`, `\\old` only in postconditions,
memory reads never in pure positions (array lengths, context_everywhere), thread ids
only at the thread level, barriers only in `main`, `decreases` only on pure functions and
procedures other than `main` (one each, of int expressions).
"""
from __future__ import annotations

import attrs

from .. import diagnostics as D
from ..syntax import ast as A
from ..syntax import atomics
from ..syntax.snippet import short
from .queries import mentions
from .symbols import Symbol, SymbolKind, reserved_base

T = A.Type
CK = A.ClauseKind

PRE_POST = frozenset({CK.REQUIRES, CK.ENSURES, CK.CONTEXT})
INVARIANTS = frozenset({CK.LOOP_INVARIANT, CK.INVARIANT})
ARITH = {"+", "-", "*", "/", "%"}
COMPARE = {"<", "<=", ">", ">="}
EQUALITY = {"==", "!="}

# Which reserved names each level may mention.
_LEVEL_FORBIDS = {
    A.Level.KERNEL: frozenset({"tid", "lid", "gid"}),
    A.Level.GROUP: frozenset({"tid", "lid"}),
}


@attrs.frozen
class Ctx:
    """Where an expression stands: decides which constructs are allowed."""
    old_ok: bool = False            # inside a postcondition
    pure: bool = False              # no memory reads (lengths, context_everywhere)
    level: A.Level | None = None    # kernel/group contract: restricts the ids
    code: bool = False              # statements (not specifications): no `**`
    where: str = "here"             # for messages: "in an array length", ...


def _describe(t: T | None) -> str:
    return "a resource" if t is T.RESOURCE else f"{t}"


class TypeChecker:
    def __init__(self, signatures: dict[Symbol, tuple[A.Param, ...]]) -> None:
        self.problems: list[D.Diagnostic] = []
        self.signatures = signatures

    def error(self, code: str, span, message: str, **kw) -> None:
        self.problems.append(D.error(code, span, message, **kw))

    # ---- program structure ----
    def program(self, p: A.Program) -> None:
        if not p.kernels:
            start = p.span
            self.error("type.no-kernel", attrs.evolve(start, end=start.start, end_line=start.start_line,
                                                      end_col=start.start_col),
                       "the file declares no kernel (expected `kernel NAME { ... }`)")
        for d in p.decls:
            match d:
                case A.Function():
                    self.function(d)
                case A.Kernel():
                    self.kernel(d)

    def function(self, fn: A.Function) -> None:
        measure = fn.decreases
        if measure is not None:
            self.measure(measure)
        for c in fn.contract:
            if isinstance(c, A.Decreases):
                # The parser keeps the first `decreases` as the measure, any further one here.
                if measure is None:
                    measure = c
                else:
                    self.error("type.duplicate", c.span,
                               "a second `decreases` clause; a function has one measure "
                               "(a lexicographic one is written `decreases a, b;`)",
                               related=(D.Related(measure.span, "the first one"),))
                self.measure(c)
                continue
            if c.kind is not CK.REQUIRES:
                self.error("type.clause-placement", c.span,
                           f"a pure function takes only `requires` clauses and one `decreases`, not `{c.kind.value}`")
            self.expect(c.expr, T.BOOL, Ctx(where="in a function contract"))
        if fn.body is not None:
            self.expect(fn.body, fn.ret_type, Ctx(where="in a function body"))

    def measure(self, d: A.Decreases, ctx: Ctx | None = None) -> None:
        """The expressions of a `decreases` clause: ints, pure like a function's contract
        (its parameters only; no memory, ids, resources or \\old)."""
        if ctx is None:
            ctx = Ctx(pure=True, where="in a `decreases` clause")
        for e in d.exprs:
            self.expect(e, T.INT, ctx)

    def kernel(self, k: A.Kernel) -> None:
        mains = [m for m in k.members if isinstance(m, A.Procedure) and m.is_main]
        if not mains:
            self.error("type.main", k.name_span, f"kernel '{k.name}' has no thread body `void main()`")
        for m in mains:
            if m.params:
                self.error("type.main", m.name_span, "`main` takes no parameters (use tid, lid, gid or kernel parameters)")
        seen_levels: dict[A.Level, A.LevelContract] = {}
        for m in k.members:
            match m:
                case A.ArrayDecl():
                    self.expect(m.length, T.INT, Ctx(pure=True, level=A.Level.KERNEL, where="in an array length"))
                case A.ContextEverywhere():
                    self.expect(m.expr, T.BOOL, Ctx(pure=True, level=A.Level.KERNEL, where="in context_everywhere"))
                case A.LevelContract():
                    if m.level in seen_levels:
                        self.error("type.duplicate", m.span, f"a second `{m.level.value}` contract block",
                                   related=(D.Related(seen_levels[m.level].span, "the first one"),))
                    seen_levels.setdefault(m.level, m)
                    # The kernel's value invariant over atomic cells is a clause of its block.
                    allowed = PRE_POST | {CK.INVARIANT} if m.level is A.Level.KERNEL else PRE_POST
                    self.contract(m.contract, allowed,
                                  Ctx(level=m.level, where=f"in a {m.level.value} contract"), old_in_post=True,
                                  owner=f"a `{m.level.value}` contract block")
                case A.Procedure():
                    if m.decreases is not None:
                        if m.is_main:
                            self.error("type.clause-placement", m.decreases.span,
                                       "`decreases` is not allowed on `main`: nothing calls it, so it needs no measure")
                        self.measure(m.decreases)
                    self.contract(m.contract, PRE_POST, Ctx(), old_in_post=True,
                                  owner="`main`" if m.is_main else "a procedure", measure=m.decreases)
                    self.stmt(m.body, in_main=m.is_main, loops=0)

    def contract(self, clauses, allowed, ctx: Ctx, old_in_post: bool = False,
                 owner: str = "this construct", measure: A.Decreases | None = None) -> None:
        """`measure`: the procedure's `decreases`, which makes any further one a duplicate."""
        for c in clauses:
            if isinstance(c, A.Decreases):
                if measure is not None:
                    self.error("type.duplicate", c.span,
                               "a second `decreases` clause; a procedure has one measure "
                               "(a lexicographic one is written `decreases a, b;`)",
                               related=(D.Related(measure.span, "the first one"),))
                else:
                    self.error("type.clause-placement", c.span,
                               f"`decreases` is only allowed on a pure function or a procedure, not on {owner}")
                self.measure(c, ctx)
                continue
            if c.kind not in allowed:
                wanted = " or ".join(f"`{k.value}`" for k in sorted(allowed, key=lambda k: k.value))
                self.error("type.clause-placement", c.span, f"`{c.kind.value}` is not allowed here; expected {wanted}")
            clause_ctx = attrs.evolve(ctx, old_ok=old_in_post and c.kind is CK.ENSURES)
            t = self.spec(c.expr, clause_ctx)
            if t not in (T.BOOL, T.RESOURCE, None):
                self.error("type.mismatch", c.expr.span, f"a contract clause must be boolean or a resource, not {t}")

    # ---- statements ----
    def stmt(self, s, in_main: bool, loops: int) -> None:
        ctx = Ctx(code=True, where="in code")
        match s:
            case A.VarDecl():
                if s.init is not None:
                    self.expect(s.init, s.type, ctx)
            case A.Assign():
                self.assign_target(s.target)
                target = s.target.symbol
                if isinstance(target, Symbol) and target.type in (T.INT, T.BOOL):
                    self.expect(s.value, target.type, ctx)
                else:
                    self.expr(s.value, ctx)
            case A.ArrayAssign():
                elem = self.expr(s.target, ctx)
                if elem is not None:
                    self.expect(s.value, elem, ctx)
            case A.If():
                self.expect(s.cond, T.BOOL, ctx)
                self.stmt(s.then, in_main, loops)
                if s.otherwise is not None:
                    self.stmt(s.otherwise, in_main, loops)
            case A.While():
                self.contract(s.contract, INVARIANTS, Ctx(), owner="a loop")
                self.expect(s.cond, T.BOOL, ctx)
                self.stmt(s.body, in_main, loops + 1)
            case A.For():
                if s.init is not None:
                    self.stmt(s.init, in_main, loops)
                self.contract(s.contract, INVARIANTS, Ctx(), owner="a loop")
                if s.cond is not None:
                    self.expect(s.cond, T.BOOL, ctx)
                if s.update is not None:
                    self.stmt(s.update, in_main, loops)
                self.stmt(s.body, in_main, loops + 1)
            case A.Barrier():
                if not in_main:
                    self.error("type.barrier-placement", s.span,
                               "a barrier may only appear in the thread body `main`, not in a procedure")
                self.contract(s.contract or (), PRE_POST, Ctx(), owner="a barrier")
                self.unfenced(s)
            case A.AtomicUpdate():
                self.atomic_update(s, ctx)
            case A.WarpExchange():
                if not in_main:
                    self.error("type.barrier-placement", s.span,
                               f"`{s.name or s.op.value}` is a step of the whole warp: it may only appear in `main`")
                self.warp_exchange(s, ctx)
            case A.CallStmt():
                self.call_stmt(s)
            case A.Assert() | A.Assume():
                self.expect(s.expr, T.BOOL, ctx)
            case A.Break() | A.Continue():
                if loops == 0:
                    word = "break" if isinstance(s, A.Break) else "continue"
                    self.error("type.jump-placement", s.span, f"`{word}` outside a loop")
            case A.Return():
                pass
            case A.Block():
                for inner in s.stmts:
                    self.stmt(inner, in_main, loops)
            case A.InvariantBlock():
                t = self.spec(s.resource, Ctx())
                if t not in (T.BOOL, T.RESOURCE, None):
                    self.error("type.mismatch", s.resource.span, f"an invariant must be boolean or a resource, not {t}")
                self.stmt(s.body, in_main, loops)
            case A.AtomicBlock():
                self.stmt(s.body, in_main, loops)

    def atomic_update(self, s: A.AtomicUpdate, ctx: Ctx) -> None:
        wanted = atomics.OPERANDS.get(s.op)
        if wanted is not None and len(s.args) != wanted:
            self.error("type.arity", s.span,
                       f"`{s.op}` takes a cell and {wanted} operand{'s' if wanted > 1 else ''}, not {len(s.args)}")
            return
        if self.expr(s.target, ctx) not in (T.INT, None):
            self.error("type.mismatch", s.target.span, f"`{s.op}` updates an int cell")
        array = s.target.array.symbol if isinstance(s.target.array, A.Name) else None
        for arg in s.args:
            self.expect(arg, T.INT, ctx)
            read = next((n for n in A.walk(arg) if isinstance(n, A.Index) and isinstance(n.array, A.Name)
                         and n.array.symbol is array and array is not None), None)
            if read is not None:
                self.error("type.atomic-operand", read.span,
                           f"an operand of `{s.op}` reads `{short(read.array)}`, the array it updates: "
                           f"that read would not be part of the atomic step; read it into a variable first")
        self.expect(s.update, T.INT, ctx)
        if s.then is not None:
            self.stmt(s.then, in_main=False, loops=0)
        if s.result is not None:
            self.assign_target(s.result)
            self.expect(s.result, T.INT, ctx)

    def warp_exchange(self, s: A.WarpExchange, ctx: Ctx) -> None:
        # A vote's operand is a condition and its result an int; a shuffle's result is
        # its operand's type.
        if s.op.is_vote:
            self.expect(s.value, T.BOOL, ctx)
        given = None if s.op.is_vote else self.expr(s.value, ctx)
        if s.lane is not None:
            self.expect(s.lane, T.INT, ctx)
        self.assign_target(s.result)
        if s.op.is_vote:
            self.expect(s.result, T.INT, ctx)
        elif given is not None:
            self.expect(s.result, given, ctx)

    def assign_target(self, target: A.Name) -> None:
        symbol = target.symbol
        if not isinstance(symbol, Symbol):
            return
        match symbol.kind:
            case SymbolKind.RESERVED:
                self.error("type.reserved-name", target.span, f"'{symbol.name}' is reserved and cannot be assigned")
            case SymbolKind.KERNEL_PARAM:
                self.error("type.assign-target", target.span,
                           f"kernel parameter '{symbol.name}' is the same in every thread and cannot be assigned")
            case SymbolKind.ARRAY:
                self.error("type.assign-target", target.span,
                           f"'{symbol.name}' is an array; assign to a cell, e.g. {symbol.name}[i] = ...")
            case SymbolKind.FUNCTION | SymbolKind.PROCEDURE:
                self.error("type.assign-target", target.span, f"'{symbol.name}' is {symbol.kind.with_article}, not a variable")

    def unfenced(self, s: A.Barrier) -> None:
        """A C barrier hands over no permission on memory it does not fence: it does not
        order that memory's accesses, so each thread keeps what it holds there."""
        for clause in s.contract or () if s.fenced_only else ():
            for n in A.walk(clause):
                if isinstance(n, A.Perm) and isinstance(n.location, A.Index):
                    array = n.location.array.symbol
                    if isinstance(array, Symbol) and array.scope is not None and not s.orders(array.scope):
                        self.error("type.barrier-fence", n.span,
                                   f"this barrier does not fence {array.scope.value} memory, so it does not order "
                                   f"accesses to `{array.name}`: it cannot hand over a permission on it (each "
                                   "thread keeps its own across the barrier)")

    def call_stmt(self, s: A.CallStmt) -> None:
        symbol = s.symbol
        if not isinstance(symbol, Symbol):
            for a in s.args:
                self.expr(a, Ctx())
            return
        if symbol.kind is SymbolKind.FUNCTION:
            self.error("type.not-callable", s.name_span,
                       f"'{s.name}' is a pure function; its result must be used in an expression")
            return
        if symbol.kind is not SymbolKind.PROCEDURE or symbol.name == "main":
            self.error("type.not-callable", s.name_span, f"'{s.name}' is not a procedure that can be called")
            return
        self.arguments(s, self.signatures.get(symbol, ()))

    def arguments(self, call, params) -> None:
        if len(call.args) != len(params):
            self.error("type.arity", call.span,
                       f"'{call.name}' takes {len(params)} argument{'s' if len(params) != 1 else ''}, "
                       f"not {len(call.args)}")
        for arg, param in zip(call.args, params):
            self.expect(arg, param.type, Ctx(code=True, where="in an argument"))
        for arg in call.args[len(params):]:
            self.expr(arg, Ctx())

    # ---- expressions ----
    def expect(self, e, wanted: T, ctx: Ctx) -> None:
        got = self.expr(e, ctx)
        if got is not None and got is not wanted:
            self.error("type.mismatch", e.span, f"expected {_describe(wanted)} here, found {_describe(got)}")

    def spec(self, e, ctx: Ctx) -> T | None:
        """Type of an expression in a position where resources are allowed."""
        match e:
            case A.Binary(op="**" | "&&"):
                # In contracts `&&` with a resource operand means `**`, as in VerCors.
                left, right = self.spec(e.left, ctx), self.spec(e.right, ctx)
                for side, t in ((e.left, left), (e.right, right)):
                    if t not in (T.BOOL, T.RESOURCE, None):
                        self.error("type.mismatch", side.span, f"`{e.op}` joins resources and booleans, not {t}")
                return T.RESOURCE if T.RESOURCE in (left, right) else (T.BOOL if None not in (left, right) else None)
            case A.Binary(op="==>"):
                self.expect(e.left, T.BOOL, ctx)
                right = self.spec(e.right, ctx)
                if right not in (T.BOOL, T.RESOURCE, None):
                    self.error("type.mismatch", e.right.span, f"expected a boolean or a resource, found {right}")
                return right
            case A.Conditional():
                self.expect(e.cond, T.BOOL, ctx)
                then, otherwise = self.spec(e.then, ctx), self.spec(e.otherwise, ctx)
                if T.RESOURCE in (then, otherwise):
                    for side, t in ((e.then, then), (e.otherwise, otherwise)):
                        if t not in (T.BOOL, T.RESOURCE, None):
                            self.error("type.mismatch", side.span, f"expected a boolean or a resource, found {t}")
                    return T.RESOURCE
                return self.unify(e, then, otherwise)
            case A.Perm():
                return self.perm(e, ctx)
            case A.Quantifier(kind=A.QuantKind.FORALL_STAR):
                if e.var_type is not T.INT:
                    self.error("type.mismatch", e.var_span, "a \\forall* binds an int variable")
                if e.cond is not None:
                    self.expect(e.cond, T.BOOL, ctx)
                body = self.spec(e.body, ctx)
                if body not in (T.BOOL, T.RESOURCE, None):
                    self.error("type.mismatch", e.body.span, f"the body of \\forall* must be a resource, not {body}")
                return T.RESOURCE
        return self.expr(e, ctx)

    def perm(self, e: A.Perm, ctx: Ctx) -> T:
        location = e.location
        if isinstance(location, A.Index) and isinstance(location.array, A.Name):
            self.expr(location, ctx, permission_target=True)
        else:
            self.error("type.perm-target", location.span, "Perm takes an array cell such as a[i]")
            self.expr(location, ctx)
        match e.amount:
            case A.Write() | A.Read() | A.AtomicShare():
                pass
            case A.Binary(op="\\"):
                self.expect(e.amount.left, T.INT, ctx)
                self.expect(e.amount.right, T.INT, ctx)
            case _:
                self.error("type.perm-amount", e.amount.span,
                           "a permission amount is `write`, `read`, `atomic` or a fraction such as 1\\2")
                self.expr(e.amount, ctx)
        return T.RESOURCE

    def unify(self, e, a: T | None, b: T | None) -> T | None:
        if a is None or b is None:
            return a or b
        if a is not b:
            self.error("type.mismatch", e.span, f"the branches have different types: {a} and {b}")
            return None
        return a

    def expr(self, e, ctx: Ctx, permission_target: bool = False) -> T | None:
        match e:
            case A.IntLit():
                return T.INT
            case A.BoolLit():
                return T.BOOL
            case A.Name():
                return self.name(e, ctx)
            case A.Unary(op="!"):
                self.expect(e.operand, T.BOOL, ctx)
                return T.BOOL
            case A.Unary(op="-"):
                self.expect(e.operand, T.INT, ctx)
                return T.INT
            case A.Binary(op="\\"):
                self.error("type.perm-amount", e.span, "a fraction p\\q is only allowed as the amount of a Perm")
                return None
            case A.Binary(op="**" | "&&" | "==>") if A.has_resource(e):
                self.resource_misplaced(e, ctx)
                return None
            case A.Binary():
                return self.binary(e, ctx)
            case A.Conditional():
                self.expect(e.cond, T.BOOL, ctx)
                return self.unify(e, self.expr(e.then, ctx), self.expr(e.otherwise, ctx))
            case A.Index():
                return self.index(e, ctx, permission_target)
            case A.Call():
                return self.call(e, ctx)
            case A.Fits():
                self.expect(e.expr, T.INT, ctx)
                return T.INT
            case A.Old():
                if not ctx.old_ok:
                    self.error("type.old-placement", e.span,
                               "\\old is only allowed in `ensures` clauses of main, procedures and level contracts")
                return self.expr(e.expr, ctx)
            case A.Perm() | A.Quantifier(kind=A.QuantKind.FORALL_STAR):
                self.resource_misplaced(e, ctx)
                return None
            case A.Write() | A.Read() | A.AtomicShare():
                word = {A.Write: "write", A.Read: "read", A.AtomicShare: "atomic"}[type(e)]
                self.error("type.perm-amount", e.span, f"`{word}` is a permission amount; it is only allowed inside Perm")
                return None
            case A.Quantifier():
                if e.cond is not None:
                    self.expect(e.cond, T.BOOL, ctx)
                self.expect(e.body, T.BOOL, ctx)
                return T.BOOL
            case A.Sum():
                return self.sum(e, ctx)
        raise TypeError(f"unknown expression {type(e).__name__}")

    def sum(self, e: A.Sum, ctx: Ctx) -> T:
        if e.var_type is not T.INT:
            self.error("type.mismatch", e.var_span, "a \\sum binds an int variable")
        if e.lo is None:
            self.error("type.sum-range", e.cond.span,
                       f"the range of a \\sum is `lo <= {e.var} && {e.var} < hi`, optionally `&& condition`")
        for bound in (e.lo, e.hi):
            if bound is not None and mentions(bound, e.symbol):
                self.error("type.sum-range", bound.span, f"a bound of the sum mentions its variable `{e.var}`")
            if bound is not None:
                self.expect(bound, T.INT, ctx)
        if e.cond is not None:
            self.expect(e.cond, T.BOOL, ctx)
        self.expect(e.body, T.INT, ctx)
        return T.INT

    def resource_misplaced(self, e, ctx: Ctx) -> None:
        self.error("type.resource-placement", e.span,
                   "a resource is only allowed in a contract clause, at the top or under **, ==>, ?: or \\forall*")

    def name(self, e: A.Name, ctx: Ctx) -> T | None:
        symbol = e.symbol
        if not isinstance(symbol, Symbol):
            return None
        if symbol.kind is SymbolKind.RESERVED and ctx.level is not None and reserved_base(symbol.name) in _LEVEL_FORBIDS[ctx.level]:
            self.error("type.level-reserved", e.span, f"'{symbol.name}' cannot appear {ctx.where}")
            return T.INT
        if symbol.kind in (SymbolKind.ARRAY, SymbolKind.FUNCTION, SymbolKind.PROCEDURE):
            self.error("type.not-a-variable", e.span,
                       f"'{symbol.name}' is {symbol.kind.with_article}, not a value"
                       + (f"; index it, e.g. {symbol.name}[i]" if symbol.kind is SymbolKind.ARRAY else ""))
            return None
        return symbol.type

    def index(self, e: A.Index, ctx: Ctx, permission_target: bool) -> T | None:
        array = e.array
        symbol = array.symbol if isinstance(array, A.Name) else None
        self.expect(e.index, T.INT, ctx)
        if not isinstance(array, A.Name) or (isinstance(symbol, Symbol) and symbol.kind is not SymbolKind.ARRAY):
            self.error("type.not-an-array", array.span, "only arrays can be indexed")
            return None
        if not isinstance(symbol, Symbol):
            return None
        if ctx.pure and not permission_target:
            self.error("type.impure", e.span, f"memory cannot be read {ctx.where}")
        if ctx.level is A.Level.KERNEL and symbol.scope is A.Scope.LOCAL:
            self.error("type.local-placement", e.span,
                       f"'{symbol.name}' is local memory; it belongs to work groups, not to the kernel contract")
        return symbol.type

    def call(self, e: A.Call, ctx: Ctx) -> T | None:
        symbol = e.symbol
        if not isinstance(symbol, Symbol):
            for a in e.args:
                self.expr(a, ctx)
            return None
        if symbol.kind is not SymbolKind.FUNCTION:
            self.error("type.not-callable", e.name_span,
                       f"'{e.name}' is {symbol.kind.with_article}; only pure functions can be called in expressions")
            for a in e.args:
                self.expr(a, ctx)
            return None
        params = self.signatures.get(symbol, ())
        if len(e.args) != len(params):
            self.error("type.arity", e.span, f"'{e.name}' takes {len(params)} argument{'s' if len(params) != 1 else ''}, not {len(e.args)}")
        for arg, param in zip(e.args, params):
            self.expect(arg, param.type, ctx)
        for arg in e.args[len(params):]:
            self.expr(arg, ctx)
        return symbol.type

    def binary(self, e: A.Binary, ctx: Ctx) -> T | None:
        op = e.op
        if op in ARITH:
            self.expect(e.left, T.INT, ctx)
            self.expect(e.right, T.INT, ctx)
            return T.INT
        if op in COMPARE:
            if isinstance(e.left, A.Binary) and e.left.op in COMPARE:
                self.error("type.mismatch", e.span,
                           "comparisons do not chain; write `a <= b && b < c` instead of `a <= b < c`")
                return T.BOOL
            self.expect(e.left, T.INT, ctx)
            self.expect(e.right, T.INT, ctx)
            return T.BOOL
        if op in EQUALITY:
            left, right = self.expr(e.left, ctx), self.expr(e.right, ctx)
            if left is not None and right is not None and left is not right:
                self.error("type.mismatch", e.span, f"cannot compare {left} with {right}")
            return T.BOOL
        # && || ==> and ** between booleans
        if op == "**" and ctx.code:
            self.error("type.resource-placement", e.span,
                       "`**` joins resources in specifications; in code write `&&`")
        self.expect(e.left, T.BOOL, ctx)
        self.expect(e.right, T.BOOL, ctx)
        return T.BOOL


def check_types(program: A.Program) -> list[D.Diagnostic]:
    # Signatures by symbol, so calls can be checked wherever they appear.
    params: dict = {}
    for d in program.decls:
        if isinstance(d, A.Function) and d.symbol is not None:
            params[d.symbol] = d.params
        if isinstance(d, A.Kernel):
            for p in d.members:
                if isinstance(p, A.Procedure) and p.symbol is not None:
                    params[p.symbol] = p.params
    checker = TypeChecker(params)
    checker.program(program)
    return checker.problems
