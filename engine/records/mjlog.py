"""Tenhou mjlog (the XML of Tenhou's own game logs, format 2.3) into recorded hands.

An mjlog is a flat list of elements, in the order things happened::

    <mjloggm ver="2.3"><GO type="169"/><UN n0=".." .../><TAIKYOKU oya="0"/>
    <INIT seed="kyoku,honba,sticks,dice,dice,dora" ten="250,250,250,250" oya="0" hai0="..." .../>
    <T46/><D46/><U12/><E12/>...   draws T U V W and discards D E F G of seats 0-3 (tile ids)
    <N who="1" m="47625"/>       a call, in Tenhou's meld code (:mod:`engine.conformance.tenhou_meld`)
    <REACH who="0" step="1"/>    a riichi declaration (step 2: the stick paid)
    <DORA hai="30"/>             a kan dora
    <AGARI who=".." fromWho=".." ten="fu,points,limit" yaku="id,han,..." sc="..." doraHaiUra="..."/>
    <RYUUKYOKU type="yao9" sc="..."/>

Tile ids are Tenhou's, which are Tilehouse's (``kind * 4 + copy``, the red fives 16, 52, 88); they are
read as faces like every other format. ``GO type`` gives the rules: bit 0x02 no red fives, 0x04 no open
tanyao, 0x08 East+South, 0x10 three players (refused). Scores are in hundreds.

The text is read through the loading layer (an imported log's size) and tokenised by a strict pattern,
never by an XML parser: a document type or entity declaration (``<!``) is refused, so no entity can
expand.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from engine.conformance.tenhou_meld import TenhouMeldError, decode_meld
from engine.game.actions import ActionType
from engine.loading import KINDS, read_text
from engine.melds import MeldType
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
from engine.records.notation import Face, face_of
from engine.rules.riichi import RiichiRules
from engine.tiles import RED_FIVE_TILES

A = ActionType
_TAG = re.compile(r"<([A-Za-z][A-Za-z0-9]*)((?:\s+[A-Za-z][A-Za-z0-9]*=\"[^\"<>]*\")*)\s*/?>|</[A-Za-z]+>")
_ATTR = re.compile(r"([A-Za-z][A-Za-z0-9]*)=\"([^\"]*)\"")
_DRAW = {"T": 0, "U": 1, "V": 2, "W": 3}
_DISCARD = {"D": 0, "E": 1, "F": 2, "G": 3}
DRAW_TYPES = {
    "yao9": "nine_terminals",
    "reach4": "four_riichi",
    "ron3": "triple_ron",
    "kan4": "four_kans",
    "kaze4": "four_winds",
    "nm": "nagashi_mangan",
}
MAX_ELEMENTS = 100_000


def tokens(text: str, source: str) -> list[tuple[str, dict[str, str], int]]:
    """(element name, attributes, line) of every element; :class:`RecordError` for anything else."""
    if "<!" in text:
        line = text[: text.index("<!")].count("\n") + 1
        raise RecordError(source, "a document type or entity declaration (<!...) is not allowed", line=line)
    body = re.sub(r"<\?xml[^>]*\?>", "", text, count=1)
    out: list[tuple[str, dict[str, str], int]] = []
    pos = 0
    line = 1
    for match in _TAG.finditer(body):
        between = body[pos : match.start()]
        if between.strip():
            line += body[:pos].count("\n") - line + 1
            raise RecordError(source, f"text outside an element: {between.strip()[:30]!r}", line=line)
        pos = match.end()
        if match.group(1) is None:
            continue  # a closing tag
        if len(out) >= MAX_ELEMENTS:
            raise RecordError(source, f"more than {MAX_ELEMENTS} elements")
        attrs = dict(_ATTR.findall(match.group(2) or ""))
        out.append((match.group(1), attrs, body.count("\n", 0, match.start()) + 1))
    if body[pos:].strip():
        raise RecordError(source, f"not an mjlog element: {body[pos:].strip()[:30]!r}")
    return out


def read_mjlog(path: Path | str, *, rules: RiichiRules | None = None) -> RecordedGame:
    source = str(path)
    text = read_text(path, KINDS["import"], source=source)
    return parse_mjlog(text, source=source, rules=rules)


@dataclass
class _Hand:
    init: dict[str, str]
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
    drawn: dict[int, int] = field(default_factory=dict)
    ended: bool = False


def _ints(value: str, source: str, line: int, name: str) -> list[int]:
    try:
        return [int(x) for x in value.split(",")] if value else []
    except ValueError:
        raise RecordError(source, f"not a list of numbers: {value[:30]!r}", line=line, field=name) from None


def parse_mjlog(text: str, *, source: str = "mjlog", rules: RiichiRules | None = None) -> RecordedGame:
    elements = tokens(text, source)
    if not elements or elements[0][0] != "mjloggm":
        raise RecordError(source, "not a Tenhou mjlog (no <mjloggm> element)")
    game_type = 0x89  # four players, East+South, red fives, open tanyao
    names: tuple[str, ...] = ()
    hands: list[RecordedHand] = []
    current: _Hand | None = None
    red = frozenset(RED_FIVE_TILES)
    for name, attrs, line in elements[1:]:
        if name == "GO":
            game_type = _ints(attrs.get("type", "137"), source, line, "type")[0]
            if game_type & 0x10:
                raise RecordError(
                    source, "a three-player log: Tilehouse replays four-player riichi", line=line
                )
            red = frozenset() if game_type & 0x02 else frozenset(RED_FIVE_TILES)
            continue
        if name == "UN" and "n0" in attrs:
            names = tuple(attrs.get(f"n{s}", "") for s in range(4))
            continue
        if name == "INIT":
            if current is not None:
                hands.append(_finish(current, source, red, finished=current.ended))
            current = _Hand(attrs, line, f"hand {len(hands) + 1}")
            seed = _ints(attrs.get("seed", ""), source, line, "seed")
            if len(seed) != 6:
                raise RecordError(source, "seed holds 6 numbers", line=line, field="seed")
            current.dora.append(_tile(seed[5], red, source, line))
            continue
        if current is None:
            continue  # SHUFFLE, TAIKYOKU, BYE and the like before the first hand
        _element(current, name, attrs, line, source, red)
    if current is not None:
        hands.append(_finish(current, source, red, finished=current.ended))
    if not hands:
        raise RecordError(source, "the log holds no hand (no <INIT>)")
    if rules is None:
        from engine.rules import default_ruleset

        base = default_ruleset("riichi")
        assert isinstance(base, RiichiRules)
        rules = base.model_copy(
            update={
                "red_fives": not game_type & 0x02,
                "open_tanyao": not game_type & 0x04,
                "game_length": "east_south" if game_type & 0x08 else "east",
            }
        )
    return RecordedGame(hands, rules, names, source, "mjlog")


def _tile(tile: int, red: frozenset[int], source: str, line: int) -> Face:
    if not 0 <= tile < 136:
        raise RecordError(source, f"{tile} is not a tile id (0..135)", line=line)
    return face_of(tile, red)


def _element(
    hand: _Hand, name: str, attrs: dict[str, str], line: int, source: str, red: frozenset[int]
) -> None:
    head, rest = name[0], name[1:]
    if head in _DRAW and rest.isdigit():
        seat = _DRAW[head]
        tile = int(rest)
        hand.steps.append(Draw(seat, _tile(tile, red, source, line), seat in hand.after_kan))
        hand.after_kan.discard(seat)
        hand.drawn[seat] = tile
        return
    if head in _DISCARD and rest.isdigit():
        seat = _DISCARD[head]
        tile = int(rest)
        riichi = seat in hand.reach
        hand.reach.discard(seat)
        tsumogiri = hand.drawn.pop(seat, None) == tile
        hand.steps.append(Discard(seat, _tile(tile, red, source, line), tsumogiri, riichi))
        return
    if name == "N":
        who = _ints(attrs.get("who", ""), source, line, "who")
        code = _ints(attrs.get("m", ""), source, line, "m")
        if len(who) != 1 or len(code) != 1 or not 0 <= who[0] <= 3:
            raise RecordError(source, "a call names who and its meld code", line=line)
        try:
            meld = decode_meld(code[0], who[0])
        except TenhouMeldError as exc:
            raise RecordError(source, str(exc), line=line, field="m") from None
        seat = who[0]
        faces = [face_of(t, red) for t in meld.tiles]
        if meld.type is MeldType.CLOSED_KAN:
            hand.steps.append(OwnKan(seat, A.CLOSED_KAN, tuple(faces)))
            hand.after_kan.add(seat)
        elif meld.type is MeldType.ADDED_KAN:
            assert meld.added is not None
            hand.steps.append(OwnKan(seat, A.ADDED_KAN, (face_of(meld.added, red),)))
            hand.after_kan.add(seat)
        else:
            assert meld.called is not None and meld.from_seat is not None
            own = tuple(face_of(t, red) for t in meld.tiles if t != meld.called)
            kind = {MeldType.CHI: A.CHI, MeldType.PON: A.PON, MeldType.OPEN_KAN: A.OPEN_KAN}[meld.type]
            hand.steps.append(Call(seat, kind, face_of(meld.called, red), own, meld.from_seat))
            if kind is A.OPEN_KAN:
                hand.after_kan.add(seat)
        return
    if name == "REACH":
        who = _ints(attrs.get("who", ""), source, line, "who")
        if attrs.get("step") == "1" and who and 0 <= who[0] <= 3:
            hand.reach.add(who[0])
        return
    if name == "DORA":
        hand.dora.append(_tile(_ints(attrs.get("hai", ""), source, line, "hai")[0], red, source, line))
        return
    if name == "AGARI":
        _agari(hand, attrs, line, source, red)
        return
    if name == "RYUUKYOKU":
        hand.ended = True
        reason = DRAW_TYPES.get(attrs.get("type", ""), "exhaustive")
        hand.draw_reason = reason
        if reason == "nine_terminals":
            last = hand.steps[-1] if hand.steps else None
            hand.steps.append(
                NineTerminals(last.seat if last is not None else int(hand.init.get("oya", "0")))
            )
        hand.draw_deltas = _deltas(attrs, line, source)


def _deltas(attrs: dict[str, str], line: int, source: str) -> tuple[int, ...] | None:
    sc = _ints(attrs.get("sc", ""), source, line, "sc")
    if len(sc) < 8:
        return None
    return tuple(100 * sc[2 * s + 1] for s in range(4))


def _agari(hand: _Hand, attrs: dict[str, str], line: int, source: str, red: frozenset[int]) -> None:
    hand.ended = True
    who = _ints(attrs.get("who", ""), source, line, "who")
    frm = _ints(attrs.get("fromWho", ""), source, line, "fromWho")
    ten = _ints(attrs.get("ten", ""), source, line, "ten")
    if len(who) != 1 or len(frm) != 1 or len(ten) < 2 or not (0 <= who[0] <= 3 and 0 <= frm[0] <= 3):
        raise RecordError(source, "a win names who, fromWho and ten", line=line)
    yaku = _ints(attrs.get("yaku", ""), source, line, "yaku")
    yakuman = bool(attrs.get("yakuman"))
    han = None if yakuman else sum(yaku[1::2])
    hand.steps.append(Win(who[0], frm[0]))
    hand.wins.append(RecordedWin(who[0], frm[0], _deltas(attrs, line, source), ten[1], han, ten[0], yakuman))
    if "doraHaiUra" in attrs and not hand.ura:
        hand.ura.extend(
            _tile(t, red, source, line) for t in _ints(attrs["doraHaiUra"], source, line, "doraHaiUra")
        )


def _finish(hand: _Hand, source: str, red: frozenset[int], *, finished: bool) -> RecordedHand:
    init, line = hand.init, hand.line
    seed = _ints(init.get("seed", ""), source, line, "seed")
    ten = _ints(init.get("ten", ""), source, line, "ten")
    if len(ten) != 4:
        raise RecordError(source, "ten holds four scores", line=line, field="ten")
    haipai = []
    for s in range(4):
        tiles = _ints(init.get(f"hai{s}", ""), source, line, f"hai{s}")
        if len(tiles) != 13:
            raise RecordError(source, "13 tiles each", line=line, field=f"hai{s}")
        haipai.append(tuple(_tile(t, red, source, line) for t in tiles))
    if seed[0] % 4 != int(init.get("oya", str(seed[0] % 4))):
        raise RecordError(source, "oya is not the dealer of the hand's number", line=line, field="oya")
    return RecordedHand(
        round_index=seed[0],
        honba=seed[1],
        pot=seed[2],
        scores=tuple(100 * t for t in ten),
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
