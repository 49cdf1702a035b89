"""Japanese riichi ruleset: every house rule as a typed, documented toggle.

The defaults are the common online rules (``resources/rulesets/riichi-online.toml``): four players,
three red fives, open tanyao, East+South with a West extension, 25,000 start / 30,000 return,
uma 20/10/−10/−20, double ron, busting. Field names are part of the file format and of the game
core's API: renaming one needs a schema version bump and a migration (see
:mod:`engine.rules.migrations`).
"""

from __future__ import annotations

from itertools import pairwise
from typing import Annotated, Any, ClassVar, Literal

from annotated_types import Ge, Le

from engine.rules.errors import Problem
from engine.rules.migrations import MigrationError, register_migration, rename_keys
from engine.rules.registry import register_family
from engine.rules.schema import RulesetBase, SeatCount, players_toggle, seats_problem, toggle

UmaValue = Annotated[int, Ge(-100), Le(100)]

_MATCH = "riichi.md#match"
_POINTS = "riichi.md#points"
_RIICHI = "riichi.md#riichi"
_CALLS = "riichi.md#calls"
_DORA = "riichi.md#dora"
_YAKU = "riichi.md#yaku-and-limits"
_SCORING = "riichi.md#scoring"
_DRAW = "riichi.md#exhaustive-draw"
_ABORT = "riichi.md#abortive-draws"
_SEATS = "riichi.md#three-and-two-players"


PLAYED_SEATS: tuple[int, ...] = (2, 3, 4)
"""The seat counts this family plays (the ``players`` toggle accepts only these)."""


@register_family
class RiichiRules(RulesetBase):
    """Japanese riichi mahjong (日本立直麻将), four players."""

    FAMILY: ClassVar[str] = "riichi"
    SCHEMA_VERSION: ClassVar[int] = 1
    DEFAULT_PRESET: ClassVar[str] = "riichi-online"
    TITLE_EN: ClassVar[str] = "Japanese riichi"
    TITLE_ZH: ClassVar[str] = "日本立直麻将"
    PRESET_TITLES: ClassVar[dict[str, tuple[str, str]]] = {
        "riichi-online": ("Online rules", "网络通用规则"),
        "riichi-online-east": ("Online rules, East only", "网络通用规则·东风战"),
        "riichi-club": ("Club rules", "俱乐部规则"),
        "riichi-duel": ("Two players, one on one", "二人对战"),
        "riichi-sanma-online": ("Three players, online rules", "三人麻将·网络规则"),
        "riichi-sanma-tenhou": ("Three players, Tenhou's rules", "三人麻将·天凤规则"),
    }
    SECTIONS: ClassVar[dict[str, str]] = {
        "Match": "对局",
        "Points": "点数与顺位",
        "Riichi": "立直",
        "Calls": "鸣牌与荣和",
        "Dora": "宝牌",
        "Yaku and limits": "役与上限",
        "Scoring": "计分",
        "Exhaustive draw": "荒牌流局",
        "Abortive draws": "途中流局",
    }

    family: Literal["riichi"] = "riichi"
    name: str = "riichi-online"
    base: str = "riichi-online"
    schema_version: int = 1

    # ── Match ──────────────────────────────────────────────────────────────────────────────────
    players: SeatCount = players_toggle(
        _MATCH,
        description_en="How many sit at the table: "
        "four (the classic game), three (sanma: 2m-8m left out, no chi, north "
        "set aside as a bonus tile) or two (one against one). The other house rules say how each "
        "difference is played.",
        description_zh="桌上几人：四人（标准）、三人（三麻：去掉二万至八万，不能吃，北风可拔作宝牌）或二人（一对一"
        "）。各处不同由其他规则决定。",
    )
    game_length: Literal["east", "east_south"] = toggle(
        "east_south",
        title_en="Game length",
        title_zh="对局长度",
        description_en="How many rounds are scheduled: an East-only game (tonpuusen, one round of at least "
        "four hands) or East+South (hanchan, two rounds of at least four hands each).",
        description_zh="预定进行的场数：东风战（一场，至少四局）或半庄战（东、南两场，每场至少四局）。",
        section="Match",
        rulebook=_MATCH,
        choice_titles={
            "east": ("East only (tonpuusen)", "东风战"),
            "east_south": ("East + South (hanchan)", "半庄战"),
        },
    )
    west_extension: bool = toggle(
        True,
        title_en="Extension round (West entry)",
        title_zh="西入（延长战）",
        description_en="If nobody has reached the sudden-death target after the last scheduled hand, the "
        "game continues into the next round wind (South after an East-only game, West after East+South). "
        "It then ends as soon as a hand finishes with someone at or above the target, and after that extra "
        "round at the latest. Off: the game ends after the last scheduled hand.",
        description_zh="最后一局结束时若无人达到“延长战目标点数”，则进入下一场（东风战入南场，半庄战入西场）；"
        "此后任何一局结束时有人达到目标即终局，最多再进行一场。关闭时，预定局数打完即终局。",
        section="Match",
        rulebook=_MATCH,
    )
    sudden_death_target: int = toggle(
        30000,
        ge=0,
        le=200000,
        multiple_of=100,
        title_en="Sudden-death target",
        title_zh="延长战目标点数",
        description_en="Points a player must hold for the game to end after the last scheduled hand; used "
        "only with the extension round. Usually equal to the return points.",
        description_zh="预定局数结束后终局所需的点数（有人达到即终局），仅在开启西入时使用。通常与返点相同。",
        section="Match",
        rulebook=_MATCH,
    )
    busting: bool = toggle(
        True,
        title_en="Busting (tobi)",
        title_zh="击飞",
        description_en="The game ends at once when a player's score is below zero at the end of a hand. "
        "A score of exactly zero does not bust.",
        description_zh="一局结束时若有玩家点数低于0，对局立即结束。恰好为0点不算被击飞。",
        section="Match",
        rulebook=_MATCH,
    )
    agariyame: bool = toggle(
        True,
        title_en="Dealer stops after a final-hand win (agari-yame)",
        title_zh="和了止",
        description_en="In the final hand (all last), if the dealer wins and is then in first place, the "
        "game ends instead of the dealer repeating.",
        description_zh="在最终局（南四局等最后一局）中，庄家和牌后若为第一位，则对局结束而不连庄。",
        section="Match",
        rulebook=_MATCH,
    )
    tenpaiyame: bool = toggle(
        False,
        title_en="Dealer stops when tenpai in the final hand (tenpai-yame)",
        title_zh="听牌止",
        description_en="In the final hand, if the hand ends in an exhaustive draw with the dealer tenpai and "
        "in first place, the game ends instead of the dealer repeating.",
        description_zh="在最终局中，荒牌流局时庄家听牌且为第一位，则对局结束而不连庄。",
        section="Match",
        rulebook=_MATCH,
    )

    # ── Points and placement ───────────────────────────────────────────────────────────────────
    start_points: int = toggle(
        25000,
        ge=1000,
        le=200000,
        multiple_of=100,
        title_en="Starting points",
        title_zh="起始点数",
        description_en="Points each player starts with.",
        description_zh="每位玩家开局时的点数。",
        section="Points",
        rulebook=_POINTS,
    )
    return_points: int = toggle(
        30000,
        ge=1000,
        le=200000,
        multiple_of=100,
        title_en="Return points",
        title_zh="返点",
        description_en="Reference score of the final result: each player's result is (score − return "
        "points) / 1000 plus uma. Four times the difference to the starting points is the oka, a bonus "
        "for first place (20,000 with 25,000/30,000). Must not be below the starting points.",
        description_zh="终局结算的基准点：每人成绩 =（点数 − 返点）/ 1000 + 马点。返点与起始点数之差乘以4即为"
        "头名奖励（25000/30000时为20000点），归第一位。不得低于起始点数。",
        section="Points",
        rulebook=_POINTS,
    )
    uma: tuple[UmaValue, UmaValue, UmaValue, UmaValue] = toggle(
        (20, 10, -10, -20),
        title_en="Uma (placement bonus)",
        title_zh="顺位马",
        description_en="Bonus by final rank, first to fourth, in thousands of points (20, 10, -10, -20 "
        "means +20,000 for first). The four values must add up to zero and must not grow with rank.",
        description_zh="按最终顺位（第一至第四）加减的马点，单位为千点"
        "（20, 10, -10, -20 表示第一位+20000点）。四个数之和必须为0，且后一名次不得高于前一名次。",
        section="Points",
        rulebook=_POINTS,
    )
    uma_three: tuple[UmaValue, UmaValue, UmaValue] = toggle(
        (15, 0, -15),
        title_en="Uma with three players",
        title_zh="三人麻将的顺位马",
        description_en="Bonus by final rank, first to third, in thousands of points, when three play "
        "(15, 0, -15 means +15,000 for first). The values must add up to zero and must not grow with rank.",
        description_zh="三人对局时按最终顺位（第一至第三）加减的马点，单位为千点。三个数之和必须为0，"
        "且后一名次不得高于前一名次。",
        section="Points",
        rulebook=_SEATS,
    )
    uma_two: tuple[UmaValue, UmaValue] = toggle(
        (10, -10),
        title_en="Uma with two players",
        title_zh="二人麻将的顺位马",
        description_en="Bonus for the winner and the loser of a two-player match, in thousands of points "
        "(10, -10 means +10,000 for the winner). The two values must add up to zero.",
        description_zh="二人对局时胜者与负者加减的马点，单位为千点（10, -10 表示胜者+10000点）。"
        "两数之和必须为0。",
        section="Points",
        rulebook=_SEATS,
    )
    rank_ties: Literal["seat_order", "split"] = toggle(
        "seat_order",
        title_en="Tied final scores",
        title_zh="同分顺位",
        description_en="How players with the same final score are ranked: by seat order (the first dealer "
        "first, then in turn order), or sharing equally the uma and oka of the places they tie for.",
        description_zh="终局点数相同时的排名方式：按座次（起家优先，其后按行牌顺序），或平分所占名次的马点与头名奖励。",
        section="Points",
        rulebook=_POINTS,
        choice_titles={
            "seat_order": ("Earlier seat ranks higher", "按起家座次排名"),
            "split": ("Share uma and oka", "平分马点与头名奖励"),
        },
    )
    leftover_riichi_sticks: Literal["first_place", "lost"] = toggle(
        "first_place",
        title_en="Riichi sticks left at the end",
        title_zh="终局剩余立直棒",
        description_en="Riichi deposits still on the table when the game ends either go to the player in "
        "first place or are removed from play.",
        description_zh="对局结束时场上剩余的立直棒（供托）归第一位，或作废。",
        section="Points",
        rulebook=_POINTS,
        choice_titles={
            "first_place": ("Go to first place", "归第一位"),
            "lost": ("Are lost", "作废"),
        },
    )

    # ── Riichi ─────────────────────────────────────────────────────────────────────────────────
    riichi_min_points: int = toggle(
        1000,
        ge=0,
        le=100000,
        multiple_of=100,
        title_en="Points needed to declare riichi",
        title_zh="立直所需点数",
        description_en="A player needs at least this many points to declare riichi (normally the value of "
        "the riichi stick). 0 lets anyone declare, even if it takes them below zero.",
        description_zh="宣告立直至少需要的点数（通常等于立直棒）。设为0时点数不足也可立直（可能变为负分）。",
        section="Riichi",
        rulebook=_RIICHI,
    )
    riichi_min_wall_tiles: int = toggle(
        4,
        ge=0,
        le=70,
        title_en="Wall tiles needed to declare riichi",
        title_zh="立直所需剩余牌数",
        description_en="Riichi may be declared only while at least this many tiles remain in the live wall, "
        "so that the player still has a draw to come (4 with four players).",
        description_zh="牌山（不含王牌）至少剩余这么多张时才能立直，保证立直者还有摸牌机会（四人麻将为4张）。",
        section="Riichi",
        rulebook=_RIICHI,
    )
    riichi_stick: int = toggle(
        1000,
        ge=0,
        le=10000,
        multiple_of=100,
        title_en="Riichi stick",
        title_zh="立直棒",
        description_en="Points put on the table when declaring riichi; the next winner collects them.",
        description_zh="宣告立直时放到场上的点数，由下一位和牌者获得。",
        section="Riichi",
        rulebook=_RIICHI,
    )
    closed_kan_after_riichi: Literal["wait_unchanged", "never"] = toggle(
        "wait_unchanged",
        title_en="Closed kan after riichi",
        title_zh="立直后暗杠",
        description_en="Whether a player in riichi may declare a closed kan with the tile just drawn: only "
        "when the kan leaves the set of waiting tiles unchanged (as online tables rule), or never.",
        description_zh="立直后能否用刚摸到的牌暗杠：仅在暗杠后听牌种类不变时可以（网络对局的规则），或一律不可以。",
        section="Riichi",
        rulebook=_RIICHI,
        choice_titles={
            "wait_unchanged": ("Only if the wait stays the same", "不改变听牌时可以"),
            "never": ("Never", "不可以"),
        },
    )

    # ── Calls ──────────────────────────────────────────────────────────────────────────────────
    kuikae_forbidden: bool = toggle(
        True,
        title_en="No swap-calling (kuikae)",
        title_zh="禁止食替",
        description_en="After calling chi or pon, the player may not discard the tile kind just called, nor "
        "(after a chi) the tile at the other end of the sequence that would leave the same shape.",
        description_zh="吃或碰之后，不得打出与所鸣之牌相同的牌；吃牌后也不得打出顺子另一端、形成同样形状的牌（筋食替）。",
        section="Calls",
        rulebook=_CALLS,
    )
    double_ron: bool = toggle(
        True,
        title_en="Double ron",
        title_zh="一炮双响",
        description_en="When two players ron the same discard, both win. Off: head bump (atama-hane), only "
        "the first claimant in turn order after the discarder wins.",
        description_zh="两家同时荣和同一张牌时两家都和牌。关闭时为截和（头跳）：只有从放铳者起按行牌顺序最近的一家和牌。",
        section="Calls",
        rulebook=_CALLS,
    )
    multi_ron_bonus: Literal["first_winner", "each_winner"] = toggle(
        "first_winner",
        title_en="Honba with several winners",
        title_zh="一炮多响的本场棒",
        description_en="With a double ron, the honba bonus is paid to the first winner in turn order after "
        "the discarder only (as online tables do), or to each winner. Riichi sticks on the table always go "
        "to the first winner.",
        description_zh="一炮双响时，本场点数只付给从放铳者起按顺序的第一位和牌者（网络对局的做法），或付给每位和牌者。"
        "场上的立直棒总是归第一位和牌者。",
        section="Calls",
        rulebook=_CALLS,
        choice_titles={
            "first_winner": ("First winner only", "仅第一位和牌者"),
            "each_winner": ("Each winner", "每位和牌者"),
        },
    )
    kokushi_robs_closed_kan: bool = toggle(
        True,
        title_en="Thirteen orphans robs a closed kan",
        title_zh="国士无双抢暗杠",
        description_en="A player waiting on thirteen orphans may ron the tile of another player's closed "
        "kan (robbing the kan). Added kans can always be robbed.",
        description_zh="听国士无双的玩家可以荣和他家暗杠的牌（抢杠）。加杠总是可以抢。",
        section="Calls",
        rulebook=_CALLS,
    )

    sanma_chi: bool = toggle(
        False,
        title_en="Chi with three players",
        title_zh="三人麻将可以吃",
        description_en="Off (Tenhou, Mahjong Soul): with three players nobody may chi; pon and kan are "
        "called as usual. On: the next player may chi as with four.",
        description_zh="关闭（天凤、雀魂）：三人对局不能吃，碰和杠照常。开启：下家可以吃，与四人相同。",
        section="Calls",
        rulebook=_SEATS,
    )
    two_player_chi: bool = toggle(
        True,
        title_en="Chi with two players",
        title_zh="二人麻将可以吃",
        description_en="On (the classic one-against-one games): the opponent's discard may be called for "
        "a chi, since the opponent is always the player before. Off: only pon and kan.",
        description_zh="开启（经典的一对一游戏）：对手总是上家，可以吃对手的弃牌。关闭：只能碰和杠。",
        section="Calls",
        rulebook=_SEATS,
    )
    nuki_robbing: bool = toggle(
        True,
        title_en="Ron on a north set aside",
        title_zh="抢北",
        description_en="On (Tenhou, Mahjong Soul): a player waiting on north may win on a north another "
        "player sets aside, like robbing a kan but without the robbing-a-kan yaku. Off: a north set "
        "aside cannot be won on.",
        description_zh="开启（天凤、雀魂）：听北的玩家可以荣和别人拔出的北，与抢杠相似但不计抢杠役。"
        "关闭：拔出的北不能荣和。",
        section="Calls",
        rulebook=_SEATS,
    )

    # ── Dora ───────────────────────────────────────────────────────────────────────────────────
    red_fives: bool = toggle(
        True,
        title_en="Red fives",
        title_zh="赤宝牌（赤五）",
        description_en="One red five in each suit (0m 0p 0s); each counts as one dora.",
        description_zh="万、筒、索各有一张赤五，每张计1番宝牌。",
        section="Dora",
        rulebook=_DORA,
    )
    kan_dora: bool = toggle(
        True,
        title_en="Kan dora",
        title_zh="杠宝牌",
        description_en="Each kan turns over a further dora indicator.",
        description_zh="每次开杠翻开一张新的宝牌指示牌。",
        section="Dora",
        rulebook=_DORA,
    )
    kan_dora_timing: Literal["closed_now_open_after_discard", "always_now", "always_after_discard"] = toggle(
        "closed_now_open_after_discard",
        title_en="When kan dora are revealed",
        title_zh="杠宝牌翻开时机",
        description_en="When the indicator turned over by a kan takes effect: at once (it then counts for a "
        "win on the replacement tile) or after the kan player's next discard (or at the next kan, whichever "
        "comes first).",
        description_zh="开杠后新宝牌指示牌的翻开时机：立即翻开（岭上开花时计入），或在开杠者打出下一张牌后"
        "（或下一次开杠时，以先到者为准）翻开。",
        section="Dora",
        rulebook=_DORA,
        choice_titles={
            "closed_now_open_after_discard": (
                "Closed kan at once, open or added kan after the discard",
                "暗杠立即翻，明杠与加杠打牌后翻",
            ),
            "always_now": ("Always at once", "一律立即翻"),
            "always_after_discard": ("Always after the discard", "一律打牌后翻"),
        },
    )
    ura_dora: bool = toggle(
        True,
        title_en="Ura dora",
        title_zh="里宝牌",
        description_en="A player who wins in riichi also counts the tiles under the dora indicators.",
        description_zh="立直和牌时，翻开宝牌指示牌下方的牌作为里宝牌计番。",
        section="Dora",
        rulebook=_DORA,
    )
    kan_ura_dora: bool = toggle(
        True,
        title_en="Kan ura dora",
        title_zh="杠里宝牌",
        description_en="The tiles under kan dora indicators count as ura dora too. Needs both ura dora and "
        "kan dora.",
        description_zh="杠宝牌指示牌下方的牌也作为里宝牌计番。需同时开启里宝牌与杠宝牌。",
        section="Dora",
        rulebook=_DORA,
    )

    nukidora: bool = toggle(
        True,
        title_en="North as a bonus tile (nukidora)",
        title_zh="拔北宝牌",
        description_en="On (Tenhou, Mahjong Soul): with three players a north may be set aside on one's "
        "turn (kita), is worth one dora and is replaced from the dead wall. Off: north is an ordinary "
        "wind tile that nobody has as seat wind.",
        description_zh="开启（天凤、雀魂）：三人对局时轮到自己可以把北拔出放在一旁，每张算一枚宝牌，"
        "并从王牌补一张。关闭：北是普通的风牌（没有人的自风是北）。",
        section="Dora",
        rulebook=_SEATS,
    )

    # ── Yaku and limits ────────────────────────────────────────────────────────────────────────
    open_tanyao: bool = toggle(
        True,
        title_en="Open tanyao (kuitan)",
        title_zh="食断（副露断幺）",
        description_en="All simples (tanyao) also counts in an open hand.",
        description_zh="断幺九在副露后仍然成立。",
        section="Yaku and limits",
        rulebook=_YAKU,
    )
    renhou: Literal["none", "mangan", "yakuman"] = toggle(
        "none",
        title_en="Blessing of man (renhou)",
        title_zh="人和",
        description_en="A non-dealer who wins on a discard before their own first draw, with no call made "
        "before: not a yaku, scored as mangan, or scored as yakuman.",
        description_zh="闲家在自己第一次摸牌前、且此前无人鸣牌时荣和：不计役、计满贯或计役满。",
        section="Yaku and limits",
        rulebook=_YAKU,
        choice_titles={
            "none": ("Not a yaku", "不计"),
            "mangan": ("Mangan", "满贯"),
            "yakuman": ("Yakuman", "役满"),
        },
    )
    kazoe_limit: Literal["yakuman", "sanbaiman", "none"] = toggle(
        "yakuman",
        title_en="Counted yakuman (kazoe)",
        title_zh="累计役满",
        description_en="What a hand of 13 han or more from ordinary yaku and dora is worth: a yakuman; "
        "capped at sanbaiman; or no cap, every further 13 han adding a yakuman (26 han = double).",
        description_zh="普通役与宝牌合计13番以上的手牌：计役满；最高按三倍满计算；或不设上限，每13番计一倍役满（26番为双倍）。",
        section="Yaku and limits",
        rulebook=_YAKU,
        choice_titles={
            "yakuman": ("13+ han is a yakuman", "13番以上为役满"),
            "sanbaiman": ("Capped at sanbaiman", "最高三倍满"),
            "none": ("No cap: each 13 han is a yakuman", "不设上限：每13番一倍役满"),
        },
    )
    double_yakuman: bool = toggle(
        False,
        title_en="Double yakuman hands",
        title_zh="双倍役满",
        description_en="Four concealed triplets on a single wait, thirteen orphans on a 13-sided wait, pure "
        "nine gates and big four winds score as double yakuman. Off: as a single yakuman.",
        description_zh="四暗刻单骑、国士无双十三面、纯正九莲宝灯与大四喜计双倍役满。关闭时按单倍役满计算。",
        section="Yaku and limits",
        rulebook=_YAKU,
    )
    multiple_yakuman_stack: bool = toggle(
        True,
        title_en="Several yakuman add up",
        title_zh="役满复合",
        description_en="A hand with several yakuman (for example big three dragons and all honours) scores "
        "each of them. Off: it scores only its highest one.",
        description_zh="同时成立多个役满（如大三元加字一色）时全部累加计算。关闭时只计其中最高的一个。",
        section="Yaku and limits",
        rulebook=_YAKU,
    )
    kiriage: bool = toggle(
        False,
        title_en="Round up to mangan (kiriage)",
        title_zh="切上满贯",
        description_en="4 han 30 fu and 3 han 60 fu are paid as mangan.",
        description_zh="4番30符与3番60符按满贯计算。",
        section="Yaku and limits",
        rulebook=_YAKU,
    )

    # ── Scoring ────────────────────────────────────────────────────────────────────────────────
    honba_points: int = toggle(
        300,
        ge=0,
        le=3000,
        multiple_of=300,
        title_en="Counter (honba) bonus",
        title_zh="本场棒点数",
        description_en="Extra points a winner receives per counter on the table: paid in full by the "
        "discarder on a ron, split equally by the three others on a tsumo.",
        description_zh="每个本场加给和牌者的点数：荣和时由放铳者全额支付，自摸时由其余三家平均支付。",
        section="Scoring",
        rulebook=_SCORING,
    )
    double_wind_pair_fu: Literal[2, 4] = toggle(
        4,
        title_en="Fu for a double-wind pair",
        title_zh="连风雀头符数",
        description_en="Fu for a pair of the wind that is both the round wind and the player's seat wind.",
        description_zh="雀头既是场风又是自风时计的符数。",
        section="Scoring",
        rulebook=_SCORING,
        choice_titles={2: ("2 fu", "2符"), 4: ("4 fu", "4符")},
    )
    pao: bool = toggle(
        True,
        title_en="Liability payment (pao)",
        title_zh="包牌（责任支付）",
        description_en="A player who feeds the last dragon set of big three dragons or the last wind set of "
        "big four winds is liable: on a tsumo they pay the whole yakuman, on a ron by a third player they "
        "pay half and the discarder half.",
        description_zh="鸣牌使他家确定大三元或大四喜（供出最后一组三元牌或风牌）的玩家负责支付：自摸时由其全额支付，"
        "由第三家放铳时两人各付一半。",
        section="Scoring",
        rulebook=_SCORING,
    )

    short_table_tsumo: Literal["loss", "split"] = toggle(
        "loss",
        title_en="Self-draw with fewer than four players",
        title_zh="少于四人时的自摸",
        description_en="A self-draw win is paid as with four players, less the share of each missing seat "
        "(loss: tsumo-son, Tenhou), or with each missing seat's share split evenly among those at the "
        "table (split: Mahjong Soul, and with two players the opponent pays the whole hand).",
        description_zh="自摸时按四人的分配付点，缺席座位那一份不付（自摸损，天凤），"
        "或把缺席座位那一份平分给在座的付款者（折半，雀魂；二人对局时由对手付全部）。",
        section="Scoring",
        rulebook=_SEATS,
        choice_titles={
            "loss": ("Missing shares are lost (tsumo-son)", "自摸损"),
            "split": ("Missing shares are split", "缺席份额平分"),
        },
    )

    # ── Exhaustive draw ────────────────────────────────────────────────────────────────────────
    tenpai_payment: int = toggle(
        3000,
        ge=0,
        le=12000,
        multiple_of=200,
        title_en="Noten penalty",
        title_zh="不听罚符",
        description_en="Total the players who are not tenpai pay to those who are at an exhaustive draw "
        "(with 3,000: one tenpai player gets 3,000, two get 1,500 each, three get 1,000 each; three "
        "players usually play 2,000). A multiple of 600 with four players, of 200 with three. "
        "0 turns it off.",
        description_zh="荒牌流局时未听牌者支付给听牌者的点数总额（3000点时：一家听牌得3000，两家各得1500，三家各得1000；"
        "三人通常为2000）。四人时须为600的倍数，三人时为200的倍数。0为不支付。",
        section="Exhaustive draw",
        rulebook=_DRAW,
    )
    dealer_repeat_on_tenpai: bool = toggle(
        True,
        title_en="Dealer repeats when tenpai at a draw",
        title_zh="流局听牌连庄",
        description_en="At an exhaustive draw the dealer keeps the deal if tenpai and passes it on if not. "
        "Off: the deal always passes on at an exhaustive draw.",
        description_zh="荒牌流局时庄家听牌则连庄，未听牌则下庄。关闭时荒牌流局一律下庄。",
        section="Exhaustive draw",
        rulebook=_DRAW,
    )
    nagashi_mangan: bool = toggle(
        True,
        title_en="Nagashi mangan",
        title_zh="流局满贯",
        description_en="At an exhaustive draw, a player whose discards are all terminals and honours, none "
        "of them called, is paid a mangan as if by tsumo.",
        description_zh="荒牌流局时，若某玩家的舍牌全为幺九牌且均未被他家鸣走，则按自摸满贯收取点数。",
        section="Exhaustive draw",
        rulebook=_DRAW,
    )

    # ── Abortive draws ─────────────────────────────────────────────────────────────────────────
    abort_triple_ron: bool = toggle(
        True,
        title_en="Triple ron aborts the hand",
        title_zh="三家和了",
        description_en="When three players ron the same discard, the hand is drawn instead. Off: all three "
        "win if double ron is on, otherwise head bump applies.",
        description_zh="三家同时荣和同一张牌时本局流局。关闭时：若开启一炮双响则三家都和牌，否则截和。",
        section="Abortive draws",
        rulebook=_ABORT,
    )
    abort_nine_terminals: bool = toggle(
        True,
        title_en="Nine terminals and honours",
        title_zh="九种九牌",
        description_en="A player whose first turn, before any call, shows nine or more different terminal "
        "and honour kinds may declare an abortive draw.",
        description_zh="第一巡且无人鸣牌时，手中有九种以上不同幺九牌的玩家可以宣告流局。",
        section="Abortive draws",
        rulebook=_ABORT,
    )
    abort_four_winds: bool = toggle(
        True,
        title_en="Four same winds",
        title_zh="四风连打",
        description_en="If all four players discard the same wind as their first discard, with no call in "
        "between, the hand is drawn.",
        description_zh="第一巡四家打出同一种风牌且其间无人鸣牌时，本局流局。",
        section="Abortive draws",
        rulebook=_ABORT,
    )
    abort_four_riichi: bool = toggle(
        True,
        title_en="Four riichi",
        title_zh="四家立直",
        description_en="When a fourth player's riichi is accepted (the declaring discard is not ronned), "
        "the hand is drawn.",
        description_zh="第四家宣告立直且其宣言牌未被荣和时，本局流局。",
        section="Abortive draws",
        rulebook=_ABORT,
    )
    abort_four_kans: bool = toggle(
        True,
        title_en="Four kans by different players",
        title_zh="四杠散了",
        description_en="When four kans have been made by more than one player, the hand is drawn once the "
        "discard after the fourth kan is not ronned. Four kans by one player play on.",
        description_zh="四个杠由两名以上玩家开出时，第四个杠后的打牌未被荣和即流局。同一玩家开出四杠则继续。",
        section="Abortive draws",
        rulebook=_ABORT,
    )

    @property
    def oka(self) -> int:
        """First place's bonus in points: (return points − starting points) × players (20,000 online)."""
        return (self.return_points - self.start_points) * self.players

    @property
    def placement_uma(self) -> tuple[int, ...]:
        """The uma of each place at this table: four, three or two values."""
        return {4: self.uma, 3: self.uma_three, 2: self.uma_two}[self.players]

    def conflicts(self) -> list[Problem]:
        problems: list[Problem] = []
        problems.extend(seats_problem(self.players, PLAYED_SEATS))
        if self.return_points < self.start_points:
            problems.append(
                Problem(
                    "return_points",
                    f"{self.return_points} is below start_points ({self.start_points}); "
                    "the oka would be negative",
                )
            )
        if sum(self.uma) != 0:
            total = sum(self.uma)
            problems.append(Problem("uma", f"the four values add up to {total}; they must add up to 0"))
        if any(higher < lower for higher, lower in pairwise(self.uma)):
            problems.append(Problem("uma", "a lower rank must not get more than a higher rank"))
        step = {4: 600, 3: 200, 2: 100}[self.players]
        if self.tenpai_payment % step:
            reason = f"must be a multiple of {step} with {self.players} players (it is shared evenly)"
            problems.append(Problem("tenpai_payment", reason))
        for key, values in (("uma_three", self.uma_three), ("uma_two", self.uma_two)):
            if sum(values) != 0:
                problems.append(Problem(key, f"the values add up to {sum(values)}; they must add up to 0"))
            elif any(higher < lower for higher, lower in pairwise(values)):
                problems.append(Problem(key, "a lower rank must not get more than a higher rank"))
        if self.kan_ura_dora and not self.ura_dora:
            reason = "incompatible with ura_dora = false (kan ura dora are ura dora)"
            problems.append(Problem("kan_ura_dora", reason))
        if self.kan_ura_dora and not self.kan_dora:
            reason = "incompatible with kan_dora = false (there are no kan dora indicators)"
            problems.append(Problem("kan_ura_dora", reason))
        return problems


# ── Migrations ─────────────────────────────────────────────────────────────────────────────────


@register_migration("riichi", 0)
def _riichi_v0_to_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Schema version 0: the pre-release draft format, which named some keys in romaji.

    * ``aka_dora`` → ``red_fives``, ``kuitan`` → ``open_tanyao``, ``tobi`` → ``busting``;
    * ``hanchan`` (true/false) → ``game_length`` (``"east_south"``/``"east"``);
    * ``uma`` could be written in the short "10-20" form as two numbers ``[10, 20]`` (second place,
      first place), which becomes ``[20, 10, -10, -20]``.
    """
    rename_keys(data, {"aka_dora": "red_fives", "kuitan": "open_tanyao", "tobi": "busting"})
    problems: list[Problem] = []
    if "hanchan" in data:
        hanchan = data.pop("hanchan")
        if "game_length" in data:
            problems.append(Problem("hanchan", "old name of 'game_length', which is also present"))
        elif isinstance(hanchan, bool):
            data["game_length"] = "east_south" if hanchan else "east"
        else:
            problems.append(Problem("hanchan", f"expected true or false, got {hanchan!r}"))
    uma = data.get("uma")
    if (
        isinstance(uma, list | tuple)
        and len(uma) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in uma)
    ):
        second, first = uma
        data["uma"] = [first, second, -second, -first]
    if problems:
        raise MigrationError(problems)
    return data
