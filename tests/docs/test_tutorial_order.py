"""Each contract construct the tutorial's code uses is introduced in prose no later than
the lesson that first uses it (a workshop participant met `kernel { }` in lesson 7
unexplained, after lesson 1 said it is never written, and `context` and
`context_everywhere` were never introduced)."""
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
LESSONS = sorted((ROOT / "docs" / "tutorial").glob("[0-9][0-9]-*.md"))
_FENCE = re.compile(r"^```.*?^```", re.M | re.S)

# a construct as code writes it -> how the prose introducing it names it
CONSTRUCTS = {
    r"^\s*kernel \{": "`kernel { }`",
    r"^\s*context ": "`context P;`",
    r"^\s*context_everywhere ": "`context_everywhere F;`",
}


def _parts(lesson: pathlib.Path) -> tuple[str, str]:
    """The lesson's code (its code blocks and its example files) and its prose."""
    text = lesson.read_text(encoding="utf-8")
    examples = sorted((ROOT / "examples" / "tutorial" / lesson.stem).glob("*.*"))
    code = "\n".join([m.group(0) for m in _FENCE.finditer(text)] + [f.read_text(encoding="utf-8") for f in examples])
    return code, _FENCE.sub("", text)


@pytest.mark.parametrize("used, named", CONSTRUCTS.items())
def test_a_construct_is_introduced_before_or_where_it_is_first_used(used, named):
    prose_so_far = ""
    for lesson in LESSONS:
        code, prose = _parts(lesson)
        prose_so_far += prose
        if re.search(used, code, re.M):
            assert named in prose_so_far, f"{lesson.name} uses {named} before any lesson introduces it"
            return
    pytest.fail(f"no lesson uses {named}")
