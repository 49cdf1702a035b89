"""What one seat can see: the typed observation, the only thing agents and the table receive.

:meth:`engine.game.game.Game.observation` builds an :class:`Observation` for a seat (or for a
spectator, ``seat=None``, who sees no concealed tile): every seat's melds, ponds, flowers, score and
concealed-tile count, the seat's own concealed tiles and legal actions, the wall count, and the parts
only some families have — dora indicators, dice, the 财神, the Lingxi wall, the Sichuan set-up, the
wins and payments already made in a 血战 hand. A part a family does not have is empty, so the table
draws what is there without asking which family it is.

Observations are frozen values and survive a round trip through JSON exactly (the engine process and
outside bots receive them that way):

>>> from engine.game.game import Game
>>> from engine.rules import default_ruleset
>>> obs = Game(default_ruleset("riichi"), seed=1).observation(0)
>>> Observation.from_json(obs.to_json()) == obs
True
>>> len(obs.me.hand or ()), obs.seats[1].hand, len(obs.dora_indicators)
(14, None, 1)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.analysis.shape import HandShape
from engine.game.actions import Action
from engine.game.match import EarlierHands, earlier_from_json, earlier_to_json
from engine.melds import MeldType
from engine.messages import Message


@dataclass(init=False, frozen=True, slots=True)
class DiscardView:
    tile: int
    tsumogiri: bool = False  # discarded straight after drawing it
    sideways: bool = False  # the riichi declaration tile, turned sideways in the pond
    claimed_by: int | None = None  # called away by this seat (it left the pond)

    def __init__(
        self,
        tile: int,
        tsumogiri: bool = False,
        sideways: bool = False,
        claimed_by: int | None = None,
    ) -> None:
        # (written out, not the dataclass's: compiled with mypyc, the generated one stays Python code;
        # mypyc makes each object.__setattr__ of a field a native write)
        object.__setattr__(self, "tile", tile)
        object.__setattr__(self, "tsumogiri", tsumogiri)
        object.__setattr__(self, "sideways", sideways)
        object.__setattr__(self, "claimed_by", claimed_by)

    def to_json(self) -> dict[str, Any]:
        return {
            "tile": self.tile,
            "tsumogiri": self.tsumogiri,
            "sideways": self.sideways,
            "claimed_by": self.claimed_by,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> DiscardView:
        return cls(
            int(d["tile"]), bool(d.get("tsumogiri")), bool(d.get("sideways")), _opt_int(d.get("claimed_by"))
        )


@dataclass(init=False, frozen=True, slots=True)
class MeldView:
    type: MeldType
    tiles: tuple[int, ...]
    called: int | None = None  # the claimed tile (open melds)
    from_seat: int | None = None  # who discarded it
    added: int | None = None  # the tile added to a pon to make an added kan

    def __init__(
        self,
        type: MeldType,
        tiles: tuple[int, ...],
        called: int | None = None,
        from_seat: int | None = None,
        added: int | None = None,
    ) -> None:
        # (written out, not the dataclass's: compiled with mypyc, the generated one stays Python code;
        # mypyc makes each object.__setattr__ of a field a native write)
        object.__setattr__(self, "type", type)
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "called", called)
        object.__setattr__(self, "from_seat", from_seat)
        object.__setattr__(self, "added", added)

    @property
    def kinds(self) -> tuple[int, ...]:
        return tuple(sorted(t >> 2 if t < 136 else 34 + t - 136 for t in self.tiles))

    @property
    def kind(self) -> int:
        return min(self.kinds)

    @property
    def is_open(self) -> bool:
        return self.type is not MeldType.CLOSED_KAN

    def to_json(self) -> dict[str, Any]:
        return {
            "type": self.type.value,
            "tiles": list(self.tiles),
            "called": self.called,
            "from": self.from_seat,
            "added": self.added,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> MeldView:
        return cls(
            MeldType(d["type"]),
            tuple(int(t) for t in d["tiles"]),
            _opt_int(d.get("called")),
            _opt_int(d.get("from")),
            _opt_int(d.get("added")),
        )


@dataclass(init=False, frozen=True)
class SeatView:
    """One seat as an observer sees it. Like :class:`Observation`, it keeps its fields in an instance
    dict (interpreted), for :func:`make_seat_view`."""

    seat: int
    hand: tuple[int, ...] | None  # the concealed tiles, sorted (only the observer's own)
    drawn: int | None  # the tile just drawn, while it is in the hand (only the observer's own)
    hand_count: int
    melds: tuple[MeldView, ...]
    discards: tuple[DiscardView, ...]
    flowers: tuple[int, ...]
    score: int
    wind: int  # seat wind, kind 27..30
    won: bool = False  # has won and left play (血战)
    declared: bool = False  # has declared riichi (the stick is paid)
    lacking_suit: int | None = None  # 定缺: 0 man, 1 pin, 2 sou
    dead: bool = False  # a dead hand after a foul (Lingxi): it plays on but cannot win

    def __init__(
        self,
        seat: int,
        hand: tuple[int, ...] | None,
        drawn: int | None,
        hand_count: int,
        melds: tuple[MeldView, ...],
        discards: tuple[DiscardView, ...],
        flowers: tuple[int, ...],
        score: int,
        wind: int,
        won: bool = False,
        declared: bool = False,
        lacking_suit: int | None = None,
        dead: bool = False,
    ) -> None:
        # (written out, not the dataclass's: compiled with mypyc, the generated one stays Python code;
        # mypyc makes each object.__setattr__ of a field a native write)
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "drawn", drawn)
        object.__setattr__(self, "hand_count", hand_count)
        object.__setattr__(self, "melds", melds)
        object.__setattr__(self, "discards", discards)
        object.__setattr__(self, "flowers", flowers)
        object.__setattr__(self, "score", score)
        object.__setattr__(self, "wind", wind)
        object.__setattr__(self, "won", won)
        object.__setattr__(self, "declared", declared)
        object.__setattr__(self, "lacking_suit", lacking_suit)
        object.__setattr__(self, "dead", dead)

    @property
    def pond(self) -> tuple[DiscardView, ...]:
        """The discards still lying in the pond (not called away)."""
        return tuple(d for d in self.discards if d.claimed_by is None)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "hand": list(self.hand) if self.hand is not None else None,
            "drawn": self.drawn,
            "hand_count": self.hand_count,
            "melds": [m.to_json() for m in self.melds],
            "discards": [d.to_json() for d in self.discards],
            "flowers": list(self.flowers),
            "score": self.score,
            "wind": self.wind,
            "won": self.won,
            "declared": self.declared,
            "lacking_suit": self.lacking_suit,
            "dead": self.dead,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any], seat: int = 0) -> SeatView:
        hand = d.get("hand")
        return cls(
            seat=int(d.get("seat", seat)),
            hand=tuple(int(t) for t in hand) if hand is not None else None,
            drawn=_opt_int(d.get("drawn")),
            hand_count=int(d.get("hand_count", len(hand) if hand is not None else 13)),
            melds=tuple(MeldView.from_json(m) for m in d.get("melds", ())),
            discards=tuple(DiscardView.from_json(x) for x in d.get("discards", ())),
            flowers=tuple(int(t) for t in d.get("flowers", ())),
            score=int(d.get("score", 0)),
            wind=int(d.get("wind", 27)),
            won=bool(d.get("won")),
            declared=bool(d.get("declared")),
            lacking_suit=_opt_int(d.get("lacking_suit")),
            dead=bool(d.get("dead")),
        )


@dataclass(frozen=True, slots=True)
class DiceRoll:
    """One throw of the dice: who threw and what they show."""

    roller: int
    values: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.values)

    def to_json(self) -> dict[str, Any]:
        return {"roller": self.roller, "values": list(self.values)}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> DiceRoll:
        return cls(int(d["roller"]), tuple(int(v) for v in d["values"]))


@dataclass(frozen=True, slots=True)
class WildView:
    """The wild tiles (Lingxi 财神): the tiles turned face up to choose them, and the wild kinds."""

    shown: tuple[int, ...]
    kinds: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"shown": list(self.shown), "kinds": list(self.kinds)}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> WildView:
        return cls(tuple(int(t) for t in d["shown"]), tuple(int(k) for k in d["kinds"]))


@dataclass(frozen=True, slots=True)
class WallView:
    """The stacks of a wall laid on the table (Lingxi): ``left`` tiles in each stack in table order
    (the wall of seat ``first_wall`` first, then in turn order, each from its right end), where the
    deal broke the wall, the stacks held back at the end (the reserve), the stack of the shown 财神
    and the stacks the next front and tail draws come from."""

    first_wall: int
    stacks_per_wall: int
    left: tuple[int, ...]
    break_wall: int
    break_stack: int
    reserve: tuple[int, ...]
    reserve_tiles: int
    wild_stack: int | None
    next_stack: int | None
    tail_stack: int | None
    kans: int

    def to_json(self) -> dict[str, Any]:
        return {
            "first_wall": self.first_wall,
            "stacks_per_wall": self.stacks_per_wall,
            "left": list(self.left),
            "break_wall": self.break_wall,
            "break_stack": self.break_stack,
            "reserve": list(self.reserve),
            "reserve_tiles": self.reserve_tiles,
            "wild_stack": self.wild_stack,
            "next_stack": self.next_stack,
            "tail_stack": self.tail_stack,
            "kans": self.kans,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> WallView:
        return cls(
            first_wall=int(d["first_wall"]),
            stacks_per_wall=int(d["stacks_per_wall"]),
            left=tuple(int(x) for x in d["left"]),
            break_wall=int(d["break_wall"]),
            break_stack=int(d["break_stack"]),
            reserve=tuple(int(x) for x in d["reserve"]),
            reserve_tiles=int(d["reserve_tiles"]),
            wild_stack=_opt_int(d.get("wild_stack")),
            next_stack=_opt_int(d.get("next_stack")),
            tail_stack=_opt_int(d.get("tail_stack")),
            kans=int(d.get("kans", 0)),
        )


@dataclass(frozen=True, slots=True)
class SetupView:
    """Decisions taken together before play (Sichuan 换三张, 定缺): the current stage ("exchange",
    "lack" or None once play began), who has chosen, the direction of the exchange and what the
    observer gave and received."""

    stage: str | None
    chosen: tuple[bool, ...] = ()
    exchange_direction: str | None = None
    given: tuple[int, ...] = ()
    received: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "stage": self.stage,
            "chosen": list(self.chosen),
            "exchange_direction": self.exchange_direction,
            "given": list(self.given),
            "received": list(self.received),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> SetupView:
        return cls(
            d.get("stage"),
            tuple(bool(x) for x in d.get("chosen", ())),
            d.get("exchange_direction"),
            tuple(int(t) for t in d.get("given", ())),
            tuple(int(t) for t in d.get("received", ())),
        )


@dataclass(frozen=True, slots=True)
class WinView:
    """A win already made in this hand (血战: the winner left play and shows the hand)."""

    seat: int
    from_seat: int
    tile: int
    hand: tuple[int, ...]  # concealed tiles with the winning tile
    melds: tuple[MeldView, ...]
    value: int  # the hand's value in the family's unit (han, 番, 台)
    points: int  # what each payer owes the winner
    items: tuple[tuple[str, int], ...]  # (item key, value)
    limit: str = ""

    @property
    def self_drawn(self) -> bool:
        return self.seat == self.from_seat

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "from": self.from_seat,
            "tile": self.tile,
            "hand": list(self.hand),
            "melds": [m.to_json() for m in self.melds],
            "value": self.value,
            "points": self.points,
            "items": [list(i) for i in self.items],
            "limit": self.limit,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> WinView:
        return cls(
            int(d["seat"]),
            int(d["from"]),
            int(d["tile"]),
            tuple(int(t) for t in d["hand"]),
            tuple(MeldView.from_json(m) for m in d.get("melds", ())),
            int(d["value"]),
            int(d["points"]),
            tuple((str(k), int(v)) for k, v in d.get("items", ())),
            str(d.get("limit", "")),
        )


@dataclass(frozen=True, slots=True)
class PaymentView:
    """A payment already made during the hand (刮风下雨, a 血战 win): who pays whom, how much, why."""

    payer: int | None
    payee: int | None
    amount: int
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"payer": self.payer, "payee": self.payee, "amount": self.amount, "reason": self.reason}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> PaymentView:
        return cls(_opt_int(d.get("payer")), _opt_int(d.get("payee")), int(d["amount"]), str(d["reason"]))


@dataclass(frozen=True, slots=True)
class MatchView:
    """The match around the hand: scores when the hand began, round, dealer, repeat counter, sticks
    carried on the table, hands played, and the public discards of the earlier hands (every player
    saw them thrown)."""

    scores: tuple[int, ...]
    round_index: int
    honba: int
    pot: int
    hand_index: int
    over: bool
    first_dealer: int
    earlier: EarlierHands = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "round_index": self.round_index,
            "honba": self.honba,
            "pot": self.pot,
            "hand_index": self.hand_index,
            "over": self.over,
            "first_dealer": self.first_dealer,
        } | earlier_to_json(self.earlier)

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> MatchView:
        return cls(
            tuple(int(s) for s in d["scores"]),
            int(d.get("round_index", 0)),
            int(d.get("honba", 0)),
            int(d.get("pot", d.get("riichi_sticks", 0))),
            int(d.get("hand_index", 0)),
            bool(d.get("over", False)),
            int(d.get("first_dealer", 0)),
            earlier_from_json(d.get("earlier_hands", ())),
        )


@dataclass(init=False, frozen=True)
class Observation:
    """One seat's view of the game (see the module text). ``seat`` None is a spectator.

    The game builds one for every decision, so it has a quicker constructor than the dataclass's
    (which, interpreted, sets its thirty fields one call each): :func:`make_observation` (the class
    keeps its fields in an instance dict for that, not slots)."""

    family: str
    seat: int | None
    match: MatchView
    over: bool  # the match is over (then there is no hand: ``seats`` is empty)
    phase: str = ""  # setup, turn, claim, rob_kan, over
    turn: int = 0
    dealer: int = 0
    round_wind: int = 27
    honba: int = 0
    pot: int = 0  # sticks on the table (riichi)
    stick_points: int = 0  # what one stick is worth
    wall_remaining: int = 0
    seats: tuple[SeatView, ...] = ()
    last_discard: tuple[int, int] | None = None  # (seat, tile) of the tile on the table
    latest_discard: tuple[int, int] | None = None  # (seat, tile) of the last discard still in a pond
    pending: bool = False  # the observer has a decision now
    legal: tuple[Action, ...] = ()  # the observer's legal actions
    fouls: tuple[Action, ...] = ()  # legal actions that are fouls (a practice table lists them)
    shape: HandShape | None = None  # what a complete hand is for the observer now
    furiten: bool | None = None  # the observer may not win on a discard (riichi)
    dora_indicators: tuple[int, ...] = ()
    dice: tuple[DiceRoll, ...] = ()
    wild: WildView | None = None
    wall: WallView | None = None
    setup: SetupView | None = None
    wins: tuple[WinView, ...] = ()  # wins already made this hand (血战)
    payments: tuple[PaymentView, ...] = ()  # payments already made this hand
    notices: tuple[Message, ...] = ()  # e.g. the last four tiles are draw only
    absent_kinds: tuple[int, ...] = ()  # kinds this game's wall leaves out (sanma: 2m-8m; 三人两房)

    def __init__(
        self,
        family: str,
        seat: int | None,
        match: MatchView,
        over: bool,
        phase: str = "",
        turn: int = 0,
        dealer: int = 0,
        round_wind: int = 27,
        honba: int = 0,
        pot: int = 0,
        stick_points: int = 0,
        wall_remaining: int = 0,
        seats: tuple[SeatView, ...] = (),
        last_discard: tuple[int, int] | None = None,
        latest_discard: tuple[int, int] | None = None,
        pending: bool = False,
        legal: tuple[Action, ...] = (),
        fouls: tuple[Action, ...] = (),
        shape: HandShape | None = None,
        furiten: bool | None = None,
        dora_indicators: tuple[int, ...] = (),
        dice: tuple[DiceRoll, ...] = (),
        wild: WildView | None = None,
        wall: WallView | None = None,
        setup: SetupView | None = None,
        wins: tuple[WinView, ...] = (),
        payments: tuple[PaymentView, ...] = (),
        notices: tuple[Message, ...] = (),
        absent_kinds: tuple[int, ...] = (),
    ) -> None:
        # (written out, not the dataclass's: compiled with mypyc, the generated one stays Python code;
        # mypyc makes each object.__setattr__ of a field a native write)
        object.__setattr__(self, "family", family)
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "match", match)
        object.__setattr__(self, "over", over)
        object.__setattr__(self, "phase", phase)
        object.__setattr__(self, "turn", turn)
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "round_wind", round_wind)
        object.__setattr__(self, "honba", honba)
        object.__setattr__(self, "pot", pot)
        object.__setattr__(self, "stick_points", stick_points)
        object.__setattr__(self, "wall_remaining", wall_remaining)
        object.__setattr__(self, "seats", seats)
        object.__setattr__(self, "last_discard", last_discard)
        object.__setattr__(self, "latest_discard", latest_discard)
        object.__setattr__(self, "pending", pending)
        object.__setattr__(self, "legal", legal)
        object.__setattr__(self, "fouls", fouls)
        object.__setattr__(self, "shape", shape)
        object.__setattr__(self, "furiten", furiten)
        object.__setattr__(self, "dora_indicators", dora_indicators)
        object.__setattr__(self, "dice", dice)
        object.__setattr__(self, "wild", wild)
        object.__setattr__(self, "wall", wall)
        object.__setattr__(self, "setup", setup)
        object.__setattr__(self, "wins", wins)
        object.__setattr__(self, "payments", payments)
        object.__setattr__(self, "notices", notices)
        object.__setattr__(self, "absent_kinds", absent_kinds)

    # ----------------------------------------------------------------- queries
    @property
    def n(self) -> int:
        """How many players the game has (2, 3 or 4): one seat each, numbered 0..n-1."""
        return len(self.seats) or len(self.match.scores)

    def side_of(self, seat: int, viewer: int | None = None) -> int:
        """Where ``seat`` sits at a four-sided table seen by the observer (a spectator: seat 0; or the
        seat ``viewer``, when a spectator's table is drawn from a seat): 0 at the bottom, 1 on the
        right (the next to play), 2 opposite, 3 on the left. Three players leave the opposite side
        empty; two face each other."""
        if viewer is None:
            viewer = self.seat if self.seat is not None else 0
        return table_sides(self.n)[(seat - viewer) % self.n]

    @property
    def me(self) -> SeatView:
        """The observer's own seat (a spectator: seat 0)."""
        return self.seats[self.seat if self.seat is not None else 0]

    @property
    def scores(self) -> tuple[int, ...]:
        """Scores now (payments made during the hand included)."""
        if self.seats:
            return tuple(s.score for s in self.seats)
        return self.match.scores

    @property
    def wild_kinds(self) -> frozenset[int]:
        return frozenset(self.wild.kinds) if self.wild is not None else frozenset()

    def visible_counts(self) -> list[int]:
        """Copies of each kind 0..33 the observer can see: its own concealed tiles, every meld, every
        tile lying in a pond, the dora indicators and the shown 财神 tiles."""
        seen = [0] * 34
        if self.seat is not None and self.seats:
            for t in self.seats[self.seat].hand or ():
                _count(seen, t)
        for s in self.seats:
            for m in s.melds:
                for t in m.tiles:
                    _count(seen, t)
            for d in s.discards:
                if d.claimed_by is None:
                    _count(seen, d.tile)
            for t in s.flowers:  # bonus tiles set aside: Lingxi 白板, the norths of three-player riichi
                _count(seen, t)
        for t in self.dora_indicators:
            _count(seen, t)
        if self.wild is not None:
            for t in self.wild.shown:
                _count(seen, t)
        return seen

    def unseen_counts(self) -> list[int]:
        """Copies of each kind the observer cannot see (in the wall or other hands); none of a kind
        the wall leaves out."""
        unseen = [max(0, 4 - v) for v in self.visible_counts()]
        for k in self.absent_kinds:
            unseen[k] = 0
        return unseen

    # -------------------------------------------------------------------- json
    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "family": self.family,
            "seat": self.seat,
            "match": self.match.to_json(),
            "over": self.over,
        }
        if self.over and not self.seats:
            return out
        out.update(
            {
                "phase": self.phase,
                "turn": self.turn,
                "dealer": self.dealer,
                "round_wind": self.round_wind,
                "honba": self.honba,
                "pot": self.pot,
                "stick_points": self.stick_points,
                "wall_remaining": self.wall_remaining,
                "seats": [s.to_json() for s in self.seats],
                "last_discard": list(self.last_discard) if self.last_discard is not None else None,
                "latest_discard": list(self.latest_discard) if self.latest_discard is not None else None,
                "pending": self.pending,
                "legal": [a.to_json() for a in self.legal],
                "fouls": [a.to_json() for a in self.fouls],
                "shape": self.shape.to_json() if self.shape is not None else None,
                "furiten": self.furiten,
                "dora_indicators": list(self.dora_indicators),
                "dice": [d.to_json() for d in self.dice],
                "wild": self.wild.to_json() if self.wild is not None else None,
                "wall": self.wall.to_json() if self.wall is not None else None,
                "setup": self.setup.to_json() if self.setup is not None else None,
                "wins": [w.to_json() for w in self.wins],
                "payments": [p.to_json() for p in self.payments],
                "notices": [m.to_json() for m in self.notices],
                "absent_kinds": list(self.absent_kinds),
            }
        )
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Observation:
        """Rebuild an observation from :meth:`to_json`; raises ValueError on a malformed object.
        Fields left out take their defaults (a sketch of a table is enough for tests)."""
        try:
            return cls._from_json(d)
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"not an observation: {exc!r}") from None

    @classmethod
    def _from_json(cls, d: dict[str, Any]) -> Observation:
        if not isinstance(d, dict):
            raise TypeError(f"an observation is a JSON object, not {type(d).__name__}")
        last = d.get("last_discard")
        latest = d.get("latest_discard")
        shape = d.get("shape")
        seats = tuple(SeatView.from_json(s, i) for i, s in enumerate(d.get("seats", ())))
        match = d.get("match") or {"scores": [s.score for s in seats]}
        return cls(
            family=str(d.get("family") or _first_family()),
            seat=_opt_int(d.get("seat")),
            match=MatchView.from_json(match),
            over=bool(d.get("over", False)),
            phase=str(d.get("phase", "")),
            turn=int(d.get("turn", 0)),
            dealer=int(d.get("dealer", 0)),
            round_wind=int(d.get("round_wind", 27)),
            honba=int(d.get("honba", 0)),
            pot=int(d.get("pot", 0)),
            stick_points=int(d.get("stick_points", 0)),
            wall_remaining=int(d.get("wall_remaining", 0)),
            seats=seats,
            last_discard=(int(last[0]), int(last[1])) if last is not None else None,
            latest_discard=(int(latest[0]), int(latest[1])) if latest is not None else None,
            pending=bool(d.get("pending", False)),
            legal=tuple(Action.from_json(a) for a in d.get("legal", ())),
            fouls=tuple(Action.from_json(a) for a in d.get("fouls", ())),
            shape=HandShape.from_json(shape) if shape is not None else None,
            furiten=None if d.get("furiten") is None else bool(d["furiten"]),
            dora_indicators=tuple(int(t) for t in d.get("dora_indicators", ())),
            dice=tuple(DiceRoll.from_json(x) for x in d.get("dice", ())),
            wild=WildView.from_json(d["wild"]) if d.get("wild") is not None else None,
            wall=WallView.from_json(d["wall"]) if d.get("wall") is not None else None,
            setup=SetupView.from_json(d["setup"]) if d.get("setup") is not None else None,
            wins=tuple(WinView.from_json(w) for w in d.get("wins", ())),
            payments=tuple(PaymentView.from_json(p) for p in d.get("payments", ())),
            notices=tuple(Message.from_json(m) for m in d.get("notices", ())),
            absent_kinds=tuple(int(k) for k in d.get("absent_kinds", ())),
        )


_new = object.__new__
_set = object.__setattr__
OBSERVATION_ORDER = (
    "family", "seat", "match", "over", "phase", "turn", "dealer", "round_wind", "honba", "pot",
    "stick_points", "wall_remaining", "seats", "last_discard", "latest_discard", "pending", "legal",
    "fouls", "shape", "furiten", "dora_indicators", "dice", "wild", "wall", "setup", "wins", "payments",
    "notices", "absent_kinds",
)  # fmt: skip
"""The fields of an :class:`Observation` in their order (checked at import): what
:func:`make_observation` fills by position."""
FAMILY_PARTS = frozenset({"fouls", "furiten", "dora_indicators", "dice", "wild", "wall", "setup", "notices"})
"""The fields a family fills (``HandFlow.observation_parts``)."""
SEAT_VIEW_ORDER = (
    "seat", "hand", "drawn", "hand_count", "melds", "discards", "flowers", "score", "wind", "won",
    "declared", "lacking_suit", "dead",
)  # fmt: skip
if (
    tuple(f.name for f in dataclasses.fields(Observation)) != OBSERVATION_ORDER
    or tuple(f.name for f in dataclasses.fields(SeatView)) != SEAT_VIEW_ORDER
):  # (make_observation and make_seat_view name every field in this order)
    raise ImportError("Observation or SeatView fields changed: update make_observation / make_seat_view")
# Interpreted, the two classes keep their fields in an instance dict that the makers below set at once
# (the dataclass's own constructor would set each frozen field by a call); compiled with mypyc
# (engine.compiled) they are native classes without one, whose constructor, called by position, is quick.
_INSTANCE_DICTS = "__dict__" in vars(Observation) and "__dict__" in vars(SeatView)


def make_observation(
    family: str,
    seat: int | None,
    match: MatchView,
    over: bool,
    phase: str,
    turn: int,
    dealer: int,
    round_wind: int,
    honba: int,
    pot: int,
    stick_points: int,
    wall_remaining: int,
    seats: tuple[SeatView, ...],
    last_discard: tuple[int, int] | None,
    latest_discard: tuple[int, int] | None,
    pending: bool,
    legal: tuple[Action, ...],
    shape: HandShape | None,
    wins: tuple[WinView, ...],
    payments: tuple[PaymentView, ...],
    absent_kinds: tuple[int, ...],
    parts: dict[str, Any],
) -> Observation:
    """``Observation(...)`` of these fields and the family's ``parts`` (a dict naming some of
    :data:`FAMILY_PARTS`; the others take their defaults; any other key is refused), made the quick
    way of the build that runs (see :data:`_INSTANCE_DICTS`)."""
    for key in parts:
        if key not in FAMILY_PARTS:
            raise TypeError(f"not observation parts: {sorted(set(parts) - FAMILY_PARTS)}")
    if _INSTANCE_DICTS:
        obs = _new(Observation)
        _set(
            obs,
            "__dict__",
            {
                "family": family,
                "seat": seat,
                "match": match,
                "over": over,
                "phase": phase,
                "turn": turn,
                "dealer": dealer,
                "round_wind": round_wind,
                "honba": honba,
                "pot": pot,
                "stick_points": stick_points,
                "wall_remaining": wall_remaining,
                "seats": seats,
                "last_discard": last_discard,
                "latest_discard": latest_discard,
                "pending": pending,
                "legal": legal,
                "fouls": parts.get("fouls", ()),
                "shape": shape,
                "furiten": parts.get("furiten"),
                "dora_indicators": parts.get("dora_indicators", ()),
                "dice": parts.get("dice", ()),
                "wild": parts.get("wild"),
                "wall": parts.get("wall"),
                "setup": parts.get("setup"),
                "wins": wins,
                "payments": payments,
                "notices": parts.get("notices", ()),
                "absent_kinds": absent_kinds,
            },
        )
        return obs
    return Observation(
        family,
        seat,
        match,
        over,
        phase,
        turn,
        dealer,
        round_wind,
        honba,
        pot,
        stick_points,
        wall_remaining,
        seats,
        last_discard,
        latest_discard,
        pending,
        legal,
        parts.get("fouls", ()),
        shape,
        parts.get("furiten"),
        parts.get("dora_indicators", ()),
        parts.get("dice", ()),
        parts.get("wild"),
        parts.get("wall"),
        parts.get("setup"),
        wins,
        payments,
        parts.get("notices", ()),
        absent_kinds,
    )


def make_seat_view(
    seat: int,
    hand: tuple[int, ...] | None,
    drawn: int | None,
    hand_count: int,
    melds: tuple[MeldView, ...],
    discards: tuple[DiscardView, ...],
    flowers: tuple[int, ...],
    score: int,
    wind: int,
    won: bool,
    declared: bool,
    lacking_suit: int | None,
    dead: bool,
) -> SeatView:
    """``SeatView(...)`` of these fields, made the quick way of the build that runs."""
    if _INSTANCE_DICTS:
        view = _new(SeatView)
        _set(
            view,
            "__dict__",
            {
                "seat": seat,
                "hand": hand,
                "drawn": drawn,
                "hand_count": hand_count,
                "melds": melds,
                "discards": discards,
                "flowers": flowers,
                "score": score,
                "wind": wind,
                "won": won,
                "declared": declared,
                "lacking_suit": lacking_suit,
                "dead": dead,
            },
        )
        return view
    return SeatView(
        seat,
        hand,
        drawn,
        hand_count,
        melds,
        discards,
        flowers,
        score,
        wind,
        won,
        declared,
        lacking_suit,
        dead,
    )


TABLE_SIDES: dict[int, tuple[int, ...]] = {4: (0, 1, 2, 3), 3: (0, 1, 3), 2: (0, 2)}
"""For each number of players, the side of the table (0 bottom, 1 right, 2 top, 3 left) of each seat
counted in turn order from the observer's."""


def table_sides(players: int) -> tuple[int, ...]:
    """The table sides of the seats in turn order from the observer (see :data:`TABLE_SIDES`)."""
    try:
        return TABLE_SIDES[players]
    except KeyError:
        raise ValueError(f"no table layout for {players} players") from None


def _first_family() -> str:
    from engine.families.registry import family_names

    return family_names()[0]


def _opt_int(value: Any) -> int | None:
    return None if value is None else int(value)


def _count(seen: list[int], tile: int) -> None:
    k = tile >> 2 if tile < 136 else 34
    if k < 34:
        seen[k] += 1


def seat_order(obs: Observation, viewer: int) -> Sequence[int]:
    """The seats in turn order starting from ``viewer``."""
    n = obs.n
    return [(viewer + i) % n for i in range(n)]
