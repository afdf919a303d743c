"""docs/cheatsheet.md: its kernel verifies and every code it names exists."""
from __future__ import annotations

import pathlib
import re

from vercors_py import diagnostics as D
from vercors_py import service

SHEET = (pathlib.Path(__file__).resolve().parents[2] / "docs" / "cheatsheet.md").read_text(encoding="utf-8")


def test_the_kernel_of_the_sheet_verifies():
    kernel = re.search(r"## A kernel\n\n```\n(.*?)```", SHEET, re.S).group(1)
    result = service.check_text(kernel, "cheatsheet.pvl", service.Options(jobs=1))
    assert result.verdict.value == "verified", [(d.code, d.message) for d in result.diagnostics]


def test_every_code_it_names_is_registered():
    named = set(re.findall(r"`([a-z]+)\.([a-z*-]+)`", SHEET))
    assert named
    for family, detail in named:
        if detail == "*":
            assert family in D.FAMILIES, family
        else:
            assert f"{family}.{detail}" in D.CODES, f"{family}.{detail}"
