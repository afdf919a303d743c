"""The per-kernel function of bench/peers.py on small kernels of our own (the counts on
GPUVerify's suite are the benchmark's job, not the tests'), and one smoke run over a few
of the suite's kernels when ../shared is there."""
import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SUITE = ROOT.parent / "shared" / "peers" / "gpuverify-testsuite"


def _peers():
    spec = importlib.util.spec_from_file_location("peers", ROOT / "bench" / "peers.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _kernel(root: Path, name: str, text: str) -> Path:
    path = root / name
    path.parent.mkdir(parents=True)
    path.write_text(text)
    return path


GOOD = ("//pass\n//--local_size=8 --num_groups=2\n"
        "__kernel void k(__global int *a) { a[get_global_id(0)] = 0; }\n")
BAD = ("//xfail:clang_error\n//--blockDim=8 --gridDim=1\n"
       "__global__ void k(int *a) {\n  a[threadIdx.x] = ;\n}\n")
ATOMIC = ("//pass\n//--blockDim=8 --gridDim=1\n"
          "__global__ void k(int *a) {\n  __requires(atomicAdd(a, 1) == 0);\n}\n")
UNKNOWN = ("//pass\n//--blockDim=8 --gridDim=1\n/*@ requires nosuch > 0; @*/\n"
           "__global__ void k(int *a) {\n  a[threadIdx.x] = 1;\n}\n")
UNDECLARED = ("//pass\n//--blockDim=8 --gridDim=1\n"
              "__global__ void k(int *a) {\n  a[threadIdx.x] = nosuch;\n}\n")


def test_measure_one_clean_and_one_broken_kernel(tmp_path):
    peers = _peers()
    good = _kernel(tmp_path, "good/kernel.cl", GOOD)
    bad = _kernel(tmp_path, "bad/kernel.cu", BAD)

    ok = peers.measure(good, tmp_path)
    assert (ok.kernel, ok.language, ok.expectation, ok.outcome) == (
        "good/kernel.cl", "cl", "pass", peers.Outcome.MAPPED)
    assert ok.stages == (peers.Outcome.PARSED, peers.Outcome.MAPPED)
    assert ok.code is None and ok.problems == 0 and ok.seconds > 0
    assert len(ok.stage_seconds) == 2 and sum(ok.stage_seconds) == pytest.approx(ok.seconds)

    broken = peers.measure(bad, tmp_path, repeat=2)
    assert (broken.language, broken.expectation, broken.outcome) == (
        "cu", "xfail:CLANG_ERROR", peers.Outcome.SYNTAX)
    assert (broken.code, broken.line) == ("syntax.c-parse", 4)
    assert broken.stages == (peers.Outcome.SYNTAX,) and broken.stage == "parse"
    # clang's semantic errors end the parse stage too: the kernel is not C
    undeclared = peers.measure(_kernel(tmp_path, "undeclared/kernel.cu", UNDECLARED), tmp_path)
    assert (undeclared.outcome, undeclared.code, undeclared.line) == (peers.Outcome.SYNTAX, "type.c-semantic", 4)

    text = peers.render([ok, broken], repeat=2)
    assert "## Stage 1: parse" in text and "## Stage 2: mapped" in text
    assert "`bad/kernel.cu`" in text and "bench/peers.py --write" in text


def test_mapping_stage_outcomes(tmp_path):
    peers = _peers()
    unsupported = peers.measure(_kernel(tmp_path, "atomic/kernel.cu", ATOMIC), tmp_path)
    assert unsupported.outcome is peers.Outcome.UNSUPPORTED
    assert unsupported.stages == (peers.Outcome.PARSED, peers.Outcome.UNSUPPORTED)
    assert unsupported.code == "unsupported.atomic" and unsupported.line == 4
    assert unsupported.stage == "mapped"

    rejected = peers.measure(_kernel(tmp_path, "unknown/kernel.cu", UNKNOWN), tmp_path)
    assert rejected.outcome is peers.Outcome.REJECTED
    assert rejected.code.startswith("type.") and rejected.code in rejected.codes

    mapped = peers.measure(_kernel(tmp_path, "good/kernel.cl", GOOD), tmp_path)
    text = peers.render([unsupported, rejected, mapped], repeat=1)
    assert "| unsupported.atomic | 1 | 1 |" in text
    assert f"| {rejected.code} | 1 | 1 |" in text
    assert "| **pass** (all) | 1 | 3 | 33% |" in text
    assert "## Crashes\n\nNone." in text


def test_unsupported_wins_over_type_errors():
    peers = _peers()
    from vercors_py import diagnostics as D
    errors = (D.error("type.unknown-name", None, "x"), D.error("unsupported.type", None, "the type `float4`"))
    assert peers._classify(errors)[0] is peers.Outcome.UNSUPPORTED
    assert peers._classify(errors[:1]) == (peers.Outcome.REJECTED, errors[0])


def test_an_exception_is_a_crash_with_its_last_frames(tmp_path, monkeypatch):
    peers = _peers()

    def boom(text, path, launch=None):
        raise KeyError("no such node")
    monkeypatch.setattr(peers.service, "analyze", boom)
    crash = peers.measure(_kernel(tmp_path, "good/kernel.cl", GOOD), tmp_path)
    assert crash.outcome is peers.Outcome.CRASHED and crash.stage == "mapped"
    assert crash.stages == (peers.Outcome.PARSED, peers.Outcome.CRASHED)
    assert crash.code == "KeyError" and "no such node" in crash.message
    assert crash.trace and "in boom" in crash.trace[-1]
    text = peers.render([crash], repeat=1)
    assert "`good/kernel.cl` | mapped | KeyError" in text


def test_missing_suite_is_skipped_with_a_message(tmp_path, capsys):
    assert _peers().main(["--suite", str(tmp_path / "absent")]) == 0
    assert "no test suite" in capsys.readouterr().out


@pytest.mark.skipif(not SUITE.is_dir(), reason="GPUVerify's test suite is not in ../shared")
def test_a_few_kernels_of_the_suite():
    peers = _peers()
    paths = peers.kernels(SUITE)
    assert len(paths) == 669
    chosen = paths[::67]            # ten kernels across both languages
    results = [peers.measure(p, SUITE) for p in chosen]
    assert {r.language for r in results} == {"cl", "cu"}
    for r in results:
        assert r.outcome in peers.FINAL and r.stages and r.stages[-1] is r.outcome
        assert (r.code is None) == (r.outcome is peers.Outcome.MAPPED)
    races = [r for r in (peers.measure_races(p, m) for p, m in zip(chosen, results)) if r is not None]
    assert races and all(r.outcome is not peers.Agreement.CRASHED for r in races)
    text = peers.render(results, repeat=1, races=races)
    assert f"**Summary:** {len(results)} kernels" in text
    assert f"on the {len(races)} mapped kernels" in text


# ---- races against GPUVerify's verdicts ----

RACY = ("//xfail:NOT_ALL_VERIFIED\n//--local_size=8 --num_groups=1 --no-inline\n"
        "//kernel.cl: error: possible write-write race on a\\[0\\]\n"
        "__kernel void k(__local int *a) {\n  a[0] = get_local_id(0);\n}\n")
FREE = ("//pass\n//--local_size=8 --num_groups=1\n"
        "__kernel void k(__local int *a) {\n  a[get_local_id(0)] = 0;\n}\n")
ASSERTS = ("//xfail:NOT_ALL_VERIFIED\n//--local_size=8 --num_groups=1\n"
           "//kernel.cl:4:3: error: this assertion might not hold\n"
           "__kernel void k(int x) {\n  __assert(x > 0);\n}\n")


def test_what_gpuverify_expects_from_the_header():
    peers = _peers()
    head = peers.header(RACY)
    assert head.options == ("--local_size=8", "--num_groups=1", "--no-inline")
    assert head.patterns == ("kernel.cl: error: possible write-write race on a\\[0\\]",)
    E = peers.Expected
    assert peers.expected("pass", head.patterns) is E.RACE_FREE
    assert peers.expected("xfail:NOT_ALL_VERIFIED", head.patterns) is E.RACY
    assert peers.expected("xfail:NOT_ALL_VERIFIED", ["Write by work item [\\d]+ with local id"]) is E.RACY
    assert peers.expected("xfail:NOT_ALL_VERIFIED",
                          ["barrier may be reached by non-uniform control flow"]) is E.DIVERGENCE
    assert peers.expected("xfail:NOT_ALL_VERIFIED", ["this assertion might not hold"]) is E.NOT_A_RACE
    assert peers.expected("xfail:NOT_ALL_VERIFIED", ["On entry to loop (traces)"]) is E.NOT_A_RACE
    assert peers.expected("xfail:NOT_ALL_VERIFIED", []) is E.NOT_A_RACE
    assert peers.error_kind(["possible array out-of-bounds access on array L"]) == "out-of-bounds"
    assert peers.error_kind(["a = 12"]) == "unspecified"
    # an empty `//` line among the regexes is no regex; a line of code ends them
    assert peers.header("//pass\n//--blockDim=8 --warp-sync=32\n//\n//x\nint y;\n//z\n").patterns == ("x",)
    options = peers.header("//pass\n//--blockDim=8 --only-divergence=1 --no-benign-tolerance\n")
    assert options.option(peers.EXCLUDING) == "--only-divergence"
    # races reads GPUVerify's warp-sync mode (docs/warps.md): such a kernel is run.
    assert peers.header("//pass\n//--blockDim=8 --warp-sync=32\n").option(peers.EXCLUDING) is None
    assert options.option((peers.NO_BENIGN,)) == peers.NO_BENIGN
    assert peers.header("//pass\n").options == ()


def _races(peers, root, name, text):
    path = _kernel(root, name, text)
    return peers.measure_races(path, peers.measure(path, root))


def test_races_against_the_expectation(tmp_path):
    peers = _peers()
    A = peers.Agreement
    agreed = _races(peers, tmp_path, "racy/kernel.cl", RACY)
    assert (agreed.expected, agreed.outcome, agreed.verdict) == (peers.Expected.RACY, A.AGREED_RACY, "racy")
    assert agreed.same_kind and agreed.code == "race.data" and agreed.benign_writes
    free = _races(peers, tmp_path, "free/kernel.cl", FREE)
    assert free.outcome is A.AGREED_FREE and free.code is None and free.seconds > 0
    alarm = _races(peers, tmp_path, "alarm/kernel.cl", RACY.replace("//xfail:NOT_ALL_VERIFIED", "//pass"))
    assert alarm.outcome is A.FALSE_ALARM
    missed = _races(peers, tmp_path, "missed/kernel.cl",
                    FREE.replace("//pass", "//xfail:NOT_ALL_VERIFIED").replace("--num_groups=1\n", "--num_groups=1\n//race\n"))
    assert missed.outcome is A.MISSED
    warps = _races(peers, tmp_path, "warps/kernel.cl", FREE.replace("--num_groups=1", "--num_groups=1 --warp-sync=32"))
    assert (warps.outcome, warps.excluded_by, warps.verdict) == (A.AGREED_FREE, None, "race-free")
    divergence = _races(peers, tmp_path, "divergence/kernel.cl",
                        FREE.replace("--num_groups=1", "--num_groups=1 --only-divergence"))
    assert (divergence.outcome, divergence.excluded_by, divergence.verdict) == (A.EXCLUDED, "--only-divergence", None)
    check = _races(peers, tmp_path, "asserts/kernel.cl", ASSERTS)
    assert (check.expected, check.outcome, check.verdict, check.kind) == (
        peers.Expected.NOT_A_RACE, A.FOUND, "failed", "assertion")
    assert check.same_kind and "assert.failed" in check.codes
    # not looked at: kernels the front end does not map, and other expectations
    assert _races(peers, tmp_path, "bad/kernel.cu", BAD) is None

    races = [agreed, free, alarm, missed, divergence, check]
    met, sentence = peers.target(races)
    assert not met and "1 missed races" in sentence and "3 agreed" in sentence
    text = peers.render([peers.measure(tmp_path / "free/kernel.cl", tmp_path)], repeat=1, races=races)
    assert "## races against GPUVerify's verdicts" in text and "**Result:** NOT met" in text
    assert "### Missed races\n\n| kernel" in text and "`missed/kernel.cl` | racy | yes | race-free |" in text
    assert "`alarm/kernel.cl` | race-free | yes | racy | race.data |" in text
    assert "| `divergence/kernel.cl` | race-free | `--only-divergence` |" in text
    assert "| **all** | 6 | 1 | 1 | 1 | 1 | 0 | 0 | 1 | 1 | 0 |" in text
    assert "## races against" not in peers.render([peers.measure(tmp_path / "free/kernel.cl", tmp_path)], repeat=1)


def test_no_benign_tolerance_turns_benign_writes_off(tmp_path):
    peers = _peers()
    same = ("//xfail:NOT_ALL_VERIFIED\n//--local_size=8 --num_groups=1 {}\n//possible write-write race\n"
            "__kernel void k(__local int *a) {{\n  a[0] = 0;\n}}\n")
    benign = _races(peers, tmp_path, "benign/kernel.cl", same.format(""))
    assert benign.benign_writes and benign.outcome is peers.Agreement.MISSED
    strict = _races(peers, tmp_path, "strict/kernel.cl", same.format("--no-benign-tolerance"))
    assert not strict.benign_writes and strict.outcome is peers.Agreement.AGREED_RACY


def test_an_exception_in_races_is_a_crash_with_its_last_frames(tmp_path, monkeypatch):
    peers = _peers()
    from vercors_py.races import program

    def boom(*args, **kwargs):
        raise KeyError("no such access")
    # caught by the service (internal.error): raised again outside it for the frames
    monkeypatch.setattr(program, "races_checked", boom)
    caught = _races(peers, tmp_path, "caught/kernel.cl", FREE)
    assert caught.outcome is peers.Agreement.CRASHED and caught.code == "internal.error"
    assert "no such access" in caught.message and caught.trace and "in boom" in caught.trace[-1]
    # escaping the service
    monkeypatch.setattr(peers.service, "races_text", boom)
    escaped = _races(peers, tmp_path, "escaped/kernel.cl", FREE)
    assert escaped.outcome is peers.Agreement.CRASHED and escaped.code == "KeyError"
    assert escaped.trace and "in boom" in escaped.trace[-1]
    text = "\n".join(peers.render_races([caught, escaped]))
    assert "| `escaped/kernel.cl` | races | KeyError |" in text and "0 missed races" in text


def test_the_parse_stage_has_the_header_lines_defines(tmp_path):
    peers = _peers()
    text = ("//pass\n//--blockDim=8 --gridDim=1 -DWIDTH=8\n"
            "__global__ void k(int *a) {\n  __shared__ int t[WIDTH];\n  t[threadIdx.x] = 0;\n}\n")
    result = peers.measure(_kernel(tmp_path, "defined/kernel.cu", text), tmp_path)
    assert result.stages[0] is peers.Outcome.PARSED, (result.code, result.message)
