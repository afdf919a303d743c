"""The wheel is self-contained: installed into a fresh venv, away from the source tree,
it parses a program (so the grammar ships inside it) and its command runs."""
import os
import pathlib
import subprocess
import sys

import pytest

pytestmark = pytest.mark.slow

DEMO = """kernel demo {
  global int[gsize] a;
  context_everywhere ngroups == 1;
  requires Perm(a[tid], write);
  ensures  Perm(a[tid], write) ** a[tid] == tid;
  void main() {
    a[tid] = tid;
  }
}
"""

PARSE = """
import sys
import vercors_py
from vercors_py.syntax import parser
result = parser.parse(sys.stdin.read(), "demo.pvl")
assert result.program is not None, result.diagnostics
print(vercors_py.__file__)
"""


def run(cmd, cache=None, **kw) -> subprocess.CompletedProcess:
    # Nothing of the source tree may leak in through the environment either; `cache`
    # keeps the parser's table cache of the installed copy apart from the developer's.
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    if cache is not None:
        env["XDG_CACHE_HOME"] = str(cache)
    proc = subprocess.run([str(c) for c in cmd], env=env, capture_output=True, text=True,
                          timeout=300, **kw)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """A fresh venv with the project's wheel installed, and an empty folder to run in."""
    repo = pathlib.Path(__file__).resolve().parents[2]
    tmp = tmp_path_factory.mktemp("wheel")
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", tmp / "dist", repo])
    [wheel] = (tmp / "dist").glob("vercors_py-*.whl")
    venv = tmp / "venv"
    run([sys.executable, "-m", "venv", venv])
    run([venv / "bin" / "python", "-m", "pip", "install", "-q", wheel])
    work = tmp / "work"
    work.mkdir()
    return venv, work, tmp / "cache"


def test_installed_wheel_parses_with_its_own_grammar(installed):
    venv, work, cache = installed
    proc = run([venv / "bin" / "python", "-c", PARSE], cwd=work, input=DEMO, cache=cache)
    assert pathlib.Path(proc.stdout.strip()).is_relative_to(venv)


def test_installed_command_reports_its_version(installed):
    venv, work, cache = installed
    proc = run([venv / "bin" / "vercors-py", "--version"], cwd=work, cache=cache)
    assert proc.stdout.startswith("vercors-py ")
    assert "not installed" not in proc.stdout
