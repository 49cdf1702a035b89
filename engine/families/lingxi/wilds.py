"""The 财神 (wild tiles) of a Lingxi hand, from the two tiles shown at the start.

The two shown tiles stay out of play. Each becomes a *class* of 财神:

* a suit or honour tile (白板 included): the other copies of its kind (three; two when both shown
  tiles are the same kind, and then there is only one class);
* a flower, by default: the other flowers of its group (春夏秋冬 or 梅兰菊竹), which count as "identical"
  财神; with ``flower_wild = "same_flower"`` only that flower, whose single copy is the shown tile, so
  the class is empty. Two shown flowers of one group make one class of the two flowers left.

>>> spec = wild_spec(kind_tile(4), kind_tile(4, 1), "group")
>>> spec.same, spec.classes, spec.copies_in_play(0)
(True, ((4,),), 2)
>>> spec = wild_spec(136, kind_tile(20), "group")  # 春 and 3s
>>> spec.classes
((35, 36, 37), (20,))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from engine.tiles import (
    PLANT_FLOWERS,
    SEASON_FLOWERS,
    WHITE,
    Kind,
    Tile,
    is_flower,
    kind_of,
    tiles_of_kind,
)

FLOWER_GROUPS: dict[str, tuple[Kind, ...]] = {"season": SEASON_FLOWERS, "plant": PLANT_FLOWERS}
"""The two flower groups, 春夏秋冬 and 梅兰菊竹. With the four 白板 they are the three groups of bonus
tiles that are scored together (:func:`bonus_group`)."""


def kind_tile(kind: Kind, copy: int = 0) -> Tile:
    """A physical tile of ``kind`` (flowers have one copy)."""
    return tiles_of_kind(kind)[copy]


def bonus_group(kind: Kind) -> str | None:
    """``"season"``, ``"plant"`` or ``"white"`` for a flower or 白板 kind, else None."""
    if kind == WHITE:
        return "white"
    if kind in SEASON_FLOWERS:
        return "season"
    if kind in PLANT_FLOWERS:
        return "plant"
    return None


@dataclass(frozen=True)
class WildSpec:
    """The 财神 of a hand. ``classes`` hold the kinds of each class of 财神 in play."""

    shown: tuple[Tile, Tile]
    classes: tuple[tuple[Kind, ...], ...]
    same: bool

    @cached_property
    def kinds(self) -> frozenset[Kind]:
        """Every kind whose tiles in play are 财神 (made once: scoring asks for it tile by tile)."""
        return frozenset(k for cls in self.classes for k in cls)

    @property
    def shown_kinds(self) -> tuple[Kind, Kind]:
        return (kind_of(self.shown[0]), kind_of(self.shown[1]))

    def is_wild(self, tile: Tile) -> bool:
        return kind_of(tile) in self.kinds and tile not in self.shown

    def is_wild_kind(self, kind: Kind) -> bool:
        return kind in self.kinds

    @cached_property
    def bonus_kinds(self) -> frozenset[Kind]:
        """The flowers and 白板 that are not 财神."""
        return frozenset(k for k in (WHITE, *SEASON_FLOWERS, *PLANT_FLOWERS) if k not in self.kinds)

    def is_bonus_kind(self, kind: Kind) -> bool:
        """A flower or 白板 that is not a 财神: shown and replaced, never part of a hand's shape."""
        return kind in self.bonus_kinds

    @cached_property
    def _class_index(self) -> dict[Kind, int]:
        index: dict[Kind, int] = {}
        for i, cls in enumerate(self.classes):
            for k in cls:
                index.setdefault(k, i)
        return index

    def class_of(self, kind: Kind) -> int | None:
        return self._class_index.get(kind)

    def class_is_suit(self, index: int) -> bool:
        """True when the class is of a suit kind (万筒条), scored 2/5/8; honours and flowers 3/7/11."""
        return all(k < 27 for k in self.classes[index])

    def copies_in_play(self, index: int) -> int:
        shown = set(self.shown)
        return sum(1 for k in set(self.classes[index]) for t in tiles_of_kind(k) if t not in shown)

    def class_counts(self, kinds: Iterable[Kind]) -> list[int]:
        """How many 财神 of each class are among ``kinds``."""
        counts = [0] * len(self.classes)
        for k in kinds:
            index = self.class_of(k)
            if index is not None:
                counts[index] += 1
        return counts

    def to_json(self) -> dict[str, object]:
        return {
            "shown": list(self.shown),
            "kinds": sorted(self.kinds),
            "classes": [list(c) for c in self.classes],
            "same": self.same,
        }


def _identity(kind: Kind, mode: str) -> object:
    if is_flower(kind) and mode == "group":
        return bonus_group(kind)
    return kind


def _members(kind: Kind, mode: str) -> tuple[Kind, ...]:
    if is_flower(kind) and mode == "group":
        group = bonus_group(kind)
        assert group is not None
        return FLOWER_GROUPS[group]
    return (kind,)


def wild_spec(first: Tile, second: Tile, flower_wild: str = "group") -> WildSpec:
    """The 财神 given the two shown tiles and the ruleset's ``flower_wild`` choice."""
    ka, kb = kind_of(first), kind_of(second)
    if _identity(ka, flower_wild) == _identity(kb, flower_wild):
        if is_flower(ka) and flower_wild == "group":
            cls = tuple(k for k in _members(ka, flower_wild) if k not in (ka, kb))
        else:
            cls = (ka,)
        return WildSpec((first, second), (cls,), True)
    classes: list[tuple[Kind, ...]] = []
    for k in (ka, kb):
        if is_flower(k) and flower_wild == "group":
            classes.append(tuple(m for m in _members(k, flower_wild) if m != k))
        else:
            classes.append((k,))
    return WildSpec((first, second), tuple(classes), False)


def sha_zhu_wilds(spec: WildSpec, kinds: Iterable[Kind]) -> int:
    """The number of 财神 held when they make 杀猪 (three identical 财神 and another one; two 财神
    when both shown tiles were the same kind), else 0.

    >>> spec = wild_spec(kind_tile(4), kind_tile(20), "group")
    >>> sha_zhu_wilds(spec, [4, 4, 4, 20]), sha_zhu_wilds(spec, [4, 4, 20, 20])
    (4, 0)
    >>> sha_zhu_wilds(spec, [4, 4, 4])
    0
    """
    counts = spec.class_counts(kinds)
    total = sum(counts)
    if spec.same:
        return total if total >= 2 else 0
    if total >= 4 and any(c >= 3 for c in counts):
        return total
    return 0
