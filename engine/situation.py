"""Hand situations: one JSON object describing a finished hand, scored by its family.

A situation names the ``variant`` (the family), the tiles in mpsz notation and how the hand was won;
:func:`score_situation` validates it and hands it to the family's scorer. Families register their
scorer with :func:`register_scorer`; a family that has not registered yet is looked up lazily in
``engine.families.<variant>.situation`` (a module that calls :func:`register_scorer` on import).
The format is documented in ``docs/situation.md``.

Every field is bounded (:data:`NOTATION_TILES`, :data:`MAX_MELDS`, ...), so that no situation costs more
than a hand's worth of work: :func:`situation_limits` names the first field beyond its bound (the
``score`` command refuses such a line as bad input), and the model refuses the same values.

>>> result = score_situation({"variant": "riichi", "hand": "234789m12345666p", "win_tile": "6p",
...                           "win": "tsumo", "seat": 1, "flags": ["riichi"]})
>>> result["valid"], result["han"], result["fu"], result["points"], result["payments"]
(True, 3, 20, 2700, {'ron': 0, 'tsumo_dealer': 1300, 'tsumo_each': 700})
>>> score_situation({"variant": "riichi", "hand": "123x", "win_tile": "1m", "win": "ron"})["reason"]
"hand: bad tile notation '123x' at position 3: 'x' is neither a digit nor a suit letter (m p s z f)"
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from engine.tiles import (
    EAST,
    WHITE,
    NotationError,
    TileFace,
    is_flower,
    parse,
)

__all__ = [
    "MAX_MELDS",
    "NOTATION_TILES",
    "MeldSpec",
    "Situation",
    "SituationError",
    "faces_of",
    "register_scorer",
    "round_wind_kind",
    "score_situation",
    "situation_limits",
    "validation_reason",
    "variants",
]


def variants() -> list[str]:
    """The families a situation may name (the registry's); each registers its scorer in its package's
    ``situation`` module."""
    from engine.families.registry import family_names

    return family_names()


CHARS_PER_TILE = 3  # "1m " : a tile written on its own with a space after it
NOTATION_TILES = {
    "hand": 64,  # far more than any hand (14 tiles, 17 in Lingxi) and a few kans
    "win_tile": 1,
    "dora_indicators": 16,
    "ura_indicators": 16,
    "flowers": 16,
    "wild": 4,
    "round_wind": 1,
}
"""The most tiles each notation field may be written with (at :data:`CHARS_PER_TILE` characters each)."""
MELD_TILES = 4
MAX_MELDS = 8
MAX_FLAGS = 32
MAX_WORD = 32  # a flag, a variant name
MAX_ID_CHARS = 256
MAX_RULESET_NAME = 4096  # a preset or user ruleset name, or a file path
MAX_RULESET_KEYS = 1024
MAX_COUNTER = 10_000  # honba, riichi sticks


def _chars(tiles: int) -> int:
    return tiles * CHARS_PER_TILE + 2  # and a little room for a leading or trailing space


def situation_limits(obj: Any) -> tuple[str, str] | None:
    """``(field, problem)`` for the first field of a raw situation beyond its size limit, else None.

    Only sizes are checked here (string lengths, list lengths, number of keys); types and values are
    the model's job. Cheap: it never looks inside a string."""
    if not isinstance(obj, dict):
        return None
    if len(obj) > 4 * len(Situation.model_fields):
        return "", f"a situation has at most {len(Situation.model_fields)} keys, not {len(obj)}"
    for key, tiles in NOTATION_TILES.items():
        value = obj.get(key)
        if isinstance(value, str) and len(value) > _chars(tiles):
            plural = "s" if tiles > 1 else ""
            return key, f"at most {tiles} tile{plural} ({_chars(tiles)} characters), not {len(value)}"
    melds = obj.get("melds")
    if isinstance(melds, list):
        if len(melds) > MAX_MELDS:
            return "melds", f"at most {MAX_MELDS} melds, not {len(melds)}"
        for i, meld in enumerate(melds):
            written = meld.get("tiles") if isinstance(meld, dict) else None
            if isinstance(written, str) and len(written) > _chars(MELD_TILES):
                return f"melds.{i}.tiles", f"at most {MELD_TILES} tiles ({_chars(MELD_TILES)} characters)"
    flags = obj.get("flags")
    if isinstance(flags, list):
        if len(flags) > MAX_FLAGS:
            return "flags", f"at most {MAX_FLAGS} flags, not {len(flags)}"
        for i, flag in enumerate(flags):
            if isinstance(flag, str) and len(flag) > MAX_WORD:
                return f"flags.{i}", f"a flag is at most {MAX_WORD} characters"
    for key, most in (("id", MAX_ID_CHARS), ("variant", MAX_WORD), ("ruleset", MAX_RULESET_NAME)):
        value = obj.get(key)
        if isinstance(value, str) and len(value) > most:
            return key, f"at most {most} characters, not {len(value)}"
    ruleset = obj.get("ruleset")
    if isinstance(ruleset, dict) and len(ruleset) > MAX_RULESET_KEYS:
        return "ruleset", f"at most {MAX_RULESET_KEYS} keys, not {len(ruleset)}"
    return None


class SituationError(ValueError):
    """A situation that cannot be scored as given (the message is the ``reason`` shown to the user).
    ``key`` and ``args`` name the commonest reasons for the table's words (``reason_key`` and
    ``reason_args`` of the result; see :data:`REASON_KEYS`)."""

    def __init__(self, message: str, key: str = "", **args: int) -> None:
        super().__init__(message)
        self.key = key
        self.args_of_key = args


# The reasons a result may name besides its English ``reason`` (``reason_key``, with ``reason_args``):
# what a player building a hand meets most, which the table words in the player's language.
REASON_KEYS = {
    "hand_size": "held tiles in the hand (the winning tile included), needed tiles for a win",
    "win_tile_not_in_hand": "the winning tile is not among the hand's tiles",
    "not_complete": "the tiles do not make a complete hand",
    "no_yaku": "complete, but without a yaku (riichi)",
    "three_suits": "the hand holds all three suits (Sichuan: one must be lacking)",
    "wild_missing": "the shown 财神 tiles are not given (Lingxi)",
}


def invalid_result(reason: str, key: str = "", args: dict[str, int] | None = None) -> dict[str, Any]:
    """A result that is not a valid win: ``reason`` in English, and its ``reason_key`` when it has one."""
    out: dict[str, Any] = {"valid": False, "reason": reason, "items": []}
    if key:
        out["reason_key"] = key
        out["reason_args"] = dict(args or {})
    return out


class MeldSpec(BaseModel):
    """A meld as written in a situation: ``{"type": "pon", "tiles": "555z", "from": 2}``."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, populate_by_name=True)

    type: Literal["chi", "pon", "open_kan", "closed_kan", "added_kan"]
    tiles: str = Field(max_length=_chars(MELD_TILES))
    from_seat: int | None = Field(default=None, alias="from", ge=0, le=3)  # below the ruleset's players


class Situation(BaseModel):
    """A hand situation. Seats are 0..n-1 for the ruleset's n players (2, 3 or 4) with 0 the dealer;
    tiles are mpsz (``0`` = red five)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    variant: str = Field(max_length=MAX_WORD)
    id: str | int | None = None
    ruleset: str | dict[str, Any] | None = None
    hand: str = Field(max_length=_chars(NOTATION_TILES["hand"]))
    melds: list[MeldSpec] = Field(default_factory=list, max_length=MAX_MELDS)
    # None (or absent) only for a non-winner (Lingxi's base 台)
    win_tile: str | None = Field(default=None, max_length=_chars(NOTATION_TILES["win_tile"]))
    win: Literal["tsumo", "ron"] | None  # null: score a non-winner where the family has that
    seat: int = Field(default=0, ge=0, le=3)
    round_wind: str = Field(default="E", max_length=_chars(NOTATION_TILES["round_wind"]))
    flags: list[Annotated[str, Field(max_length=MAX_WORD)]] = Field(
        default_factory=list, max_length=MAX_FLAGS
    )
    dora_indicators: str = Field(default="", max_length=_chars(NOTATION_TILES["dora_indicators"]))
    ura_indicators: str = Field(default="", max_length=_chars(NOTATION_TILES["ura_indicators"]))
    honba: int = Field(default=0, ge=0, le=MAX_COUNTER)
    riichi_sticks: int = Field(default=0, ge=0, le=MAX_COUNTER)
    flowers: str = Field(default="", max_length=_chars(NOTATION_TILES["flowers"]))
    wild: str = Field(default="", max_length=_chars(NOTATION_TILES["wild"]))
    nuki: int = Field(default=0, ge=0, le=4)  # norths set aside (three-player riichi's nukidora)

    @field_validator("ruleset", mode="before")
    @classmethod
    def _ruleset_shape(cls, value: Any) -> Any:
        if value is not None and not isinstance(value, str | dict):
            raise ValueError("must be a ruleset name (a string) or an object of toggles to change")
        if isinstance(value, str) and len(value) > MAX_RULESET_NAME:
            raise ValueError(f"a ruleset name is at most {MAX_RULESET_NAME} characters")
        if isinstance(value, dict) and len(value) > MAX_RULESET_KEYS:
            raise ValueError(f"at most {MAX_RULESET_KEYS} toggles")
        return value

    @field_validator("id", mode="before")
    @classmethod
    def _id_shape(cls, value: Any) -> Any:
        if value is not None and (isinstance(value, bool) or not isinstance(value, str | int)):
            raise ValueError("must be a string or an integer")
        if isinstance(value, str) and len(value) > MAX_ID_CHARS:
            raise ValueError(f"at most {MAX_ID_CHARS} characters")
        if isinstance(value, int) and not -(10**12) < value < 10**12:
            raise ValueError("an integer id has at most 12 digits")
        return value

    @field_validator("variant")
    @classmethod
    def _known_variant(cls, value: str) -> str:
        known = variants()
        if value not in known:
            raise ValueError(f"unknown variant {value!r} (known: {', '.join(known)})")
        return value

    @field_validator("round_wind")
    @classmethod
    def _wind(cls, value: str) -> str:
        round_wind_kind(value)
        return value

    @field_validator("flowers")
    @classmethod
    def _flowers(cls, value: str) -> str:
        faces = parse(value)  # a NotationError is a ValueError: reported with its position
        if any(not is_flower(face.kind) and face.kind != WHITE for face in faces):
            raise ValueError(f"only flowers (1f..8f) and 白板 (5z), not {value!r}")
        return value

    @field_validator("wild")
    @classmethod
    def _wild(cls, value: str) -> str:
        parse(value)
        return value


def check_seats(situation: Situation, players: int) -> None:
    """Refuse a seat (the winner's, or a meld's ``from``) the ruleset's table does not have."""
    seats = f"with {players} players (0..{players - 1})"
    if situation.seat >= players:
        raise SituationError(f"seat: {situation.seat} is not a seat {seats}")
    for i, meld in enumerate(situation.melds):
        if meld.from_seat is not None and meld.from_seat >= players:
            raise SituationError(f"melds.{i}.from: {meld.from_seat} is not a seat {seats}")


Scorer = Callable[[Situation], dict[str, Any]]
_SCORERS: dict[str, Scorer] = {}


def register_scorer(variant: str, scorer: Scorer) -> None:
    """Make ``scorer`` score situations of ``variant``. It returns the result dict (without
    ``valid``/``variant``, which :func:`score_situation` adds) or raises :class:`SituationError`
    (or :class:`~engine.tiles.NotationError`) for a situation it cannot score."""
    known = variants()
    if variant not in known:
        raise ValueError(f"unknown variant {variant!r} (known: {', '.join(known)})")
    _SCORERS[variant] = scorer


def _scorer(variant: str) -> Scorer:
    scorer = _SCORERS.get(variant)
    if scorer is None:
        module = f"engine.families.{variant}.situation"
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name is None or not module.startswith(exc.name):
                raise
        scorer = _SCORERS.get(variant)
    if scorer is None:
        raise SituationError(f"variant {variant!r} cannot be scored yet")
    return scorer


def score_situation(obj: Any) -> dict[str, Any]:
    """Score one situation (a parsed JSON object). Never raises for bad input: the result then has
    ``valid: false`` and a ``reason``. See ``docs/situation.md`` for the fields."""
    echo: dict[str, Any] = {}
    if isinstance(obj, dict):
        ident = obj.get("id")
        if (isinstance(ident, str) and len(ident) <= MAX_ID_CHARS) or (
            isinstance(ident, int) and not isinstance(ident, bool) and -(10**12) < ident < 10**12
        ):
            echo["id"] = ident
        if isinstance(obj.get("variant"), str) and len(obj["variant"]) <= MAX_WORD:
            echo["variant"] = obj["variant"]
    try:
        if not isinstance(obj, dict):
            raise SituationError(f"a situation must be a JSON object, not {_json_type(obj)}")
        situation = Situation.model_validate(obj)
        result = _scorer(situation.variant)(situation)
    except ValidationError as exc:
        return {**echo, "valid": False, "reason": validation_reason(exc), "items": []}
    except SituationError as exc:
        return {**echo, **invalid_result(str(exc), exc.key, exc.args_of_key)}
    except NotationError as exc:
        return {**echo, "valid": False, "reason": str(exc), "items": []}
    return {**echo, **result}


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    return {bool: "a boolean", int: "a number", float: "a number", str: "a string", list: "an array"}.get(
        type(value), type(value).__name__
    )


def validation_reason(exc: ValidationError) -> str:
    parts = []
    for error in exc.errors(include_url=False):
        where = ".".join(str(p) for p in error["loc"])
        message = str(error["msg"])
        if error["type"] == "extra_forbidden":
            message = "unknown key"
        elif error["type"] == "missing":
            message = "missing"
        elif error["type"] == "value_error":
            message = message.removeprefix("Value error, ")
        parts.append(f"{where}: {message}" if where else message)
    return "; ".join(parts)


# ---------------------------------------------------------------------------------------------- tiles


def faces_of(field: str, text: str) -> list[TileFace]:
    try:
        return parse(text)
    except NotationError as exc:
        raise SituationError(f"{field}: {exc}") from None


def round_wind_kind(value: str) -> int:
    text = value.strip()
    if text.upper() in ("E", "S", "W", "N"):
        return EAST + "ESWN".index(text.upper())
    try:
        faces = parse(text)
    except NotationError:
        faces = []
    if len(faces) != 1 or not EAST <= faces[0].kind <= EAST + 3:
        raise ValueError(f"must be E, S, W, N or a wind tile (1z..4z), not {value!r}")
    return faces[0].kind
