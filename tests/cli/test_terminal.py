"""The command line on a terminal and into pipes: colour (--color, NO_COLOR) and the
progress line on stderr.  The CLI runs as a process whose stdout and stderr are a
pseudo-terminal, a pipe, or one of each."""
import fcntl
import io
import json
import os
import re
import struct
import subprocess
import sys
import termios
import threading
import tty
from concurrent.futures import ThreadPoolExecutor

import pytest

from vercors_py import diagnostics as D
from vercors_py.report import progress, style, text
from vercors_py.results import FileResult, Verdict
from vercors_py.source import SourceText

ESC = "\x1b["
RED, GREEN, YELLOW, CYAN = "\x1b[1;31m", "\x1b[1;32m", "\x1b[1;33m", "\x1b[1;36m"
BAD = "kernel k {\n  global int[gsize] a;\n  requires Perm(a[tid], write);\n  void main() {\n    a[tid] := tid;\n  }\n}\n"
FAILING = """kernel k {
  global int[gsize] a;
  requires Perm(a[tid], read);
  void main() {
    a[tid] = tid;
  }
}
"""
UNANNOTATED = "kernel k {\n  global int[gsize] a;\n  context_everywhere ngroups == 1;\n  void main() {\n    a[tid] = tid;\n  }\n}\n"
FIG8 = """kernel k{i} {{
  global int[gsize] a;
  global int[gsize] b;
  context_everywhere ngroups == 1;

  requires Perm(a[tid], write) ** Perm(b[tid], write);
  ensures  Perm(b[tid], write) ** b[tid] == (tid + 1) % gsize;
  void main() {{
    a[tid] = tid;
    barrier(global) {{
      requires a[tid] == tid;
      ensures  Perm(a[(tid + 1) % gsize], read) ** Perm(b[tid], write);
      ensures  a[(tid + 1) % gsize] == (tid + 1) % gsize;
    }}
    b[tid] = a[(tid + 1) % gsize];
  }}
}}
"""
# Work enough for a few seconds on one core: 10 kernels of 8 obligations each, so the
# progress line (after its first second) shows on any machine.
SLOW = "\n".join(FIG8.format(i=i) for i in range(10))
WIDTH = 200


def launch(args, cwd, *, stdout="pty", stderr="pty", environ=None):
    """Run `python -m vercors_py ARGS` with stdout and stderr each a pseudo-terminal
    ("pty", one terminal for both when both are) or a pipe.  Returns the exit code,
    what the terminal received, and what the pipes received."""
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env.update(environ or {})
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, WIDTH, 0, 0))
    tty.setraw(slave)       # bytes as written: no \n -> \r\n on the way
    proc = subprocess.Popen([sys.executable, "-m", "vercors_py", *map(str, args)], cwd=cwd, env=env,
                            stdin=subprocess.DEVNULL,
                            stdout=slave if stdout == "pty" else subprocess.PIPE,
                            stderr=slave if stderr == "pty" else subprocess.PIPE)
    os.close(slave)
    received = []

    def pump():
        while True:
            try:
                data = os.read(master, 65536)
            except OSError:      # EIO: the last writer closed the terminal
                return
            if not data:
                return
            received.append(data)

    reader = threading.Thread(target=pump)
    reader.start()
    out, err = proc.communicate(timeout=300)
    reader.join()
    os.close(master)
    decode = lambda data: (data or b"").decode("utf-8", "replace")  # noqa: E731
    return proc.returncode, decode(b"".join(received)), decode(out), decode(err)


def screen(output: str) -> list[str]:
    """The lines a terminal shows after `output`: \\r goes back to the start of the line,
    ESC[K clears to its end, colour codes take no room."""
    lines, column = [""], 0
    for token in re.findall(r"\x1b\[[0-9;]*[A-Za-z]|\r|\n|[^\x1b\r\n]+", output):
        if token == "\n":
            lines.append("")
            column = 0
        elif token == "\r":
            column = 0
        elif token == "\x1b[K":
            lines[-1] = lines[-1][:column]
        elif not token.startswith(ESC):
            line = lines[-1].ljust(column)
            lines[-1] = line[:column] + token + line[column + len(token):]
            column += len(token)
    return lines


def no_times(lines):
    return [re.sub(r"\d+\.\d+ s\)", "T s)", line) for line in lines]


@pytest.fixture
def files(tmp_path):
    (tmp_path / "bad.pvl").write_text(BAD, encoding="utf-8")
    (tmp_path / "failing.pvl").write_text(FAILING, encoding="utf-8")
    (tmp_path / "unannotated.pvl").write_text(UNANNOTATED, encoding="utf-8")
    return tmp_path


# ---------------------------------------------------------------------------------------
# colour

def test_terminal_gets_colour(files):
    code, shown, _, _ = launch(["check", "bad.pvl", "failing.pvl"], files)
    assert code == 3
    assert f"bad.pvl:5:12: {RED}error:\x1b[0m unexpected" in shown
    assert f"           {GREEN}^" in shown                       # the caret line, its indent plain
    assert f"bad.pvl: {RED}rejected\x1b[0m: 1 error" in shown      # the verdict
    assert f"{CYAN}note:\x1b[0m counterexample" in shown
    assert f"failing.pvl: {RED}failed\x1b[0m" in shown


def test_pipes_get_no_escape_codes(run_cli, files):
    proc = run_cli("check", "bad.pvl", "failing.pvl")
    assert proc.returncode == 3
    assert "bad.pvl: rejected: 1 error" in proc.stdout
    assert "\x1b" not in proc.stdout + proc.stderr


def test_no_color_turns_colour_off_on_a_terminal(files):
    _, shown, _, _ = launch(["check", "bad.pvl"], files, environ={"NO_COLOR": "1"})
    assert "bad.pvl: rejected: 1 error" in shown
    assert "\x1b" not in shown


def test_empty_no_color_is_not_set(files):
    _, shown, _, _ = launch(["check", "bad.pvl"], files, environ={"NO_COLOR": ""})
    assert f"{RED}error:" in shown


def test_color_always_colours_a_pipe_even_with_no_color(files):
    env = dict(os.environ, NO_COLOR="1")
    proc = subprocess.run([sys.executable, "-m", "vercors_py", "check", "--color", "always", "bad.pvl"],
                          cwd=files, env=env, capture_output=True, encoding="utf-8")
    assert f"{RED}error:" in proc.stdout
    assert proc.stderr == ""


def test_color_never_on_a_terminal(files):
    code, shown, _, _ = launch(["check", "--color", "never", "bad.pvl"], files)
    assert code == 3
    assert "bad.pvl: rejected: 1 error" in shown
    assert "\x1b" not in shown


def test_json_and_sarif_are_never_coloured(run_cli, files):
    for fmt in ("json", "sarif"):
        code, _, out, err = launch(["check", "--format", fmt, "--color", "always", "failing.pvl"], files,
                                   stdout="pipe")
        assert code == 1
        assert "\x1b" not in out + err
        piped = run_cli("check", "--format", fmt, "failing.pvl").stdout
        strip = lambda s: re.sub(r'"seconds": [0-9.]+', "", s)   # noqa: E731
        assert strip(out) == strip(piped)
        json.loads(out)


def test_every_text_command_takes_color(files):
    def coloured(*args, stream="stdout"):
        proc = subprocess.run([sys.executable, "-m", "vercors_py", *args, "--color", "always"], cwd=files,
                              capture_output=True, encoding="utf-8")
        return ESC in getattr(proc, stream)
    assert coloured("races", "failing.pvl")
    assert coloured("run", "failing.pvl")
    assert coloured("obligations", "bad.pvl")
    assert coloured("infer", "failing.pvl", stream="stderr")


def test_infer_colours_its_report_by_stderr(files):
    """infer prints the kernel on stdout and its report on stderr: the report is coloured
    when stderr is a terminal, the kernel never."""
    code, shown, out, _ = launch(["infer", "unannotated.pvl"], files, stdout="pipe")
    assert code == 0
    assert "requires Perm(a[tid], write);" in out
    assert "\x1b" not in out
    assert f"unannotated.pvl: {GREEN}inferred, verified" in shown


# ---------------------------------------------------------------------------------------
# the renderers stay pure: colour is a parameter

def test_renderer_colours_only_with_a_colour_style():
    source = SourceText("t.pvl", "kernel k {\n  void main() {\n    a[tid] = 1;\n  }\n}\n")
    start = source.text.index("a[tid]")
    d = D.error("perm.write", source.span(start, start + 6), "no write permission",
                notes=("counterexample: tid = 0",))
    result = FileResult("t.pvl", source, Verdict.FAILED, (d,), (), 0.5)
    plain = text.render(result)
    assert ESC not in plain
    coloured = text.render(result, style=style.COLOUR)
    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured) == plain
    assert f"t.pvl:3:5: {RED}error:\x1b[0m no write permission" in coloured
    assert f"    {GREEN}^~~~~~\x1b[0m" in coloured.splitlines()
    assert f"  {CYAN}note:\x1b[0m counterexample: tid = 0" in coloured


@pytest.mark.parametrize("verdict, colour", [(Verdict.VERIFIED, GREEN), (Verdict.TIMEOUT, YELLOW),
                                             (Verdict.FAILED, RED), (Verdict.REJECTED, RED)])
def test_verdict_colour_follows_the_exit_code(verdict, colour):
    result = FileResult("t.pvl", None, verdict, (), (), 0.5)
    assert text.summary(result, style.COLOUR).startswith(f"t.pvl: {colour}{verdict.value}\x1b[0m")


class _Terminal(io.StringIO):
    def isatty(self):
        return True


@pytest.mark.parametrize("mode, no_color, stream, wanted", [
    ("auto", None, _Terminal(), True),
    ("auto", None, io.StringIO(), False),
    ("auto", "1", _Terminal(), False),
    ("auto", "", _Terminal(), True),
    ("always", "1", io.StringIO(), True),
    ("never", None, _Terminal(), False),
])
def test_when_colour_is_wanted(mode, no_color, stream, wanted):
    environ = {} if no_color is None else {"NO_COLOR": no_color}
    assert style.wanted(mode, stream, environ) is wanted


# ---------------------------------------------------------------------------------------
# progress

@pytest.fixture(scope="module")
def slow_runs(tmp_path_factory):
    """The same slow check four ways, at once: a terminal for both streams, stderr only on
    a terminal, both piped, and JSON with stderr on a terminal."""
    folder = tmp_path_factory.mktemp("slow")
    (folder / "slow.pvl").write_text(SLOW, encoding="utf-8")
    (folder / "bad.pvl").write_text(BAD, encoding="utf-8")
    check = ["check", "-j", "1", "slow.pvl", "missing.pvl", "bad.pvl"]
    ways = {"terminal": dict(), "stderr": dict(stdout="pipe"), "piped": dict(stdout="pipe", stderr="pipe"),
            "json": dict(stdout="pipe", extra=["--format", "json"])}
    with ThreadPoolExecutor(len(ways)) as pool:
        futures = {name: pool.submit(launch, check + way.pop("extra", []), folder, **way)
                   for name, way in ways.items()}
        return {name: future.result() for name, future in futures.items()}


def test_progress_on_a_terminal_is_erased_before_each_output(slow_runs):
    code, shown, _, _ = slow_runs["terminal"]
    _, _, piped, piped_err = slow_runs["piped"]
    assert code == 2
    assert re.search(r"\rchecking slow\.pvl: \d+/80 obligations, kernel k\d+ \(file 1 of 3, \d+ s\)\x1b\[K",
                     shown)
    assert f"slow.pvl: {GREEN}verified" in shown
    # What stays on the screen is the report and nothing else: the line was erased
    # before each report, before the error about the missing file, and at the end.
    slow, *rest = piped.splitlines()
    assert no_times(screen(shown)) == no_times([slow, piped_err.rstrip("\n"), *rest, ""])


def test_progress_goes_to_stderr_and_leaves_nothing(slow_runs):
    code, shown, out, _ = slow_runs["stderr"]
    assert code == 2
    assert "obligations, kernel k" in shown
    assert "\x1b" not in out and "\r" not in out
    assert screen(shown) == ["vercors-py: error: cannot read missing.pvl: No such file or directory", ""]


def test_no_progress_when_stderr_is_piped(slow_runs):
    code, _, out, err = slow_runs["piped"]
    assert code == 2
    assert err == "vercors-py: error: cannot read missing.pvl: No such file or directory\n"
    assert "\x1b" not in out and "\r" not in out
    assert out.startswith("slow.pvl: verified (80 obligations")


def test_no_progress_with_json(slow_runs):
    code, shown, out, _ = slow_runs["json"]
    assert code == 2
    assert shown == "vercors-py: error: cannot read missing.pvl: No such file or directory\n"
    assert [f["verdict"] for f in json.loads(out)["files"]] == ["verified", "rejected"]


def test_a_long_path_loses_its_start_to_fit_the_line():
    line = progress._fit("checking ", "/very/long/folder/" * 10 + "kernel.pvl", ": 3/8 obligations (2 s)", 60)
    assert len(line) < 60
    assert line.startswith("checking ...") and line.endswith("kernel.pvl: 3/8 obligations (2 s)")
    assert progress._fit("checking ", "a\nb.pvl", "", 60) == "checking a?b.pvl"
