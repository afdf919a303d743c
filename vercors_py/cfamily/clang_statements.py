"""C statements of clang's tree to the language's statements.

Assignments, `++`/`--` and calls are statements here, as in the language.  Annotations
(`/*@ ... @*/` or `//@ ...`, comments clang does not keep) belong to the statement that
follows them in the text: before a loop they are its invariants, before a barrier its
contract; otherwise they hold `assert` and `assume` statements.  GPUVerify's
`__assert`, `__assume` and `__invariant` map to the same.  A helper called as a
statement is inlined with C's meaning of a call: each argument is evaluated once, at
the call, into the parameter (a pointer argument fixes the array and offset it points
at).  Something that cannot be mapped is reported where it stands and the statement is
left out; the file is then rejected, so nothing is verified without it.
"""
from __future__ import annotations


from clang.cindex import Cursor, CursorKind as K, TypeKind

from .. import diagnostics as D
from ..syntax import ast as A
from . import addressed_aggregates, annotation_claims, annotation_components, async_copies, atomics, block_memory, bodiless
from . import clang_builtins as B
from . import clang_gpuverify as gpuverify
from . import clang_groups
from . import clang_parse
from . import clang_types as T
from . import early_returns
from . import gotos
from . import grid_sync
from . import intrinsics
from . import old_values
from . import switches
from . import warps
from .clang_effects import Effects
from .clang_expressions import Exprs
from .cursors import body, builtin_call, children, has_effects, operator, parameters, single_return, strip
from .loop_statements import Loops, test_inside
from .values import Val
from .clang_memory import Memory, private_array
from .clang_scope import name_span
from .clang_scope import Scope, Unsupported, What, key
from .dialect import Dialect

_EXPRESSIONS = {K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR, K.UNARY_OPERATOR, K.CALL_EXPR,
                K.UNEXPOSED_EXPR, K.PAREN_EXPR, K.CSTYLE_CAST_EXPR}


class Statements(Loops):
    def __init__(self, scope: Scope, exprs: Exprs, annotations: list[tuple[int, int]], addressed: set):
        self.s = scope
        self.e = exprs
        self.memory = Memory(scope, exprs)
        self.annotations = annotations      # (start, end) of the inside of each annotation comment
        self.addressed = addressed          # keys of the variables whose address `&x` is taken
        self.wide: list[A.Clause] = []      # GPUVerify's function-wide invariants: of every loop
        self.effects = exprs.effects = Effects(self)
        self.returns = None                 # the returns of the helper being inlined, if it returns early
        self.labels: list = []              # the labels of the blocks being mapped (gotos.py)
        self.switches: list = []            # the switches whose bodies are being mapped (switches.py)

    # ---- blocks and annotations ----
    def block(self, c: Cursor, prelude: tuple = (), skip: int = 0) -> A.Block:
        span = self.s.span(c)
        self.s.push()
        try:
            stmts = list(prelude) + self.sequence(children(c)[skip:], span.start, span.end)
        finally:
            self.s.pop()
        return A.Block(tuple(stmts), span=span)

    def between(self, start: int, end: int) -> list:
        """The items of the annotations that stand between two offsets."""
        items: list = []
        for inner_start, inner_end in self.annotations:
            if start <= inner_start and inner_end <= end:
                self.s.claims.claim((inner_start, inner_end))
                parsed = annotation_components.read(self.s, inner_start, inner_end)
                self.s.problems.extend(parsed.diagnostics)
                items.extend(parsed.items)
        return items

    def sequence(self, stmts: list[Cursor], start: int, end: int) -> list:
        out: list = []
        at = start
        labels, starts = gotos.Labels(self, stmts), []
        self.s.claims.reading(start, end)
        for child in stmts:
            starts.append(len(out))
            span = self.s.span(child)
            pending = self._annotations(self.between(at, _lead(self.s, child, span.start)), out)
            at = max(at, span.end)
            try:
                mapped = self.stmt(child, tuple(pending))
            except Unsupported as problem:
                self.s.report(problem)
                if child.kind is K.DECL_STMT:
                    for declaration in children(child):
                        self.s.refuse(declaration)
                continue
            if pending and not _takes_contract(child, self):
                for clause in pending:
                    self.s.problems.append(_misplaced(clause.span, "must stand right before a loop or a barrier"))
            out.extend(mapped)
        for clause in self._annotations(self.between(at, end), out):
            self.s.problems.append(_misplaced(clause.span, "must stand right before a loop or a barrier"))
        return labels.finish(out, starts)

    def _annotations(self, items: list, out: list) -> list:
        """Assertions go into `out`; the clauses are returned for the next statement."""
        pending = []
        for item in items:
            if isinstance(item, (A.Assert, A.Assume)):
                out.append(item)
            elif isinstance(item, (A.Clause, A.Decreases)):
                pending.append(item)
            else:
                self.s.problems.append(_misplaced(item.span, "belongs before the kernel"))
        return pending

    # ---- statements ----
    def stmt(self, c: Cursor, contract: tuple) -> list:
        """The statements one C statement maps to (none, one, or a few), after those its
        expressions need first (Exprs.hoist)."""
        outer, self.e.hoisted = self.e.hoisted, []
        try:
            mapped = self._stmt(c, contract)
            return self.e.hoisted + mapped
        finally:
            self.e.hoisted = outer

    def _stmt(self, c: Cursor, contract: tuple) -> list:
        span = self.s.span(c)
        match c.kind:
            case K.COMPOUND_STMT:
                return [self.block(c)]
            case K.DECL_STMT:
                return [s for declaration in children(c) for s in self.declaration(declaration)]
            case K.IF_STMT:
                parts = children(c)
                if parts[0].kind in (K.DECL_STMT, K.VAR_DECL):
                    raise Unsupported("unsupported.statement", span, "a declaration in an `if` is not supported")
                with self.effects.full(parts[0]) as prelude:
                    cond = self.e.cond(parts[0])
                otherwise = self.single(parts[2], c) if len(parts) > 2 else None
                return prelude + [A.If(cond, self.single(parts[1], c), otherwise, span=span)]
            case K.FOR_STMT:
                declared, loop = self.for_loop(c, contract)
                if declared:
                    # `for (int i = 0, j = n; ...)`: declared in C's order before the loop,
                    # in a block of their own, as their scope is the loop's.
                    return [A.Block((*declared, self.ranged(loop)), span=span)]
                return [self.ranged(loop)]
            case K.WHILE_STMT:
                test, loop_body = children(c)
                invariants, cond, first = self.loop_condition(test)
                contract, mapped = self.loop_body(loop_body, contract + invariants, c)
                cond, mapped = test_inside(cond, first, mapped)
                return [self.ranged(A.While(contract, cond, mapped, span=span))]
            case K.DO_STMT:
                return [self.ranged(self.do_loop(c, contract))]
            case K.BREAK_STMT:
                return [A.Break(span=span)]
            case K.CONTINUE_STMT:
                return [A.Continue(span=span)]
            case K.RETURN_STMT if self.returns is not None:
                return self.returns.stmt(c)
            case K.RETURN_STMT:
                if children(c):
                    raise Unsupported("unsupported.statement", span, "a kernel returns no value")
                return [A.Return(span=span)]
            case K.NULL_STMT:
                return []
            case K.GOTO_STMT:
                return gotos.jump(self, c)
            case K.LABEL_STMT:
                return gotos.label(self, c, contract)
            case K.SWITCH_STMT:
                return switches.switch(self, c)
            case K.CASE_STMT | K.DEFAULT_STMT:
                return switches.label(self, c, contract)
            case kind if kind in _EXPRESSIONS:
                return self.expression(c, contract)
            case K.UNEXPOSED_STMT if (inner := clang_parse.hinted(c)) is not None:
                return self.stmt(inner, contract)
        raise Unsupported("unsupported.statement", span,
                          f"this kind of statement ({c.kind.name.lower().replace('_', ' ')}) is not supported")

    def single(self, c: Cursor, parent: Cursor | None = None) -> A.Stmt:
        """A statement where the language wants one (an if's branch, a loop's body of
        `parent`), with the annotations that stand before it."""
        self.s.push()
        try:
            if parent is None or c.kind is K.COMPOUND_STMT:
                mapped = self.stmt(c, ())
            else:
                start = self.s.span(c).start
                mapped = self.sequence([c], annotation_claims.header_end(self.s, parent, start), self.s.span(c).end)
        finally:
            self.s.pop()
        return mapped[0] if len(mapped) == 1 else A.Block(tuple(mapped), span=self.s.span(c))

    # ---- declarations ----
    def declaration(self, c: Cursor) -> list:
        span = self.s.span(c)
        if c.kind is not K.VAR_DECL:
            raise Unsupported("unsupported.declaration", span, "only variables can be declared in a kernel")
        init = initialiser(c)
        if self.s.dialect is Dialect.CUDA and clang_groups.group(self.s, c.type):
            return clang_groups.declaration(self.s, c, init)
        if self.s.dialect is Dialect.OPENCL and async_copies.holds_events(c.type):
            return async_copies.declaration(self, c, init)
        if T.is_array(c.type):
            if self.memory.shared(c):
                if init is not None:
                    raise Unsupported("unsupported.statement", span, "local memory cannot be initialised")
                self.memory.array(c, A.Scope.LOCAL, self.s.local_arrays)
                return []
            return private_array(self.s, self.e, c, init)
        if T.is_function_pointer(c.type):
            return self.e.functions.declare(self, c, init)
        if T.is_pointer(c.type):
            return self.pointer_variable(c, init)
        layout = self.e.agg.layout(c.type, c)
        if layout is not None:
            return self.aggregate_variable(c, init, layout)
        ctype = self.e.scalar(c)
        if self.memory.shared(c):
            if init is not None:
                raise Unsupported("unsupported.statement", span, "local memory cannot be initialised")
            self.memory.scalar(c, A.Scope.LOCAL, self.s.local_arrays)
            return []
        if (c.hash, c.spelling) in self.addressed:
            return self.memory.addressed(c, ctype, init)
        helper = self.helper_call(init)
        value = None
        if init is not None and init.kind is K.INIT_LIST_EXPR and helper is None:
            raise Unsupported("unsupported.statement", self.s.span(init), "initialiser lists are not supported")
        with self.effects.full(init if helper is None else None) as prelude:
            if init is not None and helper is None:
                value = self.e.convert(self.e.value(init), ctype, init).expr
        binding = self.s.declare(c, What.LOCAL, ctype)
        name_span = self.name_span(c)
        out = prelude + [A.VarDecl(T.lang_type(ctype), binding.name, value, T.elem_range(ctype),
                                   name_span=name_span, span=span)]
        if helper is not None:
            target = A.Name(binding.name, span=name_span)
            out.append(self.inline(helper, init, lambda v: A.Assign(
                target, self.e.convert(v, ctype, init).expr, span=span)))
        return out

    def aggregate_variable(self, c: Cursor, init: Cursor | None, layout) -> list:
        """A struct or vector variable: one variable per leaf (clang_aggregates.py)."""
        span = self.s.span(c)
        if self.memory.shared(c):
            raise Unsupported("unsupported.type", span, "a __shared__/__local variable of aggregate type is not "
                              "supported; declare an array of one element")
        if key(c) in self.addressed:
            return addressed_aggregates.declare(self, c, init, layout)
        helper = self.helper_call(init)
        value = self.e.agg.value(init) if init is not None and helper is None else None
        binding, decls = self.e.agg.declare(c, layout, value)
        if helper is not None:
            decls.append(self.inline(helper, init, lambda v: A.Block(tuple(self.e.agg.store(
                binding.aggregate, v, span)), span=span)))
        return decls

    def name_span(self, declaration: Cursor):
        return name_span(self.s, declaration)

    def helper_call(self, c: Cursor | None) -> Cursor | None:
        """The call, if `c` (under implicit conversions) calls a helper of the file that
        is not one `return e;` (inlined as statements), else None."""
        if c is None:
            return None
        call = strip(c)
        if self.e.functions.indirect(call):
            return call
        if call.kind is not K.CALL_EXPR or call.referenced is None:
            return None
        definition = call.referenced.get_definition()
        if not self.s.is_file_function(call.referenced) or definition is None or single_return(definition):
            return None
        return call

    def pointer_variable(self, c: Cursor, init: Cursor | None) -> list:
        return self.e.pointers.declare(self, c, init, self.s.span(c), self.name_span(c))

    # ---- expression statements ----
    def expression(self, c: Cursor, contract: tuple) -> list:
        if (warp := warps.barrier(self.e, builtin_call(self.s, c), strip(c))) is not None:
            return [warp]
        if (grid := grid_sync.barrier(self.s, strip(c), contract)) is not None:
            return [grid]
        fences = self.barrier(c)
        if fences is not None:
            return [A.Barrier(fences, contract or None, span=self.s.span(c), fenced_only=True)]
        inner = strip(c)
        if inner.kind is K.CALL_EXPR and not self.e.agg.is_assignment(inner):
            return self.call(inner)
        if inner.kind is K.CSTYLE_CAST_EXPR and inner.type.get_canonical().kind is TypeKind.VOID \
                and not has_effects(self.s, inner) and self.e.constant(children(inner)[-1]) is not None:
            return []                   # `(void) 1;`: a constant discarded, nothing is evaluated
        with self.effects.full(inner) as prelude:
            mapped = self.effect(inner)
        return prelude + mapped

    def barrier(self, c: Cursor):
        """The fences of a barrier call, or None if `c` is something else.  OpenCL's
        flags are clang's value of the argument; flags that are not a constant are
        refused, as nothing says which memory the barrier orders."""
        name = builtin_call(self.s, c)
        call = strip(c)
        args = list(call.get_arguments()) if call.kind is K.CALL_EXPR else []
        if self.s.dialect is Dialect.CUDA and clang_groups.barrier(self.s, call):
            return (A.Fence.LOCAL, A.Fence.GLOBAL)
        if self.s.dialect is Dialect.CUDA and name in B.BARRIERS_CUDA and not args:
            return (A.Fence.LOCAL, A.Fence.GLOBAL)
        if self.s.dialect is Dialect.OPENCL and name in B.BARRIERS_OPENCL and args:
            flags = self.e.constant(args[0])
            if flags is None:
                raise Unsupported("unsupported.statement", self.s.span(args[0]),
                                  "a barrier's fence flags must be a constant (CLK_LOCAL_MEM_FENCE, ...)")
            fences = [fence for bit, fence in B.FENCE_BITS.items() if flags & bit]
            return tuple(sorted(fences, key=lambda f: f.value, reverse=True))
        return None

    def call(self, c: Cursor) -> list:
        span = self.s.span(c)
        if self.e.functions.indirect(c):
            return [self.inline(c)]
        args = list(c.get_arguments())
        name = builtin_call(self.s, c)
        if name in B.GPUVERIFY_STATEMENTS and len(args) == 1:
            gpuverify.refuse_global(name, span, everyone=c.hash in self.s.every_thread)
            if not gpuverify.keeps(self.s, name, c, args[0]):
                return []
            return [B.GPUVERIFY_STATEMENTS[name](self.e.cond(args[0]), span=span)]
        if name == "__function_wide_invariant" and len(args) == 1:
            # Of every loop of the function; those before it are not affected.
            if gpuverify.keeps(self.s, name, c, args[0]):
                with self.e.clause():
                    self.wide.append(A.Clause(A.ClauseKind.LOOP_INVARIANT, self.e.cond(args[0]), span=span))
            return []
        if name is not None and (mapped := gpuverify.statement(self, name, c)) is not None:
            return mapped
        if name in B.GPUVERIFY_CANDIDATES:
            return []
        if name in async_copies.FUNCTIONS and self.s.dialect is Dialect.OPENCL:
            return async_copies.statement(self, name, c)
        if intrinsics.is_fence(self.s.dialect, name):
            return intrinsics.fence(self.e, args)
        if name is not None and intrinsics.is_sincos(self.s.dialect, name, args):
            return intrinsics.sincos(self.e, name, args, c)
        if name is not None and name.startswith("vstore") and name[6:].isdigit() and len(args) == 3 \
                and self.s.dialect is Dialect.OPENCL:
            return self.e.agg.vstore(c, args, int(name[6:]), span)
        if name in B.GPUVERIFY_CLAUSES or name in B.GPUVERIFY_INVARIANTS:
            raise Unsupported("unsupported.statement", span,
                              f"{name} must stand at the start of the kernel's body"
                              + (" or of a loop's body" if name in B.GPUVERIFY_INVARIANTS else ""))
        if block_memory.is_block(name):
            return block_memory.Blocks(self).statement(name, c)
        if atomics.is_atomic_call(self.s, name):
            with self.effects.full(c) as prelude:
                atomics.discarded(self.e, name, c)
            return prelude
        if name is None and c.referenced is not None:
            return [self.inline(c)]
        self.e.value(c)               # raises the right unsupported code
        raise Unsupported("unsupported.function", span, f"the value of `{self.s.text(c)}` is not used")

    def inline(self, call: Cursor, at: Cursor | None = None, finish=None, function: Cursor | None = None) -> A.Block:
        """A call of a helper as a statement: its body in place, each parameter a local
        variable holding its argument's value at the call (a pointer parameter: the
        offset its argument points at, in the array it points into), as C passes them.
        A helper that ends in `return e;` hands the value of e to `finish`, whose
        statement (storing it) ends the block.  GPUVerify's `__requires`/`__ensures` at
        its start become assertions before and after it: checked, not assumed.  A call
        through a function pointer is each `function` it may call (function_pointers.py)."""
        span = self.s.span(at if at is not None else call)
        if function is None and self.e.functions.indirect(call):
            return A.Block((self.e.functions.call(self, call, at, finish),), span=span)
        definition = (function or call.referenced).get_definition()
        if definition is None:
            return A.Block(tuple(bodiless.statement(self.e, call.referenced, list(call.get_arguments()), call)),
                           span=span)
        name = definition.spelling
        void = T.scalar(definition.result_type) is None and self.e.agg.layout(definition.result_type, call) is None
        stmts_c = children(body(definition))
        result_c = None
        early = early_returns.returns_early(stmts_c)
        if not early and stmts_c and stmts_c[-1].kind is K.RETURN_STMT:
            result_c = (children(stmts_c[-1]) or [None])[0]
            stmts_c = stmts_c[:-1]
        elif not early and not void:
            raise Unsupported("unsupported.function", span, f"`{name}` must end in `return e;` to be inlined")
        self.e.enter(definition, span)
        self.s.push()
        outer, self.effects.pending = self.effects.pending, None    # the helper's own statements
        outer_returns = self.returns
        try:
            stmts: list = []
            for param, arg in zip(parameters(definition), call.get_arguments()):
                stmts.extend(self.parameter(param, arg, span))
            ensures = []
            while stmts_c and (clause := builtin_call(self.s, stmts_c[0])) in B.GPUVERIFY_CLAUSES:
                kind = B.GPUVERIFY_CLAUSES[clause]
                clause_c = strip(stmts_c.pop(0))
                gpuverify.refuse_global(clause, self.s.span(clause_c))
                if kind is A.ClauseKind.LOOP_INVARIANT:
                    raise Unsupported("unsupported.function", self.s.span(clause_c),
                                      "a function-wide invariant of an inlined helper is not supported")
                for arg in clause_c.get_arguments():
                    if not gpuverify.keeps(self.s, clause, clause_c, arg, inlined=True):
                        continue
                    if kind is A.ClauseKind.REQUIRES:
                        stmts.append(A.Assert(self.e.cond(arg), span=self.s.span(clause_c)))
                    else:
                        ensures.append((arg, clause_c))
            stmts.extend(old_values.save(self, ensures))
            helper_span = self.s.span(body(definition))
            first = self.s.span(stmts_c[0]).start if stmts_c else helper_span.end
            # Each `return` of a helper that returns from its middle (early_returns.py).
            self.returns = early_returns.EarlyReturns(self, definition, stmts_c, span) if early else None
            mapped = self.sequence(stmts_c, min(first, helper_span.start + 1), helper_span.end)
            stmts.extend(mapped if not early else self.returns.decls + self.returns.leave(mapped))
            returned = self.returns.value() if early else None
            layout = self.e.agg.layout(definition.result_type, definition) if result_c is not None else None
            if layout is not None:
                local, decls = self.e.agg.declare(definition, layout, self.e.agg.value(result_c),
                                                  c_name=f"{name}$value")
                stmts.extend(decls)
                returned = local.aggregate
            elif result_c is not None and T.is_pointer(definition.result_type):
                decls, returned = self.e.pointers.result(definition, result_c, name, span)
                stmts.extend(decls)
            elif result_c is not None:
                # Computed into a variable of its own: GPUVerify's __ensures may name it
                # (`__return_val_int()`), and a dropped value is still checked.
                ctype = self.e.scalar(result_c)
                with self.effects.full(result_c) as prelude:    # a full expression of the helper
                    value = self.e.convert(self.e.value(result_c), T.scalar(definition.result_type) or ctype,
                                           result_c)
                stmts.extend(prelude)
                local = self.s.declare(definition, What.LOCAL, value.ctype, c_name=f"{name}$value")
                stmts.append(A.VarDecl(T.lang_type(value.ctype), local.name, value.expr, T.elem_range(value.ctype),
                                       name_span=span, span=span))
                returned = Val(A.Name(local.name, span=span), value.ctype)
            outer_value, self.e.returned = self.e.returned, returned
            try:
                stmts.extend(A.Assert(self.e.cond(arg), span=self.s.span(clause_c)) for arg, clause_c in ensures)
            finally:
                self.e.returned = outer_value
            if finish is not None and returned is not None:
                self.effects.pending = outer
                stmts.append(finish(returned))
        finally:
            self.effects.pending = outer
            self.returns = outer_returns
            self.e.inlining.pop()
            self.s.pop()
        return A.Block(tuple(stmts), span=span)

    def parameter(self, param: Cursor, arg: Cursor, span) -> list:
        """A parameter of an inlined helper as a local holding its argument's value."""
        if self.s.dialect is Dialect.CUDA and clang_groups.group(self.s, param.type):
            return clang_groups.declaration(self.s, param, arg)
        if T.is_function_pointer(param.type):
            return self.e.functions.declare(self, param, arg)
        layout = self.e.agg.layout(param.type, param)
        if layout is not None:
            return self.e.agg.declare(param, layout, self.e.agg.value(arg))[1]
        if T.is_pointer(param.type) or T.is_array(param.type):
            return self.e.pointers.declare(self, param, arg, span, span)
        ctype = self.e.scalar(param)
        value = self.e.convert(self.e.value(arg), ctype, arg).expr
        binding = self.s.declare(param, What.LOCAL, ctype)
        return [A.VarDecl(T.lang_type(ctype), binding.name, value, T.elem_range(ctype), name_span=span, span=span)]

    def effect(self, c: Cursor) -> list:
        """An assignment, compound assignment, `++`/`--` or atomic update as a statement."""
        span = self.s.span(c)
        c = strip(c)
        match c.kind:
            case K.BINARY_OPERATOR if operator(c) == "=" and async_copies.holds_events(c.type):
                return async_copies.assignment(self, *children(c), span)
            case K.BINARY_OPERATOR | K.CALL_EXPR if self.e.agg.is_assignment(c):
                left, right = children(c)[0], children(c)[-1]
                helper = self.helper_call(right)
                if helper is not None:
                    return [self.inline(helper, right, lambda v: A.Block(tuple(self.e.agg.store(
                        self.e.agg.place(left), v, span)), span=span))]
                return self.e.agg.assignment(left, right, span)
            case K.COMPOUND_ASSIGNMENT_OPERATOR if self.e.agg.layout(c.type, c) is not None:
                return self.e.agg.compound(c, span)
            case K.BINARY_OPERATOR if operator(c) == "=":
                left, right = children(c)
                target = strip(left)
                if self.e.fields.is_field(target):
                    return [self.e.fields.assign(target, right, span)]
                if target.kind is K.DECL_REF_EXPR and target.referenced is not None:
                    binding = self.s.lookup(target.referenced)
                    if binding is not None and binding.what is What.POINTER and binding.value is None:
                        return [self.e.pointers.assign(self, binding, target, right, span)]
                helper = self.helper_call(right)
                if helper is not None:
                    return [self.inline(helper, right, lambda v: self.assign(
                        left, lambda current: self.e.convert(v, current.ctype, right), span))]
                return [self.assign(left, lambda current: self.e.convert(self.e.value(right), current.ctype, right),
                                    span)]
            case K.COMPOUND_ASSIGNMENT_OPERATOR:
                left, right = children(c)
                op = operator(c)[:-1]

                def compute(current: Val) -> Val:
                    operand = self.e.value(right)
                    ctype = T.promoted(current.ctype) if op in ("<<", ">>") \
                        else T.computation(current.ctype, operand.ctype)
                    return self.e.combine(op, current, operand, right, c, ctype)
                return [self.assign(left, compute, span)]
            case K.UNARY_OPERATOR if (op := self.s.unit.unary_operator(c)) in ("pre++", "post++", "pre--", "post--"):
                target = children(c)[0]
                one = Val(A.IntLit(1, span=span), T.INT)

                def step(current: Val) -> Val:
                    ctype = T.computation(current.ctype, T.INT)
                    return self.e.combine("+" if "++" in op else "-", current, one, target, c, ctype)
                return [self.assign(target, step, span)]
            case K.CALL_EXPR if atomics.is_atomic_call(self.s, builtin_call(self.s, c)):
                return self.call(c)
            case K.BINARY_OPERATOR if operator(c) == ",":
                # A sequence point: the left operand's statements first (clang_effects.py).
                left, right = children(c)
                self.effects.discard(left)
                return self.effect(right)
        raise Unsupported("unsupported.statement", span,
                          "an expression whose value is not used is not supported; assign it or leave it out")

    def assign(self, target_c: Cursor, compute, span) -> A.Stmt:
        """`target = compute(current value of target)`, converted to the target's type."""
        target = strip(target_c)
        target_span = self.s.span(target)
        if target.kind is K.DECL_REF_EXPR and target.referenced is not None:
            binding = self.s.lookup(target.referenced)
            if binding is not None and binding.what is What.POINTER and binding.value is None:
                return self.e.pointers.move(binding, target, compute, span)
            if binding is not None and binding.cell:
                cell = self.e.cell(binding, target_span)
                value = self.e.convert(compute(Val(cell, binding.ctype)), binding.ctype, target)
                return A.ArrayAssign(cell, value.expr, span=span)
            if binding is None or binding.what is not What.LOCAL or binding.value is not None:
                if binding is not None and binding.what is What.ARRAY:
                    raise Unsupported("unsupported.pointer", target_span, "an array cannot be assigned")
                raise Unsupported("unsupported.statement", target_span, f"`{target.spelling}` cannot be assigned here")
            current = Val(A.Name(binding.name, span=target_span), binding.ctype,
                          self.e.narrowed.get(key(target.referenced)))
            value = self.e.convert(compute(current), binding.ctype, target)
            return A.Assign(A.Name(binding.name, span=target_span), value.expr, span=span)
        if target.kind is K.UNARY_OPERATOR and self.s.unit.unary_operator(target) == "*":
            return self.e.pointers.write(target, compute, span)
        place = self.e.agg.place_of(target)
        if place is not None:
            value = self.e.convert(compute(place), place.ctype, target)
            return self.e.agg.store_leaf(place, value.expr, span)
        if target.kind is K.ARRAY_SUBSCRIPT_EXPR:
            return self.e.pointers.write(target, compute, span)
        raise Unsupported("unsupported.pointer", target_span, "only variables and array cells `a[i]` can be assigned")


def initialiser(declaration: Cursor) -> Cursor | None:
    """A variable's initialiser: its last child that is an expression, which for an
    array (whose sizes are children too) must be an initialiser list."""
    found = [c for c in children(declaration) if c.kind.is_expression()]
    if not found:
        return None
    if T.is_array(declaration.type) and found[-1].kind is not K.INIT_LIST_EXPR:
        return None
    return found[-1]


def _takes_contract(c: Cursor, statements: Statements) -> bool:
    c = clang_parse.hinted(c) or c
    if c.kind in (K.FOR_STMT, K.WHILE_STMT, K.DO_STMT):
        return True
    return builtin_call(statements.s, c) in (B.BARRIERS_CUDA | B.BARRIERS_OPENCL) \
        or clang_groups.is_barrier(statements.s, strip(c))


def _lead(scope: Scope, c: Cursor, start: int) -> int:
    """Where the annotations before a statement end: a loop hint (`#pragma unroll`)
    applies to the loop, and so do the annotations between the hint and the loop."""
    inner = clang_parse.hinted(c)
    return start if inner is None else max(start, scope.span(inner).start)


def _misplaced(span, where: str) -> D.Diagnostic:
    return D.error("type.clause-placement", span, f"this annotation {where}")
