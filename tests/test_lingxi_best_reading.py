"""Lingxi scoring without listing every reading (issue 18), pinned to the exhaustive scorer.

``score_win`` scores only the first reading of each combination of the facts a reading's 台 depends
on (``best_readings``, from ``engine.analysis.decompose.best_decompositions``); ``score_win_every_reading``
scores every reading of ``readings``. On random winning hands with up to six 财神, melds, flowers and
both 平胡 rules, the two must give the same 台, the same items and the same reading shown.
"""

from __future__ import annotations

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine.analysis import STANDARD_ONLY, Group, decompositions
from engine.analysis.decompose import best_decompositions
from engine.families.lingxi import scoring
from engine.families.lingxi.scoring import (
    MeldKinds,
    TaiHand,
    WinContext,
    best_readings,
    feature_tai,
    reading_feature,
    readings,
    score_win,
    score_win_every_reading,
)
from engine.families.lingxi.wilds import kind_tile, wild_spec
from engine.melds import MeldType
from engine.rules.lingxi import LingxiRules
from engine.tiles import WHITE, WINDS, counts34

SETTINGS = settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)

SET_SHAPES = [(k, k, k) for k in range(34)] + [
    (s + d, s + d + 1, s + d + 2) for s in (0, 9, 18) for d in range(7)
]

# the kinds the hand's groups come from: one suit with or without honours (混一色/清一色), the winds
# (四风齐, 对对胡), a few overlapping runs, everything
UNIVERSES = (
    tuple(range(9)),
    (*range(9, 18), *WINDS),
    (*WINDS, 32, 33, 0, 1, 2),
    (*WINDS, 0, 1, 2),
    (18, 19, 20, 21, 22, 23, 27, 28),
    tuple(range(34)),
)
SHOWN = (*range(34), 34, 36, 38, 41)  # suits, honours (白板 too), flowers of both groups


@st.composite
def lingxi_hands(draw: st.DrawFn) -> tuple[TaiHand, WinContext, LingxiRules]:
    first = draw(st.sampled_from(SHOWN))
    if first < 34 and draw(st.booleans()):
        second = first  # both shown tiles alike: one class of two 财神
    else:
        second = draw(st.sampled_from([k for k in SHOWN if k != first or k < 34]))  # a flower has one copy
    spec = wild_spec(kind_tile(first), kind_tile(second, 1 if second == first else 0), "group")
    universe = draw(st.sampled_from(UNIVERSES))
    banned = {*spec.kinds, WHITE}
    shapes = [g for g in SET_SHAPES if set(g) <= set(universe) and not set(g) & banned]
    assume(shapes)
    used = [0] * 34  # at most four of a kind, melds included

    def take(options: list[tuple[int, ...]]) -> tuple[int, ...]:
        fitting = [g for g in options if all(used[k] + g.count(k) <= 4 for k in g)]
        assume(fitting)
        g = draw(st.sampled_from(fitting))
        for k in g:
            used[k] += 1
        return g

    n_melds = draw(st.sampled_from((0, 0, 0, 1, 2)))
    melds: list[MeldKinds] = []
    for _ in range(n_melds):
        g = take(shapes)
        if g[0] == g[1]:
            kind = draw(st.sampled_from((MeldType.PON, MeldType.PON, MeldType.OPEN_KAN, MeldType.CLOSED_KAN)))
            if kind is not MeldType.PON and used[g[0]] < 4:
                used[g[0]] += 1
                g = (*g, g[0])
            else:
                kind = MeldType.PON
            melds.append(MeldKinds(kind, g))
        else:
            melds.append(MeldKinds(MeldType.CHI, g))
    groups = [take(shapes) for _ in range(5 - n_melds)]
    kinds = [k for g in groups for k in g] + list(take([(k, k) for k in universe if k not in banned]))
    wild_kinds = sorted(spec.kinds)
    n_wilds = draw(st.integers(0, 6)) if wild_kinds else 0
    places = draw(st.permutations(range(len(kinds))))[:n_wilds]
    concealed = [k for i, k in enumerate(kinds) if i not in places]
    concealed += [draw(st.sampled_from(wild_kinds)) for _ in range(n_wilds)]
    if draw(st.integers(0, 9)) == 0:  # now and then a hand that is not complete
        concealed[0] = draw(st.sampled_from([k for k in range(34) if k not in banned]))
    bonus = [k for k in (31, *range(34, 42)) if k not in spec.kinds]
    flowers = (
        tuple(draw(st.lists(st.sampled_from(bonus), max_size=3, unique=True))) if draw(st.booleans()) else ()
    )
    seat_wind = draw(st.sampled_from(WINDS))
    win_kind = draw(st.sampled_from(concealed))
    ctx = WinContext(
        win_kind=win_kind,
        self_drawn=draw(st.booleans()),
        gang_kai=draw(st.integers(0, 7)) == 0,
        hai_di=draw(st.integers(0, 7)) == 0,
    )
    rules = LingxiRules(ping_hu=draw(st.sampled_from(("larger", "flat"))))
    return TaiHand(tuple(concealed), tuple(melds), flowers, seat_wind, spec), ctx, rules


@SETTINGS
@given(lingxi_hands())
def test_score_win_is_the_exhaustive_score(case: tuple[TaiHand, WinContext, LingxiRules]) -> None:
    hand, ctx, rules = case
    scoring.score_win.cache_clear()
    fast = score_win(hand, ctx, rules)
    slow = score_win_every_reading(hand, ctx, rules)
    assert fast == slow
    if fast is not None and slow is not None:
        assert fast.items == slow.items and fast.final == slow.final
        assert fast.caishen_hui == slow.caishen_hui
        assert fast.reading == slow.reading  # the reading the player is shown


@SETTINGS
@given(lingxi_hands())
def test_feature_tai_sums_the_reading_items(case: tuple[TaiHand, WinContext, LingxiRules]) -> None:
    hand, ctx, _ = case
    every = readings(hand)
    for reading in every[:300]:
        items, hui, ping_shape = scoring._reading_items(reading, hand, ctx)
        assert feature_tai(reading_feature(reading, hand), hand) == (
            sum(i.value for i in items),
            hui,
            ping_shape,
        )
    # the first reading of each combination of facts, and none missing
    first: dict[object, object] = {}
    for reading in every:
        first.setdefault(reading_feature(reading, hand), reading)
    assert best_readings(hand) == first


def _feature(g: Group) -> tuple[int, int, int, int]:
    """A feature mixing counts, bits and a maximum, as a scorer's might."""
    suits = 0
    for k in g.tiles:
        suits |= 1 << min(k // 9, 3)
    return (g.kind == "triplet", suits, g.tiles[0] if g.kind == "pair" else -1, g.wild_count)


def _combine(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    return (a[0] + b[0], a[1] | b[1], max(a[2], b[2]), a[3] + b[3])


@st.composite
def wild_hands(draw: st.DrawFn) -> tuple[list[int], int, int, frozenset[tuple[str, int]] | None]:
    universe = draw(st.sampled_from(UNIVERSES))
    exposed = draw(st.integers(0, 2))
    sets = 4 + draw(st.integers(0, 1))
    shapes = [g for g in SET_SHAPES if set(g) <= set(universe)]
    kinds = [k for _ in range(sets - exposed) for k in draw(st.sampled_from(shapes))]
    kinds += [draw(st.sampled_from(universe))] * 2
    wild_groups: frozenset[tuple[str, int]] | None = None
    if draw(st.booleans()):
        wilds = draw(st.integers(0, 3))
    else:
        wilds = draw(st.integers(0, 6))
        free = [(shape, k) for shape in ("triplet", "pair") for k in range(34)]
        free += [("run", s + d) for s in (0, 9, 18) for d in range(7)]
        wild_groups = frozenset(draw(st.lists(st.sampled_from(free), max_size=12)))
    places = draw(st.permutations(range(len(kinds))))[:wilds]
    counts = counts34([k for i, k in enumerate(kinds) if i not in places])
    assume(max(counts) <= 4)
    return counts, sets * 10 + exposed, wilds, wild_groups


@SETTINGS
@given(wild_hands())
def test_best_decompositions_is_the_first_listed_per_feature(
    case: tuple[list[int], int, int, frozenset[tuple[str, int]] | None],
) -> None:
    counts, shape, wilds, wild_groups = case
    sets, exposed = divmod(shape, 10)
    listed = decompositions(
        counts, sets=sets, exposed=exposed, wilds=wilds, forms=STANDARD_ONLY, wild_groups=wild_groups
    )
    first: dict[tuple[int, int, int, int], object] = {}
    for d in listed:
        feat = (0, 0, -1, 0)
        for g in d.groups:
            feat = _combine(feat, _feature(g))
        first.setdefault(feat, d)
    best = best_decompositions(
        counts,
        feature=_feature,
        combine=_combine,
        empty=(0, 0, -1, 0),
        sets=sets,
        exposed=exposed,
        wilds=wilds,
        wild_groups=wild_groups,
    )
    assert best == first
