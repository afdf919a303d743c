"""The command line: `vercors-py check [options] FILE...`, `races`, `infer`, `run`, `obligations FILE`, `lsp`.

A thin layer over service.py: parse arguments, check each file, print each report and
exit with the most serious code (results.EXIT_ORDER; the table is in docs/cli.md).
Whatever goes wrong, the user gets one line, never a Python traceback.  On a terminal
the text reports are coloured (report/style.py) and a long run shows a progress line on
stderr (report/progress.py).  Each command imports only what it uses, so a cold run of
one command does not pay for the others (tests/cli/test_imports.py).
"""
from __future__ import annotations

import argparse
import gc
import math
import sys

from . import diagnostics as D
from . import service
from .report import style
from .report import text as text_report
from .report.progress import StatusLine
from .results import EXIT_INTERNAL, EXIT_USAGE, FileResult, Verdict, most_serious_exit

PROG = "vercors-py"


def main(argv: list[str] | None = None) -> int:
    """The command line; without `argv` (the `vercors-py` script, `python -m vercors_py`)
    it is the whole program, and the process ends when it returns."""
    try:
        return _main(argv)
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:
        print(f"{PROG}: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return EXIT_INTERNAL
    finally:
        if argv is None:
            # At exit Python runs the cycle collector over every object still alive,
            # about a seventh of a short check's time; frozen objects are left to the
            # end of the process, which frees them all at once.
            gc.freeze()


def _main(argv: list[str] | None) -> int:
    # Source excerpts may hold any character; a terminal that cannot show one should
    # get a replacement mark, not an encoding error.
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")
    try:
        args = _parser().parse_args(argv)
    except SystemExit as exc:    # --help, --version and usage errors end here
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    return args.run(args)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG, description="Verify GPU kernels annotated in permission-based separation logic.")
    parser.add_argument("--version", action=_Version, nargs=0, help="show the version and exit")
    commands = parser.add_subparsers(metavar="COMMAND", required=True, parser_class=_Parser)

    check = commands.add_parser("check", help="verify files and report the results",
                                description="Verify each FILE and report its diagnostics.")
    check.add_argument("files", nargs="+", metavar="FILE")
    check.add_argument("--format", choices=("text", "json", "sarif"), default="text",
                       help="text: compiler-style messages (default); json, or sarif (SARIF 2.1.0 "
                            "for code-scanning dashboards): see docs/cli.md")
    check.add_argument("--timeout", type=_positive(float), default=service.Options().timeout,
                       metavar="SECONDS", help="time limit of one obligation (default %(default)g)")
    check.add_argument("-j", "--jobs", type=_positive(int), metavar="N",
                       help="worker processes for the obligations of a file (default: one per core)")
    check.add_argument("--obligations", action="store_true",
                       help="list every obligation with its verdict and time (JSON always does)")
    check.add_argument("--replay", action="store_true",
                       help="run each failure's counterexample sizes with `run` and say whether the "
                            "failure happens (a bug in the code) or not (an annotation too weak)")
    _launch_options(check)
    _color_option(check)
    check.set_defaults(run=_check)

    races = commands.add_parser(
        "races", help="check kernels for data races and barrier divergence without their annotations",
        description="Check each kernel of each FILE for data races and barrier divergence, for every "
                    "launch its context_everywhere clauses (or GPUVerify's header line, or --gsize and "
                    "--ngroups) allow, without its contracts: race-free, racy (with two threads, the cell "
                    "and the launch) or unknown. See docs/races.md.")
    races.add_argument("files", nargs="+", metavar="FILE")
    races.add_argument("--format", choices=("text", "json"), default="text", help="text (default) or json")
    races.add_argument("--timeout", type=_positive(float), default=service.Options().timeout,
                       metavar="SECONDS", help="time limit of one query (default %(default)g)")
    races.add_argument("--benign-writes", action="store_true",
                       help="two writes of the same value to one cell are no race (GPUVerify's default; "
                            "by default they are reported: C's memory model makes them a race)")
    races.add_argument("--only-intra-group", action="store_true",
                       help="check races between threads of one work group only, as GPUVerify's option "
                            "and Faial's default do (by default also between work groups)")
    _launch_options(races)
    _color_option(races)
    races.set_defaults(run=_races)

    infer = commands.add_parser(
        "infer", help="write the permission contract a kernel without one needs",
        description="For each kernel of FILE without a contract whose accesses are affine in the "
                    "thread ids, parameters and loop counters: write its thread contract, barrier "
                    "contracts and loop invariants, check the result, and print it (or write it back "
                    "with --write). See docs/infer.md.")
    infer.add_argument("file", metavar="FILE")
    infer.add_argument("--write", action="store_true", help="write the result into FILE instead of printing it")
    infer.add_argument("--timeout", type=_positive(float), default=service.Options().timeout,
                       metavar="SECONDS", help="time limit of one obligation of the check (default %(default)g)")
    _launch_options(infer)
    _color_option(infer)
    infer.set_defaults(run=_infer)

    commands.add_parser(
        "run", help="execute kernels on concrete values and report races, divergence and faults",
        description="Run each kernel of each FILE on small launches and report data races, barrier "
                    "divergence, out-of-bounds accesses, division by zero, failed asserts and (for "
                    "annotated kernels) contracts violated on the real state (see docs/cli.md).",
        fill=_run_arguments)

    show = commands.add_parser("obligations", help="print the proof obligations of a file",
                               description="Print every obligation generated for FILE as a PVL-like method.")
    show.add_argument("file", metavar="FILE")
    _launch_options(show)
    _color_option(show)
    show.set_defaults(run=_obligations)

    explain = commands.add_parser("explain", help="what a diagnostic code means and how to fix it",
                                  description="Explain a diagnostic code (perm.read): what it means, a "
                                              "kernel that shows it, its usual causes and fix. A family "
                                              "(perm) lists its codes; no argument lists them all.")
    explain.add_argument("code", nargs="?", metavar="CODE")
    explain.set_defaults(run=_explain)

    lsp = commands.add_parser("lsp", help="run the language server (for editors)",
                              description="Run the language server over standard input and output "
                                          "(see docs/editor.md).")
    lsp.add_argument("--stdio", action="store_true",
                     help="talk over standard input and output (the default, and the only transport)")
    lsp.set_defaults(run=_lsp)
    return parser


class _Parser(argparse.ArgumentParser):
    """A command's parser whose arguments may be added only when that command is used:
    `run`'s choices and defaults come from the interpreter, which no other command loads."""

    def __init__(self, *args, fill=None, **kwargs):
        super().__init__(*args, **kwargs)
        self._fill = fill

    def parse_known_args(self, args=None, namespace=None):
        if self._fill is not None:
            fill, self._fill = self._fill, None
            fill(self)
        return super().parse_known_args(args, namespace)


def _run_arguments(run: argparse.ArgumentParser) -> None:
    run.add_argument("files", nargs="+", metavar="FILE")
    run.add_argument("--schedule", choices=[s.value for s in _run_model().Schedule], default="random",
                     help="random or round-robin interleaving of the threads, or lockstep (SIMT); default random")
    run.add_argument("--seed", type=int, default=0, help="seed of the random choices (default 0)")
    run.add_argument("--gsize", type=_dims, metavar="N[,N[,N]]",
                     help="threads per work group, or per dimension for a kernel naming lid.x, ... (16,16)")
    run.add_argument("--ngroups", type=_dims, metavar="N[,N[,N]]", help="work groups (per dimension, as --gsize)")
    run.add_argument("--sizes", choices=("small",),
                     help="small: every gsize 1..8 x ngroups 1..3 that the contexts allow "
                          "(the default when neither --gsize nor --ngroups is given)")
    run.add_argument("--param", action="append", default=[], type=_assignment(int), metavar="NAME=VALUE",
                     help="a kernel parameter's value (repeatable); others are chosen to meet the contexts")
    run.add_argument("--init", action="append", default=[], type=_assignment(str), metavar="ARRAY=HOW",
                     help="initial values of a global array: random, zeros, index, or an expression "
                          "of the cell index i (repeatable); default: random values meeting the precondition")
    run.add_argument("--max-steps", type=_positive(int), default=_run_model().RunOptions().max_steps,
                     metavar="N", help="stop a launch after N statements (default %(default)d)")
    run.add_argument("--no-contracts", action="store_true",
                     help="check races, divergence and faults only, not the annotations")
    run.add_argument("--trace", action="store_true", help="print the steps that led to the first problem")
    run.add_argument("--format", choices=("text", "json"), default="text")
    _color_option(run)
    run.set_defaults(run=_run)


def _launch_options(command: argparse.ArgumentParser) -> None:
    command.add_argument("--gsize", type=_dims, metavar="N[,N[,N]]",
                         help="verify for this work-group size only (per dimension for CUDA/OpenCL, "
                              "x first; over a file's GPUVerify header line)")
    command.add_argument("--ngroups", type=_dims, metavar="N[,N[,N]]",
                         help="verify for this number of work groups only (per dimension, as --gsize)")
    command.add_argument("--dims", type=int, choices=(1, 2, 3), metavar="N",
                         help="verify for launches of N dimensions of any size (sizes beyond the "
                              "first N are 1); default: as many as the kernel names")
    command.add_argument("--assume", action="append", default=[], metavar="EXPR",
                         help="a fact the host guarantees, over a kernel's parameters and sizes, as a "
                              "context_everywhere clause writes it ('width == ngroups.x * 32'); "
                              "'k: EXPR' for kernel k only (repeatable)")


def _color_option(command: argparse.ArgumentParser) -> None:
    command.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                         help="colour the text report: auto (the default) when it goes to a terminal "
                              "and NO_COLOR is not set; JSON and SARIF are never coloured")


def _status(verb: str, text: bool) -> StatusLine:
    """The progress line of a run whose report is text, on stderr when that is a terminal."""
    return StatusLine.on(sys.stderr, verb) if text else StatusLine(None, verb)


def _dims(text: str):
    from .cfamily.launch import LaunchError, parse_dims
    try:
        return parse_dims(text)
    except LaunchError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _launch(args: argparse.Namespace):
    if args.gsize is None and args.ngroups is None and args.dims is None and not args.assume:
        return None
    from .cfamily.launch import Launch
    return Launch(local=args.gsize, groups=args.ngroups, dims=args.dims, facts=tuple(args.assume))


def _positive(kind):
    def convert(text: str):
        value = kind(text)
        if not (value > 0 and math.isfinite(value)):
            raise argparse.ArgumentTypeError(f"must be a positive number, not {text!r}")
        return value
    convert.__name__ = kind.__name__   # argparse names the type in "invalid float value"
    return convert


def _assignment(kind):
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


def _run_model():
    from .run import model      # the interpreter is loaded only for `run`
    return model


class _Version(argparse.Action):
    """--version, looked up only when asked for (importlib.metadata is slow to import)."""

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"{PROG} {_version()}")
        parser.exit()


def _version() -> str:
    from importlib import metadata      # costs ~30 ms at start-up; only --version needs it
    try:
        return metadata.version("vercors-py")
    except metadata.PackageNotFoundError:   # run from a source tree that was never installed
        return "(not installed)"


def _check(args: argparse.Namespace) -> int:
    options = service.Options(timeout=args.timeout, jobs=args.jobs, launch=_launch(args))
    explained: set[str] = set()
    colours = style.choose(args.color, sys.stdout)
    with _status("checking", args.format == "text") as status:

        def check(path: str):
            result = service.check_file(path, options, progress=status.obligations)
            if not args.replay:
                return result
            status.detail("running the counterexamples")
            return service.replay(result)

        codes, results, unreadable = _each_file(
            args.files, check, status,
            lambda r: text_report.render(r, obligations=args.obligations, explained=explained, style=colours)
            if args.format == "text" else "")
    code = most_serious_exit(codes)
    if args.format == "json":
        from .report import json as json_report
        print(json_report.render(results), end="")
    elif args.format == "sarif":
        from .report import sarif as sarif_report
        print(sarif_report.render(results, version=_version(), exit_code=code, unreadable=unreadable), end="")
    elif len(args.files) > 1:
        print(_total(results, len(unreadable)))
    return code


def _run(args: argparse.Namespace) -> int:
    from .run.inputs import InputError
    model = _run_model()
    explained: set[str] = set()
    colours = style.choose(args.color, sys.stdout)
    options = model.RunOptions(
        schedule=model.Schedule(args.schedule), seed=args.seed, max_steps=args.max_steps,
        gsize=args.gsize, ngroups=args.ngroups, params=tuple(args.param), init=tuple(args.init),
        sweep=args.sizes == "small", trace=args.trace, contracts=not args.no_contracts)
    with _status("running", args.format == "text") as status:
        codes, results, _ = _each_file(
            args.files, lambda path: service.run_file(path, options), status,
            lambda r: text_report.render_run(r, trace=args.trace, explained=explained, style=colours)
            if args.format == "text" else "",
            InputError)
    if args.format == "json":
        from .report import json as json_report
        print(json_report.render_run(results), end="")
    return most_serious_exit(codes)


def _each_file(paths, work, status: StatusLine, text, usage=()):
    """`work` on each file in turn, each text report printed as soon as it is ready; a
    file that cannot be read (or an exception of the `usage` kinds) is a usage error
    on stderr.  Returns the exit codes, the results and (path, reason) of each file that
    could not be read."""
    codes, results, unreadable = [], [], []
    for done, path in enumerate(paths):
        status.file(path, done, len(paths))
        try:
            result = work(path)
        except OSError as exc:
            reason = exc.strerror or str(exc)
            with status.paused():
                print(f"{PROG}: error: cannot read {path}: {reason}", file=sys.stderr)
            codes.append(EXIT_USAGE)
            unreadable.append((path, reason))
            continue
        except usage as exc:
            with status.paused():
                print(f"{PROG}: error: {exc}", file=sys.stderr)
            codes.append(EXIT_USAGE)
            continue
        codes.append(result.exit_code)
        results.append(result)
        with status.paused():
            print(text(result), end="")
    return codes, results, unreadable


def _races(args: argparse.Namespace) -> int:
    options = service.Options(timeout=args.timeout, launch=_launch(args))
    explained: set[str] = set()
    colours = style.choose(args.color, sys.stdout)
    with _status("checking", args.format == "text") as status:
        codes, results, _ = _each_file(
            args.files, lambda path: service.races_file(path, options, args.benign_writes, args.only_intra_group), status,
            lambda r: text_report.render_races(r, explained=explained, style=colours)
            if args.format == "text" else "")
    if args.format == "json":
        from .report import json as json_report
        print(json_report.render_races(results), end="")
    return most_serious_exit(codes)


def _infer(args: argparse.Namespace) -> int:
    with _status("inferring", True) as status:
        status.file(args.file, 0, 1)
        try:
            result = service.infer_file(args.file, service.Options(timeout=args.timeout, launch=_launch(args)))
        except OSError as exc:
            with status.paused():
                print(f"{PROG}: error: cannot read {args.file}: {exc.strerror or exc}", file=sys.stderr)
            return EXIT_USAGE
    if result.text is not None:
        if args.write:
            with open(args.file, "w", encoding="utf-8") as handle:
                handle.write(result.text)
        else:
            print(result.text, end="")
    # The report goes to stderr, beside the inferred text on stdout: colour follows stderr.
    print(text_report.render_infer(result, explained=set(), style=style.choose(args.color, sys.stderr)),
          end="", file=sys.stderr)
    return result.exit_code


def _obligations(args: argparse.Namespace) -> int:
    try:
        result = service.obligations_of_file(args.file, _launch(args))
    except OSError as exc:
        print(f"{PROG}: error: cannot read {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_USAGE
    if isinstance(result, FileResult):      # rejected before obligations exist
        print(text_report.render(result, style=style.choose(args.color, sys.stdout)), end="")
        return result.exit_code
    from .obligations.show import format_obligations
    print(format_obligations(result), end="")
    return 0


def _explain(args: argparse.Namespace) -> int:
    from . import explain
    if args.code is None:
        print(explain.index(), end="")
        return 0
    code = args.code.strip("[]")            # pasted as printed: [perm.read]
    if code not in D.CODES and code not in D.FAMILIES:
        close = explain.suggestions(code)
        hint = f"; did you mean {' or '.join(close)}?" if close else "; `vercors-py explain` lists them"
        print(f"{PROG}: error: no code or family is called {code!r}{hint}", file=sys.stderr)
        return EXIT_USAGE
    print(explain.render(code), end="")
    return 0


def _lsp(args: argparse.Namespace) -> int:
    from .lsp import server    # pygls is loaded only for the language server
    return server.main()


def _total(results, unreadable: int) -> str:
    parts = [f"{n} {v.value}" for v in Verdict
             if (n := sum(1 for r in results if r.verdict is v))]
    if unreadable:
        parts.append(f"{unreadable} unreadable")
    return f"{len(results) + unreadable} files: " + ", ".join(parts)
