"""Sichuan mahjong (四川麻将, 血战到底) ruleset: every regional choice as a typed, documented toggle.

The rules text Tilehouse follows mixes three sources that disagree in places: a Chengdu table scored
in additive 分, a 血战 app scored in doubling 番 with 刮风下雨 and 查叫, and the conventions of the JJ
app. Each disagreement is a toggle here; the defaults are the 血战 app's
(``resources/rulesets/sichuan-xuezhan.toml``), and the rule book page ``resources/rulebook/sichuan.md``
states each interpretation. Field names are part of the file format and of the game core's API.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from engine.rules.errors import Problem
from engine.rules.registry import register_family
from engine.rules.schema import RulesetBase, SeatCount, players_toggle, seats_problem, toggle

_MATCH = "sichuan.md#match"
_SETUP = "sichuan.md#setup-exchange-and-lacking-suit"
_PLAY = "sichuan.md#play"
_WIN = "sichuan.md#winning"
_SCORING = "sichuan.md#scoring"
_KANS = "sichuan.md#kan-payments"
_END = "sichuan.md#end-of-the-wall"
_SEATS = "sichuan.md#three-and-two-players"


PLAYED_SEATS: tuple[int, ...] = (2, 3, 4)
"""The seat counts this family plays (the ``players`` toggle accepts only these)."""


@register_family
class SichuanRules(RulesetBase):
    """Sichuan mahjong (四川麻将): 108 tiles, 定缺, 血战到底."""

    FAMILY: ClassVar[str] = "sichuan"
    SCHEMA_VERSION: ClassVar[int] = 1
    DEFAULT_PRESET: ClassVar[str] = "sichuan-xuezhan"
    TITLE_EN: ClassVar[str] = "Sichuan (blood battle)"
    TITLE_ZH: ClassVar[str] = "四川麻将（血战到底）"
    PRESET_TITLES: ClassVar[dict[str, tuple[str, str]]] = {
        "sichuan-xuezhan": ("Blood battle, the app's rules", "血战到底"),
        "sichuan-chengdu": ("Chengdu table, additive points", "成都普通场"),
        "sichuan-coins": ("Coin table", "游戏币场"),
        "sichuan-three": ("Three players", "三人两房"),
        "sichuan-two": ("Two players", "二人血战"),
    }
    SECTIONS: ClassVar[dict[str, str]] = {
        "Match": "对局",
        "Setup": "开局",
        "Play": "行牌",
        "Winning": "胡牌",
        "Scoring": "计分",
        "Kan payments": "刮风下雨",
        "End of the wall": "流局查叫",
    }

    family: Literal["sichuan"] = "sichuan"
    name: str = "sichuan-xuezhan"
    base: str = "sichuan-xuezhan"
    schema_version: int = 1

    # ── Match ──────────────────────────────────────────────────────────────────────────────────
    players: SeatCount = players_toggle(
        _MATCH,
        description_en="How many sit at the table: "
        "four, three (三人两房) or two (二人血战). With fewer than four the wall may "
        "lose a suit, and the exchange, the lacking suit and the blood battle follow the seat count.",
        description_zh="桌上几人：四人、三人（三人两房）或二人（二人血战）。少于四人时可去掉一门，换三张、定缺与血"
        "战随人数调整。",
    )
    short_table_suits: Literal[2, 3] = toggle(
        2,
        title_en="Suits with fewer than four players",
        title_zh="少于四人时的花色",
        description_en="With three or two players the wall holds two suits, dots and bamboo, without the "
        "characters (三人两房, 72 tiles; no 定缺 then, since a hand of two suits always lacks one), or all "
        "three suits and 108 tiles as with four.",
        description_zh="三人或二人时牌墙只有筒、条两门，去掉万子（三人两房，72张；此时不定缺，两门的手牌总是缺一门），"
        "或与四人相同使用三门108张。",
        section="Match",
        rulebook=_SEATS,
        choice_titles={2: ("Two suits (三人两房)", "两门（三人两房）"), 3: ("Three suits", "三门")},
    )
    match_hands: int = toggle(
        8,
        ge=1,
        le=999,
        title_en="Hands per match",
        title_zh="每场局数",
        description_en="The match ends after this many hands (earlier with a bankroll, when a player has "
        "nothing left).",
        description_zh="打满这么多局后对局结束（开启游戏币场时，有玩家输光也会提前结束）。",
        section="Match",
        rulebook=_MATCH,
    )
    start_points: int = toggle(
        0,
        ge=0,
        le=1_000_000,
        title_en="Starting points",
        title_zh="起始分数",
        description_en="Points (or coins) each player starts with. With 0 the scores show each player's "
        "net result; a bankroll needs more than 0.",
        description_zh="每位玩家开局时的分数（或游戏币）。为0时分数即各人的输赢；游戏币场必须大于0。",
        section="Match",
        rulebook=_MATCH,
    )
    bankroll: bool = toggle(
        False,
        title_en="Bankroll (coin table)",
        title_zh="游戏币场",
        description_en="Points are a bankroll that cannot go below zero: a player who cannot pay in full "
        "pays what is left, and when one payment event makes them owe several players, those share it in "
        "proportion to their claims. The match ends when a player has nothing left. Off: scores may go "
        "negative.",
        description_zh="分数是不能为负的游戏币：游戏币不足的玩家扣尽为止；同一次结算欠多名玩家时，"
        "赢家按各自应得的比例分得。有玩家输光即结束对局。关闭时分数可以为负。",
        section="Match",
        rulebook=_MATCH,
    )
    next_dealer: Literal["first_winner", "discarder", "dice"] = toggle(
        "first_winner",
        title_en="Next dealer",
        title_zh="下局庄家",
        description_en="Who deals the next hand: the first player to win this hand (本盘胡牌者坐庄); the "
        "player who discarded the first winning tile (点炮者坐庄; the winner after a self-draw); or a new "
        "dice roll before every hand (血战：每局投骰).",
        description_zh="下一局由谁坐庄：本局第一个胡牌的玩家；点第一炮的玩家（自摸则为胡牌者）；"
        "或每局掷骰决定。",
        section="Match",
        rulebook=_MATCH,
        choice_titles={
            "first_winner": ("First winner deals", "胡牌者坐庄"),
            "discarder": ("Discarder of the first win deals", "点炮者坐庄"),
            "dice": ("Dice every hand", "每局投骰"),
        },
    )
    multi_win_dealer: Literal["discarder", "first_winner"] = toggle(
        "discarder",
        title_en="Dealer after one discard made several winners",
        title_zh="一炮多响后的庄家",
        description_en="When the first win of the hand was several players winning on one discard: the "
        "discarder deals next (一炮点两家以上，点炮者为下一盘的庄家), or the first of those winners in "
        "turn order. Not used with dice.",
        description_zh="本局第一次胡牌是一炮多响时：点炮者坐庄，或按行牌顺序第一个胡牌者坐庄。掷骰定庄时不适用。",
        section="Match",
        rulebook=_MATCH,
        choice_titles={
            "discarder": ("The discarder", "点炮者"),
            "first_winner": ("The first winner", "第一个胡牌者"),
        },
    )
    dealer_stays_on_draw: bool = toggle(
        True,
        title_en="Dealer stays after a hand without a win",
        title_zh="流局连庄",
        description_en="After a hand nobody won, the same player deals again. Off: the deal passes to the "
        "next player. Not used with dice.",
        description_zh="无人胡牌的流局后由原庄家继续坐庄。关闭时由下家坐庄。掷骰定庄时不适用。",
        section="Match",
        rulebook=_MATCH,
    )

    # ── Setup ──────────────────────────────────────────────────────────────────────────────────
    exchange_three: bool = toggle(
        False,
        title_en="Exchange three tiles (换三张)",
        title_zh="换三张",
        description_en="Before play every player chooses three tiles of one suit and passes them on, all "
        "at the same time, in the direction set below.",
        description_zh="开局时每位玩家同时选出同一花色的三张牌，按下面设定的方向传给其他玩家。",
        section="Setup",
        rulebook=_SETUP,
    )
    exchange_direction: Literal["dice", "clockwise", "counterclockwise", "across"] = toggle(
        "dice",
        title_en="Direction of the exchange",
        title_zh="换牌方向",
        description_en="Where the three tiles go: decided by a dice roll each hand, or always clockwise "
        "(to the previous player in turn order, 上家), counter-clockwise (to the next player, 下家) or "
        "across (对家).",
        description_zh="三张牌传给谁：每局掷骰决定，或固定顺时针（传给上家）、逆时针（传给下家）、对家。",
        section="Setup",
        rulebook=_SETUP,
        choice_titles={
            "dice": ("Dice", "掷骰决定"),
            "clockwise": ("Clockwise (to the previous player)", "顺时针（上家）"),
            "counterclockwise": ("Counter-clockwise (to the next player)", "逆时针（下家）"),
            "across": ("Across", "对家"),
        },
    )
    declare_lack: bool = toggle(
        True,
        title_en="Declare the lacking suit (定缺)",
        title_zh="定缺",
        description_en="Before play every player declares the suit they will do without; the choices are "
        "shown to all once everyone has chosen. Tiles of that suit must be discarded before any other "
        "tile, may not be claimed or made into a kan, and a hand holding one cannot win. Off: nobody "
        "declares; a win still needs one suit missing.",
        description_zh="开局时每位玩家宣布自己缺的花色，全部选定后公开。必须先打完缺门的牌才能打其他牌，"
        "缺门的牌不能碰、杠，手中还有缺门牌时不能胡。关闭时不定缺，但胡牌仍须缺一门。",
        section="Setup",
        rulebook=_SETUP,
    )

    # ── Play ───────────────────────────────────────────────────────────────────────────────────
    xuezhan: bool = toggle(
        True,
        title_en="Play on after a win (血战到底)",
        title_zh="血战到底",
        description_en="A winner leaves play with the hand shown and the others play on, until three have "
        "won or the wall is empty. Off (普通场): the hand ends at the first win (several players winning "
        "on one discard all win).",
        description_zh="胡牌的玩家亮牌离场，其余玩家继续打，直到三家胡牌或牌墙摸完。关闭（普通场）时第一次胡牌即结束本局"
        "（一炮多响时各家都算胡）。",
        section="Play",
        rulebook=_PLAY,
    )
    kan_replacement: Literal["front", "tail"] = toggle(
        "front",
        title_en="Replacement tile after a kan",
        title_zh="杠后补牌",
        description_en="Where the tile drawn after a kan comes from: the next tile of the wall in normal "
        "order (杠牌顺拿牌), or the tail end of the wall.",
        description_zh="杠后补的牌从哪里摸：按正常顺序摸下一张（杠牌顺拿牌），或从牌墙尾部摸。",
        section="Play",
        rulebook=_PLAY,
        choice_titles={
            "front": ("Next tile in order", "顺拿"),
            "tail": ("From the tail", "从牌尾摸"),
        },
    )
    multiple_winners: bool = toggle(
        True,
        title_en="Several winners on one discard (一炮多响)",
        title_zh="一炮多响",
        description_en="Every player who declares a win on the same discard (or the same robbed kan) wins, "
        "each paid separately by the discarder. Off: only the first of them in turn order after the "
        "discarder wins.",
        description_zh="同一张牌（或被抢的杠牌）有多家胡时都算胡，点炮者分别赔付。关闭时只有点炮者下家起第一个胡牌者胡。",
        section="Play",
        rulebook=_PLAY,
    )
    pass_win_lock: bool = toggle(
        True,
        title_en="No win on a discard after passing one (过手胡)",
        title_zh="过手胡",
        description_en="A player who lets a winning discard (or robbable kan) go by may not win on a discard "
        "until their next draw, unless the new win is worth more (more fan, or more points in the "
        "additive model). Self-draws are never blocked.",
        description_zh="放弃胡牌（点炮或抢杠）后，在自己下次摸牌之前不能再胡别人打出的牌，除非新的胡牌番数（分数）更高。"
        "自摸不受限制。",
        section="Play",
        rulebook=_PLAY,
    )
    forced_win_last_four: bool = toggle(
        True,
        title_en="Forced win in the last four tiles",
        title_zh="最后四张必胡",
        description_en="Once three or fewer tiles are left in the wall, a player who can win must win: "
        "no pass, discard or kan is offered instead.",
        description_zh="牌墙只剩最后四张（摸牌后剩余三张或更少）时，能胡牌的玩家必须胡，不能过，也不能打牌或开杠。",
        section="Play",
        rulebook=_PLAY,
    )
    rob_kan: bool = toggle(
        True,
        title_en="Robbing an added kan (抢杠胡)",
        title_zh="抢杠胡",
        description_en="A player may win on the tile another player adds to a pon (面下杠). The robbed kan "
        "does not count as a kan or a 根 and earns no payment; the robbed player plays on. Closed kans "
        "cannot be robbed.",
        description_zh="他家面下杠时，可以抢这张牌胡。被抢的杠不算杠也不算根，不收刮风下雨；被抢者继续打牌。暗杠不能抢。",
        section="Play",
        rulebook=_PLAY,
    )

    # ── Winning ────────────────────────────────────────────────────────────────────────────────
    di_hu: Literal["first_draw", "dealer_first_discard", "both", "none"] = toggle(
        "first_draw",
        title_en="Earthly win (地胡)",
        title_zh="地胡",
        description_en="What counts as an earthly win: a non-dealer's self-draw on their first draw with "
        "no call made before (the 番 table's reading); a non-dealer's win on the dealer's first discard "
        "(the 分 table's 刚打第一张牌就成胡); either; or neither.",
        description_zh="什么算地胡：闲家第一次摸牌就自摸（无人碰杠过，番表的说法）；闲家胡庄家打出的第一张牌"
        "（分表的“刚打第一张牌就成胡”）；两者都算；或都不算。",
        section="Winning",
        rulebook=_WIN,
        choice_titles={
            "first_draw": ("Self-draw on the first draw", "第一次摸牌自摸"),
            "dealer_first_discard": ("Win on the dealer's first discard", "胡庄家第一张牌"),
            "both": ("Either", "两者皆可"),
            "none": ("No earthly win", "不计地胡"),
        },
    )
    hai_di: bool = toggle(
        True,
        title_en="Last tile of the wall (海底捞月)",
        title_zh="海底捞月",
        description_en="A self-draw on the last tile of the wall (a replacement tile included) scores one "
        "more fan (one more point in the additive model).",
        description_zh="摸到牌墙最后一张牌（含杠后补牌）自摸，加1番（分数模式加1分）。",
        section="Winning",
        rulebook=_WIN,
    )
    kan_flower_after_open_kan: Literal["self_draw", "feeder_pays"] = toggle(
        "self_draw",
        title_en="Win on the replacement tile of a kan from a discard",
        title_zh="直杠杠上花",
        description_en="A win on the replacement tile of a kan made from someone's discard is a self-draw "
        "paid by every player still in the hand (引杠再杠上花算自摸), or is paid by the player who "
        "discarded the kan tile alone, one share (点杠承包).",
        description_zh="别人打牌引杠、杠后补牌自摸：算自摸，由所有未胡玩家赔付；或由引杠者一人赔付一份（点杠承包）。",
        section="Winning",
        rulebook=_WIN,
        choice_titles={
            "self_draw": ("A self-draw: everyone pays", "算自摸"),
            "feeder_pays": ("The kan feeder pays alone", "引杠者承包"),
        },
    )

    # ── Scoring ────────────────────────────────────────────────────────────────────────────────
    scoring_model: Literal["fan", "points"] = toggle(
        "fan",
        title_en="Scoring model",
        title_zh="计分方式",
        description_en="Doubling fan (番): the hand's base fan (the highest pattern) plus added fans; "
        "its value is base points × 2^(fan − 1), capped. Additive points (分, the Chengdu table): the "
        "highest pattern's points plus the added points, times the base points.",
        description_zh="番数翻倍：取最高番种加上加番，价值 = 底分 × 2^(番数−1)，有封顶。加分制（成都分表）："
        "最高牌型的分数加上另加分，乘以底分。",
        section="Scoring",
        rulebook=_SCORING,
        choice_titles={
            "fan": ("Doubling fan (番)", "番数翻倍"),
            "points": ("Additive points (分)", "加分制"),
        },
    )
    base_points: int = toggle(
        1,
        ge=1,
        le=10000,
        title_en="Base points",
        title_zh="底分",
        description_en="What one unit is worth: a 1-fan hand, one point of the additive table, the unit "
        "of the kan payments and of the 花猪 penalty.",
        description_zh="一个单位的价值：1番的胡牌、加分制的1分、刮风下雨和查花猪的计算单位。",
        section="Scoring",
        rulebook=_SCORING,
    )
    fan_cap: int = toggle(
        5,
        ge=0,
        le=20,
        title_en="Fan cap (封顶)",
        title_zh="封顶番数",
        description_en="Fan model: a hand is paid as at most this many fan (5 = 16 × base points, the "
        "reading of the JJ app's 16番封顶 as sixteen times). 0: no cap. Kan payments are never capped.",
        description_zh="番数模式：胡牌最多按这么多番计算（5番即16倍底分，JJ的“16番封顶”按16倍理解）。0为不封顶。"
        "刮风下雨不受封顶限制。",
        section="Scoring",
        rulebook=_SCORING,
    )
    self_draw_bonus: Literal["fan", "base", "none"] = toggle(
        "fan",
        title_en="Self-draw bonus (自摸加番 / 自摸加底)",
        title_zh="自摸奖励",
        description_en="A self-draw adds one fan (one point in the additive model), or adds the base "
        "points to what each player pays (自摸加底), or nothing.",
        description_zh="自摸加1番（加分制加1分），或每家多付一份底分（自摸加底），或不加。",
        section="Scoring",
        rulebook=_SCORING,
        choice_titles={
            "fan": ("One more fan", "自摸加番"),
            "base": ("Base points more from each payer", "自摸加底"),
            "none": ("No bonus", "不加"),
        },
    )
    points_robbing: Literal["bonus", "base"] = toggle(
        "bonus",
        title_en="Robbing a kan in the additive model",
        title_zh="加分制的抢杠胡",
        description_en="The Chengdu table lists 抢杠胡 both as a 2-point hand and as 抢杠加1分: robbing adds "
        "one point to the hand's own pattern, or it is a 2-point pattern (the hand scores the higher of 2 "
        "and its own pattern).",
        description_zh="成都分表把抢杠胡既列为2分牌型又写“抢杠加1分”：抢杠在牌型之外加1分；或把抢杠胡当作2分牌型"
        "（与本身牌型取高者）。",
        section="Scoring",
        rulebook=_SCORING,
        choice_titles={
            "bonus": ("One point more", "加1分"),
            "base": ("A 2-point pattern", "算2分牌型"),
        },
    )

    # ── Kan payments ───────────────────────────────────────────────────────────────────────────
    kan_payments: bool = toggle(
        True,
        title_en="Kan payments (刮风下雨)",
        title_zh="刮风下雨",
        description_en="Kans are paid at once: a kan from a discard by the discarder, an added kan by each "
        "player still in the hand (1 × base), a closed kan by each player still in the hand (2 × base). "
        "Players who have won do not pay.",
        description_zh="杠牌立即收钱：直杠由引杠者付，面下杠每位未胡玩家付1倍底分，暗杠每位未胡玩家付2倍底分。"
        "已胡的玩家不付。",
        section="Kan payments",
        rulebook=_KANS,
    )
    open_kan_payment: Literal[1, 2] = toggle(
        2,
        title_en="Kan from a discard: the discarder pays",
        title_zh="直杠引杠者付",
        description_en="Times the base points the discarder pays for a kan made from their discard: 2 (the "
        "Chengdu table and the JJ app) or 1 (the 血战 app's 收取引杠者1倍).",
        description_zh="直杠时引杠者付几倍底分：2倍（成都分表与JJ）或1倍（血战规则的“收取引杠者1倍”）。",
        section="Kan payments",
        rulebook=_KANS,
    )
    gang_shang_pao_transfer: bool = toggle(
        True,
        title_en="Discard after a kan won on (杠上炮): kan income to the winner",
        title_zh="杠上炮转移杠钱",
        description_en="When the tile discarded after a kan's replacement draw is won on, the kan player "
        "also hands what that kan earned to each winner.",
        description_zh="杠后补牌打出的牌点炮时，杠牌者还要把这次杠收到的钱转给每位胡牌者。",
        section="Kan payments",
        rulebook=_KANS,
    )

    # ── End of the wall ────────────────────────────────────────────────────────────────────────
    hua_zhu_penalty: Literal["sixteen", "cap"] = toggle(
        "sixteen",
        title_en="Penalty of a 花猪 (three suits held)",
        title_zh="查花猪赔付",
        description_en="At the end of the wall a player still holding all three suits pays every other "
        "player still in the hand who is not a 花猪 sixteen times the base points (as the text says), or "
        "the capped maximum hand value (needs the fan model with a cap).",
        description_zh="流局时手上仍有三门牌的玩家（花猪）赔给每位未胡的非花猪玩家16倍底分（原文），"
        "或封顶的最大番（须用番数模式且有封顶）。",
        section="End of the wall",
        rulebook=_END,
        choice_titles={
            "sixteen": ("16 × base points", "16倍底分"),
            "cap": ("The capped maximum", "封顶番"),
        },
    )
    cha_da_jiao: Literal["max", "min"] = toggle(
        "max",
        title_en="Not ready at the end of the wall (查大叫)",
        title_zh="查大叫",
        description_en="Each player not ready (and not a 花猪) pays each ready player what that player's "
        "hand would be worth: its most valuable possible win (查大叫, the 血战 app) or its least valuable "
        "(the Chengdu table: 牌面最小可得的点数). Valued as a win on a discard, capped.",
        description_zh="未听牌（且非花猪）的玩家赔给每位听牌玩家其牌面可胡的最大番（查大叫，血战规则），"
        "或最小可得的分数（成都规则）。按点炮胡计算，受封顶限制。",
        section="End of the wall",
        rulebook=_END,
        choice_titles={
            "max": ("Most valuable win", "最大番"),
            "min": ("Least valuable win", "最小番"),
        },
    )
    refund_to: Literal["payers", "ready_payers"] = toggle(
        "payers",
        title_en="Kan income given back (退税)",
        title_zh="退税对象",
        description_en="At the end of the wall players not ready and 花猪 give back all their kan income: "
        "to everyone who paid it (退回所有刮风下雨所得), or only to those payers who are ready and still "
        "in the hand (the JJ app).",
        description_zh="流局时未听牌的玩家和花猪退回全部刮风下雨所得：退给所有付过钱的玩家，"
        "或只退给其中听牌且未胡的玩家（JJ规则）。",
        section="End of the wall",
        rulebook=_END,
        choice_titles={
            "payers": ("Everyone who paid", "退给所有付款者"),
            "ready_payers": ("Payers who are ready", "只退给听牌的付款者"),
        },
    )

    def conflicts(self) -> list[Problem]:
        problems: list[Problem] = []
        problems.extend(seats_problem(self.players, PLAYED_SEATS))
        if self.bankroll and self.start_points <= 0:
            problems.append(Problem("start_points", "a bankroll needs starting points above 0"))
        if self.hua_zhu_penalty == "cap" and (self.scoring_model != "fan" or self.fan_cap == 0):
            problems.append(
                Problem("hua_zhu_penalty", '"cap" needs scoring_model = "fan" and a fan_cap above 0')
            )
        return problems

    @property
    def cap_value(self) -> int | None:
        """The most a hand is worth in the fan model (None without a cap or in the additive model)."""
        if self.scoring_model != "fan" or self.fan_cap == 0:
            return None
        value: int = self.base_points * 2 ** (self.fan_cap - 1)
        return value
