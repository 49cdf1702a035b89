"""Lingxi mahjong (灵溪麻将) ruleset: every regional or ambiguous choice as a typed, documented toggle.

The rules follow the Lingxi text (144 tiles, 财神 wildcards, 台 counted for every player, pairwise
settlement among the non-winners). Where the text is silent or ambiguous the default is the reading
stated in ``resources/rulebook/lingxi.md``; each alternative is a toggle here. The defaults are the preset
``resources/rulesets/lingxi-default.toml``; ``lingxi-regional.toml`` uses the regional scoring the text
mentions (double from 10 台, 杀猪胡 20, 花胡 100). Field names are part of the file format and of the
game core's API.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from annotated_types import Ge, Le

from engine.rules.errors import Problem
from engine.rules.registry import register_family
from engine.rules.schema import RulesetBase, SeatCount, players_toggle, seats_problem, toggle

Tai = Annotated[int, Ge(0), Le(500)]

_MATCH = "lingxi.md#match-and-dealer"
_SETUP = "lingxi.md#set-up"
_PLAY = "lingxi.md#play"
_END = "lingxi.md#end-of-the-wall"
_WIN = "lingxi.md#winning"
_TAI = "lingxi.md#tai"
_SETTLE = "lingxi.md#settlement"


PLAYED_SEATS: tuple[int, ...] = (2, 3, 4)
"""The seat counts this family plays (the ``players`` toggle accepts only these)."""


@register_family
class LingxiRules(RulesetBase):
    """Lingxi mahjong (灵溪麻将): 144 tiles, 财神 wildcards, 5 sets and a pair, 台 for everyone."""

    FAMILY: ClassVar[str] = "lingxi"
    SCHEMA_VERSION: ClassVar[int] = 1
    DEFAULT_PRESET: ClassVar[str] = "lingxi-default"
    TITLE_EN: ClassVar[str] = "Lingxi"
    TITLE_ZH: ClassVar[str] = "灵溪麻将"
    PRESET_TITLES: ClassVar[dict[str, tuple[str, str]]] = {
        "lingxi-default": ("As the rules text scores it", "规则原文算法"),
        "lingxi-regional": ("Regional scoring", "地方算法"),
    }
    SECTIONS: ClassVar[dict[str, str]] = {
        "Match": "对局",
        "Wilds": "财神",
        "Play": "行牌",
        "End of the wall": "流局",
        "Scoring": "台数",
        "Settlement": "结算",
    }

    family: Literal["lingxi"] = "lingxi"
    name: str = "lingxi-default"
    base: str = "lingxi-default"
    schema_version: int = 1

    # ── Match ──────────────────────────────────────────────────────────────────────────────────
    players: SeatCount = players_toggle(
        _MATCH,
        description_en="How many sit at the table: "
        "four as the rules text describes, or three or two as a house rule "
        "(the walls, dice, 财神, reserve and 截胡 order follow the seats present; payments are settled "
        "between them).",
        description_zh="桌上几人：规则原文为四人；三人或二人为家规（砌牌、骰子、财神、留牌与截胡顺序按在座的人，结"
        "算只在在座者之间）。",
    )
    rounds: int = toggle(
        2,
        ge=1,
        le=4,
        title_en="Deals per player",
        title_zh="每人坐庄次数",
        description_en="The match ends when every player has been dealer this many times. A dealer who "
        "wins keeps the deal (连庄) and that still counts as one turn as dealer; otherwise the deal passes "
        "to the next player.",
        description_zh="每位玩家都坐满这么多次庄后对局结束。庄家胡牌则连庄（仍算同一次坐庄），否则由下家坐庄。",
        section="Match",
        rulebook=_MATCH,
    )

    # ── Wilds ──────────────────────────────────────────────────────────────────────────────────
    flower_wild: Literal["group", "same_flower"] = toggle(
        "group",
        title_en="A shown flower as 财神",
        title_zh="翻出花牌作财神",
        description_en="When a shown 财神 tile is a flower: the other three flowers of its group (春夏秋冬 "
        "or 梅兰菊竹) are the 财神, and count as three identical 财神; or only that flower itself is the "
        "财神 (its single copy is the shown tile, so no such 财神 is left in play).",
        description_zh="翻出的财神是花牌时：同组（春夏秋冬或梅兰菊竹）的其余三张花为财神，算作三个一样的财神；"
        "或只有该花本身是财神（它唯一的一张已被翻出，因此场上没有这种财神）。",
        section="Wilds",
        rulebook=_SETUP,
        choice_titles={
            "group": ("The rest of its group", "同组其余三张"),
            "same_flower": ("Only that flower", "仅该花本身"),
        },
    )

    # ── Play ───────────────────────────────────────────────────────────────────────────────────
    caishen_single_wait: Literal["no_priority", "self_draw_only"] = toggle(
        "no_priority",
        title_en="财神 single wait (财神单钓)",
        title_zh="财神单钓",
        description_en="A player whose wait is a 财神 single wait (the pair is a 财神 plus one tile, so any "
        "tile wins) may win on a discard but cannot take it ahead of another player who also wins on it "
        "(no 截胡); or may only win by self-draw.",
        description_zh="财神单钓（对子中一张为财神，任何牌都能胡）的玩家可以胡别人打出的牌，但不能截胡同时要胡"
        "这张牌的其他玩家；或只能自摸。",
        section="Play",
        rulebook=_PLAY,
        choice_titles={
            "no_priority": ("May win on a discard, no 截胡", "可点炮胡，不可截胡"),
            "self_draw_only": ("Self-draw only", "只能自摸"),
        },
    )

    # ── End of the wall ────────────────────────────────────────────────────────────────────────
    reserve_stacks: int = toggle(
        10,
        ge=0,
        le=20,
        title_en="Stacks left at the end (臭庄)",
        title_zh="流局留墩数",
        description_en="The hand is drawn (流局, 臭庄) when this many stacks (two tiles each) remain in the "
        "wall, plus one more stack for every kan made. The two shown 财神 tiles are not counted.",
        description_zh="牌墙剩下这么多墩（每墩两张）时流局（臭庄）；场上每有一个杠，再多留一墩。翻出的两张财神不计在内。",
        section="End of the wall",
        rulebook=_END,
    )
    last_four: Literal["draw_only", "play_on_liable"] = toggle(
        "draw_only",
        title_en="The last four tiles",
        title_zh="最后四张牌",
        description_en="The last four drawable tiles: each player in turn draws one and discards nothing, "
        "replaces no flower and makes no kan; only a self-drawn win is possible. Or play goes on as usual "
        "to the last tile, and a player whose discard is won on within the last four tiles pays for all "
        "three losers (包赔).",
        description_zh="最后四张可摸的牌：每人依次摸一张，不再打出、不补花、不暗杠/补杠，只能自摸；"
        "或照常摸牌打牌，此时放炮者要包赔三家。",
        section="End of the wall",
        rulebook=_END,
        choice_titles={
            "draw_only": ("Draw only, self-draw wins", "只摸不打，只能自摸"),
            "play_on_liable": ("Play on, the discarder pays for all", "照常打，放炮包赔"),
        },
    )

    # ── Scoring ────────────────────────────────────────────────────────────────────────────────
    double_from: int = toggle(
        13,
        ge=1,
        le=500,
        title_en="Winner doubles from",
        title_zh="翻倍台数",
        description_en="A winner whose 台 add up to at least this many has them doubled (翻). Non-winners "
        "never double. Some places double from 10 台.",
        description_zh="胡牌方累计台数达到这么多时乘以2（翻）。没胡牌的即使台数再高也不翻。少数地区10台就翻。",
        section="Scoring",
        rulebook=_TAI,
    )
    sha_zhu_tai: int = toggle(
        13,
        ge=0,
        le=500,
        title_en="杀猪 (declared without a winning shape)",
        title_zh="杀猪台数",
        description_en="台 of 杀猪: a player holding three identical 财神 and another 财神 (two 财神 "
        "when both shown tiles were the same) declares a win on their own turn whatever the shape. "
        "Nothing else counts and the three others score 0.",
        description_zh="杀猪：手里有三个一样的财神和另一个财神（开出的财神为两个一样的则为两个财神），在自己出牌时"
        "无视牌型直接胡牌。其他台数均不计，其余三家计0台。",
        section="Scoring",
        rulebook=_WIN,
    )
    sha_zhu_hu_tai: tuple[Tai, Tai, Tai] = toggle(
        (13, 26, 52),
        title_en="杀猪胡 (a normal win holding the 杀猪 财神)",
        title_zh="杀猪胡台数",
        description_en="台 added to a normal win while holding the 杀猪 财神: with four 财神 in all, with "
        "five, with six. Some places count 杀猪胡 as 20.",
        description_zh="胡牌时手里有杀猪的财神所加台数：共四个财神、五个财神、六个财神时。有些地方杀猪胡算20台。",
        section="Scoring",
        rulebook=_TAI,
    )
    hua_hu_tai: int = toggle(
        52,
        ge=0,
        le=500,
        title_en="花胡 (all eight flowers)",
        title_zh="花胡台数",
        description_en="台 of 花胡: a player who has collected all eight flowers wins on their own turn "
        "whatever the shape; nothing else counts and, as after 杀猪, the three others score 0. Some places "
        "count 100.",
        description_zh="花胡：摸齐全部8张花牌，在自己出牌时无视牌型直接胡牌，其他台数均不计，与杀猪一样其余三家计0台。"
        "有些地方花胡算100台。",
        section="Scoring",
        rulebook=_WIN,
    )
    ping_hu: Literal["larger", "flat"] = toggle(
        "larger",
        title_en="平胡 (no pon, kan, flower or 财神)",
        title_zh="平胡",
        description_en="平胡 counts 13 台 flat, nothing else added; but when the hand's other items add up "
        "to more (for instance 混一色 and 硬打硬), the larger count is taken, as the text takes the larger "
        "of several counts. Or always 13 flat.",
        description_zh="平胡直接计13台，其他台数不加；但若按其他各项计算台数更多（如混一色加硬打硬），按文中"
        "“取较大的台数计”取较大者。或一律计13台。",
        section="Scoring",
        rulebook=_TAI,
        choice_titles={
            "larger": ("13, or the items when they add up to more", "13台或取较大"),
            "flat": ("Always 13", "一律13台"),
        },
    )
    eight_flowers_tai: int = toggle(
        52,
        ge=0,
        le=500,
        title_en="All eight flowers at a normal win",
        title_zh="胡牌时八花齐",
        description_en="台 added to a normal win when the winner holds all eight flowers.",
        description_zh="正常胡牌时拥有全部8张花牌所加的台数。",
        section="Scoring",
        rulebook=_TAI,
    )

    # ── Settlement ─────────────────────────────────────────────────────────────────────────────
    dealer_doubles: bool = toggle(
        True,
        title_en="Dealer pays and collects double",
        title_zh="庄家翻倍",
        description_en="Every payment to or from the dealer is doubled: the win, the differences between "
        "non-winners and the 诈胡 penalty.",
        description_zh="庄家支付或收取的子都翻倍：胡牌、没胡牌三家之间的差额以及诈胡罚子。",
        section="Settlement",
        rulebook=_SETTLE,
    )
    bao_pei: bool = toggle(
        True,
        title_en="Liability for 四风齐 (包赔)",
        title_zh="四风齐包赔",
        description_en="When a player already has open pons or kans of three winds and another player's "
        "discard (or added kan) of the fourth wind gives them a 四风齐 win, the discarder pays what all "
        "three losers owe the winner.",
        description_zh="有玩家已明碰/杠了三个风向牌时，若其他玩家打出或补杠最后一个风向牌使其四风齐胡牌，"
        "放炮者要替另两个没胡牌的玩家向胡牌方支付全额的子。",
        section="Settlement",
        rulebook=_SETTLE,
    )
    zha_hu_penalty: int = toggle(
        26,
        ge=0,
        le=500,
        title_en="诈胡 penalty",
        title_zh="诈胡罚子",
        description_en="A player who declares a win without a winning hand ends the hand and pays this much "
        "to each other player (doubled to or from the dealer); nobody else settles.",
        description_zh="没有胡的牌型推倒喊胡者本局结束，向另三家各支付这么多子（庄家翻倍），其余三家互相不再计算台数。",
        section="Settlement",
        rulebook=_SETTLE,
    )
    practice_fouls: bool = toggle(
        False,
        title_en="Real-table practice (fouls possible)",
        title_zh="实战练习（可犯规）",
        description_en="Off: the table offers only legal moves, so fouls cannot happen. On: a player may "
        "also discard a 财神, flower or 白板 or a tile of a kind they have pon-ed (their hand is then "
        "dead: no chi, pon, win or flower replacement, kans allowed, 0 台), and may declare a win without "
        "a winning hand (诈胡).",
        description_zh="关闭：只提供合法操作，不会犯规。开启：玩家也可以打出财神、花牌、白板或已碰过的牌"
        "（本局即成死牌：不能吃、碰、胡，不能补花，可以杠，计0台），也可以没有胡的牌型推倒喊胡（诈胡）。",
        section="Settlement",
        rulebook=_SETTLE,
    )

    def conflicts(self) -> list[Problem]:
        problems: list[Problem] = []
        problems.extend(seats_problem(self.players, PLAYED_SEATS))
        low, mid, high = self.sha_zhu_hu_tai
        if not low <= mid <= high:
            problems.append(
                Problem("sha_zhu_hu_tai", "more 财神 must not be worth fewer 台 (four ≤ five ≤ six)")
            )
        return problems
