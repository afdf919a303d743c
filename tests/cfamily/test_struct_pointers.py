"""Pointers inside structs (struct_pointers.py, docs/cfamily.md "Pointers inside
structs"): a kernel's struct parameter's pointer field is an array of the kernel, a
struct variable's is a pointer variable, a struct in memory's is a cell of its own; what
is not exact is refused; and the twins of tests/data/struct-pointers (races on each,
check on the `check-` ones, and the compiled oracle on those it can build)."""
from __future__ import annotations

import functools
import pathlib

import pytest

from tests.support import c_oracle, twins
from vercors_py import service
from vercors_py.syntax import ast as A

from .test_clang_map import body, kernel, refused

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "struct-pointers"
TWINS = sorted([*DATA.glob("*.cu"), *DATA.glob("*.cl")])
OPTIONS = service.Options(timeout=20.0, jobs=1)
# The oracle passes no structs by value and fills no buffers of structs.
NOT_BUILT = ("parameter-field-", "beside-int-")


def arrays(text: str, path: str = "k.cu") -> dict[str, A.ArrayDecl]:
    return {m.name: m for m in kernel(text, path).members if isinstance(m, A.ArrayDecl)}


def test_a_pointer_field_of_a_struct_parameter_is_an_array_of_the_kernel():
    text = ("struct S { struct { int *p; } s; int n; };\n"
            "__global__ void k(S A) {\n  A.s.p[threadIdx.x] = A.n;\n}\n")
    assert set(arrays(text)) == {"A$s$p"}
    assert [p.name for p in kernel(text).params] == ["\\length(A$s$p)", "A$n"]
    assert "A$s$p[threadIdx.x] = A$n;" in body(text)


def test_a_struct_parameter_the_body_assigns_is_copied_with_its_fields_starting_at_their_arrays():
    text = ("struct S { int *p; int n; };\n__global__ void k(S q, int *a) {\n"
            "  q.p = a;\n  q.p[threadIdx.x] = q.n;\n}\n")
    assert {"q$p", "a"} <= set(arrays(text))
    shown = body(text).splitlines()
    assert shown[1].startswith("int q'$p$tag = ") and shown[2] == "int q'$p = 0;" and shown[3] == "int q'$n = q$n;"


def test_a_struct_variables_pointer_field_is_a_pointer_variable_and_copies_copy_it():
    text = ("struct S { int *p; };\n__global__ void k(int *a, int *b) {\n"
            "  S s;\n  s.p = b;\n  S t = s;\n  t.p[threadIdx.x] = 1;\n}\n")
    shown = body(text)
    assert "int t$p$tag = s$p$tag;" in shown and "int t$p = s$p;" in shown


def test_a_pointer_field_in_memory_is_a_cell_of_its_own_beside_the_other_leaves():
    text = ("struct a { __global int *p; short2 i; };\n"
            "__kernel void k(__global int *p, __global struct a *q, __global struct a *r) {\n"
            "  q[get_global_id(0)].p = p;\n  r[get_global_id(0)].p = q[get_global_id(0)].p;\n}\n")
    assert {"q$p", "q$i$0", "q$i$1"} <= set(arrays(text, "k.cl"))
    shown = body(text, "k.cl")
    # The bits of a pointer: an unknown function of which array (its tag) and offset.
    assert "q$p[get_global_id(0)] = \\pointer_bits(" in shown
    assert "r$p[get_global_id(0)] = q$p[get_global_id(0)];" in shown


def test_requires_fresh_array_of_a_parameters_field_adds_nothing():
    text = "struct s { int *p; };\n__global__ void k(s q) {\n  __requires_fresh_array(q.p);\n  q.p[0] = 1;\n}\n"
    assert body(text).splitlines()[1:-1] == ["q$p[0] = 1;"]


@pytest.mark.parametrize(("text", "path", "expected"), [
    # A pointer read from memory names an array the model does not know.
    ("struct A { int *p; int i; };\n__global__ void k(A *q) {\n  q[0].p[0] = 1;\n}\n", "k.cu",
     ("unsupported.pointer", 3, 3)),
    ("struct A { int *p; int i; };\n__global__ void k(A *q, int *r) {\n  if (q[0].p == r) r[0] = 1;\n}\n", "k.cu",
     ("unsupported.pointer", 3, 7)),
    ("struct A { int *p; int i; };\n__global__ void k(A *q) {\n  A s = q[threadIdx.x];\n  s.i = 2;\n}\n", "k.cu",
     ("unsupported.pointer", 3, 3)),
    ("struct A { int *p; };\n__global__ void k(int *a) {\n  A s;\n  s.p = a;\n  s.p++;\n}\n", "k.cu",
     ("unsupported.pointer", 5, 3)),
    ("struct A { int *p; };\n__global__ void k(A q) {\n  long n = (long) q.p;\n}\n", "k.cu",
     ("unsupported.pointer", 3, 12)),
    ("struct N { N *next; int v; };\n__global__ void k(N *q) {\n  q[0].v = 1;\n}\n", "k.cu",
     ("unsupported.pointer", 2, 19)),
    ("struct S { int **p; };\n__global__ void k(S s) {\n  s.p[0][0] = 1;\n}\n", "k.cu", ("unsupported.pointer", 2, 19)),
    ("struct A { int *p; };\n__global__ void k(int *a, int *b) {\n  A s, t;\n  s.p = a;\n  t.p = b;\n"
     "  A u = threadIdx.x ? s : t;\n}\n", "k.cu", ("unsupported.pointer", 6, 9)),
    # Of a variable's field it would start a new array.
    ("struct A { int *p; };\n__global__ void k(int *a) {\n  A s;\n  s.p = a;\n  __requires_fresh_array(s.p);\n}\n",
     "k.cu", ("unsupported.function", 5, 3)),
])
def test_what_is_not_exact_is_refused_where_it_stands(text, path, expected):
    assert expected in refused(text, path)


@pytest.mark.parametrize("path", TWINS, ids=lambda p: p.name)
def test_each_twin_gets_its_verdict(path):
    if path.name.startswith("check-"):
        assert service.check_file(str(path), OPTIONS).verdict.value == ("verified" if twins.kind(path) == "ok" else "failed")
    else:
        assert service.races_file(str(path), OPTIONS).verdict.value == ("racy" if twins.kind(path) == "racy" else "race-free")


def test_every_racy_twin_has_an_ok_twin():
    for path in TWINS:
        if twins.kind(path) != "ok":
            assert path.with_name(path.name.replace(f"-{twins.kind(path)}.", "-ok.")).exists(), path.name


@functools.cache
def _compiled(path: pathlib.Path, use: int) -> c_oracle.Outcome:
    return c_oracle.run(path, scalars={"use": use})


@pytest.mark.parametrize("path", [p for p in TWINS if p.suffix == ".cu" and not p.name.startswith(NOT_BUILT)],
                         ids=lambda p: p.name)
def test_the_compiled_cuda_twins_agree(path):
    why = c_oracle.available()
    if why is not None:
        pytest.skip(f"the compiled oracle cannot run here: {why}")
    outcomes = [_compiled(path, use) for use in (0, 1)]
    assert all(o.complete for o in outcomes), [o.describe() for o in outcomes]
    assert any(o.racy for o in outcomes) == (twins.kind(path) == "racy"), [o.describe() for o in outcomes]
