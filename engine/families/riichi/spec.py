"""Japanese riichi as the registry describes it (see :mod:`engine.families.registry`)."""

from __future__ import annotations

from engine.analysis.shape import HandShape
from engine.families.registry import FamilySpec
from engine.families.riichi import match
from engine.families.riichi.hand import RiichiHand, nuki_in_play, wall_tiles
from engine.rules.riichi import RiichiRules
from engine.rules.schema import Ruleset
from engine.tiles import ALL_TILES_136, RED_FIVE_TILES

SITUATION_FLAGS = (
    "riichi",
    "double_riichi",
    "ippatsu",
    "rinshan",
    "chankan",
    "haitei",
    "houtei",
    "tenhou",
    "chiihou",
    "renhou",
)

SHAPE = HandShape(sets=4)
SANMA_SHAPE = HandShape(sets=4, kinds=frozenset(k for k in range(34) if not 1 <= k <= 7))
"""Three players: 2m-8m are not in play."""


def _rules(rules: Ruleset) -> RiichiRules:
    assert isinstance(rules, RiichiRules)
    return rules


SITUATION_FIELDS = ("round_wind", "dora_indicators", "ura_indicators", "honba", "riichi_sticks", "nuki")


def _situation_fields(rules: Ruleset) -> tuple[str, ...]:
    """``nuki`` (the norths set aside) only with three players and nukidora."""
    if nuki_in_play(_rules(rules)):
        return SITUATION_FIELDS
    return tuple(f for f in SITUATION_FIELDS if f != "nuki")


SPEC = FamilySpec(
    name="riichi",
    tiles=ALL_TILES_136,
    new_hand=lambda rules, ctx, wall, rng: RiichiHand(_rules(rules), ctx, wall, rng),
    hand_shape=lambda rules: SANMA_SHAPE if rules.players == 3 else SHAPE,
    new_match=lambda rules: match.new_match(_rules(rules)),
    advance=lambda rules, m, result, scores, pot: match.advance(_rules(rules), m, result, scores, pot),
    standings=lambda rules, m: match.standings(_rules(rules), m),
    ai_plugin="engine.ai.riichi",
    rule_page="riichi",
    value_unit=lambda rules: "han",
    score_unit="points",
    item_prefix="yaku",
    vocabulary="japanese",
    situation_flags=SITUATION_FLAGS,
    red_tiles=lambda rules: frozenset(RED_FIVE_TILES) if _rules(rules).red_fives else frozenset(),
    stick_points=lambda rules: _rules(rules).riichi_stick,
    seat_counts=(2, 3, 4),
    seat_presets=((3, "riichi-sanma-tenhou"), (2, "riichi-duel")),
    wall_tiles=lambda rules: wall_tiles(rules.players),
    win_needs_yaku=True,
    rounds_by_wind=True,
    situation_fields=SITUATION_FIELDS,
    ruleset_situation_fields=_situation_fields,
)
