"""The lenses' obligations, kept declaration by declaration across edits (lsp/units.py):
what an edit generates again, and that what is kept and moved is exactly what generating
the edited text gives."""
from __future__ import annotations

import pytest

from vercors_py import service
from vercors_py.cache import ObligationCache, fingerprint
from vercors_py.lsp.units import Units, declarations, obligations_of
from vercors_py.obligations import generate
from vercors_py.results import Verdict

from .helpers import EXAMPLES, example

TIMEOUT = 10.0

# Two kernels that call `twice` (one also `tri`), and one that calls nothing.
THREE = """\
requires n >= 0;
pure int tri(int n) = n == 0 ? 0 : n + tri(n - 1);
pure int twice(int n) = n + n;

kernel uses {
  global int[tcount] a;
  requires Perm(a[tid], write);
  ensures  Perm(a[tid], write) ** a[tid] == twice(tid);
  void main() {
    assert tri(1) == 1 + tri(0);
    a[tid] = tid + tid;
  }
}

kernel also {
  global int[tcount] c;
  requires Perm(c[tid], write);
  void main() {
    c[tid] = twice(tid);
  }
}

kernel plain {
  global int[gsize] b;
  context_everywhere ngroups == 1;
  requires Perm(b[tid], write);
  ensures  Perm(b[(tid + 1) % gsize], read);
  void main() {
    b[tid] = tid;
    barrier(global) {
      requires b[tid] == tid;
      ensures  Perm(b[(tid + 1) % gsize], read);
    }
  }
}
"""


class Document:
    """The texts of one document, given to one Units in turn, as the server does."""

    def __init__(self, path: str = "t.pvl"):
        self.path = path
        self.units = Units()
        self.cache = ObligationCache()

    def entries(self, text: str):
        checked = service.analyze(text, self.path).checked
        return checked, self.units.entries(checked, TIMEOUT, self.cache,
                                           lambda i: obligations_of(checked, declarations(checked)[i]))


def same_as_generated(checked, entries) -> None:
    fresh = generate.obligations(checked)
    assert [(e.name, e.kind, e.span, e.kernel) for e in entries] == \
        [(o.name, o.kind, o.span, o.kernel) for o in fresh]
    for e, ob in zip(entries, fresh):
        if ob.static is None:
            fp = fingerprint(ob, TIMEOUT)
            assert (e.fingerprint.key, list(e.fingerprint.spans), e.fingerprint.line) == (fp.key, list(fp.spans), fp.line)


def test_an_edit_inside_one_kernel_generates_only_that_kernel_again():
    doc = Document()
    doc.entries(THREE)
    assert doc.units.generated == ["tri", "twice", "uses", "also", "plain"]
    edited = THREE.replace("b[tid] = tid;", "b[tid] = tid + 0;")
    checked, entries = doc.entries(edited)
    assert doc.units.generated == ["plain"]
    same_as_generated(checked, entries)
    # Lines added above everything move every declaration: nothing is generated again.
    checked, entries = doc.entries("// one\n// two\n" + edited)
    assert doc.units.generated == []
    same_as_generated(checked, entries)


def test_an_edit_of_a_function_generates_every_declaration_that_may_call_it_again():
    doc = Document()
    doc.entries(THREE)
    edited = THREE.replace("n + n;", "2 * n;")
    checked, entries = doc.entries(edited)
    assert doc.units.generated == ["twice", "uses", "also"]
    same_as_generated(checked, entries)
    # tri is called only by `uses` (and itself)
    checked, entries = doc.entries(edited.replace("n + tri(n - 1)", "tri(n - 1) + n"))
    assert doc.units.generated == ["tri", "uses"]
    same_as_generated(checked, entries)


def test_a_declaration_whose_first_line_changed_before_it_is_generated_again():
    doc = Document()
    doc.entries(THREE)
    checked, entries = doc.entries(THREE.replace("kernel also {", "/* x */ kernel also {"))
    assert doc.units.generated == ["also"]
    same_as_generated(checked, entries)


def test_a_c_file_is_generated_whole_every_time():
    text = (EXAMPLES / "cuda" / "fig9-binomial.cu").read_text(encoding="utf-8")
    doc = Document("fig9.cu")
    doc.entries(text)
    checked, entries = doc.entries("// above\n" + text)
    assert doc.units.generated == ["binom", "binomial"]
    same_as_generated(checked, entries)


def test_a_cached_failure_is_shown_where_its_kernel_moved():
    text = example("seed004-fig8-wrong-barrier-post.pvl")
    doc = Document()
    service.check_text(text, "t.pvl", service.Options(jobs=1), cache=doc.cache)
    doc.entries(text)
    moved = "// three\n// new\n// lines\n" + text
    _, entries = doc.entries(moved)
    assert doc.units.generated == []
    fresh = {r.name: r for r in service.check_text(moved, "t.pvl", service.Options(jobs=1)).obligations}
    shown = {e.name: doc.cache.peek(e, TIMEOUT, e.fingerprint) for e in entries if e.static is None}
    failed = [name for name, r in shown.items() if r.verdict is Verdict.FAILED]
    assert failed == ["demo/barrier@16/functional"]
    for name, r in shown.items():
        assert (r.name, r.verdict, r.span, r.diagnostics) == \
            (fresh[name].name, fresh[name].verdict, fresh[name].span, fresh[name].diagnostics)


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.pvl")), ids=lambda p: p.stem)
def test_every_example_moved_and_edited_gives_what_generating_it_gives(path):
    text = path.read_text(encoding="utf-8")
    doc = Document()
    if service.analyze(text, "t.pvl").rejected:
        pytest.skip("rejected: no obligations")
    doc.entries(text)
    for edited in ("// an edit above everything ∀\n\n" + text, text + "\n// below\n",
                   text.replace("\n}", "\n\n}", 1)):
        checked, entries = doc.entries(edited)
        same_as_generated(checked, entries)
