"""Hand-written checks of riichi win evaluation (engine.families.riichi.scoring)."""

from __future__ import annotations

import doctest
from collections.abc import Iterable, Sequence

import pytest
from mahjong.constants import AKA_DORAS

import engine.families.riichi.scoring as scoring
from engine.families.riichi.scoring import TENHOU_YAKU_KEYS, RiichiScore, RiichiWin, score_riichi_win
from engine.melds import Meld, MeldType
from engine.rules.riichi import RiichiRules
from engine.tiles import EAST, RED_FIVE_TILES, SOUTH, faces_to_tiles, kind_of, parse

RULES = RiichiRules()


def make_win(
    hand: str,
    win_tile: str,
    *,
    melds: Sequence[tuple[MeldType, str]] = (),
    tsumo: bool = False,
    seat: int = 1,
    round_wind: int = EAST,
    flags: Iterable[str] = (),
    dora: str = "",
    ura: str = "",
    honba: int = 0,
    sticks: int = 0,
) -> RiichiWin:
    """A win from mpsz text; ``hand`` includes the winning tile, ``seat`` 0 is the dealer."""
    groups = [parse(hand)] + [parse(tiles) for _, tiles in melds] + [parse(dora), parse(ura)]
    ids = faces_to_tiles([face for group in groups for face in group])
    split: list[tuple[int, ...]] = []
    for group in groups:
        split.append(tuple(ids[: len(group)]))
        ids = ids[len(group) :]
    concealed = split[0]
    (win_face,) = parse(win_tile)
    candidates = [t for t in concealed if kind_of(t) == win_face.kind]
    exact = [t for t in candidates if (t in RED_FIVE_TILES) == win_face.red]
    built = []
    for (meld_type, _), tiles in zip(melds, split[1:-2], strict=True):
        ordered = tuple(sorted(tiles))
        if meld_type is MeldType.CLOSED_KAN:
            built.append(Meld(meld_type, ordered))
        else:
            added = ordered[-1] if meld_type is MeldType.ADDED_KAN else None
            built.append(Meld(meld_type, ordered, called=ordered[0], from_seat=(seat + 3) % 4, added=added))
    return RiichiWin(
        concealed=concealed,
        melds=tuple(built),
        win_tile=(exact or candidates)[0],
        tsumo=tsumo,
        seat_wind=EAST + seat,
        round_wind=round_wind,
        flags=frozenset(flags),
        dora_indicators=split[-2],
        ura_indicators=split[-1],
        honba=honba,
        riichi_sticks=sticks,
    )


def keys(score: RiichiScore) -> dict[str, int]:
    return {item.key: item.value for item in score.items}


# a closed, pinfu-shaped tanyao hand winning on 4s (two-sided wait on 56s)
TANYAO_PINFU = "234m34588p456678s"


def test_doctests() -> None:
    failures, tests = doctest.testmod(scoring)
    assert tests > 0 and failures == 0


def test_red_fives_are_the_packages() -> None:
    assert frozenset(AKA_DORAS) == frozenset(RED_FIVE_TILES)


def test_tenhou_yaku_ids_cover_the_table() -> None:
    assert sorted(TENHOU_YAKU_KEYS) == list(range(55))
    assert TENHOU_YAKU_KEYS[1] == "riichi" and TENHOU_YAKU_KEYS[54] == "aka_dora"


def test_pinfu_tsumo_is_20_fu() -> None:
    score = score_riichi_win(make_win("234789m12345666p", "6p", tsumo=True), RULES)
    assert score.valid and score.reason is None
    assert (score.han, score.fu, score.limit) == (2, 20, "")
    assert keys(score) == {"menzen_tsumo": 1, "pinfu": 1}
    assert [(i.key, i.value) for i in score.fu_items] == [("base", 20)]
    assert (score.tsumo_dealer_payment, score.tsumo_payment, score.ron_payment) == (700, 400, 0)
    assert score.points == 1500


def test_pinfu_ron_is_30_fu() -> None:
    score = score_riichi_win(make_win(TANYAO_PINFU, "4s"), RULES)
    assert (score.han, score.fu, score.points, score.ron_payment) == (2, 30, 2000, 2000)
    assert keys(score) == {"pinfu": 1, "tanyao": 1}


def test_chiitoitsu_is_25_fu() -> None:
    score = score_riichi_win(make_win("1133557799m1122p", "2p", seat=2), RULES)
    assert (score.han, score.fu, score.points) == (2, 25, 1600)
    assert keys(score) == {"chiitoitsu": 2}
    assert [(i.key, i.value) for i in score.fu_items] == [("base", 25)]
    dealer = score_riichi_win(make_win("1133557799m1122p", "2p", seat=0), RULES)
    assert dealer.points == 2400


def test_yakuman() -> None:
    score = score_riichi_win(make_win("123m44p555666777z", "7z"), RULES)
    assert (score.yakuman, score.limit, score.han, score.fu, score.points) == (1, "yakuman", 13, 0, 32000)
    assert keys(score) == {"daisangen": 13} and score.fu_items == ()
    dealer_tsumo = score_riichi_win(make_win("123m44p555666777z", "7z", seat=0, tsumo=True), RULES)
    assert (dealer_tsumo.points, dealer_tsumo.tsumo_payment, dealer_tsumo.tsumo_dealer_payment) == (
        48000,
        16000,
        0,
    )
    # yakuman ignore dora
    with_dora = score_riichi_win(make_win("123m44p555666777z", "7z", dora="3p"), RULES)
    assert keys(with_dora) == {"daisangen": 13}


def test_double_yakuman_toggle() -> None:
    win = make_win("19m19p19s12345677z", "7z")  # thirteen-sided kokushi
    single = score_riichi_win(win, RULES)
    assert (single.yakuman, single.points, single.limit) == (1, 32000, "yakuman")
    assert keys(single) == {"kokushi_13": 13}
    double = score_riichi_win(win, RULES.model_copy(update={"double_yakuman": True}))
    assert (double.yakuman, double.points, double.limit) == (2, 64000, "double yakuman")
    assert keys(double) == {"kokushi_13": 26}
    # two different yakuman add up under either rule
    both = score_riichi_win(make_win("111222333444z55m", "5m", tsumo=True), RULES)
    assert keys(both) == {"suuankou_tanki": 13, "daisuushii": 13}
    assert (both.yakuman, both.limit, both.points) == (2, "double yakuman", 64000)


def test_kazoe_limits() -> None:
    # riichi, ippatsu, menzen tsumo, pinfu, ryanpeikou, chinitsu = 13 han
    win = make_win("11223344556677m", "7m", tsumo=True, flags={"riichi", "ippatsu"})
    kazoe = score_riichi_win(win, RULES)
    assert (kazoe.han, kazoe.yakuman, kazoe.limit, kazoe.points) == (13, 0, "kazoe yakuman", 32000)
    assert (kazoe.tsumo_dealer_payment, kazoe.tsumo_payment) == (16000, 8000)
    capped = score_riichi_win(win, RULES.model_copy(update={"kazoe_limit": "sanbaiman"}))
    assert (capped.limit, capped.points) == ("sanbaiman", 24000)
    unlimited = score_riichi_win(win, RULES.model_copy(update={"kazoe_limit": "none"}))
    assert (unlimited.limit, unlimited.points) == ("kazoe yakuman", 32000)


def test_limits_below_yakuman() -> None:
    # riichi 1, pinfu 1, tanyao 1 + dora
    ron = [
        score_riichi_win(make_win(TANYAO_PINFU, "4s", flags={"riichi"}, dora=d), RULES) for d in ("", "1m")
    ]
    assert [(s.han, s.limit, s.points) for s in ron] == [(3, "", 3900), (4, "", 7700)]
    assert (
        score_riichi_win(make_win(TANYAO_PINFU, "4s", flags={"riichi"}, dora="1m3p"), RULES).limit == "mangan"
    )
    haneman = score_riichi_win(make_win(TANYAO_PINFU, "4s", flags={"riichi"}, dora="1m3p7p"), RULES)
    assert (haneman.han, haneman.limit, haneman.points) == (7, "haneman", 12000)


def test_kiriage_toggle() -> None:
    win = make_win(TANYAO_PINFU, "4s", flags={"riichi"}, dora="1m")  # 4 han 30 fu
    plain = score_riichi_win(win, RULES)
    assert (plain.han, plain.fu, plain.points, plain.limit) == (4, 30, 7700, "")
    kiriage = RULES.model_copy(update={"kiriage": True})
    rounded = score_riichi_win(win, kiriage)
    assert (rounded.points, rounded.limit) == (8000, "kiriage mangan")
    dealer = make_win(TANYAO_PINFU, "4s", flags={"riichi"}, dora="1m", seat=0)
    assert score_riichi_win(dealer, RULES).points == 11600
    assert score_riichi_win(dealer, kiriage).points == 12000


def test_dealer_and_non_dealer_payments() -> None:
    # riichi, menzen tsumo, pinfu, tanyao: 4 han 20 fu
    child = score_riichi_win(make_win(TANYAO_PINFU, "4s", tsumo=True, flags={"riichi"}), RULES)
    assert (child.han, child.fu) == (4, 20)
    assert (child.tsumo_dealer_payment, child.tsumo_payment, child.ron_payment, child.points) == (
        2600,
        1300,
        0,
        5200,
    )
    dealer = score_riichi_win(make_win(TANYAO_PINFU, "4s", seat=0, tsumo=True, flags={"riichi"}), RULES)
    assert (dealer.tsumo_dealer_payment, dealer.tsumo_payment, dealer.points) == (0, 2600, 7800)
    dealer_ron = score_riichi_win(make_win(TANYAO_PINFU, "4s", seat=0, flags={"riichi"}), RULES)
    assert (dealer_ron.ron_payment, dealer_ron.points, dealer_ron.tsumo_payment) == (5800, 5800, 0)


def test_honba_and_riichi_sticks_are_on_top() -> None:
    score = score_riichi_win(make_win(TANYAO_PINFU, "4s", flags={"riichi"}, honba=2, sticks=3), RULES)
    assert (score.points, score.ron_payment) == (3900, 3900)
    assert (score.honba_bonus, score.sticks_bonus, score.total) == (600, 3000, 7500)


def test_open_tanyao_toggle() -> None:
    win = make_win("34588p456678s", "4s", melds=[(MeldType.CHI, "234m")])
    score = score_riichi_win(win, RULES)
    assert (score.han, score.fu, score.points) == (1, 30, 1000)
    assert keys(score) == {"tanyao": 1}
    assert ("hand_without_fu", 2) in [(i.key, i.value) for i in score.fu_items]
    closed_only = score_riichi_win(win, RULES.model_copy(update={"open_tanyao": False}))
    assert not closed_only.valid and closed_only.reason and "no yaku" in closed_only.reason


def test_no_yaku_is_invalid_even_with_dora() -> None:
    # kanchan 3s on 24s, terminals in the hand: no pinfu, no tanyao
    score = score_riichi_win(make_win("123m456p789s23488s", "3s", dora="1s"), RULES)
    assert not score.valid
    assert score.reason == "no yaku (dora alone is not a yaku)"
    assert (score.han, score.points, score.items) == (0, 0, ())


def test_incomplete_hand_is_invalid() -> None:
    score = score_riichi_win(make_win("123m456p789s23489s", "9s"), RULES)
    assert not score.valid and score.reason == "not a complete hand"


def test_dora_red_fives_and_ura() -> None:
    win = make_win("234m34088p456678s", "4s", flags={"riichi"}, dora="1m3p", ura="3m")
    score = score_riichi_win(win, RULES)
    assert keys(score) == {"riichi": 1, "pinfu": 1, "tanyao": 1, "dora": 2, "aka_dora": 1, "ura_dora": 1}
    assert score.items[-3:] == (
        scoring.ScoreItem("dora", "Dora", 2),
        scoring.ScoreItem("aka_dora", "Red five", 1),
        scoring.ScoreItem("ura_dora", "Ura dora", 1),
    )
    no_red = score_riichi_win(win, RULES.model_copy(update={"red_fives": False}))
    assert "aka_dora" not in keys(no_red)
    no_ura = score_riichi_win(win, RULES.model_copy(update={"ura_dora": False}))
    assert "ura_dora" not in keys(no_ura)
    # ura dora count only with riichi
    dama = make_win("234m34088p456678s", "4s", tsumo=True, dora="1m3p", ura="3m")
    assert "ura_dora" not in keys(score_riichi_win(dama, RULES))


def test_kan_dora_toggles_use_only_the_first_indicator() -> None:
    win = make_win(TANYAO_PINFU, "4s", flags={"riichi"}, dora="7z1m", ura="7z3p")
    assert keys(score_riichi_win(win, RULES))["dora"] == 1
    assert keys(score_riichi_win(win, RULES))["ura_dora"] == 1
    off = RULES.model_copy(update={"kan_dora": False, "kan_ura_dora": False})
    assert {"dora", "ura_dora"}.isdisjoint(keys(score_riichi_win(win, off)))


def test_situational_flags() -> None:
    double = score_riichi_win(make_win(TANYAO_PINFU, "4s", flags={"double_riichi", "ippatsu"}), RULES)
    assert keys(double) == {"double_riichi": 2, "ippatsu": 1, "pinfu": 1, "tanyao": 1}
    rinshan = score_riichi_win(
        make_win(
            "234m34588p678s", "5p", tsumo=True, melds=[(MeldType.CLOSED_KAN, "4444s")], flags={"rinshan"}
        ),
        RULES,
    )
    assert {"rinshan", "menzen_tsumo", "tanyao"} <= set(keys(rinshan))
    assert ("closed_kan", 16) in [(i.key, i.value) for i in rinshan.fu_items]
    houtei = score_riichi_win(make_win(TANYAO_PINFU, "4s", flags={"houtei"}), RULES)
    assert keys(houtei)["houtei"] == 1
    chankan = score_riichi_win(make_win(TANYAO_PINFU, "4s", flags={"chankan"}), RULES)
    assert keys(chankan)["chankan"] == 1
    haitei = score_riichi_win(make_win(TANYAO_PINFU, "4s", tsumo=True, flags={"haitei"}), RULES)
    assert keys(haitei)["haitei"] == 1
    tenhou = score_riichi_win(make_win(TANYAO_PINFU, "4s", seat=0, tsumo=True, flags={"tenhou"}), RULES)
    assert (tenhou.yakuman, tenhou.points, keys(tenhou)) == (1, 48000, {"tenhou": 13})
    chiihou = score_riichi_win(make_win(TANYAO_PINFU, "4s", seat=2, tsumo=True, flags={"chiihou"}), RULES)
    assert (chiihou.yakuman, chiihou.points) == (1, 32000)


@pytest.mark.parametrize(
    ("flags", "tsumo", "seat", "reason"),
    [
        ({"ippatsu"}, False, 1, "ippatsu needs riichi or double riichi"),
        ({"haitei"}, False, 1, "haitei is a tsumo, not a ron"),
        ({"houtei"}, True, 1, "houtei is a ron, not a tsumo"),
        ({"rinshan"}, False, 1, "rinshan is a tsumo, not a ron"),
        ({"chankan"}, True, 1, "chankan is a ron, not a tsumo"),
        ({"tenhou"}, True, 1, "tenhou is for the dealer only"),
        ({"chiihou"}, True, 0, "chiihou is for non-dealers only"),
        ({"nagashi"}, False, 1, "unknown flag(s): nagashi"),
    ],
)
def test_impossible_flags_are_invalid(flags: set[str], tsumo: bool, seat: int, reason: str) -> None:
    score = score_riichi_win(make_win(TANYAO_PINFU, "4s", tsumo=tsumo, seat=seat, flags=flags), RULES)
    assert not score.valid
    assert score.reason and score.reason.startswith(reason)


def test_riichi_needs_a_closed_hand() -> None:
    win = make_win("34588p456678s", "4s", melds=[(MeldType.CHI, "234m")], flags={"riichi"})
    assert score_riichi_win(win, RULES).reason == "riichi needs a closed hand"


def test_renhou_toggle() -> None:
    win = make_win(TANYAO_PINFU, "4s", flags={"renhou"})
    assert "renhou" not in keys(score_riichi_win(win, RULES))  # "none": the flag is ignored
    mangan = score_riichi_win(win, RULES.model_copy(update={"renhou": "mangan"}))
    assert keys(mangan)["renhou"] == 5 and (mangan.han, mangan.limit) == (7, "haneman")  # adds up
    yakuman = score_riichi_win(win, RULES.model_copy(update={"renhou": "yakuman"}))
    assert (yakuman.yakuman, yakuman.points, keys(yakuman)) == (1, 32000, {"renhou": 13})


def test_winds_and_value_pairs() -> None:
    # a South triplet is seat and round wind for seat 1 in the South round; the East pair is no value
    score = score_riichi_win(make_win("234m456p678s22211z", "1z", seat=1, round_wind=SOUTH), RULES)
    assert keys(score) == {"seat_wind_south": 1, "round_wind_south": 1}
    assert (score.han, score.fu) == (2, 40)


def test_added_kan_and_open_kan_fu() -> None:
    win = make_win(
        "234m55p678s",
        "5p",
        melds=[(MeldType.ADDED_KAN, "7777z"), (MeldType.OPEN_KAN, "2222p")],
    )
    score = score_riichi_win(win, RULES)
    assert keys(score) == {"chun": 1}
    fu = sorted((i.key, i.value) for i in score.fu_items)
    assert fu == [("base", 20), ("open_kan", 8), ("open_terminal_kan", 16), ("pair_wait", 2)]
    assert score.fu == 50


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"concealed": (0, 0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48)}, "physical tile(s) used twice"),
        ({"win_tile": 135}, "the winning tile must be among the concealed tiles"),
        ({"concealed": "slice"}, "a hand with 0 meld(s) needs 14 concealed tiles"),
        ({"seat_wind": 31}, "seat_wind must be a wind kind 27..30"),
        ({"round_wind": 0}, "round_wind must be a wind kind 27..30"),
        ({"dora_indicators": (200,)}, "tile id 200 is not a riichi tile"),
        ({"honba": -1}, "honba and riichi_sticks cannot be negative"),
        ({"melds": (Meld(MeldType.CHI, (100, 104, 108), called=100, from_seat=0),)}, "chi must be"),
        ({"melds": (Meld(MeldType.PON, (100, 101, 104), called=100, from_seat=0),)}, "pon must be"),
        ({"melds": (Meld(MeldType.PON, (100, 101, 102), called=103, from_seat=0),)}, "pon 888s: called tile"),
    ],
)
def test_bad_input_is_invalid_not_an_exception(change: dict[str, object], reason: str) -> None:
    base = make_win(TANYAO_PINFU, "4s")
    fields = {name: getattr(base, name) for name in RiichiWin.__dataclass_fields__}
    fields.update(change)
    if fields["concealed"] == "slice":
        fields["concealed"] = base.concealed[8:]
    score = score_riichi_win(RiichiWin(**fields), RULES)  # type: ignore[arg-type]
    assert not score.valid
    assert score.reason and score.reason.startswith(reason), score.reason


def test_bad_ruleset_is_invalid() -> None:
    class Broken:
        open_tanyao = True

    score = score_riichi_win(make_win(TANYAO_PINFU, "4s"), Broken())  # type: ignore[arg-type]
    assert not score.valid and score.reason and score.reason.startswith("bad ruleset")


def test_results_are_deterministic_and_cached() -> None:
    win = make_win("11123455678999m", "5m")  # nine gates: many decompositions
    first = score_riichi_win(win, RULES)
    assert first.valid and first.yakuman == 1
    again = score_riichi_win(win, RiichiRules())
    assert again == first
    # a fresh equal win (not the same object) gives the same result
    assert score_riichi_win(make_win("11123455678999m", "5m"), RULES) == first


def test_multiple_yakuman_stack_toggle() -> None:
    win = make_win("111222333444z55m", "5m", tsumo=True)
    stacked = score_riichi_win(win, RULES)
    assert stacked.yakuman == 2
    single = score_riichi_win(win, RULES.model_copy(update={"multiple_yakuman_stack": False}))
    assert (single.yakuman, single.han, single.points, single.limit) == (1, 13, 32000, "yakuman")
    assert len(single.items) == 1 and single.items[0].key in ("daisuushii", "suuankou_tanki")
    # a lone yakuman is unaffected
    alone = make_win("123m44p555666777z", "7z")
    assert score_riichi_win(alone, RULES.model_copy(update={"multiple_yakuman_stack": False})).points == 32000


def test_double_wind_pair_fu_toggle() -> None:
    # the dealer in the East round with an East pair: 30 + 8 (concealed 999s) + 4 = 42 -> 50 fu
    win = make_win("234m456p678999s11z", "2m", seat=0, flags={"riichi"})
    four = score_riichi_win(win, RULES)
    assert (four.han, four.fu, four.points) == (1, 50, 2400)
    assert ("double_valued_pair", 4) in [(i.key, i.value) for i in four.fu_items]
    two = score_riichi_win(win, RULES.model_copy(update={"double_wind_pair_fu": 2}))
    assert (two.han, two.fu, two.points) == (1, 40, 2000)
    assert ("double_valued_pair", 2) in [(i.key, i.value) for i in two.fu_items]
