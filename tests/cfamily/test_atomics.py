"""CUDA's and OpenCL's atomics in the C front end (cfamily/atomics.py), `races` and `run`
(issue 28): each operation's update in C's arithmetic, the cell its pointer names, the
call's value hoisted as an effect, what is refused; the twins of tests/data/cclasses/17-*
(the compiled oracle runs them too: tests/cfamily/test_compiled_oracle.py) and runs in
which atomics interleave."""
from __future__ import annotations

import pathlib

import pytest

from tests.cfamily.test_clang_map import body, kernel, refused
from tests.support import twins
from vercors_py import diagnostics as D
from vercors_py import service
from vercors_py.run.model import RunOptions, Schedule
from vercors_py.syntax import ast as A
from vercors_py.syntax import printer

CLASSES = pathlib.Path(__file__).resolve().parents[1] / "data" / "cclasses"
ATOMIC_FILES = sorted(CLASSES.glob("17-*"))
OPTIONS = service.Options(jobs=1)


def updates(text: str, path: str = "k.cu") -> list[tuple[str, str, str]]:
    """(operation, cell, new value) of each atomic update of the mapped kernel."""
    return [(n.op, printer.format_expr(n.target), printer.format_expr(n.update))
            for n in A.walk(kernel(text, path)) if isinstance(n, A.AtomicUpdate)]


# ---- the mapping ----

def test_each_cuda_operation_is_its_update_in_cs_arithmetic():
    text = ("__device__ unsigned int g;\n__shared__ int s;\n"
            "__global__ void k(int *a, unsigned int *u, int c) {\n"
            "  atomicAdd(&a[threadIdx.x], c);\n  atomicInc(u, 5u);\n  atomicDec(&g, 3u);\n  atomicSub(&s, 1);\n"
            "  atomicMax(a + 1, 7);\n  atomicCAS(&a[0], 0, 1);\n  atomicExch_block(u, 9u);\n"
            "  atomicMin_system(&a[3], c);\n  atomicAnd(&a[2], 3);\n  atomicXor(u + 2, 1u);\n}\n")
    assert updates(text) == [
        # Signed atomics wrap (two's complement), unsigned ones modulo 2^32.
        ("atomicAdd", "a[threadIdx.x]", "(a[threadIdx.x] + atomicAdd$arg1 + 2147483648) % 4294967296 - 2147483648"),
        ("atomicInc", "u[0]", "u[0] >= 5 ? 0 : u[0] + 1"),
        ("atomicDec", "g[0]", "g[0] == 0 || g[0] > 3 ? 3 : g[0] - 1"),
        ("atomicSub", "s[0]", "(s[0] - 1 + 2147483648) % 4294967296 - 2147483648"),
        ("atomicMax", "a[1]", "a[1] > 7 ? a[1] : 7"),
        ("atomicCAS", "a[0]", "a[0] == 0 ? 1 : a[0]"),
        ("atomicExch_block", "u[0]", "9"),
        ("atomicMin_system", "a[3]", "a[3] < atomicMin_system$arg2 ? a[3] : atomicMin_system$arg2"),
        ("atomicAnd", "a[2]", "a[2] % 4"),                     # & (2^k - 1) is exact
        # Other bitwise operators are uninterpreted, held in the type's range.
        ("atomicXor", "u[2]", "\\bitxor(u[2], 1) % 4294967296"),
    ]


def test_each_opencl_operation_and_its_atom_spelling():
    text = ("__kernel void k(__global int *a, __local unsigned int *l, __global long *w) {\n"
            "  atomic_inc(a);\n  atom_dec(l);\n  atom_add(w, 3);\n  atomic_xchg(a + 1, 4);\n"
            "  atomic_cmpxchg(a + 2, 0, 1);\n}\n")
    assert updates(text, "k.cl") == [
        ("atomic_inc", "a[0]", "(a[0] + 1 + 2147483648) % 4294967296 - 2147483648"),
        ("atom_dec", "l[0]", "(l[0] - 1) % 4294967296"),
        ("atom_add", "w[0]", "(w[0] + 3 + 9223372036854775808) % 18446744073709551616 - 9223372036854775808"),
        ("atomic_xchg", "a[1]", "4"),
        ("atomic_cmpxchg", "a[2]", "a[2] == 0 ? 1 : a[2]"),
    ]


def test_the_old_value_is_a_local_the_atomic_assigns_before_the_statement():
    shown = body("__global__ void k(int *a, int c) {\n  int x = atomicAdd(&a[threadIdx.x], c) + 1;\n  a[0] = x;\n}\n")
    assert ("int atomicAdd$old1;\nint atomicAdd$arg2 = c;\natomicAdd$old1 = atomicAdd(a[threadIdx.x], "
            "atomicAdd$arg2);\nint x =") in shown


def test_an_atomic_under_and_runs_only_when_c_evaluates_it():
    shown = body("__global__ void k(int *a) {\n  if (threadIdx.x > 0 && atomicCAS(&a[0], 0, 1) == 0) a[1] = 2;\n}\n")
    assert "bool value$1 = threadIdx.x > 0;\nif (value$1) {\nint atomicCAS$old1;" in shown


def test_an_atomic_in_a_loops_update_condition_or_branch_runs_where_c_runs_it():
    shown = body("__global__ void k(int *c, int *a) {\n"
                 "  for (int i = 0; i < 4; atomicAdd(&c[0], 1), i++) { a[threadIdx.x] = i; }\n"
                 "  do { } while (atomicSub(&c[1], 1) > 0);\n"
                 "  a[threadIdx.x] = threadIdx.x > 2 ? atomicMax(&c[2], 5) : 0;\n}\n")
    assert "{\natomicAdd(c[0], 1);\ni = i + 1;\n}" in shown                        # each update
    assert "atomicSub$old1 = atomicSub(c[1], 1);\nif (!(atomicSub(&c[1], 1) > 0))\nbreak;" in shown  # each test
    assert "if (threadIdx.x > 2) {\nint atomicMax$old2;\natomicMax$old2 = atomicMax(c[2], 5);" in shown


def test_a_pointer_into_two_arrays_is_an_atomic_on_the_one_it_names():
    shown = body("__global__ void k(int *a, int *b, int c) {\n  int *p = c ? a : b;\n  atomicMax(p + 1, 7);\n}\n")
    assert "if (p$tag == 1)\natomicMax(a[p + 1], 7);\nelse\natomicMax(b[p + 1], 7);" in shown


def test_the_value_assigned_to_memory_is_the_atomics_result():
    # The store comes after the call is over (C sequences it so): no unsequenced effects.
    text = "__kernel void k(__local int *A, __local int *p) {\n  A[get_local_id(0)] = atomic_inc(p);\n}\n"
    assert refused(text, "k.cl") == []


def test_what_is_not_read_is_refused_where_it_stands():
    cases = {
        # An atomic in a contract: no statement can go before it.
        "__global__ void k(int *a) {\n  __requires(atomicAdd(&a[0], 1) == 0);\n}\n": ("unsupported.atomic", 2),
        "__global__ void k(float *f) {\n  atomicMax((int *) f, 1);\n}\n": ("unsupported.pointer", 2),
        "__global__ void k(int *a) {\n  atomicAdd(&a[0], 1) + a[0];\n}\n": ("unsupported.side-effect", 2),
    }
    for text, (code, line) in cases.items():
        assert [(c, at) for c, at, _ in refused(text)] == [(code, line)], text


def test_a_floating_point_atomic_is_the_mappings_floating_point_arithmetic():
    text = "__global__ void k(float *f) {\n  atomicAdd(f, 1.0f);\n  atomicExch(f + 1, 2.0f);\n}\n"
    [(_, _, add), (_, _, exchange)] = updates(text)
    assert (add, exchange) == ("\\float_add(f[0], atomicAdd$arg1)", "atomicExch$arg2")


# ---- races and the compiled twins ----

@pytest.mark.parametrize("path", ATOMIC_FILES, ids=lambda p: p.name)
def test_races_calls_each_twin_what_it_is(path):
    said = service.races_file(str(path), OPTIONS).verdict.value
    assert said == ("racy" if twins.kind(path) == "racy" else "race-free")


def test_a_race_beside_an_atomic_names_both_threads_and_its_kind():
    result = service.races_file(str(CLASSES / "17-atomic-counter-racy.cu"), OPTIONS)
    [race] = [d for d in result.diagnostics if d.code == "race.data"]
    assert race.message.startswith("read-atomic race on count[0]: thread (gid ")
    assert "atomically updates it with `atomicAdd(count[0], 1)` (line 5)" in race.message
    assert "reads it with `count[0]` (line 6)" in race.message


def test_tickets_are_distinct_only_where_fewer_than_2_to_the_n_are_drawn():
    text = (CLASSES / "17-atomic-ticket-ok.cu").read_text()
    assert service.races_text(text, "k.cu", OPTIONS).verdict.value == "race-free"
    # Without the launch, a grid of one dimension has fewer than 2^31 threads (the launch
    # assumption); one of three dimensions may have 2^32 or more: tickets come round.
    unbounded = "\n".join(line for line in text.splitlines() if not line.startswith("//--"))
    assert service.races_text(unbounded, "k.cu", OPTIONS).verdict.value == "race-free"
    grid = unbounded.replace("slots[t] = threadIdx.x;", "slots[t] = threadIdx.y;")
    assert service.races_text(grid, "k.cu", OPTIONS).verdict.value == "racy"
    # In a loop any number are drawn.
    looped = text.replace("  unsigned int t", "  for (int i = 0; i < 2; i++) {\n  unsigned int t").replace(
        "threadIdx.x;\n}", "threadIdx.x;\n  }\n}")
    assert "for (int i" in looped
    assert service.races_text(looped, "k.cu", OPTIONS).verdict.value == "racy"


def test_a_claim_needs_every_atomic_of_its_array_to_be_the_same_claim():
    text = (CLASSES / "17-atomic-claim-grid-ok.cu").read_text()
    for other, verdict in (("atomicCAS(&flag, 0, 1);", "race-free"), ("atomicCAS(&flag, 1, 0);", "racy"),
                           ("atomicCAS(&flag, 0, 0);", "racy"), ("atomicOr(&flag, 0);", "racy")):
        changed = text.replace("__global__ void k(int *winner) {", "__global__ void k(int *winner) {\n  " + other)
        assert service.races_text(changed, "k.cu", OPTIONS).verdict.value == verdict, other


def test_within_groups_only_the_claims_of_local_memory_count():
    # Races between groups are not checked then: another group's plain write could give a
    # global flag back unreported, so its claim tells nothing; a local flag's does.
    local = (CLASSES / "17-atomic-first-ok.cl").read_text()
    grid = (CLASSES / "17-atomic-claim-grid-ok.cu").read_text()
    assert service.races_text(local, "k.cl", OPTIONS, intra_group=True).verdict.value == "race-free"
    assert service.races_text(grid, "k.cu", OPTIONS, intra_group=True).verdict.value == "racy"


def test_infer_writes_atomic_shares_that_check_verifies_and_none_for_the_racy_twin():
    # check and infer read atomics (engine/execution/atomics.py, infer/shape.py): the
    # race-free counter gets `atomic` on the counter, the racy one no contract.
    inferred = service.infer_file(str(CLASSES / "17-atomic-counter-ok.cu"), OPTIONS)
    assert inferred.verdict.value == "inferred, verified", [d.message for d in inferred.diagnostics]
    assert ", atomic)" in inferred.text and "are not tracked" in inferred.text
    racy = service.infer_file(str(CLASSES / "17-atomic-counter-racy.cu"), OPTIONS)
    assert racy.verdict.value != "inferred, verified" and racy.exit_code != 0


# ---- run: atomics interleave, the count is right ----

@pytest.mark.parametrize("schedule", list(Schedule))
def test_every_schedule_counts_every_atomic_update(schedule):
    text = ("__device__ unsigned int total;\n__global__ void k() {\n"
            "  if (threadIdx.x == 0) total = 0u;\n  __syncthreads();\n"
            "  unsigned int old = atomicAdd(&total, 2u);\n  __assert(old % 2u == 0u && old < 2u * blockDim.x);\n"
            "  __syncthreads();\n"
            "  if (threadIdx.x == 0) __assert(total == 2u * blockDim.x);\n}\n")
    for seed in range(3):
        result = service.run_text(text, "k.cu", RunOptions(schedule=schedule, seed=seed, gsize=5, ngroups=1))
        assert result.verdict.value == "clean", [d.message for d in result.diagnostics]


def test_run_wraps_unsigned_atomics_as_c_does():
    ok = service.run_text((CLASSES / "17-atomic-wrap-ok.cu").read_text(), "k.cu", RunOptions(gsize=4, ngroups=1))
    assert ok.verdict.value == "clean", [d.message for d in ok.diagnostics]
    wrong = service.run_text((CLASSES / "17-atomic-wrap-wrong.cu").read_text(), "k.cu", RunOptions(gsize=4, ngroups=1))
    assert [d.code for d in wrong.diagnostics if d.severity is D.Severity.ERROR] == ["assert.failed"]


def test_run_names_both_threads_of_a_race_beside_an_atomic():
    lengths = (("\\length(in)", 16), ("\\length(out)", 8))
    result = service.run_text((CLASSES / "17-atomic-histogram-racy.cu").read_text(), "k.cu",
                              RunOptions(gsize=8, ngroups=2, params=lengths, contracts=False))
    [race] = [d for d in result.diagnostics if d.code == "race.data"]
    assert race.message.startswith("read-atomic race on bins[")
    assert "atomically updates it" in race.message and "reads it" in race.message
