"""Build riichi walls that deal chosen hands and draw chosen tiles, for scenario tests.

The layout is the one :func:`engine.families.riichi.hand.deal_riichi` reads (mjx / Tenhou):

* the seat ``r`` places after the dealer is dealt wall positions ``16k + 4r + j`` (k = 0..2,
  j = 0..3), then ``48 + r``;
* draws come from position 52 on, in the order they are drawn (whoever draws them), up to
  position 121 (70 draws; each replacement draw after a kan shortens the live wall by one from
  its end, so those last positions are then never drawn);
* replacement (rinshan) draws come from positions 134, 135, 132, 133;
* the dora indicator is position 130, the kan dora indicators 128, 126, 124, 122; the ura dora
  indicators lie under them at 131, 129, 127, 125, 123.

Tiles are written in mpsz notation (``"123m456p789s1122z"``). A red five ``0m``/``0p``/``0s``
takes the red copy (ids 16, 52, 88); a plain ``5`` takes a plain copy while one is free and the
red copy only once all three plain copies are placed. Asking for more copies of a kind than exist
raises :class:`WallError`, naming where the copies were asked for.

Every position not given is filled with the tiles left over, deterministically: copy by copy
(first every kind's lowest free copy in kind order 1m..7z, then the next copies), red fives last.
A ``"?"`` in ``draws`` keeps a draw unspecified (it gets the next filler tile).

>>> wall = build_wall({0: "123m456p789s1234z"}, ["5z", "?", "0m"], "1p")
>>> from engine.tiles import format_tiles
>>> format_tiles([wall[p] for p in hand_positions(0)], sort=True)
'123m456p789s1234z'
>>> format_tiles([wall[52], wall[54], wall[130]])
'5z0m1p'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.tiles import TileFace, format_faces, is_red, parse, tiles_of_kind

__all__ = [
    "DORA_POSITIONS",
    "FIRST_DRAW",
    "LAST_DRAW",
    "RINSHAN_POSITIONS",
    "URA_POSITIONS",
    "WallError",
    "build_wall",
    "hand_positions",
]

FIRST_DRAW = 52
LAST_DRAW = 121
RINSHAN_POSITIONS = (134, 135, 132, 133)
DORA_POSITIONS = (130, 128, 126, 124, 122)
URA_POSITIONS = (131, 129, 127, 125, 123)


class WallError(ValueError):
    """A wall that cannot be built: too many copies of a tile, a wrong hand size, too many draws."""


def hand_positions(seat: int, dealer: int = 0) -> list[int]:
    """The 13 wall positions dealt to ``seat`` when ``dealer`` deals."""
    r = (seat - dealer) % 4
    return [16 * k + 4 * r + j for k in range(3) for j in range(4)] + [48 + r]


def _faces(text: str, where: str) -> list[TileFace]:
    try:
        return parse(text)
    except ValueError as exc:
        raise WallError(f"{where}: {exc}") from None


def build_wall(
    hands: Mapping[int, str],
    draws: Sequence[str] = (),
    dora_indicator: str | None = None,
    rinshan: Sequence[str] = (),
    dealer: int = 0,
    *,
    kan_dora: Sequence[str] = (),
    ura: Sequence[str] = (),
) -> list[int]:
    """A 136-tile riichi wall (physical ids by position) dealing ``hands`` and drawing ``draws``.

    ``hands`` maps a seat (absolute, 0..3) to its 13 dealt tiles; seats left out get filler tiles.
    ``draws`` are the tiles drawn from the live wall in order (each entry one or more tiles in
    mpsz, or ``"?"`` for a filler tile); ``rinshan`` the replacement draws after kans, in order;
    ``kan_dora`` the indicators turned over by the 1st..4th kan; ``ura`` the ura indicators (under
    the dora indicator first, then under each kan dora indicator).
    """
    requests: dict[int, tuple[TileFace, str]] = {}

    def put(position: int, face: TileFace, where: str) -> None:
        if position in requests:  # pragma: no cover - the layout never overlaps
            raise WallError(f"wall position {position} asked for twice ({where})")
        requests[position] = (face, where)

    for seat, text in sorted(hands.items()):
        if seat not in range(4):
            raise WallError(f"no seat {seat} (seats are 0..3)")
        faces = _faces(text, f"seat {seat} hand")
        if len(faces) != 13:
            raise WallError(f"seat {seat} hand {text!r} has {len(faces)} tiles, not 13")
        for pos, face in zip(hand_positions(seat, dealer), faces, strict=True):
            put(pos, face, f"seat {seat} hand")

    position = FIRST_DRAW
    for entry in draws:
        for face in [None] if entry.strip() == "?" else _faces(entry, "draws"):
            if position > LAST_DRAW:
                raise WallError(f"more than {LAST_DRAW - FIRST_DRAW + 1} draws")
            if face is not None:
                put(position, face, "draws")
            position += 1

    def place_list(texts: Sequence[str], positions: Sequence[int], what: str) -> None:
        faces = [f for text in texts for f in _faces(text, what)]
        if len(faces) > len(positions):
            raise WallError(f"at most {len(positions)} {what} tiles, got {len(faces)}")
        for pos, face in zip(positions, faces, strict=False):
            put(pos, face, what)

    place_list(rinshan, RINSHAN_POSITIONS, "rinshan")
    if dora_indicator is not None:
        place_list([dora_indicator], DORA_POSITIONS[:1], "dora indicator")
    place_list(kan_dora, DORA_POSITIONS[1:], "kan dora")
    place_list(ura, URA_POSITIONS, "ura")
    return _assign(requests)


def _assign(requests: dict[int, tuple[TileFace, str]]) -> list[int]:
    free = set(range(136))
    wall: list[int | None] = [None] * 136
    # red fives first, so that a plain 5 never takes a red copy somebody asked for by name
    order = sorted(requests, key=lambda p: (not requests[p][0].red, p))
    for pos in order:
        face, _where = requests[pos]
        copies = [t for t in tiles_of_kind(face.kind) if t in free]
        if face.red:
            pick = [t for t in copies if is_red(t)]
        else:
            pick = [t for t in copies if not is_red(t)] or copies
        if not pick:
            raise WallError(_too_many(face, requests))
        wall[pos] = pick[0]
        free.discard(pick[0])
    filler = sorted(free, key=lambda t: (is_red(t), t % 4, t // 4))
    it = iter(filler)
    for pos in range(136):
        if wall[pos] is None:
            wall[pos] = next(it)
    return [t for t in wall if t is not None]


def _too_many(face: TileFace, requests: dict[int, tuple[TileFace, str]]) -> str:
    same = [(f, w) for f, w in requests.values() if f.kind == face.kind and (f.red or not face.red)]
    counts: dict[str, int] = {}
    for _f, where in same:
        counts[where] = counts.get(where, 0) + 1
    detail = ", ".join(f"{where}: {n}" for where, n in counts.items())
    name = format_faces([face])
    limit = "1 red copy" if face.red else "4 copies"
    return f"too many copies of {name}: {len(same)} asked for ({detail}), only {limit} exist"
