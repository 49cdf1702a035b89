"""One hand of Sichuan mahjong (四川麻将, 血战到底) on the shared hand flow.

Here live the rules particular to Sichuan: the 108-tile deal with a 14-tile dealer, the set-up
phase (换三张, 定缺), no chi, 定缺 forcing discards, 缺一门 wins, several winners on one discard,
血战 (winners leave play and the others play on), 过手胡, the forced win in the last four tiles,
robbing an added kan, 刮风下雨 paid at once, 杠上炮's transfer of the kan income and the end-of-wall
settlement (查花猪, 查大叫, 退税). Hand values come from :mod:`engine.families.sichuan.scoring`.
Every regional choice is read from :class:`engine.rules.sichuan.SichuanRules`.

Points move only through :meth:`SichuanHand.pay`, which records a :class:`Payment` for every
transfer, so the points of a hand always add up (``Game.verify`` checks it after every action).
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.families.sichuan.scoring import (
    SichuanScore,
    SichuanWin,
    score_sichuan_win,
)
from engine.game.actions import Action, ActionType
from engine.game.flow import ClaimWindow, HandContext, HandFlow, Phase, meld_json
from engine.game.observation import DiceRoll, SetupView
from engine.game.state import Discard, HandResult, Payment, Win
from engine.game.wall import Wall
from engine.melds import Meld, MeldType
from engine.messages import Message
from engine.rules.sichuan import SichuanRules
from engine.tiles import kind_of, tile_counts34

A = ActionType
WALL_SIZE = 108
DEALT = 53  # 13 tiles each and the dealer's 14th (four players)
LAST_FOUR = 3  # the last four tiles: after the draw of the fourth from last, three are left
EXCHANGE_OFFSETS = {"counterclockwise": 1, "across": 2, "clockwise": 3}
DICE_DIRECTIONS = ("across", "counterclockwise", "clockwise")  # by the dice total modulo 3
SUITS = (0, 1, 2)


class FrontReplacementWall(Wall):
    """A wall whose replacement tiles after a kan are simply the next tiles in order (杠牌顺拿牌)."""

    def draw_replacement(self) -> int:
        return self.draw()


def wall_tiles(rules: SichuanRules) -> tuple[int, ...]:
    """The tiles of a wall: the three suits (108), or with fewer than four players and
    ``short_table_suits = 2`` dots and bamboo only (72, 三人两房)."""
    if rules.players < 4 and rules.short_table_suits == 2:
        return tuple(range(36, 108))
    return tuple(range(108))


def make_wall(tiles: Sequence[int], rules: SichuanRules) -> Wall:
    size, dealt = len(tiles), 13 * rules.players + 1
    if rules.kan_replacement == "front":
        return FrontReplacementWall(tiles, dealt=dealt, live_end=size, replacement_positions=())
    tail = tuple(range(size - 1, dealt - 1, -1))
    return Wall(tiles, dealt=dealt, live_end=size, replacement_positions=tail)


def deal(tiles: Sequence[int], dealer: int, players: int = 4) -> list[list[int]]:
    """The seat ``r`` places after the dealer takes wall positions ``13r .. 13r + 12``; the dealer
    also takes the next position (52 with four players)."""
    hands: list[list[int]] = [[] for _ in range(players)]
    for r in range(players):
        hands[(dealer + r) % players] = list(tiles[13 * r : 13 * r + 13])
    hands[dealer].append(tiles[13 * players])
    return hands


def exchange_offset(direction: str, players: int) -> int:
    """How many seats on the three tiles go: 1 counter-clockwise (to the next player), 2 across, 3
    clockwise (to the previous player) at four; at three across is not possible and goes clockwise;
    at two every direction is the opponent.

    >>> [exchange_offset(d, 3) for d in ("counterclockwise", "across", "clockwise")]
    [1, 2, 2]
    """
    if players == 4:
        return EXCHANGE_OFFSETS[direction]
    if direction == "counterclockwise":
        return 1
    return players - 1


@dataclass
class KanRecord:
    """A completed kan and what it earned (刮风下雨)."""

    seat: int
    type: MeldType
    kind: int
    payments: list[Payment] = field(default_factory=list)
    transferred: bool = False  # its income went to a 杠上炮 winner

    @property
    def income(self) -> int:
        return sum(p.amount for p in self.payments)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "type": self.type.value,
            "kind": self.kind,
            "payments": [p.to_json() for p in self.payments],
            "income": self.income,
            "transferred": self.transferred,
        }


@dataclass(frozen=True, slots=True)
class SichuanHandResult(HandResult):
    """A hand result with what the Sichuan table shows at the end: how it ended, the next dealer and
    the end-of-wall checks (``tenpai`` are the ready players)."""

    end: str = ""  # "first_win", "three_won" (with fewer players "all_but_one_won") or "wall"
    next_dealer: int = 0
    hua_zhu: tuple[int, ...] = ()  # 花猪: still holding three suits at the end of the wall
    not_ready: tuple[int, ...] = ()  # neither ready nor 花猪 at the end of the wall
    ready_values: tuple[tuple[int, int], ...] = ()  # (seat, value) each not-ready player pays them
    lacking_suits: tuple[int | None, ...] = ()
    win_order: tuple[int, ...] = ()  # winners in the order they won

    def to_json(self) -> dict[str, Any]:
        out = HandResult.to_json(self)
        out.update(
            {
                "end": self.end,
                "next_dealer": self.next_dealer,
                "hua_zhu": list(self.hua_zhu),
                "not_ready": list(self.not_ready),
                "ready_values": [list(rv) for rv in self.ready_values],
                "lacking_suits": list(self.lacking_suits),
                "win_order": list(self.win_order),
            }
        )
        return out


def share(amounts: list[int], available: int) -> list[int]:
    """What each claim gets when ``available`` does not cover them all: in proportion, the points
    left by rounding down going to the largest remainders (earlier claims first on ties).

    >>> share([4, 4], 10), share([6, 2], 4), share([1, 1, 1], 2)
    ([4, 4], [3, 1], [1, 1, 0])
    """
    total = sum(amounts)
    if total <= available:
        return list(amounts)
    if available <= 0:
        return [0] * len(amounts)
    floors = [a * available // total for a in amounts]
    rests = sorted(range(len(amounts)), key=lambda i: (-(amounts[i] * available % total), i))
    for i in rests[: available - sum(floors)]:
        floors[i] += 1
    return floors


class SichuanHand(HandFlow):
    family = "sichuan"
    rules: SichuanRules
    seven_pairs = True
    four_as_two_pairs = True  # 龙七对: four of a kind counts as two pairs
    thirteen_orphans = False
    max_kans = 64  # no four-kan limit: a kan needs only a tile left to replace it

    def __init__(
        self, rules: SichuanRules, ctx: HandContext, wall_tiles: Sequence[int], rng: random.Random
    ) -> None:
        if rules.next_dealer == "dice":  # 每局投骰: the dice choose the dealer of every hand
            ctx = dataclasses.replace(ctx, dealer=rng.randrange(ctx.players))
        wall = make_wall(wall_tiles, rules)
        super().__init__(rules, ctx, wall, deal(wall_tiles, ctx.dealer, rules.players))
        self.win_scores: dict[int, SichuanScore] = {}  # the scores of the actual winners
        self.offered: dict[int, SichuanScore] = {}  # the last win each seat was offered
        self.kans: list[KanRecord] = []
        self.turn_kans: list[KanRecord] = []  # kans of the current turn, in a row
        self.discard_kans: list[KanRecord] = []  # the kans made just before the discard on the table
        self.passed: dict[int, int] = {}  # 过手胡: the best win (fan or points) a seat let go by
        self.dealer_tile = wall_tiles[13 * rules.players]
        self.two_suits = len(wall_tiles) < WALL_SIZE  # 三人两房: no characters, no 定缺
        self.dice = (rng.randint(1, 6), rng.randint(1, 6))
        self.exchange_choice: dict[int, tuple[int, ...]] = {}
        self.exchanged: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}
        self.exchange_direction: str | None = None
        self.lack_choice: dict[int, int] = {}
        self.stage: str | None = None
        self.ended_reason = ""
        self.cha_jiao: dict[str, Any] = {}
        self.emit(
            "hand_start",
            None,
            {
                "dealer": ctx.dealer,
                "scores": list(ctx.scores),
                "hand_index": ctx.hand_index,
                "dice": list(self.dice),
            },
        )
        for seat, player in enumerate(self.players):
            self.emit("deal", seat, {"count": len(player.hand)}, {"tiles": sorted(player.hand)})
        if rules.exchange_three:
            self.begin_stage("exchange")
        elif self.declares_lack():
            self.begin_stage("lack")
        else:
            self.start_play()

    # ------------------------------------------------------------------ set-up
    def declares_lack(self) -> bool:
        """定缺 is played: the ruleset's, and never with two suits (a hand always lacks the third)."""
        return self.rules.declare_lack and not self.two_suits

    def begin_stage(self, stage: str) -> None:
        self.stage = stage
        self.phase = Phase.SETUP
        self.emit("setup", None, {"stage": stage})

    def setup_pending(self) -> list[int]:
        chosen: dict[int, Any] = self.exchange_choice if self.stage == "exchange" else self.lack_choice
        return [s for s in range(self.n) if s not in chosen]

    def setup_actions(self, seat: int) -> list[Action]:
        if seat not in self.setup_pending():
            return []
        if self.stage == "exchange":
            return self.exchange_options(seat)
        counts = [0, 0, 0]
        for t in self.players[seat].hand:
            counts[kind_of(t) // 9] += 1
        order = sorted(SUITS, key=lambda s: (counts[s], s))  # the suit held least first
        return [Action(seat, A.DECLARE_LACK, suit=s) for s in order]

    def exchange_options(self, seat: int) -> list[Action]:
        """Every choice of three tiles of one suit (one action per choice of kinds); the suit held
        least comes first."""
        by_suit: dict[int, list[int]] = {s: [] for s in SUITS}
        for t in sorted(self.players[seat].hand):
            by_suit[kind_of(t) // 9].append(t)
        suits = sorted((s for s in SUITS if len(by_suit[s]) >= 3), key=lambda s: (len(by_suit[s]), s))
        out: list[Action] = []
        for s in suits:
            seen: set[tuple[int, ...]] = set()
            for combo in itertools.combinations(by_suit[s], 3):
                key = tuple(kind_of(t) for t in combo)
                if key not in seen:
                    seen.add(key)
                    out.append(Action(seat, A.EXCHANGE, tiles=combo))
        return out

    def apply_setup(self, action: Action) -> None:
        seat = action.seat
        if self.stage == "exchange":
            self.exchange_choice[seat] = tuple(action.tiles)
            self.emit("exchange_chosen", seat, {})
            if len(self.exchange_choice) == self.n:
                self.resolve_exchange()
            return
        assert action.suit is not None
        self.lack_choice[seat] = action.suit
        self.emit("lack_chosen", seat, {})
        if len(self.lack_choice) == self.n:
            for s, suit in self.lack_choice.items():
                self.players[s].lacking_suit = suit
                self.hand_changed(s)
            self.emit("lacking_suits", None, {"suits": [self.lack_choice[s] for s in range(self.n)]})
            self.start_play()

    def resolve_exchange(self) -> None:
        direction: str = self.rules.exchange_direction
        dice: list[int] | None = None
        if direction == "dice":
            dice = list(self.dice)
            choices = DICE_DIRECTIONS if self.n == 4 else DICE_DIRECTIONS[1:]  # none across at three
            direction = choices[sum(self.dice) % len(choices)]
        if self.n == 3 and direction == "across":
            direction = "clockwise"
        self.exchange_direction = direction
        offset = exchange_offset(direction, self.n)
        for s, tiles in self.exchange_choice.items():
            for t in tiles:
                self.players[s].hand.remove(t)
        for s, tiles in self.exchange_choice.items():
            receiver = (s + offset) % self.n
            self.players[receiver].hand.extend(tiles)
        for s in range(self.n):
            given = self.exchange_choice[s]
            received = self.exchange_choice[(s - offset) % self.n]
            self.exchanged[s] = (given, received)
            self.hand_changed(s)
        self.emit("exchange", None, {"direction": direction, "dice": dice})
        for s in range(self.n):
            given, received = self.exchanged[s]
            self.emit("exchange_tiles", s, {}, {"given": list(given), "received": list(received)})
        if self.declares_lack():
            self.begin_stage("lack")
        else:
            self.start_play()

    def start_play(self) -> None:
        self.stage = None
        self.phase = Phase.TURN
        dealer = self.ctx.dealer
        self.turn = dealer
        p = self.players[dealer]
        p.drawn = self.dealer_tile if self.dealer_tile in p.hand else p.hand[-1]
        self.emit("play_start", None, {"dealer": dealer})

    # -------------------------------------------------------------- analysis
    def lack_of(self, seat: int) -> int | None:
        return self.players[seat].lacking_suit if self.declares_lack() else None

    def all_kinds(self, seat: int) -> list[int]:
        p = self.players[seat]
        return [kind_of(t) for t in p.hand] + [k for m in p.melds for k in m.kinds]

    def suits_held(self, seat: int) -> set[int]:
        return {k // 9 for k in self.all_kinds(seat)}

    def dead_kinds(self, seat: int) -> range:
        lack = self.lack_of(seat)
        return range(9 * lack, 9 * lack + 9) if lack is not None else range(0)

    def compute_waits(self, seat: int) -> frozenset[int]:
        """Kinds that would make a winning hand: by shape, keeping one suit missing (and without the
        declared lacking suit)."""
        p = self.players[seat]
        if len(p.hand) % 3 != 1:
            return frozenset()
        if len(self.suits_held(seat)) == 3:
            return frozenset()
        shape = self.shape_of(seat)
        counts = tile_counts34(p.hand)
        if shape.holds_dead(counts) or shape.shanten(counts) > 0:
            return frozenset()  # (cheaper than listing the waits of a hand that has none)
        return shape.waits(counts).kinds

    def ready_waits(self, seat: int) -> list[int]:
        """Waits the seat does not hold all four of (a ready hand, 有叫)."""
        held = [0] * 34
        for k in self.all_kinds(seat):
            held[k] += 1
        return sorted(k for k in self.waits_of(seat) if held[k] < 4)

    def score(
        self, seat: int, concealed: Sequence[int], tile: int, *, self_draw: bool, flags: set[str]
    ) -> SichuanScore:
        p = self.players[seat]
        win = SichuanWin(
            tuple(concealed), tuple(p.melds), tile, self_draw, frozenset(flags), self.lack_of(seat)
        )
        return score_sichuan_win(win, self.rules)

    def sichuan_win(
        self, seat: int, from_seat: int, tile: int, concealed: Sequence[int], score: SichuanScore
    ) -> Win:
        return self.make_win(
            seat,
            from_seat,
            tile,
            concealed,
            points=score.value,
            value=score.fan,
            items=score.items,
            limit=score.limit,
            reading=score.reading,
        )

    def possible_values(self, seat: int) -> list[int]:
        """What each ready wait would be worth as a win on a discard (for 查大叫)."""
        p = self.players[seat]
        out: list[int] = []
        for k in self.ready_waits(seat):
            s = self.score(seat, [*p.hand, 4 * k], 4 * k, self_draw=False, flags=set())
            if s.valid:
                out.append(s.value)
        return out

    def forced_now(self) -> bool:
        return self.rules.forced_win_last_four and self.wall.remaining <= LAST_FOUR

    # ------------------------------------------------------------ turn rules
    def legal_actions(self, seat: int) -> list[Action]:
        actions = super().legal_actions(seat)
        if self.forced_now() and self.phase is not Phase.SETUP:
            wins = [a for a in actions if a.type in (A.TSUMO, A.RON)]
            if wins:
                return wins
        return actions

    def discard_choices(self, seat: int) -> list[int]:
        p = self.players[seat]
        lack = self.lack_of(seat)
        if lack is not None:
            lacking = [t for t in p.hand if kind_of(t) // 9 == lack]
            if lacking:
                return lacking
        return list(p.hand)

    def chi_enabled(self) -> bool:
        return False

    def can_declare_kan(self, seat: int) -> bool:
        return self.wall.remaining > 0

    def closed_kan_allowed(self, seat: int, kind: int) -> bool:
        return kind // 9 != self.lack_of(seat)

    def call_allowed(self, seat: int, kind: ActionType, tile: int, own: tuple[int, ...]) -> bool:
        return kind_of(tile) // 9 != self.lack_of(seat)

    def claim_options(self, seat: int, discarder: int, tile: int) -> list[Action]:
        """The core's options, one per choice of kinds (Sichuan has no red fives)."""
        out: list[Action] = []
        seen: set[tuple[ActionType, tuple[int, ...]]] = set()
        for a in super().claim_options(seat, discarder, tile):
            key = (a.type, tuple(sorted(kind_of(t) for t in a.tiles)))
            if key not in seen:
                seen.add(key)
                out.append(a)
        return out

    def after_draw(self, seat: int, tile: int) -> None:
        self.passed.pop(seat, None)
        if not self.rinshan:
            self.turn_kans = []

    def before_discard_claims(self, seat: int, tile: int, riichi: bool) -> None:
        self.discard_kans = self.turn_kans if seat == self.turn else []
        self.turn_kans = []

    def after_claim_answers(self, window: ClaimWindow) -> None:
        """过手胡: a seat offered a win that answered anything else remembers what it let go by."""
        if not self.rules.pass_win_lock:
            return
        robbing = window.kan is not None
        for seat, options in window.options.items():
            answer = window.responses.get(seat)
            if answer is not None and answer.type is A.RON:
                continue
            if not any(o.type is A.RON for o in options):
                continue
            w = self.ron_win(seat, window.discarder, window.tile, robbing=robbing)
            if w is not None:
                self.passed[seat] = max(self.passed.get(seat, 0), w.han)
                self.emit("win_passed", seat, {"tile": window.tile, "value": w.han})

    # ------------------------------------------------------------------ kans
    def on_call(self, seat: int, meld: Meld) -> None:
        if meld.type in (MeldType.PON, MeldType.OPEN_KAN):
            self.turn_kans = []

    def on_kan(self, seat: int, meld: Meld) -> None:
        """刮风下雨: the kan is paid at once by the players still in the hand."""
        record = KanRecord(seat, meld.type, meld.kind)
        if self.rules.kan_payments:
            base = self.rules.base_points
            others = [s for s in range(self.n) if s != seat and not self.players[s].won]
            claims: list[tuple[int, int, int, str]]
            if meld.type is MeldType.OPEN_KAN:
                assert meld.from_seat is not None
                claims = [(meld.from_seat, seat, self.rules.open_kan_payment * base, "gua_feng")]
            elif meld.type is MeldType.ADDED_KAN:
                claims = [(o, seat, base, "gua_feng") for o in others]
            else:
                claims = [(o, seat, 2 * base, "xia_yu") for o in others]
            record.payments = self.pay_claims(claims, (("kind", meld.kind),))
        self.kans.append(record)
        self.turn_kans.append(record)
        self.emit(
            "kan_payment", seat, {**record.to_json(), "meld": meld_json(meld), "scores": list(self.scores)}
        )

    # ------------------------------------------------------------------ wins
    def tsumo_win(self, seat: int) -> Win | None:
        p = self.players[seat]
        if p.drawn is None or p.won:
            return None
        flags: set[str] = set()
        if self.rinshan:
            flags.add("gang_shang_hua")
        if self.wall.remaining == 0 and self.rules.hai_di:
            flags.add("hai_di")
        first = self.uninterrupted and not p.discards and not self.rinshan
        if first and seat == self.ctx.dealer:
            flags.add("tian_hu")
        elif first and self.rules.di_hu in ("first_draw", "both"):
            flags.add("di_hu")
        score = self.score(seat, p.hand, p.drawn, self_draw=True, flags=flags)
        if not score.valid:
            return None
        self.offered[seat] = score
        return self.sichuan_win(seat, seat, p.drawn, p.hand, score)

    def ron_win(
        self, seat: int, discarder: int, tile: int, *, robbing: bool, closed_kan: bool = False
    ) -> Win | None:
        if closed_kan or (robbing and not self.rules.rob_kan):
            return None
        p = self.players[seat]
        if p.won or not self.completes(seat, kind_of(tile)):
            return None
        flags: set[str] = set()
        if robbing:
            flags.add("qiang_gang")
        elif self.discard_kans:
            flags.add("gang_shang_pao")
        dealer = self.ctx.dealer
        if (
            not robbing
            and self.rules.di_hu in ("dealer_first_discard", "both")
            and discarder == dealer
            and seat != dealer
            and self.uninterrupted
            and len(self.players[dealer].discards) == 1
            and all(not q.discards for s, q in enumerate(self.players) if s != dealer)
        ):
            flags.add("di_hu")
        concealed = [*p.hand, tile]
        score = self.score(seat, concealed, tile, self_draw=False, flags=flags)
        if not score.valid:
            return None
        if self.rules.pass_win_lock and seat in self.passed and score.fan <= self.passed[seat]:
            return None
        self.offered[seat] = score
        return self.sichuan_win(seat, discarder, tile, concealed, score)

    def choose_ron_winners(self, seats: list[int], discarder: int) -> list[int] | None:
        return list(seats) if self.rules.multiple_winners else seats[:1]

    def handle_wins(self, wins: list[Win], from_seat: int, window: ClaimWindow | None) -> None:
        """Pay the wins at once; 血战: the winners leave play and the others play on."""
        robbed = window.kan if window is not None else None
        robbing = robbed is not None
        paid = self.pay_wins(wins, from_seat, robbing=robbing)
        for w in wins:
            self.players[w.seat].won = True
            self.wins.append(w)
            self.win_scores[w.seat] = self.offered[w.seat]
        if robbed is not None:
            self.move_robbed_tile(robbed)
        self.emit(
            "win",
            from_seat,
            {
                "wins": [self.win_record(w) for w in wins],
                "payments": [p.to_json() for p in paid],
                "scores": list(self.scores),
                "robbed": robbing,
            },
        )
        self.window = None
        if not self.rules.xuezhan:
            self.finish("first_win")
        elif sum(1 for p in self.players if p.won) >= self.n - 1:
            self.finish("three_won" if self.n == 4 else "all_but_one_won")
        elif self.wall.remaining <= 0:
            self.finish("wall")
        else:
            self.draw(self.next_seat(wins[-1].seat))

    def pay_wins(self, wins: list[Win], from_seat: int, *, robbing: bool) -> list[Payment]:
        paid: list[Payment] = []
        for w in wins:
            if w.from_seat != w.seat:
                continue
            payers = [s for s in range(self.n) if s != w.seat and not self.players[s].won]
            feeder = self.kan_feeder()
            if feeder is not None and self.rules.kan_flower_after_open_kan == "feeder_pays":
                payers = [feeder]
            paid.extend(self.pay_claims([(s, w.seat, w.points, "zi_mo") for s in payers]))
        rons = [w for w in wins if w.from_seat != w.seat]
        if rons:
            reason = "qiang_gang" if robbing else "dian_pao"
            paid.extend(self.pay_claims([(from_seat, w.seat, w.points, reason) for w in rons]))
            kans = [k for k in self.discard_kans if not k.transferred]
            if not robbing and kans and self.rules.gang_shang_pao_transfer:
                income = sum(k.income for k in kans)
                paid.extend(self.pay_claims([(from_seat, w.seat, income, "gang_shang_pao") for w in rons]))
                for k in kans:
                    k.transferred = True
        return paid

    def kan_feeder(self) -> int | None:
        """Who fed the open kan whose replacement tile is being won on, if any."""
        if not self.rinshan:
            return None
        for record in self.turn_kans:
            if record.type is MeldType.OPEN_KAN:
                meld = next(m for m in self.players[record.seat].melds if m.is_kan and m.kind == record.kind)
                return meld.from_seat
        return None

    def move_robbed_tile(self, kan: Action) -> None:
        """The robbed tile leaves the kan player's hand and lies in their pond like a discard that was
        won on; their pon stays a pon and they play on."""
        assert kan.tile is not None
        seat, tile = kan.seat, kan.tile
        p = self.players[seat]
        p.hand.remove(tile)
        p.drawn = None
        p.discards.append(Discard(tile))
        self.hand_changed(seat)

    def win_record(self, w: Win) -> dict[str, Any]:
        score = self.win_scores.get(w.seat)
        out = w.to_json()
        out.update(
            {
                "self_draw": w.seat == w.from_seat,
                "fan": w.han,
                "counted": score.counted if score else w.han,
                "value": w.points,
                "capped": bool(score and score.capped),
                "model": self.rules.scoring_model,
                "flags": sorted(score.flags) if score else [],
                "order": self.wins.index(w) if w in self.wins else len(self.wins),
            }
        )
        return out

    # ------------------------------------------------------------ settlement
    def pay_claims(
        self, claims: list[tuple[int, int, int, str]], details: Sequence[tuple[str, int]] = ()
    ) -> list[Payment]:
        """Make payments (payer, payee, amount, reason) at once. With a bankroll a payer pays at most
        what they hold; the payees of one call share it in proportion to their claims. ``details``
        go with each payment (what the amount stands for)."""
        by_payer: dict[int, list[tuple[int, int, int, str]]] = {}
        for claim in claims:
            if claim[2] > 0 and claim[0] != claim[1]:
                by_payer.setdefault(claim[0], []).append(claim)
        out: list[Payment] = []
        for payer, group in by_payer.items():
            amounts = [c[2] for c in group]
            if self.rules.bankroll:
                amounts = share(amounts, max(self.scores[payer], 0))
            for (_, payee, _, reason), amount in zip(group, amounts, strict=True):
                if amount <= 0:
                    continue
                out.append(self.transfer(payer, payee, amount, reason, details))
        return out

    def settle_wins(self, wins: list[Win], from_seat: int) -> HandResult:
        self.pay_wins(wins, from_seat, robbing=self.phase is Phase.ROB_KAN)
        return self.result_now("first_win")

    def exhaustive_draw(self) -> HandResult:
        return self.wall_end()

    def abortive_draw(self, reason: str) -> HandResult:  # pragma: no cover - Sichuan has none
        raise NotImplementedError(reason)

    def finish(self, end: str) -> None:
        self.begin_settlement()
        self.end(self.wall_end() if end == "wall" else self.result_now(end))

    def wall_end(self) -> HandResult:
        """The wall is empty with two or more players still in the hand (or, in 普通场, nobody won):
        查花猪, then 查大叫, then 退税. Players who already won take no part."""
        rules = self.rules
        live = [s for s in range(self.n) if not self.players[s].won]
        hua_zhu = [s for s in live if len(self.suits_held(s)) == 3]
        values: dict[int, int] = {}
        for s in live:
            if s in hua_zhu:
                continue
            possible = self.possible_values(s)
            if possible:
                values[s] = max(possible) if rules.cha_da_jiao == "max" else min(possible)
        not_ready = [s for s in live if s not in hua_zhu and s not in values]
        cap = rules.cap_value
        penalty = cap if rules.hua_zhu_penalty == "cap" and cap is not None else 16 * rules.base_points
        for h in hua_zhu:
            self.pay_claims([(h, o, penalty, "hua_zhu") for o in live if o not in hua_zhu])
        for s in not_ready:
            self.pay_claims([(s, r, v, "cha_da_jiao") for r, v in values.items()])
        for s in sorted(hua_zhu + not_ready):
            claims: list[tuple[int, int, int, str]] = []
            for record in self.kans:
                if record.seat != s or record.transferred:
                    continue
                for p in record.payments:
                    if rules.refund_to == "payers" or p.payer in values:
                        assert p.payer is not None
                        claims.append((s, p.payer, p.amount, "tui_shui"))
            self.pay_claims(claims)
        self.cha_jiao = {
            "hua_zhu": hua_zhu,
            "ready": sorted(values),
            "not_ready": not_ready,
            "values": values,
        }
        self.emit(
            "cha_jiao",
            None,
            {
                "hua_zhu": hua_zhu,
                "ready": [[s, values[s]] for s in sorted(values)],
                "not_ready": not_ready,
                "scores": list(self.scores),
            },
        )
        return self.result_now("wall")

    def next_dealer(self) -> int:
        dealer = self.ctx.dealer
        rules = self.rules
        if not self.wins:
            return dealer if rules.dealer_stays_on_draw else (dealer + 1) % self.n
        first = self.wins[0]
        if first.from_seat != first.seat:
            same = [w for w in self.wins if (w.from_seat, w.tile) == (first.from_seat, first.tile)]
            if len(same) > 1 and rules.multi_win_dealer == "discarder":
                return first.from_seat
        if rules.next_dealer == "discarder":
            return first.from_seat
        return first.seat

    def result_now(self, end: str) -> SichuanHandResult:
        changes = tuple(self.scores[s] - self.ctx.scores[s] for s in range(self.n))
        nxt = self.next_dealer()
        values: dict[int, int] = self.cha_jiao.get("values", {})
        return SichuanHandResult(
            "win" if self.wins else "exhaustive_draw",
            wins=tuple(self.wins),
            payments=tuple(self.payments),
            score_changes=changes,
            reason=end,
            tenpai=tuple(sorted(values)),
            dealer_continues=nxt == self.ctx.dealer,
            end=end,
            next_dealer=nxt,
            hua_zhu=tuple(self.cha_jiao.get("hua_zhu", ())),
            not_ready=tuple(self.cha_jiao.get("not_ready", ())),
            ready_values=tuple(sorted(values.items())),
            lacking_suits=tuple(p.lacking_suit for p in self.players),
            win_order=tuple(w.seat for w in self.wins),
        )

    # ------------------------------------------------------------ settlement report
    def report_parts(self, result: HandResult) -> dict[str, Any]:
        """Who was 花猪, who was not ready and what each ready hand was worth at the wall's end."""
        cha = self.cha_jiao
        notes = [Message.of("note.hua_zhu", seat=s) for s in cha.get("hua_zhu", ())]
        values: dict[int, int] = cha.get("values", {})
        notes += [Message.of("note.ready", seat=s, value=v) for s, v in sorted(values.items())]
        notes += [Message.of("note.not_ready", seat=s) for s in cha.get("not_ready", ())]
        return {"notes": tuple(notes)}

    # ------------------------------------------------------------ observation
    def discard_refusal(self, seat: int, tile: int) -> Message | None:
        lack = self.lack_of(seat)
        if lack is not None and kind_of(tile) // 9 != lack:
            return Message.of("refusal.lacking_suit_first", suit=lack)
        return super().discard_refusal(seat, tile)

    def win_refusal(self, seat: int, tile: int, *, self_draw: bool) -> Message:
        p = self.players[seat]
        kinds = [kind_of(t) for t in p.hand] + [kind_of(tile)]
        lack = self.lack_of(seat)
        if lack is not None and any(k // 9 == lack for k in kinds):
            return Message.of("win.lacking_suit", suit=lack)
        if len({k // 9 for k in kinds} | {m.kind // 9 for m in p.melds}) == 3:
            return Message.of("win.three_suits")
        if not self_draw and self.rules.pass_win_lock and seat in self.passed:
            return Message.of("win.passed_win", value=self.passed[seat])
        if self.phase is Phase.ROB_KAN and not self.rules.rob_kan:
            return Message.of("win.no_robbing")
        return Message.of("win.minimum")

    def observation_parts(self, seat: int | None) -> dict[str, Any]:
        chosen: tuple[bool, ...] = ()
        if self.stage is not None:
            picks: dict[int, Any] = self.exchange_choice if self.stage == "exchange" else self.lack_choice
            chosen = tuple(s in picks for s in range(self.n))
        given: tuple[int, ...] = ()
        received: tuple[int, ...] = ()
        if seat is not None and seat in self.exchanged:
            given, received = self.exchanged[seat]
        notices = (Message.of("notice.forced_win"),) if self.forced_now() and self.stage is None else ()
        return {
            "dice": (DiceRoll(self.ctx.dealer, tuple(self.dice)),),
            "setup": SetupView(self.stage, chosen, self.exchange_direction, tuple(given), tuple(received)),
            "notices": notices,
        }
