"""`infer`'s report beside the user's file: its places are the file's lines, not those
of the text `infer` printed (a workshop participant looked for line 14 of a four-line
kernel), a place inside a written contract is the line it was written above, and the
printed text ends its last line."""
from vercors_py.infer.positions import in_original
from vercors_py import diagnostics as D
from vercors_py.source import SourceText

KERNEL = """__global__ void add(int *a, int *b, int *c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  c[i] = a[i] + b[i];
}"""


def test_the_report_places_are_the_user_s_lines(run_cli, tmp_path):
    (tmp_path / "add.cu").write_text(KERNEL, encoding="utf-8")
    result = run_cli("infer", "add.cu")
    assert result.returncode == 1, result.stdout + result.stderr
    # `a[i] + b[i]` overflows: line 3 of the user's file, whatever `infer` wrote above it
    assert "add.cu:3:10: error:" in result.stderr and "[arith.overflow]" in result.stderr
    assert "  c[i] = a[i] + b[i];" in result.stderr
    # the file had no final newline; the printed text still ends its last line
    assert result.stdout.endswith("}\n")


def test_a_place_in_the_written_contract_is_the_line_it_was_written_above():
    original = SourceText("k.cu", "int x;\n__global__ void k() {\n}\n")
    written = SourceText("k.cu", "int x;\n/*@\n  requires P;\n@*/\n__global__ void k() {\n}\n")
    at = written.span(written.text.index("P"), written.text.index("P") + 1)
    kept = written.span(written.text.index("k()"), written.text.index("k()") + 3)
    moved = in_original([D.error("pre.call", at, "m"), D.error("pre.call", kept, "m")], written, original)
    assert (moved[0].span.start_line, moved[0].span.start_col) == (2, 1)
    assert moved[0].notes[0] == "in the contract `infer` wrote above this line: requires P;"
    assert original.text[moved[1].span.start:moved[1].span.end] == "k()" and moved[1].span.start_line == 2
