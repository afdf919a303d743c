"""README.md and .ci/run must agree on how the project is set up and tested."""
import re


def test_ci_runs_the_readme_test_command(repo_root):
    readme = (repo_root / "README.md").read_text(encoding="utf-8")
    ci = (repo_root / ".ci" / "run").read_text(encoding="utf-8")
    commands = [line for line in ci.splitlines() if line and not line.startswith("#")]
    test_command = next(line for line in commands if "pytest" in line)
    assert f"\n{test_command}\n" in readme
    assert "python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && " \
           ".venv/bin/vercors-py check examples/seed004-fig8-demo.pvl" in readme
    assert "python3 -m venv .venv" in commands
    assert any(re.fullmatch(r"\.venv/bin/pip install( -q)? -e '\.\[test\]'", c) for c in commands)
