"""Pointers: which array a pointer points into, and at which cell (docs/cfamily.md,
"Pointers").

A C pointer names a cell of an object, or is NULL, or (declared without a value) has
no value yet.  A pointer expression's value is a `Pointee`: the arrays it may point
into, whether it may be NULL or not set, which of them it is (its tag) and its offset in
cells.  Every array a pointer of the file points into has a tag of its own, a small
integer (1, 2, ...); NULL is 0 and "not set" is -1.  A pointer variable that only ever
points into one array is an int holding its offset; one that may point into several, or
be NULL or not set, is two ints: its tag (`p$tag`) and its offset.

Which arrays a variable may point into is found by the mapping from the values assigned
to it (`Learned`, kept across the passes over a file): when an assignment adds an array
after a use of the variable was mapped, the file is mapped again with the whole set
known from the start.

A read `*p` or `p[i]` through a pointer into several arrays is a conditional over its
tag (`p$tag == 1 ? a[i] : b[i]`) and a write an `if` over it, so that the analyses see
only the access that happens.  Reading or writing through a pointer that may be NULL or
not set, moving it, and comparing a pointer that may not be set are undefined in C: the
tag is checked (`bounds.null`).  `p == q` is exact: the same array and offset, or both
NULL; pointers into two arrays are unequal, except that one past the end of an array may
be the start of another (unknown).  What is not exact is refused: `<` between pointers
that may be into different arrays, casts to cells of another type, pointers to
pointers, pointers in memory, the difference of two pointers, a pointer as a number.
"""
from __future__ import annotations

import attrs
from clang.cindex import Cursor, CursorKind as K, TypeKind

from ..syntax import ast as A
from . import addressed_aggregates
from . import clang_types as T
from . import null_constants
from .cursors import CASTS, children, operator, parameters, single_return, strip
from .values import Val, minus, plus, times
from .clang_scope import Binding, Unsupported, What, key
from .dialect import Dialect
from .private_slices import slice_start

NULL, UNSET = 0, -1
# What a pointer may point at besides arrays (array names are C identifiers: no clash).
_NULL, _UNSET = "(NULL)", "(unset)"
# Passes over a file for the sets of arrays to stop growing (each pass only adds to
# them; two or three suffice unless pointers copy each other in a long chain).
MAX_PASSES = 16


@attrs.frozen
class Pointee:
    arrays: tuple[Binding, ...]     # the arrays it may point into, by tag
    offset: A.Expr                  # the cell it points at, in the array it points into
    tag: A.Expr | None = None       # which array (NULL, not set); None: the one array
    null: bool = False
    unset: bool = False


@attrs.frozen
class Choices:
    """The cells an access `p[i]`, `*p` may be: one per array, by tag."""
    choices: tuple[tuple[int, Binding, A.Expr], ...]    # (tag, array, index)
    tag: A.Expr | None             # which choice; None: the one
    first: A.Expr | None           # the tag where it is first read, checked if it may name no array
    total: bool                    # the tag names one of the choices
    name_span: object


class Learned:
    """What the passes over one file found of its pointers."""

    def __init__(self) -> None:
        self.tags: dict[str, int] = {}            # array (mapped name) -> its tag
        self.arrays: dict[str, Binding] = {}
        self.targets: dict[tuple, frozenset] = {}  # pointer declaration -> what it may point at
        # Arrays that are kernel parameters: the host may pass NULL for one.
        self.nullable: set[str] = set()
        self.stale = False                         # a use was mapped before all of its arrays were known


class Pointers:
    def __init__(self, exprs, learned: Learned):
        self.e = exprs
        self.s = exprs.s
        self.learned = learned
        self.used: set = set()                     # pointer declarations whose set this pass relied on
        self.tag_vars: dict[str, tuple] = {}       # tag variable -> its pointer's declaration

    # ---- tags and what a pointer may point at ----
    def tag(self, array: Binding) -> int:
        self.learned.arrays[array.name] = array
        return self.learned.tags.setdefault(array.name, len(self.learned.tags) + 1)

    def _last_tag(self) -> int:
        return max(self.learned.tags.values(), default=1)

    def tag_of(self, p: Pointee, span) -> A.Expr:
        return p.tag if p.tag is not None else A.IntLit(self.tag(p.arrays[0]), span=span)

    def _marks(self, p: Pointee) -> frozenset:
        for array in p.arrays:
            self.tag(array)
        return frozenset([a.name for a in p.arrays] + [_NULL] * p.null + [_UNSET] * p.unset)

    def _learn(self, declaration: Cursor, marks: frozenset) -> frozenset:
        k = key(declaration)
        known = self.learned.targets.get(k, frozenset())
        if not marks <= known:
            self.learned.targets[k] = known | marks
            if k in self.used:
                self.learned.stale = True
        self.used.add(k)
        return self.learned.targets.setdefault(k, frozenset())

    def _pointee(self, marks: frozenset, offset: A.Expr, tag: A.Expr) -> Pointee:
        arrays = tuple(sorted((self.learned.arrays[m] for m in marks if m not in (_NULL, _UNSET)), key=self.tag))
        return Pointee(arrays, offset, tag, _NULL in marks, _UNSET in marks)

    def _either(self, cond: A.Expr, p: Pointee, q: Pointee, span) -> Pointee:
        arrays = tuple(sorted({a.name: a for a in p.arrays + q.arrays}.values(), key=self.tag))
        offset = A.Conditional(cond, p.offset, q.offset, span=span)
        null, unset = p.null or q.null, p.unset or q.unset
        if len(arrays) == 1 and not null and not unset:
            return Pointee(arrays, offset)
        return Pointee(arrays, offset, A.Conditional(cond, self.tag_of(p, span), self.tag_of(q, span), span=span),
                       null, unset)

    def checked(self, p: Pointee, lo: int, what: str, c: Cursor) -> A.Expr:
        """The tag of `p`, checked to name an array (`lo` 1) or at least to be set (`lo` 0)."""
        span = self.s.span(c)
        tag = self.tag_of(p, span)
        if not (p.unset or p.null and lo > NULL):
            return tag
        states = " or ".join(["NULL"] * (p.null and lo > NULL) + ["unset"] * p.unset)
        return A.Fits(tag, f"{states} where it is {what}", lo, self._last_tag(), self.s.text(c), "bounds.null",
                      span=span)

    # ---- pointer expressions ----
    def of(self, c: Cursor) -> Pointee:
        """The value of a pointer expression: `a`, `p`, `a + e`, `e + p`, `p - e`,
        `&a[e]`, `&p[e]`, `&x`, `c ? p : q`, NULL, a cast that keeps the cells' type, a
        helper's result."""
        span = self.s.span(c)
        if self._is_null(c):
            return Pointee((), A.IntLit(0, span=span), A.IntLit(NULL, span=span), null=True)
        match c.kind:
            case K.PAREN_EXPR | K.UNEXPOSED_EXPR if len(children(c)) == 1:
                return self._converted(children(c)[0], c)
            case kind if kind in CASTS:
                return self._converted(children(c)[-1], c)
            case K.DECL_REF_EXPR if c.referenced is not None:
                binding = self.s.lookup(c.referenced)
                if binding is not None and binding.what is What.ARRAY and not binding.cell and not binding.dims:
                    if c.referenced.kind is K.PARM_DECL:
                        self.learned.nullable.add(binding.name)
                    return Pointee((binding,), self._origin(binding, span))
                if binding is not None and binding.what is What.POINTER:
                    return self.variable(binding, c.referenced, span)
            case K.BINARY_OPERATOR if operator(c) in ("+", "-"):
                left, right = children(c)
                if T.is_pointer(left.type) and not T.is_pointer(right.type):
                    return self._moved(self.of(left), right, operator(c), left, span)
                if operator(c) == "+" and T.is_pointer(right.type) and not T.is_pointer(left.type):
                    return self._moved(self.of(right), left, "+", right, span)
            case K.UNARY_OPERATOR if self.s.unit.unary_operator(c) == "&":
                found = self._address(strip(children(c)[0]), span)
                if found is not None:
                    return found
            case K.CONDITIONAL_OPERATOR:
                test, then, otherwise = children(c)
                return self._either(self.e.cond(test), self.of(then), self.of(otherwise), span)
            case K.CALL_EXPR:
                return self._call(c, span)
            case K.MEMBER_REF_EXPR | K.ARRAY_SUBSCRIPT_EXPR if self.e.fields.is_field(c):
                return self.e.fields.of(c)
        raise Unsupported("unsupported.pointer", span,
                          "this pointer is not supported: a pointer is an array (`a`), a pointer variable, "
                          "`p + i`, `&a[i]`, `c ? p : q`, NULL or the result of a helper")

    def _converted(self, inner: Cursor, c: Cursor) -> Pointee:
        """A pointer conversion keeps the cells' type, or makes it `void *` (an address,
        which is compared but not read through: `(int *)` of it is another conversion),
        and gives a pointer aligned for its type (clang_aggregates.py)."""
        if not (T.is_pointer(c.type) and T.pointee(c.type).get_canonical().kind is TypeKind.VOID):
            self.e._same_cells(inner, c)
        p = self.of(inner)
        for array in p.arrays:
            self.e._aligned(inner, c, array, p.offset)
        return p

    def _is_null(self, c: Cursor) -> bool:
        return null_constants.is_null(self.e, c)

    def _origin(self, array: Binding, span) -> A.Expr:
        """Where `array` starts: a thread's private array at its own slice."""
        if array.cell:
            return self.e.cell(array, span).index
        if array.private:
            return slice_start(array.private, span)
        return A.IntLit(0, span=span)

    def variable(self, binding: Binding, declaration: Cursor, span) -> Pointee:
        if binding.points is not None:
            return binding.points
        name = A.Name(binding.name, span=span)
        if binding.tag is None:
            return Pointee((binding.base,), name)
        self.used.add(key(declaration))
        marks = self.learned.targets.get(key(declaration), frozenset())
        return self._pointee(marks, name, A.Name(binding.tag, span=span))

    def _moved(self, p: Pointee, step_c: Cursor, op: str, pointer_c: Cursor, span) -> Pointee:
        step = times(self.e.index(step_c), self.e.agg.stride(T.pointee(pointer_c.type), pointer_c), span)
        offset = plus(p.offset, step, span) if op == "+" else minus(p.offset, step, span)
        # NULL + 0 is NULL (C++); any other step of NULL, or of a pointer not set, is undefined.
        tag = p.tag if p.tag is None or self.e.constant(step_c) == 0 else self.checked(p, 1, "moved", pointer_c)
        return attrs.evolve(p, offset=offset, tag=tag)

    def _address(self, target: Cursor, span) -> Pointee | None:
        """`&a[i]`, `&p[i]`, `&t[i][j]`, `&*p`, `&x` of a variable in memory."""
        if target.kind is K.ARRAY_SUBSCRIPT_EXPR:
            if self._has_dims(target):
                array, index, _ = self.e.subscript(target)
                return Pointee((array,), index)
            pointer_c, item = _sides(target)
            p = self.of(pointer_c)
            if p.tag is None:
                # One array: the index as an access computes it (a private slice checked).
                stride = self.e.agg.stride(target.type, target)
                return attrs.evolve(p, offset=self.e.offset(p.arrays[0], p.offset, item, stride))
            return self._moved(p, item, "+", pointer_c, span)
        if target.kind is K.UNARY_OPERATOR and self.s.unit.unary_operator(target) == "*":
            return self.of(children(target)[0])
        if target.kind is K.DECL_REF_EXPR and target.referenced is not None:
            binding = self.s.lookup(target.referenced)
            if binding is not None and binding.cell:
                return Pointee((binding,), self.e.cell(binding, span).index)
            if addressed_aggregates.is_addressed(binding):
                return Pointee((binding,), self._origin(binding, span))
        return None

    def _has_dims(self, c: Cursor) -> bool:
        while c.kind is K.ARRAY_SUBSCRIPT_EXPR:
            c = strip(_sides(c)[0])
        binding = self.s.lookup(c.referenced) if c.kind is K.DECL_REF_EXPR and c.referenced is not None else None
        return binding is not None and binding.what is What.ARRAY and bool(binding.dims)

    def _call(self, c: Cursor, span) -> Pointee:
        function = c.referenced
        args = list(c.get_arguments())
        name = function.spelling if function is not None else ""
        if name == "__return_val_ptr" and not args and isinstance(self.e.returned, Pointee):
            return self.e.returned
        definition = function.get_definition() if function is not None and self.s.is_file_function(function) \
            else None
        result = single_return(definition) if definition is not None else None
        if result is None:
            raise Unsupported("unsupported.pointer", span,
                              f"the pointer `{name or 'this call'}` returns is followed only where it sets a pointer "
                              "variable (`p = f(...);`) or where the helper's body is one `return e;`")
        self.e.enter(definition, span)
        self.s.push()
        try:
            for param, arg in zip(parameters(definition), args):
                self.s.bind(param, self.e.argument(param, arg))
            return self.of(result)
        finally:
            self.s.pop()
            self.e.inlining.pop()

    def bound(self, param: Cursor, arg: Cursor) -> Binding:
        """A pointer parameter of a helper inlined into an expression: what its argument
        points at."""
        p = self.of(arg)
        return Binding(What.POINTER, self.e.scalar_of_cells(param), param.spelling, value=p.offset, points=p)

    # ---- reads and writes ----
    def cells(self, c: Cursor) -> Choices:
        """The cells `a[i]`, `p[i]`, `t[i][j]` or `*p` may be."""
        if c.kind is K.ARRAY_SUBSCRIPT_EXPR and self._has_dims(c):
            array, index, name_span = self.e.subscript(c)
            return Choices(((self.tag(array), array, index),), None, None, True, name_span)
        if c.kind is K.ARRAY_SUBSCRIPT_EXPR:
            pointer_c, item = _sides(c)
            p = self.of(pointer_c)
            stride = self.e.agg.stride(c.type, c)
            choices = tuple((self.tag(a), a, self.e.offset(a, p.offset, item, stride)) for a in p.arrays)
            name_span = self.s.span(strip(pointer_c))
        else:
            pointer_c = children(c)[0]
            p = self.of(pointer_c)
            choices = tuple((self.tag(a), a, p.offset) for a in p.arrays)
            name_span = self.s.span(c)
        total = not (p.null or p.unset)
        return Choices(choices, p.tag, self.checked(p, 1, "read or written", pointer_c) if p.tag is not None else None,
                     total, name_span)

    def read(self, c: Cursor) -> Val:
        """The value of `a[i]`, `p[i]`, `*p`: of the array the pointer's tag names."""
        cells = self.cells(c)
        span = self.s.span(c)
        ctype = cells.choices[0][1].ctype if cells.choices else self.e.scalar(c)

        def cell(array: Binding, index: A.Expr) -> A.Index:
            return A.Index(A.Name(array.name, span=cells.name_span), index, span=span)

        if cells.tag is None:
            return Val(cell(*cells.choices[0][1:]), ctype)
        choices = list(cells.choices)
        if cells.total:
            expr = cell(*choices.pop()[1:])
        else:
            # No cell: the check of the tag has failed there.
            nowhere = self.s.uninterpreted(f"\\no_cell_{T.lang_type(ctype).value}", T.lang_type(ctype), 1)
            expr = A.Call(nowhere, (cells.tag if choices else cells.first,), name_span=span, span=span)
        for at in range(len(choices) - 1, -1, -1):
            tag, array, index = choices[at]
            which = cells.first if at == 0 else cells.tag
            expr = A.Conditional(A.Binary("==", which, A.IntLit(tag, span=span), span=span), cell(array, index), expr,
                                 span=span)
        return Val(expr, ctype)

    def write(self, target: Cursor, compute, span) -> A.Stmt:
        """`target = compute(its current value)` for a cell `a[i]`, `p[i]`, `*p`: an `if`
        over the arrays the pointer may point into."""
        cells = self.cells(target)
        target_span = self.s.span(target)

        def store(array: Binding, index: A.Expr) -> A.ArrayAssign:
            cell = A.Index(A.Name(array.name, span=cells.name_span), index, span=target_span)
            value = self.e.convert(compute(Val(cell, array.ctype)), array.ctype, target)
            return A.ArrayAssign(cell, value.expr, span=span)

        if cells.tag is None:
            return store(*cells.choices[0][1:])
        choices = list(cells.choices)
        stmt = store(*choices.pop()[1:]) if cells.total else None
        if not choices:
            # Only NULL or not set: nothing is written, the check of the tag fails.
            return A.If(A.Binary("==", cells.first, A.IntLit(UNSET, span=span), span=span), A.Block((), span=span),
                        stmt, span=span)
        for at in range(len(choices) - 1, -1, -1):
            tag, array, index = choices[at]
            which = cells.first if at == 0 else cells.tag
            stmt = A.If(A.Binary("==", which, A.IntLit(tag, span=span), span=span), store(array, index), stmt,
                        span=span)
        return stmt

    # ---- comparisons and truth ----
    def compare(self, op: str, c: Cursor) -> Val:
        left_c, right_c = children(c)
        span = self.s.span(c)
        if not (T.is_pointer(left_c.type) and T.is_pointer(right_c.type)) or op not in (
                "==", "!=", "<", "<=", ">", ">="):
            raise Unsupported("unsupported.pointer", span,
                              "pointer arithmetic between two pointers, and pointers as numbers, are not supported"
                              if op == "-" else "pointers are only supported as arrays: `a[i]`, `*p`, `p == q`")
        p, q = self.of(left_c), self.of(right_c)
        if op in ("==", "!="):
            equal = self._equal(p, q, left_c, right_c, span)
            return Val(equal if op == "==" else A.Unary("!", equal, span=span), T.BOOL)
        if p.tag is None and q.tag is None and p.arrays[0].name == q.arrays[0].name:
            return Val(A.Binary(op, p.offset, q.offset, span=span), T.BOOL)
        raise Unsupported("unsupported.pointer", span,
                          f"`{op}` between pointers is defined only within one array; these may point into "
                          "different arrays or be NULL")

    def _equal(self, p: Pointee, q: Pointee, left_c: Cursor, right_c: Cursor, span, what: str = "compared") -> A.Expr:
        """`p == q`: both NULL, or the same array and offset; pointers into two arrays are
        unequal unless one is one past the end of its array and the other at the start of
        its own, which may follow in memory (an unknown answer then).  A kernel's pointer
        parameter is NULL if the host passed NULL (unknown, the same for every thread)."""
        def same(e: A.Expr, value: int) -> A.Expr:
            if isinstance(e, A.IntLit):
                return A.BoolLit(e.value == value, span=span)
            return A.Binary("==", e, A.IntLit(value, span=span), span=span)

        def conj(parts: list) -> A.Expr:
            if any(isinstance(part, A.BoolLit) and not part.value for part in parts):
                return A.BoolLit(False, span=span)
            parts = [part for part in parts if not isinstance(part, A.BoolLit)]
            out = parts[0] if parts else A.BoolLit(True, span=span)
            for part in parts[1:]:
                out = A.Binary("&&", out, part, span=span)
            return out

        tp, tq = self.tag_of(p, span), self.tag_of(q, span)
        options = [conj([same(tp, NULL), same(tq, NULL)])] if p.null and q.null else []
        passed_null = self.s.uninterpreted("\\argument_is_null", A.Type.BOOL, 1)
        for one, other, t_one, t_other in ((p, q, tp, tq), (q, p, tq, tp)):
            for x in (x for x in one.arrays if other.null and x.name in self.learned.nullable):
                options.append(conj(([same(t_one, self.tag(x))] if one.tag is not None else []) + [
                    same(t_other, NULL), same(one.offset, 0),
                    A.Call(passed_null, (A.IntLit(self.tag(x), span=span),), name_span=span, span=span)]))
        adjacent = self.s.uninterpreted("\\pointers_adjacent", A.Type.BOOL, 5)
        for x in p.arrays:
            for y in q.arrays:
                parts = ([same(tp, self.tag(x))] if p.tag is not None else []) + \
                        ([same(tq, self.tag(y))] if q.tag is not None else [])
                if x.name == y.name:
                    parts.append(A.Binary("==", p.offset, q.offset, span=span))
                else:
                    at_start = A.Binary("||", A.Binary("==", p.offset, self._origin(x, span), span=span),
                                        A.Binary("==", q.offset, self._origin(y, span), span=span), span=span)
                    parts += [at_start, A.Call(adjacent, (A.IntLit(self.tag(x), span=span), p.offset,
                                                          A.IntLit(self.tag(y), span=span), q.offset,
                                                          A.Name("tid", span=span)), name_span=span, span=span)]
                options.append(conj(parts))
        options = [o for o in options if not (isinstance(o, A.BoolLit) and not o.value)]
        if any(isinstance(o, A.BoolLit) for o in options):
            options = [A.BoolLit(True, span=span)]
        equal = options[0] if options else A.BoolLit(False, span=span)
        for option in options[1:]:
            equal = A.Binary("||", equal, option, span=span)
        # A pointer not set may not be compared: its tag is checked where it is read first.
        checks = [A.Binary("<=", A.IntLit(UNSET, span=span), self.checked(side, NULL, what, c), span=span)
                  for side, c in ((p, left_c), (q, right_c)) if side.unset]
        for check in reversed(checks):
            equal = A.Binary("&&", check, equal, span=span)
        return equal

    def truth(self, c: Cursor) -> A.Expr:
        """A pointer as a condition (`if (p)`, `!p`): not NULL."""
        span = self.s.span(c)
        null = Pointee((), A.IntLit(0, span=span), A.IntLit(NULL, span=span), null=True)
        equal = self._equal(self.of(c), null, c, c, span, "tested")
        if isinstance(equal, A.BoolLit):
            return A.BoolLit(not equal.value, span=span)
        return A.Unary("!", equal, span=span)

    def converted(self, inner: Cursor, c: Cursor) -> Val:
        """A pointer converted to a scalar: a truth value (`(bool) p`, C++'s `if (p)`)."""
        target = self.e.scalar(c)
        if target.kind is not T.Kind.BOOL:
            raise Unsupported("unsupported.pointer", self.s.span(c),
                              "a pointer converted to a number is not supported; compare it (`p != NULL`)")
        return Val(self.truth(inner), target)

    # ---- pointer variables (clang_statements.py) ----
    def declare(self, statements, c: Cursor, init_c: Cursor | None, span, name_span) -> list:
        """`T *p;`, `T *p = e;` or a helper's pointer parameter `p` given the argument `e`."""
        if _in_memory(statements, c):
            raise Unsupported("unsupported.pointer", self.s.span(c),
                              "a pointer in memory (local memory, or a variable whose address is taken) is not "
                              "supported")
        ctype = self._cells(c.type, c)
        helper = statements.helper_call(init_c)
        if helper is None:
            return self._variable(c, ctype, self.of(init_c) if init_c is not None else None, span, name_span)[1]
        # Set by the helper's `return`, at the end of its inlined body.
        binding, decls = self._variable(c, ctype, None, span, name_span, later=True)
        return decls + [statements.inline(helper, init_c, lambda p: self._set(binding, c, p, span))]

    def copy(self, param: Cursor, array: Binding, span, name_span) -> list:
        """A kernel's pointer parameter that its body assigns (`a += n`, `a = b`): C passes
        it by value, so the body works on a pointer variable starting at the array."""
        self.learned.nullable.add(array.name)
        return self._variable(param, array.ctype, Pointee((array,), A.IntLit(0, span=span)), span, name_span)[1]

    def result(self, definition: Cursor, result_c: Cursor, name: str, span) -> tuple[list, Pointee]:
        """The pointer the helper `name` inlined as statements returns: a variable of its own."""
        ctype = self._cells(definition.result_type, result_c)
        binding, decls = self._variable(definition, ctype, self.of(result_c), span, span, c_name=f"{name}$value")
        return decls, self.variable(binding, definition, span)

    def returns(self, definition: Cursor, name: str, span) -> tuple[Binding, list]:
        """The variable of the pointer a helper returning from several places returns,
        set by each `return` (early_returns.py)."""
        ctype = self._cells(definition.result_type, definition)
        return self._variable(definition, ctype, None, span, span, c_name=f"{name}$value", later=True)

    def set_to(self, statements, binding: Binding, declaration: Cursor, value_c: Cursor, span) -> A.Stmt:
        """`p = e;` of the pointer variable of `declaration`, `e` also a helper inlined as statements."""
        helper = statements.helper_call(value_c)
        if helper is not None:
            return statements.inline(helper, value_c, lambda p: self._set(binding, declaration, p, span))
        return self._set(binding, declaration, self.of(value_c), span)

    def _cells(self, pointer, c: Cursor):
        """The type of the cells a pointer type points at."""
        cells = T.pointee(pointer)
        if T.is_pointer(cells):
            raise Unsupported("unsupported.pointer", self.s.span(c), "pointers to pointers are not supported")
        layout = self.e.agg.layout(cells, c)
        ctype = T.scalar(cells) if layout is None else layout.leaves[0].ctype
        if ctype is None:
            raise Unsupported("unsupported.type", self.s.span(c),
                              f"pointers to `{T.spelling(cells)}` are not supported: cells are numbers or truth values")
        return ctype

    def new_variable(self, declaration, ctype, init: Pointee | None, span, name_span) -> tuple[Binding, list]:
        """A pointer variable of a declaration that is not a C variable's (a struct's
        pointer field: struct_pointers.py)."""
        return self._variable(declaration, ctype, init, span, name_span)

    def set_variable(self, binding: Binding, declaration, p: Pointee, span) -> A.Stmt:
        return self._set(binding, declaration, p, span)

    def _variable(self, c: Cursor, ctype, init: Pointee | None, span, name_span, c_name: str | None = None,
                  later: bool = False) -> tuple[Binding, list]:
        marks = self._marks(init) if init is not None else frozenset() if later else frozenset([_UNSET])
        known = self._learn(c, marks)
        offset = init.offset if init is not None else None
        names = [m for m in known if m not in (_NULL, _UNSET)]
        if known == frozenset(names) and len(names) == 1:
            binding = self.s.declare(c, What.POINTER, ctype, c_name=c_name, base=self.learned.arrays[names[0]])
            return binding, [A.VarDecl(A.Type.INT, binding.name, offset, name_span=name_span, span=span)]
        binding = self.s.declare(c, What.POINTER, ctype, c_name=c_name)
        binding = attrs.evolve(binding, tag=f"{binding.name}$tag")
        self.s.bind(c, binding)
        self.tag_vars[binding.tag] = key(c)
        tag = self.tag_of(init, span) if init is not None else None if later else A.IntLit(UNSET, span=span)
        return binding, [A.VarDecl(A.Type.INT, binding.tag, tag, name_span=name_span, span=span),
                         A.VarDecl(A.Type.INT, binding.name, offset, name_span=name_span, span=span)]

    def assign(self, statements, binding: Binding, target: Cursor, value_c: Cursor, span) -> A.Stmt:
        """`p = e;` of a pointer variable, `e` also a helper inlined as statements."""
        return self.set_to(statements, binding, target.referenced, value_c, span)

    def _set(self, binding: Binding, declaration: Cursor, p: Pointee, span) -> A.Stmt:
        self._learn(declaration, self._marks(p))
        offset = A.Name(binding.name, span=span)
        if binding.tag is None:
            if p.tag is not None or p.arrays[0].name != binding.base.name:
                # Seen again in the next pass, where the variable has a tag.
                raise Unsupported("unsupported.pointer", span,
                                  f"this pointer is set to point into more than `{binding.base.name}` here")
            return A.Assign(offset, p.offset, span=span)
        tag, value = A.Name(binding.tag, span=span), self.tag_of(p, span)
        # Both are computed from the old values (`p = p == a ? b : p + 1`).
        reads_tag, reads_offset = _mentions(p.offset, binding.tag), _mentions(value, binding.name)
        if reads_tag and reads_offset:
            temporary = f"{binding.tag}$next"
            return A.Block((A.VarDecl(A.Type.INT, temporary, value, name_span=span, span=span),
                            A.Assign(offset, p.offset, span=span),
                            A.Assign(tag, A.Name(temporary, span=span), span=span)), span=span)
        first, second = A.Assign(offset, p.offset, span=span), A.Assign(tag, value, span=span)
        return A.Block((second, first) if reads_offset else (first, second), span=span)

    def move(self, binding: Binding, target: Cursor, compute, span) -> A.Stmt:
        """`p += k`, `p++`: arithmetic on the offset; of a pointer that may be NULL or
        not set, undefined, so its tag is checked."""
        p = self.variable(binding, target.referenced, span)
        name = A.Name(binding.name, span=self.s.span(target))
        new = compute(Val(name, attrs.evolve(T.INT, bits=64, name="long"))).expr
        stride = self.e.agg.stride(T.pointee(target.type), target)
        if stride != 1:
            # By elements of `stride` cells (`float4 *q; q++` moves 4 cells).
            new = plus(name, times(A.Binary("-", new, name, span=span), stride, span), span)
        moved = A.Assign(name, new, span=span)
        if not (p.null or p.unset):
            return moved
        tag = A.Name(binding.tag, span=span)
        return A.Block((A.Assign(tag, self.checked(p, 1, "moved", target), span=span), moved), span=span)

    def invariants(self, loop) -> list[A.Clause]:
        """The values the tags a loop assigns may hold: one of their pointers' arrays,
        NULL or not set (every assignment sets one of them)."""
        inner = {n.name for n in A.walk(loop.body) if isinstance(n, A.VarDecl)}
        assigned = sorted({n.target.id for n in A.walk(loop) if isinstance(n, A.Assign)
                           and n.target.id in self.tag_vars and n.target.id not in inner})
        span = loop.span
        facts = []
        for name in assigned:
            marks = self.learned.targets.get(self.tag_vars[name], frozenset())
            values = sorted([self.tag(self.learned.arrays[m]) for m in marks if m not in (_NULL, _UNSET)]
                            + [NULL] * (_NULL in marks) + [UNSET] * (_UNSET in marks))
            fact = None
            for value in values:
                one = A.Binary("==", A.Name(name, span=span), A.IntLit(value, span=span), span=span)
                fact = one if fact is None else A.Binary("||", fact, one, span=span)
            if fact is not None:
                facts.append(A.Clause(A.ClauseKind.LOOP_INVARIANT, fact, span=span, implied=True))
        return facts


def _sides(c: Cursor) -> tuple[Cursor, Cursor]:
    """The pointer and the index of `a[i]` (C allows `i[a]`)."""
    pointer_c, index = children(c)
    if not (T.is_pointer(pointer_c.type) or T.is_array(pointer_c.type)):
        pointer_c, index = index, pointer_c
    return pointer_c, index


def _mentions(e: A.Expr, name: str) -> bool:
    return any(isinstance(n, A.Name) and n.id == name for n in A.walk(e))


def _in_memory(statements, c: Cursor) -> bool:
    """Whether a pointer variable lives in memory: in local memory (CUDA's `__shared__`;
    OpenCL's `__local` on the variable, after its `*`, not on the cells), or with its
    address taken."""
    if key(c) in statements.addressed:
        return True
    if statements.s.dialect is Dialect.OPENCL:
        return T.address_space_of(c.type.spelling.rpartition("*")[2]) == "__local"
    return statements.memory.shared(c)

