"""VerCors's `invariant inv(Perm(f, write)) { par ... }` with `atomic(inv) { f = f + e; }`
as the kernel's value invariant and atomic_add (vercors_pvl/invariants.py).  Twins in
tests/data/vercors_pvl/invariant-*.pvl, ours, in VerCors's PVL (VerCors's own
demo/demo3a.pvl is in tests/data/vercors/ and AGREED.txt)."""
import pathlib

import pytest

from vercors_py import frontend

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "vercors_pvl"


@pytest.mark.parametrize("name, command, code, expected", [
    # threads add to a field only inside atomic blocks of the invariant that holds it
    ("invariant-atomic-ok.pvl", "check", 0, "verified"),
    ("invariant-atomic-ok.pvl", "races", 0, "race-free"),
    ("invariant-atomic-ok.pvl", "run", 0, "clean"),
    # ... and one reads it outside them: it holds no permission there, and races the adds
    ("invariant-plain-read-wrong.pvl", "check", 1, "perm.read"),
    ("invariant-plain-read-wrong.pvl", "races", 1, "race.data"),
    # ... a thread's contract claims a share of the field the invariant holds
    ("invariant-thread-perm-wrong.pvl", "check", 1, "distribution.kernel"),
])
def test_invariant_twins(run_cli, name, command, code, expected):
    result = run_cli(command, DATA / name)
    assert result.returncode == code, result.stdout + result.stderr
    assert expected in result.stdout


OK = (DATA / "invariant-atomic-ok.pvl").read_text(encoding="utf-8")


def refused(text: str) -> list[tuple[str, str]]:
    parsed = frontend.parse(text, "k.pvl")
    assert parsed.program is None
    return [(d.code, d.message) for d in parsed.diagnostics]


@pytest.mark.parametrize("old, new, says", [
    ("total = total + a[t];", "total = a[t] + total;", "an `atomic` block other than"),
    ("total = total + a[t];", "total = total * a[t];", "an `atomic` block other than"),
    ("total = total + a[t];", "total = total + total;", "an `atomic` block other than"),
    ("total = total + a[t];", "total = total + 1; total = total + 1;", "an `atomic` block other than"),
    ("atomic(inv)", "atomic(other)", "another invariant"),
    ("inv(Perm(total, write))", "inv(Perm(total, write) ** total >= 0)", "an invariant other than"),
    ("inv(Perm(total, write))", "inv(Perm(total, 1\\2))", "an invariant other than"),
    ("context Perm(total, write);", "", "no `Perm(total, write)`"),
    ("        atomic(inv) {", "        barrier(p) { }\n        atomic(inv) {", "a barrier inside"),
])
def test_what_is_not_exactly_an_invariant_and_atomic_adds_is_refused(old, new, says):
    text = OK.replace("par (int t", "par p (int t") if "barrier" in new else OK
    assert old in text
    found = refused(text.replace(old, new, 1))
    assert found and all(code.startswith("unsupported.") for code, _ in found), found
    assert any(says in message for _, message in found), found


def test_an_invariant_around_more_than_the_par_block_is_refused():
    text = OK.replace("    invariant inv(", "    int k = 0;\n    invariant inv(")
    assert any(code == "unsupported.statement" for code, _ in refused(text))
