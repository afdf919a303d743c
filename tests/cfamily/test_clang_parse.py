"""clang as the C front end's parser (cfamily/clang_parse.py): our built-in headers parse,
the compiler preprocesses with the defines and include directories given, types come
from clang, macro expansions are placed at their use, and clang's errors become located
diagnostics with a code."""
from __future__ import annotations

import pytest

from clang.cindex import CursorKind

from vercors_py import diagnostics as D
from vercors_py.cfamily import clang_parse
from vercors_py.cfamily.dialect import Dialect


def cursors(unit, kind, spelling=None):
    """The cursors of a kind (and name) written in the file itself, in order."""
    return [c for c in unit.tu.cursor.walk_preorder()
            if c.kind == kind and unit.is_main_file(c.location) and (spelling is None or c.spelling == spelling)]


def functions(unit) -> set[str]:
    return {c.spelling for c in cursors(unit, CursorKind.FUNCTION_DECL)}


def errors(unit) -> list[D.Diagnostic]:
    return [d for d in unit.diagnostics if d.severity is D.Severity.ERROR]


# ---- the built-in headers ----

CUDA_KERNEL = """\
#include <cuda.h>
#include "cooperative_groups.h"
namespace cg = cooperative_groups;
__shared__ float tile[64];
__global__ void uses_builtins(unsigned int *count, float4 *v, curandState *s) {
  __requires(__read(count) == false);
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x % 64] = sqrtf(v[i].x) + curand_uniform(&s[i]) + warpSize;
  atomicAdd(count, 1u);
  __syncthreads();
  __syncwarp();
  cg::this_thread_block().sync();
  dim3 shape = gridDim;
  __assert(__implies(i < 4, __same_group));
}
"""

OPENCL_KERNEL = """\
__kernel void uses_builtins(__global int *a, __local float4 *t, __global uint *n) {
  __requires(__no_read(a) && __write_implies(t, __write_offset_bytes(t) == 0));
  size_t i = get_global_id(0) + get_local_size(1);
  t[get_local_id(0)] = vload4(0, (__global float *)a) + (float4)(1.0f);
  atomic_inc(n);
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  a[i] = convert_int(native_sqrt(2.0f)) + (int)sizeof(half);
  __barrier_invariant_1(a[i] >= 0, get_local_id(0));
}
"""


@pytest.mark.parametrize("dialect, text", [(Dialect.CUDA, CUDA_KERNEL), (Dialect.OPENCL, OPENCL_KERNEL)])
def test_the_built_in_headers_declare_what_kernels_use(dialect, text):
    unit = clang_parse.parse(text, "kernel.cu" if dialect is Dialect.CUDA else "kernel.cl")
    assert unit.ok, [d.message for d in unit.diagnostics]
    assert "uses_builtins" in functions(unit)


@pytest.mark.parametrize("header", ["<string.h>", "<cstring>", "<memory.h>", "<stdio.h>", "<stdlib.h>"])
def test_a_cuda_file_reads_the_c_librarys_headers_as_nvcc_does(header):
    # string.h's functions are host functions, its memcpy and memset CUDA's device ones
    # (cuda_builtins.h): the two targets of one C function would clash.
    unit = clang_parse.parse(f"#include {header}\n#include <string.h>\n"
                             "__global__ void k(int *a, int *b) { memcpy(a, b, 4); memset(b, 0, 4); }\n"
                             "void host(char *s) { memcpy(s, s + 1, strlen(s)); }\n", "k.cu")
    assert unit.ok, [d.message for d in unit.diagnostics]


def test_a_host_function_of_string_h_is_not_callable_in_device_code():
    # nvcc: "calling a __host__ function from a __global__ function is not allowed"
    unit = clang_parse.parse("#include <string.h>\n__global__ void k(int *a) { a[0] = strlen(\"x\"); }\n", "k.cu")
    ((error),) = errors(unit)
    assert error.code == clang_parse.SEMANTIC_CODE and "strlen" in error.message and error.span.start_line == 2


def test_the_headers_ship_beside_the_module():
    names = {p.name for p in clang_parse.INCLUDE_DIR.iterdir()}
    assert {"cuda_builtins.h", "opencl_builtins.h", "gpuverify.h", "cuda.h"} <= names


def test_cuda_built_in_variables_have_cuda_types():
    unit = clang_parse.parse("__global__ void k(int *a) { a[0] = threadIdx.x + blockDim.y + warpSize; }", "k.cu")
    members = {c.spelling: c.type.spelling for c in cursors(unit, CursorKind.MEMBER_REF_EXPR)}
    assert members == {"x": "const unsigned int", "y": "const unsigned int"}
    warp = cursors(unit, CursorKind.DECL_REF_EXPR, "warpSize")[0]
    assert unit.constant(warp) == 32


def test_a_call_of_an_overloaded_built_in_is_resolved_by_clang():
    unit = clang_parse.parse("__global__ void k(unsigned *a, int n) {\n"
                             "  a[0] = min(threadIdx.x, n) + min(n, 2) + (unsigned)max(1.0f, 2.0f);\n}\n", "k.cu")
    assert unit.ok, [d.message for d in unit.diagnostics]
    chosen = [c.referenced.type.spelling for c in cursors(unit, CursorKind.CALL_EXPR)]
    assert chosen == ["unsigned int (unsigned int, int)", "int (int, int)", "float (float, float)"]


def test_opencl_predefines_its_version():
    unit = clang_parse.parse("#if __OPENCL_VERSION__ != 120 || __OPENCL_C_VERSION__ != 120\n#error\n#endif\n", "k.cl")
    assert unit.ok, [d.message for d in unit.diagnostics]


def test_opencl_fence_flags_have_their_values():
    unit = clang_parse.parse("__kernel void k() { barrier(CLK_GLOBAL_MEM_FENCE); }", "k.cl")
    call = cursors(unit, CursorKind.CALL_EXPR, "barrier")[0]
    assert unit.constant(list(call.get_arguments())[0]) == 2


# ---- preprocessing is the compiler's ----

WIDE = """\
#ifdef WIDE
__global__ void wide(int *a) {}
#else
__global__ void narrow(int *a) {}
#endif
#if STEP
#error STEP must be 0
#endif
"""


def test_ifdef_is_evaluated_with_the_defines_given():
    assert functions(clang_parse.parse(WIDE, "k.cu", defines=[("STEP", "0")])) == {"narrow"}
    assert functions(clang_parse.parse(WIDE, "k.cu", defines=[("WIDE", "1"), ("STEP", "0")])) == {"wide"}


def test_an_error_directive_reached_is_a_preprocessor_error_at_its_line():
    unit = clang_parse.parse(WIDE, "k.cu", defines=[("STEP", "1")])
    [error] = errors(unit)
    assert (error.code, error.span.start_line, error.span.start_col) == ("syntax.preprocessor", 7, 2)
    assert "STEP must be 0" in error.message


def test_a_local_include_is_found_with_its_directory(tmp_path):
    (tmp_path / "inc").mkdir()
    (tmp_path / "inc" / "tile.h").write_text("#define TILE 16\ntypedef int cell;\n")
    text = '#include "tile.h"\n__global__ void fill(cell *a) { a[threadIdx.x % TILE] = TILE; }\n'
    path = str(tmp_path / "kernel.cu")
    unit = clang_parse.parse(text, path, include_dirs=[str(tmp_path / "inc")])
    assert unit.ok, [d.message for d in unit.diagnostics]
    literal = cursors(unit, CursorKind.INTEGER_LITERAL)[-1]
    assert unit.constant(literal) == 16

    missing = errors(clang_parse.parse(text, path))
    assert [(d.code, d.span.start_line) for d in missing] == [("syntax.preprocessor", 1)]
    assert "tile.h" in missing[0].message


def test_an_error_in_a_header_is_reported_at_its_include(tmp_path):
    (tmp_path / "bad.h").write_text("int broken = ;\n")
    text = '// a kernel\n#include "bad.h"\n__global__ void k() {}\n'
    [error, *_] = errors(clang_parse.parse(text, str(tmp_path / "k.cu")))
    assert (error.span.path, error.span.start_line) == (str(tmp_path / "k.cu"), 2)
    assert error.message.startswith(f"in {tmp_path / 'bad.h'}:")


def test_the_text_given_is_parsed_not_the_file_on_disk(tmp_path):
    path = tmp_path / "k.cu"
    path.write_text("this is not C\n")
    assert clang_parse.parse("__global__ void k() {}\n", str(path)).ok


# ---- types and values are the compiler's ----

def test_a_typedef_element_type_is_resolved():
    unit = clang_parse.parse("typedef float elem;\ntypedef elem *row;\n"
                             "__global__ void k(row a) { a[0] = 1; }\n", "k.cu")
    [param] = cursors(unit, CursorKind.PARM_DECL, "a")
    assert param.type.spelling == "row"
    assert param.type.get_canonical().spelling == "float *"
    assert param.type.get_canonical().get_pointee().spelling == "float"


def test_a_character_literal_has_its_value_as_signed_char():
    unit = clang_parse.parse("__global__ void k(signed char *a) { a[0] = '\\x80'; }", "k.cu")
    [assignment] = cursors(unit, CursorKind.BINARY_OPERATOR)
    stored = list(assignment.get_children())[1]
    assert stored.type.spelling == "signed char"      # the implicit conversion, typed by clang
    assert unit.constant(stored) == -128


def test_sizeof_half_is_two_in_opencl():
    unit = clang_parse.parse("__kernel void k(__global int *a) { a[0] = sizeof(half); }", "k.cl")
    [size] = cursors(unit, CursorKind.CXX_UNARY_EXPR)
    assert unit.constant(size) == 2


def test_an_expression_that_is_not_constant_has_no_value():
    unit = clang_parse.parse("__global__ void k(int *a) { a[0] = a[1] + 1; }", "k.cu")
    [plus] = [c for c in cursors(unit, CursorKind.BINARY_OPERATOR)
              if [t.spelling for t in c.get_tokens()] == ["a", "[", "1", "]", "+", "1"]]
    assert unit.constant(plus) is None


# ---- positions: a macro's expansion is where the macro is used ----

MACROS = """\
#define IDX (threadIdx.x + 1)
#define AT(p, i) p[i]
#define SQ(x) x * x
__global__ void k(unsigned *a) {
  a[IDX] = 0;
  AT(a, threadIdx.y) = SQ(threadIdx.z) + 2;
}
"""


def _text(unit, span):
    return unit.source.text[span.start:span.end]


def test_an_expanded_macro_is_placed_at_its_use():
    unit = clang_parse.parse(MACROS, "k.cu")
    assert unit.ok, [d.message for d in unit.diagnostics]
    paren = next(c for c in cursors(unit, CursorKind.PAREN_EXPR))
    span = unit.span_at_use(paren)
    assert (span.start_line, span.start_col, _text(unit, span)) == (5, 5, "IDX")


def test_a_macro_argument_is_placed_where_it_is_written():
    unit = clang_parse.parse(MACROS, "k.cu")
    member = next(c for c in cursors(unit, CursorKind.MEMBER_REF_EXPR, "y"))
    span = unit.span_at_use(member)
    assert (span.start_line, _text(unit, span)) == (6, "threadIdx.y")
    # `p[i]` is not written anywhere: it is the use.
    subscript = cursors(unit, CursorKind.ARRAY_SUBSCRIPT_EXPR)[-1]
    assert _text(unit, unit.span_at_use(subscript)) == "AT(a, threadIdx.y)"


def test_an_expression_from_a_macro_and_its_arguments_covers_the_use():
    unit = clang_parse.parse(MACROS, "k.cu")
    by_text = {_text(unit, unit.span_at_use(c)) for c in cursors(unit, CursorKind.BINARY_OPERATOR)}
    assert {"SQ(threadIdx.z) + 2", "AT(a, threadIdx.y) = SQ(threadIdx.z) + 2"} <= by_text


def test_an_expression_that_ends_in_a_macro_argument_covers_the_use():
    unit = clang_parse.parse("#define SQ(x) x * x\n__global__ void k(int *a) { a[0] = 1 + SQ((a[1])); }\n",
                             "k.cu")
    plus = next(c for c in cursors(unit, CursorKind.BINARY_OPERATOR)
                if [t.spelling for t in c.get_tokens()][:2] == ["1", "+"])
    assert _text(unit, unit.span_at_use(plus)) == "1 + SQ((a[1]))"


def test_a_declaration_in_a_header_has_no_span_in_the_file():
    unit = clang_parse.parse("__global__ void k(int *a) { atomicAdd(a, 1); }", "k.cu")
    call = cursors(unit, CursorKind.CALL_EXPR, "atomicAdd")[0]
    assert unit.span_at_use(call) is not None
    assert unit.span_at_use(call.referenced) is None


# ---- clang's errors are diagnostics ----

def test_a_parse_error_has_a_code_and_a_position():
    unit = clang_parse.parse("__global__ void k(int *a) {\n  a[threadIdx.x] = 0\n}\n", "k.cu")
    [error] = errors(unit)
    assert error.code == "syntax.c-parse"
    assert error.span.describe() == "k.cu:2:21"
    assert "expected ';'" in error.message


def test_a_semantic_error_has_a_code_and_the_name_as_its_span():
    unit = clang_parse.parse("__kernel void k(__global int *a) {\n  a[0] = get_local_idx(0);\n}\n", "k.cl")
    [error] = errors(unit)
    assert (error.code, error.span.describe()) == ("type.c-semantic", "k.cl:2:10")
    assert "get_local_idx" in error.message
    assert error.span.end > error.span.start


def test_an_error_note_in_the_file_is_a_related_place():
    unit = clang_parse.parse("__device__ int f(int x);\n__device__ int f(int x, int y);\n"
                             "__global__ void k(int *a) { a[0] = f(); }\n", "k.cu")
    [error] = errors(unit)
    assert error.code == "type.c-semantic"
    assert sorted(r.span.start_line for r in error.related) == [1, 2]


def test_positions_count_characters_not_bytes():
    text = "// ∀ i: a[i] = 0\n__global__ void k(int *a) { /* ∀ */ a[0] = b; }\n"
    [error] = errors(clang_parse.parse(text, "k.cu"))
    assert error.span.describe() == "k.cu:2:44"
    assert text[error.span.start] == "b"


def test_a_byte_order_mark_moves_no_position():
    [error] = errors(clang_parse.parse("\ufeff__global__ void k() { x; }\n", "k.cu"))
    assert error.span.describe() == "k.cu:1:24"


def test_warnings_are_not_reported():
    assert clang_parse.parse("__global__ void k(int *a) { int unused; a[0] = 1 / 0; }", "k.cu").diagnostics == ()


def test_a_failure_of_libclang_itself_is_an_internal_error(monkeypatch):
    def refuse(*args, **kwargs):
        raise clang_parse.cindex.TranslationUnitLoadError("Error parsing translation unit.")

    monkeypatch.setattr(clang_parse.cindex.Index, "parse", refuse)
    unit = clang_parse.parse("__global__ void k() {}", "k.cu")
    assert not unit.ok and unit.tu is None
    assert [(d.code, d.span.describe()) for d in unit.diagnostics] == [("internal.error", "k.cu:1:1")]
