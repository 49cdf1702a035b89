"""engine.analysis against the slow brute-force reference (engine.analysis.brute), with hypothesis."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine.analysis import (
    ALL_FORMS,
    STANDARD_ONLY,
    HandForms,
    decompositions,
    is_complete,
    shanten,
    shanten_standard,
    waits,
)
from engine.analysis.brute import (
    as_group_sets,
    brute_exchange_shanten,
    brute_is_complete,
    brute_shanten,
    brute_standard_decompositions,
    brute_waits,
)
from engine.analysis.shanten import _GENERAL, _native_shanten, _shanten
from engine.analysis.suit_tables import _relaxed, exact_part_vector
from engine.tiles import TERMINALS_AND_HONORS, counts34

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# small universes make four of a kind, fifth-copy shapes and overlapping runs common
UNIVERSES = (
    (*range(9), 9, 10, 11, 27, 28),
    (0, 1, 2, 3, 4, 27),
    (4, 5, 6, 7, 8, 13, 14, 31),
    tuple(range(34)),
)

SET_SHAPES = [(k, k, k) for k in range(34)]
SET_SHAPES += [(s + d, s + d + 1, s + d + 2) for s in (0, 9, 18) for d in range(7)]


def _counts(kinds: list[int]) -> list[int] | None:
    c = counts34(kinds)
    return c if max(c) <= 4 else None


@st.composite
def random_hand(draw: st.DrawFn, size: int) -> list[int]:
    universe = draw(st.sampled_from(UNIVERSES))
    kinds = draw(st.lists(st.sampled_from(universe), min_size=size, max_size=size))
    c = _counts(kinds)
    assume(c is not None)
    assert c is not None
    return c


@st.composite
def built_hand(draw: st.DrawFn, need: int, short: int, max_wilds: int) -> tuple[list[int], int]:
    """A complete hand of ``need`` sets + pair, ``short`` tiles removed, some tiles made wild,
    perhaps one tile swapped: lots of complete, tenpai and near-miss hands."""
    universe = draw(st.sampled_from(UNIVERSES))
    tiles: list[int] = []
    for _ in range(need):
        shapes = [s for s in SET_SHAPES if s[0] in universe]
        tiles.extend(draw(st.sampled_from(shapes)))
    pair = draw(st.sampled_from(universe))
    tiles.extend((pair, pair))
    tiles = draw(st.permutations(tiles))
    tiles = tiles[short:]
    wilds = draw(st.integers(0, min(max_wilds, len(tiles))))
    tiles = tiles[wilds:]
    if tiles and draw(st.booleans()):
        tiles[0] = draw(st.sampled_from(universe))
    c = _counts(tiles)
    assume(c is not None)
    assert c is not None
    return c, wilds


# ---------------------------------------------------------------- tables


@given(st.lists(st.integers(0, 3), min_size=9, max_size=9))
@settings(max_examples=300, deadline=None)
def test_free_table_equals_capped_dp_without_four_of_a_kind(key: list[int]) -> None:
    assume(sum(key) <= 17)
    assert _relaxed(bytes(key), True) == exact_part_vector(key, [4] * 9, True)


# ---------------------------------------------------------------- shanten


@given(st.data(), st.sampled_from([1, 2]), st.integers(0, 2), st.booleans())
@SETTINGS
def test_standard_shanten_equals_brute(data: st.DataObject, sets: int, wilds: int, fifth: bool) -> None:
    size = data.draw(st.integers(max(0, 3 * sets - 1 - wilds), 3 * sets + 2 - wilds))
    counts = data.draw(random_hand(size))
    got = shanten_standard(counts, sets=sets, wilds=wilds, wild_fifth_copy=fifth)
    assert got == brute_shanten(counts, sets=sets, wilds=wilds, wild_fifth_copy=fifth)


@given(st.data(), st.integers(0, 2))
@SETTINGS
def test_exposed_counts_rule_equals_brute(data: st.DataObject, wilds: int) -> None:
    counts = data.draw(random_hand(5 - wilds))
    exp_kind = data.draw(st.sampled_from([k for k in range(34) if counts[k] <= 1] or [33]))
    exposed_counts = [0] * 34
    exposed_counts[exp_kind] = 3
    kw = {"sets": 2, "exposed": 1, "wilds": wilds, "wild_fifth_copy": False}
    got = shanten_standard(counts, exposed_counts=exposed_counts, **kw)  # type: ignore[arg-type]
    ref = brute_shanten(
        counts, sets=2, exposed=1, wilds=wilds, wild_fifth_copy=False, exposed_counts=exposed_counts
    )
    assert got == ref
    assert is_complete(counts, exposed_counts=exposed_counts, forms=STANDARD_ONLY, **kw) == brute_is_complete(  # type: ignore[arg-type]
        counts,
        exposed_counts=exposed_counts,
        forms=STANDARD_ONLY,
        **kw,  # type: ignore[arg-type]
    )


@given(st.data(), st.integers(0, 1))
@settings(max_examples=25, deadline=None)
def test_shanten_equals_exchange_definition(data: st.DataObject, wilds: int) -> None:
    counts = data.draw(random_hand(data.draw(st.integers(4 - wilds, 5 - wilds))))
    ours = shanten_standard(counts, sets=1, wilds=wilds)
    assume(ours <= 1)
    assert ours == brute_exchange_shanten(counts, sets=1, wilds=wilds, max_draws=ours + 1)


# ---------------------------------------------------------------- completeness, waits, tenpai


@given(st.data(), st.integers(1, 5), st.booleans(), st.booleans())
@SETTINGS
def test_is_complete_equals_brute(data: st.DataObject, sets: int, fifth: bool, four_as_two: bool) -> None:
    counts, wilds = data.draw(built_hand(sets, 0, 2))
    kw = {"sets": sets, "wilds": wilds, "wild_fifth_copy": fifth, "four_as_two_pairs": four_as_two}
    assert is_complete(counts, **kw) == brute_is_complete(counts, **kw)  # type: ignore[arg-type]
    assert (shanten(counts, **kw) == -1) == is_complete(counts, **kw)  # type: ignore[arg-type]


@st.composite
def pairs_hand(draw: st.DrawFn) -> tuple[list[int], int]:
    universe = draw(st.sampled_from(UNIVERSES[:3]))
    kinds = draw(st.lists(st.sampled_from(universe), min_size=7, max_size=7))
    tiles = [k for k in kinds for _ in range(2)]
    if draw(st.booleans()):
        tiles = [*TERMINALS_AND_HONORS, draw(st.sampled_from(TERMINALS_AND_HONORS))]
    tiles = draw(st.permutations(tiles))
    wilds = draw(st.integers(0, 2))
    tiles = tiles[wilds:]
    if draw(st.booleans()):
        tiles[0] = draw(st.sampled_from(range(34)))
    c = _counts(tiles)
    assume(c is not None)
    assert c is not None
    return c, wilds


@given(pairs_hand(), st.booleans(), st.sampled_from([ALL_FORMS, HandForms(False, True, True)]))
@SETTINGS
def test_special_forms_complete_equals_brute(
    hand: tuple[list[int], int], four_as_two: bool, forms: HandForms
) -> None:
    counts, wilds = hand
    kw = {"wilds": wilds, "four_as_two_pairs": four_as_two, "forms": forms}
    assert is_complete(counts, **kw) == brute_is_complete(counts, **kw)  # type: ignore[arg-type]


@given(st.data(), st.integers(1, 4), st.booleans())
@SETTINGS
def test_waits_equal_brute(data: st.DataObject, sets: int, fifth: bool) -> None:
    counts, wilds = data.draw(built_hand(sets, 1, 1))
    kw = {"sets": sets, "wilds": wilds, "wild_fifth_copy": fifth}
    w = waits(counts, **kw)  # type: ignore[arg-type]
    assert w.kinds == brute_waits(counts, **kw)  # type: ignore[arg-type]
    assert w.any_tile == (len(w.kinds) == 34)


@given(st.data(), st.integers(4, 5), st.booleans(), st.booleans())
@settings(max_examples=150, deadline=None)
def test_tenpai_iff_a_real_wait(data: st.DataObject, sets: int, fifth: bool, four_as_two: bool) -> None:
    counts, wilds = data.draw(built_hand(sets, 1, 3))
    kw = {"sets": sets, "wilds": wilds, "wild_fifth_copy": fifth, "four_as_two_pairs": four_as_two}
    s = shanten(counts, **kw)  # type: ignore[arg-type]
    live = waits(counts, include_exhausted=False, **kw)  # type: ignore[arg-type]
    assert (s == 0) == bool(live.kinds)
    assert s >= 0
    for k in live.kinds:  # drawing a wait completes the hand
        c = list(counts)
        c[k] += 1
        assert shanten(c, **kw) == -1  # type: ignore[arg-type]


# ---------------------------------------------------------------- decompositions


@given(st.data(), st.integers(1, 4), st.booleans())
@SETTINGS
def test_decompositions_equal_brute(data: st.DataObject, sets: int, fifth: bool) -> None:
    counts, wilds = data.draw(built_hand(sets, 0, 2))
    ours = decompositions(counts, sets=sets, wilds=wilds, forms=STANDARD_ONLY, wild_fifth_copy=fifth)
    ref = brute_standard_decompositions(counts, sets=sets, wilds=wilds, wild_fifth_copy=fifth)
    assert as_group_sets(ours) == ref
    assert len(ours) == len(ref)  # no duplicates
    for d in ours:
        assert sum(len(g.tiles) for g in d.groups) == 3 * sets + 2
        concrete = Counter(k for g in d.groups for k in g.concrete)
        assert concrete == Counter({k: n for k, n in enumerate(counts) if n})
        assert sum(g.wild_count for g in d.groups) == wilds


# ---------------------------------------------------------------- the compiled build's hot path


@st.composite
def plain_hand(draw: st.DrawFn) -> tuple[list[int], int]:
    """A hand of 0..14 - 3 * melds tiles, or one tile over (the native path leaves it to the general
    path), often near seven pairs or thirteen orphans."""
    exposed = draw(st.integers(0, 4))
    size = draw(st.integers(0, 15 - 3 * exposed))
    if draw(st.booleans()):
        c = draw(random_hand(size))
    else:
        c, _ = draw(pairs_hand())
        c = counts34([k for k in range(34) for _ in range(c[k])][:size])
    return c, exposed


@given(plain_hand())
@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_native_hot_path_equals_general_path(hand: tuple[list[int], int]) -> None:
    """``_native_shanten`` (what the compiled build runs for a plain hand given as a list; called here
    directly, so the pure build checks the same code interpreted) against the general path."""
    counts, exposed = hand
    got = _native_shanten(counts, exposed)
    if sum(counts) > 14 - 3 * exposed:
        assert got == _GENERAL
        return
    assert got == _shanten(bytes(counts), 4, exposed, 0, ALL_FORMS, True, False, None)
    assert got == shanten(counts, exposed=exposed) == shanten(tuple(counts), exposed=exposed)


def test_native_hot_path_leaves_odd_input_to_the_general_path() -> None:
    base = [0] * 34
    for odd in ([5, *base[1:]], [-1, *base[1:]], [1.0] * 34, [1] * 33, [0] * 35, ["1", *base[1:]]):
        assert _native_shanten(odd, 0) == _GENERAL  # type: ignore[arg-type]
    assert _native_shanten(counts34([0, 0, 0]), 5) == _GENERAL
    assert _native_shanten(counts34([0, 0, 0]), -1) == _GENERAL
    assert _native_shanten([True, True, *base[2:]], 0) == shanten(bytes([1, 1, *base[2:]]))
