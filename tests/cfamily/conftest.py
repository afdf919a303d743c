"""Fixtures of the C front end's tests."""
from __future__ import annotations

import pytest

from tests.support import c_oracle


@pytest.fixture(scope="module")
def oracle():
    """The compiled oracle (tests/support/c_oracle), or a skip where it cannot run."""
    why = c_oracle.available()
    if why is not None:
        pytest.skip(f"the compiled oracle cannot run here: {why}")
