"""Which front end reads a document (vercors_py/frontend.py's FRONT_ENDS).

The file's suffix decides, as on the command line.  A document whose name says none
(an untitled buffer, a `.ocl` file) is read as its language id says (`cuda-cpp`, VS
Code's id for CUDA, `cuda`, `opencl`, `pvl`): the server then analyses it under its name
with that front end's suffix appended, which is how vercors_py.service picks the front
end.  Anything else is the kernel language.
"""
from __future__ import annotations

from vercors_py import frontend
from vercors_py.frontend import FrontEnd

LANGUAGE_IDS = tuple(i for f in frontend.FRONT_ENDS for i in f.language_ids)


def analysis_path(path: str, language_id: str | None) -> str:
    """The name to analyse a document under (`path` itself unless only its language id
    says which front end reads it)."""
    if _named_by(path) is not None:
        return path
    front_end = frontend.for_language_id(language_id or "")
    return path + front_end.suffixes[0] if front_end is not None else path


def of(path: str, text: str | None = None) -> FrontEnd:
    """The front end of a document's (analysis) path (and text: two front ends share
    `.pvl`)."""
    return frontend.for_path(path, text)


def dialect(path: str) -> str | None:
    """"cuda" or "opencl" for a C document's (analysis) path, None for the kernel language."""
    return of(path).dialect


def fence(path: str) -> str:
    """The language of a Markdown code block of the document's own code."""
    return of(path).markdown


def _named_by(path: str) -> FrontEnd | None:
    try:
        return frontend.named_by(path)
    except Exception:        # a name that is no path at all: say nothing of it
        return None
