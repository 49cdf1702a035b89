"""``tilehouse score`` for Sichuan: a hand situation scored in the ruleset's model.

Imported by :mod:`engine.situation` when a situation names ``"variant": "sichuan"``; it registers
:func:`score_sichuan_situation`. The situation fields are those of ``docs/situation.md``; Sichuan
uses ``hand``, ``melds`` (pon and kans; no chi), ``win_tile``, ``win``, ``seat`` (0 = the dealer, for
天胡 and 地胡), ``flags`` and ``ruleset``, and refuses ``wild``, ``flowers``, dora indicators, honba
and riichi sticks. Flags: ``gang_shang_hua`` (杠上花), ``gang_shang_pao`` (杠上炮), ``qiang_gang``
(抢杠胡), ``hai_di`` (海底捞月), ``tian_hu`` (天胡), ``di_hu`` (地胡).

The result adds ``fan`` (the total before any cap; the points total in the additive model) and
``value`` (what each payer pays, after the cap, times the base points).

>>> r = score_situation({"variant": "sichuan", "hand": "11122233344455m", "win_tile": "5m", "win": "tsumo"})
>>> r["valid"], r["fan"], r["value"], [i["key"] for i in r["items"]]
(True, 5, 16, ['qing_dui', 'zi_mo'])
>>> bad = {"variant": "sichuan", "hand": "123m456p789s11m55p", "win_tile": "1m", "win": "ron"}
>>> score_situation(bad)["reason"]
'a win must lack one suit (缺一门): the hand holds all three'
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from pydantic import ValidationError

from engine.families.sichuan.scoring import FLAGS, SichuanWin, score_sichuan_win
from engine.melds import Meld, MeldType
from engine.rules.sichuan import SichuanRules
from engine.situation import (
    MeldSpec,
    Situation,
    SituationError,
    check_seats,
    invalid_result,
    register_scorer,
    score_situation,
)
from engine.tiles import NotationError, TileFace, format_faces, is_flower, kind_of, parse, tiles_of_kind

__all__ = ["score_sichuan_situation", "score_situation"]


def _faces(field: str, text: str) -> list[TileFace]:
    try:
        faces = parse(text)
    except NotationError as exc:
        raise SituationError(f"{field}: {exc}") from None
    for face in faces:
        if is_flower(face.kind) or face.kind >= 27:
            raise SituationError(
                f"{field}: {format_faces([face])} is not a Sichuan tile (man, pin and sou only)"
            )
    return faces


def _allocate(groups: list[tuple[str, list[TileFace]]]) -> list[list[int]]:
    """Physical ids 0..107 for every face (a written red five ``0`` is a plain five), no id twice."""
    used: set[int] = set()
    out: list[list[int]] = []
    for label, faces in groups:
        tiles: list[int] = []
        for face in faces:
            free = [t for t in tiles_of_kind(face.kind) if t not in used]
            if not free:
                raise SituationError(f"{label}: more than 4 copies of {format_faces([TileFace(face.kind)])}")
            used.add(free[0])
            tiles.append(free[0])
        out.append(tiles)
    return out


def _meld(index: int, spec: MeldSpec, tiles: list[int], seat: int) -> Meld:
    where = f"melds.{index}"
    if spec.type == "chi":
        raise SituationError(f"{where}: Sichuan has no chi")
    meld_type = MeldType(spec.type)
    if meld_type is MeldType.CLOSED_KAN and spec.from_seat is not None:
        raise SituationError(f"{where}: a closed kan is not claimed from anyone: leave out 'from'")
    if meld_type is not MeldType.CLOSED_KAN and spec.from_seat == seat:
        raise SituationError(f"{where}: {spec.type} cannot be claimed from the winner's own seat {seat}")
    size = 3 if meld_type is MeldType.PON else 4
    if len(tiles) != size:
        raise SituationError(f"{where}: {spec.type} has {size} tiles, not {len(tiles)}")
    if len({kind_of(t) for t in tiles}) != 1:
        raise SituationError(f"{where}: {spec.type} must be {size} tiles of one kind, not {spec.tiles}")
    ordered = tuple(sorted(tiles))
    from_seat = None if meld_type is MeldType.CLOSED_KAN else spec.from_seat
    added = ordered[-1] if meld_type is MeldType.ADDED_KAN else None
    return Meld(meld_type, ordered, called=None, from_seat=from_seat, added=added)


def _check_flags(situation: Situation, rules: SichuanRules, kans: int) -> None:
    flags = set(situation.flags)
    unknown = sorted(flags - FLAGS)
    if unknown:
        known = ", ".join(sorted(FLAGS))
        raise SituationError(f"flags: unknown flag(s) {', '.join(map(repr, unknown))} (known: {known})")
    tsumo = situation.win == "tsumo"
    needs = {
        "gang_shang_hua": (tsumo and kans > 0, "gang_shang_hua needs a self-draw (tsumo) and a kan"),
        "gang_shang_pao": (not tsumo, "gang_shang_pao is a win on a discard (ron)"),
        "qiang_gang": (
            not tsumo and "gang_shang_pao" not in flags,
            "qiang_gang is a ron, without gang_shang_pao",
        ),
        "hai_di": (tsumo, "hai_di is a self-draw (tsumo) of the last tile"),
        "tian_hu": (
            tsumo and situation.seat == 0 and not situation.melds,
            "tian_hu is the dealer's (seat 0) self-draw with no meld",
        ),
    }
    for flag, (ok, reason) in needs.items():
        if flag in flags and not ok:
            raise SituationError(f"flags: {reason}")
    if "di_hu" in flags:
        if situation.seat == 0 or situation.melds or "tian_hu" in flags:
            raise SituationError("flags: di_hu is a non-dealer's win (seat 1..3) with no meld")
        allowed = {
            "first_draw": {"tsumo"},
            "dealer_first_discard": {"ron"},
            "both": {"tsumo", "ron"},
            "none": set(),
        }[rules.di_hu]
        if situation.win not in allowed:
            raise SituationError(
                f"flags: with di_hu = {rules.di_hu!r} in the ruleset, di_hu cannot be a {situation.win}"
            )


def _refuse_foreign_fields(situation: Situation) -> None:
    if situation.flowers.strip() or situation.wild.strip():
        raise SituationError("Sichuan has no flowers and no wild tiles: leave 'flowers' and 'wild' empty")
    if situation.dora_indicators.strip() or situation.ura_indicators.strip():
        raise SituationError("Sichuan has no dora: leave 'dora_indicators' and 'ura_indicators' empty")
    if situation.honba or situation.riichi_sticks:
        raise SituationError("Sichuan has no honba or riichi sticks: leave them 0")
    if situation.nuki:
        raise SituationError("Sichuan sets no norths aside: leave 'nuki' 0")


@lru_cache(maxsize=64)
def _rules_by_name(name: str) -> SichuanRules:
    from engine.rules import load_ruleset

    try:
        loaded = load_ruleset(name)
    except (OSError, ValueError) as exc:
        raise SituationError(f"ruleset: {exc}") from None
    if not isinstance(loaded, SichuanRules):
        raise SituationError(f"ruleset: {name!r} is not a sichuan ruleset")
    return loaded


@lru_cache(maxsize=256)
def _rules_by_overrides(overrides_json: str) -> SichuanRules:
    from engine.rules import from_dict

    overrides: dict[str, Any] = json.loads(overrides_json)
    data = {"family": "sichuan", "schema_version": SichuanRules.SCHEMA_VERSION, **overrides}
    try:
        rules = from_dict(data, source="situation ruleset")
    except ValidationError as exc:
        raise SituationError(f"ruleset: {exc}") from None
    except ValueError as exc:
        raise SituationError(f"ruleset: {exc}") from None
    if not isinstance(rules, SichuanRules):
        raise SituationError("ruleset: the family of a sichuan situation's ruleset must be sichuan")
    return rules


def sichuan_rules(spec: str | dict[str, Any] | None) -> SichuanRules:
    if spec is None:
        return SichuanRules()
    if isinstance(spec, str):
        return _rules_by_name(spec)
    return _rules_by_overrides(json.dumps(spec, sort_keys=True))


def score_sichuan_situation(situation: Situation) -> dict[str, Any]:
    rules = sichuan_rules(situation.ruleset)
    _refuse_foreign_fields(situation)
    check_seats(situation, rules.players)
    if situation.win is None or situation.win_tile is None:
        raise SituationError("sichuan scores a winning hand: give 'win' (tsumo or ron) and 'win_tile'")
    groups: list[tuple[str, list[TileFace]]] = [("hand", _faces("hand", situation.hand))]
    for i, spec in enumerate(situation.melds):
        groups.append((f"melds.{i}.tiles", _faces(f"melds.{i}.tiles", spec.tiles)))
    win_faces = _faces("win_tile", situation.win_tile)
    if len(win_faces) != 1:
        raise SituationError(f"win_tile: must be exactly one tile, not {len(win_faces)}")
    allocated = _allocate(groups)
    if (
        rules.players < 4
        and rules.short_table_suits == 2
        and any(kind_of(t) < 9 for g in allocated for t in g)
    ):
        raise SituationError("three or two players with two suits (三人两房) play no characters (万)")
    hand = allocated[0]
    melds = tuple(
        _meld(i, spec, tiles, situation.seat)
        for i, (spec, tiles) in enumerate(zip(situation.melds, allocated[1:], strict=True))
    )
    _check_flags(situation, rules, sum(1 for m in melds if m.is_kan))
    win_kind = win_faces[0].kind
    win_tile = next((t for t in hand if kind_of(t) == win_kind), None)
    if win_tile is None:
        name = format_faces([TileFace(win_kind)])
        raise SituationError(
            f"win_tile: {name} is not in the hand (the hand includes the winning tile)",
            "win_tile_not_in_hand",
        )
    tsumo = situation.win == "tsumo"
    score = score_sichuan_win(
        SichuanWin(tuple(hand), melds, win_tile, tsumo, frozenset(situation.flags)), rules
    )
    if not score.valid:
        return invalid_result(score.reason, score.reason_key, dict(score.reason_args))
    return {
        "valid": True,
        "model": score.model,
        "fan": score.fan,
        "counted": score.counted,
        "capped": score.capped,
        "limit": score.limit,
        "value": score.value,
        "pattern": score.pattern,
        "gen": score.gen,
        "base_points": rules.base_points,
        "self_draw_bonus": score.self_draw_bonus,
        "payments": {"ron": 0 if tsumo else score.value, "tsumo_each": score.value if tsumo else 0},
        "items": [i.to_json(with_args=True) for i in score.items],
    }


register_scorer("sichuan", score_sichuan_situation)
