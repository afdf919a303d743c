"""A layout as PNG, drawn by Pillow from the same layout as the SVG (no SVG renderer,
so no system library: docs/pictures.md).  Pillow is the optional extra `png`."""
from __future__ import annotations

from .layout import Layout, Rect, Text

SCALE = 2           # pixels per layout unit: sharp text on screens of high density


class NoPillow(Exception):
    """PNG asked for without Pillow installed."""


def render(layout: Layout) -> bytes:
    try:
        from PIL import Image, ImageDraw, ImageFont
    except ImportError:
        raise NoPillow("a PNG needs Pillow: pip install 'vercors-py[png]' (or write .svg)") from None
    import io
    image = Image.new("RGB", (int(layout.width * SCALE), int(layout.height * SCALE)), "#ffffff")
    draw = ImageDraw.Draw(image)
    fonts: dict = {}

    def font(size: float, bold: bool):
        key = (size, bold)
        if key not in fonts:
            fonts[key] = _font(ImageFont, size * SCALE, bold)
        return fonts[key]

    for item in layout.items:
        if isinstance(item, Rect):
            _rect(draw, item)
        else:
            _text(draw, item, font(item.size, item.bold))
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def _font(ImageFont, size: float, bold: bool):
    """DejaVu Sans Mono where the system has it (the SVG's first choice), else Pillow's
    own font."""
    try:
        return ImageFont.truetype("DejaVuSansMono-Bold.ttf" if bold else "DejaVuSansMono.ttf", size)
    except OSError:
        return ImageFont.load_default(size)


def _rect(draw, r: Rect) -> None:
    box = [r.x * SCALE, r.y * SCALE, (r.x + r.w) * SCALE - 1, (r.y + r.h) * SCALE - 1]
    if r.fill != "none":
        draw.rectangle(box, fill=r.fill)
    if r.stroke == "none":
        return
    width = max(1, int(r.width * SCALE))
    if not r.dashed:
        draw.rectangle(box, outline=r.stroke, width=width)
        return
    x0, y0, x1, y1 = box
    dash, gap = 4 * SCALE, 3 * SCALE
    for start, end, fixed, horizontal in ((x0, x1, y0, True), (x0, x1, y1 - width + 1, True),
                                          (y0, y1, x0, False), (y0, y1, x1 - width + 1, False)):
        at = start
        while at < end:
            stop = min(at + dash, end)
            shape = [at, fixed, stop, fixed + width - 1] if horizontal else [fixed, at, fixed + width - 1, stop]
            draw.rectangle(shape, fill=r.stroke)
            at = stop + gap


def _text(draw, t: Text, font) -> None:
    anchor = {"start": "ls", "middle": "ms", "end": "rs"}[t.anchor]
    draw.text((t.x * SCALE, t.y * SCALE), t.text, fill=t.colour, font=font, anchor=anchor)
