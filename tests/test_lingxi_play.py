"""Lingxi play: claims and 截胡 with the 财神 restrictions, what may not be discarded or called, kans
from the tail, 杠上开花, 抢杠胡, 天胡, 地胡, 杀猪 and 花胡, and the fouls of real-table practice."""

from __future__ import annotations

import pytest
from test_lingxi_support import A, act, discard, events, find, fmt, hand, new_game, pass_all

from engine.game.game import Game

DEALER_JUNK = "2468m2468p2468s44z66z"  # 16 tiles that never complete anything with what follows


def discard_drawn(game: Game, seat: int) -> None:
    h = hand(game)
    drawn = h.players[seat].drawn
    assert drawn is not None
    action = next(a for a in game.legal_actions(seat) if a.type is A.DISCARD and a.tile == drawn)
    game.apply(action)
    pass_all(game)


def keys(game: Game) -> list[str]:
    return [i.key for i in game.results[-1].wins[0].items]


# ── claims and 截胡 ────────────────────────────────────────────────────────────────────────────


def test_jie_hu_only_the_first_winner_in_turn_order(monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game(
        monkeypatch,
        {0: "1234567m1234567s5p11z", 1: "123m456m123s456s5p777z", 2: "46p123p789p222z333z55s"},
    )
    act(game, 0, A.DISCARD, "5p")
    assert find(game, 1, A.RON) is not None and find(game, 2, A.RON) is not None
    act(game, 2, A.RON)
    act(game, 1, A.RON)
    if game.pending():
        act(game, 3, A.PASS)
    result = game.results[0]
    assert [w.seat for w in result.wins] == [1]
    assert result.dealer_continues is False


def test_caishen_single_wait_does_not_take_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = {0: DEALER_JUNK + "3z", 1: "123m123s234p777z456p9p", 2: "345m678m345s678s111z3z"}
    game = new_game(monkeypatch, hands, wild="9p9p")
    h = hand(game)
    assert h.is_single_wait(1) and not h.is_single_wait(2)
    act(game, 0, A.DISCARD, "3z")
    act(game, 1, A.RON)
    act(game, 2, A.RON)
    pass_all(game)
    assert [w.seat for w in game.results[0].wins] == [2]


def test_caishen_single_wait_alone_still_wins_on_a_discard(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = {0: DEALER_JUNK + "3z", 1: "123m123s234p777z456p9p"}
    game = new_game(monkeypatch, hands, wild="9p9p")
    act(game, 0, A.DISCARD, "3z")
    act(game, 1, A.RON)
    pass_all(game)
    assert [w.seat for w in game.results[0].wins] == [1]


def test_caishen_single_wait_toggle_self_draw_only(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = {0: DEALER_JUNK + "3z", 1: "123m123s234p777z456p9p"}
    game = new_game(monkeypatch, hands, wild="9p9p", caishen_single_wait="self_draw_only")
    act(game, 0, A.DISCARD, "3z")
    assert find(game, 1, A.RON) is None


def test_caishen_hui_does_not_take_ahead_of_a_hand_that_is_not(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = {0: DEALER_JUNK + "3z", 1: "34m46m67m123s456s3z555m", 2: "234p678m345s678s111z3z"}
    game = new_game(monkeypatch, hands, wild="5m9p")
    h = hand(game)
    assert not h.is_single_wait(1)
    act(game, 0, A.DISCARD, "3z")
    win = h.ron_win(1, 0, tile_of(game, 0, "3z"), robbing=False)
    assert win is not None and "caishen_hui" in [i.key for i in win.items]
    act(game, 1, A.RON)
    act(game, 2, A.RON)
    pass_all(game)
    assert [w.seat for w in game.results[0].wins] == [2]


def tile_of(game: Game, seat: int, face: str) -> int:
    h = hand(game)
    window = h.window
    assert window is not None
    return window.tile


# ── discards and calls ─────────────────────────────────────────────────────────────────────────


def test_caishen_cannot_be_discarded_or_used_in_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = {0: DEALER_JUNK + "3p", 1: "3p5m123s456s789s11z22z"}
    game = new_game(monkeypatch, hands, wild="5m9p")
    h = hand(game)
    for seat in range(4):
        assert not any(h.is_wild(t) for t in h.discard_choices(seat))
    act(game, 0, A.DISCARD, "3p")
    assert find(game, 1, A.PON) is None  # one 3p and a 财神 are no pair
    assert 1 not in game.pending() or all(a.type is not A.PON for a in game.legal_actions(1))


def test_no_discarding_a_kind_already_pon_ed_but_added_kan_is_fine(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = {0: DEALER_JUNK + "3p", 1: "33p123s456s789s11z22z1m"}
    game = new_game(monkeypatch, hands, draws=["1p", "2p", "4p", "3p"], tail=["7p"])
    act(game, 0, A.DISCARD, "3p")
    act(game, 1, A.PON, "3p")
    pass_all(game)
    discard(game, 1, "1m")
    for seat in (2, 3, 0):
        discard_drawn(game, seat)
    h = hand(game)
    assert h.turn == 1 and fmt([h.players[1].drawn or 0]) == "3p"
    assert find(game, 1, A.DISCARD, "3p") is None
    act(game, 1, A.ADDED_KAN, "3p")
    pass_all(game)
    assert fmt([h.players[1].drawn or 0]) == "7p"  # the replacement comes from the tail
    assert h.wall.kans == 1 and h.wall.reserve == 22


def test_a_call_that_would_leave_nothing_to_discard_is_not_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game(monkeypatch, {0: DEALER_JUNK + "3p"})
    h = hand(game)
    p = h.players[1]
    kept = list(p.hand)
    threes = [44, 45]  # two 3p
    wild = next(t for t in range(32, 36) if t not in h.wall.shown)  # a 9m, a 财神 here
    p.hand = [*threes, wild]
    assert not h.call_allowed(1, A.PON, 46, (44, 45))  # only the 财神 would be left
    p.hand = [*threes, wild, 0]
    assert h.call_allowed(1, A.PON, 46, (44, 45))
    p.hand = kept


# ── kans, 杠上开花, 抢杠胡 ─────────────────────────────────────────────────────────────────────


def test_gang_shang_kai_hua(monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game(monkeypatch, {0: "1111m234567p234678s5s"}, tail=["5s"])
    act(game, 0, A.CLOSED_KAN, "1m")
    h = hand(game)
    assert h.rinshan and fmt([h.players[0].drawn or 0]) == "5s"
    act(game, 0, A.TSUMO)
    assert "gang_kai" in keys(game) and "zi_mo" not in keys(game)


def test_no_gang_kai_after_a_flower_replacement_following_the_kan(monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game(monkeypatch, {0: "1111m234567p234678s5s"}, tail=["1f", "5s"])
    act(game, 0, A.CLOSED_KAN, "1m")
    h = hand(game)
    assert [e.data["source"] for e in events(h, "draw")][-2:] == ["kan", "flower"]
    act(game, 0, A.TSUMO)
    assert "gang_kai" not in keys(game) and "zi_mo" in keys(game)


def test_qiang_gang_hu_robs_an_added_kan(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = {0: DEALER_JUNK + "3p", 1: "33p123s456s789s11z22z1m", 2: "12p456s789s333z777z66p"}
    game = new_game(monkeypatch, hands, draws=["1p", "2p", "4p", "3p"])
    act(game, 0, A.DISCARD, "3p")
    act(game, 2, A.PASS)
    act(game, 1, A.PON, "3p")
    pass_all(game)
    discard(game, 1, "1m")
    for seat in (2, 3, 0):
        discard_drawn(game, seat)
    act(game, 1, A.ADDED_KAN, "3p")
    assert game.pending() == [2]
    act(game, 2, A.RON)
    assert "qiang_gang" in keys(game)
    result = game.results[0]
    assert result.wins[0].from_seat == 1


def test_a_closed_kan_cannot_be_robbed(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = {0: "3333p" + "2468m2468s44z66z1m", 2: "12p456s789s111z222z66p"}
    game = new_game(monkeypatch, hands)
    act(game, 0, A.CLOSED_KAN, "3p")
    assert hand(game).phase.value == "turn" and game.pending() == [0]


# ── 天胡, 地胡 ─────────────────────────────────────────────────────────────────────────────────


def test_tian_hu_the_dealer_wins_on_the_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game(monkeypatch, {0: "123456m234789p111s55s"})
    act(game, 0, A.TSUMO)
    assert "tian_hu" in keys(game) and "zi_mo" not in keys(game)
    assert game.results[0].dealer_continues


def test_di_hu_a_non_dealer_wins_on_the_dealers_first_discard(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = {0: DEALER_JUNK + "3z", 2: "345m678m345s678s111z3z"}
    game = new_game(monkeypatch, hands)
    act(game, 0, A.DISCARD, "3z")
    act(game, 2, A.RON)
    pass_all(game)
    assert "di_hu" in keys(game)


# ── 杀猪 and 花胡 ──────────────────────────────────────────────────────────────────────────────


def test_sha_zhu_declared_on_the_own_turn_whatever_the_shape(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = {0: "555m7z147m159p268s1357z", 1: "1f2f3f123m456p789s1s"}
    game = new_game(monkeypatch, hands, wild="5m7z", tail=["2s", "3s", "4s"])
    h = hand(game)
    assert find(game, 0, A.TSUMO) is not None
    act(game, 0, A.TSUMO)
    result = game.results[0]
    win = result.wins[0]
    assert win.limit == "sha_zhu" and win.han == 13 and win.points == 26
    assert [(e.type, e.seat) for e in events(h, "sha_zhu")] == [("sha_zhu", 0)]
    assert sorted((p.payer, p.amount) for p in result.payments) == [(1, 52), (2, 52), (3, 52)]
    assert all(p.reason == "win" for p in result.payments)  # the others score 0: no differences
    assert h.tai[1].tai == 0 and result.dealer_continues


def test_sha_zhu_after_a_call(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = {0: DEALER_JUNK + "3p", 1: "45p555m7z147m1s2s5s9s1z2z3z"}
    game = new_game(monkeypatch, hands, wild="5m7z")
    act(game, 0, A.DISCARD, "3p")
    pass_all_but(game, 1)
    act(game, 1, A.CHI, "3p")
    assert find(game, 1, A.TSUMO) is not None
    act(game, 1, A.TSUMO)
    assert game.results[0].wins[0].limit == "sha_zhu"


def pass_all_but(game: Game, seat: int) -> None:
    for other in list(game.pending()):
        if other != seat:
            act(game, other, A.PASS)


def test_hua_hu_all_eight_flowers(monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game(monkeypatch, {0: "12345678f147m159p2s"}, tail=["3s", "6s"])
    h = hand(game)
    assert len(h.players[0].melds) == 2  # two dealt flower kans
    act(game, 0, A.TSUMO)
    win = game.results[0].wins[0]
    assert win.limit == "hua_hu" and win.han == 52 and win.points == 104
    assert [e.type for e in events(h, "hua_hu")] == ["hua_hu"]


# ── real-table practice: fouls ─────────────────────────────────────────────────────────────────


def test_without_practice_no_foul_is_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game(monkeypatch, {0: DEALER_JUNK + "3z"})
    assert find(game, 0, A.TSUMO) is None
    assert all(not hand(game).is_wild(a.tile or 0) for a in game.legal_actions(0) if a.type is A.DISCARD)


def test_discarding_a_caishen_makes_the_hand_dead(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = {0: DEALER_JUNK + "5m", 1: "33p123s456s789s11z22z1m"}
    game = new_game(monkeypatch, hands, wild="5m9p", practice_fouls=True, draws=["4z"])
    h = hand(game)
    act(game, 0, A.DISCARD, "5m")
    assert h.dead[0] and [e.data["reason"] for e in events(h, "foul")] == ["discard_caishen"]
    assert game.pending() == [1] and h.phase.value == "turn"  # a discarded 财神 cannot be claimed
    discard(game, 1, "4z", others_pass=False)
    assert find(game, 0, A.PON) is None  # the dead dealer may not pon (nor chi or win)
    pass_all(game)


def test_zha_hu_false_win_pays_26_to_each_doubled_with_the_dealer(monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game(monkeypatch, {0: DEALER_JUNK + "3z"}, practice_fouls=True)
    act(game, 0, A.TSUMO)  # the dealer declares a win without a winning hand
    result = game.results[0]
    assert result.kind == "abortive_draw" and result.reason == "zha_hu"
    assert sorted((p.payer, p.payee, p.amount, p.reason) for p in result.payments) == [
        (0, 1, 52, "zha_hu"),
        (0, 2, 52, "zha_hu"),
        (0, 3, 52, "zha_hu"),
    ]
    assert result.score_changes == (-156, 52, 52, 52)


def test_zha_hu_on_a_discard_by_a_non_dealer(monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game(monkeypatch, {0: DEALER_JUNK + "3z"}, practice_fouls=True)
    act(game, 0, A.DISCARD, "3z")
    act(game, 2, A.RON)
    pass_all(game)
    result = game.results[0]
    assert result.reason == "zha_hu"
    paid = sorted((p.payer, p.payee, p.amount) for p in result.payments)
    assert paid == [(2, 0, 52), (2, 1, 26), (2, 3, 26)]
