"""C expressions of clang's typed tree to the language's expressions, with C's meaning.

Clang has already given every expression its type and made every promotion and usual
arithmetic conversion an implicit cast in the tree, so the mapping reads the types it
finds and adds only what separates C's integers from the language's mathematical ones
(docs/cfamily.md, "Arithmetic"):

* an expression clang can evaluate (a literal, `sizeof`, a character constant, an
  enumerator, a constant macro, `-5 >> 1`, `(int) 1.0`) is the integer clang computes,
  in its type: C's value, never one folded by our own rules;
* every other `+ - *`, `<<` and negation of a signed type whose value may leave the
  type is wrapped in `A.Fits`, an overflow check (`arith.overflow`: undefined in C);
  of an unsigned type it wraps around as C defines, `e % 2^N`, and so does a narrowing
  conversion to a signed type (implementation-defined in C: clang and gcc reduce the
  value modulo 2^N into the type).  Whether a value may leave its type is decided by an
  interval evaluation over the operands' ranges (their types, constants, and the ids'
  and sizes' ranges under the launch's facts), so `blockIdx.x * blockDim.x +
  threadIdx.x` needs neither;
* `/` and `%` truncate towards zero in C and are Euclidean in the language: a signed
  dividend that may be negative gets the conditional that makes them agree;
* shifts are multiplication and floor division by a power of two (clang_shifts.py),
  `& (2^k - 1)` is `% 2^k`,
  `~x` is `-x - 1` (signed) or `max - x` (unsigned); other bitwise operations are
  uninterpreted functions;
* floating-point values are uninterpreted: literals (numbered by their value),
  operators, comparisons and maths functions are abstract functions;
* C's truth values are ints: a condition is `e != 0`, a comparison used as a number is
  `c ? 1 : 0`.
Effects inside an expression are hoisted into statements before it where a statement
maps it (clang_effects.py); elsewhere they are `unsupported.side-effect`.
"""
from __future__ import annotations

import contextlib
import itertools
import struct

import attrs
from clang.cindex import Cursor, CursorKind as K

from ..semantics.symbols import AXES
from ..syntax import ast as A
from . import atomics
from . import bodiless
from . import clang_builtins as B
from . import clang_gpuverify as gpuverify
from . import clang_groups
from . import clang_truths
from . import clang_types as T
from . import helper_values
from . import intrinsics
from . import warps
from .clang_scope import Binding, Scope, Unsupported, What, key
from .clang_shifts import folds_undefined
from .clang_types import CType, Kind
from .dialect import Dialect
from .private_slices import slice_lid, slice_start
from .c_arithmetic import Arithmetic
from .cursors import BITWISE, COMPARE, children, discards_memory, has_effects, operator, parameters, single_return, strip
from .values import Val, minus, plus, times, type_name
from .clang_aggregates import Aggregates
from .struct_pointers import StructPointers


class Exprs(Arithmetic):
    def __init__(self, scope: Scope):
        self.s = scope
        self.u = scope.unit
        self.inlining = scope.inlining       # helpers being inlined (recursion is refused)
        self.returned: Val | None = None     # the value GPUVerify's __return_val_T() names
        # Variables known to lie in a narrower range than their type's where an expression
        # is being mapped (a for loop's counter in its update: clang_statements.for_loop).
        self.narrowed: dict[tuple, tuple[int, int]] = {}
        self.pointers = None                 # clang_pointers.Pointers: pointer values, reads and writes
        self.functions = None                # function_pointers.FunctionPointers: their values and calls
        # The statements an expression needs before the statement it stands in (the
        # unknown value of a call of a function without a body: bodiless.py); None
        # where no statement can go (a contract, an invariant).
        self.hoisted: list | None = None
        self.calls = itertools.count(1)           # numbers the calls' unknown values
        self.uninterpreted_names: dict[tuple, str] = {}
        self.agg = Aggregates(self)          # structs and vectors
        self.fields = StructPointers(self)   # pointers inside structs
        # Where a statement maps a full expression: its effects inside, hoisted
        # (clang_effects.py); None, or inactive, elsewhere (annotations, bounds).
        self.effects = None

    def hoist(self, stmt, function: str, span) -> None:
        if self.hoisted is None:
            raise Unsupported("unsupported.function", span,
                              f"`{function}` is declared without a body, and a call of it gives a new value "
                              "each time; in a contract or an invariant that is not supported")
        self.hoisted.append(stmt)

    @contextlib.contextmanager
    def clause(self):
        """While a clause is mapped: no statement can go before it."""
        outer, self.hoisted = self.hoisted, None
        try:
            yield
        finally:
            self.hoisted = outer

    # ---- entry points ----
    def value(self, c: Cursor) -> Val:
        if T.is_function_pointer(c.type):
            return self.functions.value(c)
        ctype = T.scalar(c.type)
        if ctype is not None and ctype.kind is not Kind.FLOAT:
            constant = self.u.constant(c)
            # Clang also evaluates `(x++, 2)`, `(x[0] + 1, 2)` and `1 << 40`: effects,
            # reads and undefined shifts are C's too, mapped below.
            if isinstance(constant, int) and not has_effects(self.s, c) and not folds_undefined(self.u, c) \
                    and not discards_memory(self.s, c):
                span = self.s.span(c)
                if ctype.kind is Kind.BOOL:
                    return Val(A.BoolLit(bool(constant), span=span), ctype)
                return Val(A.IntLit(constant, span=span), ctype, (constant, constant))
        if ctype is None and self.agg.layout(c.type, c) is not None:
            raise Unsupported("unsupported.type", self.s.span(c),
                              f"a value of type `{T.spelling(c.type)}` is not supported here: use its members")
        method = getattr(self, "_" + c.kind.name.lower(), None)
        if method is None:
            raise Unsupported("unsupported.statement", self.s.span(c),
                              f"this kind of expression ({c.kind.name.lower().replace('_', ' ')}) is not supported")
        return method(c)

    def cond(self, c: Cursor) -> A.Expr:
        if T.is_function_pointer(c.type):
            return self.functions.truth(c)
        if T.is_pointer(c.type):
            return self.pointers.truth(c)
        return self.as_bool(self.value(c), c)

    def constant(self, c: Cursor) -> int | None:
        value = self.u.constant(c)
        return value if isinstance(value, int) else None

    # ---- conversions ----
    def as_bool(self, val: Val, c: Cursor) -> A.Expr:
        span = self.s.span(c)
        match val.ctype.kind:
            case Kind.BOOL:
                return val.expr
            case Kind.INT:
                return A.Binary("!=", val.expr, A.IntLit(0, span=span), span=span)
        name = self.s.uninterpreted(f"\\{type_name(val.ctype)}_nonzero", A.Type.BOOL, 1)
        return A.Call(name, (val.expr,), name_span=span, span=span)

    def convert(self, val: Val, target: CType, c: Cursor) -> Val:
        """`val` as a value of C type `target` (an implicit or explicit conversion)."""
        span = self.s.span(c)
        source = val.ctype
        if source.same(target):
            return attrs.evolve(val, ctype=target)
        if target.kind is Kind.BOOL:
            return Val(self.as_bool(val, c), target)
        if source.kind is Kind.BOOL:
            one, zero = A.IntLit(1, span=span), A.IntLit(0, span=span)
            return self.convert(Val(A.Conditional(val.expr, one, zero, span=span), T.INT, (0, 1)), target, c)
        if target.kind is Kind.FLOAT or source.kind is Kind.FLOAT:
            fn = self.s.uninterpreted(f"\\{type_name(source)}_to_{type_name(target)}", A.Type.INT, 1)
            # An out-of-range float-to-int conversion is undefined in C and not checked:
            # the uninterpreted result is any int, which covers every defined one.
            return Val(A.Call(fn, (val.expr,), name_span=span, span=span), target)
        if target.contains(source):
            return Val(val.expr, target, val.bounds)
        # Congruent modulo 2^source.bits, so modulo the narrower 2^target.bits too.
        if not target.signed:
            return self.fits(*val.exact, target, c)
        return self.reduced(*val.exact, target, c)

    def reduced(self, expr: A.Expr, bounds: tuple[int, int], ctype: CType, c: Cursor) -> Val:
        """`expr`, whose values are in `bounds`, converted to the signed integer type
        `ctype`.  C leaves the result of a value the type cannot hold to the
        implementation; clang and gcc define it as the value reduced modulo 2^N into the
        type's range, and every command computes that value (it is not an error)."""
        lo, hi = bounds
        if ctype.lo <= lo and hi <= ctype.hi:
            return Val(expr, ctype, bounds)
        span = self.s.span(c)
        half, modulus = -ctype.lo, ctype.hi - ctype.lo + 1
        if isinstance(expr, A.IntLit):
            value = (expr.value + half) % modulus - half
            return Val(A.IntLit(value, span=span), ctype, (value, value))
        # The language's `%` is Euclidean: never negative for a positive divisor.
        shifted = A.Binary("+", expr, A.IntLit(half, span=span), span=span)
        reduced = A.Binary("%", shifted, A.IntLit(modulus, span=span), span=span)
        return Val(A.Binary("-", reduced, A.IntLit(half, span=span), span=span), ctype)

    def fits(self, expr: A.Expr, bounds: tuple[int, int], ctype: CType, c: Cursor) -> Val:
        """`expr`, whose values are in `bounds`, as a value of the integer type `ctype`:
        as it is where it cannot leave the type; else wrapped around into an unsigned type
        (C defines the result modulo 2^N, and kernels rely on it) or checked to fit a
        signed one (overflow is undefined in C: reported, arith.overflow)."""
        lo, hi = bounds
        if ctype.lo <= lo and hi <= ctype.hi:
            return Val(expr, ctype, bounds)
        span = self.s.span(c)
        if not ctype.signed:
            modulus = ctype.hi + 1
            if isinstance(expr, A.IntLit):
                value = expr.value % modulus
                return Val(A.IntLit(value, span=span), ctype, (value, value))
            # The language's `%` is Euclidean: never negative for a positive divisor.
            return Val(A.Binary("%", expr, A.IntLit(modulus, span=span), span=span), ctype, congruent=(expr, bounds))
        inside = (max(lo, ctype.lo), min(hi, ctype.hi))
        return Val(A.Fits(expr, ctype.name, ctype.lo, ctype.hi, self.s.text(c), span=span), ctype,
                   inside if inside[0] <= inside[1] else None)

    def scalar(self, c: Cursor) -> CType:
        ctype = T.scalar(c.type)
        if ctype is None:
            code = "unsupported.pointer" if T.is_pointer(c.type) or T.is_array(c.type) else "unsupported.type"
            raise Unsupported(code, self.s.span(c), f"a value of type `{T.spelling(c.type)}` is not supported here")
        return ctype

    def scalar_of_cells(self, c: Cursor) -> CType:
        """The type of the cells a pointer or array declaration points at."""
        cells = T.array_dims(c.type)[1] if T.is_array(c.type) else T.pointee(c.type)
        layout = self.agg.layout(cells, c)
        ctype = T.scalar(cells) if layout is None else layout.leaves[0].ctype
        if ctype is None:
            raise Unsupported("unsupported.type", self.s.span(c),
                              f"arrays of `{T.spelling(cells)}` are not supported: cells are numbers or truth values")
        return ctype

    # ---- the walk, by cursor kind ----
    def _unexposed_expr(self, c: Cursor) -> Val:
        if self.agg.accessor(c) is not None:
            return self.agg.leaf(c)
        inner = children(c)
        if len(inner) != 1:
            raise Unsupported("unsupported.statement", self.s.span(c), "this expression is not supported")
        if T.is_pointer(inner[0].type):
            return self.pointers.converted(inner[0], c)
        return self.convert(self.value(inner[0]), self.scalar(c), c)

    def _paren_expr(self, c: Cursor) -> Val:
        val = self.value(children(c)[0])
        return attrs.evolve(val, expr=attrs.evolve(val.expr, span=self.s.span(c)))

    def _floating_literal(self, c: Cursor) -> Val:
        span = self.s.span(c)
        ctype = self.scalar(c)
        value = self.u.constant(c)
        # Uninterpreted, numbered by the value's bits: equal values are one literal,
        # different ones are not known to differ (nor to be equal).
        code = int.from_bytes(struct.pack("<d", value), "little") if isinstance(value, float) else 0
        fn = self.s.uninterpreted(f"\\{type_name(ctype)}_literal", A.Type.INT, 1)
        return Val(A.Call(fn, (A.IntLit(code, span=span),), name_span=span, span=span), ctype)

    def _decl_ref_expr(self, c: Cursor) -> Val:
        span = self.s.span(c)
        declaration = c.referenced
        binding = self.s.lookup(declaration) if declaration is not None else None
        if binding is None:
            if declaration is not None and declaration.kind is K.FUNCTION_DECL:
                raise Unsupported("unsupported.function", span, f"the function `{c.spelling}` is used as a value")
            if declaration is not None and declaration.spelling in B.CUDA_VECTORS:
                raise Unsupported("unsupported.type", span, f"`{c.spelling}` is used as a whole; use its components")
            raise Unsupported("unsupported.declaration", span,
                              f"`{c.spelling}` is not memory a kernel can use (not __device__, __constant__ or "
                              "__shared__, or not a variable)")
        if binding.cell:
            return Val(self.cell(binding, span), binding.ctype)
        if binding.what is What.POINTER:
            raise Unsupported("unsupported.pointer", span,
                              f"the pointer `{c.spelling}` is used as a value; only `{c.spelling}[i]`, "
                              f"`*{c.spelling}` and pointer arithmetic on it are supported")
        if binding.what is What.ARRAY:
            raise Unsupported("unsupported.pointer", span,
                              f"the array `{c.spelling}` is used as a pointer; only `{c.spelling}[i]` is supported")
        if binding.value is not None:
            return Val(binding.value, binding.ctype)
        return Val(A.Name(binding.name, span=span), binding.ctype, self.narrowed.get(key(declaration)))

    def _member_ref_expr(self, c: Cursor) -> Val:
        inner = children(c)
        base = strip(inner[0]) if inner else None
        if (base is not None and base.kind is K.DECL_REF_EXPR and base.spelling in B.CUDA_VECTORS
                and base.referenced is not None and not self.u.is_main_file(base.referenced.location)
                and c.spelling in B.CUDA_FIELDS):
            flat, dim = B.CUDA_VECTORS[base.spelling], B.CUDA_FIELDS[c.spelling]
            return Val(self.builtin(flat, dim, c), self.scalar(c), self.id_range(flat, dim))
        if base is not None and c.spelling in B.CUDA_FIELDS and self.s.dialect is Dialect.CUDA \
                and (flat := clang_groups.vector(self.s, base)) is not None:
            dim = B.CUDA_FIELDS[c.spelling]
            return Val(self.builtin(flat, dim, c), self.scalar(c), self.id_range(flat, dim))
        return self.agg.leaf(c)

    @staticmethod
    def cell(binding: Binding, span) -> A.Index:
        """A scalar in memory: cell 0 of an array of one (`__shared__` or file scope;
        `x[0]` in annotations), or a thread variable whose address is taken: its cell
        `lid` of a private array."""
        index = slice_lid(span) if binding.private else A.IntLit(0, span=span)
        return A.Index(A.Name(binding.name, span=span), index, span=span)

    def builtin(self, flat: str, dim: int, c: Cursor) -> A.Expr:
        """An id or size of dimension `dim` (0 is x): the reserved name, or in a file
        checked in three dimensions its component (`threadIdx.y` is `lid.y`)."""
        span = self.s.span(c)
        spelling = self.s.text(c)
        if self.s.dimensional:
            return A.Name(f"{flat}.{AXES[dim]}", span=span, spelling=spelling)
        if dim > 0:
            # Mapped again in three dimensions (clang_translate.py); this pass is discarded.
            self.s.wants_dimensions = True
            raise Unsupported("unsupported.dimension", span, f"{spelling} is mapped in three dimensions")
        return A.Name(flat, span=span, spelling=spelling)

    def axis(self, dim: int) -> B.Axis:
        return B.axis(self.s.dialect, self.s.launch, self.s.dimensional, dim)

    def id_range(self, flat: str, dim: int) -> tuple[int, int]:
        """The values of an id or size under the platform's limits and the launch's facts."""
        return getattr(self.axis(dim), flat)

    def _array_subscript_expr(self, c: Cursor) -> Val:
        if self.agg.place_of(c) is not None:
            return self.agg.leaf(c)
        return self.pointers.read(c)

    def subscript(self, c: Cursor) -> tuple[Binding, A.Expr, object]:
        """The array, the index and the span of the array's name of `a[i]`; `t[i][j]` of
        a `__shared__ int t[R][C]` is the cell i * C + j of its row-major layout, with i
        and j each checked against their own dimension (bounds.index)."""
        items = []
        base = c
        while base.kind is K.ARRAY_SUBSCRIPT_EXPR:
            pointer_side, index = children(base)
            if not (T.is_pointer(pointer_side.type) or T.is_array(pointer_side.type)):
                pointer_side, index = index, pointer_side        # C allows i[a]
            items.insert(0, index)
            base = strip(pointer_side)
        binding = None
        if base.kind is K.DECL_REF_EXPR and base.referenced is not None:
            binding = self.s.lookup(base.referenced)
        if binding is not None and binding.what is What.ARRAY and binding.dims:
            if len(items) != len(binding.dims):
                raise Unsupported("unsupported.pointer", self.s.span(c),
                                  f"`{base.spelling}` is indexed with {len(items)} indices; it has {len(binding.dims)}")
            index = None
            stride = self.agg.stride(c.type, c)
            for at, item in enumerate(items):
                span = self.s.span(item)
                size = binding.dims[at]
                value = A.Fits(self.index(item), f"dimension {at + 1} of `{base.spelling}`", 0, size - 1,
                               self.s.text(item), "bounds.index", span=span)
                index = value if index is None else A.Binary(
                    "+", A.Binary("*", index, A.IntLit(size, span=span), span=span), value, span=span)
            return binding, times(index, stride, self.s.span(c)), self.s.span(base)
        if len(items) != 1:
            raise Unsupported("unsupported.pointer", self.s.span(c), "only arrays declared with their sizes can be "
                              "indexed more than once")
        cells = self.pointers.cells(c)
        if cells.tag is not None:
            raise Unsupported("unsupported.pointer", self.s.span(c), "this pointer may point into several arrays here")
        _, array, index = cells.choices[0]
        return array, index, cells.name_span

    def offset(self, array: Binding, offset: A.Expr, item: Cursor, stride: int = 1) -> A.Expr:
        """The cell `offset + item * stride` of `array` (`stride` cells per element of an
        array of aggregates); of a thread's private array the index is checked against
        the thread's own slice."""
        index = times(self.index(item), stride, self.s.span(item))
        if array.private > 1:
            span = self.s.span(item)
            start = slice_start(array.private, span)
            at_start = isinstance(offset, A.Binary) and offset.op == "*" and isinstance(offset.left, A.Name) \
                and offset.left.id == "lid"
            relative = index if at_start else plus(minus(offset, start, span), index, span)
            checked = A.Fits(relative, f"the private array `{array.name}`", 0, array.private - 1,
                             self.s.text(item), "bounds.index", span=span)
            return A.Binary("+", start, checked, span=span)
        return plus(offset, index, self.s.span(item))

    def index(self, item: Cursor) -> A.Expr:
        val = self.value(item)
        if val.ctype.kind is Kind.FLOAT:
            raise Unsupported("unsupported.type", self.s.span(item), "an index must be an integer")
        return self.convert(val, T.INT, item).expr if val.ctype.kind is Kind.BOOL else val.expr

    def pointer(self, c: Cursor) -> tuple[Binding, A.Expr]:
        """The one array a pointer expression points into and the offset (in cells) it
        points at (clang_pointers.py); one that may point into several, or be NULL, is
        refused here."""
        p = self.pointers.of(c)
        if p.tag is not None:
            raise Unsupported("unsupported.pointer", self.s.span(c),
                              "this pointer may point into several arrays or be NULL here")
        return p.arrays[0], p.offset

    def _same_cells(self, inner: Cursor, outer: Cursor) -> None:
        """A pointer conversion must keep the type of the cells it points at (address
        spaces and qualifiers aside): `(unsigned char *) a` of an int array reads bytes,
        which the mapping's arrays of whole values cannot express."""
        if not (T.is_pointer(outer.type) and (T.is_pointer(inner.type) or T.is_array(inner.type))):
            if T.is_pointer(outer.type):
                raise Unsupported("unsupported.pointer", self.s.span(outer), "this pointer is not supported")
            return
        if not self.agg.same_cells(inner.type, outer.type, outer):
            raise Unsupported("unsupported.pointer", self.s.span(outer),
                              f"a cast from `{T.spelling(inner.type)}` to `{T.spelling(outer.type)}` reads the "
                              "memory as cells of another type, which is not supported")

    def _aligned(self, inner: Cursor, outer: Cursor, base: Binding, offset: A.Expr) -> tuple[Binding, A.Expr]:
        """A pointer conversion to a type of a wider alignment (`(float4 *) a`) must
        give an aligned pointer, as C requires: refused where that is not known."""
        if T.is_pointer(outer.type) and not self.agg.aligned(inner.type, outer.type, offset, base, outer):
            raise Unsupported("unsupported.pointer", self.s.span(outer),
                              f"a cast to `{T.spelling(outer.type)}` of a pointer that may not be aligned for it "
                              "is not supported")
        return base, offset

    def _unary_operator(self, c: Cursor) -> Val:
        op = self.u.unary_operator(c)
        operand = children(c)[0]
        span = self.s.span(c)
        match op:
            case "!":
                return Val(A.Unary("!", self.cond(operand), span=span), T.BOOL)
            case "+" | "__extension__":
                return self.value(operand)
            case "-":
                val = self.value(operand)
                ctype = self.scalar(c)
                if ctype.kind is Kind.FLOAT:
                    fn = self.s.uninterpreted(f"\\{type_name(ctype)}_neg", A.Type.INT, 1)
                    return Val(A.Call(fn, (val.expr,), name_span=span, span=span), ctype)
                expr, (lo, hi) = self.convert(val, ctype, c).exact
                return self.fits(A.Unary("-", expr, span=span), (-hi, -lo), ctype, c)
            case "~":
                val = self.value(operand)
                ctype = self.scalar(c)
                if ctype.kind is Kind.FLOAT:
                    raise Unsupported("unsupported.type", span, "`~` on a floating-point value")
                one = A.IntLit(1, span=span)
                if ctype.signed:
                    return Val(A.Binary("-", A.Unary("-", val.expr, span=span), one, span=span), ctype)
                lo, hi = self.convert(val, ctype, c).range
                return Val(A.Binary("-", A.IntLit(ctype.hi, span=span), val.expr, span=span), ctype,
                           (ctype.hi - hi, ctype.hi - lo))
            case "*":
                return self.pointers.read(c)
            case "&":
                raise Unsupported("unsupported.pointer", span,
                                  "`&x` is only supported as the address of a cell, `&a[i]`, given to a pointer")
            case "pre++" | "post++" | "pre--" | "post--" if self.hoisting():
                return self.effects.step(c, op)
        raise Unsupported("unsupported.side-effect", span,
                          "an assignment or `++`/`--` inside an expression is not supported; make it a statement "
                          "of its own")

    def hoisting(self) -> bool:
        """Whether effects inside the expression being mapped become statements."""
        return self.effects is not None and self.effects.pending is not None and self.hoisted is not None

    def _compound_assignment_operator(self, c: Cursor) -> Val:
        if self.hoisting():
            return self.effects.compound(c)
        raise Unsupported("unsupported.side-effect", self.s.span(c),
                          "an assignment inside an expression is not supported; make it a statement of its own")

    def _binary_operator(self, c: Cursor) -> Val:
        op = operator(c)
        left_c, right_c = children(c)
        span = self.s.span(c)
        if op == "=" and self.hoisting():
            return self.effects.assignment(c)
        if op == "," and self.hoisting():
            return self.effects.comma(c)
        if op in ("&&", "||") and self.hoisting() and (val := self.effects.logical(c)) is not None:
            return val
        if op in ("=", ","):
            raise Unsupported("unsupported.side-effect", span,
                              "an assignment or the comma operator inside an expression is not supported; "
                              "write the parts as statements")
        if op in ("&&", "||"):
            return Val(A.Binary(op, self.cond(left_c), self.cond(right_c), span=span), T.BOOL)
        if T.is_function_pointer(left_c.type) or T.is_function_pointer(right_c.type):
            return self.functions.compare(op, c)
        if T.is_pointer(left_c.type) or T.is_pointer(right_c.type):
            return self.pointers.compare(op, c)
        if op in BITWISE:
            truth = self._truth(left_c), self._truth(right_c)
            if None not in truth:
                return Val(clang_truths.logical(op, truth[0], truth[1], span), T.BOOL)
        left, right = self.value(left_c), self.value(right_c)
        return self.combine(op, left, right, right_c, c)

    def _truth(self, c: Cursor) -> A.Expr | None:
        """A truth value that C made an int for an operator (`(a < b) | c`), or None."""
        return self.cond(strip(c)) if self._is_truth(c) else None

    def _is_truth(self, c: Cursor) -> bool:
        inner = strip(c)
        if inner.kind is K.BINARY_OPERATOR and operator(inner) in clang_truths.TRUTH_OPERATORS:
            return all(self._is_truth(part) for part in children(inner))
        return inner.kind is K.BINARY_OPERATOR and operator(inner) in COMPARE | {"&&", "||"} \
            or (inner.kind is K.UNARY_OPERATOR and self.u.unary_operator(inner) == "!") \
            or T.scalar(inner.type) == T.BOOL or (T.scalar(inner.type) or T.INT).kind is Kind.BOOL

    def _conditional_operator(self, c: Cursor) -> Val:
        if self.hoisting() and (val := self.effects.conditional(c)) is not None:
            return val
        test, then_c, else_c = children(c)
        ctype = self.scalar(c)
        then, otherwise = self.convert(self.value(then_c), ctype, then_c), self.convert(self.value(else_c), ctype, else_c)
        bounds = (min(then.range[0], otherwise.range[0]), max(then.range[1], otherwise.range[1]))
        return Val(A.Conditional(self.cond(test), then.expr, otherwise.expr, span=self.s.span(c)), ctype, bounds)

    def _cast(self, c: Cursor) -> Val:
        if T.is_pointer(children(c)[-1].type):
            return self.pointers.converted(children(c)[-1], c)
        return self.convert(self.value(children(c)[-1]), self.scalar(c), c)

    _cstyle_cast_expr = _cxx_static_cast_expr = _cxx_functional_cast_expr = _cxx_const_cast_expr = _cast

    def _cxx_null_ptr_literal_expr(self, c: Cursor) -> Val:
        raise Unsupported("unsupported.pointer", self.s.span(c), "NULL pointers are not supported")

    _gnu_null_expr = _string_literal = _cxx_null_ptr_literal_expr

    def _call_expr(self, c: Cursor) -> Val:
        function = c.referenced
        span = self.s.span(c)
        args = list(c.get_arguments())
        if function is None:
            raise Unsupported("unsupported.function", span, "calls through pointers are not supported")
        name = function.spelling
        if self.s.is_file_function(function):
            return self.helper_value(function, args, c)
        if self.s.dialect is Dialect.CUDA and (group := clang_groups.value(self, c)) is not None:
            return group
        if (name in B.OPENCL_FUNCTIONS or name == intrinsics.GLOBAL_OFFSET) and self.s.dialect is Dialect.OPENCL:
            dim = self.constant(args[0]) if len(args) == 1 else None
            if dim is None or not 0 <= dim <= 2:
                raise Unsupported("unsupported.dimension", span, f"{name} needs a constant dimension 0, 1 or 2")
            if name == intrinsics.GLOBAL_OFFSET:
                return intrinsics.global_offset(self, dim, c)
            flat = B.OPENCL_FUNCTIONS[name]
            val = Val(self.builtin(flat, dim, c), self.scalar(c), self.id_range(flat, dim))
            return intrinsics.with_offset(self, val, dim, c) if flat == "tid" else val
        if name == B.OPENCL_WORK_DIM and self.s.dialect is Dialect.OPENCL and not args:
            sizes = [s for s in (self.s.launch.local, self.s.launch.groups) if s is not None]
            if self.s.dimensional and not sizes:
                # A kernel of three dimensions with symbolic sizes may be launched with
                # work_dim 1, 2 or 3: a value nothing is known about.
                return Val(A.Call(self.s.uninterpreted(name, A.Type.INT, 0), (), name_span=span, span=span),
                           self.scalar(c))
            return Val(A.IntLit(max((len(s) for s in sizes), default=1), span=span), self.scalar(c))
        result = T.scalar(c.type)
        if name in B.INT_MIN_MAX and len(args) == 2 and result is not None and result.is_int:
            left, right = (self.convert(self.value(a), result, a) for a in args)
            test = A.Binary(B.INT_MIN_MAX[name], left.expr, right.expr, span=span)
            return Val(A.Conditional(test, left.expr, right.expr, span=span), result)
        if name in B.SATURATING and len(args) == 2 and result is not None and result.is_int:
            # OpenCL's saturating arithmetic: the exact result, clamped to the type.
            left, right = (self.convert(self.value(a), result, a) for a in args)
            exact = A.Binary(B.SATURATING[name], left.expr, right.expr, span=span)
            hi, lo = A.IntLit(result.hi, span=span), A.IntLit(result.lo, span=span)
            return Val(A.Conditional(A.Binary(">", exact, hi, span=span), hi, A.Conditional(
                A.Binary("<", exact, lo, span=span), lo, exact, span=span), span=span), result)
        if name == "abs" and len(args) == 1 and result is not None and result.is_int:
            val = self.value(args[0])
            zero = A.IntLit(0, span=span)
            lo, hi = self.convert(val, result, c).range
            negated = self.fits(A.Unary("-", val.expr, span=span), (-hi, -lo), result, c).expr
            return Val(A.Conditional(A.Binary("<", val.expr, zero, span=span), negated,
                                     self.convert(val, result, c).expr, span=span), result)
        if (annotation := gpuverify.value(self, name, args, c)) is not None:
            return annotation
        if intrinsics.is_mul24(self.s.dialect, name, args, c):
            return intrinsics.mul24(self, name, args, c)
        intrinsics.refuse_in_expression(self.s.dialect, name, span)
        if result is not None and result.kind is Kind.FLOAT and isinstance(self.u.constant(c), float):
            return self._floating_literal(c)        # `__builtin_nanf("")`: clang's value
        if atomics.is_atomic_call(self.s, name):
            return atomics.value(self, name, c)
        if B.is_atomic(name):
            raise Unsupported("unsupported.atomic", span, f"`{name}`: atomic operations are not supported")
        if (exchanged := warps.value(self, name, args, c)) is not None:
            return exchanged
        if B.is_warp(name):
            raise Unsupported("unsupported.warp", span, f"`{name}`: warp-level intrinsics are not supported")
        if result is not None and result.kind is Kind.FLOAT and not self.s.is_file_function(function) \
                and any(self.agg.layout(a.type, a) is not None for a in args):
            return self.agg.maths(name, args, c, [result])[0]
        if result is not None and result.kind is Kind.FLOAT and all(T.scalar(a.type) is not None for a in args):
            # A maths function of the platform: without effects, so uninterpreted, which
            # is all that race freedom needs (a verdict holds for every interpretation).
            fn = self.s.uninterpreted(f"\\{name}", A.Type.INT, len(args))
            values = tuple(self.value(a).expr for a in args)
            return Val(A.Call(fn, values, name_span=span, span=span), result)
        raise Unsupported("unsupported.function", span,
                          f"`{name}` cannot be called in an expression: only built-ins, maths functions and "
                          "helpers whose body is one `return` are supported")

    def helper_value(self, function: Cursor, args: list[Cursor], c: Cursor) -> Val:
        """A helper whose body is one `return e;`, inside an expression: `e` with the
        arguments, converted by clang to the parameters' types, for the parameters.  An
        argument is pure here, so using its value once per use of the parameter is using
        it once; a pointer argument is the array and offset it points at."""
        span = self.s.span(c)
        definition = function.get_definition()
        if definition is None:
            return bodiless.value(self, function, args, c)
        result = single_return(definition)
        if result is None:
            return helper_values.value(self, function, c)
        if has_effects(self.s, result) and not helper_values.whole_value(self.effects, c):
            raise Unsupported("unsupported.side-effect", span,
                              f"`{function.spelling}` assigns or updates atomically in its `return` and is called "
                              "inside a larger expression, whose other operands C may evaluate before or after it; "
                              "call it as a statement or to initialise a variable")
        self.enter(definition, span)
        self.s.push()
        try:
            for param, arg in zip(parameters(definition), args):
                self.s.bind(param, self.argument(param, arg))
            layout = self.agg.layout(c.type, c)
            if layout is not None:
                return self.agg.value(result)
            return self.convert(self.value(result), self.scalar(c), c)
        finally:
            self.s.pop()
            self.inlining.pop()

    def enter(self, definition: Cursor, span) -> None:
        if any(definition.hash == h for h, _ in self.inlining):
            raise Unsupported("unsupported.function", span,
                              f"`{definition.spelling}` is recursive; recursive helpers are not supported")
        self.inlining.append((definition.hash, span))

    def argument(self, param: Cursor, arg: Cursor) -> Binding:
        """What a parameter of an inlined helper is bound to: the value of its argument
        or, for a pointer, the array and offset the argument points at."""
        if T.is_function_pointer(param.type):
            return Binding(What.LOCAL, self.functions.ctype(param.type), param.spelling,
                           value=self.functions.value(arg).expr)
        if T.is_pointer(param.type) or T.is_array(param.type):
            return self.pointers.bound(param, arg)
        if self.agg.layout(param.type, param) is not None:
            value = self.agg.value(arg)
            return Binding(What.AGGREGATE, value.vals[0].ctype, param.spelling, aggregate=value)
        ctype = self.scalar(param)
        return Binding(What.LOCAL, ctype, param.spelling, value=self.convert(self.value(arg), ctype, arg).expr)
