"""Questions about clang's cursors that every part of the C mapping asks: a cursor's
children, the expression under its implicit casts, its operator, a function's
parameters and body, whether an expression assigns anything."""
from __future__ import annotations

from clang.cindex import Cursor, CursorKind as K, TypeKind

from . import clang_builtins as B

_BINARY = {"Mul": "*", "Div": "/", "Rem": "%", "Add": "+", "Sub": "-", "Shl": "<<", "Shr": ">>",
           "LT": "<", "GT": ">", "LE": "<=", "GE": ">=", "EQ": "==", "NE": "!=", "And": "&", "Xor": "^", "Or": "|",
           "LAnd": "&&", "LOr": "||", "Assign": "=", "Comma": ","}
# Operator tables: a comparison, and the names of the uninterpreted functions that stand
# for floating-point and bitwise operators.
COMPARE = {"<", "<=", ">", ">=", "==", "!="}
FLOAT_OPS = {"+": "add", "-": "sub", "*": "mul", "/": "div", "%": "rem"}
FLOAT_COMPARE = {"<": "lt", "<=": "le", ">": "gt", ">=": "ge", "==": "eq", "!=": "ne"}
BITWISE = {"&": "and", "|": "or", "^": "xor"}
STEPS = ("pre++", "post++", "pre--", "post--")
CASTS = {K.CSTYLE_CAST_EXPR, K.CXX_STATIC_CAST_EXPR, K.CXX_FUNCTIONAL_CAST_EXPR, K.CXX_CONST_CAST_EXPR}


def children(cursor: Cursor) -> list[Cursor]:
    return list(cursor.get_children())


def strip(cursor: Cursor) -> Cursor:
    """The expression under implicit casts and parentheses (not under an OpenCL vector
    component access `v.x`, which libclang shows as an unexposed expression too)."""
    while cursor.kind in (K.UNEXPOSED_EXPR, K.PAREN_EXPR):
        inner = children(cursor)
        if len(inner) != 1 or cursor.kind is K.UNEXPOSED_EXPR and is_vector_access(cursor, inner[0]):
            break
        cursor = inner[0]
    return cursor


def is_vector_access(cursor: Cursor, inner: Cursor) -> bool:
    """Whether an unexposed expression over a vector is a component access (it ends
    after its operand, at the component's name) rather than a conversion."""
    return inner.type.get_canonical().kind in (TypeKind.EXTVECTOR, TypeKind.VECTOR) \
        and cursor.extent.end.offset != inner.extent.end.offset


def has_effects(scope, c: Cursor) -> bool:
    """Whether evaluating `c` assigns anything (an assignment, `++`/`--`, an atomic
    update)."""
    for node in c.walk_preorder():
        if node.kind is K.CALL_EXPR and B.atomic_operation(scope.dialect, builtin_call(scope, node)) is not None:
            return True
        if node.kind is K.COMPOUND_ASSIGNMENT_OPERATOR:
            return True
        if node.kind is K.BINARY_OPERATOR and operator(node) == "=":
            return True
        if node.kind is K.UNARY_OPERATOR and scope.unit.unary_operator(node) in STEPS:
            return True
    return False


def discards_memory(scope, c: Cursor) -> bool:
    """Whether `c` has a comma whose discarded operand may read memory (`(x[0] + 1, 2)`):
    clang's evaluator folds such an expression to a constant, which would drop the read."""
    for node in c.walk_preorder():
        if node.kind is K.BINARY_OPERATOR and operator(node) == ",":
            left = children(node)[0]
            if any(n.kind in (K.ARRAY_SUBSCRIPT_EXPR, K.MEMBER_REF_EXPR, K.CALL_EXPR)
                   or n.kind is K.UNARY_OPERATOR and scope.unit.unary_operator(n) == "*"
                   for n in left.walk_preorder()):
                return True
    return False


def operator(cursor: Cursor) -> str:
    """The operator of a `BINARY_OPERATOR` or `COMPOUND_ASSIGNMENT_OPERATOR` cursor."""
    name = cursor.binary_operator.name
    if name.endswith("Assign") and name != "Assign":
        return _BINARY[name[:-len("Assign")]] + "="
    return _BINARY.get(name, name)


def parameters(definition: Cursor) -> list[Cursor]:
    return [p for p in definition.get_children() if p.kind is K.PARM_DECL]


def body(definition: Cursor) -> Cursor | None:
    return next((c for c in definition.get_children() if c.kind is K.COMPOUND_STMT), None)


def single_return(definition: Cursor) -> Cursor | None:
    """The expression of a function whose body is one `return e;`, or None."""
    block = body(definition)
    stmts = children(block) if block is not None else []
    if len(stmts) == 1 and stmts[0].kind is K.RETURN_STMT and children(stmts[0]):
        return children(stmts[0])[0]
    return None


def builtin_call(scope, c: Cursor) -> str | None:
    """The name of the header's function that `c` (under implicit conversions) calls,
    or None: a function of the kernel's file is never a built-in."""
    call = strip(c)
    if call.kind is not K.CALL_EXPR or call.referenced is None:
        return None
    return None if scope.is_file_function(call.referenced) else call.referenced.spelling
