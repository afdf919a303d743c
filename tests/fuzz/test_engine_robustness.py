"""The engine on mutated examples: whatever a mutation does to a kernel that still passes
the static checks, verification answers with a verdict and located diagnostics, never an
internal error.  Mutations keep programs mostly well typed (ids, literals, operators,
permission amounts, fences, dropped lines), so most of them reach the engine."""
from __future__ import annotations

import pathlib
import re

from hypothesis import HealthCheck, given, settings, strategies as st

from vercors_py import service
from vercors_py.diagnostics import CODES

REPO = pathlib.Path(__file__).resolve().parents[2]
SOURCES = sorted(p.read_text() for p in (REPO / "examples").glob("*.pvl"))

_SWAPS = [
    (r"\btid\b", ["lid", "gid", "0", "tid + 1"]),
    (r"\blid\b", ["tid", "0", "gsize - 1 - lid"]),
    (r"\b\d+\b", ["0", "1", "2", "-1"]),
    (r" \+ ", [" - ", " * "]),
    (r" < ", [" <= ", " > "]),
    (r"\bwrite\b", ["read", "1\\2"]),
    (r"\bread\b", ["write", "1\\4"]),
    (r"\b1\\2\b", ["write", "read"]),
    (r"barrier\(local\)", ["barrier(global)", "barrier()"]),
    (r"barrier\(global\)", ["barrier(local)", "barrier(local, global)"]),
]


@st.composite
def mutants(draw):
    text = draw(st.sampled_from(SOURCES))
    for _ in range(draw(st.integers(1, 3))):
        if draw(st.booleans()):
            pattern, replacements = draw(st.sampled_from(_SWAPS))
            spots = [m.span() for m in re.finditer(pattern, text)]
            if spots:
                start, end = draw(st.sampled_from(spots))
                text = text[:start] + draw(st.sampled_from(replacements)) + text[end:]
        else:
            lines = text.splitlines()
            victim = draw(st.integers(0, len(lines) - 1))
            if not lines[victim].lstrip().startswith("//::"):
                del lines[victim]
            text = "\n".join(lines)
    return text


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutants())
def test_mutated_examples_never_break_the_engine(text):
    result = service.check_text(text, "mutant.pvl", service.Options(timeout=2.0, jobs=1))
    codes = [d.code for d in result.diagnostics]
    assert "internal.error" not in codes, [d.message for d in result.diagnostics]
    assert all(code in CODES for code in codes)
    for d in result.diagnostics:
        if d.span is not None:
            assert d.span.start_line >= 1 and d.span.start_col >= 1
