"""Adversarial kernels for issue 9 ("verified" never rests on a contradiction): for each
class of soundness hole, kernels that race or break their contract (`-bad`/`-racy`) beside
correct twins that must still verify (`-ok`), with the expected errors written on the
lines where they must be reported (tests/data/soundness)."""
from __future__ import annotations

import pathlib
import re

import pytest

from tests.support.expectations import check, header

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "soundness"
FILES = sorted(DATA.glob("*.pvl"))
_PAIR = re.compile(r"^(?P<stem>.+)-(?P<kind>bad|racy|ok)$")


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_soundness(path):
    assert check(path, 10.0) == []


def test_the_corpus_is_there():
    assert len(FILES) >= 30


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_names_and_verdicts_agree(path):
    """A `-ok` file is a correct kernel; a `-bad`/`-racy` file must fail."""
    m = _PAIR.match(path.stem)
    assert m, f"{path.name}: name it CLASS-WHAT-bad, CLASS-WHAT-racy or CLASS-WHAT-ok"
    verdict, _ = header(path.read_text())
    assert verdict == ("verified" if m["kind"] == "ok" else "fails"), path.name
    lines = path.read_text().splitlines()
    assert len(lines) > 1 and lines[1].startswith("//"), f"{path.name}: the second line says what it probes"


def test_every_failing_kernel_has_a_correct_twin_and_back():
    bad: dict[str, list[str]] = {}
    ok: set[str] = set()
    for path in FILES:
        m = _PAIR.match(path.stem)
        if m is None:
            continue
        if m["kind"] == "ok":
            ok.add(m["stem"])
        else:
            bad.setdefault(m["stem"], []).append(path.name)
    lonely_bad = sorted(name for stem, names in bad.items() if stem not in ok for name in names)
    lonely_ok = sorted(f"{stem}-ok.pvl" for stem in ok if stem not in bad)
    assert lonely_bad == [], f"no -ok twin for {lonely_bad}"
    assert lonely_ok == [], f"no -bad/-racy twin for {lonely_ok}"
