"""VerCors's write scope (`resolutionError:outOfWriteScope`, vercors_pvl/write_scope.py):
a par block (or a `parallel`/`sequential` region) may not assign a variable declared
outside it; each such file is rejected with `type.write-scope` at the assignment, and
its twin, which declares the variable inside the block, is read."""
import pytest

from vercors_py import frontend, service

ONE_THREAD_EACH = """class C {
  context_everywhere a != null && a.length == 2;
  context (\\forall* int i; 0 <= i && i < 2; Perm(a[i], write));
  void m(int[] a) {
    par (int t = 0 .. 2)
      context Perm(a[t], write);
      ensures a[t] == t;
    {
      %s
    }
  }
}
"""


def codes(text: str) -> list[tuple[str, int, int]]:
    parsed = frontend.parse(text, "k.pvl")
    return [(d.code, d.span.start_line, d.span.start_col) for d in parsed.diagnostics]


def write_scope(text: str) -> list[tuple[int, int]]:
    return [(line, col) for code, line, col in codes(text) if code == "type.write-scope"]


@pytest.mark.parametrize("statement", ["k = t;", "k++;", "k--;", "if (t == 0) { k = 1; }",
                                       "while (false) { k = 1; }", "for (int i = 0; i < 1; i++) { k = i; }"])
def test_a_local_declared_before_the_par_block_assigned_in_it(statement):
    text = f"""class C {{
  void m() {{
    int k = 0;
    par (int t = 0 .. 2)
    {{
      {statement}
    }}
  }}
}}
"""
    assert len(write_scope(text)) == 1
    assert all(code == "type.write-scope" for code, _, _ in codes(text))


def test_a_parameter_assigned_in_a_parallel_region():
    text = """class C {
  void m(int n) {
    parallel {
      par { n = 1; }
      par { }
    }
  }
}
"""
    assert write_scope(text) == [(4, 13)]


def test_a_local_of_the_outer_par_block_assigned_in_the_inner_one():
    text = """class C {
  void m() {
    par (int g = 0 .. 2)
    {
      int k = 0;
      k = 1;
      par (int t = 0 .. 2)
      {
        k = t;
      }
    }
  }
}
"""
    assert write_scope(text) == [(9, 9)]


def test_a_local_of_a_sequential_region_is_not_written_by_its_par_blocks():
    text = """class C {
  void m() {
    int k;
    sequential {
      par { k = 1; }
    }
  }
}
"""
    assert write_scope(text) == [(5, 13)]


@pytest.mark.parametrize("body", [
    "int k = t; k = k + 1; a[t] = t;",           # a local of the thread's own
    "a[t] = 0; a[t] = a[t] + t;",                # array cells are not variables
])
def test_what_a_par_block_may_write_is_read_and_verified(body):
    result = service.check_text(ONE_THREAD_EACH % body, "k.pvl", service.Options(timeout=10, jobs=1))
    assert [d.code for d in result.diagnostics if d.severity.name == "ERROR"] == []
    assert result.exit_code == 0


def test_the_iteration_variable_shadowing_an_outer_local_is_the_par_blocks():
    text = """class C {
  void m() {
    int t = 0;
    par (int t = 0 .. 2)
    {
      t = 1;
    }
  }
}
"""
    assert write_scope(text) == []


def test_an_assignment_before_or_after_the_par_block_is_the_methods():
    text = """class C {
  void m() {
    int k = 0;
    k = 1;
    par (int t = 0 .. 2) { int j = t; }
    k = 2;
  }
}
"""
    assert write_scope(text) == []
