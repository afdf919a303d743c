"""The VS Code client in lsp/vscode: its manifest agrees with the server, its grammar
colours every keyword of the language, its script is valid JavaScript, it has what
`vsce package` needs.  (VS Code itself cannot run here; see docs/editor.md.  Packaging
is tested in test_vscode_package.py.)"""
from __future__ import annotations

import json
import re
import tomllib
import shutil
import subprocess

import pytest

from vercors_py.lsp.features import STOP_COMMAND, VERIFY_COMMAND
from vercors_py.lsp.session import DEFAULT_TIMEOUT, VERIFY_ON

from .helpers import EXAMPLES, REPO

CLIENT = REPO / "lsp" / "vscode"
MANIFEST = json.loads((CLIENT / "package.json").read_text(encoding="utf-8"))
GRAMMAR = json.loads((CLIENT / "syntaxes" / "pvl.tmLanguage.json").read_text(encoding="utf-8"))
SCRIPT = (CLIENT / "extension.js").read_text(encoding="utf-8")


def test_manifest_registers_the_language_grammar_and_settings():
    languages = {language["id"]: language for language in MANIFEST["contributes"]["languages"]}
    assert set(languages) == {"pvl", "opencl"}
    language = languages["pvl"]
    assert language["extensions"] == [".pvl"]
    assert languages["opencl"]["extensions"] == [".cl"]     # VS Code has no id of its own for OpenCL
    for language in languages.values():
        assert (CLIENT / language["configuration"]).is_file()
        json.loads((CLIENT / language["configuration"]).read_text(encoding="utf-8"))
    [grammar] = MANIFEST["contributes"]["grammars"]
    assert grammar["scopeName"] == GRAMMAR["scopeName"] == "source.pvl"
    assert (CLIENT / grammar["path"]).is_file()
    settings = MANIFEST["contributes"]["configuration"]["properties"]
    assert settings["vercorsPy.verifyOn"]["enum"] == list(VERIFY_ON)
    assert settings["vercorsPy.verifyOn"]["default"] == "save"
    assert settings["vercorsPy.timeout"]["default"] == DEFAULT_TIMEOUT
    assert settings["vercorsPy.serverCommand"]["default"] == ["vercors-py", "lsp"]
    assert (CLIENT / MANIFEST["main"]).is_file()
    assert VERIFY_COMMAND in SCRIPT


def test_the_client_serves_cuda_and_opencl_documents():
    # VS Code's own id for CUDA, the id of older CUDA extensions, OpenCL's
    from vercors_py.lsp.languages import LANGUAGE_IDS
    C_LANGUAGE_IDS = set(LANGUAGE_IDS) - {"pvl"}
    assert C_LANGUAGE_IDS == {"cuda-cpp", "cuda", "opencl"}
    [languages] = re.findall(r"const LANGUAGES = \[([^\]]*)\]", SCRIPT)
    assert set(re.findall(r'"([^"]+)"', languages)) == set(LANGUAGE_IDS)
    [patterns] = re.findall(r"const PATTERNS = \[([^\]]*)\]", SCRIPT)
    assert set(re.findall(r'"([^"]+)"', patterns)) == {"**/*.cu", "**/*.cuh", "**/*.cl"}
    assert "documentSelector: DOCUMENT_SELECTOR" in SCRIPT
    events = set(MANIFEST["activationEvents"])
    assert {f"onLanguage:{language}" for language in C_LANGUAGE_IDS} <= events
    assert {"workspaceContains:**/*.cu", "workspaceContains:**/*.cuh", "workspaceContains:**/*.cl"} <= events
    # the palette commands are offered for every file the server checks
    for item in MANIFEST["contributes"]["menus"]["commandPalette"]:
        if item["command"] in ("vercorsPy.verifyFile", "vercorsPy.stopFile"):
            for language in LANGUAGE_IDS:
                assert language in item["when"]
            assert "cu|cuh|cl" in item["when"]
    assert 'languageId !== "pvl"' not in SCRIPT


def _registered(command: str) -> bool:
    return re.search(r'registerCommand\(\s*"' + re.escape(command) + '"', SCRIPT) is not None


def test_the_commands_of_the_manifest_are_the_scripts_or_the_servers():
    commands = {c["command"]: c for c in MANIFEST["contributes"]["commands"]}
    assert {"vercorsPy.verifyFile", "vercorsPy.stopFile", "vercorsPy.restartServer"} <= set(commands)
    assert commands["vercorsPy.stopFile"]["title"] == "Stop verifying this file"
    assert all(c["category"] == "vercors-py" for c in commands.values())
    hidden = {m["command"] for m in MANIFEST["contributes"]["menus"]["commandPalette"] if m.get("when") == "false"}
    for command in commands:
        # the language client registers the server's commands itself: registering them
        # in the script too would fail ("command already exists"); they stay out of the palette
        server_command = command in (VERIFY_COMMAND, STOP_COMMAND)
        assert _registered(command) != server_command, command
        assert (command in hidden) == server_command, command
    # the palette command calls the server's stop command with the document's uri
    assert f'executeCommand("{STOP_COMMAND}", editor.document.uri.toString())' in SCRIPT


def test_the_extension_has_what_vsce_needs():
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert MANIFEST["license"] == pyproject["license"]["text"] == "MIT"
    license_text = (CLIENT / "LICENSE").read_text(encoding="utf-8")
    assert license_text.startswith("MIT License\n")
    if (REPO / "LICENSE").is_file():
        assert license_text == (REPO / "LICENSE").read_text(encoding="utf-8")
    url = MANIFEST["repository"]["url"]
    assert MANIFEST["repository"]["type"] == "git" and url.startswith("https://") and url.endswith(".git")
    for project_url in pyproject.get("urls", {}).values():
        if "github.com/" in project_url:
            assert url.removesuffix(".git") == project_url.removesuffix(".git")
    assert MANIFEST["publisher"] and MANIFEST["engines"]["vscode"]
    assert "screenshot/**" in (CLIENT / ".vscodeignore").read_text(encoding="utf-8").split()


def test_the_readme_names_every_setting_and_command():
    readme = (CLIENT / "README.md").read_text(encoding="utf-8")
    for setting, schema in MANIFEST["contributes"]["configuration"]["properties"].items():
        default = schema["default"]
        assert f"| `{setting}` | `{json.dumps(default) if isinstance(default, (list, type(None))) else default}` |" in readme
    hidden = {m["command"] for m in MANIFEST["contributes"]["menus"]["commandPalette"] if m.get("when") == "false"}
    for command in MANIFEST["contributes"]["commands"]:
        if command["command"] not in hidden:
            assert f"vercors-py: {command['title']}" in readme
    assert "vercors-py lsp" in readme and "docs/editor.md" in readme


def test_the_lockfile_matches_the_manifest():
    # package-lock.json is committed (reproducible installs, `npm ci`); node_modules is not
    lock = json.loads((CLIENT / "package-lock.json").read_text(encoding="utf-8"))
    root = lock["packages"][""]
    assert root["name"] == MANIFEST["name"] and root["version"] == MANIFEST["version"]
    assert root.get("dependencies") == MANIFEST["dependencies"]
    assert root.get("devDependencies") == MANIFEST["devDependencies"]
    # vsce is pinned to one version (see test_vscode_package.py)
    assert re.fullmatch(r"\d+\.\d+\.\d+", MANIFEST["devDependencies"]["@vscode/vsce"])
    ignored = (CLIENT / ".gitignore").read_text(encoding="utf-8").split()
    assert "node_modules/" in ignored and "*.vsix" in ignored and "package-lock.json" not in ignored


def _patterns(node):
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("match", "begin") and isinstance(value, str):
                yield value
            else:
                yield from _patterns(value)
    elif isinstance(node, list):
        for item in node:
            yield from _patterns(item)


def test_the_grammar_colours_every_keyword_of_the_language():
    lark = (REPO / "grammar" / "kernel.lark").read_text(encoding="utf-8")
    keywords = set(re.findall(r'^[A-Z_]+:\s*"([A-Za-z_\\]+\*?)"', lark, re.M))
    keywords |= {k for alt in re.findall(r'^QUANTIFIER:\s*(.+)$', lark, re.M) for k in re.findall(r'"([^"]+)"', alt)}
    keywords |= {"pure", "void", "tid", "lid", "gid", "gsize", "ngroups", "tcount"}
    keywords = {k.replace("\\\\", "\\") for k in keywords}
    assert {"kernel", "barrier", "requires", "Perm", "\\old", "\\forall*"} <= keywords
    # the generic identifier pattern does not count as colouring a keyword
    patterns = [re.compile(p) for p in _patterns(GRAMMAR) if "[A-Za-z_][A-Za-z0-9_]*\\b" not in p]
    missing = [k for k in keywords if not any((m := p.search(f" {k} ")) and k in m.group(0) for p in patterns)]
    assert missing == []


def test_the_extension_script_is_valid_javascript():
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    subprocess.run([node, "--check", str(CLIENT / "extension.js")], check=True)


def test_the_grammar_tokenizes_an_example_with_vscode_textmate():
    node = shutil.which("node")
    if node is None or not (CLIENT / "screenshot" / "node_modules" / "vscode-textmate").is_dir():
        pytest.skip("needs node and `npm install` in lsp/vscode/screenshot")
    out = subprocess.run([node, str(CLIENT / "screenshot" / "tokenize.js"), str(EXAMPLES / "seed004-fig8-demo.pvl")],
                         check=True, capture_output=True, text=True).stdout
    tokens = {text: scopes for line in json.loads(out) for text, scopes in line}
    assert "storage.type.kernel.pvl" in tokens["kernel"]
    assert "keyword.other.barrier.pvl" in tokens["barrier"]
    assert "support.function.perm.pvl" in tokens["Perm"]
    assert "comment.line" in tokens["//::"] or "punctuation.definition.comment" in tokens["//::"]
