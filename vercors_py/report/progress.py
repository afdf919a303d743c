"""The progress line of a long run: one line on a terminal's stderr, redrawn in place.

Nothing shows in the first second, so quick runs look as they always did.  Then the line
says which file is being worked on, how far it is (obligations done, and the kernel of
the last one) and for how long the run has been going; a helper thread redraws it, so
the time moves on during a long obligation.  It is erased before any other output
(`paused`) and at the end: nothing of it stays on the screen or in a copy of the output.
"""
from __future__ import annotations

import contextlib
import os
import sys
import threading
import time

DELAY = 1.0              # seconds of silence before the line first shows
TICK = 0.1               # seconds between redraws
ERASE = "\r\x1b[K"       # back to the start of the line, and clear it to its end


class StatusLine:
    """A context manager; with `fd` None (not a terminal) it never draws anything."""

    def __init__(self, fd: int | None, verb: str, delay: float = DELAY):
        self._fd = fd
        self._verb = verb
        self._delay = delay
        self._lock = threading.Lock()
        self._start = time.monotonic()
        self._path = ""
        self._where = ""          # "file 2 of 3, " with several files
        self._detail = ""
        self._drawn = ""          # what the terminal shows now
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    @classmethod
    def on(cls, stream, verb: str) -> "StatusLine":
        """A line on `stream` if it is a terminal, else one that never shows."""
        try:
            fd = stream.fileno() if stream.isatty() else None
        except (AttributeError, ValueError, OSError):     # replaced or closed streams
            fd = None
        return cls(fd, verb)

    def __enter__(self) -> "StatusLine":
        if self._fd is not None:
            self._thread = threading.Thread(target=self._redraw, name="vercors-py-progress", daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        if self._thread is not None:
            self._stop.set()
            self._thread.join()
        with self._lock:
            self._erase()

    def file(self, path: str, done: int, count: int) -> None:
        """Work starts on `path`, after `done` of `count` files."""
        with self._lock:
            self._path = path
            self._where = f"file {done + 1} of {count}, " if count > 1 else ""
            self._detail = ""

    def detail(self, text: str) -> None:
        with self._lock:
            self._detail = text

    def obligations(self, progress) -> None:
        """A `service.Progress` (called from whichever thread proves)."""
        text = f"{progress.done}/{progress.total} obligations"
        if progress.result is not None:
            text += f", kernel {progress.result.name.partition('/')[0]}"
        self.detail(text)

    @contextlib.contextmanager
    def paused(self):
        """Write other output inside: the line is erased first and comes back at the
        next redraw, after the output."""
        with self._lock:
            self._erase()
            try:
                yield
            finally:
                sys.stdout.flush()
                sys.stderr.flush()

    def _redraw(self) -> None:
        while not self._stop.wait(TICK):
            with self._lock:
                seconds = time.monotonic() - self._start
                if seconds < self._delay or not self._path or self._fd is None:
                    continue
                rest = (f": {self._detail}" if self._detail else "") + f" ({self._where}{seconds:.0f} s)"
                line = _fit(f"{self._verb} ", self._path, rest, self._columns())
                if line != self._drawn:
                    self._write("\r" + line + "\x1b[K")
                    self._drawn = line

    def _erase(self) -> None:
        if self._drawn:
            self._write(ERASE)
            self._drawn = ""

    def _columns(self) -> int:
        try:
            return os.get_terminal_size(self._fd).columns or 80   # a new pty may say 0
        except OSError:
            return 80

    def _write(self, text: str) -> None:
        # Straight to the descriptor: no buffer of sys.stderr is involved, whose lock a
        # worker forked at that moment would inherit held.
        data = text.encode(getattr(sys.stderr, "encoding", None) or "utf-8", "replace")
        try:
            while data:
                data = data[os.write(self._fd, data):]
        except OSError:          # the terminal went away: the run goes on without the line
            self._fd = None
            self._drawn = ""


def _fit(head: str, path: str, rest: str, columns: int) -> str:
    """One terminal line, shorter than its width (a line that wrapped could not be
    redrawn in place): a long path loses its start first.  Control characters (in a file
    name) would move the cursor: they are shown as `?`."""
    head, path, rest = ("".join(ch if ch.isprintable() else "?" for ch in part) for part in (head, path, rest))
    room = columns - 1 - len(head) - len(rest)
    if len(path) > room:
        path = "..." + path[len(path) - max(room - 3, 0):]
    line = head + path + rest
    return line if len(line) < columns else line[:max(columns - 4, 0)] + "..."
