"""`vsce package` turns lsp/vscode into a .vsix without asking anything, and the .vsix holds
what VS Code runs (the script, the manifest, the grammar, vscode-languageclient and the
packages it needs) and nothing of the repository's tooling (the screenshot generator, tests,
vsce itself).

Packaging happens in a copy of the folder, so neither node_modules nor a .vsix is left in
the repository.  vsce is the exact version pinned in the devDependencies of package.json,
with its whole tree in package-lock.json: `npm ci` installs it, `npx --no vsce` runs that
copy and never downloads another.  vsce only asks its questions ("Do you want to continue?
[y/N]", after a missing repository or LICENSE) when its output is a terminal; otherwise it
answers yes by itself.  So vsce runs on a pseudo-terminal with its standard input at end
of file: a question gets no answer and no .vsix is written."""
from __future__ import annotations

import json
import os
import re
import select
import shutil
import signal
import subprocess
import time
import zipfile

import pytest

from .helpers import REPO

pytestmark = pytest.mark.slow

CLIENT = REPO / "lsp" / "vscode"
MANIFEST = json.loads((CLIENT / "package.json").read_text(encoding="utf-8"))

# how npm reports a registry it cannot reach
NETWORK_ERROR = re.compile(r"\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|"
                           r"ERR_SOCKET_TIMEOUT|UNABLE_TO_GET_ISSUER_CERT_LOCALLY)\b|npm (ERR!|error) network")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _run_on_a_terminal(argv: list[str], cwd, timeout: float) -> tuple[int, str]:
    """Run argv with stdout and stderr on a pseudo-terminal and stdin at end of file."""
    import pty

    main, sub = pty.openpty()
    env = {**os.environ, "FORCE_COLOR": "0", "NO_COLOR": "1"}
    process = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.DEVNULL, stdout=sub, stderr=sub, env=env,
                               start_new_session=True)
    os.close(sub)
    output = b""
    deadline = time.monotonic() + timeout
    try:
        while True:
            ready, _, _ = select.select([main], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                os.killpg(process.pid, signal.SIGKILL)  # npx and the node process it started
                pytest.fail(f"{' '.join(argv)} did not finish in {timeout} s:\n{output.decode(errors='replace')}")
            try:
                chunk = os.read(main, 65536)
            except OSError:  # EIO: every writer closed the terminal
                break
            if not chunk:
                break
            output += chunk
    finally:
        os.close(main)
        returncode = process.wait(timeout=10)
    return returncode, ANSI.sub("", output.decode(errors="replace")).replace("\r", "")


def test_vsce_packages_the_extension_without_questions(tmp_path):
    npm, npx = shutil.which("npm"), shutil.which("npx")
    if npm is None or npx is None:
        pytest.skip("npm and npx are not installed")
    if os.name != "posix":
        pytest.skip("needs a pseudo-terminal")
    work = tmp_path / "vscode"
    shutil.copytree(CLIENT, work, ignore=shutil.ignore_patterns("node_modules", "*.vsix"))

    # the lockfile as committed: `npm ci` fails if it disagrees with package.json
    try:
        install = subprocess.run(
            [npm, "ci", "--no-audit", "--no-fund", "--prefer-offline", "--fetch-retries=1",
             "--fetch-retry-mintimeout=2000", "--fetch-retry-maxtimeout=10000", "--fetch-timeout=20000"],
            cwd=work, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=150)
    except subprocess.TimeoutExpired:
        pytest.skip("npm ci did not finish in 150 s (is the npm registry reachable?)")
    if install.returncode != 0 and NETWORK_ERROR.search(install.stdout + install.stderr):
        pytest.skip(f"the npm registry is not reachable:\n{install.stderr[-2000:]}")
    assert install.returncode == 0, install.stdout + install.stderr

    vsix = work / f"{MANIFEST['name']}-{MANIFEST['version']}.vsix"
    returncode, output = _run_on_a_terminal([npx, "--no", "vsce", "package"], work, timeout=90)
    assert "Do you want to continue" not in output, output
    assert returncode == 0 and vsix.is_file(), output
    warnings = [line for line in output.splitlines() if "WARNING" in line]
    # left: the advice to bundle the dependencies into one script, and the note that a
    # newer vsce exists (4.x needs Node 22)
    assert all("bundle your extension" in w or "latest version of @vscode/vsce" in w for w in warnings), output

    with zipfile.ZipFile(vsix) as archive:
        names = archive.namelist()
        lower = {name.lower(): name for name in names}
        packaged = json.loads(archive.read("extension/package.json"))
        license_name = lower.get("extension/license.txt") or lower.get("extension/license")
        assert license_name is not None, names
        assert archive.read(license_name) == (CLIENT / "LICENSE").read_bytes()
        readme = lower.get("extension/readme.md")
        assert readme is not None, names
        assert archive.read(readme).decode() == (CLIENT / "README.md").read_text(encoding="utf-8")
        manifest_xml = archive.read("extension.vsixmanifest").decode()

    assert packaged["contributes"] == MANIFEST["contributes"]
    assert f"<License>{license_name}</License>" in manifest_xml
    for path in ["extension.js", *(language["configuration"] for language in MANIFEST["contributes"]["languages"]),
                 *(g["path"] for g in MANIFEST["contributes"]["grammars"])]:
        assert f"extension/{os.path.normpath(path)}" in names, path
    # vscode-languageclient and every package it needs at run time, as locked
    lock = json.loads((CLIENT / "package-lock.json").read_text(encoding="utf-8"))
    runtime = [p for p, entry in lock["packages"].items()
               if p.startswith("node_modules/") and not entry.get("dev") and not entry.get("optional")]
    assert "node_modules/vscode-languageclient" in runtime
    for package in runtime:
        assert f"extension/{package}/package.json" in names, package
    assert "extension/node_modules/vscode-languageclient/node.js" in names
    # nothing else: no dev dependency (vsce), no screenshot generator, no tests
    installed = {m.group(0) for n in names if (m := re.match(r"extension/node_modules/(@[^/]+/)?[^/]+(?=/)", n))}
    assert installed == {f"extension/{p}" for p in runtime if p.count("node_modules/") == 1}
    assert not [n for n in names if n.startswith("extension/screenshot/")]
    assert not [n for n in names if {"test", "tests", "__tests__"} & set(n.lower().split("/")[:-1])
                or re.search(r"[._-](test|spec)\.[cm]?js$", n)]
    assert not [n for n in names if n.endswith((".vsix", ".gitignore", ".vscodeignore", "package-lock.json"))]
