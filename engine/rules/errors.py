"""Errors raised when a ruleset cannot be loaded, saved or found.

A :class:`RulesetError` lists *every* problem found in one go, each naming the key and the reason, so a
user fixing a hand-edited file sees everything at once. Nothing is ever half-loaded: the loader either
returns a complete, validated model or raises.

It is a :class:`~engine.loading.LoadError`: its message is one line naming the source and each problem
(the first :data:`SHOWN_PROBLEMS` of them; :meth:`RulesetError.report` lists them all, one a line)::

    mine.toml: ruleset refused (2 problems): red_five: unknown key (did you mean "red_fives"?); uma: ...
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.loading import LoadError

SHOWN_PROBLEMS = 8  # problems written out in the one-line message; the rest are counted


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a ruleset: the key it concerns (``None`` for the file as a whole) and why."""

    key: str | None
    reason: str

    def __str__(self) -> str:
        return f"{self.key}: {self.reason}" if self.key else self.reason


class RulesetError(LoadError):
    """A ruleset was refused. ``source`` names the file (or other origin); ``problems`` lists all faults.

    ``field`` is the key of the first problem and ``problem`` the one-line text after the source, as for
    any :class:`~engine.loading.LoadError`."""

    def __init__(self, source: str, problems: Sequence[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems) or (Problem(None, "unknown problem"),)
        first = self.problems[0]
        self.source = source
        self.line = None
        self.field = first.key
        self.problem = self._summary()
        ValueError.__init__(self, f"{source}: {self.problem}")

    def __reduce__(self) -> Any:
        return (type(self), (self.source, self.problems))

    def _summary(self) -> str:
        if len(self.problems) == 1:
            return " ".join(f"ruleset refused: {self.problems[0]}".split())
        shown = "; ".join(" ".join(str(p).split()) for p in self.problems[:SHOWN_PROBLEMS])
        more = len(self.problems) - SHOWN_PROBLEMS
        if more > 0:
            shown += f"; and {more} more"
        return f"ruleset refused ({len(self.problems)} problems): {shown}"

    def report(self) -> str:
        """Every problem, one a line, under a line naming the source (for a window or a long listing)."""
        if len(self.problems) == 1:
            return str(self)
        lines = [f"{self.source}: ruleset refused ({len(self.problems)} problems):"]
        lines.extend(f"  - {problem}" for problem in self.problems)
        return "\n".join(lines)

    @property
    def keys(self) -> list[str]:
        """The keys named by the problems, in order (handy in tests and in the editor)."""
        return [p.key for p in self.problems if p.key is not None]
