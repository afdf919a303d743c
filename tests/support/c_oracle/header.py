"""GPUVerify's header lines, read by the oracle on its own.

Line 1 says what GPUVerify expects (`//pass`, `//xfail:NOT_ALL_VERIFIED`); one of the
first lines holds the command line: `//--blockDim=[2,2] --gridDim=2` (CUDA),
`//--local_size=2 --num_groups=2` or `--global_size=` (OpenCL), OpenCL's global offset
(`--global_offset=[4,0]`), and `-DNAME=value` defines, which the oracle passes to the
compiler as they are.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

Dims = tuple[int, int, int]

_OPTION = re.compile(r"-D(\w+)(?:=(\S*))?|--(\w+)=(\S+)")


@dataclass(frozen=True)
class Header:
    expect: str | None = None                  # `pass`, `xfail:NOT_ALL_VERIFIED`, ...
    local: Dims | None = None
    groups: Dims | None = None
    offset: tuple[int, int, int] | None = None  # OpenCL's global offset
    defines: tuple[tuple[str, str], ...] = field(default=())


def dims(text: str) -> Dims:
    """`4`, `[2,2]` or `2,2`: three sizes, the missing ones 1."""
    values = [int(v, 0) for v in text.strip("[]").split(",") if v.strip()]
    if not 1 <= len(values) <= 3 or min(values) < 1:
        raise ValueError(f"not a launch size: {text!r}")
    return tuple(values + [1] * (3 - len(values)))  # type: ignore[return-value]


def offsets(text: str) -> tuple[int, int, int]:
    """`4`, `[4,0]`: three offsets, the missing ones 0."""
    values = [int(v, 0) for v in text.strip("[]").split(",") if v.strip()]
    if not 1 <= len(values) <= 3 or min(values) < 0:
        raise ValueError(f"not a global offset: {text!r}")
    return tuple(values + [0] * (3 - len(values)))  # type: ignore[return-value]


def read(text: str, lines: int = 4) -> Header:
    head = text.splitlines()[:lines]
    expect = head[0][2:].strip() if head and head[0].startswith("//") and not head[0][2:].lstrip().startswith("-") \
        else None
    local = groups = global_ = offset = None
    defines: list[tuple[str, str]] = []
    for line in head:
        body = line.strip()
        if not body.startswith("//") or not body[2:].lstrip().startswith("-"):
            continue
        for m in _OPTION.finditer(body[2:]):
            define, value, option, size = m.groups()
            if define:
                defines.append((define, value if value is not None else "1"))
                continue
            try:
                if option in ("blockDim", "local_size"):
                    local = dims(size)
                elif option in ("gridDim", "num_groups"):
                    groups = dims(size)
                elif option == "global_size":
                    global_ = dims(size)
                elif option == "global_offset":
                    offset = offsets(size)
            except ValueError:
                continue   # a size written with a macro (`--blockDim=TILE`): the caller gives it
        break
    if groups is None and global_ is not None and local is not None:
        groups = tuple(g // size for g, size in zip(global_, local))  # type: ignore[assignment]
    return Header(expect, local, groups, offset, tuple(defines))
