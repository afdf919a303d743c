"""The user documentation stands on its own: links between its pages (and to examples)
resolve, anchors included, and docs/language.md cites papers, not files a user of the
package never sees."""
from __future__ import annotations

import pathlib
import re

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
PAGES = sorted([REPO / "README.md", REPO / "examples" / "README.md", *(REPO / "docs").rglob("*.md")])
_LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
_CODE = re.compile(r"^```.*?^```", re.S | re.M)


def anchors(page: pathlib.Path) -> set[str]:
    """GitHub's anchors of a page's headings."""
    text = _CODE.sub("", page.read_text(encoding="utf-8"))
    found = set()
    for heading in re.findall(r"^#+ (.+)$", text, re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        found.add(slug)
    return found


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(REPO)))
def test_relative_links_resolve(page):
    text = _CODE.sub("", page.read_text(encoding="utf-8"))
    for target in _LINK.findall(text):
        if re.match(r"[a-z]+:", target):
            continue                                   # https:, file:, mailto:
        path, _, anchor = target.partition("#")
        where = (page.parent / path).resolve() if path else page
        assert where.exists(), f"{page.name}: {target}"
        if anchor and where.suffix == ".md":
            assert anchor in anchors(where), f"{page.name}: {target}"


def test_the_language_reference_needs_nothing_outside_the_package():
    text = (REPO / "docs" / "language.md").read_text(encoding="utf-8")
    for outside in ("LANGUAGE.md", "shared folder", "../shared", "seed 00", "Seed 00"):
        assert outside not in text, outside
    assert "## References" in text and "Blom, Huisman and Mihelčić" in text
