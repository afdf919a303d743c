"""The placement rules of invariant blocks and atomic blocks (docs/language.md,
"Invariant blocks"), which make their exhale and inhale exact in a kernel of many
threads.

The invariant of `invariant NAME(R) { S }` belongs to the thread that runs the block:
only atomic blocks lexically inside `S` (the resolver links them) open it, so no other
thread can reach R's resources while the thread has handed them in.  Then:

- `R` is read at the block's start, at each atomic block and at the block's end in the
  same variables: it may read no variable the block assigns (VerCors freezes them; a
  front end that maps VerCors declares a copy).
- Nothing leaves a block but through its end: no `return`, no `break`/`continue` out of
  it (the block's end gives R back; an atomic's end checks it again).
- No barrier inside an invariant block: a barrier hands resources between threads, and
  whether handing in what the thread keeps while R is away is what VerCors means was
  not worked out; refused.
- An atomic block holds no atomic block of the same invariant (it would get R twice).
"""
from __future__ import annotations

from .. import diagnostics as D
from ..syntax import ast as A
from .queries import assigned, symbols_in
from .symbols import SymbolKind

CODE = "type.invariant-block"


def check_invariant_blocks(kernel: A.Kernel) -> list[D.Diagnostic]:
    problems: list[D.Diagnostic] = []
    for member in kernel.members:
        if isinstance(member, A.Procedure):
            for node in A.statements(member.body):
                if isinstance(node, A.InvariantBlock):
                    problems += _invariant(node)
                elif isinstance(node, A.AtomicBlock):
                    problems += _exits(node.body, f"the atomic block `atomic({node.name})`")
    return problems


def _invariant(block: A.InvariantBlock) -> list[D.Diagnostic]:
    problems = _exits(block.body, f"the invariant block `{block.name}`")
    related = (D.Related(block.span, f"the invariant block `{block.name}`"),)
    for node in A.statements(block.body):
        if isinstance(node, A.Barrier):
            problems.append(D.error(CODE, node.span, f"a barrier inside the invariant block `{block.name}`: the "
                                    f"invariant's resource is away from the thread there, and a barrier inside "
                                    f"such a block is not supported", related=related))
        if isinstance(node, A.AtomicBlock) and node.symbol is block.symbol:
            for inner in A.statements(node.body):
                if isinstance(inner, A.AtomicBlock) and inner.symbol is block.symbol:
                    problems.append(D.error(CODE, inner.span, f"`atomic({block.name})` inside an atomic block of "
                                            f"the same invariant: the invariant is already open there",
                                            related=(D.Related(node.span, "the outer atomic block"),)))
    changed = set(assigned(block.body, kinds=(SymbolKind.LOCAL, SymbolKind.PARAM)))
    for symbol in sorted(symbols_in(block.resource) & changed, key=lambda s: s.name):
        problems.append(D.error(CODE, block.resource.span, f"the invariant `{block.name}` reads `{symbol.name}`, "
                                f"which its block assigns: an invariant is read in the variables of the block's "
                                f"start; copy `{symbol.name}` into a variable of its own before the block",
                                related=related))
    return problems


def _exits(body: A.Block, what: str) -> list[D.Diagnostic]:
    """A `return` anywhere in `body`, and a `break` or `continue` of no loop inside it."""
    problems = []
    stack: list[tuple[object, bool]] = [(body, False)]
    while stack:
        node, in_loop = stack.pop()
        match node:
            case A.Return():
                problems.append(D.error(CODE, node.span, f"`return` inside {what}: it is left only through its end"))
            case A.Break() | A.Continue() if not in_loop:
                word = "break" if isinstance(node, A.Break) else "continue"
                problems.append(D.error(CODE, node.span, f"`{word}` out of {what}: it is left only through its end"))
            case A.While() | A.For():
                stack.append((node.body, True))
            case A.Block():
                stack.extend((s, in_loop) for s in node.stmts)
            case A.If():
                stack.extend((s, in_loop) for s in (node.then, node.otherwise) if s is not None)
            case A.InvariantBlock() | A.AtomicBlock():
                stack.append((node.body, in_loop))
    return problems
