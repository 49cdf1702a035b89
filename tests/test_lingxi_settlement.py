"""Lingxi settlement: the winner collects from everyone, pairwise differences among the non-winners,
dealer doubling, 包赔, 诈胡, 杀猪 zeroing the others, dead hands; the dealer and the end of the match
(acceptance item 2)."""

from __future__ import annotations

import pytest
from test_lingxi_support import A, act, discard, hand, new_game, pass_all

from engine.families.lingxi import match
from engine.families.lingxi.scoring import settle, zha_hu_payments
from engine.game.game import Game
from engine.game.match import MatchState
from engine.game.state import HandResult, Payment
from engine.rules.lingxi import LingxiRules

RULES = LingxiRules()
DEALER_JUNK = "2468m2468p2468s44z66z"


def paid(payments: tuple[Payment, ...] | list[Payment]) -> list[tuple[int | None, int | None, int, str]]:
    return sorted((p.payer, p.payee, p.amount, p.reason) for p in payments)


def net(payments: tuple[Payment, ...] | list[Payment]) -> list[int]:
    out = [0, 0, 0, 0]
    for p in payments:
        assert p.payer is not None and p.payee is not None
        out[p.payer] -= p.amount
        out[p.payee] += p.amount
    return out


# ── the pure settlement ────────────────────────────────────────────────────────────────────────


def test_winner_collects_from_each_and_losers_pay_differences() -> None:
    pays = settle(
        dealer=3, winner=1, winner_final=10, base=[0, 0, 5, 2], others_zero=False, liable=None, rules=RULES
    )
    assert paid(pays) == sorted(
        [
            (0, 1, 10, "win"),
            (2, 1, 10, "win"),
            (3, 1, 20, "win"),
            (0, 2, 5, "difference"),
            (3, 2, 6, "difference"),
            (0, 3, 4, "difference"),
        ]
    )
    assert sum(net(pays)) == 0


def test_dealer_doubling_can_be_turned_off() -> None:
    rules = RULES.with_changes(dealer_doubles=False)
    pays = settle(
        dealer=0, winner=0, winner_final=7, base=[0, 1, 1, 1], others_zero=False, liable=None, rules=rules
    )
    assert paid(pays) == [(1, 0, 7, "win"), (2, 0, 7, "win"), (3, 0, 7, "win")]


def test_a_dealer_win_collects_double_from_each() -> None:
    pays = settle(
        dealer=0, winner=0, winner_final=26, base=[0, 3, 3, 3], others_zero=False, liable=None, rules=RULES
    )
    # equal bases: no differences
    assert paid(pays) == [(1, 0, 52, "win"), (2, 0, 52, "win"), (3, 0, 52, "win")]


def test_others_zero_after_sha_zhu() -> None:
    pays = settle(
        dealer=2, winner=1, winner_final=26, base=[0, 0, 9, 4], others_zero=True, liable=None, rules=RULES
    )
    assert paid(pays) == [(0, 1, 26, "win"), (2, 1, 52, "win"), (3, 1, 26, "win")]


def test_bao_pei_the_liable_player_pays_all_three_shares() -> None:
    pays = settle(
        dealer=0, winner=1, winner_final=30, base=[2, 0, 0, 5], others_zero=False, liable=2, rules=RULES
    )
    wins = [p for p in pays if p.reason in ("win", "bao_pei")]
    assert paid(wins) == [(2, 1, 30, "bao_pei"), (2, 1, 30, "win"), (2, 1, 60, "bao_pei")]
    diffs = [p for p in pays if p.reason == "difference"]
    assert paid(diffs) == [(0, 3, 6, "difference"), (2, 0, 4, "difference"), (2, 3, 5, "difference")]


def test_zha_hu_penalty() -> None:
    assert net(zha_hu_payments(2, 0, RULES)) == [52, 26, -104, 26]
    assert net(zha_hu_payments(0, 0, RULES)) == [-156, 52, 52, 52]
    assert {p.reason for p in zha_hu_payments(0, 0, RULES)} == {"zha_hu"}
    cheap = RULES.with_changes(zha_hu_penalty=10, dealer_doubles=False)
    assert net(zha_hu_payments(1, 0, cheap)) == [10, -30, 10, 10]


# ── in play ────────────────────────────────────────────────────────────────────────────────────


def test_ron_settlement_pairwise_with_the_dealer_doubled(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = {
        0: "1234567m1234567s5p11z",
        1: "123m456m123s456s5p777z",
        2: "12f147m258p3679s1z3z4z6z",
        3: "5z258m147p14578s2z4z6z7z",
    }
    game = new_game(monkeypatch, hands, tail=["8p", "8p", "8p"])
    h = hand(game)
    act(game, 0, A.DISCARD, "5p")
    act(game, 1, A.RON)
    pass_all(game)
    result = game.results[0]
    final = result.wins[0].points
    assert h.tai[0].tai == 0 and h.tai[2].tai == 3 and h.tai[3].tai == 1
    assert paid(result.payments) == sorted(
        [
            (0, 1, 2 * final, "win"),
            (2, 1, final, "win"),
            (3, 1, final, "win"),
            (0, 2, 6, "difference"),
            (0, 3, 2, "difference"),
            (3, 2, 2, "difference"),
        ]
    )
    assert sum(result.score_changes) == 0 and list(result.score_changes) == net(result.payments)
    assert h.scores == list(result.score_changes)


def test_bao_pei_the_discarder_of_the_fourth_wind_pays_for_all(monkeypatch: pytest.MonkeyPatch) -> None:
    game = _four_winds(monkeypatch)
    result = game.results[0]
    win = result.wins[0]
    assert win.seat == 1 and "si_feng_qi" in [i.key for i in win.items]
    shares = [p for p in result.payments if p.reason in ("win", "bao_pei")]
    assert paid(shares) == sorted(
        [(2, 1, win.points, "win"), (2, 1, 2 * win.points, "bao_pei"), (2, 1, win.points, "bao_pei")]
    )


def test_bao_pei_off_everyone_pays_their_own_share(monkeypatch: pytest.MonkeyPatch) -> None:
    game = _four_winds(monkeypatch, bao_pei=False)
    result = game.results[0]
    win = result.wins[0]
    shares = [p for p in result.payments if p.reason == "win"]
    expected = [(0, 1, 2 * win.points, "win"), (2, 1, win.points, "win"), (3, 1, win.points, "win")]
    assert paid(shares) == sorted(expected)


def _four_winds(monkeypatch: pytest.MonkeyPatch, **changes: object) -> Game:
    hands = {
        0: DEALER_JUNK + "1z",
        1: "11z22z33z4z123m456m1s5s9s",
        2: "2z3z4z13579p2468s1m778m",
        3: "123p456p789p123s",
    }
    game = new_game(monkeypatch, hands, draws=["1p", "3p", "5p"], **changes)  # type: ignore[arg-type]
    for seat, wind, drop in ((0, "1z", "1s"), (2, "2z", "5s"), (2, "3z", "9s")):
        act(game, seat, A.DISCARD, wind)
        act(game, 1, A.PON, wind)
        pass_all(game)
        discard(game, 1, drop)
    act(game, 2, A.DISCARD, "4z")
    act(game, 1, A.RON)
    pass_all(game)
    return game


def test_play_on_last_four_the_discarder_pays_for_all(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = {0: "1234567m1234567s5p11z", 1: "123m456m123s456s5p777z"}
    game = new_game(monkeypatch, hands, last_four="play_on_liable")
    h = hand(game)
    h.discard_remaining = 4  # as if the discard came within the last four drawable tiles
    act(game, 0, A.DISCARD, "5p")
    h.discard_remaining = 4
    act(game, 1, A.RON)
    pass_all(game)
    shares = [p for p in game.results[0].payments if p.reason in ("win", "bao_pei")]
    assert {p.payer for p in shares} == {0}


def test_a_dead_hand_scores_zero(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = {0: DEALER_JUNK[:-2] + "1f5m", 1: "123m456m123s456s5p777z"}
    game = new_game(monkeypatch, hands, wild="5m9p", practice_fouls=True, draws=["5p"], tail=["6z"])
    h = hand(game)
    act(game, 0, A.DISCARD, "5m")  # a 财神: the dealer's hand is dead
    assert h.dead[0]
    act(game, 1, A.TSUMO)
    assert h.tai[0].tai == 0  # the 1f would be worth 1
    for p in game.results[0].payments:
        if p.reason == "difference" and 0 in (p.payer, p.payee):
            other = p.payee if p.payer == 0 else p.payer
            assert p.payer == 0 and other is not None and p.amount == 2 * h.tai[other].tai


# ── dealer and the end of the match ────────────────────────────────────────────────────────────


def _result(continues: bool) -> HandResult:
    return HandResult("win", (), (), (0, 0, 0, 0), dealer_continues=continues)


def test_dealer_keeps_the_deal_after_a_win_and_passes_it_otherwise() -> None:
    m = match.new_match(RULES)
    assert m.scores == [0, 0, 0, 0] and m.dealer == 0
    m = match.advance(RULES, m, _result(True), [5, -5, 0, 0], 0)
    assert m.dealer == 0 and m.honba == 1 and not m.over and m.scores == [5, -5, 0, 0]
    m = match.advance(RULES, m, _result(False), m.scores, 0)
    assert m.dealer == 1 and m.honba == 0
    m = match.advance(RULES, m, HandResult("exhaustive_draw"), m.scores, 0)
    assert m.dealer == 2


@pytest.mark.parametrize("rounds", [1, 2, 3])
def test_the_match_ends_when_everyone_has_dealt_the_set_number_of_times(rounds: int) -> None:
    rules = RULES.with_changes(rounds=rounds)
    m = match.new_match(rules)
    passes = 0
    while not m.over:
        m = match.advance(rules, m, _result(passes % 3 == 0 and m.honba == 0), m.scores, 0)
        if m.honba == 0:
            passes += 1
    assert passes == 4 * rounds and m.round_index == 4 * rounds


def test_standings_rank_by_chips() -> None:
    state = MatchState(scores=[10, -30, 10, 10])
    places = match.standings(RULES, state)
    assert [(s.seat, s.rank, s.points) for s in places] == [(0, 1, 10), (2, 1, 10), (3, 1, 10), (1, 4, -30)]
