"""Lingxi 灵溪麻将 as the registry describes it (see :mod:`engine.families.registry`)."""

from __future__ import annotations

from engine.analysis.shanten import STANDARD_ONLY
from engine.analysis.shape import HandShape
from engine.families.lingxi import match
from engine.families.lingxi.hand import SETS, LingxiHand
from engine.families.lingxi.scoring import WIN_FLAGS
from engine.families.registry import FamilySpec
from engine.rules.lingxi import LingxiRules
from engine.rules.schema import Ruleset
from engine.tiles import ALL_TILES_144, WHITE

SHAPE = HandShape(
    sets=SETS,  # five sets and a pair: 17 tiles
    forms=STANDARD_ONLY,
    wild_excludes=frozenset({WHITE}),  # a 财神 never stands for 白板 (a bonus tile)
)


def _rules(rules: Ruleset) -> LingxiRules:
    assert isinstance(rules, LingxiRules)
    return rules


SPEC = FamilySpec(
    name="lingxi",
    tiles=ALL_TILES_144,
    new_hand=lambda rules, ctx, wall, rng: LingxiHand(_rules(rules), ctx, wall, rng),
    hand_shape=lambda rules: SHAPE,
    new_match=lambda rules: match.new_match(_rules(rules)),
    advance=lambda rules, m, result, scores, pot: match.advance(_rules(rules), m, result, scores, pot),
    standings=lambda rules, m: match.standings(_rules(rules), m),
    ai_plugin="engine.ai.lingxi",
    rule_page="lingxi",
    value_unit=lambda rules: "tai",
    score_unit="zi",
    item_prefix="tai",
    vocabulary="chinese",
    # the calculator's flags: not zi_mo, which a situation may carry but which "win": "tsumo" implies
    # (the calculator's win buttons say it)
    situation_flags=(*(flag for flag in WIN_FLAGS if flag != "zi_mo"), "dealt_flower_kan"),
    situation_fields=("wild", "flowers"),
    scores_non_winners=True,  # a non-winner's base 台
    seat_counts=(2, 3, 4),
)
