"""docs/errors.md, generated from the code registry in diagnostics.py.

Regenerate with the command in `COMMAND`; a test fails while the committed file differs
from `render()`, so a new code cannot ship undocumented.
"""
from __future__ import annotations

import sys

from .. import diagnostics as D

COMMAND = "python -m vercors_py.report.errors_doc > docs/errors.md"


def render() -> str:
    lines = [
        "# Error codes",
        "",
        f"<!-- Generated from vercors_py/diagnostics.py by `{COMMAND}`; do not edit. -->",
        "",
        "Every diagnostic carries a stable code `family.detail`. The family is what the",
        "`//:: verdict` header of an example names (`//:: verdict fails perm`).",
    ]
    for family, summary in D.FAMILIES.items():
        lines += ["", f"## {family}", "", summary, "", "| code | meaning |", "|---|---|"]
        lines += [f"| `{info.code}` | {_cell(info.summary)} |"
                  for info in D.CODES.values() if info.code.split(".", 1)[0] == family]
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    # A bare `|` would end the table cell.
    return text.replace("|", "\\|")


if __name__ == "__main__":
    sys.stdout.write(render())
