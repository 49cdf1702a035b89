"""Hand situations: one JSON object describing a finished hand, scored by its family.

A situation names the ``variant`` (the family), the tiles in mpsz notation and how the hand was won;
:func:`score_situation` validates it and hands it to the family's scorer. Families register their
scorer with :func:`register_scorer`; a family that has not registered yet is looked up lazily in
``engine.families.<variant>.situation`` (a module that calls :func:`register_scorer` on import).
The format is documented in ``docs/situation.md``.

>>> result = score_situation({"variant": "riichi", "hand": "234789m12345666p", "win_tile": "6p",
...                           "win": "tsumo", "seat": 1, "flags": ["riichi"]})
>>> result["valid"], result["han"], result["fu"], result["points"], result["payments"]
(True, 3, 20, 2700, {'ron': 0, 'tsumo_dealer': 1300, 'tsumo_each': 700})
>>> score_situation({"variant": "riichi", "hand": "123x", "win_tile": "1m", "win": "ron"})["reason"]
"hand: bad tile notation '123x' at position 3: 'x' is neither a digit nor a suit letter (m p s z f)"
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from engine.families.riichi.scoring import FLAGS as RIICHI_FLAGS
from engine.families.riichi.scoring import RiichiScore, RiichiWin, ScoreItem, score_riichi_win
from engine.melds import Meld, MeldType
from engine.rules.riichi import RiichiRules
from engine.tiles import (
    EAST,
    RED_FIVE_TILES,
    WHITE,
    NotationError,
    Tile,
    TileFace,
    faces_to_tiles,
    format_faces,
    is_flower,
    kind_of,
    parse,
)

__all__ = [
    "VARIANTS",
    "MeldSpec",
    "Situation",
    "SituationError",
    "register_scorer",
    "score_situation",
]

VARIANTS = ("riichi", "sichuan", "lingxi")
"""The families a situation may name; each needs a registered scorer to be scored."""


class SituationError(ValueError):
    """A situation that cannot be scored as given (the message is the ``reason`` shown to the user)."""


class MeldSpec(BaseModel):
    """A meld as written in a situation: ``{"type": "pon", "tiles": "555z", "from": 2}``."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, populate_by_name=True)

    type: Literal["chi", "pon", "open_kan", "closed_kan", "added_kan"]
    tiles: str
    from_seat: int | None = Field(default=None, alias="from", ge=0, le=3)


class Situation(BaseModel):
    """A hand situation. Seats are 0..3 with 0 the dealer; tiles are mpsz (``0`` = red five)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    variant: str
    id: str | int | None = None
    ruleset: str | dict[str, Any] | None = None
    hand: str
    melds: list[MeldSpec] = Field(default_factory=list)
    win_tile: str | None = None  # None (or absent) only for a non-winner (Lingxi's base 台)
    win: Literal["tsumo", "ron"] | None  # null: score a non-winner where the family has that
    seat: int = Field(default=0, ge=0, le=3)
    round_wind: str = "E"
    flags: list[str] = Field(default_factory=list)
    dora_indicators: str = ""
    ura_indicators: str = ""
    honba: int = Field(default=0, ge=0)
    riichi_sticks: int = Field(default=0, ge=0)
    flowers: str = ""
    wild: str = ""

    @field_validator("ruleset", mode="before")
    @classmethod
    def _ruleset_shape(cls, value: Any) -> Any:
        if value is not None and not isinstance(value, str | dict):
            raise ValueError("must be a ruleset name (a string) or an object of toggles to change")
        return value

    @field_validator("id", mode="before")
    @classmethod
    def _id_shape(cls, value: Any) -> Any:
        if value is not None and (isinstance(value, bool) or not isinstance(value, str | int)):
            raise ValueError("must be a string or an integer")
        return value

    @field_validator("variant")
    @classmethod
    def _known_variant(cls, value: str) -> str:
        if value not in VARIANTS:
            raise ValueError(f"unknown variant {value!r} (known: {', '.join(VARIANTS)})")
        return value

    @field_validator("round_wind")
    @classmethod
    def _wind(cls, value: str) -> str:
        _round_wind_kind(value)
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


Scorer = Callable[[Situation], dict[str, Any]]
_SCORERS: dict[str, Scorer] = {}


def register_scorer(variant: str, scorer: Scorer) -> None:
    """Make ``scorer`` score situations of ``variant``. It returns the result dict (without
    ``valid``/``variant``, which :func:`score_situation` adds) or raises :class:`SituationError`
    (or :class:`~engine.tiles.NotationError`) for a situation it cannot score."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r} (known: {', '.join(VARIANTS)})")
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
        if isinstance(obj.get("id"), str | int):
            echo["id"] = obj["id"]
        if isinstance(obj.get("variant"), str):
            echo["variant"] = obj["variant"]
    try:
        if not isinstance(obj, dict):
            raise SituationError(f"a situation must be a JSON object, not {_json_type(obj)}")
        situation = Situation.model_validate(obj)
        result = _scorer(situation.variant)(situation)
    except ValidationError as exc:
        return {**echo, "valid": False, "reason": _validation_reason(exc), "items": []}
    except (SituationError, NotationError) as exc:
        return {**echo, "valid": False, "reason": str(exc), "items": []}
    return {**echo, **result}


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    return {bool: "a boolean", int: "a number", float: "a number", str: "a string", list: "an array"}.get(
        type(value), type(value).__name__
    )


def _validation_reason(exc: ValidationError) -> str:
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


def _faces(field: str, text: str) -> list[TileFace]:
    try:
        return parse(text)
    except NotationError as exc:
        raise SituationError(f"{field}: {exc}") from None


def _round_wind_kind(value: str) -> int:
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


def _allocate(groups: Sequence[tuple[str, list[TileFace]]], *, red_fives: bool) -> list[list[Tile]]:
    """Physical ids for every group of faces (via :func:`faces_to_tiles`), no id used twice.

    Red faces (``0``) take the copy-0 fives first. With red fives on, a plain ``5`` never takes a red
    copy (a suit has three plain fives and one red); with them off the copy-0 five is a plain five.
    """
    free = set(range(136))
    chosen: list[list[Tile]] = [[-1] * len(faces) for _, faces in groups]
    for red_pass in (True, False):
        for g, (label, faces) in enumerate(groups):
            for i, face in enumerate(faces):
                if face.red != red_pass:
                    continue
                if is_flower(face.kind):
                    raise SituationError(f"{label}: flowers ({format_faces([face])}) are not riichi tiles")
                pool = free if red_pass or not red_fives else free - set(RED_FIVE_TILES)
                try:
                    (tile,) = faces_to_tiles([face], pool)
                except ValueError:
                    raise SituationError(_too_many(label, face, red_fives)) from None
                chosen[g][i] = tile
                free.discard(tile)
    return chosen


def _too_many(label: str, face: TileFace, red_fives: bool) -> str:
    name = format_faces([face])
    if face.red:
        return f"{label}: {name} is used more than once (there is one red five per suit)"
    if red_fives and face.kind < 27 and face.kind % 9 == 4:
        return (
            f"{label}: more than 3 plain {name} across hand, melds and indicators "
            f"(with red fives on, write the red one as 0)"
        )
    return f"{label}: more than 4 copies of {name} across hand, melds and indicators"


# --------------------------------------------------------------------------------------------- riichi


def _rules_api(attr: str) -> Any:
    """A function of :mod:`engine.rules` (its loader), or None where that module does not offer it."""
    return getattr(importlib.import_module("engine.rules"), attr, None)


def _ruleset_error(exc: Exception) -> SituationError:
    return SituationError(f"ruleset: {exc}")


@lru_cache(maxsize=64)
def _rules_by_name(name: str) -> RiichiRules:
    """A preset, a user ruleset or a ruleset file, through :func:`engine.rules.load_ruleset`."""
    load_ruleset = _rules_api("load_ruleset")
    if load_ruleset is None:  # a bare engine.rules: only the model's own defaults exist
        default = RiichiRules()
        if name == default.name:
            return default
        raise SituationError(f"ruleset: unknown riichi preset {name!r} (known: {default.name})")
    try:
        loaded = load_ruleset(name)
    except (OSError, ValueError) as exc:  # RulesetError is a ValueError
        raise _ruleset_error(exc) from None
    if not isinstance(loaded, RiichiRules):
        raise SituationError(f"ruleset: {name!r} is not a riichi ruleset")
    return loaded


@lru_cache(maxsize=256)
def _rules_by_overrides(overrides_json: str) -> RiichiRules:
    """Inline overrides: keys left out come from ``base`` (default: the default preset)."""
    overrides: dict[str, Any] = json.loads(overrides_json)
    from_dict = _rules_api("from_dict")
    try:
        if from_dict is not None:
            data = {"family": "riichi", "schema_version": RiichiRules().schema_version, **overrides}
            rules = from_dict(data, source="situation ruleset")
        else:
            base_name = overrides.get("base")
            base = _rules_by_name(base_name) if isinstance(base_name, str) else RiichiRules()
            rules = RiichiRules.model_validate({**base.model_dump(), **overrides})
    except ValidationError as exc:
        raise SituationError(f"ruleset: {_validation_reason(exc)}") from None
    except ValueError as exc:
        raise _ruleset_error(exc) from None
    if not isinstance(rules, RiichiRules):
        raise SituationError("ruleset: the family of a riichi situation's ruleset must be riichi")
    return rules


@lru_cache(maxsize=1)
def _default_rules() -> RiichiRules:
    return RiichiRules()


def _riichi_rules(spec: str | dict[str, Any] | None) -> RiichiRules:
    if spec is None:
        return _default_rules()
    if isinstance(spec, str):
        return _rules_by_name(spec)
    return _rules_by_overrides(json.dumps(spec, sort_keys=True))


def _riichi_win(situation: Situation, rules: RiichiRules) -> RiichiWin:
    if situation.flowers.strip() or situation.wild.strip():
        raise SituationError("riichi has no flowers and no wild tiles: leave 'flowers' and 'wild' empty")
    unknown = [flag for flag in situation.flags if flag not in RIICHI_FLAGS]
    if unknown:
        known = ", ".join(sorted(RIICHI_FLAGS))
        raise SituationError(f"flags: unknown flag(s) {', '.join(map(repr, unknown))} (known: {known})")
    groups: list[tuple[str, list[TileFace]]] = [("hand", _faces("hand", situation.hand))]
    for i, spec in enumerate(situation.melds):
        groups.append((f"melds.{i}.tiles", _faces(f"melds.{i}.tiles", spec.tiles)))
    groups.append(("dora_indicators", _faces("dora_indicators", situation.dora_indicators)))
    groups.append(("ura_indicators", _faces("ura_indicators", situation.ura_indicators)))
    if situation.win is None or situation.win_tile is None:
        raise SituationError("riichi scores a winning hand: give 'win' (tsumo or ron) and 'win_tile'")
    win_faces = _faces("win_tile", situation.win_tile)
    if len(win_faces) != 1:
        raise SituationError(f"win_tile: must be exactly one tile, not {len(win_faces)}")
    allocated = _allocate(groups, red_fives=bool(rules.red_fives))
    hand = allocated[0]
    melds = tuple(
        _meld(i, spec, tiles, situation.seat)
        for i, (spec, tiles) in enumerate(zip(situation.melds, allocated[1:-2], strict=True))
    )
    win_tile = _pick_win_tile(hand, win_faces[0])
    return RiichiWin(
        concealed=tuple(hand),
        melds=melds,
        win_tile=win_tile,
        tsumo=situation.win == "tsumo",
        seat_wind=EAST + situation.seat,
        round_wind=_round_wind_kind(situation.round_wind),
        flags=frozenset(situation.flags),
        dora_indicators=tuple(allocated[-2]),
        ura_indicators=tuple(allocated[-1]),
        honba=situation.honba,
        riichi_sticks=situation.riichi_sticks,
    )


def _meld(index: int, spec: MeldSpec, tiles: list[Tile], seat: int) -> Meld:
    where = f"melds.{index}"
    meld_type = MeldType(spec.type)
    if meld_type is MeldType.CLOSED_KAN:
        if spec.from_seat is not None:
            raise SituationError(f"{where}: a closed kan is not claimed from anyone: leave out 'from'")
    elif spec.from_seat == seat:
        raise SituationError(f"{where}: {spec.type} cannot be claimed from the winner's own seat {seat}")
    elif meld_type is MeldType.CHI and spec.from_seat is not None and spec.from_seat != (seat + 3) % 4:
        raise SituationError(f"{where}: chi is claimed from the previous seat ({(seat + 3) % 4})")
    size = 3 if meld_type in (MeldType.CHI, MeldType.PON) else 4
    if len(tiles) != size:
        raise SituationError(f"{where}: {spec.type} has {size} tiles, not {len(tiles)}")
    kinds = sorted(kind_of(t) for t in tiles)
    if meld_type is MeldType.CHI:
        if kinds[0] >= 27 or kinds[0] % 9 > 6 or kinds != [kinds[0], kinds[0] + 1, kinds[0] + 2]:
            raise SituationError(
                f"{where}: chi must be three consecutive tiles of one suit, not {spec.tiles}"
            )
    elif kinds[0] != kinds[-1]:
        raise SituationError(f"{where}: {spec.type} must be {size} tiles of one kind, not {spec.tiles}")
    ordered = tuple(sorted(tiles))
    from_seat = None if meld_type is MeldType.CLOSED_KAN else spec.from_seat
    added = ordered[-1] if meld_type is MeldType.ADDED_KAN else None
    return Meld(meld_type, ordered, called=None, from_seat=from_seat, added=added)


def _pick_win_tile(hand: list[Tile], face: TileFace) -> Tile:
    same_kind = [t for t in hand if kind_of(t) == face.kind]
    if not same_kind:
        raise SituationError(
            f"win_tile: {format_faces([face])} is not in the hand (the hand includes the winning tile)"
        )
    exact = [t for t in same_kind if (t in RED_FIVE_TILES) == face.red]
    return (exact or same_kind)[0]


def _items(items: Sequence[ScoreItem]) -> list[dict[str, Any]]:
    return [{"key": item.key, "name": item.name, "value": item.value} for item in items]


def _riichi_result(score: RiichiScore) -> dict[str, Any]:
    if not score.valid:
        return {"valid": False, "reason": score.reason, "items": []}
    return {
        "valid": True,
        "han": score.han,
        "fu": score.fu,
        "yakuman": score.yakuman,
        "limit": score.limit,
        "points": score.points,
        "payments": {
            "ron": score.ron_payment,
            "tsumo_dealer": score.tsumo_dealer_payment,
            "tsumo_each": score.tsumo_payment,
        },
        "honba_bonus": score.honba_bonus,
        "riichi_sticks_bonus": score.sticks_bonus,
        "total": score.total,
        "items": _items(score.items),
        "fu_items": _items(score.fu_items),
    }


def _score_riichi(situation: Situation) -> dict[str, Any]:
    rules = _riichi_rules(situation.ruleset)
    return _riichi_result(score_riichi_win(_riichi_win(situation, rules), rules))


register_scorer("riichi", _score_riichi)
