"""tenhou.net/6 JSON, the log format riichi viewers and reviewers read, both ways.

A log is one JSON object::

    {"title": ["Tilehouse", "seed 7"], "name": ["A", "B", "C", "D"],
     "rule": {"disp": "Tilehouse riichi-online ...", "aka": 1},
     "log": [[[kyoku, honba, kyotaku], [scores x4], [dora indicators], [ura indicators],
              haipai0, takes0, discards0, haipai1, takes1, discards1, ..., discards3, result], ...]}

Tiles are codes (:mod:`engine.records.notation`); a *take* is a drawn tile or a call string, a
*discard* a tile, ``60`` (the tile just drawn), ``"r"`` + tile for the riichi declaration, a kan string,
or ``0`` after an open kan (whose discard follows the replacement draw). Call strings put the letter
before the claimed tile, and where it stands says whom it came from: ``c275226`` chi of 7p with 5p(red)
6p (always from the previous seat); ``p252525`` / ``25p2525`` / ``2525p25`` pon from the previous /
opposite / next seat; ``m`` an open kan placed the same way (``m39393939``, ``39m393939``,
``393939m39``); ``k`` an added kan, the added tile after the letter where the pon's claimed tile stood
(``k16161616``); ``a`` a closed kan, before its last tile (``424242a42``). The result is the word for a
win followed by a deltas list and a detail list per winner (``[who, from, pao, score text, yaku...]``),
or a draw's name and its deltas. The words are Tenhou's own, in Japanese: they live in the shipped
table ``resources/records/tenhou-words.json`` (:func:`words`), never in the interface.

:class:`Tenhou6Log` is the format's model (its documented fields, typed and bounded): exports are held
to it in the tests, and imports are read through it. :func:`export_tenhou6` writes a riichi game;
:func:`read_tenhou6` reads a log into :class:`~engine.records.hand_record.RecordedHand` values. The
log does not say in which order the seats acted, so :func:`sequence` rebuilds it by walking the turns
(a call on a discard makes the caller the next to act), trying the later of two identical discards
when the first does not fit (a pon of a tile discarded twice).
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, cast

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError

from engine.families.riichi.scoring import TENHOU_YAKU_KEYS
from engine.game.actions import ActionType
from engine.loading import KINDS, loads_json, pydantic_problem, read_text
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
from engine.records.mjai import check_exportable, payment_deltas
from engine.records.notation import TSUMOGIRI_CODE, Face, NotationError, face_of, tenhou_code, tenhou_face
from engine.rules.riichi import RiichiRules

A = ActionType


@dataclass(frozen=True)
class TenhouWords:
    """The words of tenhou.net/6 logs (``resources/records/tenhou-words.json``)."""

    win: str
    draws: dict[str, str]  # a draw's name -> the engine's reason
    exhaustive: dict[str, str]  # some_ready / all_ready / none_ready -> the name of an exhaustive draw
    draw_names: dict[str, str]  # the engine's reason -> the name of an abortive draw or nagashi
    limits: dict[str, str]  # the engine's limit name -> Tenhou's
    units: dict[str, str]  # fu, han, points, dealer_all
    rule: dict[str, str]  # the marks of rule.disp: east, south, open_tanyao, red, three_players
    yaku: tuple[str, ...]  # by Tenhou yaku id

    @property
    def score(self) -> re.Pattern[str]:
        """A score text: fu and han, or a limit's name; then the points (``a-b`` for a non-dealer's
        self-draw), the points unit, and the dealer-all mark of a dealer's self-draw."""
        u = self.units
        return re.compile(
            rf"^(?:(\d+){u['fu']}(\d+){u['han']}|[^\d]*)(\d+)(?:-(\d+))?{u['points']}({u['dealer_all']})?$"
        )


@functools.cache
def words() -> TenhouWords:
    from engine.resources import resource_path

    data = json.loads(resource_path("records", "tenhou-words.json").read_text(encoding="utf-8"))
    return TenhouWords(
        data["win"],
        dict(data["draws"]),
        dict(data["exhaustive"]),
        dict(data["draw_names"]),
        dict(data["limits"]),
        dict(data["units"]),
        dict(data["rule"]),
        tuple(data["yaku"]),
    )


MAX_KYOKU = 64
MAX_ACTIONS = 64

# ------------------------------------------------------------------------------------------ model
Code = Annotated[int, Field(ge=0, le=60)]
Item = Code | Annotated[str, Field(min_length=3, max_length=9)]
Score = Annotated[int, Field(ge=-(10**9), le=10**9)]
Text = Annotated[str, Field(max_length=200)]
ResultItem = Text | list[Score | Text]


class Tenhou6Rule(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)

    disp: Text = ""
    aka: int = Field(default=0, ge=0, le=4)
    aka51: int | None = Field(default=None, ge=0, le=4)
    aka52: int | None = Field(default=None, ge=0, le=4)
    aka53: int | None = Field(default=None, ge=0, le=4)


Kyoku = tuple[
    Annotated[list[Annotated[int, Field(ge=0, le=255)]], Field(min_length=3, max_length=3)],
    Annotated[list[Score], Field(min_length=4, max_length=4)],
    Annotated[list[Code], Field(min_length=1, max_length=5)],
    Annotated[list[Code], Field(max_length=5)],
    Annotated[list[Code], Field(min_length=13, max_length=13)],
    Annotated[list[Item], Field(max_length=MAX_ACTIONS)],
    Annotated[list[Item], Field(max_length=MAX_ACTIONS)],
    Annotated[list[Code], Field(min_length=13, max_length=13)],
    Annotated[list[Item], Field(max_length=MAX_ACTIONS)],
    Annotated[list[Item], Field(max_length=MAX_ACTIONS)],
    Annotated[list[Code], Field(min_length=13, max_length=13)],
    Annotated[list[Item], Field(max_length=MAX_ACTIONS)],
    Annotated[list[Item], Field(max_length=MAX_ACTIONS)],
    Annotated[list[Code], Field(min_length=13, max_length=13)],
    Annotated[list[Item], Field(max_length=MAX_ACTIONS)],
    Annotated[list[Item], Field(max_length=MAX_ACTIONS)],
    Annotated[list[ResultItem], Field(max_length=16)],  # [] only for an unfinished hand (an extension)
]


def _as_tuple(value: Any) -> Any:
    """A kyoku is a JSON array of 17 items of different kinds: validated as a tuple, position by
    position (strict mode takes no list for a tuple by itself)."""
    return tuple(value) if isinstance(value, list) else value


KyokuItem = Annotated[Kyoku, BeforeValidator(_as_tuple)]


class Tenhou6Log(BaseModel):
    """A tenhou.net/6 log: its documented fields, typed and bounded. Other top-level keys (a viewer's
    own) are ignored when reading; :class:`StrictTenhou6Log` refuses them."""

    model_config = ConfigDict(strict=True, extra="ignore", frozen=True)

    title: list[Text] = Field(default_factory=list, max_length=4)
    name: list[Text] = Field(min_length=4, max_length=4)
    rule: Tenhou6Rule = Field(default_factory=Tenhou6Rule)
    log: list[KyokuItem] = Field(min_length=1, max_length=MAX_KYOKU)
    ver: float | None = None
    ref: Text | None = None
    ratingc: Text | None = None
    lobby: int | None = None
    dan: list[Text] | None = None
    rate: list[float] | None = None
    sx: list[Text] | None = None
    sc: list[float] | None = None


class StrictTenhou6Log(Tenhou6Log):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


# ----------------------------------------------------------------------------------------- export
def export_tenhou6(
    game: Any, names: Sequence[str] = (), title: Sequence[str] = (), *, unfinished: bool = False
) -> dict[str, Any]:
    """The tenhou.net/6 log of a riichi game's finished hands. ``unfinished`` adds the hand in play as
    far as it has gone, with an empty result (a Tilehouse extension: tenhou.net/6 shows finished hands)."""
    from engine.families.registry import get_family

    check_exportable(game)
    rules: RiichiRules = game.rules
    red = get_family("riichi").red_tiles(rules)
    mark = words().rule
    length = mark["east"] if rules.game_length == "east" else mark["south"]
    kinds = (mark["open_tanyao"] if rules.open_tanyao else "") + (mark["red"] if rules.red_fives else "")
    disp = f"Tilehouse {rules.name} {length}{kinds}"
    logs: list[list[Any]] = []
    writer = _KyokuWriter(red, game.match.first_dealer)
    for event in game.events:
        finished = writer.add(event)
        if finished is not None:
            report = game.reports[len(logs)]
            finished[3] = [tenhou_code(face_of(t, red)) for t in report.ura_indicators]
            finished[2] = [tenhou_code(face_of(t, red)) for t in report.dora_indicators]
            logs.append(finished)
    if unfinished and not game.over and game.hand is not None:
        partial = writer.kyoku(None)
        partial[2] = [tenhou_code(face_of(t, red)) for t in game.observation(None).dora_indicators]
        logs.append(partial)
    return {
        "title": list(title) or ["Tilehouse", f"seed {game.seed}"],
        "name": list(names) or [f"seat {s}" for s in range(4)],
        "rule": {"disp": disp, "aka": 1 if rules.red_fives else 0},
        "log": logs,
    }


@dataclass
class _KyokuWriter:
    red: frozenset[int]
    first_dealer: int

    def __post_init__(self) -> None:
        self.start: dict[str, Any] = {}
        self.haipai: list[list[int]] = []
        self.takes: list[list[int | str]] = []
        self.discards: list[list[int | str]] = []
        self.pons: dict[tuple[int, int], dict[str, Any]] = {}

    def code(self, tile: int) -> int:
        return tenhou_code(face_of(tile, self.red))

    def add(self, event: Any) -> list[Any] | None:
        data = {**event.data, **(event.private or {})}
        seat = event.seat
        kind = event.type
        if kind == "hand_start":
            self.start = data
            self.haipai = [[] for _ in range(4)]
            self.takes = [[] for _ in range(4)]
            self.discards = [[] for _ in range(4)]
            self.pons.clear()
        elif kind == "deal":
            self.haipai[seat] = sorted((self.code(t) for t in data["tiles"]), key=_sort_key)
        elif kind == "draw":
            self.takes[seat].append(self.code(data["tile"]))
        elif kind == "discard":
            code = TSUMOGIRI_CODE if data.get("tsumogiri") else self.code(data["tile"])
            self.discards[seat].append(f"r{code}" if data.get("riichi") else code)
        elif kind == "call":
            meld = data["meld"]
            self.takes[seat].append(self.call_string(seat, meld))
            if meld["type"] == "open_kan":
                self.discards[seat].append(0)
            if meld["type"] == "pon":
                self.pons[(seat, int(meld["called"]) // 4)] = meld
        elif kind == "kan_declared":
            tiles = [int(t) for t in data["tiles"]]
            if data["type"] == "closed_kan":
                codes = sorted((self.code(t) for t in tiles), key=_sort_key)
                self.discards[seat].append(f"{codes[0]}{codes[1]}{codes[2]}a{codes[3]}")
            else:
                pon = self.pons[(seat, tiles[0] // 4)]
                self.discards[seat].append(self.added_kan_string(seat, pon, tiles[0]))
        elif kind == "hand_end":
            return self.kyoku(data["result"])
        return None

    def call_string(self, seat: int, meld: dict[str, Any]) -> str:
        called = int(meld["called"])
        own = sorted((self.code(t) for t in meld["tiles"] if t != called), key=_sort_key)
        letter = {"chi": "c", "pon": "p", "open_kan": "m"}[meld["type"]]
        relative = (int(meld["from"]) - seat) % 4  # 3 previous seat, 2 opposite, 1 next
        return _placed(letter, self.code(called), own, relative)

    def added_kan_string(self, seat: int, pon: dict[str, Any], added: int) -> str:
        called = int(pon["called"])
        own = sorted((self.code(t) for t in pon["tiles"] if t != called), key=_sort_key)
        relative = (int(pon["from"]) - seat) % 4
        claimed = f"{self.code(added)}{self.code(called)}"
        parts = [str(c) for c in own]
        at = {3: 0, 2: 1, 1: 2}[relative]
        return "".join(parts[:at]) + "k" + claimed + "".join(parts[at:])

    def kyoku(self, result: dict[str, Any] | None) -> list[Any]:
        start = self.start
        dealer = int(start["dealer"])
        kyoku_num = (int(start["round_wind"]) - 27) * 4 + (dealer - self.first_dealer) % 4
        out: list[Any] = [
            [kyoku_num, int(start["honba"]), int(start["riichi_sticks"])],
            list(start["scores"]),
            [],
            [],
        ]
        for s in range(4):
            out.extend([self.haipai[s], self.takes[s], self.discards[s]])
        out.append(_result(result, dealer) if result is not None else [])
        return out


def _sort_key(code: int) -> tuple[int, int]:
    """Tenhou's order: a red five sorts as a five of its suit."""
    if code in (51, 52, 53):
        return (10 * (code - 50) + 5, 0)
    return (code, 1)


def _placed(letter: str, called: int, own: list[int], relative: int) -> str:
    """A call string: the letter and the claimed tile stand where the seat it came from sits."""
    parts = [str(c) for c in own]
    if letter == "c" or relative == 3:
        return letter + str(called) + "".join(parts)
    at = 1 if relative == 2 else len(parts)
    return "".join(parts[:at]) + letter + str(called) + "".join(parts[at:])


def _result(result: dict[str, Any], dealer: int) -> list[Any]:
    payments = result["payments"]
    w = words()
    if result["kind"] == "win":
        out: list[Any] = [w.win]
        for win in result["wins"]:
            seat = int(win["seat"])
            deltas = payment_deltas(payments, 4, payee=seat)
            pao = next((p["payer"] for p in payments if p["reason"] == "pao" and p["payee"] == seat), seat)
            out.append(deltas)
            out.append([seat, int(win["from"]), pao, _score_text(win, dealer), *_yaku_texts(win)])
        return out
    deltas = payment_deltas(payments, 4)
    reason = result["reason"]
    if reason == "exhaustive":
        tenpai = len(result.get("tenpai", ()))
        which = "all_ready" if tenpai == 4 else "none_ready" if tenpai == 0 else "some_ready"
        name = w.exhaustive[which]
    else:
        name = w.draw_names.get(reason, w.exhaustive["some_ready"])
    return [name, deltas]


def _score_text(win: dict[str, Any], dealer: int) -> str:
    w = words()
    unit = w.units
    points = int(win["points"])
    limit = str(win.get("limit", ""))
    if "yakuman" in limit:
        head = w.limits["yakuman"]
    elif limit in w.limits:
        head = w.limits[limit]
    else:
        head = f"{win['fu']}{unit['fu']}{win['han']}{unit['han']}"
    seat = int(win["seat"])
    if int(win["from"]) != seat:
        return f"{head}{points}{unit['points']}"
    if seat == dealer:
        return f"{head}{points // 3}{unit['points']}{unit['dealer_all']}"
    share = int(-(-(points / 4) // 100) * 100)
    return f"{head}{share}-{points - 2 * share}{unit['points']}"


_ID_OF_KEY = {key: tid for tid, key in TENHOU_YAKU_KEYS.items()}


def _yaku_texts(win: dict[str, Any]) -> list[str]:
    """``name(N<han>)`` per yaku and dora item, ``name(<yakuman>)`` for a yakuman."""
    w = words()
    out = []
    yakuman = "yakuman" in str(win.get("limit", "")) and "kazoe" not in str(win.get("limit", ""))
    for item in win["items"]:
        tid = _ID_OF_KEY.get(str(item["key"]))
        if tid is None or not item["value"]:
            continue
        value = int(item["value"])
        amount = w.limits["yakuman"] if yakuman and value >= 13 else f"{value}{w.units['han']}"
        out.append(f"{w.yaku[tid]}({amount})")
    return out


def tenhou6_text(log: dict[str, Any]) -> str:
    return json.dumps(log, ensure_ascii=False, separators=(",", ":"))


# ----------------------------------------------------------------------------------------- import
def read_tenhou6(path: Path | str, *, rules: RiichiRules | None = None) -> RecordedGame:
    source = str(path)
    kind = KINDS["import"]
    text = read_text(path, kind, source=source)
    data = loads_json(text, source=source, max_depth=kind.max_depth)
    return parse_tenhou6(data, source=source, rules=rules)


def parse_tenhou6(
    data: Any, *, source: str = "tenhou.net/6 log", rules: RiichiRules | None = None
) -> RecordedGame:
    try:
        log = Tenhou6Log.model_validate(data)
    except ValidationError as exc:
        where, problem = pydantic_problem(exc)
        raise RecordError(source, problem, field=where or None) from None
    disp = log.rule.disp
    mark = words().rule
    if mark["three_players"] in disp or "3-Player" in disp:
        raise RecordError(
            source, "a three-player log: Tilehouse replays four-player riichi", field="rule.disp"
        )
    hands = [_kyoku(k, index, source) for index, k in enumerate(log.log)]
    if rules is None:
        from engine.rules import default_ruleset

        base = default_ruleset("riichi")
        assert isinstance(base, RiichiRules)
        aka = log.rule.aka + sum(x or 0 for x in (log.rule.aka51, log.rule.aka52, log.rule.aka53)) > 0
        east = mark["east"] in disp or "East" in disp
        rules = base.model_copy(update={"red_fives": aka, "game_length": "east" if east else "east_south"})
    return RecordedGame(hands, rules, tuple(log.name), source, "tenhou.net/6")


@dataclass(frozen=True)
class _Claim:
    call: Call


@dataclass(frozen=True)
class _Tile:
    face: Face


@dataclass(frozen=True)
class _Out:
    """A discard slot: a tile (``face`` None: the tile just drawn), maybe the riichi declaration."""

    face: Face | None
    riichi: bool = False


@dataclass(frozen=True)
class _Kan:
    kan: OwnKan


@dataclass(frozen=True)
class _Placeholder:
    """The ``0`` after an open kan."""


class _Inconsistent(Exception):
    pass


def _kyoku(k: Kyoku, index: int, source: str) -> RecordedHand:
    where = f"log.{index}"

    def refuse(problem: str, field: str = "") -> RecordError:
        return RecordError(source, problem, field=f"{where}.{field}" if field else where)

    meta, scores, dora, ura = k[0], k[1], k[2], k[3]
    try:
        haipai = [tuple(tenhou_face(c) for c in k[4 + 3 * s]) for s in range(4)]
        takes = [[_take(x, s) for x in cast(list[int | str], k[5 + 3 * s])] for s in range(4)]
        outs = [[_discard(x, s) for x in cast(list[int | str], k[6 + 3 * s])] for s in range(4)]
        dora_faces = tuple(tenhou_face(c) for c in dora)
        ura_faces = tuple(tenhou_face(c) for c in ura)
    except NotationError as exc:
        raise refuse(str(exc)) from None
    result = k[16]
    finished = bool(result)
    wins, draw_reason, draw_deltas = _read_result(result, refuse) if finished else ([], None, None)
    dealer = meta[0] % 4
    try:
        steps = sequence(dealer, takes, outs)
    except _Inconsistent as exc:
        raise refuse(f"the takes and discards do not fit together ({exc})") from None
    last_actor = _last_actor(steps, dealer)
    if wins:
        steps.extend(Win(w.seat, w.from_seat) for w in wins)
    elif draw_reason == "nine_terminals":
        steps.append(NineTerminals(last_actor))
    return RecordedHand(
        round_index=meta[0],
        honba=meta[1],
        pot=meta[2],
        scores=tuple(scores),
        haipai=tuple(haipai),
        steps=tuple(steps),
        dora=dora_faces,
        ura=ura_faces,
        wins=tuple(wins),
        draw_reason=draw_reason,
        draw_deltas=draw_deltas,
        where=where,
        finished=finished,
    )


def _last_actor(steps: list[Step], dealer: int) -> int:
    return steps[-1].seat if steps else dealer


def _read_result(
    result: list[Any], refuse: Any
) -> tuple[list[RecordedWin], str | None, tuple[int, ...] | None]:
    head = result[0]
    w = words()
    if not isinstance(head, str):
        raise refuse("the result starts with its name (a win, or a kind of draw)", "16")
    if head != w.win:
        reason = w.draws.get(head)
        if reason is None:
            raise refuse(f"unknown result {head[:20]!r}", "16")
        deltas = result[1] if len(result) > 1 else None
        if deltas is not None and not _is_deltas(deltas):
            raise refuse("a draw's score changes are four numbers", "16.1")
        return [], reason, tuple(deltas) if deltas is not None else None
    wins: list[RecordedWin] = []
    rest = result[1:]
    if not rest or len(rest) % 2:
        raise refuse("a win is a list of score changes and a detail per winner", "16")
    for i in range(0, len(rest), 2):
        deltas, detail = rest[i], rest[i + 1]
        if not _is_deltas(deltas):
            raise refuse("score changes are four numbers", f"16.{i + 1}")
        if not isinstance(detail, list) or len(detail) < 3 or not all(type(x) is int for x in detail[:3]):
            raise refuse("a win's detail starts with who, from whom and who is liable", f"16.{i + 2}")
        who, from_seat = detail[0], detail[1]
        if not (0 <= who <= 3 and 0 <= from_seat <= 3):
            raise refuse("seats are 0..3", f"16.{i + 2}")
        texts = [x for x in detail[3:] if isinstance(x, str)]
        points, han, fu, yakuman = _parse_score(texts)
        wins.append(RecordedWin(who, from_seat, tuple(deltas), points, han, fu, yakuman))
    return wins, None, None


def _is_deltas(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 4 and all(type(x) is int for x in value)


def _parse_score(texts: list[str]) -> tuple[int | None, int | None, int | None, bool]:
    """Points, han, fu and whether it is a yakuman, from a win's texts (None where they do not say)."""
    if not texts:
        return None, None, None, False
    w = words()
    match = w.score.match(texts[0])
    points = fu = None
    if match:
        first = int(match.group(3))
        if match.group(4) is not None:
            points = 2 * first + int(match.group(4))
        elif match.group(5):
            points = 3 * first
        else:
            points = first
        fu = int(match.group(1)) if match.group(1) else None
    yakuman = any(w.limits["yakuman"] in t for t in texts[1:])
    han_of = re.compile(rf"\((\d+){w.units['han']}\)$")
    han = 0
    for t in texts[1:]:
        m = han_of.search(t)
        if m:
            han += int(m.group(1))
    return points, (None if yakuman else han), fu, yakuman


def _take(item: int | str, seat: int) -> _Tile | _Claim:
    if isinstance(item, int):
        return _Tile(tenhou_face(item))
    letters = [(i, ch) for i, ch in enumerate(item) if ch.isalpha()]
    if len(letters) != 1:
        raise NotationError(f"{item!r} is not a call string")
    at, letter = letters[0]
    digits = item[:at] + item[at + 1 :]
    if at % 2 or len(digits) % 2:
        raise NotationError(f"{item!r} is not a call string")
    codes = [int(digits[i : i + 2]) for i in range(0, len(digits), 2)]
    faces = [tenhou_face(c) for c in codes]
    called_index = at // 2
    if letter == "c" and at == 0 and len(faces) == 3:
        return _Claim(Call(seat, A.CHI, faces[0], (faces[1], faces[2]), (seat + 3) % 4))
    sizes = {"p": (3, {0: 3, 1: 2, 2: 1}), "m": (4, {0: 3, 1: 2, 3: 1})}
    if letter in sizes and len(faces) == sizes[letter][0] and called_index in sizes[letter][1]:
        relative = sizes[letter][1][called_index]
        own = tuple(f for i, f in enumerate(faces) if i != called_index)
        kind = A.PON if letter == "p" else A.OPEN_KAN
        return _Claim(Call(seat, kind, faces[called_index], own, (seat + relative) % 4))
    raise NotationError(f"{item!r} is not a call string (chi c, pon p, open kan m)")


def _discard(item: int | str, seat: int) -> _Out | _Kan | _Placeholder:
    if isinstance(item, int):
        if item == 0:
            return _Placeholder()
        if item == TSUMOGIRI_CODE:
            return _Out(None)
        return _Out(tenhou_face(item))
    if item.startswith("r") and len(item) == 3 and item[1:].isdigit():
        code = int(item[1:])
        return _Out(None if code == TSUMOGIRI_CODE else tenhou_face(code), riichi=True)
    letters = [(i, ch) for i, ch in enumerate(item) if ch.isalpha()]
    if len(letters) == 1 and len(item) == 9 and letters[0][0] % 2 == 0:
        at, letter = letters[0]
        digits = item[:at] + item[at + 1 :]
        faces = [tenhou_face(int(digits[i : i + 2])) for i in range(0, 8, 2)]
        if letter == "a" and at == 6:
            return _Kan(OwnKan(seat, A.CLOSED_KAN, tuple(faces)))
        if letter == "k" and at in (0, 2, 4):
            return _Kan(OwnKan(seat, A.ADDED_KAN, (faces[at // 2],)))
    raise NotationError(f"{item!r} is not a discard (a tile, 60, r + tile, or a kan string)")


def sequence(
    dealer: int,
    takes: list[list[_Tile | _Claim]],
    outs: list[list[_Out | _Kan | _Placeholder]],
    *,
    attempts: int = 256,
) -> list[Step]:
    """The hand's steps in the order they happened, from each seat's takes and discards.

    A call on a discard that the discarder throws again later may belong to either: the walk calls the
    first one, and on a dead end tries the later one (backtracking over such choices, at most
    ``attempts`` walks)."""
    choices: list[bool] = []  # at each ambiguous call, in order: True = called on the first discard
    last_error = "no attempt"
    for _ in range(attempts):
        try:
            return _walk(dealer, takes, outs, choices)
        except _Inconsistent as exc:
            last_error = str(exc)
            while choices and not choices[-1]:
                choices.pop()
            if not choices:
                break
            choices[-1] = False
    raise _Inconsistent(last_error)


def _walk(
    dealer: int,
    takes: list[list[_Tile | _Claim]],
    outs: list[list[_Out | _Kan | _Placeholder]],
    choices: list[bool],
) -> list[Step]:
    steps: list[Step] = []
    ti = [0, 0, 0, 0]
    di = [0, 0, 0, 0]
    actor = dealer
    replacement = False
    last: tuple[int, Face] | None = None  # the discard on the table: (seat, face)
    ambiguous = 0
    while True:
        if ti[actor] >= len(takes[actor]):
            break  # robbed kan (chankan) or the hand is over
        take = takes[actor][ti[actor]]
        ti[actor] += 1
        drawn: Face | None = None
        if isinstance(take, _Claim):
            call = take.call
            if last is None or last != (call.from_seat, call.face):
                raise _Inconsistent(f"seat {actor} calls a tile that is not on the table")
            steps.append(call)
            last = None
            if call.type is A.OPEN_KAN:
                if di[actor] >= len(outs[actor]) or not isinstance(outs[actor][di[actor]], _Placeholder):
                    raise _Inconsistent(f"seat {actor}: an open kan needs 0 in its discards")
                di[actor] += 1
                replacement = True
                continue
        else:
            steps.append(Draw(actor, take.face, replacement))
            drawn = take.face
            replacement = False
            last = None
        if di[actor] >= len(outs[actor]):
            break  # tsumo or nine terminals
        out = outs[actor][di[actor]]
        di[actor] += 1
        if isinstance(out, _Placeholder):
            raise _Inconsistent(f"seat {actor}: 0 in the discards without an open kan")
        if isinstance(out, _Kan):
            steps.append(out.kan)
            replacement = True
            continue
        face = out.face if out.face is not None else drawn
        if face is None:
            raise _Inconsistent(f"seat {actor}: 60 (the tile just drawn) after a call")
        steps.append(Discard(actor, face, out.face is None, out.riichi))
        last = (actor, face)
        if all(ti[s] >= len(takes[s]) for s in range(4)):
            break
        callers = []
        for s in range(4):
            if s == actor or ti[s] >= len(takes[s]):
                continue
            head = takes[s][ti[s]]
            if isinstance(head, _Claim) and (head.call.from_seat, head.call.face) == last:
                callers.append((0 if head.call.type is A.CHI else 1, s))
        nxt = (actor + 1) % 4
        if callers:
            caller = max(callers)[1]
            # the same tile again later (a tile drawn and discarded at once may be anything)
            again = any(isinstance(o, _Out) and o.face in (face, None) for o in outs[actor][di[actor] :])
            now = True
            if again:
                if ambiguous >= len(choices):
                    choices.append(True)
                now = choices[ambiguous]
                ambiguous += 1
            if now:
                nxt = caller
        actor = nxt
    for s in range(4):
        if ti[s] != len(takes[s]) or di[s] != len(outs[s]):
            raise _Inconsistent(f"seat {s}'s takes or discards are left over")
    return steps
