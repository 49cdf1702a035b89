"""AI seats behind a small interface: the levels of ``engine.ai`` (beginner, standard, strong) and the
engine's simple agent; and outside mjai programs, the level ``mjai:COMMAND`` (:func:`bot_command`),
which the session seats through the engine's bridge (:mod:`engine.records.bridge`) on the worker thread.

A seat agent answers ``choose(observation, legal) -> Action`` from its own observation only. Every
decision is made by a fresh agent seeded from the game seed, the seat and the number of actions so far
(:func:`decide`), so a resumed game plays on exactly as the saved one would have, and a decision is
the same whether the engine process (:mod:`desktop.engine_process`) or the worker thread makes it.
This module is Qt-free: the engine process imports it.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any, Protocol

from engine.game.actions import Action
from engine.game.observation import Observation


class SeatAgent(Protocol):
    def choose(self, observation: Observation, legal: list[Action]) -> Action: ...


# factory(seed) or factory(seed, rules): a seat agent for one decision
AgentFactory = Callable[..., SeatAgent]

DEFAULT_LEVEL = "standard"
HIDDEN_LEVELS = {"simple"}  # kept for old saves and tests, not offered in the new-game dialog


def _simple(seed: str, rules: Any = None) -> SeatAgent:
    from engine.agents.simple import SimpleAgent

    return SimpleAgent(seed)


def _engine_level(level: str) -> AgentFactory:
    def factory(seed: str, rules: Any = None) -> SeatAgent:
        from engine.ai import make_agent

        return make_agent(level, seed, rules)

    factory.__name__ = f"make_{level}"
    return factory


_BUILTIN: dict[str, AgentFactory] = {
    "beginner": _engine_level("beginner"),
    "standard": _engine_level("standard"),
    "strong": _engine_level("strong"),
    "simple": _simple,
}
_LEVELS: dict[str, AgentFactory] = dict(_BUILTIN)
# levels whose decisions take milliseconds of Python: made in the engine process when it runs
_HEAVY = {"beginner", "standard", "strong"}
_TAKES_RULES: dict[str, bool] = {}


def register_level(name: str, factory: AgentFactory) -> None:
    """Add (or replace) an AI level; ``factory(seed)`` or ``factory(seed, rules)`` makes a seat agent."""
    _LEVELS[name] = factory
    _TAKES_RULES.pop(name, None)


def levels() -> list[str]:
    """The levels offered for a seat, weakest first."""
    return [name for name in _LEVELS if name not in HIDDEN_LEVELS]


def known(level: str) -> bool:
    """A level a seat may play: an AI level, or an outside program (``mjai:COMMAND``)."""
    return level in _LEVELS or bool(bot_command(level))


def bot_command(level: str) -> str | None:
    """The command line of an outside program's level (None: an AI level)."""
    from engine.records.bridge import seat_spec

    return seat_spec(level)


def bot_level(command: str) -> str:
    """The level of an outside program run by ``command``."""
    from engine.records.bridge import seat_level

    return seat_level(command)


def runs_in_process(level: str) -> bool:
    """A built-in engine level (the engine process knows it as this process does); the simple agent
    and levels registered at run time decide on the worker thread."""
    return level in _HEAVY and _LEVELS.get(level) is _BUILTIN[level]


def decide(level: str, seed: str, observation: Observation, legal: list[Action], rules: Any = None) -> Action:
    """One decision of an AI seat of ``level`` with a per-decision seed (an unknown level plays simple)."""
    if len(legal) == 1:
        return legal[0]
    name = level if level in _LEVELS else "simple"
    factory = _LEVELS[name]
    agent = factory(seed, rules) if _takes_rules(name, factory) else factory(seed)
    return agent.choose(observation, legal)


def _takes_rules(name: str, factory: AgentFactory) -> bool:
    known_ = _TAKES_RULES.get(name)
    if known_ is None:
        try:
            params = inspect.signature(factory).parameters
            known_ = len(params) >= 2 or any(p.kind is p.VAR_POSITIONAL for p in params.values())
        except (TypeError, ValueError):
            known_ = False
        _TAKES_RULES[name] = known_
    return known_
