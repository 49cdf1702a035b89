"""The families the game core knows, by name. A family is a small object the core calls at fixed
points: build a wall, start a hand, advance the match after a hand, final standings."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.game.flow import HandContext, HandFlow
from engine.game.match import MatchState, Standing
from engine.game.state import HandResult


@dataclass(frozen=True)
class Family:
    name: str
    wall_size: int
    new_match: Callable[[Any], MatchState]
    shuffle_wall: Callable[[Any, random.Random], list[int]]
    start_hand: Callable[[Any, HandContext, list[int], random.Random], HandFlow]
    advance: Callable[[Any, MatchState, HandResult, list[int], int], MatchState]
    standings: Callable[[Any, MatchState], list[Standing]]


_FAMILIES: dict[str, Family] = {}


def register(family: Family) -> None:
    _FAMILIES[family.name] = family


def get_family(name: str) -> Family:
    _load_builtin()
    try:
        return _FAMILIES[name]
    except KeyError:
        known = ", ".join(sorted(_FAMILIES)) or "none"
        raise ValueError(f"unknown rule family {name!r} (known: {known})") from None


def family_names() -> list[str]:
    _load_builtin()
    return sorted(_FAMILIES)


BUILTIN_FAMILIES = ("riichi", "sichuan", "lingxi")


def _load_builtin() -> None:
    """Import each shipped family's ``family`` module once; each registers itself."""
    import importlib

    for name in BUILTIN_FAMILIES:
        if name in _FAMILIES:
            continue
        module_name = f"engine.families.{name}.family"
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name in (module_name, f"engine.families.{name}"):
                continue  # a family not shipped in this build
            raise
        register(module.FAMILY)
