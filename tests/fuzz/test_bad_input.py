"""Mutated programs and random bytes: the static checks never crash, and every error
they report is located and registered."""
import pathlib
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vercors_py import diagnostics as D
from vercors_py import service
from vercors_py.syntax import parser

REPO = pathlib.Path(__file__).resolve().parents[2]
FOLDERS = [REPO / "examples", REPO.parent / "shared" / "conformance"]

# Used only when neither folder holds a .pvl file (a bare clone without ../shared).
FALLBACK = """kernel demo {
  global int[gsize] a;
  context_everywhere ngroups == 1;
  requires Perm(a[tid], write);
  ensures  Perm(a[tid], write) ** a[tid] == tid;
  void main() {
    a[tid] = tid;
    barrier(global) {
      requires a[tid] == tid;
      ensures  Perm(a[tid], write) ** a[tid] == tid;
    }
  }
}
"""


def corpus() -> list[str]:
    files = sorted(p for folder in FOLDERS if folder.is_dir() for p in folder.glob("*.pvl"))
    return [p.read_text(encoding="utf-8", errors="replace") for p in files] or [FALLBACK]


CORPUS = corpus()
TOKEN = re.compile(r"\s+|\w+|\\\w+\*?|==>|\*\*|[<>=!]=|&&|\|\||.", re.S)
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def mutated_text(draw) -> str:
    tokens = TOKEN.findall(draw(st.sampled_from(CORPUS)))
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(tokens) - 1))
        op = draw(st.sampled_from(["delete", "duplicate", "swap", "insert"]))
        if op == "delete":
            del tokens[i]
        elif op == "duplicate":
            tokens.insert(i, tokens[i])
        elif op == "swap":
            j = draw(st.integers(0, len(tokens) - 1))
            tokens[i], tokens[j] = tokens[j], tokens[i]
        else:
            tokens.insert(i, draw(st.text(min_size=1, max_size=4)))
        if not tokens:
            tokens = [""]
    return "".join(tokens)


@st.composite
def corpus_with_bytes(draw) -> bytes:
    data = draw(st.sampled_from(CORPUS)).encode("utf-8")
    at = draw(st.integers(0, len(data)))
    return data[:at] + draw(st.binary(min_size=1, max_size=8)) + data[at:]


def assert_reported_well(diagnostics):
    for d in diagnostics:
        assert d.code in D.CODES
        if d.severity is D.Severity.ERROR:
            assert d.span is not None, d
            assert d.span.start_line >= 1 and d.span.start_col >= 1, d
            assert (d.span.start_line, d.span.start_col) <= (d.span.end_line, d.span.end_col), d


def check_bytes(data: bytes):
    text, problem = parser.decode("mut.pvl", data)
    if problem is not None:
        assert_reported_well([problem])
    else:
        assert_reported_well(service.analyze(text, "mut.pvl").diagnostics)


@SETTINGS
@given(mutated_text())
def test_mutated_programs(text):
    assert_reported_well(service.analyze(text, "mut.pvl").diagnostics)


@SETTINGS
@given(corpus_with_bytes())
def test_programs_with_inserted_bytes(data):
    check_bytes(data)


@SETTINGS
@given(st.binary(max_size=300))
def test_random_bytes(data):
    check_bytes(data)
