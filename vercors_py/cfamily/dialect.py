"""Which C dialect a file is written in: CUDA, OpenCL C, or plain C.

The dialect chooses clang's language (`-x cuda`, `-x cl` or `-x c`) and built-in header,
and the built-ins the mapping knows: the unprefixed `global`, `local`, `kernel`, ... are
keywords in OpenCL C but ordinary names in CUDA; plain C has no GPU built-ins at all (its
kernels are VerCors's parallel loops, parallel_loops.py).
"""
from __future__ import annotations

import enum
from pathlib import PurePath


class Dialect(enum.Enum):
    CUDA = "cuda"
    OPENCL = "opencl"
    C = "c"

    @classmethod
    def of_path(cls, path: str) -> "Dialect":
        """The dialect a file name announces; `.cl` is OpenCL, `.c` plain C, everything
        else (`.cu`, `.cuh`) CUDA."""
        match PurePath(path).suffix.lower():
            case ".cl":
                return cls.OPENCL
            case ".c":
                return cls.C
            case _:
                return cls.CUDA
