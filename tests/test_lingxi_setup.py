"""Lingxi set-up: dice, the 财神 reveal, the stacks and the deal, flower replacement rounds, the dealt
four-flower kan, the reserve and the last four tiles (acceptance item 1)."""

from __future__ import annotations

import doctest
import random

import pytest
from test_lingxi_support import (
    WILD,
    A,
    act,
    discard,
    events,
    find,
    fmt,
    hand,
    kinds_of,
    new_game,
    new_hand,
)

from engine.families.lingxi import scenario, scoring, situation, wall, wilds
from engine.families.lingxi.scenario import hand_positions
from engine.families.lingxi.wall import (
    SECOND_ROLLER,
    Dice,
    LingxiWall,
    break_point,
    draw_order,
    stack_order,
    table_from_draw_order,
    tail_positions,
)
from engine.families.lingxi.wilds import kind_tile, wild_spec
from engine.game.game import Game
from engine.melds import MeldType
from engine.rules.lingxi import LingxiRules
from engine.tiles import ALL_TILES_144, kind_of


@pytest.mark.parametrize("module", [wall, wilds, scoring, scenario, situation])
def test_doctests(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.failed == 0


# ── dice ───────────────────────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("first", "roller"),
    [(2, 1), (5, 1), (6, 1), (10, 1), (3, 2), (7, 2), (11, 2), (4, 3), (8, 3), (9, 3), (12, 3)],
)
def test_second_roller_mapping(first: int, roller: int) -> None:
    assert SECOND_ROLLER[first] == roller
    die = (1, first - 1) if first <= 7 else (6, first - 6)
    assert Dice(die, (1, 1)).second_roller == roller


def test_the_dealer_never_rolls_second() -> None:
    assert set(SECOND_ROLLER) == set(range(2, 13))
    assert 0 not in SECOND_ROLLER.values()


def test_the_texts_example_three_then_eight() -> None:
    """Dealer rolls 3 → West rolls 8 → 11: West's wall, stack 11 shows the 财神, the deal starts at 12."""
    dice = Dice((1, 2), (4, 4))
    assert dice.second_roller == 2 and dice.total == 11
    assert break_point(dice) == (2, 11)
    order = stack_order(dice)
    west = 2 * 18  # West's wall in the table layout: stacks 36..53, stack 1 (right end) first
    assert order[0] == west + 11  # stack 12 of West's wall
    assert order[-1] == west + 10  # stack 11: the 财神 stack, last in drawing order
    assert order[6] == west + 17 and order[7] == 1 * 18  # West's stack 18, then South's stack 1
    table = list(range(144))
    drawn = draw_order(table, dice)
    assert drawn[:2] == [2 * (west + 11), 2 * (west + 11) + 1]
    assert drawn[142:] == [2 * (west + 10), 2 * (west + 10) + 1]


def test_a_count_past_eighteen_goes_on_into_the_next_wall() -> None:
    dice = Dice((6, 6), (6, 6))  # 12 → North rolls; 24 stacks: North's 18, then West's 6
    assert break_point(dice) == (2, 6)
    assert stack_order(dice)[-1] == 2 * 18 + 5


def test_table_layout_round_trip() -> None:
    rng = random.Random(5)
    for _ in range(20):
        dice = Dice((rng.randint(1, 6), rng.randint(1, 6)), (rng.randint(1, 6), rng.randint(1, 6)))
        order = list(ALL_TILES_144)
        rng.shuffle(order)
        assert draw_order(table_from_draw_order(order, dice), dice) == order
        assert sorted(stack_order(dice)) == list(range(72))


def test_tail_comes_from_the_stack_before_the_caishen_stack() -> None:
    assert tail_positions()[:4] == [140, 141, 138, 139]
    w = LingxiWall(list(range(144)), reserve_stacks=10)
    assert w.shown == (142, 143)
    assert [w.draw_replacement() for _ in range(3)] == [140, 141, 138]
    assert w.draw() == 65


# ── the 财神 reveal ────────────────────────────────────────────────────────────────────────────


def test_two_kinds_shown_make_two_classes_of_three() -> None:
    spec = wild_spec(kind_tile(4), kind_tile(15), "group")  # 5m and 7p
    assert not spec.same and spec.classes == ((4,), (15,))
    assert [spec.copies_in_play(i) for i in range(2)] == [3, 3]
    assert spec.is_wild(kind_tile(4, 1)) and not spec.is_wild(kind_tile(4, 0))  # the shown one is out


def test_one_kind_shown_twice_makes_one_class_of_two() -> None:
    spec = wild_spec(kind_tile(4), kind_tile(4, 1), "group")
    assert spec.same and spec.classes == ((4,),) and spec.copies_in_play(0) == 2


def test_a_shown_white_makes_white_a_caishen_and_not_a_flower() -> None:
    spec = wild_spec(kind_tile(31), kind_tile(20), "group")
    assert spec.is_wild_kind(31) and not spec.is_bonus_kind(31)
    assert not spec.class_is_suit(0) and spec.class_is_suit(1)


def test_a_shown_flower_makes_the_rest_of_its_group_caishen() -> None:
    spec = wild_spec(136, kind_tile(20), "group")  # 春
    assert spec.classes == ((35, 36, 37), (20,)) and spec.copies_in_play(0) == 3
    assert not spec.class_is_suit(0)
    both = wild_spec(136, 137, "group")  # 春 and 夏: one class, 秋 and 冬
    assert both.same and both.classes == ((36, 37),) and both.copies_in_play(0) == 2
    two = wild_spec(136, 140, "group")  # 春 and 梅
    assert two.classes == ((35, 36, 37), (39, 40, 41))
    only = wild_spec(136, kind_tile(20), "same_flower")
    assert only.classes == ((34,), (20,)) and only.copies_in_play(0) == 0


def test_the_shown_tiles_stay_out_of_play_and_are_accounted_for() -> None:
    h = new_hand({}, wild="5m7p")
    assert sorted(kind_of(t) for t in h.wall.shown) == [4, 15]
    assert h.wall.tiles[142:] == h.wall.shown
    assert set(h.wall.shown) <= set(h.wall.undrawn())
    everywhere = list(h.wall.undrawn())
    for p in h.players:
        everywhere += p.hand + p.flowers + [t for m in p.melds for t in m.tiles]
    assert sorted(everywhere) == list(ALL_TILES_144)
    for p in h.players:
        assert not any(t in h.wall.shown for t in p.hand)


# ── the deal ───────────────────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize("dealer", [0, 2])
def test_deal_dealer_seventeen_others_sixteen(dealer: int) -> None:
    h = new_hand({}, dealer=dealer)
    counts = [len(p.hand) for p in h.players]
    assert counts[dealer] == 17 and sorted(counts) == [16, 16, 16, 17]
    order = h.wall.tiles
    for offset in range(4):
        seat = (dealer + offset) % 4
        assert sorted(h.players[seat].hand) == sorted(order[p] for p in hand_positions(offset))
    assert h.turn == dealer and h.players[dealer].drawn == order[64]
    assert h.wall.head == 65


def test_the_deal_takes_two_stacks_each_in_turn() -> None:
    assert hand_positions(0)[:4] == [0, 1, 2, 3]
    assert hand_positions(1)[:4] == [4, 5, 6, 7]
    assert hand_positions(0)[4:8] == [16, 17, 18, 19]
    assert hand_positions(0)[-1] == 64 and len(hand_positions(3)) == 16


def test_observation_carries_dice_break_wilds_and_reserve() -> None:
    rules = LingxiRules()
    game = Game(rules, seed=3, check_invariants=True)
    obs = game.observation(0)
    h = hand(game)
    assert obs.wild is not None and obs.wall is not None and obs.shape is not None
    assert obs.wild_kinds == h.wild.kinds and obs.wild.kinds == tuple(sorted(h.wild.kinds))
    assert obs.wild.shown == tuple(h.wall.shown)
    first, second = obs.dice
    assert first.values == tuple(h.dice.first) and second.values == tuple(h.dice.second)
    assert first.roller == h.ctx.dealer
    assert second.roller == (h.ctx.dealer + h.dice.second_roller) % 4
    wall_seat, stack = break_point(h.dice)
    assert (obs.wall.break_wall, obs.wall.break_stack) == ((h.ctx.dealer + wall_seat) % 4, stack)
    assert obs.wall.kans == h.wall.kans
    assert obs.wall.reserve_tiles == 20 + 2 * h.wall.kans and len(obs.wall.reserve) == 10 + h.wall.kans
    assert obs.shape.sets == 5
    assert (obs.shape.forms.seven_pairs, obs.shape.forms.thirteen_orphans) == (False, False)
    assert obs.shape.four_as_two_pairs is False
    start = events(h, "hand_start")[0].data
    assert start["dice"]["total"] == h.dice.total and start["wild"]["kinds"] == sorted(h.wild.kinds)


# ── flower replacement ─────────────────────────────────────────────────────────────────────────


def test_replacement_rounds_from_the_dealer_flowers_drawn_wait_for_the_next_round(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = new_game(
        monkeypatch,
        {0: "1f5z123456m123456p", 1: "3f123456789s1234z", 2: "111222333444p5s"},
        tail=["2f", "7m", "6f", "8m", "1s"],
    )
    h = hand(game)
    flowers = [(e.seat, fmt([e.data["tile"]]), e.data["round"]) for e in events(h, "flower")]
    assert flowers == [(0, "1f", 1), (0, "5z", 1), (1, "3f", 1), (0, "2f", 2), (1, "6f", 2)]
    assert [len(p.hand) for p in h.players] == [17, 16, 16, 16]
    assert sorted(kind_of(t) for t in h.players[0].flowers) == sorted(kinds_of("12f5z"))
    assert sorted(kind_of(t) for t in h.players[1].flowers) == sorted(kinds_of("36f"))
    replacement_draws = [e for e in events(h, "draw") if e.data["source"] == "flower"]
    assert [e.seat for e in replacement_draws] == [0, 0, 1, 0, 1]
    assert h.wall.replacements == 5
    assert h.players[0].drawn == replacement_draws[3].private["tile"]  # the dealer's last tile


def test_a_caishen_flower_is_kept_not_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game(monkeypatch, {0: "3f5z123456m123456p"}, wild="1f2f", tail=["7m"])
    h = hand(game)
    assert h.wild.classes == ((36, 37),)
    assert kinds_of("3f")[0] in [kind_of(t) for t in h.players[0].hand]
    assert [fmt([e.data["tile"]]) for e in events(h, "flower")] == ["5z"]
    assert find(game, 0, A.DISCARD, "3f") is None  # a 财神 cannot be discarded


def test_four_of_a_flower_group_dealt_is_a_concealed_kan_with_one_replacement(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = new_game(
        monkeypatch,
        {0: "1234f123456m12345p", 2: "5555z123456789s1z"},
        tail=["7m", "9p"],
    )
    h = hand(game)
    kans = events(h, "flower_kan")
    assert [(e.seat, fmt(e.data["tiles"])) for e in kans] == [(0, "1234f"), (2, "5555z")]
    assert h.players[0].melds[0].type is MeldType.CLOSED_KAN
    assert fmt(h.players[0].melds[0].tiles) == "1234f"
    assert len(h.players[0].hand) == 14 and len(h.players[2].hand) == 13
    assert h.wall.replacements == 2  # one tile for each four
    assert h.wall.kans == 2 and h.wall.reserve == 24
    assert not h.players[0].flowers  # the four are a meld, not loose flowers


def test_four_collected_later_are_not_a_kan(monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game(monkeypatch, {0: "123f123456m123456p"}, tail=["4f", "7m", "8m", "9p"])
    h = hand(game)
    assert not h.players[0].melds and len(h.players[0].flowers) == 4 and h.wall.kans == 0
    assert len(h.players[0].hand) == 17


def test_a_flower_drawn_in_play_is_shown_and_replaced_from_the_tail(monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game(
        monkeypatch,
        {0: "123456m123456p111s", 1: "789m789p222333s44z"},
        draws=["8f"],
        tail=["5s"],
    )
    discard(game, 0, "1s")
    h = hand(game)
    assert [fmt([t]) for t in h.players[1].flowers] == ["8f"]
    assert h.players[1].drawn is not None and fmt([h.players[1].drawn]) == "5s"
    draws = [e.data["source"] for e in events(h, "draw") if e.seat == 1]
    assert draws == ["wall", "flower"]


# ── reserve and the last four tiles ────────────────────────────────────────────────────────────


def _play_out(game: Game) -> None:
    """Everyone discards the tile drawn (else the first legal one) and passes every claim and win."""
    while game.hand is not None and not game.results:
        seat = game.pending()[0]
        legal = game.legal_actions(seat)
        drawn = hand(game).players[seat].drawn
        choice = next((a for a in legal if a.type is A.DISCARD and a.tile == drawn), None)
        choice = choice or next((a for a in legal if a.type is A.PASS), None)
        choice = choice or next(a for a in legal if a.type is A.DISCARD)
        game.apply(choice)


def test_reserve_of_ten_stacks_the_hand_ends_with_twenty_tiles_left(monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game(monkeypatch, {})
    h = hand(game)
    assert h.wall.remaining == 142 - 65 - 20 - h.wall.replacements
    _play_out(game)
    assert game.results[0].kind == "exhaustive_draw"
    assert h.wall.undrawn_in_play == 20 and h.wall.remaining == 0
    assert game.results[0].payments == () and game.results[0].score_changes == (0, 0, 0, 0)


def test_reserve_grows_by_one_stack_per_kan(monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game(monkeypatch, {0: "1111m234567p23456s"}, tail=["8p"])
    h = hand(game)
    before = h.wall.remaining
    act(game, 0, A.CLOSED_KAN, "1m")
    assert h.wall.kans == 1 and h.wall.reserve == 22
    assert h.wall.remaining == before - 2 - 1  # one more stack kept, one tile drawn from the tail
    assert fmt([h.players[0].drawn or 0]) == "8p"
    _play_out(game)
    assert h.wall.undrawn_in_play == 22


def test_last_four_tiles_drawn_without_discarding(monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game(monkeypatch, {})
    h = hand(game)
    _play_out(game)
    assert h.last_four and game.results[0].kind == "exhaustive_draw"
    marker = next(i for i, e in enumerate(h.events) if e.type == "last_four")
    assert h.events[marker].data["tiles"] == 4
    after = h.events[marker:]
    draws = [e for e in after if e.type == "draw"]
    assert [e.seat for e in draws] == [(draws[0].seat + i) % 4 for i in range(4)]  # each player one
    assert [e.data["wall"] for e in draws] == [3, 2, 1, 0]
    assert not any(e.type in ("discard", "flower", "kan", "call") for e in after)


def test_last_four_no_flower_replacement_and_self_draw_only(monkeypatch: pytest.MonkeyPatch) -> None:
    # the 54th to 57th draws are the last four: seat 2 draws 1f (kept, not replaced), seat 3 1z,
    # the dealer 6z, and seat 1 draws 5s, completing its hand: only a self-drawn win (海底捞月)
    game = new_game(
        monkeypatch,
        {0: "123m456p789s1122z33z6s", 1: "123456m123456p777s5s", 2: "111222333s44z7p8s", 3: "777888999p1m"},
        draws=[*(["?"] * 53), "1f", "1z", "6z", "5s"],
    )
    h = hand(game)
    while not h.last_four:
        seat = game.pending()[0]
        legal = game.legal_actions(seat)
        drawn = h.players[seat].drawn
        choice = next((a for a in legal if a.type is A.DISCARD and a.tile == drawn), None)
        game.apply(choice or next((a for a in legal if a.type is A.PASS), None) or legal[0])
    assert game.pending() == [1] and h.wall.remaining == 0
    assert any(fmt([t]) == "1f" for t in h.players[2].hand) and not h.players[2].flowers
    assert len(h.players[2].hand) == 17  # drew without discarding
    assert {a.type for a in game.legal_actions(1)} == {A.TSUMO, A.PASS}
    act(game, 1, A.TSUMO)
    win = game.results[0].wins[0]
    keys = [i.key for i in win.items]
    assert "hai_di" in keys and "zi_mo" not in keys


def test_last_four_play_on_toggle_keeps_discarding(monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game(monkeypatch, {}, last_four="play_on_liable")
    h = hand(game)
    _play_out(game)
    assert not h.last_four
    assert game.results[0].kind == "exhaustive_draw" and h.wall.undrawn_in_play == 20
    last_draw = max(i for i, e in enumerate(game.events) if e.type == "draw")
    assert any(e.type == "discard" for e in game.events[last_draw:])


def test_wild_default_is_out_of_the_scenarios() -> None:
    assert WILD == "9m9m"


def test_wall_view_stacks_left_reserve_and_caishen_stack(monkeypatch: pytest.MonkeyPatch) -> None:
    dice = Dice((1, 2), (4, 4))  # West's wall, stack 11 shows the 财神
    game = new_game(monkeypatch, {0: "1111m234567p23456s"}, tail=["8p"], dice=dice)
    view = game.observation(0).wall
    assert view is not None
    assert view.first_wall == 0 and view.stacks_per_wall == 18 and len(view.left) == 72
    assert sum(view.left) == 144 - 65
    assert view.wild_stack == 2 * 18 + 10 and view.left[view.wild_stack] == 2
    # the deal took 32 stacks and the top of the 33rd: West's 12..18, South's 18, East's 1..7, East's 8
    assert view.next_stack == stack_order(dice)[32] == 7
    assert view.left[view.next_stack] == 1
    assert len(view.reserve) == 10 and all(view.left[s] == 2 for s in view.reserve)
    assert view.tail_stack == 2 * 18 + 9  # the stack before the 财神 stack
    act(game, 0, A.CLOSED_KAN, "1m")
    view = game.observation(0).wall
    assert view is not None
    # 22 tiles are kept back: the bottom tile left in the tail stack, ten full stacks and one more tile
    assert view.left[2 * 18 + 9] == 1 and len(view.reserve) == 12
    assert (view.reserve_tiles, view.kans) == (22, 1)
