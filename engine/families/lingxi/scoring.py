"""Lingxi 台: the base 台 every player counts, the added 台 of the winner, 杀猪 and 花胡, doubling, and the
settlement between the four players.

Everything here works on tile *kinds* and is shared by the hand flow and ``tilehouse score``.

**Base 台** (every player, winner or not): pons and kans of the own seat wind or of 中/发 (1), kans
(open 3, concealed 4, +1 for the own wind or a dragon: a kan is scored here only, not also as a pon),
flowers and 白板 per group (1, 3, 5; four: 13 dealt as a concealed kan, 10 collected later), 财神 held
per class (suit kind 2/5/8, honour or flower kind 3/7/11, both shown tiles the same kind 7/15) and, for
non-winners only, 1 per 财神 that would complete a pon of the own wind or a dragon with a single or a
pair held.

**Added 台** (the winner): 自摸 1, 杠上开花 3, 抢杠胡 3, 海底捞月 3, 混一色 7, 对对胡 7, 清一色 13,
硬打硬 7, 财神汇 7, 单钓将 7 or 13, 四风齐 13, 天胡 13, 地胡 13, 杀猪胡 13/26/52, eight flowers 52; 平胡
counts 13 flat (unless the items add up to more). The highest reading of the hand counts; a winner
with at least ``double_from`` 台 doubles.

>>> from engine.families.lingxi.wilds import kind_tile, wild_spec
>>> from engine.rules.lingxi import LingxiRules
>>> from engine.tiles import parse_kinds
>>> spec = wild_spec(kind_tile(27), kind_tile(28), "group")  # 东 and 南 shown: the other 东 and 南 are 财神
>>> hand = TaiHand(tuple(parse_kinds("123456789m123p456s77p")), (), (), 29, spec)
>>> result = score_win(hand, WinContext(win_kind=15, self_drawn=False), LingxiRules())
>>> [(i.key, i.value) for i in result.items], result.tai, result.final
([('ping_hu', 13)], 13, 26)
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.analysis import STANDARD_ONLY, Decomposition, Group, decompositions, is_complete
from engine.analysis.decompose import BestDecompositions, decomposition_of
from engine.families.lingxi.wilds import WildSpec, bonus_group, sha_zhu_wilds
from engine.game.state import Payment, ScoreLine
from engine.melds import MeldType
from engine.rules.lingxi import LingxiRules
from engine.tiles import (
    FLOWERS,
    GREEN,
    RED,
    WHITE,
    WINDS,
    Kind,
    format_kinds,
)

SETS = 5
VALUED_DRAGONS = (RED, GREEN)  # 中 发; 白板 is a bonus tile in Lingxi

NAMES: dict[str, str] = {
    "seat_wind_pon": "自风刻",
    "dragon_pon": "中发刻",
    "open_kan": "明杠",
    "concealed_kan": "暗杠",
    "honor_kan": "风字杠",
    "flowers_season": "春夏秋冬",
    "flowers_plant": "梅兰菊竹",
    "white_dragons": "白板",
    "caishen": "财神",
    "caishen_pon": "财神成刻",
    "zi_mo": "自摸",
    "gang_kai": "杠上开花",
    "qiang_gang": "抢杠胡",
    "hai_di": "海底捞月",
    "hun_yi_se": "混一色",
    "dui_dui_hu": "对对胡",
    "qing_yi_se": "清一色",
    "ying_da_ying": "硬打硬",
    "caishen_hui": "财神汇",
    "dan_diao": "单钓将",
    "si_feng_qi": "四风齐",
    "ping_hu": "平胡",
    "tian_hu": "天胡",
    "di_hu": "地胡",
    "sha_zhu_hu": "杀猪胡",
    "eight_flowers": "八花齐",
    "sha_zhu": "杀猪",
    "hua_hu": "花胡",
}
"""Item keys (stable) and their Chinese names."""

WIN_FLAGS = ("zi_mo", "gang_kai", "qiang_gang", "hai_di", "tian_hu", "di_hu")


def line(
    key: str, value: int, *, kinds: Sequence[Kind] = (), count: int = 0, dealt: bool = False
) -> ScoreLine:
    """A scored item: its key, 台, and the facts its words need (the tile kinds it is about, how many,
    dealt as a set of four); ``name`` is the Chinese label of logs and the command line."""
    return _line(key, value, tuple(kinds), count, dealt)


@functools.lru_cache(maxsize=4096)
def _line(key: str, value: int, kinds: tuple[Kind, ...], count: int, dealt: bool) -> ScoreLine:
    """:func:`line`, made once (a ScoreLine is immutable: the scorer builds the same ones again and again)."""
    detail = format_kinds(kinds) if kinds else ""
    if dealt:
        detail += "×4 dealt"
    elif count:
        detail += f"×{count}"
    name = NAMES[key] + (f" {detail}" if detail else "")
    args: list[tuple[str, int | tuple[int, ...]]] = []
    if kinds:
        args.append(("kinds", tuple(kinds)))
    if count:
        args.append(("count", count))
    if dealt:
        args.append(("dealt", 1))
    return ScoreLine(key, name, value, tuple(args))


@dataclass(frozen=True)
class MeldKinds:
    """A meld as kinds: chi, pon or a kan; a dealt flower/白板 kan is a ``closed_kan`` of four bonus kinds."""

    type: MeldType
    kinds: tuple[Kind, ...]

    @property
    def kind(self) -> Kind:
        return min(self.kinds)

    @property
    def is_bonus_kan(self) -> bool:
        return bonus_group(self.kinds[0]) is not None

    @property
    def is_triplet(self) -> bool:
        """A pon or a kan of a suit or honour kind (counts as a 刻子 in the hand's shape)."""
        return self.type is not MeldType.CHI and not self.is_bonus_kan


@dataclass(frozen=True)
class TaiHand:
    """What a player holds, as kinds. ``concealed`` includes the winning tile for a winner, and may
    hold unreplaced flowers (drawn during the last four tiles). ``flowers`` are the shown flowers and
    白板 (a dealt four-of-a-group is a meld instead)."""

    concealed: tuple[Kind, ...]
    melds: tuple[MeldKinds, ...]
    flowers: tuple[Kind, ...]
    seat_wind: Kind
    wild: WildSpec

    @functools.cached_property
    def _sorted_out(self) -> tuple[tuple[Kind, ...], tuple[Kind, ...], tuple[Kind, ...]]:
        """The concealed kinds as (财神, bonus tiles, the rest), each in hand order: made once."""
        wild, bonus = self.wild.kinds, self.wild.bonus_kinds
        return (
            tuple(k for k in self.concealed if k in wild),
            tuple(k for k in self.concealed if k in bonus),
            tuple(k for k in self.concealed if k not in wild and k not in bonus),
        )

    @property
    def wilds(self) -> list[Kind]:
        return list(self._sorted_out[0])

    @property
    def bonus_in_hand(self) -> list[Kind]:
        return list(self._sorted_out[1])

    def concrete(self) -> list[Kind]:
        """Concealed kinds that are neither 财神 nor bonus tiles."""
        return list(self._sorted_out[2])

    def all_bonus(self) -> list[Kind]:
        """Every flower and 白板 the player has: shown, in a dealt kan, or unreplaced in the hand."""
        out = list(self.flowers) + self.bonus_in_hand
        for m in self.melds:
            if m.is_bonus_kan:
                out.extend(m.kinds)
        return out


@dataclass(frozen=True)
class WinContext:
    """How the hand was won: the winning tile's kind and the situation flags."""

    win_kind: Kind
    self_drawn: bool
    gang_kai: bool = False
    qiang_gang: bool = False
    hai_di: bool = False
    tian_hu: bool = False
    di_hu: bool = False


@dataclass(frozen=True)
class Tai:
    """A player's 台: ``items``, their sum ``tai`` and ``final`` (doubled for a winner from the
    threshold). ``kind`` is ``"win"``, ``"sha_zhu"``, ``"hua_hu"`` or ``"base"`` (a non-winner)."""

    items: tuple[ScoreLine, ...]
    tai: int
    final: int
    kind: str
    caishen_hui: bool = False
    reading: Decomposition | None = field(default=None, compare=False)

    @property
    def doubled(self) -> bool:
        return self.final != self.tai

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "tai": self.tai,
            "final_tai": self.final,
            "doubled": self.doubled,
            "items": [i.to_json() for i in self.items],
        }


ZERO = Tai((), 0, 0, "base")


# ---------------------------------------------------------------------------------------------- base


def _honor_value(kind: Kind, seat_wind: Kind) -> bool:
    return kind == seat_wind or kind in VALUED_DRAGONS


def _triplet_line(kind: Kind, seat_wind: Kind) -> ScoreLine | None:
    if kind == seat_wind:
        return line("seat_wind_pon", 1, kinds=[kind])
    if kind in VALUED_DRAGONS:
        return line("dragon_pon", 1, kinds=[kind])
    return None


def _flower_value(count: int) -> int:
    return (0, 1, 3, 5, 10)[count]


def meld_items(hand: TaiHand) -> list[ScoreLine]:
    """Pons of the own wind or 中/发 and kans (a kan of the own wind or a dragon gets the +1 only here)."""
    out: list[ScoreLine] = []
    for m in hand.melds:
        if m.is_bonus_kan:
            continue
        detail = m.kinds[:1]
        if m.type is MeldType.PON:
            item = _triplet_line(m.kind, hand.seat_wind)
            if item is not None:
                out.append(item)
        elif m.type.is_kan:
            if m.type is MeldType.CLOSED_KAN:
                out.append(line("concealed_kan", 4, kinds=detail))
            else:
                out.append(line("open_kan", 3, kinds=detail))
            if _honor_value(m.kind, hand.seat_wind):
                out.append(line("honor_kan", 1, kinds=detail))
    return out


def flower_items(hand: TaiHand) -> list[ScoreLine]:
    """Flowers and 白板 per group: 1, 3, 5; four are a kan: 13 when dealt (a meld), 10 collected later."""
    dealt = {bonus_group(m.kinds[0]) for m in hand.melds if m.is_bonus_kan}
    groups = Counter(bonus_group(k) for k in list(hand.flowers) + hand.bonus_in_hand)
    out: list[ScoreLine] = []
    for group, key in (("season", "flowers_season"), ("plant", "flowers_plant"), ("white", "white_dragons")):
        if group in dealt:
            out.append(line(key, 13, dealt=True))
        elif groups[group]:
            n = groups[group]
            out.append(line(key, _flower_value(n), count=n))
    return out


def caishen_value(spec: WildSpec, index: int, count: int) -> int:
    """台 of ``count`` 财神 of one class."""
    if count <= 0:
        return 0
    if spec.same:
        return (7, 15)[min(count, 2) - 1]
    table = (2, 5, 8) if spec.class_is_suit(index) else (3, 7, 11)
    return table[min(count, 3) - 1]


def caishen_items(hand: TaiHand) -> list[ScoreLine]:
    out: list[ScoreLine] = []
    for index, count in enumerate(hand.wild.class_counts(hand.concealed)):
        if count:
            kinds = sorted(set(hand.wild.classes[index]))
            out.append(line("caishen", caishen_value(hand.wild, index, count), kinds=kinds, count=count))
    return out


def fixed_items(hand: TaiHand) -> list[ScoreLine]:
    """Base items that do not depend on how the concealed tiles are read."""
    return meld_items(hand) + flower_items(hand) + caishen_items(hand)


def caishen_pon_bonus(counts: Sequence[int], wilds: int, seat_wind: Kind) -> int:
    """Non-winners: 1 per 财神 that completes a pon of the own wind or 中/发 with a single (two 财神) or a
    pair (one 财神) held, each 财神 used once, as many as possible.

    >>> caishen_pon_bonus([0] * 32 + [2, 2], 1, 27), caishen_pon_bonus([0] * 32 + [2, 2], 2, 27)
    (1, 2)
    >>> caishen_pon_bonus([0] * 32 + [1, 0], 1, 27), caishen_pon_bonus([0] * 32 + [1, 2], 3, 27)
    (0, 3)
    """
    kinds = {seat_wind, *VALUED_DRAGONS}
    pairs = sum(1 for k in kinds if counts[k] == 2)
    singles = sum(1 for k in kinds if counts[k] == 1)
    best = 0
    for used_singles in range(singles + 1):
        need = 2 * used_singles
        if need > wilds:
            break
        best = max(best, need + min(pairs, wilds - need))
    return best


def score_base(hand: TaiHand) -> Tai:
    """A non-winner's base 台 (never doubled)."""
    items = fixed_items(hand)
    concrete = hand.concrete()
    counts = [0] * 34
    for k in concrete:
        counts[k] += 1
    for k in range(34):
        if counts[k] >= 3:
            item = _triplet_line(k, hand.seat_wind)
            if item is not None:
                items.append(item)
    bonus = caishen_pon_bonus(counts, len(hand.wilds), hand.seat_wind)
    if bonus:
        items.append(line("caishen_pon", bonus, count=bonus))
    total = sum(i.value for i in items)
    return Tai(tuple(items), total, total, "base")


# ----------------------------------------------------------------------------------------------- win


def final_tai(tai: int, rules: LingxiRules) -> int:
    return tai * 2 if tai >= rules.double_from else tai


def concealed_counts(hand: TaiHand) -> list[int] | None:
    """Counts of the concrete concealed tiles, or None when an unreplaced bonus tile is in the hand."""
    if hand.bonus_in_hand:
        return None
    counts = [0] * 34
    for k in hand.concrete():
        counts[k] += 1
    return counts


def is_winning_shape(hand: TaiHand) -> bool:
    """Five sets and a pair (melds included), 财神 filling any place."""
    counts = concealed_counts(hand)
    if counts is None:
        return False
    exposed = len(hand.melds)
    wilds = len(hand.wilds)
    if exposed > SETS or sum(counts) + wilds != 3 * (SETS - exposed) + 2:
        return False
    return is_complete(counts, sets=SETS, exposed=exposed, wilds=wilds, forms=STANDARD_ONLY)


def readings(hand: TaiHand) -> list[Decomposition]:
    """The decompositions of a winning hand that can differ in 台.

    财神 never stand for 白板 (a bonus tile in Lingxi). A group made of 财神 alone scores only by its
    type, its suit, whether it is a wind or a valued honour and which of its tiles are 财神 kinds
    standing for themselves, so of the many kinds such a group could be, one per distinct score is
    kept (the analysis lists them all: with six 财神 tens of thousands of readings)."""
    counts = concealed_counts(hand)
    if counts is None:
        return []
    own = frozenset(k for cls in hand.wild.classes for k in cls if k < 34)
    return _readings(bytes(counts), len(hand.melds), len(hand.wilds), own)


@functools.lru_cache(maxsize=512)
def _readings(counts: bytes, exposed: int, wilds: int, own: frozenset[int]) -> list[Decomposition]:
    keep = _free_group_kinds(own)
    out = decompositions(
        list(counts), sets=SETS, exposed=exposed, wilds=wilds, forms=STANDARD_ONLY, wild_groups=keep
    )
    return [
        d
        for d in out
        if WHITE not in d.wild_kinds
        and all(g.wild_count < len(g.tiles) or (g.kind, g.tiles[0]) in keep for g in d.groups)
    ]


@functools.lru_cache(maxsize=64)
def _free_group_kinds(own: frozenset[int]) -> frozenset[tuple[str, int]]:
    """(group type, lowest kind) of the groups made of 财神 alone worth scoring: every honour but 白板,
    every group holding a 财神 kind, and one plain group per suit."""
    keep: set[tuple[str, int]] = set()
    for kind in range(27, 34):
        if kind != WHITE:
            keep.add(("triplet", kind))
            keep.add(("pair", kind))
    for suit in range(3):
        kinds = range(9 * suit, 9 * suit + 9)
        for shape, size in (("triplet", 1), ("pair", 1), ("run", 3)):
            starts = kinds if size == 1 else range(9 * suit, 9 * suit + 7)
            plain = [k for k in starts if not any(k + i in own for i in range(size))]
            keep.update((shape, k) for k in starts if any(k + i in own for i in range(size)))
            if plain:
                keep.add((shape, plain[0]))
    return frozenset(keep)


@functools.lru_cache(maxsize=1024)
def _held_classes(hand: TaiHand) -> tuple[int, ...]:
    """How many 财神 of each class the hand holds (once per hand, not once per reading)."""
    return tuple(hand.wild.class_counts(hand.concealed))


def _self_standing(reading: Decomposition, hand: TaiHand) -> int:
    """财神 standing for their own kind in the reading (财神汇 needs three)."""
    stand = Counter(reading.wild_kinds)
    held = _held_classes(hand)
    total = 0
    for index, cls in enumerate(hand.wild.classes):
        if len(cls) == 1 and cls[0] < 34 and cls[0] != WHITE:
            total += min(stand[cls[0]], held[index])
    return total


@dataclass(frozen=True)
class _Reading:
    items: tuple[ScoreLine, ...]
    tai: int
    caishen_hui: bool
    reading: Decomposition


def _reading_items(
    reading: Decomposition, hand: TaiHand, ctx: WinContext
) -> tuple[list[ScoreLine], bool, bool]:
    """Items that depend on the reading; also (财神汇?, 平胡 shape?)."""
    items: list[ScoreLine] = []
    triplets = [g.tiles[0] for g in reading.groups if g.kind == "triplet"]
    runs = [g for g in reading.groups if g.kind == "run"]
    pair = next(g.tiles[0] for g in reading.groups if g.kind == "pair")
    for k in triplets:
        item = _triplet_line(k, hand.seat_wind)
        if item is not None:
            items.append(item)
    shape_melds = [m for m in hand.melds if not m.is_bonus_kan]
    kinds = [k for g in reading.groups for k in g.tiles] + [k for m in shape_melds for k in m.kinds]
    suits = {k // 9 for k in kinds if k < 27}
    honors = any(k >= 27 for k in kinds)
    if len(suits) == 1:
        items.append(line("hun_yi_se", 7) if honors else line("qing_yi_se", 13))
    if not runs and all(m.type is not MeldType.CHI for m in shape_melds):
        items.append(line("dui_dui_hu", 7))
    caishen_hui = _self_standing(reading, hand) >= 3
    if caishen_hui:
        items.append(line("caishen_hui", 7))
    wind_sets = {k for k in triplets if k in WINDS}
    wind_sets |= {m.kind for m in shape_melds if m.is_triplet and m.kind in WINDS}
    if len(wind_sets) == 4 or (len(wind_sets) == 3 and pair in WINDS and pair not in wind_sets):
        items.append(line("si_feng_qi", 13))
    ping_shape = not triplets and all(m.type is MeldType.CHI for m in hand.melds)
    return items, caishen_hui, ping_shape


def _fixed_win_items(hand: TaiHand, ctx: WinContext, rules: LingxiRules) -> list[ScoreLine]:
    """Added items that do not depend on the reading."""
    items: list[ScoreLine] = []
    if ctx.gang_kai:
        items.append(line("gang_kai", 3))
    if ctx.hai_di:
        items.append(line("hai_di", 3))
    if ctx.self_drawn and not (ctx.gang_kai or ctx.hai_di or ctx.tian_hu):
        items.append(line("zi_mo", 1))
    if ctx.qiang_gang:
        items.append(line("qiang_gang", 3))
    wilds = hand.wilds
    if not wilds:
        items.append(line("ying_da_ying", 7))
    if len(hand.concealed) == 2:
        held = list(hand.concealed)
        held.remove(ctx.win_kind)
        items.append(line("dan_diao", 7 if hand.wild.is_wild_kind(held[0]) else 13))
    if ctx.tian_hu:
        items.append(line("tian_hu", 13))
    if ctx.di_hu:
        items.append(line("di_hu", 13))
    pig = sha_zhu_wilds(hand.wild, hand.concealed)
    if pig:
        four, five, six = rules.sha_zhu_hu_tai
        value = six if pig >= 6 else five if pig == 5 else four
        items.append(line("sha_zhu_hu", value, count=pig))
    if sum(1 for k in hand.all_bonus() if k in FLOWERS) == len(FLOWERS):
        items.append(line("eight_flowers", rules.eight_flowers_tai))
    return items


# A reading's 台 depends on it only through these facts, each a sum or union over its groups, so the
# scorer asks the analysis for the first reading of each combination of them instead of every reading:
# (valued pons, wind triplets as bits, any triplet, any run, the pair's kind when a wind else -1,
#  suits as bits (万 1, 筒 2, 条 4, honours 8), 财神 standing for their own kind per class, capped)
_Feature = tuple[int, int, bool, bool, int, int, tuple[int, ...]]


def _self_standing_classes(hand: TaiHand) -> tuple[tuple[Kind, int], ...]:
    """(kind, 财神 of it held) of each class whose 财神 can stand for themselves (财神汇)."""
    held = _held_classes(hand)
    return tuple(
        (cls[0], held[index])
        for index, cls in enumerate(hand.wild.classes)
        if len(cls) == 1 and cls[0] < 34 and cls[0] != WHITE
    )


def _group_feature(group: Group, seat_wind: Kind, own: tuple[tuple[Kind, int], ...]) -> _Feature:
    first = group.tiles[0]
    triplet = group.kind == "triplet"
    suits = 0
    for k in group.tiles:
        suits |= 1 << (k // 9) if k < 27 else 8
    return (
        1 if triplet and _honor_value(first, seat_wind) else 0,
        1 << (first - 27) if triplet and first in WINDS else 0,
        triplet,
        group.kind == "run",
        first if group.kind == "pair" and first in WINDS else -1,
        suits,
        tuple(min(group.wilds.count(kind), held) for kind, held in own),
    )


def _combine(caps: tuple[int, ...]) -> Any:
    def combine(a: _Feature, b: _Feature) -> _Feature:
        return (
            a[0] + b[0],
            a[1] | b[1],
            a[2] or b[2],
            a[3] or b[3],
            max(a[4], b[4]),
            a[5] | b[5],
            tuple(min(x + y, cap) for x, y, cap in zip(a[6], b[6], caps, strict=True)),
        )

    return combine


def reading_feature(reading: Decomposition, hand: TaiHand) -> _Feature:
    """The facts of a reading its 台 depends on (what :func:`best_readings` folds group by group)."""
    own = _self_standing_classes(hand)
    combine = _combine(tuple(held for _, held in own))
    feat: _Feature = (0, 0, False, False, -1, 0, tuple(0 for _ in own))
    for g in reading.groups:
        feat = combine(feat, _group_feature(g, hand.seat_wind, own))
    return feat


def feature_tai(feat: _Feature, hand: TaiHand) -> tuple[int, bool, bool]:
    """The 台 of the reading-dependent items of a reading with these facts, and (财神汇?, 平胡 shape?):
    the sums of :func:`_reading_items`, from the facts alone."""
    pons, winds, triplet, run, pair_wind, suits, standing = feat
    shape_melds = [m for m in hand.melds if not m.is_bonus_kan]
    tai = pons
    for m in shape_melds:
        for k in m.kinds:
            suits |= 1 << (k // 9) if k < 27 else 8
        if m.is_triplet and m.kind in WINDS:
            winds |= 1 << (m.kind - 27)
    if suits & 7 in (1, 2, 4):
        tai += 7 if suits & 8 else 13
    if not run and all(m.type is not MeldType.CHI for m in shape_melds):
        tai += 7
    hui = sum(standing) >= 3
    if hui:
        tai += 7
    wind_sets = bin(winds).count("1")
    if wind_sets == 4 or (wind_sets == 3 and pair_wind >= 0 and not winds >> (pair_wind - 27) & 1):
        tai += 13
    ping_shape = not triplet and all(m.type is MeldType.CHI for m in hand.melds)
    return tai, hui, ping_shape


_Keys = tuple[tuple[str, tuple[int, ...], tuple[int, ...]], ...]  # a reading as its groups' sort keys


def best_readings(hand: TaiHand) -> dict[_Feature, Decomposition]:
    """The first of :func:`readings` with each combination of the facts 台 depends on: the best reading
    is among these (a few dozen where :func:`readings` may list thousands)."""
    return {feat: decomposition_of(keys) for feat, keys in _best_reading_keys(hand).items()}


def _best_reading_keys(hand: TaiHand) -> dict[_Feature, _Keys]:
    counts = concealed_counts(hand)
    if counts is None:
        return {}
    own = frozenset(k for cls in hand.wild.classes for k in cls if k < 34)
    search = _search(own, hand.seat_wind, _self_standing_classes(hand))
    return search.keys(counts, sets=SETS, exposed=len(hand.melds), wilds=len(hand.wilds))


@functools.lru_cache(maxsize=8)
def _search(
    own: frozenset[int], seat_wind: Kind, standing: tuple[tuple[Kind, int], ...]
) -> BestDecompositions[_Feature]:
    """One search per seat wind and 财神 held: the hands an AI weighs share their sub-hands."""
    return BestDecompositions(
        functools.partial(_group_feature, seat_wind=seat_wind, own=standing),
        _combine(tuple(held for _, held in standing)),
        (0, 0, False, False, -1, 0, tuple(0 for _ in standing)),
        _free_group_kinds(own),
    )


def clear_caches() -> None:
    """Forget every hand scored (benchmarks time first scorings)."""
    for cached in (score_win, _win_parts, _readings, _search, _held_classes, _line):
        cached.cache_clear()


@dataclass(frozen=True)
class _WinParts:
    """What a winning hand's 台 needs that does not depend on how it was won: the base items and, for
    the first reading of each combination of facts, its reading-dependent 台 and 平胡 shape."""

    base: tuple[ScoreLine, ...]
    base_tai: int
    no_bonus: bool
    options: tuple[tuple[int, bool, _Keys], ...]  # (台 of the reading's items, 平胡 shape, reading)


@functools.lru_cache(maxsize=512)
def _win_parts(hand: TaiHand) -> _WinParts | None:
    if not is_winning_shape(hand):
        return None
    base = tuple(fixed_items(hand))
    options = []
    for feat, keys in _best_reading_keys(hand).items():
        extra, _, ping_shape = feature_tai(feat, hand)
        options.append((extra, ping_shape, keys))
    no_bonus = not hand.all_bonus() and not hand.wilds
    return _WinParts(base, sum(i.value for i in base), no_bonus, tuple(options))


@functools.lru_cache(maxsize=256)
def score_win(hand: TaiHand, ctx: WinContext, rules: LingxiRules) -> Tai | None:
    """The winner's 台 for a normal win (five sets and a pair), or None when the shape is not complete.

    The highest reading counts, the first of :func:`readings` on a tie (that reading is shown). Only
    the first reading of each combination of the facts 台 depends on is scored (:func:`best_readings`):
    the same answer as scoring every reading (:func:`score_win_every_reading`), far fewer readings."""
    parts = _win_parts(hand)
    if parts is None:
        return None
    added = _fixed_win_items(hand, ctx, rules)
    fixed = parts.base_tai + sum(i.value for i in added)
    best: tuple[int, _Keys] | None = None
    for extra, ping_shape, keys in parts.options:
        total = fixed + extra
        if ping_shape and parts.no_bonus and (total < 13 or rules.ping_hu == "flat"):
            total = 13
        if best is None or total > best[0] or (total == best[0] and keys < best[1]):
            best = (total, keys)
    if best is None:
        return None
    reading = decomposition_of(best[1])
    extra_items, hui, ping_shape = _reading_items(reading, hand, ctx)
    items = list(parts.base) + extra_items + added
    total = sum(i.value for i in items)
    if ping_shape and parts.no_bonus and (total < 13 or rules.ping_hu == "flat"):
        items, total = [line("ping_hu", 13)], 13
    return Tai(tuple(items), total, final_tai(total, rules), "win", hui, reading)


def score_win_every_reading(hand: TaiHand, ctx: WinContext, rules: LingxiRules) -> Tai | None:
    """:func:`score_win` by scoring every one of :func:`readings` (the reference the tests hold it to)."""
    if not is_winning_shape(hand):
        return None
    base = fixed_items(hand)
    added = _fixed_win_items(hand, ctx, rules)
    no_bonus = not hand.all_bonus() and not hand.wilds
    best: _Reading | None = None
    seen: set[tuple[object, ...]] = set()
    for reading in readings(hand):
        extra, hui, ping_shape = _reading_items(reading, hand, ctx)
        signature = (ping_shape, *sorted((i.name, i.value) for i in extra))
        if signature in seen:
            continue
        seen.add(signature)
        items = base + extra + added
        total = sum(i.value for i in items)
        if ping_shape and no_bonus and (total < 13 or rules.ping_hu == "flat"):
            items, total = [line("ping_hu", 13)], 13
        if best is None or total > best.tai:
            best = _Reading(tuple(items), total, hui, reading)
    if best is None:
        return None
    return Tai(best.items, best.tai, final_tai(best.tai, rules), "win", best.caishen_hui, best.reading)


def score_sha_zhu(hand: TaiHand, rules: LingxiRules) -> Tai | None:
    """杀猪: three identical 财神 and another (two when both shown tiles were the same), any shape."""
    if not sha_zhu_wilds(hand.wild, hand.concealed):
        return None
    tai = rules.sha_zhu_tai
    return Tai((line("sha_zhu", tai),), tai, final_tai(tai, rules), "sha_zhu")


def score_hua_hu(hand: TaiHand, rules: LingxiRules) -> Tai | None:
    """花胡: all eight flowers, any shape (settled like 杀猪)."""
    if sum(1 for k in hand.all_bonus() if k in FLOWERS) != len(FLOWERS):
        return None
    tai = rules.hua_hu_tai
    return Tai((line("hua_hu", tai),), tai, final_tai(tai, rules), "hua_hu")


def best_self_drawn(hand: TaiHand, ctx: WinContext | None, rules: LingxiRules) -> Tai | None:
    """The best win a player can declare on their own turn: a normal win (when ``ctx`` is given),
    杀猪 or 花胡; the highest final 台 counts, a normal win first on a tie."""
    options = [
        score_win(hand, ctx, rules) if ctx is not None else None,
        score_sha_zhu(hand, rules),
        score_hua_hu(hand, rules),
    ]
    best: Tai | None = None
    for option in options:
        if option is not None and (best is None or option.final > best.final):
            best = option
    return best


# ---------------------------------------------------------------------------------------- settlement


def settle(
    *,
    dealer: int,
    winner: int | None,
    winner_final: int,
    base: Sequence[int],
    others_zero: bool,
    liable: int | None,
    rules: LingxiRules,
    players: int = 4,
) -> list[Payment]:
    """Payments of a hand with a winner (or none): the winner collects ``winner_final`` from each
    other player (the ``liable`` player pays all three shares under 包赔); the non-winners pay each
    other the differences of their ``base`` 台 (not after 杀猪/花胡: ``others_zero``). Every payment
    to or from the dealer is doubled (``dealer_doubles``).

    >>> from engine.rules.lingxi import LingxiRules
    >>> pays = settle(dealer=0, winner=1, winner_final=10, base=[0, 0, 5, 2], others_zero=False,
    ...               liable=None, rules=LingxiRules())
    >>> for p in pays:
    ...     print(p.payer, p.payee, p.amount, p.reason)
    2 1 10 win
    3 1 10 win
    0 1 20 win
    0 2 10 difference
    0 3 4 difference
    3 2 3 difference
    """

    def factor(a: int, b: int) -> int:
        return 2 if rules.dealer_doubles and dealer in (a, b) else 1

    out: list[Payment] = []
    if winner is not None:
        for seat in _order(winner, players):
            f = factor(seat, winner)
            amount = winner_final * f
            if amount <= 0:
                continue
            details = (("tai", winner_final), ("factor", f), ("for_seat", seat))
            if liable is not None and liable != seat:
                out.append(Payment(liable, winner, amount, "bao_pei", details))
            else:
                out.append(Payment(seat, winner, amount, "win", details))
    if not others_zero:
        losers = [s for s in range(players) if s != winner]
        for i, a in enumerate(losers):
            for b in losers[i + 1 :]:
                diff = base[a] - base[b]
                hi, lo = (a, b) if diff > 0 else (b, a)
                details = (("higher", base[hi]), ("lower", base[lo]), ("factor", factor(a, b)))
                if diff != 0:
                    out.append(Payment(lo, hi, abs(diff) * factor(a, b), "difference", details))
    return out


def zha_hu_payments(offender: int, dealer: int, rules: LingxiRules, players: int = 4) -> list[Payment]:
    """诈胡: the offender pays the penalty to each other player (doubled to or from the dealer)."""
    out: list[Payment] = []
    for seat in _order(offender, players):
        factor = 2 if rules.dealer_doubles and dealer in (seat, offender) else 1
        if rules.zha_hu_penalty:
            details = (("penalty", rules.zha_hu_penalty), ("factor", factor))
            out.append(Payment(offender, seat, rules.zha_hu_penalty * factor, "zha_hu", details))
    return out


def _order(seat: int, players: int) -> list[int]:
    return [(seat + i) % players for i in range(1, players)]


def score_changes(payments: Iterable[Payment], players: int = 4) -> list[int]:
    changes = [0] * players
    for p in payments:
        if p.payer is not None:
            changes[p.payer] -= p.amount
        if p.payee is not None:
            changes[p.payee] += p.amount
    return changes
