"""C's scalar types as the mapping sees them, and C's rules for combining them.

The checked language has mathematical `int`s and `bool`s.  A C value keeps its C type
beside the expression that computes it, so the mapping can apply C's conversions (integer
promotion, the usual arithmetic conversions) and wrap every result of a fixed-width type
in an overflow check (`A.Fits`).  Floating-point values are carried as uninterpreted
integers (see expressions.py), so only their width is recorded.
"""
from __future__ import annotations

import enum

import attrs


class Kind(enum.Enum):
    BOOL = "bool"
    INT = "int"
    FLOAT = "float"


@attrs.frozen
class CType:
    kind: Kind
    bits: int
    signed: bool
    name: str                  # as C spells it, for messages: `unsigned int`, `size_t`

    @property
    def lo(self) -> int:
        return -(1 << (self.bits - 1)) if self.signed else 0

    @property
    def hi(self) -> int:
        return (1 << (self.bits - 1)) - 1 if self.signed else (1 << self.bits) - 1

    @property
    def is_int(self) -> bool:
        return self.kind is Kind.INT

    @property
    def rank(self) -> int:
        return self.bits

    def contains(self, other: "CType") -> bool:
        """Whether every value of `other` is a value of this type."""
        return self.lo <= other.lo and other.hi <= self.hi


def _int(name: str, bits: int, signed: bool) -> CType:
    return CType(Kind.INT, bits, signed, name)


BOOL = CType(Kind.BOOL, 1, False, "bool")
CHAR = _int("char", 8, True)
UCHAR = _int("unsigned char", 8, False)
SHORT = _int("short", 16, True)
USHORT = _int("unsigned short", 16, False)
INT = _int("int", 32, True)
UINT = _int("unsigned int", 32, False)
LONG = _int("long", 64, True)
ULONG = _int("unsigned long", 64, False)
SIZE_T = _int("size_t", 64, False)
FLOAT = CType(Kind.FLOAT, 32, True, "float")
DOUBLE = CType(Kind.FLOAT, 64, True, "double")

# Type names of the CUDA grammar's primitive_type and the typedefs of cuda.h, stdint.h
# and OpenCL C that kernels use.  `long` is 64 bits, as on every CUDA and OpenCL target.
NAMED: dict[str, CType] = {
    "bool": BOOL, "_Bool": BOOL,
    "char": CHAR, "signed char": CHAR, "unsigned char": UCHAR, "uchar": UCHAR,
    "short": SHORT, "short int": SHORT, "signed short": SHORT, "unsigned short": USHORT,
    "unsigned short int": USHORT, "ushort": USHORT,
    "int": INT, "signed": INT, "signed int": INT, "unsigned": UINT, "unsigned int": UINT,
    "uint": UINT,
    "long": LONG, "long int": LONG, "long long": LONG, "long long int": LONG, "signed long": LONG,
    "unsigned long": ULONG, "unsigned long int": ULONG, "unsigned long long": ULONG,
    "unsigned long long int": ULONG, "ulong": ULONG,
    "size_t": SIZE_T, "ptrdiff_t": LONG, "intptr_t": LONG, "uintptr_t": ULONG,
    "int8_t": CHAR, "uint8_t": UCHAR, "int16_t": SHORT, "uint16_t": USHORT,
    "int32_t": INT, "uint32_t": UINT, "int64_t": LONG, "uint64_t": ULONG,
    "float": FLOAT, "half": FLOAT, "double": DOUBLE,
}

SIZES = {t.name: max(1, t.bits // 8) for t in NAMED.values()}


def promote(t: CType) -> CType:
    """Integer promotion: what is narrower than int computes as int."""
    if t.kind is Kind.BOOL or (t.is_int and t.bits < 32):
        return INT
    return t


def common(a: CType, b: CType) -> CType:
    """The usual arithmetic conversions: the type two operands are computed in."""
    if a.kind is Kind.FLOAT or b.kind is Kind.FLOAT:
        if DOUBLE in (a, b):
            return DOUBLE
        return FLOAT
    a, b = promote(a), promote(b)
    if a == b:
        return a
    if a.signed == b.signed:
        return a if a.rank >= b.rank else b
    unsigned, signed = (a, b) if not a.signed else (b, a)
    if unsigned.rank >= signed.rank:
        return unsigned
    if signed.contains(unsigned):
        return signed
    return _int("unsigned " + signed.name, signed.bits, False)
