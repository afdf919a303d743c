"""The `int`/`boolean` fields of a VerCors class (vercors_pvl/fields.py): each one cell of
global memory, read only with a permission on it and written only with a whole one, shared
by all threads.  Twins in tests/data/vercors_pvl/field-*.pvl, ours, in VerCors's PVL."""
import pathlib

import pytest

from vercors_py import frontend
from vercors_py.syntax import ast as A

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "vercors_pvl"


@pytest.mark.parametrize("name, command, code, expected", [
    # a field read and written by the method, `this.b` as `b`
    ("field-seq-ok.pvl", "check", 0, "verified"),
    ("field-seq-ok.pvl", "run", 0, "clean"),
    # ... written without a permission on it
    ("field-no-perm-wrong.pvl", "check", 1, "perm.write"),
    # a field every thread reads with a `read` share
    ("field-read-par-ok.pvl", "check", 0, "verified"),
    ("field-read-par-ok.pvl", "races", 0, "race-free"),
    # ... read by threads that hold no permission on it
    ("field-read-par-no-perm-wrong.pvl", "check", 1, "perm.read"),
    # one thread writes the field
    ("field-one-writer-ok.pvl", "check", 0, "verified"),
    ("field-one-writer-ok.pvl", "races", 0, "race-free"),
    # ... two threads write it: one cell, shared
    ("field-two-writers-wrong.pvl", "check", 1, "injectivity"),
    ("field-two-writers-wrong.pvl", "races", 1, "race.data"),
])
def test_field_twins(run_cli, name, command, code, expected):
    result = run_cli(command, DATA / name)
    assert result.returncode == code, result.stdout + result.stderr
    assert expected in result.stdout


def parse(text: str):
    return frontend.parse(text, "k.pvl")


def test_a_parameter_a_local_and_a_quantified_variable_shadow_the_field():
    parsed = parse("""class C {
  int x;
  ensures (\\forall int x; 0 <= x && x < 2; x >= 0);
  void m(int x) {
    int k = x;
  }
  context Perm(x, write);
  void n() {
    int k = x;
    int x = 1;
    x = 2;
  }
}
""")
    assert parsed.diagnostics == (), [d.message for d in parsed.diagnostics]
    m, n = parsed.program.kernels[0], parsed.program.kernels[1]
    cell = m.arrays[0].name
    assert m.arrays[0].length.value == 1 and m.params[0].name != cell
    main = next(p for p in m.members if isinstance(p, A.Procedure))
    assert main.body.stmts[0].init.id == m.params[0].name
    quantifier = main.contract[0].expr
    assert quantifier.var != cell and {x.id for x in A.walk(quantifier) if isinstance(x, A.Name)} == {quantifier.var}
    read, local, write = next(p for p in n.members if isinstance(p, A.Procedure)).body.stmts
    assert isinstance(read.init, A.Index) and read.init.array.id == cell
    assert local.name != cell and isinstance(write, A.Assign) and write.target.id == local.name


@pytest.mark.parametrize("field, message", [
    ("int[] a;", "not an `int` or a `boolean`"),
    ("seq<int> s;", "not an `int` or a `boolean`"),
    ("requires true; int a;", "a contract on a field"),
])
def test_other_fields_are_refused_once(field, message):
    parsed = parse(f"""class C {{
  {field}
  void m() {{ }}
  void n() {{ }}
}}
""")
    assert parsed.program is None
    assert [(d.code, message in d.message) for d in parsed.diagnostics] == [("unsupported.declaration", True)]


def test_a_field_in_a_pure_function_is_refused():
    parsed = parse("""class C {
  int x;
  pure int f() = x;
  void m() { }
}
""")
    assert [(d.code, "pure function" in d.message) for d in parsed.diagnostics] == [("unsupported.expression", True)]
