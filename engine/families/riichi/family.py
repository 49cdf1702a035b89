"""Riichi as a family the game core can run."""

from __future__ import annotations

import random
from typing import Any

from engine.families.registry import Family
from engine.families.riichi import match
from engine.families.riichi.hand import RiichiHand
from engine.game.flow import HandContext, HandFlow
from engine.rules.riichi import RiichiRules
from engine.tiles import ALL_TILES_136


def _shuffle(rules: Any, rng: random.Random) -> list[int]:
    tiles = list(ALL_TILES_136)
    rng.shuffle(tiles)
    return tiles


def _start(rules: Any, ctx: HandContext, wall: list[int], rng: random.Random) -> HandFlow:
    assert isinstance(rules, RiichiRules)
    if len(wall) != 136 or sorted(wall) != list(ALL_TILES_136):
        raise ValueError("a riichi wall must hold each of the 136 tile ids 0..135 exactly once")
    return RiichiHand(rules, ctx, wall)


FAMILY = RIICHI = Family(
    name="riichi",
    wall_size=136,
    new_match=match.new_match,
    shuffle_wall=_shuffle,
    start_hand=_start,
    advance=match.advance,
    standings=match.standings,
)
