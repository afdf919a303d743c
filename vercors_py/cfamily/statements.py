"""C statements of a kernel body to the language's statements.

Assignments, `++`/`--` and calls are statements here, as in the language.  Annotations
(`/*@ ... @*/` or `//@ ...`) in a body belong to what follows them: before a loop they
are its invariants, before a barrier its contract; otherwise they hold `assert` and
`assume` statements.  GPUVerify's `__assert`, `__assume` and `__invariant` map to the
same.  Something that cannot be mapped is reported where it stands and the statement is
left out; the file is then rejected, so nothing is verified without it.
"""
from __future__ import annotations

import attrs

from .. import diagnostics as D
from ..syntax import ast as A
from ..syntax import parser
from . import builtins as B
from . import ctypes as C
from .dialect import Dialect
from .expressions import Exprs, Val
from .renaming import in_c_scope
from .scope import Scope, Unsupported, What, code_children, descendants

_COMPOUND = {"+=": "+", "-=": "-", "*=": "*", "/=": "/", "%=": "%", "<<=": "<<", ">>=": ">>",
             "&=": "&", "|=": "|", "^=": "^"}


def annotation_range(unit, comment) -> tuple[int, int] | None:
    """The inside of an annotation comment, in characters of the file; None for an
    ordinary comment."""
    text = unit.text_of(comment)
    start = unit.positions.char_offset(comment.start_byte)
    if text.startswith("/*@"):
        inner_end = len(text) - (3 if text.endswith("@*/") and len(text) >= 6 else 2)
        return start + 3, start + inner_end
    if text.startswith("//@"):
        return start + 3, start + len(text)
    return None


class Statements:
    def __init__(self, scope: Scope, exprs: Exprs, addressed: frozenset[str] = frozenset()):
        self.s = scope
        self.e = exprs
        self.addressed = addressed         # C names of variables whose address `&x` is taken
        self.wide: list[A.Clause] = []     # GPUVerify's function-wide invariants: of every loop

    # ---- blocks and annotations ----
    def block(self, node, prelude: tuple = ()) -> A.Block:
        self.s.push()
        try:
            stmts = list(prelude) + self.sequence(node.named_children)
        finally:
            self.s.pop()
        return A.Block(tuple(stmts), span=self.s.span(node))

    def sequence(self, children) -> list:
        out: list = []
        pending: list = []                    # clauses of annotations waiting for their statement
        for child in children:
            if child.type == "comment":
                items = self.annotation(child)
                pending.extend(i for i in items if isinstance(i, (A.Clause, A.Decreases)))
                out.extend(i for i in items if isinstance(i, (A.Assert, A.Assume)))
                for item in items:
                    if isinstance(item, (A.ContextEverywhere, A.LevelContract)):
                        self.s.problems.append(_misplaced(item.span, "belongs before the kernel"))
                continue
            try:
                mapped = self.stmt(child, tuple(pending))
            except Unsupported as problem:
                self.s.report(problem)
                if child.type == "declaration":
                    for name in self.e.declared_names(child):
                        self.s.refuse(name)
                mapped = []
            else:
                self._report_unclaimed(pending, child)
            pending = []
            out.extend(mapped)
        for clause in pending:
            self.s.problems.append(_misplaced(clause.span, "must stand right before a loop or a barrier"))
        return out

    def _report_unclaimed(self, pending, child) -> None:
        """Clauses before a statement that takes none (not a loop, not a barrier)."""
        if pending and not _is_loop(child) and self._barrier_call(child) is None:
            for clause in pending:
                self.s.problems.append(_misplaced(clause.span, "must stand right before a loop or a barrier"))

    def annotation(self, comment) -> tuple:
        bounds = annotation_range(self.s.unit, comment)
        if bounds is None:
            return ()
        parsed = parser.parse_annotation(self.s.unit.source, *bounds)
        self.s.problems.extend(parsed.diagnostics)
        return tuple(in_c_scope(item, self.s) for item in parsed.items)

    # ---- statements ----
    def stmt(self, node, contract: tuple) -> list:
        """The statements one C statement maps to (none, one, or a few)."""
        span = self.s.span(node)
        match node.type:
            case "compound_statement":
                return [self.block(node)]
            case "declaration":
                return self.declaration(node)
            case "expression_statement":
                return self.expression_statement(node, contract)
            case "if_statement":
                cond = self.e.cond(node.child_by_field_name("condition"))
                then = self.single(node.child_by_field_name("consequence"))
                alternative = node.child_by_field_name("alternative")
                otherwise = self.single(alternative.named_children[-1]) if alternative is not None else None
                return [A.If(cond, then, otherwise, span=span)]
            case "for_statement":
                return [self.ranged(self.for_loop(node, contract))]
            case "while_statement":
                invariants, cond = self.loop_condition(node.child_by_field_name("condition"))
                contract, body = self.loop_body(node.child_by_field_name("body"), contract + invariants)
                return [self.ranged(A.While(contract, cond, body, span=span))]
            case "do_statement":
                return [self.ranged(loop) for loop in self.do_loop(node, contract)]
            case "break_statement":
                return [A.Break(span=span)]
            case "continue_statement":
                return [A.Continue(span=span)]
            case "return_statement":
                if node.named_children:
                    raise Unsupported("unsupported.statement", span, "a kernel returns no value")
                return [A.Return(span=span)]
            case "comment":
                return []
            case "preproc_if" | "preproc_ifdef" | "preproc_else" | "preproc_elif" | "preproc_def" \
                    | "preproc_function_def" | "preproc_call":
                raise Unsupported("unsupported.macro", span, "preprocessor directives inside a function are not supported")
        if node.type == ";" or self.s.text(node) == ";":
            return []
        raise Unsupported("unsupported.statement", span,
                          f"this kind of statement ({node.type.replace('_', ' ')}) is not supported")

    def single(self, node) -> A.Stmt:
        """A statement where the language wants one (an if's branch, a loop's body)."""
        self.s.push()
        try:
            mapped = self.stmt(node, ())
        finally:
            self.s.pop()
        if len(mapped) == 1:
            return mapped[0]
        return A.Block(tuple(mapped), span=self.s.span(node))

    def loop_body(self, node, contract: tuple) -> tuple[tuple, A.Stmt]:
        """The body of a loop, with GPUVerify's `__invariant(e);` calls at its start
        taken as loop invariants."""
        if node.type != "compound_statement":
            return contract, self.single(node)
        children = list(node.named_children)
        invariants = list(contract)
        while children and children[0].type == "expression_statement" and (
                self._gpuverify(children[0]) in B.GPUVERIFY_CANDIDATES | B.GPUVERIFY_INVARIANTS):
            invariants.extend(self._invariant_call(children.pop(0).named_children[0]))
        self.s.push()
        try:
            stmts = self.sequence(children)
        finally:
            self.s.pop()
        return tuple(invariants), A.Block(tuple(stmts), span=self.s.span(node))

    def ranged(self, loop):
        """The loop with one more invariant per integer variable it assigns: the value
        fits the variable's C type.  Every assignment is checked to fit, so this holds;
        without it the loop would forget it and report overflows that cannot happen."""
        # Variables declared inside the body are not in scope at the loop's head.
        inner = {n.name for n in A.walk(loop.body) if isinstance(n, A.VarDecl)}
        assigned = sorted({n.target.id for n in A.walk(loop) if isinstance(n, A.Assign)
                           and n.target.id in self.s.local_types and self.s.local_types[n.target.id].is_int
                           and n.target.id not in inner})
        loop = attrs.evolve(loop, contract=tuple(self.wide) + loop.contract)
        if not assigned:
            return loop
        span = loop.span
        facts = []
        for name in assigned:
            ctype = self.s.local_types[name]
            value = A.Name(name, span=span)
            facts.append(A.Clause(A.ClauseKind.LOOP_INVARIANT, A.Binary(
                "&&", A.Binary("<=", A.IntLit(ctype.lo, span=span), value, span=span),
                A.Binary("<=", value, A.IntLit(ctype.hi, span=span), span=span), span=span), span=span, implied=True))
        return attrs.evolve(loop, contract=tuple(facts) + loop.contract)

    def loop_condition(self, node) -> tuple[tuple, A.Expr | None]:
        """A loop's condition, with GPUVerify's invariants written before it with the
        comma operator (`while (__invariant(e), c)`) taken out as loop invariants."""
        if node is not None and node.type == "condition_clause":
            node = node.child_by_field_name("value")
        invariants = []
        while node is not None and node.type == "comma_expression":
            left = node.child_by_field_name("left")
            if self._invariant_call(left) is None:
                break
            invariants.extend(self._invariant_call(left))
            node = node.child_by_field_name("right")
        return tuple(invariants), (self.e.cond(node) if node is not None else None)

    def _invariant_call(self, node) -> list | None:
        """The loop invariants of a call `__invariant(e)`, or None if `node` is not one."""
        if node.type != "call_expression":
            return None
        name = self.s.text(node.child_by_field_name("function"))
        if name in B.GPUVERIFY_CANDIDATES:
            return []
        if name not in B.GPUVERIFY_INVARIANTS:
            return None
        return [A.Clause(A.ClauseKind.LOOP_INVARIANT, self.e.cond(arg), span=self.s.span(node))
                for arg in code_children(node.child_by_field_name("arguments"))]

    def for_loop(self, node, contract: tuple) -> A.Stmt:
        span = self.s.span(node)
        self.s.push()
        try:
            init_node = node.child_by_field_name("initializer")
            init = None
            if init_node is not None:
                mapped = (self.declaration(init_node) if init_node.type == "declaration"
                          else self.effect(init_node))
                if len(mapped) != 1:
                    raise Unsupported("unsupported.statement", self.s.span(init_node),
                                      "a for loop's initialisation must be one declaration or assignment")
                init = mapped[0]
            invariants, cond = self.loop_condition(node.child_by_field_name("condition"))
            contract = contract + invariants
            update_node = node.child_by_field_name("update")
            updates = []
            while update_node is not None and update_node.type == "comma_expression":
                updates.extend(self.effect(update_node.child_by_field_name("left")))
                update_node = update_node.child_by_field_name("right")
            if update_node is not None:
                updates.extend(self.effect(update_node))
            contract, body = self.loop_body(node.child_by_field_name("body"), contract)
        finally:
            self.s.pop()
        if len(updates) <= 1:
            return A.For(contract, init, cond, updates[0] if updates else None, body, span=span)
        # `i++, j += k`: the updates end each run of the body, also one cut short by continue.
        after = A.Block(tuple(updates), span=self.s.span(node.child_by_field_name("update")))
        body = _retarget_continues(body, after)
        return A.For(contract, init, cond, None, A.Block((body, after), span=body.span), span=span)

    def do_loop(self, node, contract: tuple) -> list:
        """`do S while (c);` as `while (true) { S; if (!c) break; }`, each `continue` of
        S turned into `if (!c) break; continue;`: the invariants hold before each run of
        S, as in C, and need no flag the user cannot name."""
        span = self.s.span(node)
        cond_node = node.child_by_field_name("condition")
        invariants, cond = self.loop_condition(cond_node)
        contract, body = self.loop_body(node.child_by_field_name("body"), contract + invariants)
        test_span = self.s.span(cond_node)
        leave = A.If(A.Unary("!", cond, span=test_span), A.Break(span=test_span), None, span=test_span)
        body = _retarget_continues(body, leave)
        return [A.While(contract, A.BoolLit(True, span=span), A.Block((body, leave), span=body.span), span=span)]

    # ---- declarations ----
    def declaration(self, node) -> list:
        span = self.s.span(node)
        shared = self._shared(node)
        type_node = node.child_by_field_name("type")
        ctype = self.e.type_of(type_node)
        out = []
        for declarator, value_node in declarators(node):
            if declarator.type == "array_declarator":
                out.extend(self.local_array(declarator, ctype, shared, value_node, span))
                continue
            if declarator.type == "pointer_declarator" and declarator.child_by_field_name("declarator").type == "identifier" \
                    and not shared:
                out.extend(self.pointer_variable(declarator.child_by_field_name("declarator"), ctype, value_node, span))
                continue
            if declarator.type != "identifier":
                raise Unsupported("unsupported.pointer", self.s.span(declarator),
                                  "this declaration is not supported: pointers to pointers, function pointers, ...")
            if shared:
                if value_node is not None:
                    raise Unsupported("unsupported.statement", self.s.span(value_node), "local memory cannot be initialised")
                self.memory_scalar(declarator, ctype, A.Scope.LOCAL, span)
                continue
            if self.s.text(declarator) in self.addressed:
                out.extend(self.addressed_variable(declarator, ctype, value_node, span))
                continue
            if value_node is not None and value_node.type == "initializer_list":
                raise Unsupported("unsupported.statement", self.s.span(value_node), "initialiser lists are not supported")
            helper = self._helper_call(value_node)
            value = None
            if value_node is not None and helper is None:
                value = self.e.convert(self.e.value(value_node), ctype, value_node).expr
            c_name = self.s.text(declarator)
            binding = self.s.declare(c_name, What.LOCAL, ctype)
            out.append(A.VarDecl(lang_type(ctype), binding.name, value, elem_range(ctype),
                                 name_span=self.s.span(declarator), span=span))
            if helper is not None:
                target = A.Name(binding.name, span=self.s.span(declarator))
                out.append(self.inline(*helper, value_node, lambda v, t=target: A.Assign(
                    t, self.e.convert(v, ctype, value_node).expr, span=span)))
        return out

    def _helper_call(self, node):
        """(name, arguments) if `node` calls a __device__ function that cannot be
        inlined into an expression (its body is more than `return e;`), else None."""
        if node is None or node.type != "call_expression":
            return None
        name = self.s.text(node.child_by_field_name("function"))
        definition = self.e.devices.get(name)
        if definition is None or self.s.lookup(name) is not None or self.e.single_return(definition):
            return None
        return name, code_children(node.child_by_field_name("arguments"))

    def _shared(self, node) -> bool:
        if self.s.dialect is Dialect.OPENCL:
            return any(q.name == "local" for q in self.s.unit.qualifiers.of_node(node))
        return any(c.type == "type_qualifier" and self.s.text(c) == "__shared__" for c in node.children)

    def pointer_variable(self, name_node, ctype: C.CType, value_node, span) -> list:
        """A pointer variable: an int holding its offset into the one array it points
        into, which its first assignment (in the text) fixes."""
        binding = self.s.declare(self.s.text(name_node), What.POINTER, ctype)
        decl = A.VarDecl(A.Type.INT, binding.name, None, name_span=self.s.span(name_node), span=span)
        if value_node is None:
            return [decl]
        return [decl, self.point(binding, value_node, span)]

    def _pointer_variable(self, node):
        if node.type != "identifier":
            return None
        binding = self.s.lookup(self.s.text(node))
        return binding if binding is not None and binding.what is What.POINTER and binding.value is None else None

    def repoint(self, binding, target_node, compute, span) -> A.Assign:
        """`p += k`, `p++`: arithmetic on the offset of a pointer variable."""
        if binding.name not in self.s.bases:
            raise Unsupported("unsupported.pointer", self.s.span(target_node),
                              f"the pointer `{self.s.text(target_node)}` is moved before it points into an array")
        name = A.Name(binding.name, span=self.s.span(target_node))
        return A.Assign(name, compute(Val(name, C.LONG)).expr, span=span)

    def point(self, binding, value_node, span) -> A.Assign:
        base, offset = self.e.pointer(value_node)
        known = self.s.bases.setdefault(binding.name, base)
        if known.name != base.name:
            raise Unsupported("unsupported.pointer", self.s.span(value_node),
                              f"this pointer is set to point into `{base.name}` here and into `{known.name}` elsewhere; "
                              "a pointer must point into one array")
        return A.Assign(A.Name(binding.name, span=span), offset, span=span)

    def private_array(self, declarator, ctype: C.CType, value_node, span) -> list:
        """A thread's own array `T t[N]`: a slice of N cells of a local array of N * gsize
        cells, thread lid's starting at lid * N.  The slice's write permission is the
        thread's from start to end (translate.py adds it to the thread contract, the
        loops and the barriers); an index outside 0 .. N-1 is bounds.index."""
        name_node = declarator.child_by_field_name("declarator")
        size = declarator.child_by_field_name("size")
        if name_node.type != "identifier" or size is None:
            raise Unsupported("unsupported.type", self.s.span(declarator),
                              "only one-dimensional private arrays with a size are supported")
        if value_node is not None and value_node.type != "initializer_list":
            raise Unsupported("unsupported.statement", self.s.span(value_node), "an array is initialised with `{...}`")
        length = self.e.constant(size)
        if length is None or length <= 0:
            raise Unsupported("unsupported.type", self.s.span(size), "the size of a private array must be a positive constant")
        binding = self.s.declare(self.s.text(name_node), What.ARRAY, ctype, private=length)
        size_span = self.s.span(size)
        total = A.Binary("*", A.IntLit(length, span=size_span), A.Name("gsize", span=size_span), span=size_span)
        self.s.local_arrays.append(A.ArrayDecl(A.Scope.LOCAL, lang_type(ctype), total, binding.name, elem_range(ctype),
                                               name_span=self.s.span(name_node), span=span, private=True))
        self.s.private_arrays.append((binding.name, length))
        if value_node is None:
            return []
        values = code_children(value_node)
        if len(values) > length or any(v.type in ("initializer_list", "initializer_pair") for v in values):
            raise Unsupported("unsupported.statement", self.s.span(value_node),
                              "this initialiser is not supported: give at most one value per cell")
        # C sets the cells it gives no value to 0.
        stores = []
        for at in range(length):
            value = (self.e.convert(self.e.value(values[at]), ctype, values[at]).expr if at < len(values)
                     else self.e.convert(Val(A.IntLit(0, span=span), C.INT), ctype, value_node).expr)
            where = self.s.span(values[at]) if at < len(values) else span
            index = A.Binary("+", A.Binary("*", A.Name("lid", span=where), A.IntLit(length, span=where), span=where),
                             A.IntLit(at, span=where), span=where)
            stores.append(A.ArrayAssign(A.Index(A.Name(binding.name, span=where), index, span=where), value, span=where))
        return stores

    def addressed_variable(self, declarator, ctype: C.CType, value_node, span) -> list:
        """A thread's variable whose address is taken lives in memory: its cell of a
        private array of one cell per thread, so `&x` points into an array."""
        binding = self.s.declare(self.s.text(declarator), What.ARRAY, ctype, cell=True, private=1)
        self.s.local_arrays.append(A.ArrayDecl(A.Scope.LOCAL, lang_type(ctype), A.Name("gsize", span=span), binding.name,
                                               elem_range(ctype), name_span=self.s.span(declarator), span=span,
                                               private=True))
        self.s.private_arrays.append((binding.name, 1))
        if value_node is None:
            return []
        cell = self.e.cell(binding, self.s.span(declarator))
        value = self.e.convert(self.e.value(value_node), ctype, value_node).expr
        return [A.ArrayAssign(cell, value, span=span)]

    def memory_scalar(self, declarator, ctype: C.CType, scope: A.Scope, span, into=None) -> None:
        binding = self.s.declare(self.s.text(declarator), What.ARRAY, ctype, cell=True)
        (self.s.local_arrays if into is None else into).append(A.ArrayDecl(scope, lang_type(ctype), A.IntLit(1, span=span), binding.name,
                                               elem_range(ctype), name_span=self.s.span(declarator), span=span))

    def local_array(self, declarator, ctype: C.CType, shared: bool, value_node, span,
                    scope: A.Scope = A.Scope.LOCAL, into=None) -> list:
        """A shared (or file-scope) array, declared; a private one, declared with the
        statements that store its initialiser."""
        if not shared:
            return self.private_array(declarator, ctype, value_node, span)
        if value_node is not None and scope is A.Scope.LOCAL:
            raise Unsupported("unsupported.statement", self.s.span(value_node), "local memory cannot be initialised")
        dims = []
        name_node = declarator
        while name_node.type == "array_declarator":
            size = name_node.child_by_field_name("size")
            if size is None and value_node is not None and value_node.type == "initializer_list" and not dims:
                dims.insert(0, len(value_node.named_children))
                name_node = name_node.child_by_field_name("declarator")
                continue
            if size is None:
                raise Unsupported("unsupported.type", self.s.span(declarator),
                                  "a __shared__/__local array needs its size (extern __shared__ arrays are not supported)")
            length = self.e.constant(size)
            if length is None or length <= 0:
                raise Unsupported("unsupported.type", self.s.span(size),
                                  "the size of a __shared__/__local array must be a positive constant")
            dims.insert(0, length)
            name_node = name_node.child_by_field_name("declarator")
        if name_node.type != "identifier":
            raise Unsupported("unsupported.type", self.s.span(declarator), "this kind of array is not supported")
        length = 1
        for d in dims:
            length *= d
        binding = self.s.declare(self.s.text(name_node), What.ARRAY, ctype, tuple(dims) if len(dims) > 1 else ())
        size = declarator.child_by_field_name("size") or declarator
        (self.s.local_arrays if into is None else into).append(A.ArrayDecl(scope, lang_type(ctype), A.IntLit(length, span=self.s.span(size)),
                                               binding.name, elem_range(ctype), name_span=self.s.span(name_node),
                                               span=span))
        return []

    # ---- expression statements ----


    def expression_statement(self, node, contract: tuple) -> list:
        if not node.named_children:
            return []
        inner = node.named_children[0]
        fences = self._barrier_call(node)
        if fences is not None:
            return [A.Barrier(fences, contract or None, span=self.s.span(node), fenced_only=True)]
        if inner.type == "call_expression":
            return self.call(inner)
        return self.effect(inner)

    def _barrier_call(self, node):
        """The fences of a barrier call statement, or None if it is something else."""
        if node.type != "expression_statement" or not node.named_children:
            return None
        call = node.named_children[0]
        if call.type != "call_expression":
            return None
        name = self.s.text(call.child_by_field_name("function"))
        args = code_children(call.child_by_field_name("arguments"))
        if self.s.lookup(name) is not None:
            return None
        if self.s.dialect is Dialect.CUDA and name in B.BARRIERS_CUDA and not args:
            return (A.Fence.LOCAL, A.Fence.GLOBAL)
        if self.s.dialect is Dialect.OPENCL and name in B.BARRIERS_OPENCL and len(args) >= 1:
            return self._fences(args[0])
        return None

    def _fences(self, node) -> tuple:
        """The fences a barrier's flags name.  Flags the front end cannot read (a
        variable) count as no fence: the barrier still synchronises and hands
        permissions over, but publishes no facts about memory, which is the weaker
        reading and so the safe one."""
        fences: list = []
        for part in self._flag_words(self.s.text(node), depth=0):
            fences.extend(f for f in B.FENCE_FLAGS.get(part, ()) if f not in fences)
        return tuple(sorted(fences, key=lambda f: f.value, reverse=True))

    def _flag_words(self, text: str, depth: int) -> list[str]:
        words = []
        for part in (p.strip().strip("()").strip() for p in text.split("|")):
            define = self.e.macros.defines.get(part)
            if define is not None and define.object_like and depth < 8:
                words.extend(self._flag_words(define.body, depth + 1))
            else:
                words.append(part)
        return words

    def _gpuverify(self, node) -> str | None:
        call = node.named_children[0] if node.named_children else None
        if call is None or call.type != "call_expression":
            return None
        return self.s.text(call.child_by_field_name("function"))

    def call(self, node) -> list:
        name = self.s.text(node.child_by_field_name("function"))
        args = code_children(node.child_by_field_name("arguments"))
        span = self.s.span(node)
        if name in B.GPUVERIFY_STATEMENTS and len(args) == 1:
            return [B.GPUVERIFY_STATEMENTS[name](self.e.cond(args[0]), span=span)]
        if name == "__function_wide_invariant" and len(args) == 1:
            # Of every loop of the function; those before it are not affected.
            self.wide.append(A.Clause(A.ClauseKind.LOOP_INVARIANT, self.e.cond(args[0]), span=span))
            return []
        if name in B.GPUVERIFY_CLAUSES or name in B.GPUVERIFY_INVARIANTS:
            raise Unsupported("unsupported.statement", span,
                              f"{name} must stand at the start of the kernel's body"
                              + (" or of a loop's body" if name in B.GPUVERIFY_INVARIANTS else ""))
        if name in (B.BARRIERS_CUDA | B.BARRIERS_OPENCL):
            raise Unsupported("unsupported.statement", span, f"`{self.s.text(node)}` is not a barrier of this dialect")
        if name in self.e.devices:
            return [self.inline(name, args, node)]
        self.e.value(node)               # raises the right unsupported code
        raise Unsupported("unsupported.function", span, f"the value of `{name}(...)` is not used")

    def inline(self, name: str, args, node, finish=None) -> A.Block:
        """A call of a __device__ function as a statement: its body in place, the
        parameters local variables holding the arguments (arrays passed by name).  A
        function that ends in `return e;` hands the value of e to `finish`, whose
        statement (storing it) ends the block; without `finish` the value is dropped.
        GPUVerify's `__requires`/`__ensures` at its start become assertions before and
        after it, so they are checked, not assumed."""
        span = self.s.span(node)
        definition = self.e.devices[name]
        if name in self.e.inlining:
            raise Unsupported("unsupported.function", span, f"`{name}` is recursive; recursive __device__ functions are not supported")
        void = self.s.text(definition.child_by_field_name("type")) == "void"
        if finish is not None and void:
            raise Unsupported("unsupported.function", span, f"`{name}` returns no value")
        body = definition.child_by_field_name("body")
        children = [c for c in body.named_children if c.type != "comment"]
        result = None
        if children and children[-1].type == "return_statement" and (void or children[-1].named_children):
            result = children[-1].named_children[0] if children[-1].named_children else None
            children = children[:-1]
        elif not void:
            raise Unsupported("unsupported.function", span, f"`{name}` must end in `return e;` to be inlined")
        if any(n.type == "return_statement" for c in children for n in descendants(c)):
            raise Unsupported("unsupported.function", span,
                              f"`{name}` returns from its middle; only __device__ functions that run to their end are inlined")
        params = self.e.parameters(definition)
        if len(params) != len(args):
            raise Unsupported("unsupported.function", span, f"`{name}` takes {len(params)} arguments, not {len(args)}")
        self.s.push()
        self.e.inlining.append(name)
        try:
            stmts = []
            for param, arg in zip(params, args):
                c_name, pointer = self.e.declarator(param)
                if pointer:
                    self.s.bind(c_name, self.e.array_argument(arg))
                    continue
                ctype = self.e.type_of(param.child_by_field_name("type"))
                value = self.e.convert(self.e.value(arg), ctype, arg).expr
                binding = self.s.declare(c_name, What.LOCAL, ctype)
                stmts.append(A.VarDecl(lang_type(ctype), binding.name, value, elem_range(ctype),
                                       name_span=self.s.span(param), span=span))
            ensures = []
            while children and children[0].type == "expression_statement" and self._gpuverify(children[0]) in B.GPUVERIFY_CLAUSES:
                call = children.pop(0).named_children[0]
                kind = B.GPUVERIFY_CLAUSES[self.s.text(call.child_by_field_name("function"))]
                if kind is A.ClauseKind.LOOP_INVARIANT:
                    raise Unsupported("unsupported.function", self.s.span(call),
                                      "a function-wide invariant of an inlined __device__ function is not supported")
                for arg in code_children(call.child_by_field_name("arguments")):
                    if kind is A.ClauseKind.REQUIRES:
                        stmts.append(A.Assert(self.e.cond(arg), span=self.s.span(call)))
                    else:
                        ensures.append((arg, call))
            stmts.extend(self.sequence(children))
            returned = None
            if result is not None:
                # Computed into a variable of its own: GPUVerify's __ensures may name it
                # (`__return_val_int()`), and a dropped value is still checked.
                value = self.e.convert(self.e.value(result), self.e.type_of(definition.child_by_field_name("type")), result)
                local = self.s.declare(f"{name}$value", What.LOCAL, value.ctype)
                stmts.append(A.VarDecl(lang_type(value.ctype), local.name, value.expr, elem_range(value.ctype),
                                       name_span=span, span=span))
                returned = Val(A.Name(local.name, span=span), value.ctype)
            outer, self.e.returned = self.e.returned, returned
            try:
                stmts.extend(A.Assert(self.e.cond(arg), span=self.s.span(call)) for arg, call in ensures)
            finally:
                self.e.returned = outer
            if finish is not None and returned is not None:
                stmts.append(finish(returned))
        finally:
            self.e.inlining.pop()
            self.s.pop()
        return A.Block(tuple(stmts), span=span)

    def effect(self, node) -> list:
        """An assignment, compound assignment or `++`/`--` as a statement."""
        span = self.s.span(node)
        match node.type:
            case "assignment_expression":
                op = self.s.text(node.child_by_field_name("operator"))
                left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
                pointer = self._pointer_variable(left)
                if op == "=" and pointer is not None:
                    return [self.point(pointer, right, span)]
                if op == "=":
                    helper = self._helper_call(right)
                    if helper is not None:
                        return [self.inline(*helper, right, lambda v: self.assign(left, lambda target: self.e.convert(
                            v, target.ctype, right), span))]
                    return [self.assign(left, lambda target: self.e.convert(self.e.value(right), target.ctype, right), span)]
                if op not in _COMPOUND:
                    raise Unsupported("unsupported.statement", span, f"the assignment {op} is not supported")
                return [self.assign(left, lambda target: self.e.combine(
                    _COMPOUND[op], target, self.e.value(right), left, right, node), span)]
            case "update_expression":
                op = self.s.text(node.child_by_field_name("operator"))
                target = node.child_by_field_name("argument")
                one = Val(A.IntLit(1, span=span), C.INT)
                return [self.assign(target, lambda current: self.e.combine(
                    "+" if op == "++" else "-", current, one, target, node, node), span)]
            case "comma_expression":
                raise Unsupported("unsupported.side-effect", span, "the comma operator is not supported; write the parts as statements")
        raise Unsupported("unsupported.statement", span,
                          "an expression whose value is not used is not supported; assign it or leave it out")

    def assign(self, target_node, compute, span) -> A.Stmt:
        """`target = compute(current value of target)`, converted to the target's type."""
        if target_node.type == "parenthesized_expression" and len(target_node.named_children) == 1:
            target_node = target_node.named_children[0]
        if target_node.type == "identifier":
            c_name = self.s.text(target_node)
            binding = self.s.lookup_usable(c_name)
            if binding is not None and binding.what is What.POINTER and binding.value is None:
                return self.repoint(binding, target_node, compute, span)
            if binding is not None and binding.cell:
                cell = self.e.cell(binding, self.s.span(target_node))
                value = self.e.convert(compute(Val(cell, binding.ctype)), binding.ctype, target_node)
                return A.ArrayAssign(cell, value.expr, span=span)
            if binding is None or binding.what is not What.LOCAL or binding.value is not None:
                if binding is None:
                    raise Unsupported("type.unknown-name", self.s.span(target_node), f"'{c_name}' is not declared")
                if binding.what is What.ARRAY:
                    raise Unsupported("unsupported.pointer", self.s.span(target_node), "an array cannot be assigned")
                raise Unsupported("unsupported.statement", self.s.span(target_node),
                                  f"`{c_name}` cannot be assigned here")
            current = Val(A.Name(binding.name, span=self.s.span(target_node)), binding.ctype)
            value = self.e.convert(compute(current), binding.ctype, target_node)
            return A.Assign(A.Name(binding.name, span=self.s.span(target_node)), value.expr, span=span)
        if target_node.type == "pointer_expression" and self.s.text(target_node.child_by_field_name("operator")) == "*":
            base, offset = self.e.pointer(target_node.child_by_field_name("argument"))
            cell = A.Index(A.Name(base.name, span=self.s.span(target_node)), offset, span=self.s.span(target_node))
            value = self.e.convert(compute(Val(cell, base.ctype)), base.ctype, target_node)
            return A.ArrayAssign(cell, value.expr, span=span)
        if target_node.type == "subscript_expression":
            array, index = self.e.subscript(target_node)
            name = A.Name(array.name, span=self.s.span(target_node.child_by_field_name("argument")))
            cell = A.Index(name, index, span=self.s.span(target_node))
            value = self.e.convert(compute(Val(cell, array.ctype)), array.ctype, target_node)
            return A.ArrayAssign(cell, value.expr, span=span)
        raise Unsupported("unsupported.pointer", self.s.span(target_node),
                          "only variables and array cells `a[i]` can be assigned")


def declarators(declaration):
    """(declarator, initialiser or None) of each name a declaration declares."""
    for declarator in declaration.children_by_field_name("declarator"):
        if declarator.type == "init_declarator":
            yield declarator.child_by_field_name("declarator"), declarator.child_by_field_name("value")
        else:
            yield declarator, None


def _retarget_continues(stmt, leave):
    """`stmt` with each `continue` of the loop it is the body of (not of loops nested in
    it) preceded by the statement `leave`."""
    match stmt:
        case A.Continue():
            return A.Block((leave, stmt), span=stmt.span)
        case A.Block():
            return attrs.evolve(stmt, stmts=tuple(_retarget_continues(s, leave) for s in stmt.stmts))
        case A.If():
            otherwise = _retarget_continues(stmt.otherwise, leave) if stmt.otherwise is not None else None
            return attrs.evolve(stmt, then=_retarget_continues(stmt.then, leave), otherwise=otherwise)
    return stmt


def _is_loop(node) -> bool:
    return node.type in ("for_statement", "while_statement", "do_statement")


def elem_range(ctype: C.CType) -> tuple[int, int] | None:
    return (ctype.lo, ctype.hi) if ctype.is_int else None


def lang_type(ctype: C.CType) -> A.Type:
    return A.Type.BOOL if ctype.kind is C.Kind.BOOL else A.Type.INT


def _misplaced(span, where: str) -> D.Diagnostic:
    return D.error("type.clause-placement", span, f"this annotation {where}")

