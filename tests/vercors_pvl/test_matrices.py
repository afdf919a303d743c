"""Par blocks with several iteration variables or none (vercors_pvl/iterations.py) and
`int[][]` parameters under `\\matrix` (vercors_pvl/matrices.py).  Twins in
tests/data/vercors_pvl/matrix-*.pvl, par-three-*.pvl and par-no-variable-*.pvl, ours, in VerCors's PVL."""
import pathlib

import pytest

from vercors_py import frontend
from vercors_py.syntax import ast as A
from vercors_py.syntax.printer import format_expr as text

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "vercors_pvl"


@pytest.mark.parametrize("name, command, code, expected", [
    # one thread for each pair (i, j), each its own cell m[i][j]
    ("matrix-zero-ok.pvl", "check", 0, "verified"),
    ("matrix-zero-ok.pvl", "run", 0, "clean"),
    ("matrix-zero-ok.pvl", "races", 0, "race-free"),
    # ... every thread of a row on the row's first cell
    ("matrix-cell-shared-wrong.pvl", "check", 1, "injectivity"),
    ("matrix-cell-shared-wrong.pvl", "races", 1, "race.data"),
    # each index against its own dimension
    ("matrix-bounds-ok.pvl", "check", 0, "verified"),
    ("matrix-bounds-ok.pvl", "run", 0, "clean"),
    ("matrix-bounds-wrong.pvl", "check", 1, "bounds.index"),
    ("matrix-bounds-wrong.pvl", "run", 1, "bounds.index"),
    # a barrier of the block synchronises all M * N threads
    ("matrix-barrier-ok.pvl", "check", 0, "verified"),
    ("matrix-barrier-ok.pvl", "run", 0, "clean"),
    ("matrix-barrier-ok.pvl", "races", 0, "race-free"),
    ("matrix-barrier-wrong.pvl", "check", 1, "injectivity"),
    ("matrix-barrier-wrong.pvl", "races", 1, "race.data"),
    # three variables: one thread for each triple
    ("par-three-ok.pvl", "check", 0, "verified"),
    ("par-three-ok.pvl", "races", 0, "race-free"),
    ("par-three-wrong.pvl", "check", 1, "injectivity"),
    ("par-three-wrong.pvl", "races", 1, "race.data"),
    # a par block without variables: one iteration
    ("par-no-variable-ok.pvl", "check", 0, "verified"),
    ("par-no-variable-ok.pvl", "run", 0, "clean"),
    ("par-no-variable-wrong.pvl", "check", 1, "post.failed"),
    ("par-no-variable-wrong.pvl", "run", 1, "post.failed"),
])
def test_matrix_twins(run_cli, name, command, code, expected):
    result = run_cli(command, DATA / name)
    assert result.returncode == code, result.stdout + result.stderr
    assert expected in result.stdout


ZERO = (DATA / "matrix-zero-ok.pvl").read_text()


def kernels(source: str) -> dict[str, A.Kernel]:
    parsed = frontend.parse(source, "k.pvl")
    assert parsed.diagnostics == (), [d.message for d in parsed.diagnostics]
    return {k.name: k for k in parsed.program.kernels}


def refused(source: str) -> list[tuple[str, int, str]]:
    parsed = frontend.parse(source, "k.pvl")
    assert parsed.program is None
    return [(d.code, d.span.start_line, d.message) for d in parsed.diagnostics]


def facts(kernel: A.Kernel) -> list[str]:
    return [text(m.expr) for m in kernel.members if isinstance(m, A.ContextEverywhere)]


def test_two_variables_are_the_x_and_y_of_one_group():
    ks = kernels(ZERO)
    assert {"gsize.x == N", "gsize.y == M", "gsize.z == 1", "ngroups == 1", "gsize == N * M"} <= set(facts(ks["zero"]))
    # VerCors skips the block when any range is empty
    (owed,) = [c for c in ks["zero_empty_par"].members[-1].contract if c.kind is A.ClauseKind.ENSURES][:1]
    assert text(owed.expr).startswith("N <= 0 || M <= 0 ==>")


def test_a_cell_checks_each_index_against_its_dimension():
    main = kernels(ZERO)["zero"].members[-1]
    (write,) = main.body.stmts
    assert write.target.array.id == "m"
    index = write.target.index
    assert isinstance(index, A.Conditional) and isinstance(index.otherwise, A.IntLit) and index.otherwise.value == -1
    assert text(index.cond) == "0 <= i && i < M && (0 <= j && j < N)"
    assert text(index.then) == "i * N + j"


def test_the_matrix_is_one_array_of_rows_times_cols_and_its_length_its_rows():
    k = kernels(ZERO.replace("ensures (\\forall int i3", "ensures m.length == M;\n  ensures (\\forall int i3"))["zero"]
    (m,) = k.arrays
    assert text(m.length) == "M * N"
    assert "0 <= M && 0 <= N" in facts(k)


@pytest.mark.parametrize("change, code, word", [
    # without \matrix, rows may be one array (VerCors's known problem 791)
    (("context_everywhere m != null && \\matrix(m, M, N);", "context_everywhere m != null && m.length == M * N;"),
     "unsupported.declaration", "\\matrix"),
    (("context_everywhere m != null && \\matrix(m, M, N);", "requires \\matrix(m, M, N);"),
     "unsupported.declaration", "\\matrix"),
    # a row alone
    (("      m[i][j] = 0;", "      m[i] = m[i];"), "unsupported.expression", "row"),
    (("ensures m[i][j] == 0;", "ensures m[i].length == N;"), "unsupported.expression", "row"),
    # the matrix alone
    (("ensures m[i][j] == 0;", "ensures m == m;"), "unsupported.expression", "matrix"),
    # sizes that could change, or are not the method's
    (("&& \\matrix(m, M, N);", "&& \\matrix(m, M, m.length);"), "unsupported.expression", "size"),
])
def test_what_is_not_mapped_is_refused_at_its_place(change, code, word):
    old, new = change
    assert old in ZERO
    problems = refused(ZERO.replace(old, new, 1))
    assert any(c == code and word in m for c, _, m in problems), problems
