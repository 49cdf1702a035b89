"""The order of the discards as a seat's view reads it from the ponds: the order they were made in.

Which tiles a riichi player let pass since the declaration (and so cannot win on) depends on it; the
ponds alone are shifted by every call, so the view follows the calls (``view.discard_order``).
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.ai import make_agent
from engine.ai.view import View, discard_order
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
    """A seat that checks, at each of its decisions, the order its observation gives."""

    def __init__(self, agent: Any, game: Game, seen: list[bool]) -> None:
        self.agent = agent
        self.name = agent.name
        self.game = game
        self.seen = seen

    def choose(self, obs: Observation, legal: list[Action]) -> Action:
        order = discard_order(obs)
        truth = _truth(self.game)
        if order:
            assert order == truth
        self.seen.append(bool(order) or not truth)
        view = View.from_observation(obs)
        ranked = sorted(truth, key=lambda k: view.discard_time(*k))
        assert not order or ranked == sorted(truth, key=truth.__getitem__)
        action: Action = self.agent.choose(obs, legal)
        return action


@pytest.mark.parametrize("family", ["riichi", "sichuan", "lingxi"])
@pytest.mark.parametrize("seed", ["order-1", "order-2", "order-3"])
def test_the_view_orders_the_discards_as_they_were_made(family: str, seed: str) -> None:
    rules = default_ruleset(family)
    game = Game(rules, seed=seed)
    seen: list[bool] = []
    # beginners call whatever they can: the ponds are shifted by many calls
    agents = [
        _Checking(make_agent("beginner", f"{seed}:{s}", rules), game, seen) for s in range(rules.players)
    ]
    play_hand(game, agents)
    assert seen
    if family == "riichi":
        assert all(seen)  # a riichi hand is always put in order


def _by_turns(obs: Observation, seat: int, index: int) -> int:
    """The estimate by turns alone: every seat's j-th discard, in play order from the dealer."""
    return index * len(obs.seats) + (seat - obs.dealer) % len(obs.seats)


class _Shifted:
    """A seat that counts its decisions where turns alone would put the discards out of order."""

    def __init__(self, agent: Any, game: Game, shifted: list[bool]) -> None:
        self.agent = agent
        self.name = agent.name
        self.game = game
        self.shifted = shifted

    def choose(self, obs: Observation, legal: list[Action]) -> Action:
        truth = _truth(self.game)
        assert discard_order(obs) == truth
        by_turns = sorted(truth, key=lambda key: _by_turns(obs, *key))
        self.shifted.append(by_turns != sorted(truth, key=truth.__getitem__))
        action: Action = self.agent.choose(obs, legal)
        return action


def test_calls_shift_the_ponds_and_the_order_follows_them() -> None:
    """Where a call has shifted the ponds, turns alone misplace discards; the view does not."""
    rules = default_ruleset("riichi")
    shifted: list[bool] = []
    for k in range(6):
        game = Game(rules, seed=f"calls-{k}")
        play_hand(
            game, [_Shifted(make_agent("beginner", f"calls-{k}:{s}", rules), game, shifted) for s in range(4)]
        )
    assert any(shifted)
