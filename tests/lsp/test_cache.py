"""The obligation cache (vercors_py/cache.py) through service.check_text: what is proved
again after an edit, and that reused results are exactly what a fresh check reports."""
from __future__ import annotations

import attrs
import pytest

from vercors_py import service
from vercors_py.cache import ObligationCache, fingerprint, remap
from vercors_py.diagnostics import Diagnostic, Severity
from vercors_py.obligations import generate
from vercors_py.results import Verdict
from vercors_py.source import Span

from .helpers import EXAMPLES, example

OPTIONS = service.Options(jobs=1)


def check(text: str, cache: ObligationCache, path: str = "t.pvl"):
    """The result, and the names of the obligations that were proved (not reused; the
    static lock-step obligations, decided without the solver, are never cached)."""
    events = []
    result = service.check_text(text, path, OPTIONS, cache=cache, progress=events.append)
    proved = {e.result.name for e in events if e.result is not None and not e.cached and e.result.kind != "lock-step"}
    return result, proved


def same(a, b) -> bool:
    """Two file results say the same (times aside)."""
    strip = lambda r: [(o.name, o.kind, o.verdict, o.span, o.diagnostics) for o in r.obligations]
    return a.verdict == b.verdict and a.diagnostics == b.diagnostics and strip(a) == strip(b)


def names(text: str) -> set[str]:
    return {ob.name for ob in generate.obligations(service.analyze(text, "t.pvl").checked) if ob.static is None}


def test_nothing_is_proved_again_when_only_layout_and_comments_change():
    cache = ObligationCache()
    text = example("seed004-fig8-demo.pvl")
    _, proved = check(text, cache)
    assert proved == names(text)
    moved = "// a comment on top\n\n" + text.replace("  a[tid] = tid;", "  a[tid]   =   tid;  // ∀ 😀")
    result, proved = check(moved, cache)
    assert proved == set()
    assert same(result, service.check_text(moved, "t.pvl", OPTIONS))


def test_a_cached_failure_after_an_edit_above_it_reports_the_new_line():
    cache = ObligationCache()
    text = example("seed004-fig8-wrong-barrier-post.pvl")
    first, _ = check(text, cache)
    [d] = first.errors
    assert (d.code, d.span.start_line, d.obligation) == ("barrier.functional", 16, "demo/barrier@13/functional")
    assert "barrier at line 13" in d.message

    moved = text.replace("kernel demo {", "// three\n// new\n// lines\nkernel demo {")
    second, proved = check(moved, cache)
    assert proved == set()
    [d] = second.errors
    assert (d.code, d.span.start_line, d.obligation) == ("barrier.functional", 19, "demo/barrier@16/functional")
    assert "barrier at line 16" in d.message
    assert moved[d.span.start:d.span.end] == "a[(tid + 1) % gsize] == tid + 1"
    assert same(second, service.check_text(moved, "t.pvl", OPTIONS))


def test_editing_one_barrier_rechecks_only_that_barrier_and_the_thread():
    cache = ObligationCache()
    text = example("seed004-fig9-binomial.pvl")
    check(text, cache)
    edited = text.replace("ensures  1 < N && N <= gsize - 1;", "ensures  0 < N && N <= gsize - 1;")
    assert edited != text
    result, proved = check(edited, cache)
    assert proved == {"binomial/thread", "binomial/barrier@38/resources", "binomial/barrier@38/functional",
                      "binomial/framing:barrier@38"}
    assert result.verdict is Verdict.VERIFIED
    assert same(result, service.check_text(edited, "t.pvl", OPTIONS))


def test_editing_a_procedure_contract_rechecks_its_callers():
    cache = ObligationCache()
    text = example("swap-pairs.pvl")
    check(text, cache)
    edited = text.replace("ensures  a[i] == \\old(a[j]) && a[j] == \\old(a[i]);",
                          "ensures  a[i] == \\old(a[j]);")
    assert edited != text
    result, proved = check(edited, cache)
    assert proved == {"swap_pairs/thread", "swap_pairs/procedure:swap", "swap_pairs/framing:swap-post"}
    assert result.verdict is Verdict.FAILED          # main relied on the half that is gone
    assert same(result, service.check_text(edited, "t.pvl", OPTIONS))


def test_editing_a_function_body_rechecks_the_obligations_that_use_it():
    cache = ObligationCache()
    text = example("seed004-fig9-binomial.pvl")
    check(text, cache)
    edited = text.replace("(k == 0 || k == n) ? 1", "(k == n || k == 0) ? 1")
    assert edited != text
    result, proved = check(edited, cache)
    users = {"function:binom", "binomial/thread", "binomial/framing:main-post", "binomial/framing:loop@19",
             "binomial/framing:barrier@24", "binomial/framing:barrier@38",
             "binomial/barrier@24/resources", "binomial/barrier@24/functional",
             "binomial/barrier@38/resources", "binomial/barrier@38/functional"}
    # An obligation is given only the functions it reaches (obligations/generate.py):
    # the distributions and the precondition's framing never mention binom.
    assert proved == users
    assert names(edited) - users == {"binomial/framing:main-pre", "binomial/distribution:kernel",
                                     "binomial/distribution:group"}
    assert same(result, service.check_text(edited, "t.pvl", OPTIONS))


TWO_KERNELS = """\
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


def test_adding_an_unrelated_function_proves_only_its_own_obligation():
    cache = ObligationCache()
    check(TWO_KERNELS, cache)
    edited = "pure int unrelated(int n) = n * 3;\n" + TWO_KERNELS
    result, proved = check(edited, cache)
    assert proved == {"function:unrelated"}
    assert result.verdict is Verdict.VERIFIED
    assert same(result, service.check_text(edited, "t.pvl", OPTIONS))


def test_editing_a_function_proves_again_only_what_reaches_it():
    cache = ObligationCache()
    check(TWO_KERNELS, cache)
    edited = TWO_KERNELS.replace("n + tri(n - 1)", "tri(n - 1) + n")
    result, proved = check(edited, cache)
    assert proved == {"function:tri", "uses/thread"}
    assert result.verdict is Verdict.VERIFIED
    edited = TWO_KERNELS.replace("n + n;", "2 * n;")
    result, proved = check(edited, cache)
    assert proved == {"function:twice", "uses/thread", "uses/framing:main-post"}
    assert same(result, service.check_text(edited, "t.pvl", OPTIONS))


def test_kernel_declarations_are_part_of_the_fingerprint():
    cache = ObligationCache()
    text = example("seed004-fig8-demo.pvl")
    check(text, cache)
    edited = text.replace("context_everywhere ngroups == 1;", "context_everywhere ngroups == 1 && gsize > 0;")
    _, proved = check(edited, cache)
    assert proved == names(edited)
    edited = text.replace("global int[gsize] b;", "global int[gsize + 1] b;")
    _, proved = check(edited, cache)
    assert proved == names(edited)


HARD = """kernel hard(int x, int y, int z) {
  void main() {
    assert x > 0 && y > 0 && z > 0 ==> x * x * x + y * y * y != z * z * z;
  }
}
"""


def test_timeouts_and_other_time_limits_are_not_reused():
    cache = ObligationCache()
    text = example("seed004-fig8-demo.pvl")
    check(text, cache)
    events = []
    service.check_text(text, "t.pvl", service.Options(jobs=1, timeout=3.0), cache=cache, progress=events.append)
    assert all(not e.cached for e in events if e.result is not None)     # another time limit: another key

    quick = service.Options(jobs=1, timeout=0.5)
    result = service.check_text(HARD, "t.pvl", quick, cache=cache)
    assert result.verdict is Verdict.TIMEOUT
    [thread] = [ob for ob in generate.obligations(service.analyze(HARD, "t.pvl").checked) if ob.name == "hard/thread"]
    assert cache.peek(thread, quick.timeout) is None                       # the clock decided: not stored


def test_a_result_whose_spans_cannot_be_carried_over_is_not_used():
    text = example("seed004-fig8-wrong-barrier-post.pvl")
    [ob] = [ob for ob in generate.obligations(service.analyze(text, "t.pvl").checked)
            if ob.name.endswith("/functional")]
    result = service.check_text(text, "t.pvl", OPTIONS)
    [r] = [r for r in result.obligations if r.name == ob.name]
    fp = fingerprint(ob, OPTIONS.timeout)
    assert remap(r, fp, fp, ob) == r
    foreign = Diagnostic("assert.failed", Severity.ERROR, "x", Span("t.pvl", 0, 1, 1, 1, 1, 2))
    assert remap(attrs.evolve(r, diagnostics=(foreign,)), fp, fp, ob) is None


@pytest.mark.slow
@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.pvl")), ids=lambda p: p.stem)
def test_every_example_after_an_edit_above_matches_a_fresh_check(path):
    text = path.read_text(encoding="utf-8")
    cache = ObligationCache()
    service.check_text(text, "t.pvl", OPTIONS, cache=cache)
    moved = "// an edit above everything ∀\n" + text
    cached, _ = check(moved, cache)
    assert same(cached, service.check_text(moved, "t.pvl", OPTIONS))


def test_a_one_character_barrier_edit_of_fig8_proves_only_what_depends_on_it():
    """What bench/edit_recheck.py times: the edit re-proves the barrier's obligations and
    the thread, a layout-only edit re-proves nothing."""
    text = example("seed004-fig8-demo.pvl")
    clause = "requires a[tid] == tid;"
    for edited, expected in ((text.replace(clause, "requires a[tid] >= tid;", 1),
                              ["demo/barrier@13/functional", "demo/barrier@13/resources", "demo/thread"]),
                             (text.replace(clause, "requires a[tid] == tid ;", 1), [])):
        cache = ObligationCache()
        service.check_text(text, "demo.pvl", OPTIONS, cache=cache)
        events = []
        service.check_text(edited, "demo.pvl", OPTIONS, cache=cache, progress=events.append)
        proved = sorted(e.result.name for e in events
                        if e.result is not None and not e.cached and e.result.kind != "lock-step")
        assert proved == expected
