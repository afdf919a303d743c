"""`vercors-py lsp` in a real Emacs (batch), with eglot and with lsp-mode.

emacs/check.el loads the client's snippet of docs/editor.md, opens a copy of a failing
kernel, waits for the server's diagnostic in Flymake, replaces the text by the fixed
kernel, saves (didSave: the server verifies again), waits for the diagnostics to clear
and shuts the server down. Skipped without `emacs`, or without the client package
(Debian: emacs-nox, elpa-eglot, elpa-lsp-mode).
"""
from __future__ import annotations

import functools
import shutil
import subprocess

import pytest

from .helpers import (FIXED, HERE, ROUND_TRIP, assert_milestones, docs_snippet, editor_env,
                      run_editor)

pytestmark = pytest.mark.slow

EMACS = shutil.which("emacs")
CHECK = HERE / "emacs" / "check.el"


@functools.cache
def has_package(name: str) -> bool:
    probe = ("(progn (require 'package) (package-initialize)"
             f" (princ (if (locate-library \"{name}\") \"yes\" \"no\")))")
    proc = subprocess.run([EMACS, "--batch", "--eval", probe], capture_output=True,
                          encoding="utf-8", errors="replace", timeout=120,
                          stdin=subprocess.DEVNULL)
    return proc.stdout.strip().endswith("yes")


@pytest.mark.skipif(EMACS is None, reason="emacs is not on the PATH")
@pytest.mark.parametrize("client", ["eglot", "lsp-mode"])
def test_emacs_client_reports_then_clears_after_the_fix(tmp_path, client):
    setup = docs_snippet(f"emacs-{client}")  # read even when skipped: the block must exist
    if not has_package(client):
        pytest.skip(f"Emacs has no {client} (Debian: elpa-{client})")
    (tmp_path / "setup.el").write_text(setup, encoding="utf-8")
    env = editor_env(tmp_path, VERCORS_CHECK_CLIENT=client,
                     VERCORS_CHECK_SETUP=str(tmp_path / "setup.el"))
    proc, report = run_editor([EMACS, "--batch", "-l", str(CHECK)], env, tmp_path)
    assert proc.returncode == 0, report
    assert_milestones(proc.stdout, [
        "mode pvl-mode",
        *ROUND_TRIP,
        "stopped",
        "OK",
    ], report)
    assert (tmp_path / "kernel.pvl").read_text(encoding="utf-8") == FIXED.read_text(encoding="utf-8")
