"""The front end's entry (vercors_py/frontend.py's VERCORS_PVL): a VerCors PVL file's
text to the kernel language's AST, with spans into the file, or its syntax errors and
the constructs it refuses (`unsupported.*`, each at its place)."""
from __future__ import annotations

from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .. import diagnostics as D
from ..source import SourceText
from ..syntax.parser import ParseResult, _comment_problems, _depth_problem
from . import grammar, methods, write_scope


def read(text: str, path: str, launch=None) -> ParseResult:
    # A launch from the command line (--gsize) is not applied: a par block's range is
    # its threads.
    source = SourceText(path, text)
    problems = _comment_problems(source)
    if problems:
        return ParseResult(source, None, tuple(problems))
    try:
        tree = grammar.parser().parse(text)
    except UnexpectedInput as exc:
        return ParseResult(source, None, (_syntax_error(source, exc),))
    try:
        # VerCors's resolution errors come before anything is verified or mapped.
        resolution = write_scope.errors(tree, source)
        if resolution:
            return ParseResult(source, None, tuple(resolution))
        program, refused = methods.program(tree, source)
    except RecursionError:
        return ParseResult(source, None, (D.error("syntax.too-deep", source.span(0, 0),
                                                  "nesting too deep for the VerCors front end"),))
    if refused:
        return ParseResult(source, None, tuple(D.error(u.code, u.span, u.message) for u in refused))
    too_deep = _depth_problem(program)
    return ParseResult(source, None if too_deep else program, (too_deep,) if too_deep else ())


def _syntax_error(source: SourceText, exc: UnexpectedInput) -> D.Diagnostic:
    pos = getattr(exc, "pos_in_stream", None) or 0
    if isinstance(exc, UnexpectedCharacters):
        return D.error("syntax.unexpected-character", source.span(pos, pos + 1),
                       f"unexpected character {source.text[pos:pos + 1]!r} (VerCors PVL)")
    if isinstance(exc, UnexpectedEOF) or (isinstance(exc, UnexpectedToken) and exc.token.type == "$END"):
        end = len(source.text)
        return D.error("syntax.unexpected-end", source.span(end, end), "unexpected end of file (VerCors PVL)")
    tok = exc.token
    return D.error("syntax.unexpected-token", source.span(tok.start_pos, tok.end_pos),
                   f"unexpected {str(tok)!r}: not VerCors PVL this front end reads (docs/vercors-pvl-frontend.md)")
