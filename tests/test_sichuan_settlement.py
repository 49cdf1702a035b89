"""Sichuan settlement: the end of the wall (查花猪, 查大叫, 退税), a bankroll running out, the next
dealer and the end of a match."""

from __future__ import annotations

from typing import Any

import pytest
from test_sichuan_support import A, autoplay, check_zero_sum, discard, find, new_game, payments, result

from engine.agents.simple import SimpleAgent
from engine.game.game import Game
from engine.game.play import play_hand
from engine.rules.sichuan import SichuanRules

# seat 0: a 花猪 (three suits) with a closed kan of 4p on its first turn
# seat 1: ready on 2m (平胡 + 根: 2) or 5p (平胡: 1)
# seat 2: not ready, with a closed kan of 9p on its first draw
# seat 3: ready on 1s (平胡 + 根: 2), 4s or 7s (平胡: 1)
END_HANDS = [
    "4444p26p1369m2579s",
    "123m456m789m22m55p",
    "999p34578m13578p",
    "111s234s567s89s66p",
]
END_DRAWS = "2s3s9p"  # seat 0's replacement tile, seat 1's draw, seat 2's draw (the fourth 9p)


def play_to_the_wall(**changes: Any) -> Game:
    g = new_game(END_HANDS, END_DRAWS, forced_win_last_four=False, **changes)
    g.apply(find(g, 0, A.CLOSED_KAN))
    discard(g, 0, "2s")
    discard(g, 1, "3s")
    g.apply(find(g, 2, A.CLOSED_KAN))
    autoplay(g, lambda game: bool(game.results))
    return g


def test_the_end_of_the_wall_hua_zhu_cha_da_jiao_and_refunds() -> None:
    g = play_to_the_wall()
    res = result(g)
    assert res.kind == "exhaustive_draw" and res.reason == "wall"
    assert res.hua_zhu == (0,) and res.not_ready == (2,)  # type: ignore[attr-defined]
    assert res.tenpai == (1, 3) and res.ready_values == ((1, 2), (3, 2))  # type: ignore[attr-defined]
    assert payments(res, "xia_yu") == [(1, 0, 2), (2, 0, 2), (3, 0, 2), (0, 2, 2), (1, 2, 2), (3, 2, 2)]
    assert payments(res, "hua_zhu") == [(0, 1, 16), (0, 2, 16), (0, 3, 16)]  # 16 × base to each non-花猪
    assert payments(res, "cha_da_jiao") == [(2, 1, 2), (2, 3, 2)]  # each ready hand's best win
    # 退税: the 花猪 and the not-ready player give back all their kan income to those who paid it
    assert payments(res, "tui_shui") == [(0, 1, 2), (0, 2, 2), (0, 3, 2), (2, 0, 2), (2, 1, 2), (2, 3, 2)]
    assert res.score_changes == (-48, 18, 12, 18)
    check_zero_sum(res)
    event = next(e for e in g.events if e.type == "cha_jiao")
    assert event.data["hua_zhu"] == [0] and event.data["ready"] == [[1, 2], [3, 2]]
    assert res.next_dealer == 0 and res.dealer_continues  # type: ignore[attr-defined]
    assert g.match.dealer == 0


def test_cha_da_jiao_with_the_least_valuable_win() -> None:
    res = result(play_to_the_wall(cha_da_jiao="min"))
    assert payments(res, "cha_da_jiao") == [(2, 1, 1), (2, 3, 1)]
    check_zero_sum(res)


def test_refunds_only_to_ready_payers_and_the_capped_hua_zhu_penalty() -> None:
    res = result(play_to_the_wall(refund_to="ready_payers", hua_zhu_penalty="cap", fan_cap=4, base_points=3))
    assert payments(res, "hua_zhu") == [(0, 1, 24), (0, 2, 24), (0, 3, 24)]  # 3 × 2^(4−1)
    assert payments(res, "tui_shui") == [(0, 1, 6), (0, 3, 6), (2, 1, 6), (2, 3, 6)]
    assert payments(res, "cha_da_jiao") == [(2, 1, 6), (2, 3, 6)]
    check_zero_sum(res)


def test_the_same_checks_end_a_single_win_hand_nobody_won() -> None:
    g = play_to_the_wall(xuezhan=False, dealer_stays_on_draw=False)
    res = result(g)
    assert res.hua_zhu == (0,) and res.tenpai == (1, 3)  # type: ignore[attr-defined]
    assert res.next_dealer == 1 and g.match.dealer == 1  # type: ignore[attr-defined]


def test_players_who_won_take_no_part_in_the_end_of_the_wall() -> None:
    hands = [
        "5p6p2468m1357m2368s",
        "123m456m789m234p5p",
        "111s444s777s999s6p",
        "111p234p678p999p5p",
    ]
    hands[2] = "111s444s777s248p6p"  # not ready, two suits
    g = new_game(hands, forced_win_last_four=False)
    discard(g, 0, "5p")
    g.apply(find(g, 1, A.RON))
    g.apply(find(g, 3, A.RON))
    autoplay(g, lambda game: bool(game.results))
    res = result(g)
    assert res.reason == "wall" and [w.seat for w in res.wins] == [1, 3]
    late = [p for p in res.payments if p.reason in ("hua_zhu", "cha_da_jiao", "tui_shui")]
    assert all(p.payer in (0, 2) and p.payee in (0, 2) for p in late)
    assert set(res.tenpai) <= {0, 2} and 1 not in res.not_ready  # type: ignore[attr-defined]
    check_zero_sum(res)


# ── a bankroll ───────────────────────────────────────────────────────────────────────────────

THREE_WAITS = [
    "5p6p2468m1357m2368s",
    "123m456m789m234p5p",  # 1
    "111s444s777s999s5p",  # 2
    "111p234p678p999p5p",  # 4
]


def test_a_bankroll_running_out_is_shared_in_proportion_and_ends_the_match() -> None:
    g = new_game(THREE_WAITS, scores=(2, 10, 10, 10), bankroll=True, start_points=10)
    discard(g, 0, "5p")
    for seat in (1, 2, 3):
        g.apply(find(g, seat, A.RON))
    res = result(g)
    # seat 0 owes 1 + 2 + 4 = 7 and holds 2: the winners share the 2 in proportion to their claims
    assert payments(res) == [(0, 2, 1), (0, 3, 1)]
    assert g.match.scores == [0, 10, 11, 11] and g.match.over
    standings = [(s.seat, s.rank, s.points, s.final) for s in g.standings()]
    assert standings == [(2, 1, 11, 1.0), (3, 2, 11, 1.0), (1, 3, 10, 0.0), (0, 4, 0, -10.0)]
    check_zero_sum(res)


def test_without_a_bankroll_scores_go_negative_and_the_match_goes_on() -> None:
    g = new_game(THREE_WAITS, scores=(2, 10, 10, 10), match_hands=8)
    discard(g, 0, "5p")
    for seat in (1, 2, 3):
        g.apply(find(g, seat, A.RON))
    assert g.match.scores == [-5, 11, 12, 14] and not g.match.over


def test_a_kan_with_an_empty_bankroll_pays_what_is_left() -> None:
    g = new_game(END_HANDS, END_DRAWS, scores=(10, 1, 0, 10), bankroll=True, start_points=10)
    g.apply(find(g, 0, A.CLOSED_KAN))
    assert g.hand is not None
    assert [(p.payer, p.amount) for p in g.hand.payments] == [(1, 1), (3, 2)]  # seat 2 has nothing


def test_bankroll_needs_starting_points() -> None:
    with pytest.raises(ValueError, match="start_points"):
        SichuanRules(bankroll=True, start_points=0)
    with pytest.raises(ValueError, match="hua_zhu_penalty"):
        SichuanRules(hua_zhu_penalty="cap", fan_cap=0)


# ── the next dealer, the end of the match ────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("changes", "dealer"),
    [
        ({}, 0),  # one discard, several winners: the discarder
        ({"multi_win_dealer": "first_winner"}, 1),
    ],
)
def test_next_dealer_after_several_winners(changes: dict[str, Any], dealer: int) -> None:
    g = new_game(THREE_WAITS, **changes)
    discard(g, 0, "5p")
    for seat in (1, 2, 3):
        g.apply(find(g, seat, A.RON))
    assert g.match.dealer == dealer


@pytest.mark.parametrize(("rule", "dealer"), [("first_winner", 2), ("discarder", 0)])
def test_next_dealer_after_one_winner(rule: str, dealer: int) -> None:
    hands = list(THREE_WAITS)
    hands[1] = "123m456m789m234p6p"
    hands[3] = "111p234p678p999p6p"
    g = new_game(hands, next_dealer=rule, xuezhan=False)
    discard(g, 0, "5p")
    g.apply(find(g, 2, A.RON))
    g.apply(find(g, 3, A.PASS))  # (seat 3 could win too: 11p 123p 456p 678p 999p)
    assert result(g).wins[0].seat == 2 and g.match.dealer == dealer


def test_the_match_ends_after_its_hands_and_dice_choose_each_dealer() -> None:
    rules = SichuanRules(match_hands=3, next_dealer="dice", exchange_three=True)
    g = Game(rules, seed="dice", check_invariants=True)
    agents = [SimpleAgent(f"d{s}") for s in range(4)]
    dealers = []
    while not g.over:
        assert g.hand is not None
        dealers.append(g.hand.ctx.dealer)
        assert g.observation(0).dealer == dealers[-1]
        play_hand(g, agents)
    assert len(g.results) == 3 and g.match.over
    again = Game(rules, seed="dice")
    assert again.hand is not None and again.hand.ctx.dealer == dealers[0]  # the same seed, the same dice


def test_a_seat_that_won_on_a_discard_and_dealt_in_shows_both() -> None:
    """血战 goes on after a win: in seed 3's first hand (simple agents) seat 3 deals in to seat 0 for 2
    and then wins 2 on seat 2's discard. The settlement's "From" column itemises each seat's change by
    reason; netted, the two cancelled and seat 3's win was not in it at all. Received and paid are
    kept apart, and still add up to the change."""
    rules = SichuanRules()
    game = Game(rules, seed="3")
    agents = [SimpleAgent(s) for s in range(4)]
    while not game.reports:
        seat = game.pending()[0]
        game.apply(agents[seat].choose(game.observation(seat), game.legal_actions(seat)))
    report = game.reports[0]
    report.check()
    paid = [line for line in report.ledger if line.reason == "dian_pao" and line.payer == 3]
    won = [line for line in report.ledger if line.reason == "dian_pao" and line.payee == 3]
    assert paid and won and sum(x.amount for x in paid) == sum(x.amount for x in won)
    seat = report.seats[3]
    assert ("dian_pao", -sum(x.amount for x in paid)) in seat.by_reason
    assert ("dian_pao", sum(x.amount for x in won)) in seat.by_reason
    assert sum(amount for _, amount in seat.by_reason) == seat.change
