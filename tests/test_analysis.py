"""engine.analysis: hand-picked cases and agreement with the ``mahjong`` package."""

from __future__ import annotations

import random

import pytest
from mahjong.shanten import Shanten

from engine.analysis import (
    STANDARD_ONLY,
    Decomposition,
    Group,
    HandForms,
    decompositions,
    is_complete,
    shanten,
    shanten_seven_pairs,
    shanten_standard,
    shanten_thirteen_orphans,
    standard_distance,
    waits,
)
from engine.analysis.brute import brute_is_complete, brute_shanten
from engine.tiles import TERMINALS_AND_HONORS, counts34, parse_kinds


def c34(text: str) -> list[int]:
    return counts34(parse_kinds(text))


def random_hands(seed: int, size: int, n: int) -> list[list[int]]:
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    return [counts34(rng.sample(wall, size)) for _ in range(n)]


# ---------------------------------------------------------------- agreement with mahjong 2.1.0


@pytest.mark.parametrize(("size", "seed"), [(14, 20261130), (13, 20261201)])
def test_matches_mahjong_on_10000_random_hands(size: int, seed: int) -> None:
    mismatches = []
    for counts in random_hands(seed, size, 10_000):
        expected = Shanten.calculate_shanten(counts)
        got = shanten(counts)
        if got != expected:
            mismatches.append((counts, expected, got))
    assert mismatches == []


def test_matches_mahjong_per_form() -> None:
    for counts in random_hands(7, 14, 1500) + random_hands(8, 13, 1500):
        assert shanten_standard(counts) == Shanten.calculate_shanten_for_regular_hand(counts)
        assert shanten_seven_pairs(counts) == Shanten.calculate_shanten_for_chiitoitsu_hand(counts)
        assert shanten_thirteen_orphans(counts) == Shanten.calculate_shanten_for_kokushi_hand(counts)


@pytest.mark.parametrize("size", [1, 2, 4, 5, 7, 8, 10, 11])
def test_matches_mahjong_with_melds(size: int) -> None:
    exposed = (14 - size) // 3
    for counts in random_hands(size, size, 800):
        expected = Shanten.calculate_shanten_for_regular_hand(counts)
        assert shanten_standard(counts, exposed=exposed) == expected, counts
        assert shanten(counts, exposed=exposed) == expected  # special forms need a closed hand


def test_dense_hands_match_mahjong() -> None:
    """Hands crowded into few kinds: four of a kind and fifth-copy shapes everywhere."""
    rng = random.Random(99)
    for _ in range(3000):
        kinds = rng.sample([0, 1, 2, 3, 4, 5, 27, 28], 4)
        wall = [k for k in kinds for _ in range(4)]
        counts = counts34(rng.sample(wall, rng.choice((13, 14))))
        assert shanten(counts) == Shanten.calculate_shanten(counts), counts


# ---------------------------------------------------------------- hand-picked cases


def test_nine_gates_waits_on_all_nine() -> None:
    w = waits(c34("1112345678999m"))
    assert w.kinds == frozenset(range(9))
    assert not w.any_tile
    assert shanten(c34("1112345678999m")) == 0


def test_thirteen_orphans_thirteen_sided_wait() -> None:
    hand = c34("19m19p19s1234567z")
    assert shanten(hand) == 0
    assert waits(hand).kinds == frozenset(TERMINALS_AND_HONORS)
    assert is_complete(c34("19m19p19s12345677z"))
    assert [d.form for d in decompositions(c34("19m19p19s12345677z"))] == ["thirteen_orphans"]
    assert waits(hand, forms=STANDARD_ONLY).kinds == frozenset()


def test_caishen_single_wait_is_any_tile() -> None:
    four_sets = c34("123m456p789s111z")
    w = waits(four_sets, wilds=1)
    assert w.any_tile and w.kinds == frozenset(range(34))
    five_sets = c34("123456789m123789p")  # Lingxi: 15 tiles + one 财神
    w5 = waits(five_sets, sets=5, wilds=1)
    assert w5.any_tile and len(w5.kinds) == 34
    assert shanten(five_sets, sets=5, wilds=1) == 0


def test_two_wilds_pair_wait_is_any_tile() -> None:
    hand = c34("123m456p789s45s")  # + two wilds: 3s/6s with one wild, and a wild pair
    w = waits(hand, wilds=2)
    assert w.any_tile


def test_seventeen_tile_five_set_hands() -> None:
    hand = c34("123456789m123789p55s")
    assert is_complete(hand, sets=5)
    assert not is_complete(hand)  # too many tiles for four sets
    assert shanten(hand, sets=5) == -1
    with pytest.raises(ValueError):
        shanten(hand)
    ds = decompositions(hand, sets=5)
    assert len(ds) == 1 and len(ds[0].groups) == 6
    short = c34("123456789m12378p55s")
    assert shanten(short, sets=5) == 0
    assert waits(short, sets=5).kinds == frozenset({14, 17})  # 6p-9p
    # with two wilds, one exposed set
    assert is_complete(c34("123456m789p55s"), sets=5, exposed=2)
    assert is_complete(c34("12456m789p5s"), sets=5, exposed=2, wilds=2)
    assert not is_complete(c34("12456m789p5s"), sets=5, exposed=1, wilds=2)


def test_seven_pairs_four_of_a_kind() -> None:
    hand = c34("1111m2233p4455s66z")
    assert not is_complete(hand)
    assert is_complete(hand, four_as_two_pairs=True)
    assert shanten(hand) == 1
    assert shanten(hand, four_as_two_pairs=True) == -1
    assert [d.form for d in decompositions(hand, four_as_two_pairs=True)] == ["seven_pairs"]
    pairs = decompositions(hand, four_as_two_pairs=True)[0].groups
    assert pairs.count(Group("pair", (0, 0))) == 2
    assert shanten_seven_pairs(c34("1111m2233p4455s6z")) == 2  # 1111m is one pair only
    assert shanten_seven_pairs(c34("1111m2233p4455s6z"), four_as_two_pairs=True) == 0
    assert waits(c34("1111m2233p4455s6z"), four_as_two_pairs=True).kinds == frozenset({32})


def test_fifth_copy_rule() -> None:
    hand = c34("1111m")
    assert is_complete(hand, sets=1, wilds=1)
    assert not is_complete(hand, sets=1, wilds=1, wild_fifth_copy=False)
    assert shanten(hand, sets=1, wilds=1) == -1
    assert shanten(hand, sets=1, wilds=1, wild_fifth_copy=False) == 0
    # exposed pung of 1m + concealed 1m: a wild may not be the fifth 1m
    exposed = c34("111m")
    concealed = c34("1m456p")
    assert is_complete(concealed, sets=2, exposed=1, wilds=1)
    assert is_complete(concealed, sets=2, exposed=1, wilds=1, wild_fifth_copy=False)
    assert not is_complete(
        concealed, sets=2, exposed=1, wilds=1, wild_fifth_copy=False, exposed_counts=exposed
    )
    assert shanten(concealed, sets=2, exposed=1, wilds=1, wild_fifth_copy=False, exposed_counts=exposed) == 0
    # without wilds a hand never waits on a fifth real copy
    assert shanten(c34("1111m"), sets=1) == 1
    assert waits(c34("1111m"), sets=1).kinds == frozenset({0})
    assert waits(c34("1111m"), sets=1, include_exhausted=False).kinds == frozenset()


def test_fifth_copy_budget_path() -> None:
    """Wilds + four of a kind: the shanten needs the excess-budget search."""
    for fifth in (True, False):
        for w in range(3):
            for text in ("1111m", "1111m9p", "1111m23m", "1111m2222m", "1111m4444m", "1111z", "1111z2z"):
                h = c34(text)
                sets = 2  # brute force over every 2-set target hand
                if sum(h) + w > 3 * sets + 2:
                    continue
                assert shanten_standard(h, sets=sets, wilds=w, wild_fifth_copy=fifth) == brute_shanten(
                    h, sets=sets, wilds=w, wild_fifth_copy=fifth
                ), (text, w, fifth)
                assert is_complete(h, sets=sets, wilds=w, forms=STANDARD_ONLY, wild_fifth_copy=fifth) == (
                    brute_is_complete(h, sets=sets, wilds=w, forms=STANDARD_ONLY, wild_fifth_copy=fifth)
                )


def test_all_triplets_or_runs_decompositions() -> None:
    ds = decompositions(c34("111222333m789p55s"))
    kinds = sorted(sorted(g.kind for g in d.groups) for d in ds)
    assert kinds == [["pair", "run", "run", "run", "run"], ["pair", "run", "triplet", "triplet", "triplet"]]
    assert all(isinstance(d, Decomposition) and d.form == "standard" for d in ds)
    assert decompositions(c34("111222333m789p5s")) == []


def test_decompositions_with_wilds_say_what_wilds_stand_for() -> None:
    ds = decompositions(c34("13m456p789s111z55s"), wilds=1)
    assert len(ds) == 1
    run = next(g for g in ds[0].groups if g.kind == "run" and 0 in g.tiles)
    assert run == Group("run", (0, 1, 2), (1,)) and run.wild_count == 1 and run.concrete == (0, 2)
    assert ds[0].wild_kinds == (1,)
    # two wilds alone as the pair: any of the 34 kinds
    alone = decompositions(c34("123m456p789s111z"), wilds=2)
    assert sum(1 for d in alone if Group("pair", (5, 5), (5, 5)) in d.groups) == 1
    assert len([d for d in alone if any(g.wild_count == 2 and g.kind == "pair" for g in d.groups)]) == 34
    # seven pairs with a wild
    sp = decompositions(c34("1133557799m113p"), wilds=1, forms=HandForms(False, True, False))
    assert len(sp) == 1 and sp[0].wild_kinds == (11,)


def test_small_and_melded_hands() -> None:
    assert shanten(c34("5m"), exposed=4) == 0
    assert shanten(c34("55m"), exposed=4) == -1
    assert is_complete(c34("55m"), exposed=4)
    assert waits(c34("5m"), exposed=4).kinds == frozenset({4})
    assert waits(counts34([]), exposed=4, wilds=1).any_tile
    assert standard_distance(c34("13m"), sets=1) == 3
    with pytest.raises(ValueError):
        shanten([0] * 33)
    with pytest.raises(ValueError):
        shanten(c34("1112345678999m11z"))
    with pytest.raises(ValueError):
        waits(c34("123m"), sets=1)
    assert not is_complete(c34("123m"), sets=1)


def test_shanten_values_hand_picked() -> None:
    assert shanten(c34("123m456p789s1122z")) == 0
    assert shanten(c34("123m456p789s11223z")) == 0  # discard 3z: 11z/22z double wait
    assert shanten(c34("147m258p369s1234z")) == 6
    assert shanten(c34("11m"), exposed=4) == -1
    assert shanten(c34("11m")) == 11  # four sets still to build


def test_docstring_examples() -> None:
    import doctest
    import importlib

    for name in ("", ".suit_tables", ".shanten", ".waits", ".decompose", ".brute"):
        module = importlib.import_module(f"engine.analysis{name}")
        result = doctest.testmod(module)
        assert result.failed == 0, name


SETS = [(k, k, k) for k in range(34)] + [(s + d, s + d + 1, s + d + 2) for s in (0, 9, 18) for d in range(7)]


def test_wild_groups_lists_only_the_given_groups_of_wilds_alone() -> None:
    """Passing ``wild_groups`` gives exactly the readings a caller would keep by filtering afterwards."""
    keep = {("triplet", 27), ("pair", 27), ("run", 0), ("pair", 9), ("triplet", 9)}

    def kept(ds: list[Decomposition]) -> list[Decomposition]:
        alone = [[g for g in d.groups if g.wild_count == len(g.tiles)] for d in ds]
        return [d for d, gs in zip(ds, alone, strict=True) if all((g.kind, g.tiles[0]) in keep for g in gs)]

    rng = random.Random("wild-groups")
    for _ in range(30):
        wilds = rng.randrange(2, 6)
        kinds = [k for g in [rng.choice(SETS) for _ in range(4)] for k in g][: 14 - wilds]
        c = counts34(kinds)
        if max(c) > 4:
            continue
        every = decompositions(c, wilds=wilds, forms=STANDARD_ONLY)
        assert decompositions(c, wilds=wilds, forms=STANDARD_ONLY, wild_groups=keep) == kept(every)
    # three wilds beside a complete four-set hand less a set: the wilds' set is one of the kept kinds
    ds = decompositions(c34("123m456p789s11z"), wilds=3, forms=STANDARD_ONLY, wild_groups=keep)
    alone = {g.tiles for d in ds for g in d.groups if g.wild_count == 3}
    assert alone == {(27, 27, 27), (0, 1, 2), (9, 9, 9)}
