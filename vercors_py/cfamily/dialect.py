"""Which C dialect a file is written in: CUDA or OpenCL C.

Both are parsed with the same CUDA grammar; the dialect decides only which OpenCL
qualifiers are blanked out before parsing (qualifiers.py), because the unprefixed
`global`, `local`, `kernel`, ... are keywords in OpenCL C but ordinary names in CUDA.
"""
from __future__ import annotations

import enum
from pathlib import PurePath


class Dialect(enum.Enum):
    CUDA = "cuda"
    OPENCL = "opencl"

    @classmethod
    def of_path(cls, path: str) -> "Dialect":
        """The dialect a file name announces; `.cl` is OpenCL, everything else CUDA
        (the grammar is CUDA's, so it is the safe default)."""
        match PurePath(path).suffix.lower():
            case ".cl":
                return cls.OPENCL
            case _:
                return cls.CUDA
