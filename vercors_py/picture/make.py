"""`vercors-py picture` on one file: the file checked, one launch of one kernel run and
recorded (run/recording.py), its picture's model, and the image written.
"""
from __future__ import annotations

import time
from pathlib import Path
from typing import ClassVar

import attrs

from .. import diagnostics as D
from ..results import AnalysisVerdict, Conclusion, Result
from ..syntax import parser
from .model import Picture, TooLarge, picture


class PictureVerdict(AnalysisVerdict):
    CLEAN = "clean", Conclusion.YES                  # drawn; the launch showed no problem
    PROBLEMS = "problems", Conclusion.NO             # drawn, with the problems the launch showed
    REJECTED = "rejected", Conclusion.REJECTED       # syntax or type errors: nothing ran
    NOT_DRAWN = "not drawn", Conclusion.UNKNOWN      # no launch, no inputs, too large, or the run was stopped


@attrs.frozen
class PictureResult(Result):
    VERDICTS: ClassVar[type[AnalysisVerdict]] = PictureVerdict
    picture: Picture | None = None
    launch: str = ""                 # `kernel k, gsize = 4, ngroups = 2`
    out: str | None = None           # where the image was written
    seconds: float = 0.0


class PictureUsage(Exception):
    """A kernel that is not there, or a file of several kernels without --kernel."""


def picture_file(path: str, options, kernel: str | None = None) -> PictureResult:
    with open(path, "rb") as handle:
        text, problem = parser.decode(path, handle.read())
    if problem is not None:
        return PictureResult.rejected(path, None, (problem,))
    return picture_text(text, path, options, kernel)


def picture_text(text: str, path: str, options, kernel: str | None = None) -> PictureResult:
    """The picture of one launch of `kernel` (the file's only kernel by default) under
    `options` (run.model.RunOptions).  Raises PictureUsage, and run.inputs.InputError
    as `run` does."""
    from .. import service
    from ..run.recording import record
    start = time.perf_counter()
    analysis = service.analyze(text, path)
    if analysis.rejected:
        return PictureResult.rejected(path, analysis.source, tuple(sorted(analysis.diagnostics, key=D.sort_key)))
    chosen = _kernel(analysis.checked, kernel, path)
    source = analysis.source
    recorded = record(analysis.checked, chosen, options)
    if recorded is None:
        span = chosen.contexts[0].span if chosen.contexts else chosen.name_span
        return PictureResult(path, source, PictureVerdict.NOT_DRAWN, (D.warning(
            "run.inputs", span, f"no launch of kernel `{chosen.name}` at the sizes and parameters given (or, "
            f"without them, 4 or 2 threads in 2 or 1 groups, or the first launch `run` would try) meets its "
            f"context_everywhere clauses, array lengths and precondition's facts about sizes, so nothing is "
            f"drawn: give sizes that do with --gsize, --ngroups and --param"),),
            seconds=time.perf_counter() - start)
    result, recording = recorded
    what = f"kernel {chosen.name}, {result.launch.describe()}"
    diagnostics = tuple(sorted(result.diagnostics, key=D.sort_key))

    def done(verdict, found=None, more=()) -> PictureResult:
        return PictureResult(path, source, verdict, diagnostics + more, found, what,
                             seconds=time.perf_counter() - start)
    if recording is None or not result.complete:
        return done(PictureVerdict.NOT_DRAWN)
    try:
        found = picture(recording, chosen.name, Path(path).name,
                        f"{result.launch.describe()}; schedule {result.schedule.value}, seed {result.seed}")
    except TooLarge as why:
        return done(PictureVerdict.NOT_DRAWN, more=(D.error(
            "picture.too-large", chosen.name_span,
            f"no picture of kernel `{chosen.name}` at {result.launch.describe()}: {why}; give smaller sizes "
            f"or parameters (--gsize, --ngroups, --param)"),))
    errors = any(d.severity is D.Severity.ERROR for d in diagnostics)
    return done(PictureVerdict.PROBLEMS if errors else PictureVerdict.CLEAN, found)


def _kernel(checked, name: str | None, path: str):
    kernels = [k.kernel for k in checked.kernels]
    if name is not None:
        found = next((k for k in kernels if k.name == name), None)
        if found is None:
            raise PictureUsage(f"{path} has no kernel `{name}` (its kernels: "
                               f"{', '.join(k.name for k in kernels) or 'none'})")
        return found
    if len(kernels) != 1:
        raise PictureUsage(f"{path} has {len(kernels)} kernels ({', '.join(k.name for k in kernels) or 'none'}): "
                           f"choose one with --kernel")
    return kernels[0]


def image_kind(out: str) -> str | None:
    """"svg" or "png" by the name an image is written to; None for another."""
    return next((kind for kind in ("svg", "png") if out.lower().endswith("." + kind)), None)


def image(found: Picture, kind: str) -> bytes:
    """The picture as an image file's bytes, `kind` "svg" or "png".  Raises png.NoPillow."""
    from . import layout
    placed = layout.layout(found)
    if kind == "png":
        from . import png
        return png.render(placed)
    from . import svg
    return svg.render(placed).encode("utf-8")


def default_out(path: str, kernel: str | None) -> str:
    """`shift-left.svg` for shift-left.pvl, in the current folder; `-KERNEL` added when
    one was chosen."""
    stem = Path(path).stem + (f"-{kernel}" if kernel else "")
    return f"{stem}.svg"
