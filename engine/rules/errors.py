"""Errors raised when a ruleset cannot be loaded, saved or found.

A :class:`RulesetError` lists *every* problem found in one go, each naming the key and the reason, so a
user fixing a hand-edited file sees everything at once. Nothing is ever half-loaded: the loader either
returns a complete, validated model or raises.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a ruleset: the key it concerns (``None`` for the file as a whole) and why."""

    key: str | None
    reason: str

    def __str__(self) -> str:
        return f"{self.key}: {self.reason}" if self.key else self.reason


class RulesetError(ValueError):
    """A ruleset was refused. ``source`` names the file (or other origin); ``problems`` lists all faults."""

    def __init__(self, source: str, problems: Sequence[Problem]) -> None:
        self.source = source
        self.problems: tuple[Problem, ...] = tuple(problems) or (Problem(None, "unknown problem"),)
        super().__init__(self._message())

    def _message(self) -> str:
        if len(self.problems) == 1:
            return f"{self.source}: ruleset refused: {self.problems[0]}"
        lines = [f"{self.source}: ruleset refused ({len(self.problems)} problems):"]
        lines.extend(f"  - {problem}" for problem in self.problems)
        return "\n".join(lines)

    @property
    def keys(self) -> list[str]:
        """The keys named by the problems, in order (handy in tests and in the editor)."""
        return [p.key for p in self.problems if p.key is not None]
