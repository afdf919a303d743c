"""Every line of README.md's Usage block runs as it stands, from the repository's root
with the venv's bin folder on PATH (as the README tells a user to set it up), and exits
with the code its file calls for."""
from __future__ import annotations

import os
import pathlib
import re
import subprocess
import sys

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
BIN = pathlib.Path(sys.executable).parent

# Each line of the block: its exit code (README's table) and a text its output contains.
EXPECTED = {
    "vercors-py check examples/seed004-fig8-demo.pvl examples/stencil-3pt.pvl":
        (0, "2 files: 2 verified"),
    "vercors-py check examples/cuda/transpose-2d-blocks.cu --gsize 16,16":
        (0, "examples/cuda/transpose-2d-blocks.cu: verified"),
    "vercors-py check --format json examples/seed004-fig8-demo.pvl examples/cuda/fig8-demo.cu":
        (0, '"path": "examples/cuda/fig8-demo.cu",\n      "verdict": "verified"'),
    "vercors-py check --format sarif examples/seed004-fig8-*.pvl":
        (1, '"ruleId": "perm.read"'),
    "vercors-py check --obligations examples/seed004-fig9-binomial.pvl":
        (0, "✓ function:binom"),
    "vercors-py check --timeout 30 -j 2 examples/reduce-local.pvl":
        (0, "examples/reduce-local.pvl: verified"),
    "vercors-py check --color always examples/seed004-fig8-wrong-read-perm.pvl":
        (1, "\x1b["),                  # coloured although the output is a pipe
    "vercors-py check --replay examples/seed004-fig8-wrong-post.pvl":
        (1, "it happens when the kernel runs"),
    "vercors-py races tests/data/protocols/shared-neighbour-racy.cu":
        (1, "tests/data/protocols/shared-neighbour-racy.cu: racy"),
    "vercors-py infer tests/data/protocols/loop-race-free.pvl":
        (0, "tests/data/protocols/loop-race-free.pvl: inferred, verified"),
    "vercors-py run examples/seed004-fig8-no-barrier.pvl":
        (1, "[race.data]"),
    "vercors-py run --schedule lockstep --gsize 4 --ngroups 2 --trace examples/tile-rotate-global-cross-group.pvl":
        (1, "trace of the first problem: launch gsize = 4, ngroups = 2; schedule lockstep"),
    "vercors-py picture --ngroups 1 --out /tmp/shift-left.svg examples/tutorial/03-barriers/shift-left.pvl":
        (0, "picture in /tmp/shift-left.svg"),
    "vercors-py obligations examples/seed004-fig8-demo.pvl":
        (0, "// demo/thread (thread)"),
    "vercors-py explain perm.read":
        (0, "perm.read: a read of a memory cell"),
    "vercors-py lsp":                   # stdin is empty: the client has gone, so it ends
        (0, ""),
    "vercors-py --version":
        (0, "vercors-py "),
}


def usage_lines() -> list[str]:
    """The commands of the first code block under `## Usage` (lines starting with `#`
    say what the next one does)."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Usage\n", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"^```\n(.*?)^```$", section, re.S | re.M).group(1)
    return [line for line in block.splitlines() if line.strip() and not line.startswith("#")]


def test_every_usage_line_has_its_expected_exit_code_here():
    assert sorted(usage_lines()) == sorted(EXPECTED)


@pytest.mark.slow
@pytest.mark.parametrize("line", usage_lines())
def test_usage_line_runs_as_written(line):
    code, text = EXPECTED[line]
    env = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")
    # Through a shell, as a user types it: the SARIF line's wildcard is the shell's.
    done = subprocess.run(["bash", "-c", line], cwd=REPO, env=env, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=300)
    output = done.stdout + done.stderr
    assert done.returncode == code, output
    assert text in output
    assert "internal error" not in output
