"""Tile notations of the riichi community's formats, both ways, as faces.

A *face* is what a tile looks like: its kind (0..33) and whether it is a red five. The formats name
faces, never physical copies; :mod:`engine.records.hand_record` gives the faces physical ids again.

* tenhou.net/6: ``11``-``19`` man, ``21``-``29`` pin, ``31``-``39`` sou, ``41``-``47`` East South West
  North white green red, ``51``/``52``/``53`` the red fives (``60`` is "the tile just drawn");
* mjai: ``1m``..``9m``, ``1p``.., ``1s``.., ``E S W N``, ``P F C`` (white, green, red dragon), ``5mr``
  ``5pr`` ``5sr`` for the red fives, ``?`` for a tile the seat may not see.

>>> tenhou_code((4, True)), tenhou_face(53), mjai_name((31, False)), mjai_face("5pr")
(51, (22, True), 'P', (13, True))
"""

from __future__ import annotations

from engine.tiles import kind_of

Face = tuple[int, bool]
"""(kind 0..33, red five)"""

HONOURS = "ESWNPFC"
RED_KINDS = (4, 13, 22)
TSUMOGIRI_CODE = 60


class NotationError(ValueError):
    """A tile name or code that names no tile."""


def face_of(tile: int, red_tiles: frozenset[int]) -> Face:
    """The face of physical tile ``tile`` (red only when the ruleset has red fives)."""
    return (kind_of(tile), tile in red_tiles)


def tenhou_code(face: Face) -> int:
    kind, red = face
    if red:
        return 51 + kind // 9
    if kind >= 27:
        return 41 + kind - 27
    return 11 + 10 * (kind // 9) + kind % 9


def tenhou_face(code: object) -> Face:
    """The face of a tenhou.net/6 tile code; :class:`NotationError` for anything else."""
    if type(code) is not int:
        raise NotationError(f"a tile code is a number such as 11 or 47, not {code!r:.30}")
    if code in (51, 52, 53):
        return (RED_KINDS[code - 51], True)
    tens, unit = divmod(code, 10)
    if tens in (1, 2, 3) and 1 <= unit <= 9:
        return (9 * (tens - 1) + unit - 1, False)
    if tens == 4 and 1 <= unit <= 7:
        return (27 + unit - 1, False)
    raise NotationError(f"{code} is not a tile code (11-19, 21-29, 31-39, 41-47, 51-53)")


def mjai_name(face: Face) -> str:
    kind, red = face
    if kind >= 27:
        return HONOURS[kind - 27]
    return f"{kind % 9 + 1}{'mps'[kind // 9]}{'r' if red else ''}"


def mjai_face(name: object) -> Face:
    """The face of an mjai tile name; :class:`NotationError` for anything else (``?`` included)."""
    if type(name) is not str:
        raise NotationError(f"a tile name is a string such as '5m' or 'E', not {name!r:.30}")
    if len(name) == 1 and name in HONOURS:
        return (27 + HONOURS.index(name), False)
    if len(name) in (2, 3) and name[0] in "123456789" and name[1] in "mps":
        kind = 9 * "mps".index(name[1]) + int(name[0]) - 1
        if len(name) == 2:
            return (kind, False)
        if name[2] == "r" and kind in RED_KINDS:
            return (kind, True)
    raise NotationError(f"{name[:20]!r} is not an mjai tile name (1m..9m, 1p.., 1s.., E S W N P F C, 5mr)")
