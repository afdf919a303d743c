"""What one compiled run of a kernel found."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Race:
    space: str                       # "global" or "local"
    kind: str                        # "write-write", "write-read" (the first access writes), or with "atomic"
    lines: tuple[int | None, int | None]
    threads: tuple[str, str]         # "group.lid", linear ids
    where: str                       # "param0+4" (buffer and byte), "shared+8", "static"

    def __str__(self) -> str:
        return (f"{self.kind} race in {self.space} memory at {self.where}: thread {self.threads[0]} "
                f"(line {self.lines[0]}) and thread {self.threads[1]} (line {self.lines[1]})")


@dataclass(frozen=True)
class Problem:
    kind: str                        # "assert", "out-of-bounds", "undefined", "divergence", "fault"
    line: int | None
    detail: str

    def __str__(self) -> str:
        return f"{self.kind} at line {self.line}: {self.detail}"


@dataclass(frozen=True)
class Outcome:
    races: tuple[Race, ...] = ()
    problems: tuple[Problem, ...] = ()
    # Lines of preconditions (__requires) and assumptions that did not hold: the launch
    # is not one the kernel allows, so nothing else found means anything.
    invalid: tuple[int | None, ...] = ()
    complete: bool = True            # ran to its end (no timeout, no access limit)
    compile_seconds: float = 0.0
    run_seconds: float = 0.0
    notes: tuple[str, ...] = field(default=())

    @property
    def racy(self) -> bool:
        """A data race or barrier divergence: what `vercors-py races` answers."""
        return bool(self.races) or any(p.kind == "divergence" for p in self.problems)

    @property
    def failed(self) -> bool:
        """Anything `check` must rule out: races, divergence, bounds, undefined behaviour,
        faults and false assertions."""
        return bool(self.races or self.problems)

    def describe(self) -> str:
        parts = [str(r) for r in self.races] + [str(p) for p in self.problems]
        parts += [f"precondition or assumption false at line {line}" for line in self.invalid]
        parts += list(self.notes)
        if not self.complete:
            parts.append("the run did not finish")
        return "; ".join(parts) or "clean"
