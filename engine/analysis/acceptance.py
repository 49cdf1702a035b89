"""Acceptance (ukeire): which draws bring a hand closer to complete, and how many of them are unseen.

The practice panel, the hints and every AI level count acceptance with these functions and the seat's
:class:`~engine.analysis.shape.HandShape`, so what the panel says a discard keeps is what the AI weighs.

>>> from engine.analysis.shape import HandShape
>>> from engine.tiles import counts34, parse_kinds
>>> c = counts34(parse_kinds("123m456p789s1122z"))  # ready: 1z or 2z
>>> sh, kinds, n = acceptance(HandShape(), c, 0, 0, [4] * 34)
>>> sh, sorted(kinds), n
(0, [27, 28], 8)
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.analysis.shape import HandShape

__all__ = ["acceptance", "candidate_kinds", "shanten_of"]

_TERMINALS_HONOURS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def shanten_of(shape: HandShape, counts: Sequence[int], exposed: int, wilds: int = 0) -> int:
    """The shape's shanten of a hand with ``exposed`` melds (dead tiles count as tiles to replace)."""
    return shape.shanten(counts, wilds, exposed=exposed)


def candidate_kinds(shape: HandShape, counts: Sequence[int], exposed: int, wilds: int) -> list[int]:
    """The kinds whose draw could lower the shanten: held kinds and their suit neighbours within
    two (a tile with no such neighbour only replaces a floating tile), every terminal and honour
    while thirteen orphans is possible, every kind while seven pairs still needs new kinds, and
    every usable kind when wilds are held."""
    usable = shape.usable
    if wilds:
        return sorted(usable)
    out: set[int] = set()
    held = [k for k in range(34) if counts[k] and k in usable]
    for k in held:
        out.add(k)
        if k < 27:
            base = k - k % 9
            for d in (-2, -1, 1, 2):
                n = k % 9 + d
                if 0 <= n <= 8:
                    out.add(base + n)
    closed_four = exposed == 0 and shape.sets == 4
    if closed_four and shape.forms.thirteen_orphans:
        out.update(_TERMINALS_HONOURS)
    if closed_four and shape.forms.seven_pairs and len(held) < 7:
        return sorted(usable)
    return sorted(k for k in out if k in usable)


def acceptance(
    shape: HandShape, counts: list[int], exposed: int, wilds: int, unseen: Sequence[int]
) -> tuple[int, list[int], int]:
    """For a hand one tile short of a turn (``3k+1`` tiles): its shanten, the kinds that lower
    it and how many unseen copies of them remain. ``counts`` is restored before returning."""
    base = shanten_of(shape, counts, exposed, wilds)
    kinds: list[int] = []
    total = 0
    for k in candidate_kinds(shape, counts, exposed, wilds):
        if unseen[k] <= 0:
            continue
        counts[k] += 1
        if shanten_of(shape, counts, exposed, wilds) < base:
            kinds.append(k)
            total += unseen[k]
        counts[k] -= 1
    return base, kinds, total
