"""AST back to source text, in one canonical layout.

For every AST the parser produces, `parse(format_program(p)).program == p` (spans are not
part of equality), and formatting is idempotent.  Parentheses are inserted only where
the precedence levels of LANGUAGE.md require them; braces never are, because a Block is
a node of its own and adding one would change the tree.

Limits, all of which need an AST that no parse can produce:
- A negative `IntLit` prints as `-5`, which parses back as `Unary("-", IntLit(5))`.
- Dangling else: `If(c1, If(c2, s, None), e)` prints as `if (c1) if (c2) s else e`,
  and the parser binds that `else` to the inner `if` (so it does for an inner `if`
  without else at the end of a `while`/`for` body).  Fixing it would need braces,
  that is a Block node the tree does not have.
- A `Decreases` in a function's `contract` while its `decreases` is None prints as a
  clause that parses back as the function's measure.
- The printer trusts node contents: names that spell keywords, unknown operators and
  the checker-only types (`resource`, ...) print as they are and do not re-parse.

The printer recurses, but an expression or statement level costs one Python frame,
so every tree within the parser's MAX_DEPTH prints under the default recursion limit.
"""
from __future__ import annotations

from . import ast as A

INDENT = "  "

# Binding strength of the precedence levels in LANGUAGE.md, loosest first.
CONDITIONAL = 1
IMPLICATION = 2
DISJUNCTION = 3
CONJUNCTION = 4
EQUALITY = 5
RELATION = 6
ADDITIVE = 7
MULTIPLICATIVE = 8
UNARY = 9
POSTFIX = 10

_BINARY_LEVEL = {
    "==>": IMPLICATION,
    "||": DISJUNCTION,
    "&&": CONJUNCTION, "**": CONJUNCTION,
    "==": EQUALITY, "!=": EQUALITY,
    "<": RELATION, "<=": RELATION, ">": RELATION, ">=": RELATION,
    "+": ADDITIVE, "-": ADDITIVE,
    "*": MULTIPLICATIVE, "/": MULTIPLICATIVE, "%": MULTIPLICATIVE, "\\": MULTIPLICATIVE,
}
_RIGHT_ASSOCIATIVE = frozenset({"==>"})

# `1\2` is how fractions are written by hand; spaced out, `\` reads like an operator
# on arbitrary terms, which it also is.
_TIGHT_FRACTION_OPERANDS = (A.IntLit, A.Name)


# ---- expressions -------------------------------------------------------------------

def format_expr(expr: A.Expr) -> str:
    return _expr(expr, CONDITIONAL)


def _expr(expr: A.Expr, context: int) -> str:
    """`expr` placed where only expressions binding at least as tight as `context` fit.

    Children are formatted right here, not in helpers, to spend one frame per level.
    """
    match expr:
        case A.IntLit(value=value):
            text = str(value)
        case A.BoolLit(value=value):
            text = "true" if value else "false"
        case A.Name(id=name, spelling=spelling):
            text = spelling or name
        case A.Write():
            text = "write"
        case A.Read():
            text = "read"
        case A.AtomicShare():
            text = "atomic"
        case A.Unary(op=op, operand=operand):
            text = _unary_text(op, _expr(operand, UNARY))
        case A.Binary(op=op, left=left, right=right):
            left_context, right_context = _operand_contexts(op)
            text = _binary_text(expr, _expr(left, left_context), _expr(right, right_context))
        case A.Conditional(cond=cond, then=then, otherwise=otherwise):
            # The condition is grammatically an implication; both branches may be
            # conditionals, which makes `?:` right-associative.
            text = (f"{_expr(cond, IMPLICATION)} ? {_expr(then, CONDITIONAL)}"
                    f" : {_expr(otherwise, CONDITIONAL)}")
        case A.Index(array=array, index=index):
            text = f"{_expr(array, POSTFIX)}[{_expr(index, CONDITIONAL)}]"
        case A.Call(name=name, args=args):
            text = f"{name}({', '.join(_expr(a, CONDITIONAL) for a in args)})"
        case A.Old(expr=inner):
            text = f"\\old({_expr(inner, CONDITIONAL)})"
        case A.Fits(expr=inner):
            # Messages show the C expression; the check is the message's subject.
            return _expr(inner, context)
        case A.Perm(location=location, amount=amount):
            text = f"Perm({_expr(location, CONDITIONAL)}, {_expr(amount, CONDITIONAL)})"
        case A.Quantifier(kind=kind, var_type=var_type, var=var, cond=cond, body=body):
            parts = [f"{kind.value} {var_type.value} {var}"]
            if cond is not None:
                parts.append(_expr(cond, CONDITIONAL))
            parts.append(_expr(body, CONDITIONAL))
            text = f"({'; '.join(parts)})"
        case A.Sum(var_type=var_type, var=var, lo=lo, hi=hi, cond=cond, body=body):
            # A range not of the form lo <= j && j < hi (type.sum-range) is all in `cond`.
            parts = [f"{_expr(lo, RELATION)} <= {var}", f"{var} < {_expr(hi, ADDITIVE)}"] if lo is not None else []
            if cond is not None:
                # In parentheses when a conjunction: the parser reads the range's own `&&`s.
                parts.append(_expr(cond, CONJUNCTION + 1 if parts else CONDITIONAL))
            text = f"(\\sum {var_type.value} {var}; {' && '.join(parts)}; {_expr(body, CONDITIONAL)})"
        case _:
            raise TypeError(f"not an expression node: {expr!r}")
    return f"({text})" if _level(expr) < context else text


def _level(expr: A.Expr) -> int:
    match expr:
        case A.Conditional():
            return CONDITIONAL
        case A.Binary(op=op):
            return _binary_level(op)
        case A.Unary():
            return UNARY
        case A.IntLit(value=value) if value < 0:
            # Prints with a leading minus, so it needs parentheses where a unary would.
            return UNARY
        case _:
            return POSTFIX


def _binary_level(op: str) -> int:
    try:
        return _BINARY_LEVEL[op]
    except KeyError:
        raise ValueError(f"unknown binary operator {op!r}") from None


def _operand_contexts(op: str) -> tuple[int, int]:
    """The contexts of the left and right operand: the associative side may hold the
    same level unparenthesised, the other side needs a tighter one."""
    level = _binary_level(op)
    if op in _RIGHT_ASSOCIATIVE:
        return level + 1, level
    return level, level + 1


def _binary_text(expr: A.Binary, left: str, right: str) -> str:
    if expr.op == "\\" and isinstance(expr.left, _TIGHT_FRACTION_OPERANDS) \
            and isinstance(expr.right, _TIGHT_FRACTION_OPERANDS):
        return f"{left}\\{right}"
    return f"{left} {expr.op} {right}"


def _unary_text(op: str, operand: str) -> str:
    # `--x` lexes as two minuses today, but reads as a decrement and would silently
    # change meaning if the lexer ever learned a `--` token.
    if op == "-" and operand.startswith("-"):
        return f"{op} {operand}"
    return f"{op}{operand}"


# ---- contracts ---------------------------------------------------------------------

def format_clause(clause: A.Clause | A.Decreases) -> str:
    if isinstance(clause, A.Decreases):
        return format_decreases(clause)
    return f"{clause.kind.value} {format_expr(clause.expr)};"


def format_decreases(decreases: A.Decreases) -> str:
    return f"decreases {', '.join(format_expr(e) for e in decreases.exprs)};"


def format_clauses(clauses, indent: int) -> str:
    return "\n".join(_clause_lines(clauses, indent))


def _clause_lines(clauses, indent: int) -> list[str]:
    pad = INDENT * indent
    return [pad + format_clause(c) for c in clauses]


# ---- statements --------------------------------------------------------------------

def format_stmt(stmt: A.Stmt, indent: int = 0) -> str:
    return "\n".join(_stmt(stmt, indent))


def _stmt(stmt: A.Stmt, indent: int) -> list[str]:
    """The lines of one statement; each level of nesting costs one frame here."""
    pad = INDENT * indent
    match stmt:
        case A.VarDecl() | A.Assign() | A.ArrayAssign():
            return [pad + _simple(stmt) + ";"]
        case A.CallStmt(name=name, args=args):
            return [pad + f"{name}({', '.join(map(format_expr, args))});"]
        case A.AtomicUpdate(op=op, target=target, args=args, result=result, then=then):
            call = pad + (f"{format_expr(result)} = " if result is not None else "") + \
                f"{op}({', '.join(map(format_expr, (target,) + args))})"
            if then is None:
                return [call + ";"]
            ghost = _stmt(then, indent)
            return [call + " then " + ghost[0].lstrip(), *ghost[1:-1], ghost[-1] + ";"]
        case A.WarpExchange(op=op, value=value, lane=lane, result=result, width=width):
            operands = [format_expr(value)] + ([format_expr(lane)] if lane is not None else []) + \
                ([str(width)] if width is not None else [])
            return [pad + f"{format_expr(result)} = warp_{op.value}({', '.join(operands)});"]
        case A.Assert(expr=expr):
            return [pad + f"assert {format_expr(expr)};"]
        case A.Assume(expr=expr):
            return [pad + f"assume {format_expr(expr)};"]
        case A.Break():
            return [pad + "break;"]
        case A.Continue():
            return [pad + "continue;"]
        case A.Return():
            return [pad + "return;"]
        case A.Barrier(among=A.Among.WARP):
            return [pad + "barrier(warp);"]
        case A.Barrier(among=A.Among.GRID, contract=contract):
            return _barrier_lines(("grid",), contract, indent)
        case A.Barrier(fences=fences, contract=contract):
            return _barrier_lines(tuple(f.value for f in fences), contract, indent)
        case A.Block(stmts=stmts):
            inner = [line for s in stmts for line in _stmt(s, indent + 1)]
            return [pad + "{", *inner, pad + "}"]
        case A.If(cond=cond, then=then, otherwise=otherwise):
            then_lines = _attach(pad + f"if ({format_expr(cond)})",
                                 _stmt(then, _body_indent(then, indent)), _is_block(then))
            if otherwise is None:
                return then_lines
            return _else(then_lines, _is_block(then), otherwise,
                         _stmt(otherwise, _else_indent(otherwise, indent)), indent)
        case A.While(contract=contract, cond=cond, body=body):
            head = pad + f"while ({format_expr(cond)})"
            return _clause_lines(contract, indent) + _attach(
                head, _stmt(body, _body_indent(body, indent)), _is_block(body))
        case A.For(contract=contract, body=body):
            head = pad + _for_header(stmt)
            return _clause_lines(contract, indent) + _attach(
                head, _stmt(body, _body_indent(body, indent)), _is_block(body))
        # No surface syntax of the language: VerCors's, for `show` and obligations.
        case A.InvariantBlock(name=name, resource=resource, body=body):
            return _attach(pad + f"invariant {name}({format_expr(resource)})", _stmt(body, indent), True)
        case A.AtomicBlock(name=name, body=body):
            return _attach(pad + f"atomic({name})", _stmt(body, indent), True)
        case _:
            raise TypeError(f"not a statement node: {stmt!r}")


def _simple(stmt) -> str:
    """A declaration or assignment without its `;`, as it also appears in a for header."""
    match stmt:
        case A.VarDecl(type=type_, name=name, init=None):
            return f"{type_.value} {name}"
        case A.VarDecl(type=type_, name=name, init=init):
            return f"{type_.value} {name} = {format_expr(init)}"
        case A.Assign(target=target, value=value) | A.ArrayAssign(target=target, value=value):
            return f"{format_expr(target)} = {format_expr(value)}"
        case _:
            raise TypeError(f"not a declaration or assignment: {stmt!r}")


def _for_header(loop: A.For) -> str:
    init = _simple(loop.init) if loop.init is not None else ""
    cond = f" {format_expr(loop.cond)}" if loop.cond is not None else ""
    update = f" {_simple(loop.update)}" if loop.update is not None else ""
    return f"for ({init};{cond};{update})"


def _barrier_lines(words: tuple[str, ...], contract, indent: int) -> list[str]:
    pad = INDENT * indent
    head = pad + f"barrier({', '.join(words)})"
    if contract is None:
        return [head + ";"]
    # An empty contract still gets its braces: `barrier(){}` and `barrier();` are
    # different trees.
    return [head + " {", *_clause_lines(contract, indent + 1), pad + "}"]


def _is_block(stmt: A.Stmt) -> bool:
    return isinstance(stmt, A.Block)


def _body_indent(body: A.Stmt, indent: int) -> int:
    # A block body opens on the header line and closes at the header's indentation;
    # any other body sits on its own lines one level in.
    return indent if _is_block(body) else indent + 1


def _else_indent(otherwise: A.Stmt, indent: int) -> int:
    # `else if` chains stay at one level instead of drifting right.
    return indent if isinstance(otherwise, (A.Block, A.If)) else indent + 1


def _attach(head: str, body: list[str], same_line: bool) -> list[str]:
    """`head` followed by the lines of a body already indented for its place."""
    if same_line:
        return [f"{head} {body[0].lstrip()}", *body[1:]]
    return [head, *body]


def _else(then_lines: list[str], then_is_block: bool, otherwise: A.Stmt,
          else_lines: list[str], indent: int) -> list[str]:
    same_line = isinstance(otherwise, (A.Block, A.If))
    if then_is_block:
        # `} else {`: the else joins the closing brace of the then-block.
        return then_lines[:-1] + _attach(then_lines[-1] + " else", else_lines, same_line)
    return then_lines + _attach(INDENT * indent + "else", else_lines, same_line)


# ---- declarations ------------------------------------------------------------------

def format_program(program: A.Program) -> str:
    """The whole program, declarations separated by a blank line, ending in a newline."""
    if not program.decls:
        return ""
    return "\n\n".join("\n".join(_decl_lines(d)) for d in program.decls) + "\n"


def _decl_lines(decl) -> list[str]:
    match decl:
        case A.Function():
            return _function_lines(decl)
        case A.Kernel():
            return _kernel_lines(decl)
        case _:
            raise TypeError(f"not a top-level declaration: {decl!r}")


def _params(params) -> str:
    return ", ".join(f"{p.type.value} {p.name}" for p in params)


def _function_lines(fn: A.Function) -> list[str]:
    head = f"pure {fn.ret_type.value} {fn.name}({_params(fn.params)})"
    tail = ";" if fn.body is None else f" = {format_expr(fn.body)};"
    lines = _clause_lines(fn.contract, 0)
    if fn.decreases is not None:
        # After the requires clauses (their order is free), but before a second
        # `decreases` that a rejected program keeps in its contract: the first one
        # parses back as the measure.
        at = next((k for k, c in enumerate(fn.contract) if isinstance(c, A.Decreases)), len(lines))
        lines.insert(at, format_decreases(fn.decreases))
    return lines + [head + tail]


def _kernel_lines(kernel: A.Kernel) -> list[str]:
    # `kernel k() {` parses to the same tree as `kernel k {`; the shorter one is canonical.
    params = f"({_params(kernel.params)})" if kernel.params else ""
    lines = [f"kernel {kernel.name}{params} {{"]
    for i, member in enumerate(kernel.members):
        if i > 0 and _stands_apart(member):
            lines.append("")
        lines.extend(_member_lines(member, 1))
    lines.append("}")
    return lines


def _stands_apart(member) -> bool:
    # Memory and context_everywhere lines form the kernel's header; everything with a
    # body of its own is set off by a blank line, as in the conformance files.
    return isinstance(member, (A.LevelContract, A.Procedure))


def _member_lines(member, indent: int) -> list[str]:
    pad = INDENT * indent
    match member:
        case A.ArrayDecl(scope=scope, elem_type=elem_type, length=length, name=name):
            return [pad + f"{scope.value} {elem_type.value}[{format_expr(length)}] {name};"]
        case A.ContextEverywhere(expr=expr):
            return [pad + f"context_everywhere {format_expr(expr)};"]
        case A.LevelContract(level=level, contract=contract):
            return [pad + f"{level.value} {{", *_clause_lines(contract, indent + 1), pad + "}"]
        case A.Procedure(contract=contract, name=name, params=params, body=body):
            head = pad + f"void {name}({_params(params)})"
            lines = _clause_lines(contract, indent)
            if member.decreases is not None:       # first, so that it parses back as the measure
                lines.insert(0, pad + format_decreases(member.decreases))
            if member.proved_by:
                lines.insert(0, pad + f"// a launch: proved by the kernel{'s' if len(member.proved_by) > 1 else ''} "
                             + ", ".join(member.proved_by))
            return lines + _attach(head, _stmt(body, indent), True)
        case _:
            raise TypeError(f"not a kernel member: {member!r}")
