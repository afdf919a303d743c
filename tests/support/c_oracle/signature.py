"""The little the oracle reads of a kernel file itself: which functions are kernels and
what their parameters are, and which uses of OpenCL's `__local` qualify a pointer.

Everything else (types, values, defines, overloads) is the compiler's.  This reading is
lexical and deliberately small: comments are blanked, then a kernel is a `__global__`
(CUDA) or `__kernel`/`kernel` (OpenCL) function, its name the identifier before its
parameter list, each parameter's name the last identifier of its declaration.  The
parameters' types are handed back to the compiler as written (in the same translation
unit, so macros and typedefs mean what they mean in the kernel).
"""
from __future__ import annotations

import re
from dataclasses import dataclass


class Unreadable(ValueError):
    """A kernel the oracle cannot launch (a template kernel never instantiated, no kernel, ...)."""


@dataclass(frozen=True)
class Param:
    name: str
    ctype: str          # the declared type, arrays as pointers: `const int *`
    pointer: bool
    local: bool         # an OpenCL __local buffer (one per work group)


@dataclass(frozen=True)
class Kernel:
    name: str                   # an instantiation of a template kernel: `k<int, 64>`
    params: tuple[Param, ...]   # a template's: types as written (`T *`)

    @property
    def instance(self) -> bool:
        return "<" in self.name


_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
_CUDA_KERNEL = re.compile(r"\b__global__\b")
_OPENCL_KERNEL = re.compile(r"\b(?:__kernel|kernel)\b")
# Words that may stand between the qualifier and the kernel's name and are not its name.
_NOT_NAMES = {"__launch_bounds__", "__attribute__"}
_LOCAL = re.compile(r"\b(?:__local|local)\b")
_WORD = re.compile(r"\s*(\w+)\s*(\(?)")
LOCAL_POINTER = "__oracle_local_ptr"


def blank_comments(text: str) -> str:
    """`text` with every comment replaced by spaces (newlines kept, so offsets and lines stay)."""
    return _COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


def mark_local_pointers(text: str) -> str:
    """OpenCL: each `__local` that qualifies what a pointer points to (a `*` follows it in
    its declaration) becomes LOCAL_POINTER; the others declare local variables.  Lines
    do not move."""
    code = blank_comments(text)
    out, last = [], 0
    for m in _LOCAL.finditer(code):
        rest = re.search(r"[;,)=\[{*]", code[m.end():])
        if rest and rest.group(0) == "*":
            out.append(text[last:m.start()] + LOCAL_POINTER)
            last = m.end()
    return "".join(out) + text[last:]


_EXTERN_SHARED = re.compile(r"\bextern\s+__shared__\b([^;]*);")


def mark_dynamic_shared(text: str) -> str:
    """CUDA: each `extern __shared__ T s[];` becomes `extern T s[] ORACLE_DYNAMIC_SHARED;`
    (cuda_stub.h names the one block they all are).  Lines do not move."""
    code = blank_comments(text)
    out, last = [], 0
    for m in _EXTERN_SHARED.finditer(code):
        out.append(text[last:m.start()] + "extern" + text[m.start(1):m.end(1)] + " ORACLE_DYNAMIC_SHARED;")
        last = m.end()
    return "".join(out) + text[last:]


def kernels(text: str, opencl: bool) -> list[Kernel]:
    """The kernels of the file, their parameter types as the oracle compiles them (in
    OpenCL after mark_local_pointers)."""
    code = blank_comments(mark_local_pointers(text) if opencl else text)
    found = []
    for m in (_OPENCL_KERNEL if opencl else _CUDA_KERNEL).finditer(code):
        if _line_of(code, m.start()).lstrip().startswith("#"):
            continue   # inside a #define
        before = code[max(0, m.start() - 200):m.start()]
        if re.search(r"\btemplate\s*<[^;{}]*$", before):
            template = _kernel_at(code, m.end())
            instances = _EXPLICIT.findall(code)
            named = [name + " ".join(args.split()) for name, args in instances if name == template.name]
            if not named:
                raise Unreadable(f"template kernel at offset {m.start()}: the oracle launches only the "
                                 "instantiations the file makes explicitly (`template void k<int>(int *);`)")
            found.extend(Kernel(name, template.params) for name in named)
            continue
        if re.match(r"\s*template\s+(?!<)", code[max(code.rfind(c, 0, m.start()) for c in ";{}") + 1:m.start()]):
            continue   # an explicit instantiation, not a definition
        found.append(_kernel_at(code, m.end()))
    return found


# An explicit instantiation of a template function: its name and template arguments.
_EXPLICIT = re.compile(r"\btemplate\s+(?!<)[^;{}]*?\b(\w+)\s*(<[^;{}()]*>)\s*\(")


def _line_of(code: str, at: int) -> str:
    start = code.rfind("\n", 0, at) + 1
    return code[start:code.find("\n", at) if "\n" in code[at:] else len(code)]


def _kernel_at(code: str, at: int) -> Kernel:
    i = at
    name = None
    while i < len(code):
        m = _WORD.match(code, i)
        if m is None:
            i += 1
            continue
        word, paren = m.group(1), m.group(2)
        if paren and word in _NOT_NAMES:
            i = _closing(code, m.end() - 1) + 1
            continue
        if paren:
            name = word
            open_at = m.end() - 1
            break
        i = m.end()
    if name is None:
        raise Unreadable("a kernel qualifier without a function after it")
    close = _closing(code, open_at)
    return Kernel(name, tuple(_params(code[open_at + 1:close])))


def _closing(code: str, open_at: int) -> int:
    depth = 0
    for i in range(open_at, len(code)):
        if code[i] == "(":
            depth += 1
        elif code[i] == ")":
            depth -= 1
            if depth == 0:
                return i
    raise Unreadable("unbalanced parentheses in a kernel's parameters")


def _params(text: str) -> list[Param]:
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "([<":
            depth += 1
        elif ch in ")]>":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    params = []
    for part in (" ".join(p.split()) for p in parts):
        if part in ("", "void"):
            continue
        m = re.fullmatch(r"(.*?)\b(\w+)\s*((?:\[[^\]]*\]\s*)*)", part)
        if m is None or not m.group(1).strip():
            raise Unreadable(f"the parameter `{part}` has no name")
        ctype, name, arrays = m.group(1).strip(), m.group(2), m.group(3)
        ctype += " *" * arrays.count("[")
        params.append(Param(name, ctype, "*" in ctype, LOCAL_POINTER in ctype.split()))
    return params
