"""`infer` on one text: the shape of each kernel without a contract, its clauses written
into the text, and the verifier's verdict on the result."""
from __future__ import annotations

import enum

import attrs

from .. import diagnostics as D
from ..results import exit_code
from ..source import SourceText
from .contract import written, written_c
from ..syntax import ast as A
from .reach import merged, plan
from .shape import CannotInfer, shape


class InferVerdict(enum.Enum):
    VERIFIED = "inferred, verified"        # the written contract verifies
    FAILED = "inferred, not verified"      # written, but `check` finds errors
    CANNOT = "not inferred"                # some access has no contract of this form
    TIMEOUT = "inferred, unknown"          # written, the verifier gave no answer
    REJECTED = "rejected"                  # syntax or type errors before

    @property
    def exit_code(self) -> int:
        return {InferVerdict.VERIFIED: 0, InferVerdict.FAILED: 1, InferVerdict.CANNOT: 3,
                InferVerdict.REJECTED: 3, InferVerdict.TIMEOUT: 4}[self]


@attrs.frozen
class InferResult:
    path: str
    source: SourceText | None
    verdict: InferVerdict
    diagnostics: tuple[D.Diagnostic, ...]
    text: str | None = None                # the file with the contracts, when written
    kernels: tuple[str, ...] = ()          # the kernels that got one
    seconds: float = 0.0

    @property
    def exit_code(self) -> int:
        return exit_code(self.verdict.exit_code, self.diagnostics)


def with_contract(kernel, text: str, in_comments: bool = False) -> str:
    """The text with the inferred contract written into one kernel (inside `/*@ @*/`
    comments where the front end reads contracts there: FrontEnd.comment_contracts);
    CannotInfer if it has none of the form `infer` writes."""
    planned = merged([plan(shape(kernel, scope)) for scope in A.Scope])
    return (written_c if in_comments else written)(kernel, planned, text)


def inferred_text(checked, text: str, in_comments: bool = False) -> tuple[str, tuple[str, ...], tuple[D.Diagnostic, ...]]:
    """The text with a contract written into each kernel that has none; the kernels that
    got one; a diagnostic for each that could not (`infer.cannot`)."""
    problems, done = [], []
    # Later kernels first, so earlier offsets stay valid.
    for ck in sorted(checked.kernels, key=lambda ck: ck.kernel.span.start, reverse=True):
        kernel = ck.kernel
        try:
            text = with_contract(kernel, text, in_comments)
            done.append(kernel.name)
        except CannotInfer as why:
            problems.append(D.error("infer.cannot", why.span or kernel.name_span,
                                    f"no contract inferred for kernel `{kernel.name}`: {why}"))
    return text, tuple(reversed(done)), tuple(reversed(problems))
