"""docs/errors.md, generated from the code registry in diagnostics.py.

Regenerate with the command in `COMMAND`; a test fails while the committed file differs
from `render()`, so a new code cannot ship undocumented.
"""
from __future__ import annotations

import sys

from .. import diagnostics as D
from .. import explain

COMMAND = "python -m vercors_py.report.errors_doc > docs/errors.md"


def render() -> str:
    lines = [
        "# Error codes",
        "",
        f"<!-- Generated from vercors_py/diagnostics.py and vercors_py/explain/*.md by `{COMMAND}`; "
        "do not edit. -->",
        "",
        "Every diagnostic carries a stable code `family.detail`. The family is what the",
        "`//:: verdict` header of an example names (`//:: verdict fails perm`).",
        "`vercors-py explain CODE` prints a code's entry in the terminal; in the editor the",
        "code of a diagnostic links to it.",
    ]
    for family, summary in D.FAMILIES.items():
        codes = D.codes_of(family)
        lines += ["", f"## {family}", "", summary, "", "| code | meaning |", "|---|---|"]
        lines += [f"| [`{info.code}`](#{explain.anchor(info.code)}) | {_cell(info.summary)} |" for info in codes]
        for info in codes:
            found = explain.entry(info.code)
            lines += ["", f"### {info.code}", "", info.summary[:1].upper() + info.summary[1:] + "."]
            if found is not None:
                lines += ["", found.text.rstrip()]
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    # A bare `|` would end the table cell.
    return text.replace("|", "\\|")


if __name__ == "__main__":
    sys.stdout.write(render())
