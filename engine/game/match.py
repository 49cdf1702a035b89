"""Match state between hands: scores, round, dealer, honba, sticks on the table, and the public
discards of the match's earlier hands (what every player at the table has seen thrown).

:meth:`MatchState.from_json` reads the ``start`` of a game log strictly (see ``docs/log-format.md``):
every field with its type and range, ``1.0`` is not a number of sticks nor ``"true"`` a boolean; a
problem raises :class:`pydantic.ValidationError` (a ``ValueError``) naming the field.

>>> MatchState.from_json({"scores": [25000] * 4, "honba": 1}).honba
1
>>> try:
...     MatchState.from_json({"scores": "abc"})
... except ValueError as exc:
...     print(exc.errors()[0]["loc"], exc.errors()[0]["msg"])
('scores',) Input should be a valid list
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, Strict, StrictBool

MAX_SCORE = 10**9  # any score a match can reach, in either direction
MAX_COUNTER = 10_000  # rounds, honba, sticks
MAX_HANDS = 1_000_000
MAX_SEATS = 8
MAX_TILE = 143  # the last physical tile id (engine.tiles)
MAX_EARLIER_HANDS = 1_000  # earlier hands a match state carries (the latest; a Sichuan match has 999 at most)
MAX_HAND_DISCARDS = 1_000  # discards in one earlier hand (a 144-tile wall has fewer)

Score = Annotated[int, Field(ge=-MAX_SCORE, le=MAX_SCORE)]
# one discard of an earlier hand as JSON: [seat, tile, riichi, tsumogiri] (a list read as a tuple, its
# items strictly typed)
DiscardEntry = Annotated[
    tuple[
        Annotated[int, Field(ge=0, lt=MAX_SEATS)],
        Annotated[int, Field(ge=0, le=MAX_TILE)],
        StrictBool,
        StrictBool,
    ],
    Strict(False),
]


@dataclass(frozen=True, slots=True)
class PublicDiscard:
    """One discard of an earlier hand of the match, as every player saw it."""

    seat: int
    tile: int
    riichi: bool  # the discard that declared a ready hand (riichi)
    tsumogiri: bool  # the tile just drawn, thrown at once

    def to_json(self) -> list[Any]:
        return [self.seat, self.tile, self.riichi, self.tsumogiri]


EarlierHands = tuple[tuple[PublicDiscard, ...], ...]


def earlier_to_json(earlier: EarlierHands) -> dict[str, Any]:
    """The ``earlier_hands`` field of a match's JSON (nothing when there are none)."""
    return {"earlier_hands": [[d.to_json() for d in hand] for hand in earlier]} if earlier else {}


def earlier_from_json(hands: Any) -> EarlierHands:
    """Earlier hands from their JSON lists (checked by :class:`MatchStart` for a log's ``start``)."""
    return tuple(tuple(PublicDiscard(int(e[0]), int(e[1]), bool(e[2]), bool(e[3])) for e in h) for h in hands)


class MatchStart(BaseModel):
    """The JSON form of a :class:`MatchState` (``start`` in a log header), validated field by field."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    scores: list[Score] = Field(min_length=1, max_length=MAX_SEATS)
    round_index: int = Field(default=0, ge=0, le=MAX_COUNTER)
    honba: int = Field(default=0, ge=0, le=MAX_COUNTER)
    pot: int | None = Field(default=None, ge=0, le=MAX_COUNTER)
    riichi_sticks: int | None = Field(default=None, ge=0, le=MAX_COUNTER)  # the name before log version 2
    hand_index: int = Field(default=0, ge=0, le=MAX_HANDS)
    over: bool = False
    first_dealer: int = Field(default=0, ge=0, lt=MAX_SEATS)
    # the public discards of the match's earlier hands, hand by hand, each in the order they were made
    earlier_hands: list[Annotated[list[DiscardEntry], Field(max_length=MAX_HAND_DISCARDS)]] = Field(
        default_factory=list, max_length=MAX_EARLIER_HANDS
    )


@dataclass(slots=True)
class MatchState:
    scores: list[int]
    round_index: int = 0  # 0-3 East 1-4, 4-7 South, 8-11 West, 12-15 North
    honba: int = 0  # the repeat counter (riichi honba, Lingxi 连庄)
    pot: int = 0  # sticks left on the table for the next hand (riichi)
    hand_index: int = 0  # hands played so far in this match
    over: bool = False
    first_dealer: int = 0
    extra: dict[str, Any] = field(default_factory=dict)
    # the public discards of the match's earlier hands (:meth:`with_hand`), what the AI reads the
    # other players' habits from (engine.ai: FamilyPlugin.match_read)
    earlier: EarlierHands = ()

    @property
    def dealer(self) -> int:
        return (self.first_dealer + self.round_index) % len(self.scores)

    @property
    def round_wind(self) -> int:
        return 27 + (self.round_index // len(self.scores)) % 4

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

    def with_hand(self, discards: tuple[PublicDiscard, ...]) -> None:
        """Add a finished hand's public discards to the match's earlier hands (the latest
        ``MAX_EARLIER_HANDS`` are kept)."""
        self.earlier = (*self.earlier[-(MAX_EARLIER_HANDS - 1) :], discards)

    @classmethod
    def from_json(cls, data: Any) -> MatchState:
        """The state of :meth:`to_json` output; raises ``ValidationError`` (a ``ValueError``) naming the
        field for anything else."""
        m = MatchStart.model_validate(data)
        pot = m.pot if m.pot is not None else m.riichi_sticks  # "riichi_sticks": logs before 0.2
        return cls(
            scores=list(m.scores),
            round_index=m.round_index,
            honba=m.honba,
            pot=pot or 0,
            hand_index=m.hand_index,
            over=m.over,
            first_dealer=m.first_dealer,
            earlier=earlier_from_json(m.earlier_hands),
        )


def public_discards(events: Any) -> tuple[PublicDiscard, ...]:
    """A hand's discards in the order they were made, from its events (``discard`` events)."""
    return tuple(
        PublicDiscard(e.seat, e.data["tile"], bool(e.data["riichi"]), bool(e.data["tsumogiri"]))
        for e in events
        if e.type == "discard" and e.seat is not None
    )


@dataclass(frozen=True, slots=True)
class Standing:
    seat: int
    rank: int  # 1-based
    points: int
    final: float  # points after uma and oka, in thousands

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "rank": self.rank, "points": self.points, "final": self.final}
