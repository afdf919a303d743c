"""Contradictory assumptions in random places of verified examples: none may come back
verified (issue 9, class 5).  A contradiction is put where it is certainly assumed on a
path that is otherwise feasible: as a `context_everywhere` clause, as a thread
precondition, or as an `assume` among the top-level statements of `main` (not after a
`return`, where nothing runs)."""
from __future__ import annotations

import pathlib
import re

from hypothesis import HealthCheck, given, settings, strategies as st

from tests.support.expectations import header
from vercors_py import service

REPO = pathlib.Path(__file__).resolve().parents[2]
VERIFIED = sorted(p.read_text() for p in (REPO / "examples").glob("*.pvl") if header(p.read_text())[0] == "verified")

# False in every launch, for every thread: each says something the sizes and ids never do.
CONTRADICTIONS = ["false", "gsize < 1", "tid < 0", "lid >= gsize", "gid == ngroups", "tcount < gsize",
                  "1 == 2", "tid != gid * gsize + lid", "ngroups < 1 && gsize > 0"]
# Where: the kernel's context, the thread's precondition, or main's top-level statements.
PLACES = ["context", "requires", "assume"]


def insert(text: str, place: str, fact: str, pick) -> str | None:
    lines = text.splitlines()
    main = next(i for i, line in enumerate(lines) if re.match(r"\s*void main\(\)", line))
    if place == "context":
        if "tid" in fact or "lid" in fact or re.search(r"\bgid\b", fact):
            return None          # ids are not allowed in a context_everywhere clause
        kernel = next(i for i, line in enumerate(lines) if line.startswith("kernel "))
        lines.insert(kernel + 1, f"  context_everywhere {fact};")
    elif place == "requires":
        lines.insert(main, f"  requires {fact};")
    else:
        indent = re.match(r"\s*", lines[main + 1]).group(0)
        spots = [main] + [i for i in range(main + 1, len(lines))
                          if re.match(rf"{indent}\S", lines[i]) and lines[i].rstrip().endswith((";", "}"))
                          and "return" not in lines[i]]
        lines.insert(pick(spots) + 1, f"{indent}assume {fact};")
    return "\n".join(lines) + "\n"


@st.composite
def contradictory(draw):
    text = draw(st.sampled_from(VERIFIED))
    place = draw(st.sampled_from(PLACES))
    fact = draw(st.sampled_from(CONTRADICTIONS))
    mutated = insert(text, place, fact, lambda spots: draw(st.sampled_from(spots)))
    return mutated if mutated is not None else insert(text, "requires", fact, None)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(contradictory())
def test_a_kernel_with_contradictory_assumptions_is_never_verified(text):
    result = service.check_text(text, "contradictory.pvl", service.Options(timeout=5.0, jobs=1))
    assert result.verdict.value != "verified", text
    codes = {d.code for d in result.errors}
    assert "internal.error" not in codes


def test_the_contradiction_is_named():
    """The plain case says what is wrong: the clause, with its own code."""
    text = insert(VERIFIED[0], "context", "gsize < 1", None)
    result = service.check_text(text, "contradictory.pvl", service.Options(jobs=1))
    assert "vacuity.context" in {d.code for d in result.errors}
