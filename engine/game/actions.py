"""Actions: the only way a game changes. A game is its ruleset + seed (or walls) + a list of these.

Actions are small immutable values. The engine lists the legal ones (:meth:`Game.legal_actions`) and
applies exactly those; anything else is refused with :class:`IllegalAction`.

An action checks its own fields when it is made and raises :class:`MalformedAction` (a
``ValueError``) with a one-line message naming the field:

* ``seat``: an ``int`` (not a ``bool``), ``0 <= seat < MAX_SEATS`` (the game checks its own seats);
* ``type``: an :class:`ActionType`; a plain string naming one (``"discard"``) is converted to it;
* ``tile``: None or a tile id, an ``int`` ``0 <= tile < TILE_IDS``;
* ``tiles``: a tuple of tile ids (a list is converted to a tuple);
* ``suit``: 0, 1 or 2 on ``declare_lack`` (required there) and None on every other type.

An ``int`` subclass other than ``bool`` (an ``IntEnum``) is stored as a plain ``int``.
:meth:`Action.from_json` is stricter still: exact JSON types, no conversion, no unknown field.

>>> a = Action(0, ActionType.DISCARD, tile=53)
>>> Action.from_json(a.to_json()) == a
True
>>> Action(0, "pon", tile=5, tiles=[6, 7]) == Action(0, ActionType.PON, tile=5, tiles=(6, 7))
True
>>> def refusal(make):
...     try:
...         make()
...     except MalformedAction as exc:
...         return str(exc)
>>> refusal(lambda: Action(0, ActionType.DISCARD, tile=5.0))
"action 'tile' must be a tile id (an integer 0..143), not 5.0"
>>> refusal(lambda: Action.from_json({"seat": 0.9, "type": "discard", "tile": 5}))
"action 'seat' must be an integer 0..7, not 0.9"
>>> refusal(lambda: Action(0, ActionType.CHI, tile=5, tiles=(8, 12), suit=-1))
"action 'suit' belongs to declare_lack only, not to chi"
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
    NUKI = "nuki"  # riichi with three players: set the north ``tile`` aside as a bonus tile (kita)
    # practice tools (only in practice games; see engine/game/practice.py)
    PRACTICE_SWAP = "practice_swap"  # swap hand tile ``tile`` for the wall tile ``tiles[0]``
    PRACTICE_PEEK = "practice_peek"  # see the next tile to be drawn
    PRACTICE_LOCATE = "practice_locate"  # see roughly where the copies of ``tile``'s kind lie


PRACTICE_TYPES = frozenset({ActionType.PRACTICE_SWAP, ActionType.PRACTICE_PEEK, ActionType.PRACTICE_LOCATE})


CLAIM_TYPES = frozenset(
    {ActionType.RON, ActionType.CHI, ActionType.PON, ActionType.OPEN_KAN, ActionType.PASS}
)


MAX_SEATS = 8
"""Seats an action may name at most; the game refuses seats it does not have."""
TILE_IDS = 144
"""Physical tile ids are ``0 <= id < TILE_IDS`` (136 tiles of the 34 kinds, then 8 flowers)."""
FIELDS = frozenset({"seat", "type", "tile", "tiles", "suit"})


class MalformedAction(ValueError):
    """An action whose fields have the wrong type or range. The message is one line naming the field."""


_TYPES: dict[str, ActionType] = {t.value: t for t in ActionType}
_DECLARE_LACK = ActionType.DECLARE_LACK
_SEAT_RANGE = f"an integer 0..{MAX_SEATS - 1}"
_TILE_RANGE = f"a tile id (an integer 0..{TILE_IDS - 1})"
_SUIT_RANGE = "0 (man), 1 (pin) or 2 (sou)"


@dataclass(frozen=True, slots=True, init=False)
class Action:
    """One decision of one seat. ``tile`` and ``tiles`` are physical tile ids (see the module text for
    what each field may hold; a malformed field raises :class:`MalformedAction`)."""

    seat: int
    type: ActionType
    tile: int | None = None
    tiles: tuple[int, ...] = ()
    suit: int | None = None

    def __init__(
        self,
        seat: int,
        type: ActionType | str,
        tile: int | None = None,
        tiles: tuple[int, ...] | list[int] = (),
        suit: int | None = None,
    ) -> None:
        # Actions are made on the simulation hot path: the common case costs a few identity and range
        # tests (``x.__class__``, as ``type`` names the parameter); the rest goes to the slow checks
        # below the class, which convert or raise.
        if seat.__class__ is not int or not 0 <= seat < MAX_SEATS:
            seat = _int_field("seat", seat, MAX_SEATS, _SEAT_RANGE)
        if type.__class__ is not ActionType:
            type = _action_type(type)
        if tile is not None and (tile.__class__ is not int or not 0 <= tile < TILE_IDS):
            tile = _int_field("tile", tile, TILE_IDS, _TILE_RANGE)
        if tiles.__class__ is not tuple:
            tiles = _tile_tuple(tiles)
        elif tiles:
            for t in tiles:
                if t.__class__ is not int or not 0 <= t < TILE_IDS:
                    tiles = _tile_tuple(tiles)
                    break
        if type is _DECLARE_LACK:
            if suit.__class__ is not int or not 0 <= suit <= 2:
                if suit is None:
                    raise MalformedAction(f"action 'suit' is required on declare_lack: {_SUIT_RANGE}")
                suit = _int_field("suit", suit, 3, _SUIT_RANGE)
        elif suit is not None:
            raise MalformedAction(f"action 'suit' belongs to declare_lack only, not to {type.value}")
        object.__setattr__(self, "seat", seat)  # (compiled: a native write)
        object.__setattr__(self, "type", type)
        object.__setattr__(self, "tile", tile)
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "suit", suit)

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
        """Build an action from its JSON form, strictly: exact JSON types (an integer is not a float,
        a string or a boolean; ``tiles`` is an array of integers; ``tile`` and ``suit`` may be null,
        which is the same as absent), no unknown field. Raises :class:`MalformedAction` (a
        ``ValueError``) with a one-line message naming the field."""
        if type(data) is not dict:
            raise MalformedAction(f"an action must be a JSON object, not {_shown(data, json=True)}")
        unknown = data.keys() - FIELDS
        if unknown:
            names = sorted(_shown(k, json=True) for k in unknown)
            more = f" and {len(names) - 5} more" if len(names) > 5 else ""
            raise MalformedAction(f"unknown action field(s): {', '.join(names[:5])}{more}")
        for name in ("seat", "type"):
            if name not in data:
                raise MalformedAction(f"action needs {name!r}")
        seat, kind = data["seat"], data["type"]
        tile, tiles, suit = data.get("tile"), data.get("tiles", []), data.get("suit")
        if type(seat) is not int:
            raise MalformedAction(f"action 'seat' must be {_SEAT_RANGE}, not {_shown(seat, json=True)}")
        if type(kind) is not str:
            raise MalformedAction(f"action 'type' must be a string, not {_shown(kind, json=True)}")
        if tile is not None and type(tile) is not int:
            raise MalformedAction(f"action 'tile' must be {_TILE_RANGE}, not {_shown(tile, json=True)}")
        if type(tiles) is not list:
            shown = _shown(tiles, json=True)
            raise MalformedAction(f"action 'tiles' must be an array of tile ids, not {shown}")
        for t in tiles:
            if type(t) is not int:
                raise MalformedAction(f"action 'tiles' must hold tile ids only, not {_shown(t, json=True)}")
        if suit is not None and type(suit) is not int:
            raise MalformedAction(f"action 'suit' must be {_SUIT_RANGE}, not {_shown(suit, json=True)}")
        return cls(seat, _action_type(kind), tile, tuple(tiles), suit)

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


# ----------------------------------------------------------------------------- field checks
def _int_field(name: str, value: object, end: int, expected: str) -> int:
    """``value`` as a plain int in ``0..end-1``, or MalformedAction naming the field."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < end:
        return int(value)
    raise MalformedAction(f"action {name!r} must be {expected}, not {_shown(value)}")


def _action_type(value: object) -> ActionType:
    if isinstance(value, ActionType):
        return value
    if isinstance(value, str):
        kind = _TYPES.get(value)
        if kind is not None:
            return kind
        raise MalformedAction(f"unknown action type {_shown(value)}")
    raise MalformedAction(f"action 'type' must be an ActionType or its name, not {_shown(value)}")


def _tile_tuple(value: object) -> tuple[int, ...]:
    if not isinstance(value, tuple | list):
        raise MalformedAction(f"action 'tiles' must be a tuple of tile ids, not {_shown(value)}")
    out = tuple(value)
    for t in out:
        if type(t) is not int or not 0 <= t < TILE_IDS:
            return tuple(_int_field("tiles", x, TILE_IDS, "tile ids (integers 0..143) only") for x in out)
    return out


def _shown(value: object, *, json: bool = False) -> str:
    """A short, one-line, safe picture of a bad value for a message (never a 5,000-digit number)."""
    if isinstance(value, bool):
        return ("true" if value else "false") if json else repr(value)
    if value is None:
        return "null" if json else "None"
    if isinstance(value, int):
        bits = value.bit_length()
        if bits > 64:
            sign = "a negative" if value < 0 else "an"
            return f"{sign} integer of about {int(bits * 0.30103) + 1} digits"
        return str(int(value))
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        text = repr(value)
        return text if len(text) <= 40 else text[:36] + "...'"
    if json and isinstance(value, dict):
        return "an object"
    if json and isinstance(value, list):
        return "an array"
    return f"a {type(value).__name__}"
