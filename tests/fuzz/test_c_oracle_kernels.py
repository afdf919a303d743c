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
`(j = 1)` right of `&&`, the comma operator) or a shift by an amount that is not a
constant.  The *shape* says how the
index is used: written by every thread, written and then read by the neighbour across a
barrier, or written under a condition.  Whether a kernel races is left to the compiler
and the oracle: the strategy computes no C values itself.

The first line names what was drawn (`// c-fuzz: dialect=... feature=... class=N
shape=...`), and `describe(text)` reads it back.
"""
from __future__ import annotations

import re

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


CONSTANTS = {"shift": 3, "char": 6, "sizeof-char": 6, "half": 7, "narrowing": 9, "float": 5, "mixed": 9}
# Every feature with its class of issue 25, and the dialects it is drawn in.
FEATURES = {**{name: (cls, ("cuda", "opencl")) for name, cls in CONSTANTS.items()},
            "half": (7, ("opencl",)), "define": (1, ("cuda", "opencl")), "wrap": (9, ("cuda", "opencl")),
            "compare": (9, ("cuda", "opencl")), "helper": (2, ("cuda", "opencl")), "cast": (4, ("cuda", "opencl")),
            "overload": (10, ("cuda",)), "template": (10, ("cuda",)), "fence": (8, ("opencl",)),
            "effects": (11, ("cuda", "opencl")),
            # gcc compiles OpenCL C as C, whose shifts by the width or more are undefined.
            "shift-amount": (12, ("cuda",))}


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
    if feature in CONSTANTS:
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
    shape = "statements" if body else draw(st.sampled_from(["write", "exchange", "guard"]))
    if body is None:
        cell = f"a[{OFFSET} + {index}]"
        barrier = "__syncthreads();" if dialect == "cuda" else "barrier(CLK_GLOBAL_MEM_FENCE);"
        body = {"write": [f"{cell} = 1;"],
                "exchange": [f"a[{OFFSET} + {tid}] = 1;", barrier, f"b[{tid}] = {cell};"],
                "guard": [f"if ({guard or f'{index} > 0'}) {{", f"  a[{OFFSET}] = 1;", "}"]}[shape]
        if guard is not None:
            shape, body = "guard", [f"if ({guard}) {{", f"  {cell} = 1;", "}"]
    launch = (f"--blockDim={local} --gridDim={groups}" if dialect == "cuda"
              else f"--local_size={local} --num_groups={groups}")
    signature = ("__global__ void k(int *a, int *b)" if dialect == "cuda"
                 else "__kernel void k(__global int *a, __global int *b)")
    return "\n".join([f"// c-fuzz: dialect={dialect} feature={feature} class={klass} shape={shape}",
                      f"//{' '.join([launch, *defines])}", *prelude, signature + " {",
                      *(f"  {line}" for line in body), "}"]) + "\n"


def describe(text: str) -> dict[str, str]:
    """The fields of the first line: dialect, feature, class, shape."""
    return dict(re.findall(r"(\w+)=(\S+)", text.splitlines()[0]))
