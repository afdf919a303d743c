"""What each diagnostic code means, a kernel that shows it, its usual causes and fix:
`vercors-py explain CODE`, docs/errors.md and the editor's link behind a code.

The entries live in one Markdown file per family beside this module (`perm.md`, ...),
shipped with the package, so an installed copy explains itself and the editor can open
the entry.  A family file is a `# family` heading and one `## family.detail` section
per code.  Kernels in a section are fenced blocks whose info string says what the tests
check of them (tests/docs/test_explain.py):

- ```` ```pvl check ```` : `vercors-py check` reports the section's code on it;
- ```` ```pvl run ```` : `vercors-py run` reports it (codes found by running);
- ```` ```pvl fixed ```` : the usual fix of the kernel above; it verifies.

The word before the kind is the kernel's language: `pvl`, `cuda` (checked as a `.cu`
file) or `opencl` (a `.cl` file), as in ```` ```cuda check ```` or ```` ```opencl fixed ````.
After the kind, the command's options may follow as the entry shows them
(```` ```pvl check --timeout 1 ````, ```` ```pvl run --max-steps 1000 ````,
```` ```pvl run --init a=zeros ````).

A section without a kernel says why none can show it (a fault of the tool, a file that
is not UTF-8).
"""
from __future__ import annotations

import difflib
import re
from importlib import resources
from pathlib import Path

import attrs

from .. import diagnostics as D

# The languages a kernel may be written in, and the suffix of the file it is checked as.
SUFFIXES = {"pvl": ".pvl", "cuda": ".cu", "opencl": ".cl"}

_BLOCK = re.compile(r"^```(pvl|cuda|opencl) (check|run|fixed)( [^\n]*)?\n(.*?)^```$", re.S | re.M)


@attrs.frozen
class Example:
    kind: str        # check, run or fixed
    options: str     # the command's options, as a user would type them
    source: str
    language: str = "pvl"    # pvl, cuda or opencl

    @property
    def suffix(self) -> str:
        """The suffix of a file the kernel is checked as: `.pvl`, `.cu` or `.cl`."""
        return SUFFIXES[self.language]


@attrs.frozen
class Entry:
    code: str
    text: str        # the section's Markdown, without its heading

    @property
    def examples(self) -> tuple[Example, ...]:
        return tuple(Example(kind, options.strip(), source, language)
                     for language, kind, options, source in _BLOCK.findall(self.text))


def family_file(family: str) -> Path:
    return Path(str(resources.files(__package__).joinpath(f"{family}.md")))


def entries(family: str) -> dict[str, Entry]:
    """The sections of a family's file, by code, in file order."""
    path = family_file(family)
    if not path.is_file():
        return {}
    found: dict[str, Entry] = {}
    for section in re.split(r"^## ", path.read_text(encoding="utf-8"), flags=re.M)[1:]:
        code, _, text = section.partition("\n")
        found[code.strip()] = Entry(code.strip(), text.strip() + "\n")
    return found


def entry(code: str) -> Entry | None:
    return entries(D.family_of(code)).get(code)


def anchor(code: str) -> str:
    """The anchor GitHub and VS Code give the heading `## code` (dots dropped)."""
    return re.sub(r"[^a-z0-9_-]", "", code.lower())


def href(code: str) -> str:
    """A link to the code's entry in the installed package, for the editor."""
    return family_file(D.family_of(code)).as_uri() + "#" + anchor(code)


def suggestions(word: str) -> list[str]:
    return difflib.get_close_matches(word, list(D.CODES) + list(D.FAMILIES), n=3, cutoff=0.6)


def render(code: str) -> str:
    """`vercors-py explain CODE` for a code; for a family, its codes and summaries."""
    if code in D.FAMILIES:
        lines = [f"{code}: {D.FAMILIES[code]}", ""]
        lines += [f"  {info.code:28} {info.summary}" for info in D.codes_of(code)]
        return "\n".join(lines + ["", f"vercors-py explain {code}.DETAIL tells more of one."]) + "\n"
    found = entry(code)
    text = found.text if found is not None else ""
    return f"{code}: {D.CODES[code].summary}\n\n{text}"


def index() -> str:
    """`vercors-py explain` without a code: the families and their codes."""
    lines = []
    for family, summary in D.FAMILIES.items():
        lines += [f"{family}: {summary}"]
        lines += [f"  {info.code}" for info in D.codes_of(family)]
    return "\n".join(lines + ["", "vercors-py explain CODE tells what one means and how to fix it."]) + "\n"
