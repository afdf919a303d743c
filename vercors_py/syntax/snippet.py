"""Short source-like renderings of expressions for messages."""
from __future__ import annotations

from .printer import format_expr


def short(expr, limit: int = 60) -> str:
    text = format_expr(expr)
    return text if len(text) <= limit else text[:limit - 3] + "..."
