"""Lingxi with three and two players (a house rule): walls of 24 or 36 stacks, the second roller
among the other players, 16 tiles each and one more for the dealer, the draw-only end with one tile
per player, the settlement between the players at the table, and every invariant."""

from __future__ import annotations

import pytest

from engine.agents.simple import SimpleAgent
from engine.families.lingxi.wall import STACKS, Dice, break_point, dealt_tiles, stack_order
from engine.game.game import Game
from engine.game.play import play_hand
from engine.game.simulate import simulate
from engine.rules.lingxi import LingxiRules
from engine.situation import score_situation


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_stacks_are_drawn_once_each_from_the_break(players: int) -> None:
    for first in ((1, 1), (3, 4), (6, 6)):
        dice = Dice(first, (2, 5))
        order = stack_order(dice, players)
        assert sorted(order) == list(range(STACKS))
        wall, stack = break_point(dice, players)
        assert (1 <= stack <= STACKS // players and 0 < wall < players) or (wall, players) == (0, 4)
        assert dice.second_roller_of(players) != 0  # the dealer never rolls second


def test_the_deal_and_the_walls_with_fewer_players() -> None:
    for players in (3, 2):
        game = Game(LingxiRules(players=players), seed=9)
        hand = game.hand
        assert hand is not None and hand.n == players
        assert hand.wall.dealt == dealt_tiles(players) == 16 * players + 1
        sizes = sorted(len(p.hand) + 3 * len(p.melds) for p in hand.players)
        assert sizes == [16] * (players - 1) + [17]
        obs = game.observation(0)
        assert obs.wall is not None and obs.wall.stacks_per_wall == STACKS // players
        assert len(obs.dice) == 2 and obs.dice[1].roller != obs.dealer
        assert obs.n == players


@pytest.mark.parametrize("players", [2, 3])
def test_simulated_hands_hold_every_invariant(players: int) -> None:
    rules = LingxiRules(players=players)
    summary = simulate(rules, 10, f"seats:{players}")
    assert summary["errors"] == [] and summary["players"] == players and summary["wins"] > 0
    assert simulate(rules, 10, f"seats:{players}", agent="random")["errors"] == []


def test_the_settlement_is_between_the_players_at_the_table() -> None:
    game = Game(LingxiRules(players=3), seed=2, check_invariants=True)
    agents = [SimpleAgent(s) for s in range(3)]
    for _ in range(4):
        play_hand(game, agents)
        result = game.results[-1]
        assert len(result.score_changes) == 3 and sum(result.score_changes) == 0
        assert all(p.payer in (None, 0, 1, 2) and p.payee in (None, 0, 1, 2) for p in result.payments)
        game.reports[-1].check()
    assert len(game.match.scores) == 3


def test_the_match_gives_every_player_the_deals_of_the_ruleset() -> None:
    rules = LingxiRules(players=2, rounds=1)
    game = Game(rules, seed=3)
    agents = [SimpleAgent(s) for s in range(2)]
    while not game.over:
        play_hand(game, agents)
    assert game.match.round_index == 2  # each of the two dealt once
    assert [s.seat for s in game.standings()] in ([0, 1], [1, 0])


def test_situations_take_the_seats_of_the_table() -> None:
    base = {
        "variant": "lingxi",
        "hand": "123m456m789m123p456p11s",
        "win_tile": "1s",
        "win": "tsumo",
        "wild": "9s9s",
        "ruleset": {"players": 2},
    }
    assert score_situation({**base, "seat": 1})["valid"]
    assert score_situation({**base, "seat": 2})["reason"].startswith("seat:")
