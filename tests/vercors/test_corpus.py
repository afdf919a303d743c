"""VerCors's own GPU and parallel examples (tests/data/vercors/, issue 29), each checked
in-process as tests/corpus does it.

A file of AGREED.txt must get VerCors's verdict (VerCors pass: our exit 0, fail: 1,
error: 3).  Every other file must be answered without a fault of ours (exit 5, an
internal.error, an exception), and a file we reject must say where and why: its errors
carry registered codes, the first a place in the file, so a VerCors user sees what is missing."""
from __future__ import annotations

import pytest

from tests.support import vercors_corpus as V
from vercors_py.diagnostics import CODES

ENTRIES = V.entries()
AGREED = V.agreed()
_META = {"LICENSE.txt", "EXAMPLES-LICENSE.txt", "PROVENANCE.md", "MANIFEST.tsv", "AGREED.txt"}


def _id(entry: V.Entry) -> str:
    return entry.path


def test_the_manifest_lists_every_copied_file_and_only_those():
    listed = {e.path for e in ENTRIES}
    companions = {c for e in ENTRIES for c in e.companions}
    on_disk = {p.relative_to(V.CORPUS).as_posix() for p in V.CORPUS.rglob("*") if p.is_file()} - _META
    assert listed <= on_disk
    # A companion is copied when a registered file is run together with it.
    registered_companions = {c for e in ENTRIES if e.registered for c in e.companions}
    assert on_disk - listed == registered_companions - listed
    assert registered_companions <= on_disk
    assert companions


def test_the_manifest_counts_registered_and_known_problem_files():
    registered = [e for e in ENTRIES if e.registered]
    assert len(registered) == 48 and len(ENTRIES) - len(registered) == 31
    # Every registered file has VerCors's verdict and the Spec line that gives it.
    for e in registered:
        assert e.expected_exit is not None and e.spec.endswith("Spec.scala") and e.line.isdigit(), e.path
    assert not any("sycl" in e.path.lower() for e in ENTRIES)


def test_every_agreed_file_is_in_the_manifest_with_a_verdict():
    by_path = {e.path: e for e in ENTRIES}
    for path in AGREED:
        assert path in by_path, path
        assert by_path[path].expected_exit is not None, path


@pytest.mark.parametrize("entry", ENTRIES, ids=_id)
def test_vercors_file(entry: V.Entry):
    result = V.checked(entry.path)
    internal = [d.message for d in result.diagnostics if d.code == "internal.error"]
    assert result.exit_code != V.INTERNAL and not internal, internal
    if entry.path in AGREED:
        # A refusal (unsupported.*, syntax.*) is exit 3 too, but is no agreement with
        # VerCors's resolution error: the file must be read.
        assert V.is_read(result), [(d.code, V.where(d), d.message) for d in V.errors(result)]
        assert result.exit_code == entry.expected_exit, (
            f"VerCors: {entry.verdict}; ours: exit {result.exit_code} "
            f"{[(d.code, V.where(d)) for d in V.errors(result)]}")
    if result.exit_code == V.REJECTED:
        errors = V.errors(result)
        assert errors, "rejected without an error"
        assert all(d.code in CODES for d in errors), [d.code for d in errors]
        assert V.placed(errors[0], entry.file), (errors[0].code, errors[0].message)


@pytest.mark.parametrize("entry", ENTRIES, ids=_id)
def test_vercors_file_races_answers_without_a_fault(entry: V.Entry):
    # `races` reads the same mapped program without its contracts: it must answer too.
    result = V.raced(entry.path)
    internal = [d.message for d in result.diagnostics if d.code == "internal.error"]
    assert not internal, internal
