"""AI seats behind a small interface, so that AI levels can plug in later.

A seat agent answers ``choose(observation, legal) -> Action`` from its own observation only. The
desktop asks :func:`make_agent` for one by level name; every decision is seeded from the game seed, the
seat and the number of actions so far, so a resumed game plays on exactly as the saved one would have.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from engine.agents.simple import SimpleAgent
from engine.game.actions import Action


class SeatAgent(Protocol):
    def choose(self, observation: dict[str, Any], legal: list[Action]) -> Action: ...


AgentFactory = Callable[[str], SeatAgent]

_LEVELS: dict[str, AgentFactory] = {"simple": lambda seed: SimpleAgent(seed)}


def register_level(name: str, factory: AgentFactory) -> None:
    """Add an AI level (the AI issue registers its levels here)."""
    _LEVELS[name] = factory


def levels() -> list[str]:
    return list(_LEVELS)


def decide(level: str, seed: str, observation: dict[str, Any], legal: list[Action]) -> Action:
    """One decision of an AI seat of ``level`` with a per-decision seed."""
    factory = _LEVELS.get(level, _LEVELS["simple"])
    return factory(seed).choose(observation, legal)
