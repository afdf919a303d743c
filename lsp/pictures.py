"""The picture of a kernel (docs/pictures.md) for the editor: drawn from the document's
text as it is now, written as SVG in a folder of the system's temporary files (never in
the user's tree), one file per document and kernel, so a viewer left open shows the next
one."""
from __future__ import annotations

import hashlib
import tempfile
from pathlib import Path

from vercors_py.picture.make import PictureUsage, image, picture_text
from vercors_py.run.model import RunOptions

PICTURE_COMMAND = "vercorsPy.picture"


def folder() -> Path:
    return Path(tempfile.gettempdir()) / "vercors-py" / "pictures"


def draw(uri: str, text: str, path: str, kernel: str | None, sizes: dict) -> dict:
    """{"uri" of the SVG or None, "verdict", "launch", "problems": the caption lines,
    "message": why nothing was drawn}."""
    options = RunOptions(gsize=sizes.get("gsize"), ngroups=sizes.get("ngroups"))
    try:
        result = picture_text(text, path, options, kernel)
    except PictureUsage as why:
        return {"uri": None, "verdict": "not drawn", "launch": "", "problems": [], "message": str(why)}
    answer = {"uri": None, "verdict": result.verdict.value, "launch": result.launch, "problems": [],
              "message": "; ".join(d.message for d in result.errors) if result.picture is None else ""}
    if result.picture is None:
        return answer
    name = hashlib.sha256(f"{uri}\n{kernel}".encode()).hexdigest()[:16]
    out = folder() / f"{Path(path).stem}-{name}.svg"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(image(result.picture, "svg"))
    return {**answer, "uri": out.as_uri(), "problems": [p.text for p in result.picture.problems]}
