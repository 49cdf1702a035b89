"""Sichuan 血战到底 as the registry describes it (see :mod:`engine.families.registry`)."""

from __future__ import annotations

import dataclasses

from engine.analysis.shape import HandShape
from engine.families.registry import FamilySpec
from engine.families.sichuan import match
from engine.families.sichuan.hand import SichuanHand, wall_tiles
from engine.families.sichuan.scoring import SICHUAN_FORMS
from engine.rules.schema import Ruleset
from engine.rules.sichuan import SichuanRules
from engine.tiles import ALL_TILES_108

SITUATION_FLAGS = ("gang_shang_hua", "gang_shang_pao", "qiang_gang", "hai_di", "tian_hu", "di_hu")

SHAPE = HandShape(
    sets=4,
    forms=SICHUAN_FORMS,
    four_as_two_pairs=True,  # 龙七对: four of a kind counts as two pairs
    kinds=frozenset(range(27)),
    max_suits=2,  # 缺一门: a win holds at most two suits
)
TWO_SUITS_SHAPE = dataclasses.replace(SHAPE, kinds=frozenset(range(9, 27)))
"""三人两房: dots and bamboo only."""


def _rules(rules: Ruleset) -> SichuanRules:
    assert isinstance(rules, SichuanRules)
    return rules


SPEC = FamilySpec(
    name="sichuan",
    tiles=ALL_TILES_108,
    new_hand=lambda rules, ctx, wall, rng: SichuanHand(_rules(rules), ctx, wall, rng),
    hand_shape=lambda rules: TWO_SUITS_SHAPE if len(wall_tiles(_rules(rules))) < 108 else SHAPE,
    new_match=lambda rules: match.new_match(_rules(rules)),
    advance=lambda rules, m, result, scores, pot: match.advance(_rules(rules), m, result, scores, pot),
    standings=lambda rules, m: match.standings(_rules(rules), m),
    ai_plugin="engine.ai.sichuan",
    rule_page="sichuan",
    value_unit=lambda rules: "points" if _rules(rules).scoring_model == "points" else "fan",
    score_unit="points",
    item_prefix="fan",
    vocabulary="chinese",
    situation_flags=SITUATION_FLAGS,
    claims_chi=False,
    seat_counts=(2, 3, 4),
    seat_presets=((3, "sichuan-three"), (2, "sichuan-two")),
    wall_tiles=lambda rules: wall_tiles(_rules(rules)),
)
