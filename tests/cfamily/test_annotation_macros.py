"""Macros named in annotations (cfamily/annotation_macros.py, docs/cfamily.md, "Macros in
annotations"): a name is the value clang gives the macro in force where the annotation
stands, in C's types; what has no exact meaning is `unsupported.macro` at its place.
The twins of tests/data/cuda/macro-* are checked by test_c_kernels.py; these tests pin
the values, the places and the command line."""
from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

from vercors_py import frontend, service
from vercors_py.syntax import ast as A
from vercors_py.syntax import printer

ROOT = pathlib.Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "cuda"

CONTRACT = """/*@
  context_everywhere ngroups == 1 && \\length(out) == gsize;
  requires Perm(out[tid], write);
  ensures  Perm(out[tid], write);
@*/
"""


def asserted(defines: str, condition: str, path: str = "k.cu") -> str:
    """The assertion `condition` of a kernel after `defines`, as the mapping reads it."""
    kernel = ("__global__ void k(int *out) {\n" if path.endswith(".cu") else "__kernel void k(__global int *out) {\n")
    text = defines + CONTRACT + kernel + "  out[0] = 0;\n  //@ assert " + condition + ";\n}\n"
    result = frontend.parse(text, path)
    assert result.diagnostics == (), result.diagnostics
    [assertion] = [s for k in result.program.kernels for m in k.members if isinstance(m, A.Procedure)
                   for s in m.body.stmts if isinstance(s, A.Assert)]
    return printer.format_expr(assertion.expr)


def problems(text: str, path: str = "k.cu") -> list[tuple[str, int, int]]:
    return [(d.code, d.span.start_line, d.span.start_col) for d in service.analyze(text, path).diagnostics]


@pytest.mark.parametrize("define, value", [
    ("#define N 10u", "10"),                       # unsigned, its value
    ("#define N (0u - 1)", "4294967295"),          # C's unsigned wrap-around
    ("#define N (1 << 4)", "16"),
    ("#define M 3\n#define N (M * M + 1)", "10"),   # a macro through another
    ("#define N ((unsigned char) 300)", "44"),     # a conversion C makes
    ("#define N (-7 / 2)", "-3"),                  # C's truncating division
    ("#define N sizeof(long long)", "8"),
    ("#define N 0x100000000LL", "4294967296"),
    ("#define N true", "true"),                    # CUDA's bool
])
def test_an_object_like_macro_is_the_value_c_gives_it(define, value):
    assert asserted(define + "\n", "N == N") == f"{value} == {value}"


def test_in_opencl_too():
    assert asserted("#define N (0u - 1)\n#define M (N >> 28)\n", "M == 15", "k.cl") == "15 == 15"


def test_the_definition_in_force_where_the_annotation_stands():
    text = ("#define N 4\n" + CONTRACT + "__global__ void k(int *out) {\n  out[0] = 0;\n  //@ assert N == 4;\n"
            "#undef N\n#define N 8\n  //@ assert N == 8;\n#undef N\n  //@ assert N == 0;\n}\n#define N 16\n")
    result = frontend.parse(text, "k.cu")
    [body] = [m.body for k in result.program.kernels for m in k.members if isinstance(m, A.Procedure)]
    assertions = [printer.format_expr(s.expr) for s in body.stmts if isinstance(s, A.Assert)]
    assert assertions == ["4 == 4", "8 == 8", "N == 0"]
    assert [(d.code, d.span.start_line) for d in service.analyze(text, "k.cu").diagnostics] == \
        [("type.unknown-name", 14)]


def test_names_in_the_expansion_mean_what_c_scoping_makes_them_mean_there():
    # CUDA's C++: a local `const int` initialised with a constant is a constant expression,
    # and the macro's `K` is the local one where the annotation stands.
    text = ("const int K = 1;\n#define N (K + 1)\n" + CONTRACT +
            "__global__ void k(int *out) {\n  const int K = 5;\n  out[0] = K;\n  //@ assert N == 6;\n}\n")
    result = frontend.parse(text, "k.cu")
    assert result.diagnostics == ()
    [body] = [m.body for k in result.program.kernels for m in k.members if isinstance(m, A.Procedure)]
    assert [printer.format_expr(s.expr) for s in body.stmts if isinstance(s, A.Assert)] == ["6 == 6"]


def test_a_define_of_the_launch_header_and_a_pure_function_parameter():
    text = ("//pass\n//--blockDim=8 --gridDim=1 -DWIDTH=8\n#define K 3\n"
            "/*@ pure int scale(int K, int x) = K * x + WIDTH; @*/\n"
            "/*@\n  context_everywhere ngroups == 1 && gsize == WIDTH && \\length(out) == gsize;\n"
            "  requires Perm(out[tid], write);\n  ensures  Perm(out[tid], write) ** out[tid] == scale(2, K);\n@*/\n"
            "__global__ void k(int *out) {\n  out[threadIdx.x] = 2 * K + WIDTH;\n}\n")
    assert service.check_text(text, "k.cu", service.Options(jobs=1)).verdict.value == "verified"
    wrong = text.replace("2 * K + WIDTH", "2 * K + WIDTH - 1")
    assert service.check_text(wrong, "k.cu", service.Options(jobs=1)).verdict.value == "failed"


def test_a_macro_shadows_a_c_name_as_in_c_code_there():
    text = (CONTRACT + "__global__ void k(int *out, int n) {\n  out[0] = 0;\n#define n 7\n"
            "  //@ assert n == 7;\n}\n")
    result = frontend.parse(text, "k.cu")
    [body] = [m.body for k in result.program.kernels for m in k.members if isinstance(m, A.Procedure)]
    assert [printer.format_expr(s.expr) for s in body.stmts if isinstance(s, A.Assert)] == ["7 == 7"]


def test_quantified_variables_and_the_languages_names_are_not_macros():
    text = ("#define i 3\n#define tid 0\n" + CONTRACT + "__global__ void k(int *out) {\n  out[0] = 0;\n"
            "  //@ assert (\\forall int i; 0 <= i && i < 2; i < i + 1) && tid >= 0 && i == 3;\n}\n")
    result = frontend.parse(text, "k.cu")
    assert result.diagnostics == ()
    [body] = [m.body for k in result.program.kernels for m in k.members if isinstance(m, A.Procedure)]
    [text] = [printer.format_expr(s.expr) for s in body.stmts if isinstance(s, A.Assert)]
    assert "\\forall int i" in text and "i < i + 1" in text and text.endswith("tid >= 0 && 3 == 3")


def test_refused_where_there_is_no_exact_meaning():
    text = ("#define IDX (blockIdx.x * blockDim.x + threadIdx.x)\n#define EPS 0.5f\n#define SQ(x) ((x) * (x))\n"
            "#define P ((int *) 0)\n" + CONTRACT +
            "__global__ void k(int *out) {\n  out[0] = 0;\n  //@ assert IDX == 0;\n  //@ assert EPS == 0;\n"
            "  //@ assert SQ(2) == 4;\n  //@ assert P == 0;\n}\n")
    assert problems(text) == [("unsupported.macro", 12, 14), ("unsupported.macro", 13, 14),
                              ("unsupported.macro", 14, 14), ("unsupported.macro", 15, 14)]
    [message] = [d.message for d in service.analyze(text, "k.cu").diagnostics if d.span.start_line == 12]
    assert "`IDX`" in message and "no integer constant expression" in message


def test_a_function_like_macro_named_without_arguments_is_not_expanded():
    text = "#define SQ(x) ((x) * (x))\n" + CONTRACT + "__global__ void k(int *out) {\n  out[0] = 0;\n" \
        "  //@ assert SQ == 0;\n}\n"
    assert problems(text) == [("type.unknown-name", 9, 14)]


def test_an_annotation_as_the_body_of_an_if_without_braces():
    text = ("#define LIMIT 4\n" + CONTRACT + "__global__ void k(int *out) {\n  out[0] = 0;\n"
            "  if (LIMIT > 0)\n    //@ assert LIMIT == 4;\n    out[0] = 1;\n}\n")
    assert problems(text) == []


def test_the_command_line_verifies_a_define_in_an_annotation_and_fails_its_twin(tmp_path):
    """End to end: `vercors-py check` on the twins of tests/data/cuda."""
    def check(name: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "vercors_py", "check", str(DATA / name)], cwd=tmp_path,
                              capture_output=True, text=True, timeout=300)
    good, wrong, refused = check("macro-size.cu"), check("macro-size-wrong.cu"), check("macro-refused.cu")
    assert good.returncode == 0, good.stdout + good.stderr
    assert "verified" in good.stdout
    assert wrong.returncode == 1, wrong.stdout + wrong.stderr
    assert "out[tid + 64] == 128" in wrong.stdout and "[post.failed]" in wrong.stdout
    assert refused.returncode == 3 and "[unsupported.macro]" in refused.stdout
