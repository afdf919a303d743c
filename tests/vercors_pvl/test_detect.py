"""Which `.pvl` files are VerCors's (vercors_py/vercors_pvl/detect.py): none of the
project's own, so none of them changes front end (and so verdict)."""
import pathlib

import pytest

from vercors_py import frontend
from vercors_py.vercors_pvl.detect import is_vercors

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _own_pvl_files():
    roots = [ROOT / "examples", ROOT / "tests" / "data", ROOT / "bench", ROOT.parent / "shared" / "conformance"]
    for root in roots:
        if root.is_dir():
            # tests/data/vercors*/ hold VerCors's own files (and twins in its language).
            yield from (p for p in root.rglob("*.pvl") if not p.relative_to(root).parts[0].startswith("vercors"))


def test_no_file_of_the_project_is_read_as_vercors():
    checked = 0
    for path in _own_pvl_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        assert frontend.for_path(str(path), text) is frontend.PVL, path
        checked += 1
    assert checked > 400


def test_vercors_files_are():
    folder = ROOT / "tests" / "data" / "vercors_pvl"
    for path in folder.glob("*.pvl"):
        assert frontend.for_path(str(path), path.read_text(encoding="utf-8")) is frontend.VERCORS_PVL, path


@pytest.mark.parametrize("text, vercors", [
    ("class A {}", True),
    ("// a comment\n/* and another */ class A { }", True),
    ("lock_invariant (\\forall int i; i > 0; true); class A {}", True),
    ("kernel k { }", False),
    ("pure int f();", False),
    ("requires class > 0; pure int f(int class);", False),
    ("classy", False),
    ("/* class", False),
    ("", False),
])
def test_the_rule(text, vercors):
    assert is_vercors(text) is vercors


def test_the_suffix_alone_still_names_the_kernel_language():
    assert frontend.for_path("k.pvl") is frontend.PVL
    assert frontend.for_path("k.pvl", "class A {}") is frontend.VERCORS_PVL
