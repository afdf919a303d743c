"""The mapping of C onto the language's AST (cfamily/clang_translate.py and its helpers):
what is mapped to what, and the located diagnostic for what is not."""
from __future__ import annotations

import pytest

from vercors_py import frontend, service
from vercors_py.cfamily.launch import Launch, from_header, parse_dims, LaunchError
from vercors_py.source import SourceText
from vercors_py.syntax import ast as A


def N(name: str) -> A.Name:
    return A.Name(name, span=None)


def I(value: int) -> A.IntLit:
    return A.IntLit(value, span=None)


def B(op: str, left, right) -> A.Binary:
    return A.Binary(op, left, right, span=None)


def mapped(text: str, path: str = "k.cu", launch: Launch | None = None):
    return frontend.parse(text, path, launch)


def codes(text: str, path: str = "k.cu") -> list[str]:
    return [d.code for d in service.analyze(text, path).diagnostics]


def kernel(text: str, path: str = "k.cu") -> A.Kernel:
    result = mapped(text, path)
    assert result.diagnostics == (), result.diagnostics
    [k] = result.program.kernels
    return k


def test_pointer_parameters_are_arrays_with_a_length_parameter():
    k = kernel("__global__ void f(const int *a, unsigned n) { }")
    assert [p.name for p in k.params] == ["\\length(a)", "n"]
    [a] = k.arrays
    assert (a.scope, a.name, a.length, a.elem_range) == (A.Scope.GLOBAL, "a", N("\\length(a)"),
                                                          (-2**31, 2**31 - 1))
    facts = [c.expr for c in k.contexts]
    assert B("&&", B("<=", I(0), N("n")), B("<=", N("n"), I(2**32 - 1))) in facts


def test_opencl_address_spaces():
    k = kernel("__kernel void f(__global int *g, __local float *l, __constant int *c) {\n"
               "  __local int s[16];\n}", "k.cl")
    assert {a.name: a.scope for a in k.arrays} == {"g": A.Scope.GLOBAL, "l": A.Scope.LOCAL,
                                                   "c": A.Scope.GLOBAL, "s": A.Scope.LOCAL}
    # OpenCL C forbids a private pointer parameter of a kernel: clang says so, at the parameter.
    [d] = service.analyze("__kernel void f(int *p) { }", "k.cl").diagnostics
    assert (d.code, d.span.start_line, d.span.start_col) == ("type.c-semantic", 1, 22)
    assert "address space" in d.message


def test_in_cuda_global_and_local_are_ordinary_names():
    k = kernel("__global__ void f(int global) { int local = global; }")
    assert [p.name for p in k.params] == ["global"]


def test_barriers_and_their_fences():
    k = kernel("__kernel void f() {\n barrier(CLK_LOCAL_MEM_FENCE);\n barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);\n"
               " barrier(0);\n}", "k.cl")
    fences = [s.fences for s in k.main.body.stmts]
    assert fences == [(A.Fence.LOCAL,), (A.Fence.LOCAL, A.Fence.GLOBAL), ()]
    [b] = kernel("__global__ void f() { __syncthreads(); }").main.body.stmts
    assert b.fences == (A.Fence.LOCAL, A.Fence.GLOBAL) and b.contract is None


def test_annotations_before_a_barrier_and_a_loop():
    k = kernel("__global__ void f() {\n  /*@ requires true; ensures true; @*/\n  __syncthreads();\n"
               "  //@ loop_invariant 0 <= i && i <= 4;\n  for (int i = 0; i < 4; i++) { }\n}")
    barrier, loop = k.main.body.stmts
    assert [c.kind for c in barrier.contract] == [A.ClauseKind.REQUIRES, A.ClauseKind.ENSURES]
    assert A.Clause(A.ClauseKind.LOOP_INVARIANT, span=None, expr=B("&&", B("<=", I(0), N("i")),
                                                         B("<=", N("i"), I(4)))) in loop.contract
    # The spans are positions in the C file.
    assert (barrier.contract[0].span.start_line, barrier.contract[0].span.start_col) == (2, 7)


def test_a_clause_before_an_ordinary_statement_is_misplaced():
    assert codes("__global__ void f() {\n  /*@ requires true; @*/\n  int x = 1;\n}") == ["type.clause-placement"]


def test_annotation_functions_and_contract():
    text = ("/*@ pure int twice(int x) = 2 * x; @*/\n"
            "/*@ context_everywhere n >= 0; requires twice(n) >= 0; @*/\n"
            "__global__ void f(int n) { }\n")
    result = mapped(text)
    assert [f.name for f in result.program.functions] == ["twice"]
    [k] = result.program.kernels
    assert len(k.main.contract) == 1


def test_reserved_names_and_shadowing_are_renamed():
    k = kernel("__global__ void f(int x) {\n  int tid = threadIdx.x;\n  { int x = 2; }\n  x = 3;\n}")
    stmts = k.main.body.stmts
    assert [s.name for s in stmts if isinstance(s, A.VarDecl)] == ["x'", "tid'"]     # the copy of x first
    # threadIdx.x < 1024 fits an int: no check.
    assert stmts[1].init == N("lid")
    inner = stmts[2].stmts[0]
    assert inner.name == "x''"


RESERVED_IN_LOOP = """//--local_size=8 --num_groups=4
/*@
  requires lid == 0 ==> 0 <= gid && gid < \\length(out);
  requires lid == 0 ==> Perm(out[gid], write);
  ensures  lid == 0 ==> Perm(out[gid], write);
@*/
__kernel void k(__global int *out) {
  unsigned int gid = get_global_id(0);
  /*@
    loop_invariant 0 <= i && i <= 2;
    loop_invariant lid == 0 ==> Perm(out[gid], write);
  @*/
  for (int i = 0; i < 2; i++) {
    if (get_local_id(0) == 0) out[INDEX] = i;
  }
}
"""


@pytest.mark.parametrize("index, verified", [("get_group_id(0)", True), ("gid", False)])
def test_a_reserved_name_in_an_annotation_keeps_its_meaning_beside_a_local_of_that_name(index, verified):
    # `gid` in the loop invariant is the group's id, not the C local `gid` (renamed
    # `gid'`) in scope there: the write of `out[get_group_id(0)]` is covered by it, the
    # write of the local's cell (the global id) is not.
    result = service.check_text(RESERVED_IN_LOOP.replace("INDEX", index), "k.cl",
                                service.Options(timeout=10.0, jobs=1))
    assert (result.verdict.value == "verified") is verified, [d.message for d in result.diagnostics]


def test_defines_and_function_like_macros_are_expanded():
    k = kernel("#define N 8\n#define M (N * 2)\n__global__ void f() {\n  __shared__ int t[M];\n}")
    [t] = k.arrays
    assert t.length == I(16)
    k = kernel("#define SQ(x) ((x) * (x))\n__global__ void f() {\n  __shared__ int t[SQ(3)];\n}")
    [t] = k.arrays
    assert t.length == I(9)


@pytest.mark.parametrize("body, code", [
    ("int *p = (int *) 5;", "unsupported.pointer"),
    ("int y = 0; int x = y++ + y;", "unsupported.side-effect"),
    ("int y = 0; int x = (y = 2) * y;", "unsupported.side-effect"),
    ("switch (1) { case 0: { case 1: break; } }", "unsupported.statement"),
    ("int v = __shfl_sync(0x0000ffff, 1, 0);", "unsupported.warp"),
    ("float4 v[2];", "unsupported.type"),
    ("int y = undefined_function(2);", "type.c-semantic"),
    ("int p[2][2];", "unsupported.type"),
])
def test_unsupported_constructs_are_located(body, code):
    diagnostics = mapped("__global__ void f() {\n  " + body + "\n}").diagnostics
    assert [d.code for d in diagnostics] == [code]
    assert diagnostics[0].span.start_line == 2


def test_unsupported_declarations():
    assert codes("template <int N> __global__ void f() { }") == ["unsupported.declaration"]
    # `#if` is the preprocessor's: the kernel exists only when the defines make it.
    assert codes("#ifdef X\n__global__ void f() { }\n#endif\n") == ["type.no-kernel"]
    assert [k.name for k in mapped("//--blockDim=4 -DX\n#ifdef X\n__global__ void f() { }\n#endif\n")
            .program.kernels] == ["f"]
    assert codes("int helper(int x) { return x; }\n") == ["type.no-kernel"]


def test_kernels_in_extern_c_blocks_are_found():
    result = mapped('extern "C" {\n__global__ void f() { }\n}\n')
    assert [k.name for k in result.program.kernels] == ["f"]


def test_device_functions_are_inlined():
    k = kernel("__device__ int sq(int x) { return x * x; }\n"
               "__device__ void put(int *a, int i) { a[i] = 1; }\n"
               "__global__ void f(int *a, int n) { int y = sq(n); put(a, y); }")
    decl, block = k.main.body.stmts[-2:]
    assert isinstance(decl.init, A.Fits) and isinstance(block, A.Block)
    assert isinstance(block.stmts[-1], A.ArrayAssign) and block.stmts[-1].target.array.id == "a"


def test_header_line_and_defines_from_it():
    source = SourceText("k.cu", "//pass\n//--blockDim=[16,4] --gridDim=8 -DWIDTH=32 --no-inline\n")
    launch = from_header(source)
    assert (launch.local, launch.groups, launch.defines) == ((16, 4), (8,), (("WIDTH", "32"),))
    assert from_header(SourceText("k.cl", "//--local_size=64 --global_size=256\n")).groups == (4,)
    assert parse_dims("[2, 3]") == (2, 3)
    with pytest.raises(LaunchError):
        parse_dims("0")


def test_launch_facts_of_the_header_and_the_command_line():
    text = "//--blockDim=64 --gridDim=2\n__global__ void f() { }\n"
    facts = [c.expr for c in kernel(text).contexts]
    assert B("==", N("gsize"), I(64)) in facts
    over = mapped(text, launch=Launch(local=(32,)))
    facts = [c.expr for c in over.program.kernels[0].contexts]
    assert B("==", N("gsize"), I(32)) in facts
    assert B("==", N("ngroups"), I(2)) in facts


def test_messages_spell_builtins_as_written():
    result = service.check_text("/*@ context_everywhere \\length(a) == gsize && ngroups == 1; @*/\n"
                                "__global__ void f(int *a) { a[threadIdx.x] = 1; }\n", "k.cu")
    [d] = result.errors
    assert "a[threadIdx.x]" in d.message
