"""VerCors's classes and methods to the kernel language's functions and kernels
(docs/vercors-pvl-frontend.md, "Methods and par blocks").

- A `pure` method of `int`/`boolean` parameters is a pure function.
- A method whose whole body is one `par NAME (int v = lo .. hi)` block is a kernel of one
  work group of `hi - lo` threads: the method's contract is the kernel's, the par block's
  the thread contract, `v` is `lo + tid`, the body is `main`; and a kernel of one thread
  `NAME_empty_par` for the range without iterations, where the method's postcondition
  must follow from its precondition (VerCors skips the block then).
- A method without par blocks is a kernel of one thread running its body under its
  contract.
- `int[]` parameters are global arrays, each with its length as a parameter of its own."""
from __future__ import annotations

import attrs
from lark import Token, Tree

from ..syntax import ast as A
from ..syntax.par_kernels import empty_range, owed_when as _owed_when, size_facts as _size_facts
from . import fields, host, invariants, iterations, matrices, olds
from .expressions import expr, scalar_type
from .grammar import conjuncts
from .scope import Array, Scope, Unsupported
from .statements import Statements, clause, clause_as, contract, facts


def program(tree: Tree, source) -> tuple[A.Program | None, list[Unsupported]]:
    methods = []
    problems: list[Unsupported] = []
    fields_of: dict[int, list[Tree]] = {}    # a method's class's fields, by the method's id
    for decl in tree.children:
        if decl.data == "class_decl":
            head, name, *members = decl.children
            if head.children:
                problems.append(Unsupported("unsupported.declaration", Scope(source, set()).span(head),
                                            f"a contract on class `{name}` (a lock invariant) is not mapped"))
            own = [f for f in members if f.data == "field"]
            methods += [m for m in members if m.data == "method"]
            fields_of |= {id(m): own for m in members}
        else:
            methods.append(decl)
    # Functions first: a kernel's contract may call any of them, and they each other.
    functions = {str(m.children[-3]) for m in methods if _is_pure(m)}
    decls: list = []
    for m in methods:
        if _is_pure(m):
            try:
                s = Scope(source, functions)
                s.fields = {str(n): None for f in fields_of.get(id(m), ()) for n in f.children[2:]}
                decls.append(_function(s, m))
            except Unsupported as u:
                problems.append(u)
    kernels = set()
    callees: dict[str, A.Kernel] = {}
    # A method that calls others after them: a call launches the callee's kernel.
    for m in sorted(methods, key=lambda m: isinstance(m.children[-1], Tree) and host.has_launches(m.children[-1])):
        s = Scope(source, functions)
        try:
            if _is_pure(m) or m.children[-1].data == "no_body":
                continue            # an abstract method has nothing to verify; a call of one is refused
            cells = fields.declare(s, fields_of.get(id(m), []))
            for k in _kernel(s, m, cells, callees):
                callees.setdefault(k.name, k)
                if k.name in kernels:
                    raise s.refuse("unsupported.declaration", m.children[-3], f"a second method `{k.name}`")
                kernels.add(k.name)
                decls.append(k)
        except Unsupported as u:
            problems.append(u)
    if problems:
        # A field refused once, not once for each method of its class.
        return None, list({(u.span, u.code, u.message): u for u in problems}.values())
    return A.Program(tuple(decls), span=source.span(0, len(source.text))), []


def _is_pure(m: Tree) -> bool:
    return any(isinstance(c, Tree) and c.data == "modifier" and str(c.children[0]) == "pure" for c in m.children)


def _parts(m: Tree):
    head, *modifiers, typ, name, params, body = m.children
    return head, modifiers, typ, name, params, body


def _function(s: Scope, m: Tree) -> A.Function:
    head, _, typ, name, params, body = _parts(m)
    ret = scalar_type(s, typ)
    ps = _scalar_params(s, params)
    clauses = contract(s, head, ("requires",), None, None)
    value = None
    if body.data == "expr_body":
        value = expr(s, body.children[0])
    elif body.data != "no_body":
        raise s.refuse("unsupported.declaration", body, "a pure method with a body of statements")
    return A.Function(clauses, ret, str(name), ps, value, name_span=s.span(name), span=s.span(m))


def _scalar_params(s: Scope, params) -> tuple[A.Param, ...]:
    out = []
    for p in (params.children if params is not None else ()):
        typ, name = p.children
        kind = scalar_type(s, typ)
        ours = s.fresh(str(name))
        s.bind(str(name), ours)
        s.params.add(str(name))
        out.append(A.Param(kind, ours, name_span=s.span(name), span=s.span(p)))
    return tuple(out)


def _kernel(s: Scope, m: Tree, cells: list[A.ArrayDecl], callees: dict[str, A.Kernel]) -> list[A.Kernel]:
    head, _, typ, name, params, body = _parts(m)
    if not (isinstance(typ.children[0], Token) and typ.children[0].type == "VOID"):
        raise s.refuse("unsupported.declaration", typ, "a method that returns a value: the kernel language's "
                       "kernels return none")
    ps, arrays, facts_ = _method_params(s, params)
    arrays = cells + arrays + matrices.declare(s, head, params, expr)
    _require_non_null(s, head, params)
    everywhere, resources = _everywhere(s, head)
    around = invariants.around_par(s, body)
    if around is not None:
        s.invariant, body = around
        if _the_par(body) is None:
            raise s.refuse("unsupported.statement", body, "an `invariant` block whose body is not one par block")
    par = _the_par(body)
    if par is not None:
        return _par_kernel(s, m, ps, arrays, facts_ + everywhere, resources, head, par)
    if host.has_launches(body):
        if resources:
            raise s.refuse("unsupported.declaration", resources[0][0], "a `context_everywhere` with permissions or "
                           "memory on a method with par blocks (VerCors hands each thread its share): write it as "
                           "`context`")
        constant, thread = _method_contract(s, head)
        return host.method_kernels(s, m, name, ps, arrays, facts_ + everywhere + constant, thread, body, callees)
    return [_sequential_kernel(s, m, ps, arrays, facts_ + everywhere, resources, head, body)]


def _method_params(s: Scope, params):
    ps: list[A.Param] = []
    arrays: list[A.ArrayDecl] = []
    facts_: list[A.ContextEverywhere] = []
    for p in (params.children if params is not None else ()):
        typ, name = p.children
        base, dims = typ.children[0], typ.children[1:]
        span = s.span(name)
        if len(dims) == 2:
            continue        # a matrix: matrices.declare, once every scalar is bound
        if len(dims) == 1 and isinstance(base, Token) and base.type in ("INT", "BOOLEAN"):
            # `int[]` and `int[n]` alike: VerCors reads no length from a parameter's type.
            ours, length = s.fresh(str(name)), s.fresh(f"{name}_length")
            s.arrays[str(name)] = Array(ours, length)
            s.bind(str(name), ours)
            ps.append(A.Param(A.Type.INT, length, name_span=span, span=s.span(p)))
            elem = A.Type.INT if base.type == "INT" else A.Type.BOOL
            spelled = f"{name}.length"
            arrays.append(A.ArrayDecl(A.Scope.GLOBAL, elem, A.Name(length, span=span, spelling=spelled), ours,
                                      name_span=span, span=s.span(p)))
            facts_.append(A.ContextEverywhere(A.Binary(">=", A.Name(length, span=span, spelling=spelled),
                                                       A.IntLit(0, span=span), span=span), span=span))
            continue
        ps += _scalar_params(s, Tree("params", [p]))
    return tuple(ps), arrays, facts_


def _require_non_null(s: Scope, head: Tree, params) -> None:
    """Each array parameter is known not to be null from the method's start: VerCors
    checks every access of a parameter that may be null, and the language's arrays
    always exist, so the mapping is exact only where the precondition rules null out."""
    stated = set()
    for c in head.children:
        if c.data == "clause" and str(c.children[0]) in ("requires", "context", "context_everywhere"):
            for part in conjuncts(c.children[1]):
                match part:
                    case Tree(data="binary", children=[Tree(data="name", children=[a]), op, Tree(data="null")]) \
                            if str(op) == "!=":
                        stated.add(str(a))
                    case Tree(data="builtin", children=[b, Tree(data="args", children=[Tree(data="name", children=[a]), *_])]) \
                            if str(b) == "\\array":
                        stated.add(str(a))
    for p in (params.children if params is not None else ()):
        name = str(p.children[1])
        if name in s.arrays and name not in stated:
            raise s.refuse("unsupported.declaration", p.children[1], f"the array parameter `{name}` may be null: "
                           f"state `{name} != null` in the method's precondition (the kernel language's arrays "
                           f"always exist)")


def _everywhere(s: Scope, head: Tree):
    """The method's `context_everywhere` clauses: facts without memory are the kernel's
    `context_everywhere`; the others (permissions, memory) are returned apart."""
    pure, resources = [], []
    for c in head.children:
        if c.data == "clause" and str(c.children[0]) == "context_everywhere":
            for part in facts(s, c.children[1]):
                e = expr(s, part)
                if any(isinstance(n, (A.Index, A.Perm)) for n in A.walk(e)):
                    resources.append((part, e))
                else:
                    pure.append(A.ContextEverywhere(e, span=s.span(c)))
    return pure, resources


_METHOD_CLAUSES = ("requires", "ensures", "context", "context_everywhere")


def _method_contract(s: Scope, head: Tree) -> tuple[list[A.ContextEverywhere], tuple[A.Clause, ...]]:
    """The method's contract: the facts of its precondition that read no memory, which
    hold from its start to its end and inside its par block, since parameters and array
    lengths never change (VerCors knows them there too: they are no heap); and the rest."""
    # \old in the method's precondition is the state it is evaluated in.
    clauses = [x for c in head.children if not (c.data == "clause" and str(c.children[0]) == "context_everywhere")
               for x in clause(s, c, _METHOD_CLAUSES, "drop", "keep")]
    constant = [c for c in clauses if c.kind is A.ClauseKind.REQUIRES and _no_memory(c.expr)]
    return ([A.ContextEverywhere(c.expr, span=c.span) for c in constant],
            tuple(c for c in clauses if not any(c is k for k in constant)))


def _no_memory(e: A.Expr) -> bool:
    return not any(isinstance(n, (A.Index, A.Perm, A.Old)) for n in A.walk(e))


def _the_par(body: Tree) -> Tree | None:
    """The par block that is the whole body, if it is one."""
    if body.data != "block" or len(body.children) != 1:
        return None
    only = body.children[0]
    while isinstance(only, Tree) and only.data == "block" and len(only.children) == 1:
        only = only.children[0]
    return only if isinstance(only, Tree) and only.data == "par" else None


def _par_kernel(s: Scope, m, ps, arrays, everywhere, resources, head, par: Tree) -> list[A.Kernel]:
    """One par block: a kernel of one group.  A par block whose body is one par block:
    the outer one's iterations are the groups, the inner one's each group's threads
    (the inner range must be the same for every group), the outer contract the group's."""
    name = m.children[-3]
    if resources:
        part, _ = resources[0]
        raise s.refuse("unsupported.declaration", part, "a `context_everywhere` with permissions or memory on a "
                       "method with a par block (VerCors hands each thread its share): write it as `context`")
    constant, kernel_clauses = _method_contract(s, head)
    # With no iteration, the invariant is handed over and back with nothing between.
    launched = kernel_clauses
    if s.invariant is not None:
        launched = invariants.handed_over(s, kernel_clauses, head) + s.invariant.clauses
    par_name, _, par_contract, par_body = par.children
    inner = _the_par(Tree("block", [par_body]) if par_body.data != "block" else par_body)
    outer = iterations.bind(s, par, "gid" if inner is not None else "tid", several=inner is None)
    span = outer.span
    levels = [A.LevelContract(A.Level.KERNEL, launched, span=s.span(head) if head.children else s.span(m))]
    extra = []
    if inner is None:
        s.par = str(par_name) if par_name is not None else None
        groups, threads, thread_par = A.IntLit(1, span=span), outer.size, par
    else:
        # The par block's `\old` is the method's start, which is the group's.
        group = tuple(x for c in par_contract.children for x in clause(s, c, ("requires", "ensures", "context"),
                                                                        "drop", "keep"))
        levels.append(A.LevelContract(A.Level.GROUP, group, span=s.span(par)))
        inner_name, _, par_contract, par_body = inner.children
        inner_iter = inner.children[1]
        if inner_iter is not None and any(isinstance(n, Token) and n.type == "NAME" and str(n) in outer.names
                                          for it in inner_iter.children for n in it.scan_values(lambda v: True)):
            raise s.refuse("unsupported.statement", inner_iter, f"an inner par block whose range depends on "
                           f"`{', '.join(outer.names)}`: the groups would have different sizes")
        threads_of = iterations.bind(s, inner, "lid", several=False)
        s.par = str(inner_name) if inner_name is not None else None
        groups, threads, thread_par = outer.size, threads_of.size, inner
        extra.append(_empty_inner(s, m, ps, arrays, everywhere, constant, group, groups, threads_of.empty, span))
    # The par block's `\old` is the method's start, which is the thread's.
    thread = tuple(x for c in par_contract.children for x in clause(s, c, ("requires", "ensures", "context"),
                                                                     "drop", "keep"))
    body = olds.saved(Statements(s, barriers=True).block(par_body), ps, arrays)
    main = A.Procedure(thread, "main", (), body, name_span=s.span(thread_par), span=s.span(thread_par))
    members = (*arrays, *everywhere, *constant, *_size_facts(span, threads, groups), *outer.facts, *levels, main)
    return [A.Kernel(str(name), ps, members, name_span=s.span(name), span=s.span(m)),
            _empty_range(s, m, ps, arrays, everywhere, constant, kernel_clauses, outer.empty, span), *extra]


def _empty_inner(s: Scope, m, ps, arrays, everywhere, constant, group, groups, empty, span) -> A.Kernel:
    """Each group when the inner par block has no iteration (`empty`): its precondition
    must give its postcondition (one thread per group holds the one and owes the other there)."""
    name = m.children[-3]
    thread = _owed_when(group, empty)
    main = A.Procedure(tuple(thread), "main", (), A.Block((), span=s.span(name)), name_span=s.span(name),
                       span=s.span(m))
    members = (*arrays, *everywhere, *constant, *_size_facts(span, A.IntLit(1, span=span), groups), main)
    return A.Kernel(f"{name}_empty_inner_par", ps, members, name_span=s.span(name), span=s.span(m))


def _empty_range(s: Scope, m, ps, arrays, everywhere, constant, kernel_clauses, empty, span) -> A.Kernel:
    """The method when its par block has no iteration (`empty`: `hi <= lo` for some
    variable): nothing runs, so its precondition must give its postcondition
    (syntax/par_kernels.py)."""
    name = m.children[-3]
    return empty_range(str(name), ps, (*arrays, *everywhere, *constant), kernel_clauses, empty, s.span(name),
                       s.span(m))


def _sequential_kernel(s: Scope, m, ps, arrays, everywhere, resources, head, body: Tree) -> A.Kernel:
    name = m.children[-3]
    span = s.span(name)
    constant, thread = _method_contract(s, head)
    # A `context_everywhere` with memory holds before and after the method and around
    # each of its loops (VerCors adds it to every loop invariant).
    around = tuple(c for part, _ in resources for c in clause_as(s, part, A.ClauseKind.CONTEXT, None, s.span(part)))
    code = olds.saved(Statements(s, barriers=False).block(body), ps, arrays)
    if around:
        code = _with_invariants(code, tuple(A.Clause(A.ClauseKind.LOOP_INVARIANT, c.expr, span=c.span)
                                            for c in around))
    main = A.Procedure(around + thread, "main", (), code, name_span=span, span=s.span(m))
    members = (*arrays, *everywhere, *constant, *_size_facts(span, A.IntLit(1, span=span)), main)
    return A.Kernel(str(name), ps, members, name_span=span, span=s.span(m))


def _with_invariants(stmt, extra):
    match stmt:
        case A.Block():
            return attrs.evolve(stmt, stmts=tuple(_with_invariants(x, extra) for x in stmt.stmts))
        case A.If():
            return attrs.evolve(stmt, then=_with_invariants(stmt.then, extra),
                                otherwise=_with_invariants(stmt.otherwise, extra) if stmt.otherwise else None)
        case A.While() | A.For():
            return attrs.evolve(stmt, contract=extra + stmt.contract, body=_with_invariants(stmt.body, extra))
        case A.InvariantBlock() | A.AtomicBlock():
            return attrs.evolve(stmt, body=_with_invariants(stmt.body, extra))
    return stmt
