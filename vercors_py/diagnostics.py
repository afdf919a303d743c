"""The one diagnostics model and the registry of error codes.

Every message the tool reports is a `Diagnostic` whose code is registered below with a
one-line explanation.  docs/errors.md is generated from `CODES` (and a test checks that
the file is up to date), so this module is the single place where codes live.
Codes are two-level, `family.detail`; the family is what the `//:: verdict` headers of
examples name.
"""
from __future__ import annotations

import enum

import attrs

from .source import Span

# The note that carries a failure's counterexample starts with this: engine/explanation/counterexample.py
# writes it, `Diagnostic.counterexample` finds it again.
COUNTEREXAMPLE_PREFIX = "counterexample: "


class Severity(enum.Enum):
    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"


@attrs.frozen
class Related:
    span: Span
    message: str


@attrs.frozen
class Diagnostic:
    code: str
    severity: Severity
    message: str
    span: Span | None
    related: tuple[Related, ...] = ()
    notes: tuple[str, ...] = ()
    obligation: str | None = None

    def __attrs_post_init__(self) -> None:
        if self.code not in CODES:
            raise ValueError(f"unregistered diagnostic code {self.code!r}")

    @property
    def family(self) -> str:
        return family_of(self.code)

    @property
    def counterexample(self) -> str | None:
        """The text of the counterexample note without its prefix; None without one."""
        return next((n[len(COUNTEREXAMPLE_PREFIX):] for n in self.notes
                     if n.startswith(COUNTEREXAMPLE_PREFIX)), None)


def family_of(code: str) -> str:
    """`perm` of `perm.read`."""
    return code.split(".", 1)[0]


@attrs.frozen
class CodeInfo:
    code: str
    summary: str

    @property
    def family(self) -> str:
        return family_of(self.code)


FAMILIES: dict[str, str] = {
    "syntax": "The text is not a program of the language; reported before anything else.",
    "type": "Names, types, declarations and the placement of specification constructs.",
    "unsupported": "CUDA or OpenCL code outside the subset the C front end maps onto the language; the file is rejected, never verified.",
    "annotation": "Annotations written for another tool that the language cannot state, left out where only a proof needs them (warnings).",
    "divergence": "Barrier divergence: threads of a work group that do not all reach the same barriers.",
    "perm": "A memory access without the permission it needs.",
    "bounds": "An index outside the declared length of an array, or a pointer into no array.",
    "div": "Division or modulus by zero.",
    "arith": "Fixed-width arithmetic of CUDA and OpenCL code that may overflow.",
    "assert": "An `assert` statement that may fail, and uses of `assume`.",
    "pre": "A precondition that may not hold where it is required.",
    "post": "A postcondition that may not hold where the code ends.",
    "loop": "A loop invariant that is not established or not maintained.",
    "invariant": "A kernel's value invariant, or an invariant block's resource, that may not be established or that an atomic step may break.",
    "barrier": "A barrier contract that is not met or cannot be honoured by the group.",
    "distribution": "Resources that one level hands to the level below it do not suffice.",
    "framing": "A specification that reads memory it holds no permission for.",
    "injectivity": "A quantified permission whose locations coincide for two values.",
    "race": "A data race, seen when running a kernel (`vercors-py run`) or found possible without annotations (`vercors-py races`): two threads access one cell, at least one writes, and no barrier orders them.",
    "infer": "What `vercors-py infer` could not write a contract for.",
    "run": "What `vercors-py run` could not do on a launch: inputs that miss the preconditions, specifications it cannot evaluate.",
    "picture": "What `vercors-py picture` could not draw.",
    "vacuity": "Assumptions that contradict each other: whatever follows them would be proved, so it is not.",
    "timeout": "The solver gave no answer in time; nothing is claimed either way.",
    "internal": "A fault of the tool itself.",
}

_CODES = [
    # syntax
    ("syntax.unexpected-token", "a token that cannot continue the program here"),
    ("syntax.unexpected-character", "a character that starts no token of the language"),
    ("syntax.unexpected-end", "the file ends in the middle of a declaration or statement"),
    ("syntax.unterminated-comment", "a `/*` comment that is never closed"),
    ("syntax.too-deep", "expressions or statements nested deeper than the tool supports"),
    ("syntax.literal-too-large", "an integer literal with more digits than the tool supports"),
    ("syntax.encoding", "the file is not UTF-8 text"),
    ("syntax.preprocessor", "a CUDA/OpenCL file that clang cannot preprocess: an `#include` not found, an `#error`, a malformed directive or macro call"),
    ("syntax.c-parse", "CUDA/OpenCL code that clang cannot parse (clang's message)"),
    # type
    ("type.no-kernel", "the file declares no kernel"),
    ("type.unknown-name", "a name that no declaration in scope introduces"),
    ("type.duplicate", "a second declaration of a name in the same scope"),
    ("type.reserved-name", "a declaration or assignment that uses a reserved name (tid, lid, gid, gsize, ngroups, tcount)"),
    ("type.mismatch", "an operand or value of the wrong type"),
    ("type.assign-target", "an assignment to something that is not a variable (an array, a kernel parameter, a function)"),
    ("type.arity", "a call (or an atomic operation) with the wrong number of arguments"),
    ("type.atomic-operand", "an operand of an atomic operation reads the array the operation updates"),
    ("type.not-callable", "a call of something that is not a function or procedure of the right kind"),
    ("type.not-an-array", "an index into, or `Perm` on, something that is not an array"),
    ("type.not-a-variable", "an array or function used where a value is expected"),
    ("type.resource-placement", "a resource (`Perm`, `**`, `\\forall*`) outside a contract clause"),
    ("type.perm-amount", "a permission amount that is not `write`, `read`, `atomic` or a fraction `p\\q`"),
    ("type.perm-target", "`Perm` on something other than an array cell"),
    ("type.ghost", "a `then` block that does more than write array cells, or code outside `then` blocks that uses an array a `then` block writes"),
    ("type.sum-range", "a `\\sum` whose range is not `lo <= j && j < hi` (optionally `&& condition`), or whose bounds mention j"),
    ("type.old-placement", "`\\old` outside a postcondition"),
    ("type.impure", "a memory read where only pure expressions are allowed (array lengths, context_everywhere, function bodies)"),
    ("type.clause-placement", "a contract clause where that kind of clause is not allowed; in a C file, an annotation no construct reads"),
    ("type.main", "a kernel without exactly one `void main()`, or a `main` with parameters"),
    ("type.barrier-placement", "a barrier outside the thread body (procedures and functions may not synchronise)"),
    ("type.barrier-fence", "a CUDA/OpenCL barrier's contract hands over a permission on memory the barrier does not fence"),
    ("type.jump-placement", "`break` or `continue` outside a loop"),
    ("type.local-placement", "a local array in the kernel-level contract (local memory belongs to work groups)"),
    ("type.c-semantic", "CUDA/OpenCL code that parses but that clang rejects: an undeclared name, no matching overload, a conversion C does not allow (clang's message)"),
    ("type.write-scope", "in a VerCors file, a par block that assigns a local variable or parameter declared outside it"),
    ("type.invariant-block", "an `atomic` block outside an invariant block of its name in the same code, or inside another atomic block of it; a barrier, a `return` or a jump out of an invariant or atomic block; an invariant that reads a variable its block assigns"),
    ("type.level-reserved", "a group contract that mentions lid or tid, or a kernel contract that mentions gid, lid or tid"),
    # unsupported (the C front end)
    ("unsupported.type", "a type outside the subset: unions, bit-fields, structs with methods, pointers to pointers, images, ..."),
    ("unsupported.pointer", "a pointer the front end does not follow: a pointer variable in memory, a pointer read back from memory and followed, cast to other cells, compared with `<` across arrays, subtracted from a pointer or used as a number, or a VerCors annotation's `\\pointer_index`, `\\pointer`, `!= NULL` of anything but an array's name"),
    ("unsupported.side-effect", "an effect inside an expression whose order C leaves open (`a[i] = i++`), or where no statement can hold it"),
    ("unsupported.function", "a call of a function the front end does not know or cannot inline, a GPUVerify built-in without counterpart in an annotation that must be checked, a VerCors annotation built-in without exact meaning here (`\\pointer_block_length`, `get_work_dim()`, `__vercors_*`), or an OpenCL asynchronous copy whose order with its wait and the barriers is not followed"),
    ("unsupported.atomic", "an atomic operation the C front end does not map (atomic_fetch_add, one in a contract, a floating-point atomicMin, ...)"),
    ("unsupported.warp", "a warp-level function that is not mapped: a mask other than the full warp, a width that is not a constant, __activemask, __match_*, __reduce_*, warp tiles of cooperative groups, OpenCL's sub-group functions"),
    ("unsupported.dimension", "an OpenCL id or size function (get_local_id, ...) whose dimension is not a constant 0, 1 or 2 (in code or in a VerCors annotation), or a CUDA id of another axis than x, y, z in one"),
    ("unsupported.macro", "a macro named in an annotation that expands to no integer constant expression (`#define IDX (blockIdx.x * blockDim.x + threadIdx.x)`), or a macro called in an annotation (`SQ(in[i])`)"),
    ("unsupported.statement", "a statement outside the subset: a goto that is not a forward jump out of blocks, a switch with a case label inside a nested statement, ..."),
    ("unsupported.declaration", "a declaration outside the subset: template kernels never instantiated, structs, globals, kernels with a return value, VerCors's ghost parameters (`given`, `yields`) of a kernel, ..."),
    ("unsupported.expression", "an expression of VerCors's PVL without counterpart in the kernel language: `\\let`, `\\result`, `null` other than in a fact `a != null`, `\\old` in a barrier's contract, fields, ..."),
    # annotation (the C front end)
    ("annotation.ignored", "a GPUVerify annotation that only helps a proof (an invariant, an assumption, a barrier invariant) and uses a built-in without counterpart, or VerCors's `/*@ pure @*/` on a C function that is no pure function of its arguments, left out (warning)"),
    # divergence
    ("divergence.barrier", "a barrier under a condition that is not uniform in the work group"),
    ("divergence.uniform-assign", "an assignment under a non-uniform condition to a variable that a barrier's control flow depends on"),
    ("divergence.jump", "break, continue or return under a non-uniform condition where it can skip a barrier"),
    ("divergence.collective", "a call the whole work group makes (OpenCL's `async_work_group_copy`, `wait_group_events`) reached by only some of its threads, or with arguments that differ between them"),
    ("divergence.unwaited", "an OpenCL asynchronous copy (`async_work_group_copy`) that the kernel may end without waiting for (`wait_group_events`): undefined"),
    ("divergence.reached", "threads of a work group reached different barriers, or some a barrier and others the end (seen by `vercors-py run`)"),
    ("divergence.lane", "a warp shuffle that reads a lane taking no part in it (finished, or past the group's last thread), or whose width is not a power of two at most the warp size: its value is undefined (seen by `vercors-py run`)"),
    # engine: accesses
    ("perm.read", "a read of a memory cell without a positive permission on it"),
    ("perm.write", "a write to a memory cell without write permission on it"),
    ("perm.atomic", "an atomic update of a memory cell without `atomic` or write permission on it"),
    ("perm.fraction", "a fraction outside (0, 1]"),
    ("bounds.index", "an array access outside 0 <= index < length"),
    ("bounds.perm", "a permission on an array cell outside 0 <= index < length"),
    ("bounds.null", "a CUDA/OpenCL pointer that may be NULL or not set where it is read or written through, moved or compared"),
    ("div.zero", "a divisor (of /, % or a fraction) that may be zero"),
    ("arith.overflow", "a CUDA/OpenCL integer operation or conversion whose value may not fit its fixed-width type"),
    ("arith.shift", "a CUDA shift whose amount may lie outside 0 .. N-1 for its N-bit left operand (undefined in C)"),
    ("assert.failed", "an assert statement that may not hold"),
    ("assert.assume", "an assume statement: the verifier takes it on trust (warning)"),
    # contracts
    ("pre.call", "a procedure call whose precondition may not hold (facts or permissions)"),
    ("pre.function", "a pure-function call whose precondition may not hold"),
    ("pre.level", "a kernel or group precondition that does not imply the precondition of the level below"),
    ("pre.recursion", "a recursive call (of a pure function or a procedure) whose measure is not smaller, or a recursive procedure without `decreases`: it may not terminate"),
    ("post.failed", "a postcondition fact that may not hold at an exit"),
    ("post.perm", "a permission in the postcondition that is not held at an exit"),
    ("post.level", "the postconditions of one level do not imply the postcondition of the level above"),
    ("loop.establish", "a loop invariant that may not hold when the loop is entered"),
    ("loop.maintain", "a loop invariant that may not be preserved by an iteration"),
    ("invariant.establish", "an invariant block whose resource may not hold (facts or permissions) where the block starts"),
    ("invariant.maintain", "an atomic step (with its ghost `then` block) that may break the kernel's value invariant, or an atomic block after which its invariant block's resource may not hold"),
    ("barrier.pre", "a barrier precondition that may not hold when the thread reaches the barrier"),
    ("barrier.resources", "a barrier that hands out more resources than the work group has"),
    ("barrier.functional", "a barrier postcondition that does not follow from the preconditions of the group's threads"),
    ("distribution.kernel", "the kernel's resources do not cover the resources of all work groups"),
    ("distribution.group", "a work group's resources do not cover the starting resources of all its threads"),
    ("framing.perm", "a specification reads a memory cell that its clause set holds no permission for"),
    ("injectivity.quantified", "a \\forall* with a write or fractional share whose cells coincide for two values"),
    ("vacuity.context", "the context_everywhere clauses (with the function definitions) contradict each other"),
    ("vacuity.precondition", "what an obligation starts from (a precondition, the facts of all threads or groups) is contradictory"),
    ("vacuity.call", "a procedure's postcondition contradicts what holds at the call"),
    ("vacuity.barrier", "a barrier's postcondition contradicts what holds at the barrier"),
    ("vacuity.assume", "an `assume` contradicts what holds before it"),
    ("race.data", "two threads access one cell, at least one writing, in the same barrier interval or from different work groups"),
    ("infer.cannot", "an access, loop or barrier that `infer` cannot express as a permission contract"),
    ("run.inputs", "the initial memory of a run does not meet the kernel's precondition (warning: what the run finds may come from the inputs)"),
    ("run.unevaluated", "a specification the run could not evaluate on concrete values, so it was not checked (warning)"),
    ("picture.too-large", "a launch with more threads or cells than a picture shows (docs/pictures.md)"),
    ("timeout.solver", "the solver answered unknown or ran out of time on a check"),
    ("timeout.steps", "a run was stopped after its step bound (`--max-steps`) or at a call depth bound: a loop or recursion that may not end"),
    ("internal.error", "a fault inside vercors-py; please report it"),
]

CODES: dict[str, CodeInfo] = {code: CodeInfo(code, summary) for code, summary in _CODES}
assert all(family_of(code) in FAMILIES for code in CODES)


def codes_of(family: str) -> list[CodeInfo]:
    """The registered codes of a family, in registry order."""
    return [info for info in CODES.values() if info.family == family]


def error(code: str, span: Span | None, message: str, **kw) -> Diagnostic:
    return Diagnostic(code, Severity.ERROR, message, span, **kw)


def warning(code: str, span: Span | None, message: str, **kw) -> Diagnostic:
    return Diagnostic(code, Severity.WARNING, message, span, **kw)


def sort_key(d: Diagnostic):
    s = d.span
    return (s.start if s else -1, s.end if s else -1, d.code, d.message)
