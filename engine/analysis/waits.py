"""Waits: the tile kinds that complete a hand one tile short.

>>> from engine.tiles import counts34, parse_kinds
>>> sorted(waits(counts34(parse_kinds("1112345678999m"))).kinds)  # nine gates
[0, 1, 2, 3, 4, 5, 6, 7, 8]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.analysis.shanten import ALL_FORMS, TERMINALS_HONORS, HandForms, _key, _need, is_complete

__all__ = ["Waits", "waits"]

ALL_KINDS = frozenset(range(34))


def _candidates(b: bytes, orphans: bool) -> list[int]:
    """The kinds that can complete a hand without wilds: a completing tile joins a pair or a triplet
    of its own kind (so the kind is held), a run with two held tiles at most two steps away in its
    suit, a seven-pairs pair (held) or thirteen orphans (a terminal or an honour)."""
    near: set[int] = set(TERMINALS_HONORS) if orphans else set()
    for k in range(34):
        if b[k]:
            near.add(k)
            if k < 27:
                rank = k % 9
                near.update(range(k - min(rank, 2), k + min(8 - rank, 2) + 1))
    return sorted(near)


@dataclass(frozen=True)
class Waits:
    """The kinds 0..33 that complete the hand, and whether every kind does.

    ``any_tile`` is True when the hand is complete with any tile at all (for instance one wild and
    an otherwise complete hand: the 财神 single wait); ``kinds`` then holds all 34 kinds (less the
    exhausted ones when they were excluded).

    >>> Waits(frozenset({0, 3}), False).kinds == frozenset({0, 3})
    True
    """

    kinds: frozenset[int]
    any_tile: bool

    def __bool__(self) -> bool:
        return bool(self.kinds)


def waits(
    counts: Sequence[int],
    *,
    sets: int = 4,
    exposed: int = 0,
    wilds: int = 0,
    forms: HandForms = ALL_FORMS,
    wild_fifth_copy: bool = True,
    four_as_two_pairs: bool = False,
    exposed_counts: Sequence[int] | None = None,
    include_exhausted: bool = True,
) -> Waits:
    """The waits of a hand of ``3 * (sets - exposed) + 1`` tiles (wilds included).

    By default this is shape only: a kind whose four copies are all in the hand (counting
    ``exposed_counts`` when given) still counts when the shape would take it; pass
    ``include_exhausted=False`` to drop such kinds. Raises ``ValueError`` for a hand of the wrong
    size.

    >>> from engine.tiles import counts34, parse_kinds
    >>> waits(counts34(parse_kinds("123456789m123789p")), sets=5, wilds=1).any_tile  # 财神 single wait
    True
    >>> sorted(waits(counts34(parse_kinds("1111234m")), sets=2).kinds)  # 1m would be a fifth copy
    [0, 3]
    >>> sorted(waits(counts34(parse_kinds("1111234m")), sets=2, include_exhausted=False).kinds)
    [3]
    """
    b = _key(counts)
    need = _need(sets, exposed)
    if sum(b) + wilds != 3 * need + 1:
        raise ValueError(f"a hand waiting for {need} sets and a pair holds {3 * need + 1} tiles")
    work = list(b)
    found: list[int] = []
    orphans = forms.thirteen_orphans and sets == 4 and exposed == 0
    for k in range(34) if wilds else _candidates(b, orphans):
        work[k] += 1
        if is_complete(
            work,
            sets=sets,
            exposed=exposed,
            wilds=wilds,
            forms=forms,
            wild_fifth_copy=wild_fifth_copy,
            four_as_two_pairs=four_as_two_pairs,
            exposed_counts=exposed_counts,
        ):
            found.append(k)
        work[k] -= 1
    any_tile = len(found) == 34
    if not include_exhausted:
        held = list(b)
        if exposed_counts is not None:
            held = [h + e for h, e in zip(held, exposed_counts, strict=True)]
        found = [k for k in found if held[k] < 4]
    return Waits(ALL_KINDS if len(found) == 34 else frozenset(found), any_tile)
