"""Text to AST: the lark LALR parser with the AST built during parsing.

The transformer runs inside the LALR parser (lark's `transformer=` option), so building
the AST needs no recursion however deeply the input nests.  Syntax errors are recovered
from by dropping the offending token (lark's `on_error`); to avoid a cascade, only the
first error up to the next `;` or `}` is reported.
"""
from __future__ import annotations

import copy
import functools
import importlib.resources
import os
import pathlib
import re
import threading

import attrs
from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .. import diagnostics as D
from ..source import SourceText, Span
from . import ast as A
from . import atomics, sums

MAX_DEPTH = 400           # syntax.too-deep beyond this many nested nodes
MAX_LITERAL_DIGITS = 1000
MAX_SYNTAX_ERRORS = 25


@attrs.frozen
class ParseResult:
    source: SourceText
    program: A.Program | None
    diagnostics: tuple[D.Diagnostic, ...]


def grammar_text() -> str:
    try:
        return importlib.resources.files("vercors_py.grammar").joinpath("kernel.lark").read_text("utf-8")
    except (ModuleNotFoundError, FileNotFoundError):
        # Running from a source checkout that was not installed.
        here = pathlib.Path(__file__).resolve().parents[2] / "grammar" / "kernel.lark"
        return here.read_text("utf-8")


def _cache_path() -> str | bool:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = os.path.join(base, "vercors-py")
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError:
        return False
    return os.path.join(folder, "kernel-grammar.lark.cache")


# The LALR tables are built once per process (and cached on disk across processes).
# The AST builder runs inside the parser, so it is bound at construction; each parse
# points it at its own source and problem list under a lock.
_LOCK = threading.Lock()


@functools.lru_cache(maxsize=1)
def _lark() -> tuple[Lark, "_Builder"]:
    builder = _Builder(SourceText("<none>", ""), [])
    options = dict(parser="lalr", keep_all_tokens=True, maybe_placeholders=False,
                   transformer=builder, start=["start", "annotation"])
    text = grammar_text()
    cache = _cache_path()
    if cache:
        try:
            return Lark(text, cache=cache, **options), builder
        except OSError:
            pass
    return Lark(text, **options), builder


# ---------------------------------------------------------------------------------------

@attrs.frozen
class _Typed:
    """A type keyword with its span (types themselves carry no span)."""
    type: A.Type
    span: Span


@attrs.frozen
class _Seq:
    """A list-valued rule (params, args, fences) with the span it covers."""
    items: tuple
    span: Span


def _token_end(tok: Token) -> int:
    # Tokens that error recovery invents may lack an end.
    return tok.end_pos if tok.end_pos is not None else (tok.start_pos or 0) + len(tok)


@attrs.frozen
class _Part:
    """A rule that only contributes a value to its parent (a function body, a barrier's
    contract), with the span it covers so the parent's span includes it."""
    value: object
    span: Span


class _Builder(Transformer):
    """Callbacks named after the grammar's rules and aliases; each builds one node."""

    def __init__(self, source: SourceText, problems: list[D.Diagnostic]):
        super().__init__(visit_tokens=False)
        self.source = source
        self.problems = problems

    # ---- helpers ----
    def _bounds(self, item):
        if isinstance(item, Token):
            if item.start_pos is None:
                return None
            return item.start_pos, _token_end(item)
        span = getattr(item, "span", None)
        if isinstance(span, Span):
            return span.start, span.end
        if isinstance(item, list):
            for sub in item:
                b = self._bounds(sub)
                if b:
                    return b
        return None

    def _span(self, children) -> Span:
        first = next((b for b in map(self._bounds, children) if b), None)
        last = next((b for b in map(self._bounds, reversed(children)) if b), None)
        if first is None:
            return self.source.span(0, 0)
        return self.source.span(first[0], last[1])

    def _tok_span(self, tok: Token) -> Span:
        start = tok.start_pos or 0
        return self.source.span(start, _token_end(tok))

    @staticmethod
    def _nodes(children):
        return [c for c in children if not isinstance(c, Token)]

    @staticmethod
    def _clauses(nodes) -> tuple:
        # Contract clauses, `decreases` included (the type checker decides where it may be).
        return tuple(n for n in nodes if isinstance(n, (A.Clause, A.Decreases)))

    @staticmethod
    def _names(children):
        return [c for c in children if isinstance(c, Token) and c.type == "NAME"]

    # ---- top level ----
    def start(self, ch):
        return A.Program(tuple(self._nodes(ch)), span=self.source.span(0, len(self.source.text)))

    def annotation(self, ch):
        return _Seq(tuple(self._nodes(ch)), self._span(ch))

    def defined(self, ch):
        return _Part(self._nodes(ch)[0], self._span(ch))

    def abstract(self, ch):
        return _Part(None, self._span(ch))

    def function(self, ch):
        nodes = self._nodes(ch)
        clauses = self._clauses(nodes)
        # The first `decreases` is the function's measure; any further one stays in the
        # contract, where the type checker reports it as a duplicate.
        decreases = next((n for n in clauses if isinstance(n, A.Decreases)), None)
        clauses = tuple(n for n in clauses if n is not decreases)
        typed = next(n for n in nodes if isinstance(n, _Typed))
        params = next((n.items for n in nodes if isinstance(n, _Seq)), ())
        body = next(n for n in nodes if isinstance(n, _Part)).value
        name = self._names(ch)[0]
        return A.Function(clauses, typed.type, str(name), params, body, decreases,
                          name_span=self._tok_span(name), span=self._span(ch))

    def kernel(self, ch):
        name = self._names(ch)[0]
        nodes = self._nodes(ch)
        params = next((n.items for n in nodes if isinstance(n, _Seq)), ())
        members = []
        for n in nodes:
            if isinstance(n, list):
                members.extend(n)
            elif not isinstance(n, _Seq):
                members.append(n)
        return A.Kernel(str(name), params, tuple(members), name_span=self._tok_span(name),
                        span=self._span(ch))

    def kernel_params(self, ch):
        nodes = self._nodes(ch)
        items = nodes[0].items if nodes else ()
        return _Seq(items, self._span(ch))

    def params(self, ch):
        return _Seq(tuple(self._nodes(ch)), self._span(ch))

    def param(self, ch):
        typed = ch[0]
        name = ch[1]
        return A.Param(typed.type, str(name), name_span=self._tok_span(name), span=self._span(ch))

    def type(self, ch):
        return _Typed(A.Type(str(ch[0])), self._tok_span(ch[0]))

    def memory(self, ch):
        scope = ch[0]
        typed = ch[1]
        length = ch[3]
        whole = self._span(ch)
        return [A.ArrayDecl(A.Scope(str(scope)), typed.type, length, str(name),
                            name_span=self._tok_span(name), span=whole)
                for name in self._names(ch)]

    def _keyword(self, ch):
        return ch[0]

    scope = clause_kind = level_kind = atomic_op = _keyword
    sum = sums.transform            # `(\\sum int j; range; body)`: syntax/sums.py

    def context_everywhere(self, ch):
        return A.ContextEverywhere(ch[1], span=self._span(ch))

    def level(self, ch):
        clauses = self._clauses(self._nodes(ch))
        return A.LevelContract(A.Level(str(ch[0])), clauses, span=self._span(ch))

    def procedure(self, ch):
        nodes = self._nodes(ch)
        clauses = self._clauses(nodes)
        # As for a function: the first `decreases` is the measure, any further one stays.
        decreases = next((n for n in clauses if isinstance(n, A.Decreases)), None)
        clauses = tuple(n for n in clauses if n is not decreases)
        params = next((n.items for n in nodes if isinstance(n, _Seq)), ())
        body = nodes[-1]
        name = self._names(ch)[0]
        return A.Procedure(clauses, str(name), params, body, decreases, name_span=self._tok_span(name),
                           span=self._span(ch))

    def clause(self, ch):
        return A.Clause(A.ClauseKind(str(ch[0])), ch[1], span=self._span(ch))

    def decreases_clause(self, ch):
        return A.Decreases(tuple(self._nodes(ch)), span=self._span(ch))

    # ---- statements ----
    def block(self, ch):
        return A.Block(tuple(self._nodes(ch)), span=self._span(ch))

    def simple_stmt(self, ch):
        # `var_decl ";"` and `assignment ";"`: widen the statement to its semicolon.
        node = self._nodes(ch)[0]
        return attrs.evolve(node, span=self._span(ch))

    def if_then(self, ch):
        nodes = self._nodes(ch)
        return A.If(nodes[0], nodes[1], None, span=self._span(ch))

    def if_then_else(self, ch):
        nodes = self._nodes(ch)
        return A.If(nodes[0], nodes[1], nodes[2], span=self._span(ch))

    def while_loop(self, ch):
        nodes = self._nodes(ch)
        clauses = self._clauses(nodes)
        rest = [n for n in nodes if not isinstance(n, (A.Clause, A.Decreases))]
        return A.While(clauses, rest[0], rest[1], span=self._span(ch))

    def for_loop(self, ch):
        clauses = self._clauses(ch)
        # The header is split by its two semicolons; each part may be empty.
        lpar = next(i for i, c in enumerate(ch) if isinstance(c, Token) and c.type == "LPAR")
        semis = [i for i, c in enumerate(ch) if isinstance(c, Token) and c.type == "SEMICOLON"]
        rpar = max(i for i, c in enumerate(ch) if isinstance(c, Token) and c.type == "RPAR")
        parts = [ch[lpar + 1:semis[0]], ch[semis[0] + 1:semis[1]], ch[semis[1] + 1:rpar]]
        init, cond, update = (self._nodes(p)[0] if self._nodes(p) else None for p in parts)
        return A.For(clauses, init, cond, update, ch[-1], span=self._span(ch))

    def var_decl(self, ch):
        typed = ch[0]
        name = ch[1]
        init = ch[3] if len(ch) > 3 else None
        return A.VarDecl(typed.type, str(name), init, name_span=self._tok_span(name),
                         span=self._span(ch))

    def assign(self, ch):
        name = ch[0]
        target = A.Name(str(name), span=self._tok_span(name))
        return A.Assign(target, ch[2], span=self._span(ch))

    def array_assign(self, ch):
        name = ch[0]
        array = A.Name(str(name), span=self._tok_span(name))
        target = A.Index(array, ch[2], span=self._span(ch[:4]))
        return A.ArrayAssign(target, ch[5], span=self._span(ch))

    def barrier(self, ch):
        nodes = self._nodes(ch)
        among = next((A.Among(t.value) for t in ch if isinstance(t, Token) and t.value in ("warp", "grid")), A.Among.GROUP)
        fences = A.GRID_FENCES if among is A.Among.GRID else next((n.items for n in nodes if isinstance(n, _Seq)), ())
        contract = next((n for n in nodes if isinstance(n, _Part)), _Part(None, None)).value
        return A.Barrier(fences, contract, span=self._span(ch), among=among)

    def fences(self, ch):
        return _Seq(tuple(A.Fence(str(t)) for t in ch if isinstance(t, Token) and t.type != "COMMA"),
                    self._span(ch))

    def barrier_contract(self, ch):
        return _Part(tuple(self._nodes(ch)), self._span(ch))

    def barrier_plain(self, ch):
        return _Part(None, self._span(ch))

    def call_stmt(self, ch):
        name = ch[0]
        args = next((n.items for n in self._nodes(ch) if isinstance(n, _Seq)), ())
        return A.CallStmt(str(name), args, name_span=self._tok_span(name), span=self._span(ch))

    def assert_stmt(self, ch):
        return A.Assert(ch[1], span=self._span(ch))

    def assume_stmt(self, ch):
        return A.Assume(ch[1], span=self._span(ch))

    def break_stmt(self, ch):
        return A.Break(span=self._span(ch))

    def continue_stmt(self, ch):
        return A.Continue(span=self._span(ch))

    def return_stmt(self, ch):
        return A.Return(span=self._span(ch))

    # ---- expressions ----
    def cond(self, ch):
        return A.Conditional(ch[0], ch[2], ch[4], span=self._span(ch))

    def binary(self, ch):
        return A.Binary(str(ch[1]), ch[0], ch[2], span=self._span(ch))

    def unary(self, ch):
        return A.Unary(str(ch[0]), ch[1], span=self._span(ch))

    def index(self, ch):
        return A.Index(ch[0], ch[2], span=self._span(ch))

    def int_lit(self, ch):
        tok = ch[0]
        text = str(tok)
        if len(text) > MAX_LITERAL_DIGITS:
            self.problems.append(D.error(
                "syntax.literal-too-large", self._tok_span(tok),
                f"integer literal with {len(text)} digits; at most {MAX_LITERAL_DIGITS} are supported"))
            return A.IntLit(0, span=self._tok_span(tok))
        return A.IntLit(int(text), span=self._tok_span(tok))

    def bool_lit(self, ch):
        return A.BoolLit(str(ch[0]) == "true", span=self._span(ch))

    def write(self, ch):
        return A.Write(span=self._span(ch))

    def read(self, ch):
        return A.Read(span=self._span(ch))

    def atomic_share(self, ch):
        return A.AtomicShare(span=self._span(ch))

    def atomic_update(self, ch):
        # ch: [NAME "="] op "(" NAME "[" index "]" ("," operand)* ")" [THEN block] ";"
        at = next(i for i, c in enumerate(ch) if isinstance(c, Token) and c.type.startswith("ATOMIC_"))
        then = ch[-2] if isinstance(ch[-2], A.Block) else None
        array, index, *args = [c for c in ch[at + 1:-3 if then else None] if not isinstance(c, Token) or c.type == "NAME"]
        target = A.Index(A.Name(str(array), span=self._tok_span(array)), index, span=self._span(ch[at + 2:at + 6]))
        op, result = str(ch[at]), A.Name(str(ch[0]), span=self._tok_span(ch[0])) if at else None
        return A.AtomicUpdate(op, target, tuple(args), atomics.update(op, target, tuple(args)), result, span=self._span(ch), then=then)

    def name(self, ch):
        return A.Name(str(ch[0]), span=self._span(ch))

    def func_call(self, ch):
        name = ch[0]
        args = next((n.items for n in self._nodes(ch) if isinstance(n, _Seq)), ())
        return A.Call(str(name), args, name_span=self._tok_span(name), span=self._span(ch))

    def args(self, ch):
        return _Seq(tuple(self._nodes(ch)), self._span(ch))

    def length_of(self, ch):
        # The length of a C pointer parameter: a kernel parameter of its own that the C front
        # end declares under this spelling (docs/cfamily.md); no .pvl file declares the name.
        return A.Name(f"\\length({ch[2]})", span=self._span(ch))

    def old(self, ch):
        return A.Old(ch[2], span=self._span(ch))

    def perm(self, ch):
        return A.Perm(ch[2], ch[4], span=self._span(ch))

    def quantifier(self, ch):
        """`(\\forall int i, j; c; b)` (or `int i, int j`) is sugar for the nested
        `(\\forall int i; (\\forall int j; c; b))`, as in VerCors."""
        kind = A.QuantKind(str(ch[1]))
        variables, typed, rest = [], None, len(ch)
        for at, item in enumerate(ch[2:], start=2):
            if isinstance(item, _Typed):
                typed = item
            elif isinstance(item, Token) and item.type == "NAME":
                variables.append((typed, item))
            elif isinstance(item, Token) and item.type == "SEMICOLON":
                rest = at
                break
        exprs = self._nodes(ch[rest:])
        cond, body = (exprs[0], exprs[1]) if len(exprs) == 2 else (None, exprs[0])
        for typed, var in reversed(variables):
            body = A.Quantifier(kind, typed.type, str(var), cond, body,
                                var_span=self._tok_span(var), span=self._span(ch))
            cond = None
        return body

    def paren(self, ch):
        return attrs.evolve(ch[1], span=self._span(ch))


# ---------------------------------------------------------------------------------------

_TOKEN_WORDS = {
    "SEMICOLON": "';'", "LBRACE": "'{'", "RBRACE": "'}'", "LPAR": "'('", "RPAR": "')'",
    "LSQB": "'['", "RSQB": "']'", "COMMA": "','", "EQUAL": "'='", "COLON": "':'",
    "QMARK": "'?'", "NAME": "a name", "DIMENSION_NAME": "a name", "INT": "an integer", "$END": "the end of the file",
}


def _describe_expected(expected) -> str:
    words = sorted({_TOKEN_WORDS.get(t, repr(t.lower()) if t.isupper() and "_" not in t else t)
                    for t in expected})
    if len(words) > 6:
        return ""
    return "; expected " + (words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1])


def _comment_problems(source: SourceText) -> list[D.Diagnostic]:
    """Unterminated block comments, found before lexing (the lexer would see `/` `*`)."""
    text = source.text
    pos = 0
    pattern = re.compile(r'//[^\n]*|/\*')
    while True:
        m = pattern.search(text, pos)
        if not m:
            return []
        if m.group() == "/*":
            close = text.find("*/", m.end())
            if close < 0:
                return [D.error("syntax.unterminated-comment", source.span(m.start(), m.end()),
                                "this comment is never closed with */")]
            pos = close + 2
        else:
            pos = m.end()


def decode(path: str, data: bytes) -> tuple[str | None, D.Diagnostic | None]:
    """Bytes to text; a non-UTF-8 file gets a located syntax.encoding error."""
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError as exc:
        good = data[:exc.start].decode("utf-8", errors="replace")
        source = SourceText(path, good)
        return None, D.error("syntax.encoding", source.span(len(good), len(good)),
                             f"the file is not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start})")


def parse(text: str, path: str = "<input>") -> ParseResult:
    source = SourceText(path, text)
    problems: list[D.Diagnostic] = _comment_problems(source)
    if problems:
        return ParseResult(source, None, tuple(problems))
    if "\x00" in text:
        at = text.index("\x00")
        return ParseResult(source, None, (D.error(
            "syntax.encoding", source.span(at, at + 1), "the file contains a NUL character; is it binary?"),))
    program, problems = _parse(source, text, "start")
    if problems:
        return ParseResult(source, None, tuple(problems))
    too_deep = _depth_problem(program)
    if too_deep:
        return ParseResult(source, None, (too_deep,))
    return ParseResult(source, program, ())


@attrs.frozen
class Annotation:
    """What one `/*@ ... @*/` comment of a C file holds: clauses, `context_everywhere`
    members, level contracts, `assert`/`assume` statements, in order."""
    items: tuple
    diagnostics: tuple[D.Diagnostic, ...]


def parse_annotation(source: SourceText, start: int, end: int, declarations: bool = False) -> Annotation:
    """Parse the text of `source` between two offsets (the inside of an annotation
    comment) with this grammar: as clauses and kernel members, or, with `declarations`,
    as pure functions (and kernels) of a file.  Everything outside is blanked, line breaks
    kept, so the nodes' spans and the diagnostics are positions in the C file itself.  A
    line of the comment may start with `@`, as in VerCors."""
    text = source.text
    inside = "\n".join(_AT_MARGIN.sub(lambda m: m.group(1) + " ", line)
                       for line in text[start:end].split("\n"))
    padded = _BLANK.sub(" ", text[:start]) + inside + _BLANK.sub(" ", text[end:])
    if "\x00" in inside:
        at = start + inside.index("\x00")
        return Annotation((), (D.error("syntax.encoding", source.span(at, at + 1),
                                       "the annotation contains a NUL character"),))
    value, problems = _parse(source, padded, "start" if declarations else "annotation", eof=end)
    if problems:
        return Annotation((), tuple(problems))
    items = value.decls if declarations else value.items
    too_deep = next(filter(None, (_depth_problem(item) for item in items)), None)
    return Annotation(() if too_deep else items, (too_deep,) if too_deep else ())


def fact_source(text: str, label: str) -> SourceText:
    """The text a host fact is parsed in, named after the option and the fact
    (`--assume 'n > 0'`): its diagnostics' positions are in it."""
    return SourceText(f"{label} {text!r}", f"context_everywhere {text};")


def parse_fact(text: str, label: str) -> Annotation:
    """A host fact given outside the file (`--assume`, the editor's settings): one
    expression, read as a `context_everywhere` clause's, with spans in a source of its
    own named `label`, so that its diagnostics point into the fact."""
    return parse_fact_in(fact_source(text, label))


def parse_fact_in(source: SourceText) -> Annotation:
    """A host fact in the text `fact_source` made of it."""
    parsed = parse_annotation(source, 0, len(source.text))
    if parsed.diagnostics:
        return parsed
    if len(parsed.items) != 1 or not isinstance(parsed.items[0], A.ContextEverywhere):
        return Annotation((), (D.error("syntax.unexpected-token", source.span(0, len(source.text)),
                                       "a host fact is one expression, not clauses"),))
    return parsed


_AT_MARGIN = re.compile(r"^(\s*)@(?!\*)")
_BLANK = re.compile(r"[^\n]")


def _parse(source: SourceText, text: str, start: str, eof: int | None = None):
    """Run the parser from a start symbol over `text`, whose offsets are those of
    `source` (spans are made in `source`): the built value and the syntax errors."""
    problems: list[D.Diagnostic] = []
    resync_after = [-1]   # errors before this offset belong to the last reported one

    def on_error(exc: UnexpectedInput) -> bool:
        if len(problems) >= MAX_SYNTAX_ERRORS:
            return False
        pos = getattr(exc, "pos_in_stream", None)
        if pos is None and isinstance(exc, UnexpectedToken):
            pos = exc.token.start_pos
        pos = pos if pos is not None else len(text)
        if pos > resync_after[0]:
            problems.append(_syntax_error(source, exc, pos, eof))
            resync_after[0] = _next_sync(text, pos)
        if isinstance(exc, UnexpectedToken):
            _repair(exc.interactive_parser, exc.token)
        return True    # lark goes on after the offending token

    try:
        with _LOCK:
            lark, builder = _lark()
            builder.source, builder.problems = source, problems
            value = lark.parse(text, start=start, on_error=on_error)
    except (UnexpectedInput, ValueError, TypeError, AttributeError, IndexError, StopIteration) as exc:
        # Recovery may hand the AST builder shapes it never sees in a valid program;
        # the errors already found are what the user needs.
        if problems:
            return None, problems
        if not isinstance(exc, UnexpectedInput):
            raise
        problems.append(_syntax_error(source, exc, len(text) if isinstance(exc, UnexpectedEOF)
                                      else getattr(exc, "pos_in_stream", 0) or 0, eof))
        value = None
    return value, problems


# Tokens recovery may invent, cheapest first.
_FILLERS = (("RPAR", ")"), ("LPAR", "("), ("RSQB", "]"), ("NAME", "recovered"), ("EQUAL", "="),
            ("SEMICOLON", ";"), ("RBRACE", "}"))
_MAX_FILLERS = {"SEMICOLON": 3, "RBRACE": 3, "$END": 4}    # at the points to resynchronise at
_MAX_FILLERS_ELSEWHERE = 2


def _repair(interactive, bad: Token) -> None:
    """Let the parser accept the token it choked on by inventing the fewest tokens
    before it (`if x` gets a `(`, `x = (x + 1;` a `)`), so that what follows is parsed as
    written instead of being reported again.  Without a short repair, nothing is fed and
    the token is dropped."""
    frontier = [(interactive, ())]
    for _ in range(_MAX_FILLERS.get(bad.type, _MAX_FILLERS_ELSEWHERE)):
        next_frontier = []
        for state, path in frontier:
            # The parse table's actions of the state: a cheap superset of what it accepts.
            possible = state.choices()
            for kind, text in _FILLERS:
                if kind not in possible:
                    continue
                token = Token.new_borrow_pos(kind, text, bad)
                trial = _fed(state, token)
                if trial is None:
                    continue
                if _fed(trial, bad) is not None:
                    for filler in path + (token,):
                        interactive.feed_token(filler)
                    if bad.type != "$END":      # lark feeds the end of input itself
                        interactive.feed_token(bad)
                    return
                next_frontier.append((trial, path + (token,)))
        frontier = next_frontier


def _fed(state, token):
    """A copy of the parser state after `token`, or None if it does not fit.  Trials do
    not build AST nodes (as lark's own `accepts` does not): the copy shares the value
    stack and runs no callbacks."""
    trial = state.copy(deepcopy_values=False)
    quiet = copy.copy(trial.parser_state.parse_conf)
    quiet.callbacks = {}
    trial.parser_state.parse_conf = quiet
    try:
        trial.feed_token(token)
    except UnexpectedInput:
        return None
    return trial


def _next_sync(text: str, pos: int) -> int:
    """The offset of the next `;` or `}` at or after pos: where recovery resynchronises."""
    candidates = [i for i in (text.find(";", pos), text.find("}", pos)) if i >= 0]
    return min(candidates) if candidates else len(text)


def _syntax_error(source: SourceText, exc: UnexpectedInput, pos: int, eof: int | None = None) -> D.Diagnostic:
    if isinstance(exc, UnexpectedCharacters):
        ch = source.text[pos:pos + 1]
        return D.error("syntax.unexpected-character", source.span(pos, pos + 1),
                       f"unexpected character {ch!r}")
    if isinstance(exc, UnexpectedEOF) or (isinstance(exc, UnexpectedToken) and exc.token.type == "$END"):
        end = len(source.text) if eof is None else eof
        expected = getattr(exc, "expected", None) or getattr(exc, "accepts", None) or ()
        return D.error("syntax.unexpected-end", source.span(end, end),
                       ("unexpected end of file" if eof is None else "unexpected end of the annotation")
                       + _describe_expected(expected))
    tok = exc.token
    expected = exc.accepts or exc.expected or ()
    start, word = _word_before(source.text, tok.start_pos)
    if str(tok) == "context_everywhere":
        start, word = tok.start_pos, str(tok)
    if word == "context_everywhere":
        # Where it is not a kernel member the lexer reads the keyword `context` and a
        # name `_everywhere`, and chokes only on what follows: say what was meant.
        return D.error("syntax.unexpected-token", source.span(start, start + len(word)),
                       "`context_everywhere` is not a contract clause: it is a member of the kernel, "
                       "beside its arrays; in a contract, `context` is both requires and ensures")
    hint = ""
    if str(tok) == ":" and "EQUAL" in expected:
        hint = " (assignment is written '=', not ':=')"
    return D.error("syntax.unexpected-token",
                   source.span(tok.start_pos, tok.end_pos if tok.end_pos is not None else pos + 1),
                   f"unexpected {str(tok)!r}" + _describe_expected(expected) + hint)


def _word_before(text: str, pos: int) -> tuple[int, str]:
    """The word that ends just before `pos` (spaces skipped), and where it starts."""
    end = pos
    while end > 0 and text[end - 1].isspace():
        end -= 1
    start = end
    while start > 0 and (text[start - 1].isalnum() or text[start - 1] == "_"):
        start -= 1
    return start, text[start:end]


def _depth_problem(program: A.Program) -> D.Diagnostic | None:
    deepest, where = 0, None
    stack = [(program, 1)]
    while stack:
        node, level = stack.pop()
        if level > deepest:
            deepest, where = level, node
        if level > MAX_DEPTH:
            return D.error("syntax.too-deep", where.span,
                           f"nesting deeper than {MAX_DEPTH} levels is not supported; split the expression or statement")
        stack.extend((child, level + 1) for child in A.children(node))
    return None
