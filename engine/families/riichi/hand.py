"""One hand of Japanese riichi on the shared hand flow.

Here live the rules particular to riichi: riichi declarations and sticks, ippatsu, furiten, kuikae,
dora and kan dora timing, abortive draws, tenpai payments, nagashi mangan, pao and the settlement
with honba. Hand values come from :mod:`engine.families.riichi.scoring` (the ``mahjong`` package).
Every regional choice is read from :class:`engine.rules.riichi.RiichiRules`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

from engine.analysis import ALL_FORMS, Decomposition, HandForms, is_complete, shanten, waits
from engine.families.riichi.scoring import RiichiScore, RiichiWin, score_riichi_win
from engine.game.actions import Action, ActionType
from engine.game.flow import ClaimWindow, DrawSource, HandContext, HandFlow, Phase, simple_action
from engine.game.state import HandResult, ScoreLine, Win
from engine.game.wall import Wall
from engine.melds import Meld, MeldType
from engine.messages import Message
from engine.rules.riichi import RiichiRules
from engine.tiles import (
    DRAGONS,
    NORTH,
    TERMINALS_AND_HONORS,
    WINDS,
    is_terminal_or_honor,
    kind_of,
    tile_counts34,
)

# Enum members as module constants (see engine.game.flow)
_A_CHI: Final = ActionType.CHI
_A_NINE_TERMINALS: Final = ActionType.NINE_TERMINALS
_A_NUKI: Final = ActionType.NUKI
_A_OPEN_KAN: Final = ActionType.OPEN_KAN
_A_PASS: Final = ActionType.PASS
_A_RIICHI: Final = ActionType.RIICHI
_A_RON: Final = ActionType.RON
_S_KAN: Final = DrawSource.KAN
_P_ROB_KAN: Final = Phase.ROB_KAN
DEAD_WALL_REPLACEMENTS = (134, 135, 132, 133)
LIVE_END = 122
SANMA_REPLACEMENTS = 8  # three players: four kans and four norths set aside may each need a tile
INDICATOR_TILES = 10  # five dora and five ura indicators
SANMA_TILES = tuple(t for t in range(136) if not 1 <= t // 4 <= 7)
"""The 108 tiles of three-player riichi (sanma): 2m-8m are left out."""
RUN_YAKU = frozenset({"pinfu", "iipeikou", "ryanpeikou", "ittsu", "sanshoku"})
TRIPLET_YAKU = frozenset({"toitoi", "sanankou", "suuankou", "suuankou_tanki", "sanshoku_doukou"})
KOKUSHI_ONLY = HandForms(standard=False, seven_pairs=False, thirteen_orphans=True)
_M_CHI: Final = MeldType.CHI
_M_CLOSED_KAN: Final = MeldType.CLOSED_KAN
_M_OPEN_KAN: Final = MeldType.OPEN_KAN
_M_PON: Final = MeldType.PON


def deal_riichi(wall_tiles: list[int], dealer: int, players: int = 4) -> tuple[Wall, list[list[int]]]:
    """Deal 13 tiles each the way the real tables (and the mjx logs) do: the seat ``r`` places after
    the dealer takes wall positions ``4n k + 4r + j`` (k = 0..2, j = 0..3, n players), then
    ``12n + r``. The dead wall is the end of the wall (:func:`dead_wall`)."""
    n = players
    hands: list[list[int]] = [[] for _ in range(n)]
    for r in range(n):
        seat = (dealer + r) % n
        for k in range(3):
            hands[seat].extend(wall_tiles[4 * n * k + 4 * r + j] for j in range(4))
        hands[seat].append(wall_tiles[12 * n + r])
    live_end, replacements = dead_wall(len(wall_tiles), players)
    wall = Wall(wall_tiles, dealt=13 * n, live_end=live_end, replacement_positions=replacements)
    return wall, hands


def dead_wall(size: int, players: int) -> tuple[int, tuple[int, ...]]:
    """Where the live wall ends and the replacement tiles lie, for a wall of ``size`` tiles.

    Four and two players: the last 14 tiles, replacements in the last two stacks (top tile first),
    dora indicators from the third stack on. Three players: 18 tiles, four stacks of replacements for
    kans and norths set aside, the indicators in the five stacks before them.

    >>> dead_wall(136, 4)
    (122, (134, 135, 132, 133))
    >>> dead_wall(108, 3)
    (90, (106, 107, 104, 105, 102, 103, 100, 101))
    """
    count = SANMA_REPLACEMENTS if players == 3 else len(DEAD_WALL_REPLACEMENTS)
    replacements = tuple(size - 2 * (i // 2 + 1) + i % 2 for i in range(count))
    return size - count - INDICATOR_TILES, replacements


def wall_tiles(players: int) -> tuple[int, ...]:
    """The tiles of a riichi wall: 136, or 108 with three players."""
    return SANMA_TILES if players == 3 else tuple(range(136))


@dataclass(slots=True)
class RiichiSeat:
    """A seat's riichi state within one hand."""

    riichi: bool = False  # declared, the stick paid
    double_riichi: bool = False
    ippatsu: bool = False
    riichi_pending: bool = False  # declared on the discard now on the table; stick not paid yet
    furiten_same_turn: bool = False  # let a winning tile pass since its last discard
    furiten_riichi: bool = False  # let a winning tile pass after riichi: furiten for the hand


def nuki_in_play(rules: Any) -> bool:
    """Whether norths are set aside (nukidora, 拔北) under ``rules``: three players with ``nukidora``."""
    return int(rules.players) == 3 and bool(rules.nukidora)


class RiichiHand(HandFlow):
    family = "riichi"
    rules: RiichiRules

    def __init__(
        self, rules: RiichiRules, ctx: HandContext, wall_tiles: list[int], rng: random.Random | None = None
    ) -> None:
        wall, hands = deal_riichi(wall_tiles, ctx.dealer, rules.players)
        self._shanten_cache: dict[int, int] = {}
        self._ready_seats: tuple[int, int, list[int]] = (-1, -1, [])  # claim_candidates: the last discard's
        # per seat, a lower bound of its shanten kept while its hand is as it is (shanten_bound)
        self._shanten_floor: dict[int, int] = {}
        self._carried = -1  # the bound a draw or discard under way carries over to the new hand
        self._indicators: tuple[int, ...] = ()
        self.indicator_base = len(wall_tiles) - 6 if rules.players != 3 else len(wall_tiles) - 10
        super().__init__(rules, ctx, wall, hands)
        self.nuki_window = False  # the robbing window open is on a north set aside
        self.nuki_played = nuki_in_play(rules)  # norths are set aside this hand
        self.tsumo_shares: dict[int, tuple[int, int]] = {}  # winner -> (dealer's, each other's) share
        self.seats = [RiichiSeat() for _ in range(self.n)]
        self.dora_count = 1
        self.pending_dora = 0  # kan dora waiting for the discard (open and added kans)
        self.riichi_count = 0
        self.four_kans_pending = False
        self.pao: dict[int, int] = {}  # winner seat -> liable seat (big three dragons / big four winds)
        self.emit(
            "hand_start",
            None,
            {
                "dealer": ctx.dealer,
                "round_wind": ctx.round_wind,
                "honba": ctx.honba,
                "riichi_sticks": ctx.pot,
                "scores": list(ctx.scores),
                "dora_indicators": self.dora_indicators(),
            },
        )
        for seat, hand in enumerate(self.players):
            self.emit("deal", seat, {"count": len(hand.hand)}, {"tiles": sorted(hand.hand)})
        self.draw(ctx.dealer)

    # ----------------------------------------------------------------- dora
    def dora_indicators(self) -> list[int]:
        return list(self.shown_indicators())

    def shown_indicators(self) -> tuple[int, ...]:
        """The dora indicators shown now (kept while their number is the same)."""
        kept = self._indicators
        if len(kept) != self.dora_count:
            base = self.indicator_base
            kept = self._indicators = tuple(self.wall.tiles[base - 2 * i] for i in range(self.dora_count))
        return kept

    def ura_indicators(self) -> list[int]:
        count = self.dora_count if self.rules.kan_ura_dora else 1
        base = self.indicator_base + 1
        return [self.wall.tiles[base - 2 * i] for i in range(count)]

    def reveal_dora(self) -> None:
        self.dora_count += 1
        base = self.indicator_base
        self.emit("dora", None, {"indicator": self.wall.tiles[base - 2 * (self.dora_count - 1)]})

    def flush_pending_dora(self) -> None:
        while self.pending_dora:
            self.pending_dora -= 1
            self.reveal_dora()

    # -------------------------------------------------------------- analysis
    def compute_waits(self, seat: int) -> frozenset[int]:
        p = self.players[seat]
        if not self.ready(seat):
            return frozenset()  # not waiting: skip the costlier search
        counts = self.hand_counts(seat)
        return waits(counts, sets=4, exposed=len(p.melds), forms=ALL_FORMS).kinds

    def hand_changed(self, seat: int) -> None:
        super().hand_changed(seat)
        if seat in self._shanten_cache:  # (see HandFlow.hand_changed)
            del self._shanten_cache[seat]
        if seat in self._shanten_floor:
            del self._shanten_floor[seat]

    def shanten_of(self, seat: int) -> int:
        """The seat's shanten over every riichi hand shape (cached until its hand changes)."""
        value = self._shanten_cache.get(seat)
        if value is None:
            p = self.players[seat]
            value = shanten(self.hand_counts(seat), sets=4, exposed=len(p.melds), forms=ALL_FORMS)
            self._shanten_cache[seat] = value
        return value

    def shanten_bound(self, seat: int) -> int:
        """A lower bound of the seat's shanten, found without computing it: the shanten itself when it
        is known, else what the last draw or discard carried over (a discard from a hand of 3k+2
        tiles never lowers its shanten, a draw lowers it by one at most), else -1.

        Most hands of a game are far from ready: a draw onto a hand two or more from ready cannot make
        it complete, and a discard from a hand one or more from ready cannot make it ready, so neither
        asks for a shanten (:meth:`ready`, :meth:`tsumo_win`). :meth:`check_kept` holds the bounds to
        the shanten whenever the game checks its invariants."""
        value = self._shanten_cache.get(seat)
        return value if value is not None else self._shanten_floor.get(seat, -1)

    def check_kept(self) -> str | None:
        for seat, p in enumerate(self.players):
            kept = self._shanten_cache.get(seat)
            floor = self._shanten_floor.get(seat)
            if kept is None and floor is None:
                continue
            fresh = shanten(tile_counts34(p.hand), sets=4, exposed=len(p.melds), forms=ALL_FORMS)
            if kept is not None and kept != fresh:
                return f"seat {seat}: kept shanten {kept}, the hand's is {fresh}"
            if floor is not None and floor > fresh:
                return f"seat {seat}: shanten bound {floor} above the hand's shanten {fresh}"
        return super().check_kept()

    def before_draw(self, seat: int, source: DrawSource) -> None:
        self._carried = self.shanten_bound(seat) - 1

    def after_draw(self, seat: int, tile: int) -> None:
        self.seats[seat].furiten_same_turn = False
        if self._carried >= 0:
            self._shanten_floor[seat] = self._carried
        self._carried = -1

    def discard(self, seat: int, tile: int, *, riichi: bool = False) -> None:
        self._carried = self.shanten_bound(seat)  # (kept for the hand after it: before_discard_claims)
        super().discard(seat, tile, riichi=riichi)

    def completes(self, seat: int, kind: int) -> bool:
        """Whether one more ``kind`` completes the seat's hand by shape: never for a hand that is not
        ready (asked of every other seat on every discard, so answered before any cache)."""
        if not self.ready(seat):
            return False
        return super().completes(seat, kind)

    def callable_counts(self, seat: int) -> list[int]:
        """Riichi calls with any tile of the hand: its counts."""
        return self.hand_counts(seat)

    def ready(self, seat: int) -> bool:
        """Whether the seat's hand waits for one tile (ready by shape)."""
        return (
            len(self.players[seat].hand) % 3 == 1
            and self._shanten_floor.get(seat, -1) <= 0
            and self.shanten_of(seat) == 0
        )

    def claim_candidates(self, discarder: int, tile: int) -> list[int]:
        """The seats that may answer the discard: a ready hand (it may win on it), or a seat that
        may call (not in riichi, tiles left to draw) holding a pair of the tile's kind or, the seat
        after the discarder, two tiles that make a run with it. Every other seat's claim options
        are empty; the ready seats are kept for :meth:`after_claim_answers`."""
        kind = tile >> 2
        seats = self.seats
        players = self.players
        floors = self._shanten_floor
        kept_counts = self._hand_counts
        may_call = self.wall.remaining > 0
        chi_seat = self.next_seat(discarder) if kind < 27 and self.chi_enabled() else -1
        num = kind % 9
        out: list[int] = []
        ready: list[int] = []
        for other in range(self.n):
            if other == discarder:
                continue
            if (  # self.ready(other), inline
                floors.get(other, -1) <= 0
                and len(players[other].hand) % 3 == 1
                and self.shanten_of(other) == 0
            ):
                ready.append(other)
                out.append(other)
                continue
            if not may_call or seats[other].riichi:
                continue
            counts = kept_counts.get(other) or self.hand_counts(other)
            if counts[kind] >= 2:
                out.append(other)
            elif other == chi_seat:
                below = counts[kind - 1] if num >= 1 else 0
                above = counts[kind + 1] if num <= 7 else 0
                if (below and (above or (num >= 2 and counts[kind - 2]))) or (
                    above and num <= 6 and counts[kind + 2]
                ):
                    out.append(other)
        self._ready_seats = (discarder, tile, ready)
        return out

    def compute_completes(self, seat: int, kind: int) -> bool:
        """Whether ``kind`` completes the seat's hand by shape (cheaper than all its waits)."""
        p = self.players[seat]
        if not self.ready(seat):
            return False
        counts = list(self.hand_counts(seat))
        if kind >= 34 or counts[kind] >= 4:
            return False
        counts[kind] += 1
        return is_complete(counts, sets=4, exposed=len(p.melds), forms=ALL_FORMS)

    def effective_waits(self, seat: int) -> frozenset[int]:
        """Waits for which the seat does not itself hold all four copies (riichi's tenpai)."""
        p = self.players[seat]
        own = tile_counts34(p.hand)
        for m in p.melds:
            for t in m.tiles:
                own[kind_of(t)] += 1
        return frozenset(k for k in self.waits_of(seat) if own[k] < 4)

    def is_tenpai(self, seat: int) -> bool:
        return bool(self.effective_waits(seat))

    def is_furiten(self, seat: int) -> bool:
        r = self.seats[seat]
        if r.furiten_same_turn or r.furiten_riichi:
            return True
        w = self.waits_of(seat)
        return bool(w) and any(kind_of(d.tile) in w for d in self.players[seat].discards)

    # ------------------------------------------------------------ turn rules
    def first_turn(self, seat: int) -> bool:
        return self.uninterrupted and not self.players[seat].discards

    def discard_choices(self, seat: int) -> list[int]:
        p = self.players[seat]
        if self.seats[seat].riichi:
            return [p.drawn] if p.drawn is not None else []
        forbidden = self.forbidden_kinds
        if not forbidden:  # (no kuikae: every tile, in hand order)
            return list(p.hand)
        return [t for t in p.hand if kind_of(t) not in forbidden]

    def discard_refusal(self, seat: int, tile: int) -> Message | None:
        if self.seats[seat].riichi:
            return Message.of("refusal.riichi_tsumogiri")
        return super().discard_refusal(seat, tile)

    def win_refusal(self, seat: int, tile: int, *, self_draw: bool) -> Message:
        if not self_draw and self.is_furiten(seat):
            r = self.seats[seat]
            passed = (r.furiten_same_turn or r.furiten_riichi) and not any(
                kind_of(d.tile) in self.waits_of(seat) for d in self.players[seat].discards
            )
            return Message.of("win.furiten_passed" if passed else "win.furiten")
        return Message.of("win.no_yaku")

    def declared(self, seat: int) -> bool:
        return self.seats[seat].riichi

    def analysis_warnings(self, seat: int) -> list[Message]:
        """An open hand that is ready but has a yaku on none of its waits cannot win."""
        p = self.players[seat]
        if p.is_closed or len(p.hand) % 3 != 1:
            return []
        waits = self.effective_waits(seat)
        if not waits:
            return []
        other = (seat + 1) % self.n
        for k in sorted(waits):
            tile = 4 * k + 3  # a plain copy (never a red five: red fives are not a yaku)
            for tsumo in (False, True):
                hand = (*p.hand, tile)
                if self.riichi_win(seat, seat if tsumo else other, tile, hand, set(), tsumo=tsumo):
                    return []
        return [Message.of("warning.no_yaku")]

    def observation_parts(self, seat: int | None) -> dict[str, Any]:
        return {
            "dora_indicators": self.shown_indicators(),
            "furiten": self.is_furiten(seat) if seat is not None else None,
        }

    def extra_turn_actions(self, seat: int) -> list[Action]:
        p = self.players[seat]
        out: list[Action] = []
        if (
            self.shanten_bound(seat) <= 0  # (riichi_discards: none from a hand that is not ready after it)
            and not self.seats[seat].riichi
            and p.is_closed
            and self.scores[seat] >= self.rules.riichi_min_points
            and self.wall.remaining >= self.rules.riichi_min_wall_tiles
        ):
            out.extend(simple_action(seat, _A_RIICHI, t) for t in self.riichi_discards(seat))
        if self.rules.abort_nine_terminals and self.first_turn(seat):
            kinds = {kind_of(t) for t in p.hand}
            if sum(1 for k in kinds if k in TERMINALS_AND_HONORS) >= 9:
                out.append(Action(seat, _A_NINE_TERMINALS))
        if self.nuki_played:
            north = self.nuki_tile(seat)
            if north is not None:
                out.append(Action(seat, _A_NUKI, tile=north))
        return out

    # ------------------------------------------------------------ nukidora
    def plays_nuki(self) -> bool:
        return nuki_in_play(self.rules)

    def nuki_tile(self, seat: int) -> int | None:
        """The north ``seat`` may set aside now (three players with nukidora), or None: one of its
        norths (after riichi only the one just drawn), with a replacement tile left to draw."""
        if not self.plays_nuki() or self.wall.remaining <= 0 or self.wall.replacements_left <= 0:
            return None
        p = self.players[seat]
        if self.seats[seat].riichi:
            return p.drawn if p.drawn is not None and kind_of(p.drawn) == NORTH else None
        norths = sorted(t for t in p.hand if kind_of(t) == NORTH)
        return norths[0] if norths else None

    def nuki_count(self, seat: int) -> int:
        """Norths ``seat`` has set aside this hand (each is one dora)."""
        return sum(1 for t in self.players[seat].flowers if kind_of(t) == NORTH)

    def declare_nuki(self, action: Action) -> None:
        """Set a north aside: the others may first win on it (:attr:`RiichiRules.nuki_robbing`), then
        it lies beside the hand and its owner draws a replacement."""
        seat, tile = action.seat, action.tile
        assert tile is not None
        self.emit("nuki_declared", seat, {"tile": tile})
        options: dict[int, list[Action]] = {}
        if self.rules.nuki_robbing:
            self.nuki_window = True
            for other in self.order_from(seat):
                if self.ron_win(other, seat, tile, robbing=True) is not None:
                    options[other] = [Action(other, _A_RON, tile=tile), Action(other, _A_PASS)]
            self.nuki_window = False
        if options:
            self.window = ClaimWindow(seat, tile, options=options, kan=action)
            self.phase = _P_ROB_KAN
            self.nuki_window = True
            return
        self.complete_nuki(action)

    def complete_nuki(self, action: Action) -> None:
        seat, tile = action.seat, action.tile
        assert tile is not None
        p = self.players[seat]
        p.hand.remove(tile)
        p.flowers.append(tile)
        p.drawn = None
        self.hand_changed(seat)
        self.uninterrupted = False  # like a call: no ippatsu, double riichi, tenhou or chiihou after it
        for r in self.seats:
            r.ippatsu = False
        self.emit("nuki", seat, {"tile": tile, "count": self.nuki_count(seat)})
        self.draw(seat, _S_KAN)

    def resolve_rob(self) -> None:
        window = self.window
        if window is None or window.kan is None or window.kan.type is not _A_NUKI:
            super().resolve_rob()
            return
        rons = [s for s in self.order_from(window.discarder) if window.responses.get(s, _PASS).type is _A_RON]
        self.after_claim_answers(window)
        self.window = None
        if rons:
            self.settle_rons(rons, window)
        else:
            self.nuki_window = False
            self.complete_nuki(window.kan)

    def chi_enabled(self) -> bool:
        if self.n == 3:
            return self.rules.sanma_chi
        if self.n == 2:
            return self.rules.two_player_chi
        return True

    def riichi_discards(self, seat: int) -> list[int]:
        p = self.players[seat]
        if self.shanten_of(seat) > 0:
            return []
        counts = list(self.hand_counts(seat))
        out: list[int] = []
        checked: dict[int, bool] = {}
        melded = [0] * 34
        for m in p.melds:
            for t in m.tiles:
                melded[kind_of(t)] += 1
        exposed = len(p.melds)
        for t in p.hand:
            k = kind_of(t)
            if k not in checked:
                counts[k] -= 1
                # only a discard that keeps the hand ready can wait for anything: one shanten first
                ready = shanten(counts, sets=4, exposed=exposed, forms=ALL_FORMS) == 0
                w = waits(counts, sets=4, exposed=exposed, forms=ALL_FORMS).kinds if ready else ()
                checked[k] = any(counts[x] + melded[x] < 4 for x in w)
                counts[k] += 1
            if checked[k]:
                out.append(t)
        return out

    def apply_extra_turn_action(self, action: Action) -> None:
        if action.type is _A_RIICHI:
            assert action.tile is not None
            self.discard(action.seat, action.tile, riichi=True)
        elif action.type is _A_NINE_TERMINALS:
            self.end(self.abortive_draw("nine_terminals"))
        elif action.type is _A_NUKI:
            self.declare_nuki(action)
        else:  # pragma: no cover - the Game only applies listed actions
            raise AssertionError(action)

    def can_declare_kan(self, seat: int) -> bool:
        return self.wall.remaining > 0 and self.wall.replacements_left > 0

    def closed_kan_allowed(self, seat: int, kind: int) -> bool:
        p = self.players[seat]
        if not self.seats[seat].riichi:
            return True
        if self.rules.closed_kan_after_riichi == "never":
            return False
        if p.drawn is None or kind_of(p.drawn) != kind:
            return False
        counts = tile_counts34(p.hand)
        counts[kind] -= 1
        before = waits(counts, sets=4, exposed=len(p.melds), forms=ALL_FORMS).kinds
        counts[kind] -= 3
        after = waits(counts, sets=4, exposed=len(p.melds) + 1, forms=ALL_FORMS).kinds
        return before == after

    def added_kan_allowed(self, seat: int, tile: int) -> bool:
        return not self.seats[seat].riichi

    def can_call(self, seat: int, discarder: int) -> bool:
        return not self.seats[seat].riichi

    def call_allowed(self, seat: int, kind: ActionType, tile: int, own: tuple[int, ...]) -> bool:
        if kind is _A_OPEN_KAN or not self.rules.kuikae_forbidden:
            return True
        forbidden = self.kuikae_kinds(Action(seat, kind, tile=tile, tiles=own))
        rest = list(self.players[seat].hand)
        for t in own:
            rest.remove(t)
        return any(kind_of(t) not in forbidden for t in rest)

    def kuikae_kinds(self, call: Action) -> frozenset[int]:
        if not self.rules.kuikae_forbidden or call.tile is None or call.type is _A_OPEN_KAN:
            return frozenset()
        k = kind_of(call.tile)
        out = {k}
        if call.type is _A_CHI:
            own = sorted(kind_of(t) for t in call.tiles)
            num = k % 9
            if own[0] == k + 1 and num + 3 <= 8:  # claimed the low end: the tile above is a swap
                out.add(k + 3)
            if own[1] == k - 1 and num - 3 >= 0:  # claimed the high end: the tile below is a swap
                out.add(k - 3)
        return frozenset(out)

    # ------------------------------------------------------------ discards
    def before_discard_claims(self, seat: int, tile: int, riichi: bool) -> None:
        if self._carried >= 0:
            self._shanten_floor[seat] = self._carried
        self._carried = -1
        r = self.seats[seat]
        r.furiten_same_turn = False
        if r.ippatsu and not riichi:
            r.ippatsu = False
        if riichi:
            r.riichi_pending = True
            r.double_riichi = self.uninterrupted and len(self.players[seat].discards) == 1
        if self.rules.kan_dora and self.pending_dora:
            self.flush_pending_dora()

    def after_claim_answers(self, window: ClaimWindow) -> None:
        """A seat that lets its winning tile go by is furiten until its next discard (for good,
        once in riichi): on a discard whenever the tile is one of its waits, yaku or not; on a kan
        when it had the option to rob it."""
        kind = kind_of(window.tile)
        seats: Iterable[int] = range(self.n)
        if window.kan is None and self._ready_seats[:2] == (window.discarder, window.tile):
            seats = self._ready_seats[2]  # (only a ready hand can miss a win; claim_candidates found them)
        for seat in seats:
            if seat == window.discarder:
                continue
            answer = window.responses.get(seat)
            if answer is not None and answer.type is _A_RON:
                continue
            if window.kan is None:
                missed = self.ready(seat) and self.completes(seat, kind)
            else:
                missed = any(o.type is _A_RON for o in window.options.get(seat, ()))
            if missed:
                r = self.seats[seat]
                r.furiten_same_turn = True
                if r.riichi:
                    r.furiten_riichi = True

    def discard_passed(self, seat: int, tile: int, *, called: bool) -> bool:
        r = self.seats[seat]
        if r.riichi_pending:
            r.riichi_pending = False
            r.riichi = True
            r.ippatsu = True
            self.transfer(seat, None, self.rules.riichi_stick, "riichi_deposit")
            self.pot += 1
            self.riichi_count += 1
            self.emit("riichi", seat, {"double": r.double_riichi, "scores": list(self.scores)})
            if self.rules.abort_four_riichi and self.riichi_count == 4:
                self.end(self.abortive_draw("four_riichi"))
                return True
        if (
            self.rules.abort_four_winds
            and self.n == 4
            and not called
            and self.uninterrupted
            and all(len(q.discards) == 1 for q in self.players)
        ):
            firsts = {kind_of(q.discards[0].tile) for q in self.players}
            if len(firsts) == 1 and next(iter(firsts)) in WINDS:
                self.end(self.abortive_draw("four_winds"))
                return True
        if self.four_kans_pending:
            self.end(self.abortive_draw("four_kans"))
            return True
        return False

    # ------------------------------------------------------------------ kans
    def before_kan(self, seat: int) -> None:
        if self.rules.kan_dora and self.pending_dora:
            self.flush_pending_dora()

    def on_call(self, seat: int, meld: Meld) -> None:
        for r in self.seats:
            r.ippatsu = False
        if self.rules.pao and meld.from_seat is not None and meld.type in (_M_PON, _M_OPEN_KAN):
            self.check_pao(seat, meld)

    def check_pao(self, seat: int, meld: Meld) -> None:
        kinds = {m.kind for m in self.players[seat].melds if m.type is not _M_CHI}
        if meld.kind in DRAGONS and all(d in kinds for d in DRAGONS):
            self.pao[seat] = meld.from_seat if meld.from_seat is not None else seat
        if meld.kind in WINDS and all(w in kinds for w in WINDS):
            self.pao[seat] = meld.from_seat if meld.from_seat is not None else seat

    def on_kan(self, seat: int, meld: Meld) -> None:
        if len(self.kan_owners) == 4 and len(set(self.kan_owners)) > 1 and self.rules.abort_four_kans:
            self.four_kans_pending = True
        if not self.rules.kan_dora:
            return
        timing = self.rules.kan_dora_timing
        now = timing == "always_now" or (
            timing == "closed_now_open_after_discard" and meld.type is _M_CLOSED_KAN
        )
        if now:
            self.reveal_dora()
        else:
            self.pending_dora += 1

    # ------------------------------------------------------------------ wins
    def tsumo_win(self, seat: int) -> Win | None:
        p = self.players[seat]
        if p.drawn is None:
            return None
        if self._shanten_floor.get(seat, -1) >= 0 or self.shanten_of(seat) != -1:
            return None
        flags = self.riichi_flags(seat)
        if self.rinshan:
            flags.add("rinshan")
        elif self.wall.remaining == 0:
            flags.add("haitei")
        if self.first_turn(seat):
            flags.add("tenhou" if seat == self.ctx.dealer else "chiihou")
        return self.riichi_win(seat, seat, p.drawn, tuple(p.hand), flags, tsumo=True)

    def ron_win(
        self, seat: int, discarder: int, tile: int, *, robbing: bool, closed_kan: bool = False
    ) -> Win | None:
        p = self.players[seat]
        kind = kind_of(tile)
        if not self.completes(seat, kind) or self.is_furiten(seat):
            return None
        hand = (*p.hand, tile)
        if closed_kan:
            if not self.rules.kokushi_robs_closed_kan or p.melds:
                return None
            counts = tile_counts34(hand)
            if shanten(counts, sets=4, exposed=len(p.melds), forms=KOKUSHI_ONLY) != -1:
                return None
        flags = self.riichi_flags(seat)
        if robbing and not self.nuki_window:
            flags.add("chankan")
        elif self.wall.remaining == 0 and not robbing:
            flags.add("houtei")
        if self.rules.renhou != "none" and self.first_turn(seat) and seat != self.ctx.dealer:
            flags.add("renhou")
        return self.riichi_win(seat, discarder, tile, hand, flags, tsumo=False)

    def riichi_flags(self, seat: int) -> set[str]:
        r = self.seats[seat]
        flags: set[str] = set()
        if r.riichi:
            flags.add("double_riichi" if r.double_riichi else "riichi")
            if r.ippatsu:
                flags.add("ippatsu")
        return flags

    def riichi_win(
        self, seat: int, from_seat: int, tile: int, hand: tuple[int, ...], flags: set[str], *, tsumo: bool
    ) -> Win | None:
        p = self.players[seat]
        score = self.score(
            RiichiWin(
                concealed=hand,
                melds=tuple(p.melds),
                win_tile=tile,
                tsumo=tsumo,
                seat_wind=self.seat_wind(seat),
                round_wind=self.ctx.round_wind,
                flags=frozenset(flags),
                dora_indicators=tuple(self.dora_indicators()),
                ura_indicators=tuple(self.ura_indicators()) if self.rules.ura_dora else (),
                honba=self.ctx.honba,
                riichi_sticks=self.pot,
                players=self.n,
                nuki=self.nuki_count(seat),
            )
        )
        if not score.valid:
            return None
        if tsumo:
            self.tsumo_shares[seat] = (score.tsumo_dealer_payment, score.tsumo_payment)
        return self.make_win(
            seat,
            from_seat,
            tile,
            hand,
            points=score.points,
            value=score.han,
            fu=score.fu,
            items=[ScoreLine(i.key, i.name, i.value) for i in score.items],
            limit=score.limit,
        )

    def score(self, win: RiichiWin) -> RiichiScore:
        return score_riichi_win(win, self.rules)

    def choose_ron_winners(self, seats: list[int], discarder: int) -> list[int] | None:
        if len(seats) == 3 and self.rules.abort_triple_ron:
            return None
        return seats if self.rules.double_ron else seats[:1]

    # ------------------------------------------------------------ settlement
    def settle_wins(self, wins: list[Win], from_seat: int) -> HandResult:
        honba = self.ctx.honba
        per_honba = self.rules.honba_points
        for index, win in enumerate(wins):
            # with several winners, honba and sticks go to the first from the discarder (Tenhou)
            bonus = index == 0 or self.rules.multi_ron_bonus == "each_winner"
            self.pay_win(win, honba * per_honba if bonus else 0)
            if index == 0 and self.pot:
                self.transfer(None, win.seat, self.pot * self.rules.riichi_stick, "riichi_sticks")
        self.pot = 0
        dealer_won = any(w.seat == self.ctx.dealer for w in wins)
        return HandResult("win", tuple(wins), dealer_continues=dealer_won)

    def pay_win(self, win: Win, honba_total: int) -> None:
        """The payments of one win: the hand's points, then the honba, each a line of the ledger."""
        dealer = self.ctx.dealer
        seat = win.seat
        score_pts = win.points
        liable = self.pao.get(seat)
        liable_items = {"daisangen", "daisuushii", "Daisangen", "Dai Suushii"}
        if liable is not None and not any(i.key in liable_items or i.name in liable_items for i in win.items):
            liable = None
        if win.from_seat != seat:  # ron
            if liable is not None and liable != win.from_seat:
                half = score_pts // 2
                self.transfer(win.from_seat, seat, score_pts - half, "ron")
                self.transfer(liable, seat, half, "pao")
            else:
                self.transfer(win.from_seat, seat, score_pts, "ron")
            if honba_total:  # as many hundreds per honba as there are other seats
                self.transfer(win.from_seat, seat, honba_total * (self.n - 1) // 3, "honba")
            return
        if liable is not None:
            self.transfer(liable, seat, score_pts, "pao")
            if honba_total:
                self.transfer(liable, seat, honba_total * (self.n - 1) // 3, "honba")
            return
        each_honba = honba_total // 3
        dealer_share, share = self.tsumo_shares[seat]
        if seat == dealer:
            dealer_share = share
        for other in range(self.n):
            if other != seat:
                self.transfer(other, seat, dealer_share if other == dealer else share, "tsumo")
        if each_honba:
            for other in range(self.n):
                if other != seat:
                    self.transfer(other, seat, each_honba, "honba")

    def exhaustive_draw(self) -> HandResult:
        n = self.n
        tenpai = [s for s in range(n) if self.is_tenpai(s)]
        nagashi = [s for s in range(n) if self.rules.nagashi_mangan and self.is_nagashi(s)]
        reason = "exhaustive"
        if nagashi:
            reason = "nagashi_mangan"
            for s in nagashi:
                for o in range(n):
                    if o != s:
                        amount = 4000 if s == self.ctx.dealer or o == self.ctx.dealer else 2000
                        self.transfer(o, s, amount, "nagashi_mangan")
        elif 0 < len(tenpai) < n:
            pot = self.rules.tenpai_payment
            loss = pot // (n - len(tenpai))
            noten = [s for s in range(n) if s not in tenpai]
            # each noten seat pays its share; spread over the tenpai seats
            for s in noten:
                for t in tenpai:
                    self.transfer(s, t, loss // len(tenpai), "noten")
        continues = self.ctx.dealer in tenpai and self.rules.dealer_repeat_on_tenpai
        return HandResult("exhaustive_draw", reason=reason, tenpai=tuple(tenpai), dealer_continues=continues)

    def is_nagashi(self, seat: int) -> bool:
        p = self.players[seat]
        if not p.discards:
            return False
        return all(is_terminal_or_honor(kind_of(d.tile)) and d.claimed_by is None for d in p.discards)

    def abortive_draw(self, reason: str) -> HandResult:
        return HandResult("abortive_draw", reason=reason, dealer_continues=True)

    # ------------------------------------------------------------ settlement report
    def report_parts(self, result: HandResult) -> dict[str, Any]:
        parts: dict[str, Any] = {"dora_indicators": tuple(self.dora_indicators())}
        if self.rules.ura_dora and any(self.seats[w.seat].riichi for w in result.wins):
            parts["ura_indicators"] = tuple(self.ura_indicators())
        return parts

    def reading_of(self, win: Win) -> Decomposition | None:
        """The reading the yaku say was scored: seven pairs for chiitoitsu, triplets for toitoi and
        the like, runs for pinfu, iipeikou and the like (111222333 is either)."""
        counts = tile_counts34(win.hand)
        readings = self.shape.decompositions(counts, exposed=len(win.melds))
        if not readings:
            return None
        keys = {i.key for i in win.items}

        def fit(d: Decomposition) -> int:
            runs = sum(1 for g in d.groups if g.kind == "run")
            triplets = sum(1 for g in d.groups if g.kind == "triplet")
            score = 0
            if "chiitoitsu" in keys:
                score += 100 if d.form == "seven_pairs" else 0
            elif d.form == "seven_pairs":
                score -= 100
            score += runs * len(keys & RUN_YAKU) + triplets * len(keys & TRIPLET_YAKU)
            return score

        return max(readings, key=fit)


_PASS = Action(0, ActionType.PASS)  # the answer of a seat that gave none: only its type is read
