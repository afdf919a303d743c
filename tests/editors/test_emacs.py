"""`vercors-py lsp` in a real Emacs (batch), with eglot and with lsp-mode.

emacs/check.el loads the client's snippet of docs/editor.md, opens a copy of a failing
kernel, waits for the server's diagnostic in Flymake (with lsp-mode, for the code lenses
too), replaces the text by the fixed kernel, saves (didSave: the server verifies again),
waits for the diagnostics to clear and shuts the server down: on a .pvl, a .cu and a .cl
file. With the client's settings set to verifyOn "never", it checks that nothing is
verified until the verify command asks. Skipped without `emacs`, or without the client
package (Debian: emacs-nox, elpa-eglot, elpa-lsp-mode).
"""
from __future__ import annotations

import functools
import shutil
import subprocess

import pytest

from .helpers import (CASES, NEVER, PVL, HERE, assert_milestones, docs_snippet, editor_env, never_verify,
                      round_trip, run_editor)

pytestmark = pytest.mark.slow

EMACS = shutil.which("emacs")
CHECK = HERE / "emacs" / "check.el"
CLIENTS = ("eglot", "lsp-mode")
MODES = {"pvl": "pvl-mode", "cu": "cuda-mode", "cl": "opencl-mode"}
# where each client's snippet says "save" (eglot's is the block after its snippet)
SETTINGS = {"eglot": ("emacs-eglot-settings", ':verifyOn "save"'),
            "lsp-mode": ("emacs-lsp-mode", '("vercorsPy.verifyOn" "save")')}

needs_emacs = pytest.mark.skipif(EMACS is None, reason="emacs is not on the PATH")


@functools.cache
def has_package(name: str) -> bool:
    probe = ("(progn (require 'package) (package-initialize)"
             f" (princ (if (locate-library \"{name}\") \"yes\" \"no\")))")
    proc = subprocess.run([EMACS, "--batch", "--eval", probe], capture_output=True,
                          encoding="utf-8", errors="replace", timeout=120,
                          stdin=subprocess.DEVNULL)
    return proc.stdout.strip().endswith("yes")


def run_emacs(tmp_path, client: str, setup: str, case=PVL, **env_extra: str):
    if not has_package(client):
        pytest.skip(f"Emacs has no {client} (Debian: elpa-{client})")
    (tmp_path / "setup.el").write_text(setup, encoding="utf-8")
    env = editor_env(tmp_path, case, VERCORS_CHECK_CLIENT=client,
                     VERCORS_CHECK_SETUP=str(tmp_path / "setup.el"), **env_extra)
    return run_editor([EMACS, "--batch", "-l", str(CHECK)], env, tmp_path)


@needs_emacs
@pytest.mark.parametrize("client", CLIENTS)
@pytest.mark.parametrize("kind", CASES)
def test_emacs_client_reports_then_clears_after_the_fix(tmp_path, client, kind):
    case = CASES[kind]
    setup = docs_snippet(f"emacs-{client}")  # read even when skipped: the block must exist
    proc, report = run_emacs(tmp_path, client, setup, case)
    assert proc.returncode == 0, report
    diagnostic, *rest = round_trip(case)
    assert_milestones(proc.stdout, [
        f"mode {MODES[kind]}",
        diagnostic,
        *(["lenses shown"] if client == "lsp-mode" else []),
        *rest,
        "stopped",
        "OK",
    ], report)
    assert (tmp_path / f"kernel{case.suffix}").read_text(encoding="utf-8") == case.fixed.read_text(encoding="utf-8")


@needs_emacs
@pytest.mark.parametrize("client", CLIENTS)
def test_emacs_settings_of_the_docs_reach_the_server(tmp_path, client):
    """verifyOn "never" where the docs set it: nothing is verified on open or save (with
    lsp-mode the lenses say so), and the verify command still works."""
    block, setting = SETTINGS[client]
    setup = docs_snippet(f"emacs-{client}")
    if block == f"emacs-{client}":
        setup = never_verify(setup, setting)
    else:
        setup += never_verify(docs_snippet(block), setting)
    proc, report = run_emacs(tmp_path, client, setup, VERCORS_CHECK_SCENARIO="never")
    assert proc.returncode == 0, report
    assert_milestones(proc.stdout, [
        "mode pvl-mode",
        "saved",
        *NEVER,
        "stopped",
        "OK",
    ], report)
