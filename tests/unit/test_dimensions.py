"""The components of the reserved names (`lid.x`, `gsize.y`, ..., docs/language.md
"Dimensions"): their meaning, the passes that treat them like the names before the dot,
and kernels that use them checked and run at the smallest shapes, each racy kernel
beside a correct twin."""
from __future__ import annotations

import itertools

import pytest

from vercors_py import service
from vercors_py.run.model import ConcreteLaunch, RunOptions
from vercors_py.semantics.dimensions import Sizes, derived_ids, id_store, names_components
from vercors_py.semantics.symbols import RESERVED
from vercors_py.syntax import parser


def codes(text: str, launch=None) -> set[str]:
    result = service.check_text(text, "k.pvl", service.Options(launch=launch))
    return {d.code for d in result.diagnostics if d.severity.value == "error"}


def run_errors(text: str, **options) -> set[str]:
    result = service.run_text(text, "k.pvl", RunOptions(**options))
    return {d.code for d in result.diagnostics if d.severity.value == "error"}


# ---- what the names mean ----

@pytest.mark.parametrize("local, groups", [((1, 1, 1), (1, 1, 1)), ((2, 3, 1), (2, 1, 2)), ((4, 1, 3), (1, 3, 1))])
def test_components_encode_the_linear_ids_x_fastest(local, groups):
    sizes = Sizes(local, groups)
    assert sizes.gsize == local[0] * local[1] * local[2]
    seen = set()
    for gid, lid in itertools.product(range(sizes.ngroups), range(sizes.gsize)):
        store = {s.name: v for s, v in id_store(sizes, derived_ids(gid, groups), derived_ids(lid, local)).items()}
        x, y, z = store["lid.x"], store["lid.y"], store["lid.z"]
        assert 0 <= x < local[0] and 0 <= y < local[1] and 0 <= z < local[2]
        assert lid == x + local[0] * (y + local[1] * z)
        assert store["tid"] == gid * sizes.gsize + lid
        assert store["tid.y"] == store["gid.y"] * local[1] + y
        assert store["tcount.z"] == groups[2] * local[2]
        seen.add((store["gid.x"], store["gid.y"], store["gid.z"], x, y, z))
    assert len(seen) == sizes.ngroups * sizes.gsize        # one thread per tuple of components


def test_one_dimension_has_no_components():
    store = id_store(Sizes((4,), (2,)), derived_ids(1, (2,)), derived_ids(3, (4,)))
    assert RESERVED["lid.x"] not in store and store[RESERVED["tid"]] == 7


def test_a_component_is_one_token_and_other_fields_are_not_names():
    parsed = parser.parse("kernel k { context_everywhere gsize.y == 2; void main() { } }", "k.pvl")
    assert parsed.program is not None and names_components(parsed.program)
    assert not names_components(parser.parse("kernel k { void main() { int lidx = 0; } }", "k.pvl").program)
    assert parser.parse("kernel k { context_everywhere gsize.w == 2; void main() { } }", "k.pvl").diagnostics
    assert parser.parse("kernel k { context_everywhere a.x == 2; void main() { } }", "k.pvl").diagnostics


# ---- the passes treat a component like the name before the dot ----

def test_components_cannot_be_assigned():
    # Only names are assignment targets in the grammar: the statement does not parse.
    assert codes("kernel k { void main() { lid.x = 0; } }") == {"syntax.unexpected-character"}


def test_a_group_contract_cannot_name_a_thread_component():
    text = """kernel k {
  global int[tcount] a;
  group { requires lid.x == 0; }
  void main() { }
}"""
    assert "type.level-reserved" in codes(text)


DIVERGENT = """kernel k {
  context_everywhere gsize.z == 1;
  void main() {
    if (COND) {
      barrier(local) { }
    }
  }
}"""


def test_a_barrier_under_a_thread_component_diverges_and_under_a_group_one_not():
    assert "divergence.barrier" in codes(DIVERGENT.replace("COND", "lid.y == 0"))
    assert codes(DIVERGENT.replace("COND", "gid.y == 0 && gsize.x > 1")) == set()


# ---- checked and run: racy kernels beside their twins, at the smallest shapes ----

ROWS = """kernel rows {
  global int[tcount] a;
  context_everywhere SHAPE;
  requires Perm(a[INDEX], write);
  ensures  Perm(a[INDEX], write) ** a[INDEX] == lid.y;
  void main() {
    a[INDEX] = lid.y;
  }
}"""


def rows(shape: str, index: str) -> str:
    return ROWS.replace("SHAPE", shape).replace("INDEX", index)


@pytest.mark.parametrize("shape", ["gsize.z == 1", "gsize.z == 1 && gsize.x == 1", "gsize.z == 1 && gsize.y == 2"])
def test_row_major_cells_of_a_2d_block_are_one_per_thread(shape):
    text = rows(shape, "gid * gsize + lid.y * gsize.x + lid.x")
    assert codes(text) == set()
    assert run_errors(text, sweep=True) == set()


def test_forgetting_the_depth_of_the_block_races_and_the_run_agrees():
    text = rows("gsize.x >= 1", "gid * gsize + lid.y * gsize.x + lid.x")
    assert "injectivity.quantified" in codes(text)
    assert {"race.data", "distribution.group"} <= run_errors(text, gsize=(1, 1, 2), ngroups=1)


def test_a_column_index_races_when_the_block_has_two_rows():
    text = rows("gsize.z == 1", "gid * gsize + lid.x")
    assert "injectivity.quantified" in codes(text)
    assert run_errors(text, gsize=(2, 1), ngroups=1) == set()      # one row: no two threads meet
    assert {"race.data", "distribution.group"} <= run_errors(text, gsize=(1, 2), ngroups=1)


def test_the_command_line_shape_fixes_the_components_of_a_pvl_kernel():
    from vercors_py.cfamily.launch import Launch as CLaunch
    text = rows("gsize.x >= 1", "gid * gsize + lid.y * gsize.x + lid.x")
    assert codes(text, launch=CLaunch(local=(4, 2))) == set()
    assert "injectivity.quantified" in codes(text, launch=CLaunch(local=(4, 2, 2)))


def test_a_run_names_threads_with_their_components():
    text = rows("gsize.z == 1", "gid * gsize + lid.x")
    result = service.run_text(text, "k.pvl", RunOptions(gsize=(2, 2), ngroups=1))
    messages = " ".join(d.message for d in result.diagnostics)
    assert "thread tid 2 (gid 0 = (0, 0, 0), lid 2 = (0, 1, 0))" in messages
    assert ConcreteLaunch(4, 1, (), ((2, 2, 1), (1, 1, 1))).describe() == "gsize = 4 (2 x 2 x 1), ngroups = 1 (1 x 1 x 1)"


def test_a_kernel_of_one_dimension_runs_at_the_product_of_the_sizes_given():
    text = """kernel k {
  global int[tcount] a;
  requires Perm(a[tid], write);
  void main() { a[tid] = lid; }
}"""
    result = service.run_text(text, "k.pvl", RunOptions(gsize=(2, 3), ngroups=1))
    assert [r.launch for r in result.launches] == [ConcreteLaunch(6, 1)]
