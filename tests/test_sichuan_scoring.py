"""Sichuan scoring in both models: every pattern and added fan, 根, the cap, refusals, ``tilehouse score``."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from engine.families.sichuan.scoring import SichuanWin, score_sichuan_win
from engine.melds import Meld, MeldType
from engine.rules.sichuan import SichuanRules
from engine.situation import score_situation
from engine.tiles import faces_to_tiles, parse

POINTS = {"scoring_model": "points"}
NO_CAP = {"fan_cap": 0}


def score(
    hand: str,
    win_tile: str,
    win: str = "ron",
    *,
    melds: list[dict[str, Any]] | None = None,
    flags: tuple[str, ...] = (),
    seat: int = 0,
    **ruleset: Any,
) -> dict[str, Any]:
    situation: dict[str, Any] = {
        "variant": "sichuan",
        "hand": hand,
        "win_tile": win_tile,
        "win": win,
        "seat": seat,
        "flags": list(flags),
    }
    if melds:
        situation["melds"] = melds
    if ruleset:
        situation["ruleset"] = ruleset
    return score_situation(situation)


def keys(result: dict[str, Any]) -> list[str]:
    return [i["key"] for i in result["items"]]


# ── base patterns, both models ───────────────────────────────────────────────────────────────

PATTERNS = [
    # hand (ron on the last tile), pattern, fan, points
    ("123m456m789m234p55p", "ping_hu", 1, 1),
    ("111m444m777p999p55p", "dui_dui_hu", 2, 2),
    ("123m456m789m234m55m", "qing_yi_se", 3, 3),
    ("123m789m123p789p99p", "dai_yao_jiu", 3, 3),
    ("1133m5577992288p", "qi_dui", 3, 3),
    ("111m333m555m777m99m", "qing_dui", 4, 4),
    ("222m555m888m222p55p", "jiang_dui", 4, 4),
    ("1111m3355779922p", "long_qi_dui", 5, 4),
    ("11223355667799m", "qing_qi_dui", 5, 3),
    ("123m123m123m789m99m", "qing_yao_jiu", 5, 3),
    ("11113355779922m", "qing_long_qi_dui", 6, 4),
]


@pytest.mark.parametrize(("hand", "pattern", "fan", "points"), PATTERNS)
def test_base_patterns_in_the_fan_model(hand: str, pattern: str, fan: int, points: int) -> None:
    r = score(hand, _last(hand), **NO_CAP)
    assert r["valid"], r
    assert r["pattern"] == pattern
    assert r["fan"] == fan and r["counted"] == fan
    assert r["value"] == 2 ** (fan - 1)
    assert keys(r) == [pattern]  # the base fans do not add up: only the highest is listed
    assert r["payments"] == {"ron": r["value"], "tsumo_each": 0}


@pytest.mark.parametrize(("hand", "pattern", "fan", "points"), PATTERNS)
def test_base_patterns_in_the_additive_model(hand: str, pattern: str, fan: int, points: int) -> None:
    r = score(hand, _last(hand), **POINTS)
    assert r["valid"], r
    assert r["model"] == "points"
    assert r["fan"] == points and r["value"] == points
    # the 分 table does not list 清七对, 清幺九, 清龙七对: the highest listed pattern inside applies
    if pattern in ("qing_qi_dui", "qing_yao_jiu"):
        assert r["pattern"] == "qing_yi_se"
    elif pattern == "qing_long_qi_dui":
        assert r["pattern"] == "long_qi_dui"
    else:
        assert r["pattern"] == pattern


def _last(hand: str) -> str:
    faces = parse(hand)
    last = faces[-1]
    return f"{last.kind % 9 + 1}{'mps'[last.kind // 9]}"


def test_heavenly_and_earthly_wins() -> None:
    tian = score("123m456m789m234p55p", "5p", "tsumo", flags=("tian_hu",), **NO_CAP)
    assert keys(tian) == ["tian_hu", "zi_mo"] and tian["fan"] == 7 and tian["value"] == 64
    di = score("123m456m789m234p55p", "5p", "tsumo", flags=("di_hu",), seat=2, **NO_CAP)
    assert keys(di) == ["di_hu", "zi_mo"] and di["fan"] == 7
    # the heavenly win does not add to the hand's own pattern: the higher applies
    # 天胡 6 with its four of a kind as a 根 beats 清龙七对 6, which uses the four up
    qing = score("11113355779922m", "2m", "tsumo", flags=("tian_hu",), **NO_CAP)
    assert qing["pattern"] == "tian_hu" and qing["gen"] == 1 and qing["fan"] == 6 + 1 + 1
    assert score("123m456m789m234p55p", "5p", "tsumo", flags=("tian_hu",), **POINTS)["fan"] == 8 + 1
    r = score_situation(
        {
            "variant": "sichuan",
            "hand": "123m456m789m234p55p",
            "win_tile": "5p",
            "win": "ron",
            "seat": 1,
            "flags": ["di_hu"],
            "ruleset": "sichuan-chengdu",
        }
    )
    assert r["valid"] and r["pattern"] == "di_hu" and r["fan"] == 8 and r["value"] == 8


# ── 根 ───────────────────────────────────────────────────────────────────────────────────────


def test_gen_from_a_kan_four_concealed_and_a_pon_plus_the_fourth_tile() -> None:
    kan = score("123m456m789m11p", "1p", melds=[{"type": "closed_kan", "tiles": "5555p"}])
    assert keys(kan) == ["ping_hu", "gen"] and kan["gen"] == 1 and kan["fan"] == 2
    concealed = score("111123m456p789p55p", "5p")
    assert concealed["gen"] == 1 and concealed["fan"] == 2
    pon_plus = score("123m456m234p55p", "5p", melds=[{"type": "pon", "tiles": "222p", "from": 1}])
    assert pon_plus["gen"] == 1 and pon_plus["fan"] == 2 and pon_plus["value"] == 2
    no_gen = score("123m456m345p55p", "5p", melds=[{"type": "pon", "tiles": "222p", "from": 1}])
    assert no_gen["gen"] == 0 and no_gen["fan"] == 1
    # the winning tile itself can make the fourth
    assert score("111m234m456p789p55p", "1m")["gen"] == 0
    assert score("1111m23m456p789p55p", "1m")["gen"] == 1


def test_the_chengdu_table_examples() -> None:
    # 平胡(1分) + 一杠(1分) = 2分: 2222筒 123万 345万 999筒 66筒
    r = score("123m345m999p66p", "6p", melds=[{"type": "closed_kan", "tiles": "2222p"}], **POINTS)
    assert r["fan"] == 2
    # 大对子（2分）+ 一杠（1分）= 3分: 2222筒 111万 444万 999筒 66筒
    r = score("111m444m999p66p", "6p", melds=[{"type": "open_kan", "tiles": "2222p", "from": 2}], **POINTS)
    assert r["fan"] == 3
    # 清一色(3分) + 一根（1分）= 4分 (the text's own example 123条 567条 678条 888条 77条 holds two
    # fours, of 7条 and 8条; here one): 123条 456条 678条 888条 99条
    assert score("123s456s678s888s99s", "9s", **POINTS)["fan"] == 4
    # 清一色(3分) + 一杠（1分）= 4分: 8888条 123条 567条 234条 77条
    r = score("123s567s234s77s", "7s", melds=[{"type": "added_kan", "tiles": "8888s", "from": 1}], **POINTS)
    assert r["fan"] == 4
    # 暗七对(3分) + 2根（2分）= 双龙七对（5分）
    assert score("1111m3333p557799p", "9p", **POINTS)["fan"] == 5


def test_dragon_seven_pairs_use_up_one_gen() -> None:
    one = score("1111m3355779922p", "2p", **NO_CAP)
    assert one["pattern"] == "long_qi_dui" and one["gen"] == 0 and one["fan"] == 5
    two = score("1111m3333p557799p", "9p", **NO_CAP)
    assert two["pattern"] == "long_qi_dui" and two["gen"] == 1 and two["fan"] == 6
    assert keys(two) == ["long_qi_dui", "gen"]
    pure = score("11113333m557799m", "9m", **NO_CAP)
    assert pure["pattern"] == "qing_long_qi_dui" and pure["gen"] == 1 and pure["fan"] == 7
    # in the 分 model 龙七对 is 4 (its four counted in): 3 + 1, and a second four adds one
    assert score("1111m3355779922p", "2p", **POINTS)["fan"] == 4
    # a plain 七对 has no four of a kind and no 根
    assert score("1133m5577992288p", "8p")["gen"] == 0


# ── added fans ───────────────────────────────────────────────────────────────────────────────


def test_added_fans_in_the_fan_model() -> None:
    kan = [{"type": "closed_kan", "tiles": "5555p"}]
    flower = score("123m456m789m11p", "1p", "tsumo", melds=kan, flags=("gang_shang_hua",), **NO_CAP)
    assert keys(flower) == ["ping_hu", "gen", "gang_shang_hua", "zi_mo"] and flower["fan"] == 4
    assert flower["value"] == 8 and flower["payments"] == {"ron": 0, "tsumo_each": 8}
    pao = score("123m456m789m234p55p", "5p", flags=("gang_shang_pao",))
    assert keys(pao) == ["ping_hu", "gang_shang_pao"] and pao["fan"] == 2
    rob = score("123m456m789m234p55p", "5p", flags=("qiang_gang",))
    assert keys(rob) == ["ping_hu", "qiang_gang"] and rob["fan"] == 2
    last = score("123m456m789m234p55p", "5p", "tsumo", flags=("hai_di",))
    assert keys(last) == ["ping_hu", "hai_di", "zi_mo"] and last["fan"] == 3
    no_haidi = score("123m456m789m234p55p", "5p", "tsumo", flags=("hai_di",), hai_di=False)
    assert keys(no_haidi) == ["ping_hu", "zi_mo"]


def test_added_points_in_the_additive_model() -> None:
    kan = [{"type": "closed_kan", "tiles": "5555p"}]
    flower = score("123m456m789m11p", "1p", "tsumo", melds=kan, flags=("gang_shang_hua",), **POINTS)
    assert keys(flower) == ["ping_hu", "gen", "gang_shang_hua", "zi_mo"] and flower["fan"] == 1 + 1 + 2 + 1
    assert (
        score("123m456m789m234p55p", "5p", flags=("gang_shang_pao",), **POINTS)["fan"] == 1
    )  # not in the table
    rob = score("123m456m789m234p55p", "5p", flags=("qiang_gang",), **POINTS)
    assert keys(rob) == ["ping_hu", "qiang_gang"] and rob["fan"] == 2
    as_base = score("123m456m789m234p55p", "5p", flags=("qiang_gang",), points_robbing="base", **POINTS)
    assert keys(as_base) == ["qiang_gang_hu"] and as_base["fan"] == 2
    pure = {"hand": "123m456m789m234m55m", "win_tile": "5m"}
    assert score(**pure, flags=("qiang_gang",), **POINTS)["fan"] == 4  # 清一色 3 + 抢杠 1
    assert score(**pure, flags=("qiang_gang",), points_robbing="base", **POINTS)["fan"] == 3  # max(3, 2)


def test_self_draw_bonus_as_a_fan_as_base_points_or_nothing() -> None:
    hand = {"hand": "123m456m789m234p55p", "win_tile": "5p", "win": "tsumo"}
    fan = score(**hand, base_points=6)
    assert fan["fan"] == 2 and fan["value"] == 12 and fan["self_draw_bonus"] == 0
    base = score(**hand, base_points=6, self_draw_bonus="base")
    assert base["fan"] == 1 and base["value"] == 6 + 6 and base["self_draw_bonus"] == 6
    none = score(**hand, base_points=6, self_draw_bonus="none")
    assert none["fan"] == 1 and none["value"] == 6
    assert score(**hand, self_draw_bonus="base", **POINTS)["value"] == 1 + 1


# ── the cap ──────────────────────────────────────────────────────────────────────────────────


def test_the_cap_shows_where_it_bit() -> None:
    big = {"hand": "11113333m557799m", "win_tile": "9m", "win": "tsumo"}  # 清龙七对 6 + 根 1 + 自摸 1
    capped = score(**big)
    assert capped["fan"] == 8 and capped["counted"] == 5 and capped["capped"] is True
    assert capped["value"] == 16 and "8 fan paid as 5" in capped["limit"]
    assert sum(i["value"] for i in capped["items"]) == 8  # the items keep every fan
    free = score(**big, fan_cap=0)
    assert free["counted"] == 8 and free["value"] == 128 and free["capped"] is False and free["limit"] == ""
    at_cap = score("11113355779922m", "2m", fan_cap=6, base_points=2)
    assert at_cap["fan"] == 6 and at_cap["capped"] is False and at_cap["value"] == 2 * 32
    # the additive model has no cap
    assert score(**big, **POINTS)["value"] == 4 + 1 + 1


# ── refusals ─────────────────────────────────────────────────────────────────────────────────


def test_a_hand_with_all_three_suits_is_refused() -> None:
    r = score("123m456p789s11m55p", "1m")
    assert r["valid"] is False and "缺一门" in r["reason"]
    r = score("123m456m11m55p", "5p", melds=[{"type": "pon", "tiles": "777s", "from": 1}])
    assert r["valid"] is False and "缺一门" in r["reason"]


def test_the_declared_lacking_suit_is_refused() -> None:
    rules = SichuanRules()
    tiles = tuple(faces_to_tiles(parse("123m456m789m234p55p")))
    ok = score_sichuan_win(SichuanWin(tiles, (), tiles[-1], False, lacking_suit=2), rules)
    assert ok.valid
    held = score_sichuan_win(SichuanWin(tiles, (), tiles[-1], False, lacking_suit=1), rules)
    assert not held.valid and "lacking suit" in held.reason


def test_other_refusals() -> None:
    assert "not a complete hand" in score("123m456m789m235p55p", "5p")["reason"]
    assert "not a Sichuan tile" in score("123m456m789m11z555p", "5p")["reason"]
    assert (
        "no chi"
        in score("456m789m234p55p", "5p", melds=[{"type": "chi", "tiles": "123m", "from": 3}])["reason"]
    )
    assert "unknown flag" in score("123m456m789m234p55p", "5p", flags=("riichi",))["reason"]
    assert "self-draw" in score("123m456m789m234p55p", "5p", flags=("hai_di",))["reason"]
    assert "ron" in score("123m456m789m234p55p", "5p", "tsumo", flags=("qiang_gang",))["reason"]
    assert "kan" in score("123m456m789m234p55p", "5p", "tsumo", flags=("gang_shang_hua",))["reason"]
    assert "dealer" in score("123m456m789m234p55p", "5p", "tsumo", flags=("tian_hu",), seat=1)["reason"]
    assert "non-dealer" in score("123m456m789m234p55p", "5p", "tsumo", flags=("di_hu",))["reason"]
    assert "di_hu" in score("123m456m789m234p55p", "5p", "ron", flags=("di_hu",), seat=1)["reason"]
    assert (
        "dora"
        in score_situation(
            {
                "variant": "sichuan",
                "hand": "123m456m789m234p55p",
                "win_tile": "5p",
                "win": "ron",
                "dora_indicators": "1m",
            }
        )["reason"]
    )
    assert (
        "wild"
        in score_situation(
            {
                "variant": "sichuan",
                "hand": "123m456m789m234p55p",
                "win_tile": "5p",
                "win": "ron",
                "wild": "1m",
            }
        )["reason"]
    )
    assert (
        "not a sichuan ruleset"
        in score_situation(
            {
                "variant": "sichuan",
                "hand": "123m456m789m234p55p",
                "win_tile": "5p",
                "win": "ron",
                "ruleset": "riichi-online",
            }
        )["reason"]
    )
    assert "ruleset" in score("123m456m789m234p55p", "5p", fan_cap=99)["reason"]
    meld = Meld(MeldType.PON, tuple(faces_to_tiles(parse("777s"))), from_seat=1)
    tiles = tuple(faces_to_tiles(parse("123m456m11m55p")))
    assert not score_sichuan_win(SichuanWin(tiles, (meld,), tiles[0], False), SichuanRules()).valid


# ── tilehouse score ──────────────────────────────────────────────────────────────────────────


def test_tilehouse_score_scores_sichuan_situations() -> None:
    lines = [
        {"variant": "sichuan", "id": "a", "hand": "11113333m557799m", "win_tile": "9m", "win": "tsumo"},
        {
            "variant": "sichuan",
            "id": "b",
            "hand": "123m456m789m11p",
            "win_tile": "1p",
            "win": "tsumo",
            "melds": [{"type": "closed_kan", "tiles": "5555p"}],
            "flags": ["gang_shang_hua"],
            "ruleset": "sichuan-chengdu",
        },
        {"variant": "sichuan", "id": "c", "hand": "123m456p789s11m55p", "win_tile": "1m", "win": "ron"},
    ]
    text = "\n".join(json.dumps(line) for line in lines)
    out = subprocess.run(
        [sys.executable, "-m", "engine.cli", "score", "-", "--json"],
        input=text,
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    results = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["id"] for r in results] == ["a", "b", "c"]
    assert results[0]["fan"] == 8 and results[0]["value"] == 16 and results[0]["capped"]
    assert results[1]["model"] == "points" and results[1]["fan"] == 1 + 1 + 2 and results[1]["value"] == 4
    assert results[2]["valid"] is False
    readable = subprocess.run(
        [sys.executable, "-m", "engine.cli", "score", "-"],
        input=text,
        capture_output=True,
        text=True,
        check=False,
    )
    assert readable.returncode == 0 and "清龙七对" in readable.stdout and "缺一门" in readable.stdout


COMBINATIONS = [
    # (situation, fan total, points total)
    (
        {
            "hand": "333m555m777m99m",
            "win_tile": "9m",
            "win": "tsumo",
            "flags": ("gang_shang_hua", "hai_di"),
            "melds": [{"type": "closed_kan", "tiles": "1111m"}],
        },
        4 + 1 + 1 + 1 + 1,  # 清对, 根, 杠上花, 海底, 自摸
        4 + 1 + 2 + 1 + 1,
    ),
    ({"hand": "222m555m888m222p55p", "win_tile": "5p", "flags": ("qiang_gang",)}, 4 + 1, 4 + 1),  # 将对, 抢杠
    ({"hand": "111m123m789m789p99p", "win_tile": "9p", "flags": ("gang_shang_pao",)}, 3 + 1 + 1, 3 + 1),
    ({"hand": "11223355667799m", "win_tile": "9m", "win": "tsumo"}, 5 + 1, 3 + 1),  # 清七对, 自摸
    (
        {"hand": "1111m3333p557799p", "win_tile": "9p", "win": "tsumo", "flags": ("hai_di",)},
        5 + 1 + 1 + 1,
        4 + 1 + 1 + 1,
    ),
]


@pytest.mark.parametrize(("situation", "fan", "points"), COMBINATIONS)
def test_combinations_in_both_models(situation: dict[str, Any], fan: int, points: int) -> None:
    args = dict(situation)
    hand, win_tile = args.pop("hand"), args.pop("win_tile")
    in_fan = score(hand, win_tile, **args, **NO_CAP)
    in_points = score(hand, win_tile, **args, **POINTS)
    assert in_fan["valid"] and in_points["valid"], (in_fan, in_points)
    assert in_fan["fan"] == fan and in_fan["value"] == 2 ** (fan - 1)
    assert in_points["fan"] == points and in_points["value"] == points
    assert sum(i["value"] for i in in_fan["items"]) == fan
