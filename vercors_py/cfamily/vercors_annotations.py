"""VerCors's annotation vocabulary in CUDA and OpenCL contracts (docs/vercors-c-annotations.md).

VerCors's users write their `/*@ ... @*/` contracts with VerCors's own names for the launch
(`threadIdx.x`, `get_local_size(0)`, `\\gtid`, `\\ltid`) and for C's pointers
(`\\pointer_index(a, i, p)`, `\\pointer(a, n, p)`, `\\pointer_length(a)`,
`Perm(&a[i], p)`, `a != NULL`).  Each is read here as the expression of the language that
means the same in this model, with the construct's span; one that has no exact meaning
is `unsupported.*` at its place, naming it.

The parser reads the language's own grammar, so before parsing each construct is written
as one placeholder name of the same length (every other span stays the file's), and the
names found where those stood are replaced by the expressions built for them.  The
arguments of `\\pointer_index` and `\\pointer` are parsed on their own, at their places
in the file, through this same vocabulary.
"""
from __future__ import annotations

import functools
import re

import attrs

from .. import diagnostics as D
from ..source import SourceText, Span
from ..syntax import ast as A
from ..semantics.symbols import RESERVED_NAMES
from ..syntax import parser
from . import lexer
from .clang_scope import Scope, What
from .dialect import Dialect


@attrs.frozen
class Spelled:
    """An annotation's text with VerCors's constructs written as placeholders, the
    expression built for each (by the placeholder's offset) and the constructs refused."""
    text: str
    built: dict
    problems: tuple

    @property
    def changed(self) -> bool:
        return bool(self.built) or bool(self.problems)


# The launch, by VerCors's names: CUDA's variables (in .cu files), OpenCL's functions of
# one constant dimension (VerCors's cuda.h declares them for CUDA too), read as the
# language's components (docs/language.md, "Dimensions").
_CUDA = {"threadIdx": "lid", "blockIdx": "gid", "blockDim": "gsize", "gridDim": "ngroups"}
_OPENCL = {"get_local_id": "lid", "get_group_id": "gid", "get_local_size": "gsize",
           "get_num_groups": "ngroups", "get_global_id": "tid", "get_global_size": "tcount"}
_AXES = "xyz"

# What VerCors's headers or grammar give that this model has no exact counterpart for,
# with why.
_REFUSED_CALLS = {
    "get_work_dim": "the launch's number of dimensions is not a value of the model",
    "get_global_offset": "VerCors takes the global offset to be 0, which the launch need not",
    "get_enqueued_local_size": "a non-uniform work group's enqueued size is not modelled",
    "get_global_linear_id": "VerCors's global linear id is written \\gtid",
    "get_sub_group_size": "sub-groups are not modelled",
    "get_max_sub_group_size": "sub-groups are not modelled",
    "get_num_sub_groups": "sub-groups are not modelled",
    "get_enqueued_num_sub_groups": "sub-groups are not modelled",
    "get_sub_group_id": "sub-groups are not modelled",
    "get_sub_group_local_id": "sub-groups are not modelled",
}
# Backslash names the language's grammar reads itself.
_OWN = {"\\old", "\\length", "\\forall", "\\exists", "\\sum"}

_TOKEN = re.compile(r"""
    (?P<slash>\\[A-Za-z_]\w*)
  | (?<![\w.$])(?P<cuda>threadIdx|blockIdx|blockDim|gridDim)\s*\.\s*(?P<axis>[A-Za-z_]\w*)
  | (?<![\w.$])(?P<call>get_\w+)\s*\(
  | (?<![\w.$])(?P<perm>Perm\s*\(\s*)&
  | (?<![\w.$])(?P<permplus>Perm\s*\(\s*)(?P<base>[A-Za-z_]\w*)\s*\+(?![+=])
  | (?<![\w.$])(?P<null>NULL)(?![\w$])
  | (?<![\w.$])(?P<write>write)(?=\s*\\(?![A-Za-z_]))
  | (?<![\w.$])(?P<vercors>__vercors_\w*|opencl_g\w+)
  | (?<![\w.$])(?P<ghost>given|yields)(?![\w$])
""", re.X)
_NAME = re.compile(r"\s*([A-Za-z_]\w*)\s*$")
_NULL_LEFT = re.compile(r"([A-Za-z_]\w*)\s*(==|!=)\s*$")
_NULL_RIGHT = re.compile(r"\s*(==|!=)\s*([A-Za-z_]\w*)(?![\w$])")
# What may stand beside a comparison with NULL without binding tighter than `==`.
_LOOSE_BEFORE = re.compile(r"(^|[(,;?:]|&&|\|\||\*\*|==>|"
                           r"\b(?:requires|ensures|context|context_everywhere|loop_invariant|invariant|assert|assume))\s*$")
_LOOSE_AFTER = re.compile(r"\s*($|[),;?:]|&&|\|\||\*\*|==>)")


def spelled(scope: Scope, text: str, start: int, end: int) -> Spelled:
    """VerCors's constructs between two offsets of `text` (the inside of an annotation)."""
    out = list(text)
    built: dict[int, A.Expr] = {}
    problems: list[D.Diagnostic] = []
    at = start
    while (m := _TOKEN.search(text, at, end)) is not None:
        at = m.end()
        try:
            found = _construct(scope, text, m, end)
        except _Refused as refused:
            problems.append(D.error(refused.code, scope.unit.source.span(m.start(), refused.end or m.end()),
                                    refused.message))
            at = max(at, refused.end or at)
            continue
        if found is None:
            continue
        s, e, expr = found
        if isinstance(expr, str):       # a text edit: the characters from s on
            out[s:s + len(expr)] = expr
        else:
            out[s:e] = "_" + "v" * (e - s - 1)
            built[s] = expr
        at = max(at, e)
    return Spelled("".join(out), built, tuple(problems))


def read(scope: Scope, item, spelled_: Spelled):
    """An annotation's item with VerCors's constructs (its placeholders) read, and, in a
    file written for VerCors, `/` and `%` read as VerCors reads them in C: truncating."""
    item = substituted(item, spelled_)
    if not written_for_vercors(scope.unit.source.text, scope.dialect):
        return item
    return unreserved(truncating(item))


def unreserved(node):
    """`node` with each quantifier that binds one of the language's thread names (`\\forall
    int tid; ...`: VerCors reserves none of them) binding `tid$` instead, its spelling kept."""
    node = A.map_children(node, unreserved)
    if isinstance(node, (A.Quantifier, A.Sum)) and node.var in RESERVED_NAMES:
        return attrs.evolve(A.map_children(node, lambda n: _renamed(n, node.var, f"{node.var}$")), var=f"{node.var}$")
    return node


def _renamed(node, old: str, new: str):
    if isinstance(node, A.Name) and node.id == old:
        return attrs.evolve(node, id=new, spelling=node.spelling or old)
    return A.map_children(node, lambda n: _renamed(n, old, new))


def launch_fact(scope: Scope, item):
    """A kernel's contract item of a file written for VerCors: a `requires` or `context`
    clause over the launch's sizes alone (`context blockDim.y == 1;`, VerCors's way of
    stating the launch) as the `context_everywhere` fact it means.  Sizes never change,
    so holding at the thread's start is holding everywhere, and the `ensures` half of a
    `context` holds by itself; the checker then reads it as a launch fact."""
    if not (isinstance(item, A.Clause) and item.kind in (A.ClauseKind.REQUIRES, A.ClauseKind.CONTEXT)
            and written_for_vercors(scope.unit.source.text, scope.dialect)):
        return item
    for node in A.walk(item.expr):
        match node:
            case A.Name(id=name) if name.partition(".")[0] not in ("gsize", "ngroups", "tcount"):
                return item
            case A.Name() | A.IntLit() | A.BoolLit() | A.Binary() | A.Unary():
                continue
            case _:
                return item
    return A.ContextEverywhere(item.expr, span=item.span)


def written_for_vercors(text: str, dialect: Dialect) -> bool:
    """Whether a file's annotations are VerCors's: one of them uses a construct of VerCors's
    vocabulary that the language does not have (docs/vercors-c-annotations.md)."""
    return _written_for_vercors(text, dialect is Dialect.CUDA)


@functools.lru_cache(maxsize=16)
def _written_for_vercors(text: str, cuda: bool) -> bool:
    for start, end in lexer.scan(text).comments:
        if not text.startswith(("/*@", "//@"), start):
            continue
        for m in _TOKEN.finditer(text, start + 3, end):
            if m.group("slash") and m.group("slash") in _OWN:
                continue
            if m.group("cuda") and not cuda:
                continue
            if m.group("call") and m.group("call") not in _OPENCL and m.group("call") not in _REFUSED_CALLS \
                    and m.group("call") != "get_local_linear_id":
                continue        # a C function of the file's own
            return True
    return False


def truncating(node):
    """`node` with `a / b` and `a % b` of integers read as C (and VerCors) reads them:
    the quotient rounded toward zero, the remainder with the sign of `a`.  The
    language's own are Euclidean; on magnitudes they agree."""
    node = A.map_children(node, truncating)
    if isinstance(node, A.Binary) and node.op in ("/", "%"):
        sp = node.span
        zero = A.IntLit(0, span=sp)
        magnitude = lambda e: A.Conditional(A.Binary(">=", e, zero, span=sp), e, A.Unary("-", e, span=sp), span=sp)  # noqa: E731
        on_magnitudes = A.Binary(node.op, magnitude(node.left), magnitude(node.right), span=sp)
        positive = (A.Binary("==", A.Binary(">=", node.left, zero, span=sp), A.Binary(">=", node.right, zero, span=sp),
                             span=sp) if node.op == "/" else A.Binary(">=", node.left, zero, span=sp))
        return A.Conditional(positive, on_magnitudes, A.Unary("-", on_magnitudes, span=sp), span=sp)
    return node


def substituted(node, spelled_: Spelled):
    """`node` with each placeholder name replaced by the expression built for it."""
    if not spelled_.built:
        return node
    if isinstance(node, A.Name) and node.span is not None and node.span.start in spelled_.built \
            and node.id.startswith("_v"):
        return spelled_.built[node.span.start]
    changes = {}
    for field in attrs.fields(type(node)):
        value = getattr(node, field.name)
        if isinstance(value, tuple):
            new = tuple(substituted(v, spelled_) if attrs.has(type(v)) else v for v in value)
            if any(a is not b for a, b in zip(new, value)):
                changes[field.name] = new
        elif attrs.has(type(value)):
            new = substituted(value, spelled_)
            if new is not value:
                changes[field.name] = new
    return attrs.evolve(node, **changes) if changes else node


class _Refused(Exception):
    def __init__(self, code: str, message: str, end: int | None = None):
        super().__init__(message)
        self.code, self.message, self.end = code, message, end


def _construct(scope: Scope, text: str, m: re.Match, limit: int):
    """What one match stands for: (start, end, expression) for a placeholder, (start,
    end, text) for an edit in place, None to leave the text as it is."""
    source = scope.unit.source
    span = lambda s, e: source.span(s, e)        # noqa: E731
    if m.group("slash"):
        word = m.group("slash")
        s = m.start()
        opened = re.compile(r"\s*\(").match(text, m.end(), limit)
        match word:
            case "\\gtid":
                # VerCors's global linear id (OpenCL's get_global_linear_id with offset 0):
                # x fastest over the whole grid, which the language's `tid` (group-major)
                # is not in more than one dimension.
                sp = span(s, m.end())
                comp = lambda family, axis: A.Name(f"{family}.{axis}", span=sp, spelling="\\gtid")  # noqa: E731
                inner = A.Binary("+", comp("tid", "y"), A.Binary("*", comp("tcount", "y"), comp("tid", "z"), span=sp), span=sp)
                return s, m.end(), A.Binary("+", comp("tid", "x"), A.Binary("*", comp("tcount", "x"), inner, span=sp), span=sp)
            case "\\ltid":
                # VerCors's local linear id is x fastest, as the language's `lid`.
                return s, m.end(), A.Name("lid", span=span(s, m.end()), spelling="\\ltid")
            case "\\pointer_length" | "\\shared_mem_size":
                args, e = _arguments(text, _opening(opened, word, m.end()), limit, word)
                name = _array(scope, text, args, 1, word, e)
                # A kernel's pointer parameter points at the start of its array, and a
                # dynamic shared array's length is its own parameter: both `\length`.
                return s, e, A.Name(f"\\length({name})", span=span(s, e))
            case "\\pointer_index":
                args, e = _arguments(text, _opening(opened, word, m.end()), limit, word)
                name = _array(scope, text, args, 3, word, e)
                index = _expression(scope, text, *args[1])
                amount = _amount(_expression(scope, text, *args[2]))
                sp = span(s, e)
                array = A.Name(name, span=span(*_trimmed(text, *args[0])))
                return s, e, A.Binary("**", _within(index, A.Binary("<", index, _length(name, sp), span=sp), sp),
                                      A.Perm(A.Index(array, index, span=sp), amount, span=sp), span=sp)
            case "\\pointer":
                args, e = _arguments(text, _opening(opened, word, m.end()), limit, word)
                name = _array(scope, text, args, 3, word, e)
                count = _expression(scope, text, *args[1])
                amount = _amount(_expression(scope, text, *args[2]))
                sp = span(s, e)
                var = A.Name("vc$i", span=sp)
                array = A.Name(name, span=span(*_trimmed(text, *args[0])))
                cells = A.Quantifier(A.QuantKind.FORALL_STAR, A.Type.INT, "vc$i",
                                     _within(var, A.Binary("<", var, count, span=sp), sp, "&&"),
                                     A.Perm(A.Index(array, var, span=sp), amount, span=sp), var_span=sp, span=sp)
                return s, e, A.Binary("**", _within(count, A.Binary("<=", count, _length(name, sp), span=sp), sp),
                                      cells, span=sp)
            case _ if word in _OWN or word.rstrip("*") in _OWN:
                return None
            case _:
                raise _Refused("unsupported.function", f"VerCors's `{word}` has no counterpart here")
    if m.group("cuda"):
        if scope.dialect is not Dialect.CUDA:
            return None
        axis = m.group("axis")
        if axis not in _AXES:
            raise _Refused("unsupported.dimension", f"`{m.group('cuda')}.{axis}`: an axis is x, y or z", m.end())
        return m.start(), m.end(), A.Name(f"{_CUDA[m.group('cuda')]}.{axis}", span=span(m.start(), m.end()),
                                          spelling=text[m.start():m.end()])
    if m.group("call"):
        name = m.group("call")
        args, e = _arguments(text, m.end(), limit, name)
        if name == "get_local_linear_id" and args == []:
            return m.start(), e, A.Name("lid", span=span(m.start(), e), spelling=text[m.start():e])
        if name in _REFUSED_CALLS:
            raise _Refused("unsupported.function", f"`{name}` in an annotation: {_REFUSED_CALLS[name]}", e)
        if name not in _OPENCL:
            return None
        axis = text[args[0][0]:args[0][1]].strip() if len(args) == 1 else ""
        if axis not in ("0", "1", "2"):
            raise _Refused("unsupported.dimension", f"`{name}` in an annotation takes a constant dimension 0, 1 or 2", e)
        if name == "get_global_id" and scope.launch.offset is not None:
            raise _Refused("unsupported.function", "`get_global_id` in an annotation of a launch with a global offset", e)
        return m.start(), e, A.Name(f"{_OPENCL[name]}.{_AXES[int(axis)]}", span=span(m.start(), e),
                                    spelling=text[m.start():e])
    if m.group("permplus"):
        return _pointer_sum(scope, text, m, limit)
    if m.group("perm"):
        # `Perm(&a[i], p)` is VerCors's spelling of `Perm(a[i], p)`: the cell at a[i].
        amp = m.end() - 1
        return amp, amp + 1, " "
    if m.group("null"):
        return _null(scope, text, m)
    if m.group("write"):
        # VerCors's `write \ n` divides the whole permission; the language writes it `1 \ n`.
        return m.start(), m.end(), "1    "
    if m.group("vercors"):
        raise _Refused("unsupported.function", f"VerCors's built-in `{m.group('vercors')}` has no counterpart here")
    if m.group("ghost"):
        raise _Refused("unsupported.declaration",
                       f"VerCors's ghost parameters (`{m.group('ghost')}`): a kernel has no caller to give them")
    return None


def _pointer_sum(scope: Scope, text: str, m: re.Match, limit: int):
    """`Perm(a + i, p)` of an array `a`: VerCors's pointer to cell i of the block `a`
    points at, which is a's first cell here (see `\\pointer_index`): the cell `a[i]`."""
    name = m.group("base")
    binding = scope.by_name(name)
    if binding is None:
        return None
    if binding.what is not What.ARRAY:
        raise _Refused("unsupported.pointer", f"`Perm({name} + ...)`: a pointer variable may point anywhere in its "
                       "array, or be NULL; only an array's own name is read", m.end())
    args, e = _arguments(text, m.end("permplus"), limit, "Perm")
    s, end = _trimmed(text, *args[0])
    index = _expression(scope, text, m.end(), end)
    return s, end, A.Index(A.Name(name, span=scope.unit.source.span(s, s + len(name))), index,
                           span=scope.unit.source.span(s, end))


def _null(scope: Scope, text: str, m: re.Match):
    """`a != NULL` (or `NULL != a`, `==`) of an array: in this model a kernel's pointer
    parameter (and a shared array) is an array, never NULL, so the comparison is a constant."""
    before = _NULL_LEFT.search(text, 0, m.start())
    if before is not None:
        name, op, s, e = before.group(1), before.group(2), before.start(), m.end()
    elif (after := _NULL_RIGHT.match(text, m.end())) is not None:
        name, op, s, e = after.group(2), after.group(1), m.start(), after.end()
    else:
        raise _Refused("unsupported.pointer", "NULL in an annotation is read only compared with an array's name")
    binding = scope.by_name(name)
    if binding is None or binding.what is not What.ARRAY:
        raise _Refused("unsupported.pointer", f"`{name}` compared with NULL: only an array parameter's name "
                       "(which is never NULL here) is read", e)
    if not _LOOSE_BEFORE.search(text[:s]) or not _LOOSE_AFTER.match(text, e):
        raise _Refused("unsupported.pointer", "a comparison with NULL inside an operator that binds tighter "
                       "than `==`; put it in parentheses", e)
    value = "true" if op == "!=" else "false"
    return s, e, value + " " * (e - s - len(value))


def _arguments(text: str, at: int, limit: int, what: str) -> tuple[list[tuple[int, int]], int]:
    """The arguments of a call whose `(` ends before `at`: their offsets, and the offset
    after its `)`."""
    depth, args, first = 0, [], at
    for i in range(at, limit):
        c = text[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                if text[first:i].strip() or args:
                    args.append((first, i))
                return args, i + 1
            depth -= 1
        elif c == "," and depth == 0:
            args.append((first, i))
            first = i + 1
    raise _Refused("syntax.unexpected-token", f"`{what}(` is not closed in the annotation", limit)


def _opening(opened: re.Match | None, what: str, end: int) -> int:
    if opened is None:
        raise _Refused("syntax.unexpected-token", f"`{what}` is followed by its arguments in parentheses", end)
    return opened.end()


def _trimmed(text: str, s: int, e: int) -> tuple[int, int]:
    while s < e and text[s].isspace():
        s += 1
    while e > s and text[e - 1].isspace():
        e -= 1
    return s, e


def _array(scope: Scope, text: str, args, count: int, what: str, end: int) -> str:
    """The array a pointer construct names by its first argument (a kernel parameter or a
    shared array, C's name); it takes `count` arguments."""
    if len(args) != count:
        raise _Refused("syntax.unexpected-token", f"`{what}` takes {count} argument{'s' if count > 1 else ''}", end)
    found = _NAME.match(text[args[0][0]:args[0][1]])
    if found is None:
        raise _Refused("unsupported.pointer", f"`{what}` is read of an array's name (a kernel's pointer parameter "
                       "or a shared array), not of a pointer expression", end)
    binding = scope.by_name(found.group(1))
    if binding is not None and binding.what is not What.ARRAY:
        raise _Refused("unsupported.pointer", f"`{what}({found.group(1)}...)`: a pointer variable may point "
                       "anywhere in its array, or be NULL; only an array's own name is read", end)
    return found.group(1)


def _amount(expr: A.Expr) -> A.Expr:
    """A permission amount: VerCors's integer 1 is the whole permission, `write`."""
    return A.Write(span=expr.span) if isinstance(expr, A.IntLit) and expr.value == 1 else expr


def _length(name: str, span: Span) -> A.Name:
    return A.Name(f"\\length({name})", span=span)


def _within(index, upper: A.Expr, span: Span, op: str = "**") -> A.Expr:
    """`0 <= index` and `upper` (VerCors's pointer constructs state the cells in bounds)."""
    return A.Binary(op, A.Binary("<=", A.IntLit(0, span=span), index, span=span), upper, span=span)


def _expression(scope: Scope, text: str, s: int, e: int) -> A.Expr:
    """One argument of a construct, parsed at its place in the file through this vocabulary."""
    s, e = _trimmed(text, s, e)
    inner = spelled(scope, text, s, e)
    if inner.problems:
        raise _Refused(inner.problems[0].code, inner.problems[0].message, e)
    lead = "assert "
    if s < len(lead):
        raise _Refused("syntax.unexpected-token", "an argument at the start of the file", e)
    written = inner.text[:s - len(lead)] + lead + inner.text[s:e] + ";" + inner.text[e + 1:]
    parsed = parser.parse_annotation(SourceText(scope.unit.source.path, written), s - len(lead), e + 1)
    if parsed.diagnostics or len(parsed.items) != 1 or not isinstance(parsed.items[0], A.Assert):
        first = parsed.diagnostics[0].message if parsed.diagnostics else "not one expression"
        raise _Refused("syntax.unexpected-token", f"an argument of a VerCors construct: {first}", e)
    return substituted(parsed.items[0].expr, inner)
