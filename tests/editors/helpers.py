"""Running real editors headless against `vercors-py lsp`: shared by the editor tests."""
from __future__ import annotations

import os
import pathlib
import re
import subprocess
import sys
from dataclasses import dataclass

import pytest

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parents[1]
DOCS = REPO / "docs" / "editor.md"
EXAMPLES = REPO / "examples"


@dataclass(frozen=True)
class Case:
    """A failing kernel, the text that fixes it, and the diagnostic it gets first."""
    failing: pathlib.Path
    fixed: pathlib.Path
    code: str
    where: str  # line:column, both from 1

    @property
    def suffix(self) -> str:
        return self.failing.suffix


CASES = {
    # the read `a[(tid + 1) % gsize]` after a barrier that hands out a[tid] only
    "pvl": Case(EXAMPLES / "seed004-fig8-wrong-read-perm.pvl", EXAMPLES / "seed004-fig8-demo.pvl",
                "perm.read", "18:14"),
    "cu": Case(EXAMPLES / "cuda" / "fig8-wrong-read-perm.cu", EXAMPLES / "cuda" / "fig8-demo.cu",
               "perm.read", "19:20"),
    "cl": Case(EXAMPLES / "opencl" / "fig8-no-barrier.cl", EXAMPLES / "opencl" / "fig8-demo.cl",
               "perm.read", "14:10"),
}
PVL = CASES["pvl"]


def round_trip(case: Case) -> list[str]:
    """What every editor's script prints between attaching and stopping the client."""
    return [f"diagnostic {case.code} at {case.where}", "saved", "cleared"]


# The settings case: with verification off, the failing .pvl gets its fast checks (no
# error) on open and on save, nothing is verified until the verify command asks for it.
NEVER = [
    "no verification on open or save",
    f"verified on request: {PVL.code} at {PVL.where}",
]

# Each editor run waits at most this long for each of its steps; the process as a whole
# is given PROCESS_TIMEOUT before it is killed (a Lua or Lisp error that escaped the
# script would otherwise leave a headless editor running for ever).
STEP_TIMEOUT = 60
PROCESS_TIMEOUT = 300


def server_bin_dir() -> pathlib.Path:
    """The folder of the vercors-py that belongs to the Python running the tests (the venv's
    bin/), without resolving the interpreter's symlink out of the venv."""
    folder = pathlib.Path(sys.executable).parent
    if not (folder / "vercors-py").exists():
        pytest.skip(f"no vercors-py script beside {sys.executable} (package not installed?)")
    return folder


def docs_snippet(name: str) -> str:
    """The code block of docs/editor.md right after the comment `<!-- tested: NAME ... -->`."""
    text = DOCS.read_text(encoding="utf-8")
    match = re.search(r"<!-- tested: " + re.escape(name) + r"\b[^>]*-->\s*\n```[a-z]*\n(.*?)\n```",
                      text, re.S)
    assert match, f"docs/editor.md has no code block marked `<!-- tested: {name} -->`"
    return match.group(1) + "\n"


def never_verify(snippet: str, setting: str) -> str:
    """The snippet with its `verifyOn` setting (written `setting`, saying "save") turned to
    "never", as a user would edit it."""
    assert snippet.count(setting) == 1, f"the snippet does not say {setting!r} exactly once:\n{snippet}"
    return snippet.replace(setting, setting.replace('"save"', '"never"'))


def editor_env(tmp_path: pathlib.Path, case: Case = PVL, **extra: str) -> dict[str, str]:
    """The environment of an editor run: a home of its own under tmp_path (no user
    configuration, logs kept there), the venv's bin/ first on the PATH (the snippets of
    the docs start plain `vercors-py`), the file to open and the text that fixes it."""
    home = tmp_path / "home"
    for sub in ("", "cache", "state", "data", "config"):
        (home / sub).mkdir(parents=True, exist_ok=True)
    kernel = tmp_path / f"kernel{case.suffix}"
    kernel.write_text(case.failing.read_text(encoding="utf-8"), encoding="utf-8")
    env = dict(os.environ)
    env.update(
        HOME=str(home),
        XDG_CACHE_HOME=str(home / "cache"),
        XDG_STATE_HOME=str(home / "state"),
        XDG_DATA_HOME=str(home / "data"),
        XDG_CONFIG_HOME=str(home / "config"),
        PATH=str(server_bin_dir()) + os.pathsep + os.environ.get("PATH", ""),
        VERCORS_CHECK_FILE=str(kernel),
        VERCORS_CHECK_FIXED=str(case.fixed),
        VERCORS_CHECK_CODE=case.code,
        VERCORS_CHECK_TIMEOUT=str(STEP_TIMEOUT),
    )
    env.update(extra)
    return env


def run_editor(cmd: list[str], env: dict[str, str], cwd: pathlib.Path,
               logs: list[pathlib.Path] = ()) -> tuple[subprocess.CompletedProcess, str]:
    """Run an editor; return the process and a report of it (command, exit code, output,
    logs) for assertion messages."""
    try:
        proc = subprocess.run(cmd, env=env, cwd=cwd, stdin=subprocess.DEVNULL,
                              capture_output=True, encoding="utf-8", errors="replace",
                              timeout=PROCESS_TIMEOUT)
    except subprocess.TimeoutExpired as exc:
        out = exc.stdout.decode(errors="replace") if isinstance(exc.stdout, bytes) else exc.stdout
        err = exc.stderr.decode(errors="replace") if isinstance(exc.stderr, bytes) else exc.stderr
        pytest.fail(f"{cmd[0]} did not finish within {PROCESS_TIMEOUT} s\n"
                    f"--- stdout\n{out or ''}\n--- stderr\n{err or ''}\n" + _logs(logs))
    report = (f"command: {' '.join(cmd)}\nexit code: {proc.returncode}\n"
              f"--- stdout\n{proc.stdout}\n--- stderr\n{proc.stderr}\n" + _logs(logs))
    return proc, report


def _logs(paths) -> str:
    parts = []
    for path in paths:
        for log in sorted(pathlib.Path(path).parent.glob(pathlib.Path(path).name)):
            text = log.read_text(encoding="utf-8", errors="replace")
            parts.append(f"--- {log} (last 4000 characters)\n{text[-4000:]}")
    return "\n".join(parts)


def assert_milestones(stdout: str, expected: list[str], report: str) -> None:
    """Every expected line is printed, in this order (other lines may come between)."""
    lines = [line.strip() for line in stdout.splitlines()]
    at = 0
    for want in expected:
        try:
            at = lines.index(want, at) + 1
        except ValueError:
            pytest.fail(f"the editor did not print {want!r} (after the earlier milestones)\n"
                        + report)
