"""What stops an evaluation: a fault of the program, or a limit of the interpreter."""
from __future__ import annotations


class Fault(Exception):
    """The program went wrong here (out of bounds, division by zero, a function called
    outside its precondition): the thread cannot go on."""

    def __init__(self, code: str, span, message: str, notes: tuple[str, ...] = ()):
        super().__init__(message)
        self.code = code
        self.span = span
        self.message = message
        self.notes = notes


class Unevaluable(Exception):
    """A specification the run cannot evaluate on concrete values (a quantifier with no
    bounds it can read off, an abstract function): the check is skipped, not failed."""

    def __init__(self, span, reason: str):
        super().__init__(reason)
        self.span = span
        self.reason = reason
