"""Build Lingxi walls that deal chosen hands and draw chosen tiles (tests, demos, tutorials).

Positions are in drawing order (see :mod:`engine.families.lingxi.wall`):

* the deal: in four rounds from the dealer, the seat ``i`` places after the dealer takes positions
  ``16 r + 4 i .. 16 r + 4 i + 3`` (round ``r``), then the dealer takes position 64;
* ``draws``: the draws from the front, in the order they are drawn (whoever draws them), from 65 on;
* ``tail``: the replacement draws from the tail (flowers, 白板 and kans), in order: 140, 141, 138, …;
* ``wild``: the two shown 财神 tiles, positions 142 and 143.

Tiles are mpsz (flowers ``1f``..``8f``); ``"?"`` leaves a place to the filler. Every place not given
gets a leftover tile, plain tiles first (for the hands, then the front up to the default reserve,
then the tail in drawing order), so that the leftover flowers, 白板 and 财神 end up at the inner end
of the reserve, where a scenario with few tail draws never draws them.

>>> from engine.tiles import format_tiles
>>> order = build_order({0: "123456789m1234p4567s"}, draws=["9s"], tail=["1f"], wild="5z5z")
>>> format_tiles([order[p] for p in hand_positions(0)], red_fives=False)
'123456789m1234p4567s'
>>> format_tiles([order[65], order[140], order[142], order[143]], red_fives=False)
'9s1f55z'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.families.lingxi.wall import DEALT, IN_PLAY, TILES, tail_positions
from engine.families.lingxi.wilds import wild_spec
from engine.tiles import Tile, format_kinds, kind_of, parse


class ScenarioError(ValueError):
    """A wall that cannot be built (too many copies, a hand too long, …)."""


def hand_positions(offset: int) -> list[int]:
    """Deal positions of the seat ``offset`` places after the dealer (the dealer's 17th is last)."""
    out = [16 * r + 4 * offset + j for r in range(4) for j in range(4)]
    if offset == 0:
        out.append(DEALT - 1)
    return out


def _faces(text: str) -> list[int | None]:
    """Kinds of an mpsz text in which ``?`` (between whole groups) leaves a place open (None)."""
    out: list[int | None] = []
    buffer = ""
    for ch in text.replace(" ", ""):
        if ch == "?":
            if buffer:
                raise ScenarioError(f"'?' must stand between whole tiles in {text!r}")
            out.append(None)
        else:
            buffer += ch
            if ch.isalpha():
                out.extend(f.kind for f in parse(buffer))
                buffer = ""
    if buffer:
        out.extend(f.kind for f in parse(buffer))
    return out


def build_order(
    hands: Mapping[int, str],
    *,
    draws: Sequence[str] = (),
    tail: Sequence[str] = (),
    wild: str = "5z5z",
    dealer: int = 0,
    flower_wild: str = "group",
) -> list[Tile]:
    """A full drawing order (144 tiles) dealing ``hands`` (by absolute seat) with these draws."""
    free: dict[int, list[Tile]] = {}
    for tile in range(TILES):
        free.setdefault(kind_of(tile), []).append(tile)
    order: list[Tile | None] = [None] * TILES

    def take(kind: int, where: str) -> Tile:
        if not free.get(kind):
            raise ScenarioError(f"{where}: no copy of {parse_name(kind)} left")
        return free[kind].pop(0)

    wild_kinds = [k for k in _faces(wild) if k is not None]
    if len(wild_kinds) != 2:
        raise ScenarioError(f"wild: exactly two tiles, not {wild!r}")
    order[IN_PLAY] = take(wild_kinds[0], "wild")
    order[IN_PLAY + 1] = take(wild_kinds[1], "wild")
    for seat, text in hands.items():
        positions = hand_positions((seat - dealer) % 4)
        kinds = _faces(text)
        if len(kinds) > len(positions):
            raise ScenarioError(f"hand of seat {seat}: {len(kinds)} tiles, at most {len(positions)}")
        for pos, kind in zip(positions, kinds, strict=False):
            if kind is not None:
                order[pos] = take(kind, f"hand of seat {seat}")
    front = list(range(DEALT, IN_PLAY))
    for i, kind in enumerate(k for text in draws for k in _faces(text)):
        if kind is not None:
            order[front[i]] = take(kind, f"draw {i}")
    back = tail_positions()
    for i, kind in enumerate(k for text in tail for k in _faces(text)):
        if kind is not None:
            order[back[i]] = take(kind, f"tail draw {i}")
    spec = wild_spec(order[IN_PLAY] or 0, order[IN_PLAY + 1] or 0, flower_wild)

    def plain(tile: Tile) -> bool:
        k = kind_of(tile)
        return not spec.is_wild_kind(k) and not spec.is_bonus_kind(k)

    # plain tiles first, kinds scrambled so that fillers rarely complete anything by accident
    leftovers = sorted(
        (t for ts in free.values() for t in ts), key=lambda t: (not plain(t), t % 4, kind_of(t) * 7 % 34, t)
    )
    live_end = IN_PLAY - 20
    fill_order = [p for seat in range(4) for p in hand_positions(seat)]
    fill_order.extend(range(DEALT, live_end))
    fill_order.extend(back)
    it = iter(leftovers)
    for pos in fill_order:
        if order[pos] is None:
            order[pos] = next(it)
    assert all(t is not None for t in order)
    return [t for t in order if t is not None]


def parse_name(kind: int) -> str:
    return format_kinds([kind])
