"""A check after an edit above everything, from the language server's cache and afresh."""
from __future__ import annotations

from vercors_py import service
from vercors_py.cache import ObligationCache


def cached_and_fresh_after_an_edit_above(text: str):
    """(cached, fresh): the FileResults of `text` with two lines added on top, once
    through a cache that holds the results of `text` (spans moved) and once proved anew."""
    moved = "// two new\n// lines\n" + text
    cache = ObligationCache()
    service.check_text(text, "t.pvl", service.Options(jobs=1), cache=cache)
    cached = service.check_text(moved, "t.pvl", service.Options(jobs=1), cache=cache)
    fresh = service.check_text(moved, "t.pvl", service.Options(jobs=1))
    return cached, fresh
