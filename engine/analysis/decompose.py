"""Every decomposition of a complete hand into groups.

Scoring needs all of them (``111222333m`` is three triplets *or* three runs). With wilds each
decomposition also says which kinds the wilds stand for, group by group; results that are
identical as multisets of groups are listed once.

>>> from engine.tiles import counts34, parse_kinds
>>> ds = decompositions(counts34(parse_kinds("111222333m789p55s")))
>>> sorted(sorted(g.kind for g in d.groups) for d in ds)
[['pair', 'run', 'run', 'run', 'run'], ['pair', 'run', 'triplet', 'triplet', 'triplet']]
"""

from __future__ import annotations

import bisect
import itertools
from collections import Counter
from collections.abc import Callable, Container, Hashable, Iterator, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Generic, Literal, TypeVar

from engine.analysis import suit_tables as st
from engine.analysis.shanten import ALL_FORMS, TERMINALS_HONORS, HandForms, _key, _need, is_complete

__all__ = [
    "BestDecompositions",
    "Decomposition",
    "Group",
    "GroupKind",
    "HandForm",
    "best_decompositions",
    "decomposition_of",
    "decompositions",
]

GroupKind = Literal["run", "triplet", "pair", "single"]
HandForm = Literal["standard", "seven_pairs", "thirteen_orphans"]


@dataclass(frozen=True, order=True)
class Group:
    """One group of a decomposition.

    ``tiles`` are the kinds as the group stands (sorted), ``wilds`` the kinds of ``tiles`` that are
    filled by wild tiles (a sub-multiset, sorted). Thirteen orphans uses ``"single"`` groups plus
    one ``"pair"``.

    >>> Group("run", (0, 1, 2), wilds=(1,)).wild_count
    1
    """

    kind: GroupKind
    tiles: tuple[int, ...]
    wilds: tuple[int, ...] = ()
    wild_count: int = field(init=False, compare=False)
    sort_key: tuple[str, tuple[int, ...], tuple[int, ...]] = field(init=False, compare=False, repr=False)
    _hash: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        key = (self.kind, self.tiles, self.wilds)
        object.__setattr__(self, "wild_count", len(self.wilds))
        object.__setattr__(self, "sort_key", key)
        object.__setattr__(self, "_hash", hash(key))

    def __hash__(self) -> int:
        return self._hash

    @property
    def concrete(self) -> tuple[int, ...]:
        """The kinds of the group supplied by real tiles."""
        rest = list(self.tiles)
        for k in self.wilds:
            rest.remove(k)
        return tuple(rest)


@dataclass(frozen=True)
class Decomposition:
    """A complete hand split into groups (sorted), with the form it completes.

    >>> d = Decomposition("seven_pairs", (Group("pair", (0, 0)),))
    >>> d.wild_kinds
    ()
    """

    form: HandForm
    groups: tuple[Group, ...]

    @property
    def wild_kinds(self) -> tuple[int, ...]:
        """Every kind a wild stands for, sorted."""
        return tuple(sorted(k for g in self.groups for k in g.wilds))


_INTERNED: dict[tuple[str, tuple[int, ...], tuple[int, ...]], Group] = {}
_SORT_KEY = attrgetter("sort_key")


def _group(kind: GroupKind, tiles: Sequence[int], wilds: Sequence[int]) -> Group:
    """A shared Group instance (equal groups are the same object, so comparisons are cheap)."""
    key = (kind, tuple(sorted(tiles)), tuple(sorted(wilds)))
    g = _INTERNED.get(key)
    if g is None:
        g = _INTERNED[key] = Group(kind, key[1], key[2])
    return g


def _canonical(groups: list[Group]) -> tuple[Group, ...]:
    return tuple(sorted(groups, key=_SORT_KEY))


_FREE_SETS: tuple[tuple[GroupKind, tuple[int, ...]], ...] = tuple(
    [("triplet", (k, k, k)) for k in range(34)]
    + [("run", (s + d, s + d + 1, s + d + 2)) for s in (0, 9, 18) for d in range(7)]
)


_FREE_SET_GROUPS = tuple(_group(kind, tiles, tiles) for kind, tiles in _FREE_SETS)
_FREE_PAIR_GROUPS = tuple(_group("pair", (k, k), (k, k)) for k in range(34))


class _Standard:
    """Search state for the standard form."""

    def __init__(
        self,
        counts: list[int],
        wilds: int,
        limits: list[int] | None,
        wild_groups: Container[tuple[str, int]] | None = None,
    ) -> None:
        self.c = counts
        self.w = wilds
        self.limits = limits  # per kind: most tiles the target may hold (None: wilds unlimited)
        # the groups of wilds alone that may be listed (every one when None)
        self.free_sets = _FREE_SET_GROUPS
        self.free_pairs = _FREE_PAIR_GROUPS
        if wild_groups is not None:
            self.free_sets = tuple(g for g in _FREE_SET_GROUPS if (g.kind, g.tiles[0]) in wild_groups)
            self.free_pairs = tuple(g for g in _FREE_PAIR_GROUPS if (g.kind, g.tiles[0]) in wild_groups)
        self.stand = [0] * 34  # wild stand-ins placed so far
        self.groups: list[Group] = []
        self.out: set[tuple[Group, ...]] = set()

    def _can_stand(self, k: int, n: int) -> bool:
        if self.limits is None:
            return True
        return self.c_orig[k] + self.stand[k] + n <= self.limits[k]

    c_orig: list[int]

    def _viable(self, sets: int, pair: int) -> bool:
        # the free (no copy limit) distance is a lower bound for every copy rule
        b = bytes(self.c)
        man_pin = st.merge_ids(st.free_suit_id(b[0:9]), st.free_suit_id(b[9:18]))
        sou_honors = st.merge_ids(st.free_suit_id(b[18:27]), st.free_honor_id(b[27:34]))
        merged = st.merge_ids(man_pin, sou_honors)
        return st.PROFILES[merged][2 * sets + pair] <= self.w

    def run(self, sets: int, pair: int, start: int) -> None:
        c = self.c
        i = start
        while i < 34 and c[i] == 0:
            i += 1
        if i == 34:
            self._all_wild(sets, pair)
            return
        if not self._viable(sets, pair):
            return
        ci = c[i]
        # triplet at i
        if sets:
            for n_real in range(1, min(3, ci) + 1):
                self._try(i, "triplet", [i, i, i], [i] * n_real, [i] * (3 - n_real), sets - 1, pair)
        if pair:
            for n_real in range(1, min(2, ci) + 1):
                self._try(i, "pair", [i, i], [i] * n_real, [i] * (2 - n_real), sets, 0)
        if sets and i < 27:
            base = i - i % 9
            for s in range(max(base, i - 2), min(i, base + 6) + 1):
                tiles = [s, s + 1, s + 2]
                higher = [j for j in tiles if j > i]
                lower = [j for j in tiles if j < i]
                for mask in range(1 << len(higher)):
                    real = [i]
                    wild = list(lower)
                    for bit, j in enumerate(higher):
                        if mask >> bit & 1:
                            real.append(j)
                        else:
                            wild.append(j)
                    self._try(i, "run", tiles, real, wild, sets - 1, pair)

    def _try(
        self,
        i: int,
        kind: GroupKind,
        tiles: list[int],
        real: list[int],
        wild: list[int],
        sets: int,
        pair: int,
    ) -> None:
        if len(wild) > self.w:
            return
        c = self.c
        taken = 0  # real tiles taken out so far (restored below whatever happens)
        placed = 0  # wild stand-ins placed so far
        stand = self.stand
        limits = self.limits
        ok = True
        for k in real:
            if c[k] == 0:
                ok = False
                break
            c[k] -= 1
            taken += 1
        if ok and limits is not None:
            for k in wild:
                stand[k] += 1
                placed += 1
                if self.c_orig[k] + stand[k] > limits[k]:
                    ok = False
                    break
        if ok:
            self.w -= len(wild)
            self.groups.append(_group(kind, tiles, wild))
            self.run(sets, pair, i)
            self.groups.pop()
            self.w += len(wild)
        for k in wild[:placed]:
            stand[k] -= 1
        for k in real[:taken]:
            c[k] += 1

    def _all_wild(self, sets: int, pair: int) -> None:
        if self.w != 3 * sets + 2 * pair:
            return
        pair_options: Sequence[Group | None] = self.free_pairs if pair else (None,)
        for combo in itertools.combinations_with_replacement(self.free_sets, sets):
            for pair_group in pair_options:
                groups = [*self.groups, *combo]
                if pair_group is not None:
                    groups.append(pair_group)
                if self.limits is not None:
                    used = Counter(k for g in groups[len(self.groups) :] for k in g.tiles)
                    if any(not self._can_stand(k, n) for k, n in used.items()):
                        continue
                self.out.add(_canonical(groups))


def _standard(
    counts: list[int],
    need: int,
    wilds: int,
    limits: list[int] | None,
    wild_groups: Container[tuple[str, int]] | None,
) -> Iterator[Decomposition]:
    search = _Standard(list(counts), wilds, limits, wild_groups)
    search.c_orig = list(counts)
    search.run(need, 1, 0)
    for groups in sorted(search.out, key=lambda gs: [g.sort_key for g in gs]):
        yield Decomposition("standard", groups)


def _seven_pairs(counts: list[int], wilds: int, four_as_two: bool) -> Iterator[Decomposition]:
    per_kind = 2 if four_as_two else 1
    groups: list[Group] = []
    used = [0] * 34  # pairs per kind
    w = wilds
    for k, c in enumerate(counts):
        if c == 0:
            continue
        if c > 2 * per_kind:
            return
        full, single = divmod(c, 2)
        groups.extend(_group("pair", (k, k), ()) for _ in range(full))
        if single:
            groups.append(_group("pair", (k, k), (k,)))
            w -= 1
        used[k] = full + single
    if w < 0 or w % 2:
        return
    room = [k for k in range(34) for _ in range(per_kind - used[k])]
    seen: set[tuple[Group, ...]] = set()
    for extra in itertools.combinations(room, w // 2):
        all_groups = groups + [_group("pair", (k, k), (k, k)) for k in extra]
        if len(all_groups) != 7:
            continue
        key = _canonical(all_groups)
        if key not in seen:
            seen.add(key)
            yield Decomposition("seven_pairs", key)


def _orphans(counts: list[int], wilds: int) -> Iterator[Decomposition]:
    if any(c for k, c in enumerate(counts) if k not in TERMINALS_HONORS):
        return
    for pair_kind in TERMINALS_HONORS:
        missing = 0
        groups: list[Group] = []
        for k in TERMINALS_HONORS:
            want = 2 if k == pair_kind else 1
            have = counts[k]
            if have > want:
                break
            missing += want - have
            groups.append(_group("pair" if want == 2 else "single", [k] * want, [k] * (want - have)))
        else:
            if missing == wilds:
                yield Decomposition("thirteen_orphans", _canonical(groups))


def decompositions(
    counts: Sequence[int],
    *,
    sets: int = 4,
    exposed: int = 0,
    wilds: int = 0,
    forms: HandForms = ALL_FORMS,
    wild_fifth_copy: bool = True,
    four_as_two_pairs: bool = False,
    exposed_counts: Sequence[int] | None = None,
    wild_groups: Container[tuple[str, int]] | None = None,
) -> list[Decomposition]:
    """Every distinct decomposition of a complete hand (``[]`` when it is not complete).

    Standard decompositions hold ``sets - exposed`` run/triplet groups and one pair; wilds that
    form whole groups on their own are listed with every kind they could stand for (respecting
    ``wild_fifth_copy`` and ``exposed_counts`` as :func:`~engine.analysis.shanten` does) — or, when
    ``wild_groups`` is given, only as the groups it holds, named by (group kind, lowest kind): a
    scorer to whom many such groups are worth the same passes one of each, and the readings it would
    drop are never made (with six wilds, tens of thousands).
    Order: standard, seven pairs, thirteen orphans; groups sorted within each.

    >>> from engine.tiles import counts34, parse_kinds
    >>> [d.form for d in decompositions(counts34(parse_kinds("22334455667788m")))]
    ['standard', 'standard', 'standard', 'seven_pairs']
    >>> ds = decompositions(counts34(parse_kinds("123m")), sets=1, wilds=2)
    >>> len(ds), sum(1 for d in ds if d.groups[0].wild_count == 2)  # 34 wild pairs, 4 others
    (38, 34)
    """
    b = _key(counts)
    need = _need(sets, exposed)
    c = list(b)
    if sum(c) + wilds != 3 * need + 2:
        return []
    if not is_complete(
        c,
        sets=sets,
        exposed=exposed,
        wilds=wilds,
        forms=forms,
        wild_fifth_copy=wild_fifth_copy,
        four_as_two_pairs=four_as_two_pairs,
        exposed_counts=exposed_counts,
    ):
        return []
    out: list[Decomposition] = []
    if forms.standard:
        limits: list[int] | None = None
        if not wild_fifth_copy:
            exp = list(exposed_counts) if exposed_counts is not None else [0] * 34
            limits = [max(4 - e, h) for e, h in zip(exp, c, strict=True)]
        out.extend(_standard(c, need, wilds, limits, wild_groups))
    if sets == 4 and exposed == 0:
        if forms.seven_pairs:
            out.extend(_seven_pairs(c, wilds, four_as_two_pairs))
        if forms.thirteen_orphans:
            out.extend(_orphans(c, wilds))
    return out


# ------------------------------------------------------------------ first decomposition per feature

F = TypeVar("F", bound=Hashable)

_SortKeys = tuple[tuple[str, tuple[int, ...], tuple[int, ...]], ...]
# feature -> the least group multiset having it, as its groups' sort keys: only strings and numbers, which
# the garbage collector stops tracking (a memo of many sub-hands costs no collection time)
_Found = dict[F, _SortKeys]


def _viable(c: bytes, wilds: int, sets: int, pair: int) -> bool:
    """The free (no copy limit) distance is at most ``wilds``: the tiles can still be completed."""
    man_pin = st.merge_ids(st.free_suit_id(c[0:9]), st.free_suit_id(c[9:18]))
    sou_honors = st.merge_ids(st.free_suit_id(c[18:27]), st.free_honor_id(c[27:34]))
    return st.PROFILES[st.merge_ids(man_pin, sou_honors)][2 * sets + pair] <= wilds


def _with(group: Group, keys: _SortKeys) -> _SortKeys:
    at = bisect.bisect_right(keys, group.sort_key)
    return (*keys[:at], group.sort_key, *keys[at:])


def _keep_least(found: _Found[F], feat: F, keys: _SortKeys) -> None:
    old = found.get(feat)
    if old is None or keys < old:
        found[feat] = keys


_Option = tuple[Group, tuple[int, ...], int, bool]  # group, real tiles it takes, wilds it needs, a set?
_OPTIONS: dict[tuple[int, int], tuple[_Option, ...]] = {}


def _options(i: int, count: int) -> tuple[_Option, ...]:
    """The groups holding the lowest real tile ``i`` (``count`` of it held): triplets and pairs of it,
    runs through it; tiles below ``i`` are wilds, each tile above it real or wild."""
    key = (i, min(count, 3))
    found = _OPTIONS.get(key)
    if found is not None:
        return found
    out: list[_Option] = []
    for n_real in range(1, key[1] + 1):
        out.append((_group("triplet", (i, i, i), (i,) * (3 - n_real)), (i,) * n_real, 3 - n_real, True))
    for n_real in range(1, min(2, key[1]) + 1):
        out.append((_group("pair", (i, i), (i,) * (2 - n_real)), (i,) * n_real, 2 - n_real, False))
    if i < 27:
        base = i - i % 9
        for s in range(max(base, i - 2), min(i, base + 6) + 1):
            tiles = (s, s + 1, s + 2)
            higher = [j for j in tiles if j > i]
            lower = [j for j in tiles if j < i]
            for mask in range(1 << len(higher)):
                real = (i, *(j for bit, j in enumerate(higher) if mask >> bit & 1))
                wild = (*lower, *(j for bit, j in enumerate(higher) if not mask >> bit & 1))
                out.append((_group("run", tiles, wild), real, len(wild), True))
    found = _OPTIONS[key] = tuple(out)
    return found


class _Best(Generic[F]):
    """Search of :func:`best_decompositions`: the same groups as :class:`_Standard` (the lowest real
    tile goes into a triplet, a pair or a run, 财神 filling the rest; whole groups of wilds last), but
    each sub-hand is solved once and keeps, per feature, only its least group multiset.

    That is exact because the listing order (sorted group lists compared lexicographically) is kept
    by adding the same groups to both sides: if ``A < B`` then ``A + G < B + G``. So the least
    decomposition with a feature is a least prefix joined to a least rest, feature by feature."""

    def __init__(
        self,
        feature: Callable[[Group], F],
        combine: Callable[[F, F], F],
        empty: F,
        wild_groups: Container[tuple[str, int]] | None,
    ) -> None:
        self.feature = feature
        self.combine = combine
        self.empty = empty
        self.features: dict[Group, F] = {}
        self.memo: dict[tuple[bytes, int, int, int], _Found[F]] = {}
        sets = _FREE_SET_GROUPS
        pairs = _FREE_PAIR_GROUPS
        if wild_groups is not None:
            sets = tuple(g for g in sets if (g.kind, g.tiles[0]) in wild_groups)
            pairs = tuple(g for g in pairs if (g.kind, g.tiles[0]) in wild_groups)
        # groups of wilds alone: the least group of each feature is all a least multiset can use
        # (swapping a group for a lesser one of the same feature never makes the multiset greater)
        self.free_sets = self._least_per_feature(sets)
        self.free_pairs = self._least_per_feature(pairs)

    def _feature(self, group: Group) -> F:
        feat = self.features.get(group)
        if feat is None:
            feat = self.features[group] = self.feature(group)
        return feat

    def _least_per_feature(self, groups: Sequence[Group]) -> tuple[Group, ...]:
        least: dict[F, Group] = {}
        for g in groups:  # in sort-key order already
            least.setdefault(self._feature(g), g)
        return tuple(sorted(least.values(), key=_SORT_KEY))

    def solve(self, c: bytes, w: int, sets: int, pair: int) -> _Found[F]:
        key = (c, w, sets, pair)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = self._solve(c, w, sets, pair)
        return found

    def _join(self, found: _Found[F], group: Group, rest: _Found[F]) -> None:
        gf = self._feature(group)
        combine = self.combine
        for feat, keys in rest.items():
            _keep_least(found, combine(gf, feat), _with(group, keys))

    def _solve(self, c: bytes, w: int, sets: int, pair: int) -> _Found[F]:
        i = 0
        while i < 34 and c[i] == 0:
            i += 1
        if i == 34:
            return self._all_wild(w, sets, pair)
        found: _Found[F] = {}
        if not _viable(c, w, sets, pair):
            return found
        memo = self.memo
        for group, real, spent, is_set in _options(i, c[i]):
            if spent > w or not (sets if is_set else pair):
                continue
            left = bytearray(c)
            ok = True
            for k in real:
                if left[k] == 0:
                    ok = False
                    break
                left[k] -= 1
            if not ok:
                continue
            key = (bytes(left), w - spent, sets - 1 if is_set else sets, pair if is_set else 0)
            rest = memo.get(key)
            if rest is None:
                rest = memo[key] = self._solve(*key)
            if rest:
                self._join(found, group, rest)
        return found

    def _all_wild(self, w: int, sets: int, pair: int) -> _Found[F]:
        found: _Found[F] = {}
        if w != 3 * sets + 2 * pair:
            return found
        pair_options: Sequence[Group | None] = self.free_pairs if pair else (None,)
        combine = self.combine
        for combo in itertools.combinations_with_replacement(self.free_sets, sets):
            for pair_group in pair_options:
                groups = list(combo) if pair_group is None else [*combo, pair_group]
                feat = self.empty
                for g in groups:
                    feat = combine(feat, self._feature(g))
                _keep_least(found, feat, tuple(sorted(g.sort_key for g in groups)))
        return found


class BestDecompositions(Generic[F]):
    """:func:`best_decompositions` for many hands scored alike: the sub-hands solved for one hand
    (what is left once its lowest groups are placed) are kept for the next, so the hands an AI weighs
    one tile apart share most of the work. At most ``memo_limit`` sub-hands are kept (then forgotten
    all at once: the answers never depend on what is kept)."""

    def __init__(
        self,
        feature: Callable[[Group], F],
        combine: Callable[[F, F], F],
        empty: F,
        wild_groups: Container[tuple[str, int]] | None = None,
        memo_limit: int = 30_000,
    ) -> None:
        self.search = _Best(feature, combine, empty, wild_groups)
        self.memo_limit = memo_limit

    def __call__(
        self, counts: Sequence[int], *, sets: int = 4, exposed: int = 0, wilds: int = 0
    ) -> dict[F, Decomposition]:
        return {
            f: decomposition_of(keys)
            for f, keys in self.keys(counts, sets=sets, exposed=exposed, wilds=wilds).items()
        }

    def keys(
        self, counts: Sequence[int], *, sets: int = 4, exposed: int = 0, wilds: int = 0
    ) -> dict[F, tuple[tuple[str, tuple[int, ...], tuple[int, ...]], ...]]:
        """The same answer, each decomposition as its groups' sort keys (:func:`decomposition_of` makes
        it; in the listing order, a decomposition comes before another when its keys are less)."""
        c = _key(counts)
        need = _need(sets, exposed)
        if sum(c) + wilds != 3 * need + 2:
            return {}
        if len(self.search.memo) > self.memo_limit:
            self.search.memo.clear()
        return self.search.solve(bytes(c), wilds, need, 1)


def decomposition_of(keys: Sequence[tuple[str, tuple[int, ...], tuple[int, ...]]]) -> Decomposition:
    """The standard decomposition whose groups have these sort keys (:meth:`BestDecompositions.keys`)."""
    return Decomposition("standard", tuple(_INTERNED[k] for k in keys))  # the search's groups are interned


def best_decompositions(
    counts: Sequence[int],
    *,
    feature: Callable[[Group], F],
    combine: Callable[[F, F], F],
    empty: F,
    sets: int = 4,
    exposed: int = 0,
    wilds: int = 0,
    wild_groups: Container[tuple[str, int]] | None = None,
) -> dict[F, Decomposition]:
    """For each value of a feature of the standard decompositions, the first decomposition having it.

    The feature of a decomposition is ``combine`` folded over its groups' ``feature`` from ``empty``
    (``combine`` must be associative and commutative, ``empty`` its identity): what a scorer needs to
    know of a group, such as "a triplet of a valued honour" or "a run". The answer is exactly
    ``{f: first d in decompositions(..., forms=STANDARD_ONLY) whose feature is f}`` (wilds may be a
    fifth copy, ``wild_groups`` as there), without listing the decompositions: with six wilds they
    are thousands, the features a few dozen. (:class:`BestDecompositions` does the same for many
    hands, sharing the work.)

    >>> from engine.tiles import counts34, parse_kinds
    >>> best = best_decompositions(counts34(parse_kinds("111222333m789p55s")),
    ...                            feature=lambda g: g.kind == "triplet", combine=bool.__or__, empty=False)
    >>> sorted((f, [g.kind for g in d.groups]) for f, d in best.items())
    [(False, ['pair', 'run', 'run', 'run', 'run']), (True, ['pair', 'run', 'triplet', 'triplet', 'triplet'])]
    """
    search = BestDecompositions(feature, combine, empty, wild_groups)
    return search(counts, sets=sets, exposed=exposed, wilds=wilds)
