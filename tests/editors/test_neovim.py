"""`vercors-py lsp` in a real Neovim, with its built-in LSP client, headless.

nvim/check.lua opens a copy of a failing kernel, waits for the server's diagnostic,
replaces the text by the fixed kernel, writes the file (didSave: the server verifies
again), waits for the diagnostics to clear and stops the client. It runs with a client it
starts itself (vim.lsp.start_client + buf_attach_client, from the venv's vercors-py given
in VERCORS_PY), and with the snippets of docs/editor.md as init.lua (each when the nvim
here is new enough), so the documented setup is the tested one: on a .pvl file (with the
snippet's K, gd and lenses), a .cu and a .cl file, and with verifyOn set to "never".
Skipped without `nvim`.
"""
from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from .helpers import (CASES, NEVER, PVL, HERE, assert_milestones, docs_snippet, editor_env, never_verify,
                      round_trip, run_editor, server_bin_dir)

pytestmark = pytest.mark.slow

NVIM = shutil.which("nvim")
CHECK = HERE / "nvim" / "check.lua"
SNIPPETS = {"neovim-0.7": (0, 7), "neovim-0.10": (0, 10), "neovim-0.11": (0, 11)}
FILETYPES = {"pvl": "pvl", "cu": "cuda", "cl": "opencl"}
# the `a` read at the failing line, and its declaration `global int[gsize] a;`
NAME_AT = PVL.where
DECLARATION = "5:21"

needs_nvim = pytest.mark.skipif(NVIM is None, reason="nvim is not on the PATH")


def nvim_version() -> tuple[int, int, int]:
    first = subprocess.run([NVIM, "--version"], capture_output=True, encoding="utf-8",
                           timeout=60).stdout.splitlines()[0]
    match = re.search(r"v(\d+)\.(\d+)\.(\d+)", first)
    assert match, f"cannot read the version of nvim from {first!r}"
    return tuple(int(part) for part in match.groups())


def run_nvim(tmp_path, init: str, case=PVL, **env_extra: str):
    env = editor_env(tmp_path, case, **env_extra)
    cmd = [NVIM, "--headless", "--clean", "-u", init, "-c", f"luafile {CHECK}"]
    # Neovim 0.7 writes its LSP log under stdpath('cache'), 0.10 and later under
    # stdpath('log'), i.e. $XDG_STATE_HOME/nvim.
    logs = [tmp_path / "home" / "cache" / "nvim" / "lsp.log",
            tmp_path / "home" / "state" / "nvim" / "lsp.log"]
    return run_editor(cmd, env, tmp_path, logs)


def snippet_init(tmp_path, snippet: str, never: bool = False) -> str:
    """The docs' snippet as init.lua (read even when skipped: the block must exist)."""
    code = docs_snippet(snippet)
    if never:
        code = never_verify(code, 'verifyOn = "save"')
    since = SNIPPETS[snippet]
    if nvim_version() < since:
        pytest.skip(f"this snippet needs nvim {'.'.join(map(str, since))}, "
                    f"nvim here is {'.'.join(map(str, nvim_version()))}")
    init = tmp_path / "init.lua"
    init.write_text(code, encoding="utf-8")
    return str(init)


@needs_nvim
def test_neovim_client_reports_then_clears_after_the_fix(tmp_path):
    vercors_py = server_bin_dir() / "vercors-py"
    proc, report = run_nvim(tmp_path, "NONE", VERCORS_PY=str(vercors_py))
    assert proc.returncode == 0, report
    assert_milestones(proc.stdout, [
        "filetype pvl",
        "attached vercors-py",
        *round_trip(PVL),
        "server exited with code 0",
        "OK",
    ], report)
    # :write saved the fixed text
    assert (tmp_path / "kernel.pvl").read_text(encoding="utf-8") == PVL.fixed.read_text(encoding="utf-8")


@needs_nvim
@pytest.mark.parametrize("snippet", SNIPPETS)
@pytest.mark.parametrize("kind", CASES)
def test_neovim_setup_of_the_docs(tmp_path, snippet, kind):
    case = CASES[kind]
    init = snippet_init(tmp_path, snippet)
    # on the .pvl file, the snippet's keys and lenses too
    keys = {"VERCORS_CHECK_NAME_AT": NAME_AT} if kind == "pvl" else {}
    proc, report = run_nvim(tmp_path, init, case, VERCORS_CHECK_USE_INIT="1", **keys)
    assert proc.returncode == 0, report
    features = ["lenses shown", "hover shown", f"definition at {DECLARATION}"] if keys else []
    diagnostic, *rest = round_trip(case)
    assert_milestones(proc.stdout, [
        f"filetype {FILETYPES[kind]}",
        "attached vercors-py",
        diagnostic,
        *features,
        *rest,
        "stopped",
        "OK",
    ], report)
    assert (tmp_path / f"kernel{case.suffix}").read_text(encoding="utf-8") == case.fixed.read_text(encoding="utf-8")
    if keys:
        hover = next(line for line in proc.stdout.splitlines() if line.startswith("hover text "))
        assert "global int[gsize] a" in hover, report    # what the server says of the array


@needs_nvim
@pytest.mark.parametrize("snippet", SNIPPETS)
def test_neovim_setup_of_the_docs_sends_its_settings(tmp_path, snippet):
    """verifyOn = "never" in the snippet: nothing is verified on open or save, the lenses
    say so, and the verify command (the lens's) still works."""
    init = snippet_init(tmp_path, snippet, never=True)
    proc, report = run_nvim(tmp_path, init, VERCORS_CHECK_USE_INIT="1", VERCORS_CHECK_SCENARIO="never")
    assert proc.returncode == 0, report
    assert_milestones(proc.stdout, [
        "filetype pvl",
        "attached vercors-py",
        "saved",
        *NEVER,
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
    assert f"diagnostics now: {PVL.code} at {PVL.where}" in proc.stdout, report
    assert "OK" not in proc.stdout.splitlines(), report
