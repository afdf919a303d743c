"""A parsed C file to the language's program: its kernels, their memory, contracts and
bodies (docs/cfamily.md).

A `__global__` (CUDA) or `kernel` (OpenCL) function is a kernel.  Its scalar parameters
are kernel parameters, with the range of their C type as a `context_everywhere` fact; a
parameter the body assigns is copied into a local variable first (C passes by value).
A pointer or array parameter is an array in global memory (`__local` in OpenCL: local
memory) whose length is a parameter of its own, `\\length(a)` in annotations.  The
annotation before the function gives its contract, `context_everywhere` facts and level
contracts; GPUVerify's `__requires`/`__ensures` at the start of its body add to the
contract.  The launch configuration becomes `context_everywhere` facts about the sizes.
Other functions are `__device__` helpers, inlined where they are called.
"""
from __future__ import annotations

import math
import re

import attrs

from .. import diagnostics as D
from ..semantics.symbols import AXES
from ..syntax import ast as A
from ..syntax import parser
from . import builtins as B
from . import ctypes as C
from .dialect import Dialect
from .expressions import Exprs, declarator_name
from .launch import Launch
from .macros import Macros
from .parse import ParsedUnit
from .qualifiers import Role
from .renaming import in_c_scope
from .scope import Scope, Unsupported, What, code_children, descendants
from .statements import Statements, lang_type, annotation_range, declarators, elem_range


@attrs.frozen
class Mapped:
    program: A.Program | None
    diagnostics: tuple[D.Diagnostic, ...]


def translate(unit: ParsedUnit, launch: Launch) -> Mapped:
    """The file's kernels in the language.  Ids and sizes are mapped to the reserved
    names of one dimension (`threadIdx.x` is `lid`) unless the launch has more than one
    or the file names a y or z one; then to their components (`lid.x`), and the file is
    mapped again if that showed only on the way."""
    if unit.problems or unit.tree is None:
        return Mapped(None, unit.problems)
    mapped, scope = _translate(unit, launch, not launch.one_dimensional)
    if scope.wants_dimensions and not scope.dimensional:
        mapped, _ = _translate(unit, launch, True)
    return mapped


def _translate(unit: ParsedUnit, launch: Launch, dimensional: bool) -> tuple[Mapped, Scope]:
    scope = Scope(unit, launch, dimensional)
    macros = Macros(unit, launch.defines)
    top = _top_level(unit.root)
    devices = {name: node for node in top if node.type == "function_definition"
               and not _is_kernel(unit, node) and (name := _function_name(unit, node))}
    exprs = Exprs(scope, macros, devices)
    file_memory = _file_memory(scope, exprs, top)
    kernels, declared = [], []
    for node in top:
        if node.type == "comment" and _declares(unit, node):
            declared.extend(_declarations(scope, node))
    for at, node in enumerate(top):
        if node.type == "function_definition" and _is_kernel(unit, node):
            kernel = _kernel(scope, exprs, node, _annotations_before(unit, top, at), file_memory)
            if kernel is not None:
                kernels.append(kernel)
        elif node.type in ("template_declaration",) and "__global__" in unit.text_of(node):
            scope.problems.append(D.error("unsupported.declaration", unit.span_of(node), "template kernels are not supported"))
        elif node.type.startswith("preproc_if") and _contains_kernel(unit, node):
            scope.problems.append(D.error("unsupported.macro", unit.span_of(node),
                                          "kernels inside #if/#ifdef are not supported"))
    functions = tuple(
        A.Function((), result, name, tuple(A.Param(A.Type.INT, f"x{i}", name_span=_nowhere(unit), span=_nowhere(unit))
                                           for i in range(arity)),
                   None, name_span=_nowhere(unit), span=_nowhere(unit))
        for name, (result, arity) in sorted(scope.functions.items()))
    if not kernels and not scope.problems:
        scope.problems.append(D.error("type.no-kernel", unit.source.span(0, 0),
                                      "the file declares no kernel: a __global__ function (CUDA) or a "
                                      "__kernel function (OpenCL)"))
    problems = tuple(scope.problems)
    if any(d.severity is D.Severity.ERROR for d in problems):
        return Mapped(None, problems), scope
    program = A.Program(functions + tuple(declared) + tuple(kernels), span=unit.source.span(0, len(unit.source.text)))
    return Mapped(program, problems), scope


def _top_level(root) -> list:
    """The file's declarations, those inside `extern "C" { ... }` included."""
    found = []
    for node in root.named_children:
        body = node.child_by_field_name("body") if node.type == "linkage_specification" else None
        if body is None:
            found.append(node)
        elif body.type == "declaration_list":
            found.extend(body.named_children)
        else:
            found.append(body)
    return found


def _nowhere(unit: ParsedUnit):
    return unit.source.span(0, 0)


def _is_kernel(unit: ParsedUnit, node) -> bool:
    if unit.dialect is Dialect.OPENCL:
        return any(q.role is Role.FUNCTION for q in unit.qualifiers.of_node(node))
    return any(c.type == "__global__" for c in node.children)


def _contains_kernel(unit: ParsedUnit, node) -> bool:
    return any(n.type == "function_definition" and _is_kernel(unit, n) for n in descendants(node))


def _function_name(unit: ParsedUnit, node) -> str | None:
    declarator = node.child_by_field_name("declarator")
    while declarator is not None and declarator.type != "function_declarator":
        declarator = declarator.child_by_field_name("declarator")
    if declarator is None:
        return None
    name = declarator.child_by_field_name("declarator")
    return unit.text_of(name) if name is not None and name.type == "identifier" else None


def _declares(unit: ParsedUnit, comment) -> bool:
    """Whether a top-level annotation declares pure functions (`pure` in it) rather than
    holding the contract of the kernel after it."""
    bounds = annotation_range(unit, comment)
    return bounds is not None and re.search(r"\bpure\b", unit.source.text[bounds[0]:bounds[1]]) is not None


def _declarations(scope: Scope, comment) -> list:
    parsed = parser.parse_annotation(scope.unit.source, *annotation_range(scope.unit, comment), declarations=True)
    scope.problems.extend(parsed.diagnostics)
    functions = []
    for item in parsed.items:
        if isinstance(item, A.Function):
            functions.append(item)
        else:
            scope.problems.append(D.error("type.clause-placement", item.name_span,
                                          "an annotation declares pure functions; kernels are C functions"))
    return functions


def _annotations_before(unit: ParsedUnit, top, at: int) -> list:
    """The contract annotations right before the top-level node at index `at`."""
    comments = []
    for node in reversed(top[:at]):
        if node.type != "comment":
            break
        if annotation_range(unit, node) is not None and not _declares(unit, node):
            comments.append(node)
    return list(reversed(comments))


def _file_memory(scope: Scope, exprs: Exprs, top) -> list[A.ArrayDecl]:
    """Arrays and scalars declared at file scope in device memory (`__device__`,
    `__constant__` and `__shared__` in CUDA, `__constant`/`__global`/`__local` in OpenCL):
    memory of every kernel of the file.  Their initialisers are not read: the host may
    change the contents before a launch.  One that cannot be mapped is reported where a
    kernel uses it."""
    unit = scope.unit
    statements = Statements(scope, exprs)
    memory: list[A.ArrayDecl] = []
    for node in top:
        if node.type != "declaration":
            continue
        space = _file_space(scope, node)
        if space is None:
            continue
        span = unit.span_of(node)
        for declarator, value in declarators(node):
            if declarator.type == "function_declarator":
                continue
            try:
                ctype = exprs.type_of(node.child_by_field_name("type"))
                if declarator.type == "array_declarator":
                    statements.local_array(declarator, ctype, True, value, span, scope=space, into=memory)
                elif declarator.type == "identifier":
                    statements.memory_scalar(declarator, ctype, space, span, into=memory)
                else:
                    raise Unsupported("unsupported.pointer", unit.span_of(declarator),
                                      "pointers at file scope are not supported")
            except Unsupported as problem:
                for name in exprs.declared_names(node):
                    scope.refuse(name, problem.diagnostic)
    return memory


def _file_space(scope: Scope, node) -> A.Scope | None:
    if scope.dialect is Dialect.OPENCL:
        spaces = {q.name for q in scope.unit.qualifiers.of_node(node) if q.role is Role.ADDRESS_SPACE}
        return A.Scope.LOCAL if "local" in spaces else A.Scope.GLOBAL if spaces & {"global", "constant"} else None
    marks = {scope.unit.text_of(c) for c in node.children if c.type in ("type_qualifier", "__device__")}
    return A.Scope.LOCAL if "__shared__" in marks else A.Scope.GLOBAL if marks & {"__device__", "__constant__"} else None


def _kernel(scope: Scope, exprs: Exprs, node, annotations, file_memory) -> A.Kernel | None:
    unit = scope.unit
    name = _function_name(unit, node)
    declarator = node.child_by_field_name("declarator")
    while declarator.type != "function_declarator":
        declarator = declarator.child_by_field_name("declarator")
    name_node = declarator.child_by_field_name("declarator")
    name_span = unit.span_of(name_node)
    span = unit.span_of(node)
    if unit.text_of(node.child_by_field_name("type")) != "void":
        scope.problems.append(D.error("unsupported.declaration", unit.span_of(node.child_by_field_name("type")),
                                      "a kernel returns void"))
        return None
    scope.push()
    scope.local_arrays = []
    scope.private_arrays = []
    try:
        params, members, copies = [], [], []
        body = node.child_by_field_name("body")
        assigned = _assigned_names(unit, body)
        for param in declarator.child_by_field_name("parameters").named_children:
            if param.type != "parameter_declaration":
                continue
            try:
                _parameter(scope, exprs, param, assigned, params, members, copies)
            except Unsupported as problem:
                scope.report(problem)
        members.extend(_launch_facts(scope, name_span))
        contract = []
        for comment in annotations:
            bounds = annotation_range(unit, comment)
            parsed = parser.parse_annotation(unit.source, *bounds)
            scope.problems.extend(parsed.diagnostics)
            for item in (in_c_scope(i, scope) for i in parsed.items):
                match item:
                    case A.Clause() | A.Decreases():
                        contract.append(item)
                    case A.ContextEverywhere() | A.LevelContract():
                        members.append(item)
                    case _:
                        scope.problems.append(D.error("type.clause-placement", item.span,
                                                      "assert and assume belong in the kernel's body"))
        statements = Statements(scope, exprs, _addressed_names(unit, body))
        children = list(body.named_children)
        while children and children[0].type == "expression_statement" and _gpuverify_clause(unit, children[0]):
            call = children.pop(0).named_children[0]
            kind = B.GPUVERIFY_CLAUSES[unit.text_of(call.child_by_field_name("function"))]
            for arg in code_children(call.child_by_field_name("arguments")):
                try:
                    clause = A.Clause(kind, exprs.cond(arg), span=unit.span_of(call))
                except Unsupported as problem:
                    scope.report(problem)
                    continue
                (statements.wide if kind is A.ClauseKind.LOOP_INVARIANT else contract).append(clause)
        scope.push()
        try:
            # The contract means the arguments; the body works on copies of the
            # parameters it assigns (declared only now, so the contract does not see them).
            prelude = [copy(scope) for copy in copies]
            stmts = tuple(prelude) + tuple(statements.sequence(children))
        finally:
            scope.pop()
        clauses = tuple(c for c in contract if isinstance(c, A.Clause))
        owned = _private_permissions(scope.private_arrays, unit.span_of(body))
        if owned:
            clauses = (tuple(A.Clause(A.ClauseKind.REQUIRES, p, span=p.span, implied=True) for p in owned) + clauses
                       + tuple(A.Clause(A.ClauseKind.ENSURES, p, span=p.span, implied=True) for p in owned))
            stmts = tuple(_holding(s, owned) for s in stmts)
        main = A.Procedure(clauses, "main", (),
                           A.Block(stmts, span=unit.span_of(body)),
                           next((c for c in contract if isinstance(c, A.Decreases)), None),
                           name_span=name_span, span=span)
        members = list(file_memory) + list(scope.local_arrays) + members + [main]
    finally:
        scope.pop()
    return A.Kernel(name, tuple(params), tuple(members), name_span=name_span, span=span)


def _private_permissions(arrays, span) -> list:
    """The thread's write permission on its slices of the private arrays."""
    owned = []
    for name, cells in arrays:
        k = A.Name("k$", span=span)
        start = A.Binary("*", A.Name("lid", span=span), A.IntLit(cells, span=span), span=span)
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
            # (One that does not order local memory leaves it with the thread anyway.)
            pre = tuple(A.Clause(A.ClauseKind.REQUIRES, p, span=stmt.span, implied=True) for p in owned)
            post = tuple(A.Clause(A.ClauseKind.ENSURES, p, span=stmt.span, implied=True) for p in owned)
            return attrs.evolve(stmt, contract=pre + (contract or ()) + post)
    return stmt


def _gpuverify_clause(unit: ParsedUnit, node) -> bool:
    call = node.named_children[0] if node.named_children else None
    return (call is not None and call.type == "call_expression"
            and unit.text_of(call.child_by_field_name("function")) in B.GPUVERIFY_CLAUSES)


def _addressed_names(unit: ParsedUnit, body) -> frozenset[str]:
    """The variables whose address the body takes (`&x`)."""
    names = set()
    for n in descendants(body):
        if n.type == "pointer_expression" and unit.text_of(n.child_by_field_name("operator")) == "&":
            target = n.child_by_field_name("argument")
            if target.type == "identifier":
                names.add(unit.text_of(target))
    return frozenset(names)


def _assigned_names(unit: ParsedUnit, body) -> set[str]:
    names = set()
    for n in descendants(body):
        if n.type in ("assignment_expression", "update_expression"):
            target = n.child_by_field_name("left") or n.child_by_field_name("argument")
            if target is not None and target.type == "identifier":
                names.add(unit.text_of(target))
    return names


def _parameter(scope: Scope, exprs: Exprs, param, assigned: set[str], params, members, copies) -> None:
    unit = scope.unit
    span = unit.span_of(param)
    c_name, pointer = declarator_name(param.child_by_field_name("declarator"))
    if c_name is None:
        raise Unsupported("unsupported.declaration", span, "a kernel parameter needs a name")
    declarator = param.child_by_field_name("declarator")
    if _pointer_depth(declarator) > 1:
        raise Unsupported("unsupported.type", span, "pointers to pointers are not supported")
    ctype = exprs.type_of(param.child_by_field_name("type"))
    name_node = _identifier(declarator)
    name_span = unit.span_of(name_node)
    if pointer:
        space = _address_space(scope, param)
        binding = scope.declare(c_name, What.ARRAY, ctype)
        length = f"\\length({binding.name})"
        params.append(A.Param(A.Type.INT, length, name_span=name_span, span=span))
        members.append(A.ContextEverywhere(A.Binary(">=", A.Name(length, span=name_span), A.IntLit(0, span=name_span),
                                                    span=name_span), span=name_span))
        members.append(A.ArrayDecl(space, lang_type(ctype), A.Name(length, span=name_span), binding.name,
                                   elem_range(ctype), name_span=name_span, span=span))
        return
    if ctype.kind is C.Kind.FLOAT:
        binding = scope.declare(c_name, What.PARAM, ctype)
        params.append(A.Param(A.Type.INT, binding.name, name_span=name_span, span=span))
    else:
        binding = scope.declare(c_name, What.PARAM, ctype)
        params.append(A.Param(lang_type(ctype), binding.name, name_span=name_span, span=span))
        if ctype.is_int:
            value = A.Name(binding.name, span=name_span)
            fact = A.Binary("&&", A.Binary("<=", A.IntLit(ctype.lo, span=name_span), value, span=name_span),
                            A.Binary("<=", value, A.IntLit(ctype.hi, span=name_span), span=name_span), span=name_span)
            members.append(A.ContextEverywhere(fact, span=name_span))
    if c_name in assigned:
        # C passes by value and the body assigns it: a local copy under the same C name.
        def copy(scope: Scope) -> A.VarDecl:
            local = scope.declare(c_name, What.LOCAL, ctype)
            return A.VarDecl(lang_type(ctype), local.name, A.Name(binding.name, span=name_span), elem_range(ctype),
                             name_span=name_span, span=span)
        copies.append(copy)


def _identifier(declarator):
    while declarator.type != "identifier":
        declarator = declarator.child_by_field_name("declarator") or declarator.named_children[-1]
    return declarator


def _pointer_depth(declarator) -> int:
    depth = 0
    while declarator is not None and declarator.type != "identifier":
        if declarator.type in ("pointer_declarator", "array_declarator"):
            depth += 1
        declarator = declarator.child_by_field_name("declarator")
    return depth


def _address_space(scope: Scope, param) -> A.Scope:
    if scope.dialect is Dialect.CUDA:
        return A.Scope.GLOBAL
    spaces = [q.name for q in scope.unit.qualifiers.of_node(param) if q.role is Role.ADDRESS_SPACE]
    if "local" in spaces:
        return A.Scope.LOCAL
    if "global" in spaces or "constant" in spaces:
        return A.Scope.GLOBAL
    raise Unsupported("unsupported.pointer", scope.unit.span_of(param),
                      "a kernel's pointer parameter must be __global, __constant or __local")


def _launch_facts(scope: Scope, name_span) -> list[A.ContextEverywhere]:
    """The sizes of the launch configuration, and the platform's own limits (which hold
    of every launch, docs/cfamily.md), as facts."""
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
        facts.append(fact("<=", "tcount", B.OPENCL_TYPE.hi, name_span))
        if scope.dimensional:
            facts += [fact("<=", f"tcount.{axis}", B.OPENCL_TYPE.hi, name_span) for axis in AXES]
    return facts
