"""`vercors-py explain` and docs/errors.md: every registered code has an entry with its
meaning, causes and fix, and a kernel that shows it (each one is checked here: it gets
its code, and its fixed twin verifies)."""
from __future__ import annotations

import subprocess
import sys

import pytest

from vercors_py import diagnostics as D
from vercors_py import explain, service
from vercors_py.run.model import RunOptions

# Codes no kernel can show, each with the reason its entry gives instead.
NO_EXAMPLE = {
    "internal.error": "a fault of the tool",
    "syntax.encoding": "the file is not text",
    "infer.cannot": "reported by `infer`, not by `check` or `run`",
    "picture.too-large": "reported by `picture`, not by `check` or `run`",
}
OPTIONS = service.Options(timeout=2.0, jobs=1)
ENTRIES = [(code, explain.entry(code)) for code in D.CODES]
EXAMPLES = [pytest.param(code, i, ex, id=f"{code}-{i}-{ex.kind}")
            for code, e in ENTRIES if e is not None for i, ex in enumerate(e.examples)]


@pytest.mark.parametrize("code", list(D.CODES))
def test_every_code_has_an_entry_with_causes_and_a_fix(code):
    found = explain.entry(code)
    assert found is not None, f"vercors_py/explain/{code.split('.')[0]}.md has no section `## {code}`"
    assert "**Usual causes.**" in found.text and "**Usual fix.**" in found.text
    shows = [ex for ex in found.examples if ex.kind in ("check", "run")]
    if code in NO_EXAMPLE:
        assert not shows and "**No example.**" in found.text
    else:
        assert shows, f"{code}: no kernel that shows it"


def test_every_section_is_a_registered_code_of_its_family():
    for family in D.FAMILIES:
        for code in explain.entries(family):
            assert code in D.CODES and code.split(".")[0] == family, code


def _options(text: str) -> dict[str, str]:
    """`--timeout 1`, `--max-steps 1000`, `--init a=zeros`: the options an example may carry."""
    words = text.split()
    found = dict(zip(words[::2], words[1::2]))
    assert set(found) <= {"--timeout", "--max-steps", "--init"} and len(words) % 2 == 0, text
    return found


@pytest.mark.parametrize("code, i, example", EXAMPLES)
def test_each_example_does_what_its_entry_says(code, i, example, tmp_path):
    # Written to a file named as its language wants (`.pvl`, `.cu`, `.cl`) and checked
    # from there, as `vercors-py check FILE` would.
    path = tmp_path / f"{code}-{i}{example.suffix}"
    path.write_text(example.source, encoding="utf-8")
    given = _options(example.options)
    if example.kind == "run":
        init = (tuple(given["--init"].split("=", 1)),) if "--init" in given else ()
        result = service.run_file(str(path), RunOptions(
            max_steps=int(given.get("--max-steps", RunOptions().max_steps)), init=init))
        assert code in {d.code for d in result.diagnostics}, [d.code for d in result.diagnostics]
        return
    options = service.Options(timeout=float(given.get("--timeout", OPTIONS.timeout)), jobs=1)
    result = service.check_file(str(path), options)
    if example.kind == "check":
        assert code in {d.code for d in result.diagnostics}, [d.code for d in result.diagnostics]
    else:
        assert result.verdict.value == "verified", [(d.code, d.message) for d in result.diagnostics]


def test_kernels_may_be_written_in_cuda_and_opencl():
    entry = explain.Entry("x.y", "\n".join([
        "```pvl check --timeout 1", "kernel k { }", "```",
        "```cuda check", "__global__ void k(int *a) { }", "```",
        "```opencl fixed --timeout 3", "__kernel void k(__global int *a) { }", "```",
        "```cuda run --max-steps 1000", "__global__ void k(int *a) { }", "```",
        "```c", "not a kernel of the entry", "```", ""]))
    found = [(ex.language, ex.kind, ex.options, ex.suffix) for ex in entry.examples]
    assert found == [("pvl", "check", "--timeout 1", ".pvl"), ("cuda", "check", "", ".cu"),
                     ("opencl", "fixed", "--timeout 3", ".cl"), ("cuda", "run", "--max-steps 1000", ".cu")]
    assert entry.examples[1].source == "__global__ void k(int *a) { }\n"


def test_no_kernel_fence_is_left_unchecked():
    # A fence that looks like a kernel of an entry but is not read as one (a misspelt
    # language or kind) would never be checked.
    for family in D.FAMILIES:
        path = explain.family_file(family)
        if not path.is_file():
            continue
        text = path.read_text(encoding="utf-8")
        fences = [line for line in text.splitlines() if line.startswith("```") and (
            line[3:].split()[:1] in ([lang] for lang in explain.SUFFIXES)
            or line[3:].split()[1:2] in (["check"], ["run"], ["fixed"]))]
        read = sum(len(e.examples) for e in explain.entries(family).values())
        assert len(fences) == read, (family, fences)


def _explain(*args):
    return subprocess.run([sys.executable, "-m", "vercors_py", "explain", *args],
                          capture_output=True, text=True, timeout=60)


def test_the_command_explains_a_code_a_family_and_lists_all():
    done = _explain("perm.read")
    assert done.returncode == 0 and done.stdout.startswith("perm.read: ")
    assert "**Usual fix.**" in done.stdout
    assert _explain("[perm.read]").stdout == done.stdout          # pasted as printed
    family = _explain("perm")
    assert family.returncode == 0 and "perm.write" in family.stdout
    everything = _explain()
    assert all(code in everything.stdout for code in D.CODES)
    wrong = _explain("perm.raed")
    assert wrong.returncode == 2 and "did you mean perm.read" in wrong.stderr and not wrong.stdout


def test_the_entries_ship_with_the_package():
    # what the editor's links point at: files inside the installed package
    for family in D.FAMILIES:
        assert explain.family_file(family).is_file(), family
    assert explain.href("perm.read").endswith("/explain/perm.md#permread")
