"""How a check the solver could not decide is worded (`timeout.solver`).

Such a check is neither proved nor refuted: its message asks the check's question
("whether write permission on `a[i]` is held") rather than stating the failure ("...
may not be held"), and its notes say why the solver stopped and what the user can do.
"""
from __future__ import annotations

import re

# The failure messages of the checks, as "...<phrase>...": the phrase that states the
# failure, and the one that asks the question instead.
_PHRASES = (
    (" may not be held", " is held"),
    (" may not hold", " holds"),
    (" may be outside the array", " is inside the array"),
    (" may be outside (0, 1]", " is in (0, 1]"),
    (" may be zero", " is not zero"),
    (" may not decrease", " decreases"),
)

_PERMISSION = re.compile(r"insufficient permission to (?P<verb>\w+) (?P<loc>`[^`]*`)(?P<rest>.*)")
_FRAMING = re.compile(r"this specification reads (?P<loc>`[^`]*`) but holds no permission for it.*")
_INJECTIVE = re.compile(r"two values of the quantified variables reach the same cell (?P<loc>`[^`]*`).*")


def question(message: str) -> tuple[str, str]:
    """The check's question, from its failure message: what is checked (may be empty),
    and "whether ..."."""
    for pattern, ask in ((_PERMISSION, "there is permission to {verb} {loc}"),
                         (_FRAMING, "this specification holds a permission for {loc} where it reads it"),
                         (_INJECTIVE, "no two values of the quantified variables reach the same cell {loc}")):
        m = pattern.search(message)
        if m and (m.start() == 0 or message[:m.start()].endswith(": ")):
            return message[:m.start()][:-2], "whether " + ask.format(**m.groupdict())
    for state, ask in _PHRASES:
        if state in message:
            before, _, after = message.partition(state)
            prefix, sep, claim = before.rpartition(": ")
            if prefix.endswith("not enough permission"):
                prefix, sep, _ = prefix.rpartition(": ")
            return prefix, f"whether {claim}{ask}{after}"
    return "", f"whether this holds: {message[0].lower() + message[1:]}"


def wording(message: str, reason: str, searched: bool, late: bool = False) -> tuple[str, tuple[str, ...]]:
    """The message and notes of an undecided check: `reason` is Z3's reason_unknown;
    `searched` says that a conflict between two threads was looked for (conflicts.py);
    `late` that the obligation's time was up before the check began."""
    out_of_time = reason in ("timeout", "canceled")
    why = "the solver ran out of time" if out_of_time else "the solver gave up"
    what, asked = question(message)
    text = f"{what}: unknown {asked}" if what else f"unknown {asked}"
    text += f": {why}, so it is not verified"
    notes = ["the obligation's time limit was used up by the checks before this one, so the "
             "solver did not look at it" if late and out_of_time else _reason(reason)]
    if searched:
        notes.append("no conflict between two threads was found at small launch sizes, so it is not "
                     "shown to fail either")
    notes.append("to settle it: give the solver more time (`--timeout SECONDS`, per obligation), "
                  "state an intermediate fact with `assert`, or write the index more simply "
                  "(a linear index, one row or column at a time)")
    return text, tuple(notes)


def _reason(reason: str) -> str:
    match reason:
        case "timeout" | "canceled":
            # Z3 says `canceled` when the limit falls while it simplifies and `timeout`
            # when it falls while it searches: which one is down to timing, and both mean
            # the same, so a user sees one note (a rerun must not read differently).
            return "the solver reached the obligation's time limit before it found a proof or a counterexample"
        case "max. resource limit exceeded" | "resource limits reached":
            return "the solver used up its budget of steps (Z3: resource limit) before it found an answer"
    return (f"the solver stopped without an answer (Z3: {reason or 'unknown'}): its search is incomplete "
            "for quantified facts or non-linear arithmetic, and more time may not help")
