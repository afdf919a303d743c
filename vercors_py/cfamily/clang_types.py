"""C types as clang computed them, reduced to what the mapping needs: for a scalar its
kind (truth value, integer, floating point), width and signedness, so that a value's
range and the checks of a conversion follow; for a pointer or array its element type
and its address space.

Nothing here decides what a C type is: typedefs, `size_t`, `half`, enums, `char`'s
signedness and every width are clang's (`Type.get_canonical`, `Type.get_size`), for
the target clang read the file for (docs/cfamily.md, "Why libclang").
"""
from __future__ import annotations

import enum

import attrs
from clang.cindex import Type, TypeKind

from ..syntax import ast as A


class Kind(enum.Enum):
    BOOL = "bool"
    INT = "int"
    FLOAT = "float"
    # A pointer stored in a struct (struct_pointers.py): a cell whose bits are not a number
    # the kernel reads.
    POINTER = "pointer"


@attrs.frozen
class CType:
    kind: Kind
    bits: int
    signed: bool
    name: str                  # as clang spells it (qualifiers left out), for messages

    @property
    def lo(self) -> int:
        return -(1 << (self.bits - 1)) if self.signed else 0

    @property
    def hi(self) -> int:
        return (1 << (self.bits - 1)) - 1 if self.signed else (1 << self.bits) - 1

    @property
    def is_int(self) -> bool:
        return self.kind is Kind.INT

    def same(self, other: "CType") -> bool:
        """Whether both hold the same values in the same way (names aside)."""
        return (self.kind, self.bits, self.signed) == (other.kind, other.bits, other.signed)

    def contains(self, other: "CType") -> bool:
        """Whether every value of `other` is a value of this type."""
        return self.lo <= other.lo and other.hi <= self.hi


_SIGNED = {TypeKind.CHAR_S, TypeKind.SCHAR, TypeKind.SHORT, TypeKind.INT, TypeKind.LONG, TypeKind.LONGLONG,
           TypeKind.INT128, TypeKind.WCHAR}
_UNSIGNED = {TypeKind.CHAR_U, TypeKind.UCHAR, TypeKind.USHORT, TypeKind.UINT, TypeKind.ULONG,
             TypeKind.ULONGLONG, TypeKind.UINT128, TypeKind.CHAR16, TypeKind.CHAR32}
_FLOATS = {TypeKind.HALF, TypeKind.FLOAT16, TypeKind.BFLOAT16, TypeKind.FLOAT, TypeKind.DOUBLE,
           TypeKind.LONGDOUBLE, TypeKind.FLOAT128}
# Words of a type's spelling that qualify it without changing its values.
_QUALIFIERS = {"const", "volatile", "restrict", "__restrict", "__private", "__global", "__local", "__constant",
               "__generic"}

BOOL = CType(Kind.BOOL, 1, False, "bool")
INT = CType(Kind.INT, 32, True, "int")


def scalar(t: Type) -> CType | None:
    """The scalar type `t` is, or None (pointers, arrays, structs, vectors, void)."""
    canonical = t.get_canonical()
    kind = canonical.kind
    if kind is TypeKind.ENUM:
        return scalar(canonical.get_declaration().enum_type)
    name = spelling(canonical)
    if kind is TypeKind.BOOL:
        return attrs.evolve(BOOL, name=name)
    if kind in _SIGNED or kind in _UNSIGNED:
        return CType(Kind.INT, canonical.get_size() * 8, kind in _SIGNED, name)
    if kind in _FLOATS:
        return CType(Kind.FLOAT, canonical.get_size() * 8, True, name)
    return None


def spelling(t: Type) -> str:
    return " ".join(w for w in t.spelling.split() if w not in _QUALIFIERS)


def is_pointer(t: Type) -> bool:
    return t.get_canonical().kind is TypeKind.POINTER


def is_function_pointer(t: Type) -> bool:
    canonical = t.get_canonical()
    return canonical.kind is TypeKind.POINTER \
        and canonical.get_pointee().kind in (TypeKind.FUNCTIONPROTO, TypeKind.FUNCTIONNOPROTO)


def is_array(t: Type) -> bool:
    return t.get_canonical().kind in (TypeKind.CONSTANTARRAY, TypeKind.INCOMPLETEARRAY, TypeKind.VARIABLEARRAY)


def pointee(t: Type) -> Type:
    canonical = t.get_canonical()
    return canonical.get_pointee() if canonical.kind is TypeKind.POINTER else canonical.element_type


def array_dims(t: Type) -> tuple[tuple[int, ...], Type]:
    """The sizes of a (possibly nested) array type, outermost first, and the type of its
    cells; a size that is not known (`int a[]`) is -1."""
    dims = []
    t = t.get_canonical()
    while t.kind in (TypeKind.CONSTANTARRAY, TypeKind.INCOMPLETEARRAY, TypeKind.VARIABLEARRAY):
        dims.append(t.get_array_size() if t.kind is TypeKind.CONSTANTARRAY else -1)
        t = t.element_type.get_canonical()
    return tuple(dims), t


def address_space(t: Type) -> str | None:
    """OpenCL's address space a type is qualified with, as written (`__global`, ...)."""
    return address_space_of(t.spelling)


def address_space_of(spelling: str) -> str | None:
    words = spelling.replace("*", " ").split()
    return next((w for w in words if w in ("__global", "__local", "__constant", "__private", "__generic")), None)


def lang_type(ctype: CType) -> A.Type:
    return A.Type.BOOL if ctype.kind is Kind.BOOL else A.Type.INT


def elem_range(ctype: CType) -> tuple[int, int] | None:
    return (ctype.lo, ctype.hi) if ctype.is_int else None


def promoted(t: CType) -> CType:
    """Integer promotion: what is narrower than int computes as int."""
    return INT if t.kind is Kind.BOOL or (t.is_int and t.bits < 32) else t


def computation(target: CType, operand: CType) -> CType:
    """The type `target op= operand` computes in: libclang does not expose the type
    clang gave a compound assignment's computation, so this is C's rule (the usual
    arithmetic conversions of the promoted target and the operand, whose own
    conversions clang already made)."""
    if target.kind is Kind.FLOAT or operand.kind is Kind.FLOAT:
        return max((t for t in (target, operand) if t.kind is Kind.FLOAT), key=lambda t: t.bits)
    a, b = promoted(target), promoted(operand)
    if a.same(b):
        return a
    if a.signed == b.signed:
        return a if a.bits >= b.bits else b
    unsigned, signed = (a, b) if not a.signed else (b, a)
    if unsigned.bits >= signed.bits:
        return unsigned
    return signed
