"""Prove a list of obligations, in worker processes when that pays; results come back in
the order given, whatever order they finish in.

Workers are forked: they inherit the obligations (and the imported Z3) instead of
receiving them pickled, and send back only the frozen results.  Small files are proved
in this process, where starting workers would cost more than it saves.
"""
from __future__ import annotations

import os

from ...results import ObligationResult
from ..execution.prove import prove

# Below this many obligations the solver work (a few ms each) is cheaper than forking.
MIN_PARALLEL = 12

_shared: tuple = ()          # (obligations, timeout) for forked workers


def _prove_index(index: int) -> ObligationResult:
    obligations, timeout = _shared
    return prove(obligations[index], timeout)


def run_all(obligations, options, cancel=None, progress=None) -> list[ObligationResult]:
    """Prove every obligation.  `progress(index, result)`, when given, is called in this
    process as each result arrives, in the order of `obligations`.  With a CancelToken
    `cancel` the obligations are proved here, one after the other, so that cancelling
    reaches the check in flight."""
    jobs = options.jobs or os.cpu_count() or 1
    if jobs <= 1 or len(obligations) < MIN_PARALLEL or cancel is not None or not _can_fork():
        return _collect((prove(ob, options.timeout, cancel) for ob in obligations), progress)
    import multiprocessing
    global _shared
    _shared = (list(obligations), options.timeout)
    try:
        with multiprocessing.get_context("fork").Pool(min(jobs, len(obligations))) as pool:
            return _collect(pool.imap(_prove_index, range(len(obligations)), chunksize=1), progress)
    finally:
        _shared = ()


def _can_fork() -> bool:
    import multiprocessing      # loaded only for files with enough obligations to fork for
    return "fork" in multiprocessing.get_all_start_methods()


def _collect(results, progress) -> list[ObligationResult]:
    """The results as they arrive, each reported to `progress`."""
    collected = []
    for index, result in enumerate(results):
        collected.append(result)
        if progress is not None:
            progress(index, result)
    return collected
