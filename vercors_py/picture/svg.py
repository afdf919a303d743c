"""A layout as SVG text, written by hand: no dependency, and the same picture byte for
byte on every machine (the tutorial's pictures are checked against it).  Each square of
the grid carries what it shows as data attributes (`data-thread`, `data-cell`,
`data-held`, ...), so a test or a script reads the picture's content, not its pixels.
"""
from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from .layout import Layout, Rect, Text

FONT = "DejaVu Sans Mono, Menlo, Consolas, monospace"


def render(layout: Layout) -> str:
    lines = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(layout.width)}" height="{_n(layout.height)}" '
             f'viewBox="0 0 {_n(layout.width)} {_n(layout.height)}" font-family={quoteattr(FONT)} '
             # spaces as written: the rows' labels and the captions' indents are aligned with them
             f'xml:space="preserve">',
             f"<title>{escape(layout.title)}</title>",
             f'<rect x="0" y="0" width="{_n(layout.width)}" height="{_n(layout.height)}" fill="#ffffff"/>']
    for item in layout.items:
        lines.append(_rect(item) if isinstance(item, Rect) else _text(item))
    lines.append("</svg>")
    return "\n".join(lines) + "\n"


def _rect(r: Rect) -> str:
    attrs = [f'x="{_n(r.x)}" y="{_n(r.y)}" width="{_n(r.w)}" height="{_n(r.h)}" fill="{r.fill}"']
    if r.stroke != "none":
        attrs.append(f'stroke="{r.stroke}" stroke-width="{_n(r.width)}"')
    if r.dashed:
        attrs.append('stroke-dasharray="4 3"')
    attrs += [f"data-{key}={quoteattr(value)}" for key, value in r.meta]
    if r.meta:
        attrs.append('class="square"')
    return f"<rect {' '.join(attrs)}/>"


def _text(t: Text) -> str:
    weight = ' font-weight="bold"' if t.bold else ""
    anchor = f' text-anchor="{t.anchor}"' if t.anchor != "start" else ""
    return (f'<text x="{_n(t.x)}" y="{_n(t.y)}" font-size="{_n(t.size)}" fill="{t.colour}"{weight}{anchor}>'
            f"{escape(t.text)}</text>")


def _n(value: float) -> str:
    """A coordinate: an integer where it is one, else one decimal."""
    return str(int(value)) if value == int(value) else f"{value:.1f}"
