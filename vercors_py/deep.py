"""Run deeply recursive work on a thread with a large stack.

The static passes recurse over the tree (a few frames per level, up to the parser's
nesting limit), and symbolic execution is in continuation-passing style: every branch
or loop nests the rest of the program, so a kernel with hundreds of sequential `if`s
recurses as deep.  The default recursion limit (1000) and the main thread's stack are
not meant for that.

The work goes to one long-lived thread per process (per caller thread, since the
language server verifies documents concurrently): starting a thread per obligation
would give every obligation fresh memory to fault in (each new thread gets its own
malloc arena), which cost more than the solving.
"""
from __future__ import annotations

import concurrent.futures
import os
import sys
import threading

STACK_BYTES = 512 * 1024 * 1024      # reserved address space; only what is used is committed
RECURSION_LIMIT = 200_000

_lock = threading.Lock()
_local = threading.local()           # the executor serving the calling thread
_deep = threading.local()            # set on the deep threads themselves

# Process-wide, so set once on import rather than while some caller's code is running.
if sys.getrecursionlimit() < RECURSION_LIMIT:
    sys.setrecursionlimit(RECURSION_LIMIT)


def _mark() -> None:
    _deep.inside = True


def _executor() -> concurrent.futures.ThreadPoolExecutor:
    executor = getattr(_local, "executor", None)
    if executor is None:
        with _lock:
            # Process-wide too, and only for threads started while it is set.
            previous = threading.stack_size(STACK_BYTES)
            try:
                executor = concurrent.futures.ThreadPoolExecutor(
                    max_workers=1, thread_name_prefix="vercors-py-deep", initializer=_mark)
                executor.submit(lambda: None).result()      # start the thread now
            finally:
                threading.stack_size(previous)
        _local.executor = executor
    return executor


def _forget_after_fork() -> None:
    # A forked child has only the thread that forked; executors of the parent are dead.
    global _local
    _local = threading.local()


os.register_at_fork(after_in_child=_forget_after_fork)


def call(fn, *args):
    """fn(*args) on a deep thread (directly, when already on one)."""
    if getattr(_deep, "inside", False):
        return fn(*args)
    return _executor().submit(fn, *args).result()
