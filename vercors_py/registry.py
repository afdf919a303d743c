"""The analyses, one entry each: the command line and its documentation are built from here.

An entry says what the command is called, which options it takes beyond the ones every
analysis has (FILE..., `--format`, `--color`), how it works on one file, and how its
results are shown: text for each file as it is done, and one document for all files in
each other format.  A new analysis is its folder (the analysis over the checked program),
a function of service.py that runs it on one file, and one entry here.

Everything an entry uses is imported when the command runs, not when the registry is
read: a cold `check` pays for no other analysis (tests/cli/test_imports.py).
"""
from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable, Mapping

import attrs

from .results import Result


@attrs.frozen
class Shown:
    """What a renderer of all files is given besides the results."""
    exit_code: int
    unreadable: tuple[tuple[str, str], ...]      # (path, reason) of each file not read


@attrs.frozen
class AnalysisEntry:
    name: str
    help: str
    description: str
    verb: str                                     # the progress line's: "checking"
    # Adds the analysis's own options to its parser.
    options: Callable[[argparse.ArgumentParser], None]
    # From the parsed options and the progress line, the work on one file.
    work: Callable[[argparse.Namespace, object], Callable[[str], Result]]
    # Prints one file's result as text (to stdout, or where the analysis's output goes).
    show: Callable[[Result, argparse.Namespace, set], None]
    # Other formats: one document for all files, from the results and a `Shown`.
    documents: Mapping[str, Callable[[list[Result], Shown], str]] = attrs.field(factory=dict)
    # Exceptions of these kinds (imported when the command runs) are usage errors of one file.
    usage_errors: Callable[[], tuple[type[Exception], ...]] = tuple
    launch: bool = True                           # takes --gsize, --ngroups, --dims, --assume
    timeout: str | None = None                    # the --timeout help: what one time limit bounds

    @property
    def formats(self) -> tuple[str, ...]:
        return ("text", *self.documents)


def positive(kind):
    """An argparse type: a positive finite number of `kind`."""
    def convert(text: str):
        value = kind(text)
        if not (value > 0 and math.isfinite(value)):
            raise argparse.ArgumentTypeError(f"must be a positive number, not {text!r}")
        return value
    convert.__name__ = kind.__name__   # argparse names the type in "invalid float value"
    return convert


def assignment(kind):
    """An argparse type: NAME=VALUE with a value of `kind`."""
    def convert(text: str):
        name, sep, value = text.partition("=")
        if not sep or not name.strip():
            raise argparse.ArgumentTypeError(f"expected NAME=VALUE, not {text!r}")
        try:
            return name.strip(), kind(value.strip())
        except ValueError:
            raise argparse.ArgumentTypeError(f"{value.strip()!r} is not an integer") from None
    convert.__name__ = "assignment"
    return convert


def dims(text: str):
    """An argparse type: N[,N[,N]] sizes."""
    from .cfamily.launch import LaunchError, parse_dims
    try:
        return parse_dims(text)
    except LaunchError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def warp_size(text: str) -> int:
    """An argparse type: a warp size."""
    from .cfamily.launch import LaunchError, parse_warp_size
    try:
        return parse_warp_size(text)
    except LaunchError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def warp_options(parser: argparse.ArgumentParser) -> None:
    """The options of the analyses that tell the threads of a warp apart (docs/warps.md)."""
    parser.add_argument("--warp-size", type=warp_size, metavar="N",
                        help="threads per warp, by linear id within the group (default 32, or a GPUVerify "
                             "header's --warp-sync=N)")
    parser.add_argument("--warp-sync", action="store_true",
                        help="the threads of a warp run in lock-step, as before Volta and in GPUVerify's "
                             "--warp-sync: warp-synchronous code needs no __syncwarp (by default a warp's "
                             "threads are independent)")


def launch_of(args: argparse.Namespace):
    """The launch the options give (None: the file's own)."""
    size, lockstep = getattr(args, "warp_size", None), getattr(args, "warp_sync", False)
    if args.gsize is None and args.ngroups is None and args.dims is None and not args.assume \
            and size is None and not lockstep:
        return None
    from .cfamily.launch import Launch
    return Launch(local=args.gsize, groups=args.ngroups, dims=args.dims, facts=tuple(args.assume),
                  warp_size=size, lockstep=lockstep)


def service_options(args: argparse.Namespace, **more):
    from . import service
    return service.Options(timeout=args.timeout, launch=launch_of(args), **more)


def colours(args: argparse.Namespace, stream=None):
    from .report import style
    return style.choose(args.color, stream or sys.stdout)


def version() -> str:
    from importlib import metadata      # costs ~30 ms at start-up; only --version and SARIF need it
    try:
        return metadata.version("vercors-py")
    except metadata.PackageNotFoundError:   # run from a source tree that was never installed
        return "(not installed)"


# --- check ---------------------------------------------------------------------------

def _check_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-j", "--jobs", type=positive(int), metavar="N",
                        help="worker processes for the obligations of a file (default: one per core)")
    parser.add_argument("--obligations", action="store_true",
                        help="list every obligation with its verdict and time (JSON always does)")
    parser.add_argument("--replay", action="store_true",
                        help="run each failure's counterexample sizes with `run` and say whether the "
                             "failure happens (a bug in the code) or not (an annotation too weak)")


def _check_work(args: argparse.Namespace, status):
    from . import service
    options = service_options(args, jobs=args.jobs)

    def check(path: str):
        result = service.check_file(path, options, progress=status.obligations)
        if not args.replay:
            return result
        status.detail("running the counterexamples")
        return service.replay(result)
    return check


def _check_show(result, args: argparse.Namespace, explained: set) -> None:
    from .report import text
    print(text.render(result, obligations=args.obligations, explained=explained, style=colours(args)), end="")


def _check_json(results, shown: Shown) -> str:
    from .report import json
    return json.render(results)


def _check_sarif(results, shown: Shown) -> str:
    from .report import sarif
    return sarif.render(results, version=version(), exit_code=shown.exit_code, unreadable=shown.unreadable)


CHECK = AnalysisEntry(
    "check", help="verify files and report the results",
    description="Verify each FILE and report its diagnostics.",
    verb="checking", options=_check_options, work=_check_work, show=_check_show,
    documents={"json": _check_json, "sarif": _check_sarif},
    timeout="time limit of one obligation")


# --- races ---------------------------------------------------------------------------

def _races_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--benign-writes", action="store_true",
                        help="two writes of the same value to one cell are no race (GPUVerify's default; "
                             "by default they are reported: C's memory model makes them a race)")
    parser.add_argument("--only-intra-group", action="store_true",
                        help="check races between threads of one work group only, as GPUVerify's option "
                             "and Faial's default do (by default also between work groups)")
    warp_options(parser)


def _races_work(args: argparse.Namespace, status):
    from . import service
    options = service_options(args)
    return lambda path: service.races_file(path, options, args.benign_writes, args.only_intra_group)


def _races_show(result, args: argparse.Namespace, explained: set) -> None:
    from .report import text
    print(text.render_races(result, explained=explained, style=colours(args)), end="")


def _races_json(results, shown: Shown) -> str:
    from .report import json
    return json.render_races(results)


RACES = AnalysisEntry(
    "races", help="check kernels for data races and barrier divergence without their annotations",
    description="Check each kernel of each FILE for data races and barrier divergence, for every "
                "launch its context_everywhere clauses (or GPUVerify's header line, or --gsize and "
                "--ngroups) allow, without its contracts: race-free, racy (with two threads, the cell "
                "and the launch) or unknown. See docs/races.md.",
    verb="checking", options=_races_options, work=_races_work, show=_races_show,
    documents={"json": _races_json}, timeout="time limit of one query")


# --- infer ---------------------------------------------------------------------------

def _infer_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--write", action="store_true",
                        help="write the result into each FILE instead of printing it")


def _infer_work(args: argparse.Namespace, status):
    from . import service
    options = service_options(args)
    return lambda path: service.infer_file(path, options)


def _infer_show(result, args: argparse.Namespace, explained: set) -> None:
    """The file with its contracts on stdout (or written back), the report on stderr,
    coloured as stderr allows."""
    from .report import text
    if result.text is not None:
        if args.write:
            with open(result.path, "w", encoding="utf-8") as handle:
                handle.write(result.text)
        else:
            # The text as printed ends its last line, so the report never joins it; the
            # report's places are then the user's file, which is unchanged.
            print(result.text, end="" if result.text.endswith("\n") else "\n")
            result = result.in_original()
    print(text.render_infer(result, explained=explained, style=colours(args, sys.stderr)), end="", file=sys.stderr)


INFER = AnalysisEntry(
    "infer", help="write the permission contract a kernel without one needs",
    description="For each kernel of each FILE without a contract whose accesses are affine in the "
                "thread ids, parameters and loop counters: write its thread contract, barrier "
                "contracts and loop invariants, check the result, and print it (or write it back "
                "with --write). See docs/infer.md.",
    verb="inferring", options=_infer_options, work=_infer_work, show=_infer_show,
    timeout="time limit of one obligation of the check")


# --- run -----------------------------------------------------------------------------

def _run_model():
    from .run import model      # the interpreter is loaded only for `run`
    return model


def _run_options(parser: argparse.ArgumentParser) -> None:
    _interpreter_options(parser)
    parser.add_argument("--sizes", choices=("small",),
                        help="small: every gsize 1..8 x ngroups 1..3 that the contexts allow "
                             "(the default when neither --gsize nor --ngroups is given)")
    parser.add_argument("--trace", action="store_true", help="print the steps that led to the first problem")


def _interpreter_options(parser: argparse.ArgumentParser) -> None:
    """The options of the analyses that run kernels: `run` and `picture`."""
    model = _run_model()
    parser.add_argument("--schedule", choices=[s.value for s in model.Schedule], default="random",
                        help="random or round-robin interleaving of the threads, or lockstep (SIMT); default random")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random choices (default 0)")
    parser.add_argument("--gsize", type=dims, metavar="N[,N[,N]]",
                        help="threads per work group, or per dimension for a kernel naming lid.x, ... (16,16)")
    parser.add_argument("--ngroups", type=dims, metavar="N[,N[,N]]", help="work groups (per dimension, as --gsize)")
    parser.add_argument("--param", action="append", default=[], type=assignment(int), metavar="NAME=VALUE",
                        help="a kernel parameter's value (repeatable); others are chosen to meet the contexts")
    parser.add_argument("--init", action="append", default=[], type=assignment(str), metavar="ARRAY=HOW",
                        help="initial values of a global array: random, zeros, index, or an expression "
                             "of the cell index i (repeatable); default: random values meeting the precondition")
    parser.add_argument("--max-steps", type=positive(int), default=model.RunOptions().max_steps,
                        metavar="N", help="stop a launch after N statements (default %(default)d)")
    parser.add_argument("--no-contracts", action="store_true",
                        help="check races, divergence and faults only, not the annotations")
    warp_options(parser)


def _run_options_of(args: argparse.Namespace, **more):
    """The RunOptions of `_interpreter_options`, and `more` of the command's own."""
    model = _run_model()
    return model.RunOptions(
        schedule=model.Schedule(args.schedule), seed=args.seed, max_steps=args.max_steps,
        gsize=args.gsize, ngroups=args.ngroups, params=tuple(args.param), init=tuple(args.init),
        contracts=not args.no_contracts, warp_size=args.warp_size, lockstep=args.warp_sync, **more)


def _run_work(args: argparse.Namespace, status):
    from . import service
    options = _run_options_of(args, sweep=args.sizes == "small", trace=args.trace)
    return lambda path: service.run_file(path, options)


def _run_show(result, args: argparse.Namespace, explained: set) -> None:
    from .report import text
    print(text.render_run(result, trace=args.trace, explained=explained, style=colours(args)), end="")


def _run_json(results, shown: Shown) -> str:
    from .report import json
    return json.render_run(results)


def _run_usage_errors():
    from .run.inputs import InputError
    return (InputError,)


RUN = AnalysisEntry(
    "run", help="execute kernels on concrete values and report races, divergence and faults",
    description="Run each kernel of each FILE on small launches and report data races, barrier "
                "divergence, out-of-bounds accesses, division by zero, failed asserts and (for "
                "annotated kernels) contracts violated on the real state (see docs/cli.md).",
    verb="running", options=_run_options, work=_run_work, show=_run_show, documents={"json": _run_json},
    usage_errors=_run_usage_errors, launch=False)


# --- picture -------------------------------------------------------------------------

def _picture_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", metavar="PATH",
                        help="the image to write, .svg or .png (default: FILE's name with .svg, in the "
                             "current folder; one FILE only)")
    parser.add_argument("--kernel", metavar="NAME", help="the kernel to draw (needed when FILE has several)")
    _interpreter_options(parser)


def _picture_work(args: argparse.Namespace, status):
    from .picture import make
    options = _run_options_of(args)

    def draw(path: str):
        if args.out is not None and len(args.files) > 1:
            raise make.PictureUsage("--out names one image: give one FILE")
        out = args.out or make.default_out(path, args.kernel)
        kind = make.image_kind(out)
        if kind is None:
            raise make.PictureUsage(f"--out {out}: an image is .svg or .png")
        result = make.picture_file(path, options, args.kernel)
        if result.picture is None:
            return result
        data = make.image(result.picture, kind)
        with open(out, "wb") as handle:
            handle.write(data)
        return attrs.evolve(result, out=out)
    return draw


def _picture_show(result, args: argparse.Namespace, explained: set) -> None:
    from .report import text
    print(text.render_picture(result, explained=explained, style=colours(args)), end="")


def _picture_usage_errors():
    from .picture.make import PictureUsage
    from .picture.png import NoPillow
    from .run.inputs import InputError
    return (PictureUsage, NoPillow, InputError)


PICTURE = AnalysisEntry(
    "picture", help="draw who holds and who accesses each cell, per barrier interval, at one small launch",
    description="Run one small launch of a kernel of each FILE and draw it as an image: threads x cells, "
                "one panel per barrier interval, the permission each thread holds on each cell (from the "
                "contracts read on the run's state), the cells it read and wrote, and each race or missing "
                "permission marked with both threads, the cell and the interval. See docs/pictures.md.",
    verb="drawing", options=_picture_options, work=_picture_work, show=_picture_show,
    usage_errors=_picture_usage_errors, launch=False)


# In the order the command line lists them.
ANALYSES: tuple[AnalysisEntry, ...] = (CHECK, RUN, RACES, INFER, PICTURE)
