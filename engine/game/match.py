"""Match state between hands: scores, round, dealer, honba, sticks on the table.

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

from pydantic import BaseModel, ConfigDict, Field

MAX_SCORE = 10**9  # any score a match can reach, in either direction
MAX_COUNTER = 10_000  # rounds, honba, sticks
MAX_HANDS = 1_000_000
MAX_SEATS = 8

Score = Annotated[int, Field(ge=-MAX_SCORE, le=MAX_SCORE)]


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
        }

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
        )


@dataclass(frozen=True, slots=True)
class Standing:
    seat: int
    rank: int  # 1-based
    points: int
    final: float  # points after uma and oka, in thousands

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "rank": self.rank, "points": self.points, "final": self.final}
