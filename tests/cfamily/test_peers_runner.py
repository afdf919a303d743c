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
          "__global__ void k(int *a) {\n  atomicAdd(a, 1);\n}\n")
UNKNOWN = ("//pass\n//--blockDim=8 --gridDim=1\n"
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
    assert (broken.code, broken.line) == ("syntax.unexpected-token", 4)
    assert broken.stages == (peers.Outcome.SYNTAX,) and broken.stage == "parse"

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
    text = peers.render(results, repeat=1)
    assert f"**Summary:** {len(results)} kernels" in text
