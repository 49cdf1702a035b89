"""Positions found by playing strong seats: seat 0's first discard turn whose hints meet a test (the
hints' tests, the review's)."""

from __future__ import annotations

from collections.abc import Callable

from engine.ai.agents import make_agent
from engine.ai.hints import Hint, rank_options
from engine.game.actions import Action, ActionType
from engine.game.game import Game
from engine.game.observation import Observation
from engine.rules import default_ruleset


def seat0_discard_turn(
    family: str, seed: str, stop: Callable[[list[Hint]], bool]
) -> tuple[Game, Observation, list[Action], list[Hint]]:
    """Play strong seats on ``seed`` to seat 0's first turn with more than one discard whose ranked
    hints (:func:`rank_options`, the table's ruleset) satisfy ``stop``; the game is left there."""
    rules = default_ruleset(family)
    game = Game(rules, seed=seed)
    agents = [make_agent("strong", seat, rules) for seat in range(4)]
    while True:
        seat = game.pending()[0]
        obs, legal = game.observation(seat), game.legal_actions(seat)
        if seat == 0 and sum(a.type is ActionType.DISCARD for a in legal) > 1:
            hints = rank_options(obs, legal, rules=rules)
            if stop(hints):
                return game, obs, legal, hints
        game.apply(agents[seat].choose(obs, legal))
