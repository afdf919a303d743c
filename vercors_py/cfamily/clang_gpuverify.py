"""GPUVerify's annotation built-ins: what each one becomes here, all in one table.

GPUVerify's logic speaks of things the language has no counterpart for: the access log
of a thread since the last barrier (`__write(p)`, `__read_offset_bytes(p)`), a second
thread (`__other_int(e)`, `__uniform_int(e)`), facts handed over at a barrier
(`__barrier_invariant_N`).  Such a built-in cannot be *checked* here, but where an
annotation only *helps* a proof, leaving it out is sound: a precondition or `__assume`
is assumed, a loop invariant is proved and then assumed, a barrier invariant is checked
before the barrier and assumed after it; without it the kernel is verified for more
behaviours, never fewer (`races` ignores invariants and assertions anyway).  So:

* in a position that helps (`HELPS`), an annotation using such a built-in is left out,
  with the warning `annotation.ignored` at its place;
* in a position that is checked (`__assert`, `__ensures`, a helper's `__requires`,
  which is asserted at each inlined call), it is `unsupported.function` at the
  built-in: leaving it out would drop a check GPUVerify makes;
* the built-ins with an exact meaning in the language are mapped (`EXACT`);
* the access log's (`LOGGED`: `__read(p)`, `__write_offset_bytes(p)`, ...) are read on
  ghost state of the kernel's body (access_log.py) where they are checked or used in
  the code; where they only help they are left out as the others, and in a kernel's
  own contract, out of the body's scope, they are refused.

docs/cfamily.md ("Annotations") says the same for users; tests/cfamily/test_gpuverify.py
checks each row.
"""
from __future__ import annotations

import enum

import attrs
from clang.cindex import Cursor, CursorKind as K

from .. import diagnostics as D
from ..syntax import ast as A
from . import access_log
from . import clang_types as T
from .clang_scope import Unsupported, What
from .values import Val
from . import old_values


class Becomes(enum.Enum):
    CLAUSE = "a contract clause, invariant, assertion or assumption"
    GUESS = "left out, unread: a candidate for GPUVerify's inference, which drops those it cannot prove"
    EXACT = "mapped exactly"
    UNSTATED = "left out with a warning where it only helps a proof, refused where it must be checked"
    LOGGED = ("on ghost state of the thread's access log (access_log.py) where it is checked or used in the body; "
              "left out with a warning where it only helps a proof; refused in a kernel's own contract")
    ENTRY = ("in an inlined helper's `__ensures`, the value at the helper's entry (old_values.py); elsewhere "
             "left out with a warning where it only helps a proof, refused where it must be checked")
    NOTHING = "nothing to do: the model already gives it"
    REFUSED = "refused wherever it stands"


@attrs.frozen
class Row:
    becomes: Becomes
    why: str          # what it means, in words a message can use after its name


_ACCESS_LOG = "is a fact about GPUVerify's access log, which the language has no counterpart for"
_LOGGED = "is a fact about GPUVerify's access log, ghost state of the kernel's body"
_ENTRY = "is a value at a helper's entry, read only in an inlined helper's `__ensures`"
_TWO_THREADS = "speaks of a second thread, which the language's assertions cannot name"

# Every function of include/gpuverify.h, by name (the numbered barrier invariants and
# no-overflow additions by the prefix `row` reads).
TABLE: dict[str, Row] = {
    # Clauses (clang_translate.py, clang_statements.py); their arguments are read below.
    "__requires": Row(Becomes.CLAUSE, "a precondition: of a kernel assumed, of an inlined helper asserted"),
    "__global_requires": Row(Becomes.CLAUSE, "a precondition of every thread: as `__requires` of a kernel; "
                             "refused of a helper (refuse_global)"),
    "__ensures": Row(Becomes.CLAUSE, "a postcondition: checked"),
    "__global_ensures": Row(Becomes.CLAUSE, "a postcondition of every thread: checked, of a kernel; refused of "
                            "a helper (refuse_global)"),
    "__invariant": Row(Becomes.CLAUSE, "a loop invariant: proved, then assumed"),
    "__global_invariant": Row(Becomes.CLAUSE, "a loop invariant of every thread: as `__invariant`"),
    "__function_wide_invariant": Row(Becomes.CLAUSE, "an invariant of every loop after it"),
    "__assert": Row(Becomes.CLAUSE, "an assertion: checked"),
    "__global_assert": Row(Becomes.CLAUSE, "an assertion of every thread, also those that do not run it: an "
                           "`__assert` where every thread runs it, refused elsewhere (refuse_global)"),
    "__assume": Row(Becomes.CLAUSE, "an assumption"),
    "__candidate_invariant": Row(Becomes.GUESS, "a guessed invariant"),
    "__candidate_global_invariant": Row(Becomes.GUESS, "a guessed invariant"),
    "__function_wide_candidate_invariant": Row(Becomes.GUESS, "a guessed invariant"),
    # Exact.
    "__implies": Row(Becomes.EXACT, "`a ==> b`"),
    "__ite": Row(Becomes.EXACT, "`c ? a : b`, in the type of clang's overload"),
    "__enabled": Row(Becomes.EXACT, "true: a thread evaluating it runs the code it stands in"),
    "__return_val_int": Row(Becomes.EXACT, "in a helper's `__ensures`, the value it returns"),
    "__return_val_bool": Row(Becomes.EXACT, "in a helper's `__ensures`, the value it returns"),
    "__add_noovfl": Row(Becomes.EXACT, "the sum of its arguments, over the integers, fits their (unsigned) type"),
    "__add_noovfl_": Row(Becomes.EXACT, "the sum `a + b`; GPUVerify also assumes it does not overflow, which is "
                         "left out with a warning (C's sum is then checked or wrapped as C says)"),
    "__requires_fresh_array": Row(Becomes.NOTHING, "of a pointer parameter of the kernel (or a pointer field of a "
                                  "struct parameter): distinct parameters are distinct arrays here already"),
    # No counterpart.
    "__read": Row(Becomes.LOGGED, _LOGGED),
    "__write": Row(Becomes.LOGGED, _LOGGED),
    "__no_read": Row(Becomes.LOGGED, _LOGGED),
    "__no_write": Row(Becomes.LOGGED, _LOGGED),
    "__read_implies": Row(Becomes.LOGGED, _LOGGED),
    "__write_implies": Row(Becomes.LOGGED, _LOGGED),
    "__read_offset_bytes": Row(Becomes.LOGGED, _LOGGED),
    "__write_offset_bytes": Row(Becomes.LOGGED, _LOGGED),
    "__read_offset": Row(Becomes.UNSTATED, _ACCESS_LOG),
    "__write_offset": Row(Becomes.UNSTATED, _ACCESS_LOG),
    "__atomic_has_taken_value": Row(Becomes.UNSTATED, "is a fact about the values an atomic operation took, "
                                    "which the language has no counterpart for"),
    "__ptr_base": Row(Becomes.UNSTATED, "names the array a pointer points into, which the language cannot"),
    "__ptr_offset_bytes": Row(Becomes.EXACT, "the pointer's offset from the start of its array in bytes: its cells "
                              "times clang's size of a cell (bugle's byte offsets)"),
    "__other_int": Row(Becomes.UNSTATED, _TWO_THREADS),
    "__other_bool": Row(Becomes.UNSTATED, _TWO_THREADS),
    "__uniform_int": Row(Becomes.UNSTATED, _TWO_THREADS),
    "__uniform_bool": Row(Becomes.UNSTATED, _TWO_THREADS),
    "__distinct_int": Row(Becomes.UNSTATED, _TWO_THREADS),
    "__distinct_bool": Row(Becomes.UNSTATED, _TWO_THREADS),
    "__all": Row(Becomes.UNSTATED, _TWO_THREADS),
    "__exclusive": Row(Becomes.UNSTATED, _TWO_THREADS),
    "__same_group": Row(Becomes.UNSTATED, _TWO_THREADS),
    "__dominator_enabled": Row(Becomes.UNSTATED, "is GPUVerify's predicate of the block dominating it, which "
                               "the language has no counterpart for"),
    "__old_int": Row(Becomes.ENTRY, _ENTRY),
    "__old_bool": Row(Becomes.ENTRY, _ENTRY),
    "__return_val_ptr": Row(Becomes.EXACT, "in a helper's `__ensures`, the pointer it returns (clang_pointers.py)"),
    "__return_val_funptr": Row(Becomes.EXACT, "in a helper's `__ensures`, the function pointer it returns "
                               "(function_pointers.py)"),
    "__return_val_int4": Row(Becomes.EXACT, "in a helper's `__ensures`, the `int4` it returns "
                             "(clang_aggregates.py)"),
    # Statements of their own.
    "__barrier_invariant": Row(Becomes.UNSTATED, "is a barrier invariant, facts handed over at a barrier about "
                               "other threads, which the language's barrier contracts state otherwise"),
    "__barrier_invariant_binary": Row(Becomes.UNSTATED, "is a barrier invariant of pairs of threads, which the "
                                      "language has no counterpart for"),
    "__array_snapshot": Row(Becomes.UNSTATED, "is a ghost copy of an array, which the language has no "
                            "counterpart for"),
    # bugle reads these in a specification function (`__spec_NAME`, whose body is its
    # contract alone) as "may read (write) any cell of the array p points into": the
    # function stands for code the file does not have.  C runs the empty body; the model
    # has no counterpart of accesses at unknown cells constrained afterwards by the
    # access log's postconditions.  So they are refused rather than given either meaning.
    "__reads_from": Row(Becomes.REFUSED, "says that a specification function may read any cell of the array "
                        "its argument points into, standing for code the file does not have; that is not modelled"),
    "__writes_to": Row(Becomes.REFUSED, "says that a specification function may write any cell of the array "
                       "its argument points into, standing for code the file does not have; that is not modelled"),
}

# Where an annotation only helps a proof: assumed, or proved and then assumed, or a
# ghost copy only such annotations read.  Of an inlined helper, `__requires` is asserted
# at the call instead (clang_statements.inline).
HELPS = {"__requires", "__global_requires", "__assume", "__invariant", "__global_invariant",
         "__function_wide_invariant", "__barrier_invariant", "__barrier_invariant_binary", "__array_snapshot"}


# The numbered families, longest prefix first.
_FAMILIES = ("__barrier_invariant_binary", "__barrier_invariant", "__add_noovfl_")


def family(name: str) -> str:
    """`__barrier_invariant` of `__barrier_invariant_3`, the name itself otherwise."""
    return next((prefix for prefix in _FAMILIES if name.startswith(prefix) and name not in TABLE), name)


def row(name: str) -> Row | None:
    """The row of a function of the header, by its name or its family's."""
    return TABLE.get(family(name))


def _unstated(scope, c: Cursor, logged: bool, entry: bool = False) -> Cursor | None:
    """The first call in `c` of a built-in without counterpart (`logged`: or of one
    about the access log; unless `entry`, or of a value at a helper's entry), if any."""
    unread = {Becomes.UNSTATED, Becomes.LOGGED} if logged else {Becomes.UNSTATED}
    if not entry:
        unread.add(Becomes.ENTRY)
    for node in c.walk_preorder():
        if node.kind is K.CALL_EXPR and node.referenced is not None and not scope.is_file_function(node.referenced):
            found = row(node.referenced.spelling)
            if found is not None and found.becomes in unread:
                return node
    return None


def keeps(scope, clause: str, call: Cursor, arg: Cursor, inlined: bool = False, contract: bool = False) -> bool:
    """Whether the argument `arg` of the annotation `call` (`__invariant(arg)`) is mapped.
    If it uses a built-in without counterpart: where the annotation only helps, it is
    left out with a warning (False); where it is checked, `unsupported.function`.  The
    access log's built-ins are read where they are checked in the body (an assertion, an
    inlined helper's contract); they are left out where they only help, as the others,
    and refused in a kernel's own contract (`contract`), which the body's ghost state of
    the log is not in scope of."""
    helps = family(clause) in HELPS and not (inlined and clause in ("__requires", "__global_requires"))
    found = _unstated(scope, arg, helps or contract, entry=inlined and clause == "__ensures")
    if found is None:
        return True
    name = found.referenced.spelling
    why = row(name).why
    if helps:
        scope.problems.append(D.warning("annotation.ignored", scope.span(call),
                                        f"`{clause}` is left out: `{name}` {why}; it only helps a proof, so the "
                                        "kernel is checked without it"))
        return False
    if row(name).becomes is Becomes.LOGGED:
        why = f"{why}, which a kernel's own contract cannot see"
    raise Unsupported("unsupported.function", scope.span(found),
                      f"`{name}` {why}; this `{clause}` must be checked, so it cannot be left out")


def refuse_global(name: str, span, everyone: bool = False) -> None:
    """GPUVerify's `__global_assert`, and the `__global_requires`/`__global_ensures` of a
    helper, hold for every thread, also those that do not run the statement or call the
    helper (they are not predicated by the thread being enabled).  Checked where they
    stand, they would be checked only for the threads that run them: less than they say,
    so they are refused.  Of a kernel, where every thread starts and ends, they are
    `__requires`/`__ensures` (clang_translate.py); a `__global_assert` that every thread
    runs (`everyone`: `run_by_every_thread`) is an `__assert`."""
    if name == "__global_assert" and everyone:
        return
    if name in ("__global_assert", "__global_requires", "__global_ensures"):
        raise Unsupported("unsupported.function", span,
                          f"`{name}` holds for every thread, also those that do not run it; it is read only "
                          "as a kernel's own precondition or postcondition, or as a statement of the kernel's body "
                          "before any return, where every thread runs it")


def run_by_every_thread(block: Cursor, stmts: list[Cursor]) -> set[int]:
    """The calls among the kernel body's own statements `stmts` that every thread runs:
    those before any statement that may return, in a body without `goto` (a thread
    that returned, or jumped, does not run what follows)."""
    if any(n.kind in (K.GOTO_STMT, K.INDIRECT_GOTO_STMT, K.LABEL_STMT) for n in block.walk_preorder()):
        return set()
    found = set()
    for stmt in stmts:
        if any(n.kind is K.RETURN_STMT for n in stmt.walk_preorder()):
            break
        call = _strip(stmt)
        if call.kind is K.CALL_EXPR:
            found.add(call.hash)
    return found


def statement(statements, name: str, call: Cursor) -> list | None:
    """The statements a call of a statement built-in (a barrier invariant, a fresh
    array, a snapshot, a specification's access) maps to, or None if `name` is not one."""
    scope = statements.s
    found = row(name)
    if found is None:
        return None
    span = scope.span(call)
    match found.becomes, family(name):
        case Becomes.UNSTATED, helping if helping in HELPS:
            scope.problems.append(D.warning("annotation.ignored", span,
                                            f"`{name}` is left out: it {found.why}; it only helps a proof, so the "
                                            "kernel is checked without it"))
            return []
        case Becomes.NOTHING, "__requires_fresh_array":
            return _fresh_array(statements, call)
        case Becomes.REFUSED, _:
            raise Unsupported("unsupported.function", span, f"`{name}` {found.why}")
    return None


def _fresh_array(statements, call: Cursor) -> list:
    """GPUVerify's `__requires_fresh_array(p)` stores a fresh pointer into `p` (bugle's
    FreshArrayPass): `p` points into an array no other pointer reaches.  Of a pointer
    parameter the kernel never moves (or a pointer field of a struct parameter the kernel
    never assigns), that is what the model says of every parameter (distinct pointer
    parameters are distinct arrays), so it adds nothing; of any other
    pointer it would start a new array, which is refused."""
    scope = statements.s
    args = list(call.get_arguments())
    target = _strip(args[0]) if len(args) == 1 else None
    if target is not None and statements.e.fields.parameter_field(target):
        return []           # a pointer field of a struct parameter: an array of its own (struct_pointers.py)
    if target is not None and target.kind is K.DECL_REF_EXPR and target.referenced is not None \
            and target.referenced.kind is K.PARM_DECL:
        binding = scope.lookup(target.referenced)
        if binding is not None and binding.what is What.ARRAY:
            return []
    raise Unsupported("unsupported.function", scope.span(call),
                      "`__requires_fresh_array` is read of a pointer parameter of the kernel that the kernel does "
                      "not move; of anything else it would start a new array")


def value(exprs, name: str, args: list[Cursor], c: Cursor):
    """The value of a call of an exact built-in in an expression (a `Val`), or None."""
    span = exprs.s.span(c)
    result = T.scalar(c.type)
    if name in access_log.PREDICATES and exprs.s.logged is not None:
        return access_log.value(exprs, name, args, c)
    match name:
        case "__implies" if len(args) == 2:
            return Val(A.Binary("==>", exprs.cond(args[0]), exprs.cond(args[1]), span=span), T.BOOL)
        case "__enabled" if not args:
            # GPUVerify's predicate of the thread at this point: a thread evaluating it
            # runs the code it stands in.
            return Val(A.BoolLit(True, span=span), T.BOOL)
        case "__return_val_int" | "__return_val_bool" if not args and exprs.returned is not None:
            return exprs.returned
        case "__old_int" | "__old_bool" if len(args) == 1:
            return old_values.value(exprs, c)
        case "__ptr_offset_bytes" if len(args) == 1 and result is not None:
            return _offset_bytes(exprs, name, args[0], c, result)
        case "__ite" if len(args) == 3 and result is not None:
            then, otherwise = (exprs.convert(exprs.value(a), result, a) for a in args[1:])
            return Val(A.Conditional(exprs.cond(args[0]), then.expr, otherwise.expr, span=span), result)
        case "__add_noovfl" if args:
            # GPUVerify's predicate (bugle's AddNoovflPredicateExpr): the sum of the
            # arguments, computed wide enough not to wrap, fits their type; clang's
            # overload resolution gives the type and converts the arguments to it.
            ctype = T.scalar(c.referenced.type.argument_types()[0])
            if ctype is None or not ctype.is_int:
                return None
            total = None
            for a in args:
                term = exprs.convert(exprs.value(a), ctype, a).expr
                total = term if total is None else A.Binary("+", total, term, span=span)
            return Val(A.Binary("<=", total, A.IntLit(ctype.hi, span=span), span=span), T.BOOL)
        case _ if name.startswith("__add_noovfl_") and len(args) == 2 and result is not None and result.is_int:
            # GPUVerify's `__add_noovfl_T(a, b)` is `a + b` under the assumption that it
            # does not overflow; the sum is C's, the assumption is left out.
            exprs.s.problems.append(D.warning(
                "annotation.ignored", span, f"the assumption of `{name}` that the sum does not overflow is left out: "
                "the sum is computed as C computes it"))
            left, right = (exprs.convert(exprs.value(a), result, a) for a in args)
            return exprs.combine("+", left, right, args[1], c, result)
    return None


def _offset_bytes(exprs, name: str, arg: Cursor, c: Cursor, result: T.CType):
    """`__ptr_offset_bytes(p)`: bugle's pointers are an array and an offset in bytes, here
    an array and an offset in its cells.  Of NULL bugle's offset is 0, of any array its
    own; the pointer is checked to name an array.  The offset, negative before the start,
    is converted to `size_t` as C converts (modulo 2^N, as bugle's bit vectors wrap)."""
    span = exprs.s.span(c)
    p = exprs.pointers.of(arg)
    tag = exprs.pointers.checked(p, 1, f"asked about by `{name}`", arg)
    choices = []
    for array in p.arrays:
        if array.private or array.aggregate is not None or array.ctype.kind is T.Kind.BOOL:
            raise Unsupported("unsupported.function", span,
                              f"`{name}` of a thread's private memory or of an array of structs, vectors or bools "
                              "is not supported")
        cells = A.Binary("-", p.offset, exprs.pointers._origin(array, span), span=span)
        choices.append(A.Binary("*", cells, A.IntLit(array.ctype.bits // 8, span=span), span=span))
    if not choices:
        return None
    offset = choices[-1]
    for array, choice in reversed(list(zip(p.arrays, choices))[:-1]):
        test = A.Binary("==", tag, A.IntLit(exprs.pointers.tag(array), span=span), span=span)
        offset = A.Conditional(test, choice, offset, span=span)
    signed = T.CType(T.Kind.INT, result.bits, True, result.name)
    return exprs.convert(Val(offset, signed), result, c)


def comma_parts(c: Cursor | None, binary) -> list[Cursor]:
    """`a, b, c` as [a, b, c], however clang nests the comma operators (`(a, b), c`)."""
    if c is None:
        return []
    inner = _strip(c)
    if inner.kind is K.BINARY_OPERATOR and binary(inner) == ",":
        left, right = list(inner.get_children())
        return comma_parts(left, binary) + comma_parts(right, binary)
    return [c]


def _strip(c: Cursor) -> Cursor:
    while c.kind in (K.UNEXPOSED_EXPR, K.PAREN_EXPR):
        inner = list(c.get_children())
        if len(inner) != 1:
            break
        c = inner[0]
    return c
