"""mjai, the protocol and log format of riichi bots (Mortal, akochan, the mjai.app bots), both ways.

:class:`MjaiWriter` turns the engine's events of a four-player riichi game into mjai events, as one
seat may see them (the bridge: other seats' tiles are ``?``) or with every tile shown (a log):

=====================  =================================================================
engine event           mjai
=====================  =================================================================
hand_start + 4 deals   ``start_kyoku`` (bakaze, kyoku, honba, kyotaku, oya, scores, tehais)
draw                   ``tsumo`` (``pai`` ``?`` for a seat the viewer may not see)
discard (riichi)       ``reach`` then ``dahai``
riichi (stick paid)    ``reach_accepted``
call                   ``chi`` / ``pon`` / ``daiminkan`` with ``target``, ``pai`` and ``consumed``
kan_declared           ``ankan`` (four tiles) / ``kakan`` (``pai`` added, ``consumed`` the pon's tiles)
dora                   ``dora``
hand_end               one ``hora`` per winner (``deltas``) or ``ryukyoku`` (``deltas``), ``end_kyoku``
=====================  =================================================================

:func:`export_mjai` writes a whole game (``start_game`` ... ``end_game``, every tile shown, ura
indicators on each ``hora``); :func:`read_mjai` reads such a log (JSON Lines, every event checked by
a strict model) into :class:`~engine.records.hand_record.RecordedHand` values for
:func:`~engine.records.hand_record.replay_record`. A log with hidden tiles (``?``: one player's view)
cannot be replayed and is refused.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.game.actions import ActionType
from engine.game.events import Event
from engine.loading import KINDS, loads_json, numbered_lines, pydantic_problem, read_text
from engine.messages import Message, plain
from engine.records.hand_record import (
    Call,
    Discard,
    Draw,
    NineTerminals,
    OwnKan,
    RecordedGame,
    RecordedHand,
    RecordedWin,
    RecordError,
    Step,
    Win,
)
from engine.records.notation import Face, NotationError, face_of, mjai_face, mjai_name
from engine.rules.riichi import RiichiRules

A = ActionType
UNKNOWN = "?"
CALL_TYPES = {"chi": "chi", "pon": "pon", "open_kan": "daiminkan"}


# ------------------------------------------------------------------------------------ engine -> mjai
@dataclass
class MjaiWriter:
    """Engine events -> mjai events for one viewer (a seat, or None for a log showing every tile).

    It remembers what the protocol needs across events: the hand's start until the four seats are
    dealt, each pon's tiles (an added kan names them), and the riichi a seat's own bot has already
    been told of (the bridge sends ``reach`` back before the bot chooses its discard)."""

    red_tiles: frozenset[int]
    viewer: int | None = None
    first_dealer: int = 0
    _start: dict[str, Any] | None = None
    _tehais: list[list[str]] = field(default_factory=list)
    _pons: dict[tuple[int, int], list[int]] = field(default_factory=dict)
    reach_told: set[int] = field(default_factory=set)

    def name(self, tile: int | None) -> str:
        return UNKNOWN if tile is None else mjai_name(face_of(tile, self.red_tiles))

    def convert(self, event: Event) -> list[dict[str, Any]]:
        """The mjai events for one engine event (already as ``viewer`` may see it)."""
        data = {**event.data, **(event.private or {})}
        kind = event.type
        seat = event.seat
        if kind == "hand_start":
            self._start = data
            self._tehais = [[UNKNOWN] * 13 for _ in range(len(data["scores"]))]
            self._pons.clear()
            self.reach_told.clear()
            return []
        if kind == "deal" and seat is not None:
            if "tiles" in data:
                self._tehais[seat] = [self.name(t) for t in data["tiles"]]
            if seat == len(self._tehais) - 1:
                return [self._start_kyoku()]
            return []
        if seat is None:
            return self._table_event(kind, data)
        return self._seat_event(kind, seat, data)

    def _start_kyoku(self) -> dict[str, Any]:
        start = self._start
        assert start is not None, "a deal before the hand's start"
        dealer = int(start["dealer"])
        return {
            "type": "start_kyoku",
            "bakaze": mjai_name((int(start["round_wind"]), False)),
            "dora_marker": self.name(start["dora_indicators"][0]),
            "kyoku": (dealer - self.first_dealer) % len(self._tehais) + 1,
            "honba": int(start["honba"]),
            "kyotaku": int(start["riichi_sticks"]),
            "oya": dealer,
            "scores": list(start["scores"]),
            "tehais": [list(t) for t in self._tehais],
        }

    def _table_event(self, kind: str, data: dict[str, Any]) -> list[dict[str, Any]]:
        if kind == "dora":
            return [{"type": "dora", "dora_marker": self.name(data["indicator"])}]
        if kind == "hand_end":
            log = self.viewer is None  # a log names the kind of draw (the original mjai ``reason``)
            return [*result_events(data["result"], with_reason=log), {"type": "end_kyoku"}]
        return []

    def _seat_event(self, kind: str, seat: int, data: dict[str, Any]) -> list[dict[str, Any]]:
        if kind == "draw":
            return [{"type": "tsumo", "actor": seat, "pai": self.name(data.get("tile"))}]
        if kind == "discard":
            out: list[dict[str, Any]] = []
            if data.get("riichi") and seat not in self.reach_told:
                out.append({"type": "reach", "actor": seat})
            self.reach_told.discard(seat)
            out.append(
                {
                    "type": "dahai",
                    "actor": seat,
                    "pai": self.name(data["tile"]),
                    "tsumogiri": bool(data.get("tsumogiri")),
                }
            )
            return out
        if kind == "riichi":
            return [{"type": "reach_accepted", "actor": seat}]
        if kind == "call":
            meld = data["meld"]
            called = int(meld["called"])
            own = [t for t in meld["tiles"] if t != called]
            if meld["type"] == "pon":
                self._pons[(seat, called // 4)] = list(meld["tiles"])
            return [
                {
                    "type": CALL_TYPES[meld["type"]],
                    "actor": seat,
                    "target": int(meld["from"]),
                    "pai": self.name(called),
                    "consumed": [self.name(t) for t in own],
                }
            ]
        if kind == "kan_declared":
            tiles = [int(t) for t in data["tiles"]]
            if data["type"] == "closed_kan":
                return [{"type": "ankan", "actor": seat, "consumed": [self.name(t) for t in tiles]}]
            added = tiles[0]
            pon = self._pons.get((seat, added // 4), [])
            return [
                {
                    "type": "kakan",
                    "actor": seat,
                    "pai": self.name(added),
                    "consumed": [self.name(t) for t in pon],
                }
            ]
        return []


def payment_deltas(payments: Iterable[dict[str, Any]], players: int, payee: int | None = None) -> list[int]:
    """Score changes of the settlement payments of a hand's result JSON (riichi deposits made during the
    hand left out); only the payments to ``payee`` when it is given."""
    deltas = [0] * players
    for p in payments:
        if p["reason"] == "riichi_deposit" or (payee is not None and p["payee"] != payee):
            continue
        if p["payee"] is not None:
            deltas[p["payee"]] += int(p["amount"])
        if p["payer"] is not None:
            deltas[p["payer"]] -= int(p["amount"])
    return deltas


MJAI_DRAW_REASONS = {
    "exhaustive": "fanpai",
    "nagashi_mangan": "nagashimangan",
    "nine_terminals": "kyushukyuhai",
    "four_riichi": "suucha_riichi",
    "triple_ron": "sanchaho",
    "four_kans": "suukaikan",
    "four_winds": "suufon_renda",
}


def result_events(
    result: dict[str, Any], players: int = 4, *, with_reason: bool = False
) -> list[dict[str, Any]]:
    """``hora`` events (one per winner) or a ``ryukyoku`` event for a hand's result JSON (with the
    original mjai protocol's ``reason`` when ``with_reason``)."""
    if result["kind"] == "win":
        return [
            {
                "type": "hora",
                "actor": int(w["seat"]),
                "target": int(w["from"]),
                "deltas": payment_deltas(result["payments"], players, payee=int(w["seat"])),
            }
            for w in result["wins"]
        ]
    event: dict[str, Any] = {"type": "ryukyoku", "deltas": payment_deltas(result["payments"], players)}
    if with_reason and result["reason"] in MJAI_DRAW_REASONS:
        event["reason"] = MJAI_DRAW_REASONS[result["reason"]]
    return [event]


def export_mjai(game: Any, names: Sequence[str] = (), *, unfinished: bool = False) -> list[dict[str, Any]]:
    """Every mjai event of a riichi game's finished hands, every tile shown (``start_game`` ...
    ``end_game`` when the match is over); ura indicators are added to each ``hora`` from the hand's
    settlement report. ``unfinished`` adds the hand in play as far as it has gone (no ``end_kyoku``)."""
    from engine.families.registry import get_family

    rules = game.rules
    check_exportable(game)
    writer = MjaiWriter(get_family("riichi").red_tiles(rules), None, game.match.first_dealer)
    names = list(names) or [f"seat {s}" for s in range(4)]
    out: list[dict[str, Any]] = [
        {
            "type": "start_game",
            "names": names,
            "kyoku_first": 4 if rules.game_length == "east" else 0,
            "aka_flag": bool(rules.red_fives),
        }
    ]
    hand = 0
    pending: list[dict[str, Any]] = []  # the hand being written: kept only once it has ended
    for event in game.events:
        for item in writer.convert(event):
            if item["type"] == "hora":
                report = game.reports[hand]
                item["ura_markers"] = [writer.name(t) for t in report.ura_indicators]
            pending.append(item)
            if item["type"] == "end_kyoku":
                hand += 1
                out.extend(pending)
                pending = []
    if unfinished and not game.over:
        out.extend(pending)
    if game.over:
        out.append({"type": "end_game"})
    return out


def export_refusal(
    rules: Any, players: int, *, practice_used: bool = False, first_dealer: int = 0
) -> Message | None:
    """Why tenhou.net/6 and mjai cannot hold a game of ``rules`` with ``players`` seats (None: they can).
    The window asks this before it offers the export; :func:`check_exportable` asks it of a game."""
    family = str(getattr(rules, "family", ""))
    if family != "riichi":
        return Message.of("export.not_riichi", family=family)
    if players != 4:
        return Message.of("export.not_four_players", seats=players)
    if practice_used:
        return Message.of("export.practice_used")
    if first_dealer != 0:
        return Message.of("export.first_dealer")
    return None


def game_export_refusal(game: Any) -> Message | None:
    """:func:`export_refusal` of a game."""
    return export_refusal(
        game.rules,
        len(game.match.scores),
        practice_used=bool(game.practice_used),
        first_dealer=game.match.first_dealer,
    )


def check_exportable(game: Any) -> None:
    """Refuse, with one line, a game the riichi formats cannot hold."""
    problem = game_export_refusal(game)
    if problem is not None:
        raise ValueError(plain(problem))


# ------------------------------------------------------------------------------------ mjai -> record
Actor = Annotated[int, Field(ge=0, le=3)]
Score = Annotated[int, Field(ge=-(10**9), le=10**9)]
Small = Annotated[int, Field(ge=0, le=10_000)]
Name = Annotated[str, Field(max_length=4)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=True, frozen=True)

    type: str


class _StartGame(_Strict):
    type: Literal["start_game"]
    names: list[Annotated[str, Field(max_length=200)]] = Field(default_factory=list, max_length=4)
    kyoku_first: int | None = None
    aka_flag: bool | None = None


class _StartKyoku(_Strict):
    type: Literal["start_kyoku"]
    bakaze: Name
    dora_marker: Name
    kyoku: int = Field(ge=1, le=4)
    honba: Small
    kyotaku: Small
    oya: Actor
    scores: list[Score] = Field(min_length=4, max_length=4)
    tehais: list[list[Name]] = Field(min_length=4, max_length=4)


class _Tsumo(_Strict):
    type: Literal["tsumo"]
    actor: Actor
    pai: Name


class _Dahai(_Strict):
    type: Literal["dahai"]
    actor: Actor
    pai: Name
    tsumogiri: bool


class _Claim(_Strict):
    type: Literal["chi", "pon", "daiminkan"]
    actor: Actor
    target: Actor
    pai: Name
    consumed: list[Name] = Field(min_length=2, max_length=3)


class _Ankan(_Strict):
    type: Literal["ankan"]
    actor: Actor
    consumed: list[Name] = Field(min_length=4, max_length=4)


class _Kakan(_Strict):
    type: Literal["kakan"]
    actor: Actor
    pai: Name
    consumed: list[Name] = Field(min_length=3, max_length=3)


class _Actor(_Strict):
    type: Literal["reach", "reach_accepted"]
    actor: Actor


class _Dora(_Strict):
    type: Literal["dora"]
    dora_marker: Name


class _Hora(_Strict):
    type: Literal["hora"]
    actor: Actor
    target: Actor
    deltas: list[Score] | None = Field(default=None, min_length=4, max_length=4)
    ura_markers: list[Name] | None = Field(default=None, max_length=5)


class _Ryukyoku(_Strict):
    type: Literal["ryukyoku"]
    reason: Annotated[str, Field(max_length=40)] | None = None
    deltas: list[Score] | None = Field(default=None, min_length=4, max_length=4)


class _Bare(_Strict):
    type: Literal["end_kyoku", "end_game", "none"]


_MODELS: dict[str, type[_Strict]] = {
    "start_game": _StartGame,
    "start_kyoku": _StartKyoku,
    "tsumo": _Tsumo,
    "dahai": _Dahai,
    "chi": _Claim,
    "pon": _Claim,
    "daiminkan": _Claim,
    "ankan": _Ankan,
    "kakan": _Kakan,
    "reach": _Actor,
    "reach_accepted": _Actor,
    "dora": _Dora,
    "hora": _Hora,
    "ryukyoku": _Ryukyoku,
    "end_kyoku": _Bare,
    "end_game": _Bare,
    "none": _Bare,
}


def parse_event(obj: Any, source: str, line: int | None) -> _Strict:
    """One mjai event checked against its model; :class:`RecordError` naming the line and field."""
    if not isinstance(obj, dict):
        raise RecordError(source, "an mjai event is a JSON object", line=line)
    kind = obj.get("type")
    model = _MODELS.get(kind) if isinstance(kind, str) else None
    if model is None:
        raise RecordError(source, f"unknown mjai event type {str(kind)[:30]!r}", line=line, field="type")
    try:
        return model.model_validate(obj)
    except ValidationError as exc:
        where, problem = pydantic_problem(exc)
        raise RecordError(source, problem, line=line, field=where or None) from None


@dataclass
class _HandBuilder:
    start: _StartKyoku
    source: str
    line: int
    where: str
    steps: list[Step] = field(default_factory=list)
    dora: list[Face] = field(default_factory=list)
    ura: list[Face] = field(default_factory=list)
    wins: list[RecordedWin] = field(default_factory=list)
    draw_reason: str | None = None
    draw_deltas: tuple[int, ...] | None = None
    reach: set[int] = field(default_factory=set)
    after_kan: set[int] = field(default_factory=set)
    ended: bool = False


def _face(name: str, source: str, line: int, where: str) -> Face:
    if name == UNKNOWN:
        raise RecordError(
            source,
            "a hidden tile ('?'): only a log showing every tile can be replayed",
            line=line,
            field=where,
        )
    try:
        return mjai_face(name)
    except NotationError as exc:
        raise RecordError(source, str(exc), line=line, field=where) from None


def read_mjai(path: Path | str, *, rules: RiichiRules | None = None) -> RecordedGame:
    source = str(path)
    kind = KINDS["import"]
    text = read_text(path, kind, source=source)
    return parse_mjai(numbered_lines(text), source=source, rules=rules)


def parse_mjai(
    lines: Iterable[tuple[int, str]], *, source: str = "mjai log", rules: RiichiRules | None = None
) -> RecordedGame:
    """An mjai log (JSON Lines, one event a line; a line holding a JSON array of events is read too)."""
    kind = KINDS["import"]
    hands: list[RecordedHand] = []
    names: tuple[str, ...] = ()
    aka: bool | None = None
    east_only: bool | None = None
    current: _HandBuilder | None = None
    for number, raw in lines:
        if not raw.strip():
            continue
        obj = loads_json(raw, source=source, line=number, max_depth=kind.max_depth)
        for item in obj if isinstance(obj, list) else [obj]:
            event = parse_event(item, source, number)
            if isinstance(event, _StartGame):
                names = tuple(event.names)
                aka = event.aka_flag
                east_only = event.kyoku_first == 4 if event.kyoku_first is not None else None
                continue
            if isinstance(event, _StartKyoku):
                if current is not None:
                    raise RecordError(source, "start_kyoku before the last hand's end_kyoku", line=number)
                current = _HandBuilder(event, source, number, f"kyoku {len(hands) + 1}")
                current.dora.append(_face(event.dora_marker, source, number, "dora_marker"))
                continue
            if isinstance(event, _Bare):
                if event.type == "end_kyoku":
                    if current is None:
                        raise RecordError(source, "end_kyoku outside a hand", line=number)
                    hands.append(_finish(current))
                    current = None
                continue
            if current is None:
                raise RecordError(source, f"{event.type} outside a hand (no start_kyoku)", line=number)
            _add_event(current, event, number)
    if current is not None:  # the log stops during a hand: its steps are replayed, without a result
        hands.append(_finish(current, finished=False))
    base = rules or _default_rules()
    changes: dict[str, Any] = {}
    if rules is None and aka is not None:
        changes["red_fives"] = aka
    if rules is None and east_only is not None:
        changes["game_length"] = "east" if east_only else "east_south"
    chosen = base.model_copy(update=changes) if changes else base
    return RecordedGame(hands, chosen, names, source, "mjai")


def _default_rules() -> RiichiRules:
    from engine.rules import default_ruleset

    rules = default_ruleset("riichi")
    assert isinstance(rules, RiichiRules)
    return rules


def _add_event(hand: _HandBuilder, event: _Strict, line: int) -> None:
    src = hand.source
    if hand.ended and not isinstance(event, _Hora | _Ryukyoku):
        raise RecordError(src, f"{event.type} after the hand's end", line=line)
    if isinstance(event, _Tsumo):
        replacement = event.actor in hand.after_kan
        hand.after_kan.discard(event.actor)
        hand.steps.append(Draw(event.actor, _face(event.pai, src, line, "pai"), replacement))
    elif isinstance(event, _Dahai):
        riichi = event.actor in hand.reach
        hand.reach.discard(event.actor)
        face = _face(event.pai, src, line, "pai")
        hand.steps.append(Discard(event.actor, face, event.tsumogiri, riichi))
    elif isinstance(event, _Claim):
        types = {"chi": A.CHI, "pon": A.PON, "daiminkan": A.OPEN_KAN}
        size = 3 if event.type == "daiminkan" else 2
        if len(event.consumed) != size:
            raise RecordError(src, f"{event.type} consumes {size} tiles", line=line, field="consumed")
        own = tuple(_face(t, src, line, "consumed") for t in event.consumed)
        face = _face(event.pai, src, line, "pai")
        hand.steps.append(Call(event.actor, types[event.type], face, own, event.target))
        if event.type == "daiminkan":
            hand.after_kan.add(event.actor)
    elif isinstance(event, _Ankan):
        faces = tuple(_face(t, src, line, "consumed") for t in event.consumed)
        hand.steps.append(OwnKan(event.actor, A.CLOSED_KAN, faces))
        hand.after_kan.add(event.actor)
    elif isinstance(event, _Kakan):
        hand.steps.append(OwnKan(event.actor, A.ADDED_KAN, (_face(event.pai, src, line, "pai"),)))
        hand.after_kan.add(event.actor)
    elif isinstance(event, _Actor):
        if event.type == "reach":
            hand.reach.add(event.actor)
    elif isinstance(event, _Dora):
        hand.dora.append(_face(event.dora_marker, src, line, "dora_marker"))
    elif isinstance(event, _Hora):
        hand.ended = True
        hand.steps.append(Win(event.actor, event.target))
        deltas = tuple(event.deltas) if event.deltas is not None else None
        hand.wins.append(RecordedWin(event.actor, event.target, deltas))
        if event.ura_markers and not hand.ura:
            hand.ura.extend(_face(t, src, line, "ura_markers") for t in event.ura_markers)
    elif isinstance(event, _Ryukyoku):
        hand.ended = True
        last = hand.steps[-1] if hand.steps else None
        if isinstance(last, Draw):  # a draw, then the hand ends before a discard: nine terminals
            hand.steps.append(NineTerminals(last.seat))
            hand.draw_reason = "nine_terminals"
        elif event.reason is not None:
            hand.draw_reason = {v: k for k, v in MJAI_DRAW_REASONS.items()}.get(event.reason)
        hand.draw_deltas = tuple(event.deltas) if event.deltas is not None else None


def _finish(hand: _HandBuilder, finished: bool = True) -> RecordedHand:
    start = hand.start
    src, line = hand.source, hand.line
    winds = "ESWN"
    if start.bakaze not in winds:
        raise RecordError(src, f"{start.bakaze!r} is not a wind", line=line, field="bakaze")
    if start.oya != start.kyoku - 1:
        raise RecordError(
            src, f"kyoku {start.kyoku} has seat {start.kyoku - 1} as dealer", line=line, field="oya"
        )
    haipai = []
    for seat, tiles in enumerate(start.tehais):
        if len(tiles) != 13:
            raise RecordError(src, "13 tiles each", line=line, field=f"tehais.{seat}")
        haipai.append(tuple(_face(t, src, line, f"tehais.{seat}") for t in tiles))
    if finished and not hand.ended:
        raise RecordError(src, "the hand ends with neither hora nor ryukyoku", line=line)
    return RecordedHand(
        round_index=winds.index(start.bakaze) * 4 + start.kyoku - 1,
        honba=start.honba,
        pot=start.kyotaku,
        scores=tuple(start.scores),
        haipai=tuple(haipai),
        steps=tuple(hand.steps),
        dora=tuple(hand.dora),
        ura=tuple(hand.ura),
        wins=tuple(hand.wins),
        draw_reason=hand.draw_reason,
        draw_deltas=hand.draw_deltas,
        where=hand.where,
        finished=finished,
    )


def mjai_lines(events: Iterable[dict[str, Any]]) -> list[str]:
    return [json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in events]


__all__ = [
    "MjaiWriter",
    "export_mjai",
    "mjai_lines",
    "parse_event",
    "parse_mjai",
    "read_mjai",
    "result_events",
]
