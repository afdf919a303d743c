"""Parsing small kernels of our own; syntax problems located in characters."""
import pytest

from vercors_py.cfamily import Dialect, parse_bytes, parse_text

OPENCL = '''// scale every element of a vector by a factor held in local memory
#define N 256
__kernel void scale(__global float *a, __constant float *factor, int n) {
  __local float f[1];
  int i = get_global_id(0);
  if (get_local_id(0) == 0) {
    f[0] = factor[0];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int j = 0; j < 2; ++j) {
    if (i < n) a[i] *= f[0];
  }
}
'''

CUDA = '''#include "cuda.h"
#define BLOCK 64
__device__ int twice(int x) { return x << 1; }
__global__ void shift(unsigned int *out, const int *in) {
  __shared__ int tile[BLOCK];
  unsigned tid = threadIdx.x + blockIdx.x * blockDim.x;
  tile[threadIdx.x] = in[tid];
  __syncthreads();
  out[tid] = twice(tile[(threadIdx.x + 1) % BLOCK]) ^ 0x5u;
}
'''


@pytest.mark.parametrize("text,path,dialect", [(OPENCL, "scale.cl", Dialect.OPENCL),
                                               (CUDA, "shift.cu", Dialect.CUDA)])
def test_own_kernels_parse_cleanly(text, path, dialect):
    unit = parse_text(text, path)
    assert unit.dialect is dialect
    assert unit.ok, unit.problems
    assert unit.root.type == "translation_unit"
    assert unit.parsed_text.__len__() == len(text)


def test_opencl_does_not_parse_without_blanking():
    unit = parse_text(OPENCL, "scale.cu")           # read as CUDA: nothing blanked
    assert unit.problems


def test_error_after_non_ascii_is_located_in_characters():
    # multi-byte characters on an earlier line and earlier on the same line: a byte
    # column would be 4 too far (∀ is 3 bytes, é 2)
    text = "// ∀ i: é — a comment\n__kernel void k(__global int *a) {\n  /* ∀é */ a[0] = 1 ) ;\n}\n"
    unit = parse_text(text, "bad.cl")
    assert [p.code for p in unit.problems] == ["syntax.unexpected-token"]
    p = unit.problems[0]
    assert (p.span.start_line, p.span.start_col) == (3, 21)
    assert text[p.span.start:p.span.end] == ")"
    assert p.message == "unexpected ')'"


def test_every_error_is_reported_in_order():
    # a missing `;` (tree-sitter skips the `1`) and a missing `}` at the end
    text = "/* ∀é */ __global__ void k(int *a) {\n  a[0] = 1\n  a[1] = 2;\n"
    unit = parse_text(text, "m.cu")
    assert [(p.code, p.span.start_line, p.span.start_col) for p in unit.problems] == [
        ("syntax.unexpected-token", 2, 10), ("syntax.unexpected-end", 3, 12)]
    assert unit.problems[1].message == "unexpected end of file: expected '}'"


def test_missing_token_in_the_middle():
    unit = parse_text("__global__ void k(int *a) { a[ = 2; }\n", "b.cu")
    assert [(p.code, p.message) for p in unit.problems] == [("syntax.unexpected-token", "expected ']' here")]


def test_unexpected_end_of_file():
    unit = parse_text("__global__ void k(int *a) {\n  a[0] = 1;\n", "e.cu")
    assert [p.code for p in unit.problems] == ["syntax.unexpected-end"]
    assert unit.problems[0].span.start_line == 2


def test_spans_of_nodes_are_characters():
    text = "// é\n__kernel void k(__global int *a) { a[0] = 1; }\n"
    unit = parse_text(text, "s.cl")
    fn = unit.root.named_children[-1]
    assert fn.type == "function_definition"
    span = unit.span_of(fn)
    assert text[span.start:span.end] == "void k(__global int *a) { a[0] = 1; }"
    assert (span.start_line, span.start_col) == (2, 10)


def test_not_utf8_is_an_encoding_problem():
    unit = parse_bytes(b"__global__ void k() { /* \xff */ }", "x.cu")
    assert unit.tree is None
    assert [p.code for p in unit.problems] == ["syntax.encoding"]


def test_byte_index_round_trip():
    from vercors_py.cfamily.positions import ByteIndex
    text = "a∀bé\U0001F600c"                  # 3-, 2- and 4-byte characters
    index = ByteIndex.of(text)
    for i in range(len(text) + 1):
        b = len(text[:i].encode("utf-8"))
        assert (index.char_offset(b), index.byte_offset(i)) == (i, b)


def test_crlf_lines_and_directives():
    text = "#define N 4\r\n__kernel void k(__global int *a) {\r\n  a[0] = N;\r\n}\r\n"
    unit = parse_text(text, "w.cl")
    assert unit.ok, unit.problems
    assert [(d.name, d.body) for d in unit.defines] == [("N", "4")]
    assert unit.defines[0].span.end == text.index("\r\n")
