"""Match state between hands: scores, round, dealer, honba, sticks on the table."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


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
    def from_json(cls, data: dict[str, Any]) -> MatchState:
        return cls(
            scores=[int(s) for s in data["scores"]],
            round_index=int(data.get("round_index", 0)),
            honba=int(data.get("honba", 0)),
            pot=int(data.get("pot", data.get("riichi_sticks", 0))),  # "riichi_sticks": logs before 0.2
            hand_index=int(data.get("hand_index", 0)),
            over=bool(data.get("over", False)),
            first_dealer=int(data.get("first_dealer", 0)),
        )


@dataclass(frozen=True, slots=True)
class Standing:
    seat: int
    rank: int  # 1-based
    points: int
    final: float  # points after uma and oka, in thousands

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "rank": self.rank, "points": self.points, "final": self.final}
