"""Riichi win evaluation: han, fu, yaku, limit and payments, through the ``mahjong`` package.

One value in (:class:`RiichiWin`: the hand, how it was won, the indicators), one value out
(:class:`RiichiScore`). The ruleset's toggles are mapped onto the package's ``OptionalRules``;
the defaults of :class:`~engine.rules.riichi.RiichiRules` give the common online (Tenhou-style)
results: open tanyao, three red fives, kazoe yakuman, no kiriage, no double yakuman, no renhou.

>>> from engine.rules.riichi import RiichiRules
>>> from engine.tiles import EAST, SOUTH, faces_to_tiles, parse
>>> hand = faces_to_tiles(parse("234789m12345666p"))
>>> win = RiichiWin(tuple(hand), (), hand[-1], tsumo=True, seat_wind=SOUTH, round_wind=EAST,
...                 flags=frozenset({"riichi"}))
>>> score = score_riichi_win(win, RiichiRules())
>>> score.han, score.fu, score.points, score.tsumo_dealer_payment, score.tsumo_payment
(3, 20, 2700, 1300, 700)
>>> [item.key for item in score.items]
['menzen_tsumo', 'riichi', 'pinfu']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from mahjong.hand_calculating import yaku_list as _yl
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.scores import ScoresCalculator
from mahjong.hand_calculating.yaku import Yaku
from mahjong.hand_calculating.yaku_list import yakuman as _ym
from mahjong.meld import Meld as PackageMeld

from engine.melds import Meld, MeldType
from engine.tiles import WINDS, format_tiles, kind_of

__all__ = [
    "FLAGS",
    "KITA",
    "TENHOU_YAKU_KEYS",
    "RiichiScore",
    "RiichiWin",
    "ScoreItem",
    "score_riichi_win",
]

FLAGS = frozenset(
    {
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
    }
)
"""The situational flags a :class:`RiichiWin` may carry."""

KITA = "kita"
"""The key of the item of the norths set aside (three players' nukidora, 拔北): one han each."""


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One line of a breakdown: a yaku or dora count (``value`` in han; 13 per yakuman multiple)
    or a fu component (``value`` in fu)."""

    key: str
    name: str
    value: int


@dataclass(frozen=True, slots=True)
class RiichiWin:
    """A riichi win to evaluate. Tiles are physical ids (0..135); winds are kinds 27..30.

    ``concealed`` holds the hand's concealed tiles *including* the winning tile (for ron too);
    ``melds`` the called melds and closed kans. ``ura_indicators`` count only with riichi or
    double riichi (and the ruleset's ``ura_dora``).
    """

    concealed: tuple[int, ...]
    melds: tuple[Meld, ...]
    win_tile: int
    tsumo: bool
    seat_wind: int
    round_wind: int
    flags: frozenset[str] = frozenset()
    dora_indicators: tuple[int, ...] = ()
    ura_indicators: tuple[int, ...] = ()
    honba: int = 0
    riichi_sticks: int = 0
    players: int = 4  # 3: sanma (the 1m-9m dora wrap); fewer than 4: the self-draw shares of the seats
    nuki: int = 0  # norths set aside (three players' nukidora), one dora each


@dataclass(frozen=True, slots=True)
class RiichiScore:
    """The value of a win.

    ``points`` is what the win is worth to the winner *before* honba and riichi sticks (all the
    payments added); ``ron_payment`` / ``tsumo_dealer_payment`` / ``tsumo_payment`` are the payments
    before honba. ``honba_bonus`` and ``sticks_bonus`` are what the winner gets on top, so the
    winner's whole gain is :attr:`total`.
    """

    valid: bool
    reason: str | None
    han: int
    fu: int
    yakuman: int
    limit: str
    items: tuple[ScoreItem, ...]
    points: int
    ron_payment: int
    tsumo_dealer_payment: int
    tsumo_payment: int
    fu_items: tuple[ScoreItem, ...]
    honba_bonus: int = 0
    sticks_bonus: int = 0
    reason_key: str = ""  # engine.situation.REASON_KEYS, when the reason is one of them
    reason_args: tuple[tuple[str, int], ...] = ()

    @property
    def total(self) -> int:
        """The winner's whole gain: points, honba and the riichi sticks on the table."""
        return self.points + self.honba_bonus + self.sticks_bonus


def _invalid(reason: str, key: str = "", args: tuple[tuple[str, int], ...] = ()) -> RiichiScore:
    return RiichiScore(False, reason, 0, 0, 0, "", (), 0, 0, 0, 0, (), reason_key=key, reason_args=args)


_PACKAGE_ERROR_KEYS: dict[str, str] = {
    HandCalculator.ERR_NO_WINNING_TILE: "win_tile_not_in_hand",
    HandCalculator.ERR_HAND_NOT_WINNING: "not_complete",
    HandCalculator.ERR_NO_YAKU: "no_yaku",
}


class _YakuInfo(NamedTuple):
    key: str
    name: str
    tenhou_id: int


_WIND_NAMES = ("East", "South", "West", "North")

# package yaku class -> our key, display name and the Tenhou yaku id
_YAKU_TABLE: tuple[tuple[type[Yaku], str, str, int], ...] = (
    (_yl.Tsumo, "menzen_tsumo", "Menzen tsumo", 0),
    (_yl.Riichi, "riichi", "Riichi", 1),
    (_yl.Ippatsu, "ippatsu", "Ippatsu", 2),
    (_yl.Chankan, "chankan", "Chankan (robbing a kan)", 3),
    (_yl.Rinshan, "rinshan", "Rinshan kaihou (after a kan)", 4),
    (_yl.Haitei, "haitei", "Haitei (last draw)", 5),
    (_yl.Houtei, "houtei", "Houtei (last discard)", 6),
    (_yl.Pinfu, "pinfu", "Pinfu", 7),
    (_yl.Tanyao, "tanyao", "Tanyao (all simples)", 8),
    (_yl.Iipeiko, "iipeikou", "Iipeikou", 9),
    (_yl.SeatWindEast, "seat_wind_east", "Seat wind East", 10),
    (_yl.SeatWindSouth, "seat_wind_south", "Seat wind South", 11),
    (_yl.SeatWindWest, "seat_wind_west", "Seat wind West", 12),
    (_yl.SeatWindNorth, "seat_wind_north", "Seat wind North", 13),
    (_yl.RoundWindEast, "round_wind_east", "Round wind East", 14),
    (_yl.RoundWindSouth, "round_wind_south", "Round wind South", 15),
    (_yl.RoundWindWest, "round_wind_west", "Round wind West", 16),
    (_yl.RoundWindNorth, "round_wind_north", "Round wind North", 17),
    (_yl.Haku, "haku", "White dragon", 18),
    (_yl.Hatsu, "hatsu", "Green dragon", 19),
    (_yl.Chun, "chun", "Red dragon", 20),
    (_yl.DaburuRiichi, "double_riichi", "Double riichi", 21),
    (_yl.Chiitoitsu, "chiitoitsu", "Chiitoitsu (seven pairs)", 22),
    (_yl.Chantai, "chanta", "Chanta", 23),
    (_yl.Ittsu, "ittsu", "Ittsu (pure straight)", 24),
    (_yl.Sanshoku, "sanshoku", "Sanshoku doujun", 25),
    (_yl.SanshokuDoukou, "sanshoku_doukou", "Sanshoku doukou", 26),
    (_yl.SanKantsu, "sankantsu", "Sankantsu (three kans)", 27),
    (_yl.Toitoi, "toitoi", "Toitoi (all triplets)", 28),
    (_yl.Sanankou, "sanankou", "Sanankou (three concealed triplets)", 29),
    (_yl.Shosangen, "shousangen", "Shousangen (little three dragons)", 30),
    (_yl.Honroto, "honroutou", "Honroutou (all terminals and honours)", 31),
    (_yl.Ryanpeikou, "ryanpeikou", "Ryanpeikou", 32),
    (_yl.Junchan, "junchan", "Junchan", 33),
    (_yl.Honitsu, "honitsu", "Honitsu (half flush)", 34),
    (_yl.Chinitsu, "chinitsu", "Chinitsu (full flush)", 35),
    (_yl.Renhou, "renhou", "Renhou", 36),
    (_ym.RenhouYakuman, "renhou", "Renhou", 36),
    (_ym.Tenhou, "tenhou", "Tenhou (blessing of heaven)", 37),
    (_ym.Chiihou, "chiihou", "Chiihou (blessing of earth)", 38),
    (_ym.Daisangen, "daisangen", "Daisangen (big three dragons)", 39),
    (_ym.Suuankou, "suuankou", "Suuankou (four concealed triplets)", 40),
    (_ym.SuuankouTanki, "suuankou_tanki", "Suuankou tanki", 41),
    (_ym.Tsuuiisou, "tsuuiisou", "Tsuuiisou (all honours)", 42),
    (_ym.Ryuuiisou, "ryuuiisou", "Ryuuiisou (all green)", 43),
    (_ym.Chinroutou, "chinroutou", "Chinroutou (all terminals)", 44),
    (_ym.ChuurenPoutou, "chuuren_poutou", "Chuuren poutou (nine gates)", 45),
    (_ym.DaburuChuurenPoutou, "junsei_chuuren_poutou", "Junsei chuuren poutou (pure nine gates)", 46),
    (_ym.KokushiMusou, "kokushi", "Kokushi musou (thirteen orphans)", 47),
    (_ym.DaburuKokushiMusou, "kokushi_13", "Kokushi musou, 13-sided wait", 48),
    (_ym.DaiSuushii, "daisuushii", "Daisuushii (big four winds)", 49),
    (_ym.Shousuushii, "shousuushii", "Shousuushii (little four winds)", 50),
    (_ym.Suukantsu, "suukantsu", "Suukantsu (four kans)", 51),
    (_yl.Dora, "dora", "Dora", 52),
    (_yl.UraDora, "ura_dora", "Ura dora", 53),
    (_yl.AkaDora, "aka_dora", "Red five", 54),
)
_YAKU_BY_ID: dict[int, _YakuInfo] = {
    cls.yaku_id: _YakuInfo(key, name, tid) for cls, key, name, tid in _YAKU_TABLE
}

TENHOU_YAKU_KEYS: Mapping[int, str] = {tid: key for _cls, key, _name, tid in _YAKU_TABLE}
"""Tenhou yaku id (as in Tenhou and mjx logs) -> the ``key`` of our :class:`ScoreItem`."""

_FU_NAMES: dict[str, str] = {
    "base": "Base",
    "penchan": "Edge wait",
    "kanchan": "Closed wait",
    "valued_pair": "Pair of value tiles",
    "double_valued_pair": "Pair of double value tiles",
    "pair_wait": "Pair wait",
    "tsumo": "Tsumo",
    "hand_without_fu": "Open hand without fu",
    "closed_pon": "Concealed triplet of simples",
    "open_pon": "Open triplet of simples",
    "closed_terminal_pon": "Concealed triplet of terminals or honours",
    "open_terminal_pon": "Open triplet of terminals or honours",
    "closed_kan": "Concealed kan of simples",
    "open_kan": "Open kan of simples",
    "closed_terminal_kan": "Concealed kan of terminals or honours",
    "open_terminal_kan": "Open kan of terminals or honours",
}

_PACKAGE_ERRORS: dict[str, str] = {
    HandCalculator.ERR_NO_WINNING_TILE: "the winning tile is not in the hand",
    HandCalculator.ERR_HAND_NOT_WINNING: "not a complete hand",
    HandCalculator.ERR_NO_YAKU: "no yaku (dora alone is not a yaku)",
    HandCalculator.ERR_OPEN_HAND_RIICHI: "riichi needs a closed hand",
    HandCalculator.ERR_OPEN_HAND_DABURI: "double riichi needs a closed hand",
    HandCalculator.ERR_IPPATSU_WITHOUT_RIICHI: "ippatsu needs riichi or double riichi",
    HandCalculator.ERR_CHANKAN_WITH_TSUMO: "chankan is a ron, not a tsumo",
    HandCalculator.ERR_RINSHAN_WITHOUT_TSUMO: "rinshan is a tsumo, not a ron",
    HandCalculator.ERR_HAITEI_WITHOUT_TSUMO: "haitei is a tsumo, not a ron",
    HandCalculator.ERR_HOUTEI_WITH_TSUMO: "houtei is a ron, not a tsumo",
    HandCalculator.ERR_HAITEI_WITH_RINSHAN: "haitei and rinshan exclude each other",
    HandCalculator.ERR_HOUTEI_WITH_CHANKAN: "houtei and chankan exclude each other",
    HandCalculator.ERR_TENHOU_NOT_AS_DEALER: "tenhou is for the dealer only",
    HandCalculator.ERR_TENHOU_WITHOUT_TSUMO: "tenhou is a tsumo",
    HandCalculator.ERR_TENHOU_WITH_MELD: "tenhou allows no melds",
    HandCalculator.ERR_CHIIHOU_AS_DEALER: "chiihou is for non-dealers only",
    HandCalculator.ERR_CHIIHOU_WITHOUT_TSUMO: "chiihou is a tsumo",
    HandCalculator.ERR_CHIIHOU_WITH_MELD: "chiihou allows no melds",
    HandCalculator.ERR_RENHOU_AS_DEALER: "renhou is for non-dealers only",
    HandCalculator.ERR_RENHOU_WITH_TSUMO: "renhou is a ron",
    HandCalculator.ERR_RENHOU_WITH_MELD: "renhou allows no melds",
}

_KAZOE = {
    "yakuman": HandConstants.KAZOE_LIMITED,
    "sanbaiman": HandConstants.KAZOE_SANBAIMAN,
    "none": HandConstants.KAZOE_NO_LIMIT,
}
_PACKAGE_MELD_TYPES = {
    MeldType.CHI: PackageMeld.CHI,
    MeldType.PON: PackageMeld.PON,
    MeldType.OPEN_KAN: PackageMeld.KAN,
    MeldType.CLOSED_KAN: PackageMeld.KAN,
    MeldType.ADDED_KAN: PackageMeld.SHOUMINKAN,
}


class _RuleKey(NamedTuple):
    """The ruleset fields scoring reads (a hashable cache key, whatever else the ruleset holds)."""

    open_tanyao: bool
    red_fives: bool
    double_yakuman: bool
    kazoe_limit: str
    kiriage: bool
    renhou: str
    ura_dora: bool
    kan_dora: bool
    kan_ura_dora: bool
    honba_points: int
    riichi_stick: int
    multiple_yakuman_stack: bool
    double_wind_pair_fu: int
    short_table_tsumo: str


def _rule_key(rules: Any) -> _RuleKey:
    return _RuleKey(
        bool(rules.open_tanyao),
        bool(rules.red_fives),
        bool(rules.double_yakuman),
        str(rules.kazoe_limit),
        bool(rules.kiriage),
        str(rules.renhou),
        bool(rules.ura_dora),
        bool(rules.kan_dora),
        bool(rules.kan_ura_dora),
        int(rules.honba_points),
        int(rules.riichi_stick),
        bool(getattr(rules, "multiple_yakuman_stack", True)),
        int(getattr(rules, "double_wind_pair_fu", 4)),
        str(getattr(rules, "short_table_tsumo", "loss")),
    )


@lru_cache(maxsize=64)
def _options(key: _RuleKey, three_player: bool = False) -> OptionalRules:
    if key.kazoe_limit not in _KAZOE:
        raise ValueError(f"unknown kazoe_limit {key.kazoe_limit!r}")
    if key.renhou not in ("none", "mangan", "yakuman"):
        raise ValueError(f"unknown renhou rule {key.renhou!r}")
    if key.double_wind_pair_fu not in (2, 4):
        raise ValueError(f"double_wind_pair_fu must be 2 or 4, not {key.double_wind_pair_fu}")
    if key.short_table_tsumo not in ("loss", "split"):
        raise ValueError(f"short_table_tsumo must be loss or split, not {key.short_table_tsumo!r}")
    return OptionalRules(
        has_open_tanyao=key.open_tanyao,
        has_aka_dora=key.red_fives,
        has_double_yakuman=key.double_yakuman,
        kazoe_limit=_KAZOE[key.kazoe_limit],
        kiriage=key.kiriage,
        fu_for_open_pinfu=True,
        fu_for_pinfu_tsumo=False,
        renhou_as_yakuman=key.renhou == "yakuman",
        is_three_player=three_player,
    )


def score_riichi_win(win: RiichiWin, rules: Any) -> RiichiScore:
    """Evaluate ``win`` under a :class:`~engine.rules.riichi.RiichiRules` (fields read by name).

    Never raises for a bad hand: an incomplete hand, a hand without yaku or inconsistent input
    comes back with ``valid=False`` and a ``reason``. Results are cached, so scoring the same
    win again is cheap.
    """
    try:
        key = _rule_key(rules)
        _options(key)
    except (AttributeError, TypeError, ValueError) as exc:
        return _invalid(f"bad ruleset: {exc}")
    try:
        return _score_cached(win, key)
    except TypeError:  # unhashable contents (a list where a tuple belongs): score without the cache
        return _score(win, key)


# The AI scores the same few candidate wins again within one decision and the next few; a hand's
# repeats fall within a few hundred calls (256 entries hit as often as 8,192 over 60 arena walls).
# Each entry holds ~16 objects the garbage collector walks, so a bigger cache only makes every full
# collection, and the decision it falls in, slower.
@lru_cache(maxsize=1024)
def _score_cached(win: RiichiWin, key: _RuleKey) -> RiichiScore:
    return _score(win, key)


def _score(win: RiichiWin, key: _RuleKey) -> RiichiScore:
    problem = _check(win)
    if isinstance(problem, _HandSize):
        return _invalid(problem.text, "hand_size", (("held", problem.held), ("needed", problem.needed)))
    if problem:
        return _invalid(problem)
    flags = win.flags
    tiles = list(win.concealed)
    package_melds: list[PackageMeld] = []
    for meld in win.melds:
        meld_tiles = sorted(meld.tiles)
        tiles.extend(meld_tiles)
        package_melds.append(
            PackageMeld(
                meld_type=_PACKAGE_MELD_TYPES[meld.type],
                tiles=meld_tiles,
                opened=meld.type.is_open,
                called_tile=meld.called,
            )
        )
    dora = win.dora_indicators if key.kan_dora else win.dora_indicators[:1]
    riichi = "riichi" in flags or "double_riichi" in flags
    ura: tuple[int, ...] = ()
    if riichi and key.ura_dora:
        ura = win.ura_indicators if key.kan_ura_dora else win.ura_indicators[:1]
    config = HandConfig(
        is_tsumo=win.tsumo,
        is_riichi=riichi,
        is_ippatsu="ippatsu" in flags,
        is_rinshan="rinshan" in flags,
        is_chankan="chankan" in flags,
        is_haitei="haitei" in flags,
        is_houtei="houtei" in flags,
        is_daburu_riichi="double_riichi" in flags,
        is_tenhou="tenhou" in flags,
        is_chiihou="chiihou" in flags,
        is_renhou="renhou" in flags and key.renhou != "none",
        player_wind=win.seat_wind,
        round_wind=win.round_wind,
        options=_options(key, win.players == 3),
        num_nuki_dora=win.nuki,
    )
    response = HandCalculator.estimate_hand_value(
        tiles,
        win.win_tile,
        melds=package_melds,
        dora_indicators=list(dora),
        config=config,
        ura_dora_indicators=list(ura),
    )
    if response.error or response.cost is None or response.han is None:
        error = response.error or "no result"
        return _invalid(_PACKAGE_ERRORS.get(error, error), _PACKAGE_ERROR_KEYS.get(error, ""))

    open_hand = response.is_open_hand
    items: list[ScoreItem] = []
    yakuman_han = 0
    for yaku in response.yaku or ():
        value = yaku.han_open if open_hand and yaku.han_open else yaku.han_closed
        if yaku.is_yakuman:
            yakuman_han += value
        info = _YAKU_BY_ID.get(yaku.yaku_id)
        if info is None:  # a yaku of an optional rule we never switch on
            items.append(ScoreItem(yaku.name.lower().replace(" ", "_"), yaku.name, value))
        else:
            items.append(ScoreItem(info.key, info.name, value))
    items = _kita_apart(items, win.nuki)
    han = response.han
    cost = response.cost
    fu = int(response.fu or 0)
    fu_items = tuple(_fu_items(response.fu_details or ()))
    if yakuman_han and not key.multiple_yakuman_stack:
        # only the highest yakuman counts (the first listed on a tie)
        best = max(items, key=lambda item: item.value)
        if best.value != yakuman_han:
            items = [best]
            yakuman_han = han = best.value
            cost = ScoresCalculator.calculate_scores(han, 0, config, True)
    if (
        not yakuman_han
        and key.double_wind_pair_fu != 4
        and any(i.key == "double_valued_pair" for i in fu_items)
    ):
        # the package gives a double-wind pair 4 fu; this ruleset gives it 2
        fu_items = tuple(
            ScoreItem(i.key, i.name, key.double_wind_pair_fu) if i.key == "double_valued_pair" else i
            for i in fu_items
        )
        fu = -(-sum(i.value for i in fu_items) // 10) * 10
        cost = ScoresCalculator.calculate_scores(han, fu, config, False)
    yakuman = yakuman_han // 13
    if yakuman:
        fu, fu_items = 0, ()

    dealer = win.seat_wind == WINDS[0]
    if win.tsumo:
        ron_payment = 0
        tsumo_dealer_payment, tsumo_payment = tsumo_shares(
            int(cost["main"]), int(cost["additional"]), dealer, win.players, key.short_table_tsumo
        )
        payers = win.players - 1 if dealer else win.players - 2
        points = tsumo_dealer_payment + payers * tsumo_payment
    else:
        ron_payment = int(cost["main"])
        tsumo_dealer_payment = tsumo_payment = 0
        points = ron_payment
    return RiichiScore(
        valid=True,
        reason=None,
        han=han,
        fu=fu,
        yakuman=yakuman,
        limit=_limit(han, yakuman, key, str(cost["yaku_level"])),
        items=tuple(items),
        points=points,
        ron_payment=ron_payment,
        tsumo_dealer_payment=tsumo_dealer_payment,
        tsumo_payment=tsumo_payment,
        fu_items=fu_items,
        honba_bonus=max(win.honba, 0) * key.honba_points,
        sticks_bonus=max(win.riichi_sticks, 0) * key.riichi_stick,
    )


def _kita_apart(items: list[ScoreItem], nuki: int) -> list[ScoreItem]:
    """The norths set aside as their own item (``kita``, one han each) beside the dora item.

    The package counts each north set aside as one dora, plus the dora an indicator makes of it, and
    lists the sum as its one dora yaku. Its dora item is split here: ``nuki`` han are the norths
    themselves (kita), the rest stays dora (the indicators' dora, a north set aside included). No dora
    item (a yakuman, or no norths): nothing changes; the han add up to the same total.

    >>> _kita_apart([ScoreItem("riichi", "Riichi", 1), ScoreItem("dora", "Dora", 3)], 2)
    [ScoreItem(key='riichi', name='Riichi', value=1), ScoreItem(key='dora', name='Dora', value=1), \
ScoreItem(key='kita', name='Kita (north dora)', value=2)]
    >>> _kita_apart([ScoreItem("dora", "Dora", 1)], 1)
    [ScoreItem(key='kita', name='Kita (north dora)', value=1)]
    """
    if nuki <= 0:
        return items
    out: list[ScoreItem] = []
    for item in items:
        if item.key == "dora" and item.value >= nuki:
            if item.value > nuki:
                out.append(ScoreItem(item.key, item.name, item.value - nuki))
            out.append(ScoreItem(KITA, "Kita (north dora)", nuki))
        else:
            out.append(item)
    return out


def tsumo_shares(main: int, additional: int, dealer: bool, players: int, rule: str) -> tuple[int, int]:
    """The dealer's and each other payer's share of a self-draw (the dealer's is 0 when the dealer
    won): as with four players, less each missing seat's share (``loss``), or with each missing
    seat's share split evenly among the payers, rounded up to 100 (``split``).

    >>> tsumo_shares(4000, 2000, False, 4, "loss"), tsumo_shares(4000, 2000, False, 3, "split")
    ((4000, 2000), (5000, 3000))
    >>> tsumo_shares(4000, 4000, True, 3, "loss"), tsumo_shares(4000, 4000, True, 2, "split")
    ((0, 4000), (0, 12000))
    """
    if dealer:
        dealer_share, share = 0, additional
    else:
        dealer_share, share = main, additional
    missing = 4 - players
    if rule == "split" and missing > 0:
        extra = -(-missing * additional // (players - 1) // 100) * 100
        share += extra
        if not dealer:
            dealer_share += extra
    return dealer_share, share


def _fu_items(details: Iterable[Mapping[str, Any]]) -> Iterable[ScoreItem]:
    for detail in details:
        reason = str(detail["reason"])
        yield ScoreItem(reason, _FU_NAMES.get(reason, reason.replace("_", " ")), int(detail["fu"]))


_MULTIPLES = {1: "yakuman", 2: "double yakuman", 3: "triple yakuman"}


def _limit(han: int, yakuman: int, key: _RuleKey, package_level: str) -> str:
    if yakuman:
        return _MULTIPLES.get(yakuman, f"{yakuman}x yakuman")
    if han >= 13:
        if key.kazoe_limit == "sanbaiman":
            return "sanbaiman"
        multiple = 1 if key.kazoe_limit == "yakuman" else han // 13
        return "kazoe " + _MULTIPLES.get(multiple, f"{multiple}x yakuman")
    if han >= 11:
        return "sanbaiman"
    if han >= 8:
        return "baiman"
    if han >= 6:
        return "haneman"
    if han >= 5:
        return "mangan"
    return package_level  # "", "mangan" (capped by fu) or "kiriage mangan"


@dataclass(frozen=True, slots=True)
class _HandSize:
    """The hand holds the wrong number of tiles: the reason, with the numbers."""

    text: str
    held: int
    needed: int


def _check(win: RiichiWin) -> str | _HandSize | None:
    """A reason when the win is malformed (bad ids, counts, melds, flags), else None."""
    unknown = set(win.flags) - FLAGS
    if unknown:
        return f"unknown flag(s): {', '.join(sorted(unknown))} (known: {', '.join(sorted(FLAGS))})"
    for name, wind in (("seat_wind", win.seat_wind), ("round_wind", win.round_wind)):
        if wind not in WINDS:
            return f"{name} must be a wind kind 27..30, not {wind}"
    every: list[int] = list(win.concealed)
    for meld in win.melds:
        problem = _check_meld(meld)
        if problem:
            return problem
        every.extend(meld.tiles)
    every.extend(win.dora_indicators)
    every.extend(win.ura_indicators)
    for tile in every:
        if not isinstance(tile, int) or not 0 <= tile < 136:
            return f"tile id {tile!r} is not a riichi tile (0..135)"
    repeated = [t for t, n in Counter(every).items() if n > 1]
    if repeated:
        return f"physical tile(s) used twice: {format_tiles(sorted(repeated))} (ids {sorted(repeated)})"
    if win.win_tile not in win.concealed:
        return "the winning tile must be among the concealed tiles"
    expected = 14 - 3 * len(win.melds)
    if len(win.concealed) != expected:
        return _HandSize(
            f"a hand with {len(win.melds)} meld(s) needs {expected} concealed tiles including the "
            f"winning tile, not {len(win.concealed)}",
            len(win.concealed),
            expected,
        )
    if win.honba < 0 or win.riichi_sticks < 0:
        return "honba and riichi_sticks cannot be negative"
    return None


def _check_meld(meld: Meld) -> str | None:
    tiles = meld.tiles
    kinds = sorted(kind_of(t) for t in tiles if isinstance(t, int) and 0 <= t < 136)
    if len(kinds) != len(tiles):
        return f"{meld.type.value} has a tile that is not a riichi tile: {tiles}"
    if meld.type is MeldType.CHI:
        if len(kinds) != 3 or kinds[0] >= 27 or kinds[0] % 9 > 6 or kinds != [kinds[0] + i for i in range(3)]:
            return f"chi must be three consecutive tiles of one suit: {format_tiles(tiles)}"
    else:
        size = 3 if meld.type is MeldType.PON else 4
        if len(kinds) != size or kinds[0] != kinds[-1]:
            return f"{meld.type.value} must be {size} tiles of one kind: {format_tiles(tiles)}"
    if meld.called is not None and meld.called not in tiles:
        return f"{meld.type.value} {format_tiles(tiles)}: called tile {meld.called} is not among its tiles"
    return None
