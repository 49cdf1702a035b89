"""What a Sichuan win is worth, in either scoring model.

A pure function of the tiles, how the hand was won and the ruleset: :func:`score_sichuan_win`.
The hand flow and ``tilehouse score`` both use it.

* **Fan model (番)**: the base fans do not add up, the highest applies (平胡 1, 对对胡 2, 清一色 3,
  带幺九 3, 七对 3, 清对 4, 将对 4, 龙七对 5, 清七对 5, 清幺九 5, 天胡 6, 地胡 6, 清龙七对 6); added
  fans: each 根 +1, 杠上花 +1, 杠上炮 +1, 抢杠胡 +1, 海底捞月 +1, 自摸 +1. The value is
  ``base × 2^(fan − 1)`` with the fan capped at ``fan_cap``.
* **Additive model (分)**: the highest pattern (平胡 1, 对对胡 2, 清一色 / 带幺九 / 暗七对 3,
  龙七对 / 清对 / 将对 4, 天胡 / 地胡 8) plus each kan or 根 +1, 杠上花 +2, 抢杠 +1, times the base.

龙七对 and 清龙七对 use up one 根 (the four of a kind that makes them). A 根 is any kind the hand
holds all four of: a kan, four concealed tiles, or a pon with the fourth tile in the hand.

>>> from engine.rules.sichuan import SichuanRules
>>> from engine.tiles import faces_to_tiles, parse
>>> tiles = tuple(faces_to_tiles(parse("123456789m11p")))
>>> s = score_sichuan_win(SichuanWin(tiles, (), tiles[0], self_draw=False), SichuanRules())
>>> s.valid, s.fan, s.value, [i.key for i in s.items]
(False, 0, 0, [])
>>> tiles = tuple(faces_to_tiles(parse("123456789m11122p")))
>>> s = score_sichuan_win(SichuanWin(tiles, (), tiles[0], self_draw=False), SichuanRules())
>>> s.valid, s.fan, s.value, [i.key for i in s.items]
(True, 1, 1, ['ping_hu'])
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from engine.analysis import Decomposition, HandForms, decompositions
from engine.game.state import ScoreLine
from engine.melds import Meld, MeldType
from engine.rules.sichuan import SichuanRules
from engine.tiles import kind_of, tile_counts34

SICHUAN_FORMS = HandForms(standard=True, seven_pairs=True, thirteen_orphans=False)

FLAGS = frozenset({"gang_shang_hua", "gang_shang_pao", "qiang_gang", "hai_di", "tian_hu", "di_hu"})
"""Circumstances of a win: 杠上花, 杠上炮, 抢杠胡, 海底捞月, 天胡, 地胡."""

SUIT_NAMES = ("万", "筒", "条")

NAMES: dict[str, tuple[str, str]] = {
    "ping_hu": ("平胡", "Plain win"),
    "dui_dui_hu": ("对对胡", "All pungs"),
    "qing_yi_se": ("清一色", "Pure suit"),
    "dai_yao_jiu": ("带幺九", "Terminals in every set"),
    "qi_dui": ("七对", "Seven pairs"),
    "qing_dui": ("清对", "Pure all pungs"),
    "jiang_dui": ("将对", "All pungs of 2, 5, 8"),
    "long_qi_dui": ("龙七对", "Dragon seven pairs"),
    "qing_qi_dui": ("清七对", "Pure seven pairs"),
    "qing_yao_jiu": ("清幺九", "Pure terminals in every set"),
    "tian_hu": ("天胡", "Heavenly win"),
    "di_hu": ("地胡", "Earthly win"),
    "qing_long_qi_dui": ("清龙七对", "Pure dragon seven pairs"),
    "qiang_gang_hu": ("抢杠胡", "Robbing a kan"),
    "gen": ("根", "Four of a kind (gen)"),
    "gang_shang_hua": ("杠上花", "Win on a kan replacement"),
    "gang_shang_pao": ("杠上炮", "Win on a discard after a kan"),
    "qiang_gang": ("抢杠", "Robbing a kan"),
    "hai_di": ("海底捞月", "Last tile of the wall"),
    "zi_mo": ("自摸", "Self-draw"),
}

FAN_BASE: dict[str, int] = {
    "ping_hu": 1,
    "dui_dui_hu": 2,
    "qing_yi_se": 3,
    "dai_yao_jiu": 3,
    "qi_dui": 3,
    "qing_dui": 4,
    "jiang_dui": 4,
    "long_qi_dui": 5,
    "qing_qi_dui": 5,
    "qing_yao_jiu": 5,
    "tian_hu": 6,
    "di_hu": 6,
    "qing_long_qi_dui": 6,
}
"""The 番 table's base fans (they do not add up: the highest applies)."""

POINTS_BASE: dict[str, int] = {
    "ping_hu": 1,
    "dui_dui_hu": 2,
    "qiang_gang_hu": 2,
    "qing_yi_se": 3,
    "dai_yao_jiu": 3,
    "qi_dui": 3,
    "long_qi_dui": 4,
    "qing_dui": 4,
    "jiang_dui": 4,
    "tian_hu": 8,
    "di_hu": 8,
}
"""The Chengdu 分 table's patterns; a pattern it does not list (清七对, 清幺九, 清龙七对) scores as
the highest listed pattern it contains."""

FAN_EXTRA: dict[str, int] = {
    "gang_shang_hua": 1,
    "gang_shang_pao": 1,
    "qiang_gang": 1,
    "hai_di": 1,
    "zi_mo": 1,
}
POINTS_EXTRA: dict[str, int] = {"gang_shang_hua": 2, "qiang_gang": 1, "hai_di": 1, "zi_mo": 1}

DRAGON_PATTERNS = frozenset({"long_qi_dui", "qing_long_qi_dui"})
"""Patterns that use up one 根 (the four of a kind that makes them)."""

# When two patterns are worth the same, the more specific one is shown.
_PRIORITY = (
    "qing_long_qi_dui",
    "tian_hu",
    "di_hu",
    "qing_qi_dui",
    "qing_yao_jiu",
    "long_qi_dui",
    "qing_dui",
    "jiang_dui",
    "qing_yi_se",
    "qi_dui",
    "dai_yao_jiu",
    "qiang_gang_hu",
    "dui_dui_hu",
    "ping_hu",
)


def item(key: str, value: int, count: int = 0) -> ScoreLine:
    zh, en = NAMES[key]
    name = f"{zh} {en}" + (f" ×{count}" if count > 1 else "")
    return ScoreLine(key, name, value, (("count", count),) if count > 1 else ())


@dataclass(frozen=True)
class SichuanWin:
    """A win to score. ``concealed`` holds the concealed tiles *including* the winning tile."""

    concealed: tuple[int, ...]
    melds: tuple[Meld, ...]
    win_tile: int
    self_draw: bool
    flags: frozenset[str] = frozenset()
    lacking_suit: int | None = None  # the declared 定缺 suit (0 man, 1 pin, 2 sou), if any


@dataclass(frozen=True)
class SichuanScore:
    valid: bool
    reason: str = ""
    items: tuple[ScoreLine, ...] = ()
    fan: int = 0  # the total of the items (fan, or points in the additive model), before any cap
    counted: int = 0  # the fan actually paid (after the cap); the points total in the additive model
    capped: bool = False
    value: int = 0  # what each payer pays, after the cap, the self-draw base bonus included
    self_draw_bonus: int = 0  # the part of ``value`` that is the 自摸加底 bonus
    gen: int = 0  # 根 counted (after a dragon pattern used one up)
    pattern: str = ""  # the key of the base pattern
    limit: str = ""  # where the cap bit, for people
    model: str = "fan"
    reason_key: str = ""  # engine.situation.REASON_KEYS, when the reason is one of them
    reason_args: tuple[tuple[str, int], ...] = ()
    flags: frozenset[str] = field(default_factory=frozenset)
    reading: Decomposition | None = field(default=None, compare=False)  # the reading that scored


def invalid(
    reason: str, model: str = "fan", key: str = "", args: tuple[tuple[str, int], ...] = ()
) -> SichuanScore:
    return SichuanScore(False, reason, model=model, reason_key=key, reason_args=args)


def suits_of(kinds: Iterable[int]) -> set[int]:
    return {k // 9 for k in kinds}


def _patterns(dec: Decomposition, melds: tuple[Meld, ...], all_kinds: list[int]) -> set[str]:
    one_suit = len(suits_of(all_kinds)) == 1
    out: set[str] = set()
    if dec.form == "seven_pairs":
        counts = [0] * 34
        for k in all_kinds:
            counts[k] += 1
        dragon = any(c == 4 for c in counts)
        out.add("qi_dui")
        if dragon:
            out.add("long_qi_dui")
        if one_suit:
            out.add("qing_qi_dui")
            if dragon:
                out.add("qing_long_qi_dui")
            out.add("qing_yi_se")
        return out
    out.add("ping_hu")
    groups = [g.tiles for g in dec.groups] + [m.kinds for m in melds]
    runs = any(g.kind == "run" for g in dec.groups)
    all_pungs = not runs
    terminals = all(any(k % 9 in (0, 8) for k in g) for g in groups)
    jiang = all_pungs and all(k % 9 in (1, 4, 7) for k in all_kinds)
    if all_pungs:
        out.add("dui_dui_hu")
    if one_suit:
        out.add("qing_yi_se")
    if terminals:
        out.add("dai_yao_jiu")
    if one_suit and all_pungs:
        out.add("qing_dui")
    if jiang:
        out.add("jiang_dui")
    if one_suit and terminals:
        out.add("qing_yao_jiu")
    return out


def _best(candidates: set[str], table: dict[str, int], gen_total: int) -> tuple[int, str, int]:
    """The pattern worth most with its 根 (a dragon pattern uses one up): (total, key, gen)."""
    best: tuple[int, str, int] | None = None
    for key in _PRIORITY:  # on equal totals the more specific pattern wins
        if key in candidates and key in table:
            gen = gen_total - (1 if key in DRAGON_PATTERNS else 0)
            if best is None or table[key] + gen > best[0]:
                best = (table[key] + gen, key, gen)
    assert best is not None
    return best


def count_gen(kinds: Iterable[int]) -> int:
    """Kinds the hand holds all four of (kans included)."""
    counts = [0] * 34
    for k in kinds:
        counts[k] += 1
    return sum(1 for c in counts if c == 4)


def score_sichuan_win(win: SichuanWin, rules: SichuanRules) -> SichuanScore:
    """Score a win (both models); ``valid`` is False with a ``reason`` for a hand that cannot win."""
    model = rules.scoring_model
    unknown = set(win.flags) - FLAGS
    if unknown:
        return invalid(f"unknown flag(s): {', '.join(sorted(unknown))}", model)
    if any(m.type is MeldType.CHI for m in win.melds):
        return invalid("Sichuan has no chi", model)
    concealed = [kind_of(t) for t in win.concealed]
    meld_kinds = [k for m in win.melds for k in m.kinds]
    all_kinds = concealed + meld_kinds
    if any(k >= 27 for k in all_kinds):
        return invalid("Sichuan uses only man, pin and sou tiles", model)
    if kind_of(win.win_tile) not in concealed:
        return invalid("the winning tile is not in the hand", model, "win_tile_not_in_hand")
    suits = suits_of(all_kinds)
    if len(suits) == 3:
        return invalid("a win must lack one suit (缺一门): the hand holds all three", model, "three_suits")
    if win.lacking_suit is not None and win.lacking_suit in suits:
        return invalid(f"the hand still holds its lacking suit ({SUIT_NAMES[win.lacking_suit]})", model)
    if len(concealed) + 3 * len(win.melds) != 14:
        size = len(concealed) + 3 * len(win.melds)
        return invalid(
            f"a complete hand holds 14 tiles (a kan counted as 3), not {size}",
            model,
            "hand_size",
            (("held", len(concealed)), ("needed", 14 - 3 * len(win.melds))),
        )
    decs = decompositions(
        tile_counts34(win.concealed),
        sets=4,
        exposed=len(win.melds),
        forms=SICHUAN_FORMS,
        four_as_two_pairs=True,
    )
    if not decs:
        return invalid("not a complete hand (four sets and a pair, or seven pairs)", model, "not_complete")
    table = FAN_BASE if model == "fan" else POINTS_BASE
    gen_total = count_gen(all_kinds)
    flags = win.flags
    special: set[str] = set()
    if "tian_hu" in flags:
        special.add("tian_hu")
    if "di_hu" in flags:
        special.add("di_hu")
    if model == "points" and "qiang_gang" in flags and rules.points_robbing == "base":
        special.add("qiang_gang_hu")
    best: tuple[int, str, int] | None = None
    reading: Decomposition | None = None
    for dec in decs:
        found = _best(_patterns(dec, win.melds, all_kinds) | special, table, gen_total)
        if best is None or found[0] > best[0]:
            best, reading = found, dec
    assert best is not None
    _, pattern, gen = best
    items = [item(pattern, table[pattern])]
    if gen:
        items.append(item("gen", gen, gen))
    extra = FAN_EXTRA if model == "fan" else POINTS_EXTRA
    extras: list[str] = []
    if "gang_shang_hua" in flags:
        extras.append("gang_shang_hua")
    if "gang_shang_pao" in flags:
        extras.append("gang_shang_pao")
    if "qiang_gang" in flags and not (model == "points" and rules.points_robbing == "base"):
        extras.append("qiang_gang")
    if "hai_di" in flags and rules.hai_di:
        extras.append("hai_di")
    if win.self_draw and rules.self_draw_bonus == "fan":
        extras.append("zi_mo")
    items.extend(item(key, extra[key]) for key in extras if extra.get(key))
    total = sum(i.value for i in items)
    base = rules.base_points
    capped = False
    limit = ""
    if model == "fan":
        counted = total
        if rules.fan_cap and total > rules.fan_cap:
            counted = rules.fan_cap
            capped = True
            limit = f"封顶 capped: {total} fan paid as {counted}"
        value = base * 2 ** (counted - 1)
    else:
        counted = total
        value = base * total
    bonus = base if win.self_draw and rules.self_draw_bonus == "base" else 0
    return SichuanScore(
        valid=True,
        items=tuple(items),
        fan=total,
        counted=counted,
        capped=capped,
        value=value + bonus,
        self_draw_bonus=bonus,
        gen=gen,
        pattern=pattern,
        limit=limit,
        model=model,
        flags=frozenset(flags),
        reading=reading,
    )
