"""The order of the discards as a seat's view reads it from the ponds: the order they were made in.

Which tiles a riichi player let pass since the declaration (and so cannot win on) depends on it; the
ponds alone are shifted by every call, so the view follows the calls (``view.discard_order``).
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.ai import make_agent
from engine.ai.view import View, discard_order, turn_estimate
from engine.game.actions import Action
from engine.game.game import Game
from engine.game.observation import Observation
from engine.game.play import play_hand
from engine.rules import default_ruleset


def _truth(game: Game) -> dict[tuple[int, int], int]:
    """Each discard's place in the game's own event log: (seat, index in its pond) -> place."""
    made: dict[int, int] = {}
    out: dict[tuple[int, int], int] = {}
    for e in game.events:
        if e.type == "discard" and e.seat is not None:
            i = made.get(e.seat, 0)
            out[(e.seat, i)] = len(out)
            made[e.seat] = i + 1
    return out


class _Checking:
    """A seat that checks, at each of its decisions, the order its observation gives (``ordered``:
    whether there was one, or no discard yet), and notes whether turns alone would misorder the
    ponds there (``shifted``)."""

    def __init__(self, agent: Any, game: Game, ordered: list[bool], shifted: list[bool]) -> None:
        self.agent = agent
        self.name = agent.name
        self.game = game
        self.ordered = ordered
        self.shifted = shifted

    def choose(self, obs: Observation, legal: list[Action]) -> Action:
        order = discard_order(obs)
        truth = _truth(self.game)
        made = sorted(truth, key=truth.__getitem__)
        if order:
            assert order == truth
            view = View.from_observation(obs)
            assert sorted(truth, key=lambda k: view.discard_time(*k)) == made
        self.ordered.append(bool(order) or not truth)
        self.shifted.append(
            sorted(truth, key=lambda k: turn_estimate(len(obs.seats), obs.dealer, *k)) != made
        )
        action: Action = self.agent.choose(obs, legal)
        return action


def _play(family: str, seed: str) -> tuple[list[bool], list[bool]]:
    """A hand of four beginners, who call whatever they can (the ponds are shifted by many calls)."""
    rules = default_ruleset(family)
    game = Game(rules, seed=seed)
    ordered: list[bool] = []
    shifted: list[bool] = []
    seats = [make_agent("beginner", f"{seed}:{s}", rules) for s in range(rules.players)]
    play_hand(game, [_Checking(agent, game, ordered, shifted) for agent in seats])
    return ordered, shifted


@pytest.mark.parametrize("family", ["riichi", "sichuan", "lingxi"])
@pytest.mark.parametrize("seed", ["order-1", "order-2", "order-3"])
def test_the_view_orders_the_discards_as_they_were_made(family: str, seed: str) -> None:
    ordered, _ = _play(family, seed)
    assert ordered
    if family == "riichi":
        assert all(ordered)  # a riichi hand is always put in order


def test_calls_shift_the_ponds_and_the_order_follows_them() -> None:
    """Where a call has shifted the ponds, turns alone misplace discards; the view does not."""
    shifted = [x for k in range(6) for x in _play("riichi", f"calls-{k}")[1]]
    assert any(shifted)
