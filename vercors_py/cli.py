"""The command line: `vercors-py check [options] FILE...`, `obligations FILE`, `lsp`.

A thin layer over service.py: parse arguments, check each file, print each report and
exit with the most serious code (results.EXIT_ORDER; the table is in docs/cli.md).
Whatever goes wrong, the user gets one line, never a Python traceback.
"""
from __future__ import annotations

import argparse
import math
import sys

from . import service
from .report import json as json_report
from .report import text as text_report
from .obligations.show import format_obligations
from .results import EXIT_INTERNAL, EXIT_USAGE, FileResult, Verdict, most_serious_exit

PROG = "vercors-py"


def main(argv: list[str] | None = None) -> int:
    try:
        return _main(argv)
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:
        print(f"{PROG}: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return EXIT_INTERNAL


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
    commands = parser.add_subparsers(metavar="COMMAND", required=True)

    check = commands.add_parser("check", help="verify files and report the results",
                                description="Verify each FILE and report its diagnostics.")
    check.add_argument("files", nargs="+", metavar="FILE")
    check.add_argument("--format", choices=("text", "json"), default="text",
                       help="text: compiler-style messages (default); json: see docs/cli.md")
    check.add_argument("--timeout", type=_positive(float), default=service.Options().timeout,
                       metavar="SECONDS", help="time limit of one obligation (default %(default)g)")
    check.add_argument("-j", "--jobs", type=_positive(int), metavar="N",
                       help="worker processes for the obligations of a file (default: one per core)")
    check.add_argument("--obligations", action="store_true",
                       help="list every obligation with its verdict and time (JSON always does)")
    check.set_defaults(run=_check)

    show = commands.add_parser("obligations", help="print the proof obligations of a file",
                               description="Print every obligation generated for FILE as a PVL-like method.")
    show.add_argument("file", metavar="FILE")
    show.set_defaults(run=_obligations)

    lsp = commands.add_parser("lsp", help="run the language server (for editors)",
                              description="Run the language server over standard input and output "
                                          "(see docs/editor.md).")
    lsp.add_argument("--stdio", action="store_true",
                     help="talk over standard input and output (the default, and the only transport)")
    lsp.set_defaults(run=_lsp)
    return parser


def _positive(kind):
    def convert(text: str):
        value = kind(text)
        if not (value > 0 and math.isfinite(value)):
            raise argparse.ArgumentTypeError(f"must be a positive number, not {text!r}")
        return value
    convert.__name__ = kind.__name__   # argparse names the type in "invalid float value"
    return convert


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
    options = service.Options(timeout=args.timeout, jobs=args.jobs)
    codes: list[int] = []
    results = []
    unreadable = 0
    for path in args.files:
        try:
            result = service.check_file(path, options)
        except OSError as exc:
            print(f"{PROG}: error: cannot read {path}: {exc.strerror or exc}", file=sys.stderr)
            codes.append(EXIT_USAGE)
            unreadable += 1
            continue
        codes.append(result.exit_code)
        results.append(result)
        if args.format == "text":
            print(text_report.render(result, obligations=args.obligations), end="", flush=True)
    if args.format == "json":
        print(json_report.render(results), end="")
    elif len(args.files) > 1:
        print(_total(results, unreadable))
    return most_serious_exit(codes)


def _obligations(args: argparse.Namespace) -> int:
    try:
        result = service.obligations_of_file(args.file)
    except OSError as exc:
        print(f"{PROG}: error: cannot read {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_USAGE
    if isinstance(result, FileResult):      # rejected before obligations exist
        print(text_report.render(result), end="")
        return result.exit_code
    print(format_obligations(result), end="")
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
