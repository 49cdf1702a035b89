"""Sichuan 血战 with three and two players: two suits (三人两房) or three, no 定缺 with two suits,
the exchange's directions, the blood battle ending when all but one have won, and every invariant."""

from __future__ import annotations

import pytest

from engine.families.registry import get_family
from engine.families.sichuan.hand import exchange_offset
from engine.game.actions import ActionType
from engine.game.game import Game
from engine.game.simulate import simulate
from engine.rules import load_ruleset
from engine.rules.sichuan import SichuanRules
from engine.situation import score_situation
from engine.tiles import kind_of

A = ActionType


def test_the_wall_and_the_deal_follow_the_seats() -> None:
    spec = get_family("sichuan")
    three = SichuanRules(players=3)
    assert len(spec.tiles_for(three)) == 72 and min(spec.tiles_for(three)) == 36
    assert len(spec.tiles_for(three.with_changes(short_table_suits=3))) == 108
    assert len(spec.tiles_for(SichuanRules())) == 108  # four players always play three suits
    game = Game(three, seed=5)
    hand = game.hand
    assert hand is not None and hand.n == 3
    assert sorted(len(p.hand) for p in hand.players) == [13, 13, 14]
    assert all(kind_of(t) >= 9 for p in hand.players for t in p.hand)
    assert hand.wall.remaining == 72 - 40
    obs = game.observation(0)
    assert obs.absent_kinds == tuple(range(9)) and obs.shape is not None and min(obs.shape.kinds) == 9


def test_no_lacking_suit_with_two_suits_and_one_with_three() -> None:
    two_suits = Game(SichuanRules(players=3), seed=1)
    assert two_suits.hand is not None and two_suits.hand.phase.value == "turn"  # straight to play
    three_suits = Game(SichuanRules(players=3, short_table_suits=3), seed=1)
    assert three_suits.pending() == [0, 1, 2]
    assert all(a.type is A.DECLARE_LACK for a in three_suits.legal_actions(1))


def test_exchange_directions_at_three_and_two() -> None:
    assert [exchange_offset(d, 4) for d in ("counterclockwise", "across", "clockwise")] == [1, 2, 3]
    assert [exchange_offset(d, 3) for d in ("counterclockwise", "across", "clockwise")] == [1, 2, 2]
    assert {exchange_offset(d, 2) for d in ("counterclockwise", "across", "clockwise")} == {1}
    rules = SichuanRules(players=3, exchange_three=True, exchange_direction="across")
    game = Game(rules, seed=2)
    for seat in range(3):
        game.apply(game.legal_actions(seat)[0])
    hand = game.hand
    assert hand is not None and hand.exchange_direction == "clockwise"
    for s in range(3):
        _given, received = hand.exchanged[s]
        assert received == hand.exchanged[(s + 1) % 3][0]  # each receives from the next player


@pytest.mark.parametrize(("players", "suits"), [(3, 2), (3, 3), (2, 2), (2, 3)])
def test_simulated_hands_hold_every_invariant(players: int, suits: int) -> None:
    rules = SichuanRules(players=players, short_table_suits=suits, exchange_three=suits == 3)
    summary = simulate(rules, 12, f"seats:{players}:{suits}")
    assert summary["errors"] == [] and summary["players"] == players
    assert simulate(rules, 12, f"seats:{players}:{suits}", agent="random")["errors"] == []


def test_the_blood_battle_ends_when_all_but_one_have_won() -> None:
    rules = load_ruleset("sichuan-three")
    game = Game(rules, seed=4, check_invariants=True)
    from engine.agents.simple import SimpleAgent
    from engine.game.play import play_hand

    agents = [SimpleAgent(s) for s in range(3)]
    ends = set()
    for _ in range(6):
        play_hand(game, agents)
        result = game.results[-1]
        ends.add(result.end)
        if result.end == "all_but_one_won":
            assert len(result.wins) >= 2
        assert len(result.score_changes) == 3 and sum(result.score_changes) == 0
    assert ends <= {"all_but_one_won", "wall"}


def test_situations_refuse_seats_and_characters_the_table_lacks() -> None:
    base = {
        "variant": "sichuan",
        "hand": "11223344556677p",
        "win_tile": "7p",
        "win": "tsumo",
        "ruleset": {"players": 3},
    }
    assert score_situation({**base, "seat": 2})["valid"]
    assert score_situation({**base, "seat": 3})["reason"].startswith("seat:")
    refused = score_situation({**base, "seat": 1, "hand": "11223344556677m", "win_tile": "7m"})
    assert not refused["valid"] and "万" in refused["reason"]
    assert load_ruleset("sichuan-two").players == 2
