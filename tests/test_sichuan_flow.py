"""Sichuan hand flow: 定缺, 换三张, several winners, 血战 play-on, 过手胡, robbing a kan, 杠上炮,
kan payments, the forced win in the last four tiles."""

from __future__ import annotations

import pytest
from test_sichuan_support import (
    A,
    autoplay,
    check_zero_sum,
    discard,
    find,
    legal_types,
    new_game,
    pass_all,
    payments,
    result,
    tile_in_hand,
)

from engine.game.actions import Action
from engine.game.errors import IllegalAction
from engine.game.flow import Phase
from engine.melds import MeldType
from engine.messages import Message
from engine.tiles import kind_of

# ── 定缺 ─────────────────────────────────────────────────────────────────────────────────────

LACK_HANDS = [
    "111234567m999p1s5s",  # dealer: will lack sou and must throw 1s and 5s first
    "123m456m789m11p55s",  # lacks sou too: may not pon 5s
    "234m567m345p678p9p",
    "234p567p345s99s11s",  # lacks man: may pon 1s
]


def declare(game, suits):
    for seat, suit in enumerate(suits):
        game.apply(Action(seat, A.DECLARE_LACK, suit=suit))


def test_lacking_suits_are_declared_together_and_shown_once_all_chose() -> None:
    g = new_game(LACK_HANDS, declare_lack=True)
    assert g.hand is not None and g.hand.phase is Phase.SETUP
    assert g.pending() == [0, 1, 2, 3]
    # the suit held least is offered first (a sensible default for agents and the table)
    assert [a.suit for a in g.legal_actions(0)] == [2, 1, 0]
    g.apply(Action(0, A.DECLARE_LACK, suit=2))
    assert g.pending() == [1, 2, 3] and g.legal_actions(0) == []
    view = g.observation(1)
    assert [p.lacking_suit for p in view.seats] == [None] * 4  # hidden until all chose
    assert view.setup is not None and view.setup.stage == "lack"
    assert view.setup.chosen == (True, False, False, False)
    with pytest.raises(IllegalAction):
        g.apply(Action(0, A.DISCARD, tile=tile_in_hand(g, 0, "1s")))
    for seat, suit in ((1, 2), (2, 2), (3, 0)):
        g.apply(Action(seat, A.DECLARE_LACK, suit=suit))
    view = g.observation(2)
    assert [p.lacking_suit for p in view.seats] == [2, 2, 2, 0]
    assert view.setup is not None and view.setup.stage is None
    assert view.phase == "turn" and g.pending() == [0]
    assert any(e.type == "lacking_suits" and e.data["suits"] == [2, 2, 2, 0] for e in g.events)


def test_lacking_suit_tiles_must_be_discarded_first_and_cannot_be_claimed() -> None:
    g = new_game(LACK_HANDS, "3m4p5p6p7m", declare_lack=True)
    declare(g, [2, 2, 2, 0])
    discards = {kind_of(a.tile) for a in g.legal_actions(0) if a.type is A.DISCARD and a.tile is not None}
    assert discards == {18, 22}  # only 1s and 5s
    assert A.TSUMO not in legal_types(g, 0)
    discard(g, 0, "5s")
    # seat 1 holds 55s but lacks sou: no pon; seat 3 lacks man and holds no 5s: nobody is asked
    assert g.hand is not None and g.hand.phase is Phase.TURN and g.pending() == [1]
    discard(g, 1, "5s")  # seat 1 must throw its sou too
    assert g.hand is not None and {a.tile for a in g.legal_actions(2)} == set(
        g.hand.players[2].hand
    )  # no sou
    discard(g, 2, "2m")
    discard(g, 3, "9s")
    discard(g, 0, "1s")
    # seat 3 (lacking man) may pon the 1s
    assert A.PON in legal_types(g, 3)
    assert A.PON not in legal_types(g, 1)
    g.apply(Action(3, A.PASS))
    # seat 1 still holds its second 5s: nothing else may go
    assert g.pending() == [1]
    assert {kind_of(a.tile) for a in g.legal_actions(1) if a.tile is not None} == {22}


def test_a_hand_still_holding_its_lacking_suit_has_no_waits() -> None:
    g = new_game(LACK_HANDS, declare_lack=True)
    declare(g, [2, 1, 2, 0])  # seat 1 lacks pin but holds 11p (and 55s): it cannot win
    assert g.hand is not None
    assert g.hand.waits_of(1) == frozenset()
    assert g.analysis(1).waits == ()


# ── 换三张 ───────────────────────────────────────────────────────────────────────────────────

EXCHANGE_HANDS = [
    "123m456m789m123p5s9s",
    "123m456m789m12s89p",
    "456p789p123s456s9m",
    "777s888s999s789p1m",
]


@pytest.mark.parametrize(("direction", "offset"), [("counterclockwise", 1), ("across", 2), ("clockwise", 3)])
def test_three_tiles_of_one_suit_change_hands(direction: str, offset: int) -> None:
    g = new_game(EXCHANGE_HANDS, exchange_three=True, exchange_direction=direction, declare_lack=True)
    assert g.hand is not None and g.hand.stage == "exchange" and g.pending() == [0, 1, 2, 3]
    before = [sorted(p.hand) for p in g.hand.players]
    chosen = {}
    for seat in range(4):
        options = g.legal_actions(seat)
        assert options and all(a.type is A.EXCHANGE and len(a.tiles) == 3 for a in options)
        assert all(len({kind_of(t) // 9 for t in a.tiles}) == 1 for a in options)  # one suit
        chosen[seat] = options[0].tiles
        g.apply(options[0])
    # seat 0 holds two sou and three pins: the first offer is its least-held suit with three or more
    assert {kind_of(t) // 9 for t in chosen[0]} == {1}
    hands = [sorted(p.hand) for p in g.hand.players]
    for seat in range(4):
        giver = (seat - offset) % 4
        assert set(chosen[giver]) <= set(hands[seat])
        assert not set(chosen[seat]) & set(hands[seat])
        assert len(hands[seat]) == len(before[seat])
    assert g.hand.stage == "lack" and g.hand.exchange_direction == direction
    view = g.observation(1).setup
    assert view is not None and view.exchange_direction == direction
    assert view.given == tuple(chosen[1]) and view.received == tuple(chosen[(1 - offset) % 4])
    private = [e for e in g.events if e.type == "exchange_tiles"]
    assert len(private) == 4 and private[2].seen_by(3).private is None and private[2].seen_by(2).private
    declare(g, [2, 2, 0, 1])
    assert g.pending() == [0] and g.hand.phase is Phase.TURN


def test_the_dice_choose_the_exchange_direction() -> None:
    g = new_game(EXCHANGE_HANDS, exchange_three=True, exchange_direction="dice", declare_lack=False)
    assert g.hand is not None
    dice = g.hand.dice
    for seat in range(4):
        g.apply(g.legal_actions(seat)[0])
    expected = ("across", "counterclockwise", "clockwise")[sum(dice) % 3]
    assert g.hand.exchange_direction == expected
    event = next(e for e in g.events if e.type == "exchange")
    assert event.data == {"direction": expected, "dice": list(dice)}
    assert g.hand.phase is Phase.TURN  # no 定缺 in this ruleset: play starts


def test_an_exchange_must_be_three_tiles_of_one_suit() -> None:
    g = new_game(EXCHANGE_HANDS, exchange_three=True)
    mixed = (tile_in_hand(g, 0, "1m"), tile_in_hand(g, 0, "2m"), tile_in_hand(g, 0, "5s"))
    with pytest.raises(IllegalAction):
        g.apply(Action(0, A.EXCHANGE, tiles=mixed))


# ── several winners, play on ─────────────────────────────────────────────────────────────────

THREE_WAITS = [
    "5p6p2468m1357m2368s",  # dealer throws 5p
    "123m456m789m234p5p",  # 平胡 on 5p: 1
    "111s444s777s999s5p",  # 对对胡 on 5p: 2
    "111p234p678p999p5p",  # 清一色 on 5p: 4
]


def test_three_winners_on_one_discard_end_the_hand() -> None:
    g = new_game(THREE_WAITS)
    discard(g, 0, "5p")
    assert g.pending() == [1, 2, 3]
    for seat in (1, 2, 3):
        assert legal_types(g, seat) == {A.RON, A.PASS}
        g.apply(find(g, seat, A.RON))
    res = result(g)
    assert res.kind == "win" and res.reason == "three_won"
    assert [w.seat for w in res.wins] == [1, 2, 3]
    assert payments(res, "dian_pao") == [(0, 1, 1), (0, 2, 2), (0, 3, 4)]
    assert res.next_dealer == 0  # type: ignore[attr-defined]  # one discard, several winners: the discarder
    check_zero_sum(res)


def test_one_winner_only_without_multiple_winners() -> None:
    g = new_game(THREE_WAITS, multiple_winners=False, xuezhan=False)
    discard(g, 0, "5p")
    for seat in (3, 2, 1):
        g.apply(find(g, seat, A.RON))
    res = result(g)
    assert [w.seat for w in res.wins] == [1] and res.reason == "first_win"
    assert payments(res) == [(0, 1, 1)]
    assert res.next_dealer == 1  # type: ignore[attr-defined]


def test_two_winners_and_play_goes_on_until_the_end() -> None:
    hands = list(THREE_WAITS)
    hands[2] = "111s444s777s999s6p"  # not waiting on 5p
    g = new_game(hands)
    discard(g, 0, "5p")
    assert g.pending() == [1, 3]
    g.apply(find(g, 3, A.RON))
    assert g.pending() == [1]  # still waiting for seat 1
    g.apply(find(g, 1, A.RON))
    assert g.hand is not None and not g.results
    assert [p.won for p in g.hand.players] == [False, True, False, True]
    # the turn passes on after the last winner: seat 0 draws (seat 1 and seat 3 are out)
    assert g.pending() == [0] and g.hand.players[0].drawn is not None
    view = g.observation(2)
    winners = view.wins
    assert [(w.seat, w.from_seat, kind_of(w.tile), w.points) for w in winners] == [
        (1, 0, 13, 1),
        (3, 0, 13, 4),
    ]
    assert [w.value for w in winners] == [w.han for w in g.hand.wins]  # the fan
    assert winners[1].hand and kind_of(winners[1].tile) in {kind_of(t) for t in winners[1].hand}
    assert view.seats[1].won and view.seats[3].won
    acted = set()
    while not g.results:
        seat = g.pending()[0]
        acted.add(seat)
        legal = g.legal_actions(seat)
        pick = next((a for a in legal if a.type in (A.TSUMO, A.RON)), None)
        pick = pick or next((a for a in legal if a.type is A.PASS), None)
        g.apply(pick or next(a for a in legal if a.type is A.DISCARD))
    assert acted <= {0, 2}  # winners never act again
    res = result(g)
    assert res.kind == "win" and res.wins[0].seat in (1, 3)
    assert res.reason in ("wall", "three_won")
    assert res.next_dealer == 0  # type: ignore[attr-defined]
    check_zero_sum(res)


def test_without_xuezhan_the_hand_ends_at_the_first_win() -> None:
    hands = list(THREE_WAITS)
    hands[2] = "111s444s777s999s6p"
    g = new_game(hands, xuezhan=False)
    discard(g, 0, "5p")
    g.apply(find(g, 1, A.RON))
    g.apply(find(g, 3, A.RON))
    res = result(g)
    assert res.reason == "first_win" and [w.seat for w in res.wins] == [1, 3]


def test_after_two_wins_a_self_draw_is_paid_by_the_one_player_still_in_the_hand() -> None:
    hands = list(THREE_WAITS)
    hands[2] = "111s444s777s999s6p"  # waits 6p
    g = new_game(hands, "2m6p", di_hu="none")  # (seat 2's first draw would be an earthly win)
    discard(g, 0, "5p")
    g.apply(find(g, 1, A.RON))
    g.apply(find(g, 3, A.RON))
    discard(g, 0, "2m")
    g.apply(find(g, 2, A.TSUMO))
    res = result(g)
    assert res.reason == "three_won" and [w.seat for w in res.wins] == [1, 3, 2]
    # 对对胡 2 + 自摸 1 = 3 fan = 4, from seat 0 only (seats 1 and 3 have left play)
    assert payments(res, "zi_mo") == [(0, 2, 4)]
    assert res.win_order == (1, 3, 2)  # type: ignore[attr-defined]
    check_zero_sum(res)


def test_after_two_wins_a_kan_is_paid_by_the_players_still_in_the_hand_only() -> None:
    hands = list(THREE_WAITS)
    hands[2] = "111s444s777s999s6p"
    g = new_game(hands, "2m1s")
    discard(g, 0, "5p")
    g.apply(find(g, 1, A.RON))
    g.apply(find(g, 3, A.RON))
    discard(g, 0, "2m")
    g.apply(find(g, 2, A.CLOSED_KAN))
    assert g.hand is not None
    assert [(p.payer, p.payee, p.amount, p.reason) for p in g.hand.payments[-1:]] == [(0, 2, 2, "xia_yu")]
    assert g.hand.kans[0].income == 2


# ── 过手胡 ───────────────────────────────────────────────────────────────────────────────────

PASS_HANDS = [
    "5p2468p123456789s",
    "5p2468p12345678s",
    "1m2468p12345678s",
    "123m456m789m11m55p",  # waits 1m (平胡 + 根: 2 fan) or 5p (平胡: 1 fan)
]


def test_a_passed_win_blocks_discard_wins_of_no_more_value_until_the_next_draw() -> None:
    g = new_game(PASS_HANDS, "9s9s9s")
    discard(g, 0, "5p")
    assert legal_types(g, 3) == {A.RON, A.PON, A.PASS}
    g.apply(Action(3, A.PASS))
    assert g.hand is not None and g.hand.passed == {3: 1}
    discard(g, 1, "5p")  # the same value again: no win offered (the pon still is)
    assert legal_types(g, 3) == {A.PON, A.PASS}
    win = g.analysis(3).win  # the analysis says why the 5p is no win now
    assert win is not None and not win.legal
    assert win.refusal == Message.of("win.passed_win", value=1)
    g.apply(Action(3, A.PASS))
    discard(g, 2, "1m")  # worth more (a 根): offered
    assert A.RON in legal_types(g, 3)
    g.apply(Action(3, A.PASS))
    assert [e.data["value"] for e in g.events if e.type == "win_passed"] == [1, 2]
    # seat 3 draws at once: the lock is lifted
    assert g.pending() == [3] and 3 not in g.hand.passed


def test_without_the_lock_a_passed_win_can_be_taken_later() -> None:
    g = new_game(PASS_HANDS, "9s9s9s", pass_win_lock=False)
    discard(g, 0, "5p")
    g.apply(Action(3, A.PASS))
    discard(g, 1, "5p")
    assert A.RON in legal_types(g, 3)


# ── robbing a kan ────────────────────────────────────────────────────────────────────────────

ROB_HANDS = [
    "5s123456789p2378s",
    "55s123456789p29s",
    "123m456m789m46s11s",  # waits 5s
    "123456789p2389s",
]


def start_rob(**changes):
    g = new_game(ROB_HANDS, "9p7s7s5s", **changes)
    discard(g, 0, "5s")
    g.apply(Action(2, A.PASS))  # seat 2 lets the 5s go (and is locked until its draw)
    g.apply(find(g, 1, A.PON))
    discard(g, 1, "2s")
    discard(g, 2, "9p")  # seat 2 drew 9p: the lock is gone
    discard(g, 3, "7s")
    discard(g, 0, "7s")
    assert g.pending() == [1]
    return g


def test_robbing_an_added_kan() -> None:
    g = start_rob()
    kan = find(g, 1, A.ADDED_KAN)
    g.apply(kan)
    assert g.hand is not None and g.hand.phase is Phase.ROB_KAN and g.pending() == [2]
    g.apply(find(g, 2, A.RON))
    hand = g.hand
    assert hand is not None and hand.players[2].won
    win = hand.wins[0]
    assert [i.key for i in win.items] == ["ping_hu", "qiang_gang"] and win.points == 2
    assert [(p.payer, p.payee, p.amount, p.reason) for p in hand.payments] == [(1, 2, 2, "qiang_gang")]
    # the robbed kan is no kan: no payment, the pon stays, the tile left seat 1's hand
    seat1 = hand.players[1]
    assert [m.type for m in seat1.melds] == [MeldType.PON]
    assert kind_of(kan.tile) not in {kind_of(t) for t in seat1.hand}
    assert seat1.discards[-1].tile == kan.tile
    assert not hand.kans
    assert len(seat1.hand) + 3 * len(seat1.melds) == 13
    assert g.pending() == [3]  # play goes on after the winner
    g.verify()


def test_no_robbing_when_switched_off_and_the_kan_is_paid() -> None:
    g = start_rob(rob_kan=False)
    g.apply(find(g, 1, A.ADDED_KAN))
    assert g.hand is not None and g.hand.phase is Phase.TURN and g.pending() == [1]
    assert [(p.payer, p.payee, p.amount, p.reason) for p in g.hand.payments] == [
        (0, 1, 1, "gua_feng"),
        (2, 1, 1, "gua_feng"),
        (3, 1, 1, "gua_feng"),
    ]


# ── kans: payments at once, 杠上炮, 杠上花 ────────────────────────────────────────────────────

KAN_HANDS = [
    "1m12345678p2378s9s",
    "12345678999p5s9s",  # draws the fourth 9p
    "123m456m789m46s11s",  # waits 5s
    "5m12345678p2389s",
]


def test_a_closed_kan_is_paid_at_once_and_a_discard_after_it_hands_the_income_to_the_winner() -> None:
    g = new_game(KAN_HANDS, "9p7s")
    discard(g, 0, "1m")
    kan = find(g, 1, A.CLOSED_KAN)
    g.apply(kan)
    assert g.hand is not None
    assert g.observation(0).scores == (-2, 6, -2, -2)
    event = next(e for e in g.events if e.type == "kan_payment")
    assert event.seat == 1 and event.data["type"] == "closed_kan" and event.data["income"] == 6
    assert [p["reason"] for p in event.data["payments"]] == ["xia_yu"] * 3
    paid = g.observation(2).payments  # the kan's income, paid at once
    assert [(p.payer, p.payee, p.amount, p.reason) for p in paid] == [
        (0, 1, 2, "xia_yu"),
        (2, 1, 2, "xia_yu"),
        (3, 1, 2, "xia_yu"),
    ]
    assert sum(p.amount for p in paid) == 6
    assert g.pending() == [1] and g.hand.rinshan  # the replacement tile (7s, the next in order)
    discard(g, 1, "5s")
    assert A.RON in legal_types(g, 2)
    g.apply(find(g, 2, A.RON))
    hand = g.hand
    assert hand is not None
    win = hand.wins[0]
    assert [i.key for i in win.items] == ["ping_hu", "gang_shang_pao"] and win.points == 2
    assert [(p.payer, p.payee, p.amount, p.reason) for p in hand.payments[3:]] == [
        (1, 2, 2, "dian_pao"),
        (1, 2, 6, "gang_shang_pao"),
    ]
    assert hand.scores == [-2, -2, 6, -2] and hand.kans[0].transferred


def test_no_transfer_when_switched_off() -> None:
    g = new_game(KAN_HANDS, "9p7s", gang_shang_pao_transfer=False)
    discard(g, 0, "1m")
    g.apply(find(g, 1, A.CLOSED_KAN))
    discard(g, 1, "5s")
    g.apply(find(g, 2, A.RON))
    assert g.hand is not None and g.hand.scores == [-2, 4, 0, -2]


def test_replacement_from_the_tail() -> None:
    g = new_game(KAN_HANDS, "9p7s", kan_replacement="tail", placed={107: "7m"})
    discard(g, 0, "1m")
    before = g.hand.wall.remaining if g.hand else 0
    g.apply(find(g, 1, A.CLOSED_KAN))
    hand = g.hand
    assert hand is not None and kind_of(hand.players[1].drawn or 0) == 6  # 7m from position 107
    assert hand.wall.remaining == before - 1


OPEN_KAN_HANDS = [
    "9p12345678p2378s9s",  # the dealer throws 9p
    "999p123m456m789m5m",  # open kan, then the replacement 5m wins
    "5p12346789s2468m",
    "15m12345678p389s",
]


@pytest.mark.parametrize(("rule", "payers"), [("self_draw", [0, 2, 3]), ("feeder_pays", [0])])
def test_a_win_on_the_replacement_of_a_kan_from_a_discard(rule: str, payers: list[int]) -> None:
    g = new_game(OPEN_KAN_HANDS, "5m", kan_flower_after_open_kan=rule)
    discard(g, 0, "9p")
    g.apply(find(g, 1, A.OPEN_KAN))
    hand = g.hand
    assert hand is not None
    assert [(p.payer, p.payee, p.amount, p.reason) for p in hand.payments] == [(0, 1, 2, "gua_feng")]
    assert legal_types(g, 1) >= {A.TSUMO}
    g.apply(find(g, 1, A.TSUMO))
    win = hand.wins[0]
    # 平胡 1 + 根 1 + 杠上花 1 + 自摸 1 = 4 fan: 8 each
    assert [i.key for i in win.items] == ["ping_hu", "gen", "gang_shang_hua", "zi_mo"] and win.points == 8
    assert [(p.payer, p.amount) for p in hand.payments[1:]] == [(s, 8) for s in payers]


def test_open_kan_payment_toggle() -> None:
    g = new_game(OPEN_KAN_HANDS, "5m", open_kan_payment=1, base_points=3)
    discard(g, 0, "9p")
    g.apply(find(g, 1, A.OPEN_KAN))
    assert g.hand is not None and [(p.payer, p.amount) for p in g.hand.payments] == [(0, 3)]


# ── 天胡, 地胡 ───────────────────────────────────────────────────────────────────────────────


OTHERS = ["135m1234567p389s", "679m1234567p1s46s"]


def test_heavenly_win_for_the_dealer_after_declaring_the_lacking_suit() -> None:
    g = new_game(["123m456m789m234p55p", "123456789s2468m", *OTHERS], declare_lack=True)
    declare(g, [2, 1, 1, 0])
    g.apply(find(g, 0, A.TSUMO))
    assert g.hand is not None
    win = g.hand.wins[0]
    # 天胡 6 + 自摸 1 = 7 fan, paid as the cap of 5: 16 by each of the three others
    assert [i.key for i in win.items] == ["tian_hu", "zi_mo"] and win.han == 7 and win.points == 16
    assert [(p.payer, p.amount) for p in g.hand.payments] == [(1, 16), (2, 16), (3, 16)]


def test_earthly_win_on_the_first_draw() -> None:
    g = new_game(["123456789s2468m5m", "123m456m789m234p5p", *OTHERS], "5p")
    discard(g, 0, "5m")
    g.apply(find(g, 1, A.TSUMO))
    assert g.hand is not None and [i.key for i in g.hand.wins[0].items] == ["di_hu", "zi_mo"]
    late = new_game(["123456789s2468m5m", "123m456m789m234p5p", *OTHERS], "5p", di_hu="dealer_first_discard")
    discard(late, 0, "5m")
    late.apply(find(late, 1, A.TSUMO))
    assert late.hand is not None and [i.key for i in late.hand.wins[0].items] == ["ping_hu", "zi_mo"]


def test_earthly_win_on_the_dealers_first_discard() -> None:
    hands = ["5p123456789s2468m", "123m456m789m234p5p", *OTHERS]
    g = new_game(hands, di_hu="dealer_first_discard")
    discard(g, 0, "5p")
    g.apply(find(g, 1, A.RON))
    assert g.hand is not None and [i.key for i in g.hand.wins[0].items] == ["di_hu"]
    default = new_game(hands)  # the default reading: only a self-draw on the first draw
    discard(default, 0, "5p")
    default.apply(find(default, 1, A.RON))
    assert default.hand is not None and [i.key for i in default.hand.wins[0].items] == ["ping_hu"]


# ── the forced win in the last four tiles ────────────────────────────────────────────────────

FORCED_HANDS = [
    "13579m13579p1579s",
    "2468m2468p2468s5s",
    "123m456m789m46s11s",  # waits 5s
    "1357m2468p1379s5s",
]


def test_a_self_draw_in_the_last_four_tiles_must_be_taken() -> None:
    g = new_game(FORCED_HANDS, placed={106: "5s"})  # seat 2 draws position 106: one tile left
    autoplay(g, lambda game: game.hand is not None and game.hand.wall.remaining <= 1)
    assert g.pending() == [2] and g.hand is not None and g.hand.wall.remaining == 1
    assert Message.of("notice.forced_win") in g.observation(2).notices
    assert legal_types(g, 2) == {A.TSUMO}
    free = new_game(FORCED_HANDS, placed={106: "5s"}, forced_win_last_four=False)
    autoplay(free, lambda game: game.hand is not None and game.hand.wall.remaining <= 1)
    assert legal_types(free, 2) >= {A.TSUMO, A.DISCARD}
    assert Message.of("notice.forced_win") not in free.observation(2).notices


def test_a_discard_win_in_the_last_four_tiles_must_be_taken() -> None:
    g = new_game(FORCED_HANDS, placed={105: "5s"})  # seat 1 draws it with two left and throws it
    autoplay(g, lambda game: game.hand is not None and game.hand.phase is Phase.CLAIM)
    assert g.hand is not None and g.hand.wall.remaining == 2
    assert g.pending() == [2] and legal_types(g, 2) == {A.RON}
    with pytest.raises(IllegalAction):
        g.apply(Action(2, A.PASS))
    free = new_game(FORCED_HANDS, placed={105: "5s"}, forced_win_last_four=False)
    autoplay(free, lambda game: game.hand is not None and game.hand.phase is Phase.CLAIM)
    assert legal_types(free, 2) == {A.RON, A.PASS}
    # earlier than the last four tiles a win may be passed
    early = new_game(FORCED_HANDS, placed={101: "5s"})
    autoplay(early, lambda game: game.hand is not None and game.hand.phase is Phase.CLAIM)
    assert early.hand is not None and early.hand.wall.remaining == 6
    assert legal_types(early, 2) == {A.RON, A.PASS}
    pass_all(early)
