"""The command line: `vercors-py check [options] FILE...`, `races`, `infer`, `run`, `obligations FILE`, `lsp`.

A thin layer over service.py: parse arguments, run an analysis on each file, print each
report and exit with the most serious code (results.EXIT_ORDER; the table is in docs/cli.md).
Whatever goes wrong, the user gets one line, never a Python traceback.  On a terminal
the text reports are coloured (report/style.py) and a long run shows a progress line on
stderr (report/progress.py).  Each command imports only what it uses, so a cold run of
one command does not pay for the others (tests/cli/test_imports.py).  The analyses'
commands are built from their entries in registry.py.
"""
from __future__ import annotations

import argparse
import gc
import sys

from . import diagnostics as D
from . import service
from .registry import ANALYSES, AnalysisEntry, Shown, dims, launch_of, positive, version
from .report import style
from .report import text as text_report
from .report.progress import StatusLine
from .results import EXIT_INTERNAL, EXIT_USAGE, FileResult, most_serious_exit

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
    return args.handler(args)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG, description="Verify GPU kernels annotated in permission-based separation logic.")
    parser.add_argument("--version", action=_Version, nargs=0, help="show the version and exit")
    commands = parser.add_subparsers(metavar="COMMAND", required=True, parser_class=_Parser)
    for entry in ANALYSES:
        commands.add_parser(entry.name, help=entry.help, description=entry.description,
                            fill=lambda command, entry=entry: _analysis_arguments(command, entry))

    show = commands.add_parser("obligations", help="print the proof obligations of a file",
                               description="Print every obligation generated for FILE as a PVL-like method.")
    show.add_argument("file", metavar="FILE")
    _launch_options(show)
    _color_option(show)
    show.set_defaults(handler=_obligations)

    explain = commands.add_parser("explain", help="what a diagnostic code means and how to fix it",
                                  description="Explain a diagnostic code (perm.read): what it means, a "
                                              "kernel that shows it, its usual causes and fix. A family "
                                              "(perm) lists its codes; no argument lists them all.")
    explain.add_argument("code", nargs="?", metavar="CODE")
    explain.set_defaults(handler=_explain)

    lsp = commands.add_parser("lsp", help="run the language server (for editors)",
                              description="Run the language server over standard input and output "
                                          "(see docs/editor.md).")
    lsp.add_argument("--stdio", action="store_true",
                     help="talk over standard input and output (the default, and the only transport)")
    lsp.set_defaults(handler=_lsp)
    return parser


def command_parser(name: str) -> argparse.ArgumentParser:
    """The parser of one command with all its options (docs/cli.md is tested against it)."""
    commands = next(a for a in _parser()._actions if isinstance(a, argparse._SubParsersAction))
    command = commands.choices[name]
    command.fill()
    return command


class _Parser(argparse.ArgumentParser):
    """A command's parser whose arguments may be added only when that command is used: an
    analysis's options may come from its own modules (`run`'s choices and defaults from
    the interpreter), which no other command loads."""

    def __init__(self, *args, fill=None, **kwargs):
        super().__init__(*args, **kwargs)
        self._fill = fill

    def fill(self) -> None:
        if self._fill is not None:
            fill, self._fill = self._fill, None
            fill(self)

    def parse_known_args(self, args=None, namespace=None):
        self.fill()
        return super().parse_known_args(args, namespace)


def _analysis_arguments(command: argparse.ArgumentParser, entry: AnalysisEntry) -> None:
    """The options every analysis has, and the entry's own."""
    command.add_argument("files", nargs="+", metavar="FILE")
    command.set_defaults(format="text")
    if len(entry.formats) > 1:
        command.add_argument("--format", choices=entry.formats, default="text",
                             help=f"{' or '.join(entry.formats)} (default text; see docs/cli.md)")
    if entry.timeout is not None:
        command.add_argument("--timeout", type=positive(float), default=service.Options().timeout,
                             metavar="SECONDS", help=f"{entry.timeout} (default %(default)g)")
    entry.options(command)
    if entry.launch:
        _launch_options(command)
    _color_option(command)
    command.set_defaults(handler=lambda args: _analyse(entry, args))


def _launch_options(command: argparse.ArgumentParser) -> None:
    command.add_argument("--gsize", type=dims, metavar="N[,N[,N]]",
                         help="verify for this work-group size only (per dimension for CUDA/OpenCL, "
                              "x first; over a file's GPUVerify header line)")
    command.add_argument("--ngroups", type=dims, metavar="N[,N[,N]]",
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


class _Version(argparse.Action):
    """--version, looked up only when asked for (importlib.metadata is slow to import)."""

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"{PROG} {version()}")
        parser.exit()


def _analyse(entry: AnalysisEntry, args: argparse.Namespace) -> int:
    """An analysis on each file in turn: each text report printed as soon as it is ready,
    a document of another format for all files at the end."""
    text = args.format == "text"
    explained: set[str] = set()
    with _status(entry.verb, text) as status:
        codes, results, unreadable = _each_file(
            args.files, entry.work(args, status), status,
            (lambda r: entry.show(r, args, explained)) if text else (lambda r: None), entry.usage_errors())
    code = most_serious_exit(codes)
    if not text:
        print(entry.documents[args.format](results, Shown(code, tuple(unreadable))), end="")
    elif len(args.files) > 1:
        print(_total(results, len(unreadable)))
    return code


def _each_file(paths, work, status: StatusLine, show, usage=()):
    """`work` on each file in turn, each result shown as soon as it is ready; a file
    that cannot be read (or an exception of the `usage` kinds) is a usage error on
    stderr.  Returns the exit codes, the results and (path, reason) of each file that
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
            show(result)
    return codes, results, unreadable


def _obligations(args: argparse.Namespace) -> int:
    try:
        result = service.obligations_of_file(args.file, launch_of(args))
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
    """`3 files: 2 verified, 1 failed`: how many files got each verdict, in the order the
    analysis's verdicts are declared."""
    kinds = list(dict.fromkeys(v for r in results for v in type(r.verdict)))
    parts = [f"{n} {v.value}" for v in kinds if (n := sum(1 for r in results if r.verdict is v))]
    if unreadable:
        parts.append(f"{unreadable} unreadable")
    return f"{len(results) + unreadable} files: " + ", ".join(parts)
