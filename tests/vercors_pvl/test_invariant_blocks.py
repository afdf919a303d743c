"""VerCors's `invariant NAME(R) { S }` outside the whole-body case and `atomic(NAME) { S2 }`
with any statements, as the language's invariant and atomic blocks (A.InvariantBlock,
A.AtomicBlock; vercors_pvl/invariant_blocks.py, semantics/invariant_blocks.py,
engine/execution/invariant_blocks.py, run/invariant_blocks.py).  Twins in
tests/data/vercors_pvl/invblock-*.pvl, ours, in VerCors's PVL; VerCors's own
concepts/parallel/inv-test*.pvl are in tests/data/vercors/ and AGREED.txt.  `run` must
agree with `check` on each."""
import pathlib

import pytest

from vercors_py import frontend
from vercors_py.semantics.check import check_program
from vercors_py.syntax import ast as A

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "vercors_pvl"

TWINS = [
    # the invariant's facts hold where its block starts / do not (x + y is 2, not 1)
    ("invblock-establish-ok.pvl", None),
    ("invblock-establish-wrong.pvl", "invariant.establish"),
    # an atomic block that keeps x + y / one that adds 1 to it
    ("invblock-maintain-ok.pvl", None),
    ("invblock-maintain-wrong.pvl", "invariant.maintain"),
    # the invariant holds all of x: read inside an atomic block / outside one
    ("invblock-read-inside-ok.pvl", None),
    ("invblock-read-outside-wrong.pvl", "perm.read"),
    # the thread keeps half of x: it writes it inside an atomic block / outside one
    ("invblock-write-inside-ok.pvl", None),
    ("invblock-write-outside-wrong.pvl", "perm.write"),
    # an atomic block in a loop, every iteration keeps c >= 0 / the first breaks it
    ("invblock-loop-ok.pvl", None),
    ("invblock-loop-wrong.pvl", "invariant.maintain"),
    # the invariant reads k as it was where the block started (0), not as assigned (5)
    ("invblock-frozen-ok.pvl", None),
    ("invblock-frozen-wrong.pvl", "invariant.maintain"),
    # nested invariant blocks: each atomic block opens its own / the inner writes the outer's cell
    ("invblock-nested-ok.pvl", None),
    ("invblock-nested-wrong.pvl", "perm.write"),
    # each thread of a par block has an invariant over its own cell
    ("invblock-par-own-ok.pvl", None),
]


@pytest.mark.parametrize("name, code", TWINS)
@pytest.mark.parametrize("command", ["check", "run"])
def test_twins(run_cli, command, name, code):
    result = run_cli(command, DATA / name)
    if code is None:
        assert result.returncode == 0, result.stdout + result.stderr
    else:
        assert result.returncode == 1, result.stdout + result.stderr
        codes = {line.rsplit("[", 1)[1].rstrip("]") for line in result.stdout.splitlines()
                 if line.endswith("]") and ": error: " in line}
        assert codes == {code}, result.stdout


@pytest.mark.parametrize("name", [n for n, code in TWINS if code is None] + ["invblock-establish-wrong.pvl"])
def test_what_the_blocks_run_is_the_threads_own_code_for_races(run_cli, name):
    result = run_cli("races", DATA / name)
    assert result.returncode == 0 and "race-free" in result.stdout, result.stdout


def test_threads_sharing_a_cell_through_their_own_invariants_race_and_fail(run_cli):
    # each thread's invariant is its own: threads that write one field in their atomic
    # blocks race (races), and cannot each hold the field (check, run)
    path = DATA / "invblock-par-shared-wrong.pvl"
    assert "race.data" in run_cli("races", path).stdout
    for command in ("check", "run"):
        assert run_cli(command, path).returncode == 1


def test_the_invariant_reads_a_copy_of_a_local_its_block_assigns():
    parsed = frontend.parse((DATA / "invblock-frozen-ok.pvl").read_text(encoding="utf-8"), "k.pvl")
    body = parsed.program.kernels[0].main.body.stmts
    copy, block = body[-2], body[-1]
    assert isinstance(copy, A.VarDecl) and isinstance(copy.init, A.Name) and copy.init.id == "k"
    assert isinstance(block, A.InvariantBlock)
    assert copy.name in {n.id for n in A.walk(block.resource) if isinstance(n, A.Name)}
    assert "k" not in {n.id for n in A.walk(block.resource) if isinstance(n, A.Name)}


OK = (DATA / "invblock-maintain-ok.pvl").read_text(encoding="utf-8")


@pytest.mark.parametrize("old, new, code, says", [
    # a block is left only through its end
    ("        y = y + 1;\n", "        y = y + 1;\n        return;\n", "type.invariant-block", "`return` inside"),
    # an atomic block inside one of the same invariant would get the resource twice
    ("        y = y + 1;\n", "        y = y + 1;\n        atomic(inv) { }\n", "type.invariant-block", "already open"),
    # an atomic block of no invariant block around it
    ("      atomic(inv) {", "      atomic(other) {", "unsupported.statement", "another invariant"),
    ("      atomic(inv) {", "      atomic(inv, inv) {", "unsupported.statement", "several invariants"),
])
def test_what_breaks_the_rules_of_the_blocks_is_rejected(old, new, code, says):
    assert old in OK
    parsed = frontend.parse(OK.replace(old, new, 1), "k.pvl")
    found = [(d.code, d.message) for d in parsed.diagnostics]
    if not found:
        found = [(d.code, d.message) for d in check_program(parsed.program, parsed.source).diagnostics]
    assert any(c == code and says in m for c, m in found), found


def test_a_barrier_or_a_par_block_inside_an_invariant_block_is_refused():
    par = (DATA / "invblock-par-own-ok.pvl").read_text(encoding="utf-8").replace("par (int t", "par p (int t")
    found = frontend.parse(par.replace("        atomic(inv) {", "        barrier(p) { }\n        atomic(inv) {"), "k.pvl")
    assert [d.code for d in found.diagnostics] == ["unsupported.statement"]
    assert "barrier inside an `invariant` block" in found.diagnostics[0].message
    seq = OK.replace("      atomic(inv) {", "      par (int t = 0 .. 2) { }\n      atomic(inv) {")
    found = frontend.parse(seq, "k.pvl")
    assert [d.code for d in found.diagnostics] == ["unsupported.statement"]
    assert "par block" in found.diagnostics[0].message


def _with_break(stmt, inside_loop: bool):
    """The method of invblock-maintain-ok.pvl with a `break` at the end of its atomic
    block, in a loop around the invariant block or inside the atomic block."""
    parsed = frontend.parse(OK, "k.pvl")
    kernel = parsed.program.kernels[0]
    main = kernel.main
    block = main.body.stmts[-1]
    atomic = block.body.stmts[-1]
    span = atomic.span
    jump = A.Break(span=span)
    body = A.Block((*atomic.body.stmts, jump), span=span)
    if inside_loop:
        body = A.Block((A.While((), A.BoolLit(True, span=span), body, span=span),), span=span)
    new_block = A.InvariantBlock(block.name, block.resource,
                                 A.Block((A.AtomicBlock(atomic.name, body, name_span=span, span=span),), span=span),
                                 name_span=block.name_span, span=block.span)
    stmts = main.body.stmts[:-1] + (stmt(new_block, span),)
    new_main = A.Procedure(main.contract, "main", (), A.Block(stmts, span=main.body.span), name_span=main.name_span,
                           span=main.span)
    members = tuple(new_main if m is main else m for m in kernel.members)
    program = A.Program((A.Kernel(kernel.name, kernel.params, members, name_span=kernel.name_span,
                                  span=kernel.span),), span=parsed.program.span)
    return [(d.code, d.message) for d in check_program(program, parsed.source).diagnostics]


def test_a_jump_out_of_a_block_is_rejected_and_one_within_it_is_not():
    def looped(block, span):
        return A.While((), A.BoolLit(True, span=span), A.Block((block,), span=span), span=span)
    found = _with_break(looped, inside_loop=False)
    assert any(c == "type.invariant-block" and "`break` out of" in m for c, m in found), found
    assert _with_break(lambda block, span: block, inside_loop=True) == []


def test_an_atomic_block_names_its_invariant_block_for_the_editor():
    from lsp.navigation import Index, hover_text
    text = OK
    parsed = frontend.parse(text, "k.pvl")
    checked = check_program(parsed.program, parsed.source)
    index = Index(checked.program, parsed.source)
    at = text.index("atomic(inv)") + len("atomic(")
    ref = index.reference_at(at)
    assert ref is not None and not ref.is_declaration and ref.symbol.name == "inv"
    declared = [r for r in index.references if r.symbol is ref.symbol and r.is_declaration]
    assert [text[r.span.start:r.span.end] for r in declared] == ["inv"]
    assert "invariant inv(" in hover_text(ref, index, markdown=False)
