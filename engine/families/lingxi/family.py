"""Lingxi as a family the game core can run."""

from __future__ import annotations

import random
from typing import Any

from engine.families.lingxi import match
from engine.families.lingxi.hand import LingxiHand
from engine.families.lingxi.wall import Dice
from engine.families.registry import Family
from engine.game.flow import HandContext, HandFlow
from engine.rules.lingxi import LingxiRules
from engine.tiles import ALL_TILES_144


def _shuffle(rules: Any, rng: random.Random) -> list[int]:
    """A table layout: the 72 stacks wall by wall (see :mod:`engine.families.lingxi.wall`)."""
    tiles = list(ALL_TILES_144)
    rng.shuffle(tiles)
    return tiles


def roll_dice(rng: random.Random) -> Dice:
    return Dice((rng.randint(1, 6), rng.randint(1, 6)), (rng.randint(1, 6), rng.randint(1, 6)))


def _start(rules: Any, ctx: HandContext, wall: list[int], rng: random.Random) -> HandFlow:
    assert isinstance(rules, LingxiRules)
    if len(wall) != 144 or sorted(wall) != list(ALL_TILES_144):
        raise ValueError("a Lingxi wall must hold each of the 144 tile ids 0..143 exactly once")
    return LingxiHand(rules, ctx, wall, roll_dice(rng))


FAMILY = LINGXI = Family(
    name="lingxi",
    wall_size=144,
    new_match=match.new_match,
    shuffle_wall=_shuffle,
    start_hand=_start,
    advance=match.advance,
    standings=match.standings,
)
