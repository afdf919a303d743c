"""The front end against C as a compiler reads it (issue 25).

The oracle (tests/support/c_oracle) compiles a kernel with gcc/g++ and runs every thread
of a small launch.  Property: nothing that `races` calls race-free races or diverges
there, and nothing that `check` verifies races, diverges, goes out of bounds, has
undefined behaviour or fails an assertion there.

* the oracle itself, on small kernels of its own and on the class kernels of
  tests/data/cclasses: each `-racy` kernel races when compiled, each `-wrong` kernel
  fails an assertion, each `-ok` twin is clean;
* the differential: for every class kernel, `races` and `check` against the oracle
  (each of the ten classes of issue 25 was once misread here; none is now);
* the examples of examples/cuda and examples/opencl, on launches their contexts allow.

Skipped where gcc/g++ cannot build an instrumented kernel.
"""
from __future__ import annotations

import functools
import pathlib
import shutil

import pytest

from tests.support import c_oracle, twins
from vercors_py import service

ROOT = pathlib.Path(__file__).resolve().parents[2]
CLASSES_DIR = ROOT / "tests" / "data" / "cclasses"
CLASS_FILES = sorted([*CLASSES_DIR.glob("*.cu"), *CLASSES_DIR.glob("*.cl")])
# The oracle has no warps and no grid barrier (docs/warps.md): `run` is the oracle of the
# examples with shuffles, __syncwarp or cooperative groups (tests/corpus/test_c_examples.py).
NO_ORACLE = ("warp-sum-", "grid-mirror-sum")
EXAMPLE_FILES = sorted(p for p in [*(ROOT / "examples" / "cuda").glob("*.cu"), *(ROOT / "examples" / "opencl").glob("*.cl")]
                       if not p.name.startswith(NO_ORACLE))
OPTIONS = service.Options(timeout=10.0, jobs=1)

CLASSES = {
    1: "preprocessor conditionals are not evaluated (the last #define wins, a header -D loses)",
    2: "pointer arguments of inlined helpers are passed by name, not fixed at the call",
    3: "constant folding truncates the floor division that >> and & are mapped to",
    4: "pointer casts are dropped: ((unsigned char *) a)[i] is read as a[i]",
    5: "float literals are numbered by a hash of their spelling, which collides",
    6: "character literals: '\\x80' is read as 128, not a signed char; sizeof('x') is 4 in OpenCL C",
    7: "half is read as a 4-byte float",
    8: "OpenCL fence flags are read as words, not evaluated",
    9: "races computes on mathematical integers (unsigned wrap-around, narrowing, signed/unsigned comparison)",
    10: "overloaded helpers are resolved by name: the last overload is inlined",
    11: "effects inside expressions (`a[i++]`, `j = 1` on the right of `&&`) are hoisted out of C's order",
    12: "a shift by an amount that is not a constant is read as another power of two",
    13: "a helper's `return` before its end skips the rest of its body (a barrier after it, the loops around it)",
    14: "a forward `goto` skips what stands before its label (a barrier, the rest of the loops it leaves)",
    15: "a call through a function pointer runs the function the pointer holds, in each thread",
    16: "a helper with statements called inside an expression reads what it reads when C calls it",
    17: "atomics (issue 28): atomic updates of one cell do not race, beside a plain access they do; "
        "a compare-and-swap claim has one winner; unsigned atomics wrap",
}

# The buffers' lengths that the annotated kernels' contexts fix (`\length(a) == gsize`),
# so that the oracle runs a launch their contracts allow; the others get its default.
CLASS_LENGTHS = {
    "01-header-define-ok.cu": {"a": 4}, "01-header-define-racy.cu": {"a": 4},
    "01-ifndef-ok.cu": {"a": 4}, "01-ifndef-racy.cu": {"a": 4},
    "03-shift-ok.cu": {"a": 4}, "03-shift-racy.cu": {"a": 4},
    "04-char-cast-racy.cu": {"a": 16, "b": 2},
    "05-float-literal-ok.cu": {"a": 4}, "05-float-literal-racy.cu": {"a": 4},
    "06-char-escape-racy.cu": {"a": 1024},
    "06-char-sizeof-racy.cl": {"a": 12},
    "07-half-racy.cl": {"a": 4},
    "08-fence-or-ok.cl": {"a": 4, "b": 4}, "08-fence-or-racy.cl": {"a": 4, "b": 4},
    "10-overload-racy.cu": {"a": 4},
    "09-signed-narrowing-ok.cu": {"a": 128}, "09-signed-narrowing-racy.cu": {"a": 128},
    "11-effects-ok.cu": {"a": 8}, "11-effects-racy.cu": {"a": 10},
    "12-shift-amount-ok.cu": {"a": 8},
    "13-early-return-barrier-ok.cu": {"a": 8, "b": 8}, "13-early-return-barrier-racy.cu": {"a": 8, "b": 8},
    "13-early-return-loop-ok.cu": {"a": 8, "b": 4}, "13-early-return-loop-racy.cu": {"a": 8, "b": 4},
    "14-goto-loops-ok.cu": {"a": 13}, "14-goto-loops-racy.cu": {"a": 13},
    "14-goto-barrier-ok.cu": {"a": 8}, "14-goto-barrier-racy.cu": {"a": 8},
    "15-function-pointer-ok.cu": {"a": 4}, "15-function-pointer-racy.cu": {"a": 4},
    "15-function-pointer-value-ok.cu": {"b": 4}, "15-function-pointer-value-racy.cu": {"b": 4},
    "16-helper-in-expression-ok.cu": {"a": 5, "b": 4}, "16-helper-in-expression-racy.cu": {"a": 5, "b": 4},
}


@functools.cache
def class_outcome(path: pathlib.Path) -> c_oracle.Outcome:
    return c_oracle.run(path, lengths=CLASS_LENGTHS.get(path.name))


@functools.cache
def verdict(path: pathlib.Path, command: str) -> str:
    run = service.races_file if command == "races" else service.check_file
    return run(str(path), OPTIONS).verdict.value


def refuted(path: pathlib.Path, command: str, outcome: c_oracle.Outcome) -> str | None:
    """What the tool claims about `path` that the compiled run refutes (None: nothing)."""
    said = verdict(path, command)
    wrong = outcome.racy if said == "race-free" else outcome.failed if said == "verified" else False
    return f"`{command}` says {said}; compiled: {outcome.describe()}" if wrong else None


def _class(path: pathlib.Path) -> int:
    return int(path.name.split("-", 1)[0])


# ---- the oracle itself ----

def _kernel(tmp_path, name: str, text: str) -> pathlib.Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_a_barrier_orders_a_neighbour_exchange_and_its_absence_races(oracle, tmp_path):
    body = "a[threadIdx.x] = threadIdx.x;\n  {}\n  b[threadIdx.x] = a[(threadIdx.x + 1) % blockDim.x];\n"
    text = "__global__ void k(int *a, int *b) {{\n  " + body + "}}\n"
    fenced = c_oracle.run(_kernel(tmp_path, "f.cu", text.format("__syncthreads();")), local=4, groups=1)
    bare = c_oracle.run(_kernel(tmp_path, "b.cu", text.format("")), local=4, groups=1)
    assert not fenced.failed, fenced.describe()
    assert bare.racy and {r.kind for r in bare.races} == {"write-read"}
    assert {r.lines for r in bare.races} == {(2, 4)}


def test_a_barrier_orders_only_the_memory_its_flags_fence(oracle, tmp_path):
    text = ("__kernel void k(__global int *out) {{\n  __local int t[8];\n  t[get_local_id(0)] = 1;\n"
            "  out[get_local_id(0)] = 1;\n  barrier({});\n"
            "  out[8 + get_local_id(0)] = t[(get_local_id(0) + 1) % get_local_size(0)]"
            " + out[(get_local_id(0) + 1) % get_local_size(0)];\n}}\n")
    spaces = {}
    for flags in ("CLK_LOCAL_MEM_FENCE", "CLK_GLOBAL_MEM_FENCE", "CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE", "0"):
        outcome = c_oracle.run(_kernel(tmp_path, "k.cl", text.format(flags)), local=4, groups=1)
        spaces[flags] = {r.space for r in outcome.races}
    assert spaces == {"CLK_LOCAL_MEM_FENCE": {"global"}, "CLK_GLOBAL_MEM_FENCE": {"local"},
                      "CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE": set(), "0": {"local", "global"}}


def test_each_group_has_its_own_local_memory_and_shares_global_memory(oracle, tmp_path):
    text = ("__global__ void k(int *out) {{\n  __shared__ int s[4];\n  if (threadIdx.x == 0) {{ __assert(s[0] == 0); }}\n"
            "  s[threadIdx.x] = blockIdx.x + 1;\n  __syncthreads();\n  {}[0] = s[(threadIdx.x + 1) % blockDim.x];\n}}\n")
    shared = c_oracle.run(_kernel(tmp_path, "s.cu", text.format("if (threadIdx.x == 0) s")), local=4, groups=2)
    global_ = c_oracle.run(_kernel(tmp_path, "g.cu", text.format("if (threadIdx.x == 0) out")), local=4, groups=2)
    assert not shared.failed, shared.describe()
    assert [(r.space, r.threads) for r in global_.races] == [("global", ("1.0", "0.0"))]


def test_an_opencl_local_pointer_parameter_is_one_buffer_per_group(oracle, tmp_path):
    text = ("__kernel void k(__global int *out, __local int *t) {\n  t[get_local_id(0)] = get_group_id(0);\n"
            "  barrier(CLK_LOCAL_MEM_FENCE);\n  out[get_global_id(0)] = t[(get_local_id(0) + 1) % get_local_size(0)];\n"
            "  __assert(t[0] == get_group_id(0));\n}\n")
    outcome = c_oracle.run(_kernel(tmp_path, "k.cl", text), local=4, groups=2, lengths={"t": 4})
    assert c_oracle.kernel_names(tmp_path / "k.cl") == ["k"]
    assert not outcome.failed, outcome.describe()


def test_atomic_updates_do_not_race_with_each_other_and_do_with_plain_accesses(oracle, tmp_path):
    text = ("__global__ void k(unsigned *c, int *a) {{\n  unsigned old = atomicAdd(c, 1u);\n"
            "  atomicInc(c + 1, 2u);\n  a[threadIdx.x] = old;\n  {}\n}}\n")
    atomics = c_oracle.run(_kernel(tmp_path, "a.cu", text.format("__syncthreads();\n  __assert(c[1] == 1u);")),
                           local=3, groups=1, lengths={"c": 2})
    plain = c_oracle.run(_kernel(tmp_path, "p.cu", text.format("if (threadIdx.x == 0) a[4] = c[0];")), local=3, groups=1, lengths={"c": 2})
    # c[1] starts at 1 (the oracle's buffers hold 0, 1, 2, ...): 1, 2, 0, 1 below 2.
    assert not atomics.failed, atomics.describe()
    assert {(r.kind, r.lines) for r in plain.races} == {("atomic-read", (2, 5))}
    opencl = ("__kernel void k(__global int *c) {\n  atomic_add(c, 2);\n  atom_cmpxchg(c + 1, 0, 1);\n"
              "  if (get_local_id(0) == 0) c[1] = 5;\n}\n")
    mixed = c_oracle.run(_kernel(tmp_path, "k.cl", opencl), local=2, groups=1)
    assert {(r.kind, r.lines) for r in mixed.races} == {("atomic-write", (3, 4))}


def test_a_barrier_not_reached_by_every_thread_diverges(oracle, tmp_path):
    text = "__global__ void k(int *a) {\n  if (threadIdx.x == 0) __syncthreads();\n  a[threadIdx.x] = 1;\n}\n"
    outcome = c_oracle.run(_kernel(tmp_path, "k.cu", text), local=2, groups=1)
    assert outcome.racy and [(p.kind, p.line) for p in outcome.problems] == [("divergence", 2)]


def test_bounds_of_buffers_and_of_shared_arrays(oracle, tmp_path):
    buffer = c_oracle.run(_kernel(tmp_path, "b.cu", "__global__ void k(int *a, int n) {\n  a[threadIdx.x + n] = 1;\n}\n"),
                          local=2, groups=1, scalars={"n": 3}, lengths={"a": 4})
    assert [(p.kind, p.line, p.detail) for p in buffer.problems] == [
        ("out-of-bounds", 2, "thread 0.1: byte 16 of parameter 0")]
    assert buffer.races == ()
    # Past the end, one cell written by two threads is a race as anywhere.
    both = c_oracle.run(_kernel(tmp_path, "n.cu", "__global__ void k(int *a, int n) {\n  a[n] = 1;\n}\n"),
                        local=2, groups=1, scalars={"n": 4}, lengths={"a": 2})
    assert [(r.kind, r.where) for r in both.races] == [("write-write", "param0+16")]
    assert [(p.kind, p.line) for p in both.problems] == [("out-of-bounds", 2)]
    shared = c_oracle.run(_kernel(tmp_path, "s.cu", "__global__ void k(int *a) {\n  __shared__ int s[4];\n"
                                  "  s[threadIdx.x + 1] = 1;\n}\n"), local=4, groups=1)
    assert {(p.kind, p.line) for p in shared.problems} == {("out-of-bounds", 3)}
    far = c_oracle.run(_kernel(tmp_path, "f.cu", "__global__ void k(int *a) {\n  a[threadIdx.x + 100000000] = 1;\n}\n"),
                       local=2, groups=1)
    assert [(p.kind, p.line) for p in far.problems] == [("fault", 2)] and not far.complete


def test_assertions_preconditions_and_undefined_behaviour(oracle, tmp_path):
    text = ("__device__ int f(int x) {\n  __requires(x > 100);\n  return x;\n}\n"
            "__global__ void k(int *a, int n) {\n  __requires(n > 2);\n  a[threadIdx.x] = f(n) * 1073741824;\n}\n")
    path = _kernel(tmp_path, "k.cu", text)
    allowed = c_oracle.run(path, local=2, groups=1, scalars={"n": 3})
    assert allowed.invalid == ()
    assert {(p.kind, p.line) for p in allowed.problems} == {("assert", 2), ("undefined", 7)}
    refused = c_oracle.run(path, local=2, groups=1, scalars={"n": 1})
    assert refused.invalid == (6,)


def test_launch_dimensions_and_defines_come_from_the_header(oracle, tmp_path):
    text = "//pass\n//--blockDim=[2,2] --gridDim=1 -DCOL=0\n__global__ void k(int *a) {\n  a[threadIdx.x + COL] = 1;\n}\n"
    outcome = c_oracle.run(_kernel(tmp_path, "k.cu", text))
    assert [r.threads for r in outcome.races] == [("0.2", "0.0")]   # (x, y) = (0, 1) and (0, 0)
    shifted = c_oracle.run(tmp_path / "k.cu", defines={"COL": "threadIdx.y * 2"})
    assert not shifted.failed, shifted.describe()
    macro = c_oracle.header.read("//pass\n//--blockDim=TILE --gridDim=2 -DTILE=4\n")
    assert (macro.local, macro.groups, macro.defines) == (None, (2, 1, 1), (("TILE", "4"),))


def test_kernels_and_parameters_are_read_from_the_text():
    cuda = ('extern "C" __global__ void __launch_bounds__(256) k(const int *in, unsigned n, float t[16]) {}\n'
            "/* __global__ void not_this(int *a) */\n__device__ int helper(int x) { return x; }\n")
    [kernel] = c_oracle.signature.kernels(cuda, opencl=False)
    assert kernel.name == "k"
    assert [(p.name, p.ctype, p.pointer) for p in kernel.params] == [
        ("in", "const int *", True), ("n", "unsigned", False), ("t", "float *", True)]
    opencl = ("__kernel void k(__global int *a, __local float *t) {\n  __local int tile[4];\n"
              "  __local int *p = tile;\n}\n")
    [kernel] = c_oracle.signature.kernels(opencl, opencl=True)
    assert [(p.name, p.local) for p in kernel.params] == [("a", False), ("t", True)]
    marked = c_oracle.signature.mark_local_pointers(opencl)
    assert marked.count("__oracle_local_ptr") == 2 and "__local int tile[4];" in marked
    with pytest.raises(c_oracle.Unreadable):
        c_oracle.signature.kernels("template <int N>\n__global__ void k(int *a) {}\n", opencl=False)


def test_a_program_not_kept_is_built_outside_the_cache(oracle, tmp_path):
    path = _kernel(tmp_path, "k.cu", "__global__ void k(int *a) {\n  a[threadIdx.x] = 1;\n}\n")
    text = path.read_text()
    [kernel] = c_oracle.signature.kernels(text, opencl=False)
    program = c_oracle.build.build(path, text, kernel, (), keep=False)
    try:
        assert program.scratch is not None and program.binary.parent == program.scratch
        assert program.seconds > 0
    finally:
        shutil.rmtree(program.scratch)
    kept = c_oracle.build.build(path, text, kernel, ())
    assert kept.scratch is None and kept.binary.parent.parent == c_oracle.build.CACHE
    assert c_oracle.build.build(path, text, kernel, ()).seconds == 0.0


# ---- the class kernels in the oracle ----

@pytest.mark.parametrize("path", CLASS_FILES, ids=lambda p: p.name)
def test_the_oracle_sees_what_each_class_kernel_does(oracle, path):
    outcome = class_outcome(path)
    assert outcome.complete and outcome.invalid == ()
    kind = twins.kind(path)
    if kind == "racy":
        assert outcome.races and all(None not in r.lines for r in outcome.races), outcome.describe()
    elif kind == "wrong":
        assert not outcome.races and {p.kind for p in outcome.problems} == {"assert"}, outcome.describe()
    else:
        assert kind == "ok" and not outcome.failed, outcome.describe()


def test_every_class_has_failing_kernels_and_twins():
    by_class: dict[int, set[str]] = {}
    for path in CLASS_FILES:
        by_class.setdefault(_class(path), set()).add(twins.kind(path))
        if twins.kind(path) != "ok":
            twin = path.with_name(path.name.replace(f"-{twins.kind(path)}.", "-ok."))
            assert twin.exists(), f"{path.name} has no -ok twin"
    assert sorted(by_class) == sorted(CLASSES)
    assert all("racy" in kinds and "ok" in kinds for kinds in by_class.values())
    # The OpenCL-specific classes have OpenCL kernels that race.
    assert all(any(p.suffix == ".cl" and _class(p) == n and twins.kind(p) == "racy" for p in CLASS_FILES) for n in (6, 7, 8))


# ---- the differential ----

def _cases():
    for path in CLASS_FILES:
        for command in ("races", "check"):
            yield pytest.param(path, command, id=f"{path.name}-{command}")


@pytest.mark.parametrize(("path", "command"), list(_cases()))
def test_the_tool_claims_nothing_the_compiled_class_kernel_refutes(oracle, path, command):
    assert refuted(path, command, class_outcome(path)) is None


# The launches the examples' contexts allow: (threads per group, groups), and the
# buffers' lengths for them (gsize, ngroups -> {name: length}).
def _tcount(*names):
    return lambda local, groups: {name: local * groups for name in names}


EXAMPLE_LAUNCHES = {
    "fig8": ([(1, 1), (2, 1), (4, 1)], lambda local, groups: {"a": local, "b": local}),
    "fig9-binomial": ([(2, 1), (3, 1), (4, 1)], lambda local, groups: {"bin": local}),
    "reduce-local": ([(1, 1), (2, 2), (4, 2)], lambda local, groups: {"input": local * groups, "out": groups}),
    "stencil-3pt": ([(2, 1), (3, 2), (4, 2)], _tcount("a", "b")),
    "vector-add": ([(2, 1), (3, 2), (4, 2)], _tcount("a", "b", "c")),
    "global-counter": ([(2, 1), (3, 2), (4, 2)],
                       lambda local, groups: {"a": local * groups, "count": 1, "seen": groups}),
    "first-to-arrive": ([(2, 1), (3, 2), (4, 2)], lambda local, groups: {"a": local * groups, "flag": 1, "winner": 1}),
}
# Inputs other than the oracle's 0, 1, 2, 3, ...: negative ones to arrive with, the flag
# 0 on launch as the host sets it.
EXAMPLE_FILLS = {"first-to-arrive": {"a": (-1, 2, -3), "flag": (0,)}}


def _example_launches(path: pathlib.Path):
    if path.name.startswith("transpose-2d-blocks"):
        return [((16, 16, 1), groups, {"inp": 256 * groups, "out": 256 * groups}) for groups in (1, 2)]
    family = next((f for f in EXAMPLE_LAUNCHES if path.name.startswith(f)), None)
    assert family is not None, f"say in EXAMPLE_LAUNCHES which launches {path.name}'s contexts allow"
    sizes, lengths = EXAMPLE_LAUNCHES[family]
    return [(local, groups, lengths(local, groups)) for local, groups in sizes]


def _example_fills(path: pathlib.Path):
    return next((fills for family, fills in EXAMPLE_FILLS.items() if path.name.startswith(family)), None)


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_tool_claims_nothing_the_compiled_example_refutes(oracle, path):
    found = []
    for local, groups, lengths in _example_launches(path):
        outcome = c_oracle.run(path, local=local, groups=groups, lengths=lengths, fills=_example_fills(path))
        assert outcome.complete and outcome.invalid == (), outcome.describe()
        found += [f"{local} x {groups}: {problem}" for command in ("races", "check")
                  if (problem := refuted(path, command, outcome))]
    assert found == []


# ---- pointers into several arrays, and NULL (cfamily/clang_pointers.py) ----

POINTER_FILES = sorted((ROOT / "tests" / "data" / "protocols").glob("pointer-*"))


@pytest.mark.parametrize("path", POINTER_FILES, ids=lambda p: p.name)
@pytest.mark.parametrize("use", (0, 1))
def test_what_races_says_of_a_pointer_kernel_the_compiled_one_does(oracle, path, use):
    """Race-free kernels do not race when compiled, racy ones do (on the array the
    pointer names), and the one races calls unknown writes through NULL."""
    outcome = c_oracle.run(path, local=4, groups=2, scalars={"use": use})
    said = verdict(path, "races")
    if said == "race-free":
        assert not outcome.failed, outcome.describe()
    elif said == "racy":
        assert outcome.racy, outcome.describe()
    else:
        assert said == "unknown" and (outcome.failed if use == 0 else not outcome.failed), outcome.describe()


# ---- races' own rules: private memory, decided branches, geometric loop variables, skipped loops ----
# (races/private.py, decided.py, geometric.py, skips.py)

RULE_FILES = sorted(path for pattern in ("private-*", "decided-*", "loop-halving-*", "loop-skipped-*")
                    for path in (ROOT / "tests" / "data" / "protocols").glob(pattern))


def _rule_launch(path: pathlib.Path) -> dict:
    if path.name.startswith("private-own"):
        return dict(local=(4, 4, 1), groups=(2, 2, 1), scalars={"w": 8, "h": 8}, lengths={"out": 128, "in": 64},
                    fills={"in": (3, 250, 17, 0)})
    if path.name.startswith("private-depth"):
        return dict(scalars={"w": 8, "h": 8}, lengths={"out": 128, "in": 64}, fills={"in": (3, 250, 17, 0)})
    if path.name.startswith("loop-halving"):
        return dict(scalars={"n": 16}, lengths={"out": 128})
    return dict(scalars={"n": 2})


@pytest.mark.parametrize("path", RULE_FILES, ids=lambda p: p.name)
def test_what_races_says_of_a_kernel_its_own_rules_decide_the_compiled_one_does(oracle, path):
    """Race-free kernels neither race nor diverge when compiled, racy ones do: private
    arrays are each thread's own, __shared__ ones are not, a launch with depth is checked
    as one; a branch every thread takes keeps a barrier loop in it uniform; variables that
    double and halve together keep their relation; a loop that runs no iteration does not
    pair what came before it with its own accesses."""
    outcome = c_oracle.run(path, **_rule_launch(path))
    said = verdict(path, "races")
    assert said in ("race-free", "racy")
    assert (outcome.failed if said == "racy" else not outcome.failed), outcome.describe()


# ---- the tutorial's CUDA kernels and the defines read in annotations (issue 30) ----

TUTORIAL = ROOT / "examples" / "tutorial"
MACROS = ROOT / "tests" / "data" / "cuda"
# (file, kernel, [(threads per group, groups, scalars, lengths)]): launches their contexts
# allow, odd group sizes among them (the middle thread of mirror_add reads its own cell
# twice), and a grid larger than the matrix (scale_2d's guard).
_MIRROR = [(1, 1, {}, {"in": 1, "out": 1}), (3, 2, {}, {"in": 6, "out": 6}), (4, 2, {}, {"in": 8, "out": 8})]
_SCALE = [((2, 2, 1), (2, 1, 1), {"width": 4, "height": 2, "k": 3.0}, {"m": 8}),
          ((2, 2, 1), (2, 2, 1), {"width": 3, "height": 3, "k": 3.0}, {"m": 9})]
_UP_TO_FOUR = [(1, 1, {}, {"out": 1}), (4, 1, {}, {"out": 4})]
CLAIMED = [
    *[(TUTORIAL / "11-cuda" / f"{stem}.cu", None, _MIRROR)
      for stem in ("mirror-add", "mirror-add-inferred", "mirror-add-bounded", "mirror-add-forgets",
                   "mirror-add-functional", "exercise", "solution")],
    *[(TUTORIAL / "11-cuda" / f"{stem}.cu", None, _SCALE) for stem in ("scale-2d", "scale-2d-inferred")],
    (MACROS / "macro-size.cu", None, [(64, 1, {}, {"out": 128})]),
    (MACROS / "macro-size-wrong.cu", None, [(64, 1, {}, {"out": 128})]),
    (MACROS / "macro-size.cl", None, [(32, 1, {}, {"out": 32})]),
    (MACROS / "macro-unsigned.cu", None, _UP_TO_FOUR),
    (MACROS / "macro-redefined.cu", "k", _UP_TO_FOUR),
    (MACROS / "macro-redefined.cu", "m", _UP_TO_FOUR),
]


@pytest.mark.parametrize(("path", "kernel", "launches"), CLAIMED,
                         ids=lambda v: getattr(v, "name", None) or (v if isinstance(v, str) else ""))
def test_the_tool_claims_nothing_the_compiled_tutorial_or_macro_kernel_refutes(oracle, path, kernel, launches):
    found = []
    for local, groups, scalars, lengths in launches:
        outcome = c_oracle.run(path, kernel, local=local, groups=groups, scalars=scalars, lengths=lengths)
        assert outcome.complete and outcome.invalid == (), outcome.describe()
        found += [f"{local} x {groups}: {problem}" for command in ("races", "check")
                  if (problem := refuted(path, command, outcome))]
    assert found == []


def test_the_claims_the_tutorial_and_macro_kernels_are_held_to_are_made():
    """The list above tests claims: the files that verify or are race-free are there."""
    said = {(p.name, c): verdict(p, c) for p, _, _ in CLAIMED for c in ("check", "races")}
    assert said[("mirror-add-functional.cu", "check")] == "verified"
    assert said[("scale-2d-inferred.cu", "check")] == "verified"
    assert said[("solution.cu", "check")] == "verified"
    assert said[("macro-size.cu", "check")] == "verified" and said[("macro-size.cl", "check")] == "verified"
    assert said[("mirror-add.cu", "races")] == "race-free"
