"""The situation format (engine.situation): validation, notation, rulesets, dispatch, output."""

from __future__ import annotations

import doctest
import json
from typing import Any

import pytest

import engine.families.riichi.situation as situation_module
import engine.rules
import engine.situation as generic_situation
from engine.situation import Situation, register_scorer, score_situation

RON = {
    "variant": "riichi",
    "hand": "234m34588p456678s",
    "win_tile": "4s",
    "win": "ron",
    "seat": 1,
    "flags": ["riichi"],
    "dora_indicators": "1m",
}


def score(**changes: Any) -> dict[str, Any]:
    situation = {**RON, **changes}
    return score_situation({k: v for k, v in situation.items() if v is not None})


def reason(**changes: Any) -> str:
    result = score(**changes)
    assert result["valid"] is False, result
    assert result["items"] == []
    return str(result["reason"])


def test_doctests() -> None:
    failures, tests = doctest.testmod(situation_module)
    assert tests > 0 and failures == 0


def test_ron_output() -> None:
    result = score(id="hand-1", honba=1, riichi_sticks=2)
    assert result == {
        "id": "hand-1",
        "variant": "riichi",
        "valid": True,
        "han": 4,
        "fu": 30,
        "yakuman": 0,
        "limit": "",
        "points": 7700,
        "payments": {"ron": 7700, "tsumo_dealer": 0, "tsumo_each": 0},
        "honba_bonus": 300,
        "riichi_sticks_bonus": 2000,
        "total": 10000,
        "items": [
            {"key": "riichi", "name": "Riichi", "value": 1},
            {"key": "pinfu", "name": "Pinfu", "value": 1},
            {"key": "tanyao", "name": "Tanyao (all simples)", "value": 1},
            {"key": "dora", "name": "Dora", "value": 1},
        ],
        "fu_items": [{"key": "base", "name": "Base", "value": 30}],
    }
    json.dumps(result)  # plain JSON


def test_tsumo_with_melds_and_flags() -> None:
    result = score_situation({**_tsumo(), "dora_indicators": "1p"})
    assert result["valid"], result
    keys = {item["key"]: item["value"] for item in result["items"]}
    assert keys == {"rinshan": 1, "chun": 1, "dora": 4}
    assert (result["han"], result["limit"], result["points"]) == (6, "haneman", 12000)
    assert result["payments"] == {"ron": 0, "tsumo_dealer": 6000, "tsumo_each": 3000}
    fu = {item["key"]: item["value"] for item in result["fu_items"]}
    assert fu["closed_kan"] == 16 and fu["open_kan"] == 8 and fu["open_terminal_pon"] == 4


def _tsumo() -> dict[str, Any]:
    return {
        "variant": "riichi",
        "hand": "234m44p",
        "melds": [
            {"type": "pon", "tiles": "777z", "from": 2},
            {"type": "closed_kan", "tiles": "6666s"},
            {"type": "added_kan", "tiles": "2222p", "from": 0},
        ],
        "win_tile": "4p",
        "win": "tsumo",
        "seat": 3,
        "round_wind": "S",
        "flags": ["rinshan"],
    }


def test_dealer_tsumo_payments() -> None:
    result = score(win="tsumo", seat=0)  # riichi, tsumo, pinfu, tanyao, dora: mangan
    assert (result["han"], result["limit"]) == (5, "mangan")
    assert result["payments"] == {"ron": 0, "tsumo_dealer": 0, "tsumo_each": 4000}
    assert result["points"] == 12000


def test_red_fives_follow_the_ruleset() -> None:
    red = score(hand="234m34088p456678s")
    assert {"key": "aka_dora", "name": "Red five", "value": 1} in red["items"]
    plain = score(hand="234m34088p456678s", ruleset={"red_fives": False})
    assert "aka_dora" not in [item["key"] for item in plain["items"]]
    assert plain["points"] == 7700 and red["points"] == 8000


def test_copies_are_limited() -> None:
    assert reason(hand="234m34588p456678s", dora_indicators="8p8p8p") == (
        "dora_indicators: more than 4 copies of 8p across hand, melds and indicators"
    )
    assert (
        reason(hand="234m34500p456678s") == "hand: 0p is used more than once (there is one red five per suit)"
    )
    # with red fives, only three plain fives exist
    assert reason(dora_indicators="5555m") == (
        "dora_indicators: more than 3 plain 5m across hand, melds and indicators "
        "(with red fives on, write the red one as 0)"
    )
    assert score(dora_indicators="0555m")["valid"]
    assert score(dora_indicators="5555m", ruleset={"red_fives": False})["valid"]
    assert reason(melds=[{"type": "pon", "tiles": "888p", "from": 0}], hand="234m34588p456s") == (
        "melds.0.tiles: more than 4 copies of 8p across hand, melds and indicators"
    )


def test_notation_errors_name_the_field_and_position() -> None:
    assert reason(hand="234m34588p4566x78s") == (
        "hand: bad tile notation '234m34588p4566x78s' at position 14: "
        "'x' is neither a digit nor a suit letter (m p s z f)"
    )
    assert reason(win_tile="45s") == "win_tile: must be exactly one tile, not 2"
    assert reason(win_tile="8z").startswith("win_tile: bad tile notation '8z' at position 0")
    assert reason(win_tile="1z") == "win_tile: 1z is not in the hand (the hand includes the winning tile)"
    assert reason(ura_indicators="12").startswith("ura_indicators: bad tile notation '12' at position 2")
    assert reason(melds=[{"type": "pon", "tiles": "0z"}]).startswith("melds.0.tiles: bad tile notation")
    assert reason(hand="234m34588p45667s1f") == "hand: flowers (1f) are not riichi tiles"


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"colour": "red"}, "colour: unknown key"),
        ({"win": None}, "win: missing"),
        ({"seat": "1"}, "seat: Input should be a valid integer"),
        ({"seat": 4}, "seat: Input should be less than or equal to 3"),
        ({"seat": True}, "seat: Input should be a valid integer"),
        ({"honba": -1}, "honba: Input should be greater than or equal to 0"),
        ({"win": "draw"}, "win: Input should be 'tsumo' or 'ron'"),
        ({"flags": "riichi"}, "flags: Input should be a valid list"),
        ({"flags": ["riichi", "nagashi"]}, "flags: unknown flag(s) 'nagashi' (known: chankan, chiihou"),
        ({"variant": "mahjong"}, "variant: unknown variant 'mahjong' (known: riichi, sichuan, lingxi)"),
        ({"round_wind": "X"}, "round_wind: must be E, S, W, N or a wind tile (1z..4z), not 'X'"),
        ({"round_wind": "5z"}, "round_wind: must be E, S, W, N or a wind tile (1z..4z), not '5z'"),
        ({"melds": [{"type": "kan", "tiles": "1111m"}]}, "melds.0.type: Input should be 'chi', 'pon'"),
        ({"melds": [{"type": "pon", "tiles": "111m", "by": 2}]}, "melds.0.by: unknown key"),
        ({"melds": [{"type": "pon", "tiles": "111m", "from": 9}]}, "melds.0.from: Input should be less"),
        ({"flowers": "12m"}, "flowers: only flowers (1f..8f) and 白板 (5z), not '12m'"),
        ({"flowers": "1f"}, "riichi has no flowers and no wild tiles"),
        ({"wild": "5z"}, "riichi has no flowers and no wild tiles"),
        ({"wild": "5y"}, "wild: bad tile notation '5y' at position 1"),
        ({"ruleset": 3}, "ruleset: must be a ruleset name (a string) or an object of toggles to change"),
        ({"id": 1.5}, "id: must be a string or an integer"),
        ({"id": True}, "id: must be a string or an integer"),
    ],
)
def test_bad_input_gives_a_reason(changes: dict[str, Any], expected: str) -> None:
    assert reason(**changes).startswith(expected)


def test_several_problems_are_reported_together() -> None:
    message = reason(seat="x", colour=1)
    assert "seat: Input should be a valid integer" in message and "colour: unknown key" in message


def test_not_an_object() -> None:
    for value, kind in (([RON], "an array"), ("x", "a string"), (None, "null"), (3, "a number")):
        result = score_situation(value)
        assert result == {
            "valid": False,
            "reason": f"a situation must be a JSON object, not {kind}",
            "items": [],
        }


def test_meld_rules() -> None:
    hand = "34588p456678s"
    assert reason(hand=hand, melds=[{"type": "chi", "tiles": "234m", "from": 2}]) == (
        "melds.0: chi is claimed from the previous seat (0)"
    )
    assert reason(hand=hand, melds=[{"type": "pon", "tiles": "222m", "from": 1}]).startswith(
        "melds.0: pon cannot be claimed from the winner's own seat 1"
    )
    assert reason(hand=hand, melds=[{"type": "closed_kan", "tiles": "2222m", "from": 0}]) == (
        "melds.0: a closed kan is not claimed from anyone: leave out 'from'"
    )
    assert reason(hand=hand, melds=[{"type": "chi", "tiles": "246m"}]) == (
        "melds.0: chi must be three consecutive tiles of one suit, not 246m"
    )
    assert reason(hand=hand, melds=[{"type": "pon", "tiles": "2222m"}]) == "melds.0: pon has 3 tiles, not 4"
    assert reason(hand=hand, melds=[{"type": "open_kan", "tiles": "2223m"}]) == (
        "melds.0: open_kan must be 4 tiles of one kind, not 2223m"
    )
    # riichi with an open meld, and a chi in order
    assert (
        reason(hand=hand, melds=[{"type": "chi", "tiles": "234m", "from": 0}]) == "riichi needs a closed hand"
    )
    open_tanyao = score(hand=hand, melds=[{"type": "chi", "tiles": "423m", "from": 0}], flags=[])
    assert (open_tanyao["han"], open_tanyao["fu"], open_tanyao["points"]) == (2, 30, 2000)


def test_round_wind_forms() -> None:
    # a South triplet for seat 1 (South) is seat wind; round wind only in the South round
    hand = "234m456p678s22211z"
    for wind, han in (("E", 1), ("S", 2), ("s", 2), ("2z", 2), ("W", 1), ("4z", 1)):
        result = score(hand=hand, win_tile="1z", flags=[], dora_indicators="", round_wind=wind)
        assert result["han"] == han, wind


needs_loader = pytest.mark.skipif(
    not hasattr(engine.rules, "load_ruleset") or not hasattr(engine.rules, "from_dict"),
    reason="engine.rules offers no ruleset loader (load_ruleset / from_dict) yet",
)


@needs_loader
def test_rulesets_by_name_and_by_overrides() -> None:
    assert score(ruleset="riichi-online")["points"] == 7700
    kiriage = score(ruleset={"kiriage": True})
    assert (kiriage["points"], kiriage["limit"]) == (8000, "kiriage mangan")
    # keys left out come from the base preset (riichi-club: kiriage, no red fives)
    club = score(ruleset={"base": "riichi-club"}, hand="234m34088p456678s")
    assert club["points"] == 8000 and "aka_dora" not in [i["key"] for i in club["items"]]
    assert score(ruleset={"base": "riichi-club", "kiriage": False})["points"] == 7700
    assert "no-such-preset" in reason(ruleset="no-such-preset")
    assert "kiriage" in reason(ruleset={"kiriage": "yes"})
    assert "no_such_toggle" in reason(ruleset={"no_such_toggle": True})
    assert reason(ruleset={"family": "sichuan"}).startswith("ruleset: ")


def test_inline_overrides_without_a_loader(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before engine.rules offered a loader: overrides apply on RiichiRules() and only its name exists."""
    situation_module._rules_by_name.cache_clear()
    situation_module._rules_by_overrides.cache_clear()
    monkeypatch.setattr(situation_module, "_rules_api", lambda attr: None)
    try:
        assert score(ruleset={"kiriage": True})["points"] == 8000
        assert score(ruleset="riichi-online")["points"] == 7700
        assert (
            reason(ruleset="riichi-club")
            == "ruleset: unknown riichi preset 'riichi-club' (known: riichi-online)"
        )
        assert reason(ruleset={"no_such_toggle": 1}) == "ruleset: no_such_toggle: unknown key"
    finally:
        situation_module._rules_by_name.cache_clear()
        situation_module._rules_by_overrides.cache_clear()


def test_invalid_win_keeps_the_shape() -> None:
    result = score(flags=[], dora_indicators="1s", hand="123m456p789s23488s", win_tile="3s")
    assert result == {
        "variant": "riichi",
        "valid": False,
        "reason": "no yaku (dora alone is not a yaku)",
        "reason_key": "no_yaku",  # for the table's words
        "reason_args": {},
        "items": [],
    }
    assert score(hand="123m456p789s23489s", win_tile="9s")["reason"] == "not a complete hand"


def test_other_families_register_their_scorer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(generic_situation, "_SCORERS", dict(generic_situation._SCORERS))
    seen: list[Situation] = []

    def lingxi(situation: Situation) -> dict[str, Any]:
        seen.append(situation)
        return {
            "valid": True,
            "items": [{"key": "flowers", "name": "Flowers", "value": len(situation.flowers)}],
        }

    register_scorer("lingxi", lingxi)
    result = score_situation(
        {
            "variant": "lingxi",
            "hand": "123m",
            "win_tile": "1m",
            "win": "tsumo",
            "flowers": "12f",
            "wild": "5z",
        }
    )
    assert result == {
        "variant": "lingxi",
        "valid": True,
        "items": [{"key": "flowers", "name": "Flowers", "value": 3}],
    }
    assert seen[0].flowers == "12f" and seen[0].wild == "5z"
    with pytest.raises(ValueError, match="unknown variant"):
        register_scorer("poker", lingxi)


def test_a_family_without_a_scorer_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(generic_situation, "_SCORERS", {})

    def no_module(name: str) -> None:
        raise ModuleNotFoundError(f"No module named {name!r}", name=name)

    monkeypatch.setattr(generic_situation.importlib, "import_module", no_module)
    result = score_situation({**RON, "variant": "sichuan"})
    assert result["valid"] is False
    assert result["reason"] == "variant 'sichuan' cannot be scored yet"
