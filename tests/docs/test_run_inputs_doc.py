"""The documented order in which `run` tries parameter values is the one it uses (a
workshop participant read "start at 0" in the docs, and `run` gave 1)."""
import pathlib

import pytest

from vercors_py.run.inputs import PARAM_VALUES

DOCS = pathlib.Path(__file__).resolve().parents[2] / "docs"


@pytest.mark.parametrize("name", ["cli.md", "language.md"])
def test_the_docs_give_run_s_order_of_parameter_values(name):
    text = " ".join((DOCS / name).read_text(encoding="utf-8").split())
    assert f"tried in the order {', '.join(map(str, PARAM_VALUES))}" in text
