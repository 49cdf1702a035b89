"""The wall: physical tiles in drawing order, drawn from the front, replacement tiles from a
family-given list of positions (the riichi dead wall, or the tail of the wall).

>>> w = Wall(list(range(136)), dealt=52, live_end=122, replacement_positions=(134, 135, 132, 133))
>>> w.remaining, w.draw(), w.draw_replacement(), w.remaining
(70, 52, 134, 68)
"""

from __future__ import annotations

import random
from collections.abc import Sequence


class Wall:
    def __init__(
        self,
        tiles: Sequence[int],
        *,
        dealt: int,
        live_end: int,
        replacement_positions: Sequence[int],
    ) -> None:
        self.tiles: tuple[int, ...] = tuple(tiles)
        self.head = dealt  # next position drawn from the front
        self.live_end = live_end  # the front draws end here, less one per replacement draw
        self.replacement_positions = tuple(replacement_positions)
        self.replacements = 0

    @property
    def remaining(self) -> int:
        """Tiles still drawable from the front."""
        return self.live_end - self.replacements - self.head

    @property
    def replacements_left(self) -> int:
        return len(self.replacement_positions) - self.replacements

    def draw(self) -> int:
        if self.remaining <= 0:
            raise IndexError("the wall is exhausted")
        tile = self.tiles[self.head]
        self.head += 1
        return tile

    def draw_replacement(self) -> int:
        if self.replacements_left <= 0 or self.remaining < 0:
            raise IndexError("no replacement tile left")
        tile = self.tiles[self.replacement_positions[self.replacements]]
        self.replacements += 1
        return tile

    def undrawn(self) -> list[int]:
        """Every tile not yet drawn (live and dead wall alike)."""
        used = set(self.replacement_positions[: self.replacements])
        return [t for pos, t in enumerate(self.tiles) if pos >= self.head and pos not in used]

    def is_taken(self, position: int) -> bool:
        """Whether the tile at ``position`` has left the wall out of the front's order (walls whose
        tail is drawn stack by stack say so; the plain wall never skips)."""
        return False

    def live_positions(self) -> list[int]:
        """Positions of the tiles still to be drawn from the front, in drawing order."""
        out: list[int] = []
        pos = self.head
        while len(out) < self.remaining and pos < len(self.tiles):
            if not self.is_taken(pos):
                out.append(pos)
            pos += 1
        return out

    def swap(self, position: int, tile: int) -> None:
        """Practice swap: ``tile`` (dealt or drawn earlier) takes the place of the undrawn tile at
        ``position``, which takes ``tile``'s old place in the layout, so the layout stays a
        permutation of the same tiles."""
        tiles = list(self.tiles)
        old_position = tiles.index(tile)
        tiles[old_position], tiles[position] = tiles[position], tiles[old_position]
        self.tiles = tuple(tiles)


def random_below(rng: random.Random, n: int) -> int:
    """``rng.choice(range(n))``: the number ``random.Random.choice`` draws for a sequence of ``n``
    items (``n > 0``), drawn the same way (``getrandbits`` of ``n.bit_length()`` bits until one is below
    ``n``), as code mypyc compiles: ``choice``, ``shuffle`` and their ``_randbelow`` are Python code of
    the standard library. ``tests/test_game_core.py`` holds it to ``choice`` and :func:`shuffle` to
    ``shuffle``, so fixed-seed games stay what they were."""
    if n <= 0:
        raise IndexError("cannot choose from an empty sequence")
    bits = n.bit_length()
    r = rng.getrandbits(bits)
    while r >= n:
        r = rng.getrandbits(bits)
    return r


def shuffle(tiles: list[int], rng: random.Random) -> None:
    """``rng.shuffle(tiles)``, the same draws in the same order (see :func:`random_below`)."""
    for i in range(len(tiles) - 1, 0, -1):
        j = random_below(rng, i + 1)
        tiles[i], tiles[j] = tiles[j], tiles[i]
