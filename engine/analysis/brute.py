"""Slow, obviously-correct reference implementations for the tests.

Nothing here uses the tables: completeness is checked by trying every wild assignment and every
group at the lowest tile, shanten by enumerating every complete target hand over all 34 kinds,
and decompositions by decomposing each wild assignment and then marking which tiles are wilds.
Only usable for small hands (few sets, few wilds).

>>> from engine.tiles import counts34, parse_kinds
>>> brute_shanten(counts34(parse_kinds("13m5p")), sets=1)
1
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import cache

from engine.analysis.decompose import Decomposition, Group, GroupKind
from engine.analysis.shanten import ALL_FORMS, TERMINALS_HONORS, HandForms

_SETS: tuple[tuple[GroupKind, tuple[int, ...]], ...] = tuple(
    [("triplet", (k, k, k)) for k in range(34)]
    + [("run", (s + d, s + d + 1, s + d + 2)) for s in (0, 9, 18) for d in range(7)]
)


def _size(counts: Sequence[int], sets: int, exposed: int, wilds: int) -> tuple[int, int]:
    """The concealed sets a complete hand needs, and how many tiles the hand (wilds counted) lacks
    of one: 0 when it has a complete hand's size, negative when it has too many."""
    need = sets - exposed
    return need, 3 * need + 2 - sum(counts) - wilds


def _limits(counts: Sequence[int], exposed_counts: Sequence[int] | None) -> list[int]:
    exp = list(exposed_counts) if exposed_counts is not None else [0] * 34
    return [max(4 - e, c) for c, e in zip(counts, exp, strict=True)]


def wild_assignments(
    counts: Sequence[int],
    wilds: int,
    wild_fifth_copy: bool,
    exposed_counts: Sequence[int] | None = None,
) -> Iterator[tuple[int, ...]]:
    """Every multiset of kinds the wilds may stand for (sorted tuples)."""
    limits = _limits(counts, exposed_counts)
    for combo in itertools.combinations_with_replacement(range(34), wilds):
        if not wild_fifth_copy:
            extra = Counter(combo)
            if any(counts[k] + n > limits[k] for k, n in extra.items()):
                continue
        yield combo


_Groups = list[tuple[GroupKind, tuple[int, ...]]]


def _standard_groups(counts: list[int], sets: int, pair: int) -> Iterator[_Groups]:
    i = next((k for k in range(34) if counts[k]), 34)
    if i == 34:
        if sets == 0 and pair == 0:
            yield []
        return
    options: list[tuple[GroupKind, tuple[int, ...]]] = []
    if sets and counts[i] >= 3:
        options.append(("triplet", (i, i, i)))
    if sets and i < 27 and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
        options.append(("run", (i, i + 1, i + 2)))
    if pair and counts[i] >= 2:
        options.append(("pair", (i, i)))
    for kind, tiles in options:
        for k in tiles:
            counts[k] -= 1
        for rest in _standard_groups(counts, sets - (kind != "pair"), pair - (kind == "pair")):
            yield [(kind, tiles), *rest]
        for k in tiles:
            counts[k] += 1


def _concrete_complete(
    full: list[int], need: int, forms: HandForms, special: bool, four_as_two_pairs: bool
) -> bool:
    if forms.standard and next(_standard_groups(list(full), need, 1), None) is not None:
        return True
    if special and forms.seven_pairs and sum(full) == 14:
        if four_as_two_pairs:
            if all(c % 2 == 0 for c in full) and all(c <= 4 for c in full):
                return True
        elif all(c in (0, 2) for c in full):
            return True
    return (
        special
        and forms.thirteen_orphans
        and sum(full) == 14
        and all(full[k] == 0 for k in range(34) if k not in TERMINALS_HONORS)
        and all(full[k] >= 1 for k in TERMINALS_HONORS)
    )


def brute_is_complete(
    counts: Sequence[int],
    *,
    sets: int = 4,
    exposed: int = 0,
    wilds: int = 0,
    forms: HandForms = ALL_FORMS,
    wild_fifth_copy: bool = True,
    four_as_two_pairs: bool = False,
    exposed_counts: Sequence[int] | None = None,
) -> bool:
    """Completeness by trying every wild assignment."""
    need, short = _size(counts, sets, exposed, wilds)
    if short:
        return False
    special = sets == 4 and exposed == 0
    for combo in wild_assignments(counts, wilds, wild_fifth_copy, exposed_counts):
        full = list(counts)
        for k in combo:
            full[k] += 1
        if _concrete_complete(full, need, forms, special, four_as_two_pairs):
            return True
    return False


@cache
def _targets(need: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Every standard complete hand of ``need`` sets and a pair, as sorted (kind, count) pairs."""
    out = []
    for combo in itertools.combinations_with_replacement(range(len(_SETS)), need):
        base: Counter[int] = Counter()
        for j in combo:
            base.update(_SETS[j][1])
        for p in range(34):
            t = base.copy()
            t[p] += 2
            out.append(tuple(sorted(t.items())))
    return tuple(out)


def brute_shanten(
    counts: Sequence[int],
    *,
    sets: int = 4,
    exposed: int = 0,
    wilds: int = 0,
    wild_fifth_copy: bool = True,
    exposed_counts: Sequence[int] | None = None,
) -> int:
    """Standard-form shanten by enumerating every complete target hand (small ``sets`` only).

    ``min over targets H of |H - counts| - wilds - 1``, where H may not exceed ``max(4, count)`` of
    a kind except by tiles wilds fill (all of them when ``wild_fifth_copy``, none beyond four with
    the exposed tiles otherwise).
    """
    need, short = _size(counts, sets, exposed, wilds)
    if short < 0:
        raise ValueError("too many tiles")
    hard = _limits(counts, exposed_counts)
    best = 99
    for target in _targets(need):
        missing = 0
        excess = 0
        ok = True
        for k, n in target:
            have = counts[k]
            if n > have:
                missing += n - have
            soft = max(4, have)
            if n > soft:
                excess += n - soft
            if not wild_fifth_copy and n > hard[k]:
                ok = False
                break
        if ok and excess <= wilds and missing < best:
            best = missing
    return best - wilds - 1


def brute_exchange_shanten(counts: Sequence[int], *, sets: int, wilds: int = 0, max_draws: int = 3) -> int:
    """Shanten from its playing definition: fewest real draws (discarding as needed) to complete.

    Draws are real tiles (at most four of a kind in total); wilds stay in the hand and may stand
    for anything. Standard form only; returns ``max_draws`` when not found within that many.
    """
    n_conc = sum(counts)
    full_size = 3 * sets + 2
    for draws in range(max_draws + 1):
        keep = full_size - wilds
        for combo in itertools.combinations_with_replacement(range(34), draws):
            pool = list(counts)
            for k in combo:
                pool[k] += 1
            if any(c > 4 and c > counts[i] for i, c in enumerate(pool)):
                continue
            if n_conc + draws < keep:
                continue
            for sub in _sub_hands(pool, keep):
                if brute_is_complete(sub, sets=sets, wilds=wilds, forms=HandForms(True, False, False)):
                    return draws - 1
    return max_draws


def _sub_hands(pool: list[int], size: int) -> Iterator[list[int]]:
    kinds = [k for k in range(34) if pool[k]]

    def rec(idx: int, left: int, cur: list[int]) -> Iterator[list[int]]:
        if idx == len(kinds):
            if left == 0:
                yield list(cur)
            return
        k = kinds[idx]
        for take in range(min(pool[k], left), -1, -1):
            cur[k] = take
            yield from rec(idx + 1, left - take, cur)
        cur[k] = 0

    yield from rec(0, size, [0] * 34)


def brute_waits(
    counts: Sequence[int],
    *,
    sets: int = 4,
    exposed: int = 0,
    wilds: int = 0,
    forms: HandForms = ALL_FORMS,
    wild_fifth_copy: bool = True,
    four_as_two_pairs: bool = False,
) -> frozenset[int]:
    """The kinds whose addition makes :func:`brute_is_complete` true."""
    out = set()
    for k in range(34):
        c = list(counts)
        c[k] += 1
        if brute_is_complete(
            c,
            sets=sets,
            exposed=exposed,
            wilds=wilds,
            forms=forms,
            wild_fifth_copy=wild_fifth_copy,
            four_as_two_pairs=four_as_two_pairs,
        ):
            out.add(k)
    return frozenset(out)


def _mark_wilds(
    groups: list[tuple[GroupKind, tuple[int, ...]]], stand: Counter[int]
) -> Iterator[tuple[Group, ...]]:
    """Every way to say which tiles of the groups are the wilds' stand-ins."""
    if not groups:
        if not +stand:
            yield ()
        return
    (kind, tiles), rest = groups[0], groups[1:]
    kinds = sorted(set(tiles))
    per_kind = [range(min(tiles.count(k), stand[k]) + 1) for k in kinds]
    for choice in itertools.product(*per_kind):
        wild = tuple(k for k, n in zip(kinds, choice, strict=True) for _ in range(n))
        left = stand.copy()
        left.subtract(wild)
        for tail in _mark_wilds(rest, left):
            yield (Group(kind, tiles, wild), *tail)


def brute_standard_decompositions(
    counts: Sequence[int],
    *,
    sets: int = 4,
    exposed: int = 0,
    wilds: int = 0,
    wild_fifth_copy: bool = True,
) -> set[tuple[Group, ...]]:
    """Distinct standard decompositions as sorted group tuples."""
    need, short = _size(counts, sets, exposed, wilds)
    out: set[tuple[Group, ...]] = set()
    if short:
        return out
    for combo in wild_assignments(counts, wilds, wild_fifth_copy):
        full = list(counts)
        for k in combo:
            full[k] += 1
        for groups in _standard_groups(full, need, 1):
            for marked in _mark_wilds(groups, Counter(combo)):
                out.add(tuple(sorted(marked)))
    return out


def as_group_sets(decs: Sequence[Decomposition]) -> set[tuple[Group, ...]]:
    """The standard decompositions of a list, as a set of group tuples."""
    return {d.groups for d in decs if d.form == "standard"}
