"""The VS Code client in lsp/vscode: its manifest agrees with the server, its grammar
colours every keyword of the language, its script is valid JavaScript.  (VS Code itself
cannot run here; see docs/editor.md.)"""
from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

from vercors_py.lsp.features import VERIFY_COMMAND
from vercors_py.lsp.session import DEFAULT_TIMEOUT, VERIFY_ON

from .helpers import EXAMPLES, REPO

CLIENT = REPO / "lsp" / "vscode"
MANIFEST = json.loads((CLIENT / "package.json").read_text(encoding="utf-8"))
GRAMMAR = json.loads((CLIENT / "syntaxes" / "pvl.tmLanguage.json").read_text(encoding="utf-8"))


def test_manifest_registers_the_language_grammar_and_settings():
    [language] = MANIFEST["contributes"]["languages"]
    assert language["id"] == "pvl" and language["extensions"] == [".pvl"]
    assert (CLIENT / language["configuration"]).is_file()
    [grammar] = MANIFEST["contributes"]["grammars"]
    assert grammar["scopeName"] == GRAMMAR["scopeName"] == "source.pvl"
    assert (CLIENT / grammar["path"]).is_file()
    settings = MANIFEST["contributes"]["configuration"]["properties"]
    assert settings["vercorsPy.verifyOn"]["enum"] == list(VERIFY_ON)
    assert settings["vercorsPy.verifyOn"]["default"] == "save"
    assert settings["vercorsPy.timeout"]["default"] == DEFAULT_TIMEOUT
    assert settings["vercorsPy.serverCommand"]["default"] == ["vercors-py", "lsp"]
    assert (CLIENT / MANIFEST["main"]).is_file()
    assert VERIFY_COMMAND in (CLIENT / "extension.js").read_text(encoding="utf-8")


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
