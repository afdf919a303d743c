"""`run` on an uncontracted C kernel gives each array a cell for each thread (a workshop
participant got `bounds.index` on correct code from lengths of 0 and 1); a kernel that
really writes past that still fails."""
import pathlib

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "run_lengths"


def test_each_thread_has_its_cell(run_cli):
    result = run_cli("run", DATA / "own-cell-ok.cu")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "clean" in result.stdout


def test_a_write_past_the_threads_cells_is_found(run_cli):
    result = run_cli("run", "--no-contracts", DATA / "next-cell-wrong.cu")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "[bounds.index]" in result.stdout


def test_a_length_given_is_the_length_run_uses(run_cli):
    result = run_cli("run", "--gsize", "4", "--ngroups", "1", "--param", "\\length(d)=2", DATA / "own-cell-ok.cu")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "[bounds.index]" in result.stdout and "\\length(d) = 2" in result.stdout
