"""The launch configuration of a C file: sizes per dimension, from GPUVerify's header line
or from the command line.

GPUVerify's kernels say how they are launched in a comment among their first lines:
`//--local_size=64 --num_groups=64` (OpenCL), `//--blockDim=[16,16] --gridDim=4` (CUDA),
`--global_size=` instead of the number of groups, `--global_offset=` for OpenCL's global
offset (0 otherwise), and `-DNAME=value` for defines.  The
mapping turns the sizes into `context_everywhere` facts (docs/cfamily.md, "Launch
configuration"); without them the sizes stay symbolic.  Options that are not about the
launch (`--no-inline`, ...) are GPUVerify's own and are ignored; `--warp-sync=N` gives the
warp size N and the lock-step assumption (docs/warps.md).
"""
from __future__ import annotations

import re

import attrs

from .. import diagnostics as D
from ..source import SourceText, Span
from ..syntax import ast as A, parser

# The option host facts come from, which names them in their diagnostics.
FACT_LABEL = "--assume"

Dims = tuple[int, ...]


@attrs.frozen
class Launch:
    local: Dims | None = None          # threads per group, per dimension (x first)
    groups: Dims | None = None         # groups, per dimension
    defines: tuple[tuple[str, str], ...] = ()
    span: Span | None = None           # the header line; None for the command line
    offset: Dims | None = None         # OpenCL's global offset, per dimension (None: 0)
    dims: int | None = None            # `--dims N`: sizes beyond the first N dimensions are 1
    # Host facts (`--assume`, the editor's settings): expressions over a kernel's
    # parameters and sizes, each for every kernel or, written `k: e`, for kernel k.
    facts: tuple[str, ...] = ()
    # GPUVerify's `--kernel-args=k,0x...,0x...`: kernel k's scalar arguments, bit patterns.
    arguments: tuple[tuple[str, tuple[str, ...]], ...] = ()
    warp_size: int | None = None       # `--warp-size N`, GPUVerify's `--warp-sync=N` (None: 32)
    lockstep: bool = False             # `--warp-sync`: a warp's threads run in lock-step

    def warp(self) -> A.Warp:
        return A.Warp(self.warp_size or A.Warp().size, self.lockstep)

    def over(self, base: "Launch") -> "Launch":
        """This launch, with what it leaves open taken from `base` (the command line
        over the file's header)."""
        return Launch(self.local or base.local, self.groups or base.groups,
                      base.defines + self.defines, self.span if (self.local or self.groups) else base.span,
                      self.offset or base.offset, self.dims or base.dims, base.facts + self.facts,
                      base.arguments + self.arguments, self.warp_size or base.warp_size,
                      self.lockstep or base.lockstep)

    @property
    def empty(self) -> bool:
        return self.local is None and self.groups is None and self.dims is None and not self.facts \
            and self.warp_size is None and not self.lockstep

    @property
    def one_dimensional(self) -> bool:
        """Whether every size given is of dimension x alone, and no more than one dimension
        is asked for."""
        return (all(sizes is None or all(d == 1 for d in sizes[1:]) for sizes in (self.local, self.groups))
                and (self.dims or 1) == 1)


    def fact_kernels(self) -> dict[str, str]:
        """The kernels the host facts name (`k: e`), each with its first fact."""
        named: dict[str, str] = {}
        for fact in self.facts:
            owner, _ = fact_owner(fact)
            if owner is not None:
                named.setdefault(owner, fact)
        return named

    def unknown_fact_kernels(self, kernels: set[str]) -> list[D.Diagnostic]:
        """An error for each kernel a host fact names (`k: e`) that the file does not
        declare, at the name in the fact: never a fact silently dropped."""
        found = []
        for owner, text in sorted(self.fact_kernels().items()):
            if owner not in kernels:
                source = parser.fact_source(text, FACT_LABEL)
                at = source.text.index(owner)
                found.append(unknown_kernel(owner, kernels, source.span(at, at + len(owner))))
        return found

    def facts_of(self, kernel: str) -> tuple[str, ...]:
        """The host facts about kernel `kernel`, without their `k:` prefixes."""
        return tuple(text for owner, text in map(fact_owner, self.facts) if owner in (None, kernel))


def unknown_kernel(owner: str, kernels: set[str], span: Span | None) -> D.Diagnostic:
    return D.error("type.unknown-name", span, f"the host facts name kernel `{owner}`, which the file does not "
                                              f"declare (its kernels: {', '.join(sorted(kernels)) or 'none'})")


_OWNER = re.compile(r"^\s*([A-Za-z_]\w*)\s*:(?!:)")


def fact_owner(fact: str) -> tuple[str | None, str]:
    """`k: e` is fact e about kernel k; a fact without a prefix is about every kernel.
    (No expression starts with a name and a colon: `?:` needs its condition first.)"""
    m = _OWNER.match(fact)
    return (m.group(1), fact[m.end():]) if m else (None, fact)


class LaunchError(ValueError):
    """A size that is not a list of positive integers."""


_HEADER_LINE = re.compile(r"^[ \t]*//[ \t]*(-.*)$", re.M)
# `-DNAME=value` first: the general form would read it as an option named `DNAME`.
_OPTION = re.compile(r"-D([A-Za-z_]\w*)(?:=(\S+))?|--?([A-Za-z_][\w-]*)(?:=(\S+))?")


def parse_dims(text: str) -> Dims:
    """`64`, `[16,16]`, `16,16` or `0x40`: the sizes of up to three dimensions."""
    parts = [p.strip() for p in text.strip().strip("[]").split(",")]
    if not 1 <= len(parts) <= 3 or not all(parts):
        raise LaunchError(f"{text!r} is not a size: give 1 to 3 positive integers, e.g. 64 or 16,16")
    try:
        dims = tuple(int(p, 0) for p in parts)
    except ValueError:
        raise LaunchError(f"{text!r} is not a size: give 1 to 3 positive integers, e.g. 64 or 16,16") from None
    if any(d <= 0 for d in dims):
        raise LaunchError(f"{text!r} is not a size: every dimension must be at least 1")
    return dims


def parse_warp_size(text: str) -> int:
    """`32`: a warp size, at least 1."""
    try:
        size = int(text.strip(), 0)
    except ValueError:
        raise LaunchError(f"{text!r} is not a warp size: give a positive integer, e.g. 32") from None
    if size < 1:
        raise LaunchError(f"{text!r} is not a warp size: it must be at least 1")
    return size


def _offsets(text: str) -> Dims:
    """`64` or `[64,0]`: an offset per dimension, each at least 0."""
    try:
        dims = tuple(int(p.strip(), 0) for p in text.strip().strip("[]").split(","))
    except ValueError:
        raise LaunchError(f"{text!r} is not an offset") from None
    if not 1 <= len(dims) <= 3 or any(d < 0 for d in dims):
        raise LaunchError(f"{text!r} is not an offset: give 1 to 3 integers of at least 0")
    return dims


def _arguments(text: str) -> tuple[str, tuple[str, ...]]:
    """GPUVerify's `k,0x00000003,...`: the kernel and its scalar arguments' bit patterns,
    as written (their width is the parameter's size: clang_translate.py reads them)."""
    kernel, *values = text.split(",")
    if not re.fullmatch(r"[A-Za-z_]\w*", kernel) or not all(re.fullmatch(r"0[xX][0-9a-fA-F]+", v) for v in values):
        raise LaunchError(f"{text!r} is not a kernel's arguments: give k,0x..., as GPUVerify does")
    return kernel, tuple(values)


def from_header(source: SourceText, lines: int = 4) -> Launch:
    """The launch configuration of GPUVerify's header comment (one of the first lines of
    the file that is a `//` comment starting with an option).  A size that does not
    parse is left out (the kernel is then checked for every size)."""
    head_end = source.line_starts[lines] if len(source.line_starts) > lines else len(source.text)
    for m in _HEADER_LINE.finditer(source.text, 0, head_end):
        local = groups = global_ = offset = warp = None
        defines, arguments = [], []
        for opt in _OPTION.finditer(m.group(1)):
            define, define_value, name, value = opt.groups()
            try:
                if name in ("local_size", "blockDim") and value:
                    local = parse_dims(value)
                elif name in ("num_groups", "gridDim") and value:
                    groups = parse_dims(value)
                elif name == "global_size" and value:
                    global_ = parse_dims(value)
                elif name == "global_offset" and value:
                    offset = _offsets(value)
                elif name == "kernel-args" and value:
                    arguments.append(_arguments(value))
                elif name == "warp-sync" and value:
                    warp = parse_warp_size(value)
            except LaunchError:
                continue
            if define:
                defines.append((define, define_value or "1"))
        if groups is None and global_ is not None and local is not None and len(global_) == len(local) \
                and all(g % l == 0 for g, l in zip(global_, local)):
            groups = tuple(g // l for g, l in zip(global_, local))
        if local or groups or defines or offset or arguments or warp:
            return Launch(local, groups, tuple(defines), source.span(m.start(1), m.end(1)), offset,
                          arguments=tuple(arguments), warp_size=warp, lockstep=warp is not None)
    return Launch()
