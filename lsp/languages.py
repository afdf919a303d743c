"""Which front end reads a document: the kernel language (`.pvl`) or the C front end
(`.cu`, `.cuh`: CUDA; `.cl`: OpenCL; vercors_py/frontend.py).

The file's suffix decides, as on the command line.  A document whose name says neither
(an untitled buffer, a `.ocl` file) is read as its language id says: `cuda-cpp` (VS Code's
id for CUDA), `cuda` and `opencl` are C; anything else is the kernel language.  The
server then analyses it under its name with the suffix of that language appended, which
is how vercors_py.service picks the front end.
"""
from __future__ import annotations

from pathlib import PurePath

from vercors_py import frontend

PVL_SUFFIX = ".pvl"
# language ids of C documents, and the suffix that makes service.analyze read them as such
C_LANGUAGE_IDS = {"cuda-cpp": ".cu", "cuda": ".cu", "opencl": ".cl"}
LANGUAGE_IDS = ("pvl", *C_LANGUAGE_IDS)


def analysis_path(path: str, language_id: str | None) -> str:
    """The name to analyse a document under (`path` itself unless only its language id
    says which front end reads it)."""
    if frontend.is_c(path) or _suffix(path) == PVL_SUFFIX:
        return path
    suffix = C_LANGUAGE_IDS.get(language_id or "")
    return path + suffix if suffix is not None else path


def is_c(path: str) -> bool:
    return frontend.is_c(path)


def dialect(path: str) -> str | None:
    """"cuda" or "opencl" for a C document's (analysis) path, None for the kernel language."""
    if not frontend.is_c(path):
        return None
    return "opencl" if _suffix(path) == ".cl" else "cuda"


def fence(path: str) -> str:
    """The language of a Markdown code block of the document's own code."""
    return {"cuda": "cuda-cpp", "opencl": "c"}.get(dialect(path) or "", "pvl")


def _suffix(path: str) -> str:
    try:
        return PurePath(path).suffix.lower()
    except Exception:
        return ""
