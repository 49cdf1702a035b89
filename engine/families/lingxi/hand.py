"""One hand of Lingxi mahjong on the shared hand flow.

What is particular to Lingxi lives here: the dice and the 财神 reveal, the deal of 17/16 tiles from
the stacks, the rounds of flower and 白板 replacement from the tail (a dealt four-of-a-group is a
concealed kan), 财神 that cannot be discarded or used in calls, no discarding a kind already pon-ed,
the reserve of stacks and the last four tiles, 截胡 with the 财神 single wait and 财神汇 restrictions,
杀猪 and 花胡 declared on the own turn (as a ``tsumo`` action), 台 for every player and the settlement,
包赔, and — with ``practice_fouls`` — dead hands and 诈胡. Every regional choice is read from
:class:`engine.rules.lingxi.LingxiRules`; the rule book is ``resources/rulebook/lingxi.md``.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any, cast

from engine.analysis import STANDARD_ONLY, waits
from engine.analysis.shape import HandShape
from engine.families.lingxi.scoring import (
    MeldKinds,
    Tai,
    TaiHand,
    WinContext,
    best_self_drawn,
    concealed_counts,
    score_base,
    score_win,
    settle,
    zha_hu_payments,
)
from engine.families.lingxi.wall import (
    IN_PLAY,
    STACKS,
    TILES,
    Dice,
    LingxiWall,
    break_point,
    dealt_tiles,
    draw_order,
    stack_order,
)
from engine.families.lingxi.wilds import WildSpec, bonus_group, wild_spec
from engine.game.actions import Action, ActionType
from engine.game.flow import ClaimWindow, DrawSource, HandContext, HandFlow, Phase, simple_action
from engine.game.observation import DiceRoll, WallView, WildView
from engine.game.settlement import ReportItem
from engine.game.state import HandResult, Payment, Win
from engine.melds import Meld, MeldType
from engine.messages import Message
from engine.rules.lingxi import LingxiRules
from engine.tiles import WHITE, WINDS, Tile, kind_of

A = ActionType
SETS = 5


def roll_dice(rng: random.Random) -> Dice:
    """The dealer's throw, then the second roller's."""
    return Dice((rng.randint(1, 6), rng.randint(1, 6)), (rng.randint(1, 6), rng.randint(1, 6)))


def deal(order: Sequence[Tile], dealer: int, players: int = 4) -> list[list[Tile]]:
    """Hands by seat: from the dealer, each takes two stacks (4 tiles) in turn until each has 16;
    the dealer then takes one more tile (17)."""
    hands: list[list[Tile]] = [[] for _ in range(players)]
    pos = 0
    for _ in range(4):
        for i in range(players):
            hands[(dealer + i) % players].extend(order[pos : pos + 4])
            pos += 4
    hands[dealer].append(order[pos])
    assert pos + 1 == dealt_tiles(players)
    return hands


class LingxiHand(HandFlow):
    family = "lingxi"
    sets = SETS
    seven_pairs = False
    thirteen_orphans = False
    max_kans = 64  # no limit: each kan keeps one more stack in the reserve
    rules: LingxiRules

    @property
    def lingxi_wall(self) -> LingxiWall:
        """``self.wall``, which is always a :class:`LingxiWall` here (a class-level ``wall: LingxiWall``
        would say so, but the compiled build (mypyc) cannot narrow an attribute's type in a subclass)."""
        return cast(LingxiWall, self.wall)

    def __init__(
        self,
        rules: LingxiRules,
        ctx: HandContext,
        table: Sequence[Tile],
        rng: random.Random | None = None,
        *,
        dice: Dice | None = None,
    ) -> None:
        """``table`` is the shuffled layout of the 72 stacks; the dealer and the second roller throw
        ``dice`` (by default rolled with ``rng``)."""
        if dice is None:
            dice = roll_dice(rng if rng is not None else random.Random())
        players = rules.players
        order = draw_order(table, dice, players)
        wall = LingxiWall(order, reserve_stacks=rules.reserve_stacks, dealt=dealt_tiles(players))
        self.wild: WildSpec = wild_spec(*wall.shown, rules.flower_wild)
        super().__init__(rules, ctx, wall, deal(order, ctx.dealer, players))
        self.dice = dice
        self.table = tuple(table)
        self.dead = [False] * self.n
        self.last_four = False  # the draw-only phase of the last four tiles has begun
        self.dealt = True  # the current turn's tile was dealt (no draw yet this hand)
        self.in_last_four = False  # the tile being drawn is one of the last four drawable tiles
        self.haidi = False  # the current turn's tile was one of the last four drawable tiles
        self.discard_remaining = 0  # drawable tiles when the discard on the table was made
        self.single_wait: dict[int, bool] = {}
        self.win_tai: dict[int, Tai] = {}
        self.tai: list[Tai] = []  # every player's 台 once the hand is over
        received = [p.hand[-1] for p in self.players]  # the last tile each was dealt
        wall_seat, stack = break_point(dice, players)
        self.emit(
            "hand_start",
            None,
            {
                "dealer": ctx.dealer,
                "scores": list(ctx.scores),
                "dice": dice.to_json(),
                "second_roller": (ctx.dealer + dice.second_roller_of(players)) % self.n,
                "break": {"wall": (ctx.dealer + wall_seat) % self.n, "stack": stack},
                "wild": self.wild.to_json(),
                "reserve": wall.reserve,
            },
        )
        for seat, p in enumerate(self.players):
            self.emit("deal", seat, {"count": len(p.hand)}, {"tiles": sorted(p.hand)})
        last = self.replacement_rounds(received)
        dealer = self.players[ctx.dealer]
        dealer.drawn = last[ctx.dealer] if last[ctx.dealer] in dealer.hand else dealer.hand[-1]
        self.turn = ctx.dealer
        self.phase = Phase.TURN

    # ------------------------------------------------------------------ set-up
    def replacement_rounds(self, received: list[Tile]) -> list[Tile]:
        """Show flowers and 白板 and replace them from the tail, round after round from the dealer;
        a dealt four-of-a-group is a concealed kan replaced by one tile. Returns each seat's last tile."""
        order = [(self.ctx.dealer + i) % self.n for i in range(self.n)]
        last = list(received)
        round_no = 1
        while True:
            shown_any = False
            for seat in order:
                p = self.players[seat]
                bonus = [t for t in p.hand if self.wild.is_bonus_kind(kind_of(t))]
                if not bonus:
                    continue
                shown_any = True
                replacements = 0
                if round_no == 1:
                    for group in ("season", "plant", "white"):
                        tiles = [t for t in bonus if bonus_group(kind_of(t)) == group]
                        if len(tiles) == 4:
                            for t in tiles:
                                p.hand.remove(t)
                                bonus.remove(t)
                            meld = Meld(MeldType.CLOSED_KAN, tuple(sorted(tiles)))
                            p.melds.append(meld)
                            self.lingxi_wall.add_kan()
                            replacements += 1
                            self.emit("flower_kan", seat, {"tiles": sorted(tiles), "round": round_no})
                for t in bonus:
                    p.hand.remove(t)
                    p.flowers.append(t)
                    replacements += 1
                    self.emit("flower", seat, {"tile": t, "round": round_no})
                for _ in range(replacements):
                    tile = self.wall.draw_replacement()
                    p.hand.append(tile)
                    last[seat] = tile
                    self.emit(
                        "draw",
                        seat,
                        {"replacement": True, "source": "flower", "round": round_no, **self.wall_info()},
                        {"tile": tile},
                    )
                self.hand_changed(seat)
            if not shown_any:
                return last
            round_no += 1

    def wall_info(self) -> dict[str, int]:
        return {"wall": self.wall.remaining, "reserve": self.lingxi_wall.reserve}

    # ----------------------------------------------------------------- tiles
    def is_wild(self, tile: Tile) -> bool:
        return self.wild.is_wild_kind(kind_of(tile))

    def is_bonus(self, tile: Tile) -> bool:
        return self.wild.is_bonus_kind(kind_of(tile))

    def practice_swap_allowed(self, tile: int) -> bool:
        """A practice swap never brings in a flower or 白板 (they would be replaced at once)."""
        return not self.is_bonus(tile) and kind_of(tile) < 34

    def seat_wind(self, seat: int) -> int:
        return WINDS[(seat - self.ctx.dealer) % self.n]

    def tai_hand(self, seat: int, extra: Tile | None = None) -> TaiHand:
        p = self.players[seat]
        concealed = [kind_of(t) for t in p.hand]
        if extra is not None:
            concealed.append(kind_of(extra))
        return TaiHand(
            tuple(concealed),
            tuple(MeldKinds(m.type, m.kinds) for m in p.melds),
            tuple(kind_of(t) for t in p.flowers),
            self.seat_wind(seat),
            self.wild,
        )

    # --------------------------------------------------------------- drawing
    def before_draw(self, seat: int, source: DrawSource) -> None:
        """Front draws and replacements alike count down to the last four tiles (draw only)."""
        self.dealt = False
        self.in_last_four = self.wall.remaining <= self.n  # one last tile for each player
        if self.in_last_four and self.rules.last_four == "draw_only" and not self.last_four:
            self.last_four = True
            self.emit("last_four", None, {"tiles": self.wall.remaining})
        self.haidi = self.in_last_four

    def draw_info(self, source: DrawSource) -> dict[str, Any]:
        return {"source": source.value, **self.wall_info()}

    def set_aside_on_draw(self, seat: int, tile: int) -> bool:
        """A flower or 白板 drawn is shown and replaced at once, except in the draw-only last four
        tiles or by a dead hand."""
        draw_only = self.in_last_four and self.rules.last_four == "draw_only"
        return self.is_bonus(tile) and not draw_only and not self.dead[seat] and self.wall.remaining > 0

    def after_draw(self, seat: int, tile: int) -> None:
        if self.last_four and not self.turn_actions_in_last_four():
            self.pass_last_four(seat)

    def turn_actions_in_last_four(self) -> list[Action]:
        """Within the last four tiles a player may only win by self-draw (or, practising fouls, declare
        a false win); with nothing to decide the next player draws at once."""
        seat = self.turn
        if self.dead[seat]:
            return []
        if self.tsumo_win(seat) is None and not self.rules.practice_fouls:
            return []
        return [Action(seat, A.TSUMO, tile=self.players[seat].drawn), Action(seat, A.PASS)]

    def pass_last_four(self, seat: int) -> None:
        self.players[seat].drawn = None
        if self.wall.remaining > 0:
            self.draw(self.next_seat(seat))
        else:
            self.end(self.exhaustive_draw())

    # ------------------------------------------------------------ turn actions
    def turn_actions(self) -> list[Action]:
        seat = self.turn
        if self.last_four:
            return self.turn_actions_in_last_four()
        p = self.players[seat]
        actions: list[Action] = []
        if not self.dead[seat] and (self.tsumo_win(seat) is not None or self.rules.practice_fouls):
            actions.append(Action(seat, A.TSUMO, tile=p.drawn))
        actions.extend(simple_action(seat, A.DISCARD, t) for t in self.discard_choices(seat))
        if not self.after_call:
            actions.extend(self.kan_actions(seat))
        return actions

    def legal_discards(self, seat: int) -> list[Tile]:
        """Discards without a foul: no 财神, flower or 白板, and no tile of a kind the player has pon-ed."""
        p = self.players[seat]
        ponned = {m.kind for m in p.melds if m.type is MeldType.PON}
        return [t for t in self.callable_tiles(seat) if kind_of(t) not in ponned]

    def discard_choices(self, seat: int) -> list[int]:
        p = self.players[seat]
        if self.dead[seat]:
            return list(p.hand)
        legal = self.legal_discards(seat)
        if self.rules.practice_fouls:
            return legal + [t for t in p.hand if t not in legal]
        if legal:
            return legal
        # Nothing is legal (only 财神 and pon-ed kinds left, no kan possible): the pon-ed kind may go.
        # A hand of 财神 alone is complete, so its owner wins instead; only a forced move is left.
        fallback = [t for t in p.hand if not self.is_wild(t) and not self.is_bonus(t)]
        if fallback or self.tsumo_win(seat) is not None:
            return fallback
        return list(p.hand)

    def foul_of_discard(self, seat: int, tile: Tile) -> str | None:
        if self.is_wild(tile):
            return "discard_caishen"
        if self.is_bonus(tile):
            return "discard_flower"
        if any(m.type is MeldType.PON and m.kind == kind_of(tile) for m in self.players[seat].melds):
            return "discard_ponned_kind"
        return None

    def apply_extra_turn_action(self, action: Action) -> None:
        if action.type is A.PASS and self.last_four:
            self.pass_last_four(action.seat)
            return
        raise AssertionError(action)  # pragma: no cover - the Game only applies listed actions

    def can_declare_kan(self, seat: int) -> bool:
        return not self.last_four and self.wall.remaining >= 3 and self.wall.replacements_left > 0

    def callable_tiles(self, seat: int) -> list[int]:
        return [t for t in self.players[seat].hand if not self.is_wild(t) and not self.is_bonus(t)]

    def call_allowed(self, seat: int, kind: ActionType, tile: int, own: tuple[int, ...]) -> bool:
        if kind is A.OPEN_KAN:
            return self.wall.remaining >= 3 and self.wall.replacements_left > 0
        if self.dead[seat]:
            return False
        rest = list(self.players[seat].hand)
        for t in own:
            rest.remove(t)
        ponned = {m.kind for m in self.players[seat].melds if m.type is MeldType.PON}
        if kind is A.PON:
            ponned.add(kind_of(tile))
        return any(not self.is_wild(t) and not self.is_bonus(t) and kind_of(t) not in ponned for t in rest)

    # -------------------------------------------------------------- discards
    def discard(self, seat: int, tile: int, *, riichi: bool = False) -> None:
        if self.rules.practice_fouls and not self.dead[seat]:
            foul = self.foul_of_discard(seat, tile)
            if foul is not None:
                self.make_dead(seat, foul)
        super().discard(seat, tile, riichi=riichi)

    def before_discard_claims(self, seat: int, tile: int, riichi: bool) -> None:
        self.discard_remaining = self.wall.remaining
        self.haidi = False

    def claim_options(self, seat: int, discarder: int, tile: int) -> list[Action]:
        if self.is_wild(tile) or self.is_bonus(tile):
            return []  # a discarded 财神, flower or 白板 (a foul) cannot be claimed
        out = super().claim_options(seat, discarder, tile)
        if self.rules.practice_fouls and not self.dead[seat] and not any(a.type is A.RON for a in out):
            out.insert(0, Action(seat, A.RON, tile=tile))
        return out

    def foul_actions(self, seat: int) -> list[Action]:
        """The legal actions of ``seat`` that are fouls (only offered with ``practice_fouls``): a
        discard of a 财神, flower, 白板 or pon-ed kind, and a win declared without a winning hand."""
        if not self.rules.practice_fouls or self.dead[seat]:
            return []
        out: list[Action] = []
        for action in self.legal_actions(seat):
            if action.type is A.DISCARD and action.tile is not None:
                if self.foul_of_discard(seat, action.tile) is not None:
                    out.append(action)
            elif action.type is A.TSUMO and self.tsumo_win(seat) is None:
                out.append(action)
            elif action.type is A.RON and self.window is not None and action.tile is not None:
                robbing = self.phase is Phase.ROB_KAN
                if self.ron_win(seat, self.window.discarder, action.tile, robbing=robbing) is None:
                    out.append(action)
        return out

    def make_dead(self, seat: int, reason: str) -> None:
        """A foul other than a false win: the hand is dead (no chi, pon, win or flower replacement)."""
        self.dead[seat] = True
        self.hand_changed(seat)
        self.emit("foul", seat, {"reason": reason})

    # ------------------------------------------------------------------ kans
    def before_kan(self, seat: int) -> None:
        self.discard_remaining = self.wall.remaining  # an added kan can be robbed like a discard

    def on_kan(self, seat: int, meld: Meld) -> None:
        self.lingxi_wall.add_kan()

    # -------------------------------------------------------------- analysis
    def compute_waits(self, seat: int) -> frozenset[int]:
        hand = self.tai_hand(seat)
        counts = concealed_counts(hand)
        exposed = len(self.players[seat].melds)
        wilds = len(hand.wilds)
        self.single_wait[seat] = False
        if counts is None or exposed > SETS or sum(counts) + wilds != 3 * (SETS - exposed) + 1:
            return frozenset()
        result = waits(counts, sets=SETS, exposed=exposed, wilds=wilds, forms=STANDARD_ONLY)
        self.single_wait[seat] = result.any_tile
        return result.kinds

    def is_single_wait(self, seat: int) -> bool:
        """财神单钓: the hand waits on any tile (a 财神 in the pair)."""
        self.waits_of(seat)
        return self.single_wait.get(seat, False)

    # ------------------------------------------------------------------ wins
    def tsumo_win(self, seat: int) -> Win | None:
        if self.dead[seat]:
            return None
        p = self.players[seat]
        ctx: WinContext | None = None
        if p.drawn is not None:
            ctx = WinContext(
                win_kind=kind_of(p.drawn),
                self_drawn=True,
                gang_kai=self.rinshan,
                hai_di=self.haidi,
                tian_hu=self.is_tian_hu(seat),
            )
        tai = best_self_drawn(self.tai_hand(seat), ctx, self.rules)
        if tai is None:
            return None
        tile = p.drawn
        if tile is None:
            tile = next((t for t in p.hand if self.is_wild(t)), p.hand[0])
        return self.lingxi_win(seat, seat, tile, tuple(p.hand), tai)

    def is_tian_hu(self, seat: int) -> bool:
        first = self.dealt and not any(q.discards for q in self.players)
        return seat == self.ctx.dealer and first

    def is_di_hu(self, seat: int, discarder: int) -> bool:
        return (
            seat != self.ctx.dealer
            and discarder == self.ctx.dealer
            and len(self.players[discarder].discards) == 1
            and sum(len(q.discards) for q in self.players) == 1
        )

    def ron_win(
        self, seat: int, discarder: int, tile: int, *, robbing: bool, closed_kan: bool = False
    ) -> Win | None:
        if closed_kan or self.dead[seat] or self.is_wild(tile) or self.is_bonus(tile):
            return None
        kind = kind_of(tile)
        if kind not in self.waits_of(seat):
            return None
        if self.rules.caishen_single_wait == "self_draw_only" and self.is_single_wait(seat):
            return None
        di_hu = not robbing and self.is_di_hu(seat, discarder)
        ctx = WinContext(win_kind=kind, self_drawn=False, qiang_gang=robbing, di_hu=di_hu)
        tai = score_win(self.tai_hand(seat, tile), ctx, self.rules)
        if tai is None:
            return None
        return self.lingxi_win(seat, discarder, tile, (*self.players[seat].hand, tile), tai)

    def lingxi_win(self, seat: int, from_seat: int, tile: int, hand: tuple[int, ...], tai: Tai) -> Win:
        self.win_tai[seat] = tai
        return self.make_win(
            seat,
            from_seat,
            tile,
            hand,
            points=tai.final,
            value=tai.tai,
            items=tai.items,
            limit="" if tai.kind == "win" else tai.kind,
            reading=tai.reading,
        )

    def choose_ron_winners(self, seats: list[int], discarder: int) -> list[int] | None:
        """截胡: one winner, the first in turn order after the discarder — but a 财神 single wait does
        not take a discard ahead of another winner, nor a 财神汇 hand ahead of one that is not.
        (The wins of ``seats`` were just computed, so :attr:`win_tai` holds their readings.)"""
        hui = {s: self.win_tai[s].caishen_hui for s in seats}
        single = {s: self.is_single_wait(s) for s in seats}

        def yields(x: int, y: int) -> bool:
            return (single[x] and not single[y]) or (hui[x] and not hui[y])

        for s in seats:
            if not any(yields(s, o) for o in seats if o != s):
                return [s]
        return seats[:1]

    def settle_rons(self, seats: list[int], window: ClaimWindow) -> None:
        discarder, tile, robbing = window.discarder, window.tile, window.kan is not None
        wins: dict[int, Win] = {}
        for s in seats:
            win = self.ron_win(s, discarder, tile, robbing=robbing)
            if win is None:  # a false declaration (only possible when practising fouls)
                self.zha_hu(s)
                return
            wins[s] = win
        chosen = self.choose_ron_winners(seats, discarder) or seats[:1]
        self.declare_wins([wins[chosen[0]]], from_seat=discarder, window=window)

    def declare_tsumo(self, seat: int) -> None:
        win = self.tsumo_win(seat)
        if win is None:
            self.zha_hu(seat)
            return
        if win.limit:
            self.emit(win.limit, seat, {"tiles": list(self.players[seat].hand), "tai": win.han})
        self.declare_wins([win], from_seat=seat, window=None)

    # ------------------------------------------------------------ settlement
    def liable_seat(self, win: Win, from_seat: int) -> int | None:
        """包赔: who pays all three shares of a win on a discard or a robbed kan, if anyone."""
        if from_seat == win.seat:
            return None
        melds = self.players[win.seat].melds
        open_winds = {m.kind for m in melds if m.kind in WINDS and m.type is not MeldType.CHI and m.is_open}
        win_kind = kind_of(win.tile)
        if (
            self.rules.bao_pei
            and any(i.key == "si_feng_qi" for i in win.items)
            and len(open_winds) == 3
            and win_kind in WINDS
            and win_kind not in open_winds
        ):
            return from_seat
        if self.rules.last_four == "play_on_liable" and self.discard_remaining <= self.n:
            return from_seat
        return None

    def settle_wins(self, wins: list[Win], from_seat: int) -> HandResult:
        win = wins[0]
        seat = win.seat
        tai = self.win_tai[seat]
        others_zero = tai.kind != "win"
        self.tai = []
        for s in range(self.n):
            if s == seat:
                self.tai.append(tai)
            elif others_zero or self.dead[s]:
                self.tai.append(Tai((), 0, 0, "base"))
            else:
                self.tai.append(score_base(self.tai_hand(s)))
        payments = settle(
            dealer=self.ctx.dealer,
            winner=seat,
            winner_final=tai.final,
            base=[t.tai for t in self.tai],
            others_zero=others_zero,
            liable=self.liable_seat(win, from_seat),
            rules=self.rules,
            players=self.n,
        )
        self.record(payments)
        self.emit_tai()
        return HandResult("win", (win,), dealer_continues=seat == self.ctx.dealer)

    def record(self, payments: Sequence[Payment]) -> None:
        for pay in payments:
            self.transfer(pay.payer, pay.payee, pay.amount, pay.reason, pay.details)

    def emit_tai(self) -> None:
        self.emit("tai", None, {"players": [t.to_json() for t in self.tai]})

    def exhaustive_draw(self) -> HandResult:
        self.tai = [Tai((), 0, 0, "base") for _ in range(self.n)]
        self.emit_tai()
        return HandResult("exhaustive_draw", reason="chou_zhuang")

    def abortive_draw(self, reason: str) -> HandResult:  # pragma: no cover - Lingxi has none
        return HandResult("abortive_draw", reason=reason)

    def zha_hu(self, seat: int) -> None:
        """诈胡: a false win declaration ends the hand; the offender pays the penalty to everyone."""
        self.begin_settlement()
        self.record(zha_hu_payments(seat, self.ctx.dealer, self.rules, self.n))
        self.tai = [Tai((), 0, 0, "base") for _ in range(self.n)]
        self.emit("zha_hu", seat, {"tiles": list(self.players[seat].hand)})
        self.emit_tai()
        self.end(HandResult("abortive_draw", reason="zha_hu"))

    # ------------------------------------------------------------ settlement report
    def report_parts(self, result: HandResult) -> dict[str, Any]:
        """Every seat's 台: the winner's (with the final, doubled 台) and each non-winner's base 台."""
        if not self.tai:
            return {}
        values = [(t.tai, t.final, tuple(ReportItem.of(i) for i in t.items)) for t in self.tai]
        notes = tuple(Message.of("note.dead_hand", seat=s) for s in range(self.n) if self.dead[s])
        return {"seat_values": values, "notes": notes}

    # ----------------------------------------------------------- observation
    def wall_view(self) -> dict[str, Any]:
        """The 72 stacks as they stand on the table, for drawing the walls: ``left`` holds the tiles
        left in each stack in the table layout (the dealer's wall first, then in turn order, each
        from its right end), ``reserve`` the stacks kept back at the end, ``caishen`` the stack of
        the two shown 财神, ``next`` and ``tail`` the stacks the next front and tail draws come from."""
        order = stack_order(self.dice, self.n)
        left = [0] * STACKS
        live: list[int] = []
        for pos in range(self.lingxi_wall.dealt, TILES):
            if pos not in self.lingxi_wall.taken:
                left[order[pos // 2]] += 1
                if pos < IN_PLAY:
                    live.append(pos)
        reserve = live[len(live) - self.lingxi_wall.reserve :] if self.lingxi_wall.reserve else []
        return {
            "first_wall": self.ctx.dealer,
            "left": left,
            "reserve": sorted({order[p // 2] for p in reserve}),
            "caishen": order[-1],
            "next": order[live[0] // 2] if live else None,
            "tail": order[live[-1] // 2] if live else None,
        }

    def wild_kinds(self) -> frozenset[int]:
        return self.wild.kinds

    def shape_of(self, seat: int) -> HandShape:
        """Lingxi's 17-tile shape with this hand's 财神; 白板 is a bonus tile unless it is a 财神."""
        shape = super().shape_of(seat)
        if WHITE in self.wild.kinds:
            return shape
        return dataclasses.replace(shape, kinds=shape.kinds - {WHITE})

    def is_dead(self, seat: int) -> bool:
        return self.dead[seat]

    def discard_refusal(self, seat: int, tile: int) -> Message | None:
        if self.is_wild(tile):
            return Message.of("refusal.wild_kept")
        if self.is_bonus(tile):
            return Message.of("refusal.flower")
        if any(m.type is MeldType.PON and m.kind == kind_of(tile) for m in self.players[seat].melds):
            return Message.of("refusal.ponned_kind")
        if self.last_four:
            return Message.of("refusal.last_four_draw_only", tiles=self.n)
        return super().discard_refusal(seat, tile)

    def win_refusal(self, seat: int, tile: int, *, self_draw: bool) -> Message:
        if self.dead[seat]:
            return Message.of("refusal.dead_hand")
        if self.is_wild(tile) or self.is_bonus(tile):
            return Message.of("win.wild_tile")
        if not self_draw and self.rules.caishen_single_wait == "self_draw_only" and self.is_single_wait(seat):
            return Message.of("win.single_wait_self_draw")
        return Message.of("win.minimum")

    def observation_parts(self, seat: int | None) -> dict[str, Any]:
        wall_seat, stack = break_point(self.dice, self.n)
        second = (self.ctx.dealer + self.dice.second_roller_of(self.n)) % self.n
        view = self.wall_view()
        return {
            "dice": (
                DiceRoll(self.ctx.dealer, tuple(self.dice.first)),
                DiceRoll(second, tuple(self.dice.second)),
            ),
            "wild": WildView(tuple(self.wild.shown), tuple(sorted(self.wild.kinds))),
            "wall": WallView(
                first_wall=self.ctx.dealer,
                stacks_per_wall=STACKS // self.n,
                left=tuple(view["left"]),
                break_wall=(self.ctx.dealer + wall_seat) % self.n,
                break_stack=stack,
                reserve=tuple(view["reserve"]),
                reserve_tiles=self.lingxi_wall.reserve,
                wild_stack=view["caishen"],
                next_stack=view["next"],
                tail_stack=view["tail"],
                kans=self.lingxi_wall.kans,
            ),
            "notices": (Message.of("notice.last_four", tiles=self.n),) if self.last_four else (),
            "fouls": tuple(self.foul_actions(seat)) if seat is not None else (),
        }
