"""The one API that the command line, the language server and the benchmark call.

text in -> parsed and checked program, static diagnostics, obligations, results.
Nothing here prints; callers render `FileResult`s with report/ or lsp/.
"""
from __future__ import annotations

import time
import traceback
from typing import TYPE_CHECKING

import attrs

from . import diagnostics as D
from .results import FileResult, ObligationResult, Verdict, worst
from .engine.solver.solver import Cancelled
from .source import SourceText
from . import frontend
from .syntax import parser

if TYPE_CHECKING:      # the C front end is loaded only for C files (frontend.py)
    from .cfamily.launch import Launch


@attrs.frozen
class Options:
    timeout: float = 10.0          # seconds per solver check
    jobs: int | None = None        # worker processes for obligations; None: one per core
    verify: bool = True            # False: static checks only (the language server's fast path)
    launch: Launch | None = None   # sizes from the command line (--gsize, --ngroups)


@attrs.frozen
class Analysis:
    """The static part of a check: everything up to, not including, the solver."""
    source: SourceText
    program: object | None         # the resolved program when there were no errors
    checked: object | None         # semantics.check.CheckedProgram
    diagnostics: tuple[D.Diagnostic, ...]

    @property
    def rejected(self) -> bool:
        return any(d.severity is D.Severity.ERROR for d in self.diagnostics)


def analyze(text: str, path: str, launch: Launch | None = None) -> Analysis:
    parsed = frontend.parse(text, path, launch)
    if parsed.program is None:
        return Analysis(parsed.source, None, None, _in_file(parsed.diagnostics, path))
    from .semantics import check
    checked = check.check_program(parsed.program, parsed.source)
    # The front end's warnings (a C annotation left out) are reported with the rest.
    return Analysis(parsed.source, checked.program, checked, _in_file(parsed.diagnostics + checked.diagnostics, path))


def _in_file(diagnostics: tuple, path: str) -> tuple:
    """Diagnostics about a text given outside the file (a host fact, `--assume '...'`)
    name that text and have no place in the file: every report places a range in its
    file."""
    return tuple(attrs.evolve(d, span=None, message=f"{d.message} (in {d.span.path})")
                 if d.span is not None and d.span.path != path else d for d in diagnostics)


@attrs.frozen
class Progress:
    """What `check_text(..., progress=f)` tells f: before the first obligation is proved
    (result None) and after each one, proved or taken from the cache."""
    done: int
    total: int
    result: ObligationResult | None = None
    cached: bool = False


def check_text(text: str, path: str, options: Options = Options(), cancel=None, *,
               cache=None, progress=None) -> FileResult:
    """Check one text.  With a CancelToken `cancel`, engine.solver.Cancelled is raised
    when it is cancelled; nothing else escapes.  With a `cache.ObligationCache`, the
    obligations whose meaning did not change since they were proved are not proved again;
    `progress` is called with a `Progress` as the obligations are done."""
    return _guarded(text, path, lambda: _verify(analyze(text, path, options.launch), options, cancel, cache, progress))


def verify(analysis: Analysis, options: Options = Options(), cancel=None, *,
           cache=None, progress=None, obligations=None) -> FileResult:
    """check_text for a text that was already analysed (the language server analyses on
    every change and verifies the same analysis later, and passes the `obligations` it
    generated from it for its lenses, so that they are generated and fingerprinted once)."""
    return _guarded(analysis.source.text, analysis.source.path,
                    lambda: _verify(analysis, options, cancel, cache, progress, obligations))


def _guarded(text: str, path: str, work) -> FileResult:
    """Run `work`, timed; a fault of ours reaches the user as a diagnostic."""
    start = time.perf_counter()
    try:
        result = work()
    except Cancelled:
        raise
    except Exception as exc:
        detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
        result = FileResult(path, SourceText(path, text), Verdict.FAILED,
                            (D.error("internal.error", None, f"internal error: {detail}"),))
    return attrs.evolve(result, seconds=time.perf_counter() - start)


def _on_file(path: str, result_type, on_text):
    """`on_text(text)` on a file's text; a file that is not UTF-8 text is rejected, with
    the Result type of the analysis that was to read it."""
    with open(path, "rb") as handle:
        data = handle.read()
    text, problem = parser.decode(path, data)
    return on_text(text) if problem is None else result_type.rejected(path, None, (problem,))


def check_file(path: str, options: Options = Options(), *, progress=None) -> FileResult:
    return _on_file(path, FileResult, lambda text: check_text(text, path, options, progress=progress))


def obligations_of_file(path: str, launch: Launch | None = None):
    """The obligations of a file, or the FileResult that says why it has none."""
    return _on_file(path, FileResult, lambda text: _obligations_of(analyze(text, path, launch)))


def _obligations_of(analysis: Analysis):
    if analysis.rejected:
        return FileResult.rejected(analysis.source.path, analysis.source, _sorted(analysis.diagnostics))
    from .obligations import generate
    # The obligations `check` proves: divergence asked of the solver as _verify asks it.
    return generate.obligations(uniformity_decided(analysis.checked, Options().timeout))


def run_text(text: str, path: str, options):
    """`vercors-py run` on one text: the concrete interpreter (run/) on every kernel.
    Raises run.inputs.InputError for `--init`/`--param` values that cannot be used."""
    from .run import model, program
    from .run.inputs import InputError
    start = time.perf_counter()
    analysis = analyze(text, path)
    if analysis.rejected:
        return model.RunResult.rejected(path, analysis.source, _sorted(analysis.diagnostics))
    try:
        return program.run_checked(analysis.checked, options)
    except InputError:
        raise
    except Exception as exc:
        detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
        return model.RunResult(path, analysis.source, model.RunVerdict.PROBLEMS,
                               (D.error("internal.error", None, f"internal error: {detail}"),),
                               seconds=time.perf_counter() - start)


def replay(result: FileResult, seed: int = 0) -> FileResult:
    """`check --replay`: each failure with a counterexample gets a note on what running
    the kernel at its sizes shows (run/replay.py)."""
    if result.verdict is not Verdict.FAILED or result.source is None:
        return result
    analysis = analyze(result.source.text, result.path)
    return attrs.evolve(result, diagnostics=replay_diagnostics(analysis, result.diagnostics, seed))


def replay_diagnostics(analysis: Analysis, diagnostics, seed: int = 0, cancel=None) -> tuple[D.Diagnostic, ...]:
    """`diagnostics` of the analysed text, each failure with a counterexample run at its
    sizes: a note on what the run shows, and the places it names as related places.
    With a CancelToken `cancel`, engine.solver.Cancelled is raised once it is cancelled,
    at the latest when the run in progress ends."""
    if analysis.checked is None or analysis.rejected:
        return tuple(diagnostics)
    from .run.replay import replay as run_replay
    return run_replay(analysis.checked, diagnostics if cancel is None else _until_cancelled(diagnostics, cancel), seed)


def _until_cancelled(items, cancel):
    """`items`, one by one, until `cancel` is set: the replay takes the next diagnostic
    only after the run of the one before, so this checks the token between runs (while
    the replay still shares one run among the failures at the same sizes)."""
    for item in items:
        if cancel.is_set():
            raise Cancelled()
        yield item


def races_text(text: str, path: str, options: Options = Options(), cancel=None, benign_writes: bool = False,
               intra_group: bool = False):
    """`vercors-py races` on one text: race freedom and barrier divergence of its
    kernels without their annotations (races/).  `benign_writes`: two writes of the same
    value to one cell are no race (GPUVerify's default); `intra_group`: only races
    between threads of one work group (GPUVerify's --only-intra-group)."""
    from .races import model, program
    start = time.perf_counter()
    analysis = analyze(text, path, options.launch)
    if analysis.rejected:
        return model.RacesResult.rejected(path, analysis.source, _sorted(analysis.diagnostics))
    try:
        verdict, diagnostics, pairs = program.races_checked(
            analysis.checked, options.timeout, cancel, benign_writes,
            fenced_only=frontend.for_path(path).fenced_barriers, intra_group=intra_group)
    except Cancelled:
        raise
    except Exception as exc:
        detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
        verdict, diagnostics, pairs = (model.RacesVerdict.UNKNOWN,
                                       (D.error("internal.error", None, f"internal error: {detail}"),), 0)
    warnings = tuple(d for d in analysis.diagnostics if d.severity is not D.Severity.ERROR)
    # A race-free verdict of one mode says which races it leaves out.
    mode = (model.INTRA_GROUP_NOTE,) if intra_group else ()
    return model.RacesResult(path, analysis.source, verdict, _sorted(warnings + diagnostics), pairs,
                             time.perf_counter() - start, mode + _assumptions(path, analysis.checked))


def races_file(path: str, options: Options = Options(), benign_writes: bool = False, intra_group: bool = False):
    from .races.model import RacesResult
    return _on_file(path, RacesResult, lambda text: races_text(text, path, options, benign_writes=benign_writes,
                                                                intra_group=intra_group))


def infer_text(text: str, path: str, options: Options = Options()):
    """`vercors-py infer` on one text: a permission contract written into each kernel that
    has none (infer/), and the verifier's verdict on the result.  The launch of `options`
    (sizes, `--assume` facts) is the one the kernels are read and checked under; the facts
    are written into the contracts too."""
    from .infer.program import InferResult, InferVerdict, inferred_text, unread
    start = time.perf_counter()
    analysis = analyze(text, path, options.launch)
    if analysis.rejected:
        return InferResult.rejected(path, analysis.source, _sorted(analysis.diagnostics))
    new, kernels, problems, wrote = inferred_text(analysis.checked, text, frontend.for_path(path).comment_contracts)
    if not kernels:
        return InferResult(path, analysis.source, InferVerdict.CANNOT, problems, seconds=time.perf_counter() - start)
    written = analyze(new, path, options.launch)
    if not written.rejected:
        problems += unread(written.checked, wrote)
    checked = verify(written, options)
    verdict = {Verdict.VERIFIED: InferVerdict.VERIFIED, Verdict.TIMEOUT: InferVerdict.TIMEOUT}.get(
        checked.verdict, InferVerdict.FAILED)
    if problems and verdict is InferVerdict.VERIFIED:
        verdict = InferVerdict.CANNOT
    return InferResult(path, checked.source, verdict, _sorted(problems + checked.diagnostics), new, kernels,
                       time.perf_counter() - start, checked.assumptions, analysis.source)


def infer_file(path: str, options: Options = Options()):
    from .infer.program import InferResult
    return _on_file(path, InferResult, lambda text: infer_text(text, path, options))


def run_file(path: str, options):
    from .run.model import RunResult
    return _on_file(path, RunResult, lambda text: run_text(text, path, options))


def _verify(analysis: Analysis, options: Options, cancel=None, cache=None, progress=None,
            obligations=None) -> FileResult:
    path = analysis.source.path
    if analysis.rejected:
        return FileResult.rejected(path, analysis.source, _sorted(analysis.diagnostics))
    if obligations is None:
        from .obligations import generate
        obligations = generate.obligations(uniformity_decided(analysis.checked, options.timeout, cancel))
    results = _prove(obligations, options, cancel, cache, progress)
    diagnostics = list(analysis.diagnostics)
    vacuous: set = set()
    for r in results:
        for d in r.diagnostics:
            # One contradictory clause makes every obligation that assumes it vacuous:
            # say so once.
            if d.family == "vacuity":
                if (d.code, d.span) in vacuous:
                    continue
                vacuous.add((d.code, d.span))
            diagnostics.append(d)
    verdict = worst((r.verdict for r in results), Verdict.VERIFIED)
    return FileResult(path, analysis.source, verdict, _sorted(diagnostics), tuple(results),
                      assumptions=_assumptions(path, analysis.checked))


def uniformity_decided(checked, timeout: float, cancel=None):
    """The checked program with the divergence the lock-step rule finds asked of the
    solver (races/refined_uniformity.py); a program the rule accepts as it is, without
    loading the race checker.  The obligations `check` proves are made from it (here
    and in the language server)."""
    if not any(ck.uniformity.divergence for ck in checked.kernels):
        return checked
    from .races.refined_uniformity import refined
    return refined(checked, timeout, cancel)


def _assumptions(path: str, checked) -> tuple[str, ...]:
    """What the verdict rests on beyond the kernels' own facts (FrontEnd.assumptions)."""
    return frontend.for_path(path, checked.source.text).assumptions(checked.kernels)


def _prove(obligations, options: Options, cancel, cache, progress) -> list[ObligationResult]:
    """The results of the obligations, in order: from the cache where it has them.
    Functions' obligations come first, so that a definition that was not proved is not
    trusted by anything after it (obligations/trust.py)."""
    from .obligations import trust
    total = len(obligations)
    results: list[ObligationResult | None] = [None] * total
    done = 0
    if progress is not None:
        progress(Progress(0, total))
    distrusted: set = set()
    for stage in trust.stages(obligations):
        current = {i: trust.distrusting(obligations[i], distrusted) for i in stage}
        done = _prove_stage(current, results, done, total, options, cancel, cache, progress)
        distrusted |= trust.not_proved((current[i], results[i].verdict is Verdict.VERIFIED) for i in stage)
    return results


def _prove_stage(obligations: dict, results: list, done: int, total: int, options: Options, cancel, cache,
                 progress) -> int:
    """Prove the obligations of one stage (index -> obligation) into `results`; the
    number of obligations done so far after it."""
    from .engine.solver import workers
    fingerprints: dict[int, object] = {}
    todo: list[int] = []
    for i, ob in obligations.items():
        if cache is not None:
            fingerprints[i] = fp = cache.fingerprint(ob, options.timeout)
            hit = cache.lookup(ob, options.timeout, fp) if fp is not None else None
            if hit is not None:
                results[i] = hit
                done += 1
                if progress is not None:
                    progress(Progress(done, total, hit, cached=True))
                continue
        todo.append(i)

    def finished(j: int, result: ObligationResult) -> None:
        nonlocal done
        i = todo[j]
        results[i] = result
        if cache is not None:
            cache.store(obligations[i], options.timeout, result, fingerprints.get(i))
        done += 1
        if progress is not None:
            progress(Progress(done, total, result))

    workers.run_all([obligations[i] for i in todo], options, cancel, progress=finished)
    return done


def _sorted(diagnostics) -> tuple[D.Diagnostic, ...]:
    unique = list(dict.fromkeys(diagnostics))
    return tuple(sorted(unique, key=D.sort_key))
