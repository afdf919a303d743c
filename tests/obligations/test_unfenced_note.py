"""`barrier.functional` names the memory the barrier does not fence when its facts read
it, the usual cause (a workshop participant looked for it): in `check` and in `run`."""
import pathlib

import pytest

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "messages"
SAYS = "it does not fence global memory, which its facts read"


@pytest.mark.parametrize("command", ["check", "run"])
def test_the_unfenced_memory_is_named(run_cli, command):
    result = run_cli(command, DATA / "barrier-unfenced-global-wrong.pvl")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "[barrier.functional]" in result.stdout and SAYS in result.stdout


def test_the_fenced_twin_verifies(run_cli):
    result = run_cli("check", DATA / "barrier-unfenced-global-ok.pvl")
    assert result.returncode == 0, result.stdout + result.stderr
