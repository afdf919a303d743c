"""C expressions to the language's expressions, with C's meaning.

Every mapped value keeps its C type (`Val`).  The differences between C and the
language's mathematical integers are made explicit here, so nothing after the mapping
knows the input was C (docs/cfamily.md, "Arithmetic"):

* every `+ - *`, `<<`, negation and narrowing conversion of a fixed-width type is wrapped
  in `A.Fits`, an overflow check (`arith.overflow`); unsigned wrap-around is reported,
  not modelled;
* `/` and `%` truncate towards zero in C and are Euclidean in the language: a dividend
  that may be negative gets the conditional that makes them agree;
* `>>` by a constant is division by a power of two (C's arithmetic shift), `& (2^k - 1)`
  is `% 2^k`, `~x` is `-x - 1`; other bitwise operations are uninterpreted functions;
* floating-point values are uninterpreted integers: literals, operators, comparisons
  and maths functions are abstract functions, so a verdict holds for every rounding;
* C's truth values are ints: a condition is `e != 0`, a comparison used as a number is
  `c ? 1 : 0`.
Expressions with effects (assignments, `++`, calls with effects) are statements
(statements.py); inside an expression they are `unsupported.side-effect`.
"""
from __future__ import annotations

import re

import attrs

from ..semantics.symbols import AXES
from ..syntax import ast as A
from . import builtins as B
from . import ctypes as C
from .dialect import Dialect
from .scope import Binding, Scope, Unsupported, What, code_children


@attrs.frozen
class Val:
    expr: A.Expr
    ctype: C.CType


_ARITH = {"+", "-", "*"}
_COMPARE = {"<", "<=", ">", ">=", "==", "!="}
_FLOAT_OPS = {"+": "add", "-": "sub", "*": "mul", "/": "div", "%": "rem"}
_FLOAT_COMPARE = {"<": "lt", "<=": "le", ">": "gt", ">=": "ge", "==": "eq", "!=": "ne"}
_BITWISE = {"&": "and", "|": "or", "^": "xor"}
_INT_LITERAL = re.compile(r"^(0[xX][0-9a-fA-F]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)([uUlL]*)$")


class Exprs:
    def __init__(self, scope: Scope, macros, devices: dict):
        self.s = scope
        self.macros = macros           # macros.Macros: the file's object-like defines
        self.devices = devices         # name -> function_definition of a __device__ function
        self.inlining: list[str] = []
        self.returned: Val | None = None   # the value GPUVerify's __return_val_T() names

    # ---- entry points ----
    def value(self, node) -> Val:
        return self._map(node)

    def cond(self, node) -> A.Expr:
        """A C condition as a boolean."""
        return self.as_bool(self._map(node), node)

    def int_value(self, node) -> A.Expr:
        val = self._map(node)
        return self.convert(val, C.promote(val.ctype) if val.ctype.is_int else C.INT, node).expr

    def constant(self, node) -> int | None:
        """The value of a constant integer expression (a literal, a define of one, or
        arithmetic of those), or None."""
        try:
            return _fold(self._map(node).expr)
        except Unsupported:
            return None

    # ---- conversions ----
    def as_bool(self, val: Val, node) -> A.Expr:
        span = self.s.span(node)
        match val.ctype.kind:
            case C.Kind.BOOL:
                return val.expr
            case C.Kind.INT:
                return A.Binary("!=", val.expr, A.IntLit(0, span=span), span=span)
        name = self.s.uninterpreted(f"\\{val.ctype.name}_nonzero", A.Type.BOOL, 1)
        return A.Call(name, (val.expr,), name_span=span, span=span)

    def convert(self, val: Val, target: C.CType, node) -> Val:
        """`val` as a value of C type `target` (assignment, argument, cast)."""
        span = self.s.span(node)
        source = val.ctype
        if source == target:
            return val
        if target.kind is C.Kind.BOOL:
            return Val(self.as_bool(val, node), target)
        if source.kind is C.Kind.BOOL:
            one, zero = A.IntLit(1, span=span), A.IntLit(0, span=span)
            return self.convert(Val(A.Conditional(val.expr, one, zero, span=span), C.INT), target, node)
        if target.kind is C.Kind.FLOAT or source.kind is C.Kind.FLOAT:
            fn = self.s.uninterpreted(f"\\{source.name}_to_{target.name}".replace(" ", "_"), A.Type.INT, 1)
            # An out-of-range float-to-int conversion is undefined in C and not checked:
            # the uninterpreted result is any int, which covers every defined one.
            return Val(A.Call(fn, (val.expr,), name_span=span, span=span), target)
        if target.contains(source):
            return Val(val.expr, target)
        return Val(self.fits(val.expr, target, node), target)

    def fits(self, expr: A.Expr, ctype: C.CType, node) -> A.Expr:
        constant = _fold(expr)
        if constant is not None and ctype.lo <= constant <= ctype.hi:
            return expr
        return A.Fits(expr, ctype.name, ctype.lo, ctype.hi, " ".join(self.s.text(node).split()),
                      span=self.s.span(node))

    # ---- the walk ----
    def _map(self, node) -> Val:
        method = getattr(self, "_" + node.type, None)
        if method is None:
            raise Unsupported("unsupported.side-effect" if node.type in _EFFECTS else "unsupported.pointer"
                              if node.type in _POINTERS else "unsupported.statement",
                              self.s.span(node), _describe(node.type))
        return method(node)

    def _condition_clause(self, node) -> Val:
        return self._map(node.child_by_field_name("value"))

    def _parenthesized_expression(self, node) -> Val:
        inner = code_children(node)
        if len(inner) != 1 or inner[0].type == "comma_expression":
            raise Unsupported("unsupported.side-effect", self.s.span(node),
                              "the comma operator is not supported; write the parts as statements")
        val = self._map(inner[0])
        return attrs.evolve(val, expr=attrs.evolve(val.expr, span=self.s.span(node)))

    def _number_literal(self, node) -> Val:
        text = self.s.text(node)
        if text.startswith("-"):
            # The grammar reads `-3` after some operators as one literal: C's `-(3)`.
            val = self._number_literal_text(text[1:].lstrip(), node)
            return self.negate(val, node)
        return self._number_literal_text(text, node)

    def _number_literal_text(self, text: str, node) -> Val:
        span = self.s.span(node)
        m = _INT_LITERAL.match(text)
        if m is None:
            return self._float_literal(text, node)
        digits, suffix = m.groups()
        value = int(digits, 8 if re.fullmatch(r"0[0-7]+", digits) else 0)
        unsigned = "u" in suffix.lower()
        long_ = "l" in suffix.lower()
        decimal = digits[0] != "0" or digits == "0"
        candidates = ([C.ULONG] if unsigned and long_ else [C.UINT, C.ULONG] if unsigned
                      else [C.LONG] if long_ and decimal else [C.LONG, C.ULONG] if long_
                      else [C.INT, C.LONG] if decimal else [C.INT, C.UINT, C.LONG, C.ULONG])
        ctype = next((t for t in candidates if value <= t.hi), None)
        if ctype is None:
            raise Unsupported("unsupported.type", span, f"the literal {text} does not fit any integer type")
        return Val(A.IntLit(value, span=span), ctype)

    def _float_literal(self, text: str, node) -> Val:
        span = self.s.span(node)
        if not re.fullmatch(r"[0-9.]+([eE][+-]?[0-9]+)?[fFlL]?|0[xX][0-9a-fA-F.]+[pP][+-]?[0-9]+[fFlL]?", text):
            raise Unsupported("unsupported.type", span, f"the literal {text} is not supported")
        ctype = C.FLOAT if text[-1] in "fF" and not text.lower().startswith("0x") else C.DOUBLE
        # Literals are uninterpreted too, numbered by their spelling: equal spellings
        # are the same value, different ones are not known to differ.
        fn = self.s.uninterpreted(f"\\{ctype.name}_literal", A.Type.INT, 1)
        code = int.from_bytes(text.lower().rstrip("fl").encode(), "big") % (2**61 - 1)
        return Val(A.Call(fn, (A.IntLit(code, span=span),), name_span=span, span=span), ctype)

    def _char_literal(self, node) -> Val:
        text = self.s.text(node)[1:-1]
        span = self.s.span(node)
        try:
            value = ord(text.encode().decode("unicode_escape")) if text.startswith("\\") else ord(text)
        except (UnicodeDecodeError, TypeError):
            raise Unsupported("unsupported.type", span, f"the character literal {self.s.text(node)} is not supported") from None
        return Val(A.IntLit(value, span=span), C.CHAR)

    def _true(self, node) -> Val:
        return Val(A.BoolLit(True, span=self.s.span(node)), C.BOOL)

    def _false(self, node) -> Val:
        return Val(A.BoolLit(False, span=self.s.span(node)), C.BOOL)

    def _null(self, node) -> Val:
        raise Unsupported("unsupported.pointer", self.s.span(node), "NULL pointers are not supported")

    def _identifier(self, node) -> Val:
        name = self.s.text(node)
        span = self.s.span(node)
        binding = self.s.lookup_usable(name)
        if binding is None and name == B.CUDA_WARP_SIZE and self.s.dialect is Dialect.CUDA:
            return Val(A.IntLit(B.WARP_SIZE, span=span), C.INT)
        if binding is None and name in B.FENCE_FLAG_VALUES and self.s.dialect is Dialect.OPENCL:
            return Val(A.IntLit(B.FENCE_FLAG_VALUES[name], span=span), C.UINT)
        if binding is None and name in B.FLOAT_CONSTANTS and not self.macros.defines.get(name):
            ctype = C.FLOAT if B.FLOAT_CONSTANTS[name] == "float" else C.DOUBLE
            fn = self.s.uninterpreted(f"\\{ctype.name}_constant", A.Type.INT, 1)
            code = int.from_bytes(name.encode(), "big") % (2**61 - 1)
            return Val(A.Call(fn, (A.IntLit(code, span=span),), name_span=span, span=span), ctype)
        if binding is not None:
            if binding.cell:
                return Val(self.cell(binding, span), binding.ctype)
            if binding.what is What.POINTER:
                raise Unsupported("unsupported.pointer", span,
                                  f"the pointer `{name}` is used as a value; only `{name}[i]`, `*{name}` and "
                                  "pointer arithmetic on it are supported")
            if binding.what is What.ARRAY:
                raise Unsupported("unsupported.pointer", span,
                                  f"the array `{name}` is used as a pointer; only `{name}[i]` is supported")
            if binding.value is not None:
                return Val(binding.value, binding.ctype)
            return Val(A.Name(binding.name, span=span), binding.ctype)
        macro = self.macros.value(name, node, self)
        if macro is not None:
            return macro
        # Unknown names go through unchanged; the resolver reports them (type.unknown-name).
        return Val(A.Name(name, span=span), C.INT)

    def _field_expression(self, node) -> Val:
        argument, field = node.child_by_field_name("argument"), node.child_by_field_name("field")
        base = self.s.text(argument)
        if (argument.type == "identifier" and base in B.CUDA_VECTORS and self.s.dialect is Dialect.CUDA
                and self.s.lookup(base) is None):
            dim = B.CUDA_FIELDS.get(self.s.text(field))
            if dim is not None:
                return Val(self.builtin(B.CUDA_VECTORS[base], dim, node), B.CUDA_TYPE)
        raise Unsupported("unsupported.type", self.s.span(node),
                          "structs and vector types are not supported; only threadIdx, blockIdx, blockDim and gridDim have fields")

    @staticmethod
    def cell(binding: Binding, span) -> A.Index:
        """The memory of a scalar declared __shared__ (or at file scope): cell 0 of an
        array of one, `x[0]` in annotations; of a thread's variable whose address is
        taken: its cell `lid` of a private array (statements.py)."""
        index = A.Name("lid", span=span) if binding.private else A.IntLit(0, span=span)
        return A.Index(A.Name(binding.name, span=span), index, span=span)

    def builtin(self, quantity: B.Quantity, dim: int, node) -> A.Expr:
        """A thread or group id or size of dimension `dim` (0 is x): the reserved name, or
        in a file checked in three dimensions its component (`threadIdx.y` is `lid.y`)."""
        span = self.s.span(node)
        flat = B.RESERVED[quantity]
        spelling = " ".join(self.s.text(node).split())
        if self.s.dimensional:
            return A.Name(f"{flat}.{AXES[dim]}", span=span, spelling=spelling)
        if dim > 0:
            # Mapped again in three dimensions (translate.py); this pass is discarded.
            self.s.wants_dimensions = True
            raise Unsupported("unsupported.dimension", span, f"{spelling} is mapped in three dimensions")
        return A.Name(flat, span=span, spelling=spelling)

    def _subscript_expression(self, node) -> Val:
        array, index = self.subscript(node)
        return Val(A.Index(A.Name(array.name, span=self.s.span(node.child_by_field_name("argument"))), index,
                           span=self.s.span(node)), array.ctype)

    def subscript(self, node):
        """The array binding and the index of `a[i]`; `t[i][j]` of a `__shared__ int
        t[R][C]` is the cell i * C + j of its row-major layout, with i and j each
        checked against their own dimension (bounds.index)."""
        items = []
        argument = node
        while argument.type == "subscript_expression":
            indices = argument.child_by_field_name("indices")
            found = code_children(indices) if indices is not None else [argument.child_by_field_name("index")]
            if len(found) != 1:
                raise Unsupported("unsupported.type", self.s.span(argument), "this kind of index is not supported")
            items.insert(0, found[0])
            argument = argument.child_by_field_name("argument")
        binding = self.s.lookup_usable(self.s.text(argument)) if argument.type == "identifier" else None
        if binding is None or binding.what is not What.ARRAY or binding.cell:
            if len(items) == 1:
                base, offset = self.pointer(argument)
                index = self._map(items[0])
                if not index.ctype.is_int:
                    raise Unsupported("unsupported.type", self.s.span(items[0]), "an index must be an integer")
                return base, _plus(offset, self.convert(index, C.promote(index.ctype), items[0]).expr, self.s.span(node))
            raise Unsupported("unsupported.pointer", self.s.span(argument),
                              "only arrays given as kernel parameters or declared __shared__/__local can be indexed")
        if len(items) != max(1, len(binding.dims)):
            raise Unsupported("unsupported.pointer", self.s.span(node),
                              f"`{self.s.text(argument)}` is indexed with {len(items)} indices; it has {max(1, len(binding.dims))}")
        index = None
        for at, item in enumerate(items):
            val = self._map(item)
            if not val.ctype.is_int and val.ctype.kind is not C.Kind.BOOL:
                raise Unsupported("unsupported.type", self.s.span(item), "an index must be an integer")
            value = self.convert(val, C.promote(val.ctype), item).expr
            if binding.private:
                span = self.s.span(item)
                checked = A.Fits(value, f"the private array `{self.s.text(argument)}`", 0, binding.private - 1,
                                 " ".join(self.s.text(item).split()), "bounds.index", span=span)
                start = A.Binary("*", A.Name("lid", span=span), A.IntLit(binding.private, span=span), span=span)
                return binding, A.Binary("+", start, checked, span=span)
            if len(items) == 1:
                return binding, value
            span = self.s.span(item)
            size = binding.dims[at]
            value = A.Fits(value, f"dimension {at + 1} of `{self.s.text(argument)}`", 0, size - 1,
                           " ".join(self.s.text(item).split()), "bounds.index", span=span)
            index = value if index is None else A.Binary(
                "+", A.Binary("*", index, A.IntLit(size, span=span), span=span), value, span=span)
        return binding, index

    def pointer(self, node) -> tuple[Binding, A.Expr]:
        """The array a pointer expression points into and the offset (in elements) it
        points at: `a`, `p`, `a + e`, `e + p`, `p - e`, `&a[e]`, `(T *) p`."""
        span = self.s.span(node)
        match node.type:
            case "parenthesized_expression" if len(code_children(node)) == 1:
                return self.pointer(code_children(node)[0])
            case "cast_expression":
                return self.pointer(node.child_by_field_name("value"))
            case "identifier":
                binding = self.s.lookup_usable(self.s.text(node))
                if binding is not None and binding.what is What.ARRAY and not binding.cell and not binding.dims:
                    if binding.private:
                        # A thread's private array starts at its own slice.
                        return binding, A.Binary("*", A.Name("lid", span=span), A.IntLit(binding.private, span=span),
                                                 span=span)
                    return binding, A.IntLit(0, span=span)
                if binding is not None and binding.what is What.POINTER:
                    base = binding.base or self.s.bases.get(binding.name)
                    if base is None:
                        raise Unsupported("unsupported.pointer", span,
                                          f"the pointer `{self.s.text(node)}` is used before it points into an array")
                    return base, binding.value if binding.value is not None else A.Name(binding.name, span=span)
            case "binary_expression" if self.s.text(node.child_by_field_name("operator")) in ("+", "-"):
                op = self.s.text(node.child_by_field_name("operator"))
                left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
                pointer_side, int_side = (left, right) if self._is_pointer(left) else (right, left)
                if op == "-" and pointer_side is not left:
                    pointer_side = None
                if pointer_side is not None and self._is_pointer(pointer_side) and not self._is_pointer(int_side):
                    base, offset = self.pointer(pointer_side)
                    step = self.int_value(int_side)
                    if op == "-":
                        step = A.Unary("-", step, span=span)
                    return base, _plus(offset, step, span)
            case "pointer_expression" if self.s.text(node.child_by_field_name("operator")) == "&":
                argument = node.child_by_field_name("argument")
                if argument.type == "subscript_expression":
                    return self.subscript(argument)
                if argument.type == "identifier":
                    binding = self.s.lookup_usable(self.s.text(argument))
                    if binding is not None and binding.cell:
                        return binding, self.cell(binding, span).index
        raise Unsupported("unsupported.pointer", span,
                          "this pointer is not supported: a pointer must point into one array "
                          "(`a`, `a + i`, `&a[i]`, another such pointer), the same array wherever it is set")

    def _is_pointer(self, node) -> bool:
        match node.type:
            case "identifier":
                binding = self.s.lookup(self.s.text(node))
                return binding is not None and ((binding.what is What.ARRAY and not binding.cell)
                                                or binding.what is What.POINTER)
            case "parenthesized_expression" if len(code_children(node)) == 1:
                return self._is_pointer(code_children(node)[0])
            case "cast_expression":
                return self._is_pointer(node.child_by_field_name("value"))
            case "binary_expression":
                return any(self._is_pointer(node.child_by_field_name(side)) for side in ("left", "right"))
            case "pointer_expression":
                return self.s.text(node.child_by_field_name("operator")) == "&"
        return False

    def _pointer_expression(self, node) -> Val:
        if self.s.text(node.child_by_field_name("operator")) != "*":
            raise Unsupported("unsupported.pointer", self.s.span(node),
                              "`&x` is only supported as an array cell's address, `&a[i]`, assigned to a pointer")
        base, offset = self.pointer(node.child_by_field_name("argument"))
        span = self.s.span(node)
        return Val(A.Index(A.Name(base.name, span=span), offset, span=span), base.ctype)

    def _unary_expression(self, node) -> Val:
        op = self.s.text(node.child_by_field_name("operator"))
        operand = node.child_by_field_name("argument")
        span = self.s.span(node)
        val = self._map(operand)
        match op:
            case "!":
                return Val(A.Unary("!", self.as_bool(val, operand), span=span), C.BOOL)
            case "+":
                return self._promoted(val, operand)
            case "-":
                return self.negate(val, node)
            case "~":
                val = self._integer(val, operand, "~")
                one = A.IntLit(1, span=span)
                if val.ctype.signed:
                    value = A.Binary("-", A.Unary("-", val.expr, span=span), one, span=span)
                else:
                    value = A.Binary("-", A.IntLit(val.ctype.hi, span=span), val.expr, span=span)
                return Val(value, val.ctype)
        raise Unsupported("unsupported.pointer", span, f"the operator {op} is not supported")

    def negate(self, val: Val, node) -> Val:
        span = self.s.span(node)
        if val.ctype.kind is C.Kind.FLOAT:
            fn = self.s.uninterpreted(f"\\{val.ctype.name}_neg", A.Type.INT, 1)
            return Val(A.Call(fn, (val.expr,), name_span=span, span=span), val.ctype)
        val = self._promoted(val, node)
        if isinstance(val.expr, A.IntLit):
            return Val(self.fits(A.IntLit(-val.expr.value, span=span), val.ctype, node), val.ctype)
        return Val(self.fits(A.Unary("-", val.expr, span=span), val.ctype, node), val.ctype)

    def _promoted(self, val: Val, node) -> Val:
        if val.ctype.kind is C.Kind.FLOAT:
            return val
        return self.convert(val, C.promote(val.ctype), node)

    def _integer(self, val: Val, node, op: str) -> Val:
        if val.ctype.kind is C.Kind.FLOAT:
            raise Unsupported("unsupported.type", self.s.span(node), f"`{op}` on a floating-point value")
        return self._promoted(val, node)

    def _binary_expression(self, node) -> Val:
        op = self.s.text(node.child_by_field_name("operator"))
        left_node, right_node = node.child_by_field_name("left"), node.child_by_field_name("right")
        span = self.s.span(node)
        if op in ("&&", "||"):
            left, right = self.cond(left_node), self.cond(right_node)
            return Val(A.Binary(op, left, right, span=span), C.BOOL)
        left, right = self._map(left_node), self._map(right_node)
        if op in _BITWISE and left.ctype.kind is C.Kind.BOOL and right.ctype.kind is C.Kind.BOOL:
            # `(d == 1) | (d == 2)` of truth values is logical (both sides are evaluated,
            # which for pure operands changes nothing).
            logical = {"&": "&&", "|": "||", "^": "!="}[op]
            return Val(A.Binary(logical, left.expr, right.expr, span=span), C.BOOL)
        return self.combine(op, left, right, left_node, right_node, node)

    def combine(self, op: str, left: Val, right: Val, left_node, right_node, node) -> Val:
        """`left op right` with C's meaning (also for `x op= e`)."""
        span = self.s.span(node)
        if op in ("<<", ">>"):
            return self._shift(op, self._integer(left, left_node, op), right, right_node, node)
        ctype = C.common(left.ctype, right.ctype)
        if ctype.kind is C.Kind.FLOAT:
            return self._float_binary(op, left, right, ctype, node)
        left, right = self.convert(left, ctype, left_node), self.convert(right, ctype, right_node)
        if op in _COMPARE:
            return Val(A.Binary(op, left.expr, right.expr, span=span), C.BOOL)
        if op in _ARITH:
            result = _simplify(A.Binary(op, left.expr, right.expr, span=span))
            return Val(self.fits(result, ctype, node), ctype)
        if op in ("/", "%"):
            return Val(self._divide(op, left, right, ctype, node), ctype)
        if op in _BITWISE:
            return Val(self._bitwise(op, left, right, ctype, node), ctype)
        raise Unsupported("unsupported.statement", span, f"the operator {op} is not supported")

    def _divide(self, op: str, left: Val, right: Val, ctype: C.CType, node) -> A.Expr:
        span = self.s.span(node)
        plain = A.Binary(op, left.expr, right.expr, span=span)
        dividend = _fold(left.expr)
        if not ctype.signed or (dividend is not None and dividend >= 0):
            return plain
        # C truncates towards zero; Euclidean division agrees on a non-negative dividend.
        zero = A.IntLit(0, span=span)
        negated = A.Unary("-", A.Binary(op, A.Unary("-", left.expr, span=span), right.expr, span=span), span=span)
        truncated = A.Conditional(A.Binary(">=", left.expr, zero, span=span), plain, negated, span=span)
        # INT_MIN / -1 overflows.
        return self.fits(truncated, ctype, node) if op == "/" else truncated

    def _shift(self, op: str, left: Val, right: Val, right_node, node) -> Val:
        span = self.s.span(node)
        amount = _fold(right.expr)
        if amount is None:
            raise Unsupported("unsupported.statement", self.s.span(right_node),
                              f"`{op}` by an amount that is not a constant is not supported")
        if not 0 <= amount < left.ctype.bits:
            raise Unsupported("unsupported.statement", self.s.span(right_node),
                              f"shifting a {left.ctype.name} by {amount} is undefined in C")
        power = A.IntLit(2**amount, span=self.s.span(right_node))
        if op == "<<":
            return Val(self.fits(_simplify(A.Binary("*", left.expr, power, span=span)), left.ctype, node), left.ctype)
        # Arithmetic shift: floor division, which the Euclidean `/` is for a positive divisor.
        return Val(A.Binary("/", left.expr, power, span=span), left.ctype)

    def _bitwise(self, op: str, left: Val, right: Val, ctype: C.CType, node) -> A.Expr:
        span = self.s.span(node)
        if op == "&":
            for value, mask in ((left, right), (right, left)):
                m = _fold(mask.expr)
                if m is not None and m >= 0 and (m + 1) & m == 0:
                    # x & (2^k - 1) is x mod 2^k in two's complement, for any sign of x.
                    return A.Binary("%", value.expr, A.IntLit(m + 1, span=span), span=span)
        folded = _fold(left.expr), _fold(right.expr)
        if None not in folded:
            a, b = folded
            return A.IntLit({"&": a & b, "|": a | b, "^": a ^ b}[op], span=span)
        fn = self.s.uninterpreted(f"\\bit{_BITWISE[op]}", A.Type.INT, 2)
        return A.Call(fn, (left.expr, right.expr), name_span=span, span=span)

    def _float_binary(self, op: str, left: Val, right: Val, ctype: C.CType, node) -> Val:
        span = self.s.span(node)
        left, right = self.convert(left, ctype, node), self.convert(right, ctype, node)
        if op in _FLOAT_COMPARE:
            fn = self.s.uninterpreted(f"\\{ctype.name}_{_FLOAT_COMPARE[op]}", A.Type.BOOL, 2)
            return Val(A.Call(fn, (left.expr, right.expr), name_span=span, span=span), C.BOOL)
        if op not in _FLOAT_OPS:
            raise Unsupported("unsupported.type", span, f"`{op}` on a floating-point value")
        fn = self.s.uninterpreted(f"\\{ctype.name}_{_FLOAT_OPS[op]}", A.Type.INT, 2)
        return Val(A.Call(fn, (left.expr, right.expr), name_span=span, span=span), ctype)

    def _conditional_expression(self, node) -> Val:
        cond = self.cond(node.child_by_field_name("condition"))
        then_node, else_node = node.child_by_field_name("consequence"), node.child_by_field_name("alternative")
        then, otherwise = self._map(then_node), self._map(else_node)
        ctype = then.ctype if then.ctype == otherwise.ctype else C.common(then.ctype, otherwise.ctype)
        then, otherwise = self.convert(then, ctype, then_node), self.convert(otherwise, ctype, else_node)
        return Val(A.Conditional(cond, then.expr, otherwise.expr, span=self.s.span(node)), ctype)

    def _cast_expression(self, node) -> Val:
        target = self.type_of(node.child_by_field_name("type"))
        value = node.child_by_field_name("value")
        return self.convert(self._map(value), target, node)

    def _sizeof_expression(self, node) -> Val:
        type_node = node.child_by_field_name("type")
        span = self.s.span(node)
        if type_node is not None:
            ctype = self.type_of(type_node)
        else:
            ctype = self._map(node.child_by_field_name("value")).ctype
        return Val(A.IntLit(C.SIZES.get(ctype.name, max(1, ctype.bits // 8)), span=span), C.SIZE_T)

    def type_of(self, node) -> C.CType:
        """The C type a type descriptor or type specifier names (no pointers)."""
        text = " ".join(self.s.text(node).replace("const", " ").replace("volatile", " ").split())
        if node.type == "type_descriptor" and node.child_by_field_name("declarator") is not None:
            raise Unsupported("unsupported.pointer", self.s.span(node), f"the type `{text}` is not supported")
        ctype = C.NAMED.get(text) or self.macros.type_name(text)
        if ctype is None:
            raise Unsupported("unsupported.type", self.s.span(node), f"the type `{text}` is not supported")
        return ctype

    def _call_expression(self, node) -> Val:
        function = node.child_by_field_name("function")
        args = code_children(node.child_by_field_name("arguments"))
        name = self.s.text(function)
        span = self.s.span(node)
        if function.type != "identifier":
            raise Unsupported("unsupported.function", self.s.span(function), "calls through pointers are not supported")
        if name in B.OPENCL_FUNCTIONS and self.s.dialect is Dialect.OPENCL and self.s.lookup(name) is None:
            dim = self.constant(args[0]) if len(args) == 1 else None
            if dim is None or not 0 <= dim <= 2:
                raise Unsupported("unsupported.dimension", span, f"{name} needs a constant dimension 0, 1 or 2")
            return Val(self.builtin(B.OPENCL_FUNCTIONS[name], dim, node), B.OPENCL_TYPE)
        if name == B.OPENCL_WORK_DIM and self.s.dialect is Dialect.OPENCL and not args and self.s.lookup(name) is None:
            sizes = [s for s in (self.s.launch.local, self.s.launch.groups) if s is not None]
            if self.s.dimensional and not sizes:
                # A kernel of three dimensions with symbolic sizes may be launched with
                # work_dim 1, 2 or 3: a value nothing is known about.
                return Val(A.Call(self.s.uninterpreted(name, A.Type.INT, 0), (), name_span=span, span=span), C.UINT)
            # A kernel of one dimension is checked for 1-D launches.
            return Val(A.IntLit(max((len(s) for s in sizes), default=1), span=span), C.UINT)
        if name in B.INT_MIN_MAX and len(args) == 2:
            left, right = self._map(args[0]), self._map(args[1])
            ctype = C.common(left.ctype, right.ctype)
            if ctype.is_int:
                left, right = self.convert(left, ctype, args[0]), self.convert(right, ctype, args[1])
                test = A.Binary(B.INT_MIN_MAX[name], left.expr, right.expr, span=span)
                return Val(A.Conditional(test, left.expr, right.expr, span=span), ctype)
            return self._float_call(name, [left, right], node)
        if name in B.SATURATING and len(args) == 2 and self.s.lookup(name) is None:
            # OpenCL's saturating arithmetic: the exact result, clamped to the type.
            left, right = self._map(args[0]), self._map(args[1])
            ctype = C.common(left.ctype, right.ctype)
            if ctype.is_int and left.ctype == right.ctype:
                exact = A.Binary(B.SATURATING[name], left.expr, right.expr, span=span)
                hi, lo = A.IntLit(ctype.hi, span=span), A.IntLit(ctype.lo, span=span)
                clamped = A.Conditional(A.Binary(">", exact, hi, span=span), hi, A.Conditional(
                    A.Binary("<", exact, lo, span=span), lo, exact, span=span), span=span)
                return Val(clamped, ctype)
        if name == "abs" and len(args) == 1:
            val = self._integer(self._map(args[0]), args[0], "abs")
            zero = A.IntLit(0, span=span)
            negated = self.fits(A.Unary("-", val.expr, span=span), val.ctype, node)
            return Val(A.Conditional(A.Binary("<", val.expr, zero, span=span), negated, val.expr, span=span), val.ctype)
        if name.startswith(B.GPUVERIFY_RETURN_VAL) and not args and self.returned is not None:
            return self.returned
        if name == B.GPUVERIFY_ENABLED and not args:
            # Every thread that evaluates it is executing the code it stands in.
            return Val(A.BoolLit(True, span=span), C.BOOL)
        if name == B.GPUVERIFY_IMPLIES and len(args) == 2:
            return Val(A.Binary("==>", self.cond(args[0]), self.cond(args[1]), span=span), C.BOOL)
        if name in self.devices:
            return self._inline(name, args, node)
        if self.macros.function_like(name):
            raise Unsupported("unsupported.macro", span, f"`{name}` is a function-like macro; they are not expanded")
        if name in B.FLOAT_FUNCTIONS:
            return self._float_call(name, [self._map(a) for a in args], node)
        raise _unsupported_call(name, span, self.s.lookup(name) is not None)

    def _inline(self, name: str, args, node) -> Val:
        """A __device__ function whose body is one `return e;`: `e` with the arguments for
        the parameters (arrays are passed by name)."""
        span = self.s.span(node)
        definition = self.devices[name]
        body = code_children(definition.child_by_field_name("body"))
        if name in self.inlining:
            raise Unsupported("unsupported.function", span, f"`{name}` is recursive; recursive __device__ functions are not supported")
        if len(body) != 1 or body[0].type != "return_statement" or not body[0].named_children:
            raise Unsupported("unsupported.function", span,
                              f"`{name}` cannot be inlined into an expression: only __device__ functions whose "
                              "body is one `return e;` are supported")
        params = self.parameters(definition)
        if len(params) != len(args):
            raise Unsupported("unsupported.function", span, f"`{name}` takes {len(params)} arguments, not {len(args)}")
        result = self.type_of(definition.child_by_field_name("type"))
        bindings = {}
        for param, arg in zip(params, args):
            param_name, pointer = self.declarator(param)
            if pointer:
                bindings[param_name] = self.array_argument(arg)
            else:
                ctype = self.type_of(param.child_by_field_name("type"))
                bindings[param_name] = Binding(What.LOCAL, ctype, param_name, self.convert(self._map(arg), ctype, arg).expr)
        self.s.push()
        self.inlining.append(name)
        try:
            for param_name, binding in bindings.items():
                self.s.bind(param_name, binding)
            return self.convert(self._map(body[0].named_children[0]), result, body[0])
        finally:
            self.inlining.pop()
            self.s.pop()

    @staticmethod
    def single_return(definition) -> bool:
        """Whether a function's body is one `return e;` (inlined into expressions)."""
        body = code_children(definition.child_by_field_name("body"))
        return len(body) == 1 and body[0].type == "return_statement" and bool(body[0].named_children)

    @staticmethod
    def declared_names(declaration) -> list[str]:
        return [name for d in declaration.children_by_field_name("declarator")
                if (name := declarator_name(d)[0]) is not None]

    @staticmethod
    def parameters(definition) -> list:
        """The parameter declarations of a function definition."""
        declarator = definition.child_by_field_name("declarator")
        while declarator.type != "function_declarator":
            declarator = declarator.child_by_field_name("declarator")
        return [p for p in code_children(declarator.child_by_field_name("parameters"))
                if p.type == "parameter_declaration"]

    def declarator(self, param) -> tuple[str, bool]:
        name, pointer = declarator_name(param.child_by_field_name("declarator"))
        if name is None:
            raise Unsupported("unsupported.declaration", self.s.span(param), "a parameter needs a name")
        return name, pointer

    def array_argument(self, arg) -> Binding:
        """What a pointer parameter of an inlined function is bound to: the array
        passed, or a pointer into it at the offset passed."""
        array = self.s.lookup_usable(self.s.text(arg)) if arg.type == "identifier" else None
        if array is not None and array.what is What.ARRAY and not array.cell:
            return array
        base, offset = self.pointer(arg)
        return Binding(What.POINTER, base.ctype, base.name, offset, base=base)

    def _float_call(self, name: str, args: list[Val], node) -> Val:
        span = self.s.span(node)
        ctype = C.FLOAT if name.endswith("f") else C.DOUBLE
        fn = self.s.uninterpreted(f"\\{name}", A.Type.INT, len(args))
        converted = tuple(self.convert(a, ctype, node).expr for a in args)
        return Val(A.Call(fn, converted, name_span=span, span=span), ctype)


def _unsupported_call(name: str, span, shadowed: bool) -> Unsupported:
    if B.is_atomic(name):
        return Unsupported("unsupported.atomic", span, f"`{name}`: atomic operations are not supported")
    if B.is_warp(name):
        return Unsupported("unsupported.warp", span, f"`{name}`: warp-level intrinsics are not supported")
    return Unsupported("unsupported.function", span,
                       f"`{name}` cannot be called in an expression: only built-ins, maths functions and "
                       "__device__ functions whose body is one `return` are supported")


def _plus(offset: A.Expr, step: A.Expr, span) -> A.Expr:
    if isinstance(offset, A.IntLit) and offset.value == 0:
        return step
    return _simplify(A.Binary("+", offset, step, span=span))


def declarator_name(declarator) -> tuple[str | None, bool]:
    """The name a declarator declares, and whether it is a pointer or array."""
    pointer = False
    while declarator is not None and declarator.type != "identifier":
        if declarator.type in ("pointer_declarator", "array_declarator", "reference_declarator"):
            pointer = True
        declarator = declarator.child_by_field_name("declarator") or (
            code_children(declarator)[-1] if code_children(declarator) else None)
    return (declarator.text.decode() if declarator is not None else None), pointer


def _simplify(e: A.Binary) -> A.Expr:
    """Constant folding, so that sizes written as `N * 4` stay literals."""
    folded = _fold(e)
    return A.IntLit(folded, span=e.span) if folded is not None else e


def _fold(e) -> int | None:
    match e:
        case A.IntLit(value=v):
            return v
        case A.Unary(op="-", operand=x):
            v = _fold(x)
            return None if v is None else -v
        case A.Fits(expr=x, lo=lo, hi=hi):
            v = _fold(x)
            return v if v is not None and lo <= v <= hi else None
        case A.Binary(op=op, left=l, right=r) if op in ("+", "-", "*", "/", "%"):
            a, b = _fold(l), _fold(r)
            if a is None or b is None:
                return None
            if op in ("/", "%"):
                if b == 0:
                    return None
                q = abs(a) // abs(b) * (1 if (a >= 0) == (b > 0) else -1)
                return q if op == "/" else a - b * q
            return {"+": a + b, "-": a - b, "*": a * b}[op]
    return None


_EFFECTS = {"assignment_expression", "update_expression", "comma_expression"}
_POINTERS = {"string_literal", "concatenated_string"}


def _describe(kind: str) -> str:
    if kind in _EFFECTS:
        return "an assignment or `++`/`--` inside an expression is not supported; make it a statement of its own"
    if kind in _POINTERS:
        return "pointers are only supported as arrays: `a[i]`, not `*p`, `&x` or pointer arithmetic"
    return f"this kind of expression ({kind.replace('_', ' ')}) is not supported"
