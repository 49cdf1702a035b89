"""Lingxi 台: the three worked examples of the text, and every base and added item (acceptance item 2)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engine.families.lingxi.scoring import (
    MeldKinds,
    Tai,
    TaiHand,
    WinContext,
    best_self_drawn,
    caishen_pon_bonus,
    score_base,
    score_hua_hu,
    score_sha_zhu,
    score_win,
)
from engine.families.lingxi.situation import score_lingxi
from engine.families.lingxi.wilds import kind_tile, wild_spec
from engine.melds import MeldType
from engine.rules.lingxi import LingxiRules
from engine.situation import score_situation
from engine.tiles import parse

RULES = LingxiRules()
REGIONAL = RULES.with_changes(double_from=10, sha_zhu_hu_tai=(20, 26, 52), hua_hu_tai=100)


def k(text: str) -> list[int]:
    return [f.kind for f in parse(text)]


def spec(wild: str, mode: str = "group") -> object:
    a, b = k(wild)
    return wild_spec(kind_tile(a), kind_tile(b, 1 if a == b else 0), mode)


def meld(kind: str, text: str) -> MeldKinds:
    return MeldKinds(MeldType(kind), tuple(sorted(k(text))))


def th(
    hand: str,
    melds: Sequence[MeldKinds] = (),
    flowers: str = "",
    *,
    seat: int = 1,
    wild: str = "9s9s",
    mode: str = "group",
) -> TaiHand:
    w = spec(wild, mode)
    return TaiHand(tuple(k(hand)), tuple(melds), tuple(k(flowers)), 27 + seat, w)  # type: ignore[arg-type]


def ron(win: str, **flags: bool) -> WinContext:
    return WinContext(win_kind=k(win)[0], self_drawn=False, **flags)


def tsumo(win: str, **flags: bool) -> WinContext:
    return WinContext(win_kind=k(win)[0], self_drawn=True, **flags)


def items(tai: Tai | None) -> dict[str, int]:
    assert tai is not None
    out: dict[str, int] = {}
    for item in tai.items:
        out[item.key] = out.get(item.key, 0) + item.value
    return out


def win(hand: TaiHand, ctx: WinContext, rules: LingxiRules = RULES) -> Tai:
    tai = score_win(hand, ctx, rules)
    assert tai is not None, "not a winning hand"
    assert tai.tai == sum(i.value for i in tai.items)
    return tai


# ── the three worked examples ──────────────────────────────────────────────────────────────────


def test_example_dui_dui_hu_three_suit_caishen_hui_flowers_and_whites_is_56() -> None:
    """对对胡 + three identical suit-kind 财神 + 财神汇 + two of a flower group + two 白板 = 28 → 56."""
    hand = th("555m111999p222777s88s", flowers="12f55z", wild="5m3p")
    tai = win(hand, ron("8s"))
    assert items(tai) == {
        "dui_dui_hu": 7,
        "caishen": 8,
        "caishen_hui": 7,
        "flowers_season": 3,
        "white_dragons": 3,
    }
    assert (tai.tai, tai.final, tai.doubled) == (28, 56, True)


def test_example_ping_hu_is_13_doubled_to_26() -> None:
    tai = win(th("123456789m123p456s77p"), ron("7p"))
    assert items(tai) == {"ping_hu": 13}
    assert (tai.tai, tai.final) == (13, 26)


def test_example_non_winner_two_suit_caishen_four_flowers_later_one_white_is_16() -> None:
    """A non-winner: two identical suit-kind 财神 5, four of a flower group collected later 10, one 白板 1."""
    tai = score_base(th("55m123789m456p11789s", flowers="1234f5z", wild="5m3p"))
    assert items(tai) == {"caishen": 5, "flowers_season": 10, "white_dragons": 1}
    assert (tai.tai, tai.final, tai.kind) == (16, 16, "base")  # not doubled: 16, not 32


def test_examples_through_tilehouse_score() -> None:
    first = score_lingxi(
        {
            "variant": "lingxi",
            "hand": "555m111999p222777s88s",
            "win_tile": "8s",
            "win": "ron",
            "wild": "5m3p",
            "seat": 1,
            "flowers": "12f55z",
        }
    )
    assert (first["valid"], first["tai"], first["final_tai"], first["doubled"]) == (True, 28, 56, True)
    assert first["payments"] == {"from_dealer": 112, "from_each": 56}
    second = score_situation(
        {
            "variant": "lingxi",
            "hand": "123456789m123p456s77p",
            "win_tile": "7p",
            "win": "ron",
            "wild": "1z2z",
            "seat": 2,
        }
    )
    assert (second["tai"], second["final_tai"]) == (13, 26)
    third = score_lingxi(
        {
            "variant": "lingxi",
            "hand": "55m123789m456p11789s",
            "win": None,
            "wild": "5m3p",
            "seat": 1,
            "flowers": "1234f5z",
        }
    )
    assert (third["valid"], third["kind"], third["tai"], third["final_tai"]) == (True, "base", 16, 16)
    assert "payments" not in third


# ── base 台 ────────────────────────────────────────────────────────────────────────────────────


def test_pons_of_the_own_wind_and_of_red_and_green_count_one() -> None:
    hand = th(
        "123m", [meld("pon", "222z"), meld("pon", "666z"), meld("pon", "777z"), meld("pon", "333z")], seat=1
    )
    tai = score_base(hand)
    assert items(tai) == {"seat_wind_pon": 1, "dragon_pon": 2}  # 南 own wind; 西 is not; 发 中


def test_concealed_triplets_count_for_a_non_winner_too() -> None:
    assert items(score_base(th("222z777z123456789m1p", seat=1))) == {"seat_wind_pon": 1, "dragon_pon": 1}


def test_kans_open_three_concealed_four_plus_one_for_own_wind_or_dragon() -> None:
    melds = [
        meld("open_kan", "1111m"),
        meld("closed_kan", "2222p"),
        meld("added_kan", "3333s"),
        meld("closed_kan", "6666z"),
        meld("open_kan", "1111z"),
    ]
    tai = score_base(th("5p", melds, seat=0))
    assert items(tai) == {"open_kan": 3 + 3 + 3, "concealed_kan": 4 + 4, "honor_kan": 2}
    # a kan is not also counted as a pon of the own wind
    assert "seat_wind_pon" not in items(tai)
    assert items(score_base(th("5p", [meld("open_kan", "4444z")], seat=0))) == {"open_kan": 3}


@pytest.mark.parametrize(("flowers", "value"), [("1f", 1), ("12f", 3), ("123f", 5), ("1234f", 10)])
def test_flowers_of_a_group(flowers: str, value: int) -> None:
    assert items(score_base(th("1m", flowers=flowers))) == {"flowers_season": value}


def test_flower_groups_count_separately_and_white_is_a_group() -> None:
    tai = score_base(th("1m", flowers="15f55z"))
    assert items(tai) == {"flowers_season": 1, "flowers_plant": 1, "white_dragons": 3}
    assert items(score_base(th("1m", flowers="5555z"))) == {"white_dragons": 10}


def test_four_flowers_dealt_are_a_concealed_kan_of_13() -> None:
    tai = score_base(th("1m", [meld("closed_kan", "5678f")]))
    assert items(tai) == {"flowers_plant": 13}
    whites = MeldKinds(MeldType.CLOSED_KAN, (31, 31, 31, 31))
    assert items(score_base(th("1m", [whites]))) == {"white_dragons": 13}


@pytest.mark.parametrize(
    ("wild", "hand", "value"),
    [
        ("5m3p", "5m", 2),
        ("5m3p", "55m", 5),
        ("5m3p", "555m", 8),
        ("5m3p", "555m3p", 10),
        ("1z3p", "1z", 3),
        ("1z3p", "11z", 7),
        ("1z3p", "111z", 11),
        ("5z3p", "55z", 7),  # a shown 白板: an honour kind
        ("1f3p", "2f", 3),
        ("1f3p", "234f", 11),  # a shown 春: 夏秋冬 are three identical 财神
        ("5m5m", "5m", 7),
        ("5m5m", "55m", 15),
        ("1z1z", "11z", 15),
        ("1f2f", "34f", 15),
    ],
)
def test_caishen_held(wild: str, hand: str, value: int) -> None:
    assert items(score_base(th(hand, wild=wild)))["caishen"] == value


def test_caishen_completing_pons_of_own_wind_or_dragons_for_non_winners() -> None:
    # 发 pair and 中 pair: one 财神 → 1, two → 2 (each 财神 once)
    assert items(score_base(th("66z77z5m1p", wild="5m3p")))["caishen_pon"] == 1
    assert items(score_base(th("66z77z55m", wild="5m3p")))["caishen_pon"] == 2
    assert items(score_base(th("2z55m1p", wild="5m3p", seat=1)))["caishen_pon"] == 2  # a single + two
    assert "caishen_pon" not in items(score_base(th("2z5m1p", wild="5m3p", seat=1)))
    assert "caishen_pon" not in items(score_base(th("3z5m1p", wild="5m3p", seat=1)))  # 西 is not own
    assert caishen_pon_bonus([0] * 27 + [0, 1, 0, 0, 0, 2, 2], 5, 28) == 4


def test_winners_do_not_get_the_caishen_pon_item() -> None:
    hand = th("66z77z123456m123p789s5m", wild="5m8s")  # the 5m completes a pon of 中 or 发
    tai = win(hand, ron("9s"))
    assert "caishen_pon" not in items(tai) and items(tai)["dragon_pon"] == 1


# ── added 台 ───────────────────────────────────────────────────────────────────────────────────

BASE = "123456m234789p111s55s"  # four runs, a pon of 1s and a pair: only 硬打硬 (7)


def test_zi_mo_one() -> None:
    assert items(win(th(BASE), tsumo("5s"))) == {"zi_mo": 1, "ying_da_ying": 7}


def test_gang_kai_three_without_zi_mo() -> None:
    hand = th("123456m234789p55s", [meld("closed_kan", "1111s")])
    expected = {"gang_kai": 3, "concealed_kan": 4, "ying_da_ying": 7}
    assert items(win(hand, tsumo("5s", gang_kai=True))) == expected


def test_qiang_gang_three() -> None:
    assert items(win(th(BASE), ron("5s", qiang_gang=True))) == {"qiang_gang": 3, "ying_da_ying": 7}


def test_hai_di_three_without_zi_mo() -> None:
    assert items(win(th(BASE), tsumo("5s", hai_di=True))) == {"hai_di": 3, "ying_da_ying": 7}


def test_hun_yi_se_and_qing_yi_se() -> None:
    assert items(win(th("123456789m456m111m22z"), ron("2z")))["hun_yi_se"] == 7
    qing = items(win(th("123456789m111234m55m"), ron("5m")))
    assert qing["qing_yi_se"] == 13 and "hun_yi_se" not in qing
    assert "hun_yi_se" not in items(win(th(BASE), ron("5s")))


def test_hun_yi_se_counts_melds() -> None:
    hand = th("123m789m22z", [meld("chi", "456m"), meld("pon", "777m"), meld("pon", "111z")], seat=2)
    assert items(win(hand, ron("2z")))["hun_yi_se"] == 7


def test_dui_dui_hu_no_runs_and_no_chi() -> None:
    assert items(win(th("111m222p333s444m555p66s", seat=1), ron("6s")))["dui_dui_hu"] == 7
    chi = th("222p333s444m555p66s", [meld("chi", "123m")])
    assert "dui_dui_hu" not in items(win(chi, ron("6s")))


def test_ying_da_ying_no_caishen() -> None:
    assert items(win(th(BASE), ron("5s")))["ying_da_ying"] == 7
    assert "ying_da_ying" not in items(win(th("123456m234789p111s5s5m", wild="5m7z"), ron("5s")))


def test_caishen_hui_three_caishen_as_themselves() -> None:
    # 5m 5m 5m stand for 5m: a 5m pon
    hui = items(win(th("555m123p456p789s234s11s", wild="5m7z"), ron("1s")))
    assert hui["caishen_hui"] == 7
    # in runs as themselves: 456m and 345m and 567m
    runs = items(win(th("456m345m567m123p234s11s", wild="5m7z"), ron("1s")))
    assert runs.get("caishen_hui") == 7
    # none can stand for itself here (two 财神 make a pon of 5p)
    assert "caishen_hui" not in items(win(th("55m5p123p456p789s234s11s", wild="5m7z"), ron("1s")))


def test_caishen_hui_needs_a_kind_that_can_stand_for_itself() -> None:
    # 白板 财神 can never stand for 白板, flower 财神 never for a flower
    assert "caishen_hui" not in items(win(th("555z123p456p789s234s11s", wild="5z8s"), ron("1s")))
    assert "caishen_hui" not in items(win(th("234f123p456p789s234s11s", wild="1f8s"), ron("1s")))


def test_dan_diao_one_tile_left() -> None:
    melds = [
        meld("pon", "111m"),
        meld("pon", "222p"),
        meld("chi", "345s"),
        meld("pon", "777s"),
        meld("chi", "678m"),
    ]
    assert items(win(th("4p4p", melds), ron("4p")))["dan_diao"] == 13
    assert items(win(th("5m4p", melds, wild="5m3p"), ron("4p")))["dan_diao"] == 7  # the held tile a 财神
    # the held tile is not a 财神, the drawn one is
    assert items(win(th("4p5m", melds, wild="5m3p"), tsumo("5m")))["dan_diao"] == 13


WIND_PONS = [meld("pon", "111z"), meld("pon", "222z"), meld("pon", "333z")]


def test_si_feng_qi() -> None:
    three_and_pair = th("44z123m", [*WIND_PONS, meld("chi", "456m")])
    assert items(win(three_and_pair, ron("4z")))["si_feng_qi"] == 13
    four = th("55p123m", [*WIND_PONS, meld("pon", "444z")])
    assert items(win(four, ron("5p")))["si_feng_qi"] == 13
    no_pair = th("55p123m", [*WIND_PONS, meld("chi", "456m")])
    assert "si_feng_qi" not in items(win(no_pair, ron("5p")))


def test_si_feng_qi_with_a_caishen_used_as_the_wind() -> None:
    hand = th("4z5m123m", [*WIND_PONS, meld("chi", "456m")], wild="5m3p")
    assert items(win(hand, ron("4z")))["si_feng_qi"] == 13  # the 5m stands for 北 in the pair
    # a wind 财神 must be used as that wind: 北 财神 standing for 北 counts
    hand2 = th("44z123m", [*WIND_PONS, meld("chi", "456m")], wild="4z3p")
    assert items(win(hand2, ron("1m")))["si_feng_qi"] == 13


def test_ping_hu_flat_13_unless_items_add_up_to_more() -> None:
    assert items(win(th("123456789m123p456s77p"), tsumo("7p"))) == {"ping_hu": 13}  # not 14
    pure = items(win(th("123456789m234567m88m"), ron("8m")))
    assert pure == {"qing_yi_se": 13, "ying_da_ying": 7}  # 20 beats the flat 13
    flat = items(win(th("123456789m234567m88m"), ron("8m"), RULES.with_changes(ping_hu="flat")))
    assert flat == {"ping_hu": 13}
    assert items(win(th("123456789m234567m11z"), ron("1z"))) == {"hun_yi_se": 7, "ying_da_ying": 7}
    # a pon, a flower or a 财神 is not 平胡
    assert "ping_hu" not in items(win(th("123456789m123p777s77p"), ron("7p")))
    assert "ping_hu" not in items(win(th("123456789m123p456s77p", flowers="1f"), ron("7p")))


def test_tian_hu_and_di_hu() -> None:
    tian = items(win(th(BASE, seat=0), tsumo("5s", tian_hu=True)))
    assert tian == {"tian_hu": 13, "ying_da_ying": 7}
    di = items(win(th(BASE), ron("5s", di_hu=True)))
    assert di == {"di_hu": 13, "ying_da_ying": 7}


@pytest.mark.parametrize(
    ("hand", "wilds", "value"),
    [
        ("555m7z123p456p789s234s1s", 4, 13),
        ("555m77z123p456p789s23s1s", 5, 26),
        ("555m777z123p456p789s11s", 6, 52),
    ],
)
def test_sha_zhu_hu(hand: str, wilds: int, value: int) -> None:
    tai = win(th(hand, wild="5m7z"), ron("1s"))
    assert items(tai)["sha_zhu_hu"] == value
    regional = items(win(th(hand, wild="5m7z"), ron("1s"), REGIONAL))["sha_zhu_hu"]
    assert regional == (20, 26, 52)[wilds - 4]


def test_sha_zhu_hu_with_one_kind_shown_twice_is_two_caishen() -> None:
    assert items(win(th("55m123p456p789s234s11s1m", wild="5m5m"), ron("1m")))["sha_zhu_hu"] == 13


def test_all_eight_flowers_at_a_win() -> None:
    assert items(win(th(BASE, flowers="12345678f"), ron("5s")))["eight_flowers"] == 52


# ── 杀猪, 花胡, doubling, readings ─────────────────────────────────────────────────────────────


def test_sha_zhu_flat_13_doubled_any_shape() -> None:
    hand = th("555m3p147m159p268s1357z", wild="5m3p")
    assert score_win(hand, tsumo("3p"), RULES) is None
    tai = score_sha_zhu(hand, RULES)
    assert tai is not None and items(tai) == {"sha_zhu": 13} and (tai.tai, tai.final) == (13, 26)
    best = best_self_drawn(hand, tsumo("3p"), RULES)
    assert best is not None and best.kind == "sha_zhu"
    assert score_sha_zhu(th("55m3p147m159p268s13577z", wild="5m3p"), RULES) is None  # two identical only
    assert score_sha_zhu(th("55m147m159p268s135677z", wild="5m5m"), RULES) is not None  # both shown 5m


def test_a_normal_win_beats_sha_zhu_when_it_is_worth_more() -> None:
    hand = th("555m7z123p456p789s234s1s", wild="5m7z")
    best = best_self_drawn(hand, tsumo("1s"), RULES)
    assert best is not None and best.kind == "win" and items(best)["sha_zhu_hu"] == 13


def test_hua_hu_52_flat() -> None:
    hand = th("123m", flowers="12345678f")
    tai = score_hua_hu(hand, RULES)
    assert tai is not None and items(tai) == {"hua_hu": 52} and tai.final == 104
    assert score_hua_hu(th("123m", flowers="1234567f"), RULES) is None
    regional = score_hua_hu(hand, REGIONAL)
    assert regional is not None and regional.tai == 100


def test_doubling_threshold() -> None:
    twelve = win(th(BASE, flowers="123f"), ron("5s"))  # 7 + 5 = 12
    assert (twelve.tai, twelve.final) == (12, 12)
    thirteen = win(th(BASE, flowers="123f"), tsumo("5s"))  # + 自摸 = 13
    assert (thirteen.tai, thirteen.final) == (13, 26)
    ten = win(th(BASE, flowers="12f"), ron("5s"), REGIONAL)
    assert (ten.tai, ten.final) == (10, 20)


def test_the_highest_reading_counts() -> None:
    # 111222333m: three pons (对对胡 with the rest) or three runs; the pons read higher
    tai = win(th("111222333m444p555s66s"), ron("6s"))
    assert items(tai) == {"dui_dui_hu": 7, "ying_da_ying": 7}
    # three 财神: as a 中 pon (1) or as themselves (财神汇 7): 财神汇 wins
    wilds = items(win(th("555m123p456p789s234s11s", wild="5m7z"), ron("1s")))
    assert "caishen_hui" in wilds and "dragon_pon" not in wilds


def test_caishen_stand_for_any_tile_but_not_white() -> None:
    # 5m 财神 with a pair of 3s: complete; a hand needing 白板 cannot use a 财神 as one (no 白 anywhere)
    assert win(th("5m123p456p789s123s234s3s", wild="5m7z"), ron("3s"))
    hand = th("555m123p456p789s234s11s", wild="5m7z")
    tai = win(hand, ron("1s"))
    assert tai.reading is not None and 31 not in tai.reading.wild_kinds
