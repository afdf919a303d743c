"""The one printer of inferred clauses (vercors_py/infer/clauses.py): every tree of the
forms the writer builds prints to text that parses back to the same tree (spans and
symbols aside), and a tree that would not is refused, never written."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vercors_py.infer.clauses import conj, disj, forall, implies, readable, spelled
from vercors_py.infer.shape import CannotInfer
from vercors_py.source import SourceText
from vercors_py.syntax import ast as A
from vercors_py.syntax.parser import parse_fact

SPAN = SourceText("t", "").span(0, 0)

# The names the writer writes: C parameters and locals, bound counters, reserved names
# and their components, pointer lengths.
NAMES = ["n", "M", "width", "k_", "j__", "tid", "lid", "gid", "gsize", "ngroups", "tcount",
         "tid.x", "lid.y", "gsize.z", "ngroups.x", "tcount.y", "\\length(a)", "\\length(in_data)"]
ARRAYS = ["a", "C", "tile", "in_data"]


def name(text: str) -> A.Name:
    return A.Name(text, span=SPAN)


def lit(value: int) -> A.IntLit:
    return A.IntLit(value, span=SPAN)


def reparsed(text: str) -> A.Expr:
    parsed = parse_fact(text, "test")
    assert not parsed.diagnostics, text
    return parsed.items[0].expr


# Integer expressions: indices, bounds, steps (C's arithmetic on ids and parameters,
# with `?:` from C's conditionals and negative literals from folded constants).
leaves = st.one_of(st.sampled_from(NAMES).map(name), st.integers(-5, 300).map(lit))
tests = st.tuples(st.sampled_from(["<", "==", "!="]), leaves, leaves).map(lambda t: A.Binary(t[0], t[1], t[2], span=SPAN))
ints = st.recursive(
    leaves,
    lambda inner: st.one_of(
        st.tuples(st.sampled_from(["+", "-", "*", "/", "%"]), inner, inner)
        .map(lambda t: A.Binary(t[0], t[1], t[2], span=SPAN)),
        inner.map(lambda e: A.Unary("-", e, span=SPAN)),
        st.tuples(tests, inner, inner)
        .map(lambda t: A.Conditional(t[0], t[1], t[2], span=SPAN)),
    ),
    max_leaves=8)


def bools_of(operands):
    atoms = st.tuples(st.sampled_from(["<", "<=", ">", ">=", "==", "!="]), operands, operands) \
        .map(lambda t: A.Binary(t[0], t[1], t[2], span=SPAN))
    return st.recursive(atoms, lambda inner: st.one_of(
        st.tuples(st.sampled_from(["&&", "||", "==>"]), inner, inner).map(lambda t: A.Binary(t[0], t[1], t[2], span=SPAN)),
        inner.map(lambda e: A.Unary("!", e, span=SPAN))), max_leaves=4)


bools = bools_of(ints)
amounts = st.one_of(st.just(A.Write(span=SPAN)), st.just(A.Read(span=SPAN)),
                    st.integers(2, 9).map(lambda k: A.Binary("\\", lit(1), lit(k), span=SPAN)))
binders = st.lists(st.tuples(st.sampled_from(["k_", "j_", "i__"]), ints, ints, st.one_of(st.none(), ints)),
                   min_size=0, max_size=2, unique_by=lambda b: b[0])


@st.composite
def clauses(draw):
    """A clause as contract.py builds one: a permission, or a bound, under conditions,
    quantified over counters."""
    condition = draw(st.one_of(st.none(), bools))
    if draw(st.booleans()):
        body = A.Perm(A.Index(name(draw(st.sampled_from(ARRAYS))), draw(ints), span=SPAN), draw(amounts), span=SPAN)
        kind = A.QuantKind.FORALL_STAR
    else:
        index, length = draw(ints), draw(ints)
        body = A.Binary("&&", A.Binary("<=", lit(0), index, span=SPAN), A.Binary("<", index, length, span=SPAN),
                        span=SPAN)
        kind = A.QuantKind.FORALL
    bound = draw(binders)
    if bound:
        return forall(kind, bound, condition, body)
    return implies(conj(condition, draw(st.one_of(st.none(), bools))), body)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(clauses())
def test_every_clause_the_writer_builds_reads_back_as_built(clause):
    text = spelled(clause)
    assert reparsed(text) == readable(clause)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(st.none(), bools), min_size=1, max_size=4))
def test_conjunctions_and_disjunctions_of_conditions_read_back(parts):
    for whole in (conj(*parts), disj(parts)):
        if whole is not None:
            assert reparsed(spelled(whole)) == readable(whole)


def test_a_conditional_bound_is_parenthesised():
    # `i < (gid == ngroups - 1 ? n : m)`: written without the parentheses it reads as
    # `(i < gid == ngroups - 1) ? n : m`.
    hi = A.Conditional(A.Binary("==", name("gid"), A.Binary("-", name("ngroups"), lit(1), span=SPAN), span=SPAN),
                       name("n"), name("m"), span=SPAN)
    clause = forall(A.QuantKind.FORALL_STAR, [("i_", lit(0), hi, None)], None,
                    A.Perm(A.Index(name("a"), name("i_"), span=SPAN), A.Write(span=SPAN), span=SPAN))
    text = spelled(clause)
    assert "i_ < (gid == ngroups - 1 ? n : m)" in text
    assert reparsed(text) == clause


def test_a_negative_literal_is_written_as_a_minus():
    tree = A.Binary("-", name("n"), lit(-3), span=SPAN)
    assert spelled(tree) == "n - -3"
    assert reparsed(spelled(tree)) == readable(tree)


def test_a_name_that_would_not_read_back_is_refused_not_written():
    # A C variable the mapping renamed (`tid'`, named like a reserved name) has no
    # spelling in annotations.
    with pytest.raises(CannotInfer):
        spelled(A.Binary("<", name("tid'"), name("n"), span=SPAN))
