"""Sichuan as a family the game core can run."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from engine.families.registry import Family
from engine.families.sichuan import match
from engine.families.sichuan.hand import WALL_SIZE, SichuanHand
from engine.game.flow import HandContext, HandFlow
from engine.rules.sichuan import SichuanRules
from engine.tiles import ALL_TILES_108


def _shuffle(rules: Any, rng: random.Random) -> list[int]:
    tiles = list(ALL_TILES_108)
    rng.shuffle(tiles)
    return tiles


def _start(rules: Any, ctx: HandContext, wall: list[int], rng: random.Random) -> HandFlow:
    assert isinstance(rules, SichuanRules)
    if len(wall) != WALL_SIZE or sorted(wall) != list(ALL_TILES_108):
        raise ValueError("a Sichuan wall must hold each of the 108 tile ids 0..107 exactly once")
    if rules.next_dealer == "dice":  # 每局投骰: the dice choose the dealer of every hand
        ctx = dataclasses.replace(ctx, dealer=rng.randrange(ctx.players))
    return SichuanHand(rules, ctx, wall, rng)


FAMILY = SICHUAN = Family(
    name="sichuan",
    wall_size=WALL_SIZE,
    new_match=match.new_match,
    shuffle_wall=_shuffle,
    start_hand=_start,
    advance=match.advance,
    standings=match.standings,
)
