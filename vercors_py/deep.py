"""Run deeply recursive work on a thread with a large stack.

The static passes recurse over the tree (a few frames per level, up to the parser's
nesting limit), and symbolic execution is in continuation-passing style: every branch
or loop nests the rest of the program, so a kernel with hundreds of sequential `if`s
recurses as deep.  The default recursion limit (1000) and the main thread's stack are
not meant for that; this thread has room for both.
"""
from __future__ import annotations

import sys
import threading

STACK_BYTES = 512 * 1024 * 1024      # reserved address space; only what is used is committed
RECURSION_LIMIT = 200_000

_lock = threading.Lock()

# Process-wide, so set once on import rather than while some caller's code is running.
if sys.getrecursionlimit() < RECURSION_LIMIT:
    sys.setrecursionlimit(RECURSION_LIMIT)


def run(fn, *args):
    outcome: dict = {}

    def target() -> None:
        try:
            outcome["value"] = fn(*args)
        except BaseException as exc:     # re-raised in the caller's thread
            outcome["error"] = exc

    with _lock:
        # Process-wide too, and only for threads started while it is set.
        previous = threading.stack_size(STACK_BYTES)
        try:
            thread = threading.Thread(target=target, name="vercors-py-engine", daemon=True)
            thread.start()
        finally:
            threading.stack_size(previous)
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]
