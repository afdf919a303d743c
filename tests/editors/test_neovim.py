"""`vercors-py lsp` in a real Neovim, with its built-in LSP client, headless.

nvim/check.lua opens a copy of a failing kernel, waits for the server's diagnostic,
replaces the text by the fixed kernel, writes the file (didSave: the server verifies
again), waits for the diagnostics to clear and stops the client. It runs with a client it
starts itself (vim.lsp.start_client + buf_attach_client, from the venv's vercors-py given
in VERCORS_PY), and with the snippets of docs/editor.md as init.lua (each when the nvim
here is new enough), so the documented setup is the tested one. Skipped without `nvim`.
"""
from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from .helpers import (CODE, FIXED, HERE, ROUND_TRIP, WHERE, assert_milestones, docs_snippet, editor_env,
                      run_editor, server_bin_dir)

pytestmark = pytest.mark.slow

NVIM = shutil.which("nvim")
CHECK = HERE / "nvim" / "check.lua"

needs_nvim = pytest.mark.skipif(NVIM is None, reason="nvim is not on the PATH")


def nvim_version() -> tuple[int, int, int]:
    first = subprocess.run([NVIM, "--version"], capture_output=True, encoding="utf-8",
                           timeout=60).stdout.splitlines()[0]
    match = re.search(r"v(\d+)\.(\d+)\.(\d+)", first)
    assert match, f"cannot read the version of nvim from {first!r}"
    return tuple(int(part) for part in match.groups())


def run_nvim(tmp_path, init: str, **env_extra: str):
    env = editor_env(tmp_path, **env_extra)
    cmd = [NVIM, "--headless", "--clean", "-u", init, "-c", f"luafile {CHECK}"]
    # Neovim 0.7 writes its LSP log under stdpath('cache'), 0.10 and later under
    # stdpath('log'), i.e. $XDG_STATE_HOME/nvim.
    logs = [tmp_path / "home" / "cache" / "nvim" / "lsp.log",
            tmp_path / "home" / "state" / "nvim" / "lsp.log"]
    return run_editor(cmd, env, tmp_path, logs)


@needs_nvim
def test_neovim_client_reports_then_clears_after_the_fix(tmp_path):
    vercors_py = server_bin_dir() / "vercors-py"
    proc, report = run_nvim(tmp_path, "NONE", VERCORS_PY=str(vercors_py))
    assert proc.returncode == 0, report
    assert_milestones(proc.stdout, [
        "filetype pvl",
        "attached vercors-py",
        *ROUND_TRIP,
        "server exited with code 0",
        "OK",
    ], report)
    # :write saved the fixed text
    assert (tmp_path / "kernel.pvl").read_text(encoding="utf-8") == FIXED.read_text(encoding="utf-8")


@needs_nvim
@pytest.mark.parametrize("snippet, since", [
    ("neovim-0.7", (0, 7)),
    ("neovim-0.10", (0, 10)),
    ("neovim-0.11", (0, 11)),
])
def test_neovim_setup_of_the_docs(tmp_path, snippet, since):
    code = docs_snippet(snippet)  # read even when skipped: the block must exist
    if nvim_version() < since:
        pytest.skip(f"this snippet needs nvim {'.'.join(map(str, since))}, "
                    f"nvim here is {'.'.join(map(str, nvim_version()))}")
    init = tmp_path / "init.lua"
    init.write_text(code, encoding="utf-8")
    proc, report = run_nvim(tmp_path, str(init), VERCORS_CHECK_USE_INIT="1")
    assert proc.returncode == 0, report
    assert_milestones(proc.stdout, [
        "filetype pvl",
        "attached vercors-py",
        *ROUND_TRIP,
        "stopped",
        "OK",
    ], report)


@needs_nvim
def test_neovim_check_fails_when_the_diagnostic_does_not_come(tmp_path):
    """The script's failure path: waiting for a code the server never reports ends in a
    non-zero exit with what it saw, within its timeout (so the tests above can fail)."""
    vercors_py = server_bin_dir() / "vercors-py"
    proc, report = run_nvim(tmp_path, "NONE", VERCORS_PY=str(vercors_py),
                            VERCORS_CHECK_CODE="perm.no-such-code", VERCORS_CHECK_TIMEOUT="10")
    assert proc.returncode != 0, report
    assert "FAILED: no diagnostic perm.no-such-code within the timeout" in proc.stdout, report
    assert f"diagnostics now: {CODE} at {WHERE}" in proc.stdout, report
    assert "OK" not in proc.stdout.splitlines(), report
