"""Which C dialect a file is written in: CUDA or OpenCL C.

The dialect chooses clang's language (`-x cuda` or `-x cl`) and built-in header, and
the built-ins the mapping knows: the unprefixed `global`, `local`, `kernel`, ... are
keywords in OpenCL C but ordinary names in CUDA.
"""
from __future__ import annotations

import enum
from pathlib import PurePath


class Dialect(enum.Enum):
    CUDA = "cuda"
    OPENCL = "opencl"

    @classmethod
    def of_path(cls, path: str) -> "Dialect":
        """The dialect a file name announces; `.cl` is OpenCL, everything else (`.cu`,
        `.cuh`) CUDA."""
        match PurePath(path).suffix.lower():
            case ".cl":
                return cls.OPENCL
            case _:
                return cls.CUDA
