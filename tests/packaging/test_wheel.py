"""The wheel is self-contained: installed into a fresh venv, away from the source tree,
it parses a program (so the grammar ships inside it), and every subcommand of its
command, the language server included, works on examples copied out of the repository
(so every module and data file that a command needs at run time is in the wheel)."""
import asyncio
import json
import os
import pathlib
import shutil
import subprocess
import sys

import pytest
from lsprotocol import types
from pygls.lsp.client import LanguageClient

pytestmark = pytest.mark.slow

REPO = pathlib.Path(__file__).resolve().parents[2]

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

# Copied flat into the folder the installed command runs in.
EXAMPLES = [
    "examples/seed004-fig8-demo.pvl",
    "examples/seed004-fig8-wrong-read-perm.pvl",
    "examples/cuda/transpose-2d-blocks-depth.cu",
    "tests/data/protocols/loop-race-free.pvl",      # no contract: what `infer` is for
]


def environment(cache: pathlib.Path | None = None) -> dict[str, str]:
    # Nothing of the source tree may leak in through the environment; `cache` keeps the
    # caches of the installed copy (parser tables, results) apart from the developer's.
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    if cache is not None:
        env["XDG_CACHE_HOME"] = str(cache)
    return env


def run(cmd, code=0, env=None, **kw) -> subprocess.CompletedProcess:
    proc = subprocess.run([str(c) for c in cmd], env=env or environment(),
                          capture_output=True, text=True, timeout=300, **kw)
    assert proc.returncode == code, proc.stdout + proc.stderr
    return proc


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """A fresh venv with the project's wheel installed, a folder outside the repository
    holding copies of the examples, and the environment to run the command in."""
    tmp = tmp_path_factory.mktemp("wheel")
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", tmp / "dist", REPO])
    [wheel] = (tmp / "dist").glob("vercors_py-*.whl")
    venv = tmp / "venv"
    run([sys.executable, "-m", "venv", venv])
    run([venv / "bin" / "python", "-m", "pip", "install", "-q", wheel])
    work = tmp / "work"
    work.mkdir()
    for example in EXAMPLES:
        shutil.copy(REPO / example, work)
    return venv, work, environment(tmp / "cache")


def test_installed_wheel_parses_with_its_own_grammar(installed):
    venv, work, env = installed
    proc = run([venv / "bin" / "python", "-c", PARSE], cwd=work, input=DEMO, env=env)
    assert pathlib.Path(proc.stdout.strip()).is_relative_to(venv)


def test_installed_command_reports_its_version(installed):
    venv, work, env = installed
    proc = run([venv / "bin" / "vercors-py", "--version"], cwd=work, env=env)
    assert proc.stdout.startswith("vercors-py ")
    assert "not installed" not in proc.stdout


# (arguments, exit code, text the output must contain)
COMMANDS = [
    (["check", "seed004-fig8-demo.pvl"], 0, "seed004-fig8-demo.pvl: verified"),
    (["check", "seed004-fig8-wrong-read-perm.pvl"], 1, "[perm.read]"),
    (["run", "seed004-fig8-demo.pvl"], 0, "seed004-fig8-demo.pvl: clean"),
    (["races", "transpose-2d-blocks-depth.cu"], 1, "write-write race on tile[0]"),
    (["infer", "loop-race-free.pvl"], 0, "loop_invariant (\\forall* int j_"),
    (["obligations", "seed004-fig8-demo.pvl"], 0, "// demo/thread (thread)"),
    (["explain", "perm.read"], 0, "perm.read: a read of a memory cell without a positive permission"),
]


@pytest.mark.parametrize("args, code, expected", COMMANDS, ids=lambda v: " ".join(v) if isinstance(v, list) else None)
def test_installed_subcommand(installed, args, code, expected):
    venv, work, env = installed
    proc = run([venv / "bin" / "vercors-py", *args], code=code, cwd=work, env=env)
    assert expected in proc.stdout + proc.stderr
    assert "internal error" not in proc.stdout + proc.stderr


def test_installed_check_writes_sarif(installed):
    venv, work, env = installed
    proc = run([venv / "bin" / "vercors-py", "check", "--format", "sarif", "seed004-fig8-wrong-read-perm.pvl"],
               code=1, cwd=work, env=env)
    log = json.loads(proc.stdout)
    assert log["version"] == "2.1.0"
    assert [r["ruleId"] for r in log["runs"][0]["results"]] == ["perm.read"]


async def _first_diagnostics(server: list[str], cwd: pathlib.Path, env: dict, path: pathlib.Path):
    """Open `path` in the language server: the first non-empty diagnostics it publishes,
    or None and why not (with what the server wrote to stderr)."""
    client = LanguageClient("wheel-test", "1")
    published = asyncio.get_running_loop().create_future()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def on_publish(params: types.PublishDiagnosticsParams) -> None:
        if params.diagnostics and not published.done():
            published.set_result(params.diagnostics)

    await client.start_io(*server, cwd=cwd, env=env)
    try:
        async def session():
            await client.initialize_async(types.InitializeParams(capabilities=types.ClientCapabilities()))
            client.initialized(types.InitializedParams())
            client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
                uri=path.as_uri(), language_id="pvl", version=1, text=path.read_text(encoding="utf-8"))))
            return await published
        diagnostics = await asyncio.wait_for(session(), 120)
        await client.shutdown_async(None)
        client.exit(None)
        await asyncio.wait_for(client.stop(), 30)
        return diagnostics, ""
    except Exception as exc:            # a server that cannot start or answer
        if client._server.returncode is None:
            client._server.kill()
        return None, f"{exc!r}\n" + (await client._server.stderr.read()).decode(errors="replace")


def test_installed_language_server_publishes_diagnostics(installed):
    venv, work, env = installed
    diagnostics, stderr = asyncio.run(_first_diagnostics(
        [str(venv / "bin" / "vercors-py"), "lsp"], work, env, work / "seed004-fig8-wrong-read-perm.pvl"))
    assert diagnostics is not None, stderr
    assert "perm.read" in {d.code for d in diagnostics}
