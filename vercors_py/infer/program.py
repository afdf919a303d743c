"""`infer` on one text: the shape of each kernel without a contract, its clauses written
into the text, and the verifier's verdict on the result."""
from __future__ import annotations

import collections
from typing import ClassVar

import attrs

from .. import diagnostics as D
from ..results import AnalysisVerdict, Conclusion, Result
from ..source import SourceText
from .contract import written, written_c
from .positions import in_original
from ..syntax import ast as A
from .reach import merged, plan
from .shape import CannotInfer, shape


class InferVerdict(AnalysisVerdict):
    VERIFIED = "inferred, verified", Conclusion.YES       # the written contract verifies
    FAILED = "inferred, not verified", Conclusion.NO      # written, but `check` finds errors
    CANNOT = "not inferred", Conclusion.REJECTED          # some access has no contract of this form
    TIMEOUT = "inferred, unknown", Conclusion.UNKNOWN     # written, the verifier gave no answer
    REJECTED = "rejected", Conclusion.REJECTED            # syntax or type errors before


@attrs.frozen
class InferResult(Result):
    """`infer`'s answer on one file."""
    VERDICTS: ClassVar[type[AnalysisVerdict]] = InferVerdict
    text: str | None = None                # the file with the contracts, when written
    kernels: tuple[str, ...] = ()          # the kernels that got one
    seconds: float = 0.0
    # What a verified verdict rests on beyond the written contracts (the front end's
    # launch assumptions, as `check` and `races` state them).
    assumptions: tuple[str, ...] = ()
    # The user's file (`source` is the text with the contracts, where the diagnostics are).
    original: SourceText | None = None

    def in_original(self) -> "InferResult":
        """The result with its diagnostics at their places in the user's file
        (positions.py), to show beside that file."""
        if self.original is None or self.source is None:
            return self
        return attrs.evolve(self, source=self.original,
                            diagnostics=in_original(self.diagnostics, self.source, self.original))


def with_contract(kernel, text: str, in_comments: bool = False) -> str:
    """The text with the inferred contract written into one kernel (inside `/*@ @*/`
    comments where the front end reads contracts there: FrontEnd.comment_contracts);
    CannotInfer if it has none of the form `infer` writes."""
    _no_value_invariant(kernel)
    planned = merged([plan(shape(kernel, scope)) for scope in A.Scope])
    return (written_c if in_comments else written)(kernel, planned, text)


def _no_value_invariant(kernel) -> None:
    """CannotInfer for a kernel with a value invariant or a ghost `then` block: its
    threads' contract holds their halves of the ghost cells and the values they hold,
    which the permissions `infer` writes do not say."""
    level = kernel.level(A.Level.KERNEL)
    clause = next((c for c in level.contract if c.kind is A.ClauseKind.INVARIANT), None) if level else None
    then = next((n.then for p in (kernel.main, *kernel.procedures) for n in A.statements(p.body)
                 if isinstance(n, A.AtomicUpdate) and n.then is not None), None)
    if clause is not None or then is not None:
        raise CannotInfer((clause or then).span, "value invariants are written by hand: the threads' "
                                                 "contract holds their share of the ghost cells and their values")


def inferred_text(checked, text: str, in_comments: bool = False):
    """The text with a contract written into each kernel that has none; the kernels that
    got one; a diagnostic for each that could not (`infer.cannot`); the kernels whose
    contract is not empty (a kernel that accesses no memory needs none)."""
    problems, done, wrote = [], [], []
    starts = collections.defaultdict(list)
    for ck in checked.kernels:
        starts[ck.kernel.span.start].append(ck.kernel)
    # Later kernels first, so earlier offsets stay valid.
    for ck in sorted(checked.kernels, key=lambda ck: ck.kernel.span.start, reverse=True):
        kernel = ck.kernel
        if kernel is not starts[kernel.span.start][0]:
            continue                       # an instantiation of a template done with its first
        try:
            new = with_contract(kernel, text, in_comments)
            if any(with_contract(other, text, in_comments) != new for other in starts[kernel.span.start][1:]):
                raise CannotInfer(kernel.name_span, "one template declares several kernels (its instantiations) "
                                                    "whose contracts differ: one annotation is the contract of each")
            done.extend(other.name for other in starts[kernel.span.start])
            if new != text:
                wrote.extend(other.name for other in starts[kernel.span.start])
            text = new
        except CannotInfer as why:
            problems.append(D.error("infer.cannot", why.span or kernel.name_span,
                                    f"no contract inferred for kernel `{kernel.name}`: {why}"))
    return text, tuple(reversed(done)), tuple(reversed(problems)), tuple(wrote)


def unread(checked, kernels: tuple[str, ...]) -> tuple[D.Diagnostic, ...]:
    """A problem for each kernel that got a contract which the front end, reading the
    written text, does not take as the kernel's: a contract in the wrong place is none."""
    found = {ck.kernel.name: ck.kernel for ck in checked.kernels}
    return tuple(D.error("infer.cannot", found[name].name_span if name in found else None,
                         f"the contract written for kernel `{name}` is not read back as its contract")
                 for name in kernels
                 if name not in found or not _annotated(found[name]))


def _annotated(kernel) -> bool:
    """Whether the kernel has a clause of its own (not one the front end implies):
    main's contract, a barrier's, a loop's invariant."""
    main = kernel.main
    return any(not c.implied for n in (main, *A.statements(main.body)) for c in getattr(n, "contract", None) or ())
