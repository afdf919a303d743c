"""VerCors's parallel loops in plain C (docs/vercors-c-annotations.md, "Parallel loops").

A `for (int i = lo; i < hi; i++)` loop with an *iteration contract* (a `/*@ ... @*/`
between its header and its body) is VerCors's parallel loop (Blom, Darabi, Huisman,
"Verification of loop parallelisations", FASE 2015; VerCors's IterationContractToParBlock
turns it into a `par` block): its iterations run concurrently, each under the iteration
contract.  A C function whose whole body is one such loop is mapped as VerCors's PVL front
end maps a method whose whole body is one `par` block (vercors_pvl/methods.py): a kernel
of one group of `hi - lo` threads, `i` read as `lo + tid`, the function's contract as the
kernel's (its facts over parameters alone as `context_everywhere`), the iteration contract
as the thread's; and a kernel `NAME_empty_par` of one thread for the range without
iterations, where the function's precondition must give its postcondition
(syntax/par_kernels.py).

`//@ send S, d: R;` directly followed by `//@ recv S;` at the top of the loop's body is
one barrier of the group (VerCors's EncodeSendRecv: the send exhales `i < hi - d ==> R`,
the recv inhales `i >= lo + d ==> R[i := i - d]`), with VerCors's frame: a thread hands
in only what the send names and keeps the rest (A.Barrier.keeps_frame).  With nothing
between the two, the barrier moves exactly what the pair moves.  Any other placement is
refused at its place.
"""
from __future__ import annotations

import re

import attrs
from typing import Callable

from clang.cindex import Cursor, CursorKind as K

from .. import diagnostics as D
from ..syntax import ast as A
from ..syntax.par_kernels import empty_range, size_facts
from . import access_log, annotation_claims, annotation_components
from . import clang_types as T
from .clang_expressions import Exprs
from .clang_scope import Scope, Unsupported, What, key, name_span
from .clang_statements import Statements
from .cursors import body as body_of, children, operator, strip

NO_KERNEL = ("the file declares no kernel: a C function whose whole body is one `for` loop with an iteration "
             "contract (VerCors's parallel loop)")
_SEND = re.compile(r"\s*send\s+(?P<label>[A-Za-z_]\w*)\s*,\s*(?P<distance>[^:;]*?)\s*:")
_RECV = re.compile(r"\s*recv\s+(?P<label>[A-Za-z_]\w*)\s*;?\s*$")
_PAIR = re.compile(r"\s*(send|recv)\b")
_FLOW = {K.RETURN_STMT: "`return` leaves the function, ending the loop for every iteration after it",
         K.GOTO_STMT: "`goto`", K.INDIRECT_GOTO_STMT: "`goto`"}
_LOOPS = {K.FOR_STMT, K.WHILE_STMT, K.DO_STMT}


@attrs.frozen
class FileMapping:
    """What the mapping of the file's kernels (clang_translate.py) lends a parallel loop:
    how a parameter is mapped, which parameters a body assigns, which variables have
    their address taken, whether an annotation declares pure functions."""
    parameter: Callable
    assigned: Callable
    addressed: Callable
    declares: Callable


def the_loop(scope: Scope, function: Cursor) -> Cursor | None:
    """The first loop with an iteration contract in a function's body, if any: the
    function is then a parallel loop's (or refused as one)."""
    block = body_of(function)
    if block is None:
        return None
    return next((c for c in block.walk_preorder() if c.kind is K.FOR_STMT and _contract_bounds(scope, c)), None)


def kernels(scope: Scope, exprs: Exprs, function: Cursor, loop: Cursor, annotations: list,
            translate: FileMapping) -> list[A.Kernel]:
    """The kernels of a function whose body is one parallel loop; none (the problems
    reported) if it cannot be mapped exactly."""
    block = body_of(function)
    if [strip(c) for c in children(block)] != [loop]:
        scope.problems.append(D.error("unsupported.statement", scope.span(loop),
                                      "a loop with an iteration contract beside other statements of its function: "
                                      "only a function whose whole body is one such loop is mapped"))
        return []
    if function.result_type.get_canonical().spelling != "void":
        scope.problems.append(D.error("unsupported.declaration", name_span(scope, function),
                                      "a function whose body is a parallel loop returns void"))
        return []
    # Read by this construct even where it is refused (not also misplaced annotations).
    inner = scope.span(children(loop)[-1])
    for bounds in scope.claims.annotations:
        if bounds == _contract_bounds(scope, loop) or inner.start <= bounds[0] and bounds[1] <= inner.end \
                and _PAIR.match(scope.unit.source.text, *bounds):
            scope.claims.claim(bounds)
    before = len(scope.problems)
    scope.push()
    scope.local_arrays, scope.private_arrays = [], []
    scope.logged, scope.every_thread = access_log.Logged(), set()
    try:
        return _kernels(scope, exprs, function, loop, annotations, block, before, translate)
    except Unsupported as problem:
        scope.report(problem)
        return []
    finally:
        scope.pop()


def _kernels(scope, exprs, function, loop, annotations, block, before, translate) -> list[A.Kernel]:
    unit = scope.unit
    name, spot, span = function.spelling, name_span(scope, function), scope.span(function)
    params, members = [], []
    assigned = translate.assigned(unit, block)
    for param in (p for p in children(function) if p.kind is K.PARM_DECL):
        if key(param) in assigned:
            # Each iteration would see the others' assignments (C runs them in turn).
            raise Unsupported("unsupported.statement", name_span(scope, param),
                              f"the parallel loop's body assigns the parameter `{param.spelling}`, which its "
                              "iterations share")
        try:
            translate.parameter(scope, exprs, param, False, params, members, [])
        except Unsupported as problem:
            scope.report(problem)
            scope.refuse(param)
    everywhere, kernel_clauses = _function_contract(scope, annotations, translate)
    checks: list[A.Expr] = []
    var, lo, hi = _range(scope, exprs, loop, checks)
    thread = _iteration_contract(scope, loop)
    main_body = _body(scope, exprs, loop, var, lo, hi, translate)
    if len(scope.problems) > before:
        return []
    if scope.private_arrays:
        raise Unsupported("unsupported.pointer", scope.span(loop), "a parallel loop's body takes the address of "
                          "one of its variables")
    for node in A.walk(main_body):
        if isinstance(node, A.Assign) and node.target.id == var.name:
            raise Unsupported("unsupported.statement", node.span, f"the parallel loop's body assigns its variable "
                              f"`{var.spelling}` (VerCors: writeParVar)")
    header = scope.span(loop)
    size = hi if isinstance(lo, A.IntLit) and lo.value == 0 else A.Binary("-", hi, lo, span=header)
    at = lambda node: _iteration(var, lo, node)      # noqa: E731
    thread = tuple(_bound(c, var.name, at) for c in thread)
    # The bounds' C evaluation, checked in every thread and in the kernel of the empty range.
    evaluated = tuple(A.VarDecl(A.Type.INT, f"{var.spelling}$bound{k}", e, name_span=e.span, span=e.span)
                      for k, e in enumerate(checks))
    code = _bound(main_body, var.name, at)
    main = A.Procedure(thread, "main", (), attrs.evolve(code, stmts=evaluated + code.stmts), name_span=header,
                       span=header)
    memory = (*scope.local_arrays, *members, *everywhere)
    level = A.LevelContract(A.Level.KERNEL, kernel_clauses, span=span)
    kernel = A.Kernel(name, tuple(params), (*memory, *size_facts(header, size), level, main), name_span=spot,
                      span=span)
    empty = empty_range(name, params, memory, kernel_clauses,
                        A.Binary("<=", size, A.IntLit(0, span=header), span=header), spot, span)
    if evaluated:
        first = empty.members[-1]
        empty = attrs.evolve(empty, members=empty.members[:-1] + (attrs.evolve(first, body=A.Block(
            evaluated, span=first.body.span)),))
    return [kernel, empty]


class _Var:
    """The loop's variable: its name in the mapped program (replaced by `lo + tid` once
    the body is mapped) and in C."""

    def __init__(self, name: str, spelling: str):
        self.name, self.spelling = name, spelling


def _iteration(var: _Var, lo: A.Expr, node: A.Name) -> A.Expr:
    """`i` at one of its uses: `lo + tid`, at the use's place."""
    tid = A.Name("tid", span=node.span, spelling=var.spelling)
    if isinstance(lo, A.IntLit) and lo.value == 0:
        return tid
    return A.Binary("+", lo, tid, span=node.span)


def _bound(node, name: str, value):
    """`node` with each use of the variable `name` replaced by `value(use)`."""
    if isinstance(node, A.Name) and node.id == name:
        return value(node)
    return A.map_children(node, lambda n: _bound(n, name, value))


# ---- the function's contract ----

def _function_contract(scope: Scope, annotations, translate: FileMapping) -> tuple[list, tuple]:
    """The annotations before the function: facts without memory (over its parameters,
    which the body never assigns, so they hold throughout) as `context_everywhere`, the
    rest as the kernel's contract, as VerCors's PVL methods (vercors_pvl/methods.py)."""
    everywhere, clauses = [], []
    for bounds in annotations:
        if translate.declares(scope.unit, bounds):
            continue
        parsed = annotation_components.read(scope, *bounds)
        scope.problems.extend(parsed.diagnostics)
        for item in parsed.items:
            match item:
                case A.ContextEverywhere() if _no_memory(item.expr):
                    everywhere.append(item)
                case A.ContextEverywhere():
                    scope.problems.append(D.error(
                        "unsupported.declaration", item.span, "a `context_everywhere` with permissions or memory on "
                        "a parallel loop's function (VerCors hands each iteration its share): write it as `context`"))
                case A.Clause(kind=A.ClauseKind.REQUIRES | A.ClauseKind.CONTEXT):
                    for part in _conjuncts(item.expr):
                        if _no_memory(part):
                            everywhere.append(A.ContextEverywhere(part, span=item.span))
                        else:
                            clauses.append(A.Clause(item.kind, part, span=item.span))
                case A.Clause(kind=A.ClauseKind.ENSURES):
                    clauses.append(item)
                case _:
                    scope.problems.append(D.error("type.clause-placement", item.span,
                                                  "a parallel loop's function takes requires, ensures, context and "
                                                  "context_everywhere clauses"))
    return everywhere, tuple(clauses)


def _conjuncts(e: A.Expr) -> list[A.Expr]:
    if isinstance(e, A.Binary) and e.op in ("&&", "**"):
        return _conjuncts(e.left) + _conjuncts(e.right)
    return [e]


def _no_memory(e: A.Expr) -> bool:
    return not any(isinstance(n, (A.Index, A.Perm, A.Old)) for n in A.walk(e))


# ---- the loop ----

def _contract_bounds(scope: Scope, loop: Cursor) -> tuple[int, int] | None:
    """The annotation between a for loop's header and its body: its iteration contract."""
    parts = children(loop)
    if not parts:
        return None
    start = scope.span(parts[-1]).start
    header = annotation_claims.header_end(scope, loop, start)
    return next((a for a in scope.claims.annotations if header <= a[0] and a[1] <= start), None)


def _range(scope: Scope, exprs: Exprs, loop: Cursor, checks: list) -> tuple[_Var, A.Expr, A.Expr]:
    """The loop's variable (declared) and its bounds: `for (T i = lo; i < hi; i++)`, with
    lo and hi of i's type and made of its parameters and constants (evaluated once, as
    VerCors's par block evaluates its range)."""
    parts = children(loop)
    shape = "a parallel loop is written `for (int i = lo; i < hi; i++)`"
    if len(parts) != 4 or parts[0].kind is not K.DECL_STMT or len(children(parts[0])) != 1:
        raise Unsupported("unsupported.statement", scope.span(loop), shape)
    decl = children(parts[0])[0]
    ctype = T.scalar(decl.type)
    init = [c for c in children(decl) if c.kind is not K.TYPE_REF]
    if decl.kind is not K.VAR_DECL or ctype is None or not ctype.is_int or len(init) != 1:
        raise Unsupported("unsupported.statement", scope.span(parts[0]), shape + ", of an integer variable")
    lo = _bound_expr(scope, exprs, init[0], decl, checks)
    cond, step = strip(parts[1]), strip(parts[2])
    sides = children(cond) if cond.kind is K.BINARY_OPERATOR else []
    if operator(cond) != "<" or len(sides) != 2 or not _names(strip(sides[0]), decl) \
            or any(side.type.get_canonical().spelling != decl.type.get_canonical().spelling for side in sides):
        raise Unsupported("unsupported.statement", scope.span(parts[1]),
                          f"{shape}: the condition compares `{decl.spelling}` with `<` to a value of its type")
    hi = _bound_expr(scope, exprs, sides[1], decl, checks)
    if step.kind is not K.UNARY_OPERATOR or scope.unit.unary_operator(step) not in ("pre++", "post++") \
            or not _names(strip(children(step)[0]), decl):
        raise Unsupported("unsupported.statement", scope.span(parts[2]), f"{shape}: the step is `{decl.spelling}++`")
    binding = scope.declare(decl, What.LOCAL, ctype, c_name=f"{decl.spelling}$par")
    return _Var(binding.name, decl.spelling), lo, hi


def _names(c: Cursor, decl: Cursor) -> bool:
    return c.kind is K.DECL_REF_EXPR and c.referenced is not None and key(c.referenced) == key(decl)


_BOUND_NODES = (A.Name, A.IntLit, A.Binary, A.Unary, A.Fits)


def _bound_expr(scope: Scope, exprs: Exprs, c: Cursor, decl: Cursor, checks: list) -> A.Expr:
    """A bound of the range, of parameters and constants: its value, and in `checks`
    its C evaluation where that may overflow (`-n`), which runs once before the loop."""
    e = exprs.value(c).expr
    if any(not isinstance(n, _BOUND_NODES) or isinstance(n, A.Name) and not _parameter(scope, n) for n in A.walk(e)):
        raise Unsupported("unsupported.statement", scope.span(c),
                          f"a bound of `{decl.spelling}` in a parallel loop is made of parameters and constants")
    if any(isinstance(n, A.Fits) for n in A.walk(e)):
        checks.append(e)
    return _unchecked(e)


def _unchecked(e: A.Expr) -> A.Expr:
    """The value of a C expression whose checks pass (its `Fits` nodes are their values)."""
    return _unchecked(e.expr) if isinstance(e, A.Fits) else A.map_children(e, _unchecked)


def _parameter(scope: Scope, name: A.Name) -> bool:
    binding = scope.by_name(name.spelling or name.id)
    return binding is not None and binding.what is What.PARAM


def _iteration_contract(scope: Scope, loop: Cursor) -> tuple[A.Clause, ...]:
    bounds = _contract_bounds(scope, loop)
    scope.claims.claim(bounds)
    parsed = annotation_components.read(scope, *bounds)
    scope.problems.extend(parsed.diagnostics)
    clauses = []
    for item in parsed.items:
        if isinstance(item, A.Clause) and item.kind in (A.ClauseKind.REQUIRES, A.ClauseKind.ENSURES,
                                                        A.ClauseKind.CONTEXT):
            clauses.append(item)
        else:
            scope.problems.append(D.error("unsupported.declaration", item.span,
                                          "an iteration contract takes requires, ensures and context clauses"))
    return tuple(clauses)


# ---- the body ----

def _body(scope: Scope, exprs: Exprs, loop: Cursor, var: _Var, lo: A.Expr, hi: A.Expr,
          translate: FileMapping) -> A.Block:
    """The loop's body as the thread's, its `send`/`recv` pair as a barrier."""
    inner = children(loop)[-1]
    span = scope.span(inner)
    _refuse_flow(scope, inner)
    stmts = children(inner) if inner.kind is K.COMPOUND_STMT else [inner]
    source = scope.unit.source
    pairs = [a for a in scope.claims.annotations if span.start <= a[0] and a[1] <= span.end
             and _PAIR.match(source.text, a[0], a[1])]
    others = [a for a in scope.claims.annotations if a not in pairs]
    statements = Statements(scope, exprs, others, translate.addressed(scope.unit, [inner]))
    for bounds in pairs:
        scope.claims.claim(bounds)
    send, recv = _pair(scope, stmts, pairs)
    scope.push()
    try:
        if send is None:
            return A.Block(tuple(statements.sequence(stmts, span.start, span.end)), span=span)
        first = [c for c in stmts if scope.span(c).end <= send[0]]
        rest = stmts[len(first):]
        out = statements.sequence(first, span.start, send[0])
        barrier = _barrier(scope, send, recv, var, lo, hi)
        out += [barrier] + statements.sequence(rest, recv[1], span.end)
        return A.Block(tuple(out), span=span)
    finally:
        scope.pop()


def _refuse_flow(scope: Scope, c: Cursor, in_loop: bool = False, in_switch: bool = False) -> None:
    """Jumps out of an iteration have no counterpart in the parallel reading."""
    for child in children(c):
        kind = child.kind
        if kind in _FLOW or kind is K.BREAK_STMT and not (in_loop or in_switch) \
                or kind is K.CONTINUE_STMT and not in_loop:
            word = _FLOW.get(kind) or f"`{'break' if kind is K.BREAK_STMT else 'continue'}` of the loop"
            raise Unsupported("unsupported.statement", scope.span(child), f"{word} in a parallel loop's body")
        _refuse_flow(scope, child, in_loop or kind in _LOOPS, in_switch or kind is K.SWITCH_STMT)


def _pair(scope: Scope, stmts: list[Cursor], pairs: list) -> tuple:
    """The send and the recv of the loop's body, if any: one of each, of one label, at
    the body's top, the recv right after the send."""
    if not pairs:
        return None, None
    text, source = scope.unit.source.text, scope.unit.source
    refuse = lambda bounds, why: Unsupported("unsupported.statement", source.span(*bounds), why)  # noqa: E731
    for bounds in pairs:
        if any(scope.span(c).start < bounds[0] and bounds[1] <= scope.span(c).end for c in stmts):
            raise refuse(bounds, "`send`/`recv` inside a statement of a parallel loop's body (in a branch or a "
                                 "loop): only a pair at the body's top, the recv right after the send, is mapped")
    sends = [a for a in pairs if _SEND.match(text, a[0], a[1])]
    recvs = [a for a in pairs if _RECV.match(text, a[0], a[1])]
    if len(sends) + len(recvs) != len(pairs):
        raise refuse(pairs[0], "a `send` is written `send LABEL, DISTANCE: RESOURCE;`, a `recv` `recv LABEL;`")
    if len(sends) != 1 or len(recvs) != 1:
        raise refuse((sends or recvs)[-1], "a parallel loop's body with other than one `send` and one `recv`: only "
                                           "one pair is mapped")
    send, recv = sends[0], recvs[0]
    if recv[0] < send[0]:
        raise refuse(recv, "a `recv` before its `send` (a backward dependence: an iteration waits for an earlier "
                           "one's end) has no exact counterpart as a barrier")
    if _SEND.match(text, *send)["label"] != _RECV.match(text, *recv)["label"]:
        raise refuse(recv, "a `recv` of another label than the `send`'s")
    if any(send[1] <= scope.span(c).start and scope.span(c).end <= recv[0] for c in stmts) \
            or any(send[1] <= a[0] and a[1] <= recv[0] for a in scope.claims.annotations):
        raise refuse(recv, "statements between a `send` and its `recv`: only a recv right after the send is mapped "
                           "(as one barrier)")
    return send, recv


def _barrier(scope: Scope, send, recv, var: _Var, lo: A.Expr, hi: A.Expr) -> A.Barrier:
    """`send S, d: R; recv S;` as VerCors encodes it (EncodeSendRecv): the send gives up
    `i < hi - d ==> R` (to iteration i + d; the last d iterations keep R), the recv gets
    `i >= lo + d ==> R[i := i - d]` (the first d iterations get nothing)."""
    text = scope.unit.source.text
    m = _SEND.match(text, *send)
    distance = m["distance"]
    if not distance.isdigit() or int(distance) < 1:
        raise Unsupported("unsupported.statement", scope.unit.source.span(m.start("distance"), m.end("distance")),
                          "a send's distance is a positive integer constant")
    d = int(distance)
    # `send S, d:` written as `requires` (as long, every offset kept): the grammar reads R.
    word = text.index("send", m.start(0))
    written = text[:word] + "requires".ljust(m.end() - word) + text[m.end():]
    parsed = annotation_components.read(scope, *send, text=written)
    scope.problems.extend(parsed.diagnostics)
    if len(parsed.items) != 1 or not isinstance(parsed.items[0], A.Clause):
        raise Unsupported("unsupported.statement", scope.unit.source.span(*send), "a send names one resource")
    resource = parsed.items[0].expr
    locals_ = [n for n in A.walk(resource) if isinstance(n, A.Name) and n.id != var.name
               and n.id in scope.local_types]
    if locals_:
        raise Unsupported("unsupported.statement", locals_[0].span, f"a send's resource names `{locals_[0].id}`, a "
                          "variable of the sending iteration: only the loop's variable is read at the receiver")
    span = scope.unit.source.span(send[0], recv[1])
    i = A.Name(var.name, span=span)
    lit = A.IntLit(d, span=span)
    sends = A.Binary("<", i, A.Binary("-", hi, lit, span=span), span=span)
    receives = A.Binary(">=", i, A.Binary("+", lo, lit, span=span), span=span)
    earlier = _bound(resource, var.name, lambda n: A.Binary("-", A.Name(var.name, span=n.span), lit, span=n.span))
    clauses = [A.Clause(A.ClauseKind.REQUIRES, A.Binary("==>", sends, part, span=part.span), span=part.span)
               for part in _conjuncts(resource)]
    clauses += [A.Clause(A.ClauseKind.ENSURES, A.Binary("==>", receives, part, span=part.span), span=part.span)
                for part in _conjuncts(earlier)]
    return A.Barrier((A.Fence.LOCAL, A.Fence.GLOBAL), tuple(clauses), span=span, keeps_frame=True,
                     among=A.Among.SEND)
