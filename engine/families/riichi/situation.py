"""Scoring a riichi situation (``"variant": "riichi"``): the hand, melds, indicators and flags of a
situation become a :class:`~engine.families.riichi.scoring.RiichiWin`, scored by the ruleset it names.

The generic part — the JSON model, validation and the scorer registry — is :mod:`engine.situation`;
this module registers the riichi scorer on import.

>>> from engine.situation import score_situation
>>> score_situation({"variant": "riichi", "hand": "234789m12345666p", "win_tile": "6p",
...                  "win": "tsumo", "seat": 1, "flags": ["riichi"]})["points"]
2700
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from pydantic import ValidationError

from engine.families.riichi.hand import nuki_in_play
from engine.families.riichi.scoring import FLAGS as RIICHI_FLAGS
from engine.families.riichi.scoring import RiichiScore, RiichiWin, ScoreItem, score_riichi_win
from engine.melds import Meld, MeldType
from engine.rules.riichi import RiichiRules
from engine.situation import (
    MeldSpec,
    Situation,
    SituationError,
    check_seats,
    faces_of,
    invalid_result,
    register_scorer,
    round_wind_kind,
    validation_reason,
)
from engine.tiles import (
    EAST,
    NORTH,
    RED_FIVE_TILES,
    Tile,
    TileFace,
    faces_to_tiles,
    format_faces,
    is_flower,
    kind_of,
)


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
        raise SituationError(f"ruleset: {validation_reason(exc)}") from None
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
    groups: list[tuple[str, list[TileFace]]] = [("hand", faces_of("hand", situation.hand))]
    for i, spec in enumerate(situation.melds):
        groups.append((f"melds.{i}.tiles", faces_of(f"melds.{i}.tiles", spec.tiles)))
    groups.append(("dora_indicators", faces_of("dora_indicators", situation.dora_indicators)))
    groups.append(("ura_indicators", faces_of("ura_indicators", situation.ura_indicators)))
    if situation.win is None or situation.win_tile is None:
        raise SituationError("riichi scores a winning hand: give 'win' (tsumo or ron) and 'win_tile'")
    check_seats(situation, rules.players)
    if situation.nuki and not nuki_in_play(rules):
        raise SituationError("nuki: norths are set aside only with three players and nukidora on")
    win_faces = faces_of("win_tile", situation.win_tile)
    if len(win_faces) != 1:
        raise SituationError(f"win_tile: must be exactly one tile, not {len(win_faces)}")
    allocated = _allocate(groups, red_fives=bool(rules.red_fives))
    every = [kind_of(t) for group in allocated for t in group]
    if rules.players == 3 and any(1 <= k <= 7 for k in every):
        raise SituationError("three-player riichi has no 2m-8m: they are left out of the wall")
    if situation.nuki + every.count(NORTH) > 4:
        raise SituationError(f"nuki: {situation.nuki} norths set aside and {every.count(NORTH)} more shown")
    hand = allocated[0]
    melds = tuple(
        _meld(i, spec, tiles, situation.seat, rules.players)
        for i, (spec, tiles) in enumerate(zip(situation.melds, allocated[1:-2], strict=True))
    )
    win_tile = _pick_win_tile(hand, win_faces[0])
    return RiichiWin(
        concealed=tuple(hand),
        melds=melds,
        win_tile=win_tile,
        tsumo=situation.win == "tsumo",
        seat_wind=EAST + situation.seat,
        round_wind=round_wind_kind(situation.round_wind),
        flags=frozenset(situation.flags),
        dora_indicators=tuple(allocated[-2]),
        ura_indicators=tuple(allocated[-1]),
        honba=situation.honba,
        riichi_sticks=situation.riichi_sticks,
        players=rules.players,
        nuki=situation.nuki,
    )


def _meld(index: int, spec: MeldSpec, tiles: list[Tile], seat: int, players: int = 4) -> Meld:
    where = f"melds.{index}"
    meld_type = MeldType(spec.type)
    if meld_type is MeldType.CLOSED_KAN:
        if spec.from_seat is not None:
            raise SituationError(f"{where}: a closed kan is not claimed from anyone: leave out 'from'")
    elif spec.from_seat == seat:
        raise SituationError(f"{where}: {spec.type} cannot be claimed from the winner's own seat {seat}")
    elif meld_type is MeldType.CHI and spec.from_seat is not None and spec.from_seat != (seat - 1) % players:
        raise SituationError(f"{where}: chi is claimed from the previous seat ({(seat - 1) % players})")
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
            f"win_tile: {format_faces([face])} is not in the hand (the hand includes the winning tile)",
            "win_tile_not_in_hand",
        )
    exact = [t for t in same_kind if (t in RED_FIVE_TILES) == face.red]
    return (exact or same_kind)[0]


def _items(items: Sequence[ScoreItem]) -> list[dict[str, Any]]:
    return [{"key": item.key, "name": item.name, "value": item.value} for item in items]


def _riichi_result(score: RiichiScore) -> dict[str, Any]:
    if not score.valid:
        return invalid_result(score.reason or "", score.reason_key, dict(score.reason_args))
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
