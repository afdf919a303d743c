"""Forward `goto`s: `goto L;` to a label `L:` that stands later in a block enclosing the
`goto` (out of loops and `if`s: `while (...) { while (...) { if (c) goto DONE; } } DONE:`).

Such a jump skips what stands between it and the label, and nothing else: the block
declares a flag `L$jumped` (false) before its statements, the `goto` sets it, and the
statements before the label run as C runs them after the jump (exits.py: the rest of
each block guarded, the loops left).  The label's own statement, and all after it, run
whether the flag is set or not, as C runs them after the label.

Other jumps are refused (`unsupported.statement`) at the `goto`: backward ones (a loop
made of a label), jumps into a block from outside it, and jumps over a declaration
(the variable would be in scope at the label without its declaration having run).
"""
from __future__ import annotations

from clang.cindex import Cursor, CursorKind as K

from .. import diagnostics as D
from ..syntax import ast as A
from . import clang_types as T
from . import exits
from .cursors import children
from .clang_scope import Unsupported, What, key


class Labels:
    """The labels among the statements of one block, and the jumps to them."""

    def __init__(self, statements, stmts_c: list[Cursor]):
        self.st = statements
        self.s = statements.s
        self.stmts_c = stmts_c
        self.flags: dict[int, str] = {}          # index of a label among the statements -> its flag
        self.jumps: dict[tuple, list] = {}       # label -> the offsets of the `goto`s to it
        for at, c in enumerate(stmts_c):
            if c.kind is K.LABEL_STMT:
                self.flags[at] = self._flag(c)
        statements.labels.append(self)

    def _flag(self, label: Cursor) -> str:
        # Labels have a namespace of their own: the label's name keeps meaning what it
        # meant in annotations.
        frame = self.s.frames[-1]
        before = frame.get(label.spelling)
        name = self.s.declare(label, What.LOCAL, T.BOOL, c_name=f"{label.spelling}$jumped").name
        if before is None:
            del frame[label.spelling]
        else:
            frame[label.spelling] = before
        return name

    def finish(self, out: list, starts: list[int]) -> list:
        """The block's mapped statements (`starts`: where each C statement's begin) with
        C's control flow after each jump to one of its labels."""
        self.st.labels.remove(self)
        starts = list(starts)
        for at in sorted(self.flags):
            offsets = self.jumps.get(key(self.stmts_c[at]))
            if not offsets:
                continue
            first = min(i for i, c in enumerate(self.stmts_c) if self.s.span(c).end > min(offsets))
            skipped = [c for c in self.stmts_c[first + 1:at] if c.kind is K.DECL_STMT]
            if skipped:
                self.s.problems.append(D.error("unsupported.statement", self.s.span(skipped[0]),
                                               "a `goto` that jumps over a declaration is not supported"))
            flag, span = self.flags[at], self.s.span(self.stmts_c[at])
            region = [A.VarDecl(A.Type.BOOL, flag, A.BoolLit(False, span=span), name_span=span, span=span)]
            region += exits.leave(out[:starts[at]], flag)
            shift = len(region) - starts[at]
            out = region + out[starts[at]:]
            starts = [s + shift if i >= at else s for i, s in enumerate(starts)]
        return out


def jump(statements, c: Cursor) -> list:
    """`goto L;` to a label later in an enclosing block: its flag set."""
    span = statements.s.span(c)
    label = c.referenced
    for labels in reversed(statements.labels):
        flag = labels.flags.get(next((at for at, l in enumerate(labels.stmts_c) if label is not None
                                      and key(l) == key(label)), -1))
        if flag is None:
            continue
        if not span.end <= statements.s.span(label).start:
            break
        labels.jumps.setdefault(key(label), []).append(span.start)
        return [A.Assign(A.Name(flag, span=span), A.BoolLit(True, span=span), span=span)]
    raise Unsupported("unsupported.statement", span,
                      "only a `goto` forward, to a label that stands later in a block enclosing it, is supported")


def label(statements, c: Cursor, contract: tuple) -> list:
    """`L: S` maps to S (the jumps to L are handled by its block)."""
    return statements.stmt(children(c)[0], contract)
