"""Template kernels as the file instantiates them (docs/cfamily.md, "Templates").

A template kernel means nothing until it is instantiated; what a launch runs is one of
its instantiations, `k<float, 256>`, whose declaration and body clang instantiates with
every type, size and conversion of its arguments.  The mapping takes those
instantiations from clang and maps each as a kernel of its own, named as C names it;
its nodes keep the template's text as their places, where clang puts them.

The instantiations of a file are the ones it makes: a launch or any other use of a
specialisation in its code (host code included: the device-only compilation still
reads and instantiates host functions, and the launches in a host template's
instantiation count too), and its explicit instantiations
(`template __global__ void k<float>(float *);`).  libclang shows neither an explicit
instantiation nor the specialisation it makes, so for each one a reference to the
same specialisation is added to the text clang parses, after the user's text (where
no position of the file moves): a function that takes its address, with the
instantiation's own return type, template arguments and parameter types, which clang
resolves as it resolves the instantiation.  The added text is no part of the file: its
cursors are not the file's, and an error in it is reported at the instantiation it
comes from.

A template kernel the file never instantiates is refused: which types it runs with is
the host's choice, and the file does not say.
"""
from __future__ import annotations

import attrs
from clang import cindex
from clang.cindex import Cursor, CursorKind as K, TokenKind, TypeKind

from .. import diagnostics as D
from . import lexer

# The first line of the added text; each reference takes one line after it.
ADDED_HEAD = "\n/* vercors-py: the file's explicit instantiations, referenced */\n"
_REFERENCE = "static void __vercors_instance_{index}() {{ (void)static_cast<{result} (*)({params})>(&{name}); }}\n"
_UNSIGNED = {TypeKind.BOOL, TypeKind.UCHAR, TypeKind.CHAR_U, TypeKind.USHORT, TypeKind.UINT, TypeKind.ULONG,
             TypeKind.ULONGLONG, TypeKind.UINT128}


@attrs.frozen
class Explicit:
    """An explicit instantiation of the file: where it is (bytes) and the reference to
    its specialisation that the added text holds."""
    start: int
    end: int
    reference: tuple[str, str, str]      # its result type, its name with arguments, its parameters


def explicit_instantiations(tu: cindex.TranslationUnit, text: str, positions) -> list[Explicit]:
    """The explicit instantiation definitions written in the file (not those a macro
    writes, nor `extern template`, which instantiates nothing here)."""
    if "template" not in text:
        return []
    directives = [(positions.byte_offset(a), positions.byte_offset(b)) for a, b in lexer.scan(text).directives]
    tokens = [t for t in tu.get_tokens(extent=tu.cursor.extent)
              if not any(a <= t.extent.start.offset < b for a, b in directives)]
    found = []
    for at, token in enumerate(tokens):
        if token.kind is not TokenKind.KEYWORD or token.spelling != "template" or at + 1 == len(tokens) \
                or tokens[at + 1].spelling == "<" or (at and tokens[at - 1].spelling == "extern"):
            continue
        end = next((j for j in range(at + 1, len(tokens)) if tokens[j].spelling in (";", "{", "}")), None)
        if end is None or tokens[end].spelling != ";":
            continue
        reference = _reference([t.spelling for t in tokens[at + 1:end]])
        if reference is not None:
            found.append(Explicit(token.extent.start.offset, tokens[end].extent.end.offset, reference))
    return found


def _reference(words: list[str]) -> tuple[str, str, str] | None:
    """`(result, name with its template arguments, parameters)` of the tokens of an
    explicit instantiation after `template`, as text: its parameters are the last
    parenthesised group, its name what stands before them (with `<...>` and `::`)."""
    if not words or words[-1] != ")":
        return None
    depth, open_at = 0, None
    for j in range(len(words) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(words[j], 0)
        if depth == 0:
            open_at = j
            break
    if open_at is None:
        return None
    name_end = open_at
    j = open_at - 1
    if j >= 0 and words[j] in (">", ">>"):
        angles = 0
        while j >= 0:
            angles += {">": 1, ">>": 2, "<": -1}.get(words[j], 0)
            if angles <= 0:
                break
            j -= 1
        j -= 1
    if j < 0 or not (words[j][0].isalpha() or words[j][0] == "_"):
        return None
    while j >= 2 and words[j - 1] == "::" and (words[j - 2][0].isalpha() or words[j - 2][0] == "_"):
        j -= 2
    if j >= 1 and words[j - 1] == "::":
        j -= 1
    result = " ".join(words[:j])
    if not result:
        return None
    return result, " ".join(words[j:name_end]), " ".join(words[open_at + 1:-1])


def added_text(tu: cindex.TranslationUnit, explicit: list[Explicit]) -> str:
    """The text added after the file's: one reference per explicit instantiation, in
    the namespaces that enclose it (where its names mean what they mean there)."""
    lines = [ADDED_HEAD]
    for index, instance in enumerate(explicit):
        result, name, params = instance.reference
        namespaces = _namespaces(tu.cursor, instance.start)
        opening = "".join(f"namespace {n} {{ " for n in namespaces)
        lines.append(opening + _REFERENCE.format(index=index, result=result, params=params, name=name).rstrip("\n")
                     + " }" * len(namespaces) + "\n")
    return "".join(lines)


def _namespaces(parent: Cursor, offset: int) -> list[str]:
    """The names of the namespaces around a byte offset of the file, outermost first."""
    for c in parent.get_children():
        if c.kind in (K.NAMESPACE, K.LINKAGE_SPEC, K.UNEXPOSED_DECL) \
                and c.extent.start.offset <= offset < c.extent.end.offset and c.extent.start.file is not None:
            inner = _namespaces(c, offset)
            return ([c.spelling] + inner) if c.kind is K.NAMESPACE else inner
    return []


def origin(explicit: list[Explicit], added_line: int) -> Explicit | None:
    """The explicit instantiation whose reference stands on a line of the added text
    (counted from the added text's first line, 0)."""
    index = added_line - ADDED_HEAD.count("\n")
    return explicit[index] if 0 <= index < len(explicit) else None


# ---- the instantiations of the file's template kernels ----

@attrs.frozen
class Instance:
    definition: Cursor      # the instantiated FUNCTION_DECL, with its typed body
    name: str               # as C names it: `k<float, 256>`
    at: Cursor              # the first use of it found (for a message)


def key(c: Cursor) -> tuple:
    return (c.hash, c.spelling)


def instances(unit) -> dict[tuple, list[Instance]]:
    """Per function template of the file (by the key of its canonical declaration), the
    instantiations of it that the file's code uses, in the order they are met.  The
    walk follows the instantiations of the file's function templates (a host template
    that launches `k<T>`), whose bodies the translation unit's cursor does not show."""
    found: dict[tuple, dict[tuple, Instance]] = {}
    seen: set = set()
    stack = [c for c in unit.tu.cursor.get_children() if unit.is_main_file(c.location) or unit.is_added(c.location)]
    while stack:
        for c in stack.pop().walk_preorder():
            if c.kind is not K.DECL_REF_EXPR or c.referenced is None or c.referenced.kind is not K.FUNCTION_DECL:
                continue
            template = c.referenced.specialized_template
            if template is None or template.kind is not K.FUNCTION_TEMPLATE \
                    or not unit.is_main_file(template.location):
                continue
            definition = c.referenced.get_definition()
            if definition is None:
                continue
            entries = found.setdefault(key(template.canonical), {})
            if key(definition) not in entries:
                entries[key(definition)] = Instance(definition, name(c.referenced, template), c)
            if key(definition) not in seen:
                seen.add(key(definition))
                stack.append(definition)
    return {k: list(v.values()) for k, v in found.items()}


def name(specialisation: Cursor, template: Cursor) -> str:
    """`k<float, 256>`: the template's name and the specialisation's arguments, a type as
    clang spells it, a value in the type of its parameter."""
    params = [c for c in template.get_children()
              if c.kind in (K.TEMPLATE_TYPE_PARAMETER, K.TEMPLATE_NON_TYPE_PARAMETER, K.TEMPLATE_TEMPLATE_PARAMETER)]
    count = specialisation.get_num_template_arguments()
    if count < 0:
        return specialisation.displayname
    args = []
    for i in range(count):
        match specialisation.get_template_argument_kind(i).name:
            case "TYPE":
                args.append(specialisation.get_template_argument_type(i).spelling)
            case "INTEGRAL":
                unsigned = i < len(params) and params[i].type.get_canonical().kind in _UNSIGNED
                args.append(str(specialisation.get_template_argument_unsigned_value(i) if unsigned
                                else specialisation.get_template_argument_value(i)))
            case _:
                return specialisation.displayname
    return f"{template.spelling}<{', '.join(args)}>"


def refusal(span, name: str) -> D.Diagnostic:
    return D.error("unsupported.declaration", span,
                   f"the template kernel `{name}` is never instantiated in this file, so which kernel runs is "
                   f"not known: instantiate it where it is declared, e.g. `template __global__ void "
                   f"{name}<float>(...);` with the template arguments and parameter types the host launches "
                   f"it with, or launch it from host code in the file")
