"""The mapping of VerCors's PVL onto the kernel language (vercors_py/vercors_pvl/), rule
by rule: what a construct becomes, and the refusal (`unsupported.*` at its place) of
what is not mapped."""
import pathlib

import pytest

from vercors_py import frontend, service
from vercors_py.syntax import ast as A
from vercors_py.syntax.printer import format_expr as text

ZERO = """class Ref {
  context_everywhere x != null;
  context_everywhere tcount >= 0;
  requires x.length == tcount;
  requires (\\forall* int i; 0 <= i && i < tcount; Perm(x[i], write));
  ensures  (\\forall* int i; 0 <= i && i < tcount; Perm(x[i], write) ** x[i] == 0);
  void main(int tcount, int[tcount] x) {
    par (int tid = 0 .. tcount)
      requires Perm(x[tid], write);
      ensures  Perm(x[tid], write) ** x[tid] == 0;
    {
      x[tid] = 0;
    }
  }
}
"""


def kernel(text: str) -> A.Kernel:
    parsed = frontend.parse(text, "k.pvl")
    assert parsed.diagnostics == (), [d.message for d in parsed.diagnostics]
    return parsed.program.kernels[0]


def refused(text: str) -> list[tuple[str, int, str]]:
    parsed = frontend.parse(text, "k.pvl")
    assert parsed.program is None
    return [(d.code, d.span.start_line, d.message) for d in parsed.diagnostics]


def test_a_method_whose_body_is_a_par_block_is_a_kernel_of_one_group():
    k = kernel(ZERO)
    assert k.name == "main"
    # tcount is one of the language's reserved names: the parameter is renamed, shown as written
    assert [p.name for p in k.params] == ["tcount_", "x_length"]
    (x,) = k.arrays
    assert x.scope is A.Scope.GLOBAL and x.length.id == "x_length"
    facts = [text(c.expr) for c in k.contexts]
    # names show as the VerCors file spells them (`tcount` is `tcount_`, `x_length` `x.length`)
    assert facts[:3] == ["x.length >= 0", "tcount >= 0", "x.length == tcount"]
    assert facts[3:] == ["ngroups == 1", "gsize == tcount"]
    level = k.level(A.Level.KERNEL)
    assert level is not None and [c.kind for c in level.contract] == [A.ClauseKind.REQUIRES, A.ClauseKind.ENSURES]
    main = k.main
    assert text(main.contract[0].expr) == "Perm(x[tid], write)"
    (assign,) = main.body.stmts
    assert isinstance(assign, A.ArrayAssign) and assign.target.index.id == "tid"


def test_the_par_variable_from_a_lower_bound_is_offset():
    k = kernel(ZERO.replace("0 .. tcount)", "1 .. tcount)"))
    assert "gsize == tcount - 1" in [text(c.expr) for c in k.contexts]
    assert text(k.main.body.stmts[0].target.index) == "1 + tid"


def test_the_empty_range_is_a_kernel_of_one_thread_from_pre_to_post():
    k, empty = frontend.parse(ZERO, "k.pvl").program.kernels
    assert empty.name == "main_empty_par" and "gsize == 1" in [text(c.expr) for c in empty.contexts]
    assert [text(c.expr) for c in empty.main.contract] == [
        "(\\forall* int i; 0 <= i && i < tcount; Perm(x[i], write))",
        "tcount <= 0 ==> (\\forall* int i; 0 <= i && i < tcount; Perm(x[i], write) ** x[i] == 0)"]
    assert empty.main.body.stmts == ()


def test_a_barrier_orders_all_memory_and_keeps_the_threads_frame():
    k = kernel(ZERO.replace("x[tid] = 0;", "x[tid] = 0; barrier(p) { requires Perm(x[tid], write); ensures Perm(x[tid], write); }")
               .replace("par (", "par p ("))
    barrier = k.main.body.stmts[1]
    assert isinstance(barrier, A.Barrier) and barrier.keeps_frame and not barrier.fenced_only
    assert set(barrier.fences) == {A.Fence.LOCAL, A.Fence.GLOBAL}


def test_old_in_a_precondition_is_the_state_it_is_read_in():
    k = kernel(ZERO.replace("requires Perm(x[tid], write);", "requires Perm(x[tid], write) ** x[tid] == \\old(x[tid]);"))
    assert text(k.main.contract[1].expr) == "x[tid] == x[tid]"


def test_context_with_old_is_a_requires_and_an_ensures():
    k = kernel(ZERO.replace("requires Perm(x[tid], write);", "requires Perm(x[tid], write); context x[tid] == \\old(x[tid]);"))
    kinds = [c.kind for c in k.main.contract]
    assert kinds == [A.ClauseKind.REQUIRES, A.ClauseKind.REQUIRES, A.ClauseKind.ENSURES, A.ClauseKind.ENSURES,
                     A.ClauseKind.ENSURES]
    assert isinstance(k.main.contract[2].expr.right, A.Old)


def test_permission_one_is_write_and_boolean_is_bool():
    k = kernel(ZERO.replace("Perm(x[tid], write);\n      ensures", "Perm(x[tid], 1);\n      ensures")
               .replace("void main(int tcount, int[tcount] x)", "void main(int tcount, int[tcount] x, boolean b)"))
    assert isinstance(k.main.contract[0].expr.amount, A.Write)
    assert k.params[-1].type is A.Type.BOOL


def test_a_method_without_par_is_a_kernel_of_one_thread():
    k = kernel("""class C {
  context_everywhere A != null;
  context_everywhere (\\forall* int j; 0 <= j && j < A.length; Perm(A[j], write));
  ensures (\\forall int j; 0 <= j && j < A.length; A[j] == 0);
  void clear(int[] A) {
    int i = 0;
    loop_invariant 0 <= i && i <= A.length;
    while (i < A.length) { A[i] = 0; i++; }
  }
}""")
    assert "gsize == 1" in [text(c.expr) for c in k.contexts]
    assert k.level(A.Level.KERNEL) is None
    # a context_everywhere with permissions: around the method and each loop
    (loop,) = [s for s in k.main.body.stmts if isinstance(s, A.While)]
    assert A.has_resource(loop.contract[0].expr) and A.has_resource(k.main.contract[0].expr)
    assert isinstance(loop.body.stmts[1], A.Assign) and text(loop.body.stmts[1].value) == "i + 1"


def test_pure_functions_and_ranged_quantifiers():
    parsed = frontend.parse("""class C {
  requires n >= 0;
  pure int tri(int n) = n == 0 ? 0 : n + tri(n - 1);
  context_everywhere a != null && a.length == 4;
  requires (\\forall* int i = 0 .. 4; Perm(a[i], write));
  ensures (\\forall* int i = 0 .. 4; Perm(a[i], write));
  ensures a[3] == tri(3);
  void m(int[] a) { a[3] = 6; }
}""", "k.pvl")
    assert parsed.diagnostics == ()
    f, k = parsed.program.decls
    assert isinstance(f, A.Function) and f.name == "tri"
    q = k.main.contract[0].expr
    assert isinstance(q, A.Quantifier) and q.kind is A.QuantKind.FORALL_STAR
    assert text(q.cond) == "0 <= i && i < 4"


@pytest.mark.parametrize("change, code, word", [
    # an invariant block is its thread's: one around a par block would be shared
    (("x[tid] = 0;", "invariant inv(true) { par (int u = 0 .. 2) { } }"), "unsupported.statement", "`invariant`"),
    (("x[tid] = 0;", "atomic(inv) { x[tid] = 0; }"), "unsupported.statement", "`atomic`"),
    (("x[tid] = 0;", "x[tid] = (\\let int k = 0; k);"), "unsupported.expression", "\\let"),
    (("x[tid] = 0;", "x[tid] = 0; par (int u = 0 .. 2) { }"), "unsupported.statement", "par block"),
    (("class Ref {", "class Ref {\n  int[] field;"), "unsupported.declaration", "field that is not"),
    (("x[tid] = 0;", "x[tid] = |xs|;"), "unsupported.type", "sequences"),
    (("void main(int tcount", "void main(seq<int> xs, int tcount"), "unsupported.type", "sequences"),
    (("requires x.length == tcount;", "given int g;"), "unsupported.declaration", "ghost parameter"),
    (("x[tid] = 0;", "x[tid] = \\gtid;"), "unsupported.expression", "\\gtid"),
    (("x[tid] = 0;", "f(tid);"), "unsupported.function", "method call"),
    (("par (int tid = 0 .. tcount)", "par (int i = 0 .. 2, int j = 0 .. 2, int k = 0 .. 2, int tid = 0 .. tcount)"),
     "unsupported.statement", "more than 3 iteration variables"),
    (("requires x.length == tcount;", "requires x.length == tcount && x == null;"), "unsupported.expression", "null"),
    # VerCors checks accesses of an array that may be null; the language's arrays exist
    (("  context_everywhere x != null;\n", ""), "unsupported.declaration", "may be null"),
])
def test_what_is_not_mapped_is_refused_at_its_place(change, code, word):
    old, new = change
    assert old in ZERO
    problems = refused(ZERO.replace(old, new, 1))
    assert any(c == code and word in m for c, _, m in problems), problems


def test_old_of_a_local_in_a_barrier_is_refused():
    # (an `\old` of what the thread cannot change is saved: tests/vercors_pvl/test_olds.py)
    text = ZERO.replace("par (", "par p (").replace(
        "x[tid] = 0;", "int k = 0; x[tid] = 0; barrier(p) { requires Perm(x[tid], write) ** x[tid] == \\old(k); }")
    ((code, line, message),) = refused(text)
    assert code == "unsupported.expression" and line == 12 and "barrier" in message


def test_a_syntax_error_is_located():
    parsed = frontend.parse("class A { void m() { x = ; } }", "k.pvl")
    ((d),) = parsed.diagnostics
    assert d.code == "syntax.unexpected-token" and d.span.start_col == 26


def test_check_goes_through_the_normal_pipeline():
    result = service.check_text(ZERO, "zero.pvl") if hasattr(service, "check_text") else None
    if result is None:
        pytest.skip("no check_text")
    assert result.verdict.name == "VERIFIED"


def test_a_par_block_inside_a_par_block_is_groups_of_threads():
    source = (pathlib.Path(__file__).resolve().parents[1] / "data" / "vercors_pvl" / "groups-ok.pvl").read_text()
    k, empty, empty_inner = frontend.parse(source, "groups.pvl").program.kernels
    facts = [text(c.expr) for c in k.contexts]
    assert "ngroups == g" in facts and "gsize == n" in facts
    assert k.level(A.Level.GROUP) is not None and k.level(A.Level.KERNEL) is not None
    # shown as written; the outer variable is gid, the inner lid
    assert text(k.main.contract[0].expr) == "Perm(a[b * n + t], write)"
    assert {n.id for n in A.walk(k.main.contract[0].expr) if isinstance(n, A.Name)} == {"a", "gid", "n", "lid"}
    assert (empty.name, empty_inner.name) == ("fill_empty_par", "fill_empty_inner_par")
    assert "ngroups == g" in [text(c.expr) for c in empty_inner.contexts]


def test_an_inner_range_that_depends_on_the_group_is_refused():
    source = (pathlib.Path(__file__).resolve().parents[1] / "data" / "vercors_pvl" / "groups-ok.pvl").read_text()
    problems = refused(source.replace("par block (int t = 0 .. n)", "par block (int t = 0 .. b)"))
    assert any(c == "unsupported.statement" and "depends on `b`" in m for c, _, m in problems), problems


def test_a_local_declared_twice_is_the_resolvers_error_as_in_vercors():
    # VerCors's examples/archive/known-problems/547/double-declare.pvl expects an error
    analysis = service.analyze("class D { void test() { int x = 3; int x = 3; } }", "d.pvl")
    assert [d.code for d in analysis.diagnostics] == ["type.duplicate"]
