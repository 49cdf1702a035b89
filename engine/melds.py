"""Melds: sets shown on the table (or a concealed kan), made of physical tiles.

>>> m = Meld(MeldType.PON, (8, 9, 10), called=10, from_seat=2)
>>> m.kind
2
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.tiles import Kind, Tile, kind_of


class MeldType(StrEnum):
    CHI = "chi"
    PON = "pon"
    OPEN_KAN = "open_kan"  # 大明杠 / 直杠: a fourth tile claimed from a discard
    CLOSED_KAN = "closed_kan"  # 暗杠
    ADDED_KAN = "added_kan"  # 加杠 / 补杠: a drawn tile added to an own pon

    @property
    def is_kan(self) -> bool:
        return self in (MeldType.OPEN_KAN, MeldType.CLOSED_KAN, MeldType.ADDED_KAN)

    @property
    def is_open(self) -> bool:
        return self is not MeldType.CLOSED_KAN


@dataclass(init=False, frozen=True, slots=True)
class Meld:
    """A meld. ``tiles`` are the physical tiles, sorted; ``called`` is the claimed tile (None for a
    closed kan); ``from_seat`` is the absolute seat it was claimed from (None for a closed kan).
    For an added kan, ``called``/``from_seat`` are those of the pon it grew from and ``added`` is
    the tile added."""

    type: MeldType
    tiles: tuple[Tile, ...]
    called: Tile | None = None
    from_seat: int | None = None
    added: Tile | None = None

    def __init__(
        self,
        type: MeldType,
        tiles: tuple[Tile, ...],
        called: Tile | None = None,
        from_seat: int | None = None,
        added: Tile | None = None,
    ) -> None:
        # (written out, not the dataclass's: compiled with mypyc, the generated one stays Python code;
        # mypyc makes each object.__setattr__ of a field a native write)
        object.__setattr__(self, "type", type)
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "called", called)
        object.__setattr__(self, "from_seat", from_seat)
        object.__setattr__(self, "added", added)

    @property
    def kind(self) -> Kind:
        """The lowest kind in the meld (the kind itself for pon and kan)."""
        return min(kind_of(t) for t in self.tiles)

    @property
    def kinds(self) -> tuple[Kind, ...]:
        return tuple(sorted(kind_of(t) for t in self.tiles))

    @property
    def is_kan(self) -> bool:
        return self.type.is_kan

    @property
    def is_open(self) -> bool:
        return self.type.is_open
