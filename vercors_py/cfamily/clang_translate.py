"""A C file as clang read it (a `ClangUnit`) to the language's program: its kernels,
their memory, contracts and bodies (docs/cfamily.md).

A function with CUDA's `__global__` attribute, or OpenCL's kernel attribute, is a
kernel.  Its scalar parameters are kernel parameters, with the range of their C type
as a `context_everywhere` fact; one the body assigns is copied into a local first (C
passes by value).  A pointer parameter is an array (in global memory; in OpenCL by its
address space) whose length is a parameter of its own, `\\length(a)` in annotations.
The annotations before the function give its contract, `context_everywhere` facts and
level contracts; GPUVerify's `__requires`/`__ensures` at the start of its body add to
the contract.  The launch configuration becomes facts about the sizes.  Other functions
are helpers, inlined where they are called (clang_statements.py).
"""
from __future__ import annotations

import functools
import math
import re
from pathlib import Path

import attrs
from clang.cindex import Cursor, CursorKind as K

from .. import diagnostics as D
from ..semantics.symbols import AXES, RESERVED_NAMES
from ..syntax import ast as A
from ..syntax import parser
from . import access_log, annotation_components, annotation_macros, async_flight, async_order, pure_helpers
from . import vercors_annotations, vercors_olds
from .annotation_claims import Claims
from . import clang_builtins as B
from . import clang_gpuverify as gpuverify
from . import clang_templates
from . import clang_types as T
from . import dynamic_shared
from . import host_facts
from . import parallel_loops
from . import lexer
from .clang_aggregates import root as aggregate_root
from .clang_expressions import Exprs
from .cursors import body, builtin_call, children, strip
from .clang_memory import Memory
from .clang_scope import name_span
from . import clang_parse
from .clang_parse import ClangUnit
from .clang_pointers import MAX_PASSES, Learned, Pointers
from .function_pointers import FunctionPointers
from .clang_scope import Scope, Unsupported, What, key
from .clang_shifts import definitions, facts as shift_facts
from .clang_statements import Statements
from .dialect import Dialect
from .launch import Launch, from_header
from .private_slices import is_slice_lid, slice_start
from ..source import SourceText


@attrs.frozen
class Mapped:
    program: A.Program | None
    diagnostics: tuple[D.Diagnostic, ...]


def translate(unit: ClangUnit, launch: Launch) -> Mapped:
    """The file's kernels in the language.  Ids and sizes are mapped to the reserved
    names of one dimension (`threadIdx.x` is `lid`) unless the launch has more than one
    or the file names a y or z one; then to their components (`lid.x`), and the file is
    mapped again if that showed only on the way.  So is a file where a pointer's use was
    mapped before an assignment added an array it may point into (clang_pointers.py)."""
    if not unit.ok:
        return Mapped(None, unit.diagnostics)
    dimensional = not launch.one_dimensional
    learned = Learned()
    for _ in range(MAX_PASSES):
        learned.stale = False
        mapped, scope = _translate(unit, launch, dimensional, learned)
        if scope.wants_dimensions and not scope.dimensional:
            dimensional = True
        elif not learned.stale:
            return mapped
    # Not settled: some use was mapped without all the arrays its pointer may point into.
    return Mapped(None, mapped.diagnostics + (D.error(
        "unsupported.pointer", unit.source.span(0, 0),
        f"the arrays this file's pointers may point into were not settled in {MAX_PASSES} passes"),))


def _translate(unit: ClangUnit, launch: Launch, dimensional: bool, learned: Learned) -> tuple[Mapped, Scope]:
    scope = Scope(unit, launch, dimensional)
    exprs = Exprs(scope)
    exprs.pointers = Pointers(exprs, learned)
    top = _top_level(unit)
    exprs.functions = FunctionPointers(exprs, top)
    scope.file_functions = {key(c.canonical) for c in top if c.kind in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE)}
    annotations = _annotations(unit)
    scope.claims = Claims(annotations)
    instances = clang_templates.instances(unit) if any(c.kind is K.FUNCTION_TEMPLATE for c in top) else {}
    addressed = _addressed(unit, top + [i.definition for found in instances.values() for i in found])
    written = {clang_templates.key(c) for c in top}      # explicit specialisations are kernels of their own
    file_memory = _file_memory(scope, exprs, top)
    kernels, declared = [], []
    previous_end = 0
    for c in top:
        span = scope.span(c)
        if c.kind is K.FUNCTION_DECL and c.is_definition() and _is_kernel(unit, c):
            pure_helpers.refuse_before_kernel(scope, previous_end, span.start)
            before = scope.claims.take(previous_end, span.start)
            scope.claims.reading(span.start, span.end)
            special = c.specialized_template       # an explicit specialisation `template <> ... k<float>`
            kernel = _kernel(scope, exprs, c, before, addressed, file_memory,
                             special and clang_templates.name(c, special))
            if kernel is not None:
                kernels.append(kernel)
        elif c.kind is K.FUNCTION_DECL and c.is_definition() and scope.dialect is Dialect.C \
                and (loop := parallel_loops.the_loop(scope, c)) is not None:
            before = scope.claims.take(previous_end, span.start)
            scope.claims.reading(span.start, span.end)
            kernels.extend(parallel_loops.kernels(scope, exprs, c, loop, before, _PARALLEL_LOOPS))
        elif c.kind is K.FUNCTION_TEMPLATE and any(a.kind is K.CUDAGLOBAL_ATTR for a in children(c)):
            # Each instantiation is a kernel of its own, with the template's annotations.
            before = scope.claims.take(previous_end, span.start)
            scope.claims.reading(span.start, span.end)
            found = [i for i in instances.get(clang_templates.key(c.canonical), [])
                     if clang_templates.key(i.definition) not in written]
            if not found:
                scope.problems.append(clang_templates.refusal(name_span(scope, c), c.spelling))
            for instance in found:
                kernel = _kernel(scope, exprs, instance.definition, before, addressed, file_memory,
                                 instance.name)
                if kernel is not None:
                    kernels.append(kernel)
        elif c.kind is K.FUNCTION_DECL:
            declared.extend(pure_helpers.declare_marked(scope, exprs, c, previous_end))
        previous_end = max(previous_end, span.end)
    for bounds in annotations:
        if _declares(unit, bounds):
            scope.claims.claim(bounds)
            declared.extend(_declarations(scope, bounds))
    scope.problems += scope.claims.unclaimed(unit.source, [(scope.span(c).start, scope.span(c).end) for c in top])
    functions = tuple(
        A.Function((), result, name, tuple(A.Param(A.Type.INT, f"x{i}", name_span=_nowhere(unit), span=_nowhere(unit))
                                           for i in range(arity)),
                   None, name_span=_nowhere(unit), span=_nowhere(unit))
        for name, (result, arity) in sorted(scope.functions.items())) + definitions(scope.powers, _nowhere(unit))
    scope.problems += host_facts.unknown_kernels(scope, {k.name for k in kernels})
    if not kernels and not scope.problems:
        scope.problems.append(D.error("type.no-kernel", unit.source.span(0, 0), parallel_loops.NO_KERNEL
                                      if scope.dialect is Dialect.C else "the file declares no kernel: a "
                                      "__global__ function (CUDA) or a __kernel function (OpenCL)"))
    problems = tuple(scope.problems)
    if any(d.severity is D.Severity.ERROR for d in problems):
        return Mapped(None, problems), scope
    program = A.Program(functions + tuple(declared) + tuple(kernels), span=unit.source.span(0, len(unit.source.text)))
    return Mapped(program, problems), scope


def _top_level(unit: ClangUnit) -> list[Cursor]:
    """The file's declarations, those inside `extern "C" { }` and namespaces included."""
    found, stack = [], list(reversed(_past_built_ins(list(unit.tu.cursor.get_children()))))
    while stack:
        c = stack.pop()
        if not unit.is_main_file(c.location):
            continue
        if c.kind in (K.UNEXPOSED_DECL, K.LINKAGE_SPEC, K.NAMESPACE):
            stack.extend(reversed(children(c)))
        else:
            found.append(c)
    return found


def _past_built_ins(cursors: list[Cursor]) -> list[Cursor]:
    """The translation unit's declarations after those of our built-in headers, which
    clang reads first (force-included, precompiled: some 600 declarations) and the file
    cannot add to (they are guarded): found by bisection, not by asking each where it is."""
    low, high = 0, len(cursors)
    while low < high:
        middle = (low + high) // 2
        if _built_in(cursors[middle]):
            low = middle + 1
        else:
            high = middle
    return cursors[low:]


def _built_in(c: Cursor) -> bool:
    # Only a header of ours: declarations clang makes without a place can stand anywhere.
    where = c.location.file
    return where is not None and Path(where.name).is_relative_to(clang_parse.INCLUDE_DIR)


def _nowhere(unit: ClangUnit):
    return unit.source.span(0, 0)


def _is_kernel(unit: ClangUnit, c: Cursor) -> bool:
    if unit.dialect is Dialect.OPENCL:
        # libclang shows OpenCL's kernel attribute only in the function's type.
        return "device_kernel" in c.type.spelling or "opencl_kernel" in c.type.spelling
    return any(a.kind is K.CUDAGLOBAL_ATTR for a in children(c))


def _annotations(unit: ClangUnit) -> list[tuple[int, int]]:
    """The inside of each annotation comment of the file (`/*@ ... @*/`, `//@ ...`),
    in characters; those inside preprocessor lines are not annotations."""
    scan = lexer.scan(unit.source.text)
    text = unit.source.text
    found = []
    for start, end in scan.comments:
        if any(a <= start < b for a, b in scan.directives):
            continue
        comment = text[start:end]
        if comment.startswith("/*@"):
            inner_end = end - (3 if comment.endswith("@*/") and len(comment) >= 6 else 2)
            found.append((start + 3, inner_end))
        elif comment.startswith("//@"):
            found.append((start + 3, end))
    return found


def _declares(unit: ClangUnit, bounds: tuple[int, int]) -> bool:
    """Whether an annotation declares pure functions (`pure` in it)."""
    return re.search(r"\bpure\b", unit.source.text[bounds[0]:bounds[1]]) is not None \
        and not pure_helpers.is_marker(unit.source.text, bounds)


def _declarations(scope: Scope, bounds: tuple[int, int]) -> list:
    parsed = parser.parse_annotation(scope.unit.source, *bounds, declarations=True)
    items, refused = annotation_macros.resolve(scope, parsed.items, bounds[0])
    scope.problems.extend(parsed.diagnostics + refused)
    functions = []
    for item in items:
        if isinstance(item, A.Function):
            functions.append(item)
        else:
            scope.problems.append(D.error("type.clause-placement", item.name_span,
                                          "an annotation declares pure functions; kernels are C functions"))
    return functions


def _addressed(unit: ClangUnit, top: list[Cursor]) -> set:
    """The variables whose address some function of the file takes (`&x`)."""
    found = set()
    for function in top:
        for c in function.walk_preorder():
            if c.kind is K.UNARY_OPERATOR:
                target = strip(children(c)[0]) if children(c) else None
                if target is not None and target.kind is K.DECL_REF_EXPR and target.referenced is not None \
                        and target.referenced.kind is K.VAR_DECL and unit.unary_operator(c) == "&":
                    found.add(key(target.referenced))
    return found


def _file_memory(scope: Scope, exprs: Exprs, top: list[Cursor]) -> list[A.ArrayDecl]:
    """Arrays and scalars declared at file scope in device memory: memory of every
    kernel of the file.  Their initialisers are not read: the host may change the
    contents before a launch.  One that cannot be mapped is reported where a kernel
    uses it."""
    memory = Memory(scope, exprs)
    found: list[A.ArrayDecl] = []
    for c in top:
        if c.kind is not K.VAR_DECL or c.type.is_const_qualified() and scope.dialect is Dialect.CUDA \
                and T.scalar(c.type) is not None:
            continue            # a constant: clang gives its value where it is used
        space = memory.space(c)
        if space is None:
            continue
        try:
            if T.is_array(c.type):
                memory.array(c, space, found)
            elif T.scalar(c.type) is not None:
                memory.scalar(c, space, found)
            else:
                raise Unsupported("unsupported.pointer" if T.is_pointer(c.type) else "unsupported.type",
                                  scope.span(c), f"`{c.spelling}`: memory of this type is not supported")
        except Unsupported as problem:
            scope.refuse(c, problem.diagnostic)
    return found


def _kernel(scope: Scope, exprs: Exprs, c: Cursor, annotations, addressed, file_memory,
            called: str | None = None) -> A.Kernel | None:
    unit = scope.unit
    span = scope.span(c)
    kernel_name_span = name_span(scope, c)
    if T.scalar(c.result_type) is not None or c.result_type.get_canonical().spelling != "void":
        scope.problems.append(D.error("unsupported.declaration", kernel_name_span, "a kernel returns void"))
        return None
    scope.push()
    scope.local_arrays = []
    scope.private_arrays = []
    scope.logged = access_log.Logged()
    file_shared = len(scope.extern_shared)
    try:
        params, members, copies = [], [], []
        block = body(c)
        assigned = _assigned(unit, block)
        for param in (p for p in children(c) if p.kind is K.PARM_DECL):
            try:
                _parameter(scope, exprs, param, key(param) in assigned, params, members, copies)
            except Unsupported as problem:
                scope.report(problem)
                scope.refuse(param)
        launch_facts = _launch_facts(scope, kernel_name_span)
        members.extend(launch_facts)
        contract = []
        for bounds in annotations:
            if _declares(unit, bounds):
                continue
            parsed = annotation_components.read(scope, *bounds)
            scope.problems.extend(parsed.diagnostics)
            for item in map(lambda item: vercors_annotations.launch_fact(scope, item), parsed.items):
                match item:
                    case A.Clause() | A.Decreases():
                        contract.append(item)
                    case A.ContextEverywhere() | A.LevelContract():
                        members.append(item)
                    case _:
                        scope.problems.append(D.error("type.clause-placement", item.span,
                                                      "assert and assume belong in the kernel's body"))
        members.extend(host_facts.facts(scope, c, called or c.spelling, kernel_name_span))
        statements = Statements(scope, exprs, scope.claims.annotations, addressed)
        stmts_c = children(block)
        while stmts_c and (name := builtin_call(scope, stmts_c[0])) in B.GPUVERIFY_CLAUSES:
            call = strip(stmts_c.pop(0))
            kind = B.GPUVERIFY_CLAUSES[name]
            for arg in call.get_arguments():
                try:
                    if not gpuverify.keeps(scope, name, call, arg, contract=True):
                        continue
                    clause = A.Clause(kind, exprs.cond(arg), span=scope.span(call))
                except Unsupported as problem:
                    scope.report(problem)
                    continue
                (statements.wide if kind is A.ClauseKind.LOOP_INVARIANT else contract).append(clause)
        scope.every_thread = gpuverify.run_by_every_thread(block, stmts_c)
        block_span = scope.span(block)
        start = scope.span(children(block)[len(children(block)) - len(stmts_c) - 1]).end \
            if len(stmts_c) < len(children(block)) else block_span.start
        scope.push()
        try:
            # The contract means the arguments; the body works on copies of the
            # parameters it assigns (declared only now, so the contract does not see them).
            prelude = [stmt for copy in copies for stmt in copy()]
            stmts = tuple(prelude) + tuple(statements.sequence(stmts_c, start, block_span.end))
            stmts = async_flight.rewrite(scope, stmts, async_order.follow(scope, stmts))
            stmts = vercors_olds.saved(scope, stmts, _unchanging(c, params, members + file_memory + scope.local_arrays,
                                                                 assigned))
        finally:
            scope.pop()
        stmts = access_log.instrument(scope, stmts, list(file_memory) + scope.local_arrays + members, block_span)
        clauses = tuple(x for x in contract if isinstance(x, A.Clause))
        owned = _private_permissions(scope.private_arrays, block_span)
        if owned:
            clauses = (tuple(A.Clause(A.ClauseKind.REQUIRES, p, span=p.span, implied=True) for p in owned) + clauses
                       + tuple(A.Clause(A.ClauseKind.ENSURES, p, span=p.span, implied=True) for p in owned))
            stmts = tuple(_holding(s, owned) for s in stmts)
        main = A.Procedure(clauses, "main", (), A.Block(stmts, span=block_span),
                           next((x for x in contract if isinstance(x, A.Decreases)), None),
                           name_span=kernel_name_span, span=span)
        lengths, facts = dynamic_shared.parameters(scope, kernel_name_span)
        params.extend(lengths)
        members = list(file_memory) + list(scope.local_arrays) + facts + members + list(shift_facts(scope.powers, span))
        # The depth is what the kernel itself names: its code and annotations, not the
        # launch facts (which name every axis).
        named = [m for m in members if not any(m is fact for fact in launch_facts)] + [main]
        if not scope.dimensional and _named_depth(named, components=True) > 0:
            # An annotation naming a component (`lid.x`, as `infer` writes them) reads the
            # ids of three dimensions: the file is mapped again in them, as for a host
            # fact that names one (host_facts.py), and its depth is what it names.
            scope.wants_dimensions = True
        members += _depth_facts(scope, named, kernel_name_span) + [main]
    finally:
        scope.pop()
        del scope.extern_shared[file_shared:]
    return A.Kernel(called or c.spelling, tuple(params), tuple(members), name_span=kernel_name_span, span=span,
                    warp=scope.launch.warp())


def _unchanging(c: Cursor, params, members, assigned: set) -> set[str]:
    """The names a kernel's body cannot change: its parameters it does not assign, its arrays."""
    moved = {p.spelling for p in children(c) if p.kind is K.PARM_DECL and key(p) in assigned}
    return {p.name for p in params if p.name not in moved} | {m.name for m in members if isinstance(m, A.ArrayDecl)}


def _assigned(unit: ClangUnit, block: Cursor) -> set:
    """The parameters the body assigns (`n = ...`, `n += ...`, `n++`)."""
    found = set()
    for c in block.walk_preorder():
        target = None
        if c.kind is K.COMPOUND_ASSIGNMENT_OPERATOR or (c.kind is K.BINARY_OPERATOR and c.binary_operator.name == "Assign"):
            target = strip(children(c)[0])
        elif c.kind is K.UNARY_OPERATOR and (unit.unary_operator(c) or "").endswith(("++", "--")):
            target = strip(children(c)[0])
        elif c.kind is K.CALL_EXPR and c.referenced is not None and c.referenced.spelling == "operator=":
            target = children(c)[0]
        if target is not None:
            target = aggregate_root(target)
        if target is not None and target.kind is K.DECL_REF_EXPR and target.referenced is not None \
                and target.referenced.kind is K.PARM_DECL:
            found.add(key(target.referenced))
    return found


def _parameter(scope: Scope, exprs: Exprs, param: Cursor, assigned: bool, params, members, copies) -> None:
    span = scope.span(param)
    if not param.spelling:
        raise Unsupported("unsupported.declaration", span, "a kernel parameter needs a name")
    spot = name_span(scope, param)
    if T.is_function_pointer(param.type):
        exprs.functions.parameter(param, spot, assigned, params, members, copies)
        return
    if T.is_pointer(param.type) or T.is_array(param.type):
        cells = T.pointee(param.type)
        if T.is_pointer(cells):
            raise Unsupported("unsupported.type", span, "pointers to pointers are not supported")
        space = _address_space(scope, param)
        layout = exprs.agg.layout(cells, param)
        ctype = exprs.scalar_of_cells(param) if layout is None else layout.leaves[0].ctype
        binding = scope.declare(param, What.ARRAY, ctype)
        exprs.agg.params.add(binding.name)
        length = f"\\length({binding.name})"
        params.append(A.Param(A.Type.INT, length, name_span=spot, span=span))
        members.append(A.ContextEverywhere(A.Binary(">=", A.Name(length, span=spot), A.IntLit(0, span=spot),
                                                    span=spot), span=spot))
        if layout is not None:
            # Structs and vectors: their leaves' cells (clang_aggregates.py).
            members.extend(exprs.agg.array_decls(param, binding, space, A.Name(length, span=spot), layout, spot,
                                                 param=True)[1])
            return
        members.append(A.ArrayDecl(space, T.lang_type(ctype), A.Name(length, span=spot), binding.name,
                                   T.elem_range(ctype), name_span=spot, span=span))
        if assigned:
            # The body moves or re-points it: a pointer variable, starting at the array.
            copies.append(lambda: exprs.pointers.copy(param, binding, span, spot))
        return
    layout = exprs.agg.layout(param.type, param)
    if layout is not None:
        _aggregate_parameter(scope, exprs, param, layout, assigned, params, members, copies)
        return
    ctype = exprs.scalar(param)
    binding = scope.declare(param, What.PARAM, ctype)
    params.append(A.Param(T.lang_type(ctype), binding.name, name_span=spot, span=span))
    if ctype.is_int:
        value = A.Name(binding.name, span=spot)
        fact = A.Binary("&&", A.Binary("<=", A.IntLit(ctype.lo, span=spot), value, span=spot),
                        A.Binary("<=", value, A.IntLit(ctype.hi, span=spot), span=spot), span=spot)
        members.append(A.ContextEverywhere(fact, span=spot))
    if assigned:
        # C passes by value and the body assigns it: a local copy under the same C name.
        def copy() -> list[A.VarDecl]:
            local = scope.declare(param, What.LOCAL, ctype)
            return [A.VarDecl(T.lang_type(ctype), local.name, A.Name(binding.name, span=spot), T.elem_range(ctype),
                              name_span=spot, span=span)]
        copies.append(copy)


def _aggregate_parameter(scope: Scope, exprs: Exprs, param: Cursor, layout, assigned: bool, params, members,
                         copies) -> None:
    """A struct or vector passed by value: one kernel parameter per leaf, each with the
    range of its type; copied into locals when the body assigns a part of it."""
    spot = name_span(scope, param)
    binding, declared = exprs.agg.declare(param, layout, None, kind="param")
    # A pointer field is an array of the kernel (struct_pointers.py): its length is a
    # parameter, the array and the length's fact are members.
    params.extend(d for d in declared if isinstance(d, A.Param))
    members.extend(d for d in declared if not isinstance(d, A.Param))
    for val, leaf in zip(binding.aggregate.vals, layout.leaves):
        if leaf.ctype.is_int:
            value = A.Name(val.expr.id, span=spot)
            fact = A.Binary("&&", A.Binary("<=", A.IntLit(leaf.ctype.lo, span=spot), value, span=spot),
                            A.Binary("<=", value, A.IntLit(leaf.ctype.hi, span=spot), span=spot), span=spot)
            members.append(A.ContextEverywhere(fact, span=spot))
    if assigned:
        copies.append(lambda: exprs.agg.declare(param, layout, binding.aggregate)[1])


def _address_space(scope: Scope, param: Cursor) -> A.Scope:
    if scope.dialect is not Dialect.OPENCL:
        return A.Scope.GLOBAL
    space = T.address_space(T.pointee(param.type))
    if space == "__local":
        return A.Scope.LOCAL
    if space in ("__global", "__constant"):
        return A.Scope.GLOBAL
    raise Unsupported("unsupported.pointer", scope.span(param),
                      "a kernel's pointer parameter must be __global, __constant or __local")


def _private_permissions(arrays, span) -> list:
    """The thread's write permission on its slices of the private arrays."""
    owned = []
    for name, cells in arrays:
        k = A.Name("k$", span=span)
        start = slice_start(cells, span)
        within = A.Binary("&&", A.Binary("<=", start, k, span=span), A.Binary(
            "<", k, A.Binary("+", start, A.IntLit(cells, span=span), span=span), span=span), span=span)
        owned.append(A.Quantifier(A.QuantKind.FORALL_STAR, A.Type.INT, "k$", within,
                                  A.Perm(A.Index(A.Name(name, span=span), k, span=span), A.Write(span=span), span=span),
                                  var_span=span, span=span))
    return owned


def _holding(stmt, owned: list):
    """`stmt` with the private slices' permissions kept through every loop (as an
    invariant) and every barrier (handed in and given back)."""
    match stmt:
        case A.Block():
            return attrs.evolve(stmt, stmts=tuple(_holding(s, owned) for s in stmt.stmts))
        case A.If():
            otherwise = _holding(stmt.otherwise, owned) if stmt.otherwise is not None else None
            return attrs.evolve(stmt, then=_holding(stmt.then, owned), otherwise=otherwise)
        case A.While() | A.For():
            invariants = tuple(A.Clause(A.ClauseKind.LOOP_INVARIANT, p, span=stmt.span, implied=True) for p in owned)
            return attrs.evolve(stmt, contract=invariants + stmt.contract, body=_holding(stmt.body, owned))
        case A.Barrier(contract=contract) if stmt.orders(A.Scope.LOCAL):
            # A plain barrier keeps nothing; private memory is not the barrier's business.
            pre = tuple(A.Clause(A.ClauseKind.REQUIRES, p, span=stmt.span, implied=True) for p in owned)
            post = tuple(A.Clause(A.ClauseKind.ENSURES, p, span=stmt.span, implied=True) for p in owned)
            return attrs.evolve(stmt, contract=pre + (contract or ()) + post)
    return stmt


def _launch_facts(scope: Scope, name_span) -> list[A.ContextEverywhere]:
    """The sizes of the launch configuration, the platform's own limits (which hold of
    every launch, docs/cfamily.md) and the launch assumption, as facts."""
    launch = scope.launch

    def fact(op: str, reserved: str, value: int, span) -> A.ContextEverywhere:
        return A.ContextEverywhere(A.Binary(op, A.Name(reserved, span=span), A.IntLit(value, span=span), span=span),
                                   span=span)

    facts = []
    for reserved, sizes in (("gsize", launch.local), ("ngroups", launch.groups)):
        if sizes is None:
            continue
        facts.append(fact("==", reserved, math.prod(sizes), launch.span or name_span))
        if scope.dimensional:
            padded = tuple(sizes) + (1,) * (3 - len(sizes))
            facts += [fact("==", f"{reserved}.{axis}", n, launch.span or name_span) for axis, n in zip(AXES, padded)]
    if launch.local is not None and launch.groups is not None:
        # Implied by the two above; stated with its value, an index `tid.y * M + tid.x`
        # given `M == tcount.x` is linear for the solver.
        facts += [fact("==", name, n, launch.span or name_span) for name, n in B.global_sizes(launch, scope.dimensional)]
    if scope.dialect is Dialect.CUDA:
        facts.append(fact("<=", "gsize", B.CUDA_MAX_BLOCK, name_span))
        if scope.dimensional:
            facts.append(fact("<=", "gsize.z", B.CUDA_MAX_BLOCK_Z, name_span))
        if launch.groups is None:
            if not scope.dimensional:
                facts.append(fact("<=", "ngroups", B.CUDA_MAX_GRID_X, name_span))
            else:
                facts += [fact("<=", f"ngroups.{axis}", limit, name_span)
                          for axis, limit in zip(AXES, (B.CUDA_MAX_GRID_X, B.CUDA_MAX_GRID_YZ, B.CUDA_MAX_GRID_YZ))]
    else:
        # OpenCL's ids and sizes are size_t values, so the global size is one too.
        facts.append(fact("<=", "tcount", B.SIZE_T_MAX, name_span))
        if scope.dimensional:
            facts += [fact("<=", f"tcount.{axis}", B.SIZE_T_MAX, name_span) for axis in AXES]
    if B.launch_assumed(launch):
        axes = [f"tcount.{axis}" for axis in AXES] if scope.dimensional else ["tcount"]
        facts += [attrs.evolve(fact("<=", name, B.MAX_THREADS_PER_DIMENSION, name_span),
                               assumed=B.THREADS_ASSUMED) for name in axes]
    if not scope.dimensional and (launch.local is None or launch.groups is None) and launch.dims is None:
        # Mapped in one dimension, the kernel is checked for launches of one; the host
        # may launch more, where threads that differ only in y share every id the kernel
        # reads.  Stated, not modelled: the fact itself holds of every launch.
        facts.append(attrs.evolve(fact(">=", "gsize", 1, name_span), assumed=B.depth_assumed(1)))
    return facts


def _depth_facts(scope: Scope, members, name_span) -> list[A.ContextEverywhere]:
    """Sizes of 1 along the axes beyond a kernel's depth, where the launch leaves them
    open: CUDA and OpenCL launch a dimension the host does not name with size 1, and a
    kernel that never names z cannot tell two threads apart that differ only in z.  The
    depth is `--dims` if given (the user's fact), else the kernel's own: up to the last
    axis any of its ids or sizes names (a linear id names them all), stated as an
    assumption.  A private slice's `lid` is the mapping's, not the kernel's
    (private_slices.py)."""
    launch = scope.launch
    if not scope.dimensional:
        return []
    depth = launch.dims or _named_depth(members)
    facts = []
    for axis in AXES[depth:]:
        open_ = [reserved for reserved, sizes in (("gsize", launch.local), ("ngroups", launch.groups))
                 if sizes is None]
        if not open_:
            continue
        terms = [A.Binary("==", A.Name(f"{reserved}.{axis}", span=name_span), A.IntLit(1, span=name_span),
                          span=name_span) for reserved in open_]
        expr = functools.reduce(lambda a, b: A.Binary("&&", a, b, span=name_span), terms)
        facts.append(A.ContextEverywhere(expr, span=name_span,
                                         assumed=None if launch.dims else B.depth_assumed(depth)))
    return facts


def _named_depth(members, components: bool = False) -> int:
    """How many axes a kernel's code and annotations distinguish (with `components`: by
    the components they name alone, 0 where they name none)."""
    depth = 0 if components else 1
    for node in (n for member in members for n in A.walk(member)):
        if isinstance(node, A.Name) and node.id.partition(".")[0] in RESERVED_NAMES and not is_slice_lid(node):
            family, _, axis = node.id.partition(".")
            if not axis:
                if components:
                    continue
                if family in ("lid", "gid", "tid"):
                    return 3
                continue
            depth = max(depth, AXES.index(axis) + 1)
    return depth


_PARALLEL_LOOPS = parallel_loops.FileMapping(_parameter, _assigned, _addressed, _declares)


def parse(text: str, path: str, launch: Launch | None = None) -> tuple[ClangUnit, Mapped]:
    """Clang's reading of a C file with the launch header's and the command line's
    defines, and its mapping (what `frontend.parse` does for a C file)."""
    header = from_header(SourceText(path, text))
    launch = (launch or Launch()).over(header)
    unit = clang_parse.parse(text, path, defines=launch.defines)
    return unit, translate(unit, launch)
