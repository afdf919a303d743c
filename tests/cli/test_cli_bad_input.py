"""Hostile or broken files: each is refused with a located message, never a traceback."""
import json
import random
import re

import pytest

DEEP = 1000


def garbage() -> bytes:
    rng = random.Random(4)
    data = bytes(rng.randrange(256) for _ in range(4000))
    with pytest.raises(UnicodeDecodeError):
        data.decode("utf-8")
    return data


def kernel_with(expression: str, end: str = ";") -> bytes:
    return f"kernel k {{\n  void main() {{\n    int x = {expression}{end}\n  }}\n}}\n".encode()


CASES = {
    "garbage": (garbage(), "syntax.encoding"),
    "nul": (b"kernel k {\x00}\n", "syntax.encoding"),
    "comment": (b"kernel k {\n  /* never closed\n}\n", "syntax.unterminated-comment"),
    "parens": (b"(" * DEEP + b")" * DEEP + b"\n", "syntax.unexpected-token"),
    "parens-in-kernel": (kernel_with("(" * DEEP + "1" + ")" * DEEP, end=""), "syntax.unexpected-token"),
    "minus": (kernel_with("-" * DEEP + "1"), "syntax.too-deep"),
    "digits": (kernel_with("9" * 5000), "syntax.literal-too-large"),
}


def check_refused(run_cli, tmp_path, name, data, code):
    path = tmp_path / f"{name}.pvl"
    path.write_bytes(data)
    proc = run_cli("check", path.name)
    assert "Traceback" not in proc.stdout + proc.stderr
    assert proc.returncode == 3, proc.stdout + proc.stderr
    assert re.match(rf"{re.escape(path.name)}:\d+:\d+: error: .* \[{re.escape(code)}\]\n", proc.stdout)

    proc = run_cli("check", "--format", "json", path.name)
    assert proc.returncode == 3
    [file] = json.loads(proc.stdout)["files"]
    assert file["verdict"] == "rejected"
    assert code in [d["code"] for d in file["diagnostics"]]
    assert all(d["range"]["start"]["line"] >= 1 for d in file["diagnostics"])


@pytest.mark.parametrize("name", CASES)
def test_refused_with_a_location(run_cli, tmp_path, name):
    data, code = CASES[name]
    check_refused(run_cli, tmp_path, name, data, code)


def test_empty_file_declares_no_kernel(run_cli, tmp_path):
    check_refused(run_cli, tmp_path, "empty", b"", "type.no-kernel")
