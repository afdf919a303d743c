"""Print obligations as PVL-like methods (seed 004, Example 3: `main_resources_of_1`).

Inhaled parts become `requires`, exhaled parts `ensures`, an executed body the method
body.  A part about all threads of a group is shown as the iterated separating
conjunction over `lid` (with `tid` meaning `gid * gsize + lid`); over all groups, over
`gid`; over all threads of the kernel, over `tid`.
"""
from __future__ import annotations

import re

import attrs

from ..syntax import ast as A
from ..syntax.printer import format_expr, format_stmt
from . import model as M

_RANGES = {
    M.Who.ALL_IN_GROUP: ("lid", "gsize"),
    M.Who.ALL_GROUPS: ("gid", "ngroups"),
    M.Who.ALL_THREADS: ("tid", "tcount"),
}


def method_name(ob: M.Obligation) -> str:
    return re.sub(r"\W+", "_", ob.name).strip("_")


def format_obligation(ob: M.Obligation) -> str:
    lines = [f"// {ob.name} ({ob.kind.value}): {ob.summary}"]
    if ob.static is not None:
        lines.append("// decided by the static lock-step analysis, without the solver")
        return "\n".join(lines)
    body = "{ }"
    for step in ob.steps:
        match step:
            case M.Inhale():
                lines += _part_lines("requires", step.part)
                if step.check_framing:
                    lines.append("//   (checked: reads only what it holds, in bounds, no division by zero)")
                if step.as_old:
                    lines.append("//   (\\old refers to the state after these)")
            case M.InhaleAll():
                lines += [f"requires (\\forall* int i; 0 <= i && i < {format_expr(a.length)}; Perm({a.name}[i], write));"
                          for a in (ob.kernel.arrays if ob.kernel else ()) if a.scope is step.scope]
            case M.Forget():
                lines.append("// all permissions and memory values are dropped here")
            case M.Havoc():
                lines.append("// memory may change here (permissions stay)")
            case M.Exhale():
                lines += _part_lines("ensures", step.part)
            case M.Execute():
                lines += _part_lines("ensures", step.post)
                if step.invariant is not None:
                    # What an atomic on one of its arrays opens for its step (invariants.py).
                    lines.append("// an atomic on an array of the kernel invariant opens it for its step:")
                    lines += [f"//   {line}" for line in _part_lines("invariant", step.invariant)]
                body = format_stmt(step.body, 0)
            case M.CheckFunction():
                body = f"{{ /* {step.function.name} is well defined and every recursive call decreases */ }}"
            case M.CheckDeclarations():
                lines.append("// context_everywhere is not assumed here: it is what is checked")
                body = "{ /* each context_everywhere clause is well defined under the ones before it, " \
                       "every array length under all of them */ }"
    params = ["int gsize", "int ngroups", "int gid", "int lid"] + \
        [f"{p.type} {p.name}" for p in (ob.kernel.params if ob.kernel else ())] + \
        [f"{p.type} {p.name}" for p in ob.params] + \
        [f"{s.type} {s.name}" for s in ob.locals]
    lines.append(f"void {method_name(ob)}({', '.join(params)}) {body}")
    return "\n".join(lines)


def format_obligations(obligations) -> str:
    return "\n\n".join(format_obligation(ob) for ob in obligations) + "\n"


def _part_lines(keyword: str, part: M.Part) -> list[str]:
    exprs = [kept for e in part.exprs
             if (kept := _select(e, part.resources, part.facts)) is not None]
    if not exprs:
        return []
    note = _filters(part)
    if part.who in _RANGES:
        var, bound = _RANGES[part.who]
        body = " ** ".join(f"({format_expr(e)})" if len(exprs) > 1 else format_expr(e) for e in exprs)
        star = "\\forall*" if any(A.has_resource(e) for e in exprs) else "\\forall"
        return [f"{keyword} ({star} int {var}; 0 <= {var} && {var} < {bound}; {body});{note}"]
    return [f"{keyword} {format_expr(e)};{note}" for e in exprs]


def _select(e, perms: bool, facts: bool):
    """The part of a contract expression with only its permissions or only its facts."""
    if not A.has_resource(e):
        return e if facts else None
    match e:
        case A.Perm():
            return e if perms else None
        case A.Binary(op="**" | "&&"):
            left, right = _select(e.left, perms, facts), _select(e.right, perms, facts)
            if left is None or right is None:
                return left or right
            return attrs.evolve(e, left=left, right=right)
        case A.Binary(op="==>"):
            right = _select(e.right, perms, facts)
            return None if right is None else attrs.evolve(e, right=right)
        case A.Conditional():
            then, otherwise = _select(e.then, perms, facts), _select(e.otherwise, perms, facts)
            if then is None and otherwise is None:
                return None
            true = A.BoolLit(True, span=e.span)
            return attrs.evolve(e, then=then or true, otherwise=otherwise or true)
        case A.Quantifier():
            body = _select(e.body, perms, facts)
            if body is None:
                return None
            kind = A.QuantKind.FORALL_STAR if A.has_resource(body) else A.QuantKind.FORALL
            return attrs.evolve(e, body=body, kind=kind)
    return e


def _filters(part: M.Part) -> str:
    notes = []
    if part.scope is not None:
        notes.append(f"{part.scope.value} memory only")
    if part.fenced is not None:
        fenced = ", ".join(f.value for f in part.fenced) or "no"
        notes.append(f"facts about {fenced} memory only")
    return f"   // {'; '.join(notes)}" if notes else ""
