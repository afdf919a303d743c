"""Side effects inside C expressions: `a[i++]`, `x = y = 0`, `(x = 5, y = 4)`,
`(node = list[i]) >> 32 != NIL && ...`.

The language's expressions have no effects, so an expression with effects is mapped,
as C sequences it, to statements that run before its value is used (its prelude) and a
pure expression for the value:

* an assignment, compound assignment, `++` or `--` inside an expression becomes its
  statement in the prelude; its value is a temporary holding what C gives it (the new
  value, converted to the left side's type, for `=`, `op=` and `++x`; the old value for
  `x++`), computed before the store, so it reads the memory once, as C does;
* `a, b` runs `a` as a statement, then `b`: a sequence point;
* the right operand of `&&` and `||` and the branches of `?:` run only when C runs
  them: an effect there makes the operator an `if` that sets a temporary;
* a full expression is a statement, a declaration's initialiser, or a condition (of an
  `if`, `while`, `for`, `do`), which runs its prelude each time it is evaluated.

Hoisting is exact only where the order cannot matter.  C leaves the order of the
operands of most operators (and of a call's arguments) unspecified, and an object
written by one and read or written by another unsequenced one is undefined behaviour
(`a[i] = i++`, `i++ + i`, `x = x++`); `unsequenced` refuses such expressions rather than
choose an order.  Objects are variables and arrays (any cell of an array may be the
cell another access names; memory whose array is not known is every array).
"""
from __future__ import annotations

import contextlib

import attrs
from clang.cindex import Cursor, CursorKind as K

from ..syntax import ast as A
from . import clang_types as T
from . import clang_builtins as B
from .cursors import STEPS as _STEPS, builtin_call, children, has_effects, operator, strip
from .values import Val
from .clang_scope import Unsupported, What, key

# Objects: ("var", key of the declaration), ("mem", array name or None for any array), or
# ("any",): something the mapping does not name, which may be any of them.
_ANY_MEMORY = ("mem", None)
_ANYTHING = ("any",)


def _loaded(c: Cursor, unit) -> bool:
    """Whether clang's tree loads the value of a discarded operand: C converts every
    lvalue it discards (an implicit cast above it), C++ none (docs/cfamily.md)."""
    while c.kind is K.PAREN_EXPR:
        c = children(c)[0]
    if c.kind is K.UNARY_OPERATOR:
        return unit.unary_operator(c) != "*"
    return c.kind not in (K.ARRAY_SUBSCRIPT_EXPR, K.DECL_REF_EXPR, K.MEMBER_REF_EXPR)


class Effects:
    def __init__(self, statements):
        self.st = statements
        self.e = statements.e
        self.s = statements.s
        self.pending: list | None = None      # the prelude of the full expression being mapped
        self.root: Cursor | None = None        # that full expression
        self.count = 0                        # temporaries made so far

    # ---- full expressions ----
    @contextlib.contextmanager
    def full(self, c: Cursor | None):
        """While a full expression `c` is mapped: the list its prelude is collected in."""
        if c is not None and has_effects(self.s, c):
            Sequencing(self.s).check(c)
        outer, self.root = self.root, c       # for helper_values.py
        try:
            with self._into([]) as stmts:
                yield stmts
        finally:
            self.root = outer

    @contextlib.contextmanager
    def _into(self, stmts: list):
        """Statements go into `stmts`, those of a call's unknown value (Exprs.hoist,
        bodiless.py) too, so that all run in the order C evaluates them."""
        outer = self.pending, self.e.hoisted
        self.pending = self.e.hoisted = stmts
        try:
            yield stmts
        finally:
            self.pending, self.e.hoisted = outer

    def temp(self, value: Val, span) -> Val:
        """`value` held in a new temporary declared in the prelude (a constant as it is)."""
        if isinstance(value.expr, (A.IntLit, A.BoolLit)):
            return value
        name = self._fresh(value.ctype)
        self.pending.append(A.VarDecl(T.lang_type(value.ctype), name, value.expr, T.elem_range(value.ctype),
                                      name_span=span, span=span))
        return attrs.evolve(value, expr=A.Name(name, span=span), congruent=None)

    def _fresh(self, ctype) -> str:
        visible = set().union(*self.s.names)
        self.count += 1
        name = f"value${self.count}"
        while name in visible:
            name += "'"
        self.s.names[-1].add(name)
        self.s.local_types[name] = ctype
        return name

    # ---- the effects ----
    def assignment(self, c: Cursor) -> Val:
        """`l = r` inside an expression."""
        left, right = children(c)
        span = self.s.span(c)
        self._plain_target(left)
        held: list[Val] = []

        def compute(current: Val) -> Val:
            held.append(self.temp(self.e.convert(self.e.value(right), current.ctype, right), span))
            return held[0]
        self.pending.append(self.st.assign(left, compute, span))
        return held[0]

    def compound(self, c: Cursor) -> Val:
        """`l op= r` inside an expression."""
        left, right = children(c)
        span = self.s.span(c)
        self._plain_target(left)
        op = operator(c)[:-1]
        held: list[Val] = []

        def compute(current: Val) -> Val:
            operand = self.e.value(right)
            ctype = T.promoted(current.ctype) if op in ("<<", ">>") else T.computation(current.ctype, operand.ctype)
            value = self.e.convert(self.e.combine(op, current, operand, right, c, ctype), current.ctype, left)
            held.append(self.temp(value, span))
            return held[0]
        self.pending.append(self.st.assign(left, compute, span))
        return held[0]

    def step(self, c: Cursor, op: str) -> Val:
        """`++x`, `x++`, `--x`, `x--` inside an expression: the new value, or the old."""
        target = children(c)[0]
        span = self.s.span(c)
        self._plain_target(target)
        one = Val(A.IntLit(1, span=span), T.INT)
        held: list[Val] = []

        def compute(current: Val) -> Val:
            if op.startswith("post"):
                held.append(self.temp(current, span))
                if not isinstance(current.expr, A.Name):
                    current = held[0]       # a cell is read once; a variable stays `i = i + 1`
            ctype = T.computation(current.ctype, T.INT)
            new = self.e.convert(self.e.combine("+" if "++" in op else "-", current, one, target, c, ctype),
                                 current.ctype, target)
            if op.startswith("pre"):
                new = self.temp(new, span)
                held.append(new)
            return new
        self.pending.append(self.st.assign(target, compute, span))
        return held[0]

    def comma(self, c: Cursor) -> Val:
        """`a, b`: `a` as a statement, then the value of `b`."""
        left, right = children(c)
        self.discard(left)
        return self.e.value(right)

    def discard(self, c: Cursor) -> None:
        """An operand whose value C discards (of a comma): its effects as statements,
        and the memory it reads read (a read races like any other)."""
        if has_effects(self.s, c):
            self.pending.extend(self.st.effect(c))
            return
        # Mapped even when nothing of it is kept, so that what is unsupported in it is reported.
        value = self.e.value(c)
        reads = sum(isinstance(node, A.Index) for node in A.walk(value.expr))
        if not reads:
            return
        if not _loaded(c, self.s.unit):
            # C++ converts no lvalue whose value it discards (clang's tree has no load
            # above it): `x[0], ...` reads nothing, but `x[y[0]], ...` reads y[0].
            if reads == 1:
                return
            raise Unsupported("unsupported.statement", self.s.span(c),
                              "C++ reads the memory this discarded place's index names but not the place; "
                              "write the reads you mean as statements")
        self.temp(value, self.s.span(c))

    def logical(self, c: Cursor) -> Val | None:
        """`l && r`, `l || r` whose right operand has effects: they run only when C
        evaluates it.  None where it has none (the operator stays an expression)."""
        left, right = children(c)
        if not has_effects(self.s, right):
            return None
        span = self.s.span(c)
        value = self._bool_temp(self.e.cond(left), span)
        inner: list = []
        with self._into(inner):
            later = self.e.cond(right)
        inner.append(A.Assign(A.Name(value, span=span), later, span=span))
        test = A.Name(value, span=span) if operator(c) == "&&" else A.Unary("!", A.Name(value, span=span), span=span)
        self.pending.append(A.If(test, A.Block(tuple(inner), span=span), None, span=span))
        return Val(A.Name(value, span=span), T.BOOL)

    def conditional(self, c: Cursor) -> Val | None:
        """`t ? a : b` whose branches have effects: only the branch C takes runs."""
        test_c, then_c, else_c = children(c)
        if not (has_effects(self.s, then_c) or has_effects(self.s, else_c)):
            return None
        span = self.s.span(c)
        test = self.e.cond(test_c)
        ctype = self.e.scalar(c)
        name = self._fresh(ctype)
        self.pending.append(A.VarDecl(T.lang_type(ctype), name, None, T.elem_range(ctype), name_span=span, span=span))
        branches, ranges = [], []
        for branch in (then_c, else_c):
            inner: list = []
            with self._into(inner):
                value = self.e.convert(self.e.value(branch), ctype, branch)
            inner.append(A.Assign(A.Name(name, span=span), value.expr, span=span))
            branches.append(A.Block(tuple(inner), span=self.s.span(branch)))
            ranges.append(value.range)
        self.pending.append(A.If(test, branches[0], branches[1], span=span))
        bounds = (min(r[0] for r in ranges), max(r[1] for r in ranges))
        return Val(A.Name(name, span=span), ctype, bounds)

    def _bool_temp(self, value: A.Expr, span) -> str:
        name = self._fresh(T.BOOL)
        self.pending.append(A.VarDecl(A.Type.BOOL, name, value, name_span=span, span=span))
        return name

    def _plain_target(self, target: Cursor) -> None:
        inner = strip(target)
        if inner.kind is K.DECL_REF_EXPR and inner.referenced is not None:
            binding = self.s.lookup(inner.referenced)
            if binding is not None and binding.what is What.POINTER:
                raise Unsupported("unsupported.side-effect", self.s.span(target),
                                  "moving a pointer inside an expression is not supported; make it a statement")


@attrs.frozen
class Foot:
    """What evaluating an expression reads and writes (its value and its effects)."""
    reads: frozenset = frozenset()
    writes: frozenset = frozenset()
    # Of the writes, those an atomic function makes: the call is over before its value
    # is used, so they come before the store of an assignment of that value.
    called: frozenset = frozenset()

    def __or__(self, other: "Foot") -> "Foot":
        return Foot(self.reads | other.reads, self.writes | other.writes, self.called | other.called)


def _overlap(a: tuple, b: tuple) -> bool:
    return a == b or _ANYTHING in (a, b) or (a[0] == b[0] == "mem" and None in (a[1], b[1]))


def _meets(writes, touched) -> tuple | None:
    return next((w for w in writes for t in touched if _overlap(w, t)), None)


class Sequencing:
    """Refuses a full expression in which an object written by one operand is read or
    written by another operand unsequenced with it (undefined or unspecified in C)."""

    def __init__(self, scope):
        self.s = scope

    def check(self, c: Cursor) -> None:
        self.foot(c)

    def _apart(self, parts: list[tuple[Cursor, Foot]], c: Cursor) -> None:
        for i, (_, a) in enumerate(parts):
            for _, b in parts[i + 1:]:
                clash = _meets(a.writes, b.reads | b.writes) or _meets(b.writes, a.reads | a.writes)
                if clash is not None:
                    self._refuse(c, clash)

    def _refuse(self, c: Cursor, clash: tuple) -> None:
        raise Unsupported("unsupported.side-effect", self.s.span(c),
                          f"`{self.s.text(c)}` writes {self._name(clash)} in one operand and reads or writes it in "
                          "another, in an order C leaves unspecified (undefined behaviour for a variable); write the "
                          "parts as statements")

    def _name(self, obj: tuple) -> str:
        if obj == _ANYTHING:
            return "something"
        if obj[0] == "var":
            return f"`{obj[1][1]}`"
        return f"`{obj[1]}`" if obj[1] is not None else "memory"

    def obj(self, declaration: Cursor) -> tuple:
        binding = self.s._find(key(declaration))
        if binding is not None and (binding.cell or binding.what is What.ARRAY):
            return ("mem", binding.name)
        return ("var", key(declaration))

    def memory(self, base: Cursor) -> tuple:
        """The array a pointer or array expression points into, where it is plain."""
        base = strip(base)
        if base.kind is K.DECL_REF_EXPR and base.referenced is not None:
            binding = self.s._find(key(base.referenced))
            if binding is not None and binding.what is What.ARRAY:
                return ("mem", binding.name)
            if binding is not None and binding.what is What.POINTER:
                # A pointer into one array is that array's memory; one that may point
                # into several (a tag: clang_pointers.py) may be any of them.
                if binding.base is not None and binding.tag is None:
                    return ("mem", binding.base.name)
        return _ANY_MEMORY

    def target(self, c: Cursor) -> tuple[Foot, tuple]:
        """What locating the object an assignment writes reads and writes, and the object."""
        inner = strip(c)
        match inner.kind:
            case K.DECL_REF_EXPR if inner.referenced is not None:
                return Foot(), self.obj(inner.referenced)
            case K.ARRAY_SUBSCRIPT_EXPR:
                base, index = children(inner)
                if not (T.is_pointer(base.type) or T.is_array(base.type)):
                    base, index = index, base
                located = self._parts([base, index], inner)
                return located, self.memory(base) if strip(base).kind is not K.ARRAY_SUBSCRIPT_EXPR \
                    else self.target(base)[1]
            case K.UNARY_OPERATOR if self.s.unit.unary_operator(inner) == "*":
                operand = children(inner)[0]
                return self.foot(operand), self.memory(operand)
            case K.MEMBER_REF_EXPR if children(inner):
                # A field is part of its struct: `p.x` of the variable p, `q->x` of memory.
                base = children(inner)[0]
                if T.is_pointer(base.type):
                    return self.foot(base), self.memory(base)
                return self.target(base)
        return self.foot(inner), _ANYTHING

    def _parts(self, parts: list[Cursor], c: Cursor) -> Foot:
        feet = [(p, self.foot(p)) for p in parts]
        self._apart(feet, c)
        total = Foot()
        for _, f in feet:
            total = total | f
        return total

    def foot(self, c: Cursor) -> Foot:
        match c.kind:
            case K.DECL_REF_EXPR if c.referenced is not None:
                binding = self.s._find(key(c.referenced))
                if binding is not None and binding.what is What.ARRAY and not binding.cell:
                    return Foot()        # an array's name (its address) reads none of its cells
                if c.referenced.kind in (K.VAR_DECL, K.PARM_DECL):
                    return Foot(frozenset({self.obj(c.referenced)}))
                return Foot()
            case K.ARRAY_SUBSCRIPT_EXPR:
                located, cell = self.target(c)
                return located | Foot(frozenset({cell}))
            case K.UNARY_OPERATOR:
                op = self.s.unit.unary_operator(c)
                operand = children(c)[0]
                if op in _STEPS:
                    located, obj = self.target(operand)
                    return located | Foot(frozenset({obj}), frozenset({obj}))
                if op == "*":
                    located, cell = self.target(c)
                    return located | Foot(frozenset({cell}))
                if op == "&":
                    return self.target(operand)[0]
                return self.foot(operand)
            case K.BINARY_OPERATOR | K.COMPOUND_ASSIGNMENT_OPERATOR:
                left, right = children(c)
                op = operator(c)
                if op in (",", "&&", "||"):
                    return self.foot(left) | self.foot(right)      # sequenced: left first
                if op.endswith("=") and op not in ("==", "!=", "<=", ">="):
                    located, obj = self.target(left)
                    value = self.foot(right)
                    self._apart([(left, located), (right, value)], c)
                    # The store is unsequenced with the operands' own effects.
                    if _meets(frozenset({obj}), located.writes | (value.writes - value.called)) is not None:
                        self._refuse(c, obj)
                    reads = frozenset({obj}) if op != "=" else frozenset()
                    return located | value | Foot(reads, frozenset({obj}))
                return self._parts([left, right], c)
            case K.CONDITIONAL_OPERATOR:
                total = Foot()
                for part in children(c):         # the test is sequenced before the branch
                    total = total | self.foot(part)
                return total
            case K.CALL_EXPR:
                args = list(c.get_arguments())
                if B.atomic_operation(self.s.dialect, builtin_call(self.s, c)) is not None and args:
                    # An atomic reads and writes the cell its pointer names.
                    cell = self.pointed(args[0])
                    return self._parts(args, c) | Foot(frozenset({cell}), frozenset({cell}), frozenset({cell}))
                return self._parts(args, c)
        return self._parts(children(c), c)

    def pointed(self, pointer: Cursor) -> tuple:
        """The object a pointer expression points into: `&x`, `&a[i]`, or memory."""
        inner = strip(pointer)
        if inner.kind is K.UNARY_OPERATOR and self.s.unit.unary_operator(inner) == "&":
            return self.target(children(inner)[0])[1]
        return self.memory(inner)
