"""Small CUDA and OpenCL kernels over the C constructs of issue 25's ten classes, for the
differential test against the compiled oracle (tests/fuzz/test_c_oracle.py).  This module
holds the strategy, no tests.

Every kernel writes one buffer at an index that depends on the thread and on one
*feature* (FEATURES, each with its class): a constant (shifts and masks of negatives,
character literals, sizeof of a character constant or of half, narrowing casts, float
literals, a signed operand compared with an unsigned one), a define chosen by
preprocessor conditionals and the header's `-D`, an unsigned id that wraps, a helper
that takes a pointer argument and changes what it was computed from, overloads, a
template, a pointer cast, OpenCL fence flags, effects inside expressions (`a[i++]`,
`(j = 1)` right of `&&`, the comma operator: 11) or a shift by an amount that is not a
constant (12); and the C the front end reads since
(classes from 13 on, NEW): a non-constant narrowing conversion to a signed type (13), a
template kernel launched as its explicit instantiations (14), cooperative groups' block
(15), fences between accesses, which order no other thread (16), OpenCL's global offset
(17), CUDA's `extern __shared__` arrays (18), 24-bit multiplication (19) and GPUVerify's
loop invariants, which `races` leaves out (20), structs and CUDA's vector types (21).
pointers into one of two arrays and NULL (22).  The *shape* says how the
index is used: written by every thread, written and then read by the neighbour across a
barrier, or written under a condition.  Whether a kernel races is left to the compiler
and the oracle: the strategy computes no C values itself.

The first line names what was drawn (`// c-fuzz: dialect=... feature=... class=N
shape=...`), and `describe(text)` reads it back.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from hypothesis import strategies as st

OFFSET = 32            # the index's base: small negative indices stay in the buffer
COLLIDING = ("1.000000000000000000000000000000000000000000000000000000000002",
             "2.000000000000000000000000000000000000000000000000000000000001")
FLOATS = ("1.5f", "2.0f", "1.0", "2.5", *COLLIDING)
CHARS = ("'\\x80'", "'\\xff'", "'\\x7f'", "'a'", "'\\0'")


def _constant(draw, feature: str) -> str:
    """A constant int expression of one class, small in C."""
    k, s, c = draw(st.integers(1, 9)), draw(st.integers(1, 3)), draw(st.integers(-4, 4))
    match feature:
        case "shift":       # class 3
            return draw(st.sampled_from([f"((-{k} >> {s}) + {c})", f"((-{k} & {2 ** s - 1}) + {c})",
                                         f"((-{k} / {s + 1}) + {c})", f"((-{k} % {s + 1}) + {c})"]))
        case "char":        # class 6
            return f"({draw(st.sampled_from(CHARS))} + {draw(st.sampled_from([128, 129, 1, 0, -96, -97]))})"
        case "sizeof-char": # class 6
            return f"(4 / sizeof('x') - {s - 1})"
        case "half":        # class 7
            return f"(sizeof(half) / {2 * s})"
        case "narrowing":   # class 9: conversions that wrap, read on mathematical integers
            return draw(st.sampled_from([f"((signed char) {draw(st.sampled_from([200, 128, 255, 127]))} + {c})",
                                         f"((unsigned char) -{k} / 128)", f"((short) 65535 + {s - 1})",
                                         f"(sizeof(short) - {s})"]))
        case "float":       # class 5
            return f"(1 + (int) {draw(st.sampled_from(FLOATS))} - (int) {draw(st.sampled_from(FLOATS))})"
        case "mixed":       # class 9: a signed operand converted to unsigned
            return (f"({draw(st.sampled_from(['-1', '0', '1']))} < {draw(st.sampled_from(['0u', '1u', '0', '-1']))} ? "
                    f"{draw(st.integers(0, 2))} : {draw(st.integers(0, 2))})")
    raise ValueError(feature)


@dataclass
class Parts:
    """What a feature of NEW gives the kernel: an index (or a guard) that the shape uses,
    or a whole body, with the statements before it and what it changes around the kernel."""
    index: str | None = None
    guard: str | None = None
    body: list[str] | None = None
    shape: str | None = None                            # the body's shape, when the feature writes one
    setup: list[str] = field(default_factory=list)     # statements before the shape's
    prelude: list[str] = field(default_factory=list)   # lines before the kernel
    template: list[str] = field(default_factory=list)  # the kernel's template head
    after: list[str] = field(default_factory=list)     # lines after it (explicit instantiations)
    header: list[str] = field(default_factory=list)    # options of the header line
    cells: str = "int"                                  # the buffers' cells (CUDA)
    local: str | None = None                            # threads per group, when drawn here


# A signed type, the divisor that brings its values into [-16, 16), and multipliers of
# the thread's id that leave its range.
NARROW = {"signed char": ("8", ("1", "64", "127", "128", "129", "255", "256", "-128")),
          "char": ("8", ("1", "64", "128", "255", "256")),
          "short": ("2048", ("1", "16384", "32767", "32768", "65536", "-32768")),
          "int": ("134217728", ("1", "1073741824L", "2147483647L", "2147483648L", "4294967296L", "-2147483648L"))}


def _qualifier(dialect: str) -> str:
    return "__device__ " if dialect == "cuda" else ""


def _narrowing(draw, dialect, tid, raw, count) -> Parts:
    """Class 13: a value out of a signed type's range converted to it (clang and gcc reduce
    it modulo 2^N), then used in an index."""
    target = draw(st.sampled_from(sorted(NARROW)))
    divisor, multipliers = NARROW[target]
    m = draw(st.sampled_from(multipliers))
    value = draw(st.sampled_from([f"{m} * {tid} + {draw(st.integers(-1, 1))}", f"{raw} * {m}u"]))
    parts = Parts()
    match draw(st.sampled_from(["init", "assign", "cast", "compound", "argument", "return", "cell", "shared",
                                "loop"])):
        case "init":
            parts.setup, parts.index = [f"{target} j = {value};"], f"j / {divisor}"
        case "assign":
            parts.setup, parts.index = [f"{target} j;", f"j = {value};"], f"j / {divisor}"
        case "cast":
            parts.index = f"({target}) ({value}) / {divisor}"
        case "compound":
            start, op = draw(st.sampled_from([("0", "+="), ("0", "-="), ("1", "*=")]))
            parts.setup, parts.index = [f"{target} j = {start};", f"j {op} {value};"], f"j / {divisor}"
        case "argument":
            parts.prelude = [f"{_qualifier(dialect)}int at({target} j) {{ return j / {divisor}; }}"]
            parts.index = f"at({value})"
        case "return":
            parts.prelude = [f"{_qualifier(dialect)}{target} narrow(long x) {{ return x; }}"]
            parts.index = f"narrow({value}) / {divisor}"
        case "cell":
            parts.setup, parts.index = [f"{target} t[2];", f"t[1] = {value};"], f"t[1] / {divisor}"
        case "shared":
            space, lid = ("__shared__", "threadIdx.x") if dialect == "cuda" else ("__local", "get_local_id(0)")
            parts.setup, parts.index = [f"{space} {target} t[8];", f"t[{lid}] = {value};"], f"t[{lid}] / {divisor}"
        case "loop":   # a loop-carried variable that leaves its type's range
            parts.setup = [f"{target} j = 0;", f"for (int i = 0; i <= {tid}; i++) {{", f"  j += {m};", "}"]
            parts.index = f"j / {divisor}"
    return parts


TEMPLATE_TYPES = ("int", "unsigned", "short", "unsigned short", "signed char", "unsigned char", "long",
                  "unsigned long")


def _template_kernel(draw, dialect, tid, raw, count) -> Parts:
    """Class 14: a template kernel, launched as each explicit instantiation in the file
    (parameters of type and of value)."""
    word = draw(st.sampled_from(["class", "typename"]))
    parts = Parts()
    values = st.sampled_from(["0", "1", "2", "-1"])
    match draw(st.sampled_from(["value", "type", "both", "cells"])):
        case "value":
            head, args = "int N", st.tuples(values)
            parts.index = f"{tid} * N + {draw(st.integers(-1, 1))}"
        case "type":
            head, args = f"{word} T", st.tuples(st.sampled_from(TEMPLATE_TYPES))
            parts.setup = [f"T j = {tid} - {draw(st.integers(0, 2))};"]
            parts.index = f"(int) (j % {draw(st.integers(2, 5))})"
        case "both":
            head, args = f"{word} T, int N", st.tuples(st.sampled_from(TEMPLATE_TYPES), values)
            parts.setup = [f"T j = {tid} * N - {draw(st.integers(0, 2))};"]
            parts.index = f"(int) (j % {draw(st.integers(2, 5))})"
        case _:
            head, args = f"{word} T, int N", st.tuples(st.sampled_from(["int", "char", "short", "unsigned"]), values)
            parts.cells, parts.index = "T", f"{tid} * N"
    instances = draw(st.lists(args, min_size=1, max_size=2, unique=True))
    parts.template = [f"template <{head}>"]
    for instance in instances:
        cells = instance[0] if parts.cells == "T" else "int"
        # clang's CUDA wants the instantiation's target attribute to be the template's.
        parts.after.append(f"template __global__ void k<{', '.join(instance)}>({cells} *, {cells} *);")
    return parts


def _block_group(draw, dialect, tid, raw, count) -> Parts:
    """Class 15: cooperative groups' block: its barrier and the thread's rank in it (x
    fastest, on blocks of one or two dimensions)."""
    x, y = draw(st.integers(1, 2)), draw(st.integers(1, 2))
    parts = Parts(local=f"[{x},{y}]" if y > 1 else str(x), shape="statements")
    ns = draw(st.sampled_from(["cg::", ""]))
    parts.prelude = ["#include <cooperative_groups.h>",
                     "namespace cg = cooperative_groups;" if ns else "using namespace cooperative_groups;"]
    if draw(st.booleans()):
        g = "g"
        parts.setup = [f"{draw(st.sampled_from([f'{ns}thread_block', 'auto']))} g = {ns}this_thread_block();"]
    else:
        g = f"{ns}this_thread_block()"
    rank = draw(st.sampled_from([f"(int) {g}.thread_rank()", f"(int) {g}.thread_rank()", f"(int) {g}.thread_index().x"]))
    size = f"(int) {g}.{draw(st.sampled_from(['size', 'num_threads']))}()"
    sync = draw(st.sampled_from([f"{g}.sync();", f"{ns}sync({g});", f"{ns}this_thread_block().sync();",
                                 "__syncthreads();", "", ""]))
    step = draw(st.integers(0, 2))
    own = f"(int) blockIdx.x * {size} + {rank}"
    if draw(st.booleans()):
        parts.setup.append("__shared__ int s[8];")
        cell, read = f"s[{rank}]", f"s[({rank} + {step}) % {size}]"
    else:
        base = draw(st.sampled_from(["", f"(int) blockIdx.x * {size} + ", f"(int) {g}.group_index().x * {size} + "]))
        cell, read = f"a[{OFFSET} + {base}{rank}]", f"a[{OFFSET} + {base}({rank} + {step}) % {size}]"
    parts.body = [f"{cell} = 1;", *([sync] if sync else []), f"b[{own}] = {read};"]
    return parts


def _fence_only(draw, dialect, tid, raw, count) -> Parts:
    """Class 16: fences between accesses (`__threadfence()`, `mem_fence(...)`): they order
    the thread's own accesses and make no other thread wait."""
    if dialect == "cuda":
        fence = draw(st.sampled_from(["__threadfence();", "__threadfence_block();", "__threadfence_system();"]))
        barrier, local_array = "__syncthreads();", "__shared__ int s[8];"
        lid, lcount = "((int) threadIdx.x)", "blockDim.x"
    else:
        flags = draw(st.sampled_from(["CLK_GLOBAL_MEM_FENCE", "CLK_LOCAL_MEM_FENCE",
                                      "CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE"]))
        fence = f"{draw(st.sampled_from(['mem_fence', 'read_mem_fence', 'write_mem_fence']))}({flags});"
        barrier = f"barrier({draw(st.sampled_from(['CLK_GLOBAL_MEM_FENCE', 'CLK_LOCAL_MEM_FENCE', 'CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE']))});"
        local_array, lid, lcount = "__local int s[8];", "((int) get_local_id(0))", "get_local_size(0)"
    parts = Parts(shape=draw(st.sampled_from(["exchange", "flag"])))
    if parts.shape == "flag":
        parts.body = [f"if ({tid} == 0) {{", f"  a[{OFFSET}] = 1;", f"  {fence}", f"  a[{OFFSET} + 1] = 1;",
                      f"}} else if (a[{OFFSET} + 1] == 1) {{", f"  b[{tid}] = a[{OFFSET}];", "}"]
        return parts
    if draw(st.booleans()):
        parts.setup = [local_array]
        cell, read = f"s[{lid}]", f"s[({lid} + 1) % {lcount}]"
    else:
        cell, read = f"a[{OFFSET} + {tid}]", f"a[{OFFSET} + ({raw} + 1) % {count}]"
    between = draw(st.sampled_from([[fence], [fence, barrier], [barrier, fence], [fence, fence]]))
    parts.body = [f"{cell} = 1;", *between, f"b[{tid}] = {read};"]
    return parts


def _global_offset(draw, dialect, tid, raw, count) -> Parts:
    """Class 17: OpenCL's global offset (`--global_offset=` on the header line), which
    `get_global_id` includes and `get_global_offset` reads."""
    offset = draw(st.sampled_from([None, "0", "1", "2", "3", "5"]))
    term = draw(st.sampled_from(["get_global_id(0)", "get_global_id(0) - get_global_offset(0)",
                                 "get_global_offset(0)", "get_local_id(0) + get_global_offset(0)",
                                 "get_global_id(0) % get_global_size(0)", "(get_global_id(0) + 1) % get_global_size(0)",
                                 "get_global_id(0) - get_global_size(0)", "get_global_id(0) - get_global_offset(1)"]))
    return Parts(index=f"(int) ({term})", header=[f"--global_offset={offset}"] if offset is not None else [])


def _extern_shared(draw, dialect, tid, raw, count) -> Parts:
    """Class 18: CUDA's dynamic shared memory, `extern __shared__` arrays: one per group,
    every such array of a kernel at the same address whatever its name."""
    lid = "((int) threadIdx.x)"
    parts = Parts(shape="statements")
    declare = "extern __shared__ int s[];"
    if draw(st.booleans()):
        parts.prelude = [declare]
    else:
        parts.setup = [declare]
    other = "s"
    if draw(st.booleans()):
        parts.setup.append("extern __shared__ int t[];")
        other = "t"
    write = draw(st.sampled_from([lid, f"2 * {lid}", "0", f"{lid} % 2", f"{lid} / 2"]))
    read = draw(st.sampled_from([f"({lid} + 1) % blockDim.x", lid, "0"]))
    if draw(st.booleans()):
        parts.prelude.append("__device__ void put(int i) { extern __shared__ int u[]; u[i] = 1; }")
        store = f"put({write});"
    else:
        store = f"s[{write}] = 1;"
    sync = draw(st.sampled_from(["__syncthreads();", ""]))
    parts.body = [store, *([sync] if sync else []), f"b[{tid}] = {other}[{read}];"]
    return parts


def _mul24(draw, dialect, tid, raw, count) -> Parts:
    """Class 19: 24-bit multiplication: CUDA's `__mul24`/`__umul24` read the operands' low
    24 bits (so operands beyond them), OpenCL's `mul24`/`mad24` on operands within them."""
    if dialect == "cuda":
        if draw(st.booleans()):
            high = draw(st.sampled_from(["0", "16777216", "-16777216", "8388608", "33554432"]))
            call = f"__mul24({tid} + {high}, {draw(st.sampled_from(['0', '1', '2', '3', '-1', '16777217', '-16777215']))})"
        else:
            high = draw(st.sampled_from(["0u", "16777216u", "4278190080u", "8388608u"]))
            call = f"__umul24({raw} + {high}, {draw(st.sampled_from(['1u', '2u', '3u', '16777218u']))})"
    else:
        factor = draw(st.sampled_from(["0", "1", "2", "3", "-1", "-2"]))
        call = draw(st.sampled_from([f"mul24({tid}, {factor})",
                                     f"mad24({tid}, {factor}, {draw(st.sampled_from(['0', '1', '-1', '2']))})",
                                     f"(int) mul24((uint) {raw}, {draw(st.sampled_from(['1u', '2u', '3u']))})"]))
    return Parts(index=f"(({call}) {draw(st.sampled_from(['& 7', '% 8', '& 3']))})")


def _invariant(draw, dialect, tid, raw, count) -> Parts:
    """Class 20: GPUVerify's loop invariants, true or false, which `races` leaves out
    (annotation.ignored): the oracle checks them where they stand and does not trust them."""
    n = draw(st.integers(1, 3))
    facts = st.sampled_from(["i >= 0", f"i <= {n}", "i < 1", "i == 0", f"__implies(i > 0, {tid} == 0)",
                             f"i < {tid} + 1", f"{tid} >= 0"])
    invariants = [f"{draw(st.sampled_from(['__invariant', '__global_invariant']))}({fact}), "
                  for fact in draw(st.lists(facts, min_size=1, max_size=2))]
    cell = f"a[{OFFSET} + {tid} * {draw(st.integers(0, 3))} + i * {draw(st.sampled_from([0, 1, -1, 2]))}] = 1;"
    if draw(st.booleans()):
        body = [f"for (int i = 0; {''.join(invariants)}i < {n}; i++) {{", f"  {cell}", "}"]
    else:
        body = ["int i = 0;", f"while ({''.join(invariants)}i < {n}) {{", f"  {cell}", "  i++;", "}"]
    return Parts(body=body, shape="statements")




def _aggregates(draw, dialect, tid, raw, count) -> Parts:
    """Class 21: structs (both dialects) and CUDA's vector types (structs there: int2,
    uint2, int4, float4): their fields as indices, and the fields of an array of structs
    in local memory as cells (two fields of one element are two places)."""
    space, lid, lcount, sync = (("__shared__", "((int) threadIdx.x)", "blockDim.x", "__syncthreads();")
                                if dialect == "cuda" else
                                ("__local", "((int) get_local_id(0))", "get_local_size(0)", "barrier(CLK_LOCAL_MEM_FENCE);"))
    field_types = draw(st.sampled_from([("int", "int"), ("int", "short"), ("char", "char"), ("short", "int"),
                                        ("unsigned char", "int")]))
    kinds = ["struct"] + (["int2", "uint2", "int4", "float4"] if dialect == "cuda" else [])
    kind = draw(st.sampled_from(kinds))
    if kind == "struct":
        parts = Parts(prelude=[f"typedef struct {{ {field_types[0]} x; {field_types[1]} y; }} P;"])
        name = "P"
    else:
        parts, name = Parts(), kind
    if draw(st.booleans()):   # a value: its fields as an index
        first, second = draw(st.sampled_from([tid, "1", "0", f"{tid} / 2"])), draw(st.sampled_from(["0", "1", tid]))
        if kind == "struct":
            parts.setup = ["P v;", f"v.x = {first};", f"v.y = {second};"]
        elif kind == "float4":
            parts.setup = [f"float4 v = make_float4({first}, {second}, 0.0f, 1.0f);"]
        else:
            rest = ", 0, 1" if kind == "int4" else ""
            parts.setup = [f"{kind} v = make_{kind}({first}, {second}{rest});"]
        parts.index = draw(st.sampled_from(["(int) v.x * 2 + (int) v.y", "(int) v.x", "(int) (v.x + v.y)"]))
        return parts
    # an array of them in local memory: cells of the fields
    parts.shape = "statements"
    field_a, field_b = draw(st.sampled_from(["x", "y"])), draw(st.sampled_from(["x", "y"]))
    other = draw(st.sampled_from([f"({lid} + 1) % {lcount}", lid, "0"]))
    write = draw(st.sampled_from([lid, "0", f"{lid} / 2"]))
    parts.body = [f"{space} {name} s[8];", f"s[{write}].{field_a} = 1;", *([sync] if draw(st.booleans()) else []),
                  f"b[{tid}] = (int) s[{other}].{field_b};"]
    if draw(st.booleans()):   # the whole element copied
        parts.body.append(f"{name} w = s[{other}];")
        parts.body.append(f"a[{OFFSET} + {tid}] = (int) w.{field_b};")
    return parts


def _pointers(draw, dialect, tid, raw, count) -> Parts:
    """Class 22: a pointer that may point into one of two arrays, chosen per thread, and
    NULL pointers tested before use."""
    space = "__global " if dialect == "opencl" else ""
    null = draw(st.sampled_from(["NULL", "0"]))
    cond = f"{tid} {draw(st.sampled_from(['% 2 == 0', '< 1', '> 1', '>= 0']))}"
    parts = Parts(shape="statements")
    index = draw(st.sampled_from([tid, "0", f"{tid} / 2", f"{tid} % 2"]))
    other = draw(st.sampled_from(["a", "b"]))
    other_index = draw(st.sampled_from([tid, "0", f"{raw} + 1"]))
    match draw(st.sampled_from(["select", "reassign", "null", "null-else", "address"])):
        case "select":
            parts.body = [f"{space}int *p = {cond} ? a : b;", f"p[{OFFSET} + {index}] = 1;"]
        case "reassign":
            parts.body = [f"{space}int *p = a;", f"if ({cond}) {{", "  p = b;", "}", f"p[{OFFSET} + {index}] = 1;"]
        case "address":
            parts.body = [f"{space}int *p = {cond} ? &a[{OFFSET} + {index}] : b + {OFFSET};", "*p = 1;"]
        case "null":
            test = draw(st.sampled_from(["p != NULL", "p", f"p != {null}", "!(p == 0)"]))
            parts.body = [f"{space}int *p = {cond} ? a : {null};", f"if ({test}) {{", f"  p[{OFFSET} + {index}] = 1;", "}"]
        case _:
            parts.body = [f"{space}int *p = {cond} ? {null} : b;", "if (!p) {", f"  a[{OFFSET} + {index}] = 1;",
                          "} else {", f"  p[{OFFSET} + {index}] = 1;", "}"]
    parts.body.append(f"{other}[{OFFSET} + {other_index}] {draw(st.sampled_from(['= 2', '+= 0']))};")
    return parts


# The features of the C that the front end reads since issue 25: name -> (class, dialects,
# the strategy's part).
NEW = {"signed-narrowing": (13, ("cuda", "opencl"), _narrowing),
       "template-kernel": (14, ("cuda",), _template_kernel),
       "block-group": (15, ("cuda",), _block_group),
       "fence-only": (16, ("cuda", "opencl"), _fence_only),
       "global-offset": (17, ("opencl",), _global_offset),
       "extern-shared": (18, ("cuda",), _extern_shared),
       "mul24": (19, ("cuda", "opencl"), _mul24),
       "gv-invariant": (20, ("cuda", "opencl"), _invariant),
       "aggregates": (21, ("cuda", "opencl"), _aggregates),
       "pointers": (22, ("cuda", "opencl"), _pointers)}


CONSTANTS = {"shift": 3, "char": 6, "sizeof-char": 6, "half": 7, "narrowing": 9, "float": 5, "mixed": 9}
# Every feature with its class of issue 25, and the dialects it is drawn in.
FEATURES = {**{name: (cls, ("cuda", "opencl")) for name, cls in CONSTANTS.items()},
            "half": (7, ("opencl",)), "define": (1, ("cuda", "opencl")), "wrap": (9, ("cuda", "opencl")),
            "compare": (9, ("cuda", "opencl")), "helper": (2, ("cuda", "opencl")), "cast": (4, ("cuda", "opencl")),
            "overload": (10, ("cuda",)), "template": (10, ("cuda",)), "fence": (8, ("opencl",)),
            "effects": (11, ("cuda", "opencl")),
            # gcc compiles OpenCL C as C, whose shifts by the width or more are undefined.
            "shift-amount": (12, ("cuda",)),
            **{name: (cls, dialects) for name, (cls, dialects, _) in NEW.items()}}


def _ids(dialect: str, global_: bool) -> tuple[str, str, str]:
    """(the thread's id as an int, the same id unsigned as C gives it, the number of ids)."""
    if dialect == "cuda":
        raw, count = ("(blockIdx.x * blockDim.x + threadIdx.x)", "(gridDim.x * blockDim.x)") if global_ \
            else ("threadIdx.x", "blockDim.x")
    else:
        raw, count = ("get_global_id(0)", "get_global_size(0)") if global_ else ("get_local_id(0)", "get_local_size(0)")
    return f"((int) {raw})", raw, count


@st.composite
def kernels(draw, feature: str) -> str:
    """Kernels of one feature (a key of FEATURES).  The tests draw as many of each
    feature: hypothesis, left to pick the feature, favours the first ones."""
    klass, dialects = FEATURES[feature]
    dialect = draw(st.sampled_from(dialects))
    local, groups = draw(st.integers(1, 4)), draw(st.integers(1, 2))
    tid, raw, count = _ids(dialect, draw(st.booleans()))
    prelude: list[str] = []
    defines: list[str] = []
    index, guard, body = None, None, None
    parts = Parts()
    if feature in NEW:
        parts = NEW[feature][2](draw, dialect, tid, raw, count)
        prelude, defines, index, guard, body = parts.prelude, parts.header, parts.index, parts.guard, parts.body
    elif feature in CONSTANTS:
        f = _constant(draw, feature)
        index = f"{tid} * {f} + {draw(st.sampled_from(['0', '1', f]))}"
    elif feature == "define":
        x, y = draw(st.sampled_from(["0", "1", "2"])), draw(st.sampled_from(["0", "1", "2"]))
        form = draw(st.sampled_from(["ifdef", "ifndef", "if"]))
        if form == "ifndef":
            prelude += ["#ifndef STEP", f"#define STEP {y}", "#endif"]
            if draw(st.booleans()):
                defines.append(f"-DSTEP={x}")
        else:
            condition = "ifdef WIDE" if form == "ifdef" else \
                f"if {draw(st.sampled_from(['1', '0', 'defined(WIDE)', '-1 < 0', '2 > 3']))}"
            prelude += [f"#{condition}", f"#define STEP {x}", "#else", f"#define STEP {y}", "#endif"]
            if draw(st.booleans()):
                defines.append("-DWIDE")
        index = f"{tid} * STEP"
    elif feature == "wrap":
        index = f"(int) (({raw} {draw(st.sampled_from(['-', '+']))} {draw(st.integers(0, 3))}u) % {draw(st.integers(2, 5))})"
    elif feature == "compare":
        guard = f"{raw} {draw(st.sampled_from(['<', '>', '<=']))} {draw(st.sampled_from(['-1', '0', '1', '-2']))}"
        index = draw(st.sampled_from(["0", tid]))
    elif feature == "helper":
        space = "__global " if dialect == "opencl" else ""
        qualifier = "__device__ " if dialect == "cuda" else ""
        before, after = draw(st.sampled_from(["0", tid, f"2 * {tid}"])), draw(st.sampled_from(["0", tid, f"2 * {tid}"]))
        if draw(st.booleans()):
            prelude += [f"{qualifier}void put({space}int *p, int *k, int v) {{", f"  *k = {after};", "  p[0] = v;", "}"]
            body = [f"int k = {before};", f"put(a + {OFFSET} + k, &k, 1);"]
        else:
            prelude += [f"{qualifier}void put({space}int *p, {space}int *idx, int v) {{",
                        f"  idx[{tid}] = {after};", "  p[0] = v;", "}"]
            body = [f"b[{tid}] = {before};", f"put(a + {OFFSET} + b[{tid}], b, 1);"]
    elif feature == "cast":
        target = draw(st.sampled_from(["unsigned char", "char", "short"]))
        scale, plus = draw(st.sampled_from([1, 2, 4])), draw(st.sampled_from([0, 1, 2, 4, 8]))
        space = "__global " if dialect == "opencl" else ""
        body = [f"a[{tid}] = 1;", f"b[{tid}] = (({space}{target} *) a)[{scale} * {tid} + {plus}];"]
    elif feature == "overload":
        unsigned_body, int_body = draw(st.sampled_from(["0", "(int) x", "1"])), draw(st.sampled_from(["0", "x", "1"]))
        overloads = [f"__device__ int pos(unsigned int x) {{ return {unsigned_body}; }}",
                     f"__device__ int pos(int x) {{ return {int_body}; }}"]
        prelude += draw(st.permutations(overloads))
        index = f"pos({draw(st.sampled_from([raw, tid]))})"
    elif feature == "effects":
        scale, value = draw(st.integers(0, 2)), draw(st.integers(0, 2))
        test = f"{tid} {draw(st.sampled_from(['<', '>', '==']))} {draw(st.integers(0, 2))}"
        body = [f"int i = {tid} * {scale}, j = 0;"]
        match draw(st.sampled_from(["logical", "value", "comma"])):
            case "logical":
                body += [f"if ({test} {draw(st.sampled_from(['&&', '||']))} (j = {value})) {{", "}",
                         f"a[{OFFSET} + i++ + j] = 1;", f"a[{OFFSET} + i] = 1;"]
            case "value":
                body += [f"int x = (j = {value}) + {draw(st.sampled_from(['i++', '++i', 'i--']))};",
                         f"a[{OFFSET} + x + i] = 1;"]
            case "comma":
                body += [f"a[{OFFSET} + ({test} ? (j += {value}, i + j) : i++)] = 1;", f"a[{OFFSET} + i + j] = 1;"]
    elif feature == "shift-amount":
        amount = draw(st.sampled_from([f"{tid} % 2", "1", "2", f"{tid} > 1"]))
        index = f"({tid} {draw(st.sampled_from(['<<', '>>']))} s)"
        prelude.append(f"// s = {amount}")
        body = [f"int s = {amount};", f"a[{OFFSET} + {index}] = 1;"]
    elif feature == "template":
        prelude.append("template <int N> __device__ int scale(int x) { return x * N; }")
        index = f"scale<{draw(st.integers(0, 2))}>({tid})"
    else:
        flags = draw(st.sampled_from(["CLK_LOCAL_MEM_FENCE", "CLK_GLOBAL_MEM_FENCE",
                                      "CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE",
                                      "CLK_GLOBAL_MEM_FENCE || CLK_LOCAL_MEM_FENCE", "CLK_GLOBAL_MEM_FENCE && 1",
                                      "(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE) & CLK_LOCAL_MEM_FENCE", "0"]))
        body = [f"a[{tid}] = 1;", f"barrier({flags});",
                f"b[{tid}] = a[({raw} + 1) % {count}];"]
    shape = parts.shape or ("statements" if body else draw(st.sampled_from(["write", "exchange", "guard"])))
    if body is None:
        cell = f"a[{OFFSET} + {index}]"
        barrier = "__syncthreads();" if dialect == "cuda" else "barrier(CLK_GLOBAL_MEM_FENCE);"
        body = {"write": [f"{cell} = 1;"],
                "exchange": [f"a[{OFFSET} + {tid}] = 1;", barrier, f"b[{tid}] = {cell};"],
                "guard": [f"if ({guard or f'{index} > 0'}) {{", f"  a[{OFFSET}] = 1;", "}"]}[shape]
        if guard is not None:
            shape, body = "guard", [f"if ({guard}) {{", f"  {cell} = 1;", "}"]
    local = parts.local or local
    launch = (f"--blockDim={local} --gridDim={groups}" if dialect == "cuda"
              else f"--local_size={local} --num_groups={groups}")
    signature = (f"__global__ void k({parts.cells} *a, {parts.cells} *b)" if dialect == "cuda"
                 else "__kernel void k(__global int *a, __global int *b)")
    return "\n".join([f"// c-fuzz: dialect={dialect} feature={feature} class={klass} shape={shape}",
                      f"//{' '.join([launch, *defines])}", *prelude, *parts.template, signature + " {",
                      *(f"  {line}" for line in [*parts.setup, *body]), "}", *parts.after]) + "\n"


def describe(text: str) -> dict[str, str]:
    """The fields of the first line: dialect, feature, class, shape."""
    return dict(re.findall(r"(\w+)=(\S+)", text.splitlines()[0]))
