"""The Lingxi wall: 144 tiles in 72 stacks on the table, the dice, the 财神 reveal, the tail and the
reserve of undrawable stacks.

**On the table.** Each player has a wall of 18 stacks in front of them (a house rule for fewer players:
three build walls of 24 stacks, two of 36; the dice below count the same way over those walls, and the
second roller is one of the other players, counted round from the dealer's next). The *table layout* (what a
shuffle produces) lists the stacks wall by wall, the dealer's wall first and then in turn order
(East, South, West, North), each wall from its right end (stack 1) to its left end (stack 18), two
tiles per stack (top, then bottom): stack ``r`` of the wall of the seat ``w`` places after the dealer
is at ``2 * (18 * w + r - 1)`` and the next index.

**Dice.** The dealer rolls two dice; the sum picks the second roller (2, 5, 6, 10 → South; 3, 7, 11 →
West; 4, 8, 9, 12 → North; the dealer never rolls second), who rolls again. The deal starts in the
second roller's wall: the sum of both rolls counts stacks from the right of that wall (past 18 the
count goes on into the next wall to the left, the wall of the second roller's previous player); the
two tiles of the counted stack are turned face up as the 财神 and the deal starts at the next stack.

**Drawing order.** From the deal start, stacks are taken leftwards, wall after wall, so the drawing
order is the 72 stacks starting after the 财神 stack; the 财神 stack is last (positions 142 and 143).
Replacement tiles (for flowers, 白板 and kans) come from the tail: the stack before the 财神 stack
first (top tile, then bottom), then the one before it, and so on.

>>> dice = Dice((1, 2), (3, 5))
>>> dice.second_roller, dice.total
(2, 11)
>>> break_point(dice)
(2, 11)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.game.wall import Wall
from engine.tiles import Tile

STACKS_PER_WALL = 18
STACKS = 72
TILES = 144
IN_PLAY = TILES - 2  # the two shown 财神 tiles are out of play
DEALT = 65  # 16 each and one more for the dealer

SECOND_ROLLER: dict[int, int] = {2: 1, 5: 1, 6: 1, 10: 1, 3: 2, 7: 2, 11: 2, 4: 3, 8: 3, 9: 3, 12: 3}
"""First roll (sum of two dice) → the second roller, as seats after the dealer (1 South, 2 West, 3 North)."""


@dataclass(frozen=True)
class Dice:
    """Both rolls of two dice each: the dealer's, then the second roller's."""

    first: tuple[int, int]
    second: tuple[int, int]

    def __post_init__(self) -> None:
        for die in (*self.first, *self.second):
            if not 1 <= die <= 6:
                raise ValueError(f"a die shows 1..6, not {die}")

    @property
    def second_roller(self) -> int:
        """The second roller as a number of seats after the dealer (1..3)."""
        return SECOND_ROLLER[sum(self.first)]

    def second_roller_of(self, players: int) -> int:
        """The second roller at a table of ``players`` (seats after the dealer): four as the rules
        text says; fewer (a house rule) count the first roll round the other players from the next,
        so the dealer never rolls second.

        >>> [Dice((1, 1), (1, 1)).second_roller_of(n) for n in (4, 3, 2)]
        [1, 2, 1]
        """
        if players == 4:
            return self.second_roller
        return (sum(self.first) - 1) % (players - 1) + 1

    @property
    def total(self) -> int:
        """Stacks counted from the right of the second roller's wall (4..24)."""
        return sum(self.first) + sum(self.second)

    def to_json(self) -> dict[str, Any]:
        return {
            "first": list(self.first),
            "second": list(self.second),
            "second_roller": self.second_roller,
            "total": self.total,
        }


def dealt_tiles(players: int) -> int:
    """Tiles dealt: 16 each and one more for the dealer."""
    return 16 * players + 1


def break_point(dice: Dice, players: int = 4) -> tuple[int, int]:
    """The 财神 stack: (wall as seats after the dealer, stack counted from that wall's right, 1..18;
    1..24 or 1..36 with three or two players)."""
    per_wall = STACKS // players
    wall = dice.second_roller_of(players)
    count = dice.total
    while count > per_wall:  # the count goes on into the wall to the left
        count -= per_wall
        wall = (wall - 1) % players
    return wall, count


def _table_stack(visit: int, first_wall: int, players: int = 4) -> int:
    """Table stack index of the ``visit``-th stack when walking leftwards from the right of ``first_wall``."""
    per_wall = STACKS // players
    wall = (first_wall - visit // per_wall) % players
    return per_wall * wall + visit % per_wall


def stack_order(dice: Dice, players: int = 4) -> list[int]:
    """Table stack indexes in drawing order (the 财神 stack last)."""
    first_wall = dice.second_roller_of(players)
    caishen_visit = dice.total - 1  # 0-based count from the right of the second roller's wall
    return [_table_stack((caishen_visit + 1 + i) % STACKS, first_wall, players) for i in range(STACKS)]


def draw_order(table: Sequence[Tile], dice: Dice, players: int = 4) -> list[Tile]:
    """The tiles of a table layout in drawing order (positions 142 and 143: the shown 财神)."""
    if len(table) != TILES:
        raise ValueError(f"a Lingxi wall has {TILES} tiles, not {len(table)}")
    out: list[Tile] = []
    for stack in stack_order(dice, players):
        out.extend((table[2 * stack], table[2 * stack + 1]))
    return out


def table_from_draw_order(order: Sequence[Tile], dice: Dice, players: int = 4) -> list[Tile]:
    """The table layout that gives ``order`` as drawing order with these dice (for tests and tools)."""
    if len(order) != TILES:
        raise ValueError(f"a Lingxi wall has {TILES} tiles, not {len(order)}")
    table: list[Tile] = [0] * TILES
    for i, stack in enumerate(stack_order(dice, players)):
        table[2 * stack], table[2 * stack + 1] = order[2 * i], order[2 * i + 1]
    return table


def tail_positions(dealt: int = DEALT) -> list[int]:
    """Replacement positions in drawing order: the stack before the 财神 stack first, top then bottom."""
    out: list[int] = []
    for stack in range(STACKS - 2, dealt // 2, -1):
        out.extend((2 * stack, 2 * stack + 1))
    return out


class LingxiWall(Wall):
    """The drawing order with the tail and the reserve.

    ``remaining`` counts the tiles that may still be drawn (from the front or the tail): the tiles in
    play not yet drawn, less the reserve of ``reserve_stacks`` stacks plus one stack per kan. Where
    the front and the tail meet, each takes what is physically left: the tail takes the bottom tile
    of a stack whose top the front has taken, and the front skips a tile the tail has taken.

    >>> w = LingxiWall(list(range(144)), reserve_stacks=10)
    >>> w.remaining, w.reserve
    (57, 20)
    >>> w.add_kan(); w.remaining, w.reserve
    (55, 22)
    >>> w.draw_replacement(), w.remaining
    (140, 54)
    """

    def __init__(self, tiles: Sequence[Tile], *, reserve_stacks: int, dealt: int = DEALT) -> None:
        super().__init__(tiles, dealt=dealt, live_end=IN_PLAY, replacement_positions=tail_positions(dealt))
        self.dealt = dealt
        self.reserve_stacks = reserve_stacks
        self.kans = 0
        self.taken: set[int] = set()  # positions drawn, front or tail, from the first draw on
        self._tail_index = 0

    @property
    def reserve(self) -> int:
        """Tiles that stay undrawn at the end: the reserve stacks and one stack per kan."""
        return 2 * (self.reserve_stacks + self.kans)

    @property
    def undrawn_in_play(self) -> int:
        """Tiles in play not yet drawn (the reserve included, the shown 财神 not)."""
        return IN_PLAY - self.dealt - len(self.taken)

    @property
    def remaining(self) -> int:
        return self.undrawn_in_play - self.reserve

    @property
    def replacements_left(self) -> int:
        return self.undrawn_in_play

    def add_kan(self) -> None:
        """A kan was made: one more stack stays in the reserve."""
        self.kans += 1

    def draw(self) -> int:
        if self.remaining <= 0:
            raise IndexError("the wall is exhausted")
        while self.head in self.taken:
            self.head += 1
        self.taken.add(self.head)
        self.head += 1
        return self.tiles[self.head - 1]

    def draw_replacement(self) -> int:
        if self.undrawn_in_play <= 0:
            raise IndexError("no replacement tile left")
        positions = self.replacement_positions
        while positions[self._tail_index] in self.taken or positions[self._tail_index] < self.head:
            self._tail_index += 1
        pos = positions[self._tail_index]
        self._tail_index += 1
        self.taken.add(pos)
        self.replacements += 1
        return self.tiles[pos]

    def undrawn(self) -> list[int]:
        return [t for pos, t in enumerate(self.tiles) if pos >= self.dealt and pos not in self.taken]

    def is_taken(self, position: int) -> bool:
        return position in self.taken

    @property
    def shown(self) -> tuple[Tile, Tile]:
        """The two tiles of the 财神 stack."""
        return self.tiles[IN_PLAY], self.tiles[IN_PLAY + 1]
