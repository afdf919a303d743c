"""Kernels kept in twins, named `NAME-racy.cu` beside `NAME-ok.cu` (or `-unknown`,
`-refused`, ...): the word after the last `-` says what the tool must answer."""
from __future__ import annotations

import pathlib

# What `races` must answer for each word.
RACES = {"racy": "racy", "ok": "race-free"}


def kind(path: pathlib.Path) -> str:
    return path.stem.rsplit("-", 1)[1]


def untwinned(files) -> list[str]:
    """The racy kernels among `files` without their race-free twin."""
    return [p.name for p in files if kind(p) == "racy" and not p.with_name(p.name.replace("-racy.", "-ok.")).exists()]
