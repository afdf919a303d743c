"""Front ends are registered objects (vercors_py/frontend.py): a file's language is asked
in one place, and the stages after the front end read the dialect's facts from it."""
import pathlib
import re

import pytest

from vercors_py import frontend

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("path, name", [
    ("k.pvl", "pvl"), ("k.cu", "cuda"), ("K.CUH", "cuda"), ("dir.cl/k.cl", "opencl"),
    ("k.c", "c"), ("k.txt", "pvl"), ("untitled", "pvl"),
])
def test_a_file_is_read_by_the_front_end_its_suffix_names(path, name):
    assert frontend.for_path(path).name == name


def test_suffixes_and_language_ids_name_one_front_end_each():
    # A front end that shares a suffix claims its files by their text (VerCors's PVL).
    suffixes = [s for f in frontend.FRONT_ENDS if f.claims is None for s in f.suffixes]
    ids = [i for f in frontend.FRONT_ENDS for i in f.language_ids]
    assert len(suffixes) == len(set(suffixes)) and len(ids) == len(set(ids))
    assert all(frontend.named_by("x" + s) is f for f in frontend.FRONT_ENDS if f.claims is None for s in f.suffixes)
    assert all(s in suffixes for f in frontend.FRONT_ENDS for s in f.suffixes)
    assert all(frontend.for_language_id(i) is f for f in frontend.FRONT_ENDS for i in f.language_ids)


def test_c_barriers_order_only_fenced_memory_and_contracts_go_in_comments():
    assert frontend.for_path("k.cl").fenced_barriers and frontend.for_path("k.cu").comment_contracts
    assert not frontend.for_path("k.pvl").fenced_barriers and not frontend.for_path("k.pvl").comment_contracts


# Only the front ends' own modules name the suffixes of files; everything else asks the
# registry (issue 25: one door, no `is_c(path)` branches).
OWN = ("vercors_py/frontend.py", "vercors_py/cfamily/", "vercors_py/explain/")
SUFFIX_TEST = re.compile(r"""\bis_c\(|\.suffix\b|["'](\.cuh?|\.cl|\.pvl)["']""")


def test_no_module_outside_the_front_ends_asks_a_files_suffix():
    found = []
    for path in [*ROOT.glob("vercors_py/**/*.py"), *ROOT.glob("lsp/*.py")]:
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith(OWN):
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if SUFFIX_TEST.search(line.split("#", 1)[0]):
                found.append(f"{rel}:{n}: {line.strip()}")
    assert found == []
