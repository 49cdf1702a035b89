"""Actions: the only way a game changes. A game is its ruleset + seed (or walls) + a list of these.

Actions are small immutable values. The engine lists the legal ones (:meth:`Game.legal_actions`) and
applies exactly those; anything else is refused with :class:`IllegalAction`.

>>> a = Action(0, ActionType.DISCARD, tile=53)
>>> Action.from_json(a.to_json()) == a
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class ActionType(StrEnum):
    DISCARD = "discard"  # tile: the discarded tile
    RIICHI = "riichi"  # declare riichi and discard ``tile``
    TSUMO = "tsumo"  # win on the tile just drawn
    RON = "ron"  # win on ``tile`` (a discard, or the tile of a kan being robbed)
    CHI = "chi"  # tile: the claimed discard; tiles: the two own tiles
    PON = "pon"  # tile: the claimed discard; tiles: the two own tiles
    OPEN_KAN = "open_kan"  # tile: the claimed discard; tiles: the three own tiles
    CLOSED_KAN = "closed_kan"  # tiles: the four own tiles
    ADDED_KAN = "added_kan"  # tile: the own tile added to a pon
    PASS = "pass"  # decline every claim on a discard or kan
    NINE_TERMINALS = "nine_terminals"  # abortive draw: nine kinds of terminals and honours
    DECLARE_LACK = "declare_lack"  # Sichuan 定缺: ``suit`` is the lacking suit
    EXCHANGE = "exchange"  # Sichuan 换三张: ``tiles`` are the three tiles passed on
    # practice tools (only in practice games; see engine/game/practice.py)
    PRACTICE_SWAP = "practice_swap"  # swap hand tile ``tile`` for the wall tile ``tiles[0]``
    PRACTICE_PEEK = "practice_peek"  # see the next tile to be drawn
    PRACTICE_LOCATE = "practice_locate"  # see roughly where the copies of ``tile``'s kind lie


PRACTICE_TYPES = frozenset({ActionType.PRACTICE_SWAP, ActionType.PRACTICE_PEEK, ActionType.PRACTICE_LOCATE})


CLAIM_TYPES = frozenset(
    {ActionType.RON, ActionType.CHI, ActionType.PON, ActionType.OPEN_KAN, ActionType.PASS}
)


@dataclass(frozen=True, slots=True)
class Action:
    """One decision of one seat. ``tile`` and ``tiles`` are physical tile ids."""

    seat: int
    type: ActionType
    tile: int | None = None
    tiles: tuple[int, ...] = ()
    suit: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "type": self.type.value}
        if self.tile is not None:
            out["tile"] = self.tile
        if self.tiles:
            out["tiles"] = list(self.tiles)
        if self.suit is not None:
            out["suit"] = self.suit
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Action:
        """Build an action from its JSON form; raises ValueError on a malformed object."""
        if not isinstance(data, dict):
            raise ValueError(f"an action must be a JSON object, not {type(data).__name__}")
        unknown = set(data) - {"seat", "type", "tile", "tiles", "suit"}
        if unknown:
            raise ValueError(f"unknown action field(s): {', '.join(sorted(unknown))}")
        try:
            seat = int(data["seat"])
            kind = ActionType(data["type"])
        except KeyError as exc:
            raise ValueError(f"action needs {exc.args[0]!r}") from None
        except ValueError:
            raise ValueError(f"unknown action type {data.get('type')!r}") from None
        tile = data.get("tile")
        tiles = data.get("tiles", [])
        suit = data.get("suit")
        if tile is not None and not isinstance(tile, int):
            raise ValueError("action 'tile' must be an integer tile id")
        if not isinstance(tiles, list) or not all(isinstance(t, int) for t in tiles):
            raise ValueError("action 'tiles' must be a list of integer tile ids")
        if suit is not None and (not isinstance(suit, int) or not 0 <= suit <= 2):
            raise ValueError("action 'suit' must be 0 (man), 1 (pin) or 2 (sou)")
        return cls(seat, kind, tile, tuple(tiles), suit)

    def describe(self) -> str:
        """A short human description, e.g. ``seat 1 pon 5p``."""
        from engine.tiles import format_tiles

        def tiles_text(tiles: tuple[int, ...]) -> str:
            if all(0 <= t < 144 for t in tiles):
                return format_tiles(tiles)
            return "tile ids " + ",".join(str(t) for t in tiles)

        parts = [f"seat {self.seat}", self.type.value]
        if self.tile is not None:
            parts.append(tiles_text((self.tile,)))
        if self.tiles:
            parts.append("with " + tiles_text(self.tiles))
        if self.suit is not None:
            parts.append("suit " + ("mps"[self.suit] if 0 <= self.suit <= 2 else str(self.suit)))
        return " ".join(parts)
