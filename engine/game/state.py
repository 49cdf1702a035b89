"""Per-seat state within one hand, and the results a hand ends with."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.analysis.decompose import Decomposition
from engine.melds import Meld


@dataclass(init=False, slots=True)
class Discard:
    tile: int
    tsumogiri: bool = False  # discarded straight after drawing it
    sideways: bool = False  # the riichi declaration tile (laid sideways in the pond)
    claimed_by: int | None = None  # seat that called it away from the pond

    def __init__(
        self,
        tile: int,
        tsumogiri: bool = False,
        sideways: bool = False,
        claimed_by: int | None = None,
    ) -> None:
        # (written out, not the dataclass's: compiled with mypyc, the generated one stays Python code)
        self.tile = tile
        self.tsumogiri = tsumogiri
        self.sideways = sideways
        self.claimed_by = claimed_by


@dataclass(slots=True)
class PlayerState:
    hand: list[int] = field(default_factory=list)  # concealed tiles, including a just-drawn tile
    drawn: int | None = None  # the tile drawn this turn, while it is still in the hand
    melds: list[Meld] = field(default_factory=list)
    discards: list[Discard] = field(default_factory=list)
    flowers: list[int] = field(default_factory=list)
    won: bool = False  # has won and left play (Sichuan 血战)
    lacking_suit: int | None = None  # 定缺 (Sichuan)

    @property
    def is_closed(self) -> bool:
        return not self.melds or all(not m.is_open for m in self.melds)


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One line of a settlement: ``key`` is stable, ``value`` is han/番/台/points, ``args`` the facts the
    words need (``kinds``: the tile kinds it is about, ``count``: how many, ``dealt``: 1 when dealt).
    ``name`` is the scorer's own label for logs and the command line; the table words ``key`` and
    ``args`` in the player's language."""

    key: str
    name: str
    value: int
    args: tuple[tuple[str, int | tuple[int, ...]], ...] = ()

    def arg(self, name: str, default: int | tuple[int, ...] | None = None) -> int | tuple[int, ...] | None:
        return dict(self.args).get(name, default)

    def to_json(self, *, with_args: bool = False) -> dict[str, Any]:
        """The line as JSON; ``args`` only when asked (a scored situation gives them to the calculator).
        A log leaves them out: its summary is compared exactly with the rebuilt game's, and logs written
        before the args existed must keep replaying."""
        out: dict[str, Any] = {"key": self.key, "name": self.name, "value": self.value}
        if with_args and self.args:
            out["args"] = {k: list(v) if isinstance(v, tuple) else v for k, v in self.args}
        return out


@dataclass(frozen=True, slots=True)
class Win:
    seat: int
    from_seat: int  # == seat for a self-draw
    tile: int
    points: int  # value of the hand to the winner before bonuses (honba, sticks)
    han: int = 0
    fu: int = 0
    items: tuple[ScoreLine, ...] = ()
    hand: tuple[int, ...] = ()  # concealed tiles including the winning tile
    melds: tuple[Meld, ...] = ()
    limit: str = ""
    reading: Decomposition | None = field(default=None, compare=False)  # how the hand was scored

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "from": self.from_seat,
            "tile": self.tile,
            "points": self.points,
            "han": self.han,
            "fu": self.fu,
            "limit": self.limit,
            "items": [i.to_json() for i in self.items],
            "hand": list(self.hand),
            "melds": [
                {"type": m.type.value, "tiles": list(m.tiles), "from": m.from_seat} for m in self.melds
            ],
        }


@dataclass(frozen=True, slots=True)
class Payment:
    """``payer`` pays ``amount`` to ``payee`` because of ``reason`` (a stable key); ``details`` are the
    numbers behind the amount (e.g. Lingxi's ``higher``/``lower`` 台 and the dealer ``factor``)."""

    payer: int | None  # None: from the table (riichi sticks)
    payee: int | None  # None: onto the table (a riichi stick)
    amount: int
    reason: str
    details: tuple[tuple[str, int], ...] = ()

    def detail(self, name: str, default: int | None = None) -> int | None:
        return dict(self.details).get(name, default)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "payer": self.payer,
            "payee": self.payee,
            "amount": self.amount,
            "reason": self.reason,
        }
        if self.details:
            out["details"] = dict(self.details)
        return out


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended. ``kind`` is "win", "exhaustive_draw" or "abortive_draw"."""

    kind: str
    wins: tuple[Win, ...] = ()
    payments: tuple[Payment, ...] = ()
    score_changes: tuple[int, ...] = (0, 0, 0, 0)
    reason: str = ""  # abortive draw reason, or "nagashi_mangan"
    tenpai: tuple[int, ...] = ()
    dealer_continues: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "reason": self.reason,
            "wins": [w.to_json() for w in self.wins],
            "payments": [p.to_json() for p in self.payments],
            "score_changes": list(self.score_changes),
            "tenpai": list(self.tenpai),
            "dealer_continues": self.dealer_continues,
        }
