"""Running games with agents: every seat decides from its own observation only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from engine.game.actions import Action
from engine.game.game import Game
from engine.game.observation import Observation


class Agent(Protocol):
    name: str

    def choose(self, observation: Observation, legal: list[Action]) -> Action: ...


def step(game: Game, agents: Sequence[Agent]) -> None:
    """Let every pending seat decide once (in seat order) and apply their actions."""
    for seat in game.pending():
        if seat not in game.pending():  # resolved by an earlier answer in this round
            continue
        legal = game.legal_actions(seat)
        action = agents[seat].choose(game.observation(seat), legal)
        game.apply(action)


def play_hand(game: Game, agents: Sequence[Agent], max_steps: int = 10_000) -> None:
    """Play until the current hand ends (or the match is over)."""
    hands_done = len(game.results)
    for _ in range(max_steps):
        if game.over or len(game.results) > hands_done:
            return
        step(game, agents)
    raise RuntimeError("a hand did not end within the step limit")


def play_match(game: Game, agents: Sequence[Agent], max_hands: int | None = None) -> None:
    while not game.over and (max_hands is None or len(game.results) < max_hands):
        play_hand(game, agents)
