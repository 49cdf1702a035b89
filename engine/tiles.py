"""Tile kinds, physical tiles and the mpsz text notation.

Two ideas are kept apart, as Kajongg does:

* a **kind** (``int``, 0..41) is what a tile *is* for the rules: ``0..8`` = 1-9 man (characters),
  ``9..17`` = 1-9 pin (dots), ``18..26`` = 1-9 sou (bamboo), ``27..30`` = winds E S W N,
  ``31..33`` = dragons white green red, ``34..41`` = flowers 春夏秋冬梅兰菊竹;
* a **tile** (``int``, 0..143) is one physical piece. For the 136 suited and honour tiles the id is
  ``kind * 4 + copy``; flowers are ``136 + (kind - 34)``. Every family uses the same ids and simply
  leaves some out of its wall (Sichuan: ids 0..107; riichi: 0..135; Lingxi: 0..143).
  Riichi red fives are the copy-0 fives: ids 16 (0m), 52 (0p) and 88 (0s).

Notation (mpsz): digits followed by a suffix, ``123m456p789s1234567z``; ``z`` digits are E S W N
white green red; ``0m 0p 0s`` are red fives; ``1f``..``8f`` are the flowers 春夏秋冬梅兰菊竹.

>>> parse_kinds("123m55z")
[0, 1, 2, 31, 31]
>>> format_kinds([0, 1, 2, 31, 31])
'123m55z'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

Kind = int
Tile = int

NUM_SUITED_HONOR_KINDS = 34
NUM_KINDS = 42
MAN, PIN, SOU, HONOR, FLOWER = 0, 1, 2, 3, 4
SUIT_LETTERS = "mpszf"

EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30
WHITE, GREEN, RED = 31, 32, 33
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (WHITE, GREEN, RED)
FIRST_FLOWER = 34
FLOWERS = tuple(range(34, 42))
SEASON_FLOWERS = (34, 35, 36, 37)  # 春夏秋冬
PLANT_FLOWERS = (38, 39, 40, 41)  # 梅兰菊竹
TERMINALS_AND_HONORS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
RED_FIVE_TILES = (16, 52, 88)

ALL_TILES_136 = tuple(range(136))
ALL_TILES_108 = tuple(range(108))
ALL_TILES_144 = tuple(range(144))

_FLOWER_NAMES_EN = ["Spring", "Summer", "Autumn", "Winter", "Plum", "Orchid", "Chrysanthemum", "Bamboo"]
# English names as the table says them (desktop.i18n): riichi's words ...
KIND_NAMES_EN = (
    [f"{n}-man" for n in range(1, 10)]
    + [f"{n}-pin" for n in range(1, 10)]
    + [f"{n}-sou" for n in range(1, 10)]
    + ["East", "South", "West", "North", "Haku", "Hatsu", "Chun"]
    + _FLOWER_NAMES_EN
)
# ... and the Chinese families' (vocabulary "chinese")
KIND_NAMES_EN_CHINESE = (
    ["1 Character"]
    + [f"{n} Characters" for n in range(2, 10)]
    + ["1 Dot"]
    + [f"{n} Dots" for n in range(2, 10)]
    + [f"{n} Bamboo" for n in range(1, 10)]
    + ["East Wind", "South Wind", "West Wind", "North Wind", "White Dragon", "Green Dragon", "Red Dragon"]
    + _FLOWER_NAMES_EN
)
_CN_NUMS = "一二三四五六七八九"
_FLOWER_NAMES_ZH = ["春", "夏", "秋", "冬", "梅", "兰", "菊", "竹"]


def _zh_names(bamboo: str, honours: list[str]) -> list[str]:
    """The 42 kinds' Chinese names with the vocabulary's word for bamboo and names of the honours."""
    return [f"{c}{suit}" for suit in ("万", "筒", bamboo) for c in _CN_NUMS] + honours + _FLOWER_NAMES_ZH


# Chinese names as the table says them too: riichi's (索, 白) and the Chinese families' (条, 东风, 白板)
KIND_NAMES_ZH = _zh_names("索", ["东", "南", "西", "北", "白", "发", "中"])
KIND_NAMES_ZH_CHINESE = _zh_names("条", ["东风", "南风", "西风", "北风", "白板", "发财", "红中"])


class NotationError(ValueError):
    """A malformed mpsz string; ``position`` is the 0-based index of the offending character."""

    def __init__(self, text: str, position: int, reason: str) -> None:
        self.text = text
        self.position = position
        self.reason = reason
        super().__init__(f"bad tile notation {text!r} at position {position}: {reason}")


class TileFace(NamedTuple):
    """A tile as written in notation: its kind and whether it was written as a red five (0)."""

    kind: Kind
    red: bool = False


def kind_of(tile: Tile) -> Kind:
    """The kind of a physical tile id."""
    return tile >> 2 if tile < 136 else FIRST_FLOWER + tile - 136


def tiles_of_kind(kind: Kind) -> tuple[Tile, ...]:
    """The physical ids of a kind (4 for suits and honours, 1 for a flower)."""
    if kind >= FIRST_FLOWER:
        return (136 + kind - FIRST_FLOWER,)
    return (kind * 4, kind * 4 + 1, kind * 4 + 2, kind * 4 + 3)


def is_red(tile: Tile) -> bool:
    """True for the three copy-0 fives that riichi rulesets with red fives treat as red."""
    return tile in RED_FIVE_TILES


def suit_of(kind: Kind) -> int:
    """MAN, PIN, SOU, HONOR or FLOWER."""
    if kind < 27:
        return kind // 9
    return HONOR if kind < FIRST_FLOWER else FLOWER


def number_of(kind: Kind) -> int:
    """1-9 within a suit; 1-7 for honours (E S W N white green red); 1-8 for flowers."""
    if kind < 27:
        return kind % 9 + 1
    if kind < FIRST_FLOWER:
        return kind - 26
    return kind - FIRST_FLOWER + 1


def is_suited(kind: Kind) -> bool:
    return kind < 27


def is_honor(kind: Kind) -> bool:
    return 27 <= kind < FIRST_FLOWER


def is_flower(kind: Kind) -> bool:
    return kind >= FIRST_FLOWER


def is_terminal(kind: Kind) -> bool:
    return kind < 27 and kind % 9 in (0, 8)


def is_terminal_or_honor(kind: Kind) -> bool:
    return is_terminal(kind) or is_honor(kind)


def make_kind(suit: int, number: int) -> Kind:
    """The kind of ``number`` (1-based) in ``suit``; raises ValueError when out of range."""
    limits = {MAN: 9, PIN: 9, SOU: 9, HONOR: 7, FLOWER: 8}
    if suit not in limits or not 1 <= number <= limits[suit]:
        raise ValueError(f"no tile number {number} in suit {suit}")
    if suit < HONOR:
        return suit * 9 + number - 1
    return (27 if suit == HONOR else FIRST_FLOWER) + number - 1


def parse(text: str) -> list[TileFace]:
    """Parse mpsz notation into tile faces, in the written order.

    Spaces are ignored. Errors name the position and the reason:

    >>> try:
    ...     parse("12")
    ... except NotationError as exc:
    ...     print(exc.position, exc.reason)
    2 digits '12' have no suit letter (m p s z f)
    """
    faces: list[TileFace] = []
    pending: list[tuple[int, int]] = []  # (digit, position)
    for pos, ch in enumerate(text):
        if ch.isspace():
            continue
        if ch.isdigit():
            pending.append((int(ch), pos))
            continue
        letter = ch.lower()
        if letter not in SUIT_LETTERS:
            raise NotationError(text, pos, f"{ch!r} is neither a digit nor a suit letter (m p s z f)")
        if not pending:
            raise NotationError(text, pos, f"suit letter {ch!r} has no digits before it")
        suit = SUIT_LETTERS.index(letter)
        for digit, dpos in pending:
            if digit == 0:
                if suit >= HONOR:
                    raise NotationError(text, dpos, f"0 (red five) exists only in m, p and s, not {letter}")
                faces.append(TileFace(make_kind(suit, 5), True))
                continue
            limit = 9 if suit < HONOR else (7 if suit == HONOR else 8)
            if digit > limit:
                raise NotationError(text, dpos, f"{digit}{letter} does not exist ({letter} goes 1-{limit})")
            faces.append(TileFace(make_kind(suit, digit), False))
        pending = []
    if pending:
        digits = "".join(str(d) for d, _ in pending)
        raise NotationError(text, len(text), f"digits {digits!r} have no suit letter (m p s z f)")
    return faces


def parse_kinds(text: str) -> list[Kind]:
    """Parse mpsz notation into kinds (a red five is just a five)."""
    return [face.kind for face in parse(text)]


def format_faces(faces: Iterable[TileFace], *, sort: bool = False) -> str:
    """Format tile faces as mpsz, grouping runs of the same suit letter."""
    items = list(faces)
    if sort:
        items.sort(key=lambda f: (f.kind, not f.red))
    out: list[str] = []
    digits: list[str] = []
    current = -1
    for face in items:
        suit = suit_of(face.kind)
        if suit != current and digits:
            out.append("".join(digits) + SUIT_LETTERS[current])
            digits = []
        current = suit
        digits.append("0" if face.red else str(number_of(face.kind)))
    if digits:
        out.append("".join(digits) + SUIT_LETTERS[current])
    return "".join(out)


def format_kinds(kinds: Iterable[Kind], *, sort: bool = False) -> str:
    """Format kinds as mpsz.

    >>> format_kinds([31, 0, 1], sort=True)
    '12m5z'
    """
    return format_faces((TileFace(k) for k in kinds), sort=sort)


def format_tiles(tiles: Iterable[Tile], *, red_fives: bool = True, sort: bool = False) -> str:
    """Format physical tiles as mpsz; with ``red_fives`` the copy-0 fives are written as 0."""
    return format_faces((TileFace(kind_of(t), red_fives and is_red(t)) for t in tiles), sort=sort)


def counts34(kinds: Iterable[Kind]) -> list[int]:
    """A 34-long count vector of suited and honour kinds (flowers are ignored)."""
    counts = [0] * NUM_SUITED_HONOR_KINDS
    for k in kinds:
        if k < NUM_SUITED_HONOR_KINDS:
            counts[k] += 1
    return counts


def tile_counts34(tiles: Iterable[Tile]) -> list[int]:
    """A 34-long count vector of physical tiles (flowers are ignored)."""
    counts = [0] * NUM_SUITED_HONOR_KINDS
    for t in tiles:
        if t < 136:
            counts[t >> 2] += 1
    return counts


def faces_to_tiles(faces: Sequence[TileFace], available: Iterable[Tile] | None = None) -> list[Tile]:
    """Choose physical tiles for faces: red faces take the copy-0 five, others the lowest free copy.

    Raises ValueError when a face needs more copies than exist (or than ``available`` holds).
    """
    free = set(ALL_TILES_144 if available is None else available)
    chosen: list[Tile] = []
    for face in sorted(faces, key=lambda f: not f.red):  # red fives first so they get copy 0
        candidates = tiles_of_kind(face.kind)
        if face.red:
            pick = [t for t in candidates if t in free and is_red(t)]
        else:
            pick = [t for t in candidates if t in free and not is_red(t)]
            pick = pick or [t for t in candidates if t in free]
        if not pick:
            raise ValueError(f"too many copies of {format_faces([face])}")
        free.discard(pick[0])
        chosen.append(pick[0])
    return _reorder(faces, chosen)  # back to the caller's order


def _reorder(faces: Sequence[TileFace], chosen: list[Tile]) -> list[Tile]:
    ordered = sorted(range(len(faces)), key=lambda i: not faces[i].red)
    result: list[Tile] = [0] * len(faces)
    for slot, tile in zip(ordered, chosen, strict=True):
        result[slot] = tile
    return result


def tile_name(kind: Kind, lang: str = "en", vocabulary: str = "japanese") -> str:
    """A human name of a kind in English or Chinese ("zh"), in the family's ``vocabulary`` as the
    table says it (``desktop.i18n.tile_name``; a test keeps the two alike): 5-man, Haku, 一索, 白
    (riichi); 5 Characters, White Dragon, 一条, 白板 ("chinese")."""
    chinese = vocabulary == "chinese"
    if lang == "zh":
        return (KIND_NAMES_ZH_CHINESE if chinese else KIND_NAMES_ZH)[kind]
    return (KIND_NAMES_EN_CHINESE if chinese else KIND_NAMES_EN)[kind]
