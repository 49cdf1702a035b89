"""Lingxi wildcards: win detection and waits with up to six 财神, against a brute-force checker
(acceptance item 3).

The reference below knows nothing of the analysis tables: a complete hand has a group holding its
lowest concrete tile, so it tries every pair, triplet and run holding that tile (missing members
filled by 财神, members below it necessarily 财神) and recurses; whatever 财神 are left must make
whole groups on their own.
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from test_lingxi_support import new_hand

from engine.analysis import STANDARD_ONLY, is_complete, waits
from engine.families.lingxi.scoring import MeldKinds, TaiHand, is_winning_shape
from engine.families.lingxi.wilds import kind_tile, wild_spec
from engine.melds import MeldType
from engine.tiles import EAST

SETS = 5


@cache
def brute_complete(counts: tuple[int, ...], wilds: int, sets: int, pair: int) -> bool:
    i = next((k for k in range(34) if counts[k]), None)
    if i is None:
        return wilds == 3 * sets + 2 * pair
    c = list(counts)

    def rest(used: dict[int, int], spent: int, sets_left: int, pair_left: int) -> bool:
        if spent > wilds:
            return False
        nxt = list(c)
        for k, n in used.items():
            if nxt[k] < n:
                return False
            nxt[k] -= n
        return brute_complete(tuple(nxt), wilds - spent, sets_left, pair_left)

    if pair:
        for real in (1, 2):
            if rest({i: real}, 2 - real, sets, 0):
                return True
    if sets:
        for real in (1, 2, 3):
            if rest({i: real}, 3 - real, sets - 1, pair):
                return True
        if i < 27:
            base = i - i % 9
            for start in range(max(base, i - 2), min(i, base + 6) + 1):
                members = [start, start + 1, start + 2]
                lower = [m for m in members if m < i]  # below the lowest concrete tile: 财神
                higher = [m for m in members if m > i]
                for mask in range(1 << len(higher)):
                    used = {i: 1}
                    spent = len(lower)
                    for bit, m in enumerate(higher):
                        if mask >> bit & 1:
                            used[m] = used.get(m, 0) + 1
                        else:
                            spent += 1
                    if rest(used, spent, sets - 1, pair):
                        return True
    return False


def brute_waits(counts: list[int], wilds: int, exposed: int) -> set[int]:
    out = set()
    for k in range(34):
        counts[k] += 1
        if brute_complete(tuple(counts), wilds, SETS - exposed, 1):
            out.add(k)
        counts[k] -= 1
    return out


# ── random hands near completion ──────────────────────────────────────────────────────────────


def random_complete(rng: random.Random, groups: int) -> list[int]:
    """Kinds of ``groups`` random sets and a pair, within four copies of a kind."""
    while True:
        counts = [0] * 34
        kinds: list[int] = []
        for g in range(groups + 1):
            if g == groups:
                k = rng.randrange(34)
                new = [k, k]
            elif rng.random() < 0.4:
                k = rng.randrange(34)
                new = [k, k, k]
            else:
                suit = rng.randrange(3)
                start = 9 * suit + rng.randrange(7)
                new = [start, start + 1, start + 2]
            kinds.extend(new)
            for k in new:
                counts[k] += 1
        if max(counts) <= 4:
            return kinds


def counts_of(kinds: list[int]) -> list[int]:
    counts = [0] * 34
    for k in kinds:
        counts[k] += 1
    return counts


def sample(rng: random.Random, wilds: int, exposed: int, short: int) -> tuple[list[int], int]:
    """Concrete kinds of a hand of ``3 * (5 - exposed) + 2 - short`` tiles with ``wilds`` 财神: a
    complete hand with ``wilds`` tiles taken out (they become the 财神), then perhaps disturbed."""
    kinds = random_complete(rng, SETS - exposed)
    rng.shuffle(kinds)
    kinds = kinds[wilds + short :]
    if kinds and rng.random() < 0.5:  # disturb one tile: often no longer complete
        kinds[rng.randrange(len(kinds))] = rng.randrange(34)
    return kinds, wilds


@pytest.mark.parametrize("wilds", range(7))
def test_win_detection_with_up_to_six_caishen_matches_brute_force(wilds: int) -> None:
    rng = random.Random(f"lingxi-complete-{wilds}")
    seen = {True: 0, False: 0}
    for _ in range(150):
        exposed = rng.choice((0, 0, 1, 2, 3))
        if 3 * (SETS - exposed) + 2 < wilds:
            continue
        kinds, w = sample(rng, wilds, exposed, 0)
        counts = counts_of(kinds)
        expected = brute_complete(tuple(counts), w, SETS - exposed, 1)
        got = is_complete(counts, sets=SETS, exposed=exposed, wilds=w, forms=STANDARD_ONLY)
        assert got == expected, (kinds, w, exposed)
        seen[expected] += 1
    assert seen[True] > 20 and (seen[False] > 10 or wilds >= 5)  # six 财神 complete nearly anything


@pytest.mark.parametrize("wilds", range(7))
def test_waits_with_up_to_six_caishen_match_brute_force(wilds: int) -> None:
    rng = random.Random(f"lingxi-waits-{wilds}")
    any_tile = 0
    for _ in range(40):
        exposed = rng.choice((0, 0, 1, 2))
        if 3 * (SETS - exposed) + 1 < wilds:
            continue
        kinds, w = sample(rng, wilds, exposed, 1)
        counts = counts_of(kinds)
        expected = brute_waits(list(counts), w, exposed)
        result = waits(counts, sets=SETS, exposed=exposed, wilds=w, forms=STANDARD_ONLY)
        assert set(result.kinds) == expected, (kinds, w, exposed)
        assert result.any_tile == (len(expected) == 34)
        any_tile += result.any_tile
    if wilds >= 1:
        assert any_tile > 0  # the 财神 single wait shows up


def test_the_winning_shape_of_the_scorer_agrees_and_reads_caishen_from_their_kinds() -> None:
    """Through :class:`TaiHand`: 财神 are recognised by kind (two classes of three), up to six."""
    spec = wild_spec(kind_tile(4), kind_tile(15), "group")  # 5m and 7p: six 财神 in play
    rng = random.Random("lingxi-taihand")
    for _ in range(200):
        wilds = rng.randrange(7)
        exposed = rng.choice((0, 1))
        kinds, _ = sample(rng, wilds, exposed, 0)
        # the real 5m and 7p are all 财神 here, and 白板 is never held (it is a bonus tile)
        kinds = [k for k in kinds if k not in (4, 15, 31)]
        if len(kinds) + wilds != 3 * (SETS - exposed) + 2:
            continue
        concealed = kinds + [4] * min(wilds, 3) + [15] * max(0, wilds - 3)
        melds = (MeldKinds(MeldType.PON, (27, 27, 27)),) if exposed else ()
        hand = TaiHand(tuple(concealed), melds, (), EAST, spec)
        expected = brute_complete(tuple(counts_of(kinds)), wilds, SETS - exposed, 1)
        assert is_winning_shape(hand) == expected


def test_six_caishen_complete_almost_anything() -> None:
    # eleven scattered tiles and six 财神: 1m 4m 7m 2p 5p 8p 3s 6s 9s 1z 2z → not complete
    scattered = counts_of([0, 3, 6, 10, 13, 16, 20, 23, 26, 27, 28])
    assert not is_complete(scattered, sets=SETS, wilds=6, forms=STANDARD_ONLY)
    assert not brute_complete(tuple(scattered), 6, SETS, 1)
    # 1m 2m 4m 5m 7m 8m 1p 2p 4p 5p 6p: four runs short of a tile, a run and a pair 财神
    near = counts_of([0, 1, 3, 4, 6, 7, 9, 10, 12, 13, 14])
    assert is_complete(near, sets=SETS, wilds=6, forms=STANDARD_ONLY)
    assert brute_complete(tuple(near), 6, SETS, 1)


def test_engine_waits_and_single_wait() -> None:
    # seat 1: five sets and one 财神 (9p): any tile completes it
    h = new_hand({1: "123m123s234p777z456p9p", 2: "345m678m345s678s111z3z"}, wild="9p9p")
    assert h.is_single_wait(1) and len(h.waits_of(1)) == 34
    assert not h.is_single_wait(2) and h.waits_of(2) == frozenset({29})


def test_keeping_one_reading_per_score_for_free_groups_loses_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Scoring keeps one kind per distinct score for groups of 财神 alone; every kind gives the same."""
    from engine.families.lingxi import scoring
    from engine.families.lingxi.scoring import WinContext, score_win
    from engine.rules.lingxi import LingxiRules

    spec = wild_spec(kind_tile(4), kind_tile(28), "group")  # 5m and 南
    rng = random.Random("lingxi-free-groups")
    hands: list[TaiHand] = []
    while len(hands) < 25:
        wilds = rng.randrange(3, 6)
        kinds, _ = sample(rng, wilds, 0, 0)
        kinds = [k for k in kinds if k not in (4, 28, 31)]
        if len(kinds) + wilds != 17 or not brute_complete(tuple(counts_of(kinds)), wilds, SETS, 1):
            continue
        hands.append(TaiHand(tuple(kinds + [4] * min(wilds, 3) + [28] * max(0, wilds - 3)), (), (), 28, spec))
    rules = LingxiRules()

    def scores() -> list[int]:
        scoring.score_win.cache_clear()
        scoring._readings.cache_clear()
        out = []
        for hand in hands:
            tai = score_win(hand, WinContext(win_kind=hand.concealed[0], self_drawn=True), rules)
            assert tai is not None
            out.append(tai.tai)
        return out

    kept = scores()
    every = frozenset((shape, k) for shape in ("triplet", "pair", "run") for k in range(34))
    monkeypatch.setattr(scoring, "_free_group_kinds", lambda own: every)
    assert scores() == kept
    scoring.score_win.cache_clear()
    scoring._readings.cache_clear()
