"""The hand flow every family shares: draw, discard, claims on the discard, kans with robbing and
replacement draws, wins and the end of the wall.

A family subclasses :class:`HandFlow` and fills in the hooks marked *family hook* (what a win is
worth, which discards are allowed, extra turn actions such as riichi, what happens when a discard
passes, how a draw is settled). The generic machine lives here once; a newcomer reads this file to
see how any hand runs, and the family's file to see what is particular to it.

The hand never validates actions itself: :class:`engine.game.game.Game` applies only actions that
:meth:`HandFlow.legal_actions` listed, so an illegal action never reaches these methods.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar, Final

from engine.analysis.decompose import Decomposition
from engine.analysis.shape import HandShape
from engine.game.actions import Action, ActionType
from engine.game.events import Event
from engine.game.observation import (
    DiscardView,
    MatchView,
    MeldView,
    Observation,
    PaymentView,
    SeatView,
    WinView,
    make_observation,
    make_seat_view,
)
from engine.game.state import Discard, HandResult, Payment, PlayerState, ScoreLine, Win
from engine.game.wall import Wall
from engine.melds import Meld, MeldType
from engine.messages import Message
from engine.tiles import WINDS, kind_of, tile_counts34

if TYPE_CHECKING:
    from engine.families.registry import FamilySpec
    from engine.rules.schema import Ruleset

# Enum members as module constants: compiled (mypyc), a Final name is a native static, where
# ``ActionType.DISCARD`` is a Python look-up through the enum's metaclass (hundreds of instructions);
# interpreted, a global is read quicker than an enum member too.
_A_ADDED_KAN: Final = ActionType.ADDED_KAN
_A_CHI: Final = ActionType.CHI
_A_CLOSED_KAN: Final = ActionType.CLOSED_KAN
_A_DISCARD: Final = ActionType.DISCARD
_A_OPEN_KAN: Final = ActionType.OPEN_KAN
_A_PASS: Final = ActionType.PASS
_A_PON: Final = ActionType.PON
_A_RIICHI: Final = ActionType.RIICHI
_A_RON: Final = ActionType.RON
_A_TSUMO: Final = ActionType.TSUMO


class Phase(StrEnum):
    SETUP = "setup"  # simultaneous decisions before play (Sichuan 换三张 / 定缺)
    TURN = "turn"  # ``turn`` must act: after a draw, or after a call (then only a discard)
    CLAIM = "claim"  # other seats answer the discard on the table
    ROB_KAN = "rob_kan"  # other seats may rob the kan being declared
    OVER = "over"


@dataclass(slots=True)
class HandContext:
    """What a hand needs from its match."""

    dealer: int
    round_wind: int  # kind 27..30
    honba: int
    pot: int  # sticks left on the table by earlier hands (riichi)
    scores: list[int]
    hand_index: int = 0
    players: int = 4


class DrawSource(StrEnum):
    WALL = "wall"  # the next tile from the front
    KAN = "kan"  # the replacement for a kan
    FLOWER = "flower"  # the replacement for a flower set aside (Lingxi)


_S_FLOWER: Final = DrawSource.FLOWER
_S_KAN: Final = DrawSource.KAN
_S_WALL: Final = DrawSource.WALL
_M_ADDED_KAN: Final = MeldType.ADDED_KAN
_M_CHI: Final = MeldType.CHI
_M_CLOSED_KAN: Final = MeldType.CLOSED_KAN
_M_OPEN_KAN: Final = MeldType.OPEN_KAN
_M_PON: Final = MeldType.PON
_P_CLAIM: Final = Phase.CLAIM
_P_OVER: Final = Phase.OVER
_P_ROB_KAN: Final = Phase.ROB_KAN
_P_SETUP: Final = Phase.SETUP
_P_TURN: Final = Phase.TURN


@dataclass(init=False, slots=True)
class ClaimWindow:
    discarder: int
    tile: int
    options: dict[int, list[Action]] = field(default_factory=dict)
    responses: dict[int, Action] = field(default_factory=dict)
    kan: Action | None = None  # for ROB_KAN: the kan being declared

    def __init__(
        self,
        discarder: int,
        tile: int,
        options: dict[int, list[Action]] | None = None,
        responses: dict[int, Action] | None = None,
        kan: Action | None = None,
    ) -> None:
        # (written out, not the dataclass's: compiled with mypyc, the generated one stays Python code)
        self.discarder = discarder
        self.tile = tile
        self.options = {} if options is None else options
        self.responses = {} if responses is None else responses
        self.kan = kan


class _KeptView:
    """A seat view made (:meth:`HandFlow.seat_view`) and the fields it was made from that change
    without :meth:`HandFlow.hand_changed` (a plain class: compiled, its typed fields compare natively)."""

    def __init__(
        self,
        changes: int,
        drawn: int | None,
        score: int,
        won: bool,
        lacking_suit: int | None,
        declared: bool,
        dead: bool,
        view: SeatView,
    ) -> None:
        self.changes = changes
        self.drawn = drawn
        self.score = score
        self.won = won
        self.lacking_suit = lacking_suit
        self.declared = declared
        self.dead = dead
        self.view = view


class HandFlow:
    """One hand of one family. Subclasses set ``family`` and override the hooks.

    What a complete hand is comes from the family's registry entry (:attr:`shape`, see
    :class:`~engine.analysis.shape.HandShape`); :meth:`shape_of` narrows it to one seat. ``scores``
    are the seats' points as they stand now (payments made during the hand included) and ``pot`` the
    sticks lying on the table; the core checks that their sum never changes."""

    family: ClassVar[str] = ""
    max_kans: ClassVar[int] = 4

    def __init__(self, rules: Ruleset, ctx: HandContext, wall: Wall, hands: Sequence[Sequence[int]]) -> None:
        from engine.families.registry import get_family

        self.rules = rules
        self.ctx = ctx
        self.wall = wall
        self.spec: FamilySpec = get_family(self.family)
        self.shape: HandShape = self.spec.hand_shape(rules)
        self.red_tiles: frozenset[int] = self.spec.red_tiles(rules)  # tiles that are a face of their own
        self.scores: list[int] = list(ctx.scores)
        self.pot = ctx.pot  # sticks on the table
        self.payments: list[Payment] = []  # every payment of the hand, in order (the ledger)
        self.payments_in_play: int | None = None  # how many were made before the settlement began
        self.players = [PlayerState(hand=list(h)) for h in hands]
        self.n = len(self.players)  # seats (asked on every path of the machine: an attribute)
        self.phase = _P_TURN
        self.turn = ctx.dealer
        self.after_call = False  # the current turn follows a chi/pon: only a discard
        self.forbidden_kinds: frozenset[int] = frozenset()  # kuikae after a call
        self.rinshan = False  # the current turn's tile is a replacement draw
        self.draw_source = _S_WALL  # where the current turn's tile came from
        self.discard_after_kan = False  # the discard on the table was made after a replacement draw
        self.uninterrupted = True  # no call (kans included) yet this hand
        self.window: ClaimWindow | None = None
        self.latest_discard: tuple[int, int] | None = None  # (seat, tile) of the hand's last discard
        self.kan_owners: list[int] = []
        self.result: HandResult | None = None
        self.wins: list[Win] = []  # wins settled while the hand plays on (Sichuan 血战)
        self.win_ledger_starts: list[int] = []  # per declared win, where its payments begin in the ledger
        self.events: list[Event] = []
        self._waits_cache: dict[int, frozenset[int]] = {}
        self._completes_cache: dict[int, dict[int, bool]] = {}
        self._counts_cache: dict[int, list[int]] = {}
        self._hand_counts: dict[int, list[int]] = {}
        # what every observation shows of a seat's pond and melds, kept between observations
        # (:meth:`pond_views`, :meth:`meld_views`)
        self._pond_views: dict[int, tuple[DiscardView, ...]] = {}
        self._meld_views: dict[int, tuple[list[Meld], tuple[MeldView, ...]]] = {}
        # the seat views last made (:meth:`seat_view`): per seat and whether its owner looked, what they
        # were made from, the view, and the owner's hand as it was
        self._seat_views: list[_KeptView | None] = [None] * (2 * len(hands))  # per seat: 2 * seat + own
        self._changes = [0] * len(hands)  # per seat, how many times :meth:`hand_changed` said so
        self._shapes: dict[int, tuple[list[Meld], Any, Any, HandShape]] = {}
        self._payment_views: tuple[PaymentView, ...] = ()
        self.stick_points = self.spec.stick_points(rules)  # what one stick on the table is worth
        self.absent_kinds: tuple[int, ...] = _absent_kinds(self.spec.tiles, self.spec.tiles_for(rules))

    # ----------------------------------------------------------------- queries
    def seat_wind(self, seat: int) -> int:
        """The seat's wind: East for the dealer, then South, West (and North with four players)."""
        return WINDS[(seat - self.ctx.dealer) % self.n]

    def next_seat(self, seat: int) -> int:
        """The next seat in turn order that is still in play."""
        for step in range(1, self.n + 1):
            cand = (seat + step) % self.n
            if not self.players[cand].won:
                return cand
        return seat

    def pending_seats(self) -> list[int]:
        """Seats whose decision the hand waits for."""
        if self.phase is _P_TURN:
            return [self.turn]
        if self.phase in (_P_CLAIM, _P_ROB_KAN) and self.window is not None:
            return [s for s in sorted(self.window.options) if s not in self.window.responses]
        if self.phase is _P_SETUP:
            return self.setup_pending()
        return []

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase is _P_TURN:
            return self.turn_actions() if seat == self.turn else []
        if self.phase in (_P_CLAIM, _P_ROB_KAN) and self.window is not None:
            if seat in self.window.responses:
                return []
            return list(self.window.options.get(seat, []))
        if self.phase is _P_SETUP:
            return self.setup_actions(seat)
        return []

    def concealed_counts(self, seat: int) -> list[int]:
        return tile_counts34(self.players[seat].hand)

    def shape_of(self, seat: int) -> HandShape:
        """What a complete hand is for ``seat`` now: the family's shape with its melds, and the
        family's own narrowing (:meth:`dead_kinds`, :meth:`wild_kinds`)."""
        p = self.players[seat]
        dead = self.dead_kinds(seat)
        wild = self.wild_kinds()
        kept = self._shapes.get(seat)  # the last answer, while its melds and the hooks' answers hold
        if kept is not None and kept[0] == p.melds and kept[1] == dead and kept[2] == wild:
            return kept[3]
        shape = self.shape.for_seat(
            exposed=len(p.melds),
            meld_suits={m.kind // 9 for m in p.melds if m.kind < 27},
            dead_kinds=dead,
            wild_kinds=wild,
        )
        self._shapes[seat] = (list(p.melds), dead, wild, shape)
        return shape

    def check_kept(self) -> str | None:  # family hook (a family's own calls this one)
        """What the hand keeps between decisions that no longer fits the hand (None: nothing), for
        :meth:`Game.verify <engine.game.game.Game.verify>`: here the counts of each hand (kept
        across draws and discards by adding and taking one)."""
        for seat, counts in self._hand_counts.items():
            if counts != tile_counts34(self.players[seat].hand):
                return f"seat {seat}: kept counts differ from the hand's"
        return None

    def dead_kinds(self, seat: int) -> Iterable[int]:  # family hook
        """Kinds no win of ``seat`` may hold (Sichuan: the declared lacking suit)."""
        return ()

    def wild_kinds(self) -> Iterable[int] | None:  # family hook
        """Kinds that are wild this hand (Lingxi 财神); None: the family's shape says."""
        return None

    def waits_of(self, seat: int) -> frozenset[int]:
        """Kinds that complete ``seat``'s hand (by shape), for a hand waiting for one tile."""
        cached = self._waits_cache.get(seat)
        if cached is None:
            cached = self.compute_waits(seat)
            self._waits_cache[seat] = cached
        return cached

    def hand_changed(self, seat: int) -> None:
        """``seat``'s concealed hand, melds, pond or flowers changed: what was kept of them is gone."""
        self._changes[seat] += 1
        # (``if in: del`` rather than ``pop(seat, None)``: compiled, a method call by name otherwise)
        if seat in self._waits_cache:
            del self._waits_cache[seat]
        if seat in self._completes_cache:
            del self._completes_cache[seat]
        if seat in self._counts_cache:
            del self._counts_cache[seat]
        if seat in self._hand_counts:
            del self._hand_counts[seat]

    def hand_counts(self, seat: int) -> list[int]:
        """Counts by kind of ``seat``'s concealed tiles (kept until its hand changes: not to be changed
        by the caller)."""
        counts = self._hand_counts.get(seat)
        if counts is None:
            counts = self._hand_counts[seat] = tile_counts34(self.players[seat].hand)
        return counts

    def callable_counts(self, seat: int) -> list[int]:
        """Counts by kind of the tiles ``seat`` may call with (cached until its hand changes)."""
        counts = self._counts_cache.get(seat)
        if counts is None:
            counts = self._counts_cache[seat] = tile_counts34(self.callable_tiles(seat))
        return counts

    def completes(self, seat: int, kind: int) -> bool:
        """Whether one more tile of ``kind`` completes ``seat``'s hand by shape (cached)."""
        known = self._completes_cache.setdefault(seat, {})
        answer = known.get(kind)
        if answer is None:
            answer = known[kind] = self.compute_completes(seat, kind)
        return answer

    # ------------------------------------------------------------ turn actions
    def turn_actions(self) -> list[Action]:
        seat = self.turn
        if self.after_call:
            return simple_actions(seat, _A_DISCARD, self.discard_choices(seat))
        actions: list[Action] = []
        p = self.players[seat]
        if p.drawn is not None and self.tsumo_win(seat) is not None:
            actions.append(Action(seat, _A_TSUMO, tile=p.drawn))
        actions.extend(simple_actions(seat, _A_DISCARD, self.discard_choices(seat)))
        actions.extend(self.kan_actions(seat))
        actions.extend(self.extra_turn_actions(seat))
        return actions

    def kan_actions(self, seat: int) -> list[Action]:
        """Closed and added kans the seat may declare now."""
        p = self.players[seat]
        counts = self.callable_counts(seat)  # (the counts of the callable tiles, kept until the hand changes)
        pon_kinds = {m.kind for m in p.melds if m.type is _M_PON} if p.melds else ()
        if 4 not in counts and not any(counts[k] for k in pon_kinds):
            return []  # (most hands hold no four of a kind, nor a tile of a pon's kind)
        if len(self.kan_owners) >= self.max_kans or not self.can_declare_kan(seat):
            return []
        usable = self.callable_tiles(seat)
        out: list[Action] = []
        if 4 in counts:  # (most hands hold no four of a kind)
            for kind in range(34):
                if counts[kind] == 4 and self.closed_kan_allowed(seat, kind):
                    tiles = tuple(sorted(t for t in usable if kind_of(t) == kind))
                    out.append(Action(seat, _A_CLOSED_KAN, tiles=tiles))
        if pon_kinds:
            for t in usable:
                if kind_of(t) in pon_kinds and self.added_kan_allowed(seat, t):
                    out.append(Action(seat, _A_ADDED_KAN, tile=t))
        return out

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action) -> None:
        """Apply a legal action (the Game checked it)."""
        t = action.type
        if self.phase is _P_SETUP:
            self.apply_setup(action)
            return
        if self.phase is _P_TURN:
            if t in (_A_DISCARD, _A_RIICHI):
                assert action.tile is not None
                self.discard(action.seat, action.tile, riichi=t is _A_RIICHI)
            elif t is _A_TSUMO:
                self.declare_tsumo(action.seat)
            elif t in (_A_CLOSED_KAN, _A_ADDED_KAN):
                self.declare_own_kan(action)
            else:
                self.apply_extra_turn_action(action)
            return
        assert self.window is not None
        self.window.responses[action.seat] = action
        if self.phase is _P_CLAIM and action.type is _A_RON:
            self.on_ron_chosen(action)
        if not self.pending_seats():
            if self.phase is _P_CLAIM:
                self.resolve_claims()
            else:
                self.resolve_rob()

    # ---------------------------------------------------------------- drawing
    def draw(self, seat: int, source: DrawSource = _S_WALL) -> None:
        """``seat`` draws from ``source``; a bonus tile (:meth:`set_aside_on_draw`) is set aside and
        replaced at once."""
        self.before_draw(seat, source)
        tile = self.wall.draw() if source is _S_WALL else self.wall.draw_replacement()
        p = self.players[seat]
        p.hand.append(tile)
        p.drawn = tile
        counts = self._hand_counts.get(seat)
        self.hand_changed(seat)
        if counts is not None and tile < 136:  # the counts kept, one more of the tile's kind
            counts = self._hand_counts[seat] = counts.copy()
            counts[tile >> 2] += 1
        self.turn = seat
        self.phase = _P_TURN
        self.after_call = False
        self.forbidden_kinds = _NO_KINDS
        self.rinshan = source is _S_KAN
        self.draw_source = source
        info = {"replacement": source is not _S_WALL, **self.draw_info(source)}
        self.emit("draw", seat, info, {"tile": tile})
        if self.set_aside_on_draw(seat, tile):
            p.hand.remove(tile)
            p.flowers.append(tile)
            p.drawn = None
            self.hand_changed(seat)
            self.emit("flower", seat, {"tile": tile, "round": 0})
            self.draw(seat, _S_FLOWER)
            return
        self.after_draw(seat, tile)

    # -------------------------------------------------------------- discarding
    def discard(self, seat: int, tile: int, *, riichi: bool = False) -> None:
        p = self.players[seat]
        tsumogiri = tile == p.drawn
        p.hand.remove(tile)
        p.drawn = None
        p.discards.append(Discard(tile, tsumogiri, riichi))
        self.latest_discard = (seat, tile)
        counts = self._hand_counts.get(seat)
        self.hand_changed(seat)
        if counts is not None and tile < 136:  # the counts kept, one fewer of the tile's kind
            counts = self._hand_counts[seat] = counts.copy()
            counts[tile >> 2] -= 1
        self.after_call = False
        self.forbidden_kinds = _NO_KINDS
        self.discard_after_kan = self.rinshan  # 杠上炮: the discard follows a replacement draw
        self.rinshan = False
        self.before_discard_claims(seat, tile, riichi)
        self.emit("discard", seat, {"tile": tile, "tsumogiri": tsumogiri, "riichi": riichi})
        self.open_claims(seat, tile)

    def open_claims(self, seat: int, tile: int) -> None:
        window = ClaimWindow(seat, tile)
        for other in self.claim_candidates(seat, tile):
            options = self.claim_options(other, seat, tile)
            if options:
                options.append(simple_action(other, _A_PASS))
                window.options[other] = options
        self.window = window
        if window.options:
            self.phase = _P_CLAIM
        else:
            self.resolve_claims()

    def claim_candidates(self, discarder: int, tile: int) -> list[int]:  # family hook
        """The seats, in seat order, that may have an answer to ``discarder``'s discard of ``tile``:
        the others still in play. A family may leave out seats whose :meth:`claim_options` it knows
        to be empty (riichi: no ready hand and nothing to call with)."""
        players = self.players
        return [s for s in range(self.n) if s != discarder and not players[s].won]

    def claim_options(self, seat: int, discarder: int, tile: int) -> list[Action]:
        out: list[Action] = []
        if self.ron_win(seat, discarder, tile, robbing=False) is not None:
            out.append(Action(seat, _A_RON, tile=tile))
        if self.wall.remaining <= 0 or not self.can_call(seat, discarder):
            return out
        kind = kind_of(tile)
        counts = self.callable_counts(seat)
        chi_seat = kind < 27 and seat == self.next_seat(discarder) and self.chi_enabled()
        if counts[kind] < 2 and not chi_seat:
            return out  # the common case: nothing to call (no list is built)
        same = sorted(t for t in self.callable_tiles(seat) if kind_of(t) == kind) if counts[kind] >= 2 else []
        for pair in _distinct_subsets(same, 2, self.red_tiles):
            if self.call_allowed(seat, _A_PON, tile, pair):
                out.append(Action(seat, _A_PON, tile=tile, tiles=pair))
        if (
            len(same) >= 3
            and len(self.kan_owners) < self.max_kans
            and self.call_allowed(seat, _A_OPEN_KAN, tile, tuple(same[:3]))
        ):
            out.append(Action(seat, _A_OPEN_KAN, tile=tile, tiles=tuple(same[:3])))
        if chi_seat:
            out.extend(self.chi_options(seat, tile))
        return out

    def chi_options(self, seat: int, tile: int) -> list[Action]:
        kind = kind_of(tile)
        num = kind % 9
        counts = self.callable_counts(seat)
        below = counts[kind - 1] if num >= 1 else 0
        above = counts[kind + 1] if num <= 7 else 0
        if not (
            (below and (above or (num >= 2 and counts[kind - 2])))
            or (above and num <= 6 and counts[kind + 2])
        ):
            return []  # no run can take this tile: it needs k-2 k-1, k-1 k+1 or k+1 k+2
        by_kind: dict[int, list[int]] = {}
        for t in self.callable_tiles(seat):
            by_kind.setdefault(kind_of(t), []).append(t)
        out: list[Action] = []
        for lo in (num - 2, num - 1, num):
            if lo < 0 or lo + 2 > 8:
                continue
            need = [kind - num + lo + i for i in range(3) if lo + i != num]
            if not all(k in by_kind for k in need):
                continue
            for a in _distinct_choices(by_kind[need[0]], self.red_tiles):
                for b in _distinct_choices(by_kind[need[1]], self.red_tiles):
                    own = (a, b)
                    if self.call_allowed(seat, _A_CHI, tile, own):
                        out.append(Action(seat, _A_CHI, tile=tile, tiles=own))
        return out

    def resolve_claims(self) -> None:
        window = self.window
        assert window is not None
        responses = window.responses
        if responses:
            rons = [s for s in self.order_from(window.discarder) if responses.get(s, _PASS).type is _A_RON]
        else:  # nobody had anything to answer (the common case)
            rons = []
        self.after_claim_answers(window)
        if rons:
            self.window = None
            self.settle_rons(rons, window)
            return
        call = (
            next(
                (a for a in responses.values() if a.type in (_A_PON, _A_OPEN_KAN)),
                next((a for a in responses.values() if a.type is _A_CHI), None),
            )
            if responses
            else None
        )
        self.window = None
        ended = self.discard_passed(window.discarder, window.tile, called=call is not None)
        if ended:
            return
        if call is not None:
            self.make_call(call, window.discarder)
            return
        if self.wall.remaining <= 0:
            self.begin_settlement()
            self.end(self.exhaustive_draw())
            return
        self.draw(self.next_seat(window.discarder))

    def order_from(self, seat: int) -> list[int]:
        """The other seats in turn order after ``seat``."""
        return [(seat + i) % self.n for i in range(1, self.n)]

    def make_call(self, call: Action, discarder: int) -> None:
        assert call.tile is not None
        seat = call.seat
        p = self.players[seat]
        for t in call.tiles:
            p.hand.remove(t)
        self.players[discarder].discards[-1].claimed_by = seat
        self._changes[discarder] += 1  # (its pond changed)
        mtype = {_A_CHI: _M_CHI, _A_PON: _M_PON, _A_OPEN_KAN: _M_OPEN_KAN}[call.type]
        meld = Meld(mtype, tuple(sorted((*call.tiles, call.tile))), called=call.tile, from_seat=discarder)
        p.melds.append(meld)
        self.hand_changed(seat)
        self.uninterrupted = False
        self.on_call(seat, meld)
        self.emit("call", seat, {"meld": meld_json(meld)})
        self.turn = seat
        if mtype is _M_OPEN_KAN:
            self.kan_owners.append(seat)
            self.on_kan(seat, meld)
            self.draw(seat, _S_KAN)
            return
        self.phase = _P_TURN
        self.after_call = True
        self.rinshan = False
        self.forbidden_kinds = self.kuikae_kinds(call)

    # ------------------------------------------------------------------- kans
    def declare_own_kan(self, action: Action) -> None:
        seat = action.seat
        self.before_kan(seat)
        if action.type is _A_ADDED_KAN:
            assert action.tile is not None
            options = self.rob_options(seat, action.tile, closed=False)
        else:
            options = self.rob_options(seat, action.tiles[0], closed=True)
        self.emit(
            "kan_declared", seat, {"type": action.type.value, "tiles": list(action.tiles or (action.tile,))}
        )
        if options:
            tile = action.tile if action.tile is not None else action.tiles[0]
            self.window = ClaimWindow(seat, tile, options=options, kan=action)
            self.phase = _P_ROB_KAN
            return
        self.complete_kan(action)

    def rob_options(self, seat: int, tile: int, *, closed: bool) -> dict[int, list[Action]]:
        out: dict[int, list[Action]] = {}
        for other in self.order_from(seat):
            if self.players[other].won:
                continue
            if self.ron_win(other, seat, tile, robbing=True, closed_kan=closed) is not None:
                out[other] = [Action(other, _A_RON, tile=tile), Action(other, _A_PASS)]
        return out

    def resolve_rob(self) -> None:
        window = self.window
        assert window is not None and window.kan is not None
        rons = [s for s in self.order_from(window.discarder) if window.responses.get(s, _PASS).type is _A_RON]
        self.after_claim_answers(window)
        self.window = None
        if rons:
            self.settle_rons(rons, window)
            return
        self.complete_kan(window.kan)

    def complete_kan(self, action: Action) -> None:
        seat = action.seat
        p = self.players[seat]
        if action.type is _A_ADDED_KAN:
            assert action.tile is not None
            kind = kind_of(action.tile)
            idx = next(i for i, m in enumerate(p.melds) if m.type is _M_PON and m.kind == kind)
            pon = p.melds[idx]
            p.hand.remove(action.tile)
            meld = Meld(
                _M_ADDED_KAN,
                tuple(sorted((*pon.tiles, action.tile))),
                called=pon.called,
                from_seat=pon.from_seat,
                added=action.tile,
            )
            p.melds[idx] = meld
        else:
            for t in action.tiles:
                p.hand.remove(t)
            meld = Meld(_M_CLOSED_KAN, tuple(sorted(action.tiles)))
            p.melds.append(meld)
        p.drawn = None
        self.hand_changed(seat)
        self.uninterrupted = False
        self.kan_owners.append(seat)
        self.on_call(seat, meld)
        self.emit("kan", seat, {"meld": meld_json(meld)})
        self.on_kan(seat, meld)
        self.draw(seat, _S_KAN)

    # ------------------------------------------------------------------- wins
    def declare_tsumo(self, seat: int) -> None:
        win = self.tsumo_win(seat)
        assert win is not None
        self.declare_wins([win], from_seat=seat, window=None)

    def settle_rons(self, seats: list[int], window: ClaimWindow) -> None:
        """Seats (in turn order from the discarder) declared a win in the closed claim ``window`` on a
        discard, or on the tile of the kan ``window.kan`` they rob."""
        discarder, tile, robbing = window.discarder, window.tile, window.kan is not None
        chosen = self.choose_ron_winners(seats, discarder)
        if chosen is None:  # the ruleset ends the hand instead (e.g. triple ron abortive draw)
            self.end(self.abortive_draw("triple_ron"))
            return
        wins: list[Win] = []
        for s in chosen:
            w = self.ron_win(s, discarder, tile, robbing=robbing, closed_kan=False)
            if w is None:  # closed-kan robbing needs the kokushi path
                w = self.ron_win(s, discarder, tile, robbing=True, closed_kan=True)
            assert w is not None
            wins.append(w)
        self.declare_wins(wins, from_seat=discarder, window=window)

    def make_win(
        self,
        seat: int,
        from_seat: int,
        tile: int,
        hand: Sequence[int],
        *,
        points: int,
        value: int,
        items: Sequence[ScoreLine],
        fu: int = 0,
        limit: str = "",
        reading: Decomposition | None = None,
    ) -> Win:
        """A win of ``seat`` on ``tile`` (from ``from_seat``; itself for a self-draw) with the concealed
        ``hand`` (the winning tile included), worth ``value`` in the family's unit and ``points`` to
        each payer."""
        return Win(
            seat=seat,
            from_seat=from_seat,
            tile=tile,
            points=points,
            han=value,
            fu=fu,
            items=tuple(items),
            hand=tuple(hand),
            melds=tuple(self.players[seat].melds),
            limit=limit,
            reading=reading,
        )

    def transfer(
        self,
        payer: int | None,
        payee: int | None,
        amount: int,
        reason: str,
        details: Sequence[tuple[str, int]] = (),
    ) -> Payment:
        """Move points now (``None``: the table) and record the payment in the hand's ledger. Every
        point a hand moves goes through here, so the result's payments are the whole ledger."""
        if payer is not None:
            self.scores[payer] -= amount
        if payee is not None:
            self.scores[payee] += amount
        payment = Payment(payer, payee, amount, reason, tuple(details))
        self.payments.append(payment)
        return payment

    def begin_settlement(self) -> None:
        """Payments from now on settle the end of the hand (the ones before were made in play)."""
        if self.payments_in_play is None:
            self.payments_in_play = len(self.payments)

    def end(self, result: HandResult) -> None:
        """End the hand. Its payments are the ledger of the whole hand (:meth:`transfer`) and its
        score changes their sum, whatever the family put there."""
        self.begin_settlement()
        result = dataclasses.replace(
            result,
            payments=tuple(self.payments),
            score_changes=tuple(self.scores[s] - self.ctx.scores[s] for s in range(self.n)),
        )
        self.result = result
        self.phase = _P_OVER
        self.window = None
        self.emit("hand_end", None, {"result": result.to_json()})

    # ------------------------------------------------------------------ events
    def emit(
        self, kind: str, seat: int | None, data: dict[str, Any], private: dict[str, Any] | None = None
    ) -> None:
        self.events.append(Event.made(kind, seat, data, private))

    # ----------------------------------------------------------- family hooks
    def setup_pending(self) -> list[int]:  # family hook
        return []

    def setup_actions(self, seat: int) -> list[Action]:  # family hook
        return []

    def apply_setup(self, action: Action) -> None:  # family hook
        raise NotImplementedError(f"{self.family} has no set-up phase")

    def compute_waits(self, seat: int) -> frozenset[int]:  # family hook
        raise NotImplementedError

    def compute_completes(self, seat: int, kind: int) -> bool:  # family hook
        """Whether one more ``kind`` completes the hand; by default from the waits."""
        return kind in self.waits_of(seat)

    def discard_choices(self, seat: int) -> list[int]:  # family hook
        """Tiles ``seat`` may discard now (one entry per physical tile)."""
        p = self.players[seat]
        return [t for t in p.hand if kind_of(t) not in self.forbidden_kinds]

    def extra_turn_actions(self, seat: int) -> list[Action]:  # family hook
        return []

    def apply_extra_turn_action(self, action: Action) -> None:  # family hook
        raise NotImplementedError(action.type)

    def before_draw(self, seat: int, source: DrawSource) -> None:  # family hook
        return None

    def draw_info(self, source: DrawSource) -> dict[str, Any]:  # family hook
        """What the draw event says of the wall after a draw from ``source``."""
        return {"wall": self.wall.remaining}

    def set_aside_on_draw(self, seat: int, tile: int) -> bool:  # family hook
        """Whether the drawn ``tile`` is a bonus tile set aside and replaced at once (Lingxi flowers)."""
        return False

    def after_draw(self, seat: int, tile: int) -> None:  # family hook
        return None

    def can_declare_kan(self, seat: int) -> bool:  # family hook
        return self.wall.remaining > 0 and self.wall.replacements_left > 0

    def closed_kan_allowed(self, seat: int, kind: int) -> bool:  # family hook
        return True

    def added_kan_allowed(self, seat: int, tile: int) -> bool:  # family hook
        return True

    def can_call(self, seat: int, discarder: int) -> bool:  # family hook
        return True

    def chi_enabled(self) -> bool:  # family hook
        return True

    def call_allowed(self, seat: int, kind: ActionType, tile: int, own: tuple[int, ...]) -> bool:  # hook
        return True

    def callable_tiles(self, seat: int) -> list[int]:  # family hook
        """Hand tiles that may be used to chi, pon or kan (Lingxi: not the 财神)."""
        return self.players[seat].hand

    def kuikae_kinds(self, call: Action) -> frozenset[int]:  # family hook
        return frozenset()

    def before_discard_claims(self, seat: int, tile: int, riichi: bool) -> None:  # family hook
        return None

    def on_ron_chosen(self, action: Action) -> None:  # family hook
        return None

    def after_claim_answers(self, window: ClaimWindow) -> None:  # family hook
        """Called once every seat has answered (furiten bookkeeping for those who passed a win)."""
        return None

    def discard_passed(self, seat: int, tile: int, *, called: bool) -> bool:  # family hook
        """The discard was not won on. Return True when this ends the hand (the hook ended it)."""
        return False

    def on_call(self, seat: int, meld: Meld) -> None:  # family hook
        return None

    def before_kan(self, seat: int) -> None:  # family hook
        return None

    def on_kan(self, seat: int, meld: Meld) -> None:  # family hook
        return None

    def tsumo_win(self, seat: int) -> Win | None:  # family hook
        raise NotImplementedError

    def ron_win(
        self, seat: int, discarder: int, tile: int, *, robbing: bool, closed_kan: bool = False
    ) -> Win | None:  # family hook
        raise NotImplementedError

    def choose_ron_winners(self, seats: list[int], discarder: int) -> list[int] | None:  # family hook
        """Which of the seats that declared a win on one tile (in turn order from the discarder)
        win; None ends the hand as an abortive draw instead."""
        return seats[:1]

    def declare_wins(self, wins: list[Win], from_seat: int, window: ClaimWindow | None) -> None:
        """Wins were declared: note where their payments begin in the ledger (the settlement report
        shows each win beside its payments), then let the family handle them."""
        self.win_ledger_starts.extend(len(self.payments) for _ in wins)
        self.handle_wins(wins, from_seat, window)

    def handle_wins(self, wins: list[Win], from_seat: int, window: ClaimWindow | None) -> None:  # family hook
        """Wins were declared: a self-draw (``window`` None), or wins on one discard or robbed kan, in
        the claim ``window`` that has just closed (``window.kan``: the robbed kan, else None). By
        default the hand ends and is settled; a family where play goes on (Sichuan 血战) records them
        and continues."""
        self.begin_settlement()
        self.end(self.settle_wins(wins, from_seat=from_seat))

    def settle_wins(self, wins: list[Win], from_seat: int) -> HandResult:  # family hook
        raise NotImplementedError

    def exhaustive_draw(self) -> HandResult:  # family hook
        raise NotImplementedError

    def abortive_draw(self, reason: str) -> HandResult:  # family hook
        raise NotImplementedError

    def discard_refusal(self, seat: int, tile: int) -> Message | None:  # family hook
        """Why ``seat``, whose turn it is, may not discard ``tile`` from its hand now (None: it may).
        The game asks this only of tiles :meth:`discard_choices` left out."""
        if kind_of(tile) in self.forbidden_kinds:
            return Message.of("refusal.kuikae")
        return None

    def win_refusal(self, seat: int, tile: int, *, self_draw: bool) -> Message:  # family hook
        """Why ``tile``, which completes ``seat``'s hand by shape, is not a win now."""
        return Message.of("win.minimum")

    def analysis_warnings(self, seat: int) -> list[Message]:  # family hook
        """Warnings for the practice analysis of ``seat`` (riichi: an open ready hand without a yaku)."""
        return []

    def declared(self, seat: int) -> bool:  # family hook
        """Whether the seat has declared ready (riichi)."""
        return False

    def is_dead(self, seat: int) -> bool:  # family hook
        """Whether the seat's hand is dead (it plays on but cannot win)."""
        return False

    def observation_parts(self, seat: int | None) -> dict[str, Any]:  # family hook
        """The family's parts of an observation (:class:`~engine.game.observation.Observation`
        fields: ``dora_indicators``, ``dice``, ``wild``, ``wall``, ``setup``, ``furiten``,
        ``notices``, ``fouls``)."""
        return {}

    def report_parts(self, result: HandResult) -> dict[str, Any]:  # family hook
        """The family's parts of the hand's :class:`~engine.game.settlement.SettlementReport`:
        ``dora_indicators``, ``ura_indicators``, ``notes``, and ``seat_values`` (per seat: its value,
        its final value and its items, for families that score every seat)."""
        return {}

    def reading_of(self, win: Win) -> Decomposition | None:  # family hook
        """How a win's concealed tiles group into sets (when the scorer did not say)."""
        counts, wilds = self.shape.for_seat(
            exposed=len(win.melds), wild_kinds=self.current_wild_kinds()
        ).split(win.hand)
        readings = self.shape.decompositions(counts, wilds, exposed=len(win.melds))
        return readings[0] if readings else None

    def current_wild_kinds(self) -> frozenset[int]:
        kinds = self.wild_kinds()
        return self.shape.wild_kinds if kinds is None else frozenset(kinds)

    # ------------------------------------------------------------ observation
    def observe(
        self, seat: int | None, match: MatchView, legal: Sequence[Action], *, over: bool
    ) -> Observation:
        """What ``seat`` sees of the hand (None: a spectator)."""
        seats = self.seat_views(seat)
        window = self.window
        if self.phase is _P_TURN:
            pending = seat is not None and seat == self.turn
        else:
            pending = seat is not None and seat in self.pending_seats()
        ctx = self.ctx
        return make_observation(
            self.spec.name,
            seat,
            match,
            over,
            self.phase._value_,
            self.turn,
            ctx.dealer,
            ctx.round_wind,
            ctx.honba,
            self.pot,
            self.stick_points,
            self.wall.remaining,
            seats,
            (window.discarder, window.tile) if window is not None else None,
            self.latest_in_pond(),
            pending,
            tuple(legal) if pending else (),
            self.shape_of(seat) if seat is not None else None,
            tuple(self.win_view(w) for w in self.wins) if self.wins else (),
            self.payment_views(),
            self.absent_kinds,
            self.observation_parts(seat),
        )

    def payment_views(self) -> tuple[PaymentView, ...]:
        """The hand's payments as the observations show them (the ledger only grows: extended)."""
        kept = self._payment_views
        if len(kept) != len(self.payments):
            kept = self._payment_views = kept + tuple(
                PaymentView(p.payer, p.payee, p.amount, p.reason) for p in self.payments[len(kept) :]
            )
        return kept

    def latest_in_pond(self) -> tuple[int, int] | None:
        """(seat, tile) of the hand's last discard while it still lies in its pond (not called away)."""
        if self.latest_discard is None:
            return None
        seat, tile = self.latest_discard
        pond = self.players[seat].discards
        if pond and pond[-1].tile == tile and pond[-1].claimed_by is None:  # the common case
            return self.latest_discard
        return self.latest_discard if any(d.tile == tile and d.claimed_by is None for d in pond) else None

    def seat_views(self, viewer: int | None) -> tuple[SeatView, ...]:
        """Every seat as ``viewer`` sees it (:meth:`seat_view` of each, in one loop)."""
        changes = self._changes
        scores = self.scores
        kept_views = self._seat_views
        out = []
        for s, p in enumerate(self.players):
            declared = self.declared(s)
            dead = self.is_dead(s)
            kept = kept_views[2 * s + (s == viewer)]
            if (
                kept is not None
                and kept.changes == changes[s]
                and kept.drawn == p.drawn
                and kept.score == scores[s]
                and kept.won == p.won
                and kept.lacking_suit == p.lacking_suit
                and kept.declared == declared
                and kept.dead == dead
            ):
                out.append(kept.view)
            else:
                out.append(self._new_seat_view(s, viewer, declared, dead))
        return tuple(out)

    def seat_view(self, s: int, viewer: int | None) -> SeatView:
        """Seat ``s`` as ``viewer`` sees it. The view made last time for the same seat, as its owner
        or as another seat sees it, is given again while nothing it shows can have changed: the seat's
        hand, melds, pond and flowers change only with :meth:`hand_changed` (counted per seat; a
        discard called away counts for its pond), and the other fields are compared here.
        :meth:`Game.verify <engine.game.game.Game.verify>` holds the views given to views built
        afresh."""
        return self.seat_views(viewer)[s]

    def _new_seat_view(self, s: int, viewer: int | None, declared: bool, dead: bool) -> SeatView:
        """Seat ``s`` as ``viewer`` sees it, made and kept with what it was made from (:meth:`seat_view`)."""
        p = self.players[s]
        own = s == viewer
        view = make_seat_view(
            s,
            tuple(sorted(p.hand)) if own else None,
            p.drawn if own else None,
            len(p.hand),
            self.meld_views(s) if p.melds else (),
            self.pond_views(s),
            tuple(p.flowers) if p.flowers else (),
            self.scores[s],
            self.seat_wind(s),
            p.won,
            declared,
            p.lacking_suit,
            dead,
        )
        self._seat_views[2 * s + own] = _KeptView(
            self._changes[s], p.drawn, self.scores[s], p.won, p.lacking_suit, declared, dead, view
        )
        return view

    def fresh_seat_view(self, s: int, viewer: int | None) -> SeatView:
        """Seat ``s`` as ``viewer`` sees it, built afresh (what :meth:`seat_view` must give)."""
        p = self.players[s]
        own = s == viewer
        return SeatView(
            seat=s,
            hand=tuple(sorted(p.hand)) if own else None,
            drawn=p.drawn if own else None,
            hand_count=len(p.hand),
            melds=tuple(meld_view(m) for m in p.melds),
            discards=tuple(DiscardView(d.tile, d.tsumogiri, d.sideways, d.claimed_by) for d in p.discards),
            flowers=tuple(p.flowers),
            score=self.scores[s],
            wind=self.seat_wind(s),
            won=p.won,
            declared=self.declared(s),
            lacking_suit=p.lacking_suit,
            dead=self.is_dead(s),
        )

    def pond_views(self, s: int) -> tuple[DiscardView, ...]:
        """Seat ``s``'s discards as the observations show them, extended as the pond grows rather than
        built again for every observation. A discard only ever changes by being called away
        (``claimed_by``), and only while it is the pond's last, so the views kept are good up to the
        last one, which is checked. :meth:`Game.verify <engine.game.game.Game.verify>` holds them to
        views built afresh."""
        ds = self.players[s].discards
        kept = self._pond_views.get(s, ())
        k = len(kept)
        if k == len(ds) and (not k or kept[-1].claimed_by == ds[-1].claimed_by):
            return kept
        if k and k <= len(ds) and kept[-1].claimed_by == ds[k - 1].claimed_by:
            views = kept + tuple([discard_view(d) for d in ds[k:]])
        else:
            views = tuple([discard_view(d) for d in ds])
        self._pond_views[s] = views
        return views

    def meld_views(self, s: int) -> tuple[MeldView, ...]:
        """Seat ``s``'s melds as the observations show them, kept while the melds are the same (melds
        are frozen values: one that changes, a pon made a kan, is a new object, and equal melds show
        equal views)."""
        melds = self.players[s].melds
        if not melds:
            return ()
        kept = self._meld_views.get(s)
        if kept is not None and kept[0] == melds:
            return kept[1]
        views = tuple(meld_view(m) for m in melds)
        self._meld_views[s] = (list(melds), views)
        return views

    def win_view(self, w: Win) -> WinView:
        return WinView(
            seat=w.seat,
            from_seat=w.from_seat,
            tile=w.tile,
            hand=tuple(w.hand),
            melds=tuple(meld_view(m) for m in w.melds),
            value=w.han,
            points=w.points,
            items=tuple((i.key, i.value) for i in w.items),
            limit=w.limit,
        )

    def practice_swap_allowed(self, tile: int) -> bool:  # family hook
        """Whether a practice swap may bring this wall tile into a hand (not a flower the family
        would replace at once)."""
        return kind_of(tile) < 34


_NO_KINDS: frozenset[int] = frozenset()
_PASS = Action(0, ActionType.PASS)  # the answer of a seat that gave none: only its type is read

_SIMPLE: dict[tuple[int, ActionType, int | None], Action] = {}


def simple_action(seat: int, kind: ActionType, tile: int | None = None) -> Action:
    """``Action(seat, kind, tile=tile)``, made once: actions are frozen values, and a hand lists the
    same discards and passes again and again (every turn, every claim window)."""
    key = (seat, kind, tile)
    action = _SIMPLE.get(key)
    if action is None:
        action = _SIMPLE[key] = Action(seat, kind, tile=tile)
    return action


class _SimpleActions(dict[int | None, Action]):
    """Tile -> ``Action(seat, kind, tile=tile)`` of one seat and kind, made on first use."""

    def __init__(self, seat: int, kind: ActionType) -> None:
        super().__init__()
        self.seat = seat
        self.kind = kind

    def __missing__(self, tile: int | None) -> Action:
        action = self[tile] = simple_action(self.seat, self.kind, tile)
        return action


_SIMPLE_TABLES: dict[tuple[int, ActionType], _SimpleActions] = {}


def simple_actions(seat: int, kind: ActionType, tiles: Iterable[int]) -> list[Action]:
    """``[simple_action(seat, kind, t) for t in tiles]``, by one table look-up per tile."""
    table = _SIMPLE_TABLES.get((seat, kind))
    if table is None:
        table = _SIMPLE_TABLES[seat, kind] = _SimpleActions(seat, kind)
    return [table[t] for t in tiles]


_ABSENT: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, ...]] = {}


def _absent_kinds(tiles: tuple[int, ...], in_play: tuple[int, ...]) -> tuple[int, ...]:
    """The kinds of a family's ``tiles`` that a wall of ``in_play`` tiles leaves out (kept per pair)."""
    key = (tiles, in_play)
    kinds = _ABSENT.get(key)
    if kinds is None:
        kinds = _ABSENT[key] = tuple(sorted({kind_of(t) for t in tiles} - {kind_of(t) for t in in_play}))
    return kinds


_DISCARD_VIEWS: dict[tuple[int, bool, bool, int | None], DiscardView] = {}


def discard_view(d: Discard) -> DiscardView:
    """The view of a discard, made once for each distinct one (views are frozen values: the same tile
    discarded in the same way is the same view in every game)."""
    key = (d.tile, d.tsumogiri, d.sideways, d.claimed_by)
    view = _DISCARD_VIEWS.get(key)
    if view is None:
        view = _DISCARD_VIEWS[key] = DiscardView(*key)
    return view


def meld_view(meld: Meld) -> MeldView:
    return MeldView(meld.type, tuple(meld.tiles), meld.called, meld.from_seat, meld.added)


def meld_json(meld: Meld) -> dict[str, Any]:
    return {
        "type": meld.type.value,
        "tiles": list(meld.tiles),
        "called": meld.called,
        "from": meld.from_seat,
        "added": meld.added,
    }


def _distinct_choices(tiles: list[int], red: frozenset[int]) -> list[int]:
    """One tile per distinct face among copies of a kind: a red five apart from plain fives."""
    seen: dict[bool, int] = {}
    for t in sorted(tiles):
        seen.setdefault(t in red, t)
    return sorted(seen.values())


def _distinct_subsets(tiles: list[int], size: int, red: frozenset[int]) -> list[tuple[int, ...]]:
    """Subsets of ``size`` tiles of one kind that differ by face (with or without a red five)."""
    if len(tiles) < size:
        return []
    reds = [t for t in tiles if t in red]
    plain = [t for t in tiles if t not in red]
    out: list[tuple[int, ...]] = []
    for use_red in range(min(len(reds), size) + 1):
        need_plain = size - use_red
        if need_plain <= len(plain):
            out.append(tuple(sorted(reds[:use_red] + plain[:need_plain])))
    return out
