"""A read-only reading of one seat's observation: what the AI may know, and nothing more.

Everything here is computed from the typed observation the game hands a seat
(:class:`~engine.game.observation.Observation`: its own concealed tiles, every meld and discard on the
table, the indicators, the scores, and the engine's :class:`~engine.analysis.shape.HandShape` of the
seat). The AI never receives the :class:`~engine.game.game.Game`.

>>> from engine.game.game import Game
>>> from engine.rules import default_ruleset
>>> game = Game(default_ruleset("riichi"), seed=1)
>>> v = View.from_observation(game.observation(0))
>>> len(v.hand), sum(v.unseen) == 136 - 14 - 1
(14, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.analysis.shape import HandShape
from engine.game.match import EarlierHands
from engine.game.observation import Observation
from engine.tiles import kind_of, tile_counts34


@dataclass(frozen=True, slots=True)
class SeenDiscard:
    kind: int
    tile: int
    tsumogiri: bool
    riichi: bool
    claimed: bool


@dataclass(frozen=True, slots=True)
class SeenMeld:
    type: str
    kinds: tuple[int, ...]
    tiles: tuple[int, ...]
    from_seat: int | None
    called: int | None = None

    @property
    def is_open(self) -> bool:
        return self.type != "closed_kan"

    @property
    def is_kan(self) -> bool:
        return self.type.endswith("kan")


@dataclass(frozen=True, slots=True)
class Opponent:
    seat: int
    discards: tuple[SeenDiscard, ...]
    melds: tuple[SeenMeld, ...]
    riichi_index: int | None  # index in ``discards`` of the riichi declaration tile
    hand_count: int
    won: bool
    lacking_suit: int | None

    @property
    def in_riichi(self) -> bool:
        return self.riichi_index is not None

    @property
    def open_melds(self) -> int:
        return sum(1 for m in self.melds if m.is_open)


@dataclass(slots=True)
class View:
    """What a seat knows. ``counts`` are its concealed kinds (34 entries), ``unseen`` the copies of
    each kind it cannot see anywhere (the wall and the other hands hold them)."""

    seat: int
    family: str
    n: int
    hand: tuple[int, ...]
    drawn: int | None
    counts: list[int]
    melds: tuple[SeenMeld, ...]
    discards: tuple[SeenDiscard, ...]
    opponents: tuple[Opponent, ...]
    visible: list[int]
    unseen: list[int]
    wall_remaining: int
    dealer: int
    round_wind: int
    dora_indicators: tuple[int, ...]
    scores: tuple[int, ...]
    riichi: tuple[bool, ...]
    sets: int
    seven_pairs: bool
    thirteen_orphans: bool
    wild_kinds: frozenset[int]
    lacking_suit: int | None
    phase: str
    last_discard: tuple[int, int] | None  # (seat, tile)
    flowers: tuple[int, ...] = ()  # own shown flowers (Lingxi)
    shape: HandShape | None = None  # what a complete hand is for this seat (the engine's)
    earlier: EarlierHands = ()  # the public discards of the match's earlier hands (MatchView.earlier)
    wild_shown: tuple[int, ...] = ()  # the tiles shown to choose the 财神 (Lingxi)
    # the order of every discard on the table: (seat, index in its pond) -> place (discard_order)
    _order: dict[tuple[int, int], int] = field(default_factory=dict)
    # for opponent seat -> kinds discarded by anyone after its riichi
    _after_riichi: dict[int, frozenset[int]] = field(default_factory=dict)

    # ------------------------------------------------------------ building
    @classmethod
    def from_observation(cls, obs: Observation) -> View:
        if obs.seat is None:
            raise ValueError("the AI plays a seat: a spectator's observation has no hand")
        seat = obs.seat
        me = obs.seats[seat]
        hand = tuple(me.hand or ())
        wild_kinds = obs.wild_kinds
        counts = [0] * 34
        for t in hand:
            k = kind_of(t)
            if k < 34 and k not in wild_kinds:
                counts[k] += 1
        visible = obs.visible_counts()
        opponents: list[Opponent] = []
        own_melds: tuple[SeenMeld, ...] = ()
        own_discards: tuple[SeenDiscard, ...] = ()
        for p in obs.seats:
            melds = tuple(
                SeenMeld(m.type.value, m.kinds, tuple(m.tiles), m.from_seat, m.called) for m in p.melds
            )
            discards = tuple(
                SeenDiscard(kind_of(d.tile), d.tile, d.tsumogiri, d.sideways, d.claimed_by is not None)
                for d in p.discards
            )
            if p.seat == seat:
                own_melds, own_discards = melds, discards
                continue
            riichi_index = next((i for i, d in enumerate(discards) if d.riichi), None)
            if riichi_index is None and p.declared:
                riichi_index = max(0, len(discards) - 1)
            opponents.append(
                Opponent(p.seat, discards, melds, riichi_index, p.hand_count, p.won, p.lacking_suit)
            )
        forms = obs.shape.forms if obs.shape is not None else None
        view = cls(
            seat=seat,
            family=obs.family,
            n=obs.n,
            hand=hand,
            drawn=me.drawn,
            counts=counts,
            melds=own_melds,
            discards=own_discards,
            opponents=tuple(opponents),
            visible=visible,
            unseen=obs.unseen_counts(),
            wall_remaining=obs.wall_remaining,
            dealer=obs.dealer,
            round_wind=obs.round_wind,
            dora_indicators=tuple(obs.dora_indicators),
            scores=obs.scores,
            riichi=tuple(p.declared for p in obs.seats),
            sets=obs.shape.sets if obs.shape is not None else 4,
            seven_pairs=forms.seven_pairs if forms is not None else True,
            thirteen_orphans=forms.thirteen_orphans if forms is not None else True,
            wild_kinds=wild_kinds,
            lacking_suit=me.lacking_suit,
            phase=obs.phase,
            last_discard=obs.last_discard,
            flowers=tuple(me.flowers),
            shape=obs.shape,
            earlier=obs.match.earlier,
            wild_shown=tuple(obs.wild.shown) if obs.wild is not None else (),
        )
        view._order = discard_order(obs)
        view._after_riichi = view._compute_after_riichi()
        return view

    def discard_time(self, seat: int, index: int) -> int:
        """When ``seat``'s ``index``-th discard was made: its place among every discard on the table
        (:func:`discard_order`). Where the ponds cannot be put in one order, about when, by turn: the
        ``j``-th discard of every seat in play order from the dealer, then the ``j+1``-th."""
        place = self._order.get((seat, index))
        return place if place is not None else turn_estimate(self.n, self.dealer, seat, index)

    def _compute_after_riichi(self) -> dict[int, frozenset[int]]:
        """For each opponent in riichi, the kinds anyone discarded after its declaration (in the
        order of :meth:`discard_time`)."""
        out: dict[int, frozenset[int]] = {}
        ponds: dict[int, tuple[SeenDiscard, ...]] = {self.seat: self.discards}
        for o in self.opponents:
            ponds[o.seat] = o.discards
        for o in self.opponents:
            if o.riichi_index is None:
                continue
            declared = self.discard_time(o.seat, o.riichi_index)
            kinds: set[int] = set()
            for s, pond in ponds.items():
                if s == o.seat:
                    continue
                kinds.update(d.kind for j, d in enumerate(pond) if self.discard_time(s, j) > declared)
            out[o.seat] = frozenset(kinds)
        return out

    # -------------------------------------------------------------- queries
    @property
    def seat_wind(self) -> int:
        return 27 + (self.seat - self.dealer) % self.n

    @property
    def is_dealer(self) -> bool:
        return self.seat == self.dealer

    @property
    def exposed(self) -> int:
        return len(self.melds)

    @property
    def is_closed(self) -> bool:
        return all(not m.is_open for m in self.melds)

    @property
    def wilds(self) -> int:
        return sum(1 for t in self.hand if kind_of(t) in self.wild_kinds)

    @property
    def unseen_total(self) -> int:
        return max(1, sum(self.unseen))

    def safe_kinds_against(self, seat: int) -> frozenset[int]:
        """Kinds ``seat`` cannot win on: its own discards (furiten), and if it is in riichi, the
        kinds discarded after its declaration that it let pass."""
        opp = next((o for o in self.opponents if o.seat == seat), None)
        if opp is None:
            return frozenset()
        own = {d.kind for d in opp.discards}
        return frozenset(own | self._after_riichi.get(seat, frozenset()))

    def self_counts(self) -> list[int]:
        return list(self.counts)

    def hand_counts_all(self) -> list[int]:
        """Concealed kinds including wild tiles (for families without wilds, same as ``counts``)."""
        return tile_counts34([t for t in self.hand if kind_of(t) < 34])

    def turn_number(self) -> int:
        """About how many discards each seat has made."""
        return max([len(self.discards)] + [len(o.discards) for o in self.opponents])

    def in_hand(self, kind: int) -> list[int]:
        """Own physical tiles of ``kind``."""
        return [t for t in self.hand if kind_of(t) == kind]


def turn_estimate(n: int, dealer: int, seat: int, index: int) -> int:
    """About when ``seat``'s ``index``-th discard was made, by turns alone (every seat's ``j``-th
    discard in play order from the dealer, then the ``j+1``-th): what the ponds give without calls."""
    n = max(n, 1)
    return index * n + (seat - dealer) % n


def discard_order(obs: Observation) -> dict[tuple[int, int], int]:
    """Every discard's place in the order they were made, (seat, index in its pond) -> place, as any
    player who watched the hand knows it. Each seat's pond is in its own order, and play passes
    from a discard to the seat that called it (its pond's next tile is that seat's next discard) or,
    if nobody did, to the next seat in turn; a kan, a flower or a north set aside adds no pond
    tile. Empty where the ponds do not give one order (the caller then falls back to turns): once a
    player has won and play went on (血战: after a win by discard, play passes from the winner, which
    the ponds do not show), or where a seat passed its turn without a discard (Lingxi's last tiles)."""
    n = len(obs.seats)
    if n == 0 or any(p.won for p in obs.seats):
        return {}
    ponds = {p.seat: p.discards for p in obs.seats}
    left = sum(len(pond) for pond in ponds.values())
    taken = {s: 0 for s in ponds}
    order: dict[tuple[int, int], int] = {}
    seat = obs.dealer
    while left:
        if taken.get(seat, 0) >= len(ponds.get(seat, ())):
            return {}  # a seat with no discard where its turn should be
        d = ponds[seat][taken[seat]]
        order[(seat, taken[seat])] = len(order)
        taken[seat] += 1
        left -= 1
        seat = d.claimed_by if d.claimed_by is not None and d.claimed_by != seat else (seat + 1) % n
    return order
