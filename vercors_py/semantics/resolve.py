"""Name resolution: link every name to its declaration.

Returns a copy of the program in which every `Name`, `Call`, `CallStmt`, declaration and
quantifier carries its `Symbol`.  Reports unknown names, duplicate declarations and
declarations of reserved names.  Types and the placement of constructs are checked by
types.py on the resolved program.
"""
from __future__ import annotations

import attrs

from .. import diagnostics as D
from ..syntax import ast as A
from .symbols import RESERVED, Symbol, SymbolKind


class _Scopes:
    """A stack of scopes; a lookup searches from the innermost outwards."""

    def __init__(self, problems: list[D.Diagnostic]):
        self.frames: list[dict[str, Symbol]] = [{}]
        self.problems = problems

    def push(self) -> None:
        self.frames.append({})

    def pop(self) -> None:
        self.frames.pop()

    def lookup(self, name: str) -> Symbol | None:
        for frame in reversed(self.frames):
            if name in frame:
                return frame[name]
        return None

    def declare(self, symbol: Symbol) -> Symbol:
        if symbol.name in RESERVED:
            self.problems.append(D.error(
                "type.reserved-name", symbol.span,
                f"'{symbol.name}' is a reserved name (thread and group ids and sizes) and cannot be declared"))
            return symbol
        # Shadowing is not allowed: a second declaration of any visible name is an error.
        previous = self.lookup(symbol.name)
        if previous is not None:
            related = (D.Related(previous.span, f"'{symbol.name}' is declared here"),) if previous.span else ()
            self.problems.append(D.error(
                "type.duplicate", symbol.span,
                f"'{symbol.name}' is already declared as {previous.kind.with_article}", related=related))
            return symbol
        self.frames[-1][symbol.name] = symbol
        return symbol


class Resolver:
    def __init__(self) -> None:
        self.problems: list[D.Diagnostic] = []
        self.scopes = _Scopes(self.problems)
        # The invariant blocks around the statement being resolved, innermost last: an
        # atomic block names one of them (their names are no variables: a stack apart).
        self.invariants: list[tuple[Symbol, A.Expr]] = []
        self.function_name: str | None = None     # the pure function being resolved

    # ---- declarations ----
    def program(self, program: A.Program) -> A.Program:
        # Functions are visible everywhere (they may be used before their declaration
        # and may call each other), so declare them all first.
        for decl in program.decls:
            if isinstance(decl, A.Function):
                self.scopes.declare(Symbol(SymbolKind.FUNCTION, decl.name, decl.ret_type, decl.name_span))
        kernel_names: dict[str, A.Kernel] = {}
        decls = []
        for decl in program.decls:
            match decl:
                case A.Function():
                    decls.append(self.function(decl))
                case A.Kernel():
                    if decl.name in kernel_names:
                        self.problems.append(D.error(
                            "type.duplicate", decl.name_span, f"a second kernel called '{decl.name}'",
                            related=(D.Related(kernel_names[decl.name].name_span, "the first one"),)))
                    kernel_names.setdefault(decl.name, decl)
                    decls.append(self.kernel(decl))
        return attrs.evolve(program, decls=tuple(decls))

    def function(self, fn: A.Function) -> A.Function:
        symbol = self.scopes.lookup(fn.name)
        # Reserved names are not in scope inside top-level functions: they belong to kernels.
        self.scopes.push()
        self.function_name = fn.name
        params = tuple(self.param(p, SymbolKind.PARAM) for p in fn.params)
        contract = tuple(self.clause(c) for c in fn.contract)
        # The measure sees the parameters, as the requires clauses do.
        decreases = self.clause(fn.decreases) if fn.decreases is not None else None
        body = self.expr(fn.body) if fn.body is not None else None
        self.function_name = None
        self.scopes.pop()
        if symbol is None or symbol.span != fn.name_span:
            symbol = Symbol(SymbolKind.FUNCTION, fn.name, fn.ret_type, fn.name_span)
        return attrs.evolve(fn, params=params, contract=contract, decreases=decreases, body=body,
                            symbol=symbol)

    def _outside_function(self, name: str) -> str:
        """The remedy, where an unknown name stands in a pure function: a function sees
        its parameters only, not a kernel's arrays, parameters or ids."""
        if self.function_name is None:
            return ""
        return (f" in pure function `{self.function_name}`: a pure function sees only its own parameters, not a "
                f"kernel's arrays, parameters or ids; pass what it needs as arguments (`{self.function_name}("
                f"{name}[i], ...)` for a cell), or state a fact about a whole array in a contract, with `\\sum` "
                f"for a sum over its cells (docs/language.md, \"Pure functions\")")

    def param(self, p: A.Param, kind: SymbolKind) -> A.Param:
        symbol = self.scopes.declare(Symbol(kind, p.name, p.type, p.name_span))
        return attrs.evolve(p, symbol=symbol)

    def kernel(self, k: A.Kernel) -> A.Kernel:
        self.scopes.push()
        self.scopes.frames[-1].update(RESERVED)
        params = tuple(self.param(p, SymbolKind.KERNEL_PARAM) for p in k.params)
        # Arrays and procedures are kernel-wide: declare them before resolving bodies.
        symbols: dict[int, Symbol] = {}
        for i, m in enumerate(k.members):
            match m:
                case A.ArrayDecl():
                    symbols[i] = self.scopes.declare(
                        Symbol(SymbolKind.ARRAY, m.name, m.elem_type, m.name_span, scope=m.scope))
                case A.Procedure():
                    symbols[i] = self.scopes.declare(
                        Symbol(SymbolKind.PROCEDURE, m.name, None, m.name_span))
        members = []
        for i, m in enumerate(k.members):
            match m:
                case A.ArrayDecl():
                    members.append(attrs.evolve(m, length=self.expr(m.length), symbol=symbols[i]))
                case A.ContextEverywhere():
                    members.append(attrs.evolve(m, expr=self.expr(m.expr)))
                case A.LevelContract():
                    members.append(attrs.evolve(m, contract=tuple(self.clause(c) for c in m.contract)))
                case A.Procedure():
                    members.append(self.procedure(m, symbols[i]))
        self.scopes.pop()
        return attrs.evolve(k, params=params, members=tuple(members))

    def procedure(self, proc: A.Procedure, symbol: Symbol) -> A.Procedure:
        self.scopes.push()
        params = tuple(self.param(p, SymbolKind.PARAM) for p in proc.params)
        contract = tuple(self.clause(c) for c in proc.contract)
        decreases = self.clause(proc.decreases) if proc.decreases is not None else None
        body = self.block(proc.body)
        self.scopes.pop()
        return attrs.evolve(proc, params=params, contract=contract, decreases=decreases, body=body,
                            symbol=symbol)

    def clause(self, c: A.Clause | A.Decreases) -> A.Clause | A.Decreases:
        if isinstance(c, A.Decreases):
            # Also a misplaced one (types.py reports it), so that its names are linked.
            return attrs.evolve(c, exprs=tuple(self.expr(e) for e in c.exprs))
        return attrs.evolve(c, expr=self.expr(c.expr))

    # ---- statements ----
    def block(self, b: A.Block) -> A.Block:
        self.scopes.push()
        stmts = tuple(self.stmt(s) for s in b.stmts)
        self.scopes.pop()
        return attrs.evolve(b, stmts=stmts)

    def stmt(self, s):
        match s:
            case A.VarDecl():
                init = self.expr(s.init) if s.init is not None else None
                symbol = self.scopes.declare(Symbol(SymbolKind.LOCAL, s.name, s.type, s.name_span))
                return attrs.evolve(s, init=init, symbol=symbol)
            case A.Assign():
                return attrs.evolve(s, target=self.expr(s.target), value=self.expr(s.value))
            case A.ArrayAssign():
                return attrs.evolve(s, target=self.expr(s.target), value=self.expr(s.value))
            case A.AtomicUpdate():
                result = self.expr(s.result) if s.result is not None else None
                then = self.scoped_stmt(s.then) if s.then is not None else None
                return attrs.evolve(s, target=self.expr(s.target), args=tuple(self.expr(a) for a in s.args),
                                    update=self.expr(s.update), result=result, then=then)
            case A.WarpExchange():
                lane = self.expr(s.lane) if s.lane is not None else None
                return attrs.evolve(s, value=self.expr(s.value), lane=lane, result=self.expr(s.result))
            case A.If():
                then = self.scoped_stmt(s.then)
                otherwise = self.scoped_stmt(s.otherwise) if s.otherwise is not None else None
                return attrs.evolve(s, cond=self.expr(s.cond), then=then, otherwise=otherwise)
            case A.While():
                contract = tuple(self.clause(c) for c in s.contract)
                return attrs.evolve(s, contract=contract, cond=self.expr(s.cond),
                                    body=self.scoped_stmt(s.body))
            case A.For():
                # The loop variable is visible in the invariant, the header and the body.
                self.scopes.push()
                init = self.stmt(s.init) if s.init is not None else None
                contract = tuple(self.clause(c) for c in s.contract)
                cond = self.expr(s.cond) if s.cond is not None else None
                update = self.stmt(s.update) if s.update is not None else None
                body = self.scoped_stmt(s.body)
                self.scopes.pop()
                return attrs.evolve(s, contract=contract, init=init, cond=cond, update=update, body=body)
            case A.Barrier():
                if s.contract is None:
                    return s
                return attrs.evolve(s, contract=tuple(self.clause(c) for c in s.contract))
            case A.CallStmt():
                return attrs.evolve(s, args=tuple(self.expr(a) for a in s.args),
                                    symbol=self.callee(s.name, s.name_span))
            case A.Assert() | A.Assume():
                return attrs.evolve(s, expr=self.expr(s.expr))
            case A.Block():
                return self.block(s)
            case A.Break() | A.Continue() | A.Return():
                return s
            case A.InvariantBlock():
                symbol = Symbol(SymbolKind.INVARIANT, s.name, None, s.name_span)
                resource = self.expr(s.resource)
                self.invariants.append((symbol, resource))
                try:
                    body = self.block(s.body)
                finally:
                    self.invariants.pop()
                return attrs.evolve(s, resource=resource, body=body, symbol=symbol)
            case A.AtomicBlock():
                symbol, resource = next((i for i in reversed(self.invariants) if i[0].name == s.name), (None, None))
                if symbol is None:
                    self.problems.append(D.error(
                        "type.invariant-block", s.name_span,
                        f"`atomic({s.name})` is not inside an invariant block `{s.name}` of the same code: an "
                        f"atomic block opens only an invariant block around it"))
                return attrs.evolve(s, body=self.block(s.body), symbol=symbol, resource=resource)
        raise TypeError(f"unknown statement {type(s).__name__}")

    def scoped_stmt(self, s):
        # A branch or loop body that is a single declaration still gets its own scope.
        self.scopes.push()
        result = self.stmt(s)
        self.scopes.pop()
        return result

    def callee(self, name: str, span) -> Symbol | None:
        symbol = self.scopes.lookup(name)
        if symbol is None:
            self.problems.append(D.error("type.unknown-name", span, f"no function or procedure called '{name}'"))
        return symbol

    # ---- expressions ----
    def expr(self, e):
        match e:
            case A.IntLit() | A.BoolLit() | A.Write() | A.Read() | A.AtomicShare():
                return e
            case A.Name():
                symbol = self.scopes.lookup(e.id)
                if symbol is None:
                    self.problems.append(D.error("type.unknown-name", e.span, f"'{e.id}' is not declared"
                                                 + self._outside_function(e.id)))
                return attrs.evolve(e, symbol=symbol)
            case A.Unary():
                return attrs.evolve(e, operand=self.expr(e.operand))
            case A.Binary():
                return attrs.evolve(e, left=self.expr(e.left), right=self.expr(e.right))
            case A.Conditional():
                return attrs.evolve(e, cond=self.expr(e.cond), then=self.expr(e.then),
                                    otherwise=self.expr(e.otherwise))
            case A.Index():
                return attrs.evolve(e, array=self.expr(e.array), index=self.expr(e.index))
            case A.Call():
                return attrs.evolve(e, args=tuple(self.expr(a) for a in e.args),
                                    symbol=self.callee(e.name, e.name_span))
            case A.Old() | A.Fits():
                return attrs.evolve(e, expr=self.expr(e.expr))
            case A.Perm():
                return attrs.evolve(e, location=self.expr(e.location), amount=self.expr(e.amount))
            case A.Quantifier():
                self.scopes.push()
                symbol = self.scopes.declare(Symbol(SymbolKind.BOUND, e.var, e.var_type, e.var_span))
                cond = self.expr(e.cond) if e.cond is not None else None
                body = self.expr(e.body)
                self.scopes.pop()
                return attrs.evolve(e, cond=cond, body=body, symbol=symbol)
            case A.Sum():
                # The bounds too are inside the binder, as written; the type checker
                # refuses bounds that mention the variable.
                self.scopes.push()
                symbol = self.scopes.declare(Symbol(SymbolKind.BOUND, e.var, e.var_type, e.var_span))
                parts = {f: self.expr(getattr(e, f)) for f in ("lo", "hi", "cond") if getattr(e, f) is not None}
                body = self.expr(e.body)
                self.scopes.pop()
                return attrs.evolve(e, **parts, body=body, symbol=symbol)
        raise TypeError(f"unknown expression {type(e).__name__}")


def resolve(program: A.Program) -> tuple[A.Program, list[D.Diagnostic]]:
    resolver = Resolver()
    resolved = resolver.program(program)
    return resolved, resolver.problems
