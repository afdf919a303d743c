"""Which pure functions an obligation is given (obligations/generate.py, issue 11): only
those reachable from what it mentions (its steps, the contracts of the procedures it
calls, the kernel's declarations), and that one it was not given can never be treated
as an unknown value."""
from __future__ import annotations

import attrs
import pytest

from vercors_py import service
from vercors_py.engine.execution.functions import MissingFunction
from vercors_py.engine.execution.prove import prove
from vercors_py.obligations import generate
from vercors_py.results import Verdict

PROGRAM = """\
pure int leaf(int n) = n + 1;
pure int mid(int n) = leaf(n) - 1;
pure bool positive(int n) = n > 0;
requires positive(n);
pure int guarded(int n) = n;
pure bool sane(int n) = n >= 1;
pure int unused(int n) = n * 2;

kernel bar {
  global int[gsize] a;
  context_everywhere ngroups == 1;
  requires Perm(a[tid], write);
  ensures  Perm(a[(tid + 1) % gsize], read);
  void main() {
    a[tid] = tid;
    barrier(global) {
      requires a[tid] == tid;
      ensures  Perm(a[(tid + 1) % gsize], read) ** a[(tid + 1) % gsize] == mid((tid + 1) % gsize);
    }
  }
}

kernel callee {
  global int[tcount] b;
  requires 0 <= i && i < tcount;
  requires Perm(b[i], write);
  ensures  Perm(b[i], write) ** b[i] == guarded(1);
  void put(int i) {
    b[i] = 1;
  }

  requires Perm(b[tid], write);
  ensures  Perm(b[tid], write);
  void main() {
    put(tid);
  }
}

kernel ctx {
  global int[tcount] c;
  context_everywhere sane(gsize);
  requires Perm(c[tid], write);
  ensures  Perm(c[tid], write);
  void main() {
    c[tid] = 0;
  }
}
"""


@pytest.fixture(scope="module")
def given():
    """Obligation name -> the names of the functions it is given, in program order."""
    analysis = service.analyze(PROGRAM, "t.pvl")
    assert not analysis.rejected, analysis.diagnostics
    return {ob.name: [fn.name for fn in ob.functions.values()] for ob in generate.obligations(analysis.checked)}


def test_a_function_in_a_barrier_contract_goes_to_the_obligations_of_that_barrier(given):
    # mid calls leaf: a definition comes with those of the functions it calls.
    for name in ("bar/thread", "bar/barrier@16/functional", "bar/barrier@16/resources", "bar/framing:barrier@16"):
        assert given[name] == ["leaf", "mid"], name


def test_a_function_in_a_callees_contract_goes_to_the_caller(given):
    # guarded's precondition calls positive: contracts of functions are followed too.
    assert given["callee/thread"] == ["positive", "guarded"]
    assert given["callee/procedure:put"] == ["positive", "guarded"]
    assert given["callee/framing:put-post"] == ["positive", "guarded"]


def test_a_function_in_context_everywhere_goes_to_every_obligation_of_its_kernel(given):
    ctx = {name: fns for name, fns in given.items() if name.startswith("ctx/")}
    assert "ctx/declarations" in ctx
    assert all(fns == ["sane"] for fns in ctx.values()), ctx


def test_an_obligation_that_mentions_no_function_is_given_none(given):
    for name in ("bar/distribution:kernel", "bar/framing:main-pre", "callee/distribution:kernel",
                 "callee/framing:main-pre", "callee/framing:put-pre"):
        assert given[name] == [], name
    assert not any("unused" in fns for name, fns in given.items() if name != "function:unused")


def test_the_program_verifies_with_these_functions_alone():
    assert service.check_text(PROGRAM, "t.pvl", service.Options(jobs=1)).verdict is Verdict.VERIFIED


UNSAFE = """\
requires n > 0;
pure int inv(int n) = 100 / n;

kernel k {
  global int[tcount] a;
  requires Perm(a[tid], write);
  ensures  Perm(a[tid], write);
  void main() {
    a[tid] = inv(0);
  }
}
"""


def _thread(text: str):
    analysis = service.analyze(text, "t.pvl")
    assert not analysis.rejected, analysis.diagnostics
    [ob] = [ob for ob in generate.obligations(analysis.checked) if ob.name == "k/thread"]
    return ob


def test_the_call_outside_its_precondition_fails_with_the_function():
    ob = _thread(UNSAFE)
    assert [fn.name for fn in ob.functions.values()] == ["inv"]
    result = prove(ob, 10.0)
    assert result.verdict is Verdict.FAILED
    assert [d.code for d in result.diagnostics] == ["pre.function"]


def test_a_call_of_a_function_the_obligation_was_not_given_is_an_error_not_an_unknown_value():
    # As an unconstrained symbol the call would pass: no precondition to check, and
    # nothing else to prove about a[tid].
    with pytest.raises(MissingFunction):
        prove(attrs.evolve(_thread(UNSAFE), functions={}), 10.0)


def test_a_file_whose_obligation_lacks_a_function_is_not_verified(monkeypatch):
    monkeypatch.setattr(generate._Kernel, "relevant", lambda self, steps: {})
    result = service.check_text(UNSAFE, "t.pvl", service.Options(jobs=1))
    assert result.verdict is not Verdict.VERIFIED
