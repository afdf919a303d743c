"""`vercors-py check` run as a process: output formats, several files, exit codes."""
import json
import re

BAD = """kernel demo {
  global int[gsize] a;
  requires Perm(a[tid], write);
  void main() {
    a[tid] := tid;
  }
}
"""
MISSING_BRACE = "kernel k {\n  void main() {\n    int x = 1;\n  }\n"


def write(folder, name, text):
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def assert_clean(proc):
    assert "Traceback" not in proc.stdout + proc.stderr


def assert_range(rng):
    assert set(rng) == {"start", "end"}
    for end in ("start", "end"):
        assert set(rng[end]) == {"line", "column"}
        assert all(isinstance(v, int) and v >= 1 for v in rng[end].values())
    assert (rng["start"]["line"], rng["start"]["column"]) <= (rng["end"]["line"], rng["end"]["column"])


def assert_schema(report):
    """The JSON report's shape, as docs/cli.md describes it."""
    assert list(report) == ["files"]
    for file in report["files"]:
        assert list(file) == ["path", "verdict", "seconds", "assumptions", "diagnostics", "obligations"]
        assert file["verdict"] in {"verified", "failed", "rejected", "timeout"}
        for d in file["diagnostics"]:
            assert set(d) - {"obligation"} == {"code", "severity", "message", "range", "related", "notes"}
            assert re.fullmatch(r"[a-z]+\.[a-z-]+", d["code"])
            assert d["severity"] in {"error", "warning", "note"}
            if d["range"] is not None:
                assert_range(d["range"])
            for r in d["related"]:
                assert list(r) == ["message", "range"]
                assert_range(r["range"])
            assert all(isinstance(n, str) for n in d["notes"])
        for o in file["obligations"]:
            assert list(o) == ["name", "kind", "verdict", "seconds"]


def test_syntax_error_text(run_cli, tmp_path):
    write(tmp_path, "bad.pvl", BAD)
    proc = run_cli("check", "bad.pvl")
    assert proc.returncode == 3
    assert_clean(proc)
    lines = proc.stdout.splitlines()
    assert re.match(r"bad\.pvl:5:12: error: .* \[syntax\.unexpected-token\]$", lines[0])
    assert lines[1:3] == ["    a[tid] := tid;", "           ^"]
    assert lines[-1] == "bad.pvl: rejected: 1 error"


def test_syntax_error_json(run_cli, tmp_path):
    write(tmp_path, "bad.pvl", BAD)
    proc = run_cli("check", "--format", "json", "bad.pvl")
    assert proc.returncode == 3
    report = json.loads(proc.stdout)
    assert_schema(report)
    [file] = report["files"]
    assert file["path"] == "bad.pvl" and file["verdict"] == "rejected"
    [d] = file["diagnostics"]
    assert d["code"].startswith("syntax.")
    assert d["range"]["start"] == {"line": 5, "column": 12}


def test_several_files_in_one_call(run_cli, tmp_path):
    write(tmp_path, "one.pvl", BAD)
    write(tmp_path, "two.pvl", MISSING_BRACE)
    proc = run_cli("check", "one.pvl", "two.pvl")
    assert proc.returncode == 3
    assert_clean(proc)
    assert "one.pvl:5:12: error:" in proc.stdout
    assert "two.pvl:5:1: error:" in proc.stdout
    assert proc.stdout.index("one.pvl: rejected") < proc.stdout.index("two.pvl: rejected")
    assert proc.stdout.splitlines()[-1] == "2 files: 2 rejected"

    proc = run_cli("check", "--format", "json", "two.pvl", "one.pvl")
    report = json.loads(proc.stdout)
    assert_schema(report)
    assert [f["path"] for f in report["files"]] == ["two.pvl", "one.pvl"]


def test_missing_file_is_a_usage_error_and_the_others_are_still_checked(run_cli, tmp_path):
    write(tmp_path, "bad.pvl", BAD)
    proc = run_cli("check", "nope.pvl", "bad.pvl")
    assert proc.returncode == 2
    assert_clean(proc)
    assert proc.stderr.startswith("vercors-py: error: cannot read nope.pvl: ")
    assert "bad.pvl:5:12: error:" in proc.stdout
    assert "2 files: 1 rejected, 1 unreadable" in proc.stdout

    proc = run_cli("check", "--format", "json", "nope.pvl", "bad.pvl")
    assert proc.returncode == 2
    assert [f["path"] for f in json.loads(proc.stdout)["files"]] == ["bad.pvl"]


def test_a_folder_is_not_readable(run_cli, tmp_path):
    (tmp_path / "folder.pvl").mkdir()
    proc = run_cli("check", "folder.pvl")
    assert proc.returncode == 2
    assert proc.stderr.startswith("vercors-py: error: cannot read folder.pvl: ")
    assert_clean(proc)


def test_usage_errors(run_cli, tmp_path):
    write(tmp_path, "bad.pvl", BAD)
    for args in [(), ("check",), ("frobnicate",), ("check", "--format", "xml", "bad.pvl"),
                 ("check", "--timeout", "0", "bad.pvl"), ("check", "--timeout", "soon", "bad.pvl"),
                 ("check", "-j", "0", "bad.pvl")]:
        proc = run_cli(*args)
        assert proc.returncode == 2, args
        assert "usage: vercors-py" in proc.stderr, args
        assert_clean(proc)


def test_options_are_accepted(run_cli, tmp_path):
    write(tmp_path, "bad.pvl", BAD)
    proc = run_cli("check", "--timeout", "2.5", "-j", "1", "--obligations", "bad.pvl")
    assert proc.returncode == 3
    assert_clean(proc)


def test_version_and_help(run_cli):
    proc = run_cli("--version")
    assert proc.returncode == 0
    assert re.fullmatch(r"vercors-py \d+\.\d+\.\d+.*\n", proc.stdout)
    proc = run_cli("check", "--help")
    assert proc.returncode == 0
    assert "--format" in proc.stdout


def test_each_code_points_to_its_explanation_once_per_run(run_cli):
    from pathlib import Path
    examples = Path(__file__).resolve().parents[2] / "examples"
    proc = run_cli("check", examples / "seed004-fig8-no-barrier.pvl", examples / "seed004-fig8-wrong-read-perm.pvl",
                   examples / "safe-divide-unguarded.pvl")
    lines = proc.stdout.splitlines()
    # two files fail with perm.read: one pointer, after the first
    assert lines.count("  see: vercors-py explain perm.read") == 1
    assert lines.count("  see: vercors-py explain div.zero") == 1
    first = next(i for i, line in enumerate(lines) if line.endswith("[perm.read]"))
    assert lines.index("  see: vercors-py explain perm.read") > first
    assert "see:" not in run_cli("check", "--format", "json", examples / "safe-divide-unguarded.pvl").stdout
