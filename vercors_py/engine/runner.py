"""Prove a list of obligations; results come back in the order given."""
from __future__ import annotations

from ..results import ObligationResult
from .verify import prove


def run_all(obligations, options) -> list[ObligationResult]:
    return [prove(ob, options.timeout) for ob in obligations]
