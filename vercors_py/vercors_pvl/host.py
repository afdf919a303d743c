"""A method whose par statements stand beside other code, or which calls methods: a
kernel of one thread (the method's code) that *launches* a kernel for each par statement
(docs/vercors.md, "Par statements in a method").

VerCors's encoding of a par statement (ParBlockEncoder.scala) is: exhale the region's
precondition, inhale its postcondition, and check each block apart: one iteration's body
against the block's contract, its barriers against each other.  Here:

- a lone par block is a kernel of one work group, one thread per iteration, whose thread
  contract is the block's and whose kernel contract is VerCors's quantified one
  (`quantify`: a conjunct that names the iteration variable holds for every iteration,
  `\\forall*` over the range; one that does not is stated once); it runs only when its
  range is not empty, as in VerCors;
- a `parallel` region is one kernel whose threads are its blocks' iterations, counted off
  block after block (so `races` and `run` see the blocks side by side); each range must
  not be reversed, and a barrier in a region of several blocks is refused (it waits for
  its block only); a `sequential` region is its regions one after the other;
- the par statement is a call of a procedure *proved by* the kernel
  (`Procedure.proved_by`): its contract is the kernel's launch contract, and
  semantics/launches.py checks that it is exactly that;
- the method's values the blocks read (parameters, array lengths, the locals in scope,
  which VerCors's par blocks may read but not assign) are the kernels' parameters;
- `\\old(e)` in a block's contract is `e` at the method's start: captured there into a
  local of the method and passed on;
- a call `m(...)` of a method of the file that is a kernel (its whole body one par
  block) is a launch of that kernel: its arrays must be passed under their own names;
- `int[K] x = new int[K];` at the method's top level, `K` a constant, is a global
  array of K cells that the method holds whole from its start: nobody else can name it.
"""
from __future__ import annotations

import attrs
from lark import Token, Tree

from ..semantics.launches import NotLaunchable, procedure_contract
from ..syntax import ast as A
from .expressions import expr, scalar_type
from .scope import Array, Scope, Unsupported
from ..syntax.par_kernels import size_facts
from .statements import Statements, clause, facts


def _names_in(t, var: str) -> bool:
    return any(isinstance(n, Token) and n.type == "NAME" and str(n) == var for n in t.scan_values(lambda v: True)) \
        if isinstance(t, Tree) else isinstance(t, Token) and str(t) == var


class Host:
    """The launches of one method: its par statements and calls, as statements of its
    one thread, and the kernels they launch."""

    def __init__(self, s: Scope, method: str, params: tuple[A.Param, ...], arrays: list[A.ArrayDecl],
                 everywhere: list[A.ContextEverywhere], callees: dict[str, A.Kernel], span):
        self.s = s
        self.span = span                        # the method's name
        self.method = method
        self.params = params
        self.arrays = arrays
        self.everywhere = everywhere
        self.callees = callees
        self.start_names = dict(s.names)       # the method's start, where `\old` reads
        self.captures: list[A.VarDecl] = []
        self.captured: dict[str, A.Name] = {}   # an `\old(e)`'s text -> its local
        self.kernels: list[A.Kernel] = []
        self.procedures: list[A.Procedure] = []
        self.allocated: dict[int, tuple[str, Array]] = {}
        self.count = 0

    # ---- values handed to the kernels ----
    def _values(self) -> list[A.Param]:
        s = self.s
        mine = list(self.params)
        seen = {p.name for p in mine}
        for ours in s.names.values():
            if isinstance(ours, str) and ours in s.local_types and ours not in seen:
                seen.add(ours)
                mine.append(A.Param(s.local_types[ours], ours, name_span=self.span, span=self.span))
        for c in self.captures:
            if c.name not in seen:
                seen.add(c.name)
                mine.append(A.Param(c.type, c.name, name_span=c.span, span=c.span))
        return mine

    def capture(self, t: Tree) -> A.Expr:
        """`\\old(e)` in a par block's contract: `e` at the method's start."""
        s = self.s
        inner = t.children[1]
        saved, saved_old = s.names, s.old
        s.names, s.old = dict(self.start_names), None
        try:
            value = expr(s, inner)
        finally:
            s.names, s.old = saved, saved_old
        if any(isinstance(n, A.Name) and n.id not in {p.name for p in self.params}
               and n.id not in {a.name for a in self.arrays} and n.id not in s.fields.values()
               for n in A.walk(value) if not isinstance(n, A.Quantifier)):
            raise s.refuse("unsupported.expression", t, "`\\old` of a local variable in a par block's contract")
        key = repr(value)
        if key not in self.captured:
            name = s.fresh(f"old_{len(self.captures)}")
            span = s.span(t)
            kind = A.Type.BOOL if _is_bool(value) else A.Type.INT
            self.captures.append(A.VarDecl(kind, name, value, name_span=span, span=span))
            self.captured[key] = A.Name(name, span=span)
            s.local_types[name] = kind
        return A.Name(self.captured[key].id, span=s.span(t), spelling=self._text(t))

    def _text(self, t) -> str:
        span = self.s.span(t)
        return self.s.source.text[span.start:span.end]

    # ---- par statements ----
    def region(self, t: Tree) -> list[A.Stmt]:
        s = self.s
        span = s.span(t)
        match t.data:
            case "sequential":
                return [x for r in t.children for x in self.region(r)]
            case "parallel":
                blocks = t.children
                if any(b.data != "par" for b in blocks):
                    nested = next(b for b in blocks if b.data != "par")
                    raise s.refuse("unsupported.statement", nested, "a region nested in a `parallel` region")
                if not blocks:
                    return []
                kernel, _ = self._kernel(blocks, span, single=False)
                return [self._launch([kernel], span)]
        kernel, nonempty = self._kernel([t], span, single=True)
        call = self._launch([kernel], span)
        return [call] if nonempty is None else [A.If(nonempty, call, None, span=span)]

    def _kernel(self, blocks: list[Tree], span, single: bool) -> tuple[A.Kernel, A.Expr | None]:
        """The kernel of a region's blocks: one group, the threads of each block after
        those of the blocks before it (so `races` and `run` see them run side by side);
        and, for a single block with a range, the host's condition `lo < hi` that it
        runs at all."""
        s = self.s
        self.count += 1
        name = blocks[0].children[0]
        kname = s.fresh(f"{self.method}_{name}" if single and name is not None
                        else f"{self.method}_{'par' if single else 'parallel'}{self.count}")
        parts = []
        offset: A.Expr = A.IntLit(0, span=span)
        for b in blocks:
            part = self._part(b, offset, single, alone=len(blocks) == 1)
            parts.append(part)
            offset = part.size if isinstance(offset, A.IntLit) and offset.value == 0 \
                else A.Binary("+", offset, part.size, span=span)
        tid = A.Name("tid", span=span)
        if len(parts) == 1:
            thread, code = parts[0].thread, parts[0].code
        else:
            thread = tuple(A.Clause(c.kind, A.Binary("==>", p.mine(tid), c.expr, span=c.span), span=c.span)
                           for p in parts for c in p.thread)
            code = A.Block(tuple(A.If(p.mine(tid), p.code, None, span=p.code.span) for p in parts), span=span)
        pres = [c for p in parts for c in p.pres] or [A.Clause(A.ClauseKind.REQUIRES, A.BoolLit(True, span=span),
                                                                span=span)]
        level = A.LevelContract(A.Level.KERNEL, tuple(pres + [c for p in parts for c in p.posts]), span=span)
        main = A.Procedure(thread, "main", (), code, name_span=span, span=span)
        # In a region each block's range must not be reversed: the threads are counted off.
        counted = [A.ContextEverywhere(A.Binary(">=", p.size, A.IntLit(0, span=span), span=span), span=span)
                   for p in parts if p.lo is not None and len(parts) > 1]
        kernel = A.Kernel(kname, (), (*self.arrays, *self.everywhere, *counted, *size_facts(span, offset), level, main),
                          name_span=span, span=span)
        only = parts[0]
        nonempty = A.Binary("<", only.lo, only.hi, span=span) if single and only.lo is not None else None
        return kernel, nonempty

    def _part(self, par: Tree, offset: A.Expr, single: bool, alone: bool) -> "_Part":
        """One block: its share of the kernel contract (quantified), its thread contract
        and body with its iteration variable `lo + (tid - offset)`."""
        s = self.s
        name, iters, contract_, body = par.children
        saved_names, saved_par = dict(s.names), s.par
        try:
            if iters is not None and len(iters.children) > 1:
                raise s.refuse("unsupported.statement", iters, "a par block with several iteration variables "
                               "beside other code is not mapped")
            var = lo = hi = None
            if iters is not None:
                typ, var_tok, lo_t, hi_t = iters.children[0].children
                if scalar_type(s, typ) is not A.Type.INT:
                    raise s.refuse("unsupported.type", typ, "a par block's variable that is not an `int`")
                var, lo, hi = str(var_tok), expr(s, lo_t), expr(s, hi_t)
            span = s.span(iters) if iters is not None else s.span(par)
            pres, posts = self._quantified(contract_, var, lo, hi, single, span)
            size = A.IntLit(1, span=span) if var is None else \
                (hi if _zero(lo) else A.Binary("-", hi, lo, span=span))
            if var is not None:
                tid = A.Name("tid", span=span)
                at = tid if _zero(offset) else A.Binary("-", tid, offset, span=span)
                s.bind(var, at if _zero(lo) else A.Binary("+", lo, at, span=span))
            thread = tuple(x for c in contract_.children for x in self._clause(c))
            s.par = str(name) if name is not None else None
            block = body if body.data == "block" else Tree("block", [body], body.meta)
            s.capture = self.capture     # `\old` in its barriers and loop invariants
            code = Statements(s, barriers=alone).block(block)
        finally:
            s.names, s.par, s.capture = saved_names, saved_par, None
        return _Part(tuple(pres), tuple(posts), thread, code, size, offset, lo, hi)

    def _clause(self, c: Tree) -> list[A.Clause]:
        s = self.s
        saved, s.capture = getattr(s, "capture", None), self.capture
        try:
            return clause(s, c, ("requires", "ensures", "context"), "capture", "capture")
        finally:
            s.capture = saved

    def _quantified(self, contract_: Tree, var, lo, hi, single: bool, span):
        """VerCors's contract of the whole block (ParBlockEncoder.quantify): each
        conjunct over every iteration, `\\forall*` (or `\\forall` for a fact) over the
        range where it names the iteration variable (or, in a region, always); in a
        single block a conjunct that does not name it is stated once, which is exact for
        facts; a permission would be scaled by the range's size, which is not mapped."""
        s = self.s
        pres: list[A.Clause] = []
        posts: list[A.Clause] = []
        for c in contract_.children:
            if c.data != "clause":
                self._clause(c)        # refuses it, naming it
            word = str(c.children[0])
            for part in facts(s, c.children[1]):
                quantified = var is not None and (not single or _names_in(part, var))
                saved = dict(s.names)
                try:
                    if quantified:
                        q = s.bound(var)
                        s.bind(var, A.Name(q, span=span))
                    mapped = [x for x in self._clause(Tree("clause", [c.children[0], part], c.meta))]
                finally:
                    s.names = saved
                for x in mapped:
                    e = x.expr
                    if quantified:
                        resource = any(isinstance(n, (A.Perm, A.Read, A.Write)) for n in A.walk(e))
                        kind = A.QuantKind.FORALL_STAR if resource else A.QuantKind.FORALL
                        v = A.Name(q, span=span)
                        rng = A.Binary("&&", A.Binary("<=", lo, v, span=span), A.Binary("<", v, hi, span=span),
                                       span=span)
                        e = A.Quantifier(kind, A.Type.INT, q, rng, e, var_span=span, span=x.span)
                    elif var is not None and any(isinstance(n, A.Perm) for n in A.walk(e)):
                        raise s.refuse("unsupported.expression", part, f"a permission that every iteration of the "
                                       f"par block holds (`{word}` not naming `{var}`): VerCors scales it by the "
                                       f"number of iterations, which is not mapped")
                    if x.kind.is_pre:
                        pres.append(A.Clause(A.ClauseKind.REQUIRES, e, span=x.span))
                    if x.kind.is_post:
                        posts.append(A.Clause(A.ClauseKind.ENSURES, e, span=x.span))
        return pres, posts

    def _launch(self, kernels: list[A.Kernel], span) -> A.CallStmt:
        values = self._values()
        kernels = [_with_params(k, values) for k in kernels]
        self.kernels += kernels
        return self._call(kernels, values, tuple(A.Name(p.name, span=span) for p in values), span)

    def _call(self, kernels: list[A.Kernel], params, args, span) -> A.CallStmt:
        # The procedure's own names for the kernels' parameters: a procedure's parameter
        # may not take the name of one of the method's.
        mine = tuple(A.Param(p.type, self.s.fresh(f"{p.name}_"), name_span=span, span=span) for p in params)
        try:
            contract = procedure_contract(kernels, mine)
        except NotLaunchable as why:
            raise Unsupported("unsupported.statement", span, f"this cannot be launched: {why}")
        name = self.s.fresh(f"launch_{kernels[0].name}")
        self.procedures.append(A.Procedure(contract, name, mine, A.Block((), span=span), name_span=span, span=span,
                                           proved_by=tuple(k.name for k in kernels)))
        return A.CallStmt(name, tuple(args), name_span=span, span=span)

    # ---- method calls ----
    def method_call(self, t: Tree) -> list[A.Stmt]:
        s = self.s
        name, args, given = t.children
        span = s.span(t)
        if given is not None:
            raise s.refuse("unsupported.declaration", given, "ghost arguments (`given {...}`) are not mapped")
        callee = self.callees.get(str(name))
        if callee is None:
            raise s.refuse("unsupported.function", name, f"a call of `{name}`: only methods whose whole body is "
                           f"one par block are mapped as calls (they are kernels)")
        items = args.children if args is not None else []
        if len(items) != len(callee.params):
            raise s.refuse("unsupported.function", t, f"a call of `{name}` with {len(items)} arguments")
        lengths = {a.length.id: a for a in callee.arrays
                   if a.scope is A.Scope.GLOBAL and isinstance(a.length, A.Name)}
        mapped = []
        for p, arg in zip(callee.params, items):
            array = lengths.get(p.name)
            if array is None:
                mapped.append(expr(s, arg))
                continue
            mine = s.arrays.get(str(arg.children[0])) if isinstance(arg, Tree) and arg.data == "name" else None
            if mine is None or mine.name != array.name:
                raise s.refuse("unsupported.function", arg, f"an array argument of `{name}` that is not the "
                               f"caller's array of the same name `{array.name}`")
            mapped.append(A.Name(mine.length, span=s.span(arg)))
        return [self._call([callee], callee.params, mapped, span)]

    # ---- new arrays ----
    def allocate(self, body: Tree) -> list[A.ArrayDecl]:
        """The arrays the method's top-level `int[K] x = new int[K];` statements make."""
        out = []
        for t in body.children if body.data == "block" else ():
            if isinstance(t, Tree) and t.data == "local":
                decl = self._new_array(t)
                if decl is not None:
                    out.append(decl)
        return out

    def declare(self, t: Tree) -> bool:
        """Whether `t` makes one of the method's new arrays (now in scope)."""
        made = self.allocated.get(id(t))
        if made is None:
            return False
        vercors, array = made
        self.s.arrays[vercors] = array
        self.s.bind(vercors, array.name)
        return True

    def _new_array(self, t: Tree) -> A.ArrayDecl | None:
        s = self.s
        typ, *rest = t.children
        dims = [c for c in typ.children if isinstance(c, Tree)]
        if len(rest) != 2 or len(dims) != 1 or not (isinstance(rest[1], Tree) and rest[1].data == "new_array"):
            return None
        name, init = rest
        elem_tok, *sizes = init.children
        if len(sizes) != 1 or not (isinstance(sizes[0], Tree) and sizes[0].data == "number"):
            raise s.refuse("unsupported.expression", init, "`new` with a size that is not a number")
        size = int(sizes[0].children[0])
        ours = s.fresh(str(name))
        span = s.span(name)
        self.allocated[id(t)] = (str(name), Array(ours, None, size))
        elem = A.Type.INT if elem_tok.type == "INT" else A.Type.BOOL
        return A.ArrayDecl(A.Scope.GLOBAL, elem, A.IntLit(size, span=span), ours, name_span=span, span=s.span(t))


def whole(s: Scope, decl: A.ArrayDecl) -> A.Clause:
    """The method's write permission on every cell of a new array."""
    span = decl.span
    var = s.bound("i")
    q = A.Name(var, span=span)
    rng = A.Binary("&&", A.Binary("<=", A.IntLit(0, span=span), q, span=span),
                   A.Binary("<", q, decl.length, span=span), span=span)
    perm = A.Perm(A.Index(A.Name(decl.name, span=span), q, span=span), A.Write(span=span), span=span)
    return A.Clause(A.ClauseKind.CONTEXT, A.Quantifier(A.QuantKind.FORALL_STAR, A.Type.INT, var, rng, perm,
                                                        var_span=span, span=span), span=span)


def _with_params(k: A.Kernel, values: list[A.Param]) -> A.Kernel:
    return attrs.evolve(k, params=tuple(A.Param(p.type, p.name, name_span=k.name_span, span=k.span) for p in values))


def _is_bool(e: A.Expr) -> bool:
    match e:
        case A.BoolLit() | A.Unary(op="!"):
            return True
        case A.Binary(op=op):
            return op in ("==", "!=", "<", "<=", ">", ">=", "&&", "||", "==>")
    return False


@attrs.frozen
class _Part:
    pres: tuple[A.Clause, ...]
    posts: tuple[A.Clause, ...]
    thread: tuple[A.Clause, ...]
    code: A.Block
    size: A.Expr
    offset: A.Expr
    lo: A.Expr | None
    hi: A.Expr | None

    def mine(self, tid: A.Name) -> A.Expr:
        """Whether thread `tid` runs this block."""
        span = tid.span
        end = self.size if _zero(self.offset) else A.Binary("+", self.offset, self.size, span=span)
        below = A.Binary("<", tid, end, span=span)
        return below if _zero(self.offset) else A.Binary("&&", A.Binary("<=", self.offset, tid, span=span), below,
                                                          span=span)


def _zero(e) -> bool:
    return isinstance(e, A.IntLit) and e.value == 0


def has_launches(body: Tree) -> bool:
    """Whether the method's code holds a par statement or calls a method."""
    return any(n.data in ("par", "parallel", "sequential")
               or n.data == "eval" and isinstance(n.children[0], Tree) and n.children[0].data == "call"
               for n in body.iter_subtrees())


def method_kernels(s: Scope, m: Tree, name: Token, params: tuple[A.Param, ...], arrays: list[A.ArrayDecl],
                   everywhere: list[A.ContextEverywhere], thread: tuple[A.Clause, ...], body: Tree,
                   callees: dict[str, A.Kernel]) -> list[A.Kernel]:
    """The method's kernel of one thread, and the kernels it launches."""
    arrays = list(arrays)
    h = Host(s, str(name), params, arrays, everywhere, callees, s.span(name))
    made = h.allocate(body)
    arrays += made
    s.capture = h.capture               # `\old` in the method's loop invariants
    try:
        code = Statements(s, barriers=False, host=h).block(body)
    finally:
        s.capture = None
    code = A.Block((*h.captures, *code.stmts), span=code.span)
    span = s.span(name)
    main = A.Procedure(thread + tuple(whole(s, d) for d in made), "main", (), code, name_span=span, span=s.span(m))
    members = (*arrays, *everywhere, *size_facts(span, A.IntLit(1, span=span)), *h.procedures, main)
    return [A.Kernel(str(name), params, members, name_span=span, span=s.span(m)), *h.kernels]
