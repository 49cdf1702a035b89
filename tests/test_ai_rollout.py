"""The Monte Carlo look-ahead (engine.ai.rollout): chances that follow the hand's own tiles."""

from __future__ import annotations

import dataclasses

from test_ai_scenarios import discards, observation

from engine.ai.agents import ROLLOUT_BAND, Planner, level_for
from engine.ai.plugin import plugin_for
from engine.ai.rollout import draw_orders, rollout_chances
from engine.ai.view import View
from engine.analysis.shanten import HandForms
from engine.analysis.shape import HandShape
from engine.tiles import counts34, kind_of, parse_kinds

RIICHI = HandShape()


def _unseen(counts: list[int]) -> list[int]:
    return [4 - c for c in counts]


def test_the_orders_are_the_unseen_tiles_and_repeat_with_the_seed() -> None:
    unseen = [0] * 34
    unseen[3], unseen[30] = 2, 1
    orders = draw_orders(unseen, 5, 4, seed=7)
    assert len(orders) == 4 and all(sorted(o) == [3, 3, 30] for o in orders)  # only 3 tiles to draw
    assert draw_orders(unseen, 5, 4, seed=7) == orders
    assert draw_orders([0] * 34, 5, 4, seed=7) == []


def test_a_ready_hand_wins_as_its_winning_tiles_allow() -> None:
    # the same ready hand waiting on 1-4s (8 tiles) and on 3s only (closed wait, 4 tiles)
    open_wait = counts34(parse_kinds("123456789m11p23s"))
    closed_wait = counts34(parse_kinds("123456789m11p24s"))
    unseen = _unseen(counts34(parse_kinds("123456789m11p234s")))
    orders = draw_orders(unseen, 10, 16, seed=1)
    wide, narrow = rollout_chances(RIICHI, [(open_wait, 0), (closed_wait, 0)], 0, unseen, orders, 0.0, 0.0)
    # the chance per draw is exact once ready: 1 - (1 - p) ** 10 with p the winning tiles' share
    total = sum(unseen)
    assert abs(wide - (1 - (1 - 7 / total) ** 10)) < 1e-9  # 1s x 4 + 4s x 3 unseen (one 4s is seen)
    assert abs(narrow - (1 - (1 - 3 / total) ** 10)) < 1e-9  # 3s x 3 unseen (one is seen)
    # a hand that may end elsewhere first wins less often
    (hazard,) = rollout_chances(RIICHI, [(open_wait, 0)], 0, unseen, orders, 0.1, 0.0)
    assert hazard < wide


def test_two_sided_shapes_win_more_often_than_closed_ones_and_the_seed_repeats() -> None:
    two_sided = counts34(parse_kinds("123456m11p23s67s9p"))
    closed = counts34(parse_kinds("123456m11p13s79s9p"))
    held = [max(a, b) for a, b in zip(two_sided, closed, strict=True)]
    unseen = _unseen(held)
    orders = draw_orders(unseen, 12, 64, seed=3)
    fast, slow = rollout_chances(RIICHI, [(two_sided, 0), (closed, 0)], 0, unseen, orders, 0.03, 0.9)
    assert 0.0 <= slow < fast <= 1.0
    assert rollout_chances(RIICHI, [(two_sided, 0), (closed, 0)], 0, unseen, orders, 0.03, 0.9) == [
        fast,
        slow,
    ]


def test_dead_kinds_are_never_kept_and_wilds_complete_a_hand() -> None:
    # Sichuan: the lacking suit (characters) is dead; drawing only characters never helps
    sichuan = HandShape(
        forms=HandForms(True, True, False),
        four_as_two_pairs=True,
        kinds=frozenset(range(27)),
        dead_kinds=frozenset(range(9)),
        max_suits=2,
    )
    hand = counts34(parse_kinds("123456789p1122s4s"))
    unseen = [0] * 34
    for k in range(9):
        unseen[k] = 4
    orders = draw_orders(unseen, 8, 8, seed=5)
    assert rollout_chances(sichuan, [(hand, 0)], 0, unseen, orders, 0.0, 0.0) == [0.0]
    # a wild kind (Lingxi 财神) completes a ready hand whatever it waits on
    wild = HandShape(wild_kinds=frozenset({33, 35}))  # 35: a flower 财神, never among the 34 unseen kinds
    ready = counts34(parse_kinds("123456789m11p24s"))
    only_wilds = [0] * 34
    only_wilds[33] = 4
    (chance,) = rollout_chances(
        wild, [(ready, 0)], 0, only_wilds, draw_orders(only_wilds, 3, 4, seed=2), 0.0, 0.0
    )
    assert chance == 1.0 - 0.5**3  # the four wilds are half of the eight unseen tiles counted at least


def test_the_rollouts_reorder_only_the_near_equal_discards_and_repeat() -> None:
    """Greedy play with rollouts: 1m (acceptance 55) and 9s (43, within the band) are played out on
    the same orders and the rollouts favour 9s; the best keeps greedy play's best score, the
    discards outside the band keep theirs, and the same decision takes the same path."""
    obs = observation("1m4m8m4p5p6p8p8p2s3s4s6s7s9s", wall=50)
    view = View.from_observation(obs)
    standard = level_for("standard", "riichi")
    greedy = Planner(standard, plugin_for("riichi")).options(view, discards(obs))
    rolled = Planner(dataclasses.replace(standard, rollouts=64), plugin_for("riichi")).options(
        view, discards(obs)
    )
    g = {kind_of(o.action.tile or 0): o for o in greedy}
    r = {kind_of(o.action.tile or 0): o for o in rolled}
    assert max(g.values(), key=lambda o: o.score).accept == 55  # 1m
    best = max(r.values(), key=lambda o: o.score)
    assert kind_of(best.action.tile or 0) == 26  # 9s
    assert abs(best.score - max(o.score for o in greedy)) < 1.0
    top = max(o.accept for o in greedy if o.shanten == 2)
    for k, o in g.items():
        if o.shanten != 2 or o.accept < ROLLOUT_BAND * top:
            assert r[k].score == o.score
    again = Planner(dataclasses.replace(standard, rollouts=64), plugin_for("riichi"))
    assert [o.score for o in again.options(view, discards(obs))] == [o.score for o in rolled]
