"""The file's object-like `#define`s (and GPUVerify's `-DNAME=value`), expanded where they
are used as expressions.

A define's body is parsed on its own, as the initialiser of a declaration placed at the
body's own offsets in an otherwise blank copy of the file, so what it maps to points
into the `#define` line.  The body is mapped at the place of use, with the names in scope
there, as the C preprocessor would.  Function-like macros are `unsupported.macro`.
"""
from __future__ import annotations

import attrs

from ..syntax import ast as A
from . import ctypes as C
from .expressions import Val
from .parse import ParsedUnit, parse_text
from .preprocessor import Define
from .scope import Unsupported

_WRAPPER = "int _=("


@attrs.frozen
class _Body:
    unit: ParsedUnit | None        # None: a -D option's value, an integer
    node: object | None
    value: int | None = None


class Macros:
    def __init__(self, unit: ParsedUnit, defines: tuple[tuple[str, str], ...]):
        self.unit = unit
        self.defines: dict[str, Define] = {d.name: d for d in unit.defines}
        self.options = dict(defines)
        self.bodies: dict[str, _Body | None] = {}
        self.expanding: list[str] = []

    def function_like(self, name: str) -> bool:
        d = self.defines.get(name)
        return d is not None and not d.object_like

    def type_name(self, name: str) -> C.CType | None:
        """The C type a define such as `#define REAL float` names."""
        d = self.defines.get(name)
        return C.NAMED.get(" ".join(d.body.split())) if d is not None and d.object_like else None

    def value(self, name: str, use, exprs):
        """The mapped value of the macro `name` used at tree node `use`, or None if the
        file defines no such macro."""
        span = exprs.s.span(use)
        if name in self.options and name not in self.defines:
            text = self.options[name]
            try:
                return Val(A.IntLit(int(text, 0), span=span), C.INT)
            except ValueError:
                raise Unsupported("unsupported.macro", span, f"-D{name}={text}: only integer values are supported") from None
        define = self.defines.get(name)
        if define is None:
            return None
        if not define.object_like:
            raise Unsupported("unsupported.macro", span, f"`{name}` is a function-like macro; they are not expanded")
        if name in self.expanding:
            raise Unsupported("unsupported.macro", span, f"the macro `{name}` expands to itself")
        body = self._body(define)
        if body is None:
            raise Unsupported("unsupported.macro", span,
                              f"the body of `{name}` ({define.body or 'empty'}) is not an expression")
        self.expanding.append(name)
        try:
            with exprs.s.reading(body.unit):
                val = exprs.value(body.node)
        finally:
            self.expanding.pop()
        return val

    def _body(self, define: Define) -> _Body | None:
        if define.name not in self.bodies:
            self.bodies[define.name] = self._parse(define)
        return self.bodies[define.name]

    def _parse(self, define: Define) -> _Body | None:
        text = self.unit.source.text
        start, end = define.body_span.start, define.body_span.end
        if not define.body or start < len(_WRAPPER):
            return None
        blank = "".join(c if c == "\n" else " " for c in text[:start - len(_WRAPPER)])
        padded = blank + _WRAPPER + text[start:end] + ");"
        unit = parse_text(padded, self.unit.source.path, self.unit.dialect)
        if unit.problems:
            return None
        declaration = unit.root.named_children[-1] if unit.root.named_children else None
        init = declaration.child_by_field_name("declarator") if declaration is not None else None
        value = init.child_by_field_name("value") if init is not None and init.type == "init_declarator" else None
        if value is None:
            return None
        return _Body(unit, value)
