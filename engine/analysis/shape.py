"""What a complete hand is, for one family and one seat: the one definition every part of the game uses.

A :class:`HandShape` says how many sets a complete hand holds besides its pair, how many of them the
seat has already melded, which special forms count (seven pairs, thirteen orphans, four of a kind as
two pairs), which kinds are wild (Lingxi 财神) and what a wild may not stand for, which kinds exist in
the game, which kinds can never be part of a win (Sichuan: the declared lacking suit) and how many
suits a win may hold (Sichuan 缺一门: two). The hand flow, the observation a seat receives, the
practice analysis, the hints and every AI level measure hands through it, so they cannot disagree.

The methods take the concealed *concrete* counts (34 entries, wild tiles left out) and the number of
wild tiles held; :meth:`HandShape.split` makes both from physical tiles.

>>> from engine.tiles import counts34, faces_to_tiles, parse, parse_kinds
>>> seven = HandShape(forms=HandForms(True, True, False), four_as_two_pairs=True,
...                   kinds=frozenset(range(27)), max_suits=2)
>>> counts, wilds = seven.split(faces_to_tiles(parse("1111m2233p4455p6p")))
>>> seven.shanten(counts), sorted(seven.waits(counts).kinds)  # 1111m counts as two pairs
(0, [14])
>>> HandShape().shanten(counts34(parse_kinds("123m456p789s1122z")))
0
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.analysis.decompose import Decomposition, decompositions
from engine.analysis.shanten import ALL_FORMS, STANDARD_ONLY, HandForms, is_complete, shanten
from engine.analysis.waits import Waits, waits

__all__ = ["ALL_KINDS", "HandShape"]

ALL_KINDS: frozenset[int] = frozenset(range(34))
_SUITS = (0, 1, 2)


def _suit(kind: int) -> int:
    return kind // 9 if kind < 27 else 3


@dataclass(frozen=True, slots=True)
class HandShape:
    """How hands are measured for one seat (see the module text).

    ``exposed`` is the seat's melds (a kan is one set); the methods take it as a default and accept an
    explicit value for a hand a call would make. ``meld_suits`` are the suits of those melds, which a
    win restricted to ``max_suits`` suits must keep."""

    sets: int = 4
    exposed: int = 0
    forms: HandForms = ALL_FORMS
    four_as_two_pairs: bool = False
    wild_kinds: frozenset[int] = frozenset()
    wild_excludes: frozenset[int] = frozenset()  # kinds a wild never stands for (Lingxi: 白板)
    kinds: frozenset[int] = ALL_KINDS  # the kinds in play
    dead_kinds: frozenset[int] = frozenset()  # kinds no win may hold (Sichuan: the lacking suit)
    max_suits: int = 3  # suits (man, pin, sou) a win may hold
    meld_suits: frozenset[int] = frozenset()
    _dead_choices: tuple[frozenset[int], ...] = dataclasses.field(
        init=False, repr=False, compare=False, default=()
    )
    _for_seat: dict[tuple[Any, ...], HandShape] = dataclasses.field(
        init=False, repr=False, compare=False, hash=False, default_factory=dict
    )

    def __post_init__(self) -> None:
        object.__setattr__(self, "_dead_choices", self._suit_choices())

    # ------------------------------------------------------------ building
    def for_seat(
        self,
        *,
        exposed: int,
        meld_suits: Iterable[int] = (),
        dead_kinds: Iterable[int] = (),
        wild_kinds: Iterable[int] | None = None,
    ) -> HandShape:
        """This shape for a seat with ``exposed`` melds (whose suits are ``meld_suits``); the shapes
        made are kept, so asking again (every observation does) costs a dictionary look-up."""
        key = (
            exposed,
            frozenset(s for s in meld_suits if s < 3),
            frozenset(dead_kinds),
            self.wild_kinds if wild_kinds is None else frozenset(wild_kinds),
        )
        shape = self._for_seat.get(key)
        if shape is None:
            shape = self._for_seat[key] = dataclasses.replace(
                self, exposed=key[0], meld_suits=key[1], dead_kinds=key[2], wild_kinds=key[3]
            )
        return shape

    @property
    def usable(self) -> frozenset[int]:
        """Kinds that may be kept towards a win: in play, not wild, not dead."""
        return self.kinds - self.wild_kinds - self.dead_kinds

    @property
    def tiles_when_complete(self) -> int:
        """Concealed tiles of a complete hand (wilds included)."""
        return 3 * (self.sets - self.exposed) + 2

    def split(self, tiles: Iterable[int]) -> tuple[list[int], int]:
        """Concrete counts (wild kinds and flowers left out) and the number of wild tiles."""
        counts = [0] * 34
        wilds = 0
        for t in tiles:
            k = t >> 2 if t < 136 else 34 + t - 136
            if k in self.wild_kinds:
                wilds += 1
            elif k < 34:
                counts[k] += 1
        return counts, wilds

    # ------------------------------------------------------------- queries
    def holds_dead(self, counts: Sequence[int]) -> bool:
        return any(counts[k] for k in self.dead_kinds)

    def _suit_choices(self) -> tuple[frozenset[int], ...]:
        """The sets of dead kinds to measure against: the declared ones, and when a win may hold fewer
        suits than are in play, each way of dropping the extra suits (not a melded one)."""
        suits = [s for s in _SUITS if any(_suit(k) == s for k in self.kinds - self.dead_kinds)]
        extra = len(suits) - self.max_suits
        if extra <= 0:
            return (self.dead_kinds,)
        droppable = [s for s in suits if s not in self.meld_suits]
        out = []
        for drop in itertools.combinations(droppable, extra):
            dead = self.dead_kinds | frozenset(k for k in self.kinds if _suit(k) in drop)
            out.append(dead)
        return tuple(out) or (self.kinds,)  # the melds already hold too many suits: nothing is usable

    def _args(self, exposed: int | None) -> dict[str, Any]:
        return {
            "sets": self.sets,
            "exposed": self.exposed if exposed is None else exposed,
            "forms": self.forms,
            "four_as_two_pairs": self.four_as_two_pairs,
        }

    def shanten(self, counts: Sequence[int], wilds: int = 0, *, exposed: int | None = None) -> int:
        """Shanten (-1 complete, 0 ready, ...), counting dead tiles as tiles still to be replaced."""
        choices = self._dead_choices
        if len(choices) == 1 and not choices[0]:  # the common case, kept cheap
            return shanten(
                counts,
                sets=self.sets,
                exposed=self.exposed if exposed is None else exposed,
                wilds=wilds,
                forms=self.forms,
                four_as_two_pairs=self.four_as_two_pairs,
            )
        args = self._args(exposed)
        best: int | None = None
        for dead in choices:
            live = counts
            if dead and any(counts[k] for k in dead):
                live = list(counts)
                for k in dead:
                    live[k] = 0
            value = shanten(live, wilds=wilds, **args)
            if best is None or value < best:
                best = value
        assert best is not None
        return best

    def is_complete(self, counts: Sequence[int], wilds: int = 0, *, exposed: int | None = None) -> bool:
        if not self._live_choices(counts):
            return False
        return is_complete(counts, wilds=wilds, **self._args(exposed))

    def _live_choices(self, counts: Sequence[int]) -> list[frozenset[int]]:
        """The dead-kind sets the hand holds nothing of."""
        return [d for d in self._dead_choices if not any(counts[k] for k in d)]

    def waits(self, counts: Sequence[int], wilds: int = 0, *, exposed: int | None = None) -> Waits:
        """Kinds that complete a hand one tile short (shape only; a kind whose four copies the seat
        holds still counts). A hand that holds a dead kind waits for nothing."""
        choices = self._live_choices(counts)
        if not choices:
            return Waits(frozenset(), False)
        found = waits(counts, wilds=wilds, **self._args(exposed))
        allowed = frozenset().union(*(self.kinds - d for d in choices))
        if found.kinds <= allowed:
            return found
        return Waits(found.kinds & allowed, False)

    def decompositions(
        self, counts: Sequence[int], wilds: int = 0, *, exposed: int | None = None
    ) -> list[Decomposition]:
        """Every reading of a complete hand; readings where a wild stands for an excluded kind are left
        out."""
        if not self.is_complete(counts, wilds, exposed=exposed):
            return []
        out = decompositions(counts, wilds=wilds, **self._args(exposed))
        if self.wild_excludes:
            out = [d for d in out if not (set(d.wild_kinds) & self.wild_excludes)]
        return out

    # ------------------------------------------------------------------ json
    def to_json(self) -> dict[str, Any]:
        return {
            "sets": self.sets,
            "exposed": self.exposed,
            "forms": {
                "standard": self.forms.standard,
                "seven_pairs": self.forms.seven_pairs,
                "thirteen_orphans": self.forms.thirteen_orphans,
            },
            "four_as_two_pairs": self.four_as_two_pairs,
            "wild_kinds": sorted(self.wild_kinds),
            "wild_excludes": sorted(self.wild_excludes),
            "kinds": sorted(self.kinds),
            "dead_kinds": sorted(self.dead_kinds),
            "max_suits": self.max_suits,
            "meld_suits": sorted(self.meld_suits),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HandShape:
        forms = data.get("forms") or {}
        hand_forms = HandForms(
            bool(forms.get("standard", True)),
            bool(forms.get("seven_pairs", True)),
            bool(forms.get("thirteen_orphans", True)),
        )
        return cls(
            sets=int(data.get("sets", 4)),
            exposed=int(data.get("exposed", 0)),
            forms=_canonical_forms(hand_forms),
            four_as_two_pairs=bool(data.get("four_as_two_pairs", False)),
            wild_kinds=frozenset(int(k) for k in data.get("wild_kinds", ())),
            wild_excludes=frozenset(int(k) for k in data.get("wild_excludes", ())),
            kinds=frozenset(int(k) for k in data.get("kinds", range(34))),
            dead_kinds=frozenset(int(k) for k in data.get("dead_kinds", ())),
            max_suits=int(data.get("max_suits", 3)),
            meld_suits=frozenset(int(s) for s in data.get("meld_suits", ())),
        )


def _canonical_forms(forms: HandForms) -> HandForms:
    """The shared constants where they match (the analysis module's fast path checks for them)."""
    if forms == ALL_FORMS:
        return ALL_FORMS
    if forms == STANDARD_ONLY:
        return STANDARD_ONLY
    return forms
