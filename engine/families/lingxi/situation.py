"""``tilehouse score`` for Lingxi: the 台 of one player's hand described as a situation.

Fields used (see ``docs/situation.md`` and ``resources/rulebook/lingxi.md``):

* ``wild``: the two shown tiles, e.g. ``"3m7p"`` or ``"5s5s"``; the 财神 follow from them;
* ``hand``: the concealed tiles, 财神 written as their own face, **with** the winning tile for a winner;
* ``melds``: chi, pon and kans (no 财神 in them);
* ``flowers``: the shown flowers and 白板, e.g. ``"1f2f5z"``; four of a group count as collected later
  (10 台) unless the flag ``dealt_flower_kan`` says they were dealt (13 台, a concealed kan that takes
  the place of a set in the hand);
* ``seat``: 0 = dealer (East), 1 South, 2 West, 3 North — the seat wind;
* ``win``: ``"tsumo"``, ``"ron"`` or ``null`` for a non-winner, whose base 台 is returned;
* ``flags``: ``zi_mo`` (implied by ``"tsumo"``), ``gang_kai``, ``qiang_gang``, ``hai_di``, ``tian_hu``,
  ``di_hu``, ``dealt_flower_kan``.

The result adds ``tai`` (before doubling), ``final_tai``, ``doubled``, ``kind`` (``win``, ``sha_zhu``,
``hua_hu`` or ``base``), ``items`` and, for a winner, what each player pays (``payments``).

:func:`score_lingxi` takes the raw JSON object, as :func:`engine.situation.score_situation` does;
both accept ``"win": null`` (no ``win_tile``) and 白板 (``5z``) among the flowers.

>>> r = score_lingxi({"variant": "lingxi", "hand": "123456789m123p456s77p", "win_tile": "7p",
...                   "win": "ron", "wild": "1z2z", "seat": 2})
>>> r["valid"], r["tai"], r["final_tai"], [i["key"] for i in r["items"]]
(True, 13, 26, ['ping_hu'])
"""

from __future__ import annotations

import functools
import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from engine.families.lingxi.scoring import (
    SETS,
    WIN_FLAGS,
    MeldKinds,
    Tai,
    TaiHand,
    WinContext,
    best_self_drawn,
    score_base,
    score_win,
)
from engine.families.lingxi.wilds import WildSpec, bonus_group, kind_tile, wild_spec
from engine.melds import MeldType
from engine.rules.lingxi import LingxiRules
from engine.situation import (
    Situation,
    SituationError,
    check_seats,
    invalid_result,
    register_scorer,
    score_situation,
)
from engine.tiles import EAST, WHITE, Kind, NotationError, format_kinds, is_flower, parse

FLAGS = (*WIN_FLAGS, "dealt_flower_kan")


@dataclass(frozen=True)
class LingxiInput:
    """A situation as the Lingxi scorer reads it."""

    hand: str
    melds: tuple[tuple[str, str], ...]
    win_tile: str
    win: str | None
    seat: int
    flags: tuple[str, ...]
    flowers: str
    wild: str
    ruleset: str | dict[str, Any] | None


def _from_situation(s: Situation) -> LingxiInput:
    win = getattr(s, "win", None)
    return LingxiInput(
        hand=s.hand,
        melds=tuple((m.type, m.tiles) for m in s.melds),
        win_tile=getattr(s, "win_tile", "") or "",
        win=win,
        seat=s.seat,
        flags=tuple(s.flags),
        flowers=s.flowers,
        wild=s.wild,
        ruleset=s.ruleset,
    )


def _check_unused(s: Situation) -> None:
    if s.dora_indicators.strip() or s.ura_indicators.strip():
        raise SituationError("Lingxi has no dora: leave 'dora_indicators' and 'ura_indicators' empty")
    if s.honba or s.riichi_sticks:
        raise SituationError("Lingxi has no honba or riichi sticks: leave them at 0")
    if s.nuki:
        raise SituationError("Lingxi sets no norths aside: leave 'nuki' 0")


def _score_situation(s: Situation) -> dict[str, Any]:
    _check_unused(s)
    check_seats(s, lingxi_rules(s.ruleset).players)
    return score_input(_from_situation(s))


register_scorer("lingxi", _score_situation)


def score_lingxi(obj: Any) -> dict[str, Any]:
    """Score a raw Lingxi situation (a parsed JSON object), like
    :func:`engine.situation.score_situation`, also when ``win`` is null or the flowers hold 白板."""
    if not isinstance(obj, Mapping) or obj.get("variant") != "lingxi":
        return score_situation(obj)
    data = dict(obj)
    non_winner = "win" in data and data["win"] is None
    whites = ""
    if non_winner:
        if data.get("win_tile"):
            return _invalid(data, 'win_tile: a non-winner ("win": null) has no winning tile')
        data["win"] = "tsumo"
        data["win_tile"] = _first_tile(data.get("hand"))
    flowers = data.get("flowers")
    if isinstance(flowers, str):
        try:
            faces = parse(flowers)
        except NotationError:
            faces = []
        if any(f.kind == WHITE for f in faces):
            whites = format_kinds([WHITE] * sum(1 for f in faces if f.kind == WHITE))
            data["flowers"] = format_kinds([f.kind for f in faces if f.kind != WHITE])
    if not non_winner and not whites:
        return score_situation(obj)
    try:
        situation = Situation.model_validate(data)
    except ValidationError:  # the shared validation reports the problem in the usual form
        return score_situation(data)
    echo = {k: obj[k] for k in ("id", "variant") if k in obj}
    try:
        _check_unused(situation)
        base = _from_situation(situation)
        result = score_input(
            LingxiInput(
                hand=base.hand,
                melds=base.melds,
                win_tile="" if non_winner else base.win_tile,
                win=None if non_winner else base.win,
                seat=base.seat,
                flags=base.flags,
                flowers=base.flowers + whites,
                wild=base.wild,
                ruleset=base.ruleset,
            )
        )
    except SituationError as exc:
        return {**echo, **invalid_result(str(exc), exc.key, exc.args_of_key)}
    except NotationError as exc:
        return {**echo, "valid": False, "reason": str(exc), "items": []}
    return {**echo, **result}


def _invalid(data: Mapping[str, Any], reason: str) -> dict[str, Any]:
    echo = {k: data[k] for k in ("id", "variant") if k in data}
    return {**echo, "valid": False, "reason": reason, "items": []}


def _first_tile(hand: Any) -> str:
    if isinstance(hand, str):
        try:
            faces = parse(hand)
        except NotationError:
            return "1m"
        if faces:
            return format_kinds([faces[0].kind])
    return "1m"


# ---------------------------------------------------------------------------------------------- rules


@functools.lru_cache(maxsize=64)
def _rules_by_name(name: str) -> LingxiRules:
    from engine.rules import load_ruleset

    try:
        rules = load_ruleset(name)
    except (OSError, ValueError) as exc:
        raise SituationError(f"ruleset: {exc}") from None
    if not isinstance(rules, LingxiRules):
        raise SituationError(f"ruleset: {name!r} is not a Lingxi ruleset")
    return rules


@functools.lru_cache(maxsize=64)
def _rules_by_overrides(text: str) -> LingxiRules:
    from engine.rules import from_dict

    data = {"family": "lingxi", "schema_version": LingxiRules.SCHEMA_VERSION, **json.loads(text)}
    try:
        rules = from_dict(data, source="situation ruleset")
    except ValueError as exc:
        raise SituationError(f"ruleset: {exc}") from None
    if not isinstance(rules, LingxiRules):
        raise SituationError("ruleset: the family of a Lingxi situation's ruleset must be lingxi")
    return rules


def lingxi_rules(spec: str | dict[str, Any] | None) -> LingxiRules:
    if spec is None:
        return LingxiRules()
    if isinstance(spec, str):
        return _rules_by_name(spec)
    return _rules_by_overrides(json.dumps(spec, sort_keys=True))


# ---------------------------------------------------------------------------------------------- tiles


def _kinds(field: str, text: str) -> list[Kind]:
    try:
        return [f.kind for f in parse(text)]
    except NotationError as exc:
        raise SituationError(f"{field}: {exc}") from None


def _wild(text: str, rules: LingxiRules) -> WildSpec:
    kinds = _kinds("wild", text)
    if len(kinds) != 2:
        raise SituationError(f'wild: the two shown 财神 tiles, e.g. "3m7p" or "5s5s", not {text!r}')
    a, b = kinds
    if a == b and is_flower(a):
        raise SituationError(f"wild: there is one {format_kinds([a])}, it cannot be shown twice")
    return wild_spec(kind_tile(a), kind_tile(b, 1 if a == b else 0), rules.flower_wild)


def _meld(index: int, kind: str, text: str, spec: WildSpec) -> MeldKinds:
    where = f"melds.{index}"
    kinds = sorted(_kinds(f"{where}.tiles", text))
    mtype = MeldType(kind)
    size = 3 if mtype in (MeldType.CHI, MeldType.PON) else 4
    if len(kinds) != size:
        raise SituationError(f"{where}: {kind} has {size} tiles, not {len(kinds)}")
    if any(spec.is_wild_kind(k) for k in kinds):
        raise SituationError(f"{where}: 财神 ({format_kinds(sorted(spec.kinds))}) cannot be used in a meld")
    if any(spec.is_bonus_kind(k) for k in kinds):
        raise SituationError(f"{where}: flowers and 白板 are not melded; list them in 'flowers'")
    if mtype is MeldType.CHI:
        if kinds[0] >= 27 or kinds[0] % 9 > 6 or kinds != [kinds[0], kinds[0] + 1, kinds[0] + 2]:
            raise SituationError(f"{where}: chi must be three consecutive tiles of one suit, not {text}")
    elif kinds[0] != kinds[-1]:
        raise SituationError(f"{where}: {kind} must be {size} tiles of one kind, not {text}")
    return MeldKinds(mtype, tuple(kinds))


def _check_copies(parts: list[tuple[str, list[Kind]]], spec: WildSpec) -> None:
    used: Counter[Kind] = Counter()
    for k in spec.shown_kinds:
        used[k] += 1
    for label, kinds in parts:
        for k in kinds:
            used[k] += 1
            limit = 1 if is_flower(k) else 4
            if used[k] > limit:
                shown = " (the shown 财神 tiles count)" if k in spec.shown_kinds else ""
                raise SituationError(
                    f"{label}: more than {limit} {'copy' if limit == 1 else 'copies'} of "
                    f"{format_kinds([k])} in all{shown}"
                )


def score_input(s: LingxiInput) -> dict[str, Any]:
    """Score a Lingxi situation (raises :class:`SituationError` for one that cannot be scored)."""
    rules = lingxi_rules(s.ruleset)
    unknown = [f for f in s.flags if f not in FLAGS]
    if unknown:
        names = ", ".join(map(repr, unknown))
        raise SituationError(f"flags: unknown flag(s) {names} (known: {', '.join(FLAGS)})")
    if not s.wild.strip():
        raise SituationError('wild: give the two shown 财神 tiles, e.g. "3m7p" or "5s5s"', "wild_missing")
    spec = _wild(s.wild, rules)
    hand = _kinds("hand", s.hand)
    if any(spec.is_bonus_kind(k) for k in hand):
        raise SituationError("hand: flowers and 白板 are shown and replaced; list them in 'flowers'")
    flowers = _kinds("flowers", s.flowers)
    if any(bonus_group(k) is None for k in flowers):
        raise SituationError(f"flowers: only flowers (1f..8f) and 白板 (5z), not {s.flowers!r}")
    if any(spec.is_wild_kind(k) for k in flowers):
        raise SituationError("flowers: a 财神 is kept in the hand, not shown as a flower")
    melds = [_meld(i, kind, text, spec) for i, (kind, text) in enumerate(s.melds)]
    parts = [("hand", hand), *((f"melds.{i}", list(m.kinds)) for i, m in enumerate(melds))]
    _check_copies([*parts, ("flowers", flowers)], spec)
    shown = list(flowers)
    if "dealt_flower_kan" in s.flags:
        groups = Counter(bonus_group(k) for k in flowers)
        dealt = [g for g, n in groups.items() if n == 4]
        if not dealt:
            raise SituationError("flags: dealt_flower_kan needs four flowers of one group (or four 白板)")
        for group in dealt:
            kinds = tuple(sorted(k for k in flowers if bonus_group(k) == group))
            melds.append(MeldKinds(MeldType.CLOSED_KAN, kinds))
            for k in kinds:
                shown.remove(k)
    if len(melds) > SETS:
        raise SituationError(f"melds: at most {SETS} (a dealt flower kan counts as one)")
    need = 3 * (SETS - len(melds))
    tai_hand = TaiHand(tuple(hand), tuple(melds), tuple(shown), EAST + s.seat, spec)
    flags = set(s.flags) - {"dealt_flower_kan"}
    if s.win is None:
        if flags:
            raise SituationError(f"flags: {', '.join(sorted(flags))} describe a win; a non-winner has none")
        if len(hand) not in (need + 1, need + 2):
            raise SituationError(f"hand: {len(hand)} tiles; with {len(melds)} melds a hand holds {need + 1}")
        return _result(score_base(tai_hand), None, rules)
    if len(hand) != need + 2:
        raise SituationError(
            f"hand: {len(hand)} tiles; with {len(melds)} melds a winning hand holds {need + 2}"
            " (the winning tile included)",
            "hand_size",
            held=len(hand),
            needed=need + 2,
        )
    win_kinds = _kinds("win_tile", s.win_tile)
    if len(win_kinds) != 1:
        raise SituationError(f"win_tile: must be exactly one tile, not {len(win_kinds)}")
    win_kind = win_kinds[0]
    if win_kind not in hand:
        raise SituationError(
            f"win_tile: {s.win_tile} is not in the hand (the hand includes the winning tile)",
            "win_tile_not_in_hand",
        )
    tsumo = s.win == "tsumo"
    for flag in ("zi_mo", "gang_kai", "hai_di", "tian_hu"):
        if flag in flags and not tsumo:
            raise SituationError(f'flags: {flag} needs "win": "tsumo"')
    for flag in ("qiang_gang", "di_hu"):
        if flag in flags and tsumo:
            raise SituationError(f'flags: {flag} needs "win": "ron"')
    if not tsumo and spec.is_wild_kind(win_kind):
        raise SituationError("win_tile: a 财神 is never discarded, so it cannot be won on by ron")
    if "tian_hu" in flags and s.seat != 0:
        raise SituationError("flags: tian_hu is the dealer's (seat 0) win")
    if "di_hu" in flags and s.seat == 0:
        raise SituationError("flags: di_hu is a non-dealer's win on the dealer's first discard")
    ctx = WinContext(
        win_kind=win_kind,
        self_drawn=tsumo,
        gang_kai="gang_kai" in flags,
        qiang_gang="qiang_gang" in flags,
        hai_di="hai_di" in flags,
        tian_hu="tian_hu" in flags,
        di_hu="di_hu" in flags,
    )
    tai = best_self_drawn(tai_hand, ctx, rules) if tsumo else score_win(tai_hand, ctx, rules)
    if tai is None:
        reason = "not a complete hand" + (" (nor 杀猪 or 花胡)" if tsumo else "")
        return invalid_result(reason, "not_complete")
    return _result(tai, s.seat, rules)


def _result(tai: Tai, seat: int | None, rules: LingxiRules) -> dict[str, Any]:
    out: dict[str, Any] = {"valid": True, **tai.to_json()}
    out["items"] = [i.to_json(with_args=True) for i in tai.items]
    if seat is not None:
        factor = 2 if rules.dealer_doubles else 1
        if seat == 0:
            out["payments"] = {"from_dealer": 0, "from_each": tai.final * factor}
        else:
            out["payments"] = {"from_dealer": tai.final * factor, "from_each": tai.final}
    return out
