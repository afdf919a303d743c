"""cuRAND's device API: its functions are those of our include/curand_kernel.h, whose
bodies read and write a generator's state as cuRAND's do (docs/cfamily.md, "cuRAND").

One job: telling the header's functions apart.  They are inlined as the kernel's own
helpers are (a call of one is its body with the arguments for the parameters), not
taken for built-ins or for functions without a body; the header's functions declared
without a body are uninterpreted (`const`) or a new value per call, and access no
memory (bodiless.py states no assumption for them).  What the kernel cannot see
of an inlined body, which lies in our header, is reported at the kernel's call that
reached it (`Scope.span`), as cuRAND's own functions are inlined into the call.
"""
from __future__ import annotations

from pathlib import Path

from clang.cindex import Cursor, CursorKind as K

from .clang_parse import INCLUDE_DIR

HEADER = INCLUDE_DIR / "curand_kernel.h"


def is_library_function(function: Cursor) -> bool:
    """Whether `function` is one of the functions our cuRAND header declares (not an
    implicit member of its structs, such as the copy constructor C++ gives them, which
    clang places at the struct)."""
    where = function.canonical.location.file
    return function.kind is K.FUNCTION_DECL and where is not None and Path(where.name) == HEADER


def refusal(function: Cursor) -> str | None:
    """Why a call of a function of our cuRAND header without a body is refused (MTGP32's:
    the header defines every other function it maps), or None for any other function."""
    if not is_library_function(function) or "Mtgp32" not in function.type.get_canonical().spelling:
        return None
    return (f"`{function.spelling}` of cuRAND's MTGP32 generator is not supported: the threads of a block draw "
            "from one state together, through barriers of the block inside the function, at places of the "
            "state that parameters chosen by the host decide")
