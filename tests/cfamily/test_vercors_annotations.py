"""VerCors's annotation vocabulary in CUDA and OpenCL contracts (cfamily/vercors_annotations.py,
cfamily/vercors_olds.py, docs/vercors-c-annotations.md): each construct beside a wrong twin
that must fail, the constructs without exact meaning refused at their place, and the
files of VerCors's corpus (tests/data/vercors/) through the CLI."""
from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

from vercors_py import service
from vercors_py.cfamily.launch import Launch

# VerCors's GPU examples, from its corpus (tests/data/vercors/PROVENANCE.md, MPL 2.0).
DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "vercors" / "concepts" / "gpgpu"
ONE_DIMENSION = service.Options(jobs=1, launch=Launch(dims=1))


def verdict(text: str, path: str = "k.cu") -> tuple[str, set[str]]:
    result = service.check_text(text, path, ONE_DIMENSION)
    return result.verdict.value, {d.code for d in result.diagnostics if d.severity.value == "error"}


def refused(text: str, path: str = "k.cu") -> list[tuple[str, int, int]]:
    found = service.analyze(text, path).diagnostics
    return [(d.code, d.span.start_line, d.span.start_col) for d in found]


# ---- pointers ------------------------------------------------------------------------------

POINTER_INDEX = """
/*@ context \\pointer_index(a, {index}, write); @*/
__global__ void k(int *a) {{
  a[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}}
"""


def test_pointer_index_gives_each_thread_its_cell():
    assert verdict(POINTER_INDEX.format(index="\\gtid")) == ("verified", set())


def test_pointer_index_of_the_local_id_gives_two_threads_one_cell():
    # Thread 0 of every block claims a[0]: two threads, one cell (a race when compiled).
    status, codes = verdict(POINTER_INDEX.format(index="threadIdx.x"))
    assert status == "failed" and codes & {"injectivity.quantified", "distribution.kernel"}


def test_pointer_index_states_the_bounds_it_gives():
    # VerCors's \pointer_index says the cell is inside the block: no length is needed.
    text = POINTER_INDEX.format(index="\\gtid").replace("a[blockIdx.x * blockDim.x + threadIdx.x] = 1;",
                                                        "a[blockIdx.x * blockDim.x + threadIdx.x + 1] = 1;")
    status, codes = verdict(text)
    assert status == "failed" and codes & {"bounds.index", "perm.write"} or "perm" in " ".join(codes)


AMPERSAND = """
/*@ context \\pointer_length(a) == {length};
    context \\gtid < {length} ==> Perm(&a[\\gtid], write); @*/
__global__ void k(int *a) {{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < {length}) a[{cell}] = 1;
}}
"""


def test_perm_of_an_address_is_the_cell():
    assert verdict(AMPERSAND.format(length=64, cell="i")) == ("verified", set())


def test_perm_of_an_address_gives_no_other_cell():
    status, _ = verdict(AMPERSAND.format(length=64, cell="63 - i"))
    assert status == "failed"


POINTER = """
/*@ context \\gtid == 0 ==> \\pointer(a, n, write);
    context n <= {bound}; @*/
__global__ void k(int *a, int n) {{
  if (blockIdx.x == 0 && threadIdx.x == 0) {{
    /*@ loop_invariant 0 <= j && j <= n; loop_invariant \\pointer(a, n, write); @*/
    for (int j = 0; j < n; j++) a[j] = j;
  }}
}}
"""


def test_pointer_gives_a_thread_the_first_n_cells():
    assert verdict(POINTER.format(bound="\\pointer_length(a)"))[0] == "verified"


def test_pointer_gives_no_cell_beyond_the_n():
    status, _ = verdict(POINTER.format(bound="\\pointer_length(a)").replace("a[j] = j", "a[j + 1] = j"))
    assert status == "failed"


def test_pointer_of_every_thread_gives_two_threads_one_cell():
    text = POINTER.format(bound="\\pointer_length(a)").replace("\\gtid == 0 ==> \\pointer", "\\pointer", 1)
    assert verdict(text)[0] == "failed"


NULL = """
/*@ context a != NULL && \\pointer_length(a) > \\gtid;
    context Perm(a[\\gtid], write);
    ensures {claim}; @*/
__global__ void k(int *a) {{ a[blockIdx.x * blockDim.x + threadIdx.x] = 2; }}
"""


def test_an_array_parameter_is_not_null():
    assert verdict(NULL.format(claim="a != NULL"))[0] == "verified"


def test_an_array_parameter_is_never_null():
    assert verdict(NULL.format(claim="a == NULL"))[0] == "failed"


# ---- the launch ---------------------------------------------------------------------------

OPENCL = """
/*@ context \\pointer_length(a) == get_global_size(0);
    context Perm(&a[{index}], write);
    ensures a[{index}] == get_group_id(0) * get_local_size(0) + get_local_id(0); @*/
__kernel void k(__global int *a) {{ a[get_global_id(0)] = get_global_id(0); }}
"""


def test_opencl_ids_in_annotations():
    assert verdict(OPENCL.format(index="get_global_id(0)"), "k.cl") == ("verified", set())


def test_opencl_local_id_of_global_memory_gives_two_threads_one_cell():
    assert verdict(OPENCL.format(index="get_local_id(0)"), "k.cl")[0] == "failed"


CUDA_IDS = """
/*@ context \\pointer_length(a) == gridDim.x * blockDim.x;
    context Perm(&a[blockIdx.x * blockDim.x + threadIdx.x], write);
    ensures a[blockIdx.x * blockDim.x + threadIdx.x] == {value}; @*/
__global__ void k(int *a) {{ a[blockIdx.x * blockDim.x + threadIdx.x] = threadIdx.x; }}
"""


def test_cuda_ids_in_annotations():
    assert verdict(CUDA_IDS.format(value="\\ltid")) == ("verified", set())


def test_cuda_ids_in_annotations_wrong_value():
    assert verdict(CUDA_IDS.format(value="\\gtid"))[0] == "failed"


# ---- barriers ------------------------------------------------------------------------------

BARRIER = """
/*@ context blockDim.x == 32;
    context \\pointer_length(out) == gridDim.x * blockDim.x;
    context Perm(&out[\\gtid], write);
    requires \\ltid == 0 ==> Perm(&s[0], write);
    ensures out[\\gtid] == 1; @*/
__global__ void k(int *out) {{
  __shared__ int s[1];
  if (threadIdx.x == 0) s[0] = 1;
  /*@ context Perm(&out[blockIdx.x * blockDim.x + threadIdx.x], write);
      context \\old(out[blockIdx.x * blockDim.x + threadIdx.x]) == out[blockIdx.x * blockDim.x + threadIdx.x];
      requires threadIdx.x == 0 ==> Perm(&s[0], write);
      requires threadIdx.x == 0 ==> s[0] == 1;
      ensures {shares}; ensures s[0] == 1; @*/
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[0];
}}
"""


def test_barrier_contract_with_old_values():
    assert verdict(BARRIER.format(shares="Perm(&s[0], read)")) == ("verified", set())


def test_barrier_contract_that_loses_a_needed_permission_fails():
    # The barrier takes everything the thread holds and gives back its `ensures`: without
    # out[gtid] in it the write after the barrier has no permission.
    text = BARRIER.format(shares="Perm(&s[0], read)").replace(
        "context Perm(&out[blockIdx.x * blockDim.x + threadIdx.x], write);\n", "requires Perm(&out[blockIdx.x * blockDim.x + threadIdx.x], write);\n", 1)
    assert verdict(text)[0] == "failed"


def test_old_in_a_barrier_is_the_kernels_start():
    text = BARRIER.format(shares="Perm(&s[0], read)").replace(
        "  if (threadIdx.x == 0) s[0] = 1;", "  if (threadIdx.x == 0) s[0] = 1;\n  out[blockIdx.x * blockDim.x + threadIdx.x] = 7;")
    assert verdict(text)[0] == "failed"


# ---- arithmetic ----------------------------------------------------------------------------

DIVISION = """
/*@ context \\pointer_length(a) > \\gtid ** Perm(a[\\gtid], write);
    ensures a[\\gtid] == {value}; @*/
__global__ void k(int *a) {{ int m = -7; a[blockIdx.x * blockDim.x + threadIdx.x] = m / 2 + m % 2; }}
"""


def test_division_in_a_file_for_vercors_truncates_as_c():
    # -7 / 2 + -7 % 2 is -3 + -1 in C and in VerCors's annotations.
    assert verdict(DIVISION.format(value="-7 / 2 + -7 % 2")) == ("verified", set())


def test_division_in_a_file_for_vercors_is_not_euclidean():
    assert verdict(DIVISION.format(value="-4 + 1"))[0] == "failed"


def test_division_in_the_languages_own_annotations_stays_euclidean():
    own = """
/*@ context \\length(a) > tid ** Perm(a[tid], write);
    ensures a[tid] == -7 / 2 + -7 % 2; @*/
__global__ void k(int *a) { int m = -7; a[blockIdx.x * blockDim.x + threadIdx.x] = m / 2 + m % 2; }
"""
    assert verdict(own)[0] == "failed"      # -4 + 1 in the language, -4 in C


# ---- refused -------------------------------------------------------------------------------

@pytest.mark.parametrize("annotation, code, at", [
    ("context \\pointer_block_length(a) > 0;", "unsupported.function", "\\pointer_block_length"),
    ("context get_work_dim() == 1;", "unsupported.function", "get_work_dim"),
    ("context get_local_size(n) > 0;", "unsupported.dimension", "get_local_size"),
    ("context threadIdx.w == 0;", "unsupported.dimension", "threadIdx"),
    ("given int x;", "unsupported.declaration", "given"),
    ("context __vercors_barrier__ == 0;", "unsupported.function", "__vercors_barrier__"),
    ("context \\pointer_index(a + 1, 0, write);", "unsupported.pointer", "\\pointer_index"),
    ("context n != NULL;", "unsupported.pointer", "NULL"),
])
def test_constructs_without_exact_meaning_are_refused_at_their_place(annotation, code, at):
    text = f"/*@ {annotation} @*/\n__global__ void k(int *a, int n) {{ }}\n"
    found = refused(text)
    assert (code, 1, 1 + text.index(at)) in found, found


# ---- VerCors's own files through the CLI --------------------------------------------------

def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "vercors_py", *args], capture_output=True, text=True, timeout=600)


def test_vercors_cuda_example_is_read_and_its_race_found():
    # examples/concepts/gpgpu/cuda.cu: VerCors passes it, but with two blocks thread 0 of
    # each writes a[0]; `races` finds the race, `check` the two claims of one cell.
    path = str(DATA / "cuda.cu")
    assert cli("races", path).returncode == 1
    checked = cli("check", path)
    assert checked.returncode == 1 and "injectivity" in checked.stdout + checked.stderr


@pytest.mark.parametrize("name", ["static_shared_cuda.cu", "dynamic_shared_opencl.cl"])
def test_vercors_examples_are_read(name):
    # Read unmodified (exit 0 verified or 1 failed, never 3 rejected); what stops the
    # verdict is said in docs/vercors-c-annotations.md.
    assert cli("check", "--dims", "1", "--timeout", "5", str(DATA / name)).returncode in (0, 1)


# ---- `int a[]` parameters ----------------------------------------------------------------

@pytest.mark.parametrize("write, verdict_", [
    ("a[blockIdx.x * blockDim.x + threadIdx.x] = 1;", "race-free"),
    ("a[threadIdx.x] = 1;", "racy"),                  # thread 0 of every block writes a[0]
    ("a[0] = threadIdx.x;", "racy"),
])
def test_an_array_parameter_whose_cells_are_written_stays_the_array(write, verdict_):
    # C adjusts `int a[]` to `int *a`: writing a[i] writes memory, not the parameter, so
    # annotations in the body still name the array (VerCors's cuda.cu).
    from vercors_py.races.model import RacesVerdict
    result = service.races_text(f"__global__ void k(int a[]) {{ {write} }}", "k.cu", service.Options(jobs=1))
    assert result.verdict is (RacesVerdict.RACY if verdict_ == "racy" else RacesVerdict.RACE_FREE)
    annotated = """
/*@ context \\pointer_length(a) == gridDim.x * blockDim.x ** Perm(&a[\\gtid], write); @*/
__global__ void k(int a[]) {
  a[blockIdx.x * blockDim.x + threadIdx.x] = 1;
  /*@ context Perm(&a[blockIdx.x * blockDim.x + threadIdx.x], write);
      context a[blockIdx.x * blockDim.x + threadIdx.x] == 1; @*/
  __syncthreads();
}"""
    assert verdict(annotated) == ("verified", set())


def test_the_integer_one_is_the_whole_permission():
    # VerCors's examples/archive/known-problems/856/simple-ltid.cu writes the amount as 1.
    assert verdict(POINTER_INDEX.format(index="\\gtid").replace("write)", "1)")) == ("verified", set())


def test_launch_sizes_in_a_vercors_contract_are_launch_facts():
    # VerCors's examples state the launch in the kernel's contract (`context blockDim.y == 1`):
    # a fact over sizes alone holds everywhere, and is read as one, so the kernel is
    # checked for the launches it allows without `--dims`.
    text = "/*@ context blockDim.y == 1 && blockDim.z == 1 && gridDim.y == 1 && gridDim.z == 1;\n" \
        + CUDA_IDS.format(value="\\ltid").lstrip().removeprefix("/*@ ")
    result = service.check_text(text, "k.cu", service.Options(jobs=1, timeout=5.0))
    assert result.verdict.value == "verified", [d.message for d in result.diagnostics]
