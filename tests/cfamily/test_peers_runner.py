"""The per-kernel function of bench/peers.py on two small kernels of our own (the counts
on GPUVerify's suite are the benchmark's job, not the tests')."""
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _peers():
    spec = importlib.util.spec_from_file_location("peers", ROOT / "bench" / "peers.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_measure_one_clean_and_one_broken_kernel(tmp_path):
    peers = _peers()
    good = tmp_path / "good" / "kernel.cl"
    good.parent.mkdir()
    good.write_text("//pass\n//--local_size=8 --num_groups=2\n"
                    "__kernel void k(__global int *a) { a[get_global_id(0)] = 0; }\n")
    bad = tmp_path / "bad" / "kernel.cu"
    bad.parent.mkdir()
    bad.write_text("//xfail:clang_error\n//--blockDim=8 --gridDim=1\n"
                   "__global__ void k(int *a) {\n  a[threadIdx.x] = ;\n}\n")

    ok = peers.measure(good, tmp_path)
    assert (ok.kernel, ok.language, ok.expectation, ok.outcome) == (
        "good/kernel.cl", "cl", "pass", peers.Outcome.PARSED)
    assert ok.code is None and ok.problems == 0 and ok.seconds > 0

    broken = peers.measure(bad, tmp_path, repeat=2)
    assert (broken.language, broken.expectation, broken.outcome) == (
        "cu", "xfail:CLANG_ERROR", peers.Outcome.SYNTAX)
    assert (broken.code, broken.line) == ("syntax.unexpected-token", 4)

    text = peers.render([ok, broken], repeat=2)
    assert "measures parsing only" in text and "`bad/kernel.cu`" in text


def test_missing_suite_is_skipped_with_a_message(tmp_path, capsys):
    assert _peers().main(["--suite", str(tmp_path / "absent")]) == 0
    assert "no test suite" in capsys.readouterr().out
